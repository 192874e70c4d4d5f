import { defineTool } from '../kit/Domain.js';
import { day, idText, inputOf, integer, listOf, objectOf, oneOf, text } from '../kit/schemas.js';
import {
  ADJUSTMENT_REASONS,
  RESERVATION_STATUSES,
  TRANSFER_STATUSES,
  addDays,
  weekdayOf,
  type AdjustmentReason,
  type RetailChainState,
  type RetailReservation,
  type RetailTransfer,
  type StockAdjustment,
  type StockLevel,
} from './RetailChainState.js';
import { requireItem, requireReservation, requireStore, requireTransfer } from './retailChainLookups.js';
import { reservationSchema, reservationView, stockSchema, stockView, transferSchema, transferView } from './retailChainViews.js';
import { skuArg, storeIdArg } from './storeTools.js';

/** Stock movements: adjustments, transfers between stores (in transit, then received), click-and-collect reservations. */

const quantityArg = (description: string) => integer(description, { minimum: 1, maximum: 500 });

export const adjustRetailStock = defineTool<RetailChainState, { store_id: string; sku: string; quantity: number; reason: AdjustmentReason }>({
  name: 'adjust_retail_stock',
  description:
    'Change a store\'s count of an item: received (a delivery, positive), returned (a customer return, positive), damaged (written off, negative) ' +
    'or recount (either sign). quantity is signed. Refused when it would leave fewer units on hand than are reserved for pickups. Returns the stock row.',
  input: inputOf(
    { store_id: storeIdArg, sku: skuArg, quantity: integer('Units added (positive) or removed (negative), not 0.', { minimum: -500, maximum: 500 }), reason: oneOf(ADJUSTMENT_REASONS, 'Why the count changes.') },
    ['store_id', 'sku', 'quantity', 'reason'],
  ),
  output: objectOf({ item: stockSchema, adjustment_id: text('Id of the recorded adjustment, e.g. adj_91.') }),
  annotations: { title: 'Adjust stock', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const store = requireStore(ctx, args.store_id);
    const item = requireItem(ctx, args.sku);
    const delta = args.quantity;
    if (delta === 0) ctx.fail('quantity is 0; give the number of units added (positive) or removed (negative)');
    if ((args.reason === 'received' || args.reason === 'returned') && delta < 0) ctx.fail(`a ${args.reason} adjustment adds units; give a positive quantity, or use damaged or recount to remove them`);
    if (args.reason === 'damaged' && delta > 0) ctx.fail('a damaged adjustment removes units; give a negative quantity, e.g. -2');
    const level = ctx.base.stock[store.store_id][item.sku];
    if (level.on_hand + delta < level.reserved) {
      ctx.fail(`${store.name} has ${level.on_hand} ${item.name} on hand, ${level.reserved} reserved for pickup; it can remove at most ${level.on_hand - level.reserved} (cancel a reservation with resolve_retail_reservation first)`);
    }
    const adjustment: StockAdjustment = { adjustment_id: ctx.nextId('adj'), store_id: store.store_id, sku: item.sku, delta, reason: args.reason, date: ctx.today };
    const row = ctx.edit<StockLevel>('stock', store.store_id, item.sku);
    row.on_hand = level.on_hand + delta;
    ctx.edit<Record<string, StockAdjustment>>('adjustments')[adjustment.adjustment_id] = adjustment;
    return { item: stockView(ctx.base, store.store_id, item.sku, row), adjustment_id: adjustment.adjustment_id };
  },
});

export const listRetailTransfers = defineTool<RetailChainState, { store_id?: string; status?: string }>({
  name: 'list_retail_transfers',
  description: 'List stock transfers between stores, newest first: what was shipped, from where to where, and whether it is still in transit. Filter by a store (either end) and status.',
  input: inputOf({ store_id: idText('Only transfers from or to this store, e.g. st_2.'), status: oneOf(TRANSFER_STATUSES, 'Only in_transit or received ones.') }),
  output: objectOf({ transfers: listOf(transferSchema, 'Transfers, newest first.'), count: integer('How many are listed.') }),
  annotations: { title: 'List transfers', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    if (args.store_id !== undefined) requireStore(ctx, args.store_id);
    const transfers = Object.values(ctx.base.transfers)
      .filter((t) => (args.store_id === undefined || t.from_store_id === args.store_id || t.to_store_id === args.store_id) && (args.status === undefined || t.status === args.status))
      .reverse()
      .map((t) => transferView(ctx.base, t));
    return { transfers, count: transfers.length };
  },
});

export const createRetailTransfer = defineTool<RetailChainState, { from_store_id: string; to_store_id: string; sku: string; quantity: number }>({
  name: 'create_retail_transfer',
  description:
    'Ship units of an item from one store to another. They leave the origin\'s count now and are in transit until receive_retail_transfer counts them at the ' +
    'destination. Only available units (on hand minus reserved) can be shipped. Returns the transfer.',
  input: inputOf({ from_store_id: idText('Store shipping the units, e.g. st_1.'), to_store_id: idText('Store receiving them, e.g. st_4.'), sku: skuArg, quantity: quantityArg('Units to ship.') }, ['from_store_id', 'to_store_id', 'sku', 'quantity']),
  output: objectOf({ transfer: transferSchema }),
  annotations: { title: 'Transfer stock', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const from = requireStore(ctx, args.from_store_id);
    const to = requireStore(ctx, args.to_store_id);
    const item = requireItem(ctx, args.sku);
    if (from.store_id === to.store_id) ctx.fail(`a transfer needs two different stores; both are ${from.name} (${from.store_id})`);
    const level = ctx.base.stock[from.store_id][item.sku];
    const available = level.on_hand - level.reserved;
    if (args.quantity > available) {
      ctx.fail(`${from.name} has only ${available} ${item.name} available (${level.on_hand} on hand, ${level.reserved} reserved); get_retail_item_availability shows which stores have more`);
    }
    const transfer: RetailTransfer = { transfer_id: ctx.nextId('trf'), sku: item.sku, quantity: args.quantity, from_store_id: from.store_id, to_store_id: to.store_id, status: 'in_transit', shipped_on: ctx.today, received_on: null };
    ctx.edit<StockLevel>('stock', from.store_id, item.sku).on_hand = level.on_hand - args.quantity;
    ctx.edit<Record<string, RetailTransfer>>('transfers')[transfer.transfer_id] = transfer;
    return { transfer: transferView(ctx.base, transfer) };
  },
});

export const receiveRetailTransfer = defineTool<RetailChainState, { transfer_id: string }>({
  name: 'receive_retail_transfer',
  description: 'Count an in-transit transfer in at its destination store: its units join that store\'s stock. Returns the transfer and the destination\'s stock row.',
  input: inputOf({ transfer_id: idText('The transfer, e.g. trf_31 (list_retail_transfers with status in_transit gives them).') }, ['transfer_id']),
  output: objectOf({ transfer: transferSchema, item: stockSchema }),
  annotations: { title: 'Receive transfer', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const transfer = requireTransfer(ctx, args.transfer_id);
    if (transfer.status !== 'in_transit') ctx.fail(`transfer ${transfer.transfer_id} was already received on ${transfer.received_on}; only in_transit transfers can be received`);
    const level = ctx.base.stock[transfer.to_store_id][transfer.sku];
    const received: RetailTransfer = { ...transfer, status: 'received', received_on: ctx.today };
    ctx.edit<StockLevel>('stock', transfer.to_store_id, transfer.sku).on_hand = level.on_hand + transfer.quantity;
    ctx.edit<Record<string, RetailTransfer>>('transfers')[transfer.transfer_id] = received;
    return { transfer: transferView(ctx.base, received), item: stockView(ctx.state as RetailChainState, transfer.to_store_id, transfer.sku) };
  },
});

export const listRetailReservations = defineTool<RetailChainState, { store_id?: string; customer?: string; status?: string }>({
  name: 'list_retail_reservations',
  description: 'List click-and-collect reservations, newest first: who collects what, at which store, on which day, and their status. Filter by store, by a customer\'s name or email, and by status.',
  input: inputOf({ store_id: idText('Only reservations at this store, e.g. st_2.'), customer: text('Part of the customer\'s name or email.', { minLength: 1, maxLength: 80 }), status: oneOf(RESERVATION_STATUSES, 'Only this status.') }),
  output: objectOf({ reservations: listOf(reservationSchema, 'Reservations, newest first.'), count: integer('How many are listed.') }),
  annotations: { title: 'List reservations', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    if (args.store_id !== undefined) requireStore(ctx, args.store_id);
    const who = args.customer?.trim().toLowerCase();
    const reservations = Object.values(ctx.base.reservations)
      .filter((r) => (args.store_id === undefined || r.store_id === args.store_id) && (args.status === undefined || r.status === args.status))
      .filter((r) => who === undefined || r.customer_name.toLowerCase().includes(who) || r.customer_email.includes(who))
      .reverse()
      .map((r) => reservationView(ctx.base, r, ctx.today));
    return { reservations, count: reservations.length };
  },
});

export const createRetailReservation = defineTool<
  RetailChainState,
  { store_id: string; sku: string; quantity?: number; customer_name: string; customer_email: string; pickup_date: string }
>({
  name: 'create_retail_reservation',
  description:
    'Hold units of an item at a chosen store for a customer to collect (click and collect). The store must have them available and be open on the pickup ' +
    'day, today or within the next 7 days. Returns the reservation; the units count as reserved until picked up or cancelled.',
  input: inputOf(
    {
      store_id: storeIdArg,
      sku: skuArg,
      quantity: { type: 'integer', minimum: 1, maximum: 10, default: 1, description: 'Units to hold (default 1, at most 10).' },
      customer_name: text('Who will collect it.', { minLength: 1, maxLength: 80 }),
      customer_email: { type: 'string', format: 'email', maxLength: 120, description: 'Their email, for the pickup notice.' },
      pickup_date: day('Day of pickup (YYYY-MM-DD), today to 7 days ahead, on a day the store is open.'),
    },
    ['store_id', 'sku', 'customer_name', 'customer_email', 'pickup_date'],
  ),
  output: objectOf({ reservation: reservationSchema }),
  annotations: { title: 'Reserve for pickup', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const store = requireStore(ctx, args.store_id);
    const item = requireItem(ctx, args.sku);
    const quantity = args.quantity ?? 1;
    const last = addDays(ctx.today, 7);
    if (args.pickup_date < ctx.today) ctx.fail(`${args.pickup_date} is in the past; pick a day from ${ctx.today} to ${last}`);
    if (args.pickup_date > last) ctx.fail(`${args.pickup_date} is more than 7 days ahead; pick a day from ${ctx.today} to ${last}`);
    if (store.hours[weekdayOf(args.pickup_date)] === null) {
      const open: string[] = [];
      for (let d = ctx.today; d <= last; d = addDays(d, 1)) if (store.hours[weekdayOf(d)] !== null) open.push(d);
      ctx.fail(`${store.name} is closed on ${args.pickup_date} (a ${weekdayOf(args.pickup_date)}); it is open on ${open.join(', ')}`);
    }
    const level = ctx.base.stock[store.store_id][item.sku];
    const available = level.on_hand - level.reserved;
    if (quantity > available) ctx.fail(`${store.name} has only ${available} ${item.name} available for pickup; get_retail_item_availability shows the stores that have it`);
    const name = args.customer_name.trim();
    if (name === '') ctx.fail('customer_name is blank');
    const reservation: RetailReservation = {
      reservation_id: ctx.nextId('res'), store_id: store.store_id, sku: item.sku, quantity, customer_name: name, customer_email: args.customer_email.trim().toLowerCase(),
      pickup_date: args.pickup_date, status: 'reserved', created_on: ctx.today, closed_on: null,
    };
    ctx.edit<StockLevel>('stock', store.store_id, item.sku).reserved = level.reserved + quantity;
    ctx.edit<Record<string, RetailReservation>>('reservations')[reservation.reservation_id] = reservation;
    return { reservation: reservationView(ctx.state as RetailChainState, reservation, ctx.today) };
  },
});

export const resolveRetailReservation = defineTool<RetailChainState, { reservation_id: string; outcome: 'picked_up' | 'cancelled' }>({
  name: 'resolve_retail_reservation',
  description:
    'Close a click-and-collect reservation: picked_up (the customer collected it; the units leave the store) or cancelled (the units go back to available). ' +
    'Only reservations still reserved can be closed. Returns the reservation and the store\'s stock row.',
  input: inputOf({ reservation_id: idText('The reservation, e.g. res_44 (list_retail_reservations gives them).'), outcome: oneOf(['picked_up', 'cancelled'], 'What happened.') }, ['reservation_id', 'outcome']),
  output: objectOf({ reservation: reservationSchema, item: stockSchema }),
  annotations: { title: 'Close reservation', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const reservation = requireReservation(ctx, args.reservation_id);
    if (reservation.status !== 'reserved') ctx.fail(`reservation ${reservation.reservation_id} is already ${reservation.status.replace('_', ' ')}; only reserved ones can be picked up or cancelled`);
    if (args.outcome === 'picked_up' && reservation.pickup_date > ctx.today) {
      ctx.fail(`reservation ${reservation.reservation_id} is for pickup on ${reservation.pickup_date}, not before; cancel it and reserve again for today to hand it over now`);
    }
    const level = ctx.base.stock[reservation.store_id][reservation.sku];
    const row = ctx.edit<StockLevel>('stock', reservation.store_id, reservation.sku);
    row.reserved = level.reserved - reservation.quantity;
    if (args.outcome === 'picked_up') row.on_hand = level.on_hand - reservation.quantity;
    const closed: RetailReservation = { ...reservation, status: args.outcome, closed_on: ctx.today };
    ctx.edit<Record<string, RetailReservation>>('reservations')[reservation.reservation_id] = closed;
    return { reservation: reservationView(ctx.base, closed, ctx.today), item: stockView(ctx.base, reservation.store_id, reservation.sku, row) };
  },
});
