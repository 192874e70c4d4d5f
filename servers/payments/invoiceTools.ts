import { defineTool } from '../kit/Domain.js';
import { editEntry, getEntry } from '../kit/bucketedRecord.js';
import { idText, inputOf, integer, listOf, objectOf, oneOf, text } from '../kit/schemas.js';
import {
  INVOICE_STATUSES,
  addAmounts,
  addDays,
  formatAmount,
  fromCents,
  hasCents,
  toCents,
  type Charge,
  type EventType,
  type Invoice,
  type InvoiceLine,
  type InvoiceStatus,
  type PaymentsState,
} from './PaymentsState.js';
import { allInvoices, chargeableMethod, requireActiveCustomer, requireCustomer, requireInvoice } from './paymentsLookups.js';
import { chargeSchema, invoiceSchema, invoiceView, resultOf } from './paymentsViews.js';
import { chargeResult, idempotencyKey, logEvent, stamp, nameOf, priorRequest, putInvoice, rememberRequest } from './paymentsWrites.js';


/** The largest invoice the studio's account accepts, USD. */
export const MAX_INVOICE_TOTAL = 999_999.99;

const invoiceId = idText('The invoice, e.g. in_42 (list_payment_invoices gives them; the number BRL-0042 is not the id).');

export const listPaymentInvoices = defineTool<PaymentsState, { customer_id?: string; status?: InvoiceStatus; limit?: number }>({
  name: 'list_payment_invoices',
  description:
    'List invoices, newest first, with their line items, totals, amount due, due date and whether they are overdue. Filter by ' +
    'customer and by status (draft, open, paid, void, uncollectible). Use it to find an invoice id before paying, voiding or ' +
    'finalizing it, or to answer what a customer owes.',
  input: inputOf({
    customer_id: idText('Only this customer\'s invoices, e.g. cus_7 (list_payment_customers finds customers by name).'),
    status: oneOf(INVOICE_STATUSES, 'Only invoices in this status.'),
    limit: integer('How many to return, newest first (default 20).', { minimum: 1, maximum: 100 }),
  }),
  output: resultOf({
    invoices: listOf(invoiceSchema, 'The invoices, newest first.'),
    count: integer('How many are returned.'),
    total_count: integer('How many match in all.'),
    amount_due: { type: 'number', description: 'Sum still due over every match, USD.' },
  }),
  annotations: { title: 'List invoices', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    if (args.customer_id !== undefined) requireCustomer(ctx, args.customer_id);
    const matches = allInvoices(ctx.base).filter((i) => (args.customer_id === undefined || i.customer_id === args.customer_id) && (args.status === undefined || i.status === args.status));
    matches.reverse();
    const shown = matches.slice(0, args.limit ?? 20).map((i) => invoiceView(i, nameOf(ctx, i.customer_id), ctx.today));
    return { invoices: shown, count: shown.length, total_count: matches.length, amount_due: addAmounts(...matches.map((i) => i.amount_due)) };
  },
});

interface CreateInvoiceArgs {
  customer_id: string;
  lines: Array<{ description: string; quantity: number; unit_amount: number }>;
  memo?: string;
}

export const createPaymentInvoice = defineTool<PaymentsState, CreateInvoiceArgs>({
  name: 'create_payment_invoice',
  description:
    'Create a draft invoice for a customer with one or more line items (description, quantity, unit price in USD). A draft can ' +
    'still be changed by creating another; it is not sent and cannot be paid until finalize_payment_invoice. Deleted customers ' +
    'cannot be invoiced. Returns the draft with its new invoice_id and total.',
  input: inputOf(
    {
      customer_id: idText('The customer to bill, e.g. cus_7.'),
      lines: listOf(
        objectOf({
          description: text('What is sold, e.g. "Logo design".', { minLength: 1, maxLength: 200 }),
          quantity: integer('How many (default 1).', { minimum: 1, maximum: 1000 }),
          unit_amount: { type: 'number', exclusiveMinimum: 0, maximum: 100000, description: 'Price of one, USD, at most two decimals.' },
        }, ['quantity']),
        'The line items, 1 to 20.',
        { minItems: 1, maxItems: 20 },
      ),
      memo: text('A note printed on the invoice.', { minLength: 1, maxLength: 300 }),
    },
    ['customer_id', 'lines'],
  ),
  output: resultOf({ invoice: invoiceSchema }),
  annotations: { title: 'Create draft invoice', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const customer = requireActiveCustomer(ctx, args.customer_id);
    const lines: InvoiceLine[] = [];
    for (const [index, line] of args.lines.entries()) {
      const description = line.description.trim();
      if (description === '') ctx.fail(`line ${index + 1} has a blank description; say what is sold`);
      if (!hasCents(line.unit_amount)) ctx.fail(`line ${index + 1}: unit_amount ${line.unit_amount} has more than two decimals; amounts are in dollars and cents`);
      const quantity = line.quantity ?? 1;
      lines.push({ description, quantity, unit_amount: line.unit_amount, amount: fromCents(toCents(line.unit_amount) * quantity) });
    }
    const total = addAmounts(...lines.map((l) => l.amount));
    if (total > MAX_INVOICE_TOTAL) ctx.fail(`the invoice would total ${formatAmount(total)} USD, above the ${formatAmount(MAX_INVOICE_TOTAL)} USD limit of one invoice; split it into several`);
    const invoice: Invoice = {
      invoice_id: ctx.nextId('in'),
      number: null,
      customer_id: customer.customer_id,
      status: 'draft',
      currency: 'usd',
      lines,
      total,
      amount_paid: 0,
      amount_due: total,
      memo: args.memo?.trim() || null,
      created: stamp(ctx),
      finalized_at: null,
      due_date: null,
      paid_at: null,
      voided_at: null,
      charge_id: null,
    };
    logEvent(ctx, 'invoice.created', invoice.invoice_id, customer.customer_id);
    return { invoice: putInvoice(ctx, invoice) };
  },
});

export const finalizePaymentInvoice = defineTool<PaymentsState, { invoice_id: string; days_until_due?: number }>({
  name: 'finalize_payment_invoice',
  description:
    'Finalize a draft invoice: it gets its invoice number (BRL-NNNN) and a due date, becomes open and can be paid. Only drafts ' +
    'can be finalized, and not for a deleted customer. Returns the open invoice.',
  input: inputOf(
    {
      invoice_id: invoiceId,
      days_until_due: integer('Days from today until payment is due (default 30).', { minimum: 0, maximum: 90 }),
    },
    ['invoice_id'],
  ),
  output: resultOf({ invoice: invoiceSchema }),
  annotations: { title: 'Finalize invoice', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const invoice = requireInvoice(ctx, args.invoice_id);
    if (invoice.status !== 'draft') ctx.fail(`invoice ${invoice.invoice_id} is already finalized (${invoice.number}, ${invoice.status}); only draft invoices can be finalized`);
    requireActiveCustomer(ctx, invoice.customer_id);
    const merchant = ctx.base.merchant;
    const number = `${merchant.invoice_prefix}-${String(merchant.next_invoice_number).padStart(4, '0')}`;
    ctx.edit<PaymentsState['merchant']>('merchant').next_invoice_number = merchant.next_invoice_number + 1;
    logEvent(ctx, 'invoice.finalized', invoice.invoice_id, invoice.customer_id);
    return { invoice: putInvoice(ctx, { ...invoice, number, status: 'open', finalized_at: stamp(ctx), due_date: addDays(ctx.today, args.days_until_due ?? 30) }) };
  },
});

export const payPaymentInvoice = defineTool<PaymentsState, { invoice_id: string; payment_method_id?: string; idempotency_key?: string }>({
  name: 'pay_payment_invoice',
  description:
    'Pay an open (or uncollectible) invoice in full now by charging the customer\'s default payment method or the one named. ' +
    'The method must belong to the customer, be attached and not expired. Creates a succeeded charge and marks the invoice ' +
    'paid. Drafts must be finalized first; paid and void invoices cannot be paid. Pass an idempotency_key to make a retry ' +
    'safe. Returns the paid invoice and the charge.',
  input: inputOf(
    {
      invoice_id: invoiceId,
      payment_method_id: idText('The method to charge, e.g. pm_12 (default: the customer\'s default method; list_payment_customers shows them).'),
      idempotency_key: idempotencyKey,
    },
    ['invoice_id'],
  ),
  output: resultOf({ invoice: invoiceSchema, charge: chargeSchema, replayed: { type: 'boolean', description: 'True when an earlier request with this idempotency key is answered again and nothing new happened.' } }),
  annotations: { title: 'Pay invoice', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const request = JSON.stringify({ invoice_id: args.invoice_id, ...(args.payment_method_id !== undefined ? { payment_method_id: args.payment_method_id } : {}) });
    const prior = priorRequest(ctx, 'pay_payment_invoice', args.idempotency_key, request);
    const invoice = requireInvoice(ctx, args.invoice_id);
    if (prior !== undefined) {
      return { invoice: invoiceView(invoice, nameOf(ctx, invoice.customer_id), ctx.today), charge: chargeResult(ctx.base, getEntry(ctx.base.charges, prior)!), replayed: true };
    }
    if (invoice.status === 'draft') ctx.fail(`invoice ${invoice.invoice_id} is a draft; finalize it with finalize_payment_invoice before paying`);
    if (invoice.status === 'paid') ctx.fail(`invoice ${invoice.invoice_id} (${invoice.number}) was already paid on ${invoice.paid_at?.slice(0, 10)} by charge ${invoice.charge_id}`);
    if (invoice.status === 'void') ctx.fail(`invoice ${invoice.invoice_id} (${invoice.number}) is void and cannot be paid; create a new invoice instead`);
    const customer = requireActiveCustomer(ctx, invoice.customer_id);
    const method = chargeableMethod(ctx, customer, args.payment_method_id);
    const charge: Charge = {
      charge_id: ctx.nextId('ch'),
      customer_id: customer.customer_id,
      payment_method_id: method.payment_method_id,
      invoice_id: invoice.invoice_id,
      amount: invoice.amount_due,
      amount_refunded: 0,
      currency: 'usd',
      status: 'succeeded',
      failure_message: null,
      description: `Payment for invoice ${invoice.number}`,
      created: stamp(ctx),
      refund_ids: [],
    };
    editEntry(ctx, ['charges'], charge.charge_id, charge);
    logEvent(ctx, 'charge.succeeded', charge.charge_id, customer.customer_id);
    logEvent(ctx, 'invoice.paid', invoice.invoice_id, customer.customer_id);
    rememberRequest(ctx, 'pay_payment_invoice', args.idempotency_key, request, charge.charge_id);
    const paid = putInvoice(ctx, { ...invoice, status: 'paid', amount_paid: addAmounts(invoice.amount_paid, invoice.amount_due), amount_due: 0, paid_at: stamp(ctx), charge_id: charge.charge_id });
    return { invoice: paid, charge: chargeResult(ctx.base, charge), replayed: false };
  },
});

export const voidPaymentInvoice = defineTool<PaymentsState, { invoice_id: string }>({
  name: 'void_payment_invoice',
  description:
    'Void an open or uncollectible invoice: nothing is owed on it any more and it can never be paid. Drafts are not voided ' +
    '(they were never sent), and a paid invoice is undone by refunding its charge (refund_payment_charge). Returns the void invoice.',
  input: inputOf({ invoice_id: invoiceId }, ['invoice_id']),
  output: resultOf({ invoice: invoiceSchema }),
  annotations: { title: 'Void invoice', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const invoice = requireInvoice(ctx, args.invoice_id);
    if (invoice.status === 'draft') ctx.fail(`invoice ${invoice.invoice_id} is a draft and was never sent; only open or uncollectible invoices can be voided`);
    if (invoice.status === 'paid') ctx.fail(`invoice ${invoice.invoice_id} (${invoice.number}) is paid; refund its charge ${invoice.charge_id} with refund_payment_charge instead`);
    if (invoice.status === 'void') ctx.fail(`invoice ${invoice.invoice_id} (${invoice.number}) is already void since ${invoice.voided_at?.slice(0, 10)}`);
    logEvent(ctx, 'invoice.voided', invoice.invoice_id, invoice.customer_id);
    return { invoice: putInvoice(ctx, { ...invoice, status: 'void', amount_due: 0, voided_at: stamp(ctx) }) };
  },
});

export const markPaymentInvoiceUncollectible = defineTool<PaymentsState, { invoice_id: string }>({
  name: 'mark_payment_invoice_uncollectible',
  description:
    'Mark an open invoice uncollectible (a bad debt): it stays owed and can still be paid or voided later, but no longer counts as ' +
    'expected income. Only open invoices can be marked. Returns the invoice.',
  input: inputOf({ invoice_id: invoiceId }, ['invoice_id']),
  output: resultOf({ invoice: invoiceSchema }),
  annotations: { title: 'Mark invoice uncollectible', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const invoice = requireInvoice(ctx, args.invoice_id);
    if (invoice.status !== 'open') ctx.fail(`invoice ${invoice.invoice_id} is ${invoice.status}${invoice.number ? ` (${invoice.number})` : ''}; only open invoices can be marked uncollectible`);
    logEvent(ctx, 'invoice.marked_uncollectible', invoice.invoice_id, invoice.customer_id);
    return { invoice: putInvoice(ctx, { ...invoice, status: 'uncollectible' }) };
  },
});
