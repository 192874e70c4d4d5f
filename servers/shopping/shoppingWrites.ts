import type { BucketedRecord } from '../kit/bucketedRecord.js';
import type { ToolContext } from '../kit/Domain.js';
import { bucketKey } from './entryOf.js';
import type { Cart, Order, ShoppingState } from './ShoppingState.js';

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
/** The copier kind of each bucketed collection's buckets. */
const BUCKET_KIND: Record<BucketedCollection, string> = { variants: 'variants/bucket', orders: 'orders/bucket' };

interface CompiledCopier {
  /** The keys the literal copies, in order: a prefix of the keys of every record it copies. */
  readonly keys: readonly string[];
  readonly copy: Copier;
}

/**
 * Copiers by kind of record (a collection, a bucket, an entity type) and the record's first key.
 * A copier is used only when its keys are a prefix of the record's own keys (the rest are copied
 * one by one), so a copy is always exact. Records only grow (no shopping tool removes an entry or
 * a field), so the keys a record had when first seen stay a prefix of its keys in every later
 * state; a record seen in an earlier state (fewer keys) gets a copier for the keys both share, once.
 */
const copiers = new Map<string, Map<string, CompiledCopier>>();
let copierCount = 0;

/** Records with fewer keys are spread: a literal gains little there. */
const MIN_COMPILED_KEYS = 4;
/** Copiers for more records than this are not made (a world has a few hundred records at most). */
const MAX_COPIERS = 4096;

/** Keys that name array indexes: written as numbers, they read and build elements directly. */
const INDEX_KEY = /^(0|[1-9]\d{0,8})$/;

function compileCopier(keys: readonly string[]): Copier {
  // An integer-like key as a number (`31: record[31]`) is the same property as the string, and V8
  // reads and builds it as an element without parsing the string: 16 buckets copy in ~40 ns, not ~120.
  const body = keys.map((key) => (INDEX_KEY.test(key) ? `${key}: record[${key}]` : `${JSON.stringify(key)}: record[${JSON.stringify(key)}]`)).join(', ');
  return new Function('record', `return { ${body} };`) as Copier;
}

function sharedPrefix(a: readonly string[], b: readonly string[]): number {
  const length = Math.min(a.length, b.length);
  let i = 0;
  while (i < length && a[i] === b[i]) i++;
  return i;
}

function copierFor(kind: string, keys: readonly string[]): CompiledCopier | undefined {
  let byFirstKey = copiers.get(kind);
  if (byFirstKey === undefined) {
    byFirstKey = new Map();
    copiers.set(kind, byFirstKey);
  }
  const compiled = byFirstKey.get(keys[0]);
  if (compiled !== undefined && (compiled.keys === keys || sharedPrefix(compiled.keys, keys) === compiled.keys.length)) return compiled;
  const shared = compiled === undefined ? keys.length : sharedPrefix(compiled.keys, keys);
  if (shared < MIN_COMPILED_KEYS || copierCount >= MAX_COPIERS) return undefined;
  const prefix = shared === keys.length ? keys : keys.slice(0, shared);
  // An own "__proto__" key would set the prototype in a literal.
  if (prefix.includes('__proto__')) return undefined;
  const made = { keys: prefix, copy: compileCopier(prefix) };
  byFirstKey.set(keys[0], made);
  copierCount++;
  return made;
}

function copyWith<T extends object>(record: T, keys: readonly string[], compiled: CompiledCopier | undefined): T {
  if (compiled === undefined) return { ...record };
  const source = record as unknown as AnyRecord;
  const copy = compiled.copy(source);
  for (let i = compiled.keys.length; i < keys.length; i++) {
    const key = keys[i];
    if (key === '__proto__') return { ...record };
    copy[key] = source[key];
  }
  return copy as T;
}

/**
 * A shallow, unfrozen copy of a frozen record or entity, with its keys in the same order (as a
 * spread makes it). `kind` groups records of one shape (`customers`, `variants/bucket`, `variant`).
 */
export function copyRecord<T extends object>(record: T, kind: string, keys: readonly string[] = Object.keys(record)): T {
  return copyWith(record, keys, keys.length < MIN_COMPILED_KEYS ? undefined : copierFor(kind, keys));
}

/** A collection record whose keys and copier are known. */
interface KnownRecord {
  readonly record: object;
  readonly keys: readonly string[];
  /** A copier whose keys are a prefix of `keys`, or undefined to spread. */
  readonly compiled: CompiledCopier | undefined;
}

/**
 * The collection records (and buckets) used lately, by kind: the record a call copies is usually
 * the one the call before it made, or the one a restored snapshot holds (a group of rollouts from
 * one state), so its keys and copier are known without `Object.keys` (for the integer-like keys of
 * outer bucket records about 250 ns, more than the copy) or a key comparison. A few records per kind,
 * found by identity and kept most recently used first (filling a WeakMap would cost more than it
 * saves); strong references, to a few states' records.
 */
const RECENT_RECORDS = 8;
const recentRecords = new Map<string, KnownRecord[]>();

function knownRecord(kind: string, record: object): KnownRecord {
  let recent = recentRecords.get(kind);
  if (recent === undefined) recentRecords.set(kind, (recent = []));
  for (let i = 0; i < recent.length; i++) {
    const known = recent[i];
    if (known.record !== record) continue;
    for (let j = i; j > 0; j--) recent[j] = recent[j - 1];
    recent[0] = known;
    return known;
  }
  const keys = Object.keys(record);
  return remember(recent, { record, keys, compiled: keys.length < MIN_COMPILED_KEYS ? undefined : copierFor(kind, keys) });
}

/** Adds a record to its kind's recent ones, in place of the least recently used when full. */
function remember(recent: KnownRecord[], known: KnownRecord): KnownRecord {
  if (recent.length < RECENT_RECORDS) recent.push(known);
  else recent[RECENT_RECORDS - 1] = known;
  return known;
}

/**
 * A frozen copy of a collection record with one entry added or replaced (added ones go last),
 * remembered with its keys for the next write.
 */
function recordWith(kind: string, record: object, id: string, entry: unknown): AnyRecord {
  const known = knownRecord(kind, record);
  const copy = copyWith(record as AnyRecord, known.keys, known.compiled);
  const added = !Object.hasOwn(copy, id);
  copy[id] = entry;
  Object.freeze(copy);
  // A record with a new key is looked up afresh when it is copied again (rare next to replacements).
  if (!added) remember(recentRecords.get(kind)!, { record: copy, keys: known.keys, compiled: known.compiled });
  return copy;
}

/**
 * A copy of a frozen list with one item added at the end. A spread: `slice()` of a frozen array
 * takes V8's slow path (~400 ns for five items, a spread ~35 ns).
 */
export function appended<T>(list: readonly T[], item: T): T[] {
  return [...list, item];
}

/**
 * Freezes new data all the way down to the frozen values it shares with the state; returns it.
 * `putEntry` and `putBucketedEntries` freeze what they store this way unless it is frozen already:
 * a tool that knows what it built freezes it itself with `Object.freeze` (an entity copy whose new
 * values are all primitives), `freezeCart` or `freezeOrder`, which skip the walk.
 */
export function freezeNew<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) freezeNew(value[i]);
  } else {
    for (const key in value) freezeNew((value as AnyRecord)[key]);
  }
  return Object.freeze(value);
}

/** Freezes a cart built by a tool: its new lines (primitives only), its lines, a new snapshot address, the cart. */
export function freezeCart(cart: Cart): Cart {
  const lines = cart.lines;
  for (let i = 0; i < lines.length; i++) if (!Object.isFrozen(lines[i])) Object.freeze(lines[i]);
  Object.freeze(lines);
  if (cart.shipping_address !== null && !Object.isFrozen(cart.shipping_address)) Object.freeze(cart.shipping_address);
  return Object.freeze(cart);
}

/** Freezes an order built by a tool: its new lines (primitives only), lists, address and fulfillment, the order. */
export function freezeOrder(order: Order): Order {
  const lines = order.lines;
  for (let i = 0; i < lines.length; i++) if (!Object.isFrozen(lines[i])) Object.freeze(lines[i]);
  Object.freeze(lines);
  Object.freeze(order.return_ids);
  if (!Object.isFrozen(order.shipping_address)) Object.freeze(order.shipping_address);
  if (order.fulfillment !== null) freezeNew(order.fulfillment);
  return Object.freeze(order);
}

/** The root of the state as this call's plain, writable copy (the kit copies it once per call). */
export function editRoot(ctx: Context): ShoppingState {
  return ctx.edit<ShoppingState>();
}

/** Add or replace one entry of a collection keyed by id (added ones go last). */
export function putEntry<K extends FlatCollection>(ctx: Context, collection: K, id: string, entry: ShoppingState[K][string]): void {
  const root = editRoot(ctx);
  (root as unknown as AnyRecord)[collection] = recordWith(collection, root[collection], id, Object.isFrozen(entry) ? entry : freezeNew(entry));
}

/** Add or replace entries of a bucketed collection, as `setEntry` would one by one. */
export function putBucketedEntries<K extends BucketedCollection>(ctx: Context, collection: K, entries: ReadonlyArray<ShoppingState[K][string][string]>): void {
  const root = editRoot(ctx);
  const known = knownRecord(collection, root[collection]);
  const outer = copyWith(root[collection] as BucketedRecord<unknown>, known.keys, known.compiled);
  let added = false;
  for (const entry of entries) {
    const id = entry.id;
    const key = bucketKey(id);
    const frozen = Object.isFrozen(entry) ? entry : freezeNew(entry);
    if (Object.hasOwn(outer, key)) {
      outer[key] = recordWith(BUCKET_KIND[collection], outer[key], id, frozen) as Record<string, unknown>;
    } else {
      outer[key] = Object.freeze({ [id]: frozen });
      added = true;
    }
  }
  Object.freeze(outer);
  if (!added) remember(recentRecords.get(collection)!, { record: outer, keys: known.keys, compiled: known.compiled });
  (root as unknown as AnyRecord)[collection] = outer;
}
