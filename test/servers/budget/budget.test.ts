import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { budgetDomain } from '../../../servers/budget/BudgetDomain.js';
import { figuresOf, type BudgetState } from '../../../servers/budget/BudgetState.js';
import { generateWorld, renderWorld } from '../../../servers/budget/generateWorld.js';
import { entryValues } from '../../../servers/kit/bucketedRecord.js';
import { domainRuntime, type DomainSession } from '../../../servers/kit/DomainSession.js';
import { REPO_ROOT } from '../../support/project.js';
import { ok } from '../support/domainCalls.js';

const runtime = domainRuntime(budgetDomain);

describe('budget: the world', () => {
  it('renderWorld(42) is the committed fixture byte for byte; another seed gives another world that keeps every invariant', () => {
    expect(renderWorld(42)).to.equal(readFileSync(join(REPO_ROOT, 'fixtures', 'budget', 'world.json'), 'utf8'));
    const other = generateWorld(7);
    expect(other.users.usr_1.name).to.not.equal(runtime.world.users.usr_1.name);
    for (const invariant of budgetDomain.invariants) expect(invariant.check(other, other), invariant.name).to.equal(undefined);
  });

  it('has 30 budgets with thousands of transactions, nothing after the reference day, and never more assigned than was ready', () => {
    const users = Object.values(runtime.world.users);
    expect(users).to.have.length(30);
    const transactions = users.flatMap((u) => entryValues(u.transactions));
    expect(transactions.length).to.be.greaterThan(2000);
    expect(transactions.every((t) => t.date <= '2026-03-16')).to.equal(true);
    expect(transactions.filter((t) => t.category_id === null && t.kind === 'expense').length).to.be.greaterThan(20);
    for (const user of users) for (const month of ['2025-12', '2026-01', '2026-02', '2026-03']) expect(figuresOf(user, month).readyToAssign, `${user.user_id} ${month}`).to.be.at.least(0);
  });
});

describe('budget: rules', () => {
  it('overspending is not carried in the category: it comes out of next month\'s ready to assign, and the month summary agrees', () => {
    const session = runtime.openSession();
    const before = ok(session, 'get_budget_month_summary', { user_id: 'usr_2', month: '2026-04' });
    const groceries = ok(session, 'list_budget_categories', { user_id: 'usr_2' }).categories.find((c: { category_id: string }) => c.category_id === 'groceries');
    ok(session, 'add_budget_transaction', { user_id: 'usr_2', payee: 'Costco', amount: groceries.available + 100, date: '2026-03-16', category_id: 'groceries' });
    const after = ok(session, 'get_budget_month_summary', { user_id: 'usr_2', month: '2026-04' });
    expect(after.overspent_last_month).to.equal(Math.round((before.overspent_last_month + 100) * 100) / 100);
    expect(after.ready_to_assign).to.equal(Math.round((before.ready_to_assign - 100) * 100) / 100);
    const april = ok(session, 'list_budget_categories', { user_id: 'usr_2', month: '2026-04' }).categories.find((c: { category_id: string }) => c.category_id === 'groceries');
    expect(april.carried_over).to.equal(0);
    expect(runtime.checkInvariants(session.state)).to.deep.equal([]);
  });

  it('a positive balance rolls over into the next month', () => {
    const session = runtime.openSession();
    const march = ok(session, 'list_budget_categories', { user_id: 'usr_1' }).categories.find((c: { category_id: string }) => c.category_id === 'dining_out');
    const april = ok(session, 'list_budget_categories', { user_id: 'usr_1', month: '2026-04' }).categories.find((c: { category_id: string }) => c.category_id === 'dining_out');
    expect(april.carried_over).to.equal(march.available);
  });
});
