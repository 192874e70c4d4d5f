import type { DomainScenario, ScenarioFacts, SessionRandom } from '../kit/Domain.js';
import { addDays } from '../kit/days.js';
import type { RetailChainState, RetailItem, RetailStore } from './RetailChainState.js';

/**
 * Goals of someone working at one Northwind Outfitters store, played as conversations. They know
 * items by name, other stores by neighbourhood or city, customers by name and email, counts and
 * prices; the assistant finds SKUs, store ids, transfer and reservation ids.
 */

type Row = Record<string, any>;

const TODAY = '2026-03-16';
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const DAY_NAMES: Record<string, string> = { sun: 'Sunday', mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday' };
const weekdayOf = (day: string): (typeof WEEKDAYS)[number] => WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()];

const AT_STORE = ['The user works at the {store_name} store in {city} (store id {store_id}) of Northwind Outfitters.'];

const byNumber = (a: string, b: string): number => Number(a.slice(a.indexOf('_') + 1)) - Number(b.slice(b.indexOf('_') + 1));

/** A store (tried from a random start) for which `pick` finds what the goal needs. */
function castStore(state: RetailChainState, random: SessionRandom, pick: (store: RetailStore) => ScenarioFacts | undefined): ScenarioFacts | undefined {
  const ids = Object.keys(state.stores).sort(byNumber);
  const start = random.int(0, ids.length - 1);
  for (let k = 0; k < ids.length; k++) {
    const store = state.stores[ids[(start + k) % ids.length]];
    const facts = pick(store);
    if (facts !== undefined) return { store_id: store.store_id, store_name: store.name, city: store.city, ...facts };
  }
  return undefined;
}

/** Items sorted by SKU; `available` at a store. */
const itemsOf = (state: RetailChainState): RetailItem[] => Object.values(state.items).sort((a, b) => (a.sku < b.sku ? -1 : 1));
const available = (state: RetailChainState, storeId: string, sku: string): number => {
  const level = state.stock[storeId]?.[sku];
  return level === undefined ? 0 : level.on_hand - level.reserved;
};

/** The stock step: the item's SKU at the user's store, found by its name. */
const findItem = {
  tool: 'list_retail_store_stock',
  args: (f: ScenarioFacts) => ({ store_id: f.store_id, query: f.item }),
  learn: (r: { items: Row[] }, f: ScenarioFacts) => { const i = r.items.find((x) => x.name === f.item); return i && { sku: i.sku, here: i.available, price_now: i.price }; },
};

const FIRST = ['Maya', 'Jonas', 'Priya', 'Leo', 'Nadia', 'Omar', 'Sofie', 'Eli', 'Hana', 'Marco'];
const LAST = ['Brooks', 'Lindgren', 'Sato', 'Alvarez', 'Kowalski', 'Nguyen', 'Fischer', 'Reyes', 'Osei', 'Moreau'];

export const retailChainScenarios: DomainScenario<RetailChainState>[] = [
  {
    name: 'reserve_for_pickup',
    goal: 'Hold an item for a customer who calls, at the user\'s store, on a pickup day the customer names.',
    context: AT_STORE,
    weight: 3,
    cast(state, random) {
      return castStore(state, random, (store) => {
        const items = itemsOf(state).filter((i) => available(state, store.store_id, i.sku) >= 3);
        const days: string[] = [];
        let closed: string | undefined;
        for (let d = 0; d <= 7; d++) {
          const day = addDays(TODAY, d);
          if (store.hours[weekdayOf(day)] !== null) days.push(day);
          else closed ??= day;
        }
        if (items.length === 0 || days.length === 0) return undefined;
        const item = random.pick(items);
        const day = random.pick(days);
        const first = random.pick(FIRST);
        const last = random.pick(LAST);
        return {
          item: item.name, qty: random.int(1, 2), customer: `${first} ${last}`, email: `${first}.${last}@example.com`.toLowerCase(),
          day, day_said: day, closed, closed_name: closed === undefined ? undefined : DAY_NAMES[weekdayOf(closed)],
        };
      });
    },
    turns: [
      {
        say: [
          '{customer} ({email}) wants to pick up {qty} {item} here on {day_said}. Can you hold it?',
          'Please reserve {qty} × {item} for {customer}, email {email}, for pickup at our store on {day_said}.',
        ],
        steps: [
          findItem,
          {
            tool: 'create_retail_reservation',
            args: (f) => ({ store_id: f.store_id, sku: f.sku, quantity: f.qty, customer_name: f.customer, customer_email: f.email, pickup_date: f.day }),
            learn: (r: { reservation: Row }) => ({ reservation_id: r.reservation.reservation_id }),
            fault: {
              kind: 'state_refusal',
              tool: 'create_retail_reservation',
              said: (f) => ({ day_said: f.closed }),
              args: (f) => (f.closed === undefined ? undefined : { store_id: f.store_id, sku: f.sku, quantity: f.qty, customer_name: f.customer, customer_email: f.email, pickup_date: f.closed }),
              recovery: 'ask_user',
              ask: ['We are closed that day. Which other day should the pickup be?', 'The store is closed on that day; when else can they come?'],
              reply: ['Then {day}.', 'They can come on {day} instead.'],
            },
          },
        ],
      },
      {
        say: ['What reservations does {customer} have with us now?', 'Can you show me {customer}\'s reservations to confirm?'],
        steps: [{ tool: 'list_retail_reservations', args: (f) => ({ customer: f.customer }) }],
      },
    ],
  },
  {
    name: 'bring_stock_from_another_store',
    goal: 'Find which store has the most of an item that runs low here and transfer some over.',
    context: AT_STORE,
    weight: 3,
    cast(state, random) {
      return castStore(state, random, (store) => {
        const items = itemsOf(state).filter((i) => Object.keys(state.stores).some((s) => s !== store.store_id && available(state, s, i.sku) >= 8));
        if (items.length === 0) return undefined;
        const item = random.pick(items);
        return { item: item.name, qty: random.int(2, 5) };
      });
    },
    turns: [
      {
        say: ['We are running low on {item}. Which store has the most of it?', 'Who in the chain has {item} in stock? We need more here.'],
        steps: [
          findItem,
          {
            tool: 'get_retail_item_availability',
            args: (f) => ({ sku: f.sku }),
            learn: (r: { stores: Row[] }, f) => {
              const best = r.stores.filter((s) => s.store_id !== f.store_id).sort((a, b) => b.available - a.available || (a.store_id < b.store_id ? -1 : 1))[0];
              return best && best.available >= (f.qty as number) ? { from_id: best.store_id, from_name: best.store_name ?? best.name } : undefined;
            },
          },
        ],
      },
      {
        say: ['Have them send us {qty}.', 'Please transfer {qty} from that store to ours.'],
        steps: [
          {
            tool: 'create_retail_transfer',
            args: (f) => ({ from_store_id: f.from_id, to_store_id: f.store_id, sku: f.sku, quantity: f.qty }),
            fault: { kind: 'missing_argument', tool: 'create_retail_transfer', args: (f) => ({ from_store_id: f.from_id, to_store_id: f.store_id, sku: f.sku }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['What transfers are on their way to us now?', 'List what is in transit to our store.'],
        steps: [{ tool: 'list_retail_transfers', args: (f) => ({ store_id: f.store_id, status: 'in_transit' }) }],
      },
    ],
  },
  {
    name: 'check_in_a_delivery',
    goal: 'Receive an in-transit transfer the user describes by item and origin store.',
    context: AT_STORE,
    weight: 2,
    cast(state, random) {
      const moving = Object.values(state.transfers).filter((t) => t.status === 'in_transit');
      return castStore(state, random, (store) => {
        const mine = moving.filter((t) => t.to_store_id === store.store_id);
        if (mine.length === 0) return undefined;
        const transfer = random.pick(mine);
        if (mine.filter((t) => t.sku === transfer.sku && t.from_store_id === transfer.from_store_id).length > 1) return undefined;
        return { item: state.items[transfer.sku].name, from_name: state.stores[transfer.from_store_id].name, qty: transfer.quantity };
      });
    },
    turns: [
      {
        say: ['The box of {item} from {from_name} just arrived. Check it in, please.', 'We got the {qty} {item} that {from_name} sent; receive the transfer.'],
        steps: [
          {
            tool: 'list_retail_transfers',
            args: (f) => ({ store_id: f.store_id, status: 'in_transit' }),
            learn: (r: { transfers: Row[] }, f) => { const t = r.transfers.find((x) => x.name === f.item && x.to_store_id === f.store_id); return t && { transfer_id: t.transfer_id }; },
          },
          { tool: 'receive_retail_transfer', args: (f) => ({ transfer_id: f.transfer_id }) },
        ],
      },
      {
        say: ['How many {item} do we have now?', 'What is our stock of {item} after that?'],
        steps: [findItem],
      },
    ],
  },
  {
    name: 'customer_at_the_counter',
    goal: 'A customer comes to collect a reservation (or calls to cancel it): find it by their name and close it.',
    context: AT_STORE,
    weight: 3,
    cast(state, random) {
      const open = Object.values(state.reservations).filter((r) => r.status === 'reserved');
      return castStore(state, random, (store) => {
        const here = open.filter((r) => r.store_id === store.store_id);
        if (here.length === 0) return undefined;
        const reservation = random.pick(here);
        if (here.filter((r) => r.customer_name === reservation.customer_name).length > 1) return undefined;
        const pickup = reservation.pickup_date <= TODAY && random.next() < 0.7;
        return { customer: reservation.customer_name, item: state.items[reservation.sku].name, pickup };
      });
    },
    turns: [
      {
        say: ['{customer} is here to collect the {item} they reserved.', 'I have {customer} at the counter for a click-and-collect order.'],
        when: (f) => f.pickup === true,
        steps: [
          {
            tool: 'list_retail_reservations',
            args: (f) => ({ store_id: f.store_id, customer: f.customer, status: 'reserved' }),
            learn: (r: { reservations: Row[] }, f) => { const x = r.reservations.find((y) => y.customer_name === f.customer); return x && { reservation_id: x.reservation_id }; },
          },
          { tool: 'resolve_retail_reservation', args: (f) => ({ reservation_id: f.reservation_id, outcome: 'picked_up' }) },
        ],
      },
      {
        say: ['{customer} called: they no longer need the {item}. Cancel their reservation.', 'Please cancel the reservation of {customer}; they changed their mind.'],
        when: (f) => f.pickup !== true,
        steps: [
          {
            tool: 'list_retail_reservations',
            args: (f) => ({ store_id: f.store_id, customer: f.customer, status: 'reserved' }),
            learn: (r: { reservations: Row[] }, f) => { const x = r.reservations.find((y) => y.customer_name === f.customer); return x && { reservation_id: x.reservation_id }; },
          },
          { tool: 'resolve_retail_reservation', args: (f) => ({ reservation_id: f.reservation_id, outcome: 'cancelled' }) },
        ],
      },
      {
        say: ['Which pickups are still waiting here?', 'What other click-and-collect orders do we still have open at this store?'],
        steps: [{ tool: 'list_retail_reservations', args: (f) => ({ store_id: f.store_id, status: 'reserved' }) }],
      },
    ],
  },
  {
    name: 'mark_down_an_item',
    goal: 'Change the store\'s price of an item the user names, within what the chain allows.',
    context: AT_STORE,
    weight: 2,
    cast(state, random) {
      return castStore(state, random, (store) => {
        const items = itemsOf(state).filter((i) => state.stock[store.store_id]?.[i.sku] !== undefined);
        if (items.length === 0) return undefined;
        const item = random.pick(items);
        const current = state.stock[store.store_id][item.sku].price_cents;
        const low = Math.ceil(item.cost_cents * 1.1);
        if (current <= low + 100) return undefined;
        const price = Math.floor(random.int(low, current - 100) / 100);
        if (price * 100 < item.cost_cents || price * 100 === current) return undefined;
        return { item: item.name, price, price_said: price, too_low: Math.max(1, Math.floor(item.cost_cents / 200)) };
      });
    },
    turns: [
      {
        say: ['Mark the {item} down to {price_said} at our store.', 'Set our price for the {item} to {price_said}, please.'],
        steps: [
          findItem,
          {
            tool: 'set_retail_store_price',
            args: (f) => ({ store_id: f.store_id, sku: f.sku, price: f.price }),
            fault: {
              kind: 'out_of_range',
              tool: 'set_retail_store_price',
              said: (f) => ({ price_said: f.too_low }),
              args: (f) => ({ store_id: f.store_id, sku: f.sku, price: f.too_low }),
              recovery: 'ask_user',
              ask: ['That is below what the item costs us. Which price should I set?', 'The chain does not allow a price under cost; what price instead?'],
              reply: ['OK, {price} then.', 'Make it {price}.'],
            },
          },
        ],
      },
      {
        say: ['Which stores in {city} are open right now?', 'Are our {city} stores open at the moment?'],
        steps: [{ tool: 'list_retail_stores', args: (f) => ({ city: f.city }) }],
      },
    ],
  },
  {
    name: 'count_correction',
    goal: 'Record damaged units or a recount of an item found in the back room.',
    context: AT_STORE,
    weight: 2,
    cast(state, random) {
      return castStore(state, random, (store) => {
        const items = itemsOf(state).filter((i) => available(state, store.store_id, i.sku) >= 3);
        if (items.length === 0) return undefined;
        const item = random.pick(items);
        const damaged = random.next() < 0.5;
        return { item: item.name, n: random.int(1, 2), damaged };
      });
    },
    turns: [
      {
        say: ['{n} of our {item} came back damaged; take them out of stock.', 'Write off {n} {item}, they are broken.'],
        when: (f) => f.damaged === true,
        steps: [
          findItem,
          {
            tool: 'adjust_retail_stock',
            args: (f) => ({ store_id: f.store_id, sku: f.sku, quantity: -(f.n as number), reason: 'damaged' }),
            fault: { kind: 'missing_argument', tool: 'adjust_retail_stock', args: (f) => ({ store_id: f.store_id, sku: f.sku, quantity: -(f.n as number) }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['We found {n} more {item} in the back room during the count. Add them.', 'Recount: there are {n} extra {item} on the shelf; update the stock.'],
        when: (f) => f.damaged !== true,
        steps: [findItem, { tool: 'adjust_retail_stock', args: (f) => ({ store_id: f.store_id, sku: f.sku, quantity: f.n, reason: 'recount' }) }],
      },
      {
        say: ['And how many {item} does the whole chain have now?', 'Which other stores still have {item}, and how many?'],
        steps: [{ tool: 'get_retail_item_availability', args: (f) => ({ sku: f.sku }) }],
      },
    ],
  },
];
