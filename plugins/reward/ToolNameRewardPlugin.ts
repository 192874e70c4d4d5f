import { type Engine, type ProvePlugin } from '../../core/index.js';
import { STAGES } from '../stages.js';
import { sheetInputs } from './callFacts.js';
import { scoreToolName } from './scoreToolName.js';

const PLUGIN_NAME = 'ToolNameRewardPlugin';

export interface ToolNameRewardOptions {
  /** Key of the term in the reward sheet. */
  term: string;
}

const DEFAULTS: ToolNameRewardOptions = { term: 'name' };

/** R_name: the share of the model's calls that name a ground-truth tool (order- and argument-blind). */
export class ToolNameRewardPlugin implements ProvePlugin {
  static readonly pluginName = PLUGIN_NAME;
  static readonly description = "reward term R_name: share of the model's calls whose tool is a ground-truth tool";
  static readonly commands = [];
  static readonly optionsSchema = {
    type: 'object',
    properties: {
      term: { type: 'string', pattern: '^[a-z][a-z0-9_]*$', default: DEFAULTS.term, description: 'key of the term in the reward sheet' },
    },
    additionalProperties: false,
  };
  readonly name: string = PLUGIN_NAME;
  private readonly options: ToolNameRewardOptions;

  constructor(options: Partial<ToolNameRewardOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  apply(engine: Engine): void {
    const { term } = this.options;
    engine.hooks.onReward.tap({ name: this.name, stage: STAGES.onReward.term }, (sheet, input) => {
      const { prepared, facts } = sheetInputs(sheet, input.example, input.calls);
      const result = scoreToolName(prepared, input.calls, facts);
      sheet.terms[term] = result.value;
      (sheet.details ??= {})[term] = result;
      return sheet;
    });
  }
}

export default ToolNameRewardPlugin;
