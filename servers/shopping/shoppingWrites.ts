import { bucketOf, type BucketedRecord } from '../kit/bucketedRecord.js';
import type { ToolContext } from '../kit/Domain.js';
import type { ShoppingState } from './ShoppingState.js';

/**
 * The write path of the shopping tools. A tool reads and checks everything on the frozen state the
 * call found (`ctx.base`), builds each entity it changes as a new object, and stores it with
 * `putEntry` / `putBucketedEntries`: these copy the entity's collection (and bucket), freeze the
 * copies and put the new collection into the root of the state, the only node the kit copies
 * (`ctx.edit()`). No Proxy is involved, so the kit does not walk the result either.
 *
 * Collections are copied by functions compiled for their keys (an object literal per key list):
 * V8 copies a frozen object through a spread key by key, 20–110 ns a key (a record keyed by
 * integer-like bucket numbers is the slowest), where a literal copies the whole record in a few
 * tens of nanoseconds.
 */

type Context = ToolContext<ShoppingState>;
type AnyRecord = Record<string, unknown>;
type Copier = (record: Readonly<AnyRecord>) => AnyRecord;

/** Collections keyed by id at the root of the state. */
type FlatCollection = 'carts' | 'customers' | 'addresses' | 'coupons' | 'returns';
/** Collections laid out in buckets (`servers/kit/bucketedRecord.ts`). */
type BucketedCollection = 'variants' | 'orders';

interface CompiledCopier {
  /** The keys the literal copies, in order: a prefix of the keys of every record it copies. */
  readonly keys: readonly string[];
  readonly copy: Copier;
}

/**
 * Copiers by record (collection name and first key). Records only grow (no shopping tool removes
 * an entry from these collections), so the keys a record had when first seen stay a prefix of its
 * keys in every later state; a record seen in an earlier state (fewer keys) gets a copier for the
 * keys both share, once.
 */
const copiers = new Map<string, CompiledCopier>();

/** Records with fewer keys are spread: a literal gains little there. */
const MIN_COMPILED_KEYS = 4;
/** Copiers for more records than this are not kept (a world has a few hundred records at most). */
const MAX_COPIERS = 4096;

function compileCopier(keys: readonly string[]): Copier {
  const body = keys.map((key) => `${JSON.stringify(key)}: record[${JSON.stringify(key)}]`).join(', ');
  return new Function('record', `return { ${body} };`) as Copier;
}

function sharedPrefix(a: readonly string[], b: readonly string[]): number {
  const length = Math.min(a.length, b.length);
  let i = 0;
  while (i < length && a[i] === b[i]) i++;
  return i;
}

/** A shallow, unfrozen copy of a frozen record, with its keys in the same order (as a spread makes it). */
export function copyRecord<T>(record: Readonly<Record<string, T>>, name: string): Record<string, T> {
  const keys = Object.keys(record);
  if (keys.length < MIN_COMPILED_KEYS) return { ...record };
  const id = `${name}:${keys[0]}`;
  let compiled = copiers.get(id);
  const shared = compiled === undefined ? keys.length : sharedPrefix(compiled.keys, keys);
  if (compiled === undefined || shared < compiled.keys.length) {
    if (shared < MIN_COMPILED_KEYS || copiers.size >= MAX_COPIERS) return { ...record };
    const prefix = keys.slice(0, shared);
    // An own "__proto__" key would set the prototype in a literal.
    if (prefix.includes('__proto__')) return { ...record };
    compiled = { keys: prefix, copy: compileCopier(prefix) };
    copiers.set(id, compiled);
  }
  const copy = compiled.copy(record) as Record<string, T>;
  for (let i = compiled.keys.length; i < keys.length; i++) {
    const key = keys[i];
    if (key === '__proto__') return { ...record };
    copy[key] = record[key];
  }
  return copy;
}

/** Freezes new data all the way down to the frozen values it shares with the state; returns it. */
export function freezeNew<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) freezeNew(value[i]);
  } else {
    for (const key in value) freezeNew((value as AnyRecord)[key]);
  }
  return Object.freeze(value);
}

/** The root of the state as this call's plain, writable copy (the kit copies it once per call). */
export function editRoot(ctx: Context): ShoppingState {
  return ctx.edit<ShoppingState>();
}

/** Add or replace one entry of a collection keyed by id (added ones go last). */
export function putEntry<K extends FlatCollection>(ctx: Context, collection: K, id: string, entry: ShoppingState[K][string]): void {
  const root = editRoot(ctx);
  const record = copyRecord(root[collection] as Readonly<AnyRecord>, collection);
  record[id] = freezeNew(entry);
  (root as unknown as AnyRecord)[collection] = Object.freeze(record);
}

/** Add or replace entries of a bucketed collection, as `setEntry` would one by one. */
export function putBucketedEntries<K extends BucketedCollection>(ctx: Context, collection: K, entries: ReadonlyArray<ShoppingState[K][string][string]>): void {
  const root = editRoot(ctx);
  const outer = copyRecord(root[collection] as BucketedRecord<unknown>, collection);
  for (const entry of entries) {
    const id = entry.id;
    const key = bucketOf(id);
    const bucket = Object.hasOwn(outer, key) ? copyRecord(outer[key], `${collection}/${key}`) : {};
    bucket[id] = freezeNew(entry);
    outer[key] = Object.freeze(bucket);
  }
  (root as unknown as AnyRecord)[collection] = Object.freeze(outer);
}
