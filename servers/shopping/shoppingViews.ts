import { isFrozenState } from '../kit/isFrozenState.js';
import type { JsonSchema } from '../../core/index.js';
import { bucketAt, bucketKey, entryOf } from './entryOf.js';
import { addBusinessDays, addDays, lineVariants, money, SHIPPING_RATES } from './cartPricing.js';
import type { Cart, Order, OrderLine, Product, ReturnRequest, ShoppingState, SnapshotAddress } from './ShoppingState.js';
import { CURRENCY, RETURN_WINDOW_DAYS, SHIPPING_METHOD_CODES } from './ShoppingState.js';

/**
 * What the tools return: the state's records turned into the shapes a model reads (decimal USD
 * amounts, display titles, derived fields), and the JSON Schemas of those shapes.
 */

export const moneySchema: JsonSchema = { type: 'number', description: 'Amount in USD, 2 decimals.' };
const nullableString: JsonSchema = { type: ['string', 'null'] };

export const addressFields = {
  first_name: { type: 'string' },
  last_name: { type: 'string' },
  address1: { type: 'string' },
  address2: nullableString,
  city: { type: 'string' },
  province_code: nullableString,
  postal_code: { type: 'string' },
  country_code: { type: 'string' },
  phone: nullableString,
} as const;

export const snapshotAddressSchema: JsonSchema = {
  type: 'object',
  properties: addressFields,
  required: Object.keys(addressFields),
  additionalProperties: false,
};

export const savedAddressSchema: JsonSchema = {
  type: 'object',
  properties: { address_id: { type: 'string' }, is_default: { type: 'boolean' }, ...addressFields },
  required: ['address_id', 'is_default', ...Object.keys(addressFields)],
  additionalProperties: false,
};

export function snapshotView(address: SnapshotAddress): SnapshotAddress {
  return {
    first_name: address.first_name,
    last_name: address.last_name,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    province_code: address.province_code,
    postal_code: address.postal_code,
    country_code: address.country_code,
    phone: address.phone,
  };
}

const optionsSchema: JsonSchema = { type: 'object', additionalProperties: { type: 'string' }, description: 'Option name → value, e.g. {"Size": "M", "Color": "Black"}.' };

export const cartSchema: JsonSchema = {
  type: 'object',
  properties: {
    cart_id: { type: 'string' },
    customer_id: { type: 'string' },
    status: { type: 'string', enum: ['open', 'completed'] },
    order_id: { ...nullableString, description: 'The order this cart became, once checked out.' },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          line_id: { type: 'string' },
          variant_id: { type: 'string' },
          product_id: { type: 'string' },
          product_title: { type: 'string' },
          variant_title: { type: 'string' },
          options: optionsSchema,
          quantity: { type: 'integer' },
          unit_price: moneySchema,
          line_subtotal: moneySchema,
          line_discount: moneySchema,
          line_total: moneySchema,
          available_quantity: { type: 'integer', description: 'Units of the variant in stock right now.' },
        },
        required: ['line_id', 'variant_id', 'product_id', 'product_title', 'variant_title', 'options', 'quantity', 'unit_price', 'line_subtotal', 'line_discount', 'line_total', 'available_quantity'],
        additionalProperties: false,
      },
    },
    item_count: { type: 'integer', description: 'Total units over all lines.' },
    coupon: {
      anyOf: [
        {
          type: 'object',
          properties: { code: { type: 'string' }, description: { type: 'string' }, discount: moneySchema },
          required: ['code', 'description', 'discount'],
          additionalProperties: false,
        },
        { type: 'null' },
      ],
    },
    shipping_address: { anyOf: [snapshotAddressSchema, { type: 'null' }] },
    shipping_method: {
      anyOf: [
        {
          type: 'object',
          properties: {
            method: { type: 'string', enum: [...SHIPPING_METHOD_CODES] },
            name: { type: 'string' },
            price: moneySchema,
            earliest_delivery: { type: 'string', description: 'YYYY-MM-DD' },
            latest_delivery: { type: 'string', description: 'YYYY-MM-DD' },
          },
          required: ['method', 'name', 'price', 'earliest_delivery', 'latest_delivery'],
          additionalProperties: false,
        },
        { type: 'null' },
      ],
    },
    subtotal: moneySchema,
    discount_total: moneySchema,
    shipping_total: moneySchema,
    shipping_discount: moneySchema,
    total: moneySchema,
    currency: { type: 'string' },
    notices: { type: 'array', items: { type: 'string' }, description: 'Changes the store made while re-pricing (coupon or shipping method dropped).' },
  },
  required: ['cart_id', 'customer_id', 'status', 'order_id', 'created_at', 'updated_at', 'lines', 'item_count', 'coupon', 'shipping_address', 'shipping_method', 'subtotal', 'discount_total', 'shipping_total', 'shipping_discount', 'total', 'currency', 'notices'],
  additionalProperties: false,
};

/** A plain copy of a small frozen record (a spread of a frozen object takes V8's slow path). */
function plainCopy(record: Readonly<Record<string, string>>): Record<string, string> {
  const copy: Record<string, string> = {};
  for (const key in record) {
    if (key === '__proto__') return { ...record };
    copy[key] = record[key];
  }
  return copy;
}

export function cartView(state: ShoppingState, cart: Cart, now: string, notices: string[] = []): Record<string, unknown> {
  let items = 0;
  const lines: Array<Record<string, unknown>> = [];
  const variants = lineVariants(state, cart.lines);
  for (let i = 0; i < cart.lines.length; i++) {
    const line = cart.lines[i];
    const variant = variants[i]!;
    const product = state.products[variant.product_id];
    items += line.quantity;
    const subtotal = line.quantity * line.unit_price_cents;
    lines.push({
      line_id: line.id,
      variant_id: line.variant_id,
      product_id: product.id,
      product_title: product.title,
      variant_title: variant.title,
      options: plainCopy(variant.options),
      quantity: line.quantity,
      unit_price: money(line.unit_price_cents),
      line_subtotal: money(subtotal),
      line_discount: money(line.discount_cents),
      line_total: money(subtotal - line.discount_cents),
      available_quantity: variant.stock,
    });
  }
  const coupon = cart.coupon_code === null ? null : state.coupons[cart.coupon_code];
  let shippingMethod: Record<string, unknown> | null = null;
  if (cart.shipping_method !== null && cart.shipping_address !== null) {
    const table = SHIPPING_RATES[cart.shipping_method];
    const zone = cart.shipping_address.country_code === 'US' ? table.domestic : (table.international ?? table.domestic);
    shippingMethod = {
      method: cart.shipping_method,
      name: table.name,
      price: money(cart.shipping_cents),
      earliest_delivery: addBusinessDays(now, zone.minDays),
      latest_delivery: addBusinessDays(now, zone.maxDays),
    };
  }
  return {
    cart_id: cart.id,
    customer_id: cart.customer_id,
    status: cart.status,
    order_id: cart.order_id,
    created_at: cart.created_at,
    updated_at: cart.updated_at,
    lines,
    item_count: items,
    coupon: coupon ? { code: coupon.code, description: coupon.description, discount: money(cart.discount_cents + cart.shipping_discount_cents) } : null,
    shipping_address: cart.shipping_address === null ? null : snapshotView(cart.shipping_address),
    shipping_method: shippingMethod,
    subtotal: money(cart.subtotal_cents),
    discount_total: money(cart.discount_cents),
    shipping_total: money(cart.shipping_cents),
    shipping_discount: money(cart.shipping_discount_cents),
    total: money(cart.total_cents),
    currency: CURRENCY,
    notices,
  };
}

const fulfillmentSummarySchema: JsonSchema = {
  type: 'object',
  properties: {
    carrier: { type: 'string' },
    tracking_number: { type: 'string' },
    shipped_at: { type: 'string' },
    estimated_delivery: { type: 'string' },
    delivered_at: nullableString,
  },
  required: ['carrier', 'tracking_number', 'shipped_at', 'estimated_delivery', 'delivered_at'],
  additionalProperties: false,
};

export const orderSchema: JsonSchema = {
  type: 'object',
  properties: {
    order_id: { type: 'string' },
    order_number: { type: 'string', description: 'Human order number, e.g. #1042.' },
    customer_id: { type: 'string' },
    placed_at: { type: 'string' },
    status: { type: 'string', enum: ['unfulfilled', 'fulfilled', 'delivered', 'cancelled'], description: 'unfulfilled: not shipped yet (can be cancelled); fulfilled: shipped, in transit; delivered; cancelled.' },
    financial_status: { type: 'string', enum: ['paid', 'partially_refunded', 'refunded'] },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          variant_id: { type: 'string' },
          product_id: { type: 'string' },
          product_title: { type: 'string' },
          variant_title: { type: 'string' },
          quantity: { type: 'integer' },
          unit_price: moneySchema,
          discount: moneySchema,
          total: moneySchema,
          returned_quantity: { type: 'integer', description: 'Units already in a return request (not rejected).' },
          final_sale: { type: 'boolean', description: 'Final-sale items cannot be returned.' },
        },
        required: ['variant_id', 'product_id', 'product_title', 'variant_title', 'quantity', 'unit_price', 'discount', 'total', 'returned_quantity', 'final_sale'],
        additionalProperties: false,
      },
    },
    item_count: { type: 'integer' },
    coupon_code: nullableString,
    subtotal: moneySchema,
    discount_total: moneySchema,
    shipping_total: moneySchema,
    shipping_discount: moneySchema,
    total: moneySchema,
    refunded: moneySchema,
    currency: { type: 'string' },
    shipping_address: snapshotAddressSchema,
    shipping_method: { type: 'string', enum: [...SHIPPING_METHOD_CODES] },
    payment: {
      type: 'object',
      properties: { payment_method_id: { type: 'string' }, brand: { type: 'string' }, last4: { type: 'string' } },
      required: ['payment_method_id', 'brand', 'last4'],
      additionalProperties: false,
    },
    fulfillment: { anyOf: [fulfillmentSummarySchema, { type: 'null' }] },
    cancelled_at: nullableString,
    cancel_reason: nullableString,
    return_ids: { type: 'array', items: { type: 'string' } },
    return_window_ends: { ...nullableString, description: `Last day (YYYY-MM-DD) to request a return: ${RETURN_WINDOW_DAYS} days after delivery; null until delivered.` },
  },
  required: ['order_id', 'order_number', 'customer_id', 'placed_at', 'status', 'financial_status', 'lines', 'item_count', 'coupon_code', 'subtotal', 'discount_total', 'shipping_total', 'shipping_discount', 'total', 'refunded', 'currency', 'shipping_address', 'shipping_method', 'payment', 'fulfillment', 'cancelled_at', 'cancel_reason', 'return_ids', 'return_window_ends'],
  additionalProperties: false,
};

/** The last moment a return may be requested for a delivered order, or null before delivery. */
export function returnWindowEnd(order: Order): string | null {
  return order.fulfillment?.delivered_at ? addDays(order.fulfillment.delivered_at, RETURN_WINDOW_DAYS) : null;
}

export function orderView(state: ShoppingState, order: Order): Record<string, unknown> {
  let items = 0;
  const lines: Array<Record<string, unknown>> = [];
  // Index loops over frozen arrays: Node 20 runs for…of on one ~4x slower.
  const orderLines = order.lines;
  for (let i = 0; i < orderLines.length; i++) {
    const line = orderLines[i];
    items += line.quantity;
    lines.push({
      variant_id: line.variant_id,
      product_id: line.product_id,
      product_title: line.product_title,
      variant_title: line.variant_title,
      quantity: line.quantity,
      unit_price: money(line.unit_price_cents),
      discount: money(line.discount_cents),
      total: money(line.quantity * line.unit_price_cents - line.discount_cents),
      returned_quantity: line.returned_quantity,
      final_sale: state.products[line.product_id]?.final_sale ?? false,
    });
  }
  const payment = state.payment_methods[order.payment_method_id];
  const windowEnd = returnWindowEnd(order);
  return {
    order_id: order.id,
    order_number: order.name,
    customer_id: order.customer_id,
    placed_at: order.placed_at,
    status: order.status,
    financial_status: order.financial_status,
    lines,
    item_count: items,
    coupon_code: order.coupon_code,
    subtotal: money(order.subtotal_cents),
    discount_total: money(order.discount_cents),
    shipping_total: money(order.shipping_cents),
    shipping_discount: money(order.shipping_discount_cents),
    total: money(order.total_cents),
    refunded: money(order.refunded_cents),
    currency: CURRENCY,
    shipping_address: snapshotView(order.shipping_address),
    shipping_method: order.shipping_method,
    payment: { payment_method_id: order.payment_method_id, brand: payment?.brand ?? 'unknown', last4: payment?.last4 ?? '0000' },
    fulfillment: order.fulfillment === null
      ? null
      : {
          carrier: order.fulfillment.carrier,
          tracking_number: order.fulfillment.tracking_number,
          shipped_at: order.fulfillment.shipped_at,
          estimated_delivery: order.fulfillment.estimated_delivery,
          delivered_at: order.fulfillment.delivered_at,
        },
    cancelled_at: order.cancelled_at,
    cancel_reason: order.cancel_reason,
    return_ids: [...order.return_ids],
    return_window_ends: windowEnd === null ? null : windowEnd.slice(0, 10),
  };
}

export const returnSchema: JsonSchema = {
  type: 'object',
  properties: {
    return_id: { type: 'string' },
    order_id: { type: 'string' },
    order_number: { type: 'string' },
    customer_id: { type: 'string' },
    status: { type: 'string', enum: ['requested', 'approved', 'received', 'refunded', 'rejected'], description: 'requested → approved → received → refunded, or rejected.' },
    reason: { type: 'string' },
    comment: nullableString,
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          variant_id: { type: 'string' },
          product_title: { type: 'string' },
          variant_title: { type: 'string' },
          quantity: { type: 'integer' },
          refund_amount: moneySchema,
        },
        required: ['variant_id', 'product_title', 'variant_title', 'quantity', 'refund_amount'],
        additionalProperties: false,
      },
    },
    refund_total: moneySchema,
    currency: { type: 'string' },
    requested_at: { type: 'string' },
    ship_back_by: { type: 'string', description: 'YYYY-MM-DD: the items must be sent back by this day.' },
    refunded_at: nullableString,
  },
  required: ['return_id', 'order_id', 'order_number', 'customer_id', 'status', 'reason', 'comment', 'items', 'refund_total', 'currency', 'requested_at', 'ship_back_by', 'refunded_at'],
  additionalProperties: false,
};

/**
 * The order's line of that variant: an index loop (`find` on a frozen array takes Node 20's slow
 * generic path, ~0.3–0.5 µs).
 */
export function orderLineOf(order: Order, variantId: string): OrderLine | undefined {
  const lines = order.lines;
  for (let i = 0; i < lines.length; i++) if (lines[i].variant_id === variantId) return lines[i];
  return undefined;
}

/**
 * A return request as tools show it; `known` is its order when the caller has it already (its name
 * and line titles are what the state's order has).
 */
export function returnView(state: ShoppingState, request: ReturnRequest, known?: Order): Record<string, unknown> {
  const order = known ?? entryOf(state.orders, request.order_id)!;
  // An index loop: `map` on a frozen array takes Node 20's slow generic path.
  const requested = request.items;
  const items = new Array<Record<string, unknown>>(requested.length);
  for (let i = 0; i < requested.length; i++) {
    const item = requested[i];
    const line = order === undefined ? undefined : orderLineOf(order, item.variant_id);
    items[i] = {
      variant_id: item.variant_id,
      product_title: line?.product_title ?? '',
      variant_title: line?.variant_title ?? '',
      quantity: item.quantity,
      refund_amount: money(item.refund_cents),
    };
  }
  return {
    return_id: request.id,
    order_id: request.order_id,
    order_number: order?.name ?? '',
    customer_id: request.customer_id,
    status: request.status,
    reason: request.reason,
    comment: request.comment,
    items,
    refund_total: money(request.refund_cents),
    currency: CURRENCY,
    requested_at: request.requested_at,
    ship_back_by: request.ship_back_by.slice(0, 10),
    refunded_at: request.refunded_at,
  };
}

export interface PriceRange {
  readonly min: number;
  readonly max: number;
  readonly stock: number;
  readonly onSale: boolean;
}

/**
 * A product's price range, remembered with the variant buckets it was computed from: a write
 * replaces only the buckets of the variants it changed, so every other product's range stays valid
 * across writes (checked by the identity of its one or two buckets, no variant lookups).
 */
interface RememberedRange {
  range: PriceRange;
  /** The bucket keys of the product's variants, each once. */
  readonly keys: ReadonlyArray<number | string>;
  /** The frozen buckets at those keys when `range` was computed. */
  readonly buckets: Array<object | undefined>;
}

const ranges = new WeakMap<Product, RememberedRange>();

/** Lowest and highest variant price of a product, and whether any variant is in stock (read only). */
export function productPriceRange(state: ShoppingState, product: Product): PriceRange {
  const variants = state.variants;
  const known = ranges.get(product);
  if (known !== undefined) {
    const keys = known.keys;
    let i = 0;
    while (i < keys.length && bucketAt(variants, keys[i]) === known.buckets[i]) i++;
    if (i === keys.length) return known.range;
  }
  const range = priceRangeOf(state, product);
  // Only frozen buckets can be remembered (a draft's change under the same identity).
  if (!isFrozenState(variants)) return range;
  if (known !== undefined) {
    known.range = range;
    for (let i = 0; i < known.keys.length; i++) known.buckets[i] = bucketAt(variants, known.keys[i]);
    return range;
  }
  const keys: Array<number | string> = [];
  for (const id of product.variant_ids) {
    const key = bucketKey(id);
    if (!keys.includes(key)) keys.push(key);
  }
  ranges.set(product, { range, keys, buckets: keys.map((key) => bucketAt(variants, key)) });
  return range;
}

function priceRangeOf(state: ShoppingState, product: Product): PriceRange {
  let min = Infinity;
  let max = 0;
  let stock = 0;
  let onSale = false;
  const ids = product.variant_ids;
  for (let i = 0; i < ids.length; i++) {
    const variant = entryOf(state.variants, ids[i])!;
    if (variant.price_cents < min) min = variant.price_cents;
    if (variant.price_cents > max) max = variant.price_cents;
    stock += variant.stock;
    if (variant.compare_at_price_cents !== null) onSale = true;
  }
  return { min: min === Infinity ? 0 : min, max, stock, onSale };
}

export const productSummarySchema: JsonSchema = {
  type: 'object',
  properties: {
    product_id: { type: 'string' },
    title: { type: 'string' },
    brand: { type: 'string' },
    category_id: { type: 'string' },
    category_name: { type: 'string' },
    price_min: moneySchema,
    price_max: moneySchema,
    on_sale: { type: 'boolean' },
    in_stock: { type: 'boolean', description: 'At least one variant has stock.' },
    rating_average: { type: 'number', description: '0 when there are no reviews, else 1–5.' },
    review_count: { type: 'integer' },
    variant_count: { type: 'integer' },
  },
  required: ['product_id', 'title', 'brand', 'category_id', 'category_name', 'price_min', 'price_max', 'on_sale', 'in_stock', 'rating_average', 'review_count', 'variant_count'],
  additionalProperties: false,
};

export function productSummary(state: ShoppingState, product: Product): Record<string, unknown> {
  const range = productPriceRange(state, product);
  return {
    product_id: product.id,
    title: product.title,
    brand: product.brand,
    category_id: product.category_id,
    category_name: state.categories[product.category_id]?.name ?? product.category_id,
    price_min: money(range.min),
    price_max: money(range.max),
    on_sale: range.onSale,
    in_stock: range.stock > 0,
    rating_average: product.rating_average,
    review_count: product.review_count,
    variant_count: product.variant_ids.length,
  };
}
