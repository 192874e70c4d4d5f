import type { Engine, WorldSpec } from '../../core/index.js';
import type { DomainPrincipal } from '../../servers/kit/Domain.js';
import { extractChain, type DependencyGraph } from './DependencyGraph.js';
import { fillText } from './planScenario.js';
import { resolveArguments, type ArgumentSource } from './resolveArguments.js';
import type { SynthesisRandom } from './SynthesisRandom.js';
import type { ToolFacts } from './ToolCatalog.js';
import { extractRecords, isIdField, isInternalId, nounOfField, singular, stripRolePrefix, ValuePool, type PoolRecord } from './valuePool.js';

/** A failed call planned before a step, and the recovery that follows it. */
export interface PlannedFault {
  kind: 'guessed_id' | 'missing_argument' | 'out_of_range' | 'state_refusal';
  recovery: 'retry_corrected' | 'retry_alternative' | 'ask_user' | 'explain_stop';
  call: { name: string; arguments: Record<string, unknown> };
  /** The error the call got while planning (replay gets the same). */
  error: string;
  /** `ask_user`: the assistant's question. */
  ask?: string;
  /** `ask_user`: what the user answers. */
  reply?: string;
}

/** One call the conversation is meant to make, with arguments that succeeded live while planning. */
export interface PlannedStep {
  tool: string;
  arguments: Record<string, unknown>;
  sources: Record<string, ArgumentSource>;
  /** The user turn (0-based, before any clarification turn) that asks for it. */
  turn: number;
  /** A failed call made first. */
  fault?: PlannedFault;
  /** Only the fault is made (its recovery explains and stops): the step itself never runs. */
  skip?: boolean;
  /**
   * A read-only call the assistant makes on its own, just before the next step, to find the id of
   * something the user named by its label (list the stores → the store's id). The user asks for
   * nothing here: the request is the next step's.
   */
  lookup?: boolean;
}

/** What a conversation is meant to cover. */
export interface ConversationPlan {
  chain: string[];
  steps: PlannedStep[];
  turns: number;
  /** The scenario played, when the plan comes from one. */
  scenario?: string;
  /** What the app knows about the user (the scenario's context), for the system message. */
  context?: string;
  /** The user's words per turn, when a scenario gives them. */
  says?: string[];
}

/** How a chain and its turns are drawn. */
export interface PlanOptions {
  /** Relative weights of chain lengths 2, 3, 4, 5. */
  chainLengthWeights: number[];
  minTurns: number;
  maxTurns: number;
  /** Probability of going on to one more turn after `minTurns`, multiplied again for each further turn. */
  turnDecay: number;
  /** Probability of filling an optional argument that has a grounded value. */
  optionalRate: number;
  /** Argument draws tried for a tool before the chain stops there. */
  attempts: number;
  /** Chains tried before the conversation is dropped. */
  chainAttempts: number;
  /** Probability that a conversation contains one realistic failed call followed by a recovery. */
  faultRate: number;
  /** Probability that a domain with scenarios plays one rather than a chain drawn from the graph. */
  scenarioRate: number;
}

/** Read-only tools whose results hold each identifier field (by output and input name, role prefixes dropped), per graph. */
const lookupTools = new WeakMap<DependencyGraph, Map<string, string[]>>();

function lookupsOf(graph: DependencyGraph): Map<string, string[]> {
  let out = lookupTools.get(graph);
  if (out !== undefined) return out;
  out = new Map();
  const readOnly = new Set(graph.readOnly);
  const callable = new Set(graph.callable);
  for (const edge of graph.edges) {
    if (edge.kind !== 'explicit' || !readOnly.has(edge.from) || !callable.has(edge.from)) continue;
    for (const field of edge.fields) {
      for (const key of new Set([field.output, field.input, stripRolePrefix(field.output), stripRolePrefix(field.input)])) {
        let list = out.get(key);
        if (list === undefined) out.set(key, (list = []));
        if (!list.includes(edge.from)) list.push(edge.from);
      }
    }
  }
  lookupTools.set(graph, out);
  return out;
}

/** Arguments that look for something by text. */
const SEARCH_ARGUMENT = /^(query|search|q|keyword|name|name_contains|input|title)$/;

/** What a person would type to find a labelled thing: the label, then the label without its article and trailing note ("the Pearl District store" → "Pearl District store"). */
function searchTerms(label: string): string[] {
  const bare = label.replace(/^(the|my|that|a|an) /i, '').replace(/\s*\([^)]*\)$/, '').trim();
  return [...new Set([label, bare])].filter((term) => term.length >= 3);
}

function contains(value: unknown, text: string): boolean {
  if (typeof value === 'string') return value === text;
  if (Array.isArray(value)) return value.some((item) => contains(item, text));
  if (value !== null && typeof value === 'object') return Object.values(value).some((item) => contains(item, text));
  return false;
}

type Session = Parameters<Engine['execute']>[0]['session'];

/**
 * A read-only call whose result holds `value` (the id of the entity the user names by `label`): a tool
 * the graph knows as a source of the argument's field, with no required argument, or only the
 * signed-in user, a value of its enum, or the label as search text. Tried live; undefined when none works.
 */
async function findLookup(
  engine: Engine,
  server: string,
  session: Session,
  graph: DependencyGraph,
  tools: ReadonlyMap<string, ToolFacts>,
  target: string,
  argument: string,
  value: string,
  label: string,
  sample: ValuePool,
  principal: Readonly<Record<string, unknown>> | undefined,
  rng: SynthesisRandom,
): Promise<{ tool: string; arguments: Record<string, unknown>; result: unknown } | undefined> {
  let entity = sample.ownRecord(argument, value);
  const lookups = lookupsOf(graph);
  let names = [...new Set([...(lookups.get(argument) ?? []), ...(lookups.get(stripRolePrefix(argument)) ?? [])])].filter((name) => name !== target);
  let noun = nounOfField(argument);
  if (names.length === 0) {
    // An argument that names no kind (`record_id`): the kinds whose own id the value is (a deal's `deal_id`).
    for (const [field, tools] of lookups) {
      const own = field.endsWith('_id') ? sample.ownRecord(field, value) : undefined;
      if (own === undefined) continue;
      names.push(...tools.filter((name) => name !== target && !names.includes(name)));
      noun = nounOfField(field);
      entity = own;
    }
  }
  // A tool about the thing itself first (list_payment_customers for a customer, not the event log that mentions one).
  const stem = noun.replace(/ /g, '_').replace(/(y|s)$/, '');
  const about = (name: string) => (stem.length >= 3 && name.includes(stem) ? 0 : 1);
  const ordered = rng.sample(names, names.length).sort((a, b) => about(a) - about(b));
  for (const name of ordered.slice(0, 3)) {
    const tool = tools.get(name);
    if (tool === undefined || !tool.readOnly) continue;
    const base: Record<string, unknown> = {};
    const choices: Array<[string, unknown[]]> = [];
    let searchable: string | undefined;
    let usable = true;
    for (const [property, schema] of Object.entries(tool.properties)) {
      const required = tool.required.includes(property);
      if (principal !== undefined && property in principal) base[property] = principal[property];
      else if (SEARCH_ARGUMENT.test(property) && (schema.type === 'string' || schema.type === undefined) && !Array.isArray(schema.enum)) searchable = property;
      else if (required && Array.isArray(schema.enum) && schema.enum.length > 0) {
        // The entity's own value when it has one (its status, its role), else each value in turn.
        const own = entity?.fields[property];
        choices.push([property, schema.enum.includes(own as never) ? [own] : rng.sample(schema.enum, Math.min(schema.enum.length, 6))]);
      } else if (required && typeof entity?.fields[property] === 'string' && !isInternalId(entity.fields[property] as string)) {
        // A key a person can read off the thing itself (a sprint's project, WEB).
        base[property] = entity.fields[property];
      } else if (required) usable = false;
    }
    if (!usable || (searchable !== undefined && tool.required.includes(searchable) && searchTerms(label).length === 0)) continue;
    // Required enums: every combination of their candidate values (a few at most).
    let bases: Array<Record<string, unknown>> = [base];
    for (const [property, values] of choices) bases = bases.flatMap((draft) => values.map((value) => ({ ...draft, [property]: value })));
    for (const variant of bases.slice(0, 6)) {
      const found = await tryLookup(engine, server, session, tool, variant, searchable, label, entity, value);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** One lookup tool with one set of required values: by search text, narrowed, then plain. */
async function tryLookup(
  engine: Engine,
  server: string,
  session: Session,
  tool: ToolFacts,
  base: Record<string, unknown>,
  searchable: string | undefined,
  label: string,
  entity: PoolRecord | undefined,
  value: string,
): Promise<{ tool: string; arguments: Record<string, unknown>; result: unknown } | undefined> {
  const name = tool.name;
  // The label as search text first (what a person types); then the list narrowed by what the
  // entity is (its status, its kind: values of the tool's enums) and as long as the tool allows;
  // then the plain list.
  const drafts: Array<Record<string, unknown>> = searchable === undefined ? [] : searchTerms(label).map((term) => ({ ...base, [searchable!]: term }));
  if (searchable === undefined || !tool.required.includes(searchable)) {
    const narrowed: Record<string, unknown> = {};
    for (const [property, schema] of Object.entries(tool.properties)) {
      if (property in base || property === searchable || tool.required.includes(property)) continue;
      const own = entity?.fields[property];
      if (Array.isArray(schema.enum) && own !== undefined && schema.enum.includes(own as never)) narrowed[property] = own;
      else if (/^(limit|max_results|page_size)$/.test(property) && typeof schema.maximum === 'number') narrowed[property] = schema.maximum;
    }
    if (Object.keys(narrowed).length > 0) {
      const terms = searchTerms(label);
      if (searchable !== undefined && terms.length > 0) drafts.push({ ...base, [searchable]: terms[terms.length - 1], ...narrowed });
      drafts.push({ ...base, ...narrowed });
    }
    drafts.push(base);
  }
  for (const args of drafts) {
    const ordered: Record<string, unknown> = {};
    for (const property of Object.keys(tool.properties)) if (property in args) ordered[property] = args[property];
    const executed = await engine.execute({ server, session, call: { name, arguments: ordered } });
    if (executed.ok && contains(executed.result, value)) return { tool: name, arguments: ordered, result: executed.result };
  }
  return undefined;
}

/** The signed-in user of one conversation: a record of the principal's collection, the arguments it fills, and what the system message says. */
export function drawPrincipal(
  principal: DomainPrincipal,
  sample: ValuePool,
  rng: SynthesisRandom,
  chain: readonly ToolFacts[] = [],
): { values: Record<string, unknown>; names: string[]; context?: string } | undefined {
  const fields = Object.values(principal.arguments);
  // The collection's own records, not what is nested in them (a home's rooms inherit its id).
  const noun = singular(principal.collection);
  let records = sample.records.filter((record: PoolRecord) => record.origin.kind === 'sample' && record.origin.collection === principal.collection && record.noun === noun && fields.every((field) => record.fields[field] !== undefined));
  if (records.length === 0) return undefined;
  // A user who owns what the chain acts on (a cart for update_cart_line): for each id the chain's
  // tools need, the users some sampled record of it belongs to; the users meeting most of them.
  const [argument, field] = Object.entries(principal.arguments)[0];
  const score = new Map<unknown, number>();
  for (const tool of chain) {
    for (const needed of tool.required) {
      if (needed in principal.arguments || !isIdField(needed)) continue;
      const owners = new Set<unknown>();
      let anyone = false;
      for (const candidate of new Set([needed, stripRolePrefix(needed)])) {
        for (const record of sample.withField(candidate)) {
          const owner = record.fields[argument];
          if (owner === undefined) anyone = true;
          else owners.add(owner);
        }
      }
      if (anyone || owners.size === 0) continue;
      for (const owner of owners) score.set(owner, (score.get(owner) ?? 0) + 1);
    }
  }
  if (score.size > 0) {
    const best = Math.max(...records.map((record) => score.get(record.fields[field]) ?? 0));
    records = records.filter((record) => (score.get(record.fields[field]) ?? 0) === best);
  }
  const record = rng.pick(records);
  const values: Record<string, unknown> = {};
  for (const [argument, field] of Object.entries(principal.arguments)) values[argument] = record.fields[field];
  const context = fillText(principal.context, record.fields, rng);
  // How other records name the user ("Vera Falk's limit order"): their name, as an owner or a person.
  const names = [...new Set(['owner', 'full_name', 'customer_name', 'name', 'display_name'].map((field) => record.fields[field]).filter((name): name is string => typeof name === 'string' && name.length > 0))];
  return { values, names, ...(context === undefined ? {} : { context }) };
}

/**
 * Query generation, grounded: draw a chain from the dependency graph and find arguments for each
 * of its tools from live state, running them in a scratch session of the same world so that every
 * planned call is known to work (ids created along the way are real). Turns take consecutive
 * parts of the chain.
 *
 * With a `principal`, one signed-in user is drawn per chain: arguments that name them take them, the
 * system message says who they are, and only their own entities are offered. An internal id of a
 * world entity with a label is not said: the user names the label, and a read-only lookup made just
 * before the call (a lookup step) finds the id, as a person's assistant would.
 */
export async function planConversation(
  engine: Engine,
  server: string,
  world: WorldSpec,
  graph: DependencyGraph,
  tools: ReadonlyMap<string, ToolFacts>,
  sample: ValuePool,
  rng: SynthesisRandom,
  options: PlanOptions,
  principal?: DomainPrincipal,
): Promise<ConversationPlan | undefined> {
  const today = world.referenceDate.slice(0, 10);
  for (let chainAttempt = 0; chainAttempt < options.chainAttempts; chainAttempt++) {
    const length = 2 + rng.weighted(options.chainLengthWeights);
    const chain = extractChain(graph, rng, length);
    if (chain.length < 2) continue;
    const signedIn = principal === undefined ? undefined : drawPrincipal(principal, sample, rng, chain.map((name) => tools.get(name)).filter((tool): tool is ToolFacts => tool !== undefined));
    const session = await engine.openSession(server, world);
    const outputs = new ValuePool();
    const bindings = new Map<string, unknown>(Object.entries(signedIn?.values ?? {}));
    const steps: PlannedStep[] = [];
    try {
      for (const name of chain) {
        const tool = tools.get(name);
        if (tool === undefined) break;
        let done = false;
        const avoid = new Set<string>();
        for (let attempt = 0; attempt < options.attempts && !done; attempt++) {
          const resolved = resolveArguments(tool, { outputs, sample, bindings, today, rng, optionalRate: options.optionalRate, avoid, principal: signedIn?.values });
          if (resolved === undefined) break;
          // The signed-in user's own things, in their words: "Vera Falk's limit order" → "my limit order".
          for (const name of signedIn?.names ?? []) {
            for (const source of Object.values(resolved.sources)) if (source.kind === 'entity' && source.label !== undefined) source.label = source.label.replaceAll(`${name}'s `, 'my ');
          }
          // Ids of labelled world entities are found by a lookup first (read-only: the session is unchanged).
          const lookups: Array<{ argument: string; tool: string; arguments: Record<string, unknown>; result: unknown; label: string }> = [];
          for (const [argument, source] of Object.entries(resolved.sources)) {
            const value = resolved.arguments[argument];
            if (source.kind !== 'entity' || source.origin.kind !== 'sample' || source.label === undefined || typeof value !== 'string' || value === source.label) continue;
            const found = await findLookup(engine, server, session, graph, tools, name, argument, value, source.label, sample, signedIn?.values, rng);
            if (found !== undefined) lookups.push({ argument, ...found, label: source.label });
          }
          const executed = await engine.execute({ server, session, call: { name, arguments: resolved.arguments } });
          if (!executed.ok) {
            for (const value of Object.values(resolved.arguments)) if (typeof value === 'string') avoid.add(value);
            continue;
          }
          done = true;
          for (const lookup of lookups) {
            const step = steps.length;
            for (const record of extractRecords(lookup.result, '', { kind: 'output', step, tool: lookup.tool })) outputs.add(record);
            const sources: Record<string, ArgumentSource> = {};
            for (const argument of Object.keys(lookup.arguments)) sources[argument] = signedIn !== undefined && argument in signedIn.values ? { kind: 'principal' } : { kind: 'literal' };
            steps.push({ tool: lookup.tool, arguments: lookup.arguments, sources, turn: 0, lookup: true });
            const source = resolved.sources[lookup.argument] as Extract<ArgumentSource, { kind: 'entity' }>;
            resolved.sources[lookup.argument] = { ...source, origin: { kind: 'output', step, tool: lookup.tool }, byLabel: true };
          }
          for (const [argument, value] of Object.entries(resolved.arguments)) if (isIdField(argument) && typeof value === 'string') bindings.set(argument, value);
          for (const record of extractRecords(executed.result, '', { kind: 'output', step: steps.length, tool: name })) outputs.add(record);
          steps.push({ tool: name, arguments: resolved.arguments, sources: resolved.sources, turn: 0 });
        }
        if (!done) break;
      }
      if (requests(steps) >= 2 && rng.chance(options.faultRate)) await planFault(engine, server, session, steps, tools, rng);
    } finally {
      await session.close();
    }
    const asked = requests(steps);
    if (asked < 2) continue;
    let turns = options.minTurns;
    let p = options.turnDecay;
    while (turns < options.maxTurns && rng.chance(p)) {
      turns++;
      p *= options.turnDecay;
    }
    turns = Math.min(turns, asked);
    // Cut points: each turn gets at least one step; the first turn tends to get the longest run. A
    // lookup stays in the turn of the request it serves.
    const cutPoints = Array.from({ length: steps.length - 1 }, (_, i) => i + 1).filter((i) => steps[i - 1].lookup !== true);
    const cuts = rng.sample(cutPoints, turns - 1).sort((a, b) => a - b);
    let turn = 0;
    for (let i = 0; i < steps.length; i++) {
      while (turn < cuts.length && i >= cuts[turn]) turn++;
      steps[i].turn = turn;
    }
    const plan: ConversationPlan = { chain: steps.map((s) => s.tool), steps, turns };
    if (signedIn?.context !== undefined) plan.context = signedIn.context;
    return plan;
  }
  return undefined;
}

/** Steps the user asks for (lookups are the assistant's own). */
function requests(steps: readonly PlannedStep[]): number {
  return steps.filter((step) => step.lookup !== true).length;
}

/**
 * A failed call before one of the steps that the schema refuses whatever the state: a required
 * argument left out, or a number past its bound. The recovery is the corrected call. Nothing changes
 * state, so the plan stays valid.
 */
async function planFault(engine: Engine, server: string, session: Parameters<Engine['execute']>[0]['session'], steps: PlannedStep[], tools: ReadonlyMap<string, ToolFacts>, rng: SynthesisRandom): Promise<void> {
  const options: Array<{ step: number; kind: PlannedFault['kind']; arguments: Record<string, unknown> }> = [];
  const first = steps.findIndex((step) => step.lookup !== true);
  steps.forEach((step, i) => {
    const tool = tools.get(step.tool);
    // Not the first request, and not a lookup (the assistant's own call, made to find an id).
    if (tool === undefined || i <= first || step.lookup === true) return;
    for (const argument of tool.required) {
      if (!(argument in step.arguments)) continue;
      const rest = { ...step.arguments };
      delete rest[argument];
      options.push({ step: i, kind: 'missing_argument', arguments: rest });
      const schema = tool.properties[argument];
      const value = step.arguments[argument];
      if (typeof value === 'number' && typeof schema?.maximum === 'number' && schema.maximum < 1e6) {
        options.push({ step: i, kind: 'out_of_range', arguments: { ...step.arguments, [argument]: schema.maximum * 10 + 10 } });
      }
    }
  });
  if (options.length === 0) return;
  const chosen = rng.pick(options);
  const name = steps[chosen.step].tool;
  const executed = await engine.execute({ server, session, call: { name, arguments: chosen.arguments } });
  if (executed.ok || executed.error?.kind !== 'invalid_arguments') return;
  steps[chosen.step].fault = { kind: chosen.kind, recovery: 'retry_corrected', call: { name, arguments: chosen.arguments }, error: executed.error.message };
}
