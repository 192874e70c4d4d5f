import type { JsonSchema } from '../../core/index.js';

/**
 * Prototype-safe lookups. A domain's state keeps its records in plain objects keyed by id
 * (`state.customers[id]`); a key such as `constructor`, `toString` or `__proto__` reads through to
 * `Object.prototype` and hands a handler a function or an object that no record is. The kit closes
 * that door by construction, for every domain with no step of its own:
 *
 * - Every id-like argument (see `isIdLikeName`: `id`, `ids`, `…_id`, `…_ids`, at any depth of the
 *   schema, in arrays too) whose value is a name every plain object inherits is refused before the
 *   handler runs, with a not-found message; the state is untouched (`DomainSession.call`).
 * - A lookup by anything else (an email, a name, a code) goes through `ownEntry`, or a Map.
 *
 * New domains need nothing: a tool whose input schema names its ids `…_id` is covered when its
 * domain is registered in servers/index.ts, and test/servers/prototypeIds.test.ts probes it.
 */

/** Every name a plain object inherits (`constructor`, `toString`, `__proto__`, …). */
export const INHERITED_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/** The record's own entry at `key`, never an inherited member: undefined where it has none. */
export function ownEntry<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Whether an argument's name marks it as an id: `id`, `ids`, or ending in `_id` or `_ids`. */
export function isIdLikeName(name: string): boolean {
  return name === 'id' || name === 'ids' || name.endsWith('_id') || name.endsWith('_ids');
}

/** Where a tool's id-like strings sit: top-level names, and nested objects to walk. */
export interface IdPlan {
  /** Properties whose value (a string, or an array of strings) is an id. */
  readonly ids: readonly string[];
  /** Properties holding objects (or arrays of objects) with ids of their own. */
  readonly nested: ReadonlyArray<readonly [string, IdPlan]>;
}

const MAX_PLAN_DEPTH = 6;

/** The id plan of an object schema, or undefined where it holds no id-like argument. */
export function idPlan(schema: JsonSchema | undefined, depth = 0): IdPlan | undefined {
  if (schema === undefined || schema === null || typeof schema !== 'object' || depth > MAX_PLAN_DEPTH) return undefined;
  const properties = schema.properties;
  if (properties === null || typeof properties !== 'object') return undefined;
  const ids: string[] = [];
  const nested: Array<readonly [string, IdPlan]> = [];
  for (const [key, property] of Object.entries(properties as Record<string, JsonSchema>)) {
    if (isIdLikeName(key)) ids.push(key);
    const inner = objectSchemaOf(property);
    const plan = inner === undefined ? undefined : idPlan(inner, depth + 1);
    if (plan !== undefined) nested.push([key, plan]);
  }
  return ids.length === 0 && nested.length === 0 ? undefined : { ids, nested };
}

/** The object schema a property holds directly or as array items, if any. */
function objectSchemaOf(property: JsonSchema): JsonSchema | undefined {
  if (property === null || typeof property !== 'object') return undefined;
  if (property.properties !== undefined) return property;
  const items = property.items as JsonSchema | undefined;
  if (items !== undefined && items !== null && typeof items === 'object' && !Array.isArray(items) && items.properties !== undefined) return items;
  return undefined;
}

/**
 * The first id-like argument whose value is an inherited name, as `[argument, value]`, or
 * undefined. `args` has passed the schema (the walk still checks every type it relies on).
 */
export function inheritedId(args: unknown, plan: IdPlan): readonly [string, string] | undefined {
  if (args === null || typeof args !== 'object') return undefined;
  if (Array.isArray(args)) {
    for (const item of args) {
      const found = inheritedId(item, plan);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  const record = args as Record<string, unknown>;
  for (const key of plan.ids) {
    if (!Object.hasOwn(record, key)) continue;
    const value = record[key];
    if (typeof value === 'string') {
      if (INHERITED_NAMES.has(value)) return [key, value];
    } else if (Array.isArray(value)) {
      for (const item of value) if (typeof item === 'string' && INHERITED_NAMES.has(item)) return [key, item];
    }
  }
  for (const [key, inner] of plan.nested) {
    if (!Object.hasOwn(record, key)) continue;
    const found = inheritedId(record[key], inner);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The not-found message for an id-like argument that names an inherited member. */
export function inheritedIdMessage(tool: string, argument: string, value: string): string {
  return `${tool}: ${argument} "${value}" was not found: no record has that id. Pass an id that a list, search or get tool returned`;
}
