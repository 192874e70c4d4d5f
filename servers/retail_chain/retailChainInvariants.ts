import type { DomainInvariant } from '../kit/Domain.js';
import type { RetailChainState } from './RetailChainState.js';

/** Properties every reachable retail_chain state keeps. */
export const retailChainInvariants: DomainInvariant<RetailChainState>[] = [
  {
    name: 'every store counts 0 ≤ reserved ≤ on hand, and reserved equals its open reservations',
    check(state) {
      const held: Record<string, number> = {};
      for (const r of Object.values(state.reservations)) if (r.status === 'reserved') held[`${r.store_id}/${r.sku}`] = (held[`${r.store_id}/${r.sku}`] ?? 0) + r.quantity;
      for (const storeId of Object.keys(state.stock)) {
        for (const [sku, level] of Object.entries(state.stock[storeId])) {
          if (!Number.isInteger(level.on_hand) || level.reserved < 0 || level.reserved > level.on_hand) return `${storeId} ${sku}: on_hand ${level.on_hand}, reserved ${level.reserved}`;
          const open = held[`${storeId}/${sku}`] ?? 0;
          if (open !== level.reserved) return `${storeId} ${sku}: reserved ${level.reserved} but open reservations hold ${open}`;
        }
      }
      return undefined;
    },
  },
  {
    name: 'units are conserved: on hand + in transit = opening units + adjustments − picked up',
    check(state) {
      for (const item of Object.values(state.items)) {
        let units = 0;
        for (const storeId of Object.keys(state.stock)) units += state.stock[storeId][item.sku].on_hand;
        for (const t of Object.values(state.transfers)) if (t.sku === item.sku && t.status === 'in_transit') units += t.quantity;
        let expected = item.opening_units;
        for (const a of Object.values(state.adjustments)) if (a.sku === item.sku) expected += a.delta;
        for (const r of Object.values(state.reservations)) if (r.sku === item.sku && r.status === 'picked_up') expected -= r.quantity;
        if (units !== expected) return `${item.sku}: ${units} units on hand and in transit, expected ${expected}`;
      }
      return undefined;
    },
  },
  {
    name: 'every store price lies between unit cost and twice the list price; transfers join two different stores',
    check(state) {
      for (const storeId of Object.keys(state.stock)) {
        for (const [sku, level] of Object.entries(state.stock[storeId])) {
          const item = state.items[sku];
          if (level.price_cents < item.cost_cents || level.price_cents > item.price_cents * 2) return `${storeId} ${sku}: price ${level.price_cents} outside [${item.cost_cents}, ${item.price_cents * 2}]`;
        }
      }
      for (const t of Object.values(state.transfers)) if (t.from_store_id === t.to_store_id || (t.status === 'received') !== (t.received_on !== null)) return `${t.transfer_id} is inconsistent`;
      return undefined;
    },
  },
];
