import { defineTool } from '../kit/Domain.js';
import { CUISINES, dollars, idNumber, localTime, type Cuisine, type FoodDeliveryState } from './FoodDeliveryState.js';
import {
  base,
  cartAt,
  cartSubtotal,
  customerArg,
  itemsOf,
  objectOutput,
  openingState,
  promoProblem,
  requireCustomer,
  requireRestaurant,
  restaurantArg,
  restaurantSchema,
  restaurantView,
} from './foodLookups.js';

/** Browsing: restaurants, menus and promotions. */

export const searchRestaurants = defineTool<FoodDeliveryState, { query?: string; cuisine?: Cuisine; open_now?: boolean }>({
  name: 'search_restaurants',
  description: 'Find restaurants by name, cuisine or dish (query matches restaurant names, cuisines and menu items), optionally only those open right now. Returns rating, whether open now and when it opens or closes, delivery fee, minimum order and estimated minutes; best rated first.',
  input: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 2, maxLength: 80, description: 'Words of a restaurant name, a cuisine or a dish, e.g. "pad thai".' },
      cuisine: { type: 'string', enum: [...CUISINES], description: 'Only this cuisine.' },
      open_now: { type: 'boolean', description: 'Only restaurants open at this moment.' },
    },
    additionalProperties: false,
  },
  output: objectOutput({ restaurants: { type: 'array', items: restaurantSchema, description: 'Matches, best rated first.' }, count: { type: 'integer', description: 'How many.' } }),
  annotations: { title: 'Search restaurants', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const words = args.query === undefined ? [] : args.query.toLowerCase().split(/\s+/).filter((w) => w.length > 0);
    const matches = Object.values(state.restaurants).filter((r) => {
      if (args.cuisine !== undefined && r.cuisine !== args.cuisine) return false;
      if (args.open_now === true && !openingState(r, ctx.now).open) return false;
      if (words.length === 0) return true;
      const text = `${r.name} ${r.cuisine} ${itemsOf(state, r.restaurant_id).map((i) => i.name).join(' ')}`.toLowerCase();
      return words.every((w) => text.includes(w));
    });
    matches.sort((a, b) => b.rating - a.rating || idNumber(a.restaurant_id) - idNumber(b.restaurant_id));
    return { restaurants: matches.map((r) => restaurantView(r, ctx.now)), count: matches.length };
  },
});

export const getRestaurantMenu = defineTool<FoodDeliveryState, { restaurant_id: string; category?: string }>({
  name: 'get_restaurant_menu',
  description: 'A restaurant\'s menu: items by category with price, description, whether sold out, and option groups (required groups have a preselected default; max choices per group), plus its weekly hours and whether it is open now.',
  input: {
    type: 'object',
    properties: { restaurant_id: restaurantArg, category: { type: 'string', minLength: 2, maxLength: 40, description: 'Only this menu category, e.g. "Sides".' } },
    required: ['restaurant_id'],
    additionalProperties: false,
  },
  output: objectOutput({ restaurant: restaurantSchema, hours: { type: 'object', description: 'Local opening hours by weekday ([open, close] or null).' }, items: { type: 'array', items: { type: 'object', properties: { item_id: { type: 'string', description: 'Item id.' }, name: { type: 'string', description: 'Dish.' }, price: { type: 'number', description: '$.' }, sold_out: { type: 'boolean', description: 'Unavailable today.' } }, required: ['item_id', 'name', 'price', 'sold_out'] }, description: 'Items.' } }),
  annotations: { title: 'Get menu', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const restaurant = requireRestaurant(ctx, args.restaurant_id);
    const all = itemsOf(state, restaurant.restaurant_id);
    const category = args.category?.trim().toLowerCase();
    const items = category === undefined ? all : all.filter((i) => i.category.toLowerCase() === category);
    if (items.length === 0) ctx.fail(`${restaurant.name} has no category ${args.category}; categories: ${[...new Set(all.map((i) => i.category))].join(', ')}`);
    return {
      restaurant: restaurantView(restaurant, ctx.now),
      hours: restaurant.hours,
      items: items.map((i) => ({
        item_id: i.item_id,
        name: i.name,
        category: i.category,
        description: i.description,
        price: dollars(i.price_cents),
        sold_out: i.sold_out,
        option_groups: i.option_groups.map((g) => ({ name: g.name, required: g.required, max_choices: g.max_choices, default: g.default, choices: g.choices.map((c) => ({ name: c.name, price: dollars(c.price_cents) })) })),
      })),
    };
  },
});

export const listDeliveryPromotions = defineTool<FoodDeliveryState, { customer_id: string; restaurant_id?: string }>({
  name: 'list_delivery_promotions',
  description: 'Promotion codes not yet expired, with what each gives and whether the customer can use it now (on their cart at restaurant_id when given), and why not.',
  input: {
    type: 'object',
    properties: { customer_id: customerArg, restaurant_id: { ...restaurantArg, description: 'Check against the customer\'s cart at this restaurant (name or id).' } },
    required: ['customer_id'],
    additionalProperties: false,
  },
  output: objectOutput({ promotions: { type: 'array', items: { type: 'object', properties: { code: { type: 'string', description: 'Code.' }, description: { type: 'string', description: 'What it gives.' }, restaurant_id: { type: ['string', 'null'], description: 'The one restaurant it is for; null: any restaurant.' }, restaurant: { type: ['string', 'null'], description: 'That restaurant\'s name.' }, usable: { type: 'boolean', description: 'Usable now.' }, reason: { type: ['string', 'null'], description: 'Why not.' } }, required: ['code', 'description', 'usable'] }, description: 'Codes.' }, count: { type: 'integer', description: 'How many.' } }),
  annotations: { title: 'List promotions', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const customer = requireCustomer(ctx, args.customer_id);
    const restaurant = args.restaurant_id === undefined ? undefined : requireRestaurant(ctx, args.restaurant_id);
    const cart = restaurant === undefined ? undefined : cartAt(state, customer.customer_id, restaurant.restaurant_id);
    const today = localTime(ctx.now).day;
    const rows = Object.values(state.promotions)
      .filter((p) => p.expires_on >= today)
      .map((p) => {
        const where = restaurant?.restaurant_id ?? p.restaurant_id ?? '';
        const subtotal = cart === undefined ? Number.MAX_SAFE_INTEGER : cartSubtotal(cart);
        const problem = promoProblem(state, p, customer, where, subtotal, today);
        return { code: p.code, description: p.description, restaurant_id: p.restaurant_id, restaurant: p.restaurant_id === null ? null : state.restaurants[p.restaurant_id].name, minimum_subtotal: dollars(p.min_subtotal_cents), expires_on: p.expires_on, usable: problem === undefined, reason: problem ?? null };
      });
    return { promotions: rows, count: rows.length };
  },
});
