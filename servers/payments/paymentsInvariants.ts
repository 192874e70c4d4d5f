import type { DomainInvariant } from '../kit/Domain.js';
import { entryValues, getEntry, hasEntry } from '../kit/bucketedRecord.js';
import { addAmounts, fromCents, toCents, type PaymentsState } from './PaymentsState.js';

/** What every reachable payments state keeps. */
export const paymentsInvariants: DomainInvariant<PaymentsState>[] = [
  {
    name: 'a charge\'s refunds add up to its amount_refunded, never above what was captured; failed charges have none',
    check(state) {
      const byCharge = new Map<string, number>();
      for (const refund of entryValues(state.refunds)) byCharge.set(refund.charge_id, addAmounts(byCharge.get(refund.charge_id) ?? 0, refund.amount));
      for (const charge of entryValues(state.charges)) {
        const refunded = byCharge.get(charge.charge_id) ?? 0;
        if (refunded !== charge.amount_refunded) return `${charge.charge_id}: refunds sum to ${refunded}, amount_refunded is ${charge.amount_refunded}`;
        if (charge.amount_refunded > charge.amount) return `${charge.charge_id}: refunded ${charge.amount_refunded} of ${charge.amount}`;
        if (charge.status === 'failed' && charge.amount_refunded !== 0) return `${charge.charge_id}: a failed charge was refunded`;
        for (const id of charge.refund_ids) if (!hasEntry(state.refunds, id)) return `${charge.charge_id}: refund ${id} does not exist`;
      }
      return undefined;
    },
  },
  {
    name: 'invoice totals are the sum of their lines; amounts paid and due follow the status; paid invoices have a matching charge',
    check(state) {
      const numbers = new Set<string>();
      for (const invoice of entryValues(state.invoices)) {
        const at = invoice.invoice_id;
        for (const line of invoice.lines) if (toCents(line.amount) !== toCents(line.unit_amount) * line.quantity) return `${at}: line ${line.description} amount ${line.amount}`;
        if (toCents(invoice.total) !== invoice.lines.reduce((s, l) => s + toCents(l.amount), 0)) return `${at}: total ${invoice.total} is not the sum of its lines`;
        if ((invoice.number === null) !== (invoice.status === 'draft')) return `${at}: status ${invoice.status} with number ${invoice.number}`;
        if (invoice.number !== null) {
          if (numbers.has(invoice.number)) return `${at}: number ${invoice.number} used twice`;
          numbers.add(invoice.number);
          if (Number(invoice.number.split('-')[1]) >= state.merchant.next_invoice_number) return `${at}: number ${invoice.number} is not below the next number`;
        }
        const paid = invoice.status === 'paid';
        const expectedDue = paid || invoice.status === 'void' ? 0 : invoice.total;
        if (invoice.amount_due !== expectedDue || invoice.amount_paid !== (paid ? invoice.total : 0)) return `${at}: ${invoice.status} with paid ${invoice.amount_paid}, due ${invoice.amount_due}, total ${invoice.total}`;
        if (paid) {
          const charge = invoice.charge_id === null ? undefined : getEntry(state.charges, invoice.charge_id);
          if (charge === undefined || charge.status !== 'succeeded' || charge.invoice_id !== at || charge.amount !== invoice.total) return `${at}: paid without a matching succeeded charge`;
        } else if (invoice.charge_id !== null) return `${at}: ${invoice.status} but charge ${invoice.charge_id}`;
      }
      return undefined;
    },
  },
  {
    name: 'every event is about an existing invoice, charge or refund of its customer, and event ids only grow',
    check(state) {
      let previousNumber = 0;
      for (const event of entryValues(state.events)) {
        const number = Number(event.event_id.slice(4));
        if (number <= previousNumber) return `${event.event_id} is out of order`;
        previousNumber = number;
        const kind = event.object_id.split('_')[0];
        const record = kind === 'in' ? state.invoices : kind === 'ch' ? state.charges : kind === 're' ? state.refunds : undefined;
        if (record === undefined || !hasEntry(record as never, event.object_id)) return `${event.event_id}: ${event.object_id} does not exist`;
        if (!Object.hasOwn(state.customers, event.customer_id)) return `${event.event_id}: customer ${event.customer_id} does not exist`;
      }
      return undefined;
    },
  },
  {
    name: 'idempotency keys point at what their first request made; net captured equals gross captured minus refunds',
    check(state) {
      for (const key of Object.keys(state.idempotency_keys)) {
        const record = state.idempotency_keys[key];
        const target = record.object_id.startsWith('re_') ? state.refunds : state.charges;
        if (key !== `key:${record.key}` || !hasEntry(target as never, record.object_id)) return `idempotency key ${record.key} points at nothing`;
      }
      const charged = entryValues(state.charges).filter((c) => c.status === 'succeeded');
      const net = fromCents(charged.reduce((s, c) => s + toCents(c.amount) - toCents(c.amount_refunded), 0));
      const refunds = entryValues(state.refunds).reduce((s, r) => s + toCents(r.amount), 0);
      const gross = charged.reduce((s, c) => s + toCents(c.amount), 0);
      return fromCents(gross - refunds) === net ? undefined : `net ${net} differs from gross minus refunds ${fromCents(gross - refunds)}`;
    },
  },
];
