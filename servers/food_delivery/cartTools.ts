import { defineTool } from '../kit/Domain.js';
import { MAX_CART_QUANTITY, localTime, type Cart, type CartLine, type FoodDeliveryState, type MenuItem } from './FoodDeliveryState.js';
import {
  base,
  cartAt,
  cartSchema,
  cartSubtotal,
  cartView,
  cartsOf,
  customerArg,
  itemsOf,
  objectOutput,
  promoProblem,
  removeCart,
  requireCart,
  requireCustomer,
  requireItem,
  requirePromo,
  requireRestaurant,
  restaurantArg,
  type Context,
} from './foodLookups.js';
import { unitPrice } from './pricing.js';

/** Carts: one per customer and restaurant. */

/** The chosen options of an item, checked against its groups; required groups fall back to their default. */
function chooseOptions(ctx: Context, item: MenuItem, given: readonly string[]): string[] {
  const groups = item.option_groups;
  const chosen: string[] = [];
  for (let g = 0; g < given.length; g++) {
    const wanted = given[g].trim().toLowerCase();
    let name: string | undefined;
    for (let i = 0; i < groups.length && name === undefined; i++) {
      const choices = groups[i].choices;
      for (let j = 0; j < choices.length; j++) if (choices[j].name.toLowerCase() === wanted) name = choices[j].name;
    }
    if (name === undefined) {
      ctx.fail(groups.length === 0 ? `${item.name} has no options` : `${item.name} has no option "${given[g]}"; options: ${groups.map((o) => `${o.name}${o.required ? ' (pick 1)' : ` (up to ${o.max_choices})`}: ${o.choices.map((c) => c.name).join(', ')}`).join('; ')}`);
    }
    if (!chosen.includes(name!)) chosen.push(name!);
  }
  const out: string[] = [];
  for (let i = 0; i < groups.length; i++) {
    const group = groups[i];
    let count = 0;
    for (let j = 0; j < group.choices.length; j++) {
      if (!chosen.includes(group.choices[j].name)) continue;
      count++;
      out.push(group.choices[j].name);
    }
    if (count > group.max_choices) ctx.fail(`${item.name}: ${group.name} allows ${group.max_choices === 1 ? 'one choice' : `at most ${group.max_choices} choices`}, got ${group.choices.filter((c) => chosen.includes(c.name)).map((c) => c.name).join(', ')}`);
    if (group.required && count === 0) out.push(group.default!);
  }
  return out;
}

const sameOptions = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x) => b.includes(x));

function replaceCart(ctx: Context, cart: Cart): void {
  ctx.edit<Record<string, Cart>>('carts')[cart.cart_id] = cart;
}


/** A cart whose promo no longer holds (lines removed) loses the promo; returns the note. */
function keepPromoValid(ctx: Context, cart: Cart): string | null {
  if (cart.promo_code === null) return null;
  const state = base(ctx);
  const problem = promoProblem(state, state.promotions[cart.promo_code], state.customers[cart.customer_id], cart.restaurant_id, cartSubtotal(cart), localTime(ctx.now).day);
  if (problem === undefined) return null;
  cart.promo_code = null;
  return `promo removed: ${problem}`;
}

export const getDeliveryCart = defineTool<FoodDeliveryState, { customer_id: string; restaurant_id?: string }>({
  name: 'get_delivery_cart',
  description: 'A customer\'s carts (one per restaurant) with lines, promo and the price before tip (subtotal, delivery, service and small-order fees, discount). With restaurant_id, only the cart there.',
  input: { type: 'object', properties: { customer_id: customerArg, restaurant_id: restaurantArg }, required: ['customer_id'], additionalProperties: false },
  output: objectOutput({ carts: { type: 'array', items: cartSchema, description: 'Carts.' }, count: { type: 'integer', description: 'How many.' } }),
  annotations: { title: 'Get cart', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const customer = requireCustomer(ctx, args.customer_id);
    const carts = args.restaurant_id === undefined ? cartsOf(state, customer.customer_id) : [requireCart(ctx, customer, requireRestaurant(ctx, args.restaurant_id))];
    return { carts: carts.map((c) => cartView(state, c)), count: carts.length };
  },
});

export const addToDeliveryCart = defineTool<FoodDeliveryState, { customer_id: string; item_id: string; quantity?: number; options?: string[]; restaurant_id?: string }>({
  name: 'add_to_delivery_cart',
  description: 'Add a menu item to the customer\'s cart at its restaurant (a cart is started if there is none; one cart per restaurant). Options by name (e.g. ["Large", "Extra cheese"]); required groups not given take their default. The same item with the same options adds to that line. Refused for sold-out items and options the item does not have.',
  input: {
    type: 'object',
    properties: {
      customer_id: customerArg,
      item_id: { type: 'string', minLength: 2, maxLength: 80, description: 'The item id (item_12), or its name together with restaurant_id.' },
      quantity: { type: 'integer', minimum: 1, maximum: MAX_CART_QUANTITY, default: 1, description: 'How many (default 1).' },
      options: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 40 }, maxItems: 6, description: 'Option choices by name.' },
      restaurant_id: { ...restaurantArg, description: 'The restaurant, when item_id is a dish name.' },
    },
    required: ['customer_id', 'item_id'],
    additionalProperties: false,
  },
  output: objectOutput({ cart: cartSchema, line_id: { type: 'string', description: 'The line added to.' }, restaurant_id: { type: 'string', description: 'The cart\'s restaurant.' } }),
  annotations: { title: 'Add to cart', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const customer = requireCustomer(ctx, args.customer_id);
    const restaurant = args.restaurant_id === undefined ? undefined : requireRestaurant(ctx, args.restaurant_id);
    const item = requireItem(ctx, args.item_id, restaurant);
    if (item.sold_out) {
      const alternatives = itemsOf(state, item.restaurant_id).filter((i) => i.category === item.category && !i.sold_out).map((i) => i.name);
      ctx.fail(`${item.name} is sold out at ${state.restaurants[item.restaurant_id].name} today${alternatives.length ? `; other ${item.category.toLowerCase()}: ${alternatives.join(', ')}` : ''}`);
    }
    const options = chooseOptions(ctx, item, args.options ?? []);
    const quantity = args.quantity ?? 1;
    const existing = cartAt(state, customer.customer_id, item.restaurant_id);
    // Lines the call does not change are kept as they are (frozen, shared with the previous cart).
    const lines: CartLine[] = existing === undefined ? [] : Array.from(existing.lines);
    let at = -1;
    for (let k = 0; k < lines.length; k++) if (lines[k].item_id === item.item_id && sameOptions(lines[k].options, options)) at = k;
    let line: CartLine;
    if (at >= 0) {
      const same = lines[at];
      if (same.quantity + quantity > MAX_CART_QUANTITY) ctx.fail(`the cart already has ${same.quantity} × ${item.name}; at most ${MAX_CART_QUANTITY} of one line`);
      line = { ...same, quantity: same.quantity + quantity };
      lines[at] = line;
    } else {
      line = { line_id: ctx.nextId('line'), item_id: item.item_id, quantity, options, unit_price_cents: unitPrice(item, options) };
      lines.push(line);
    }
    const cart: Cart = { cart_id: existing?.cart_id ?? ctx.nextId('cart'), customer_id: customer.customer_id, restaurant_id: item.restaurant_id, lines, promo_code: existing?.promo_code ?? null, updated_at: ctx.now };
    replaceCart(ctx, cart);
    return { cart: cartView(base(ctx), cart), line_id: line.line_id, restaurant_id: item.restaurant_id };
  },
});

export const updateDeliveryCartItem = defineTool<FoodDeliveryState, { customer_id: string; line_id: string; quantity: number }>({
  name: 'update_delivery_cart_item',
  description: 'Change the quantity of a cart line; 0 removes it (a cart left empty is removed). A promo whose minimum the cart no longer meets is taken off (the result says why).',
  input: {
    type: 'object',
    properties: { customer_id: customerArg, line_id: { type: 'string', minLength: 1, maxLength: 40, description: 'The cart line, e.g. line_31 (get_delivery_cart lists them).' }, quantity: { type: 'integer', minimum: 0, maximum: MAX_CART_QUANTITY, description: 'New quantity; 0 removes the line.' } },
    required: ['customer_id', 'line_id', 'quantity'],
    additionalProperties: false,
  },
  output: objectOutput({ cart: { type: ['object', 'null'], description: 'The cart, or null when it is now empty.' }, note: { type: ['string', 'null'], description: 'What else changed.' } }),
  annotations: { title: 'Update cart line', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const customer = requireCustomer(ctx, args.customer_id);
    const carts = cartsOf(state, customer.customer_id);
    const cart = carts.find((c) => c.lines.some((l) => l.line_id === args.line_id));
    if (cart === undefined) {
      const lines = carts.flatMap((c) => c.lines.map((l) => `${l.line_id} (${l.quantity} × item ${l.item_id})`));
      return ctx.fail(`${customer.name} has no cart line ${args.line_id}${lines.length ? `; lines: ${lines.join(', ')}` : '; the carts are empty'}`);
    }
    const lines = cart.lines.filter((l) => l.line_id !== args.line_id || args.quantity > 0).map((l) => (l.line_id === args.line_id ? { ...l, quantity: args.quantity } : l));
    if (lines.length === 0) {
      removeCart(ctx, cart.cart_id);
      return { cart: null, note: 'the cart is empty and was removed' };
    }
    const next: Cart = { ...cart, lines, updated_at: ctx.now };
    const note = keepPromoValid(ctx, next);
    replaceCart(ctx, next);
    return { cart: cartView(base(ctx), next), note };
  },
});

export const clearDeliveryCart = defineTool<FoodDeliveryState, { customer_id: string; restaurant_id: string }>({
  name: 'clear_delivery_cart',
  description: 'Empty and remove the customer\'s cart at a restaurant (its lines and promo).',
  input: { type: 'object', properties: { customer_id: customerArg, restaurant_id: restaurantArg }, required: ['customer_id', 'restaurant_id'], additionalProperties: false },
  output: objectOutput({ cleared_cart_id: { type: 'string', description: 'The cart removed.' }, removed_lines: { type: 'integer', description: 'Lines it held.' } }),
  annotations: { title: 'Clear cart', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const customer = requireCustomer(ctx, args.customer_id);
    const cart = requireCart(ctx, customer, requireRestaurant(ctx, args.restaurant_id));
    removeCart(ctx, cart.cart_id);
    return { cleared_cart_id: cart.cart_id, removed_lines: cart.lines.length };
  },
});

export const applyDeliveryPromo = defineTool<FoodDeliveryState, { customer_id: string; restaurant_id: string; code: string }>({
  name: 'apply_delivery_promo',
  description: 'Apply a promotion code to the customer\'s cart at a restaurant (replacing any code there). Refused when the code is expired, for another restaurant, for first orders only, already redeemed, or above the cart\'s subtotal (the message says how much more to add).',
  input: {
    type: 'object',
    properties: { customer_id: customerArg, restaurant_id: restaurantArg, code: { type: 'string', minLength: 3, maxLength: 30, description: 'The promo code, e.g. SAVE5.' } },
    required: ['customer_id', 'restaurant_id', 'code'],
    additionalProperties: false,
  },
  output: objectOutput({ cart: cartSchema, replaced_code: { type: ['string', 'null'], description: 'The code it replaced.' } }),
  annotations: { title: 'Apply promo code', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const customer = requireCustomer(ctx, args.customer_id);
    const restaurant = requireRestaurant(ctx, args.restaurant_id);
    const cart = requireCart(ctx, customer, restaurant);
    const promo = requirePromo(ctx, args.code);
    const problem = promoProblem(state, promo, customer, restaurant.restaurant_id, cartSubtotal(cart), localTime(ctx.now).day);
    if (problem !== undefined) ctx.fail(problem);
    const next: Cart = { ...cart, promo_code: promo.code, updated_at: ctx.now };
    replaceCart(ctx, next);
    return { cart: cartView(base(ctx), next), replaced_code: cart.promo_code === promo.code ? null : cart.promo_code };
  },
});

