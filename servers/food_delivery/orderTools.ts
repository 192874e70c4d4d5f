import { editEntry, entryValues, getEntry } from '../kit/bucketedRecord.js';
import { defineTool } from '../kit/Domain.js';
import {
  FREE_CANCEL_MIN,
  MAX_CART_QUANTITY,
  ORDER_STATUSES,
  RATING_WINDOW_D,
  TIP_WINDOW_H,
  addMinutes,
  cents,
  dashMinutes,
  distanceKm,
  dollars,
  idNumber,
  localTime,
  money,
  statusAt,
  type Cart,
  type Customer,
  type FoodDeliveryState,
  type Order,
  type OrderStatus,
} from './FoodDeliveryState.js';
import {
  base,
  cartAt,
  cartSchema,
  cartSubtotal,
  cartView,
  customerArg,
  objectOutput,
  openingState,
  orderArg,
  orderSchema,
  orderView,
  promoProblem,
  removeCart,
  requireAddress,
  requireCart,
  requireCustomer,
  requireOrder,
  requireRestaurant,
  restaurantArg,
  type Context,
} from './foodLookups.js';

import { orderPricing } from './pricing.js';

/** Orders: placing, following, cancelling, tipping, rating and reordering. */

const DASHERS = ['Jordan', 'Alex', 'Sam', 'Priya', 'Miguel', 'Tanya', 'Kofi', 'Lena', 'Andre', 'Rosa', 'Kevin', 'Yuki'];
const tipArg = { type: 'number', minimum: 0, maximum: 100, multipleOf: 0.01, description: 'Tip for the dasher, $ (0–100).' };

function putOrder(ctx: Context, order: Order): void {
  editEntry<Order>(ctx, ['orders'], order.order_id, order);
}

export const placeDeliveryOrder = defineTool<FoodDeliveryState, { customer_id: string; restaurant_id: string; address?: string; tip?: number }>({
  name: 'place_delivery_order',
  description: 'Check out the customer\'s cart at a restaurant: delivered to a saved address (label such as "Home", or id; default the first), with an optional tip. Refused while the restaurant is closed (says when it opens), below its minimum order, beyond its delivery radius, or when the cart\'s promo no longer applies. The cart becomes an order (status placed; the restaurant accepts within minutes).',
  input: {
    type: 'object',
    properties: { customer_id: customerArg, restaurant_id: restaurantArg, address: { type: 'string', minLength: 2, maxLength: 40, description: 'Saved address label ("Home", "Work") or id (addr_3).' }, tip: tipArg },
    required: ['customer_id', 'restaurant_id'],
    additionalProperties: false,
  },
  output: objectOutput({ order: orderSchema }),
  annotations: { title: 'Place order', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const customer = requireCustomer(ctx, args.customer_id);
    const restaurant = requireRestaurant(ctx, args.restaurant_id);
    const cart = requireCart(ctx, customer, restaurant);
    const address = args.address === undefined ? customer.addresses[0] : requireAddress(ctx, customer, args.address);
    const open = openingState(restaurant, ctx.now);
    if (!open.open) ctx.fail(`${restaurant.name} is closed now (${localTime(ctx.now).weekday} ${localTime(ctx.now).hhmm}); it ${open.note}`);
    const subtotal = cartSubtotal(cart);
    if (subtotal < restaurant.min_order_cents) ctx.fail(`${restaurant.name} has a ${money(restaurant.min_order_cents)} minimum; the cart is at ${money(subtotal)} (add ${money(restaurant.min_order_cents - subtotal)} more)`);
    const km = distanceKm(restaurant.latitude, restaurant.longitude, address.latitude, address.longitude);
    if (km > restaurant.delivery_radius_km) ctx.fail(`${restaurant.name} delivers within ${restaurant.delivery_radius_km} km; ${address.label} (${address.street}) is ${km} km away; choose another address`);
    const promo = cart.promo_code === null ? null : state.promotions[cart.promo_code];
    if (promo !== null) {
      const problem = promoProblem(state, promo, customer, restaurant.restaurant_id, subtotal, localTime(ctx.now).day);
      if (problem !== undefined) ctx.fail(`the cart's promo no longer applies: ${problem}; apply another code or clear the cart`);
    }
    const orderId = ctx.nextId('ord');
    const accepted = addMinutes(ctx.now, 2);
    const preparing = addMinutes(accepted, 1);
    const pickedUp = addMinutes(preparing, restaurant.prep_minutes);
    const price = orderPricing(restaurant, cart.lines, promo, cents(args.tip ?? 0));
    const order: Order = {
      order_id: orderId,
      customer_id: customer.customer_id,
      restaurant_id: restaurant.restaurant_id,
      address_id: address.address_id,
      lines: cart.lines.map((l) => ({ item_id: l.item_id, name: getEntry(state.items, l.item_id)!.name, quantity: l.quantity, options: l.options, unit_price_cents: l.unit_price_cents })),
      ...price,
      promo_code: cart.promo_code,
      placed_at: ctx.now,
      accepted_at: accepted,
      preparing_at: preparing,
      picked_up_at: pickedUp,
      delivered_at: addMinutes(pickedUp, dashMinutes(km)),
      dasher: DASHERS[idNumber(orderId) % DASHERS.length],
      cancelled_at: null,
      refund_cents: 0,
      rating: null,
    };
    putOrder(ctx, order);
    removeCart(ctx, cart.cart_id);
    if (promo !== null) ctx.edit<Customer>('customers', customer.customer_id).promos_used = [...customer.promos_used, promo.code];
    return { order: orderView(state, order, ctx.now) };
  },
});

export const listDeliveryOrders = defineTool<FoodDeliveryState, { customer_id: string; status?: OrderStatus; limit?: number }>({
  name: 'list_delivery_orders',
  description: 'A customer\'s orders, newest first, with status now (placed, accepted, preparing, picked_up, delivered, cancelled), total and restaurant.',
  input: {
    type: 'object',
    properties: { customer_id: customerArg, status: { type: 'string', enum: [...ORDER_STATUSES], description: 'Only orders in this status.' }, limit: { type: 'integer', minimum: 1, maximum: 50, default: 10, description: 'At most this many (default 10).' } },
    required: ['customer_id'],
    additionalProperties: false,
  },
  output: objectOutput({ orders: { type: 'array', items: orderSchema, description: 'Orders, newest first.' }, count: { type: 'integer', description: 'All matches.' } }),
  annotations: { title: 'List orders', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const customer = requireCustomer(ctx, args.customer_id);
    const orders = entryValues(state.orders)
      .filter((o) => o.customer_id === customer.customer_id && (args.status === undefined || statusAt(o, ctx.now) === args.status))
      .sort((a, b) => (a.placed_at === b.placed_at ? idNumber(b.order_id) - idNumber(a.order_id) : a.placed_at < b.placed_at ? 1 : -1));
    return { orders: orders.slice(0, args.limit ?? 10).map((o) => orderView(state, o, ctx.now)), count: orders.length };
  },
});

export const getDeliveryOrder = defineTool<FoodDeliveryState, { order_id: string }>({
  name: 'get_delivery_order',
  description: 'One order: status now (from its timeline and the clock), minutes until delivery, dasher once picked up, items, fees, tip, refund and rating.',
  input: { type: 'object', properties: { order_id: orderArg }, required: ['order_id'], additionalProperties: false },
  output: objectOutput({ order: orderSchema }),
  annotations: { title: 'Get order', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    return { order: orderView(base(ctx), requireOrder(ctx, args.order_id), ctx.now) };
  },
});

export const cancelDeliveryOrder = defineTool<FoodDeliveryState, { order_id: string }>({
  name: 'cancel_delivery_order',
  description: `Cancel an order. Full refund within ${FREE_CANCEL_MIN} minutes of placing or before the restaurant accepts; once it is accepted or being prepared the food is charged and only fees and tip are refunded; refused once picked up or delivered.`,
  input: { type: 'object', properties: { order_id: orderArg }, required: ['order_id'], additionalProperties: false },
  output: objectOutput({ order: orderSchema, refund: { type: 'number', description: 'Refunded, $.' }, charged: { type: 'number', description: 'Kept, $.' } }),
  annotations: { title: 'Cancel order', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const order = requireOrder(ctx, args.order_id);
    const status = statusAt(order, ctx.now);
    if (status === 'cancelled') ctx.fail(`order ${order.order_id} was cancelled at ${order.cancelled_at} (refund ${money(order.refund_cents)})`);
    if (status === 'picked_up') ctx.fail(`order ${order.order_id} is on its way with ${order.dasher} (due ${order.delivered_at}); it can no longer be cancelled`);
    if (status === 'delivered') ctx.fail(`order ${order.order_id} was delivered at ${order.delivered_at}; delivered orders are not cancelled (rate_delivery_order to report a problem)`);
    const free = status === 'placed' || ctx.now <= addMinutes(order.placed_at, FREE_CANCEL_MIN);
    const refund = free ? order.total_cents : order.total_cents - order.subtotal_cents + order.discount_cents;
    const next: Order = { ...order, cancelled_at: ctx.now, refund_cents: Math.min(order.total_cents, refund) };
    putOrder(ctx, next);
    return { order: orderView(state, next, ctx.now), refund: dollars(next.refund_cents), charged: dollars(order.total_cents - next.refund_cents) };
  },
});

export const updateDeliveryTip = defineTool<FoodDeliveryState, { order_id: string; tip: number }>({
  name: 'update_delivery_tip',
  description: `Change the dasher's tip of an order: any amount until delivery; after delivery only raised, within ${TIP_WINDOW_H} hours. Not for cancelled orders. The total follows.`,
  input: { type: 'object', properties: { order_id: orderArg, tip: tipArg }, required: ['order_id', 'tip'], additionalProperties: false },
  output: objectOutput({ order: orderSchema, previous_tip: { type: 'number', description: 'Tip before, $.' } }),
  annotations: { title: 'Change tip', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const order = requireOrder(ctx, args.order_id);
    const status = statusAt(order, ctx.now);
    const tip = cents(args.tip);
    if (status === 'cancelled') ctx.fail(`order ${order.order_id} was cancelled; there is no delivery to tip`);
    if (status === 'delivered') {
      if (ctx.now > addMinutes(order.delivered_at, TIP_WINDOW_H * 60)) ctx.fail(`order ${order.order_id} was delivered at ${order.delivered_at}; tips can be changed until ${TIP_WINDOW_H} hours after delivery`);
      if (tip < order.tip_cents) ctx.fail(`order ${order.order_id} is delivered; its tip (${money(order.tip_cents)}) can only be raised now`);
    }
    const next: Order = { ...order, tip_cents: tip, total_cents: order.total_cents - order.tip_cents + tip };
    putOrder(ctx, next);
    return { order: orderView(state, next, ctx.now), previous_tip: dollars(order.tip_cents) };
  },
});

export const rateDeliveryOrder = defineTool<FoodDeliveryState, { order_id: string; restaurant_stars: number; dasher_stars?: number; comment?: string }>({
  name: 'rate_delivery_order',
  description: `Rate a delivered order: the restaurant 1–5 stars, optionally the dasher and a comment. Once per order, within ${RATING_WINDOW_D} days of delivery.`,
  input: {
    type: 'object',
    properties: {
      order_id: orderArg,
      restaurant_stars: { type: 'integer', minimum: 1, maximum: 5, description: 'Stars for the food and restaurant, 1–5.' },
      dasher_stars: { type: 'integer', minimum: 1, maximum: 5, description: 'Stars for the dasher, 1–5.' },
      comment: { type: 'string', minLength: 1, maxLength: 500, description: 'What went well or wrong.' },
    },
    required: ['order_id', 'restaurant_stars'],
    additionalProperties: false,
  },
  output: objectOutput({ order: orderSchema }),
  annotations: { title: 'Rate order', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const order = requireOrder(ctx, args.order_id);
    const status = statusAt(order, ctx.now);
    if (status !== 'delivered') ctx.fail(`order ${order.order_id} is ${status}; only delivered orders are rated${status === 'cancelled' ? '' : ` (due ${order.delivered_at})`}`);
    if (order.rating !== null) ctx.fail(`order ${order.order_id} was rated on ${order.rating.rated_at} (${order.rating.restaurant_stars} stars); a rating is given once`);
    if (ctx.now > addMinutes(order.delivered_at, RATING_WINDOW_D * 24 * 60)) ctx.fail(`order ${order.order_id} was delivered on ${order.delivered_at.slice(0, 10)}; ratings close ${RATING_WINDOW_D} days after delivery`);
    const next: Order = { ...order, rating: { restaurant_stars: args.restaurant_stars, dasher_stars: args.dasher_stars ?? null, comment: args.comment?.trim() ?? '', rated_at: ctx.now } };
    putOrder(ctx, next);
    return { order: orderView(state, next, ctx.now) };
  },
});

export const reorderDeliveryOrder = defineTool<FoodDeliveryState, { order_id: string }>({
  name: 'reorder_delivery_order',
  description: 'Put the items of a past order back into the customer\'s cart at that restaurant (merged with what is there), at today\'s prices. Items sold out today are left out and listed; refused when all are.',
  input: { type: 'object', properties: { order_id: orderArg }, required: ['order_id'], additionalProperties: false },
  output: objectOutput({ cart: cartSchema, restaurant_id: { type: 'string', description: 'The cart\'s restaurant.' }, customer_id: { type: 'string', description: 'The customer.' }, unavailable: { type: 'array', items: { type: 'string' }, description: 'Items left out (sold out).' } }),
  annotations: { title: 'Reorder', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const order = requireOrder(ctx, args.order_id);
    const unavailable: string[] = [];
    const existing = cartAt(state, order.customer_id, order.restaurant_id);
    const lines = existing === undefined ? [] : existing.lines.map((l) => ({ ...l }));
    let added = 0;
    for (const l of order.lines) {
      const item = getEntry(state.items, l.item_id)!;
      if (item.sold_out) {
        unavailable.push(item.name);
        continue;
      }
      let price = item.price_cents;
      for (const g of item.option_groups) for (const c of g.choices) if (l.options.includes(c.name)) price += c.price_cents;
      const same = lines.find((x) => x.item_id === l.item_id && x.options.length === l.options.length && x.options.every((o) => l.options.includes(o)));
      if (same !== undefined) same.quantity = Math.min(MAX_CART_QUANTITY, same.quantity + l.quantity);
      else lines.push({ line_id: ctx.nextId('line'), item_id: l.item_id, quantity: l.quantity, options: [...l.options], unit_price_cents: price });
      added++;
    }
    if (added === 0) ctx.fail(`every item of order ${order.order_id} is sold out today (${unavailable.join(', ')}); get_restaurant_menu shows what ${state.restaurants[order.restaurant_id].name} has`);
    const cart: Cart = { cart_id: existing?.cart_id ?? ctx.nextId('cart'), customer_id: order.customer_id, restaurant_id: order.restaurant_id, lines, promo_code: existing?.promo_code ?? null, updated_at: ctx.now };
    ctx.edit<Record<string, Cart>>('carts')[cart.cart_id] = cart;
    return { cart: cartView(base(ctx), cart), restaurant_id: order.restaurant_id, customer_id: order.customer_id, unavailable };
  },
});

