/**
 * The reward as it was computed before the fast path (issue #21, part 3): the files beside this
 * one are frozen copies of the plugins/reward scoring functions the fast path changed (the ones it
 * left alone — value equality, efficiency, required types, malformed calls — are imported), and `referenceSheet`
 * composes them the way the term plugins and the combiner tap `onReward` — same terms, same
 * details, same key order. The differential test (rewardFastPath.test.ts) holds the engine's
 * sheets to these, byte for byte. Do not "fix" these copies: they are the reference.
 */
import type { ExecutedCall, Example, RewardSheet } from '../../../core/index.js';
import type { ValueEquality } from '../../../plugins/reward/argumentValuesEqual.js';
import { PreparedExample } from './PreparedExample.js';
import { scoreArgumentValues } from './scoreArgumentValues.js';
import { scoreCoverage, type CoverageMatchRule } from './scoreCoverage.js';
import { scoreEfficiency } from '../../../plugins/reward/scoreEfficiency.js';
import { scoreToolName } from './scoreToolName.js';
import { scoreValidity, type ArgumentRule } from './scoreValidity.js';

/** One term plugin of a reference preset, in tap order (the argument-value term taps after every other term). */
export type ReferenceTerm =
  | { kind: 'validity'; term: string; execution: boolean; arguments: ArgumentRule }
  | { kind: 'coverage'; term: string; ordered: boolean; match: CoverageMatchRule }
  | { kind: 'efficiency'; term: string; alpha: number; beta: number }
  | { kind: 'name'; term: string }
  | { kind: 'args'; term: string; alignment: string; equality: ValueEquality };

export interface ReferencePreset {
  terms: ReferenceTerm[];
  weights: Record<string, number>;
  abstention: 'paper' | 'weighted';
}

export function referenceSheet(preset: ReferencePreset, example: Example, calls: ExecutedCall[]): RewardSheet {
  const sheet: RewardSheet = { total: 0, terms: {}, weights: {}, details: {} };
  const prepared = PreparedExample.of(example);
  const details = sheet.details!;
  for (const t of preset.terms) {
    let result: { value: number };
    if (t.kind === 'validity') result = scoreValidity(prepared, calls, { execution: t.execution, arguments: t.arguments });
    else if (t.kind === 'coverage') result = scoreCoverage(prepared, calls, { ordered: t.ordered, match: t.match });
    else if (t.kind === 'efficiency') result = scoreEfficiency(prepared.calls.length, calls.length, { alpha: t.alpha, beta: t.beta });
    else if (t.kind === 'name') result = scoreToolName(prepared, calls);
    else {
      const coverage = details[t.alignment] as { alignment: Parameters<typeof scoreArgumentValues>[2] };
      result = scoreArgumentValues(example, calls, coverage.alignment, t.equality, prepared.abstention);
    }
    sheet.terms[t.term] = result.value;
    details[t.term] = result;
  }
  let total = 0;
  for (const term in sheet.terms) {
    sheet.weights[term] = preset.weights[term];
    total += preset.weights[term] * sheet.terms[term];
  }
  if (preset.abstention === 'paper' && prepared.abstention) {
    total = calls.length === 0 ? 1 : 0;
    details.abstention = { rule: 'paper', calls: calls.length, total };
  }
  sheet.total = total;
  return sheet;
}
