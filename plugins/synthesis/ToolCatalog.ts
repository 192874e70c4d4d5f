import type { Environment, JsonSchema, ToolSchema } from '../../core/index.js';

/** What synthesis knows about one tool: its schema and the facts its environment gives beyond it. */
export interface ToolFacts {
  server: string;
  name: string;
  schema: ToolSchema;
  description: string;
  properties: Record<string, JsonSchema>;
  required: string[];
  outputSchema?: JsonSchema;
  /** Declared read-only (MCP `readOnlyHint`); without annotations, guessed from the verb of the name. */
  readOnly: boolean;
  sensitive: string[];
  /** Request phrasings with `{argument}` slots, where the environment offers some. */
  phrasings: string[];
}

const READ_VERBS = new Set(['get', 'list', 'search', 'find', 'query', 'track', 'estimate', 'lookup', 'read', 'show', 'describe', 'check', 'fetch']);

/** The tools of an environment with their facts, in the environment's order. */
export function toolCatalog(environment: Environment): ToolFacts[] {
  const infos = new Map((environment.describeTools?.() ?? []).map((info) => [info.name, info]));
  return environment.tools.map((schema) => {
    const name = schema.function.name;
    const info = infos.get(name);
    const parameters = schema.function.parameters ?? {};
    const readOnly = info?.annotations?.readOnlyHint ?? READ_VERBS.has(name.split('_')[0]);
    return {
      server: environment.name,
      name,
      schema,
      description: schema.function.description ?? '',
      properties: (parameters.properties ?? {}) as Record<string, JsonSchema>,
      required: Array.isArray(parameters.required) ? (parameters.required as string[]) : [],
      outputSchema: info?.outputSchema,
      readOnly,
      sensitive: info?.sensitive ?? [],
      phrasings: info?.phrasings ?? [],
    };
  });
}
