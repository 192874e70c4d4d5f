import { entryValues } from '../kit/bucketedRecord.js';
import type { DomainScenario, ScenarioFacts, ScenarioStep, SessionRandom } from '../kit/Domain.js';
import { FOOD_REFERENCE_DATE, RATING_WINDOW_D, addMinutes, distanceKm, idNumber, statusAt, type Customer, type FoodDeliveryState, type MenuItem, type Order, type Restaurant } from './FoodDeliveryState.js';
import { openingState } from './foodLookups.js';
import { STREETS } from './streets.js';

/**
 * Goals of a signed-in food-delivery customer, played as conversations. The customer knows
 * restaurants and dishes by name ("the spicy tuna roll from Sakura House"), their saved addresses
 * by label, orders by restaurant and day ("my order from last night"), and promo codes they see;
 * the assistant finds restaurant, item, cart line and order ids by lookups (search → menu → item,
 * order list → order). Dish names repeat across restaurants but not within one, so a dish is
 * always named with its restaurant.
 */

type Row = Record<string, any>;

const SIGNED_IN = ['The signed-in customer is {customer_name} (customer id {customer_id}).'];

/** The world's clock when a conversation starts (samplers and casts see no session clock). */
const NOW = FOOD_REFERENCE_DATE;

/** A customer (tried from a random start) for whom `pick` finds what the goal needs. */
function castCustomer(state: FoodDeliveryState, random: SessionRandom, pick: (customer: Customer) => ScenarioFacts | undefined): ScenarioFacts | undefined {
  const customers = Object.values(state.customers).sort((a, b) => idNumber(a.customer_id) - idNumber(b.customer_id));
  const start = random.int(0, customers.length - 1);
  for (let k = 0; k < customers.length; k++) {
    const customer = customers[(start + k) % customers.length];
    const facts = pick(customer);
    if (facts !== undefined) return { customer_id: customer.customer_id, customer_name: customer.name, ...facts };
  }
  return undefined;
}

const openNow = (state: FoodDeliveryState): Restaurant[] => Object.values(state.restaurants).filter((r) => openingState(r, NOW).open).sort((a, b) => idNumber(a.restaurant_id) - idNumber(b.restaurant_id));

/**
 * A dish the customer can order now to one of their saved addresses: a restaurant open now that
 * delivers there, an item not sold out, and a quantity that meets the minimum order.
 */
function orderableDish(state: FoodDeliveryState, random: SessionRandom, customer: Customer): ScenarioFacts | undefined {
  const restaurants = openNow(state);
  const items = entryValues(state.items);
  for (let attempt = 0; attempt < 6; attempt++) {
    const restaurant = random.pick(restaurants);
    const address = random.pick(customer.addresses);
    if (distanceKm(address.latitude, address.longitude, restaurant.latitude, restaurant.longitude) > restaurant.delivery_radius_km * 0.95) continue;
    const dishes = items.filter((i: MenuItem) => i.restaurant_id === restaurant.restaurant_id && !i.sold_out).sort((a, b) => idNumber(a.item_id) - idNumber(b.item_id));
    if (dishes.length === 0) continue;
    const dish = random.pick(dishes);
    const quantity = Math.max(1, Math.ceil(restaurant.min_order_cents / dish.price_cents));
    if (quantity > 4) continue;
    return { restaurant: restaurant.name, dish: dish.name, quantity, address: address.label };
  }
  return undefined;
}

/** The restaurant the customer named, by a search on its name. */
const findRestaurant: ScenarioStep = {
  tool: 'search_restaurants',
  args: (f) => ({ query: f.restaurant }),
  learn: (r: { restaurants: Row[] }, f) => { const x = r.restaurants.find((y) => y.name === f.restaurant); return x && { restaurant_id: x.restaurant_id }; },
};

/** The dish the customer named, on that restaurant's menu. */
const findDish: ScenarioStep = {
  tool: 'get_restaurant_menu',
  args: (f) => ({ restaurant_id: f.restaurant_id }),
  learn: (r: { items: Row[] }, f) => { const i = r.items.find((x) => x.name === f.dish); return i && { item_id: i.item_id }; },
};

/** An order of the customer found by its restaurant in their order list (newest first). */
function findOrder(status?: string): ScenarioStep {
  return {
    tool: 'list_delivery_orders',
    args: (f) => (status === undefined ? { customer_id: f.customer_id } : { customer_id: f.customer_id, status }),
    learn: (r: { orders: Row[] }, f) => { const o = r.orders.find((x) => x.restaurant === f.restaurant); return o && { order_id: o.order_id }; },
  };
}

/** How a customer says when an order was placed, from the reference evening (Monday 18:30 local). */
function whenSaid(order: Order): string {
  const hours = (Date.parse(NOW) - Date.parse(order.placed_at)) / 3_600_000;
  if (hours < 3) return 'tonight';
  if (hours < 30) return 'yesterday';
  if (hours < 80) return 'a couple of days ago';
  return 'last week';
}

const TIPS = [3, 4, 5, 6, 8];
const COMMENTS = ['Arrived hot and on time.', 'The fries were soggy.', 'Great packaging, nothing spilled.', 'Took forever but tasted great.'];

export const foodDeliveryScenarios: DomainScenario<FoodDeliveryState>[] = [
  {
    name: 'order_a_dish_by_name',
    goal: 'Order a dish named with its restaurant to a saved address, then check on it and change the tip or cancel.',
    context: SIGNED_IN,
    weight: 3,
    cast: (state, random) =>
      castCustomer(state, random, (customer) => {
        const dish = orderableDish(state, random, customer);
        if (dish === undefined) return undefined;
        return { ...dish, tip: random.pick(TIPS), new_tip: random.pick([10, 12, 15]), later: random.pick(['eta', 'tip', 'cancel']) };
      }),
    turns: [
      {
        say: [
          'I would like {quantity} of the {dish} from {restaurant}, delivered to my {address} address, with a {tip} dollar tip.',
          'Order me {quantity}× {dish} from {restaurant} to my {address} address. Tip {tip}.',
        ],
        steps: [
          findRestaurant,
          findDish,
          {
            tool: 'add_to_delivery_cart',
            args: (f) => ({ customer_id: f.customer_id, item_id: f.item_id, quantity: f.quantity }),
            fault: { kind: 'guessed_id', tool: 'add_to_delivery_cart', args: (f) => ({ customer_id: f.customer_id, item_id: String(f.dish).toLowerCase().replace(/[^a-z0-9]+/g, '_'), quantity: f.quantity }), recovery: 'retry_corrected' },
          },
          { tool: 'place_delivery_order', args: (f) => ({ customer_id: f.customer_id, restaurant_id: f.restaurant_id, address: f.address, tip: f.tip }), learn: (r: { order: Row }) => ({ order_id: r.order.order_id }) },
        ],
      },
      {
        say: ['How long until it gets here?', 'Has the restaurant accepted it yet? When will it arrive?'],
        when: (f) => f.later === 'eta',
        steps: [{ tool: 'get_delivery_order', args: (f) => ({ order_id: f.order_id }) }],
      },
      {
        say: ['It is pouring outside; raise the tip to {new_tip} dollars.', 'Make the tip {new_tip} instead, the weather is awful.'],
        when: (f) => f.later === 'tip',
        steps: [{ tool: 'update_delivery_tip', args: (f) => ({ order_id: f.order_id, tip: f.new_tip }) }],
      },
      {
        say: ['Oh no, wrong address plan. Cancel that order right away.', 'Please cancel it, I ordered by mistake.'],
        when: (f) => f.later === 'cancel',
        steps: [{ tool: 'cancel_delivery_order', args: (f) => ({ order_id: f.order_id }) }],
      },
    ],
  },
  {
    name: 'use_a_promo_code',
    goal: 'Fill a cart at a restaurant, ask which promo codes apply and apply a usable one, then check out.',
    context: SIGNED_IN,
    weight: 2,
    cast: (state, random) =>
      castCustomer(state, random, (customer) => {
        const dish = orderableDish(state, random, customer);
        if (dish === undefined) return undefined;
        return { ...dish, quantity: (dish.quantity as number) + 2 };
      }),
    turns: [
      {
        say: ['Put {quantity} {dish} from {restaurant} in my cart.', 'Add the {dish} from {restaurant} to my cart, {quantity} of them.'],
        steps: [
          findRestaurant,
          findDish,
          { tool: 'add_to_delivery_cart', args: (f) => ({ customer_id: f.customer_id, item_id: f.item_id, quantity: f.quantity }) },
        ],
      },
      {
        say: ['Do I have a promo code I could use on that?', 'Any deals that work for this cart?'],
        steps: [
          {
            tool: 'list_delivery_promotions',
            args: (f) => ({ customer_id: f.customer_id, restaurant_id: f.restaurant_id }),
            learn: (r: { promotions: Row[] }) => { const p = r.promotions.find((x) => x.usable === true); return p ? { code: p.code, promo: p.description } : { no_promo: true }; },
          },
        ],
      },
      {
        say: ['Apply {code} and place the order to {address}.', 'Great, use {code} and check out, deliver to {address}.'],
        when: (f) => f.no_promo !== true,
        steps: [
          {
            tool: 'apply_delivery_promo',
            args: (f) => ({ customer_id: f.customer_id, restaurant_id: f.restaurant_id, code: f.code }),
            fault: { kind: 'missing_argument', tool: 'apply_delivery_promo', args: (f) => ({ customer_id: f.customer_id, code: f.code }), recovery: 'retry_corrected' },
          },
          { tool: 'place_delivery_order', args: (f) => ({ customer_id: f.customer_id, restaurant_id: f.restaurant_id, address: f.address }) },
        ],
      },
      {
        say: ['Too bad. Place it anyway, to {address}.', 'Fine, check out without a code; deliver to {address}.'],
        when: (f) => f.no_promo === true,
        steps: [{ tool: 'place_delivery_order', args: (f) => ({ customer_id: f.customer_id, restaurant_id: f.restaurant_id, address: f.address }) }],
      },
    ],
  },
  {
    name: 'fix_the_cart',
    goal: 'Look at an open cart at a named restaurant, change the quantity of a dish in it, or empty the cart.',
    context: SIGNED_IN,
    weight: 2,
    cast: (state, random) =>
      castCustomer(state, random, (customer) => {
        const carts = Object.values(state.carts).filter((c) => c.customer_id === customer.customer_id && c.lines.length > 0).sort((a, b) => idNumber(a.cart_id) - idNumber(b.cart_id));
        if (carts.length === 0) return undefined;
        const cart = random.pick(carts);
        const line = random.pick(cart.lines);
        const dish = entryValues(state.items).find((i) => i.item_id === line.item_id);
        if (dish === undefined) return undefined;
        const quantity = line.quantity === 1 ? random.int(2, 3) : random.pick([1, 0]);
        return { restaurant: state.restaurants[cart.restaurant_id].name, dish: dish.name, quantity, clear: random.int(0, 2) === 0 };
      }),
    turns: [
      {
        say: ['What is in my {restaurant} cart?', 'Show me my cart at {restaurant}, please.'],
        steps: [
          {
            tool: 'get_delivery_cart',
            args: (f) => ({ customer_id: f.customer_id, restaurant_id: f.restaurant }),
            learn: (r: { carts: Row[] }, f) => { const line = (r.carts[0]?.lines as Row[] | undefined)?.find((l) => l.name === f.dish); return line && { line_id: line.line_id }; },
          },
        ],
      },
      {
        say: ['Change the {dish} to {quantity}.', 'Make that {quantity} {dish}, please.'],
        when: (f) => f.clear !== true && f.quantity !== 0,
        steps: [{ tool: 'update_delivery_cart_item', args: (f) => ({ customer_id: f.customer_id, line_id: f.line_id, quantity: f.quantity }) }],
      },
      {
        say: ['Take the {dish} out.', 'Remove the {dish} from it.'],
        when: (f) => f.clear !== true && f.quantity === 0,
        steps: [{ tool: 'update_delivery_cart_item', args: (f) => ({ customer_id: f.customer_id, line_id: f.line_id, quantity: 0 }) }],
      },
      {
        say: ['Actually, just empty that cart.', 'Forget it, clear the whole {restaurant} cart.'],
        when: (f) => f.clear === true,
        steps: [{ tool: 'clear_delivery_cart', args: (f) => ({ customer_id: f.customer_id, restaurant_id: f.restaurant }) }],
      },
    ],
  },
  {
    name: 'rate_a_recent_delivery',
    goal: 'Rate a delivered order named by restaurant and day.',
    context: SIGNED_IN,
    cast: (state, random) => {
      const since = addMinutes(NOW, -(RATING_WINDOW_D - 1) * 24 * 60);
      const rateable = entryValues(state.orders).filter((o) => o.rating === null && statusAt(o, NOW) === 'delivered' && o.delivered_at >= since);
      return castCustomer(state, random, (customer) => {
        const own = rateable.filter((o) => o.customer_id === customer.customer_id).sort((a, b) => idNumber(a.order_id) - idNumber(b.order_id));
        if (own.length === 0) return undefined;
        const order = random.pick(own);
        const restaurant = state.restaurants[order.restaurant_id].name;
        // The newest order there is the one the customer means.
        if (entryValues(state.orders).some((o) => o.customer_id === customer.customer_id && o.restaurant_id === order.restaurant_id && o.placed_at > order.placed_at)) return undefined;
        return { restaurant, when: whenSaid(order), stars: random.int(2, 5), dasher_stars: random.int(3, 5), comment: random.pick(COMMENTS) };
      });
    },
    turns: [
      {
        say: ['Can you pull up my {restaurant} order from {when}? I want to rate it.', 'Show me the {restaurant} delivery I got {when}.'],
        steps: [findOrder('delivered'), { tool: 'get_delivery_order', args: (f) => ({ order_id: f.order_id }) }],
      },
      {
        say: ['That is the one: {stars} stars for the food, {dasher_stars} for the dasher. "{comment}"', 'Rate it {stars} stars, the driver {dasher_stars}, and say: {comment}'],
        steps: [
          {
            tool: 'rate_delivery_order',
            args: (f) => ({ order_id: f.order_id, restaurant_stars: f.stars, dasher_stars: f.dasher_stars, comment: f.comment }),
            fault: { kind: 'guessed_id', tool: 'rate_delivery_order', args: (f) => ({ order_id: `${String(f.restaurant).toLowerCase().replace(/[^a-z0-9]+/g, '_')}_order`, restaurant_stars: f.stars }), recovery: 'retry_corrected' },
          },
        ],
      },
    ],
  },
  {
    name: 'order_the_same_again',
    goal: 'Put the items of the last order from a named restaurant back in the cart, review it and check out.',
    context: SIGNED_IN,
    weight: 2,
    cast: (state, random) => {
      const open = new Set(openNow(state).map((r) => r.restaurant_id));
      return castCustomer(state, random, (customer) => {
        const past = entryValues(state.orders).filter((o) => o.customer_id === customer.customer_id && open.has(o.restaurant_id) && statusAt(o, NOW) === 'delivered');
        const restaurants = [...new Set(past.map((o) => o.restaurant_id))].sort((a, b) => idNumber(a) - idNumber(b));
        if (restaurants.length === 0) return undefined;
        const restaurantId = random.pick(restaurants);
        const restaurant = state.restaurants[restaurantId];
        const address = customer.addresses.find((a) => distanceKm(a.latitude, a.longitude, restaurant.latitude, restaurant.longitude) <= restaurant.delivery_radius_km * 0.95);
        if (address === undefined) return undefined;
        return { restaurant: restaurant.name, address: address.label, tip: random.pick(TIPS), go: random.int(0, 3) > 0 };
      });
    },
    turns: [
      {
        say: ['Can you reorder what I got last time from {restaurant}?', 'Same as my last {restaurant} order, please: put it in my cart.'],
        steps: [
          findOrder('delivered'),
          { tool: 'reorder_delivery_order', args: (f) => ({ order_id: f.order_id }), learn: (r: Row) => ({ restaurant_id: r.restaurant_id }) },
          { tool: 'get_delivery_cart', args: (f) => ({ customer_id: f.customer_id, restaurant_id: f.restaurant_id }), learn: (r: { carts: Row[] }) => r.carts[0] && { below_minimum: r.carts[0].subtotal < r.carts[0].minimum_order } },
        ],
      },
      {
        say: ['Looks right. Send it to {address} with a {tip} dollar tip.', 'Check it out to my {address} address, tip {tip}.'],
        when: (f) => f.go === true && f.below_minimum !== true,
        steps: [{ tool: 'place_delivery_order', args: (f) => ({ customer_id: f.customer_id, restaurant_id: f.restaurant_id, address: f.address, tip: f.tip }) }],
      },
      {
        say: ['Hmm, not tonight after all. Empty that cart again.', 'Never mind, clear the {restaurant} cart.'],
        when: (f) => !(f.go === true && f.below_minimum !== true),
        steps: [{ tool: 'clear_delivery_cart', args: (f) => ({ customer_id: f.customer_id, restaurant_id: f.restaurant_id }) }],
      },
    ],
  },
  {
    name: 'check_or_cancel_an_order_under_way',
    goal: 'Find an order under way by its restaurant, see where it is, and cancel or raise the tip.',
    context: SIGNED_IN,
    cast: (state, random) => {
      const underway = entryValues(state.orders).filter((o) => ['placed', 'accepted', 'preparing', 'picked_up'].includes(statusAt(o, NOW)));
      return castCustomer(state, random, (customer) => {
        const own = underway.filter((o) => o.customer_id === customer.customer_id).sort((a, b) => idNumber(a.order_id) - idNumber(b.order_id));
        if (own.length === 0) return undefined;
        const order = random.pick(own);
        const status = statusAt(order, NOW);
        return { restaurant: state.restaurants[order.restaurant_id].name, then: status === 'picked_up' || random.int(0, 1) === 0 ? 'tip' : 'cancel', new_tip: random.pick([6, 8, 10]) };
      });
    },
    turns: [
      {
        say: ['Where is my {restaurant} order?', 'How long until my food from {restaurant} arrives?'],
        steps: [findOrder(), { tool: 'get_delivery_order', args: (f) => ({ order_id: f.order_id }) }],
      },
      {
        say: ['That is too long, cancel it.', 'I cannot wait that long. Please cancel the order.'],
        when: (f) => f.then === 'cancel',
        steps: [{ tool: 'cancel_delivery_order', args: (f) => ({ order_id: f.order_id }) }],
      },
      {
        say: ['OK. Bump the tip to {new_tip} dollars for the driver.', 'Raise the tip to {new_tip}, please.'],
        when: (f) => f.then === 'tip',
        steps: [{ tool: 'update_delivery_tip', args: (f) => ({ order_id: f.order_id, tip: f.new_tip }) }],
      },
    ],
  },
  {
    name: 'save_a_new_address',
    goal: 'See the saved addresses, then add a new one (the street said slightly wrong first, the closest street confirmed).',
    context: SIGNED_IN,
    cast: (state, random) =>
      castCustomer(state, random, (customer) => {
        if (customer.addresses.length >= 8) return undefined;
        const labels = ['Office', 'Studio', 'Parents', 'Gym', 'Partner'].filter((l) => !customer.addresses.some((a) => a.label.toLowerCase() === l.toLowerCase()));
        if (labels.length === 0) return undefined;
        const name = random.pick(STREETS).name;
        const number = random.int(1, 9) * 100 + random.int(1, 60);
        const street = `${number} ${name}`;
        // Misheard: the street name without its second letter ("Aler St").
        const wrong = `${number} ${name[0]}${name.slice(2)}`;
        const label = random.pick(labels);
        const unit = random.pick(['Suite 200', 'Apt 4B', '']);
        const instructions = random.pick(['Leave at the front desk', 'Ring twice', '']);
        // What the user says of the unit and the driver's note, so that every argument is the user's.
        const extra_said = `${unit !== '' ? ` (${unit})` : ''}${instructions !== '' ? `, with the note "${instructions}"` : ''}`;
        return { label, street, street_said: street, wrong_street: wrong, unit, instructions, extra_said };
      }),
    turns: [
      {
        say: ['Which delivery addresses do I have saved?', 'List my saved addresses.'],
        steps: [{ tool: 'list_delivery_addresses', args: (f) => ({ customer_id: f.customer_id }) }],
      },
      {
        say: ['Add {street_said}{extra_said} as "{label}".', 'Please save a new address, {street_said}{extra_said}, under {label}.'],
        steps: [
          {
            tool: 'add_delivery_address',
            args: (f) => ({ customer_id: f.customer_id, label: f.label, street: f.street, ...(f.unit !== '' ? { unit: f.unit } : {}), ...(f.instructions !== '' ? { instructions: f.instructions } : {}) }),
            fault: {
              kind: 'out_of_range',
              tool: 'add_delivery_address',
              said: (f) => ({ street_said: f.wrong_street }),
              args: (f) => ({ customer_id: f.customer_id, label: f.label, street: f.wrong_street }),
              recovery: 'ask_user',
              ask: ['There is no {wrong_street} in Bayview. Did you mean {street}?', 'I cannot find {wrong_street}; is it {street}?'],
              reply: ['Yes, {street}.', 'Right, {street}, sorry.'],
            },
          },
        ],
      },
      {
        say: ['Read me my addresses again so I can check.', 'Is it in my list now?'],
        steps: [{ tool: 'list_delivery_addresses', args: (f) => ({ customer_id: f.customer_id }) }],
      },
    ],
  },
];
