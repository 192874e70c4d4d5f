import type { Engine, JsonSchema, WorldSpec } from '../../core/index.js';
import { toolSchemaHash, type DependencyEdge, type DependencyGraph } from './DependencyGraph.js';
import { resolveArguments, type ResolvedArguments } from './resolveArguments.js';
import { SynthesisRandom } from './SynthesisRandom.js';
import type { ToolFacts } from './ToolCatalog.js';
import { extractRecords, singular, snakeCase, stripRolePrefix, ValuePool } from './valuePool.js';

/** Output field names a tool can produce, from its output schema (snake_case, `id` also as `<noun>_id`). */
export function outputFieldsOfSchema(schema: JsonSchema | undefined, noun = '', out = new Set<string>()): Set<string> {
  if (schema === undefined || schema === null || typeof schema !== 'object') return out;
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (properties) {
    for (const [key, property] of Object.entries(properties)) {
      const field = snakeCase(key);
      out.add(field);
      if (field === 'id' && noun !== '') out.add(`${noun}_id`);
      outputFieldsOfSchema(property, singular(field), out);
    }
  }
  if (schema.items && typeof schema.items === 'object') outputFieldsOfSchema(schema.items as JsonSchema, noun, out);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(schema[key])) for (const part of schema[key] as JsonSchema[]) outputFieldsOfSchema(part, noun, out);
  }
  return out;
}

function inputMatches(input: string, fields: ReadonlySet<string>): string | undefined {
  if (fields.has(input)) return input;
  const base = stripRolePrefix(input);
  if (fields.has(base)) return base;
  const single = singular(input);
  if (single !== input && fields.has(single)) return single;
  return undefined;
}

/** Options of discovery. */
export interface DiscoveryOptions {
  /** Probe live sessions for implicit edges (and to learn which tools can be called at all). */
  probe: boolean;
  /** Argument draws tried per probe. */
  attempts: number;
  world: WorldSpec;
  seed: number;
}

/**
 * The dependency graph of one environment, without a model: explicit edges by matching output
 * fields (declared, and seen in live results) to required inputs; implicit edges by live probing in
 * fresh sessions (B fails alone and succeeds after A).
 */
export async function discoverDependencyGraph(engine: Engine, tools: readonly ToolFacts[], sample: ValuePool, today: string, options: DiscoveryOptions): Promise<DependencyGraph> {
  const server = tools[0]?.server ?? '';
  const fields = new Map<string, Set<string>>();
  for (const tool of tools) fields.set(tool.name, outputFieldsOfSchema(tool.outputSchema));
  const alone = new Map<string, { resolved: ResolvedArguments; result: unknown }>();
  const callable = new Set<string>();
  const implicit: DependencyEdge[] = [];

  // Later draws fill more optional arguments: some tools need at least one ("nothing to update").
  const optionalRate = (attempt: number) => (options.attempts <= 1 ? 0 : Math.min(1, attempt / (options.attempts - 1)));
  const run = async (sequence: Array<{ tool: ToolFacts; seed: number; optionalRate: number }>): Promise<Array<{ ok: boolean; resolved?: ResolvedArguments; result?: unknown }>> => {
    const session = await engine.openSession(server, options.world);
    const outputs = new ValuePool();
    const results: Array<{ ok: boolean; resolved?: ResolvedArguments; result?: unknown }> = [];
    try {
      for (let step = 0; step < sequence.length; step++) {
        const { tool, seed, optionalRate: rate } = sequence[step];
        const rng = new SynthesisRandom(seed);
        const resolved = resolveArguments(tool, { outputs, sample, bindings: new Map(), today, rng, optionalRate: rate });
        if (resolved === undefined) {
          results.push({ ok: false });
          break;
        }
        const executed = await engine.execute({ server, session, call: { name: tool.name, arguments: resolved.arguments } });
        results.push({ ok: executed.ok, resolved, result: executed.result });
        if (!executed.ok) break;
        for (const record of extractRecords(executed.result, '', { kind: 'output', step, tool: tool.name })) outputs.add(record);
      }
    } finally {
      await session.close();
    }
    return results;
  };

  if (options.probe) {
    for (const tool of tools) {
      for (let attempt = 0; attempt < options.attempts; attempt++) {
        const [outcome] = await run([{ tool, seed: options.seed + attempt, optionalRate: optionalRate(attempt) }]);
        if (outcome?.ok) {
          alone.set(tool.name, { resolved: outcome.resolved!, result: outcome.result });
          callable.add(tool.name);
          // Fields seen live count too: schemas can be loose.
          for (const record of extractRecords(outcome.result, '', { kind: 'output', step: 0, tool: tool.name })) {
            for (const field of Object.keys(record.fields)) fields.get(tool.name)!.add(field);
          }
          break;
        }
      }
    }
  }

  const edges: DependencyEdge[] = [];
  for (const a of tools) {
    const produced = fields.get(a.name)!;
    // A field A only echoes back from its own required inputs links nothing new.
    const echoes = new Set(a.required.map((input) => stripRolePrefix(input)));
    for (const b of tools) {
      if (a.name === b.name) continue;
      const matched: Array<{ output: string; input: string }> = [];
      for (const input of b.required) {
        const output = inputMatches(input, produced);
        if (output !== undefined && !echoes.has(output) && !echoes.has(input)) matched.push({ output, input });
      }
      if (matched.length > 0) edges.push({ from: a.name, to: b.name, kind: 'explicit', fields: matched, source: 'schema' });
    }
  }

  if (options.probe) {
    const explicitPairs = new Set(edges.map((edge) => `${edge.from}>${edge.to}`));
    for (const b of tools) {
      if (alone.has(b.name)) continue;
      for (const a of tools) {
        if (a.name === b.name || !alone.has(a.name)) continue;
        let succeeded = false;
        for (let attempt = 0; attempt < options.attempts && !succeeded; attempt++) {
          const outcomes = await run([
            { tool: a, seed: options.seed, optionalRate: 0 },
            { tool: b, seed: options.seed + 100 + attempt, optionalRate: optionalRate(attempt) },
          ]);
          succeeded = outcomes.length === 2 && outcomes[1].ok;
        }
        if (!succeeded) continue;
        callable.add(b.name);
        if (!explicitPairs.has(`${a.name}>${b.name}`)) implicit.push({ from: a.name, to: b.name, kind: 'implicit', fields: [], source: 'probe' });
      }
    }
  } else {
    for (const tool of tools) callable.add(tool.name);
  }

  const all = [...edges, ...implicit].sort((x, y) => (x.from === y.from ? (x.to < y.to ? -1 : x.to > y.to ? 1 : 0) : x.from < y.from ? -1 : 1));
  return {
    server,
    hash: toolSchemaHash(tools),
    tools: tools.map((t) => t.name),
    readOnly: tools.filter((t) => t.readOnly).map((t) => t.name),
    callable: tools.map((t) => t.name).filter((name) => callable.has(name)),
    edges: all,
  };
}
