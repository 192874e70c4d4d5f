import { expect } from 'chai';
import type { ToolCase } from '../ToolCase.js';

/**
 * Conformance cases of the payments domain, played in order on one fresh session of the seed-42
 * world (fixtures/payments/world.json, reference date 2026-03-16T10:00Z). Ruth Holt (cus_3) pays
 * by Visa pm_5 (her bank account pm_6 was detached). The studio drafts, finalizes and collects an
 * invoice for her, retries the payment with the same idempotency key, refunds part and then the
 * rest; voids and writes off other clients' invoices. New ids continue after the world's highest:
 * in_222, ch_200, re_32; invoice numbers after BRL-0212.
 */
export const paymentsCases: ToolCase[] = [
  {
    title: 'a customer is found by part of her name, with her attached methods and what she owes',
    tool: 'list_payment_customers',
    args: { search: 'ruth holt' },
    ok: true,
    check: (r) => {
      expect(r.count).to.equal(1);
      expect(r.customers[0]).to.include({ customer_id: 'cus_3', name: 'Ruth Holt', default_payment_method_id: 'pm_5' });
      expect(r.customers[0].payment_methods.map((m: { payment_method_id: string }) => m.payment_method_id)).to.deep.equal(['pm_5']);
    },
  },
  { title: 'a limit of zero is refused by the schema', tool: 'list_payment_customers', args: { limit: 0 }, ok: false, errorIncludes: ['limit'] },
  {
    title: 'a client\'s open invoices, with what is due',
    tool: 'list_payment_invoices',
    args: { customer_id: 'cus_17', status: 'open' },
    ok: true,
    check: (r) => {
      expect(r.invoices.map((i: { invoice_id: string }) => i.invoice_id)).to.include('in_8');
      expect(r.invoices.every((i: { status: string; customer_name: string }) => i.status === 'open')).to.equal(true);
      expect(r.amount_due).to.be.greaterThan(0);
    },
  },
  { title: 'an unknown customer names the closest id', tool: 'list_payment_invoices', args: { customer_id: 'cus_399' }, ok: false, errorIncludes: ['cus_399', 'not found', 'did you mean', 'list_payment_customers'] },
  {
    title: 'a draft invoice with two lines; quantity defaults to 1',
    tool: 'create_payment_invoice',
    args: { customer_id: 'cus_3', lines: [{ description: 'Logo design', unit_amount: 850 }, { description: 'Maintenance hours', quantity: 3, unit_amount: 95 }], memo: 'Net 14' },
    ok: true,
    check: (r) => {
      expect(r.invoice).to.include({ invoice_id: 'in_222', status: 'draft', number: null, total: 1135, amount_due: 1135, memo: 'Net 14', created: '2026-03-16T10:00:00Z' });
      expect(r.invoice.lines[1]).to.deep.equal({ description: 'Maintenance hours', quantity: 3, unit_amount: 95, amount: 285 });
    },
  },
  { title: 'a deleted customer cannot be invoiced', tool: 'create_payment_invoice', args: { customer_id: 'cus_13', lines: [{ description: 'Logo design', unit_amount: 850 }] }, ok: false, errorIncludes: ['cus_13', 'deleted'] },
  { title: 'a price with fractions of a cent is refused', tool: 'create_payment_invoice', args: { customer_id: 'cus_3', lines: [{ description: 'Stickers', unit_amount: 10.005 }] }, ok: false, errorIncludes: ['two decimals'] },
  {
    title: 'finalizing gives the next invoice number and a due date',
    tool: 'finalize_payment_invoice',
    args: { invoice_id: 'in_222', days_until_due: 14 },
    ok: true,
    check: (r) => expect(r.invoice).to.include({ status: 'open', number: 'BRL-0213', due_date: '2026-03-30', overdue: false }),
  },
  { title: 'an open invoice cannot be finalized again', tool: 'finalize_payment_invoice', args: { invoice_id: 'in_8' }, ok: false, errorIncludes: ['already finalized', 'BRL-0008', 'only draft'] },
  { title: 'a draft cannot be paid before it is finalized', tool: 'pay_payment_invoice', args: { invoice_id: 'in_212' }, ok: false, errorIncludes: ['draft', 'finalize_payment_invoice'] },
  { title: 'a detached method cannot be charged; the usable ones are named', tool: 'pay_payment_invoice', args: { invoice_id: 'in_222', payment_method_id: 'pm_6' }, ok: false, errorIncludes: ['pm_6', 'detached', 'pm_5'] },
  { title: 'another customer\'s method is not found for this one', tool: 'pay_payment_invoice', args: { invoice_id: 'in_222', payment_method_id: 'pm_1' }, ok: false, errorIncludes: ['pm_1', 'not found', 'cus_3'] },
  {
    title: 'paying charges the default card and marks the invoice paid',
    tool: 'pay_payment_invoice',
    args: { invoice_id: 'in_222', idempotency_key: 'retry-0001' },
    ok: true,
    check: (r) => {
      expect(r.replayed).to.equal(false);
      expect(r.invoice).to.include({ status: 'paid', amount_paid: 1135, amount_due: 0, charge_id: 'ch_200' });
      expect(r.charge).to.include({ charge_id: 'ch_200', amount: 1135, status: 'succeeded', payment_method: 'Visa card ending in 5195', refundable: 1135 });
    },
  },
  {
    title: 'a retry with the same idempotency key answers the first result and charges nothing',
    tool: 'pay_payment_invoice',
    args: { invoice_id: 'in_222', idempotency_key: 'retry-0001' },
    ok: true,
    check: (r) => expect(r).to.deep.include({ replayed: true }) && expect(r.charge.charge_id).to.equal('ch_200'),
  },
  { title: 'the same key with other arguments is refused', tool: 'pay_payment_invoice', args: { invoice_id: 'in_8', idempotency_key: 'retry-0001' }, ok: false, errorIncludes: ['retry-0001', 'already used', 'new key'] },
  { title: 'an expired card is refused with its expiry and the usable methods', tool: 'pay_payment_invoice', args: { invoice_id: 'in_33', payment_method_id: 'pm_8' }, ok: false, errorIncludes: ['pm_8', 'expired'] },
  { title: 'a paid invoice is not paid twice', tool: 'pay_payment_invoice', args: { invoice_id: 'in_222' }, ok: false, errorIncludes: ['already paid', 'ch_200'] },
  {
    title: 'an open invoice is voided: nothing is due any more',
    tool: 'void_payment_invoice',
    args: { invoice_id: 'in_23' },
    ok: true,
    check: (r) => expect(r.invoice).to.include({ status: 'void', amount_due: 0 }),
  },
  { title: 'a paid invoice is not voided: its charge is refunded instead', tool: 'void_payment_invoice', args: { invoice_id: 'in_222' }, ok: false, errorIncludes: ['paid', 'refund', 'ch_200'] },
  {
    title: 'an open invoice is written off as uncollectible and is still owed',
    tool: 'mark_payment_invoice_uncollectible',
    args: { invoice_id: 'in_42' },
    ok: true,
    check: (r) => expect(r.invoice).to.include({ status: 'uncollectible', amount_due: 1500 }),
  },
  { title: 'a void invoice cannot be marked uncollectible', tool: 'mark_payment_invoice_uncollectible', args: { invoice_id: 'in_23' }, ok: false, errorIncludes: ['void', 'only open'] },
  {
    title: 'the charges of an invoice',
    tool: 'list_payment_charges',
    args: { invoice_id: 'in_222' },
    ok: true,
    check: (r) => expect(r).to.include({ count: 1, captured: 1135, refunded: 0 }),
  },
  { title: 'a prototype name is not a customer', tool: 'list_payment_charges', args: { customer_id: 'constructor' }, ok: false, errorIncludes: ['constructor', 'not found'] },
  {
    title: 'a partial refund',
    tool: 'refund_payment_charge',
    args: { charge_id: 'ch_200', amount: 200, reason: 'requested_by_customer' },
    ok: true,
    check: (r) => {
      expect(r.refund).to.include({ refund_id: 're_32', amount: 200 });
      expect(r.charge).to.include({ amount_refunded: 200, refundable: 935 });
      expect(r.charge.refunds).to.have.length(1);
    },
  },
  { title: 'a refund above what remains is refused with what can still be refunded', tool: 'refund_payment_charge', args: { charge_id: 'ch_200', amount: 1000 }, ok: false, errorIncludes: ['1,135.00', '200.00', 'at most 935.00'] },
  { title: 'a failed charge captured nothing to refund', tool: 'refund_payment_charge', args: { charge_id: 'ch_8' }, ok: false, errorIncludes: ['ch_8', 'failed', 'nothing to refund'] },
  {
    title: 'without an amount, the rest is refunded',
    tool: 'refund_payment_charge',
    args: { charge_id: 'ch_200' },
    ok: true,
    check: (r) => expect(r.charge).to.include({ amount_refunded: 1135, refundable: 0 }),
  },
  {
    title: 'the event log of one invoice, newest first',
    tool: 'list_payment_events',
    args: { object_id: 'in_222' },
    ok: true,
    check: (r) => expect(r.events.map((e: { type: string }) => e.type)).to.deep.equal(['invoice.paid', 'invoice.finalized', 'invoice.created']),
  },
  { title: 'events about an object that does not exist are refused', tool: 'list_payment_events', args: { object_id: 'in_99999' }, ok: false, errorIncludes: ['in_99999'] },
];
