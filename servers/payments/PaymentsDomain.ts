import { defineDomain } from '../kit/Domain.js';
import { loadFixture } from '../kit/fixtures.js';
import { PAYMENTS_REFERENCE_DATE, type PaymentsState } from './PaymentsState.js';
import { listPaymentCharges, refundPaymentCharge } from './chargeTools.js';
import { listPaymentCustomers, listPaymentEvents } from './customerTools.js';
import { createPaymentInvoice, finalizePaymentInvoice, listPaymentInvoices, markPaymentInvoiceUncollectible, payPaymentInvoice, voidPaymentInvoice } from './invoiceTools.js';
import { paymentsInvariants } from './paymentsInvariants.js';
import { paymentsPhrasings } from './paymentsPhrasings.js';
import { paymentsScenarios } from './paymentsScenarios.js';
import { paymentsSamplers } from './paymentsSamplers.js';

/**
 * Online payments after Stripe: one merchant's account with customers, payment methods, invoices
 * (draft → open → paid / void / uncollectible), charges, partial refunds, idempotency keys and an
 * event log.
 */
export const paymentsDomain = defineDomain<PaymentsState>({
  name: 'payments',
  title: 'Online payments',
  category: 'finance',
  description:
    'A Stripe-like payments account of Brightline Studio, a design studio billing 40 clients: customers with cards and bank ' +
    'accounts (some expired or detached), invoices with line items moving draft → open → paid, void or uncollectible, charges ' +
    '(including failed attempts), partial and full refunds never above what was captured, idempotency keys that make retries ' +
    'safe, and an event log of everything that happened.',
  tools: [
    listPaymentCustomers,
    listPaymentInvoices,
    createPaymentInvoice,
    finalizePaymentInvoice,
    payPaymentInvoice,
    voidPaymentInvoice,
    markPaymentInvoiceUncollectible,
    listPaymentCharges,
    refundPaymentCharge,
    listPaymentEvents,
  ],
  loadWorld: () => loadFixture<PaymentsState>('payments'),
  defaultReferenceDate: PAYMENTS_REFERENCE_DATE,
  samplers: paymentsSamplers,
  invariants: paymentsInvariants,
  phrasings: paymentsPhrasings,
  scenarios: paymentsScenarios,
});

export default paymentsDomain;
