import { expect } from 'chai';
import type { ToolCase } from '../ToolCase.js';

type Row = { category_id: string; available: number; status: string };
const row = (r: { categories: Row[] }, id: string): Row => r.categories.find((c) => c.category_id === id)!;

/**
 * Conformance cases of the budget domain, played in order on one fresh session of the seed-42 world
 * (fixtures/budget/world.json, reference date 2026-03-16). Uma Banerjee (usr_1) has 202.06 left in
 * Groceries and 321.12 in Dining Out for March 2026, 2,848.78 ready to assign, and an imported
 * Shake Shack purchase (txn_117, 46.86) without a category. She overspends on groceries, files the
 * purchase, covers the overspending from Dining Out, funds her emergency fund, opens a wedding fund
 * and sets up a gym membership (filing the imported purchase gives its 46.86 back to ready to assign). New ids continue after the world's highest: txn_3312, rec_195.
 */
export const budgetCases: ToolCase[] = [
  {
    title: 'the everyday categories of this month: carried over, assigned, spent, available',
    tool: 'list_budget_categories',
    args: { user_id: 'usr_1', group: 'Everyday' },
    ok: true,
    check: (r) => {
      expect(r).to.include({ month: '2026-03', ready_to_assign: 2848.78 });
      expect(row(r, 'groceries')).to.include({ carried_over: 124.43, assigned: 776, spent: 698.37, available: 202.06 });
    },
  },
  { title: 'a month before the budget started is refused', tool: 'list_budget_categories', args: { user_id: 'usr_1', month: '2025-06' }, ok: false, errorIncludes: ['starts in 2025-12'] },
  {
    title: 'the month summary agrees with the categories: available plus ready to assign is income minus spending',
    tool: 'get_budget_month_summary',
    args: { user_id: 'usr_1' },
    ok: true,
    check: (r) => expect(r).to.include({ name: 'Uma Banerjee', ready_to_assign: 2848.78, uncategorized_spending: 46.86, overspent_last_month: 269.99 }),
  },
  { title: 'an unknown user names the closest id', tool: 'get_budget_month_summary', args: { user_id: 'usr_99' }, ok: false, errorIncludes: ['usr_99', 'not found', 'did you mean'] },
  {
    title: 'an expense by category name',
    tool: 'add_budget_transaction',
    args: { user_id: 'usr_1', payee: 'Safeway', amount: 250, date: '2026-03-15', category_id: 'Groceries' },
    ok: true,
    check: (r) => expect(r.transaction).to.include({ transaction_id: 'txn_3312', category_id: 'groceries', category_name: 'Groceries', kind: 'expense' }),
  },
  {
    title: 'Groceries is now over budget by 47.94',
    tool: 'list_budget_categories',
    args: { user_id: 'usr_1', over_budget_only: true },
    ok: true,
    check: (r) => expect(r.categories).to.deep.equal([{ category_id: 'groceries', name: 'Groceries', group: 'Everyday', target: null, carried_over: 124.43, assigned: 776, spent: 948.37, available: -47.94, status: 'over_budget' }]),
  },
  { title: 'a future expense is refused', tool: 'add_budget_transaction', args: { user_id: 'usr_1', payee: 'Safeway', amount: 20, date: '2026-03-20', category_id: 'groceries' }, ok: false, errorIncludes: ['future', 'add_budget_recurring'] },
  { title: 'income takes no category', tool: 'add_budget_transaction', args: { user_id: 'usr_1', payee: 'Tutoring', amount: 80, date: '2026-03-14', kind: 'income', category_id: 'groceries' }, ok: false, errorIncludes: ['income', 'no category'] },
  {
    title: 'an imported purchase is filed under Dining Out',
    tool: 'categorize_budget_transaction',
    args: { transaction_id: 'txn_117', category_id: 'dining_out' },
    ok: true,
    check: (r) => expect(r).to.deep.include({ previous_category_id: null }) && expect(r.transaction.category_id).to.equal('dining_out'),
  },
  { title: 'filing it again under the same category is refused', tool: 'categorize_budget_transaction', args: { transaction_id: 'txn_117', category_id: 'Dining Out' }, ok: false, errorIncludes: ['already in Dining Out'] },
  { title: 'income cannot be categorized', tool: 'categorize_budget_transaction', args: { transaction_id: 'txn_108', category_id: 'groceries' }, ok: false, errorIncludes: ['income'] },
  {
    title: 'two months of Dining Out with its top payees',
    tool: 'get_budget_category_summary',
    args: { user_id: 'usr_1', category_id: 'Dining Out', months: 2 },
    ok: true,
    check: (r) => {
      expect(r.months.map((m: { month: string }) => m.month)).to.deep.equal(['2026-02', '2026-03']);
      expect(r.months[1]).to.include({ spent: 165.3, available: 274.26 });
    },
  },
  { title: 'a category that is not hers names the closest one', tool: 'get_budget_category_summary', args: { user_id: 'usr_1', category_id: 'diningout' }, ok: false, errorIncludes: ['diningout', 'not found', 'dining_out'] },
  {
    title: 'the overspending is covered from Dining Out',
    tool: 'move_budget_money',
    args: { user_id: 'usr_1', from_category_id: 'dining_out', to_category_id: 'groceries', amount: 47.94 },
    ok: true,
    check: (r) => {
      expect(r.to).to.include({ category_id: 'groceries', available: 0, assigned: 823.94 });
      expect(r.from).to.include({ category_id: 'dining_out', available: 226.32 });
    },
  },
  { title: 'moving more than the source has is refused with what it has', tool: 'move_budget_money', args: { user_id: 'usr_1', from_category_id: 'dining_out', to_category_id: 'groceries', amount: 5000 }, ok: false, errorIncludes: ['Dining Out', 'only 226.32'] },
  {
    title: 'assigning sets the month\'s amount and takes it from ready to assign',
    tool: 'assign_budget_amount',
    args: { user_id: 'usr_1', category_id: 'emergency_fund', amount: 300 },
    ok: true,
    check: (r) => expect(r).to.deep.include({ ready_to_assign: 2645.64 }) && expect(r.category).to.include({ assigned: 300 }),
  },
  { title: 'assigning more than is ready is refused', tool: 'assign_budget_amount', args: { user_id: 'usr_1', category_id: 'emergency_fund', amount: 9999 }, ok: false, errorIncludes: ['only 2,645.64 is ready to assign', 'move_budget_money'] },
  { title: 'a past month is closed', tool: 'assign_budget_amount', args: { user_id: 'usr_1', category_id: 'groceries', amount: 100, month: '2026-02' }, ok: false, errorIncludes: ['past', '2026-03'] },
  {
    title: 'a new savings goal with a target',
    tool: 'create_budget_category',
    args: { user_id: 'usr_1', name: 'Wedding Fund', group: 'Savings goals', target: 200 },
    ok: true,
    check: (r) => expect(r.category).to.deep.equal({ category_id: 'wedding_fund', name: 'Wedding Fund', group: 'Savings goals', target: 200 }),
  },
  { title: 'a second category of the same name is refused', tool: 'create_budget_category', args: { user_id: 'usr_1', name: 'wedding  fund', group: 'Fun' }, ok: false, errorIncludes: ['already has', 'Wedding Fund'] },
  {
    title: 'the month\'s Safeway purchases',
    tool: 'list_budget_transactions',
    args: { user_id: 'usr_1', payee: 'safeway', month: '2026-03' },
    ok: true,
    check: (r) => expect(r.transactions[0]).to.include({ transaction_id: 'txn_3312', amount: 250 }),
  },
  { title: 'a range that ends before it starts is refused', tool: 'list_budget_transactions', args: { user_id: 'usr_1', start_date: '2026-03-10', end_date: '2026-03-01' }, ok: false, errorIncludes: ['after end_date'] },
  {
    title: 'a transaction entered by mistake is deleted',
    tool: 'delete_budget_transaction',
    args: { transaction_id: 'txn_3312' },
    ok: true,
    check: (r) => expect(r.deleted).to.include({ transaction_id: 'txn_3312', payee: 'Safeway' }),
  },
  { title: 'a deleted transaction is not found', tool: 'delete_budget_transaction', args: { transaction_id: 'txn_3312' }, ok: false, errorIncludes: ['txn_3312', 'not found'] },
  {
    title: 'her paycheck, with its monthly equivalent',
    tool: 'list_budget_recurring',
    args: { user_id: 'usr_1', kind: 'income' },
    ok: true,
    check: (r) => expect(r.items[0]).to.include({ payee: 'Acme Logistics', frequency: 'biweekly', amount: 2247, monthly_equivalent: 4868.5 }),
  },
  { title: 'a prototype name is not a user', tool: 'list_budget_recurring', args: { user_id: 'toString' }, ok: false, errorIncludes: ['toString', 'not found'] },
  {
    title: 'a monthly gym membership under Hobbies',
    tool: 'add_budget_recurring',
    args: { user_id: 'usr_1', payee: 'Planet Fitness', amount: 24.99, frequency: 'monthly', next_date: '2026-04-01', category_id: 'Hobbies' },
    ok: true,
    check: (r) => expect(r.item).to.include({ recurring_id: 'rec_195', category_id: 'hobbies', monthly_equivalent: 24.99 }),
  },
  { title: 'a recurring bill without a category is refused with her categories', tool: 'add_budget_recurring', args: { user_id: 'usr_1', payee: 'Planet Fitness', amount: 24.99, frequency: 'monthly', next_date: '2026-04-01' }, ok: false, errorIncludes: ['needs a category', 'groceries'] },
];
