/** The adaptive efficiency penalty and how it was reached. */
export interface EfficiencyResult {
  /** −α · max(0, N − B) / B, in (−∞, 0]; 0 under the abstention rule. */
  value: number;
  /** N: every call the model emitted, malformed ones included. */
  calls: number;
  /** n_gt: ground-truth calls, each call of a parallel step counted. */
  groundTruthCalls: number;
  /** B = n_gt + ⌈n_gt · β⌉. */
  budget: number;
  /** max(0, N − B). */
  excess: number;
  abstention?: true;
}

export interface EfficiencyOptions {
  /** Penalty per budget's worth of excess calls (paper: 0.5). */
  alpha: number;
  /** Slack above the ground-truth length, as a fraction of it (paper: 0.5; 0 is the flat-budget ablation). */
  beta: number;
}

/** ⌈x⌉ that does not turn 0.7 · 10 = 7.000000000000001 into 8. */
function ceilOfProduct(n: number, beta: number): number {
  return Math.ceil(Math.round(n * beta * 1e9) / 1e9);
}

/** The budget B = n_gt + ⌈n_gt · β⌉ (a 4-call task with β = 0.5 has B = 6). */
export function efficiencyBudget(groundTruthCalls: number, beta: number): number {
  return groundTruthCalls + ceilOfProduct(groundTruthCalls, beta);
}

/**
 * R_eff = −α · max(0, N − B) / B: only calls beyond the budget cost anything (missing calls
 * already cost coverage); no lower clip, as in the paper. Without ground truth there is no
 * budget; the abstention rule already gives 0 to every other term when calls are made, so
 * efficiency adds nothing there (0), which keeps the paper's "0 for any call" total.
 */
export function scoreEfficiency(groundTruthCalls: number, calls: number, options: EfficiencyOptions): EfficiencyResult {
  if (groundTruthCalls === 0) return { value: 0, calls, groundTruthCalls, budget: 0, excess: 0, abstention: true };
  const budget = efficiencyBudget(groundTruthCalls, options.beta);
  const excess = calls > budget ? calls - budget : 0;
  const value = excess === 0 ? 0 : (-options.alpha * excess) / budget;
  return { value, calls, groundTruthCalls, budget, excess };
}
