import { isFrozenState } from '../kit/isFrozenState.js';
import type { BucketedRecord } from '../kit/bucketedRecord.js';
import type { ToolContext } from '../kit/Domain.js';
import { RecordCopies } from '../kit/RecordCopies.js';
import { shallowCopy } from '../kit/shallowCopy.js';
import { bucketKey } from './entryOf.js';
import type { Cart, CartLine, Coupon, Customer, Order, OrderLine, Product, ShoppingState, Variant } from './ShoppingState.js';

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
  if (value === null || typeof value !== 'object' || isFrozenState(value)) return value;
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
  for (let i = 0; i < lines.length; i++) if (!isFrozenState(lines[i])) Object.freeze(lines[i]);
  Object.freeze(lines);
  if (cart.shipping_address !== null && !isFrozenState(cart.shipping_address)) Object.freeze(cart.shipping_address);
  return Object.freeze(cart);
}

/** Freezes an order built by a tool: its new lines (primitives only), lists, address and fulfillment, the order. */
export function freezeOrder(order: Order): Order {
  const lines = order.lines;
  for (let i = 0; i < lines.length; i++) if (!isFrozenState(lines[i])) Object.freeze(lines[i]);
  Object.freeze(lines);
  Object.freeze(order.return_ids);
  if (!isFrozenState(order.shipping_address)) Object.freeze(order.shipping_address);
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
  (root as unknown as AnyRecord)[collection] = recordWith(root[collection], id, isFrozenState(entry) ? entry : freezeNew(entry));
}

/**
 * The outer records of bucketed collections (buckets by number or `h<k>`), copied through the kit's
 * RecordCopies: the record a write copies is nearly always the one the previous write made (or a
 * restored snapshot's), so its shape is known by identity, where `shallowCopy` would enumerate its
 * integer-like keys (a string per key: 0.7–1.8 µs for 7–16 buckets).
 */
const outerCopies: Record<BucketedCollection, RecordCopies> = { variants: new RecordCopies(), orders: new RecordCopies() };

/** Add or replace entries of a bucketed collection, as `setEntry` would one by one. */
export function putBucketedEntries<K extends BucketedCollection>(ctx: Context, collection: K, entries: ReadonlyArray<ShoppingState[K][string][string]>): void {
  const root = editRoot(ctx);
  const edit = outerCopies[collection].edit<Record<string, unknown>>(root[collection] as BucketedRecord<unknown>);
  for (const entry of entries) {
    const id = entry.id;
    const key = bucketKey(id);
    const frozen = isFrozenState(entry) ? entry : freezeNew(entry);
    const bucket = edit.get(key);
    if (bucket !== undefined) edit.set(key, recordWith(bucket, id, frozen) as Record<string, unknown>);
    else {
      const fresh: Record<string, unknown> = {};
      fresh[id] = frozen;
      edit.set(key, Object.freeze(fresh));
    }
  }
  (root as unknown as AnyRecord)[collection] = edit.finish();
}

/*
 * Writable copies of the entities the write tools change, one literal each of the keys every entity
 * of its kind has, in their order (the world's and the creating tool's): `shallowCopy` finds a
 * shape by its first key and then matches every key, and `id` is the first key of most shapes
 * (a 14-key entity: 80–200 ns a copy, the literal a few ns beyond the allocation).
 */

/** A writable copy of a cart (its lines still the frozen list). */
export function cartCopy(cart: Cart): Cart {
  return {
    id: cart.id,
    customer_id: cart.customer_id,
    status: cart.status,
    order_id: cart.order_id,
    created_at: cart.created_at,
    updated_at: cart.updated_at,
    lines: cart.lines,
    coupon_code: cart.coupon_code,
    shipping_address: cart.shipping_address,
    shipping_method: cart.shipping_method,
    subtotal_cents: cart.subtotal_cents,
    discount_cents: cart.discount_cents,
    shipping_cents: cart.shipping_cents,
    shipping_discount_cents: cart.shipping_discount_cents,
    total_cents: cart.total_cents,
  };
}

/** A writable copy of an order (its lists, address and fulfillment still the frozen ones). */
export function orderCopy(order: Order): Order {
  return {
    id: order.id,
    name: order.name,
    customer_id: order.customer_id,
    placed_at: order.placed_at,
    status: order.status,
    financial_status: order.financial_status,
    lines: order.lines,
    coupon_code: order.coupon_code,
    subtotal_cents: order.subtotal_cents,
    discount_cents: order.discount_cents,
    shipping_cents: order.shipping_cents,
    shipping_discount_cents: order.shipping_discount_cents,
    total_cents: order.total_cents,
    refunded_cents: order.refunded_cents,
    shipping_address: order.shipping_address,
    shipping_method: order.shipping_method,
    payment_method_id: order.payment_method_id,
    fulfillment: order.fulfillment,
    cancelled_at: order.cancelled_at,
    cancel_reason: order.cancel_reason,
    return_ids: order.return_ids,
  };
}

/** The order line a cart line becomes at checkout (the world's generated orders are made the same way). */
export function orderLineOf(line: CartLine, variant: Variant, product: Product): OrderLine {
  return {
    variant_id: variant.id,
    product_id: product.id,
    product_title: product.title,
    variant_title: variant.title,
    quantity: line.quantity,
    unit_price_cents: line.unit_price_cents,
    discount_cents: line.discount_cents,
    returned_quantity: 0,
  };
}

/** A frozen copy of a variant with new stock and sold counts. */
export function variantWithStock(variant: Variant, stock: number, sold: number): Variant {
  return Object.freeze({
    id: variant.id,
    product_id: variant.product_id,
    sku: variant.sku,
    title: variant.title,
    options: variant.options,
    price_cents: variant.price_cents,
    compare_at_price_cents: variant.compare_at_price_cents,
    weight_grams: variant.weight_grams,
    stock,
    sold,
  });
}

/** A writable copy of a customer (its lists still the frozen ones). */
export function customerCopy(customer: Customer): Customer {
  return {
    id: customer.id,
    first_name: customer.first_name,
    last_name: customer.last_name,
    email: customer.email,
    phone: customer.phone,
    created_at: customer.created_at,
    address_ids: customer.address_ids,
    default_address_id: customer.default_address_id,
    payment_method_ids: customer.payment_method_ids,
    default_payment_method_id: customer.default_payment_method_id,
    wishlist: customer.wishlist,
    order_ids: customer.order_ids,
  };
}

/** A frozen copy of a coupon used `timesUsed` times. */
export function couponWithUses(coupon: Coupon, timesUsed: number): Coupon {
  return Object.freeze({
    code: coupon.code,
    description: coupon.description,
    kind: coupon.kind,
    value: coupon.value,
    min_subtotal_cents: coupon.min_subtotal_cents,
    category_ids: coupon.category_ids,
    starts_at: coupon.starts_at,
    expires_at: coupon.expires_at,
    once_per_customer: coupon.once_per_customer,
    usage_limit: coupon.usage_limit,
    times_used: timesUsed,
  });
}
