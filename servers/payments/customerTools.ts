import { defineTool } from '../kit/Domain.js';
import { entryValues } from '../kit/bucketedRecord.js';
import { boolean, idText, inputOf, integer, listOf, oneOf, text } from '../kit/schemas.js';
import { EVENT_TYPES, addAmounts, isExpired, type EventType, type PaymentsState } from './PaymentsState.js';
import { allInvoices, requireCustomer } from './paymentsLookups.js';
import { customerSchema, customerView, eventSchema, eventView, methodView, resultOf } from './paymentsViews.js';

export const listPaymentCustomers = defineTool<PaymentsState, { search?: string; include_deleted?: boolean; limit?: number }>({
  name: 'list_payment_customers',
  description:
    'Find customers by name, email or company (case-insensitive text), with their attached payment methods (which can be ' +
    'charged today), default method, how many invoices are still open and what they owe. Deleted customers are left out unless ' +
    'include_deleted is true. Use it to turn a customer\'s name into the customer_id other tools take.',
  input: inputOf({
    search: text('Text in the name, email or company, e.g. "okafor" or "harbor coffee".', { minLength: 1, maxLength: 100 }),
    include_deleted: boolean('Also list deleted customers (default false).'),
    limit: integer('How many to return (default 50).', { minimum: 1, maximum: 100 }),
  }),
  output: resultOf({ customers: listOf(customerSchema, 'Matching customers, by id.'), count: integer('How many are returned.') }),
  annotations: { title: 'Find customers', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const search = args.search?.trim().toLowerCase();
    const owed = new Map<string, number[]>();
    for (const invoice of allInvoices(ctx.base)) {
      if (invoice.status !== 'open' && invoice.status !== 'uncollectible') continue;
      let list = owed.get(invoice.customer_id);
      if (list === undefined) owed.set(invoice.customer_id, (list = []));
      list.push(invoice.amount_due);
    }
    const methods = Object.values(ctx.base.payment_methods);
    const out: Array<Record<string, unknown>> = [];
    for (const customer of Object.values(ctx.base.customers)) {
      if (customer.deleted && args.include_deleted !== true) continue;
      if (search && !`${customer.name} ${customer.email} ${customer.company ?? ''}`.toLowerCase().includes(search)) continue;
      const own = methods.filter((m) => m.customer_id === customer.customer_id && !m.detached).map((m) => methodView(m, !customer.deleted && !isExpired(m, ctx.today)));
      const dues = owed.get(customer.customer_id) ?? [];
      out.push(customerView(customer, own, dues.length, addAmounts(...dues)));
      if (out.length >= (args.limit ?? 50)) break;
    }
    return { customers: out, count: out.length };
  },
});

export const listPaymentEvents = defineTool<PaymentsState, { customer_id?: string; object_id?: string; type?: EventType; limit?: number }>({
  name: 'list_payment_events',
  description:
    'Read the account\'s event log, newest first: invoices created, finalized, paid, voided or marked uncollectible, charges ' +
    'that succeeded or failed, refunds. Filter by customer, by the invoice, charge or refund concerned, or by event type. Use it ' +
    'to answer what happened and when.',
  input: inputOf({
    customer_id: idText('Only events of this customer, e.g. cus_7.'),
    object_id: idText('Only events about this invoice, charge or refund, e.g. in_42, ch_17 or re_3.'),
    type: oneOf(EVENT_TYPES, 'Only events of this type.'),
    limit: integer('How many to return (default 20).', { minimum: 1, maximum: 100 }),
  }),
  output: resultOf({ events: listOf(eventSchema, 'The events, newest first.'), count: integer('How many are returned.'), total_count: integer('How many match in all.') }),
  annotations: { title: 'List events', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    if (args.customer_id !== undefined) requireCustomer(ctx, args.customer_id);
    const events = entryValues(ctx.base.events);
    if (args.object_id !== undefined && !events.some((e) => e.object_id === args.object_id)) {
      ctx.fail(`no event is about ${args.object_id}; object_id takes an invoice (in_…), charge (ch_…) or refund (re_…) id`);
    }
    const matches = events.filter((e) => (args.customer_id === undefined || e.customer_id === args.customer_id) && (args.object_id === undefined || e.object_id === args.object_id) && (args.type === undefined || e.type === args.type));
    matches.reverse();
    const shown = matches.slice(0, args.limit ?? 20).map(eventView);
    return { events: shown, count: shown.length, total_count: matches.length };
  },
});
