import { entryValues } from '../kit/bucketedRecord.js';
import type { DomainSampler } from '../kit/Domain.js';
import { FOOD_REFERENCE_DATE, addMinutes, idNumber, localTime, statusAt, type FoodDeliveryState } from './FoodDeliveryState.js';
import { cartSubtotal, openingState } from './foodLookups.js';
import { STREETS } from './streets.js';

/**
 * Read-only discovery of what a grounded food-delivery request can mention. Customers and
 * restaurants are offered by name, as people say them (every tool takes a name or an id); dishes
 * of restaurants open at the reference time; cart lines; orders under way or recently delivered;
 * promotion codes. Item, cart line and order ids are not offered: a person does not hold them
 * (dish names repeat across restaurants), so a conversation gets them from a menu, a cart or the
 * order list. Samplers see no session clock, so "now" is the world's reference date.
 */
const now = FOOD_REFERENCE_DATE;

export const foodDeliverySamplers: DomainSampler<FoodDeliveryState>[] = [
  {
    collection: 'customers',
    description: 'Customers by name, with email and their default address label.',
    sample(state) {
      return Object.values(state.customers)
        .sort((a, b) => idNumber(a.customer_id) - idNumber(b.customer_id))
        .map((c) => ({ customer_id: c.name, name: c.name, email: c.email, address: c.addresses[c.addresses.length - 1].label }));
    },
  },
  {
    collection: 'restaurants',
    description: 'Restaurants open now, by name, with cuisine and rating.',
    sample(state) {
      return Object.values(state.restaurants)
        .filter((r) => openingState(r, now).open)
        .map((r) => ({ restaurant_id: r.name, name: r.name, cuisine: r.cuisine, rating: r.rating }));
    },
  },
  {
    collection: 'menu_items',
    description: 'Dishes available today at restaurants open now: dish name, restaurant, price (the item id comes from the menu).',
    sample(state) {
      return entryValues(state.items)
        .filter((i) => !i.sold_out && openingState(state.restaurants[i.restaurant_id], now).open)
        .sort((a, b) => idNumber(a.item_id) - idNumber(b.item_id))
        .map((i) => ({ name: `${i.name} from ${state.restaurants[i.restaurant_id].name}`, dish: i.name, restaurant_id: state.restaurants[i.restaurant_id].name, price: i.price_cents / 100 }));
    },
  },
  {
    collection: 'cart_lines',
    description: 'Lines of open carts: dish, quantity, the customer and restaurant (the line id comes from the cart).',
    sample(state) {
      return Object.values(state.carts).flatMap((c) =>
        c.lines.map((l) => ({ name: `the ${entryValues(state.items).find((i) => i.item_id === l.item_id)!.name} in the ${state.restaurants[c.restaurant_id].name} cart`, customer_id: state.customers[c.customer_id].name, restaurant_id: state.restaurants[c.restaurant_id].name, quantity: l.quantity })),
      );
    },
  },
  {
    collection: 'carts',
    description: 'Open carts at restaurants open now: customer, restaurant, subtotal.',
    sample(state) {
      return Object.values(state.carts)
        .filter((c) => openingState(state.restaurants[c.restaurant_id], now).open)
        .map((c) => ({ cart_id: c.cart_id, customer_id: state.customers[c.customer_id].name, restaurant_id: state.restaurants[c.restaurant_id].name, subtotal: cartSubtotal(c) / 100 }));
    },
  },
  {
    collection: 'orders',
    description: 'Orders under way or delivered in the last week: customer, restaurant, status, when placed (the order id comes from the order list).',
    sample(state) {
      const weekAgo = addMinutes(now, -7 * 24 * 60);
      return entryValues(state.orders)
        .filter((o) => o.placed_at >= weekAgo && o.cancelled_at === null)
        .sort((a, b) => idNumber(a.order_id) - idNumber(b.order_id))
        .map((o) => ({ name: `the ${state.restaurants[o.restaurant_id].name} order of ${localTime(o.placed_at).day}`, customer_id: state.customers[o.customer_id].name, restaurant_id: state.restaurants[o.restaurant_id].name, status: statusAt(o, now) }));
    },
  },
  {
    collection: 'addresses',
    description: 'Street addresses of the city a customer might save, with a label.',
    sample() {
      const labels = ['Office', 'Studio', 'Parents', 'Partner', 'Club', 'School', 'Cabin', 'Workshop'];
      return STREETS.map((s, i) => ({ street: `${100 + ((i * 37) % 800)} ${s.name}`, label: labels[i % labels.length], city: 'Bayview' }));
    },
  },
  {
    collection: 'promotions',
    description: 'Promotion codes that have not expired: code, what it gives, restaurant if only one.',
    sample(state) {
      const today = localTime(now).day;
      return Object.values(state.promotions)
        .filter((p) => p.expires_on >= today && !p.first_order_only)
        .map((p) => (p.restaurant_id === null ? { code: p.code, description: p.description } : { code: p.code, description: p.description, restaurant_id: state.restaurants[p.restaurant_id].name }));
    },
  },
];
