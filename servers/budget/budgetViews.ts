import { boolean, integer, listOf, money, nullableNumber, nullableText, objectOf, oneOf, text } from '../kit/schemas.js';
import { CATEGORY_GROUPS, FREQUENCIES, fromCents, type BudgetCategory, type BudgetTransaction, type CategoryMonth, type RecurringItem } from './BudgetState.js';

/** What the budget tools return, each shape's schema beside the function that builds it. */

export const CATEGORY_STATUSES = ['over_budget', 'underfunded', 'funded', 'no_target'] as const;

export const categoryRowSchema = objectOf({
  category_id: text('Category id (a slug of its name), e.g. dining_out.'),
  name: text('Category name.'),
  group: oneOf(CATEGORY_GROUPS, 'Category group.'),
  target: nullableNumber('Monthly target, USD, if set.'),
  carried_over: money('Positive balance rolled over from last month, USD.'),
  assigned: money('Assigned this month, USD.'),
  spent: money('Spent this month, USD.'),
  available: money('carried_over + assigned − spent, USD; negative means over budget.'),
  status: oneOf(CATEGORY_STATUSES, 'over_budget (available < 0), underfunded (below its target), funded, or no_target.'),
});

export function categoryRow(category: BudgetCategory, figures: CategoryMonth | undefined): Record<string, unknown> {
  const f = figures ?? { assigned: 0, spent: 0, carried: 0, available: 0 };
  const status = f.available < 0 ? 'over_budget' : category.target === null ? 'no_target' : f.assigned + f.carried < Math.round(category.target * 100) ? 'underfunded' : 'funded';
  return {
    category_id: category.category_id,
    name: category.name,
    group: category.group,
    target: category.target,
    carried_over: fromCents(f.carried),
    assigned: fromCents(f.assigned),
    spent: fromCents(f.spent),
    available: fromCents(f.available),
    status,
  };
}

export const transactionSchema = objectOf({
  transaction_id: text('Transaction id, e.g. txn_512.'),
  date: text('Day (YYYY-MM-DD).'),
  kind: oneOf(['expense', 'income'], 'Money out or money in.'),
  payee: text('Who was paid, or where income came from.'),
  amount: money('Amount, USD (positive).'),
  category_id: nullableText('Expense category; null for income and uncategorized expenses.'),
  category_name: nullableText('Its name.'),
  memo: nullableText('Note.'),
  recurring: boolean('Whether a recurring item made it.'),
});

export function transactionView(txn: BudgetTransaction, categories: Readonly<Record<string, BudgetCategory>>): Record<string, unknown> {
  const name = txn.category_id !== null && Object.hasOwn(categories, txn.category_id) ? categories[txn.category_id].name : null;
  return { transaction_id: txn.transaction_id, date: txn.date, kind: txn.kind, payee: txn.payee, amount: txn.amount, category_id: txn.category_id, category_name: name, memo: txn.memo, recurring: txn.recurring_id !== null };
}

export const recurringSchema = objectOf({
  recurring_id: text('Recurring item id, e.g. rec_12.'),
  kind: oneOf(['expense', 'income'], 'Bill or paycheck.'),
  payee: text('Payee or source.'),
  amount: money('Amount each time, USD.'),
  category_id: nullableText('Expense category; null for income.'),
  frequency: oneOf(FREQUENCIES, 'How often.'),
  next_date: text('The next day it falls on.'),
  monthly_equivalent: money('What it comes to per month on average, USD.'),
});

const PER_MONTH: Record<string, number> = { weekly: 52 / 12, biweekly: 26 / 12, monthly: 1 };

export function recurringView(item: RecurringItem): Record<string, unknown> {
  return { ...item, monthly_equivalent: Math.round(item.amount * PER_MONTH[item.frequency] * 100) / 100 };
}

export const countOf = (description: string) => integer(description);
export { listOf, objectOf };
