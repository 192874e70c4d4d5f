import type { Engine, JsonSchema, WorldSpec } from '../../core/index.js';
import { toolSchemaHash, type DependencyEdge, type DependencyGraph } from './DependencyGraph.js';
import { resolveArguments, type ResolvedArguments } from './resolveArguments.js';
import { SynthesisRandom } from './SynthesisRandom.js';
import type { ToolFacts } from './ToolCatalog.js';
import { extractRecords, singular, snakeCase, stripRolePrefix, ValuePool } from './valuePool.js';

/**
 * Inputs that name an existing thing: ids (`account_id`, `traveler_ids`), paths, and the few handles
 * domains use instead of ids (a SKU, a ticker symbol, a channel, a label, a user name or email, a city code). Every
 * other input (an amount, a name, a date, a flag, free text) is a value the user chooses: no edge.
 */
export function isIdentifierInput(input: string): boolean {
  const field = singular(stripRolePrefix(input));
  return field === 'id' || /_ids?$/.test(field) || field === 'path' || field.endsWith('_path') || field.endsWith('_email') || IDENTIFIER_HANDLES.has(field);
}

/** Nouns of ids that name any kind of thing (`record_id`, `target_id`). */
const GENERIC_NOUNS = new Set(['record', 'target', 'entity', 'object', 'resource']);

const IDENTIFIER_HANDLES = new Set(['sku', 'symbol', 'channel', 'username', 'handle', 'city_code', 'label', 'email']);

/** The output field names an identifier input can take its value from. */
export function identifierSources(input: string): string[] {
  const base = stripRolePrefix(input);
  const out = new Set([input, base, singular(input), singular(base)]);
  // A role names what it refers to in its last words: `blocking_issue_id` is an `issue_id`,
  // `destination_calendar_id` a `calendar_id`, `assignee_email` an `email`.
  const parts = base.split('_');
  for (let i = 1; i < parts.length - (base.endsWith('_id') ? 1 : 0); i++) out.add(parts.slice(i).join('_'));
  // A value also comes from a list of them: `transaction_id` from a transfer's `transaction_ids`.
  out.add(`${base}s`);
  if (base.endsWith('_path')) out.add('path');
  return [...out];
}

/**
 * The identifier fields of an output schema, each marked `primary` when it is the id of the record
 * it sits in (`transfer_id` of a `transfer`, `id` inside `accounts[]` = `account_id`, any field of the
 * top-level record) and `foreign` when it points at another record (`account_id` of a card).
 */
export function outputIdentifiers(schema: JsonSchema | undefined, noun = '', out = new Map<string, 'primary' | 'foreign'>()): Map<string, 'primary' | 'foreign'> {
  if (schema === undefined || schema === null || typeof schema !== 'object') return out;
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (properties) {
    const aliases = nounAliases(noun);
    for (const [key, property] of Object.entries(properties)) {
      const field = snakeCase(key);
      const names = field === 'id' ? aliases : [field];
      for (const name of names) {
        if (!isIdentifierInput(name) && name !== 'id') continue;
        const kind = noun === '' || field === 'id' || aliases.includes(name) || !name.endsWith('_id') ? 'primary' : 'foreign';
        if (out.get(name) !== 'primary') out.set(name, kind);
      }
      outputIdentifiers(property, singular(field), out);
    }
  }
  if (schema.items && typeof schema.items === 'object') outputIdentifiers(schema.items as JsonSchema, noun, out);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(schema[key])) for (const part of schema[key] as JsonSchema[]) outputIdentifiers(part, noun, out);
  }
  return out;
}

/** A value like `value` that no entity has: `notes.txt` → `notes-new.txt`, `acc_1` → `acc_1new`. */
function freshValue(value: string): string {
  const dot = value.lastIndexOf('.');
  return dot > value.lastIndexOf('/') + 1 ? `${value.slice(0, dot)}-new${value.slice(dot)}` : `${value}new`;
}

/** `upcoming_event` → `upcoming_event_id`, `event_id` (as extractRecords names an `id`). */
function nounAliases(noun: string): string[] {
  if (noun === '') return [];
  const parts = noun.replace(/ /g, '_').split('_');
  return parts.map((_, i) => `${parts.slice(i).join('_')}_id`);
}

/** Distinct things each tool is tried on for state refusals (twice as many once one of its refusals was lifted). */
const STATE_DRAWS = 24;
/** Further draws of a reader, and distinct values of it tried, to see whether B takes any of its values. */
const READER_DRAWS = 4;
const READER_VALUES = 24;
/** Refused values tried after each state-changing tool. */
const LIFT_VALUES = 2;
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
 * The dependency graph of one environment, without a model: explicit edges from identifiers in A's
 * output (declared, and seen in live results) to identifier inputs of B the user does not choose;
 * implicit edges by live probing in fresh sessions (A changes state; B fails alone, and on the same
 * arguments succeeds after A). Rules and measured precision/recall: plugins/synthesis/README.md.
 */
export async function discoverDependencyGraph(engine: Engine, tools: readonly ToolFacts[], sample: ValuePool, today: string, options: DiscoveryOptions): Promise<DependencyGraph> {
  const server = tools[0]?.server ?? '';
  const identifiers = new Map<string, Map<string, 'primary' | 'foreign'>>();
  for (const tool of tools) identifiers.set(tool.name, outputIdentifiers(tool.outputSchema));
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

  const succeedsAlone = async (tool: ToolFacts, args: Record<string, unknown>): Promise<boolean> => {
    const session = await engine.openSession(server, options.world);
    try {
      return (await engine.execute({ server, session, call: { name: tool.name, arguments: args } })).ok;
    } finally {
      await session.close();
    }
  };

  // One call of each tool seen working: its arguments, result, and the calls it needed before it.
  const working = new Map<string, { prefix: Array<{ tool: ToolFacts; args: Record<string, unknown> }>; args: Record<string, unknown>; result: unknown }>();
  // Whether a refusal of B names a tool that changes state: the server saying a change lifts it.
  const namesStateTool = (refusal: string, b: ToolFacts): boolean => tools.some((tool) => !tool.readOnly && tool !== b && new RegExp(`\\b${tool.name}\\b`).test(refusal));
  if (options.probe) {
    for (const tool of tools) {
      for (let attempt = 0; attempt < options.attempts; attempt++) {
        const [outcome] = await run([{ tool, seed: options.seed + attempt, optionalRate: optionalRate(attempt) }]);
        if (outcome?.ok) {
          alone.set(tool.name, { resolved: outcome.resolved!, result: outcome.result });
          working.set(tool.name, { prefix: [], args: outcome.resolved!.arguments, result: outcome.result });
          callable.add(tool.name);
          break;
        }
      }
    }
  }

  // An identifier input that takes a value nothing returned (a new file's path, a new channel's
  // name) is one the user chooses: no edge fills it.
  const chosen = new Map<string, Set<string>>();
  for (const tool of tools) {
    const outcome = alone.get(tool.name);
    if (outcome === undefined) continue;
    for (const input of tool.required) {
      const value = outcome.resolved.arguments[input];
      if (!isIdentifierInput(input) || typeof value !== 'string') continue;
      if (await succeedsAlone(tool, { ...outcome.resolved.arguments, [input]: freshValue(value) })) {
        let set = chosen.get(tool.name);
        if (set === undefined) chosen.set(tool.name, (set = new Set()));
        set.add(input);
      }
    }
  }

  // What exists before any change: the sampled entities and everything the read-only tools returned.
  // Where a read-only tool takes the id, asking it in an untouched session decides (samplers also
  // propose names for new things, and one customer's lists do not show another's).
  const existing = sample.strings();
  const asked = new Map<string, boolean>();
  const existedBefore = async (field: string, value: string): Promise<boolean> => {
    const key = `${field}\u0000${value}`;
    let known = asked.get(key);
    if (known !== undefined) return known;
    for (const reader of tools) {
      const outcome = reader.readOnly ? alone.get(reader.name) : undefined;
      const input = outcome === undefined ? undefined : reader.required.find((name) => typeof outcome.resolved.arguments[name] === 'string' && identifierSources(name).includes(field));
      if (outcome === undefined || input === undefined) continue;
      // A reader that also answers for what is not there (`check_path_access`) proves nothing.
      if (chosen.get(reader.name)?.has(input)) continue;
      known = await succeedsAlone(reader, { ...outcome.resolved.arguments, [input]: value });
      if (known) break;
    }
    known ??= existing.has(value);
    asked.set(key, known);
    return known;
  };
  for (const tool of tools) {
    const seen = tool.readOnly ? alone.get(tool.name) : undefined;
    if (seen !== undefined) for (const record of extractRecords(seen.result, '', { kind: 'output', step: 0, tool: tool.name })) for (const value of Object.values(record.fields)) for (const item of [value].flat()) if (typeof item === 'string') existing.add(item);
  }
  // Ids seen live count too (schemas can be loose). What a state-changing tool returns is judged by
  // its values: an id that existed before is one it changed or merely points at (the account a
  // cancelled transfer credited); one that did not, it made (the new transfer).
  const liveJudged = new Set<string>();
  const classify = async (tool: ToolFacts, result: unknown, args: Record<string, unknown>): Promise<void> => {
    // Its own arguments name what it changed, unless the user chose them for a new thing (a path to write).
    const given = new Set(Object.entries(args).filter(([input]) => isIdentifierInput(input) && !chosen.get(tool.name)?.has(input)).flatMap(([, value]) => [value].flat()).filter((value) => typeof value === 'string'));
    // A value the user chose for a new thing (the path of a file to write) names what the tool made.
    const named = new Set(Object.entries(args).filter(([input]) => chosen.get(tool.name)?.has(input)).map(([, value]) => value));
    liveJudged.add(tool.name);
    const seen = identifiers.get(tool.name)!;
    if (!tool.readOnly) seen.clear();
    for (const record of extractRecords(result, '', { kind: 'output', step: 0, tool: tool.name })) {
      const aliases = nounAliases(record.noun);
      for (const [field, value] of Object.entries(record.fields)) {
        if (!isIdentifierInput(field)) continue;
        let made = false;
        if (!tool.readOnly) for (const item of [value].flat()) if (typeof item === 'string' && (named.has(item) || (!given.has(item) && !(await existedBefore(field, item))))) made = true;
        const kind = tool.readOnly ? (record.noun === '' || aliases.includes(field) || !field.endsWith('_id') ? 'primary' : 'foreign') : made ? 'primary' : 'foreign';
        if (seen.get(field) !== 'primary') seen.set(field, kind);
      }
    }
  };
  for (const tool of tools) {
    const outcome = alone.get(tool.name);
    if (outcome !== undefined) await classify(tool, outcome.result, outcome.resolved.arguments);
  }
  // A state-changing tool never seen working is taken to make what its name names
  // (create_traveler_profile: a traveler_id, a profile_id), nothing else it returns.
  const namedIds = (tool: ToolFacts) => nounAliases(tool.name.split('_').slice(1).join('_')).concat(tool.name.split('_').slice(1).flatMap((word) => [word, `${word}_id`]));
  // Tools that fail alone, tried after each tool that worked alone. What they return there counts
  // for their own identifiers, as an alone result does.
  const afterOthers: Array<{ a: ToolFacts; b: ToolFacts; args: Record<string, unknown> }> = [];
  if (options.probe) {
    for (const b of tools) {
      if (alone.has(b.name)) continue;
      for (const a of tools) {
        if (a.name === b.name || !alone.has(a.name)) continue;
        for (let attempt = 0; attempt < options.attempts; attempt++) {
          const outcomes = await run([
            { tool: a, seed: options.seed, optionalRate: 0 },
            { tool: b, seed: options.seed + 100 + attempt, optionalRate: optionalRate(attempt) },
          ]);
          if (outcomes.length === 2 && outcomes[1].ok) {
            if (!callable.has(b.name)) await classify(b, outcomes[1].result, outcomes[1].resolved!.arguments);
            if (!working.has(b.name)) working.set(b.name, { prefix: [{ tool: a, args: outcomes[0].resolved!.arguments }], args: outcomes[1].resolved!.arguments, result: outcomes[1].result });
            callable.add(b.name);
            afterOthers.push({ a, b, args: outcomes[1].resolved!.arguments });
            break;
          }
        }
      }
    }
  } else {
    for (const tool of tools) callable.add(tool.name);
  }

  // State refusals: a tool may refuse one thing for the state it is in (a sleeping car, a route not
  // set, a channel not joined) and say which tool lifts the refusal ("wake it with wake_vehicle
  // first"). B is tried on distinct things of the sampled world; where its refusal names a
  // state-changing A, A is called first on that same thing (its ids bound to B's), then B on the very
  // same arguments. B working makes A a prerequisite; B refusing for a next gate that names another
  // tool tries that one too (wake, then set a route, then cancel it), each tool of the chain kept
  // when B fails without it. A refusal that names no tool is no state edge (an order already
  // shipped, a coupon expired): the server itself says nothing lifts it.
  const stateEdges: Array<{ a: ToolFacts; b: ToolFacts }> = [];
  if (options.probe) {
    const idInputs = (tool: ToolFacts) => tool.required.filter((input) => isIdentifierInput(input) && !chosen.get(tool.name)?.has(input));
    const refusalOf = async (calls: Array<{ tool: ToolFacts; args: Record<string, unknown> }>): Promise<string | undefined> => {
      const session = await engine.openSession(server, options.world);
      try {
        for (let step = 0; step < calls.length; step++) {
          const executed = await engine.execute({ server, session, call: { name: calls[step].tool.name, arguments: calls[step].args } });
          if (!executed.ok) return step === calls.length - 1 ? (executed.error?.message ?? 'refused') : undefined;
        }
        return '';
      } finally {
        await session.close();
      }
    };
    for (const b of tools) {
      const ids = idInputs(b);
      if (ids.length === 0) continue;
      const avoid = new Set<string>();
      const found = new Set<string>();
      const kinds = new Map<string, number>();
      // A tool found gated by state is tried on twice as many things: other things may be in other states
      // (the one car with its rear trunk open).
      for (let attempt = 0; attempt < (found.size > 0 ? 2 * STATE_DRAWS : STATE_DRAWS); attempt++) {
        const args = resolveArguments(b, { outputs: new ValuePool(), sample, bindings: new Map(), today, rng: new SynthesisRandom(options.seed + 700 + attempt), optionalRate: optionalRate(attempt % options.attempts), avoid })?.arguments;
        if (args === undefined) break;
        const values = ids.flatMap((input) => [args[input]].flat()).filter((value): value is string => typeof value === 'string');
        if (values.length === 0 || values.every((value) => avoid.has(value))) break;
        for (const value of values) avoid.add(value);
        const refusal = await refusalOf([{ tool: b, args }]);
        if (!refusal) continue;
        // A refusal said before about another thing (its values and numbers aside) is lifted as it
        // was then: only new kinds of refusal are tried (each at most twice where nothing lifted it).
        const kind = [...values, ...Object.values(args).filter((value): value is string => typeof value === 'string')].reduce((text, value) => (value.length > 1 ? text.split(value).join('\u0000') : text), refusal).replace(/\d+(\.\d+)?/g, '#');
        const seen = kinds.get(kind) ?? 0;
        if (seen < 0 || seen >= 2) continue;
        const bindings = new Map<string, unknown>();
        for (const input of ids) bindings.set(input, args[input]).set(stripRolePrefix(input), args[input]);
        const given = new Set(values);
        // The tools a refusal names, each tried on B's thing; where B then refuses for a next gate that
        // names another tool, that one is tried after it (one more step): the tools of a chain after
        // which B works are its prerequisites.
        const lift = async (prefix: Array<{ tool: ToolFacts; args: Record<string, unknown> }>, refused: string): Promise<ToolFacts[] | undefined> => {
          const named = tools.filter((a) => a !== b && !a.readOnly && !prefix.some((call) => call.tool === a) && new RegExp(`\\b${a.name}\\b`).test(refused));
          for (const a of named) {
            for (let draw = 0; draw < options.attempts; draw++) {
              const drawn = resolveArguments(a, { outputs: new ValuePool(), sample, bindings, today, rng: new SynthesisRandom(options.seed + draw), optionalRate: optionalRate(draw) });
              // Only A acting on the thing B refused: a change elsewhere proves nothing about B's thing.
              if (drawn === undefined || !idInputs(a).some((input) => [drawn.arguments[input]].flat().some((value) => given.has(value as string)))) continue;
              const calls = [...prefix, { tool: a, args: drawn.arguments }];
              const after = await refusalOf([...calls, { tool: b, args }]);
              if (after === undefined) continue;
              if (after === '') {
                // Each tool of the chain is needed: without it B still refuses (or the chain breaks).
                const needed: ToolFacts[] = [];
                for (let i = 0; i < calls.length; i++) if (calls.length === 1 || (await refusalOf([...calls.slice(0, i), ...calls.slice(i + 1), { tool: b, args }])) !== '') needed.push(calls[i].tool);
                return needed;
              }
              if (prefix.length === 0) {
                const chain = await lift(calls, after);
                if (chain !== undefined) return chain;
              }
              // A refusal that still names A asks for A done otherwise (another status): the next draw.
              if (!new RegExp(`\\b${a.name}\\b`).test(after)) break;
            }
          }
          return undefined;
        };
        const lifted = await lift([], refusal);
        kinds.set(kind, lifted === undefined ? seen + 1 : -1);
        for (const a of lifted ?? []) {
          if (found.has(a.name)) continue;
          found.add(a.name);
          stateEdges.push({ a, b });
        }
      }
    }
  }

  // A field named for something else holds handles too when a reader that takes one (and refuses
  // what is not there) accepts its value: a post's `author` and `mentions` are handles. Only
  // handles: ids and paths are named as such wherever they are meant (a user's `home` is no path to act on).
  // Judged per field of the records a reader lists or nests, on its first value.
  // The identifier kinds a reader gives, seen live, inside the records it lists or nests with several
  // values other than the ones it was asked about (and handles judged below): there the same name as a
  // required input is another thing, not an echo (a thread's replies, an account's followers; not
  // the customer of a customer's accounts).
  const nestedKinds = new Map<string, Set<string>>();
  for (const tool of tools) {
    const kinds = new Set<string>();
    const seen = tool.readOnly ? alone.get(tool.name) : undefined;
    if (seen !== undefined) {
      const asked = new Set(Object.entries(seen.resolved.arguments).filter(([input]) => isIdentifierInput(input)).flatMap(([, value]) => [value].flat()));
      // A nested record's own identifier is its first one (`post_id` of a reply, `handle` of a follower;
      // the `calendar_id` after an event's `event_id` points elsewhere).
      const values = new Map<string, Set<string>>();
      const walk = (value: unknown, depth: number): void => {
        if (Array.isArray(value)) for (const item of value) walk(item, depth);
        else if (value !== null && typeof value === 'object') {
          const own = depth > 0 ? Object.entries(value).find(([key, item]) => isIdentifierInput(snakeCase(key)) && typeof item === 'string') : undefined;
          if (own !== undefined && !asked.has(own[1])) values.set(snakeCase(own[0]), (values.get(snakeCase(own[0])) ?? new Set()).add(own[1] as string));
          for (const item of Object.values(value)) walk(item, depth + 1);
        }
      };
      walk(seen.result, 0);
      for (const [field, distinct] of values) if (distinct.size > 1) kinds.add(field);
    }
    nestedKinds.set(tool.name, kinds);
  }
  const lookups = tools.flatMap((reader) => {
    const outcome = reader.readOnly ? alone.get(reader.name) : undefined;
    return outcome === undefined ? [] : reader.required.filter((input) => isIdentifierInput(input) && typeof outcome.resolved.arguments[input] === 'string' && !chosen.get(reader.name)?.has(input)).map((input) => ({ reader, input, args: outcome.resolved.arguments }));
  });
  for (const tool of tools) {
    const seen = tool.readOnly ? alone.get(tool.name) : undefined;
    if (seen === undefined) continue;
    const judged = new Set<string>();
    for (const record of extractRecords(seen.result, '', { kind: 'output', step: 0, tool: tool.name })) {
      if (record.noun === '') continue;
      for (const [field, value] of Object.entries(record.fields)) {
        const first = [value].flat()[0];
        if (isIdentifierInput(field) || judged.has(field) || typeof first !== 'string' || first === '' || first.length > 100) continue;
        judged.add(field);
        for (const { reader, input, args } of lookups) {
          const kind = singular(stripRolePrefix(input));
          if (!IDENTIFIER_HANDLES.has(kind) || nestedKinds.get(tool.name)!.has(kind) || args[input] === first) continue;
          if (await succeedsAlone(reader, { ...args, [input]: first })) {
            identifiers.get(tool.name)!.set(kind, 'primary');
            nestedKinds.get(tool.name)!.add(kind);
          }
        }
      }
    }
  }

  // A reader asked about nothing in particular (no identifier argument) describes at its top level
  // the session it runs in (the working directory, the home, the mount point): only what it lists
  // or nests is a thing to act on.
  const context = new Map<string, Set<string>>();
  for (const tool of tools) {
    const seen = tool.readOnly ? alone.get(tool.name) : undefined;
    if (seen === undefined || Array.isArray(seen.result) || Object.entries(seen.resolved.arguments).some(([input, value]) => isIdentifierInput(input) && value !== undefined)) continue;
    const top = new Set<string>();
    const nested = new Set<string>();
    for (const [key, property] of Object.entries((tool.outputSchema?.properties ?? {}) as Record<string, JsonSchema>)) {
      if (property !== null && typeof property === 'object' && (property.properties !== undefined || property.items !== undefined)) for (const field of outputIdentifiers(property, singular(snakeCase(key))).keys()) nested.add(field);
    }
    for (const record of extractRecords(seen.result, '', { kind: 'output', step: 0, tool: tool.name })) {
      for (const field of Object.keys(record.fields)) if (isIdentifierInput(field)) (record.noun === '' ? top : nested).add(field);
    }
    context.set(tool.name, new Set([...top].filter((field) => !nested.has(field))));
  }

  // B must take what a state-changing A made: right after A, B with A's value (drawn as chains draw
  // arguments) succeeds at least once. A made directory is no file to read, a scheduled meeting
  // none to end. Kept when the draws never took A's value.
  const accepts = async (a: ToolFacts, b: ToolFacts, matched: ReadonlyArray<{ output: string; input: string }>): Promise<boolean> => {
    const from = alone.get(a.name);
    const fresh = chosen.get(a.name);
    const to = alone.get(b.name);
    if (!options.probe || a.readOnly || fresh === undefined || from === undefined || to === undefined) return true;
    // A makes a new thing: its chosen inputs get values nothing has (the alone draw may have touched an existing one).
    const made = { ...from.resolved.arguments };
    for (const input of fresh) made[input] = freshValue(String(made[input]));
    const open = async (): Promise<{ session: Awaited<ReturnType<Engine['openSession']>>; result?: unknown }> => {
      const session = await engine.openSession(server, options.world);
      const executed = await engine.execute({ server, session, call: { name: a.name, arguments: made } });
      return { session, result: executed.ok ? executed.result : undefined };
    };
    const first = await open();
    await first.session.close();
    if (first.result === undefined) return true;
    // B's arguments: those it worked with alone with A's value in place, then as chains draw them
    // after A (A's records first), several draws.
    let judged = false;
    {
      for (const record of extractRecords(first.result, '', { kind: 'output', step: 0, tool: a.name })) {
        const value = record.fields[matched[0].output];
        if (typeof value !== 'string') continue;
        const args = { ...to.resolved.arguments };
        for (const { output, input } of matched) if (typeof record.fields[output] === 'string') args[input] = Array.isArray(args[input]) ? [record.fields[output]] : record.fields[output];
        judged = true;
        const { session } = await open();
        try {
          if ((await engine.execute({ server, session, call: { name: b.name, arguments: args } })).ok) return true;
        } finally {
          await session.close();
        }
      }
    }
    const pool = new ValuePool();
    for (const record of extractRecords(first.result, '', { kind: 'output', step: 0, tool: a.name })) pool.add(record);
    for (let attempt = 0; attempt < options.attempts; attempt++) {
      const resolved = resolveArguments(b, { outputs: pool, sample, bindings: new Map(), today, rng: new SynthesisRandom(options.seed + 300 + attempt), optionalRate: optionalRate(attempt) });
      const source = resolved?.sources[matched[0].input];
      if (resolved === undefined || source?.kind !== 'entity' || source.origin.kind !== 'output') continue;
      judged = true;
      const { session } = await open();
      try {
        if ((await engine.execute({ server, session, call: { name: b.name, arguments: resolved.arguments } })).ok) return true;
      } finally {
        await session.close();
      }
    }
    return !judged;
  };

  // Explicit: an identifier B requires, found in A's output. A read-only tool's ids all count (it
  // lists or looks up things); a tool that changes state counts only for the ids of the records it
  // made or changed, not for the foreign keys it echoes back (the customer of a payee just removed).
  // An id A only echoes from its own required inputs links nothing new.
  // An id input named for no kind of thing (`record_id`: an account, contact, lead or deal) takes
  // whatever ids it accepts: each id field a reader gives, tried live in B's working arguments.
  const generic = new Set(tools.flatMap((tool) => tool.required.filter((input) => GENERIC_NOUNS.has(stripRolePrefix(input).replace(/_ids?$/, '')))));
  const takesAny = async (a: ToolFacts, b: ToolFacts, input: string, produced: ReadonlyMap<string, 'primary' | 'foreign'>): Promise<string | undefined> => {
    const from = alone.get(a.name);
    const to = alone.get(b.name);
    if (!options.probe || from === undefined || to === undefined || typeof to.resolved.arguments[input] !== 'string') return undefined;
    const records = extractRecords(from.result, '', { kind: 'output', step: 0, tool: a.name });
    for (const field of produced.keys()) {
      if (!field.endsWith('_id')) continue;
      const value = records.map((record) => record.fields[field]).find((item) => typeof item === 'string' && item !== to.resolved.arguments[input]);
      if (value !== undefined && (await succeedsAlone(b, { ...to.resolved.arguments, [input]: value }))) return field;
    }
    return undefined;
  };
  // A foreign id a state-changing A returns without having received it (the restaurant of the cart
  // an item went into) names the thing A changed when B, given it, works only after A: B drawn with
  // that value (and bound to what A acted on) works right after A and refuses without A.
  const followsWrite = async (a: ToolFacts, b: ToolFacts, input: string, output: string): Promise<boolean> => {
    const from = working.get(a.name);
    if (!options.probe || a.readOnly || from === undefined) return false;
    const received = new Set(Object.values(from.args).flat());
    const records = extractRecords(from.result, '', { kind: 'output', step: 0, tool: a.name });
    const value = records.flatMap((record) => [record.fields[output]].flat()).find((item): item is string => typeof item === 'string' && !received.has(item));
    if (value === undefined) return false;
    const bindings = new Map<string, unknown>();
    for (const [name, given] of Object.entries(from.args)) if (isIdentifierInput(name)) bindings.set(name, given).set(stripRolePrefix(name), given);
    bindings.set(input, value).set(stripRolePrefix(input), value);
    const pool = new ValuePool();
    for (const record of records) pool.add(record);
    // The message of the last call's refusal ('' when every call worked); undefined when an earlier call failed.
    const calls = async (sequence: Array<{ tool: ToolFacts; args: Record<string, unknown> }>): Promise<string | undefined> => {
      const session = await engine.openSession(server, options.world);
      try {
        for (let step = 0; step < sequence.length; step++) {
          const executed = await engine.execute({ server, session, call: { name: sequence[step].tool.name, arguments: sequence[step].args } });
          if (!executed.ok) return step === sequence.length - 1 ? (executed.error?.message ?? 'refused') : undefined;
        }
        return '';
      } finally {
        await session.close();
      }
    };
    for (let attempt = 0; attempt < options.attempts; attempt++) {
      const drawn = resolveArguments(b, { outputs: pool, sample, bindings, today, rng: new SynthesisRandom(options.seed + 500 + attempt), optionalRate: optionalRate(attempt) });
      if (drawn === undefined || [drawn.arguments[input]].flat()[0] !== value) continue;
      if ((await calls([...from.prefix, { tool: a, args: from.args }, { tool: b, args: drawn.arguments }])) !== '') continue;
      // As for state refusals: only a refusal that names a tool changing state says a change lifts it.
      const refused = await calls([...from.prefix, { tool: b, args: drawn.arguments }]);
      return refused !== undefined && refused !== '' && namesStateTool(refused, b);
    }
    return false;
  };
  // A reader's values must be things B can act on in some state. B is given each value a reader
  // returns (its first result, then further draws; B's other arguments as it worked, then drawn as
  // chains draw them, bound to what the reader was asked about). The edge goes only when B refuses
  // every value, each time sending the thing back to a reader and naming no tool that changes state
  // ("meeting_ended: … it has ended; list_meeting_recordings gives its recording"), and no
  // state-changing tool acting on such a thing first makes B take it: the reader lists things in a
  // state B is done with (recordings name ended meetings). Any other refusal (another owner's
  // thing, a card not frozen yet) keeps the edge; a home folder's listing of folders, refused by
  // read_file ("list it with list_directory"), keeps it through a further listing that shows files.
  type ReaderRecord = { fields: Record<string, unknown>; args: Record<string, unknown>; pool: ValuePool };
  const recordsFrom = (a: ToolFacts, args: Record<string, unknown>, result: unknown): ReaderRecord[] => {
    const pool = new ValuePool();
    const extracted = extractRecords(result, '', { kind: 'output', step: 0, tool: a.name });
    for (const record of extracted) pool.add(record);
    return extracted.map((record) => ({ fields: record.fields, args, pool }));
  };
  // Further draws of a reader (asked for only where B refused every value of its first result): on
  // things of the sampled world, and on things the first result named (the folders a listing shows
  // are listed in turn). Each draw's records in turn: the first of every draw, then the second …
  const moreRecords = new Map<string, ReaderRecord[]>();
  const moreRecordsOf = async (a: ToolFacts): Promise<ReaderRecord[]> => {
    const known = moreRecords.get(a.name);
    if (known !== undefined) return known;
    const draws: ReaderRecord[][] = [];
    const named = new ValuePool();
    const first = alone.get(a.name);
    if (first !== undefined) for (const record of extractRecords(first.result, '', { kind: 'output', step: 0, tool: a.name })) named.add(record);
    for (let draw = 0; draw < READER_DRAWS; draw++) {
      const resolved = resolveArguments(a, { outputs: draw % 2 === 0 ? named : new ValuePool(), sample, bindings: new Map(), today, rng: new SynthesisRandom(options.seed + 900 + draw), optionalRate: 1 });
      if (resolved === undefined) continue;
      const session = await engine.openSession(server, options.world);
      try {
        const executed = await engine.execute({ server, session, call: { name: a.name, arguments: resolved.arguments } });
        if (executed.ok) draws.push(recordsFrom(a, resolved.arguments, executed.result));
      } finally {
        await session.close();
      }
    }
    const out: ReaderRecord[] = [];
    for (let i = 0; draws.some((records) => i < records.length); i++) for (const records of draws) if (i < records.length) out.push(records[i]);
    moreRecords.set(a.name, out);
    return out;
  };
  const stateTools = tools.filter((tool) => !tool.readOnly);
  const namesReader = (refusal: string): boolean => tools.some((tool) => tool.readOnly && new RegExp(`\\b${tool.name}\\b`).test(refusal));
  const takesReaderValue = async (a: ToolFacts, b: ToolFacts, matched: ReadonlyArray<{ output: string; input: string }>): Promise<boolean> => {
    const to = working.get(b.name);
    if (!options.probe || !a.readOnly || to === undefined) return true;
    const { output, input } = matched[0];
    // The message of B's refusal after `before` ('' when B works; undefined when a call before it fails).
    const attempt = async (before: Array<{ tool: ToolFacts; args: Record<string, unknown> }>, args: Record<string, unknown>): Promise<string | undefined> => {
      const session = await engine.openSession(server, options.world);
      try {
        for (const call of [...to.prefix, ...before]) if (!(await engine.execute({ server, session, call: { name: call.tool.name, arguments: call.args } })).ok) return undefined;
        const executed = await engine.execute({ server, session, call: { name: b.name, arguments: args } });
        return executed.ok ? '' : (executed.error?.message ?? 'refused');
      } finally {
        await session.close();
      }
    };
    const tried = new Set<string>();
    const refused: Array<{ value: string; args: Record<string, unknown> }> = [];
    const first = alone.get(a.name);
    const stages = [() => Promise.resolve(first === undefined ? [] : recordsFrom(a, first.resolved.arguments, first.result)), () => moreRecordsOf(a)];
    for (const stage of stages) for (const record of await stage()) {
      const value = [record.fields[output]].flat()[0];
      // Not what the reader was asked about (the directory it lists).
      if (typeof value !== 'string' || tried.has(value) || Object.values(record.args).flat().includes(value)) continue;
      if (tried.size >= READER_VALUES) break;
      tried.add(value);
      const bindings = new Map<string, unknown>();
      for (const [name, given] of Object.entries(record.args)) if (isIdentifierInput(name) && typeof given === 'string') bindings.set(name, given).set(stripRolePrefix(name), given);
      bindings.set(input, value).set(stripRolePrefix(input), value);
      const candidates: Array<Record<string, unknown>> = [{ ...to.args, [input]: Array.isArray(to.args[input]) ? [value] : value }];
      for (let draw = 0; draw < options.attempts; draw++) {
        const drawn = resolveArguments(b, { outputs: record.pool, sample, bindings, today, rng: new SynthesisRandom(options.seed + 1100 + draw), optionalRate: optionalRate(draw) });
        if (drawn !== undefined && [drawn.arguments[input]].flat()[0] === value) candidates.push(drawn.arguments);
      }
      for (const args of candidates) {
        const refusal = await attempt([], args);
        // Only a refusal that sends the thing to a reader ("it has ended; list_meeting_recordings
        // gives its recording") says the thing is done with for B; any other keeps the edge.
        if (refusal === undefined || refusal === '' || namesStateTool(refusal, b) || !namesReader(refusal)) return true;
      }
      refused.push({ value, args: candidates[0] });
    }
    // Every value refused: does a change to one of those things let B take it?
    for (const { value, args } of refused.slice(0, LIFT_VALUES)) {
      const bindings = new Map<string, unknown>([[input, value], [stripRolePrefix(input), value]]);
      for (const tool of stateTools) {
        if (tool === b) continue;
        for (let draw = 0; draw < options.attempts; draw++) {
          const drawn = resolveArguments(tool, { outputs: new ValuePool(), sample, bindings, today, rng: new SynthesisRandom(options.seed + draw), optionalRate: optionalRate(draw) });
          if (drawn === undefined || !Object.values(drawn.arguments).flat().includes(value)) continue;
          if ((await attempt([{ tool, args: drawn.arguments }], args)) === '') return true;
        }
      }
    }
    return tried.size === 0;
  };
  const edges: DependencyEdge[] = [];
  for (const a of tools) {
    if (options.probe && !a.readOnly && !liveJudged.has(a.name)) {
      const named = new Set(namedIds(a));
      for (const field of [...identifiers.get(a.name)!.keys()]) if (!named.has(field)) identifiers.get(a.name)!.delete(field);
    }
    const produced = new Map(identifiers.get(a.name)!);
    for (const field of context.get(a.name) ?? []) produced.delete(field);
    // Judged by value where A changing state was seen live (a lost card's replacement is new).
    const echoes = new Set(a.readOnly || !liveJudged.has(a.name) ? a.required.flatMap((input) => identifierSources(input)) : []);
    for (const b of tools) {
      if (a.name === b.name) continue;
      const matched: Array<{ output: string; input: string }> = [];
      for (const input of b.required) {
        // A read-only B makes nothing: an input it also answers for when nothing is there
        // (`check_path_access`) still names a thing to look at.
        if (!isIdentifierInput(input) || (!b.readOnly && chosen.get(b.name)?.has(input))) continue;
        // An input whose schema lists every value it takes (`label`: home or work) is a choice among them, not a result.
        if (Array.isArray(b.properties[input]?.enum)) continue;
        let output = identifierSources(input).find((name) => produced.has(name) && (a.readOnly || produced.get(name) === 'primary'));
        if ((output === undefined || generic.has(input)) && a.readOnly && generic.has(input)) output = await takesAny(a, b, input, produced);
        if (output === undefined && !a.readOnly && liveJudged.has(a.name)) {
          const foreign = identifierSources(input).find((name) => produced.get(name) === 'foreign');
          if (foreign !== undefined && (await followsWrite(a, b, input, foreign))) output = foreign;
        }
        if (output !== undefined && (!echoes.has(output) || (a.readOnly && nestedKinds.get(a.name)!.has(output)))) matched.push({ output, input });
      }
      if (matched.length > 0 && (await accepts(a, b, matched)) && (await takesReaderValue(a, b, matched))) edges.push({ from: a.name, to: b.name, kind: 'explicit', fields: matched, source: 'schema' });
    }
  }

  // Implicit: A changes state, and B fails without it on the very same arguments. A read-only A,
  // or a B that works alone with those arguments, is no prerequisite.
  const explicitPairs = new Set(edges.map((edge) => `${edge.from}>${edge.to}`));
  for (const { a, b, args } of afterOthers) {
    if (a.readOnly || explicitPairs.has(`${a.name}>${b.name}`)) continue;
    const session = await engine.openSession(server, options.world);
    let refusal: string | undefined;
    try {
      const executed = await engine.execute({ server, session, call: { name: b.name, arguments: args } });
      refusal = executed.ok ? undefined : (executed.error?.message ?? 'refused');
    } finally {
      await session.close();
    }
    // B refused alone because what it does already holds ("already charging", "DATA-61 already
    // blocks DATA-63"): A undid it first, an undoing pair, not a prerequisite.
    if (refusal === undefined || /\balready\b/i.test(refusal)) continue;
    implicit.push({ from: a.name, to: b.name, kind: 'implicit', fields: [], source: 'probe' });
  }
  for (const { a, b } of stateEdges) {
    if (explicitPairs.has(`${a.name}>${b.name}`) || implicit.some((edge) => edge.from === a.name && edge.to === b.name)) continue;
    implicit.push({ from: a.name, to: b.name, kind: 'implicit', fields: [], source: 'probe' });
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
