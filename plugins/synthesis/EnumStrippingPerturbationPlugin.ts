import { validatePluginOptions, type Engine, type JsonSchema, type ProvePlugin, type ToolSchema } from '../../core/index.js';
import { STAGES } from '../stages.js';
import { markPerturbation, perturbationRandom, PROBABILITY_SCHEMA, queryScript, type PerturbationOptions } from './perturbationSupport.js';

const PLUGIN_NAME = 'EnumStrippingPerturbationPlugin';

function stripEnums(schema: unknown, stripped: { count: number }): unknown {
  if (Array.isArray(schema)) return schema.map((item) => stripEnums(item, stripped));
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'enum' && Array.isArray(value)) {
      stripped.count++;
      continue;
    }
    out[key] = stripEnums(value, stripped);
  }
  return out;
}

/** Removes the enum lists from the parameter schemas of the candidate tools (paper: 30 %): the model must read values from the request. */
export class EnumStrippingPerturbationPlugin implements ProvePlugin {
  static readonly pluginName = PLUGIN_NAME;
  static readonly description = 'perturbation: remove enum lists from parameter schemas';
  static readonly commands = [];
  static readonly optionsSchema = { type: 'object', properties: { probability: { ...PROBABILITY_SCHEMA, default: 0.3 } }, additionalProperties: false };
  readonly name = PLUGIN_NAME;
  /** Options with the schema's defaults filled in: the schema is the only place they are written. */
  readonly options: Required<PerturbationOptions>;
  constructor(options: PerturbationOptions = {}) {
    this.options = validatePluginOptions<Required<PerturbationOptions>>(PLUGIN_NAME, EnumStrippingPerturbationPlugin.optionsSchema, options);
  }

  apply(engine: Engine): void {
    const probability = this.options.probability;
    engine.hooks.onGenerate.tapPromise({ name: this.name, stage: STAGES.onGenerate.enumStripping }, (draft) => {
      if (queryScript(draft) === undefined || !perturbationRandom(draft, PLUGIN_NAME).chance(probability)) return Promise.resolve(draft);
      const stripped = { count: 0 };
      const tools = draft.tools.map((tool) => ({ ...tool, function: { ...tool.function, parameters: stripEnums(tool.function.parameters, stripped) as JsonSchema } }) as ToolSchema);
      if (stripped.count === 0) return Promise.resolve(draft);
      draft.tools = tools;
      markPerturbation(draft, 'enum_stripping');
      return Promise.resolve(draft);
    });
  }
}

export default EnumStrippingPerturbationPlugin;
