import { defineTool, type ToolDefinition } from '../kit/Domain.js';
import { entryOf } from './entryOf.js';
import { appended, couponWithUses, orderCopy, putBucketedEntries, putEntry, variantWithStock } from './shoppingWrites.js';
import { addDays, dayOf, money, timeOf, timestamp } from './cartPricing.js';
import { readable, requireCustomer, requireOrder, requireReturn } from './shoppingLookups.js';
import type { Order, OrderLine, OrderStatus, Variant, ReturnItem, ReturnReason, ReturnRequest, ShoppingState } from './ShoppingState.js';
import { CURRENCY, RETURN_SHIP_BACK_DAYS, RETURN_WINDOW_DAYS } from './ShoppingState.js';
import { moneySchema, orderLineOf, orderSchema, orderView, returnSchema, returnView, returnWindowEnd } from './shoppingViews.js';

/** Orders and returns, after the Shopify Admin API: order list and detail, cancel, fulfillment tracking, returns. */

const orderIdProperty = { type: 'string', maxLength: 100, description: 'Order id ("ord_1042") or order number ("#1042").' };

interface ListOrdersArgs {
  customer_id: string;
  status?: OrderStatus;
  limit?: number;
  offset?: number;
}

export const listCustomerOrders = defineTool<ShoppingState, ListOrdersArgs>({
  name: 'list_customer_orders',
  description:
    'List a customer\'s orders, newest first: order id and number, date, status (unfulfilled, fulfilled = shipped, delivered, cancelled), payment status, item count, total in USD and return ids. Filter by status; page with limit/offset. Use get_order_details for lines, tracking and returns.',
  input: {
    type: 'object',
    properties: {
      customer_id: { type: 'string', maxLength: 100, description: 'Customer id, e.g. "cust_104".' },
      status: { type: 'string', enum: ['unfulfilled', 'fulfilled', 'delivered', 'cancelled'], description: 'Only orders in this status.' },
      limit: { type: 'integer', minimum: 1, maximum: 50, description: 'Most orders to return (1–50). Default 10.' },
      offset: { type: 'integer', minimum: 0, description: 'Orders to skip, for paging. Default 0.' },
    },
    required: ['customer_id'],
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: {
      customer_id: { type: 'string' },
      total_count: { type: 'integer', description: 'Orders matching the filter.' },
      orders: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            order_id: { type: 'string' },
            order_number: { type: 'string' },
            placed_at: { type: 'string' },
            status: { type: 'string' },
            financial_status: { type: 'string' },
            item_count: { type: 'integer' },
            first_item: { type: 'string', description: 'Title of the first line, to recognise the order.' },
            total: moneySchema,
            return_ids: { type: 'array', items: { type: 'string' }, description: 'Return requests made for the order (get_return_status).' },
          },
          required: ['order_id', 'order_number', 'placed_at', 'status', 'financial_status', 'item_count', 'first_item', 'total', 'return_ids'],
          additionalProperties: false,
        },
      },
      currency: { type: 'string' },
    },
    required: ['customer_id', 'total_count', 'orders', 'currency'],
    additionalProperties: false,
  },
  annotations: { title: 'List orders', readOnlyHint: true, idempotentHint: true },
  handler(args, ctx) {
    const customer = requireCustomer(ctx, args.customer_id);
    const matching: Order[] = [];
    for (let i = customer.order_ids.length - 1; i >= 0; i -= 1) {
      const order = entryOf(readable(ctx).orders, customer.order_ids[i])!;
      if (args.status === undefined || order.status === args.status) matching.push(order);
    }
    const offset = args.offset ?? 0;
    const orders = matching.slice(offset, offset + (args.limit ?? 10)).map((order) => ({
      order_id: order.id,
      order_number: order.name,
      placed_at: order.placed_at,
      status: order.status,
      financial_status: order.financial_status,
      item_count: order.lines.reduce((sum, line) => sum + line.quantity, 0),
      first_item: order.lines[0] ? `${order.lines[0].product_title} — ${order.lines[0].variant_title}` : '',
      total: money(order.total_cents),
      return_ids: [...order.return_ids],
    }));
    return { customer_id: customer.id, total_count: matching.length, orders, currency: CURRENCY };
  },
});

export const getOrderDetails = defineTool<ShoppingState, { order_id: string }>({
  name: 'get_order_details',
  description:
    'Get one order: lines (variant, quantity, price, discount, units already returned, final-sale flag), totals and refunds in USD, coupon, shipping address and method, card charged, fulfillment (carrier, tracking number, shipped and delivered dates), cancellation, return ids, and the last day a return can be requested.',
  input: { type: 'object', properties: { order_id: orderIdProperty }, required: ['order_id'], additionalProperties: false },
  output: orderSchema,
  annotations: { title: 'Get order', readOnlyHint: true, idempotentHint: true },
  handler(args, ctx) {
    return orderView(readable(ctx), requireOrder(ctx, args.order_id));
  },
});

type CancelReason = 'customer_changed_mind' | 'ordered_by_mistake' | 'found_better_price' | 'shipping_too_slow' | 'other';

export const cancelUnfulfilledOrder = defineTool<ShoppingState, { order_id: string; reason: CancelReason }>({
  name: 'cancel_unfulfilled_order',
  description:
    'Cancel an order that has not shipped yet (status unfulfilled): the items go back into stock and the full amount is refunded to the card. Orders that were already fulfilled (shipped) or delivered cannot be cancelled — request a return after delivery instead. Returns the cancelled order, the refund and the restocked units.',
  input: {
    type: 'object',
    properties: {
      order_id: orderIdProperty,
      reason: { type: 'string', enum: ['customer_changed_mind', 'ordered_by_mistake', 'found_better_price', 'shipping_too_slow', 'other'], description: 'Why the customer cancels.' },
    },
    required: ['order_id', 'reason'],
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: {
      order: orderSchema,
      refund_amount: moneySchema,
      restocked: {
        type: 'array',
        items: {
          type: 'object',
          properties: { variant_id: { type: 'string' }, quantity: { type: 'integer' } },
          required: ['variant_id', 'quantity'],
          additionalProperties: false,
        },
      },
      currency: { type: 'string' },
    },
    required: ['order', 'refund_amount', 'restocked', 'currency'],
    additionalProperties: false,
  },
  annotations: { title: 'Cancel order', readOnlyHint: false, destructiveHint: true, idempotentHint: true },
  handler(args, ctx) {
    const state = readable(ctx);
    const order = requireOrder(ctx, args.order_id);
    if (order.status === 'cancelled') return ctx.fail(`order ${order.name} (${order.id}) was already cancelled on ${dayOf(order.cancelled_at ?? order.placed_at)}`);
    if (order.status !== 'unfulfilled') {
      const shipment = order.fulfillment;
      const where = order.status === 'delivered'
        ? `it was delivered on ${dayOf(shipment?.delivered_at ?? '')}; request a return with request_order_return instead (until ${dayOf(returnWindowEnd(order) ?? '')})`
        : `it is in transit with ${shipment?.carrier} (tracking ${shipment?.tracking_number}); once delivered, request a return with request_order_return`;
      return ctx.fail(`order ${order.name} (${order.id}) cannot be cancelled: it was fulfilled (shipped) on ${dayOf(shipment?.shipped_at ?? '')} and ${where}`);
    }
    // An order holds each variant on one line at most (it was a cart), so each variant changes once.
    // Index loops, not map callbacks (a closure made per call; the lines are a frozen array).
    const orderLines = order.lines;
    const restockedVariants = new Array<Variant>(orderLines.length);
    const restocked = new Array<{ variant_id: string; quantity: number }>(orderLines.length);
    for (let i = 0; i < orderLines.length; i++) {
      const line = orderLines[i];
      const variant = entryOf(state.variants, line.variant_id)!;
      restockedVariants[i] = variantWithStock(variant, variant.stock + line.quantity, variant.sold - line.quantity);
      restocked[i] = { variant_id: line.variant_id, quantity: line.quantity };
    }
    putBucketedEntries(ctx, 'variants', restockedVariants);
    const coupon = order.coupon_code === null ? undefined : state.coupons[order.coupon_code];
    if (coupon) putEntry(ctx, 'coupons', order.coupon_code!, couponWithUses(coupon, coupon.times_used - 1));
    const cancelled = orderCopy(order);
    cancelled.status = 'cancelled';
    cancelled.financial_status = 'refunded';
    cancelled.refunded_cents = order.total_cents;
    cancelled.cancelled_at = timestamp(ctx.now);
    cancelled.cancel_reason = args.reason;
    // Only primitive fields changed: the lines, address, fulfillment and return ids are the frozen ones.
    putBucketedEntries(ctx, 'orders', [Object.freeze(cancelled)]);
    return { order: orderView(state, cancelled), refund_amount: money(cancelled.total_cents), restocked, currency: CURRENCY };
  },
});

export const trackOrderShipment = defineTool<ShoppingState, { order_id: string }>({
  name: 'track_order_shipment',
  description:
    'Track the shipment of a fulfilled order: carrier, tracking number and URL, shipped date, estimated or actual delivery, and the carrier\'s scan events (newest last). Fails for orders that have not shipped yet or were cancelled.',
  input: { type: 'object', properties: { order_id: orderIdProperty }, required: ['order_id'], additionalProperties: false },
  output: {
    type: 'object',
    properties: {
      order_id: { type: 'string' },
      order_number: { type: 'string' },
      status: { type: 'string', enum: ['in_transit', 'delivered'] },
      carrier: { type: 'string' },
      tracking_number: { type: 'string' },
      tracking_url: { type: 'string' },
      shipped_at: { type: 'string' },
      estimated_delivery: { type: 'string', description: 'YYYY-MM-DD' },
      delivered_at: { type: ['string', 'null'] },
      events: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            at: { type: 'string' },
            status: { type: 'string' },
            location: { type: 'string' },
            description: { type: 'string' },
          },
          required: ['at', 'status', 'location', 'description'],
          additionalProperties: false,
        },
      },
    },
    required: ['order_id', 'order_number', 'status', 'carrier', 'tracking_number', 'tracking_url', 'shipped_at', 'estimated_delivery', 'delivered_at', 'events'],
    additionalProperties: false,
  },
  annotations: { title: 'Track shipment', readOnlyHint: true, idempotentHint: true },
  handler(args, ctx) {
    const order = requireOrder(ctx, args.order_id);
    if (order.status === 'cancelled') return ctx.fail(`order ${order.name} (${order.id}) was cancelled on ${dayOf(order.cancelled_at ?? '')}; there is no shipment to track`);
    const shipment = order.fulfillment;
    if (shipment === null) {
      return ctx.fail(`order ${order.name} (${order.id}) has not shipped yet (placed ${dayOf(order.placed_at)}, status unfulfilled); tracking appears once it is fulfilled, usually within 1–2 business days`);
    }
    const base: Record<string, string> = {
      UPS: 'https://www.ups.com/track?tracknum=',
      FedEx: 'https://www.fedex.com/fedextrack/?trknbr=',
      USPS: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=',
      DHL: 'https://www.dhl.com/track?tracking-id=',
    };
    return {
      order_id: order.id,
      order_number: order.name,
      status: shipment.delivered_at === null ? 'in_transit' : 'delivered',
      carrier: shipment.carrier,
      tracking_number: shipment.tracking_number,
      tracking_url: `${base[shipment.carrier] ?? 'https://track.example.com/'}${shipment.tracking_number}`,
      shipped_at: shipment.shipped_at,
      estimated_delivery: dayOf(shipment.estimated_delivery),
      delivered_at: shipment.delivered_at,
      events: shipment.events.map((event) => ({ at: event.at, status: event.status, location: event.location, description: event.description })),
    };
  },
});

interface ReturnArgs {
  order_id: string;
  items: Array<{ variant_id: string; quantity: number }>;
  reason: ReturnReason;
  comment?: string;
}

/** A frozen copy of an order line with `quantity` more units in a return: one literal of an order line's keys (checkout's and the world's order). */
function orderLineReturning(line: OrderLine, quantity: number): OrderLine {
  return Object.freeze({
    variant_id: line.variant_id,
    product_id: line.product_id,
    product_title: line.product_title,
    variant_title: line.variant_title,
    quantity: line.quantity,
    unit_price_cents: line.unit_price_cents,
    discount_cents: line.discount_cents,
    returned_quantity: line.returned_quantity + quantity,
  });
}

export const requestOrderReturn = defineTool<ShoppingState, ReturnArgs>({
  name: 'request_order_return',
  description:
    `Request a return of items from a delivered order, within ${RETURN_WINDOW_DAYS} days of delivery. Name each item by the variant_id of an order line and the units to send back (at most the units bought minus those already returned); final-sale items cannot be returned. The refund (unit price less its share of discounts) is paid once the items arrive. Returns the return request with its return_id and the day by which the items must be shipped back.`,
  input: {
    type: 'object',
    properties: {
      order_id: orderIdProperty,
      items: {
        type: 'array',
        minItems: 1,
        maxItems: 25,
        description: 'Items to return.',
        items: {
          type: 'object',
          properties: {
            variant_id: { type: 'string', maxLength: 100, description: 'variant_id of an order line (see get_order_details).' },
            quantity: { type: 'integer', minimum: 1, maximum: 99, description: 'Units to return.' },
          },
          required: ['variant_id', 'quantity'],
          additionalProperties: false,
        },
      },
      reason: { type: 'string', enum: ['too_small', 'too_large', 'defective', 'not_as_described', 'changed_mind', 'arrived_late', 'other'], description: 'Why the items come back.' },
      comment: { type: 'string', maxLength: 500, description: 'Optional note from the customer.' },
    },
    required: ['order_id', 'items', 'reason'],
    additionalProperties: false,
  },
  output: returnSchema,
  annotations: { title: 'Request return', readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  handler(args, ctx) {
    const state = readable(ctx);
    const order = requireOrder(ctx, args.order_id);
    if (order.status === 'cancelled') return ctx.fail(`order ${order.name} (${order.id}) was cancelled and refunded; there is nothing to return`);
    if (order.status === 'unfulfilled') {
      return ctx.fail(`order ${order.name} (${order.id}) has not shipped yet, so it cannot be returned; cancel it instead with cancel_unfulfilled_order`);
    }
    const shipment = order.fulfillment!;
    if (shipment.delivered_at === null) {
      return ctx.fail(`order ${order.name} (${order.id}) has not been delivered yet (in transit with ${shipment.carrier}, expected ${dayOf(shipment.estimated_delivery)}); returns open on delivery`);
    }
    const windowEnd = returnWindowEnd(order)!;
    if (timeOf(ctx.now) > timeOf(windowEnd)) {
      return ctx.fail(`order ${order.name} (${order.id}) was delivered on ${dayOf(shipment.delivered_at)}; its ${RETURN_WINDOW_DAYS}-day return window closed on ${dayOf(windowEnd)} (today is ${ctx.today}), so it can no longer be returned`);
    }
    // At most 25 items: comparing each with those before it is cheaper than a Set.
    const wanted = args.items;
    for (let i = 1; i < wanted.length; i++) {
      const variantId = wanted[i].variant_id;
      for (let j = 0; j < i; j++) {
        if (wanted[j].variant_id === variantId) return ctx.fail(`variant ${variantId} appears twice in items; list each variant once with the total quantity`);
      }
    }
    const items: ReturnItem[] = [];
    for (const item of args.items) {
      const line = orderLineOf(order, item.variant_id);
      if (line === undefined) {
        const lines = order.lines.map((l) => `${l.variant_id} (${l.product_title} — ${l.variant_title} × ${l.quantity})`).join(', ');
        return ctx.fail(`order ${order.name} has no line with variant ${item.variant_id}; its lines: ${lines}`);
      }
      if (state.products[line.product_id]?.final_sale) {
        return ctx.fail(`'${line.product_title}' (${line.variant_id}) was a final-sale item and cannot be returned`);
      }
      const returnable = line.quantity - line.returned_quantity;
      if (item.quantity > returnable) {
        const already = line.returned_quantity > 0 ? ` (${line.returned_quantity} already in a return)` : '';
        return ctx.fail(`order ${order.name} has ${line.quantity} × '${line.product_title} — ${line.variant_title}' (${line.variant_id})${already}; at most ${returnable} can be returned, ${item.quantity} requested`);
      }
      const net = line.quantity * line.unit_price_cents - line.discount_cents;
      items.push(Object.freeze({ variant_id: line.variant_id, quantity: item.quantity, refund_cents: Math.round((net * item.quantity) / line.quantity) }));
    }
    const lines = [...order.lines];
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      let at = 0;
      while (lines[at].variant_id !== item.variant_id) at++;
      lines[at] = orderLineReturning(lines[at], item.quantity);
    }
    Object.freeze(lines);
    Object.freeze(items);
    let refundTotal = 0;
    for (let i = 0; i < items.length; i++) refundTotal += items[i].refund_cents;
    let id = ctx.nextId('ret');
    while (state.returns[id] !== undefined) id = ctx.nextId('ret');
    const request: ReturnRequest = {
      id,
      order_id: order.id,
      customer_id: order.customer_id,
      status: 'requested',
      reason: args.reason,
      comment: args.comment?.trim() || null,
      items,
      refund_cents: refundTotal,
      requested_at: timestamp(ctx.now),
      ship_back_by: addDays(timestamp(ctx.now), RETURN_SHIP_BACK_DAYS),
      refunded_at: null,
    };
    putEntry(ctx, 'returns', id, Object.freeze(request));
    const returned = orderCopy(order);
    returned.lines = lines;
    returned.return_ids = Object.freeze(appended(order.return_ids, id)) as string[];
    putBucketedEntries(ctx, 'orders', [Object.freeze(returned)]);
    return returnView(state, request, order);
  },
});

export const getReturnStatus = defineTool<ShoppingState, { return_id: string }>({
  name: 'get_return_status',
  description:
    'Get a return request: status (requested → approved → received → refunded, or rejected), items and refund amounts in USD, the day the items must be shipped back by, and when the refund was paid.',
  input: {
    type: 'object',
    properties: { return_id: { type: 'string', maxLength: 100, description: 'Return id, e.g. "ret_7" (from request_order_return or get_order_details).' } },
    required: ['return_id'],
    additionalProperties: false,
  },
  output: returnSchema,
  annotations: { title: 'Get return', readOnlyHint: true, idempotentHint: true },
  handler(args, ctx) {
    return returnView(readable(ctx), requireReturn(ctx, args.return_id));
  },
});

export const orderTools: ToolDefinition<ShoppingState>[] = [
  listCustomerOrders,
  getOrderDetails,
  cancelUnfulfilledOrder,
  trackOrderShipment,
  requestOrderReturn,
  getReturnStatus,
];
