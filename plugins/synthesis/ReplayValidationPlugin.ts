import { type Engine, type EnvironmentSession, type Example, type ExecutedCall, type ProvePlugin, type UpdateBatch } from '../../core/index.js';
import { STAGES } from '../stages.js';
import { replayGroundTruth } from '../rollout/replayGroundTruth.js';
import { ROLLOUT_CAPS } from '../rollout/RolloutRunner.js';
import { toolRouting } from '../rollout/toolRouting.js';
import { toolMessageContent } from './ConversationStateMachine.js';
import { toolCatalog } from './ToolCatalog.js';

const PLUGIN_NAME = 'ReplayValidationPlugin';

/** Options of {@link ReplayValidationPlugin} (paper: error rate 30 %, Jaccard 0.70). */
export interface ReplayValidationOptions {
  /** Drop a conversation whose share of failed calls (schema and execution errors) is above this. */
  maxErrorRate?: number;
  /** Drop a conversation whose tool-call set is at least this similar (Jaccard) to a kept one. */
  jaccardThreshold?: number;
}

/** The set a conversation is compared by: its calls, each as name plus canonical arguments. */
export function callSignatures(example: Example): string[] {
  const out = new Set<string>();
  for (const step of example.groundTruth) for (const call of step.calls) out.add(`${call.name}(${JSON.stringify(call.arguments)})`);
  return [...out].sort();
}

/**
 * The final state hash synthesis recorded for each live environment of an example: `finalStateHash`
 * for one environment, `finalStateHashes` (by name) for several; empty when none was recorded.
 */
export function expectedStateHashes(example: Example): Record<string, string> {
  const several = example.meta.finalStateHashes;
  if (several !== null && typeof several === 'object') return { ...(several as Record<string, string>) };
  return typeof example.meta.finalStateHash === 'string' ? { [example.servers[0]]: example.meta.finalStateHash } : {};
}

/** Examples without calls are compared by what was asked where: the same request to the same server is a duplicate. */
function abstentionKey(example: Example): string {
  return `${example.servers.join(',')}|${example.turns.map((t) => t.user).join('\n')}`;
}

/** Calls of the assistant messages, in order. */
function recordedCalls(example: Example): Array<{ name: string; arguments: Record<string, unknown>; id: string; content: string | undefined }> {
  const results = new Map<string, string>();
  for (const message of example.messages) if (message.role === 'tool') results.set(message.tool_call_id, message.content);
  const out: Array<{ name: string; arguments: Record<string, unknown>; id: string; content: string | undefined }> = [];
  for (const message of example.messages) {
    if (message.role !== 'assistant') continue;
    for (const call of message.tool_calls ?? []) {
      let args: Record<string, unknown> = {};
      try {
        args = JSON.parse(call.function.arguments) as Record<string, unknown>;
      } catch {
        args = {};
      }
      out.push({ name: call.function.name, arguments: args, id: call.id, content: results.get(call.id) });
    }
  }
  return out;
}

/** Every string inside a JSON value. */
function strings(value: unknown, out: Set<string>): void {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) strings(item, out);
}

/**
 * Whether a rollout capped as in the paper (5 user turns, 10 assistant messages) can play the whole
 * example: its user turns, and its teacher's assistant messages (one per call step and one answer per
 * turn, failed calls included), which a policy following the ground truth needs at least.
 */
export function withinRolloutCaps(example: Example): boolean {
  if (example.turns.length > ROLLOUT_CAPS.maxUserTurns) return false;
  let assistant = 0;
  for (const message of example.messages) if (message.role === 'assistant') assistant++;
  return assistant <= ROLLOUT_CAPS.maxAssistantTurns;
}

/**
 * Replay validation (paper step 5), on the examples of each synthesis batch before they are
 * written: every conversation is played again in fresh sessions and must reproduce each recorded
 * result and the final state hash, as must its ground truth alone; above 30 % failed calls it is
 * dropped, as is one that a capped rollout cannot finish (`withinRolloutCaps`); a sensitive argument must appear in an earlier user turn or tool result; near-duplicate
 * call sets (Jaccard ≥ 0.70 to a kept example) are dropped. Every drop is counted by reason.
 */
export class ReplayValidationPlugin implements ProvePlugin {
  static readonly pluginName = PLUGIN_NAME;
  static readonly description = 'validation: replay in fresh sessions, error rate, sensitive-argument provenance, Jaccard dedup';
  static readonly commands = [];
  static readonly optionsSchema = {
    type: 'object',
    properties: { maxErrorRate: { type: 'number', minimum: 0, maximum: 1, default: 0.3 }, jaccardThreshold: { type: 'number', minimum: 0, maximum: 1, default: 0.7 } },
    additionalProperties: false,
  };
  readonly name = PLUGIN_NAME;
  private readonly index = new Map<string, number[]>();
  private readonly sizes: number[] = [];
  private readonly abstentionTexts = new Set<string>();

  constructor(readonly options: ReplayValidationOptions = {}) {}

  /** Start a run: forget earlier examples, then remember the ones already kept (a resumed run). */
  beginRun(kept: readonly Example[]): void {
    this.index.clear();
    this.sizes.length = 0;
    this.abstentionTexts.clear();
    for (const example of kept) this.remember(example);
  }

  apply(engine: Engine): void {
    engine.hooks.onUpdate.tapPromise({ name: this.name, stage: STAGES.onUpdate.replayValidation }, async (batch: UpdateBatch) => {
      if (batch.kind !== 'examples') return;
      const kept: Example[] = [];
      for (const example of batch.examples) {
        const reason = (await this.check(engine, example)) ?? this.duplicate(example);
        if (reason !== undefined) {
          batch.dropped[reason] = (batch.dropped[reason] ?? 0) + 1;
          continue;
        }
        this.remember(example);
        kept.push(example);
      }
      batch.examples.splice(0, batch.examples.length, ...kept);
    });
  }

  /** Why an example fails replay, error rate or provenance; undefined when it passes. */
  async check(engine: Engine, example: Example): Promise<string | undefined> {
    if (!withinRolloutCaps(example)) return 'over_rollout_caps';
    // One fresh session per live environment (several for a cross-domain example); each call goes to the one that has its tool.
    const routing = toolRouting(engine, example);
    const expected = expectedStateHashes(example);
    const sessions = new Map<string, EnvironmentSession>();
    const calls = recordedCalls(example);
    const planned = new Set(Array.isArray(example.meta.plannedFailures) ? (example.meta.plannedFailures as string[]) : []);
    let failed = 0;
    try {
      for (const server of example.servers) sessions.set(server, await engine.openSession(server, example.world));
      for (const call of calls) {
        const server = routing.serverOf.get(call.name) ?? example.servers[0];
        const outcome: ExecutedCall = await engine.execute({ server, session: sessions.get(server)!, call: { name: call.name, arguments: call.arguments } });
        if (toolMessageContent(outcome) !== call.content) return 'replay_mismatch';
        if (!outcome.ok && outcome.error?.kind !== undefined) failed++;
        // A planned failed call (a guessed id, a missing argument) fails in replay too, with the same error (checked above). The
        // template teacher makes no other failure: one would be a flaw of the plan. A model teacher's own failures count toward the error rate.
        if (!outcome.ok && !planned.has(call.id) && example.meta.teacher === 'template') return 'unplanned_failure';
      }
      for (const [server, hash] of Object.entries(expected)) if ((await sessions.get(server)?.stateHash()) !== hash) return 'replay_state_mismatch';
    } finally {
      await Promise.allSettled([...sessions.values()].map((session) => session.close()));
    }
    if (calls.length > 0 && failed / calls.length > (this.options.maxErrorRate ?? 0.3)) return 'error_rate';
    if (example.groundTruth.length > 0) {
      const replay = await replayGroundTruth(engine, example);
      if (replay.failures.length > 0) return 'ground_truth_failed';
      for (const [server, hash] of Object.entries(expected)) if (replay.finalStateHashes[server] !== hash) return 'ground_truth_state_mismatch';
    }
    if (!this.sensitiveTraced(engine, example)) return 'sensitive_provenance';
    return undefined;
  }

  /** Every sensitive argument value occurs in a user turn or tool result before the call. */
  private sensitiveTraced(engine: Engine, example: Example): boolean {
    const sensitive = new Map<string, string[]>();
    for (const server of example.servers) for (const tool of toolCatalog(engine.environment(server))) if (tool.sensitive.length > 0) sensitive.set(tool.name, tool.sensitive);
    if (sensitive.size === 0) return true;
    let seen = '';
    for (const message of example.messages) {
      if (message.role === 'user' || message.role === 'tool') seen += `\n${message.content}`;
      if (message.role !== 'assistant') continue;
      for (const call of message.tool_calls ?? []) {
        const names = sensitive.get(call.function.name);
        if (names === undefined) continue;
        let args: Record<string, unknown>;
        try {
          args = JSON.parse(call.function.arguments) as Record<string, unknown>;
        } catch {
          return false;
        }
        for (const name of names) {
          const values = new Set<string>();
          strings(args[name], values);
          for (const value of values) if (!seen.includes(value)) return false;
        }
      }
    }
    return true;
  }

  /** `near_duplicate` when a kept example's call set is too similar (abstentions: the same request). */
  duplicate(example: Example): string | undefined {
    const signatures = callSignatures(example);
    if (signatures.length === 0) return this.abstentionTexts.has(abstentionKey(example)) ? 'near_duplicate' : undefined;
    const shared = new Map<number, number>();
    for (const signature of signatures) for (const other of this.index.get(signature) ?? []) shared.set(other, (shared.get(other) ?? 0) + 1);
    const threshold = this.options.jaccardThreshold ?? 0.7;
    for (const [other, common] of shared) {
      if (common / (signatures.length + this.sizes[other] - common) >= threshold) return 'near_duplicate';
    }
    return undefined;
  }

  private remember(example: Example): void {
    const signatures = callSignatures(example);
    if (signatures.length === 0) {
      this.abstentionTexts.add(abstentionKey(example));
      return;
    }
    const id = this.sizes.length;
    this.sizes.push(signatures.length);
    for (const signature of signatures) {
      let list = this.index.get(signature);
      if (list === undefined) this.index.set(signature, (list = []));
      list.push(id);
    }
  }
}

export default ReplayValidationPlugin;
