import type { Draft } from 'immer';
import type { JsonSchema } from '../../core/index.js';

/**
 * The contract every domain follows. A domain is data: tools with schemas and handlers, a state
 * type, an initial world (JSON in fixtures/), samplers and invariants. The kit turns it into an
 * MCP server (stdio, Streamable HTTP) and an in-process fast path; both run the same handler
 * behind the same validation.
 */

/** The MCP tool annotations a domain declares for each tool. */
export interface ToolAnnotations {
  title?: string;
  /** The tool does not change state. */
  readOnlyHint?: boolean;
  /** The tool may delete or irreversibly change state. */
  destructiveHint?: boolean;
  /** Calling it twice with the same arguments has the same effect as once. */
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** A seeded, deterministic random source whose state lives in the session (and resets with it). */
export interface SessionRandom {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

/** What a handler gets besides its validated arguments. */
export interface ToolContext<S> {
  /**
   * The session state. For tools that change state it is a copy-on-write draft: mutate it freely;
   * if the handler fails, nothing it did is kept. For read-only tools it is the frozen state.
   */
  state: Draft<S>;
  /**
   * The frozen state as the call found it. Read it for lookups and checks: reads through the draft
   * cost a Proxy trap each and make draft nodes, reads here cost nothing.
   */
  base: Readonly<S>;
  /**
   * A plain, mutable shallow copy of the object or array at `path` in the state (copy-on-write,
   * once per call; its parents are copied too), for tools that change state: the fast way to write
   * (`ctx.edit<Account>('customers', id, 'accounts', accountId).status = 'frozen'`). Objects inside
   * it are still frozen: edit a longer path or replace them whole. Kept only if the call succeeds.
   */
  edit<T = Record<string, unknown>>(...path: PropertyKey[]): T;
  /**
   * Set the value at `path` in the state (copy-on-write like `edit`, missing objects on the way made
   * as `{}`), for tools that change state: the fast way to add or replace one entry of a large
   * record (`ctx.put(['orders', id], order)`), since the call's end checks only that slot, where a
   * copy from `edit` has all its slots compared with the original's. Kept only if the call succeeds.
   */
  put(path: readonly PropertyKey[], value: unknown): void;
  /** The session's clock (ISO-8601, UTC): the world's reference date, never the wall clock. */
  now: string;
  /** The reference date's calendar day, `YYYY-MM-DD` (UTC). */
  today: string;
  random: SessionRandom;
  /**
   * A new id, deterministic per session: `${prefix}_${n}`, counting per prefix from the highest
   * `${prefix}_<n>` the initial world holds. The counters belong to the session (reset restores
   * them; the state hash covers them).
   */
  nextId(prefix: string): string;
  /**
   * Reject the call with a message a model can act on: what was wrong and what is valid
   * ("account acc_12 has only 120.50 USD available"). The state stays as it was.
   */
  fail(message: string): never;
}

/** One tool of a domain. */
export interface ToolDefinition<S, Args = any, Result = unknown> {
  /** snake_case, unique across all domains (distractors mix tools of several domains). */
  name: string;
  /** Written for a model: what it does, when to use it, what it returns. */
  description: string;
  /** JSON Schema of the arguments: `type: object`, every property described, `additionalProperties: false`. */
  input: JsonSchema;
  /** JSON Schema of the structured result. */
  output: JsonSchema;
  annotations: ToolAnnotations;
  /** Argument names that carry secrets (card numbers, PINs, passwords, tokens). */
  sensitive?: string[];
  /** Runs the tool. Synchronous: the world is in memory. Returns the structured result (a JSON object). */
  handler(args: Args, context: ToolContext<S>): Result;
}

/** Read-only discovery of real entities for grounding generated queries. */
export interface DomainSampler<S> {
  /** Collection name in the sampling context, e.g. `accounts`. */
  collection: string;
  description: string;
  /**
   * Compact records (ids, names, the values a query would mention) of entities with enough
   * supporting data, e.g. accounts with a non-zero balance.
   */
  sample(state: Readonly<S>): Array<Record<string, unknown>>;
}

/** A property that must hold in every reachable state. */
export interface DomainInvariant<S> {
  name: string;
  /** Returns a description of the violation, or undefined when the state is fine. */
  check(state: Readonly<S>, initial: Readonly<S>): string | undefined;
}

/**
 * What a scenario works with, by name: first what the user knows (a payee's name, an amount, a date,
 * a confirmation code), then what results taught (the account id a lookup found, the event just made).
 */
export type ScenarioFacts = Record<string, unknown>;

/** How a conversation recovers from a failed call (the state machine names each). */
export type ScenarioRecovery = 'retry_corrected' | 'retry_alternative' | 'ask_user' | 'explain_stop';

/** A realistic failed call made just before a step, and how the assistant recovers from it. */
export interface ScenarioFault {
  /** What went wrong: an id guessed instead of looked up, a required argument left out, a value out of range, a refusal of the state. */
  kind: 'guessed_id' | 'missing_argument' | 'out_of_range' | 'state_refusal';
  /** The failing call's tool (the step's own tool unless the recovery is an alternative tool). */
  tool: string;
  /** Its arguments from the facts so far. Undefined: no such failure here. */
  args(facts: ScenarioFacts): Record<string, unknown> | undefined;
  /**
   * `retry_corrected`: the step's call follows; `retry_alternative`: the step (another tool) follows;
   * `ask_user`: the assistant explains and asks, the user answers with `reply`, then the step runs;
   * `explain_stop`: the assistant explains and the conversation ends there (the step never runs).
   */
  recovery: ScenarioRecovery;
  /** `ask_user`: the assistant's question after explaining the error, alternatives with `{fact}` slots. */
  ask?: readonly string[];
  /** `ask_user`: the user's answer, alternatives with `{fact}` slots. */
  reply?: readonly string[];
  /** Facts set before the user speaks when this failure is drawn (the user names an amount too large). */
  said?(facts: ScenarioFacts): ScenarioFacts;
  /** Facts the user's answer adds (the corrected amount), before the step's arguments are drawn. */
  answer?(facts: ScenarioFacts): ScenarioFacts;
}

/** One call of a scenario. */
export interface ScenarioStep {
  tool: string;
  /** The call's arguments from the facts: what the user said and what earlier results held. Undefined: skip the step. */
  args(facts: ScenarioFacts): Record<string, unknown> | undefined;
  /**
   * Facts the result gives later steps and turns (the id a lookup resolved a name to, the item just
   * made, `empty: true` after a search that found nothing). Undefined: the scenario cannot go on.
   */
  learn?(result: any, facts: ScenarioFacts): ScenarioFacts | undefined;
  /** A failed call made first, drawn with `faultRate` (synthesis options) when the scenario is played. */
  fault?: ScenarioFault;
}

/** One user turn of a scenario: what the user says and the calls it needs. */
export interface ScenarioTurn {
  /** What the user says, alternatives with `{fact}` slots; never an internal id the person would not hold. */
  say: readonly string[];
  /** Whether the turn is played, from the facts so far (react to an empty search, to what was found). */
  when?(facts: ScenarioFacts): boolean;
  steps: readonly ScenarioStep[];
}

/**
 * A user goal played as a conversation: one persona who owns the entities involved, what that person
 * knows, and the chain of calls the goal needs, later calls taking their values from earlier
 * results ("pay the electricity bill from my checking account": list accounts → list payees → pay).
 */
export interface DomainScenario<S = any> {
  /** snake_case, unique in the domain. */
  name: string;
  /** The goal, in a sentence. */
  goal: string;
  /**
   * What the app already knows about the signed-in user, added to the system message (alternatives
   * with `{fact}` slots): "The signed-in customer is {customer_name} (customer id {customer_id})."
   */
  context?: readonly string[];
  /** Relative weight among the domain's scenarios (default 1). */
  weight?: number;
  /**
   * Picks the persona and what they know from the initial world (the state is frozen): one customer,
   * account, home or traveller. Undefined: this world cannot host the scenario.
   */
  cast(state: Readonly<S>, random: SessionRandom): ScenarioFacts | undefined;
  turns: readonly ScenarioTurn[];
  /**
   * A cross-domain scenario (servers/crossDomain/) names the domains it plays, the first one leading
   * (its reference date is the conversation's): one session of each on the same world, each step run
   * by the domain that has its tool (tool names are unique across domains), and `cast` gets their
   * initial states by domain name. Absent: the scenario plays its own domain.
   */
  domains?: readonly string[];
}

/**
 * Who the signed-in user is, for conversations drawn from the dependency graph: arguments that name
 * the acting user (a budget's `user_id`, a brokerage `account_id`) are not something a person says
 * ("as user usr_26, sell …"). Synthesis draws one record of `collection` per conversation, fills every
 * argument named in `arguments` from it, says who it is in the system message (`context`), and
 * offers only entities that agree with it (one user acts only as themselves).
 */
export interface DomainPrincipal {
  /** The sampler collection the signed-in user is drawn from (`users`, `customers`, `accounts`). */
  collection: string;
  /** Each argument that names the signed-in user, with the field of the collection's records that holds its value: `{ user_id: 'user_id' }`. */
  arguments: Readonly<Record<string, string>>;
  /**
   * What the app knows about the signed-in user, added to the system message (alternatives with
   * `{field}` slots of the record, as a scenario's `context`): "The signed-in member is {name} (user id {user_id})."
   */
  context: readonly string[];
}

/** A scenario whose steps span several domains: `cast` gets the initial state of each by domain name. */
export type CrossDomainScenario = DomainScenario<Readonly<Record<string, any>>> & { domains: readonly string[] };

export type DomainCategory = 'finance' | 'productivity' | 'commerce' | 'travel' | 'social' | 'iot' | 'knowledge' | 'lifestyle';

/** A whole domain, declared as data. */
export interface DomainDefinition<S = any> {
  /** snake_case server name, e.g. `banking`. */
  name: string;
  title: string;
  category: DomainCategory;
  /** One paragraph: what the domain models and which real API it follows. */
  description: string;
  /** Agent-visible tools. */
  tools: ToolDefinition<S>[];
  /** The initial world (loaded once from fixtures/<name>/world.json, then frozen and shared by every session). */
  loadWorld(): S;
  /** The reference date the fixture world was built around (ISO-8601, UTC). */
  defaultReferenceDate: string;
  samplers: DomainSampler<S>[];
  invariants: DomainInvariant<S>[];
  /**
   * How a user asks for each tool, by tool name: clauses with `{argument}` slots ("move {amount}
   * from {from_account_id} to {to_account_id}"). Optional: data synthesis falls back to phrasing
   * derived from tool names, descriptions and arguments.
   */
  phrasings?: Readonly<Record<string, readonly string[]>>;
  /**
   * State keys whose values are secrets (`pin`, or `parent.key` such as `passport.number`): masked
   * in every snapshot a served session gives out. Optional: the kit always masks its defaults
   * (servers/kit/sensitiveState.ts) and every argument name a tool marks `sensitive`.
   */
  sensitiveState?: readonly string[];
  /**
   * User goals played as conversations (servers/README.md, "Scenarios"). Optional: without them
   * synthesis draws tool chains from the dependency graph alone.
   */
  scenarios?: readonly DomainScenario<S>[];
  /**
   * The signed-in user of conversations drawn from the dependency graph (servers/README.md,
   * "The signed-in user"). Optional: without it, such arguments are chosen and said like any other.
   */
  principal?: DomainPrincipal;
}

/** Identity, for types. */
export function defineDomain<S>(domain: DomainDefinition<S>): DomainDefinition<S> {
  return domain;
}

/** Identity, for types: lets a domain declare its tools one by one with their argument types. */
export function defineTool<S, Args = any, Result = unknown>(tool: ToolDefinition<S, Args, Result>): ToolDefinition<S, Args, Result> {
  return tool;
}
