import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { JsonSchema } from '../../../core/index.js';
import type { DomainDefinition } from '../../../servers/kit/Domain.js';
import { domainRuntime, type DomainRuntime, type DomainSession } from '../../../servers/kit/DomainSession.js';
import { REPO_ROOT } from '../../support/project.js';
import type { ToolCase } from '../ToolCase.js';

/** The names an id must never reach a domain's lookups as: each is a property every plain object inherits. */
export const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'] as const;

/** Words of JavaScript internals that an agent must never read in an error message. */
export const JS_INTERNALS = /Cannot read prop|Cannot set prop|is not a function|is not iterable|undefined|\[object |TypeError|ReferenceError|RangeError|function |=>|internal error/;

/**
 * Where a string sits inside a tool's arguments: a path of keys and array indexes, and whether the
 * argument is id-like. Id-like: the property's name is `id`, `ids`, or ends in `_id` or `_ids` (an
 * array of such strings counts per item). Every other string is free text (a title, a query).
 */
export interface StringSlot {
  path: Array<string | number>;
  idLike: boolean;
}

export function isIdLikeName(name: string): boolean {
  return name === 'id' || name === 'ids' || name.endsWith('_id') || name.endsWith('_ids');
}

/** The string slots of a concrete set of arguments, walked beside their schema. */
export function stringSlots(args: unknown, schema: JsonSchema | undefined, path: Array<string | number> = [], name = ''): StringSlot[] {
  if (typeof args === 'string') return schema?.enum === undefined && schema?.const === undefined ? [{ path, idLike: isIdLikeName(name) }] : [];
  if (Array.isArray(args)) return args.flatMap((item, i) => stringSlots(item, schema?.items as JsonSchema | undefined, [...path, i], name));
  if (args === null || typeof args !== 'object') return [];
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  return Object.keys(args).flatMap((key) => stringSlots((args as Record<string, unknown>)[key], Object.hasOwn(properties, key) ? properties[key] : undefined, [...path, key], key));
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
 * went wrong. The arguments around the probed one come from the domain's conformance cases (a
 * call known to succeed, played in order on one session so that what it needs exists), else from
 * the schema alone (required properties only: the first enum value, `0`, `false`, `"x"`, ids from the
 * world). An id-like argument must be refused with a plain message (no JavaScript internals) and
 * leave the state and its hash as they were; free text may be accepted, but then the domain's
 * invariants must still hold, and a refusal must be plain and change nothing.
 */
export function probePrototypeNames(domain: DomainDefinition, cases: readonly ToolCase[] | undefined): { problems: ProbeProblem[]; probed: Set<string> } {
  const runtime = domainRuntime(domain) as DomainRuntime<unknown>;
  const problems: ProbeProblem[] = [];
  const probed = new Set<string>();
  const session = runtime.openSession({});
  const schemas = new Map(domain.tools.map((tool) => [tool.name, tool.input]));
  const probe = (tool: string, args: unknown): void => {
    for (const slot of stringSlots(args, schemas.get(tool))) {
      probed.add(tool);
      for (const name of PROTOTYPE_NAMES) {
        const at = slot.path.join('.');
        const before = session.snapshot();
        const hash = session.stateHashSync();
        const outcome = session.call(tool, withValue(args, slot.path, name));
        const report = (problem: string) => problems.push({ tool, at, name, problem });
        if (outcome.ok) {
          if (slot.idLike) report(`accepted: ${JSON.stringify(outcome.result).slice(0, 160)}`);
          else {
            const violations = runtime.checkInvariants(session.state);
            if (violations.length > 0) report(`accepted and broke invariants: ${violations.join('; ').slice(0, 200)}`);
          }
        } else {
          if (JS_INTERNALS.test(outcome.error.message)) report(`message shows internals: ${outcome.error.message.slice(0, 200)}`);
          if (session.snapshot() !== before || session.stateHashSync() !== hash) report('refused, yet the state changed');
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
  for (const tool of domain.tools) if (!probed.has(tool.name)) probe(tool.name, minimalArguments(tool.input, runtime, session));
  return { problems, probed };
}

/** Arguments that satisfy a schema's required properties with the simplest values (real ids where the world has them). */
function minimalArguments(schema: JsonSchema, runtime: DomainRuntime<unknown>, session: DomainSession<unknown>): unknown {
  void runtime;
  void session;
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
