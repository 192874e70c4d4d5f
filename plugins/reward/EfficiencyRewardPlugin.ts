import { type Engine, type ProvePlugin } from '../../core/index.js';
import { STAGES } from '../stages.js';
import { sheetInputs } from './callFacts.js';
import { scoreEfficiency } from './scoreEfficiency.js';

const PLUGIN_NAME = 'EfficiencyRewardPlugin';

export interface EfficiencyRewardOptions {
  /** Key of the term in the reward sheet. */
  term: string;
  /** Penalty per budget's worth of excess calls (paper: 0.5). */
  alpha: number;
  /** Budget slack as a fraction of the ground-truth length (paper: 0.5; 0 is the flat-budget ablation). */
  beta: number;
}

const DEFAULTS: EfficiencyRewardOptions = { term: 'efficiency', alpha: 0.5, beta: 0.5 };

/** R_eff: the adaptive budget penalty −α · max(0, N − B) / B with B = n_gt + ⌈n_gt · β⌉. */
export class EfficiencyRewardPlugin implements ProvePlugin {
  static readonly pluginName = PLUGIN_NAME;
  static readonly description = 'reward term R_eff: −α·max(0, N − B)/B, budget B = n_gt + ⌈n_gt·β⌉';
  static readonly commands = [];
  static readonly optionsSchema = {
    type: 'object',
    properties: {
      term: { type: 'string', pattern: '^[a-z][a-z0-9_]*$', default: DEFAULTS.term, description: 'key of the term in the reward sheet' },
      alpha: { type: 'number', minimum: 0, default: DEFAULTS.alpha, description: 'penalty per budget of excess calls' },
      beta: { type: 'number', minimum: 0, default: DEFAULTS.beta, description: 'budget slack, as a fraction of the ground-truth length' },
    },
    additionalProperties: false,
  };
  readonly name: string = PLUGIN_NAME;
  private readonly options: EfficiencyRewardOptions;

  constructor(options: Partial<EfficiencyRewardOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  apply(engine: Engine): void {
    const { term, alpha, beta } = this.options;
    const options = { alpha, beta };
    engine.hooks.onReward.tap({ name: this.name, stage: STAGES.onReward.term }, (sheet, input) => {
      const { prepared, facts } = sheetInputs(sheet, input.example, input.calls);
      const result = scoreEfficiency(prepared.calls.length, facts.count, options);
      sheet.terms[term] = result.value;
      (sheet.details ??= {})[term] = result;
      return sheet;
    });
  }
}

export default EfficiencyRewardPlugin;
