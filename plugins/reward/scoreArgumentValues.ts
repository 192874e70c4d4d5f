import type { Example, ToolCall } from '../../core/index.js';
import { argumentValuesEqual, DEFAULT_VALUE_EQUALITY, type ValueEquality } from './argumentValuesEqual.js';
import type { CallFacts } from './callFacts.js';
import { alignedEqualKeys, alignedKeys, alignedMask, isLastAlignment, type Alignment } from './scoreCoverage.js';

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

/** The ground-truth arguments before they are read (never iterated: only when the pair is compared here, after reading them). */
const NO_ARGUMENTS: Record<string, unknown> = Object.freeze({});

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
  facts?: CallFacts,
): ArgumentValueResult {
  const pairs: ArgumentPair[] = [];
  let sum = 0;
  // Under the default rules the coverage term already compared the pairs it aligned: reuse its answers.
  const reuse =
    equality === DEFAULT_VALUE_EQUALITY ||
    (equality.strings === DEFAULT_VALUE_EQUALITY.strings && equality.arrays === DEFAULT_VALUE_EQUALITY.arrays && equality.tolerance === DEFAULT_VALUE_EQUALITY.tolerance);
  // The alignment the last coverage search returned for these very objects: its comparisons hold without checking each pair's objects.
  const last = reuse && facts !== undefined && isLastAlignment(alignment, example, facts.args);
  for (let a = 0; a < alignment.length; a++) {
    const aligned = alignment[a];
    if (aligned.call === null) continue;
    // Equal keys as a bit mask: coverage's last alignment, else the bits coverage kept for this pair, else -1 (compare here).
    let mask = last ? alignedMask(a, aligned.call) : -1;
    let want: Record<string, unknown> = NO_ARGUMENTS;
    let got: Record<string, unknown> | undefined;
    if (mask < 0) {
      want = example.groundTruth[aligned.stepIndex].calls[aligned.index].arguments ?? {};
      got = facts ? (facts.args[aligned.call] as Record<string, unknown>) : calls[aligned.call].arguments;
      if (reuse) mask = alignedEqualKeys(alignment, a, aligned.call, want, got);
    }
    let equal = 0;
    let of = 0;
    const differs: string[] = [];
    if (mask >= 0) {
      const keys = alignedKeys(a);
      of = keys.length;
      for (let k = 0; k < of; k++) {
        if ((mask & (1 << k)) !== 0) equal++;
        else differs.push(keys[k]);
      }
      sum += of === 0 ? 1 : equal / of;
      pairs.push({ step: aligned.step, index: aligned.index, call: aligned.call, equal, of, differs });
      continue;
    }
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
