import type { ToolContext } from '../kit/Domain.js';
import { closestName } from '../kit/closestName.js';
import { requireOwn } from '../kit/lookups.js';
import type { RetailChainState, RetailItem, RetailReservation, RetailStore, RetailTransfer, StockLevel } from './RetailChainState.js';

/** Lookups the retail_chain tools share; they read the frozen base state and never through Object.prototype. */

type Context = ToolContext<RetailChainState>;

export function requireStore(ctx: Context, storeId: string): RetailStore {
  return requireOwn(ctx.base.stores, storeId, ctx.fail, { noun: 'store', where: 'list_retail_stores lists the stores (st_1 …)', label: (s) => `${s.name}, ${s.city}` });
}

/** An item by SKU (case-insensitive, "nw-1001" finds NW-1001). */
export function requireItem(ctx: Context, sku: string): RetailItem {
  const items = ctx.base.items;
  const upper = sku.toUpperCase();
  if (Object.hasOwn(items, upper)) return items[upper];
  // closestName compares in lower case: match the SKUs so, then name the real one.
  const near = closestName(sku, Object.keys(items).map((id) => id.toLowerCase()))?.toUpperCase();
  const hint = near !== undefined && Object.hasOwn(items, near) ? `; did you mean ${near} (${items[near].name})?` : '';
  return ctx.fail(`item ${sku} not found${hint}; list_retail_store_stock lists a store's items with their SKUs (NW-1001 …)`);
}

/** The stock row of an item at a store (every store has one for every item). */
export function stockOf(state: Readonly<RetailChainState>, storeId: string, sku: string): StockLevel {
  return state.stock[storeId][sku];
}

export function requireTransfer(ctx: Context, transferId: string): RetailTransfer {
  return requireOwn(ctx.base.transfers, transferId, ctx.fail, { noun: 'transfer', where: 'list_retail_transfers lists them (trf_…)', label: (t) => `${t.quantity} × ${t.sku}, ${t.status}` });
}

export function requireReservation(ctx: Context, reservationId: string): RetailReservation {
  return requireOwn(ctx.base.reservations, reservationId, ctx.fail, { noun: 'reservation', where: 'list_retail_reservations lists them (res_…)', label: (r) => `${r.customer_name}, ${r.status}` });
}
