import { type Engine, type ProvePlugin } from '../../core/index.js';
import { STAGES } from '../stages.js';
import { sheetInputs } from './callFacts.js';
import { scoreCoverage, type CoverageMatchRule } from './scoreCoverage.js';

const PLUGIN_NAME = 'CoverageRewardPlugin';

export interface CoverageRewardOptions {
  /** Key of the term in the reward sheet; its details hold the alignment the argument-value term scores. */
  term: string;
  /** Require dependency order (the paper); false is plain recall (the verbosity-prone baseline). */
  ordered: boolean;
  /** `name+keys` (the paper) or `name` (the graduated baseline's name matching). */
  match: CoverageMatchRule;
}

const DEFAULTS: CoverageRewardOptions = { term: 'coverage', ordered: true, match: 'name+keys' };

/** R_cov: the share of ground-truth calls matched one-to-one by the model's calls, with their dependencies matched earlier. */
export class CoverageRewardPlugin implements ProvePlugin {
  static readonly pluginName = PLUGIN_NAME;
  static readonly description = 'reward term R_cov: ground-truth calls matched one-to-one (same name, all its argument keys), in dependency order';
  static readonly commands = [];
  static readonly optionsSchema = {
    type: 'object',
    properties: {
      term: { type: 'string', pattern: '^[a-z][a-z0-9_]*$', default: DEFAULTS.term, description: 'key of the term in the reward sheet' },
      ordered: { type: 'boolean', default: DEFAULTS.ordered, description: 'require dependency order' },
      match: { enum: ['name+keys', 'name'], default: DEFAULTS.match, description: 'what makes a model call match a ground-truth call' },
    },
    additionalProperties: false,
  };
  readonly name: string = PLUGIN_NAME;
  private readonly options: CoverageRewardOptions;

  constructor(options: Partial<CoverageRewardOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  apply(engine: Engine): void {
    const { term, ordered, match } = this.options;
    const options = { ordered, match };
    engine.hooks.onReward.tap({ name: this.name, stage: STAGES.onReward.term }, (sheet, input) => {
      const { prepared, facts } = sheetInputs(sheet, input.example, input.calls);
      const result = scoreCoverage(prepared, input.calls, options, facts);
      sheet.terms[term] = result.value;
      (sheet.details ??= {})[term] = result;
      return sheet;
    });
  }
}

export default CoverageRewardPlugin;
