import { validatePluginOptions, type Engine, type ProvePlugin } from '../../core/index.js';
import { STAGES } from '../stages.js';
import { IRRELEVANT_REQUESTS, UNSUPPORTED_REQUESTS } from './phrasing.js';
import { markPerturbation, perturbationRandom, PROBABILITY_SCHEMA, queryScript, type PerturbationOptions } from './perturbationSupport.js';

const PLUGIN_NAME = 'IrrelevancePerturbationPlugin';

/**
 * Replaces the request by one no candidate tool can satisfy (paper: 5 %): an abstention example
 * with no ground-truth calls. A request whose topic word occurs in any candidate tool is not used.
 */
export class IrrelevancePerturbationPlugin implements ProvePlugin {
  static readonly pluginName = PLUGIN_NAME;
  static readonly description = 'perturbation: an out-of-scope request, answered by abstaining';
  static readonly commands = [];
  static readonly optionsSchema = { type: 'object', properties: { probability: { ...PROBABILITY_SCHEMA, default: 0.05 } }, additionalProperties: false };
  readonly name = PLUGIN_NAME;
  /** Options with the schema's defaults filled in: the schema is the only place they are written. */
  readonly options: Required<PerturbationOptions>;
  constructor(options: PerturbationOptions = {}) {
    this.options = validatePluginOptions<Required<PerturbationOptions>>(PLUGIN_NAME, IrrelevancePerturbationPlugin.optionsSchema, options);
  }

  apply(engine: Engine): void {
    const probability = this.options.probability;
    // Runs after the tools are final (distractors, enum stripping), so that the topic check sees them all.
    engine.hooks.onGenerate.tapPromise({ name: this.name, stage: STAGES.onGenerate.irrelevance }, (draft) => {
      const script = queryScript(draft);
      if (script === undefined) return Promise.resolve(draft);
      const rng = perturbationRandom(draft, PLUGIN_NAME);
      if (!rng.chance(probability)) return Promise.resolve(draft);
      const text = draft.tools.map((tool) => `${tool.function.name} ${tool.function.description ?? ''}`).join(' ').toLowerCase();
      // Off-topic requests, and requests about the service's own things that no offered tool can do (checked by word).
      const options = [...IRRELEVANT_REQUESTS, ...UNSUPPORTED_REQUESTS].filter((request) => !text.includes(request.topic));
      if (options.length === 0) return Promise.resolve(draft);
      script.irrelevant = rng.pick(options).text;
      markPerturbation(draft, 'irrelevance');
      return Promise.resolve(draft);
    });
  }
}

export default IrrelevancePerturbationPlugin;
