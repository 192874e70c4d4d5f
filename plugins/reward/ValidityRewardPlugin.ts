import { type Engine, type ProvePlugin } from '../../core/index.js';
import { STAGES } from '../stages.js';
import { sheetInputs } from './callFacts.js';
import { scoreValidity, type ArgumentRule } from './scoreValidity.js';

const PLUGIN_NAME = 'ValidityRewardPlugin';

export interface ValidityRewardOptions {
  /** Key of the term in the reward sheet. */
  term: string;
  /** Count live execution as the third level (the paper); false for the static check of the graduated baseline. */
  execution: boolean;
  /** Level 2: `required` parameters present with compatible JSON types (the paper), or the whole JSON `schema`. */
  arguments: ArgumentRule;
}

const DEFAULTS: ValidityRewardOptions = { term: 'validity', execution: true, arguments: 'required' };

/** R_val: graduated per-call validity (candidate name, required parameters with compatible types, successful execution), averaged over the calls. */
export class ValidityRewardPlugin implements ProvePlugin {
  static readonly pluginName = PLUGIN_NAME;
  static readonly description = 'reward term R_val: per call, name among the candidates, required parameters present with compatible types, executed without error (cumulative thirds), averaged';
  static readonly commands = [];
  static readonly optionsSchema = {
    type: 'object',
    properties: {
      term: { type: 'string', pattern: '^[a-z][a-z0-9_]*$', default: DEFAULTS.term, description: 'key of the term in the reward sheet' },
      execution: { type: 'boolean', default: DEFAULTS.execution, description: 'count live execution as the third level' },
      arguments: {
        enum: ['required', 'schema'],
        default: DEFAULTS.arguments,
        description: "level 2: 'required' parameters present with compatible JSON types (the paper), or the whole JSON 'schema' (extra keys, enums, patterns, ranges)",
      },
    },
    additionalProperties: false,
  };
  readonly name: string = PLUGIN_NAME;
  private readonly options: ValidityRewardOptions;

  constructor(options: Partial<ValidityRewardOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  apply(engine: Engine): void {
    const { term, execution, arguments: rule } = this.options;
    const options = { execution, arguments: rule };
    engine.hooks.onReward.tap({ name: this.name, stage: STAGES.onReward.term }, (sheet, input) => {
      const { prepared, facts } = sheetInputs(sheet, input.example, input.calls);
      const result = scoreValidity(prepared, input.calls, options, facts);
      sheet.terms[term] = result.value;
      (sheet.details ??= {})[term] = result;
      return sheet;
    });
  }
}

export default ValidityRewardPlugin;
