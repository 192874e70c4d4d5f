import type { DomainSampler } from '../kit/Domain.js';
import { entryValues } from '../kit/bucketedRecord.js';
import { addAmounts, describeMethod, formatAmount, isExpired, type PaymentCustomer, type PaymentsState } from './PaymentsState.js';

/**
 * Read-only discovery of what a payments conversation can be about. Collections carry the names
 * of the list tools' results (customers, invoices, charges, events), so that synthesis takes these
 * (entities a tool would accept) instead of listing everything. Each record has a label a person
 * would say: a name, an invoice number with its amount, a charge by amount, date and card.
 */

/** Whether a customer can be charged today with their default method. */
function chargeable(state: PaymentsState, customer: PaymentCustomer, today: string): boolean {
  const id = customer.default_payment_method_id;
  if (customer.deleted || id === null || !Object.hasOwn(state.payment_methods, id)) return false;
  const method = state.payment_methods[id];
  return !method.detached && !isExpired(method, today);
}

/** The day the state was last written: samplers have no clock, the newest event tells it. */
function todayOf(state: PaymentsState): string {
  const events = entryValues(state.events);
  return events.length > 0 ? events[events.length - 1].created.slice(0, 10) : '2026-03-16';
}

export const paymentsSamplers: DomainSampler<PaymentsState>[] = [
  {
    collection: 'customers',
    description: 'Customers who can be invoiced and charged: id, name, email, company.',
    sample(state) {
      const today = todayOf(state);
      return Object.values(state.customers)
        .filter((c) => chargeable(state, c, today))
        .map((c) => ({ customer_id: c.customer_id, name: c.name, email: c.email, company: c.company }));
    },
  },
  {
    collection: 'invoices',
    description: 'Open and draft invoices of customers who can pay them, labelled by customer, number and amount.',
    sample(state) {
      const today = todayOf(state);
      const out: Array<Record<string, unknown>> = [];
      for (const invoice of entryValues(state.invoices)) {
        if (invoice.status !== 'open' && invoice.status !== 'draft') continue;
        const customer = state.customers[invoice.customer_id];
        if (!chargeable(state, customer, today)) continue;
        const what = invoice.lines.map((l) => l.description.toLowerCase()).join(' and ');
        out.push({
          invoice_id: invoice.invoice_id,
          summary: invoice.status === 'draft'
            ? `the draft invoice for ${customer.name} (${what}, ${formatAmount(invoice.total)} USD)`
            : `${customer.name}'s invoice ${invoice.number} for ${formatAmount(invoice.total)} USD`,
          customer_id: invoice.customer_id,
          status: invoice.status,
          total: invoice.total,
        });
      }
      return out;
    },
  },
  {
    collection: 'charges',
    description: 'Succeeded charges with at least 250 USD still refundable, labelled by amount, date, customer and card.',
    sample(state) {
      const out: Array<Record<string, unknown>> = [];
      for (const charge of entryValues(state.charges)) {
        const refundable = addAmounts(charge.amount, -charge.amount_refunded);
        if (charge.status !== 'succeeded' || refundable < 250) continue;
        const customer = state.customers[charge.customer_id];
        const method = state.payment_methods[charge.payment_method_id];
        out.push({
          charge_id: charge.charge_id,
          summary: `the ${formatAmount(charge.amount)} USD charge to ${customer.name} on ${charge.created.slice(0, 10)} (${describeMethod(method)})`,
          customer_id: charge.customer_id,
          refundable,
        });
      }
      return out;
    },
  },
  {
    collection: 'payment_methods',
    description: 'Payment methods that can be charged today, with their owner.',
    sample(state) {
      const today = todayOf(state);
      return Object.values(state.payment_methods)
        .filter((m) => !m.detached && !isExpired(m, today) && !state.customers[m.customer_id].deleted)
        .map((m) => ({ payment_method_id: m.payment_method_id, name: `${state.customers[m.customer_id].name}'s ${describeMethod(m)}`, customer_id: m.customer_id, type: m.type }));
    },
  },
  {
    collection: 'services',
    description: 'The studio\'s price list as its invoices show it: what is sold and its usual unit price.',
    sample(state) {
      const prices = new Map<string, number>();
      for (const invoice of entryValues(state.invoices)) for (const line of invoice.lines) if (!prices.has(line.description)) prices.set(line.description, line.unit_amount);
      return [...prices].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([description, unit_amount]) => ({ description, unit_amount }));
    },
  },
  {
    collection: 'events',
    description: 'The 40 most recent events.',
    sample(state) {
      return entryValues(state.events).slice(-40).map((e) => ({ event_id: e.event_id, type: e.type, object_id: e.object_id, customer_id: e.customer_id }));
    },
  },
];
