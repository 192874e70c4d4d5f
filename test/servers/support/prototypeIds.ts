import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { JsonSchema } from '../../../core/index.js';
import type { DomainDefinition } from '../../../servers/kit/Domain.js';
import { domainRuntime, type DomainRuntime } from '../../../servers/kit/DomainSession.js';
import { isIdLikeName } from '../../../servers/kit/ownEntry.js';
import { REPO_ROOT } from '../../support/project.js';
import type { ToolCase } from '../ToolCase.js';

/** The names an id must never reach a domain's lookups as: each is a property every plain object inherits. */
export const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'] as const;

/** Words of JavaScript internals that an agent must never read in an error message. */
export const JS_INTERNALS = /Cannot read prop|Cannot set prop|is not a function|is not iterable|undefined|\[object |TypeError|ReferenceError|RangeError|function |=>|internal error/;

/**
 * How strictly a string argument is held, by its property name:
 * - `named`: in a domain that answers every lookup by id, email or key with a not-found message
 *   (`notFoundByName`), a top-level `…id`, `…_email`, `…_key` or `…_to` argument: a prototype name is
 *   an execution failure that repeats the value;
 * - `id`: an id, symbol or code (`id`, `ids`, `…_id`, `…_ids`, `…symbol`, `…code`): it is refused, by
 *   the schema or the handler;
 * - `text`: free text (a title, a query, an address, an idempotency key): it may be accepted, but then
 *   every invariant holds.
 * Any refusal is plain (no JavaScript internals) and changes nothing.
 */
export type SlotKind = 'named' | 'id' | 'text';

const NAMED = /(^id$|_id$|_email$|_key$|_to$)/;
const ID = /(^|_)(id|symbol|code)$/;

export function slotKind(name: string, topLevel: boolean, notFoundByName: boolean): SlotKind {
  if (notFoundByName && topLevel && NAMED.test(name)) return 'named';
  if (isIdLikeName(name) || ID.test(name)) return 'id';
  return 'text';
}

/** Where a string sits inside a tool's arguments: a path of keys and array indexes, and how strictly it is held. */
export interface StringSlot {
  path: Array<string | number>;
  kind: SlotKind;
}

/** The string slots of a concrete set of arguments, walked beside their schema (enums and consts are not probed). */
export function stringSlots(args: unknown, schema: JsonSchema | undefined, notFoundByName = false, path: Array<string | number> = [], name = ''): StringSlot[] {
  if (typeof args === 'string') return schema?.enum === undefined && schema?.const === undefined ? [{ path, kind: slotKind(name, path.length === 1, notFoundByName) }] : [];
  if (Array.isArray(args)) return args.flatMap((item, i) => stringSlots(item, schema?.items as JsonSchema | undefined, notFoundByName, [...path, i], name));
  if (args === null || typeof args !== 'object') return [];
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  return Object.keys(args).flatMap((key) => stringSlots((args as Record<string, unknown>)[key], Object.hasOwn(properties, key) ? properties[key] : undefined, notFoundByName, [...path, key], key));
}

/** Top-level string id arguments the arguments leave out (an optional filter): probed by adding them. */
function absentIdSlots(args: unknown, schema: JsonSchema | undefined, notFoundByName: boolean): StringSlot[] {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return [];
  const out: StringSlot[] = [];
  for (const [key, property] of Object.entries((schema?.properties ?? {}) as Record<string, JsonSchema>)) {
    if (Object.hasOwn(args, key) || property.type !== 'string' || property.enum !== undefined) continue;
    const kind = slotKind(key, true, notFoundByName);
    if (kind !== 'text') out.push({ path: [key], kind });
  }
  return out;
}

/** A deep copy of `args` with the string at `path` replaced by `value`. */
export function withValue(args: unknown, path: ReadonlyArray<string | number>, value: string): unknown {
  if (path.length === 0) return value;
  const copy: any = Array.isArray(args) ? [...args] : { ...(args as object) };
  const [head, ...rest] = path;
  Object.defineProperty(copy, head, { value: withValue(copy[head], rest, value), enumerable: true, writable: true, configurable: true });
  return copy;
}

/** A domain's conformance cases (test/servers/<name>/cases.ts), or undefined where it has none. */
export async function loadCases(name: string): Promise<ToolCase[] | undefined> {
  const file = join(REPO_ROOT, 'test', 'servers', name, 'cases.ts');
  if (!existsSync(file)) return undefined;
  const camel = name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
  const cases = (await import(pathToFileURL(file).href) as Record<string, ToolCase[] | undefined>)[`${camel}Cases`];
  return Array.isArray(cases) ? cases : undefined;
}

/** One probe that went wrong: which tool, which argument, which name, and what happened. */
export interface ProbeProblem {
  tool: string;
  at: string;
  name: string;
  problem: string;
}

/**
 * Feeds every prototype name to every string argument of every tool of a domain and reports what
 * went wrong (`slotKind` says what each argument must do). The arguments around the probed one come
 * from the domain's conformance cases (every succeeding case, played in order on one session so that
 * what it needs exists; optional id arguments a case leaves out are added), else from the schema alone (required properties only: the first enum
 * value, the minimum, `false`, `"x"`). `named` counts the probes of `named` arguments.
 */
export function probePrototypeNames(domain: DomainDefinition, cases: readonly ToolCase[] | undefined, notFoundByName = false): { problems: ProbeProblem[]; probed: Set<string>; named: number } {
  const runtime = domainRuntime(domain) as DomainRuntime<unknown>;
  const problems: ProbeProblem[] = [];
  const probed = new Set<string>();
  let named = 0;
  const session = runtime.openSession({});
  const schemas = new Map(domain.tools.map((tool) => [tool.name, tool.input]));
  const probe = (tool: string, args: unknown): void => {
    for (const slot of [...stringSlots(args, schemas.get(tool), notFoundByName), ...absentIdSlots(args, schemas.get(tool), notFoundByName)]) {
      probed.add(tool);
      for (const name of PROTOTYPE_NAMES) {
        const at = slot.path.join('.');
        const before = session.snapshot();
        const hash = session.stateHashSync();
        const outcome = session.call(tool, withValue(args, slot.path, name));
        const report = (problem: string) => problems.push({ tool, at, name, problem });
        if (outcome.ok) {
          if (slot.kind !== 'text') report(`accepted: ${JSON.stringify(outcome.result).slice(0, 160)}`);
          else {
            const violations = runtime.checkInvariants(session.state);
            if (violations.length > 0) report(`accepted and broke invariants: ${violations.join('; ').slice(0, 200)}`);
          }
        } else {
          if (JS_INTERNALS.test(outcome.error.message)) report(`message shows internals: ${outcome.error.message.slice(0, 200)}`);
          if (session.snapshot() !== before || session.stateHashSync() !== hash) report('refused, yet the state changed');
          if (slot.kind === 'named') {
            named++;
            if (outcome.error.kind !== 'execution') report(`refused as ${outcome.error.kind}, not as a not-found answer`);
            if (!outcome.error.message.includes(name)) report(`the refusal does not name the value: ${outcome.error.message.slice(0, 200)}`);
          } else if (slot.kind === 'id' && outcome.error.kind !== 'execution' && outcome.error.kind !== 'invalid_arguments') report(`refused as ${outcome.error.kind}`);
        }
        session.restore(before);
      }
    }
  };
  if (cases !== undefined) {
    for (const testCase of cases) {
      if (testCase.ok) probe(testCase.tool, testCase.args);
      session.call(testCase.tool, testCase.args);
    }
  }
  void session.reset();
  for (const tool of domain.tools) if (!probed.has(tool.name)) probe(tool.name, minimalArguments(tool.input));
  return { problems, probed, named };
}

/** Arguments that satisfy a schema's required properties with the simplest values. */
function minimalArguments(schema: JsonSchema): unknown {
  const build = (property: JsonSchema, name: string): unknown => {
    if (Array.isArray(property.enum)) return property.enum[0];
    if (property.const !== undefined) return property.const;
    const type = Array.isArray(property.type) ? property.type[0] : property.type;
    if (type === 'object') return minimalObject(property);
    if (type === 'array') return [build((property.items ?? {}) as JsonSchema, name)];
    if (type === 'integer' || type === 'number') return typeof property.minimum === 'number' ? property.minimum : 1;
    if (type === 'boolean') return false;
    return 'x'.repeat(Math.max(1, typeof property.minLength === 'number' ? property.minLength : 1));
  };
  const minimalObject = (object: JsonSchema): Record<string, unknown> => {
    const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
    const out: Record<string, unknown> = {};
    for (const key of (object.required ?? []) as string[]) if (Object.hasOwn(properties, key)) out[key] = build(properties[key], key);
    return out;
  };
  return minimalObject(schema);
}
