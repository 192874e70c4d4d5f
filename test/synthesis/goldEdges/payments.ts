import type { GoldGraph } from './types.js';

const INVOICE_SOURCES = ['list_payment_invoices', 'list_payment_charges', 'create_payment_invoice'];

export const gold: GoldGraph = {
  domain: 'payments',
  explicit: {
    create_payment_invoice: ['list_payment_customers', 'list_payment_invoices', 'list_payment_charges', 'list_payment_events'],
    finalize_payment_invoice: INVOICE_SOURCES,
    pay_payment_invoice: INVOICE_SOURCES,
    void_payment_invoice: INVOICE_SOURCES,
    mark_payment_invoice_uncollectible: INVOICE_SOURCES,
    // Paying an invoice makes a charge.
    refund_payment_charge: ['list_payment_charges', 'list_payment_invoices', 'pay_payment_invoice'],
  },
  // Corrected (issue #17 part 5): a draft is refused payment ("is a draft; finalize it with
  // finalize_payment_invoice before paying"). First labelled without it.
  implicit: [['finalize_payment_invoice', 'pay_payment_invoice']],
};
