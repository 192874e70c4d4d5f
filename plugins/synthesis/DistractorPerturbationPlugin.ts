import { validatePluginOptions, type Engine, type ProvePlugin } from '../../core/index.js';
import { STAGES } from '../stages.js';
import { markPerturbation, perturbationRandom, PROBABILITY_SCHEMA, queryScript, type PerturbationOptions } from './perturbationSupport.js';

const PLUGIN_NAME = 'DistractorPerturbationPlugin';

/** Options of {@link DistractorPerturbationPlugin}. */
export interface DistractorOptions extends PerturbationOptions {
  /** Fewest and most distractor tools added (paper: 3–8). */
  min?: number;
  max?: number;
}

/** Adds 3–8 unrelated tools from other registered environments to the candidate set (paper: 40 %). */
export class DistractorPerturbationPlugin implements ProvePlugin {
  static readonly pluginName = PLUGIN_NAME;
  static readonly description = 'perturbation: add unrelated tools of other environments to the candidate set';
  static readonly commands = [];
  static readonly optionsSchema = {
    type: 'object',
    properties: { probability: { ...PROBABILITY_SCHEMA, default: 0.4 }, min: { type: 'integer', minimum: 1, default: 3 }, max: { type: 'integer', minimum: 1, default: 8 } },
    additionalProperties: false,
  };
  readonly name = PLUGIN_NAME;
  /** Options with the schema's defaults filled in: the schema is the only place they are written. */
  readonly options: Required<DistractorOptions>;
  constructor(options: DistractorOptions = {}) {
    this.options = validatePluginOptions<Required<DistractorOptions>>(PLUGIN_NAME, DistractorPerturbationPlugin.optionsSchema, options);
  }

  apply(engine: Engine): void {
    const probability = this.options.probability;
    const min = this.options.min;
    const max = this.options.max;
    engine.hooks.onGenerate.tapPromise({ name: this.name, stage: STAGES.onGenerate.distractors }, (draft) => {
      const script = queryScript(draft);
      if (script === undefined) return Promise.resolve(draft);
      const rng = perturbationRandom(draft, PLUGIN_NAME);
      if (!rng.chance(probability)) return Promise.resolve(draft);
      const present = new Set(draft.tools.map((tool) => tool.function.name));
      const live = script.servers ?? [script.server];
      const pool = [...engine.environments.values()]
        .filter((environment) => !live.includes(environment.name))
        .sort((a, b) => (a.name < b.name ? -1 : 1))
        .flatMap((environment) => environment.tools.filter((tool) => !present.has(tool.function.name)));
      if (pool.length === 0) return Promise.resolve(draft);
      const chosen = rng.sample(pool, rng.int(min, max));
      const tools = [...draft.tools];
      for (const tool of chosen) tools.splice(rng.int(0, tools.length), 0, tool);
      draft.tools = tools;
      markPerturbation(draft, 'distractors', chosen.map((tool) => tool.function.name));
      return Promise.resolve(draft);
    });
  }
}

export default DistractorPerturbationPlugin;
