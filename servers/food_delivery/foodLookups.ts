import type { JsonSchema } from '../../core/index.js';
import type { ToolContext } from '../kit/Domain.js';
import { entryValues, getEntry } from '../kit/bucketedRecord.js';
import { closestName } from '../kit/closestName.js';
import { ownEntry } from '../kit/lookups.js';
import {
  WEEKDAYS,
  dollars,
  idNumber,
  localTime,
  statusAt,
  type Address,
  type Cart,
  type Customer,
  type FoodDeliveryState,
  type MenuItem,
  type Order,
  type Promotion,
  type Restaurant,
} from './FoodDeliveryState.js';
import { orderPricing, promoDiscount } from './pricing.js';

/** Lookups every food-delivery tool shares (Object.hasOwn only), opening hours, promotion rules and the views results use. */

export type Context = ToolContext<FoodDeliveryState>;
export const base = (ctx: Context): FoodDeliveryState => ctx.base as FoodDeliveryState;

const indexes = new WeakMap<object, Map<string, unknown>>();
function indexOf<T>(record: object, build: () => Map<string, T>): Map<string, T> {
  let index = indexes.get(record) as Map<string, T> | undefined;
  if (index === undefined) indexes.set(record, (index = build()));
  return index;
}

export function requireCustomer(ctx: Context, key: string): Customer {
  const state = base(ctx);
  const own = ownEntry(state.customers, key);
  if (own !== undefined) return own;
  const byName = indexOf(state.customers, () => {
    const m = new Map<string, Customer>();
    for (const c of Object.values(state.customers)) {
      m.set(c.name.toLowerCase(), c);
      m.set(c.email, c);
    }
    return m;
  });
  const found = byName.get(key.trim().toLowerCase());
  if (found !== undefined) return found;
  const customers = Object.values(state.customers);
  const near = /^cus_/i.test(key) ? closestName(key, customers.map((c) => c.customer_id)) : closestName(key.toLowerCase(), customers.map((c) => c.name.toLowerCase()));
  const match = customers.find((c) => c.customer_id === near || c.name.toLowerCase() === near);
  return ctx.fail(`customer ${key} not found${match ? `; did you mean ${match.name} (${match.customer_id})?` : ''} Customers are named by id (cus_1 … cus_${customers.length}), email or full name`);
}

export function requireRestaurant(ctx: Context, key: string): Restaurant {
  const state = base(ctx);
  const own = ownEntry(state.restaurants, key);
  if (own !== undefined) return own;
  const byName = indexOf(state.restaurants, () => new Map(Object.values(state.restaurants).map((r) => [r.name.toLowerCase(), r])));
  const found = byName.get(key.trim().toLowerCase());
  if (found !== undefined) return found;
  const all = Object.values(state.restaurants);
  const near = /^rest_/i.test(key) ? closestName(key, all.map((r) => r.restaurant_id)) : closestName(key.toLowerCase(), all.map((r) => r.name.toLowerCase()));
  const match = all.find((r) => r.restaurant_id === near || r.name.toLowerCase() === near);
  return ctx.fail(`restaurant ${key} not found${match ? `; did you mean ${match.name} (${match.restaurant_id})?` : ''} search_restaurants finds them by name, cuisine or dish`);
}

export const itemsOf = (state: FoodDeliveryState, restaurantId: string): MenuItem[] =>
  indexOf(state.items, () => {
    const m = new Map<string, MenuItem[]>();
    for (const item of entryValues(state.items).sort((a, b) => idNumber(a.item_id) - idNumber(b.item_id))) {
      const list = m.get(item.restaurant_id) ?? [];
      list.push(item);
      m.set(item.restaurant_id, list);
    }
    return m;
  }).get(restaurantId) ?? [];

/** A menu item by id, or by name within the given restaurant (or anywhere when the name is unique). */
export function requireItem(ctx: Context, key: string, restaurant?: Restaurant): MenuItem {
  const state = base(ctx);
  const byId = getEntry(state.items, key);
  if (byId !== undefined) {
    if (restaurant !== undefined && byId.restaurant_id !== restaurant.restaurant_id) ctx.fail(`${byId.name} (${byId.item_id}) is on the menu of ${state.restaurants[byId.restaurant_id].name}, not ${restaurant.name}`);
    return byId;
  }
  const name = key.trim().toLowerCase();
  const pool = restaurant !== undefined ? itemsOf(state, restaurant.restaurant_id) : entryValues(state.items);
  const matches = pool.filter((i) => i.name.toLowerCase() === name);
  if (matches.length === 1) return matches[0];
  if (matches.length > 1) ctx.fail(`${matches.length} restaurants have "${matches[0].name}" (${matches.map((i) => `${i.item_id} at ${state.restaurants[i.restaurant_id].name}`).join(', ')}); give the item id or the restaurant`);
  const near = closestName(name, pool.map((i) => i.name.toLowerCase()));
  const match = pool.find((i) => i.name.toLowerCase() === near);
  return ctx.fail(`menu item ${key} not found${restaurant ? ` at ${restaurant.name}` : ''}${match ? `; did you mean ${match.name} (${match.item_id}${restaurant ? '' : ` at ${state.restaurants[match.restaurant_id].name}`})?` : ''} get_restaurant_menu lists a menu`);
}

export function requireOrder(ctx: Context, key: string): Order {
  const state = base(ctx);
  const found = getEntry(state.orders, key);
  if (found !== undefined) return found;
  const ids = entryValues(state.orders).map((o) => o.order_id);
  const near = closestName(key, ids);
  return ctx.fail(`order ${key} not found${near ? `; did you mean ${near}?` : ''} list_delivery_orders lists a customer's orders`);
}

export function requireAddress(ctx: Context, customer: Customer, key: string): Address {
  const k = key.trim().toLowerCase();
  for (const a of customer.addresses) if (a.address_id === key || a.label.toLowerCase() === k) return a;
  return ctx.fail(`${customer.name} has no saved address ${key}; saved: ${customer.addresses.map((a) => `${a.label} (${a.street})`).join(', ')}; add_delivery_address adds one`);
}

export function cartAt(state: FoodDeliveryState, customerId: string, restaurantId: string): Cart | undefined {
  for (const id of Object.keys(state.carts)) {
    const cart = state.carts[id];
    if (cart.customer_id === customerId && cart.restaurant_id === restaurantId) return cart;
  }
  return undefined;
}

/** Remove a cart by rebuilding the carts record (a delete would turn the copy into a dictionary). */
export function removeCart(ctx: Context, cartId: string): void {
  const carts = base(ctx).carts;
  const rest: Record<string, Cart> = {};
  for (const id of Object.keys(carts)) if (id !== cartId) rest[id] = carts[id];
  ctx.edit<FoodDeliveryState>().carts = rest;
}

export function cartsOf(state: FoodDeliveryState, customerId: string): Cart[] {
  return Object.values(state.carts).filter((c) => c.customer_id === customerId).sort((a, b) => idNumber(a.cart_id) - idNumber(b.cart_id));
}

export function requireCart(ctx: Context, customer: Customer, restaurant: Restaurant): Cart {
  const state = base(ctx);
  const cart = cartAt(state, customer.customer_id, restaurant.restaurant_id);
  if (cart !== undefined) return cart;
  const others = cartsOf(state, customer.customer_id).map((c) => state.restaurants[c.restaurant_id].name);
  return ctx.fail(`${customer.name} has no cart at ${restaurant.name}${others.length ? `; carts: ${others.join(', ')}` : '; the cart is empty'} (add_to_delivery_cart starts one)`);
}

/** Whether a restaurant is open at a moment, and when it opens or closes next. */
export function openingState(restaurant: Restaurant, now: string): { open: boolean; note: string } {
  const { weekday, hhmm } = localTime(now);
  const today = restaurant.hours[weekday];
  if (today !== null && hhmm >= today[0] && hhmm < today[1]) return { open: true, note: `open until ${today[1]}` };
  if (today !== null && hhmm < today[0]) return { open: false, note: `opens today at ${today[0]}` };
  const start = WEEKDAYS.indexOf(weekday);
  for (let d = 1; d <= 7; d++) {
    const day = WEEKDAYS[(start + d) % 7];
    const hours = restaurant.hours[day];
    if (hours !== null) return { open: false, note: `opens ${d === 1 ? 'tomorrow' : day[0].toUpperCase() + day.slice(1)} at ${hours[0]}` };
  }
  return { open: false, note: 'closed' };
}

/** Orders of a customer that count for first-order promotions (not cancelled). */
export function hasOrders(state: FoodDeliveryState, customerId: string): number {
  let n = 0;
  for (const o of entryValues(state.orders)) if (o.customer_id === customerId && o.cancelled_at === null) n++;
  return n;
}

/** Why a promotion does not apply to a customer's cart, or undefined when it does. */
export function promoProblem(state: FoodDeliveryState, promo: Promotion, customer: Customer, restaurantId: string, subtotal: number, today: string): string | undefined {
  if (promo.expires_on < today) return `${promo.code} expired on ${promo.expires_on}`;
  if (promo.restaurant_id !== null && promo.restaurant_id !== restaurantId) return `${promo.code} is only for ${state.restaurants[promo.restaurant_id].name}`;
  if (customer.promos_used.includes(promo.code)) return `${customer.name} has already redeemed ${promo.code}; each code works once`;
  if (promo.first_order_only) {
    const n = hasOrders(state, customer.customer_id);
    if (n > 0) return `${promo.code} is for a first order; ${customer.name} has ${n} order${n === 1 ? '' : 's'}`;
  }
  if (subtotal < promo.min_subtotal_cents) return `${promo.code} needs a subtotal of $${dollars(promo.min_subtotal_cents).toFixed(2)}; the cart is at $${dollars(subtotal).toFixed(2)} (add $${dollars(promo.min_subtotal_cents - subtotal).toFixed(2)} more)`;
  return undefined;
}

export function requirePromo(ctx: Context, code: string): Promotion {
  const state = base(ctx);
  const own = ownEntry(state.promotions, code.trim().toUpperCase());
  if (own !== undefined) return own;
  const near = closestName(code.trim().toUpperCase(), Object.keys(state.promotions));
  return ctx.fail(`promo code ${code} not found${near ? `; did you mean ${near}?` : ''} list_delivery_promotions lists the codes a customer can use`);
}

export function cartSubtotal(cart: Cart): number {
  let s = 0;
  for (const l of cart.lines) s += l.quantity * l.unit_price_cents;
  return s;
}

export function cartView(state: FoodDeliveryState, cart: Cart): Record<string, unknown> {
  const restaurant = state.restaurants[cart.restaurant_id];
  const promo = cart.promo_code === null ? null : state.promotions[cart.promo_code];
  const price = orderPricing(restaurant, cart.lines, promo, 0);
  return {
    cart_id: cart.cart_id,
    restaurant_id: restaurant.restaurant_id,
    restaurant: restaurant.name,
    lines: cart.lines.map((l) => ({ line_id: l.line_id, item_id: l.item_id, name: getEntry(state.items, l.item_id)!.name, quantity: l.quantity, options: l.options, unit_price: dollars(l.unit_price_cents), line_total: dollars(l.unit_price_cents * l.quantity) })),
    promo_code: cart.promo_code,
    subtotal: dollars(price.subtotal_cents),
    delivery_fee: dollars(price.delivery_fee_cents),
    service_fee: dollars(price.service_fee_cents),
    small_order_fee: dollars(price.small_order_fee_cents),
    discount: dollars(price.discount_cents),
    total_before_tip: dollars(price.total_cents),
    minimum_order: dollars(restaurant.min_order_cents),
  };
}

export function orderView(state: FoodDeliveryState, order: Order, now: string): Record<string, unknown> {
  const status = statusAt(order, now);
  const restaurant = state.restaurants[order.restaurant_id];
  const address = state.customers[order.customer_id].addresses.find((a) => a.address_id === order.address_id);
  const eta = status === 'delivered' || status === 'cancelled' ? null : Math.max(0, Math.round((Date.parse(order.delivered_at) - Date.parse(now)) / 60_000));
  return {
    order_id: order.order_id,
    customer_id: order.customer_id,
    restaurant_id: order.restaurant_id,
    restaurant: restaurant.name,
    status,
    deliver_to: address === undefined ? null : `${address.label}: ${address.street}`,
    lines: order.lines.map((l) => ({ item_id: l.item_id, name: l.name, quantity: l.quantity, options: l.options, unit_price: dollars(l.unit_price_cents) })),
    subtotal: dollars(order.subtotal_cents),
    fees: dollars(order.delivery_fee_cents + order.service_fee_cents + order.small_order_fee_cents),
    discount: dollars(order.discount_cents),
    promo_code: order.promo_code,
    tip: dollars(order.tip_cents),
    total: dollars(order.total_cents),
    placed_at: order.placed_at,
    estimated_delivery_at: order.delivered_at,
    minutes_to_delivery: eta,
    dasher: status === 'picked_up' || status === 'delivered' ? order.dasher : null,
    cancelled_at: order.cancelled_at,
    refund: dollars(order.refund_cents),
    rating: order.rating,
  };
}

export function restaurantView(restaurant: Restaurant, now: string): Record<string, unknown> {
  const open = openingState(restaurant, now);
  return {
    restaurant_id: restaurant.restaurant_id,
    name: restaurant.name,
    cuisine: restaurant.cuisine,
    address: restaurant.address,
    rating: restaurant.rating,
    open_now: open.open,
    hours_note: open.note,
    delivery_fee: dollars(restaurant.delivery_fee_cents),
    minimum_order: dollars(restaurant.min_order_cents),
    estimated_minutes: restaurant.prep_minutes + 20,
  };
}


const s = (description: string): JsonSchema => ({ type: 'string', description });
const n = (description: string): JsonSchema => ({ type: 'number', description });
export const schemaText = s;
export const schemaNumber = n;
export const cartSchema: JsonSchema = {
  type: 'object',
  properties: { cart_id: s('Cart id.'), restaurant_id: s('Restaurant id.'), restaurant: s('Restaurant.'), lines: { type: 'array', items: { type: 'object', properties: { line_id: s('Cart line id, e.g. line_31.'), item_id: s('Menu item id.'), name: s('Dish.'), quantity: n('How many.') }, required: ['line_id', 'item_id', 'name', 'quantity'] }, description: 'Lines with line_id, item, quantity, options, prices.' }, promo_code: { type: ['string', 'null'], description: 'Promo applied.' }, subtotal: n('Items, $.'), discount: n('Promo discount, $.'), total_before_tip: n('Total before tip, $.') },
  required: ['cart_id', 'restaurant_id', 'lines', 'subtotal', 'total_before_tip'],
};
export const orderSchema: JsonSchema = {
  type: 'object',
  properties: { order_id: s('Order id, e.g. ord_131.'), restaurant: s('Restaurant.'), status: s('placed, accepted, preparing, picked_up, delivered or cancelled.'), total: n('Charged, $.'), tip: n('Tip, $.'), refund: n('Refunded, $.'), estimated_delivery_at: s('Delivery time (estimated until delivered), UTC.'), minutes_to_delivery: { type: ['integer', 'null'], description: 'Minutes left, while under way.' } },
  required: ['order_id', 'restaurant', 'status', 'total'],
};
export const restaurantSchema: JsonSchema = {
  type: 'object',
  properties: { restaurant_id: s('Restaurant id.'), name: s('Name.'), cuisine: s('Cuisine.'), open_now: { type: 'boolean', description: 'Open at this moment.' }, hours_note: s('When it closes or opens next.'), delivery_fee: n('$.'), minimum_order: n('$.') },
  required: ['restaurant_id', 'name', 'cuisine', 'open_now'],
};
export const customerArg: JsonSchema = { type: 'string', minLength: 2, maxLength: 120, description: 'The customer: full name (e.g. "Maya Chen"), email or id (cus_4).' };
export const restaurantArg: JsonSchema = { type: 'string', minLength: 2, maxLength: 80, description: 'The restaurant: name (e.g. "Luigi\'s Trattoria") or id (rest_1).' };
export const orderArg: JsonSchema = { type: 'string', minLength: 1, maxLength: 40, description: 'The order id, e.g. ord_131 (list_delivery_orders lists them).' };
export function objectOutput(properties: Record<string, JsonSchema>): JsonSchema {
  return { type: 'object', properties, required: Object.keys(properties) };
}
