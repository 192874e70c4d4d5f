import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { errors, type Engine, type Example } from '../../core/index.js';
import { RolloutRunner, type PlayedGroup } from '../rollout/RolloutRunner.js';
import type { ToolFit } from '../rollout/fitTools.js';
import { writeFileAtomic } from '../../core/support/index.js';
import type { GrpoOptimizerPlugin } from './GrpoOptimizerPlugin.js';
import { nextRandomState, randomOutput } from '../../servers/kit/seededRandom.js';

/** The loop's own settings (the optimizer's live in GrpoOptimizerPlugin). */
export interface TrainLoopOptions {
  /** Run folder: metrics.jsonl, sft.jsonl, run.json, checkpoints/, reference/. */
  out: string;
  /** GRPO steps in all (a resumed run continues up to this). */
  steps: number;
  /** Prompts (examples) per step. */
  batch: number;
  /** Rollouts per prompt (G). */
  group: number;
  seed: number;
  /** Checkpoint every N steps (and after the last). */
  saveEvery: number;
  /** Checkpoints kept (older ones are removed). */
  keepCheckpoints: number;
  sftSteps: number;
  sftLr: number;
  /** Examples per SFT step. */
  sftBatch: number;
  maxUserTurns: number;
  maxAssistantTurns: number;
  /** Assistant messages per user turn at most in GRPO rollouts (`--max-assistant-per-turn`; default: no cap). */
  maxAssistantTurnsPerUserTurn?: number;
  /**
   * DAPO's dynamic sampling: rounds of extra prompts played to replace groups whose rollouts all got
   * the same reward (they carry no policy gradient); 0 keeps them. Extra prompts come from the data
   * cursor, so they are not played again this epoch.
   */
  resampleRounds?: number;
  /** Candidate tools compacted and capped (--compact-tools, --max-tools), in SFT and rollouts alike. */
  toolFit?: ToolFit;
}

/** Where the loop stands; saved with every checkpoint so that --resume continues exactly. */
export interface TrainCursor {
  /** The next GRPO step to run. */
  step: number;
  epoch: number;
  /** Position inside the epoch's permutation of the examples. */
  position: number;
}

/** One line of metrics.jsonl. */
export type StepMetrics = Record<string, number | string>;

/** The kit's mulberry32, seeded with the number itself: the order of examples is the same on every machine. */
function prng(seed: number): () => number {
  let state = seed | 0;
  return () => randomOutput((state = nextRandomState(state)));
}

/** The examples' order in one epoch: a Fisher–Yates shuffle seeded by (seed, epoch). */
export function epochOrder(count: number, seed: number, epoch: number): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  const random = prng((seed * 1_000_003 + epoch * 7919 + 17) >>> 0);
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/** The next batch and the cursor after it. A batch never spans two epochs, so an example appears at most once per batch. */
export function nextBatch<T>(items: readonly T[], size: number, seed: number, cursor: TrainCursor): { batch: T[]; cursor: TrainCursor } {
  let { epoch, position } = cursor;
  if (position + size > items.length) {
    epoch++;
    position = 0;
  }
  const order = epochOrder(items.length, seed, epoch);
  const batch = order.slice(position, position + size).map((i) => items[i]);
  return { batch, cursor: { step: cursor.step + 1, epoch, position: position + size } };
}

/** Every rollout of the group got the same reward. */
export function zeroVariance(group: PlayedGroup): boolean {
  const totals = group.rollouts.map((r) => r.reward.total);
  return Math.max(...totals) - Math.min(...totals) <= 1e-9;
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

function std(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const m = mean(values);
  return Math.sqrt(values.reduce((a, b) => a + (b - m) ** 2, 0) / (values.length - 1));
}

/** The teacher conversation up to (not including) its (n+1)-th user message: SFT sees the horizon the rollouts play. */
export function firstUserTurns<T extends { role: string }>(messages: readonly T[], n: number): T[] {
  let users = 0;
  const cut = messages.findIndex((m) => m.role === 'user' && ++users > n);
  return cut < 0 ? [...messages] : messages.slice(0, cut);
}

/** Calls that repeat an earlier call of the same rollout exactly (same tool, same arguments). */
export function repeatedCalls(calls: readonly { name: string; arguments: unknown }[]): number {
  const seen = new Set<string>();
  let repeated = 0;
  for (const call of calls) {
    const key = `${call.name}\u0000${canonicalJson(call.arguments)}`;
    if (seen.has(key)) repeated++;
    else seen.add(key);
  }
  return repeated;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  return JSON.stringify(value ?? null);
}

/** Per-step numbers of the rollouts themselves: reward and each term, calls, turns, finish reasons. */
export function rolloutMetrics(groups: readonly PlayedGroup[]): StepMetrics {
  const rollouts = groups.flatMap((g) => g.rollouts);
  const totals = rollouts.map((r) => r.reward.total);
  const out: StepMetrics = {
    rollouts: rollouts.length,
    reward_mean: mean(totals),
    reward_std: std(totals),
    reward_min: Math.min(...totals),
    reward_max: Math.max(...totals),
  };
  const terms = new Set(rollouts.flatMap((r) => Object.keys(r.reward.terms)));
  for (const term of [...terms].sort()) out[`reward/${term}`] = mean(rollouts.map((r) => r.reward.terms[term] ?? 0));
  out.tool_calls_per_rollout = mean(rollouts.map((r) => r.trajectory.calls.length));
  out.failed_calls_per_rollout = mean(rollouts.map((r) => r.trajectory.calls.filter((c) => !c.ok).length));
  out.assistant_turns_per_rollout = mean(rollouts.map((r) => r.trajectory.turns.length));
  out.response_tokens_per_rollout = mean(rollouts.map((r) => (r.trajectory.tokens ?? []).reduce((a, t) => a + t.ids.length, 0)));
  const reasons: Record<string, number> = {};
  for (const r of rollouts) reasons[r.trajectory.finishReason] = (reasons[r.trajectory.finishReason] ?? 0) + 1;
  for (const [reason, n] of Object.entries(reasons)) out[`finish/${reason}`] = n / rollouts.length;
  out.errors = rollouts.filter((r) => r.trajectory.error !== undefined && r.trajectory.finishReason !== 'length').length;
  // Guardrails: groups that teach nothing, call loops, cut-off turns.
  out.zero_variance_group_share = groups.length === 0 ? 0 : groups.filter(zeroVariance).length / groups.length;
  out.repeated_calls_per_rollout = mean(rollouts.map((r) => repeatedCalls(r.trajectory.calls)));
  out.rollouts_with_repeated_calls = rollouts.length === 0 ? 0 : rollouts.filter((r) => repeatedCalls(r.trajectory.calls) > 0).length / rollouts.length;
  out.truncation_share = rollouts.length === 0 ? 0 : rollouts.filter((r) => r.trajectory.finishReason === 'length').length / rollouts.length;
  out.max_turns_share = rollouts.length === 0 ? 0 : rollouts.filter((r) => r.trajectory.finishReason === 'max_assistant_turns').length / rollouts.length;
  return out;
}

/**
 * The training loop: optional SFT warm-up, then for each step a batch of examples, G rollouts of
 * each against the live environments (in lockstep, so that sampling is reproducible), the update
 * through `onUpdate`, a metrics line, and atomic checkpoints. `resume()` continues a run from its
 * last checkpoint exactly: same weights, optimizer state, RNG state and data cursor.
 */
export class GrpoTrainer {
  readonly out: string;
  cursor: TrainCursor = { step: 0, epoch: 0, position: 0 };

  constructor(
    readonly engine: Engine,
    readonly plugin: GrpoOptimizerPlugin,
    readonly options: TrainLoopOptions,
    private readonly log: (line: string) => void = () => undefined,
  ) {
    this.out = resolve(options.out);
  }

  get metricsFile(): string {
    return join(this.out, 'metrics.jsonl');
  }

  private get checkpoints(): string {
    return join(this.out, 'checkpoints');
  }

  /** A fresh run: refuses a folder that already holds one. */
  async start(model: string, sftExamples: readonly Example[]): Promise<void> {
    if (existsSync(this.metricsFile)) throw errors.trainRunExists(this.out);
    mkdirSync(this.out, { recursive: true });
    await this.plugin.load(model);
    if (this.options.sftSteps > 0) await this.sft(sftExamples);
    const referenceDir = this.options.sftSteps > 0 ? join(this.out, 'reference') : model;
    if (this.plugin.options.kl > 0) await this.plugin.worker.request('set_reference', this.options.sftSteps > 0 ? { dir: referenceDir } : {});
    writeFileAtomic(join(this.out, 'run.json'), JSON.stringify({ model, referenceDir, loop: this.options, optimizer: this.plugin.options }, null, 2) + '\n');
    writeFileSync(this.metricsFile, '');
    if (this.options.sftSteps > 0) await this.checkpoint('sft');
  }

  /** Continue a run from its latest checkpoint. */
  async resume(): Promise<void> {
    const latestFile = join(this.checkpoints, 'latest.json');
    if (!existsSync(latestFile)) throw errors.checkpointMissing(this.out, `no checkpoints/latest.json (was it started with prove-rl train --out ${this.options.out}, and did it reach a checkpoint?)`);
    const latest = JSON.parse(readFileSync(latestFile, 'utf8')) as { dir: string };
    const dir = join(this.checkpoints, latest.dir);
    const stateFile = join(dir, 'prove_state.json');
    if (!existsSync(stateFile)) throw errors.checkpointMissing(this.out, `checkpoint ${dir} is incomplete (no prove_state.json)`);
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { cursor: TrainCursor };
    const run = JSON.parse(readFileSync(join(this.out, 'run.json'), 'utf8')) as { referenceDir: string };
    await this.plugin.load(dir);
    await this.plugin.worker.request('restore', { dir, config: this.plugin.trainConfig() });
    if (this.plugin.options.kl > 0) await this.plugin.worker.request('set_reference', { dir: run.referenceDir, load: true });
    this.cursor = state.cursor;
    // Lines of steps after the checkpoint were not kept by the model: drop them, they are run again.
    const kept = existsSync(this.metricsFile)
      ? readFileSync(this.metricsFile, 'utf8')
          .split('\n')
          .filter((line) => line.trim() !== '' && (JSON.parse(line) as { step: number }).step < this.cursor.step)
      : [];
    writeFileAtomic(this.metricsFile, kept.map((line) => line + '\n').join(''));
    this.log(`resumed ${this.out} at step ${this.cursor.step} from ${dir}`);
  }

  /** Supervised warm-up on teacher conversations: token-mean cross-entropy on the assistant turns. */
  async sft(examples: readonly Example[]): Promise<void> {
    const file = join(this.out, 'sft.jsonl');
    writeFileSync(file, '');
    let cursor: TrainCursor = { step: 0, epoch: 0, position: 0 };
    const size = Math.min(this.options.sftBatch, examples.length);
    for (let step = 0; step < this.options.sftSteps; step++) {
      const next = nextBatch(examples, size, this.options.seed + 101, cursor);
      cursor = next.cursor;
      const metrics = await this.plugin.worker.request<Record<string, number>>('sft_step', {
        examples: next.batch.map((e) => ({ messages: firstUserTurns(e.messages, this.options.maxUserTurns), tools: e.tools })),
        lr: this.options.sftLr,
        microBatch: this.plugin.options.microBatch,
      });
      appendFileSync(file, JSON.stringify({ step, ...metrics }) + '\n');
      if (step % 10 === 0 || step === this.options.sftSteps - 1) this.log(`sft ${step + 1}/${this.options.sftSteps}  loss ${metrics.loss.toFixed(4)}  ${metrics.tokens} tokens  ${metrics.seconds.toFixed(2)} s`);
    }
  }

  /** Run GRPO steps until `options.steps`. */
  async train(examples: readonly Example[]): Promise<StepMetrics[]> {
    const { batch, group, steps } = this.options;
    if (batch > examples.length) throw errors.invalidArgument('train', '--batch', batch, `must be at most the number of training examples (${examples.length})`);
    const policy = this.plugin.policy;
    const written: StepMetrics[] = [];
    while (this.cursor.step < steps) {
      const step = this.cursor.step;
      const started = performance.now();
      let next = nextBatch(examples, batch, this.options.seed, this.cursor);
      await this.plugin.worker.request('forget', {});
      policy.resetCounters();
      let groups = await this.play(next.batch, step, 0);
      let resampled = 0;
      for (let round = 1; round <= (this.options.resampleRounds ?? 0); round++) {
        const informative = groups.filter((g) => !zeroVariance(g));
        const missing = batch - informative.length;
        if (missing <= 0) break;
        const used = new Set(groups.map((g) => g.example.id));
        const extra = nextBatch(examples, batch, this.options.seed, { ...next.cursor, step });
        const fresh = extra.batch.filter((e) => !used.has(e.id)).slice(0, missing);
        if (fresh.length === 0) break;
        next = { batch: next.batch, cursor: { ...extra.cursor, step: step + 1, position: extra.cursor.position - batch + fresh.length } };
        resampled += fresh.length;
        groups = [...groups, ...(await this.play(fresh, step, round))];
      }
      if (resampled > 0) {
        // Informative groups first; zero-variance ones fill the batch only when too few are left.
        groups = [...groups.filter((g) => !zeroVariance(g)), ...groups.filter(zeroVariance)].slice(0, batch);
      }
      const rolloutSeconds = (performance.now() - started) / 1000;
      const counters = { ...policy.counters };
      const fromRollouts = rolloutMetrics(groups);
      // The optimizer (onUpdate) adds its own metrics to the batch's.
      const update: Record<string, number> = { ...(fromRollouts as Record<string, number>) };
      await this.engine.update({ kind: 'rollouts', step, groups, metrics: update });
      const stepSeconds = (performance.now() - started) / 1000;
      const line: StepMetrics = {
        step,
        epoch: next.cursor.epoch,
        ...fromRollouts,
        ...update,
        resampled_prompts: resampled,
        generation_tokens: counters.newTokens,
        generation_seconds: counters.seconds,
        generation_tokens_per_second: counters.seconds > 0 ? counters.newTokens / counters.seconds : 0,
        generation_batches: counters.batches,
        rollout_seconds: rolloutSeconds,
        step_seconds: stepSeconds,
        tokens_per_second: (counters.newTokens + Number(update.sequence_tokens ?? 0)) / stepSeconds,
      };
      appendFileSync(this.metricsFile, JSON.stringify(line) + '\n');
      written.push(line);
      this.cursor = next.cursor;
      this.log(
        `step ${step + 1}/${steps}  reward ${Number(line.reward_mean).toFixed(3)}  kl ${Number(line.kl ?? 0).toFixed(4)}  clip ${Number(line.clip_fraction ?? 0).toFixed(3)}  ` +
          `calls/rollout ${Number(line.tool_calls_per_rollout).toFixed(2)}  repeated ${Number(line.repeated_calls_per_rollout).toFixed(2)}  ` +
          `zero-var ${Number(line.zero_variance_group_share).toFixed(2)}  truncated ${Number(line.truncation_share).toFixed(2)}  ${stepSeconds.toFixed(1)} s`,
      );
      if (this.cursor.step % this.options.saveEvery === 0 || this.cursor.step === steps) await this.checkpoint(`step-${String(this.cursor.step).padStart(6, '0')}`);
    }
    return written;
  }

  /** One lockstep round: G rollouts of each example, all in flight at once. */
  private async play(batch: Example[], step: number, round: number): Promise<PlayedGroup[]> {
    const policy = this.plugin.policy;
    const { group } = this.options;
    const runner = new RolloutRunner(this.engine, {
      concurrency: batch.length * group,
      seed: (this.options.seed * 100_003 + step * 7919 + round * 104_729) % 2 ** 31,
      maxUserTurns: this.options.maxUserTurns,
      maxAssistantTurns: this.options.maxAssistantTurns,
      maxAssistantTurnsPerUserTurn: this.options.maxAssistantTurnsPerUserTurn,
    });
    policy.beginRound(batch.length * group);
    try {
      return await runner.playGroups(batch, group, () => policy.rolloutDone());
    } finally {
      policy.endRound();
    }
  }

  /** Weights, optimizer, RNG (the worker writes a temporary folder and renames it), then the cursor, then the `latest` pointer. */
  async checkpoint(name: string): Promise<string> {
    mkdirSync(this.checkpoints, { recursive: true });
    const dir = join(this.checkpoints, name);
    await this.plugin.worker.request('save', { dir });
    writeFileAtomic(join(dir, 'prove_state.json'), JSON.stringify({ cursor: this.cursor, seed: this.options.seed }, null, 2) + '\n');
    writeFileAtomic(join(this.checkpoints, 'latest.json'), JSON.stringify({ dir: name, step: this.cursor.step }) + '\n');
    const steps = readdirSync(this.checkpoints).filter((entry) => /^step-\d+$/.test(entry)).sort();
    for (const old of steps.slice(0, Math.max(0, steps.length - this.options.keepCheckpoints))) {
      if (old !== name) rmSync(join(this.checkpoints, old), { recursive: true, force: true });
    }
    return dir;
  }
}
