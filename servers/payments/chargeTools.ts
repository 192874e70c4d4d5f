import { defineTool } from '../kit/Domain.js';
import { editEntry, getEntry } from '../kit/bucketedRecord.js';
import { idText, inputOf, integer, listOf, oneOf } from '../kit/schemas.js';
import { CHARGE_STATUSES, REFUND_REASONS, addAmounts, formatAmount, hasCents, type ChargeStatus, type PaymentsState, type Refund, type RefundReason } from './PaymentsState.js';
import { allCharges, requireCharge, requireCustomer, requireInvoice } from './paymentsLookups.js';
import { chargeSchema, refundSchema, refundView, resultOf } from './paymentsViews.js';
import { chargeResult, idempotencyKey, logEvent, stamp, priorRequest, rememberRequest } from './paymentsWrites.js';

export const listPaymentCharges = defineTool<PaymentsState, { customer_id?: string; invoice_id?: string; status?: ChargeStatus; limit?: number }>({
  name: 'list_payment_charges',
  description:
    'List charges (money captured from a customer\'s card or bank account), newest first, with the method charged, what they ' +
    'paid for, their refunds and what can still be refunded. Filter by customer, by invoice or by status. Use it to find the ' +
    'charge_id to refund.',
  input: inputOf({
    customer_id: idText('Only this customer\'s charges, e.g. cus_7.'),
    invoice_id: idText('Only charges for this invoice, e.g. in_42.'),
    status: oneOf(CHARGE_STATUSES, 'Only succeeded or only failed charges.'),
    limit: integer('How many to return (default 20).', { minimum: 1, maximum: 100 }),
  }),
  output: resultOf({
    charges: listOf(chargeSchema, 'The charges, newest first.'),
    count: integer('How many are returned.'),
    total_count: integer('How many match in all.'),
    captured: { type: 'number', description: 'Sum captured by the succeeded matches, USD.' },
    refunded: { type: 'number', description: 'Sum refunded on the matches, USD.' },
  }),
  annotations: { title: 'List charges', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    if (args.customer_id !== undefined) requireCustomer(ctx, args.customer_id);
    if (args.invoice_id !== undefined) requireInvoice(ctx, args.invoice_id);
    const matches = allCharges(ctx.base).filter(
      (c) => (args.customer_id === undefined || c.customer_id === args.customer_id) && (args.invoice_id === undefined || c.invoice_id === args.invoice_id) && (args.status === undefined || c.status === args.status),
    );
    matches.reverse();
    const shown = matches.slice(0, args.limit ?? 20).map((c) => chargeResult(ctx.base, c));
    const succeeded = matches.filter((c) => c.status === 'succeeded');
    return {
      charges: shown,
      count: shown.length,
      total_count: matches.length,
      captured: addAmounts(...succeeded.map((c) => c.amount)),
      refunded: addAmounts(...succeeded.map((c) => c.amount_refunded)),
    };
  },
});

export const refundPaymentCharge = defineTool<PaymentsState, { charge_id: string; amount?: number; reason?: RefundReason; idempotency_key?: string }>({
  name: 'refund_payment_charge',
  description:
    'Refund a succeeded charge in full or in part. Several partial refunds are allowed, but never more in all than was captured; ' +
    'a failed charge captured nothing and cannot be refunded. A refunded invoice payment leaves the invoice paid. Pass an ' +
    'idempotency_key to make a retry safe. Returns the refund and the charge with what remains refundable.',
  input: inputOf(
    {
      charge_id: idText('The charge, e.g. ch_17 (list_payment_charges gives them).'),
      amount: { type: 'number', exclusiveMinimum: 0, maximum: 1000000, description: 'USD to refund, at most two decimals (default: everything still refundable).' },
      reason: oneOf(REFUND_REASONS, 'Why (default requested_by_customer).'),
      idempotency_key: idempotencyKey,
    },
    ['charge_id'],
  ),
  output: resultOf({ refund: refundSchema, charge: chargeSchema, replayed: { type: 'boolean', description: 'True when an earlier request with this idempotency key is answered again and nothing new happened.' } }),
  annotations: { title: 'Refund charge', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const request = JSON.stringify({ charge_id: args.charge_id, amount: args.amount ?? null, reason: args.reason ?? 'requested_by_customer' });
    const prior = priorRequest(ctx, 'refund_payment_charge', args.idempotency_key, request);
    const charge = requireCharge(ctx, args.charge_id);
    if (prior !== undefined) {
      return { refund: refundView(getEntry(ctx.base.refunds, prior)!), charge: chargeResult(ctx.base, charge), replayed: true };
    }
    if (charge.status === 'failed') ctx.fail(`charge ${charge.charge_id} failed (${charge.failure_message}) and captured nothing; there is nothing to refund`);
    const refundable = addAmounts(charge.amount, -charge.amount_refunded);
    if (refundable <= 0) ctx.fail(`charge ${charge.charge_id} (${formatAmount(charge.amount)} USD) is already fully refunded`);
    const amount = args.amount ?? refundable;
    if (!hasCents(amount)) ctx.fail(`amount ${amount} has more than two decimals; refunds are in dollars and cents`);
    if (amount > refundable) {
      ctx.fail(`charge ${charge.charge_id} captured ${formatAmount(charge.amount)} USD and ${formatAmount(charge.amount_refunded)} USD is already refunded; at most ${formatAmount(refundable)} USD can still be refunded`);
    }
    const refund: Refund = { refund_id: ctx.nextId('re'), charge_id: charge.charge_id, amount, reason: args.reason ?? 'requested_by_customer', created: stamp(ctx) };
    editEntry(ctx, ['refunds'], refund.refund_id, refund);
    const updated = { ...charge, amount_refunded: addAmounts(charge.amount_refunded, amount), refund_ids: [...charge.refund_ids, refund.refund_id] };
    editEntry(ctx, ['charges'], charge.charge_id, updated);
    logEvent(ctx, 'charge.refunded', refund.refund_id, charge.customer_id);
    rememberRequest(ctx, 'refund_payment_charge', args.idempotency_key, request, refund.refund_id);
    // The result reads the refunds through the base state, which does not hold the new one yet.
    const view = chargeResult(ctx.base, updated) as { refunds: Refund[] };
    view.refunds.push(refundView(refund) as unknown as Refund);
    return { refund: refundView(refund), charge: view, replayed: false };
  },
});
