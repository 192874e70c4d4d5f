import { validatePluginOptions, type Engine, type JsonSchema, type ProvePlugin } from '../../core/index.js';
import { STAGES } from '../stages.js';
import { markPerturbation, perturbationRandom, PROBABILITY_SCHEMA, queryScript, type PerturbationOptions } from './perturbationSupport.js';
import type { ToolFacts } from './ToolCatalog.js';

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
  static readonly commands = [];
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
      // Only a tool no other offered tool can stand in for: hiding get_device_state while list_devices returns the same state makes a wrong refusal.
      const offered = draft.tools.map((tool) => script.tools.get(tool.function.name)).filter((tool): tool is ToolFacts => tool !== undefined);
      const replaceable = (name: string) => offered.some((other) => other.name !== name && canStandIn(other, script.tools.get(name)));
      // A scenario's first message asks only for its first turn's steps: a later turn's step cannot move into it.
      const firstTurn = steps
        .map((step, i) => ({ step, i }))
        .filter(({ step, i }) => i > 0 && (script.plan.says === undefined || step.turn === 0) && !steps.slice(0, i).some((s) => s.tool === step.tool) && !replaceable(step.tool));
      if (!ask && replaceable(steps[0].tool)) return Promise.resolve(draft);
      if (ask && firstTurn.length === 0) return Promise.resolve(draft);
      const index = ask ? rng.pick(firstTurn).i : 0;
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

/** Property names of an object schema, and of the objects inside its arrays and objects (one level down). */
function fieldNames(schema: JsonSchema | undefined, depth = 0, out = new Set<string>()): Set<string> {
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  for (const [name, property] of Object.entries(properties)) {
    out.add(name);
    if (depth < 2) fieldNames(property.type === 'array' ? (property.items as JsonSchema | undefined) : property, depth + 1, out);
  }
  return out;
}

/**
 * Whether `other` can serve a request for `tool`: both read-only, `other` needs no argument `tool` does
 * not take, and its result holds most of what `tool` returns, or nearly half for a tool about the same
 * thing (list_devices carries each device's state, as get_device_state does).
 */
export function canStandIn(other: ToolFacts, tool: ToolFacts | undefined): boolean {
  if (tool === undefined || !tool.readOnly || !other.readOnly) return false;
  // What the tool returns: its top-level fields, or the fields of the entities of a list it returns.
  const wanted: string[] = [];
  for (const [name, property] of Object.entries((tool.outputSchema?.properties ?? {}) as Record<string, JsonSchema>)) {
    const items = property.type === 'array' ? ((property.items as JsonSchema | undefined)?.properties as Record<string, JsonSchema> | undefined) : undefined;
    if (items !== undefined) wanted.push(...Object.keys(items));
    else if (!/^(as_of|count|total|total_count|offset|has_more|next_page_token)$/.test(name)) wanted.push(name);
  }
  if (wanted.length === 0) return false;
  const given = fieldNames(other.outputSchema);
  const required = other.required.filter((argument) => !(argument in tool.properties));
  if (required.length > 0) return false;
  const share = wanted.filter((name) => given.has(name)).length / wanted.length;
  // Tools about the same thing (list_devices and get_device_state both name "device") need less overlap.
  const nouns = (name: string) => new Set(name.split('_').slice(1).map((word) => word.replace(/(ies)$/, 'y').replace(/s$/, '')));
  const theirs = nouns(other.name);
  const shared = [...nouns(tool.name)].some((noun) => noun.length > 3 && theirs.has(noun));
  return share >= 0.7 || (shared && share >= 0.45);
}
