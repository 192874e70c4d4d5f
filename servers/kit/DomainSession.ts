import { hash as sha256 } from 'node:crypto';
import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import type { ValidateFunction } from 'ajv';
import { freeze } from 'immer';
import {
  compileSchema,
  errors,
  explainSchemaErrors,
  formatSchemaProblems,
  preview,
  type Environment,
  type EnvironmentSession,
  type ExecutedCall,
  type JsonSchema,
  type ToolCall,
  type ToolInfo,
  type ToolSchema,
  type WorldSpec,
} from '../../core/index.js';
import type { DomainDefinition, SessionRandom, ToolContext, ToolDefinition } from './Domain.js';
import { guardSchema } from './argumentGuard.js';
import { SeededRandom, seedRandomState } from './seededRandom.js';
import { createDraft, detachDrafts, editDraft, finishDraft, madeProxies, putDraft, type Draft } from './copyOnWrite.js';
import { freezeShared, shallowCopy } from './shallowCopy.js';
import { stateDigest } from './stateDigest.js';
import { closestName } from './closestName.js';
import { DEFAULT_SENSITIVE_KEYS } from './sensitiveState.js';
import { idPlan, inheritedId, inheritedIdMessage, type IdPlan } from './ownEntry.js';

export { closestName };

/** Why a tool call failed: no such tool, arguments that break the schema, or a failure while running it. */
export type ToolErrorKind = 'unknown_tool' | 'invalid_arguments' | 'execution';

/** The outcome of one call on the fast path. Failures are values, never exceptions. */
export type ToolOutcome = { ok: true; result: unknown } | { ok: false; error: { kind: ToolErrorKind; message: string } };

/**
 * Everything a session is, at one moment: the domain state, the id counters and the PRNG state.
 * Immutable and shared (its state deeply frozen, the snapshot itself read-only: see `Snapshot`): a
 * session points at one, a change makes a new one (copy-on-write).
 */
export interface SessionSnapshot<S> {
  readonly state: S;
  readonly counters: Readonly<Record<string, number>>;
  readonly rng: number;
}

/**
 * A snapshot as the session keeps it: immutable by construction (private fields behind getters),
 * so that a state-changing call does not pay Object.freeze for it (a C++ call, ~40 ns, on every
 * successful write). Its state is frozen; its counters are frozen when first read from outside
 * (the kit reads them through `countersOf` and copies them before any change), so that a call
 * that makes an id does not pay a freeze either.
 */
class Snapshot<S> implements SessionSnapshot<S> {
  readonly #state: S;
  readonly #counters: Readonly<Record<string, number>>;
  #countersFrozen: boolean;
  readonly #rng: number;

  constructor(state: S, counters: Readonly<Record<string, number>>, rng: number) {
    this.#state = state;
    this.#counters = counters;
    this.#countersFrozen = false;
    this.#rng = rng;
  }

  get state(): S {
    return this.#state;
  }

  get counters(): Readonly<Record<string, number>> {
    if (!this.#countersFrozen) {
      Object.freeze(this.#counters);
      this.#countersFrozen = true;
    }
    return this.#counters;
  }

  /** The counters of a snapshot, for the kit's own reads (which never change them), without freezing them. */
  static countersOf(snapshot: SessionSnapshot<unknown>): Readonly<Record<string, number>> {
    return #counters in snapshot ? (snapshot as Snapshot<unknown>).#counters : snapshot.counters;
  }

  get rng(): number {
    return this.#rng;
  }
}

/** Larger arguments are refused before schema validation (a model can emit a megabyte of junk). */
export const MAX_ARGUMENT_BYTES = 64 * 1024;
/** Deeper arguments are refused before schema validation (and a cyclic in-process object stops here). */
export const MAX_ARGUMENT_DEPTH = 32;

/** Longer tool names are refused without a closest-name search (the longest real one is far shorter). */
export const MAX_TOOL_NAME_LENGTH = 128;
/**
 * Longer error messages are cut in the middle, keeping their start (what was wrong) and their end
 * (what is valid): a message never quotes a whole oversized value back.
 */
export const MAX_ERROR_MESSAGE_LENGTH = 2000;

/** `message`, cut in the middle when it is longer than MAX_ERROR_MESSAGE_LENGTH. */
export function boundedMessage(message: string): string {
  if (message.length <= MAX_ERROR_MESSAGE_LENGTH) return message;
  const head = message.slice(0, 1200);
  const tail = message.slice(message.length - 700);
  return `${head} …(${message.length - 1900} characters cut)… ${tail}`;
}

/** An ISO-8601 date-time with an explicit offset (`Z` or `±hh:mm`): no local time, no other format. */
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/;

/**
 * The instant of a reference date, or undefined unless it is an ISO-8601 date-time with an explicit
 * offset whose fields are all in range (2026-02-30 is refused, not rolled over to March 2).
 */
export function parseReferenceDate(text: string): number | undefined {
  const match = ISO_DATE_TIME.exec(text);
  if (match === null) return undefined;
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(match[i] ?? 0));
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return undefined;
  if (match[8] !== undefined && (Number(match[8]) > 23 || Number(match[9]) > 59)) return undefined;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : time;
}

const clocks = new Map<string, string | undefined>();

/** A session's clock (ISO-8601 UTC) from its reference date, or undefined; remembered (sessions share a few dates). */
function sessionClock(text: string): string | undefined {
  if (clocks.has(text)) return clocks.get(text);
  const time = parseReferenceDate(text);
  const now = time === undefined ? undefined : new Date(time).toISOString();
  if (clocks.size < 1000) clocks.set(text, now);
  return now;
}

/** Seed of a session opened without one. */
export const DEFAULT_SEED = 0;

/** A tool with everything the hot path needs computed once. */
interface CompiledTool<S> {
  definition: ToolDefinition<S>;
  /** The schema's exact validator (compiled on first use where a guard exists, see the constructor). */
  validate: () => ValidateFunction;
  /**
   * The same schema with string lengths counted in UTF-16 code units: exact, and several times
   * faster, for arguments without a surrogate pair (nearly all); undefined where keys have length
   * limits (propertyNames), which the argument walk does not look at. Compiled on first use: a
   * call the guard accepts never needs it, and compiling every tool's at start costs more than
   * the calls that do.
   */
  validateCodeUnits: (() => ValidateFunction) | undefined;
  /**
   * Strings shorter than this are looked at for surrogates before `validateCodeUnits` is trusted:
   * twice the schema's largest minLength. A longer string has at least half as many characters as
   * code units, so it meets every minLength in both counts; and a count in code units is never
   * below the count in characters, so a maxLength it meets in code units it meets in characters.
   * Where the code-unit validator refuses, the exact one decides.
   */
  surrogateScanBelow: number;
  /**
   * The guard (servers/kit/argumentGuard.ts): one ajv pass whose yes stands for the argument walk
   * and the code-unit validator together; undefined where the schema is not closed and bounded
   * (or fills defaults). Its no sends the call the full way.
   */
  validateGuard: ValidateFunction | undefined;
  /** Whether the schema declares defaults (then arguments are copied before ajv fills them in). */
  fillsDefaults: boolean;
  readOnly: boolean;
  /** `name (type, required), …`: the valid arguments, quoted in every invalid-arguments message. */
  signature: string;
  /** Where the id-like arguments sit (ownEntry.ts), or undefined where the tool takes none. */
  ids: IdPlan | undefined;
}

/** Thrown by `ctx.fail`: a failure the handler meant, with a message for the model. */
class ToolFailure {
  constructor(readonly message: string) {}
}

const EMPTY_COUNTERS: Readonly<Record<string, number>> = Object.freeze({});

function hasDefaults(schema: unknown): boolean {
  if (schema === null || typeof schema !== 'object') return false;
  if (Array.isArray(schema)) return schema.some(hasDefaults);
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'default') return true;
    if (hasDefaults(value)) return true;
  }
  return false;
}

function typeWords(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join('|')}`;
  const type = schema.type;
  if (type === 'array') {
    const items = schema.items as JsonSchema | undefined;
    return items && typeof items === 'object' ? `array of ${typeWords(items)}` : 'array';
  }
  if (Array.isArray(type)) return type.join(' or ');
  if (typeof type === 'string') return type;
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) return 'one of several forms';
  return 'any';
}

function signatureOf(schema: JsonSchema): string {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const parts = Object.entries(properties).map(([key, property]) => `${key} (${typeWords(property)}${required.has(key) ? ', required' : ''})`);
  return parts.length === 0 ? 'no arguments' : parts.join(', ');
}

/**
 * What is left of the byte budget while `argumentSizeProblem` walks an argument object, and whether
 * a string shorter than `scanBelow` held a surrogate.
 */
const sizeBudget = { left: 0, surrogates: false, scanBelow: 0 };
/** A UTF-16 surrogate: a string without one has as many characters as code units (V8 answers in ~11 ns for a one-byte string). */
const SURROGATE = /[\uD800-\uDFFF]/;

function walkArgument(item: unknown, depth: number): string | undefined {
  if (depth > MAX_ARGUMENT_DEPTH) return `arguments are nested more than ${MAX_ARGUMENT_DEPTH} levels deep`;
  if (typeof item === 'string') {
    sizeBudget.left -= item.length + 2;
    if (item.length < sizeBudget.scanBelow && !sizeBudget.surrogates && SURROGATE.test(item)) sizeBudget.surrogates = true;
  }
  else if (item === null || typeof item !== 'object') sizeBudget.left -= 8;
  else if (Array.isArray(item)) {
    sizeBudget.left -= 2;
    for (const element of item) {
      const problem = walkArgument(element, depth + 1);
      if (problem !== undefined) return problem;
      if (sizeBudget.left < 0) break;
    }
  } else {
    sizeBudget.left -= 2;
    for (const key in item) {
      sizeBudget.left -= key.length + 4;
      const problem = walkArgument((item as Record<string, unknown>)[key], depth + 1);
      if (problem !== undefined) return problem;
      if (sizeBudget.left < 0) break;
    }
  }
  return sizeBudget.left < 0 ? `arguments are larger than ${MAX_ARGUMENT_BYTES} bytes of JSON; send short values (ids, names, amounts), not whole documents` : undefined;
}

/**
 * Refuses arguments too large or too deep before ajv sees them. Counts roughly the bytes of their
 * JSON and stops as soon as the budget is spent, so a huge argument costs no more than the limit.
 * (A module-level walk, not a closure: it runs on every call.)
 */
function argumentSizeProblem(value: unknown, surrogateScanBelow: number): string | undefined {
  sizeBudget.left = MAX_ARGUMENT_BYTES;
  sizeBudget.surrogates = false;
  sizeBudget.scanBelow = surrogateScanBelow;
  return walkArgument(value, 0);
}

/** The largest `minLength` anywhere in a JSON Schema (0 without one). */
function largestMinLength(schema: unknown): number {
  if (schema === null || typeof schema !== 'object') return 0;
  let largest = 0;
  if (!Array.isArray(schema) && typeof (schema as { minLength?: unknown }).minLength === 'number') largest = (schema as { minLength: number }).minLength;
  for (const value of Object.values(schema)) largest = Math.max(largest, largestMinLength(value));
  return largest;
}

/** A copy of JSON-shaped arguments (already size-checked), cheaper than structuredClone for small objects. */
function copyArguments(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copyArguments);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = copyArguments((value as Record<string, unknown>)[key]);
    // An own "__proto__" key (JSON.parse makes one) must stay a key, not become the prototype.
    if (key === '__proto__') Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
    else out[key] = item;
  }
  return out;
}

function describeNonObject(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value} (${preview(value, 40)})`;
}



/**
 * What one call's handler gets. A class, not an object literal of closures: it is built on every
 * call, and methods on a prototype cost nothing to create.
 */
class CallContext<S> implements ToolContext<S> {
  readonly base: S;
  /** The copy-on-write draft of a state-changing call. */
  draft: Draft<S> | undefined;
  /** The call's PRNG, made when a handler first asks for it (most never do). */
  private rng: SeededRandom | undefined;
  private readonly rootRng: number;
  counters: Readonly<Record<string, number>>;
  countersCopied = false;
  private boundNextId: ((prefix: string) => string) | undefined;

  constructor(
    private readonly runtime: DomainRuntime<S>,
    root: SessionSnapshot<S>,
    readonly now: string,
    readonly today: string,
  ) {
    this.base = root.state;
    this.rootRng = root.rng;
    this.counters = Snapshot.countersOf(root);
  }

  get state(): ToolContext<S>['state'] {
    return (this.draft !== undefined ? this.draft.draft : this.base) as ToolContext<S>['state'];
  }

  get random(): SeededRandom {
    return (this.rng ??= new SeededRandom(this.rootRng));
  }

  /** The PRNG state after the call: unchanged unless the handler drew. */
  get randomState(): number {
    return this.rng === undefined ? this.rootRng : this.rng.state;
  }

  edit<T>(...path: PropertyKey[]): T {
    if (this.draft === undefined) throw new TypeError('edit: a read-only tool cannot change the state');
    return editDraft<T>(this.draft, path);
  }

  put(path: readonly PropertyKey[], value: unknown): void {
    if (this.draft === undefined) throw new TypeError('put: a read-only tool cannot change the state');
    putDraft(this.draft, path, value);
  }

  /** Bound once asked for: handlers may destructure `const { nextId, fail } = ctx`. */
  get nextId(): (prefix: string) => string {
    return (this.boundNextId ??= this.makeId.bind(this));
  }

  private makeId(prefix: string): string {
    if (!this.countersCopied) {
      // A spread of the frozen counters costs ~15 ns a key; the compiled literal a few ns in all.
      this.counters = shallowCopy(this.counters);
      this.countersCopied = true;
    }
    const ids = this.runtime.idsOf(prefix);
    const n = (this.counters[prefix] ?? ids.base) + 1;
    (this.counters as Record<string, number>)[prefix] = n;
    return ids.name(n);
  }

  fail(message: string): never {
    throw new ToolFailure(String(message));
  }
}

function failure(kind: ToolErrorKind, message: string): ToolOutcome {
  return { ok: false, error: { kind, message: boundedMessage(message) } };
}

/** The outcome of a handler that threw: its `ctx.fail` message, or an internal error naming the tool. */
function thrownFailure(error: unknown, tool: string): ToolOutcome {
  if (error instanceof ToolFailure) return failure('execution', error.message);
  const message = error instanceof Error ? error.message : preview(error);
  return failure('execution', `internal error in ${tool}: ${message}`);
}

/**
 * Deep-freezes a JSON world, rebuilding every plain object once on the way: JSON.parse leaves large
 * objects (collections keyed by id) in V8's dictionary mode, which copy-on-write copies about twice
 * as slowly as the fast-mode objects a spread produces.
 */
function freezeWorld<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return Object.freeze(value.map(freezeWorld)) as T;
  if (Object.getPrototypeOf(value) !== Object.prototype) return freeze(value, true);
  const built: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = freezeWorld((value as Record<string, unknown>)[key]);
    if (key === '__proto__') Object.defineProperty(built, key, { value: item, enumerable: true, writable: true, configurable: true });
    else built[key] = item;
  }
  // Objects of one shape come from one compiled literal: they share a hidden class, so the
  // handlers' property reads on them stay monomorphic (a spread per object gave e.g. the banking
  // transactions 57 classes), and each keeps its copier for the sessions that copy it.
  return freezeShared(built) as T;
}

/** Highest `n` among the world's string values shaped `${prefix}_${n}`: new ids start after it. */
function highestIdNumber(world: unknown, prefix: string): number {
  const pattern = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}_(\\d+)$`);
  let highest = 0;
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      const match = pattern.exec(value);
      if (match) highest = Math.max(highest, Number(match[1]));
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item);
    } else if (value !== null && typeof value === 'object') {
      for (const key in value) walk((value as Record<string, unknown>)[key]);
    }
  };
  walk(world);
  return highest;
}

/**
 * The ids of one prefix that sessions make, `${prefix}_${n}` counted from `base + 1`. Every session
 * starts from the same counters, so the same ids come again and again (every episode of a rollout
 * makes the same first ids): the first few thousand are kept, one string each, which V8 has made
 * a key once (internalized) and then finds without hashing its text again.
 */
class IdNames {
  private readonly names: string[] = [];

  constructor(
    private readonly prefix: string,
    readonly base: number,
  ) {}

  name(n: number): string {
    const slot = n - this.base - 1;
    if (slot >= MAX_KEPT_IDS) return `${this.prefix}_${n}`;
    return (this.names[slot] ??= `${this.prefix}_${n}`);
  }
}
/** Ids kept per prefix. */
const MAX_KEPT_IDS = 4096;

/**
 * A domain made ready to run: schemas compiled once, tool lists computed once, the world loaded
 * once and frozen. Sessions are cheap views on it.
 */
export class DomainRuntime<S = unknown> {
  readonly name: string;
  /** Agent-visible tools in OpenAI function format. */
  readonly tools: readonly ToolSchema[];
  /** Agent-visible tools as MCP `tools/list` returns them (computed once). */
  readonly mcpTools: readonly McpTool[];
  readonly toolNames: readonly string[];
  /** State keys masked in snapshots given out (sensitiveState.ts). */
  readonly sensitiveKeys: ReadonlySet<string>;
  private readonly compiled = new Map<string, CompiledTool<S>>();
  private frozenWorld: S | undefined;
  private readonly idNames = new Map<string, IdNames>();
  private sessionCount = 0;

  constructor(readonly domain: DomainDefinition<S>) {
    this.name = domain.name;
    const tools: ToolSchema[] = [];
    const mcpTools: McpTool[] = [];
    for (const definition of domain.tools) {
      if (this.compiled.has(definition.name)) throw errors.invalidDomain(domain.name, `tool "${definition.name}" is declared twice`);
      if (definition.name.startsWith('prove_')) throw errors.invalidDomain(domain.name, `tool "${definition.name}": the prefix "prove_" is reserved for the hidden operator tools`);
      if (definition.input?.type !== 'object') throw errors.invalidDomain(domain.name, `tool "${definition.name}": input schema must have type "object"`);
      const fillsDefaults = hasDefaults(definition.input);
      const keyLengths = JSON.stringify(definition.input).includes('"propertyNames"');
      const guard = fillsDefaults || keyLengths ? undefined : guardSchema(definition.input, MAX_ARGUMENT_BYTES, MAX_ARGUMENT_DEPTH);
      let validate: (() => ValidateFunction) | undefined;
      let validateGuard: ValidateFunction | undefined;
      try {
        // The guard is the schema with its own keywords (minLengths doubled): where it compiles, the
        // schema does, and its exact validator is compiled when a call first needs it (one the guard
        // and the code-unit validator both refuse). Without a guard it is compiled now.
        if (guard !== undefined) validateGuard = compileSchema(guard, { codeUnitLengths: true, firstErrorOnly: true });
        else {
          const compiled = compileSchema(definition.input, { useDefaults: fillsDefaults });
          validate = () => compiled;
        }
      } catch (error) {
        throw errors.invalidDomain(domain.name, `tool "${definition.name}": input schema does not compile: ${(error as Error).message}`);
      }
      this.compiled.set(definition.name, {
        definition,
        validate: validate ?? lazily(() => compileSchema(definition.input, { useDefaults: fillsDefaults })),
        validateCodeUnits: keyLengths ? undefined : lazily(() => compileSchema(definition.input, { useDefaults: fillsDefaults, codeUnitLengths: true })),
        validateGuard,
        surrogateScanBelow: 2 * largestMinLength(definition.input),
        fillsDefaults,
        readOnly: definition.annotations.readOnlyHint === true,
        signature: signatureOf(definition.input),
        ids: idPlan(definition.input),
      });
      tools.push({ type: 'function', function: { name: definition.name, description: definition.description, parameters: definition.input } });
      const mcpTool: McpTool = {
        name: definition.name,
        description: definition.description,
        inputSchema: definition.input as McpTool['inputSchema'],
        outputSchema: definition.output as McpTool['outputSchema'],
        annotations: definition.annotations,
      };
      if (definition.annotations.title !== undefined) mcpTool.title = definition.annotations.title;
      if (definition.sensitive?.length) mcpTool._meta = { 'prove/sensitive': definition.sensitive };
      mcpTools.push(mcpTool);
    }
    this.tools = Object.freeze(tools);
    this.mcpTools = Object.freeze(mcpTools);
    this.toolNames = Object.freeze(domain.tools.map((t) => t.name));
    this.sensitiveKeys = new Set([...DEFAULT_SENSITIVE_KEYS, ...domain.tools.flatMap((t) => t.sensitive ?? []), ...(domain.sensitiveState ?? [])]);
  }

  /** The initial world: loaded on first use, deeply frozen, shared by every session (never copied). */
  get world(): S {
    if (this.frozenWorld === undefined) this.frozenWorld = freezeWorld(this.domain.loadWorld());
    return this.frozenWorld;
  }

  /** Whether the domain has an agent-visible tool of that name. */
  hasTool(name: string): boolean {
    return this.compiled.has(name);
  }

  /** Open an isolated session on the shared world: O(1), no copy. */
  openSession(world: Partial<WorldSpec> = {}, id?: string): DomainSession<S> {
    return new DomainSession(this, world, id ?? `${this.name}-${++this.sessionCount}`);
  }

  /** Violations of the domain's invariants in `state` (empty when all hold). */
  checkInvariants(state: S): string[] {
    const violations: string[] = [];
    for (const invariant of this.domain.invariants) {
      const problem = invariant.check(state, this.world);
      if (problem !== undefined) violations.push(`${invariant.name}: ${problem}`);
    }
    return violations;
  }

  /** Real entities of `state`, by sampler collection. */
  sample(state: S): Record<string, Array<Record<string, unknown>>> {
    const entities: Record<string, Array<Record<string, unknown>>> = {};
    for (const sampler of this.domain.samplers) entities[sampler.collection] = sampler.sample(state);
    return entities;
  }

  /** The valid arguments of a tool in one line (`name (type, required), …`), as error messages quote them. */
  argumentSummary(name: string): string | undefined {
    return this.compiled.get(name)?.signature;
  }

  /** @internal The compiled tool, for sessions (the last one asked for remembered: calls repeat a tool, and a Map read costs ~13 ns). */
  compiledTool(name: string): CompiledTool<S> | undefined {
    if (name === this.lastToolName) return this.lastTool;
    const tool = this.compiled.get(name);
    if (tool !== undefined) {
      this.lastToolName = name;
      this.lastTool = tool;
    }
    return tool;
  }
  private lastToolName: string | undefined;
  private lastTool: CompiledTool<S> | undefined;

  /** @internal The ids `nextId(prefix)` makes: counted from after every such id the world already holds. */
  idsOf(prefix: string): IdNames {
    // The last prefix asked for remembered: a tool that makes ids mostly makes one kind.
    if (prefix === this.lastIdsPrefix) return this.lastIds!;
    let ids = this.idNames.get(prefix);
    if (ids === undefined) {
      ids = new IdNames(prefix, highestIdNumber(this.world, prefix));
      this.idNames.set(prefix, ids);
    }
    this.lastIdsPrefix = prefix;
    this.lastIds = ids;
    return ids;
  }
  private lastIdsPrefix: string | undefined;
  private lastIds: IdNames | undefined;

  /** @internal The message for a tool name the domain does not have. */
  unknownToolMessage(name: unknown): string {
    if (typeof name === 'string' && name.length > MAX_TOOL_NAME_LENGTH) {
      return `unknown tool ${preview(name.slice(0, 60), 60)} (a name of ${name.length} characters; tool names have at most ${MAX_TOOL_NAME_LENGTH}) on server "${this.name}". Valid tools: ${this.toolNames.join(', ')}`;
    }
    const shown = typeof name === 'string' ? JSON.stringify(name) : preview(name);
    const closest = typeof name === 'string' ? closestName(name, this.toolNames) : undefined;
    return `unknown tool ${shown} on server "${this.name}"${closest ? `; did you mean "${closest}"?` : ''} Valid tools: ${this.toolNames.join(', ')}`;
  }
}

/** `make()`, called once, on the first call. */
function lazily<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

const runtimes = new WeakMap<DomainDefinition<any>, DomainRuntime<any>>();

/** The runtime of a domain, built once per domain object. */
export function domainRuntime<S>(domain: DomainDefinition<S>): DomainRuntime<S> {
  let runtime = runtimes.get(domain) as DomainRuntime<S> | undefined;
  if (runtime === undefined) {
    runtime = new DomainRuntime(domain);
    runtimes.set(domain, runtime);
  }
  return runtime;
}

const rootHashes = new WeakMap<SessionSnapshot<unknown>, { now: string; hash: string }>();

/** The hash of a snapshot on a session's clock (the clock is part of the world: two clocks, two hashes). */
function snapshotHash(root: SessionSnapshot<unknown>, now: string): string {
  const known = rootHashes.get(root);
  if (known !== undefined && known.now === now) return known.hash;
  // The digests (stateDigest.ts) cost what the last writes changed: they are kept up to date by them.
  const hash = sha256('sha256', `${stateDigest(root.state)}|${stateDigest(root.counters)}|${root.rng}|${now}`, 'hex');
  rootHashes.set(root, { now, hash });
  return hash;
}

/**
 * One isolated session of a domain: a pointer to an immutable snapshot. A read-only tool runs on
 * the frozen state directly; a tool that changes state runs on a copy-on-write draft (copyOnWrite.ts), and only a
 * successful call moves the pointer, so a rejected call leaves everything (the hash too) as it was.
 */
export class DomainSession<S = unknown> implements EnvironmentSession {
  readonly server: string;
  /** The world this session started from (seed and reference date). */
  readonly world: WorldSpec;
  /** The session's clock, ISO-8601 UTC. */
  readonly now: string;
  readonly today: string;
  private readonly initial: SessionSnapshot<S>;
  private root: SessionSnapshot<S>;
  private closed = false;

  constructor(
    readonly runtime: DomainRuntime<S>,
    world: Partial<WorldSpec>,
    readonly id: string,
  ) {
    this.server = runtime.name;
    const seed = world.seed ?? DEFAULT_SEED;
    if (typeof seed !== 'number' || !Number.isSafeInteger(seed)) throw errors.invalidWorld(runtime.name, 'seed', seed, 'must be a safe integer');
    const referenceDate = world.referenceDate ?? runtime.domain.defaultReferenceDate;
    const now = typeof referenceDate === 'string' ? sessionClock(referenceDate) : undefined;
    if (now === undefined) {
      throw errors.invalidWorld(runtime.name, 'referenceDate', typeof referenceDate === 'string' ? referenceDate.slice(0, 80) : referenceDate, 'must be a valid ISO-8601 date-time with an explicit offset, such as 2026-03-02T09:00:00Z or 2026-03-02T10:00:00+01:00');
    }
    this.now = now;
    this.today = this.now.slice(0, 10);
    this.world = { seed, referenceDate: this.now };
    this.initial = new Snapshot(runtime.world, EMPTY_COUNTERS, seedRandomState(seed));
    this.root = this.initial;
  }

  /** The current state, frozen. */
  get state(): Readonly<S> {
    return this.root.state;
  }

  /** Whether `close()` was called. */
  get isClosed(): boolean {
    return this.closed;
  }

  /**
   * Run one agent-visible tool: look it up, check the arguments (size, then schema), run the
   * handler. Never throws; a failure is an outcome with a message a model can act on.
   */
  call(name: string, args: unknown): ToolOutcome {
    if (this.closed) return failure('execution', `session ${this.id} of server "${this.server}" is closed; open a new session`);
    const tool = typeof name === 'string' ? this.runtime.compiledTool(name) : undefined;
    if (tool === undefined) return failure('unknown_tool', this.runtime.unknownToolMessage(name));
    if (args === undefined) args = {};
    if (args === null || typeof args !== 'object' || Array.isArray(args)) {
      return failure('invalid_arguments', `arguments of ${tool.definition.name} must be a JSON object, got ${describeNonObject(args)}. Valid arguments: ${tool.signature}`);
    }
    // Closed, bounded schemas: one pass proves the arguments small enough and valid (argumentGuard.ts).
    const guard = tool.validateGuard;
    if (guard !== undefined && guard(args)) return this.run(tool, args);
    const sizeProblem = argumentSizeProblem(args, tool.surrogateScanBelow);
    if (sizeProblem !== undefined) return failure('invalid_arguments', `${tool.definition.name}: ${sizeProblem}`);
    if (tool.fillsDefaults) args = copyArguments(args);
    // Lengths in code units agree with lengths in characters unless a short string holds a
    // surrogate (see surrogateScanBelow); where they refuse, the exact count decides.
    const codeUnits = sizeBudget.surrogates ? undefined : tool.validateCodeUnits?.();
    if (codeUnits !== undefined && codeUnits(args)) return this.run(tool, args);
    const validate = tool.validate();
    if (!validate(args)) {
      const problems = formatSchemaProblems(explainSchemaErrors(validate.errors, args), 'arguments');
      return failure('invalid_arguments', `invalid arguments for ${tool.definition.name}: ${problems}. Valid arguments: ${tool.signature}`);
    }
    return this.run(tool, args);
  }

  private run(tool: CompiledTool<S>, args: unknown): ToolOutcome {
    // No id may read through Object.prototype in a handler's lookups (ownEntry.ts).
    if (tool.ids !== undefined) {
      const inherited = inheritedId(args, tool.ids);
      if (inherited !== undefined) return failure('execution', inheritedIdMessage(tool.definition.name, inherited[0], inherited[1]));
    }
    const root = this.root;
    const context = new CallContext<S>(this.runtime, root, this.now, this.today);
    let result: unknown;
    let state: S;
    try {
      if (tool.readOnly) {
        result = tool.definition.handler(args, context);
        state = root.state;
      } else {
        const draft = createDraft(root.state);
        context.draft = draft;
        const raw = tool.definition.handler(args, context);
        state = finishDraft(draft);
        result = madeProxies(draft) ? detachDrafts(raw) : raw;
      }
    } catch (error) {
      return thrownFailure(error, tool.definition.name);
    }
    const rng = context.randomState;
    if (state !== root.state || context.countersCopied || rng !== root.rng) {
      this.root = new Snapshot(state, context.counters, rng);
    }
    return { ok: true, result };
  }

  /** SHA-256 (hex) of the digests of state and id counters (stateDigest.ts), the PRNG state and the session's clock: costs what the writes since the last hash changed. */
  stateHashSync(): string {
    return snapshotHash(this.root as SessionSnapshot<unknown>, this.now);
  }

  /** The hash the session had when it was opened (and has again after `reset()`). */
  initialStateHash(): string {
    return snapshotHash(this.initial as SessionSnapshot<unknown>, this.now);
  }

  /** The current snapshot: immutable, cheap (no copy), restorable with `restore`. */
  snapshot(): SessionSnapshot<S> {
    return this.root;
  }

  /** Return to a snapshot taken from this session. */
  restore(snapshot: SessionSnapshot<S>): void {
    this.root = snapshot;
  }

  /** Back to exactly the initial state, counters and PRNG. */
  reset(): Promise<void> {
    this.root = this.initial;
    return Promise.resolve();
  }

  /** Run a parsed tool call (the engine's `EnvironmentSession` interface). */
  executeSync(call: ToolCall): ExecutedCall {
    if (call.malformed !== undefined) {
      return { ...call, server: this.server, ok: false, error: { kind: 'malformed', message: `the tool call could not be parsed: ${preview(call.malformed)}` } };
    }
    const outcome = this.call(call.name, call.arguments);
    return outcome.ok ? { ...call, server: this.server, ok: true, result: outcome.result } : { ...call, server: this.server, ok: false, error: outcome.error };
  }

  execute(call: ToolCall): Promise<ExecutedCall> {
    return Promise.resolve(this.executeSync(call));
  }

  stateHash(): Promise<string> {
    return Promise.resolve(this.stateHashSync());
  }

  /** Release the session: further calls fail with a message; the state is dropped. */
  close(): Promise<void> {
    this.closed = true;
    this.root = this.initial;
    return Promise.resolve();
  }
}

/** A domain as an engine `Environment`: its agent-visible tools and fresh fast-path sessions. */
export function domainEnvironment<S>(domain: DomainDefinition<S>): Environment {
  const runtime = domainRuntime(domain);
  const infos: ToolInfo[] = domain.tools.map((tool) => {
    const info: ToolInfo = { name: tool.name, outputSchema: tool.output, annotations: tool.annotations };
    if (tool.sensitive?.length) info.sensitive = [...tool.sensitive];
    const phrasings = domain.phrasings?.[tool.name];
    if (phrasings?.length) info.phrasings = [...phrasings];
    return info;
  });
  return {
    name: runtime.name,
    tools: runtime.tools,
    describeTools: () => infos,
    defaultReferenceDate: domain.defaultReferenceDate,
    openSession: (world: WorldSpec) => Promise.resolve(runtime.openSession(world)),
  };
}
