import type { Example, ToolCall } from '../../../core/index.js';
import { argumentValuesEqual, type ValueEquality } from '../../../plugins/reward/argumentValuesEqual.js';
import type { Alignment } from './scoreCoverage.js';

/** How well one aligned pair's values agree. */
export interface ArgumentPair {
  step: string;
  index: number;
  /** Index of the model call. */
  call: number;
  /** Ground-truth keys whose values the model got right, out of `of`. */
  equal: number;
  of: number;
  /** Ground-truth keys whose values differ. */
  differs: string[];
}

/** The argument-value term and its pairs. */
export interface ArgumentValueResult {
  /** Mean over aligned pairs of the share of ground-truth keys with equal values, in [0, 1]; abstention: 1 for zero calls, else 0. */
  value: number;
  pairs: ArgumentPair[];
  abstention?: true;
}

/**
 * R_arg = (1/|M|) Σ_(c,g)∈M |{k : c.args[k] = g.args[k]}| / |g.args| over the pairs M the coverage
 * term aligned (in order or not). A ground-truth call without arguments counts as fully right
 * when matched. Extra keys in the model call cost nothing here (the schema level of validity
 * judges them). With no aligned pair the term is 0 when the example has ground truth.
 */
export function scoreArgumentValues(
  example: Example,
  calls: readonly ToolCall[],
  alignment: readonly Alignment[],
  equality: ValueEquality,
  abstention: boolean,
): ArgumentValueResult {
  const pairs: ArgumentPair[] = [];
  let sum = 0;
  for (let a = 0; a < alignment.length; a++) {
    const aligned = alignment[a];
    if (aligned.call === null) continue;
    const want = example.groundTruth[aligned.stepIndex].calls[aligned.index].arguments ?? {};
    const got = calls[aligned.call].arguments;
    let equal = 0;
    let of = 0;
    const differs: string[] = [];
    for (const key in want) {
      if (!Object.hasOwn(want, key)) continue;
      of++;
      if (got !== null && typeof got === 'object' && Object.hasOwn(got, key) && argumentValuesEqual(got[key], want[key], equality)) equal++;
      else differs.push(key);
    }
    sum += of === 0 ? 1 : equal / of;
    pairs.push({ step: aligned.step, index: aligned.index, call: aligned.call, equal, of, differs });
  }
  if (abstention) return { value: calls.length === 0 ? 1 : 0, pairs, abstention: true };
  return { value: pairs.length === 0 ? 0 : sum / pairs.length, pairs };
}
