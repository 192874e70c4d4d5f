import type { BucketedRecord } from '../kit/bucketedRecord.js';
import type { ToolContext } from '../kit/Domain.js';
import { shallowCopy } from '../kit/shallowCopy.js';
import { bucketKey } from './entryOf.js';
import type { Cart, Order, ShoppingState } from './ShoppingState.js';

/**
 * The write path of the shopping tools. A tool reads and checks everything on the frozen state the
 * call found (`ctx.base`), builds each entity it changes as a new object, and stores it with
 * `putEntry` / `putBucketedEntries`: these copy the entity's collection (and bucket), freeze the
 * copies and put the new collection into the root of the state, the only node the kit copies
 * (`ctx.edit()`). No Proxy is involved, so the kit does not walk the result either.
 *
 * Records and entities are copied by the kit's `shallowCopy` (a literal compiled per shape).
 */

type Context = ToolContext<ShoppingState>;
type AnyRecord = Record<string, unknown>;

/** Collections keyed by id at the root of the state. */
type FlatCollection = 'carts' | 'customers' | 'addresses' | 'coupons' | 'returns';
/** Collections laid out in buckets (`servers/kit/bucketedRecord.ts`). */
type BucketedCollection = 'variants' | 'orders';

/** A frozen copy of a collection record with one entry added or replaced (added ones go last). */
function recordWith(record: object, id: string, entry: unknown): AnyRecord {
  const copy = shallowCopy(record as AnyRecord);
  copy[id] = entry;
  return Object.freeze(copy);
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
  (root as unknown as AnyRecord)[collection] = recordWith(root[collection], id, Object.isFrozen(entry) ? entry : freezeNew(entry));
}

/** Add or replace entries of a bucketed collection, as `setEntry` would one by one. */
export function putBucketedEntries<K extends BucketedCollection>(ctx: Context, collection: K, entries: ReadonlyArray<ShoppingState[K][string][string]>): void {
  const root = editRoot(ctx);
  const source = root[collection] as BucketedRecord<unknown>;
  const layout = outerLayoutOf(collection, source);
  const outer = layout.copy(source);
  let added = false;
  for (const entry of entries) {
    const id = entry.id;
    const key = bucketKey(id);
    const frozen = Object.isFrozen(entry) ? entry : freezeNew(entry);
    if (Object.hasOwn(outer, key)) {
      outer[key] = recordWith(outer[key], id, frozen) as Record<string, unknown>;
    } else {
      outer[key] = Object.freeze({ [id]: frozen });
      added = true;
    }
  }
  Object.freeze(outer);
  // A record with a new bucket is looked up afresh when it is copied again (rare next to replacements).
  if (!added) rememberOuter(collection, outer, layout);
  (root as unknown as AnyRecord)[collection] = outer;
}

type OuterRecord = Record<string | number, Record<string, unknown>>;

/** The keys of an outer bucket record and a copier for exactly those keys. */
interface OuterLayout {
  readonly signature: string;
  readonly copy: (source: object) => OuterRecord;
}

/**
 * How the outer records of bucketed collections written lately are copied. The kit's
 * `shallowCopy` matches a shape by enumerating the source's keys, and enumerating integer-like keys
 * (array elements) makes a string per key each time: an outer record of 7–16 buckets copied that
 * way costs 0.7–1.8 µs in an episode, where every write makes a new one. The record a write copies
 * is nearly always the one the previous write made (or a restored snapshot's), so a few per
 * collection, found by identity, give their key list's copier without enumerating anything; a
 * copier is an object literal compiled once per key list (bucket keys are integer-like or `h<k>`),
 * 5–10× faster than assigning the keys in a loop.
 */
const RECENT_OUTER = 4;

/** Records made or copied lately and their layouts: a ring per collection, searched newest first (no allocation per write). */
interface RecentOuter {
  readonly records: Array<object | undefined>;
  readonly layouts: Array<OuterLayout | undefined>;
  last: number;
}

function recentRing(): RecentOuter {
  return { records: new Array<object | undefined>(RECENT_OUTER).fill(undefined), layouts: new Array<OuterLayout | undefined>(RECENT_OUTER).fill(undefined), last: 0 };
}

const recentOuter: Record<BucketedCollection, RecentOuter> = { variants: recentRing(), orders: recentRing() };
const layouts = new Map<string, OuterLayout>();
/** Key lists compiled at most (a world has a few dozen buckets per collection; the map is cleared past this). */
const MAX_LAYOUTS = 256;
const INDEX_KEY = /^(?:0|[1-9]\d{0,8})$/;
const HASH_KEY = /^h\d+$/;

function outerLayoutOf(collection: BucketedCollection, record: object): OuterLayout {
  const recent = recentOuter[collection];
  for (let i = recent.last, n = 0; n < RECENT_OUTER; n++, i = i === 0 ? RECENT_OUTER - 1 : i - 1) {
    if (recent.records[i] !== record) continue;
    const layout = recent.layouts[i]!;
    // A snapshot restored before every rollout is copied again and again: keep its record among the newest.
    if (n > 1) rememberOuter(collection, record, layout);
    return layout;
  }
  const keys = Object.keys(record);
  const signature = keys.join(',');
  let layout = layouts.get(signature);
  if (layout === undefined) {
    layout = { signature, copy: compileOuterCopy(keys) };
    if (layouts.size >= MAX_LAYOUTS) layouts.clear();
    layouts.set(signature, layout);
  }
  rememberOuter(collection, record, layout);
  return layout;
}

function compileOuterCopy(keys: readonly string[]): (source: object) => OuterRecord {
  // Only bucket keys are written into the literal's source text; anything else is copied key by key.
  if (!keys.every((key) => INDEX_KEY.test(key) || HASH_KEY.test(key))) {
    return (source) => {
      const out: OuterRecord = {};
      for (const key of keys) out[key] = (source as OuterRecord)[key];
      return out;
    };
  }
  // An integer-like key as a number reads and builds an element without parsing a string.
  const body = keys.map((key) => (INDEX_KEY.test(key) ? `${key}: source[${key}]` : `${key}: source.${key}`)).join(', ');
  return new Function('source', `return { ${body} };`) as (source: object) => OuterRecord;
}

function rememberOuter(collection: BucketedCollection, record: object, layout: OuterLayout): void {
  const recent = recentOuter[collection];
  recent.last = (recent.last + 1) % RECENT_OUTER;
  recent.records[recent.last] = record;
  recent.layouts[recent.last] = layout;
}
