/**
 * What the evidence run (train.evidence.ts) checks about its own evaluation, as functions a fast test
 * can call: the reward and the state check judge a rollout against the example's whole ground truth
 * and final state, so the eval must play every user turn of a held-out example, or it scores turns
 * the model was never shown (the first runs played one user turn of examples with up to four).
 */

import { ROLLOUT_CAPS } from '../../plugins/rollout/RolloutRunner.js';

/** The evidence run's settings from EVIDENCE_* variables (fixed before the run, written to results.json). */
export function evidenceSettings(vars: Record<string, string | undefined>) {
  const env = (name: string, fallback: number) => Number(vars[`EVIDENCE_${name}`] ?? fallback);
  // Training and eval have their own turn caps since the eval plays whole conversations: the old shared ones would be ambiguous.
  for (const old of ['MAX_USER_TURNS', 'MAX_ASSISTANT_TURNS']) {
    if (vars[`EVIDENCE_${old}`] !== undefined) throw new Error(`EVIDENCE_${old} is gone: set EVIDENCE_TRAIN_${old} (GRPO rollouts) or EVIDENCE_EVAL_${old} (held-out eval)`);
  }
  const S = {
    model: vars.EVIDENCE_MODEL ?? 'smollm2',
    domains: vars.EVIDENCE_DOMAINS ?? 'banking,shopping',
    examples: env('EXAMPLES', 1500),
    seed: env('SEED', 11),
    evalExamples: env('EVAL_EXAMPLES', 100),
    maxTools: env('MAX_TOOLS', 2),
    sftSteps: env('SFT_STEPS', 16),
    sftBatch: env('SFT_BATCH', 2),
    sftLr: vars.EVIDENCE_SFT_LR ?? '5e-5',
    steps: env('STEPS', 4),
    batch: env('BATCH', 2),
    group: env('GROUP', 4),
    // DAPO dynamic sampling: rounds of further prompts replacing groups whose rewards are all equal (no gradient).
    resample: env('RESAMPLE', 1),
    lr: vars.EVIDENCE_LR ?? '2e-5',
    kl: vars.EVIDENCE_KL ?? '0.01',
    temperature: vars.EVIDENCE_TEMPERATURE ?? '1',
    maxNewTokens: env('MAX_NEW_TOKENS', 64),
    maxContext: env('MAX_CONTEXT', 4096),
    // GRPO rollouts (and the SFT conversations) play whole conversations under the eval's caps: the reward
    // and the state check judge every turn, so training on the first turn only (as the first runs did)
    // left the later turns untaught. Lower caps train faster; checkpoints record the caps they had.
    trainMaxUserTurns: env('TRAIN_MAX_USER_TURNS', ROLLOUT_CAPS.maxUserTurns),
    trainMaxAssistantTurns: env('TRAIN_MAX_ASSISTANT_TURNS', ROLLOUT_CAPS.maxAssistantTurns),
    trainMaxAssistantPerTurn: env('TRAIN_MAX_ASSISTANT_PER_TURN', 4),
    // The held-out eval plays every user turn (the reward and the state check judge the whole conversation;
    // a cap below an example's turns stops the run), under the paper's caps (5 user turns, 10 assistant
    // messages over the whole rollout), with a cap of 4 assistant messages per user turn (a turn that
    // reaches it ends and the next is played, so a model that keeps calling cannot use up the rollout's
    // cap in one turn and leave the later ones unplayed; 4 fits the held-out turns' ground truth, at most
    // 4 dependent steps since the scenarios of issue #17 (3 before), which the run checks) and a context
    // for a whole conversation.
    evalMaxUserTurns: env('EVAL_MAX_USER_TURNS', ROLLOUT_CAPS.maxUserTurns),
    evalMaxAssistantTurns: env('EVAL_MAX_ASSISTANT_TURNS', ROLLOUT_CAPS.maxAssistantTurns),
    evalMaxAssistantPerTurn: env('EVAL_MAX_ASSISTANT_PER_TURN', 4),
    evalMaxContext: env('EVAL_MAX_CONTEXT', 4096),
    // 50 whole conversations of up to 4,096 tokens kept in the worker (keys and values) took 22 GB and were OOM-killed.
    evalConcurrency: env('EVAL_CONCURRENCY', 25),
    // Held-out examples per `prove-rl eval` (a part): SFT and GRPO alternate part by part (see train.evidence.ts).
    evalChunk: env('EVAL_CHUNK', 25),
    // Parts played at most (default all): fewer when the time left allows only some (the run says which were played).
    evalParts: env('EVAL_PARTS', Infinity),
    // Of those, the parts the comparison checkpoint and the base model play (after SFT and GRPO have played theirs).
    evalOtherParts: env('EVAL_OTHER_PARTS', Infinity),
    // The verbosity comparison: a second GRPO run from the same SFT checkpoint (same seed, steps and KL)
    // whose training reward is the `recall` preset (unordered coverage, no penalty for extra calls) or the
    // paper's reward with a flat budget (`beta0`: efficiency β = 0, B = n_gt). Only the reward differs.
    // `none` skips it (the required comparison and the base model only).
    compare: (vars.EVIDENCE_COMPARE ?? 'recall') as 'recall' | 'beta0' | 'none',
    evalCompare: (vars.EVIDENCE_EVAL_COMPARE ?? '1') !== '0',
  };
  if (S.compare !== 'recall' && S.compare !== 'beta0' && S.compare !== 'none') throw new Error(`EVIDENCE_COMPARE must be recall, beta0 or none, not ${String(S.compare)}`);
  return S;
}
export type EvidenceSettings = ReturnType<typeof evidenceSettings>;

/** `prove-rl train` turn caps of the GRPO rollouts (and of the SFT conversations: SFT sees the horizon the rollouts play). */
export function trainTurnArgs(S: EvidenceSettings): string[] {
  return ['--max-user-turns', String(S.trainMaxUserTurns), '--max-assistant-turns', String(S.trainMaxAssistantTurns), '--max-assistant-per-turn', String(S.trainMaxAssistantPerTurn)];
}

/** `prove-rl eval` turn caps of the held-out eval. */
export function evalTurnArgs(S: EvidenceSettings): string[] {
  return ['--max-user-turns', String(S.evalMaxUserTurns), '--max-assistant-turns', String(S.evalMaxAssistantTurns), '--max-assistant-per-turn', String(S.evalMaxAssistantPerTurn)];
}

/** The part of an example these checks read: its scripted user turns (and ground-truth steps by turn). */
export interface TurnedExample {
  id: string;
  turns: readonly unknown[];
  groundTruth?: readonly { turn: number }[];
}

/** Throws when an example's ground truth needs more assistant messages (one per step) than the eval allows per user turn or per rollout. */
export function checkGroundTruthFits(examples: readonly TurnedExample[], perTurn: number, perRollout: number): void {
  for (const e of examples) {
    const steps = e.groundTruth ?? [];
    const most = Math.max(0, ...e.turns.map((_, t) => steps.filter((s) => s.turn === t).length));
    if (most > perTurn) throw new Error(`held-out example ${e.id} has a user turn of ${most} ground-truth steps, more than EVIDENCE_EVAL_MAX_ASSISTANT_PER_TURN=${perTurn} assistant messages can play`);
    if (steps.length > perRollout) throw new Error(`held-out example ${e.id} has ${steps.length} ground-truth steps, more than EVIDENCE_EVAL_MAX_ASSISTANT_TURNS=${perRollout} assistant messages can play`);
  }
}

/** The part of an eval record these checks read: the user turn of each assistant message. */
export interface TurnedRecord {
  exampleId: string;
  trajectory: { turns: readonly { turn: number }[]; finishReason: string };
}

/** Held-out examples with more user turns than an eval capped at `maxUserTurns` plays. */
export function unplayedTurnExamples(examples: readonly TurnedExample[], maxUserTurns: number): { id: string; turns: number }[] {
  return examples.filter((e) => e.turns.length > maxUserTurns).map((e) => ({ id: e.id, turns: e.turns.length }));
}

/** Throws when the eval's user-turn cap would leave turns of held-out examples unplayed (and scored). */
export function checkEvalPlaysEveryTurn(examples: readonly TurnedExample[], maxUserTurns: number): void {
  const cut = unplayedTurnExamples(examples, maxUserTurns);
  if (cut.length === 0) return;
  const most = Math.max(...cut.map((c) => c.turns));
  throw new Error(
    `${cut.length} of ${examples.length} held-out examples have more user turns (up to ${most}) than the eval plays (EVIDENCE_EVAL_MAX_USER_TURNS=${maxUserTurns}, e.g. ${cut[0].id}); ` +
      'the reward and the state check judge the whole conversation, so raise the cap to at least ' + most,
  );
}

/** User turns a rollout reached: one more than the highest turn of its assistant messages (0 when it has none). */
export function userTurnsReached(record: TurnedRecord): number {
  return record.trajectory.turns.reduce((n, t) => Math.max(n, t.turn + 1), 0);
}

/** Throws when rollouts of an eval failed in the policy (the worker died, was killed for memory, …): such an eval measures nothing. */
export function checkNoPolicyErrors(name: string, finish: Record<string, number>): void {
  const failed = finish.policy_error ?? 0;
  if (failed > 0) {
    const total = Object.values(finish).reduce((a, b) => a + b, 0);
    throw new Error(`eval-${name}: ${failed} of ${total} rollouts ended with policy_error (see its rollouts.jsonl); the eval is not counted`);
  }
}

/** Share of records whose rollout reached every user turn of its example (examples by id). */
export function allTurnsReachedShare(records: readonly TurnedRecord[], examples: ReadonlyMap<string, TurnedExample>): number {
  if (records.length === 0) return 0;
  const reached = records.filter((r) => {
    const example = examples.get(r.exampleId);
    return example !== undefined && userTurnsReached(r) >= example.turns.length;
  });
  return reached.length / records.length;
}
