import { expect } from 'chai';
import { entryValues } from '../../../servers/kit/bucketedRecord.js';
import { loadFixture } from '../../../servers/kit/fixtures.js';
import { domainRuntime, type DomainSession } from '../../../servers/kit/DomainSession.js';
import { paymentsDomain } from '../../../servers/payments/PaymentsDomain.js';
import type { PaymentsState } from '../../../servers/payments/PaymentsState.js';
import { generateWorld, renderWorld } from '../../../servers/payments/generateWorld.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../support/project.js';
import { ok } from '../support/domainCalls.js';

const runtime = domainRuntime(paymentsDomain);

function rejected(session: DomainSession<PaymentsState>, tool: string, args: Record<string, unknown>): string {
  const before = session.stateHashSync();
  const outcome = session.call(tool, args);
  if (outcome.ok) expect.fail(`${tool} should have failed but returned ${JSON.stringify(outcome.result).slice(0, 300)}`);
  expect(session.stateHashSync(), `${tool}: a rejected call changed the state`).to.equal(before);
  return outcome.error.message;
}

describe('payments: the world', () => {
  it('renderWorld(42) is the committed fixture byte for byte; another seed gives another world that keeps every invariant', () => {
    expect(renderWorld(42)).to.equal(readFileSync(join(REPO_ROOT, 'fixtures', 'payments', 'world.json'), 'utf8'));
    const other = generateWorld(7);
    expect(other).to.not.deep.equal(loadFixture<PaymentsState>('payments'));
    for (const invariant of paymentsDomain.invariants) expect(invariant.check(other, other), invariant.name).to.equal(undefined);
  });

  it('is large and varied: dozens of customers, hundreds of invoices in every status, charges, refunds and events up to the reference time', () => {
    const world = runtime.world;
    const invoices = entryValues(world.invoices);
    expect(Object.keys(world.customers).length).to.equal(40);
    expect(invoices.length).to.be.greaterThan(200);
    for (const status of ['draft', 'open', 'paid', 'void', 'uncollectible']) expect(invoices.filter((i) => i.status === status).length, status).to.be.greaterThan(3);
    expect(entryValues(world.charges).filter((c) => c.status === 'failed').length).to.be.greaterThan(3);
    expect(entryValues(world.refunds).length).to.be.greaterThan(10);
    expect(entryValues(world.events).every((e) => e.created <= paymentsDomain.defaultReferenceDate)).to.equal(true);
  });
});

describe('payments: rules', () => {
  it('refunds add up to the charge and never past it; an idempotent refund retry refunds once', () => {
    const session = runtime.openSession();
    const charge = ok(session, 'list_payment_charges', { status: 'succeeded', limit: 100 }).charges.find((c: { refundable: number }) => c.refundable >= 300);
    const first = ok(session, 'refund_payment_charge', { charge_id: charge.charge_id, amount: 100, idempotency_key: 'refund-abc-1' });
    const again = ok(session, 'refund_payment_charge', { charge_id: charge.charge_id, amount: 100, idempotency_key: 'refund-abc-1' });
    expect(again.replayed).to.equal(true);
    expect(again.refund).to.deep.equal(first.refund);
    expect(again.charge.amount_refunded).to.equal(charge.amount_refunded + 100);
    expect(rejected(session, 'refund_payment_charge', { charge_id: charge.charge_id, amount: 50, idempotency_key: 'refund-abc-1' })).to.include('already used');
    ok(session, 'refund_payment_charge', { charge_id: charge.charge_id });
    expect(rejected(session, 'refund_payment_charge', { charge_id: charge.charge_id, amount: 0.01 })).to.include('already fully refunded');
    expect(runtime.checkInvariants(session.state)).to.deep.equal([]);
  });

  it('an uncollectible invoice can still be paid or voided; a void one cannot be paid', () => {
    const session = runtime.openSession();
    const open = ok(session, 'list_payment_invoices', { status: 'uncollectible', limit: 100 }).invoices;
    const payable = open.find((i: { customer_id: string }) => !session.state.customers[i.customer_id].deleted);
    expect(ok(session, 'pay_payment_invoice', { invoice_id: payable.invoice_id }).invoice.status).to.equal('paid');
    const other = open.find((i: { invoice_id: string }) => i.invoice_id !== payable.invoice_id);
    ok(session, 'void_payment_invoice', { invoice_id: other.invoice_id });
    expect(rejected(session, 'pay_payment_invoice', { invoice_id: other.invoice_id })).to.include('void');
  });
});
