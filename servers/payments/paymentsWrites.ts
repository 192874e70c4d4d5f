import type { ToolContext } from '../kit/Domain.js';
import { editEntry, getEntry } from '../kit/bucketedRecord.js';
import { text } from '../kit/schemas.js';
import { describeMethod, type Charge, type EventType, type Invoice, type PaymentsState, type Refund } from './PaymentsState.js';
import { chargeView, invoiceView } from './paymentsViews.js';

/** The write path the payments tools share: events, idempotency keys, invoice writes, results. */

type Context = ToolContext<PaymentsState>;

/** The session's clock as the world writes times: ISO-8601 to the second. */
export function stamp(ctx: Context): string {
  return ctx.now.replace('.000Z', 'Z');
}

export const idempotencyKey = text('Optional key that makes a retry safe: a second request with the same key and the same arguments returns the first result and changes nothing; with other arguments it is refused.', { minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

/** A charge as results show it, with its payment method in words and its refunds. */
export function chargeResult(state: PaymentsState, charge: Charge): Record<string, unknown> {
  const methods = state.payment_methods;
  const method = Object.hasOwn(methods, charge.payment_method_id) ? describeMethod(methods[charge.payment_method_id]) : charge.payment_method_id;
  const refunds: Refund[] = [];
  for (const id of charge.refund_ids) {
    const refund = getEntry(state.refunds, id);
    if (refund !== undefined) refunds.push(refund);
  }
  return chargeView(charge, method, refunds);
}

/** Append an event to the log. */
export function logEvent(ctx: Context, type: EventType, objectId: string, customerId: string): void {
  const eventId = ctx.nextId('evt');
  editEntry(ctx, ['events'], eventId, { event_id: eventId, type, object_id: objectId, customer_id: customerId, created: stamp(ctx) });
}

export function nameOf(ctx: Context, customerId: string): string {
  const customers = ctx.base.customers;
  return Object.hasOwn(customers, customerId) ? customers[customerId].name : customerId;
}

/** The invoice as it will be after the call: the new version written into the state. */
export function putInvoice(ctx: Context, invoice: Invoice): Record<string, unknown> {
  editEntry(ctx, ['invoices'], invoice.invoice_id, invoice);
  return invoiceView(invoice, nameOf(ctx, invoice.customer_id), ctx.today);
}

/**
 * An idempotency key's earlier use: undefined when the key is new; the id of what the first
 * request made when it repeats the same request; a refusal when it was used for another request.
 */
export function priorRequest(ctx: Context, tool: string, key: string | undefined, request: string): string | undefined {
  if (key === undefined) return undefined;
  const slot = `key:${key}`;
  const keys = ctx.base.idempotency_keys;
  if (!Object.hasOwn(keys, slot)) return undefined;
  const prior = keys[slot];
  if (prior.tool !== tool || prior.request !== request) {
    ctx.fail(`idempotency key ${key} was already used on ${prior.created} for ${prior.tool} with other arguments (${prior.request}); use a new key for a new request`);
  }
  return prior.object_id;
}

export function rememberRequest(ctx: Context, tool: string, key: string | undefined, request: string, objectId: string): void {
  if (key === undefined) return;
  ctx.edit<PaymentsState['idempotency_keys']>('idempotency_keys')[`key:${key}`] = { key, tool, request, object_id: objectId, created: stamp(ctx) };
}

