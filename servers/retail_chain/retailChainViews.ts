import { boolean, integer, listOf, money, nullableText, objectOf, oneOf, text } from '../kit/schemas.js';
import { RESERVATION_STATUSES, TRANSFER_STATUSES, fromCents, type RetailChainState, type RetailReservation, type RetailTransfer, type StockLevel } from './RetailChainState.js';

/** What the retail_chain tools return, each shape's schema next to the function that builds it. */

export const stockSchema = objectOf({
  store_id: text('Store id, e.g. st_3.'),
  store_name: text('Store name.'),
  sku: text('Item SKU, e.g. NW-1001.'),
  name: text('Item name.'),
  price: money('This store\'s price, USD.'),
  on_hand: integer('Units in the store (reserved ones included).'),
  reserved: integer('Units held for click-and-collect pickups.'),
  available: integer('Units that can be sold, reserved or transferred: on hand minus reserved.'),
  incoming: integer('Units in transit to this store.'),
});

/**
 * A store's stock row of an item. Handlers that changed only the row pass the base state and the
 * row as they wrote it: the transfers are then scanned on frozen state, not through the draft
 * (which would make a draft of every transfer).
 */
export function stockView(state: Readonly<RetailChainState>, storeId: string, sku: string, level: Readonly<StockLevel> = state.stock[storeId][sku]): Record<string, unknown> {
  let incoming = 0;
  for (const t of Object.values(state.transfers)) if (t.status === 'in_transit' && t.to_store_id === storeId && t.sku === sku) incoming += t.quantity;
  return {
    store_id: storeId, store_name: state.stores[storeId].name, sku, name: state.items[sku].name, price: fromCents(level.price_cents),
    on_hand: level.on_hand, reserved: level.reserved, available: level.on_hand - level.reserved, incoming,
  };
}

export const transferSchema = objectOf({
  transfer_id: text('Transfer id, e.g. trf_12.'),
  sku: text('Item SKU.'),
  name: text('Item name.'),
  quantity: integer('Units shipped.'),
  from_store_id: text('Store that shipped it.'),
  to_store_id: text('Store receiving it.'),
  status: oneOf(TRANSFER_STATUSES, 'in_transit (left the origin, not yet counted at the destination) or received.'),
  shipped_on: text('Day shipped (YYYY-MM-DD).'),
  received_on: nullableText('Day received, null while in transit.'),
});

export function transferView(state: Readonly<RetailChainState>, t: RetailTransfer): Record<string, unknown> {
  return { transfer_id: t.transfer_id, sku: t.sku, name: state.items[t.sku].name, quantity: t.quantity, from_store_id: t.from_store_id, to_store_id: t.to_store_id, status: t.status, shipped_on: t.shipped_on, received_on: t.received_on };
}

export const reservationSchema = objectOf({
  reservation_id: text('Reservation id, e.g. res_40.'),
  store_id: text('Pickup store.'),
  store_name: text('Pickup store name.'),
  sku: text('Item SKU.'),
  name: text('Item name.'),
  quantity: integer('Units held.'),
  customer_name: text('Who collects it.'),
  customer_email: text('Their email.'),
  pickup_date: text('Day of pickup (YYYY-MM-DD).'),
  status: oneOf(RESERVATION_STATUSES, 'reserved (held at the store), picked_up or cancelled.'),
  price: money('Price per unit at that store, USD.'),
  overdue: boolean('Still reserved after its pickup day.'),
});

export function reservationView(state: Readonly<RetailChainState>, r: RetailReservation, today: string): Record<string, unknown> {
  return {
    reservation_id: r.reservation_id, store_id: r.store_id, store_name: state.stores[r.store_id].name, sku: r.sku, name: state.items[r.sku].name, quantity: r.quantity,
    customer_name: r.customer_name, customer_email: r.customer_email, pickup_date: r.pickup_date, status: r.status,
    price: fromCents(state.stock[r.store_id][r.sku].price_cents), overdue: r.status === 'reserved' && r.pickup_date < today,
  };
}

export const countOf = (description: string) => integer(description);
export const listSchema = (key: string, items: Record<string, unknown>, description: string) => objectOf({ [key]: listOf(items, description), count: integer('How many are listed.') });
