import type { ExecutionErrorKind, FinishReason } from '../../core/index.js';
import type { RolloutRecord } from './evaluateRollout.js';

/** Means of one slice of the rollouts (all, one domain, one kind). */
export interface SliceSummary {
  rollouts: number;
  /** Mean total reward. */
  reward: number;
  /** Mean of each reward term. */
  terms: Record<string, number>;
  /** Share of rollouts that pass the state check. */
  stateCheck: number;
  /** Rollouts whose state could not be compared (a server exposes no state); they count as not passed. */
  stateUnavailable: number;
  /** Share of rollouts that pass the response check. */
  responseCheck: number;
}

/** summary.json. */
export interface EvalSummary extends SliceSummary {
  dataset: string;
  split: string;
  policy?: string;
  model?: string;
  examples: number;
  groupSize: number;
  /** Weight of each term, as the reward's combiner reported it. */
  weights: Record<string, number>;
  /** Mean reward of the ground truth scored against itself, over the same rollouts: the ceiling (with the paper's reward 1.3 per task, 1.0 per abstention example). */
  maxReward: number;
  /** Share of rollouts that pass both checks. */
  bothChecks: number;
  /** Slices by domain (servers joined with `+`). */
  byDomain: Record<string, SliceSummary>;
  byKind: Record<string, SliceSummary>;
  calls: { total: number; perRollout: number; ok: number; failed: number; groundTruthPerExample: number };
  /** Failed calls by kind of failure. */
  validityFailures: Record<ExecutionErrorKind, number>;
  abstention: {
    /** Rollouts of abstention examples. */
    rollouts: number;
    /** Share of them that made no call. */
    accuracy: number | null;
    /** Share of the other rollouts that made no call although the ground truth has calls. */
    overAbstention: number | null;
  };
  finishReasons: Partial<Record<FinishReason, number>>;
  /** The first few errors of failed rollouts, to act on. */
  errors: Array<{ exampleId: string; rollout: number; error: string }>;
  timing: { wallSeconds: number; rolloutsPerSecond: number; generateMsPerTurn: number; executeMsPerTurn: number };
}

class Slice {
  rollouts = 0;
  reward = 0;
  state = 0;
  stateUnavailable = 0;
  response = 0;
  readonly terms = new Map<string, number>();

  add(record: RolloutRecord): void {
    this.rollouts++;
    this.reward += record.reward.total;
    if (record.stateCheck.pass) this.state++;
    if (record.stateCheck.status === 'unavailable') this.stateUnavailable++;
    if (record.responseCheck.pass) this.response++;
    for (const [term, value] of Object.entries(record.reward.terms)) this.terms.set(term, (this.terms.get(term) ?? 0) + value);
  }

  summary(): SliceSummary {
    const n = this.rollouts || 1;
    const terms: Record<string, number> = {};
    for (const [term, sum] of [...this.terms].sort(([a], [b]) => a.localeCompare(b))) terms[term] = sum / n;
    return { rollouts: this.rollouts, reward: this.reward / n, terms, stateCheck: this.state / n, stateUnavailable: this.stateUnavailable, responseCheck: this.response / n };
  }
}

/** Accumulates rollout records one by one (nothing but counters is kept) and produces summary.json. */
export class EvalSummaryBuilder {
  private readonly all = new Slice();
  private readonly domains = new Map<string, Slice>();
  private readonly kinds = new Map<string, Slice>();
  private both = 0;
  private calls = 0;
  private okCalls = 0;
  private groundTruthCalls = 0;
  private groundTruthReward = 0;
  private readonly failures: Record<ExecutionErrorKind, number> = { unknown_tool: 0, invalid_arguments: 0, execution: 0, malformed: 0 };
  private abstentionRollouts = 0;
  private abstained = 0;
  private otherRollouts = 0;
  private overAbstained = 0;
  private readonly finish: Partial<Record<FinishReason, number>> = {};
  private readonly errors: EvalSummary['errors'] = [];
  private weights: Record<string, number> = {};
  private turns = 0;
  private generateMs = 0;
  private executeMs = 0;

  /** Count one rollout; `groundTruth` describes its example's ground truth (calls, and its own reward). */
  add(record: RolloutRecord, groundTruth: { calls: number; reward: number }): void {
    const groundTruthCalls = groundTruth.calls;
    this.groundTruthReward += groundTruth.reward;
    this.all.add(record);
    const domain = record.domains.join('+');
    if (!this.domains.has(domain)) this.domains.set(domain, new Slice());
    this.domains.get(domain)!.add(record);
    if (!this.kinds.has(record.kind)) this.kinds.set(record.kind, new Slice());
    this.kinds.get(record.kind)!.add(record);
    if (record.stateCheck.pass && record.responseCheck.pass) this.both++;
    const calls = record.trajectory.calls;
    this.calls += calls.length;
    this.groundTruthCalls += groundTruthCalls;
    for (const call of calls) {
      if (call.ok) this.okCalls++;
      else if (call.error) this.failures[call.error.kind] = (this.failures[call.error.kind] ?? 0) + 1;
    }
    if (record.kind === 'abstention') {
      this.abstentionRollouts++;
      if (calls.length === 0) this.abstained++;
    } else {
      this.otherRollouts++;
      if (calls.length === 0 && groundTruthCalls > 0) this.overAbstained++;
    }
    const reason = record.trajectory.finishReason;
    this.finish[reason] = (this.finish[reason] ?? 0) + 1;
    if (record.trajectory.error && this.errors.length < 10) this.errors.push({ exampleId: record.exampleId, rollout: record.rollout, error: record.trajectory.error });
    if (Object.keys(record.reward.weights).length > 0) this.weights = record.reward.weights;
    for (const turn of record.trajectory.turns) {
      this.turns++;
      this.generateMs += turn.generateMs;
      this.executeMs += turn.executeMs;
    }
  }

  get count(): number {
    return this.all.rollouts;
  }

  /** Mean total reward so far. */
  get meanReward(): number {
    return this.all.rollouts === 0 ? 0 : this.all.reward / this.all.rollouts;
  }

  /** Rollouts that ended in a policy or engine failure. */
  get failed(): number {
    return (this.finish.policy_error ?? 0) + (this.finish.error ?? 0);
  }

  summary(context: { dataset: string; split: string; policy?: string; model?: string; examples: number; groupSize: number; wallSeconds: number }): EvalSummary {
    const n = this.all.rollouts || 1;
    const sliceMap = (slices: Map<string, Slice>) => Object.fromEntries([...slices].sort(([a], [b]) => a.localeCompare(b)).map(([key, slice]) => [key, slice.summary()]));
    return {
      dataset: context.dataset,
      split: context.split,
      ...(context.policy ? { policy: context.policy } : {}),
      ...(context.model ? { model: context.model } : {}),
      examples: context.examples,
      groupSize: context.groupSize,
      ...this.all.summary(),
      weights: this.weights,
      maxReward: this.groundTruthReward / n,
      bothChecks: this.both / n,
      byDomain: sliceMap(this.domains),
      byKind: sliceMap(this.kinds),
      calls: {
        total: this.calls,
        perRollout: this.calls / n,
        ok: this.okCalls,
        failed: this.calls - this.okCalls,
        groundTruthPerExample: this.groundTruthCalls / n,
      },
      validityFailures: { ...this.failures },
      abstention: {
        rollouts: this.abstentionRollouts,
        accuracy: this.abstentionRollouts === 0 ? null : this.abstained / this.abstentionRollouts,
        overAbstention: this.otherRollouts === 0 ? null : this.overAbstained / this.otherRollouts,
      },
      finishReasons: { ...this.finish },
      errors: [...this.errors],
      timing: {
        wallSeconds: context.wallSeconds,
        rolloutsPerSecond: context.wallSeconds > 0 ? this.all.rollouts / context.wallSeconds : 0,
        generateMsPerTurn: this.turns === 0 ? 0 : this.generateMs / this.turns,
        executeMsPerTurn: this.turns === 0 ? 0 : this.executeMs / this.turns,
      },
    };
  }
}
