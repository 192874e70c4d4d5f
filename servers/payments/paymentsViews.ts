import type { JsonSchema } from '../../core/index.js';
import { boolean, integer, listOf, money, nullableNumber, nullableText, objectOf, oneOf, text } from '../kit/schemas.js';
import { CHARGE_STATUSES, EVENT_TYPES, INVOICE_STATUSES, REFUND_REASONS, type Charge, type Invoice, type PaymentCustomer, type PaymentEvent, type PaymentMethod, type Refund } from './PaymentsState.js';

/** What the payments tools return, each shape's schema next to the function that builds it. */

export const methodSchema = objectOf({
  payment_method_id: text('Payment method id, e.g. pm_12.'),
  type: oneOf(['card', 'us_bank_account'], 'Card or US bank account.'),
  brand: text('Card brand (Visa, Mastercard, …) or bank name.'),
  last4: text('Last four digits of the card or account number.'),
  exp_month: nullableNumber('Card expiry month (1-12); null for bank accounts.'),
  exp_year: nullableNumber('Card expiry year; null for bank accounts.'),
  usable: boolean('Whether it can be charged today (attached and not expired).'),
});

export function methodView(method: PaymentMethod, usable: boolean): Record<string, unknown> {
  return { payment_method_id: method.payment_method_id, type: method.type, brand: method.brand, last4: method.last4, exp_month: method.exp_month, exp_year: method.exp_year, usable };
}

export const customerSchema = objectOf({
  customer_id: text('Customer id, e.g. cus_7.'),
  name: text('Full name.'),
  email: text('Billing email.'),
  company: nullableText('Company, if any.'),
  deleted: boolean('Deleted customers keep their history but cannot be invoiced or charged.'),
  default_payment_method_id: nullableText('The method charged when none is named.'),
  payment_methods: listOf(methodSchema, 'Attached payment methods (detached ones are left out).'),
  open_invoices: integer('Invoices open or uncollectible (money still owed).'),
  amount_owed: money('Sum still due on those invoices, USD.'),
});

export function customerView(customer: PaymentCustomer, methods: Array<Record<string, unknown>>, openInvoices: number, amountOwed: number): Record<string, unknown> {
  return {
    customer_id: customer.customer_id,
    name: customer.name,
    email: customer.email,
    company: customer.company,
    deleted: customer.deleted,
    default_payment_method_id: customer.default_payment_method_id,
    payment_methods: methods,
    open_invoices: openInvoices,
    amount_owed: amountOwed,
  };
}

const lineSchema = objectOf({
  description: text('What was sold.'),
  quantity: integer('How many.'),
  unit_amount: money('Price of one, USD.'),
  amount: money('quantity × unit_amount, USD.'),
});

export const invoiceSchema = objectOf({
  invoice_id: text('Invoice id, e.g. in_42.'),
  number: nullableText('Invoice number given when finalized, e.g. BRL-0042; null for drafts.'),
  customer_id: text('The customer billed.'),
  customer_name: text('Their name.'),
  status: oneOf(INVOICE_STATUSES, 'draft → open → paid, void or uncollectible.'),
  currency: text('Always usd.'),
  lines: listOf(lineSchema, 'Line items.'),
  total: money('Sum of the lines, USD.'),
  amount_paid: money('Paid so far, USD.'),
  amount_due: money('Still due, USD (0 once paid or void).'),
  memo: nullableText('Note printed on the invoice.'),
  created: text('When it was created (ISO-8601, UTC).'),
  due_date: nullableText('Payment due date (YYYY-MM-DD), set when finalized.'),
  overdue: boolean('Open or uncollectible and past its due date.'),
  paid_at: nullableText('When it was paid.'),
  charge_id: nullableText('The charge that paid it.'),
});

export function invoiceView(invoice: Invoice, customerName: string, today: string): Record<string, unknown> {
  return {
    invoice_id: invoice.invoice_id,
    number: invoice.number,
    customer_id: invoice.customer_id,
    customer_name: customerName,
    status: invoice.status,
    currency: invoice.currency,
    lines: invoice.lines,
    total: invoice.total,
    amount_paid: invoice.amount_paid,
    amount_due: invoice.amount_due,
    memo: invoice.memo,
    created: invoice.created,
    due_date: invoice.due_date,
    overdue: (invoice.status === 'open' || invoice.status === 'uncollectible') && invoice.due_date !== null && invoice.due_date < today,
    paid_at: invoice.paid_at,
    charge_id: invoice.charge_id,
  };
}

export const refundSchema = objectOf({
  refund_id: text('Refund id, e.g. re_4.'),
  charge_id: text('The charge refunded.'),
  amount: money('Amount refunded, USD.'),
  reason: oneOf(REFUND_REASONS, 'Why.'),
  created: text('When (ISO-8601, UTC).'),
});

export function refundView(refund: Refund): Record<string, unknown> {
  return { refund_id: refund.refund_id, charge_id: refund.charge_id, amount: refund.amount, reason: refund.reason, created: refund.created };
}

export const chargeSchema = objectOf({
  charge_id: text('Charge id, e.g. ch_17.'),
  customer_id: text('The customer charged.'),
  payment_method_id: text('The method charged.'),
  payment_method: text('That method in words, e.g. "Visa card ending in 4242".'),
  invoice_id: nullableText('The invoice it paid, if any.'),
  description: text('What it was for.'),
  amount: money('Amount captured, USD.'),
  amount_refunded: money('Refunded so far, USD.'),
  refundable: money('What can still be refunded, USD.'),
  status: oneOf(CHARGE_STATUSES, 'succeeded or failed (a failed charge captured nothing).'),
  failure_message: nullableText('Why it failed.'),
  created: text('When (ISO-8601, UTC).'),
  refunds: listOf(refundSchema, 'Its refunds, oldest first.'),
});

export function chargeView(charge: Charge, method: string, refunds: Refund[]): Record<string, unknown> {
  return {
    charge_id: charge.charge_id,
    customer_id: charge.customer_id,
    payment_method_id: charge.payment_method_id,
    payment_method: method,
    invoice_id: charge.invoice_id,
    description: charge.description,
    amount: charge.amount,
    amount_refunded: charge.amount_refunded,
    refundable: charge.status === 'succeeded' ? Math.round((charge.amount - charge.amount_refunded) * 100) / 100 : 0,
    status: charge.status,
    failure_message: charge.failure_message,
    created: charge.created,
    refunds: refunds.map(refundView),
  };
}

export const eventSchema = objectOf({
  event_id: text('Event id, e.g. evt_301 (ids grow with time).'),
  type: oneOf(EVENT_TYPES, 'What happened.'),
  object_id: text('The invoice, charge or refund it is about.'),
  customer_id: text('The customer concerned.'),
  created: text('When (ISO-8601, UTC).'),
});

export function eventView(event: PaymentEvent): Record<string, unknown> {
  return { event_id: event.event_id, type: event.type, object_id: event.object_id, customer_id: event.customer_id, created: event.created };
}

/** A tool's output: a closed object of these properties, all present. */
export function resultOf(properties: Record<string, JsonSchema>): JsonSchema {
  return objectOf(properties);
}
