import type { Engine, ProvePlugin } from 'prove-rl';

/** Reward term `success`: the share of the model's calls that executed without error (1 when it made none). */
export default class SuccessRateRewardPlugin implements ProvePlugin {
  static description: string;
  static optionsSchema: Record<string, unknown>;
  readonly name: string;
  readonly term: string;
  constructor(options?: { term?: string });
  apply(engine: Engine): void;
}
