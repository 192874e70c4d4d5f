import type { BucketedRecord } from '../kit/bucketedRecord.js';
import { addDays } from '../kit/days.js';
import { toCents, fromCents, hasCents, formatAmount } from '../kit/money.js';
export { toCents, fromCents, hasCents, formatAmount };
export { addDays };

/**
 * The state of the payments domain: one merchant's Stripe account (Brightline Studio, a design and
 * web studio billing its clients), with customers, their payment methods, invoices with line items,
 * charges with refunds, an event log and the idempotency keys of past requests.
 */

export const PAYMENTS_REFERENCE_DATE = '2026-03-16T10:00:00Z';

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const CHARGE_STATUSES = ['succeeded', 'failed'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];
export const REFUND_REASONS = ['requested_by_customer', 'duplicate', 'fraudulent'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const EVENT_TYPES = [
  'invoice.created',
  'invoice.finalized',
  'invoice.paid',
  'invoice.voided',
  'invoice.marked_uncollectible',
  'charge.succeeded',
  'charge.failed',
  'charge.refunded',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface PaymentCustomer {
  customer_id: string;
  name: string;
  email: string;
  company: string | null;
  created: string;
  /** Deleted customers keep their history but take no new invoices or payments. */
  deleted: boolean;
  default_payment_method_id: string | null;
}

export interface PaymentMethod {
  payment_method_id: string;
  customer_id: string;
  type: 'card' | 'us_bank_account';
  /** Card brand, or the bank's name for a bank account. */
  brand: string;
  last4: string;
  /** Card expiry; null for bank accounts. */
  exp_month: number | null;
  exp_year: number | null;
  /** Detached methods stay on past charges but cannot be charged. */
  detached: boolean;
}

export interface InvoiceLine {
  description: string;
  quantity: number;
  unit_amount: number;
  amount: number;
}

export interface Invoice {
  invoice_id: string;
  /** Set when the invoice is finalized, e.g. BRL-0042. */
  number: string | null;
  customer_id: string;
  status: InvoiceStatus;
  currency: 'usd';
  lines: InvoiceLine[];
  total: number;
  amount_paid: number;
  amount_due: number;
  memo: string | null;
  created: string;
  finalized_at: string | null;
  due_date: string | null;
  paid_at: string | null;
  voided_at: string | null;
  charge_id: string | null;
}

export interface Charge {
  charge_id: string;
  customer_id: string;
  payment_method_id: string;
  invoice_id: string | null;
  amount: number;
  amount_refunded: number;
  currency: 'usd';
  status: ChargeStatus;
  failure_message: string | null;
  description: string;
  created: string;
  refund_ids: string[];
}

export interface Refund {
  refund_id: string;
  charge_id: string;
  amount: number;
  reason: RefundReason;
  created: string;
}

export interface PaymentEvent {
  event_id: string;
  type: EventType;
  /** The invoice, charge or refund the event is about. */
  object_id: string;
  customer_id: string;
  created: string;
}

/** What an idempotency key remembers: the request it was first used with and what that request made. */
export interface IdempotencyRecord {
  key: string;
  tool: string;
  /** Canonical JSON of the arguments without the key. */
  request: string;
  /** The charge or refund the first request created. */
  object_id: string;
  created: string;
}

export interface PaymentsState {
  merchant: { name: string; invoice_prefix: string; next_invoice_number: number; currency: 'usd' };
  customers: Record<string, PaymentCustomer>;
  payment_methods: Record<string, PaymentMethod>;
  invoices: BucketedRecord<Invoice>;
  charges: BucketedRecord<Charge>;
  refunds: BucketedRecord<Refund>;
  events: BucketedRecord<PaymentEvent>;
  /** By `key:<the key>` (a prefix, so that no key can name an Object.prototype member). */
  idempotency_keys: Record<string, IdempotencyRecord>;
}

/** Integer cents of an amount in major units. */
/** Major units of integer cents. */
/** Sum of amounts, exact to the cent. */
export const addAmounts = (...amounts: number[]): number => fromCents(amounts.reduce((sum, a) => sum + toCents(a), 0));


/** Whether a card has expired by `today` (valid through the end of its expiry month). */
export function isExpired(method: PaymentMethod, today: string): boolean {
  if (method.exp_year === null || method.exp_month === null) return false;
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return method.exp_year < year || (method.exp_year === year && method.exp_month < month);
}

/** "Visa ending in 4242". */
export function describeMethod(method: PaymentMethod): string {
  return method.type === 'card' ? `${method.brand} card ending in ${method.last4}` : `${method.brand} account ending in ${method.last4}`;
}
