import { defineTool } from '../kit/Domain.js';
import { entryValues } from '../kit/bucketedRecord.js';
import { boolean, day, idText, inputOf, integer, listOf, money, objectOf, oneOf, text } from '../kit/schemas.js';
import { CATEGORY_GROUPS, FIRST_MONTH, addMonths, figuresOf, fromCents, monthFigures, monthName, toCents, type BudgetState } from './BudgetState.js';
import { currentMonth, requireCategory, requireUser } from './budgetLookups.js';
import { categoryRow, categoryRowSchema, recurringSchema, recurringView, transactionSchema, transactionView } from './budgetViews.js';

export const monthArgument = text('Month as YYYY-MM (default: the current month).', { pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' });
export const userId = idText('The budget\'s owner, e.g. usr_7.');

/** A month the user's budget covers, or a refusal. */
function requireKnownMonth(fail: (m: string) => never, month: string, current: string): string {
  if (month < FIRST_MONTH) fail(`the budget starts in ${FIRST_MONTH} (${monthName(FIRST_MONTH)}); ${month} has no data`);
  const last = addMonths(current, 12);
  if (month > last) fail(`${month} is more than a year ahead; months up to ${last} can be looked at`);
  return month;
}

export const listBudgetCategories = defineTool<BudgetState, { user_id: string; month?: string; group?: string; over_budget_only?: boolean }>({
  name: 'list_budget_categories',
  description:
    'A user\'s budget for one month, category by category: what was carried over, assigned and spent, what is available and ' +
    'whether the category is over budget or below its target; plus the money ready to assign. Use it for "how much is left in ' +
    'groceries" or "what am I over budget on".',
  input: inputOf(
    {
      user_id: userId,
      month: monthArgument,
      group: oneOf(CATEGORY_GROUPS, 'Only categories of this group.'),
      over_budget_only: boolean('Only categories with a negative available (default false).'),
    },
    ['user_id'],
  ),
  output: objectOf({
    user_id: text('The user.'),
    month: text('The month shown (YYYY-MM).'),
    ready_to_assign: money('Money not yet given to any category, USD.'),
    categories: listOf(categoryRowSchema, 'Categories by group.'),
    count: integer('How many are listed.'),
  }),
  annotations: { title: 'Budget categories', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const user = requireUser(ctx, args.user_id);
    const month = requireKnownMonth(ctx.fail, args.month ?? currentMonth(ctx), currentMonth(ctx));
    const figures = figuresOf(user, month);
    const rows: Array<Record<string, unknown>> = [];
    for (const group of CATEGORY_GROUPS) {
      if (args.group !== undefined && group !== args.group) continue;
      for (const category of Object.values(user.categories)) {
        if (category.group !== group) continue;
        const row = categoryRow(category, figures.categories.get(category.category_id));
        if (args.over_budget_only === true && row.status !== 'over_budget') continue;
        rows.push(row);
      }
    }
    return { user_id: user.user_id, month, ready_to_assign: fromCents(figures.readyToAssign), categories: rows, count: rows.length };
  },
});

export const getBudgetMonthSummary = defineTool<BudgetState, { user_id: string; month?: string }>({
  name: 'get_budget_month_summary',
  description:
    'The totals of one month of a user\'s budget: income received, assigned, spent (by category group), uncategorized spending, ' +
    'overspending carried from last month, ready to assign, and the categories over budget. All figures are computed from the ' +
    'transactions and assignments, so they agree with list_budget_categories and list_budget_transactions.',
  input: inputOf({ user_id: userId, month: monthArgument }, ['user_id']),
  output: objectOf({
    user_id: text('The user.'),
    name: text('Their name.'),
    month: text('YYYY-MM.'),
    income: money('Income received in the month, USD.'),
    assigned: money('Assigned to categories in the month, USD.'),
    spent: money('Categorized spending in the month, USD.'),
    uncategorized_spending: money('Spending not yet categorized, USD.'),
    overspent_last_month: money('Overspending of earlier months taken from ready to assign, USD.'),
    ready_to_assign: money('Money not yet given to a category, USD.'),
    available_total: money('Sum of every category\'s available, USD.'),
    groups: listOf(objectOf({ group: oneOf(CATEGORY_GROUPS, 'Group.'), assigned: money('Assigned, USD.'), spent: money('Spent, USD.'), available: money('Available, USD.') }), 'Totals per group.'),
    over_budget: listOf(objectOf({ category_id: text('Category.'), name: text('Name.'), available: money('Available (negative), USD.') }), 'Categories over budget.'),
  }),
  annotations: { title: 'Month summary', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const user = requireUser(ctx, args.user_id);
    const month = requireKnownMonth(ctx.fail, args.month ?? currentMonth(ctx), currentMonth(ctx));
    const figures = figuresOf(user, month);
    const groups = CATEGORY_GROUPS.map((group) => ({ group, assigned: 0, spent: 0, available: 0 }));
    const over: Array<Record<string, unknown>> = [];
    let availableTotal = 0;
    for (const category of Object.values(user.categories)) {
      const f = figures.categories.get(category.category_id)!;
      const g = groups[CATEGORY_GROUPS.indexOf(category.group)];
      g.assigned += f.assigned;
      g.spent += f.spent;
      g.available += f.available;
      availableTotal += f.available;
      if (f.available < 0) over.push({ category_id: category.category_id, name: category.name, available: fromCents(f.available) });
    }
    return {
      user_id: user.user_id,
      name: user.name,
      month,
      income: fromCents(figures.income),
      assigned: fromCents(figures.assigned),
      spent: fromCents(figures.spent),
      uncategorized_spending: fromCents(figures.uncategorized),
      overspent_last_month: fromCents(figures.overspentBefore),
      ready_to_assign: fromCents(figures.readyToAssign),
      available_total: fromCents(availableTotal),
      groups: groups.map((g) => ({ group: g.group, assigned: fromCents(g.assigned), spent: fromCents(g.spent), available: fromCents(g.available) })),
      over_budget: over,
    };
  },
});

export const getBudgetCategorySummary = defineTool<BudgetState, { user_id: string; category_id: string; month?: string; months?: number }>({
  name: 'get_budget_category_summary',
  description:
    'One category over the last few months (ending with `month`): assigned, spent and available each month, the average spent, ' +
    'and the payees where the money went. Use it for "how much do I usually spend on dining out" or before setting a target.',
  input: inputOf(
    {
      user_id: userId,
      category_id: idText('The category, by id or name, e.g. dining_out or "Dining Out" (list_budget_categories gives them).'),
      month: monthArgument,
      months: integer('How many months to show, ending with `month` (default 3).', { minimum: 1, maximum: 12 }),
    },
    ['user_id', 'category_id'],
  ),
  output: objectOf({
    user_id: text('The user.'),
    category_id: text('The category.'),
    name: text('Its name.'),
    target: { type: ['number', 'null'], description: 'Monthly target, USD, if set.' },
    months: listOf(objectOf({ month: text('YYYY-MM.'), assigned: money('USD.'), spent: money('USD.'), available: money('USD.') }), 'Month by month, oldest first.'),
    total_spent: money('Spent over these months, USD.'),
    average_spent: money('Average per month, USD.'),
    top_payees: listOf(objectOf({ payee: text('Payee.'), spent: money('USD.'), count: integer('Purchases.') }), 'Where the money went, largest first (at most 5).'),
  }),
  annotations: { title: 'Category summary', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const user = requireUser(ctx, args.user_id);
    const category = requireCategory(ctx, user, args.category_id);
    const last = requireKnownMonth(ctx.fail, args.month ?? currentMonth(ctx), currentMonth(ctx));
    const all = monthFigures(user, last);
    const shown = all.slice(-(args.months ?? 3));
    const first = shown[0].month;
    const rows = shown.map((f) => {
      const c = f.categories.get(category.category_id)!;
      return { month: f.month, assigned: fromCents(c.assigned), spent: fromCents(c.spent), available: fromCents(c.available) };
    });
    const total = shown.reduce((sum, f) => sum + f.categories.get(category.category_id)!.spent, 0);
    const payees = new Map<string, { spent: number; count: number }>();
    for (const txn of entryValues(user.transactions)) {
      if (txn.category_id !== category.category_id || txn.kind !== 'expense' || txn.date.slice(0, 7) < first || txn.date.slice(0, 7) > last) continue;
      const entry = payees.get(txn.payee) ?? { spent: 0, count: 0 };
      entry.spent += toCents(txn.amount);
      entry.count++;
      payees.set(txn.payee, entry);
    }
    const top = [...payees].sort((a, b) => b[1].spent - a[1].spent || (a[0] < b[0] ? -1 : 1)).slice(0, 5).map(([payee, e]) => ({ payee, spent: fromCents(e.spent), count: e.count }));
    return { user_id: user.user_id, category_id: category.category_id, name: category.name, target: category.target, months: rows, total_spent: fromCents(total), average_spent: Math.round(total / shown.length) / 100, top_payees: top };
  },
});

interface ListTransactionsArgs {
  user_id: string;
  month?: string;
  start_date?: string;
  end_date?: string;
  category_id?: string;
  payee?: string;
  kind?: 'expense' | 'income';
  uncategorized_only?: boolean;
  limit?: number;
}

export const listBudgetTransactions = defineTool<BudgetState, ListTransactionsArgs>({
  name: 'list_budget_transactions',
  description:
    'A user\'s transactions, newest first, with totals over every match: by month or date range, category, payee text, kind, ' +
    'or only the uncategorized ones (imported from the bank and waiting for categorize_budget_transaction).',
  input: inputOf(
    {
      user_id: userId,
      month: text('Only this month, YYYY-MM.', { pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' }),
      start_date: day('From this day (inclusive), YYYY-MM-DD.'),
      end_date: day('Up to this day (inclusive), YYYY-MM-DD.'),
      category_id: idText('Only this category, by id or name.'),
      payee: text('Text the payee contains (case-insensitive), e.g. "costco".', { minLength: 1, maxLength: 80 }),
      kind: oneOf(['expense', 'income'], 'Only expenses or only income.'),
      uncategorized_only: boolean('Only expenses without a category (default false).'),
      limit: integer('How many to return (default 25).', { minimum: 1, maximum: 200 }),
    },
    ['user_id'],
  ),
  output: objectOf({
    user_id: text('The user.'),
    transactions: listOf(transactionSchema, 'Newest first.'),
    count: integer('How many are returned.'),
    total_count: integer('How many match.'),
    total_spent: money('Expenses over every match, USD.'),
    total_income: money('Income over every match, USD.'),
  }),
  annotations: { title: 'List transactions', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const user = requireUser(ctx, args.user_id);
    const categoryId = args.category_id === undefined ? undefined : requireCategory(ctx, user, args.category_id).category_id;
    if (args.start_date !== undefined && args.end_date !== undefined && args.start_date > args.end_date) ctx.fail(`start_date ${args.start_date} is after end_date ${args.end_date}`);
    const payee = args.payee?.toLowerCase();
    const matches = entryValues(user.transactions).filter(
      (t) =>
        (args.month === undefined || t.date.startsWith(args.month)) &&
        (args.start_date === undefined || t.date >= args.start_date) &&
        (args.end_date === undefined || t.date <= args.end_date) &&
        (categoryId === undefined || t.category_id === categoryId) &&
        (payee === undefined || t.payee.toLowerCase().includes(payee)) &&
        (args.kind === undefined || t.kind === args.kind) &&
        (args.uncategorized_only !== true || (t.kind === 'expense' && t.category_id === null)),
    );
    matches.sort((a, b) => (a.date > b.date ? -1 : a.date < b.date ? 1 : Number(b.transaction_id.slice(4)) - Number(a.transaction_id.slice(4))));
    const shown = matches.slice(0, args.limit ?? 25).map((t) => transactionView(t, user.categories));
    let spent = 0;
    let income = 0;
    for (const t of matches) if (t.kind === 'expense') spent += toCents(t.amount);
    else income += toCents(t.amount);
    return { user_id: user.user_id, transactions: shown, count: shown.length, total_count: matches.length, total_spent: fromCents(spent), total_income: fromCents(income) };
  },
});

export const listBudgetRecurring = defineTool<BudgetState, { user_id: string; kind?: 'expense' | 'income' }>({
  name: 'list_budget_recurring',
  description:
    'A user\'s recurring bills and paychecks: payee, amount, frequency, the next date and what each comes to per month, with ' +
    'monthly totals of recurring income and expenses.',
  input: inputOf({ user_id: userId, kind: oneOf(['expense', 'income'], 'Only bills or only income.') }, ['user_id']),
  output: objectOf({
    user_id: text('The user.'),
    items: listOf(recurringSchema, 'By next date.'),
    count: integer('How many.'),
    monthly_income: money('Recurring income per month, USD.'),
    monthly_expenses: money('Recurring expenses per month, USD.'),
  }),
  annotations: { title: 'Recurring items', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const user = requireUser(ctx, args.user_id);
    const items = Object.values(user.recurring)
      .filter((r) => args.kind === undefined || r.kind === args.kind)
      .sort((a, b) => (a.next_date < b.next_date ? -1 : a.next_date > b.next_date ? 1 : a.recurring_id < b.recurring_id ? -1 : 1))
      .map(recurringView);
    let income = 0;
    let expenses = 0;
    for (const item of items) if (item.kind === 'income') income += toCents(item.monthly_equivalent as number);
    else expenses += toCents(item.monthly_equivalent as number);
    return { user_id: user.user_id, items, count: items.length, monthly_income: fromCents(income), monthly_expenses: fromCents(expenses) };
  },
});
