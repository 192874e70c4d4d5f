import { expect } from 'chai';
import { bankingDomain } from '../../../servers/banking/BankingDomain.js';
import { addDays, transactionsOf, type BankingState } from '../../../servers/banking/BankingState.js';
import { generateWorld } from '../../../servers/banking/generateWorld.js';
import { loadFixture } from '../../../servers/kit/fixtures.js';
import { domainRuntime, type DomainSession } from '../../../servers/kit/DomainSession.js';
import { bankingCases } from './cases.js';
import { ok } from '../support/domainCalls.js';

const runtime = domainRuntime(bankingDomain);
const TODAY = '2026-03-16';

function open(): DomainSession<BankingState> {
  return runtime.openSession();
}

/** Call a tool that must fail; checks that nothing changed and returns the message. */
function rejected(session: DomainSession<BankingState>, tool: string, args: Record<string, unknown>): string {
  const before = session.stateHashSync();
  const outcome = session.call(tool, args);
  if (outcome.ok) expect.fail(`${tool} should have failed but returned ${JSON.stringify(outcome.result).slice(0, 300)}`);
  expect(session.stateHashSync(), `${tool}: a rejected call changed the state`).to.equal(before);
  return outcome.error.message;
}

function balance(session: DomainSession<BankingState>, accountId: string): any {
  return ok(session, 'get_bank_account_balance', { account_id: accountId });
}

/** Sum of current balances per currency over a customer's accounts. */
function totals(session: DomainSession<BankingState>, customerId: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const account of ok(session, 'list_bank_accounts', { customer_id: customerId, include_closed: true }).accounts) {
    out[account.currency] = Math.round(((out[account.currency] ?? 0) + account.current_balance) * 100) / 100;
  }
  return out;
}

describe('banking: the world', () => {
  it('generateWorld(42) reproduces the committed fixture exactly; another seed gives another world', () => {
    const world = generateWorld(42);
    expect(world).to.deep.equal(loadFixture<BankingState>('banking'));
    expect(generateWorld(42)).to.deep.equal(world);
    expect(generateWorld(7)).to.not.deep.equal(world);
  });

  it('a world from another seed keeps every invariant', () => {
    const other = generateWorld(7);
    for (const invariant of bankingDomain.invariants) expect(invariant.check(other, other), invariant.name).to.equal(undefined);
  });

  it('is large and varied enough for thousands of grounded queries', () => {
    const world = runtime.world;
    const customers = Object.values(world.customers);
    const accounts = customers.flatMap((c) => Object.values(c.accounts));
    const transactions = accounts.flatMap(transactionsOf);
    expect(customers).to.have.length(25);
    expect(accounts.length).to.be.at.least(60);
    expect(new Set(accounts.map((a) => a.type))).to.have.property('size', 3);
    expect(new Set(accounts.map((a) => a.currency))).to.have.property('size', 3);
    expect(accounts.filter((a) => a.status === 'closed').length).to.be.at.least(3);
    expect(transactions.length).to.be.at.least(1500);
    expect(new Set(transactions.map((t) => t.category)).size).to.be.at.least(20);
    expect(new Set(transactions.map((t) => t.merchant_name).filter((m) => m !== null)).size).to.be.at.least(50);
    expect(customers.flatMap((c) => Object.values(c.payees)).length).to.be.at.least(120);
    const cards = customers.flatMap((c) => Object.values(c.cards));
    expect(cards.length).to.be.at.least(50);
    for (const status of ['active', 'frozen', 'lost', 'stolen', 'expired']) expect(cards.some((c) => c.status === status), status).to.equal(true);
    const transfers = customers.flatMap((c) => Object.values(c.transfers));
    for (const status of ['scheduled', 'pending', 'posted', 'cancelled']) expect(transfers.some((t) => t.status === status), status).to.equal(true);
  });

  it('covers the 90 days before the reference date and nothing after it', () => {
    const dates = Object.values(runtime.world.customers).flatMap((c) => Object.values(c.accounts).flatMap(transactionsOf)).map((t) => t.date).sort();
    expect(dates[0] >= addDays(TODAY, -90)).to.equal(true);
    expect(dates[dates.length - 1]).to.equal(TODAY);
    expect(bankingDomain.defaultReferenceDate).to.equal('2026-03-16T10:00:00Z');
  });

  it('holds every invariant in the initial world', () => {
    expect(runtime.checkInvariants(runtime.world)).to.deep.equal([]);
  });
});

describe('banking: money movement', () => {
  it('a transfer larger than the balance is rejected and leaves both balances unchanged', () => {
    const session = open();
    const from = balance(session, 'acc_41');
    const to = balance(session, 'acc_42');
    const message = rejected(session, 'transfer_between_bank_accounts', { from_account_id: 'acc_41', to_account_id: 'acc_42', amount: 5000 });
    expect(message).to.include('has only 1353.85 USD available');
    expect(balance(session, 'acc_41')).to.deep.equal(from);
    expect(balance(session, 'acc_42')).to.deep.equal(to);
  });

  it('a transfer between own accounts moves money without changing the customer\'s total', () => {
    const session = open();
    const before = totals(session, 'cus_15');
    ok(session, 'transfer_between_bank_accounts', { from_account_id: 'acc_41', to_account_id: 'acc_42', amount: 123.45 });
    ok(session, 'transfer_between_bank_accounts', { from_account_id: 'acc_44', to_account_id: 'acc_43', amount: 1000 });
    expect(totals(session, 'cus_15')).to.deep.equal(before);
    expect(balance(session, 'acc_41').current_balance).to.equal(730.4);
    expect(balance(session, 'acc_42').current_balance).to.equal(-1693.15);
  });

  it('checking may go down to minus its overdraft limit, and not one cent further', () => {
    const session = open();
    const result = ok(session, 'transfer_between_bank_accounts', { from_account_id: 'acc_41', to_account_id: 'acc_42', amount: 1353.85 });
    expect(result.from_account).to.include({ available_balance: -500, available_to_spend: 0 });
    const message = rejected(session, 'transfer_between_bank_accounts', { from_account_id: 'acc_41', to_account_id: 'acc_42', amount: 0.01 });
    expect(message).to.include('has only 0.00 USD available');
  });

  it('savings have no overdraft: the message states the balance alone', () => {
    const session = open();
    const message = rejected(session, 'transfer_between_bank_accounts', { from_account_id: 'acc_26', to_account_id: 'acc_25', amount: 2000 });
    expect(message).to.include('has only 1098.24 USD available; requested 2000.00 USD');
  });

  it('the daily limit counts scheduled transfers on their execution day, and cancelling frees it', () => {
    const session = open();
    const first = ok(session, 'transfer_between_bank_accounts', { from_account_id: 'acc_41', to_account_id: 'acc_42', amount: 7000, scheduled_date: '2026-03-20' });
    expect(first.transfer.status).to.equal('scheduled');
    expect(first.from_account.available_balance).to.equal(853.85);
    const message = rejected(session, 'transfer_between_bank_accounts', { from_account_id: 'acc_41', to_account_id: 'acc_42', amount: 600, scheduled_date: '2026-03-20' });
    expect(message).to.include('at most 500.00 USD remains that day');
    ok(session, 'transfer_between_bank_accounts', { from_account_id: 'acc_41', to_account_id: 'acc_42', amount: 600, scheduled_date: '2026-03-21' });
    ok(session, 'cancel_bank_transfer', { transfer_id: first.transfer.transfer_id });
    ok(session, 'transfer_between_bank_accounts', { from_account_id: 'acc_41', to_account_id: 'acc_42', amount: 600, scheduled_date: '2026-03-20' });
  });

  it('a payment is pending: it lowers the available balance, not the current one; cancelling it the same day restores both', () => {
    const session = open();
    const before = balance(session, 'acc_41');
    const payment = ok(session, 'pay_bank_payee', { from_account_id: 'acc_41', payee_id: 'pye_90', amount: 200, memo: 'Birthday' });
    expect(payment.transfer.status).to.equal('pending');
    const during = balance(session, 'acc_41');
    expect(during.current_balance).to.equal(before.current_balance);
    expect(during.available_balance).to.equal(653.85);
    const pending = ok(session, 'list_bank_transactions', { customer_id: 'cus_15', status: 'pending', account_id: 'acc_41' });
    expect(pending.transactions.map((t: { transfer_id: string }) => t.transfer_id)).to.deep.equal([payment.transfer.transfer_id]);
    ok(session, 'cancel_bank_transfer', { transfer_id: payment.transfer.transfer_id });
    expect(balance(session, 'acc_41')).to.deep.equal(before);
    expect(ok(session, 'list_bank_transactions', { customer_id: 'cus_15', status: 'pending', account_id: 'acc_41' }).total_count).to.equal(0);
    const gone = rejected(session, 'get_bank_transaction', { transaction_id: payment.transfer.transaction_ids[0] });
    expect(gone).to.include('not found');
  });

  it('a payee added today takes at most 1000.00 today in total, but a later day is not limited', () => {
    const session = open();
    const payee = ok(session, 'add_bank_payee', { customer_id: 'cus_14', name: 'Sam Ortiz', account_number: '99887766', routing_number: '121000248' }).payee;
    ok(session, 'pay_bank_payee', { from_account_id: 'acc_39', payee_id: payee.payee_id, amount: 600 });
    const message = rejected(session, 'pay_bank_payee', { from_account_id: 'acc_39', payee_id: payee.payee_id, amount: 600 });
    expect(message).to.include('600.00 USD already sent').and.include('at most 400.00 USD now');
    ok(session, 'pay_bank_payee', { from_account_id: 'acc_39', payee_id: payee.payee_id, amount: 2500, scheduled_date: addDays(TODAY, 1) });
  });

  it('a payee in a foreign-currency bank defaults to that currency and can be paid from the matching account only', () => {
    const session = open();
    const payee = ok(session, 'add_bank_payee', { customer_id: 'cus_15', name: 'Jonas Weber', account_number: '445566778899', routing_number: '021001033' }).payee;
    expect(payee).to.include({ currency: 'EUR', bank_name: 'Deutsche Bank (EUR correspondent)' });
    expect(rejected(session, 'add_bank_payee', { customer_id: 'cus_15', name: 'Jonas Weber', account_number: '445566778800', routing_number: '021001033', currency: 'USD' })).to.include('takes EUR payments');
    expect(rejected(session, 'pay_bank_payee', { from_account_id: 'acc_41', payee_id: payee.payee_id, amount: 50 })).to.include('acc_43');
    ok(session, 'pay_bank_payee', { from_account_id: 'acc_43', payee_id: payee.payee_id, amount: 50 });
  });

  it('the transaction search totals agree with the transactions it matches', () => {
    const session = open();
    const all = ok(session, 'list_bank_transactions', { customer_id: 'cus_15', category: 'groceries', limit: 100 });
    expect(all.has_more).to.equal(false);
    expect(all.totals.map((t: { currency: string }) => t.currency)).to.deep.equal(['EUR', 'USD']);
    const sum = all.transactions.filter((t: { direction: string; currency: string }) => t.direction === 'debit' && t.currency === 'USD').reduce((s: number, t: { amount: number }) => s + Math.round(t.amount * 100), 0) / 100;
    expect(all.totals.find((t: { currency: string }) => t.currency === 'USD')?.debits ?? 0).to.equal(sum);
    const paged = ok(session, 'list_bank_transactions', { customer_id: 'cus_15', limit: 5, offset: 5 });
    const first = ok(session, 'list_bank_transactions', { customer_id: 'cus_15', limit: 10 });
    expect(paged.transactions).to.deep.equal(first.transactions.slice(5, 10));
    expect(paged.has_more).to.equal(true);
  });
});

describe('banking: cards', () => {
  it('freezing and unfreezing is visible in list_bank_cards', () => {
    const session = open();
    ok(session, 'freeze_bank_card', { card_id: 'card_13' });
    const frozen = ok(session, 'list_bank_cards', { customer_id: 'cus_15', status: 'frozen' }).cards;
    expect(frozen.map((c: { card_id: string }) => c.card_id)).to.deep.equal(['card_13']);
    ok(session, 'unfreeze_bank_card', { card_id: 'card_13' });
    expect(ok(session, 'list_bank_cards', { customer_id: 'cus_15', status: 'frozen' }).count).to.equal(0);
  });

  it('a card reported lost is blocked for every card tool, and its replacement works with the same PIN', () => {
    const session = open();
    const report = ok(session, 'report_bank_card_lost', { card_id: 'card_19', reason: 'lost' });
    const replacement = report.replacement_card;
    expect(replacement.last4).to.not.equal('3668');
    expect(replacement).to.include({ account_id: 'acc_43', daily_spending_limit: 3000, replaces: 'card_19' });
    const cards = ok(session, 'list_bank_cards', { customer_id: 'cus_15' }).cards.map((c: { card_id: string; status: string }) => `${c.card_id}:${c.status}`);
    expect(cards).to.include.members(['card_19:lost', `${replacement.card_id}:active`]);
    for (const [tool, args] of [
      ['freeze_bank_card', { card_id: 'card_19' }],
      ['unfreeze_bank_card', { card_id: 'card_19' }],
      ['set_bank_card_spending_limit', { card_id: 'card_19', daily_limit: 100 }],
      ['change_bank_card_pin', { card_id: 'card_19', current_pin: '2238', new_pin: '8042' }],
      ['report_bank_card_lost', { card_id: 'card_19', reason: 'stolen' }],
    ] as const) {
      expect(rejected(session, tool, args), tool).to.include(`use its replacement ${replacement.card_id}`);
    }
    ok(session, 'change_bank_card_pin', { card_id: replacement.card_id, current_pin: '2238', new_pin: '8042' });
  });

  it('after a PIN change the old PIN no longer works', () => {
    const session = open();
    ok(session, 'change_bank_card_pin', { card_id: 'card_13', current_pin: '6056', new_pin: '3170' });
    expect(rejected(session, 'change_bank_card_pin', { card_id: 'card_13', current_pin: '6056', new_pin: '4821' })).to.include('does not match');
    ok(session, 'change_bank_card_pin', { card_id: 'card_13', current_pin: '3170', new_pin: '4821' });
  });

  it('no tool result ever contains a PIN or a full account number', () => {
    const session = open();
    const text = JSON.stringify([
      ok(session, 'list_bank_cards', { customer_id: 'cus_15' }),
      ok(session, 'list_bank_payees', { customer_id: 'cus_15', include_removed: true }),
      ok(session, 'report_bank_card_lost', { card_id: 'card_38', reason: 'stolen' }),
      ok(session, 'change_bank_card_pin', { card_id: 'card_13', current_pin: '6056', new_pin: '3170' }),
    ]);
    expect(text).to.not.match(/"pin"/);
    expect(text).to.not.include('44424606393');
    expect(text).to.not.include('"account_number"');
  });

  it('secret parameters are flagged as sensitive', () => {
    const sensitive = Object.fromEntries(bankingDomain.tools.filter((t) => t.sensitive).map((t) => [t.name, t.sensitive]));
    expect(sensitive).to.deep.equal({ add_bank_payee: ['account_number'], change_bank_card_pin: ['current_pin', 'new_pin'] });
  });
});

describe('banking: invariants and samplers', () => {
  it('every invariant still holds after the conformance cases', () => {
    const session = open();
    for (const item of bankingCases) session.call(item.tool, item.args);
    expect(runtime.checkInvariants(session.state)).to.deep.equal([]);
    expect(session.stateHashSync()).to.not.equal(session.initialStateHash());
  });

  it('the invariants catch a broken ledger', () => {
    const world = structuredClone(runtime.world) as BankingState;
    const checking = world.customers.cus_15.accounts.acc_41;
    checking.current_balance = 5000;
    checking.available_balance = -900;
    const failed = bankingDomain.invariants.filter((i) => i.check(world, runtime.world) !== undefined).map((i) => i.name);
    expect(failed).to.include.members([
      'no balance below its overdraft limit',
      'available balance is current balance minus pending debits',
      'every balance change is a posted transaction',
      'transfers between own accounts conserve money',
    ]);
    const orphan = structuredClone(runtime.world) as BankingState;
    const [month] = Object.keys(orphan.customers.cus_15.accounts.acc_41.ledger);
    const [id] = Object.keys(orphan.customers.cus_15.accounts.acc_41.ledger[month]);
    orphan.customers.cus_15.accounts.acc_41.ledger[month][id].account_id = 'acc_999';
    expect(bankingDomain.invariants.find((i) => i.name.startsWith('every record'))!.check(orphan, runtime.world)).to.include('acc_999');
  });

  it('samplers return only entities with enough behind them', () => {
    const sample = runtime.sample(runtime.world);
    const state = runtime.world;
    const owner = (id: string) => Object.values(state.customers).find((c) => Object.hasOwn(c.accounts, id) || Object.hasOwn(c.cards, id) || Object.hasOwn(c.payees, id))!;
    expect(sample.accounts.length).to.be.at.least(50);
    for (const account of sample.accounts) {
      const real = owner(account.account_id as string).accounts[account.account_id as string];
      expect(real.status).to.equal('open');
      expect(real.current_balance).to.not.equal(0);
    }
    for (const payee of sample.payees) expect(owner(payee.payee_id as string).payees[payee.payee_id as string].status).to.equal('active');
    for (const card of sample.cards) {
      const real = owner(card.card_id as string).cards[card.card_id as string];
      expect(['active', 'frozen']).to.include(real.status);
      expect(card.pin).to.equal(real.pin);
    }
    for (const transfer of sample.transfers) expect(['scheduled', 'pending']).to.include(transfer.status);
  });

  it('a sampled merchant total is what list_bank_transactions reports for that merchant', () => {
    const session = open();
    const merchants = runtime.sample(runtime.world).merchants;
    expect(merchants.length).to.be.at.least(200);
    for (const merchant of merchants.filter((_, i) => i % 40 === 0)) {
      expect(merchant.count as number).to.be.at.least(2);
      const found = ok(session, 'list_bank_transactions', { customer_id: merchant.customer_id, merchant: merchant.merchant_name, direction: 'debit', limit: 1 });
      const total = found.totals.find((t: { currency: string }) => t.currency === merchant.currency);
      expect(total.debits, `${merchant.customer_id} ${merchant.merchant_name}`).to.be.at.least(merchant.total as number);
    }
  });
});
