import type { DomainSampler } from '../kit/Domain.js';
import { RETAIL_REFERENCE_DATE, addDays, fromCents, weekdayOf, type RetailChainState } from './RetailChainState.js';

/**
 * Read-only discovery for retail_chain conversations. Collections carry the names of the list
 * tools' results (stores, items, transfers, reservations). An item record is one item at one store
 * with units to spare, and carries what the write tools need to succeed: another store to ship to,
 * a new price within the allowed range, an open pickup day, and a customer to collect it.
 */

const TODAY = RETAIL_REFERENCE_DATE.slice(0, 10);
const CUSTOMERS: Array<[string, string]> = [['Dana Whitfield', 'dana.whitfield@example.com'], ['Marco Reyes', 'marco.reyes@example.com'], ['Lena Hoffmann', 'lena.hoffmann@example.com'], ['Tomás Ortega', 'tomas.ortega@example.com'], ['Aisha Bello', 'aisha.bello@example.com']];

export const retailChainSamplers: DomainSampler<RetailChainState>[] = [
  {
    collection: 'stores',
    description: 'The chain\'s stores, by name and city.',
    sample: (state) => Object.values(state.stores).map((s) => ({ store_id: s.store_id, name: `the ${s.name} store`, city: s.city })),
  },
  {
    collection: 'items',
    description: 'Items with at least 3 units available at a store, with another store to ship to, a new price in range, a pickup day the store is open, and a customer.',
    sample(state) {
      const out: Array<Record<string, unknown>> = [];
      const storeIds = Object.keys(state.stores);
      let n = 0;
      for (const [i, storeId] of storeIds.entries()) {
        const store = state.stores[storeId];
        let pickup = addDays(TODAY, 1);
        while (store.hours[weekdayOf(pickup)] === null) pickup = addDays(pickup, 1);
        for (const [sku, level] of Object.entries(state.stock[storeId])) {
          if (level.on_hand - level.reserved < 3) continue;
          const item = state.items[sku];
          const price = Math.max(item.cost_cents, Math.round((level.price_cents * 0.9) / 100) * 100);
          const [customerName, customerEmail] = CUSTOMERS[n++ % CUSTOMERS.length];
          out.push({
            sku, name: `${item.name} at ${store.name}`, category: item.category, store_id: storeId, to_store_id: storeIds[(i + 1 + (n % (storeIds.length - 1))) % storeIds.length],
            available: level.on_hand - level.reserved, quantity: 2, reason: 'received', price: fromCents(price === level.price_cents ? price + 100 : price),
            pickup_date: pickup, customer_name: customerName, customer_email: customerEmail,
          });
        }
      }
      return out;
    },
  },
  {
    collection: 'transfers',
    description: 'Transfers still in transit, labelled by item and route.',
    sample: (state) =>
      Object.values(state.transfers)
        .filter((t) => t.status === 'in_transit')
        .map((t) => ({ transfer_id: t.transfer_id, summary: `the ${t.quantity} ${state.items[t.sku].name} shipped from ${state.stores[t.from_store_id].name} to ${state.stores[t.to_store_id].name} on ${t.shipped_on}`, to_store_id: t.to_store_id })),
  },
  {
    collection: 'reservations',
    description: 'Open click-and-collect reservations, labelled by customer, item and store; picked up when due today or before, else cancelled.',
    sample: (state) =>
      Object.values(state.reservations)
        .filter((r) => r.status === 'reserved')
        .map((r) => ({
          reservation_id: r.reservation_id,
          customer_name: `${r.customer_name}'s pickup of ${state.items[r.sku].name} at ${state.stores[r.store_id].name}`,
          outcome: r.pickup_date <= TODAY ? 'picked_up' : 'cancelled',
          store_id: r.store_id,
        })),
  },
];
