import { integerOption, type CommandOption, type Example, type JsonSchema, type ToolSchema } from '../../core/index.js';

/** How the candidate tools of an example are cut down to fit a small model's context. */
export interface ToolFit {
  /** Short descriptions (first sentence, at most 160 characters) and argument schemas without descriptions, examples or defaults. */
  compact?: boolean;
  /** Candidate tools at most; the ground truth's tools and the distractors synthesis added are always kept. */
  maxTools?: number;
  /** User turns played (`--max-user-turns`): with a cap, only the ground truth's tools of these turns count as required. */
  turns?: number;
}

const DESCRIPTION_CHARS = 160;
/** The parts of an argument's JSON Schema a model needs to form a valid call. */
const KEPT_KEYWORDS = ['type', 'enum', 'const', 'items', 'properties', 'required', 'anyOf', 'oneOf', 'minimum', 'maximum', 'format', 'additionalProperties'];

function firstSentence(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const cut = /^(.+?[.!?])(\s|$)/s.exec(text);
  const sentence = (cut ? cut[1] : text).trim();
  return sentence.length <= DESCRIPTION_CHARS ? sentence : `${sentence.slice(0, DESCRIPTION_CHARS - 1).trimEnd()}…`;
}

function compactSchema(schema: JsonSchema): JsonSchema {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const key of KEPT_KEYWORDS) {
    const value = (schema as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (key === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(Object.entries(value as Record<string, JsonSchema>).map(([name, sub]) => [name, compactSchema(sub)]));
    } else if (key === 'items' && value && typeof value === 'object' && !Array.isArray(value)) out.items = compactSchema(value as JsonSchema);
    else if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(value)) out[key] = value.map((sub) => compactSchema(sub as JsonSchema));
    else out[key] = value;
  }
  return out as JsonSchema;
}

/** A tool as the compact rendering shows it: the same OpenAI shape, so that every chat template renders it. */
export function compactTool(tool: ToolSchema): ToolSchema {
  const fn = tool.function;
  const compact: ToolSchema['function'] = { name: fn.name, parameters: compactSchema(fn.parameters) };
  const description = firstSentence(fn.description);
  if (description !== undefined) compact.description = description;
  return { type: 'function', function: compact };
}

/**
 * Names of the tools an example must keep: its ground truth's (of the first `turns` user turns, when
 * given: a rollout cut there never reaches the later ones), and the distractors synthesis added (meta.distractors).
 */
export function requiredTools(example: Example, turns?: number): Set<string> {
  const steps = turns === undefined ? example.groundTruth : example.groundTruth.filter((step) => step.turn < turns);
  const names = new Set(steps.flatMap((step) => step.calls.map((call) => call.name)));
  const distractors = example.meta?.distractors;
  if (Array.isArray(distractors)) for (const name of distractors) if (typeof name === 'string') names.add(name);
  return names;
}

/**
 * The example with its candidate tools fitted: at most `maxTools` (the required ones always, then the
 * others in their listed order), in the order they were listed, compacted when asked. Nothing else of
 * the example changes, and an example without a fit is returned as it is.
 */
export function fitTools(example: Example, fit: ToolFit | undefined): Example {
  if (!fit || (!fit.compact && fit.maxTools === undefined)) return example;
  let tools = example.tools;
  if (fit.maxTools !== undefined && tools.length > fit.maxTools) {
    const required = requiredTools(example, fit.turns);
    let room = Math.max(0, fit.maxTools - tools.filter((t) => required.has(t.function.name)).length);
    tools = tools.filter((t) => {
      if (required.has(t.function.name)) return true;
      if (room <= 0) return false;
      room--;
      return true;
    });
  }
  if (fit.compact) tools = tools.map(compactTool);
  return { ...example, tools };
}

/** Characters of the tools as JSON: what a template that lists their schemas shows the model. */
export function toolsChars(tools: readonly ToolSchema[]): number {
  return tools.reduce((n, t) => n + JSON.stringify(t).length, 0);
}

/** `--compact-tools` and `--max-tools N`, as options of the commands that play rollouts (`eval`, `train`); {@link toolFitOption} reads them. */
export const TOOL_FIT_OPTIONS: Record<string, CommandOption> = {
  'compact-tools': { type: 'boolean', description: 'show the tools compactly (rollouts, and train’s SFT data): first sentence of each description, argument schemas without descriptions' },
  'max-tools': { type: 'string', valueName: 'N', description: 'candidate tools per example at most (the ground truth’s tools of the user turns played and the synthesized distractors are kept)' },
};

/** The fit given by `--compact-tools` and `--max-tools N` (command line or the config's section of the command). */
export function toolFitOption(command: string, settings: Record<string, unknown>): ToolFit | undefined {
  const compact = settings['compact-tools'] === true;
  const maxTools = settings['max-tools'] === undefined ? undefined : integerOption(command, 'max-tools', settings['max-tools'], 1);
  const turns = maxTools === undefined || settings['max-user-turns'] === undefined ? undefined : integerOption(command, 'max-user-turns', settings['max-user-turns'], 1);
  return compact || maxTools !== undefined ? { compact, ...(maxTools === undefined ? {} : { maxTools }), ...(turns === undefined ? {} : { turns }) } : undefined;
}
