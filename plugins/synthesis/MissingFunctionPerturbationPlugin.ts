import { validatePluginOptions, type Engine, type ProvePlugin } from '../../core/index.js';
import { STAGES } from '../stages.js';
import { markPerturbation, perturbationRandom, PROBABILITY_SCHEMA, queryScript, type PerturbationOptions } from './perturbationSupport.js';

const PLUGIN_NAME = 'MissingFunctionPerturbationPlugin';

/** Options of {@link MissingFunctionPerturbationPlugin}. */
export interface MissingFunctionOptions extends PerturbationOptions {
  /** Share of hidden tools placed after the first step, so that the assistant works up to it and then asks (clarification); the rest hide the first tool (abstention). */
  clarificationShare?: number;
}

/**
 * Hides one tool of the chain after the chain was chosen (paper: missing function): the assistant
 * does what it can, then says it cannot go on and asks how to proceed (clarification), or, when the
 * first tool is hidden, declines (abstention).
 */
export class MissingFunctionPerturbationPlugin implements ProvePlugin {
  static readonly pluginName = PLUGIN_NAME;
  static readonly description = 'perturbation: hide a tool of the chain (clarification or abstention examples)';
  static readonly optionsSchema = {
    type: 'object',
    properties: { probability: { ...PROBABILITY_SCHEMA, default: 0.18 }, clarificationShare: { ...PROBABILITY_SCHEMA, default: 0.78 } },
    additionalProperties: false,
  };
  readonly name = PLUGIN_NAME;
  /** Options with the schema's defaults filled in: the schema is the only place they are written. */
  readonly options: Required<MissingFunctionOptions>;
  constructor(options: MissingFunctionOptions = {}) {
    this.options = validatePluginOptions<Required<MissingFunctionOptions>>(PLUGIN_NAME, MissingFunctionPerturbationPlugin.optionsSchema, options);
  }

  apply(engine: Engine): void {
    const probability = this.options.probability;
    const share = this.options.clarificationShare ?? 0.78;
    engine.hooks.onGenerate.tapPromise({ name: this.name, stage: STAGES.onGenerate.missingFunction }, (draft) => {
      const script = queryScript(draft);
      if (script === undefined || script.irrelevant !== undefined) return Promise.resolve(draft);
      const rng = perturbationRandom(draft, PLUGIN_NAME);
      if (!rng.chance(probability)) return Promise.resolve(draft);
      const steps = script.plan.steps;
      const ask = rng.chance(share);
      // Clarification: a later tool of the chain (the assistant gets that far); abstention: the first one.
      const firstTurn = steps.map((step, i) => ({ step, i })).filter(({ step, i }) => i > 0 && !steps.slice(0, i).some((s) => s.tool === step.tool));
      const index = ask && firstTurn.length > 0 ? rng.pick(firstTurn).i : 0;
      const hidden = steps[index].tool;
      // The user asks for it in the first message, so everything up to it moves into the first turn.
      for (let i = 0; i <= index; i++) steps[i].turn = 0;
      script.plan = { ...script.plan, steps: steps.slice(0, index + 1), turns: 1 };
      script.hiddenTool = hidden;
      script.hiddenAsk = index > 0;
      if (script.withheld !== undefined && script.withheld.step > index) script.withheld = undefined;
      draft.tools = draft.tools.filter((tool) => tool.function.name !== hidden);
      markPerturbation(draft, 'missing_function', hidden);
      return Promise.resolve(draft);
    });
  }
}

export default MissingFunctionPerturbationPlugin;
