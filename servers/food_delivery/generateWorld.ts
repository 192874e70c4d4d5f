import { toBuckets } from '../kit/bucketedRecord.js';
import { runWorldGenerator } from '../kit/fixtures.js';
import { SeededRandom, seedRandomState } from '../kit/seededRandom.js';
import {
  FOOD_REFERENCE_DATE,
  LOCAL_OFFSET_MIN,
  WEEKDAYS,
  addMinutes,
  dashMinutes,
  distanceKm,
  type Address,
  type Cart,
  type Cuisine,
  type Customer,
  type FoodDeliveryState,
  type MenuItem,
  type OptionGroup,
  type Order,
  type OrderLine,
  type Promotion,
  type Restaurant,
  type Weekday,
} from './FoodDeliveryState.js';
import { orderPricing, unitPrice } from './pricing.js';
import { CENTER, STREETS, geocode } from './streets.js';

/**
 * The seeded city (`npx tsx servers/food_delivery/generateWorld.ts [seed]` writes fixtures/food_delivery/world.json):
 * 30 restaurants in ten cuisines with weekly hours and menus (option groups, a few items sold out),
 * 40 customers with saved addresses, a month of orders (delivered, rated, cancelled) and a dozen in
 * progress around the reference time (Monday 18:30 local), open carts, and promotions.
 */

type ItemRow = [string, string, number, string];
const MENUS: Record<Cuisine, { names: string[]; items: ItemRow[]; groups: OptionGroup[] }> = {
  pizza: {
    names: ["Luigi's Trattoria", 'Slice Republic', 'Brick Oven Co.'],
    items: [['Margherita Pizza', 'Pizzas', 1500, 'Tomato, mozzarella, basil'], ['Pepperoni Pizza', 'Pizzas', 1700, 'Pepperoni and mozzarella'], ['Veggie Supreme Pizza', 'Pizzas', 1750, 'Peppers, onions, mushrooms, olives'], ['BBQ Chicken Pizza', 'Pizzas', 1850, 'Chicken, red onion, BBQ sauce'], ['Garlic Knots', 'Sides', 650, 'Six knots, marinara'], ['Caesar Salad', 'Sides', 900, 'Romaine, parmesan, croutons'], ['Tiramisu', 'Desserts', 750, 'Espresso, mascarpone'], ['Lemonade', 'Drinks', 400, 'Fresh squeezed']],
    groups: [{ name: 'Size', required: true, max_choices: 1, default: 'Medium', choices: [{ name: 'Small', price_cents: 0 }, { name: 'Medium', price_cents: 300 }, { name: 'Large', price_cents: 600 }] }, { name: 'Extra toppings', required: false, max_choices: 3, default: null, choices: [{ name: 'Extra cheese', price_cents: 150 }, { name: 'Mushrooms', price_cents: 100 }, { name: 'Jalapeños', price_cents: 100 }, { name: 'Olives', price_cents: 100 }] }],
  },
  sushi: {
    names: ['Sakura Sushi', 'Tsunami Rolls', 'Kin Sushi Bar'],
    items: [['California Roll', 'Rolls', 850, 'Crab, avocado, cucumber'], ['Spicy Tuna Roll', 'Rolls', 1050, 'Tuna, spicy mayo'], ['Dragon Roll', 'Rolls', 1450, 'Eel, avocado, tempura shrimp'], ['Salmon Nigiri', 'Nigiri', 900, 'Two pieces'], ['Chirashi Bowl', 'Bowls', 2200, 'Chef\'s sashimi over rice'], ['Miso Soup', 'Sides', 400, 'Tofu, wakame'], ['Edamame', 'Sides', 550, 'Sea salt'], ['Green Tea', 'Drinks', 300, 'Hot or iced']],
    groups: [{ name: 'Add-ons', required: false, max_choices: 2, default: null, choices: [{ name: 'Spicy mayo', price_cents: 75 }, { name: 'Extra ginger', price_cents: 50 }, { name: 'Brown rice', price_cents: 100 }] }],
  },
  mexican: {
    names: ['La Palma Taqueria', 'Casa Verde', 'El Farolito Express'],
    items: [['Burrito', 'Mains', 1200, 'Rice, beans, salsa'], ['Tacos (3)', 'Mains', 1100, 'Corn tortillas, onion, cilantro'], ['Quesadilla', 'Mains', 1050, 'Flour tortilla, cheese'], ['Burrito Bowl', 'Mains', 1250, 'No tortilla'], ['Chips and Guacamole', 'Sides', 700, 'Fresh guac'], ['Churros', 'Desserts', 600, 'Cinnamon sugar'], ['Horchata', 'Drinks', 450, 'Rice and cinnamon']],
    groups: [{ name: 'Protein', required: true, max_choices: 1, default: 'Chicken', choices: [{ name: 'Chicken', price_cents: 0 }, { name: 'Carnitas', price_cents: 100 }, { name: 'Carne asada', price_cents: 250 }, { name: 'Veggie', price_cents: 0 }] }, { name: 'Extras', required: false, max_choices: 2, default: null, choices: [{ name: 'Guacamole', price_cents: 225 }, { name: 'Sour cream', price_cents: 75 }, { name: 'Queso', price_cents: 150 }] }],
  },
  indian: {
    names: ['Taj Spice', 'Curry Leaf', 'Bombay Kitchen'],
    items: [['Chicken Tikka Masala', 'Curries', 1650, 'Creamy tomato sauce'], ['Palak Paneer', 'Curries', 1450, 'Spinach and cheese'], ['Lamb Vindaloo', 'Curries', 1850, 'Hot and tangy'], ['Chana Masala', 'Curries', 1300, 'Chickpeas'], ['Vegetable Samosas', 'Sides', 650, 'Two pieces'], ['Garlic Naan', 'Breads', 400, 'Tandoor baked'], ['Mango Lassi', 'Drinks', 500, 'Yogurt and mango']],
    groups: [{ name: 'Spice level', required: true, max_choices: 1, default: 'Medium', choices: [{ name: 'Mild', price_cents: 0 }, { name: 'Medium', price_cents: 0 }, { name: 'Hot', price_cents: 0 }] }, { name: 'Sides', required: false, max_choices: 2, default: null, choices: [{ name: 'Extra rice', price_cents: 250 }, { name: 'Raita', price_cents: 200 }] }],
  },
  thai: {
    names: ['Bangkok Garden', 'Thai Orchid', 'Lemongrass House'],
    items: [['Pad Thai', 'Noodles', 1400, 'Rice noodles, peanuts, tamarind'], ['Pad See Ew', 'Noodles', 1400, 'Wide noodles, broccoli'], ['Green Curry', 'Curries', 1500, 'Coconut, Thai basil'], ['Massaman Curry', 'Curries', 1550, 'Potato, peanuts'], ['Spring Rolls', 'Sides', 700, 'Four pieces'], ['Tom Yum Soup', 'Soups', 900, 'Hot and sour'], ['Thai Iced Tea', 'Drinks', 450, 'Sweet and creamy']],
    groups: [{ name: 'Protein', required: true, max_choices: 1, default: 'Chicken', choices: [{ name: 'Chicken', price_cents: 0 }, { name: 'Tofu', price_cents: 0 }, { name: 'Beef', price_cents: 150 }, { name: 'Shrimp', price_cents: 300 }] }, { name: 'Spice level', required: true, max_choices: 1, default: 'Medium', choices: [{ name: 'Mild', price_cents: 0 }, { name: 'Medium', price_cents: 0 }, { name: 'Thai hot', price_cents: 0 }] }],
  },
  burgers: {
    names: ['Patty Shack', 'Grill Brothers', 'The Burger Joint'],
    items: [['Classic Burger', 'Burgers', 1200, 'Lettuce, tomato, house sauce'], ['Cheeseburger', 'Burgers', 1300, 'Cheddar'], ['Mushroom Swiss Burger', 'Burgers', 1450, 'Sautéed mushrooms, Swiss'], ['Veggie Burger', 'Burgers', 1250, 'Black bean patty'], ['French Fries', 'Sides', 500, 'Sea salt'], ['Onion Rings', 'Sides', 600, 'Beer battered'], ['Chocolate Shake', 'Drinks', 650, 'Hand spun']],
    groups: [{ name: 'Doneness', required: true, max_choices: 1, default: 'Medium', choices: [{ name: 'Medium rare', price_cents: 0 }, { name: 'Medium', price_cents: 0 }, { name: 'Well done', price_cents: 0 }] }, { name: 'Add-ons', required: false, max_choices: 3, default: null, choices: [{ name: 'Bacon', price_cents: 200 }, { name: 'Avocado', price_cents: 200 }, { name: 'Fried egg', price_cents: 150 }, { name: 'Extra patty', price_cents: 400 }] }],
  },
  breakfast: {
    names: ['Sunrise Diner', 'The Early Bird', 'Pancake Palace'],
    items: [['Buttermilk Pancakes', 'Breakfast', 1100, 'Three pancakes, maple syrup'], ['Eggs Benedict', 'Breakfast', 1400, 'Ham, hollandaise'], ['Avocado Toast', 'Breakfast', 1050, 'Sourdough, chili flakes'], ['Breakfast Burrito', 'Breakfast', 1150, 'Eggs, potatoes, cheese'], ['Hash Browns', 'Sides', 450, 'Crispy'], ['Fresh Orange Juice', 'Drinks', 500, 'Squeezed to order'], ['Latte', 'Drinks', 475, 'Double shot']],
    groups: [{ name: 'Add-ons', required: false, max_choices: 2, default: null, choices: [{ name: 'Side of bacon', price_cents: 350 }, { name: 'Fruit cup', price_cents: 300 }, { name: 'Extra egg', price_cents: 150 }] }],
  },
  salads: {
    names: ['Green Bowl', 'Leaf & Grain', 'Fresh Fields'],
    items: [['Cobb Salad', 'Salads', 1350, 'Egg, bacon, blue cheese'], ['Kale Caesar', 'Salads', 1250, 'Kale, parmesan, croutons'], ['Harvest Bowl', 'Bowls', 1400, 'Quinoa, sweet potato, apple'], ['Greek Salad', 'Salads', 1200, 'Feta, olives, cucumber'], ['Tomato Soup', 'Soups', 700, 'Basil'], ['Cold Brew', 'Drinks', 450, 'Slow steeped']],
    groups: [{ name: 'Dressing', required: true, max_choices: 1, default: 'Balsamic', choices: [{ name: 'Balsamic', price_cents: 0 }, { name: 'Ranch', price_cents: 0 }, { name: 'Lemon tahini', price_cents: 0 }, { name: 'Caesar', price_cents: 0 }] }, { name: 'Add protein', required: false, max_choices: 1, default: null, choices: [{ name: 'Grilled chicken', price_cents: 400 }, { name: 'Salmon', price_cents: 600 }, { name: 'Tofu', price_cents: 300 }] }],
  },
  chinese: {
    names: ['Golden Dragon', 'Jade Garden', 'Dumpling House'],
    items: [['Kung Pao Chicken', 'Mains', 1450, 'Peanuts, chili'], ['Beef and Broccoli', 'Mains', 1550, 'Oyster sauce'], ['Mapo Tofu', 'Mains', 1300, 'Sichuan pepper'], ['Orange Chicken', 'Mains', 1400, 'Sweet and tangy'], ['Pork Dumplings (8)', 'Dim sum', 1000, 'Steamed'], ['Hot and Sour Soup', 'Soups', 650, 'Tofu, mushrooms'], ['Jasmine Tea', 'Drinks', 300, 'Pot']],
    groups: [{ name: 'Rice', required: true, max_choices: 1, default: 'Steamed rice', choices: [{ name: 'Steamed rice', price_cents: 0 }, { name: 'Brown rice', price_cents: 100 }, { name: 'Fried rice', price_cents: 200 }] }],
  },
  mediterranean: {
    names: ['Olive & Fig', 'Pita Palace', 'Aegean Grill'],
    items: [['Chicken Shawarma Plate', 'Plates', 1550, 'Rice, salad, garlic sauce'], ['Falafel Wrap', 'Wraps', 1100, 'Tahini, pickles'], ['Lamb Gyro', 'Wraps', 1350, 'Tzatziki'], ['Mezze Platter', 'Plates', 1650, 'Hummus, baba ganoush, pita'], ['Hummus and Pita', 'Sides', 700, 'Olive oil, paprika'], ['Baklava', 'Desserts', 550, 'Honey, walnuts'], ['Mint Lemonade', 'Drinks', 450, 'Fresh mint']],
    groups: [{ name: 'Extras', required: false, max_choices: 2, default: null, choices: [{ name: 'Extra hummus', price_cents: 150 }, { name: 'Feta', price_cents: 125 }, { name: 'Side salad', price_cents: 300 }] }],
  },
};
const MAIN_CATEGORIES = new Set(['Pizzas', 'Mains', 'Curries', 'Noodles', 'Burgers', 'Salads', 'Bowls', 'Plates', 'Wraps', 'Breakfast', 'Rolls']);

const FIRST = ['Maya', 'Noah', 'Olivia', 'Liam', 'Emma', 'Lucas', 'Sofia', 'Ethan', 'Chloe', 'Mateo', 'Aria', 'Jacob', 'Leila', 'Owen', 'Hana', 'Ravi', 'Zara', 'Marcus', 'Ines', 'Tyler', 'Nadia', 'Diego'];
const LAST = ['Chen', 'Patel', 'Garcia', 'Kim', 'Nguyen', 'Johnson', 'Silva', 'Cohen', 'Osei', 'Müller', 'Rossi', 'Haddad', 'Lee', 'Brooks', 'Ali', 'Novak', 'Reyes', 'Ward'];
const DASHERS = ['Jordan', 'Alex', 'Sam', 'Priya', 'Miguel', 'Tanya', 'Kofi', 'Lena', 'Andre', 'Rosa', 'Kevin', 'Yuki'];
const INSTRUCTIONS = ['', '', 'Leave at the door', 'Ring the bell', 'Call when outside', 'Gate code 1234'];
const COMMENTS = ['Great food, arrived hot', 'A bit late but tasty', 'Perfect as always', 'Missing a sauce', 'Friendly dasher', ''];

export function generateWorld(seed: number): FoodDeliveryState {
  const random = new SeededRandom(seedRandomState(seed));
  const now = FOOD_REFERENCE_DATE;
  const point = (spread: number) => ({ latitude: Math.round((CENTER.latitude + (random.next() * 2 - 1) * spread / 111) * 1e5) / 1e5, longitude: Math.round((CENTER.longitude + (random.next() * 2 - 1) * spread / 88) * 1e5) / 1e5 });

  const restaurants: Record<string, Restaurant> = {};
  const items: Record<string, MenuItem> = {};
  let itemN = 0;
  let r = 0;
  for (const cuisine of Object.keys(MENUS) as Cuisine[]) {
    const menu = MENUS[cuisine];
    for (const name of menu.names) {
      const id = `rest_${++r}`;
      const where = point(4);
      const street = random.pick(STREETS);
      const hours = {} as Record<Weekday, [string, string] | null>;
      const pattern: [string, string] = cuisine === 'breakfast' ? ['07:00', '14:30'] : random.pick([['11:00', '22:00'], ['11:30', '21:30'], ['16:00', '23:00'], ['10:30', '21:00']] as Array<[string, string]>);
      const closedDay = r % 7 === 3 ? 'monday' : r % 7 === 5 ? 'tuesday' : null;
      for (const day of WEEKDAYS) hours[day] = day === closedDay ? null : pattern;
      restaurants[id] = {
        restaurant_id: id,
        name,
        cuisine,
        address: `${random.int(10, 990)} ${street.name}, Bayview`,
        ...where,
        rating: random.int(38, 49) / 10,
        rating_count: random.int(40, 2400),
        delivery_fee_cents: random.pick([0, 99, 199, 299, 399, 499]),
        min_order_cents: random.pick([1000, 1000, 1200, 1500]),
        prep_minutes: random.int(12, 30),
        delivery_radius_km: random.pick([5, 6, 7, 8]),
        hours,
      };
      for (const [itemName, category, price, description] of menu.items) {
        const itemId = `item_${++itemN}`;
        const groups = MAIN_CATEGORIES.has(category) ? menu.groups : [];
        items[itemId] = { item_id: itemId, restaurant_id: id, name: itemName, category, description, price_cents: price + random.pick([0, 0, 50, 100, -50]), sold_out: random.next() < 0.06, option_groups: groups };
      }
    }
  }
  const itemsOf = (restaurantId: string): MenuItem[] => Object.values(items).filter((i) => i.restaurant_id === restaurantId);

  const customers: Record<string, Customer> = {};
  const names = new Set<string>();
  let addressN = 0;
  for (let c = 1; c <= 40; c++) {
    let first: string;
    let last: string;
    do {
      first = random.pick(FIRST);
      last = random.pick(LAST);
    } while (names.has(`${first} ${last}`));
    names.add(`${first} ${last}`);
    const addresses: Address[] = [];
    const labels = ['Home', 'Work', random.pick(['Gym', "Mom's", 'Studio'])].slice(0, random.int(1, 3));
    for (const label of labels) {
      const street = random.pick(STREETS);
      const number = random.int(10, 990);
      addresses.push({ address_id: `addr_${++addressN}`, label, street: `${number} ${street.name}`, unit: random.next() < 0.3 ? `Apt ${random.int(1, 30)}` : '', instructions: random.pick(INSTRUCTIONS), ...geocode(street, number) });
    }
    const email = `${first.toLowerCase().replace('ü', 'u')}.${last.toLowerCase().replace('ü', 'u')}@example.com`;
    customers[`cus_${c}`] = { customer_id: `cus_${c}`, name: `${first} ${last}`, email, addresses, promos_used: [] };
  }

  const promotions: Record<string, Promotion> = {};
  const promo = (p: Promotion): void => void (promotions[p.code] = p);
  promo({ code: 'WELCOME10', description: '10 % off your first order (up to $10)', kind: 'percent', value: 10, max_discount_cents: 1000, min_subtotal_cents: 1500, restaurant_id: null, first_order_only: true, expires_on: '2026-12-31' });
  promo({ code: 'FREEDELIVERY', description: 'Free delivery on orders of $20 or more', kind: 'free_delivery', value: 0, max_discount_cents: 0, min_subtotal_cents: 2000, restaurant_id: null, first_order_only: false, expires_on: '2026-06-30' });
  promo({ code: 'SAVE5', description: '$5 off orders of $30 or more', kind: 'amount', value: 500, max_discount_cents: 500, min_subtotal_cents: 3000, restaurant_id: null, first_order_only: false, expires_on: '2026-04-30' });
  promo({ code: 'PIZZA20', description: "20 % off at Luigi's Trattoria (up to $8)", kind: 'percent', value: 20, max_discount_cents: 800, min_subtotal_cents: 1500, restaurant_id: 'rest_1', first_order_only: false, expires_on: '2026-05-31' });
  promo({ code: 'SUSHI15', description: '15 % off at Sakura Sushi (up to $6)', kind: 'percent', value: 15, max_discount_cents: 600, min_subtotal_cents: 2000, restaurant_id: 'rest_4', first_order_only: false, expires_on: '2026-04-15' });
  promo({ code: 'TACOTUESDAY', description: '$4 off at La Palma Taqueria', kind: 'amount', value: 400, max_discount_cents: 400, min_subtotal_cents: 1500, restaurant_id: 'rest_7', first_order_only: false, expires_on: '2026-06-30' });
  promo({ code: 'CURRY3', description: '$3 off at Taj Spice', kind: 'amount', value: 300, max_discount_cents: 300, min_subtotal_cents: 1200, restaurant_id: 'rest_10', first_order_only: false, expires_on: '2026-05-01' });
  promo({ code: 'WINTER25', description: '25 % off (expired)', kind: 'percent', value: 25, max_discount_cents: 1000, min_subtotal_cents: 1500, restaurant_id: null, first_order_only: false, expires_on: '2026-02-28' });
  promo({ code: 'BURGERNIGHT', description: 'Free delivery at Patty Shack', kind: 'free_delivery', value: 0, max_discount_cents: 0, min_subtotal_cents: 1200, restaurant_id: 'rest_16', first_order_only: false, expires_on: '2026-09-30' });

  const orders: Record<string, Order> = {};
  let orderN = 0;
  const restaurantIds = Object.keys(restaurants);
  const pickLines = (restaurantId: string) => {
    const menu = itemsOf(restaurantId).filter((i) => !i.sold_out);
    const count = random.int(1, 3);
    const lines: OrderLine[] = [];
    for (let k = 0; k < count; k++) {
      const item = random.pick(menu);
      const options: string[] = [];
      for (const g of item.option_groups) {
        if (g.required) options.push(random.next() < 0.6 ? g.default! : random.pick(g.choices).name);
        else if (random.next() < 0.3) options.push(random.pick(g.choices).name);
      }
      if (lines.some((l) => l.item_id === item.item_id)) continue;
      lines.push({ item_id: item.item_id, name: item.name, quantity: random.int(1, 2), options, unit_price_cents: unitPrice(item, options) });
    }
    return lines;
  };

  const makeOrder = (customer: Customer, restaurantId: string, placedAt: string, status: 'past' | 'live'): Order => {
    const restaurant = restaurants[restaurantId];
    const address = customer.addresses[random.int(0, customer.addresses.length - 1)];
    const lines = pickLines(restaurantId);
    const km = distanceKm(restaurant.latitude, restaurant.longitude, address.latitude, address.longitude);
    const accepted = addMinutes(placedAt, random.int(1, 3));
    const preparing = addMinutes(accepted, random.int(1, 2));
    const pickedUp = addMinutes(preparing, restaurant.prep_minutes);
    const delivered = addMinutes(pickedUp, dashMinutes(km));
    const tip = random.pick([0, 200, 300, 400, 500]);
    const price = orderPricing(restaurant, lines, null, tip);
    const order: Order = {
      order_id: `ord_${++orderN}`,
      customer_id: customer.customer_id,
      restaurant_id: restaurantId,
      address_id: address.address_id,
      lines,
      ...price,
      promo_code: null,
      placed_at: placedAt,
      accepted_at: accepted,
      preparing_at: preparing,
      picked_up_at: pickedUp,
      delivered_at: delivered,
      dasher: random.pick(DASHERS),
      cancelled_at: null,
      refund_cents: 0,
      rating: null,
    };
    if (status === 'past') {
      const roll = random.next();
      if (roll < 0.08) {
        order.cancelled_at = addMinutes(placedAt, 1);
        order.refund_cents = order.total_cents;
      } else if (roll < 0.55 && delivered < addMinutes(now, -60)) {
        order.rating = { restaurant_stars: random.int(3, 5), dasher_stars: random.next() < 0.8 ? random.int(4, 5) : null, comment: random.pick(COMMENTS), rated_at: addMinutes(delivered, random.int(20, 600)) };
        if (order.rating.rated_at > now) order.rating.rated_at = addMinutes(delivered, 20);
      }
    }
    orders[order.order_id] = order;
    return order;
  };

  // A month of orders, oldest first (the last few customers are new and have none).
  const past: Array<[string, string, string]> = [];
  for (let c = 1; c <= 34; c++) {
    const count = random.int(1, 6);
    for (let k = 0; k < count; k++) {
      // A time the restaurant was open, one to thirty days back.
      const restaurantId = random.pick(restaurantIds);
      const day = new Date(Date.parse(now) + LOCAL_OFFSET_MIN * 60_000 - random.int(1, 30) * 86_400_000).toISOString().slice(0, 10);
      const hours = restaurants[restaurantId].hours[WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]];
      if (hours === null) continue;
      const open = Number(hours[0].slice(0, 2)) * 60 + Number(hours[0].slice(3));
      const close = Number(hours[1].slice(0, 2)) * 60 + Number(hours[1].slice(3));
      const minute = open + random.int(0, close - open - 45);
      const at = new Date(Date.parse(`${day}T00:00:00Z`) + (minute - LOCAL_OFFSET_MIN) * 60_000).toISOString().replace('.000Z', 'Z');
      past.push([at, `cus_${c}`, restaurantId]);
    }
  }
  past.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : 1));
  for (const [at, customerId, restaurantId] of past) makeOrder(customers[customerId], restaurantId, at, 'past');
  // Orders under way around the reference time: just placed, accepted, preparing, on the way, just delivered.
  const openNow = restaurantIds.filter((id) => restaurants[id].cuisine !== 'breakfast' && restaurants[id].hours.monday !== null && restaurants[id].hours.monday![0] <= '17:00');
  for (const minutesAgo of [1, 2, 4, 6, 9, 14, 20, 26, 33, 41, 55, 70]) {
    makeOrder(customers[`cus_${random.int(1, 34)}`], random.pick(openNow), addMinutes(now, -minutesAgo), 'live');
  }

  // Open carts: one per customer and restaurant at most.
  const carts: Record<string, Cart> = {};
  let cartN = 0;
  let lineN = 0;
  for (let c = 1; c <= 40; c++) {
    if (random.next() < 0.45) continue;
    const cartCount = random.next() < 0.25 ? 2 : 1;
    const used = new Set<string>();
    for (let k = 0; k < cartCount; k++) {
      const restaurantId = random.pick(restaurantIds);
      if (used.has(restaurantId)) continue;
      used.add(restaurantId);
      const lines = pickLines(restaurantId).map((l) => ({ line_id: `line_${++lineN}`, item_id: l.item_id, quantity: l.quantity, options: l.options, unit_price_cents: l.unit_price_cents }));
      carts[`cart_${++cartN}`] = { cart_id: `cart_${cartN}`, customer_id: `cus_${c}`, restaurant_id: restaurantId, lines, promo_code: null, updated_at: addMinutes(now, -random.int(5, 3000)) };
    }
  }

  return { customers, restaurants, items: toBuckets(items), carts, promotions, orders: toBuckets(orders) };
}

export const renderWorld = (seed: number): string => `${JSON.stringify(generateWorld(seed), null, 1)}\n`;

runWorldGenerator(import.meta.url, 'food_delivery', renderWorld);
