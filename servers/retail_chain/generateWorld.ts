import { runWorldGenerator } from '../kit/fixtures.js';
import { SeededRandom, seedRandomState } from '../kit/seededRandom.js';
import {
  RETAIL_REFERENCE_DATE,
  addDays,
  weekdayOf,
  type DayHours,
  type RetailChainState,
  type RetailItem,
  type RetailReservation,
  type RetailStore,
  type RetailTransfer,
  type StockAdjustment,
  type StockLevel,
  type Weekday,
} from './RetailChainState.js';

/**
 * Builds the retail_chain world from a seed: Northwind Outfitters, an outdoor-goods chain of 8
 * stores with their own hours, 48 catalog items, each store's stock and price (some stores charge
 * more or less than list), 30 days of stock adjustments, transfers between stores (the last few
 * still in transit), and click-and-collect reservations (open ones ahead of the reference date,
 * older ones picked up or cancelled). Invariants hold from the start.
 *
 * `npx tsx servers/retail_chain/generateWorld.ts [seed]` writes fixtures/retail_chain/world.json (seed 42).
 */

const TODAY = RETAIL_REFERENCE_DATE.slice(0, 10);

const STORES: Array<[string, string]> = [
  ['Pearl District', 'Portland'], ['Hawthorne', 'Portland'], ['Capitol Hill', 'Seattle'], ['Ballard', 'Seattle'],
  ['Mission', 'San Francisco'], ['Downtown Boise', 'Boise'], ['Old Town', 'Sacramento'], ['Gateway Mall', 'Eugene'],
];

const ITEMS: Array<[string, string, number]> = [
  ['Trailhead 30L Daypack', 'Packs', 89], ['Summit 55L Backpack', 'Packs', 219], ['Ridge Hip Pack', 'Packs', 39], ['Commuter Roll-Top Bag', 'Packs', 119],
  ['Alpine Down Jacket', 'Jackets', 249], ['Storm Shell Rain Jacket', 'Jackets', 179], ['Fleece Quarter-Zip', 'Jackets', 69], ['Insulated Vest', 'Jackets', 99],
  ['Trail Runner Shoes', 'Footwear', 139], ['Waterproof Hiking Boots', 'Footwear', 189], ['Camp Sandals', 'Footwear', 49], ['Merino Hiking Socks', 'Footwear', 22],
  ['Two-Person Dome Tent', 'Camping', 299], ['Ultralight Solo Tent', 'Camping', 379], ['20°F Sleeping Bag', 'Camping', 199], ['Self-Inflating Sleeping Pad', 'Camping', 89],
  ['Backpacking Stove', 'Camping', 59], ['Titanium Cook Pot', 'Camping', 45], ['Camp Chair', 'Camping', 65], ['LED Headlamp', 'Camping', 35],
  ['Insulated Water Bottle', 'Accessories', 32], ['Water Filter', 'Accessories', 45], ['Trekking Poles', 'Accessories', 119], ['Sun Hoodie', 'Apparel', 55],
  ['Hiking Shorts', 'Apparel', 59], ['Convertible Pants', 'Apparel', 79], ['Merino Base Layer Top', 'Apparel', 85], ['Beanie', 'Apparel', 28],
  ['Climbing Harness', 'Climbing', 69], ['Locking Carabiner', 'Climbing', 14], ['Chalk Bag', 'Climbing', 24], ['Climbing Shoes', 'Climbing', 149],
  ['Bike Helmet', 'Cycling', 89], ['Bike Lights Set', 'Cycling', 49], ['Cycling Gloves', 'Cycling', 29], ['Bike Lock', 'Cycling', 55],
  ['Paddle Board Leash', 'Water', 35], ['Dry Bag 20L', 'Water', 29], ['PFD Life Vest', 'Water', 99], ['Kayak Paddle', 'Water', 159],
  ['Snowshoes', 'Snow', 229], ['Ski Goggles', 'Snow', 119], ['Avalanche Beacon', 'Snow', 349], ['Insulated Gloves', 'Snow', 59],
  ['First Aid Kit', 'Accessories', 39], ['Compass', 'Accessories', 25], ['Bear Canister', 'Camping', 85], ['Hammock', 'Camping', 69],
];

const FIRST = ['Ava', 'Ben', 'Chloe', 'Diego', 'Elena', 'Farid', 'Grace', 'Hiro', 'Isla', 'Jamal', 'Kira', 'Liam', 'Maya', 'Noah', 'Olivia', 'Priya', 'Quinn', 'Rosa', 'Sam', 'Tara', 'Umar', 'Vera', 'Wes', 'Yara', 'Zane'];
const LAST = ['Nguyen', 'Patel', 'Okafor', 'Larsen', 'Moreno', 'Kim', 'Schmidt', 'Alvarez', 'Chen', 'Walsh', 'Haddad', 'Brooks', 'Ito', 'Duarte', 'Fischer'];

function hoursOf(random: SeededRandom): Record<Weekday, DayHours | null> {
  const open = random.pick(['09:00', '10:00']);
  const close = random.pick(['19:00', '20:00', '21:00']);
  const sunday = random.next() < 0.25 ? null : { open: '11:00', close: '18:00' };
  const monday = random.next() < 0.15 ? null : { open, close };
  return { sun: sunday, mon: monday, tue: { open, close }, wed: { open, close }, thu: { open, close }, fri: { open, close: '21:00' }, sat: { open: '10:00', close: '20:00' } };
}

export function generateWorld(seed: number): RetailChainState {
  const random = new SeededRandom(seedRandomState(seed));
  const stores: Record<string, RetailStore> = {};
  STORES.forEach(([name, city], i) => {
    const id = `st_${i + 1}`;
    stores[id] = { store_id: id, name, city, hours: hoursOf(random) };
  });
  // The reference day (a Monday) must see most stores open, and store 1 is always open on it.
  stores.st_1 = { ...stores.st_1, hours: { ...stores.st_1.hours, mon: { open: '09:00', close: '20:00' } } };

  const items: Record<string, RetailItem> = {};
  const stock: Record<string, Record<string, StockLevel>> = {};
  for (const id of Object.keys(stores)) stock[id] = {};
  ITEMS.forEach(([name, category, price], i) => {
    const sku = `NW-${1001 + i}`;
    const priceCents = price * 100;
    items[sku] = { sku, name, category, price_cents: priceCents, cost_cents: Math.round(priceCents * random.int(40, 55) / 100), opening_units: 0 };
    for (const storeId of Object.keys(stores)) {
      const carried = random.next() < 0.8;
      const roll = random.next();
      const storePrice = roll < 0.15 ? Math.min(priceCents * 2, priceCents + random.int(1, 3) * 500) : roll < 0.25 ? Math.max(items[sku].cost_cents, priceCents - random.int(1, 2) * 500) : priceCents;
      stock[storeId][sku] = { on_hand: carried ? random.int(0, 24) : 0, reserved: 0, price_cents: storePrice };
    }
  });
  const skus = Object.keys(items);
  const storeIds = Object.keys(stores);

  const adjustments: Record<string, StockAdjustment> = {};
  for (let n = 1; n <= 90; n++) {
    const storeId = random.pick(storeIds);
    const sku = random.pick(skus);
    const level = stock[storeId][sku];
    const reason = random.pick(['received', 'received', 'returned', 'damaged', 'recount'] as const);
    let delta = reason === 'received' ? random.int(4, 12) : reason === 'returned' ? 1 : -random.int(1, 2);
    if (reason === 'recount' && random.next() < 0.5) delta = -delta;
    if (level.on_hand + delta < 0) continue;
    level.on_hand += delta;
    const id = `adj_${Object.keys(adjustments).length + 1}`;
    adjustments[id] = { adjustment_id: id, store_id: storeId, sku, delta, reason, date: addDays(TODAY, -30 + Math.floor((n * 30) / 91)) };
  }

  const transfers: Record<string, RetailTransfer> = {};
  for (let n = 1; n <= 40; n++) {
    const sku = random.pick(skus);
    const from = random.pick(storeIds);
    let to = random.pick(storeIds);
    if (to === from) to = storeIds[(storeIds.indexOf(from) + 1) % storeIds.length];
    const quantity = random.int(1, 4);
    if (stock[from][sku].on_hand < quantity + 1) continue;
    const id = `trf_${Object.keys(transfers).length + 1}`;
    const shipped = addDays(TODAY, -28 + Math.floor((n * 28) / 41));
    const inTransit = shipped >= addDays(TODAY, -6);
    stock[from][sku].on_hand -= quantity;
    if (!inTransit) stock[to][sku].on_hand += quantity;
    transfers[id] = { transfer_id: id, sku, quantity, from_store_id: from, to_store_id: to, status: inTransit ? 'in_transit' : 'received', shipped_on: shipped, received_on: inTransit ? null : addDays(shipped, 2) };
  }

  const reservations: Record<string, RetailReservation> = {};
  const pickedUp: Record<string, number> = {};
  for (let n = 1; n <= 70; n++) {
    const storeId = random.pick(storeIds);
    const sku = random.pick(skus);
    const level = stock[storeId][sku];
    const quantity = random.next() < 0.8 ? 1 : 2;
    const first = random.pick(FIRST);
    const last = random.pick(LAST);
    const created = addDays(TODAY, -20 + Math.floor((n * 21) / 71));
    let pickup = addDays(created, random.int(0, 4));
    if (pickup < TODAY && created >= addDays(TODAY, -2)) pickup = TODAY;
    while (stores[storeId].hours[weekdayOf(pickup)] === null) pickup = addDays(pickup, 1);
    const open = pickup >= TODAY;
    const status = open ? 'reserved' : random.next() < 0.8 ? 'picked_up' : 'cancelled';
    if (level.on_hand - level.reserved < quantity) continue;
    if (status === 'reserved') level.reserved += quantity;
    if (status === 'picked_up') {
      level.on_hand -= quantity;
      pickedUp[sku] = (pickedUp[sku] ?? 0) + quantity;
    }
    const id = `res_${Object.keys(reservations).length + 1}`;
    reservations[id] = {
      reservation_id: id, store_id: storeId, sku, quantity,
      customer_name: `${first} ${last}`, customer_email: `${first}.${last}@example.com`.toLowerCase(),
      pickup_date: pickup, status, created_on: created, closed_on: status === 'reserved' ? null : pickup,
    };
  }

  // Opening units: what the chain holds now, less what was adjusted in, plus what left at pickups.
  for (const sku of skus) {
    let units = 0;
    for (const storeId of storeIds) units += stock[storeId][sku].on_hand;
    for (const t of Object.values(transfers)) if (t.sku === sku && t.status === 'in_transit') units += t.quantity;
    for (const a of Object.values(adjustments)) if (a.sku === sku) units -= a.delta;
    items[sku].opening_units = units + (pickedUp[sku] ?? 0);
  }
  return { stores, items, stock, transfers, reservations, adjustments };
}

export function renderWorld(seed: number): string {
  return `${JSON.stringify(generateWorld(seed), null, 1)}\n`;
}

runWorldGenerator(import.meta.url, 'retail_chain', renderWorld);
