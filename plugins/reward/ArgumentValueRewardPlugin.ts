import { errors, STAGE_DEFAULT, type Engine, type ProvePlugin } from '../../core/index.js';
import { STAGES } from '../stages.js';
import type { ValueEquality } from './argumentValuesEqual.js';
import { sheetInputs } from './callFacts.js';
import { scoreArgumentValues } from './scoreArgumentValues.js';
import type { CoverageResult } from './scoreCoverage.js';

const PLUGIN_NAME = 'ArgumentValueRewardPlugin';

export interface ArgumentValueRewardOptions extends ValueEquality {
  /** Key of the term in the reward sheet. */
  term: string;
  /** The term whose details carry the alignment to score (the coverage term). */
  alignment: string;
}

const DEFAULTS: ArgumentValueRewardOptions = { term: 'args', alignment: 'coverage', strings: 'normalized', arrays: 'unordered', tolerance: 1e-9 };

/**
 * R_arg: over the pairs the coverage term aligned, the share of ground-truth argument values the
 * model got right. It reads the coverage term's alignment, so it taps one step after
 * STAGE_DEFAULT (after every term, before the combiner) instead of relying on registration order.
 */
export class ArgumentValueRewardPlugin implements ProvePlugin {
  static readonly pluginName = PLUGIN_NAME;
  static readonly description = 'reward term R_arg: share of equal argument values over the pairs aligned by coverage';
  static readonly commands = [];
  static readonly dependencies = ['CoverageRewardPlugin'];
  static readonly optionsSchema = {
    type: 'object',
    properties: {
      term: { type: 'string', pattern: '^[a-z][a-z0-9_]*$', default: DEFAULTS.term, description: 'key of the term in the reward sheet' },
      alignment: { type: 'string', default: DEFAULTS.alignment, description: 'the term whose details hold the alignment' },
      strings: { enum: ['normalized', 'exact'], default: DEFAULTS.strings, description: 'normalized: NFC, trimmed, whitespace collapsed, lower-cased' },
      arrays: { enum: ['unordered', 'ordered'], default: DEFAULTS.arrays, description: 'compare arrays as multisets or element by element' },
      tolerance: { type: 'number', minimum: 0, default: DEFAULTS.tolerance, description: 'relative tolerance of number equality' },
    },
    additionalProperties: false,
  };
  readonly name: string = PLUGIN_NAME;
  private readonly options: ArgumentValueRewardOptions;

  constructor(options: Partial<ArgumentValueRewardOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  apply(engine: Engine): void {
    const { term, alignment, strings, arrays, tolerance } = this.options;
    const equality: ValueEquality = { strings, arrays, tolerance };
    engine.hooks.onReward.tap({ name: this.name, stage: STAGES.onReward.argumentValues }, (sheet, input) => {
      const coverage = sheet.details?.[alignment] as Partial<CoverageResult> | undefined;
      if (!coverage || !Array.isArray(coverage.alignment)) throw errors.rewardDetailsMissing(this.name, term, `${alignment}.alignment`);
      const { prepared, facts } = sheetInputs(sheet, input.example, input.calls);
      const result = scoreArgumentValues(input.example, input.calls, coverage.alignment, equality, prepared.abstention, facts);
      sheet.terms[term] = result.value;
      (sheet.details ??= {})[term] = result;
      return sheet;
    });
  }
}

export default ArgumentValueRewardPlugin;
