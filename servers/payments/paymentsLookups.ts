import type { ToolContext } from '../kit/Domain.js';
import { entryValues } from '../kit/bucketedRecord.js';
import { requireBucketed, requireOwn } from '../kit/lookups.js';
import { describeMethod, formatAmount, isExpired, type Charge, type Invoice, type PaymentCustomer, type PaymentMethod, type PaymentsState } from './PaymentsState.js';

/**
 * The lookups every payments tool shares. They read the frozen base state; an unknown id is a
 * failure naming the closest valid one and the tool that lists them.
 */

type Context = ToolContext<PaymentsState>;

export function requireCustomer(ctx: Context, customerId: string): PaymentCustomer {
  return requireOwn(ctx.base.customers, customerId, ctx.fail, { noun: 'customer', where: 'list_payment_customers finds customers by name or email', label: (c) => c.name });
}

/** A customer that may still be invoiced and charged. */
export function requireActiveCustomer(ctx: Context, customerId: string): PaymentCustomer {
  const customer = requireCustomer(ctx, customerId);
  if (customer.deleted) ctx.fail(`customer ${customer.customer_id} (${customer.name}) was deleted; deleted customers keep their history but cannot be invoiced or charged`);
  return customer;
}

export function requireInvoice(ctx: Context, invoiceId: string): Invoice {
  return requireBucketed(ctx.base.invoices, invoiceId, ctx.fail, {
    noun: 'invoice',
    where: 'list_payment_invoices lists a customer\'s invoices',
    label: (i) => `${i.number ?? 'draft'}, ${formatAmount(i.total)} USD`,
  });
}

export function requireCharge(ctx: Context, chargeId: string): Charge {
  return requireBucketed(ctx.base.charges, chargeId, ctx.fail, {
    noun: 'charge',
    where: 'list_payment_charges lists a customer\'s charges',
    label: (c) => `${formatAmount(c.amount)} USD on ${c.created.slice(0, 10)}`,
  });
}

/**
 * The payment method a charge for `customer` would use: the one named (it must be the customer's,
 * attached and unexpired) or the customer's default.
 */
export function chargeableMethod(ctx: Context, customer: PaymentCustomer, methodId: string | undefined): PaymentMethod {
  const methods = ctx.base.payment_methods;
  const own = Object.values(methods).filter((m) => m.customer_id === customer.customer_id);
  const usable = own.filter((m) => !m.detached && !isExpired(m, ctx.today));
  const usableText = usable.length > 0 ? `usable: ${usable.map((m) => `${m.payment_method_id} (${describeMethod(m)})`).join(', ')}` : 'the customer has no usable payment method';
  const id = methodId ?? customer.default_payment_method_id;
  if (id === null) ctx.fail(`customer ${customer.customer_id} (${customer.name}) has no default payment method; pass payment_method_id (${usableText})`);
  const method = Object.hasOwn(methods, id) ? methods[id] : undefined;
  if (method === undefined || method.customer_id !== customer.customer_id) {
    ctx.fail(`payment method ${id} not found for customer ${customer.customer_id} (${customer.name}); ${usableText}`);
  }
  if (method.detached) ctx.fail(`payment method ${id} (${describeMethod(method)}) was detached and cannot be charged; ${usableText}`);
  if (isExpired(method, ctx.today)) {
    ctx.fail(`payment method ${id} (${describeMethod(method)}) expired at the end of ${method.exp_year}-${String(method.exp_month).padStart(2, '0')}; ${usableText}`);
  }
  return method;
}

/** Every invoice, oldest first (bucket order is id order, and ids follow creation). */
export function allInvoices(state: PaymentsState): Invoice[] {
  return entryValues(state.invoices);
}

export function allCharges(state: PaymentsState): Charge[] {
  return entryValues(state.charges);
}
