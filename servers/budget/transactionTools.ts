import { defineTool } from '../kit/Domain.js';
import { editDeleteEntry, editEntry } from '../kit/bucketedRecord.js';
import { day, idText, inputOf, objectOf, oneOf, text } from '../kit/schemas.js';
import { FIRST_MONTH, formatAmount, hasCents, type BudgetState, type BudgetTransaction } from './BudgetState.js';
import { requireCategory, requireTransaction, requireUser } from './budgetLookups.js';
import { transactionSchema, transactionView } from './budgetViews.js';
import { userId } from './readTools.js';

interface AddTransactionArgs {
  user_id: string;
  payee: string;
  amount: number;
  date: string;
  kind?: 'expense' | 'income';
  category_id?: string;
  memo?: string;
}

export const addBudgetTransaction = defineTool<BudgetState, AddTransactionArgs>({
  name: 'add_budget_transaction',
  description:
    'Record money spent (an expense, in a category, or uncategorized when none is given) or received (income, which goes to ' +
    'ready to assign and takes no category) on a day up to today. Future bills belong in add_budget_recurring. Returns the ' +
    'transaction (list_budget_categories shows what the category has left).',
  input: inputOf(
    {
      user_id: userId,
      payee: text('Who was paid or where the money came from, e.g. "Trader Joe\'s".', { minLength: 1, maxLength: 80 }),
      amount: { type: 'number', exclusiveMinimum: 0, maximum: 1000000, description: 'Amount in USD, positive, at most two decimals.' },
      date: day('The day it happened (YYYY-MM-DD), today or earlier.'),
      kind: oneOf(['expense', 'income'], 'expense (default) or income.'),
      category_id: idText('Expense category by id or name, e.g. groceries; leave out for income or to categorize later.'),
      memo: text('A note.', { minLength: 1, maxLength: 200 }),
    },
    ['user_id', 'payee', 'amount', 'date'],
  ),
  output: objectOf({ transaction: transactionSchema }),
  annotations: { title: 'Add transaction', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const user = requireUser(ctx, args.user_id);
    const kind = args.kind ?? 'expense';
    if (kind === 'income' && args.category_id !== undefined) ctx.fail('income goes to ready to assign and takes no category; leave category_id out, then give it to categories with assign_budget_amount');
    const category = args.category_id === undefined ? null : requireCategory(ctx, user, args.category_id);
    if (!hasCents(args.amount)) ctx.fail(`amount ${args.amount} has more than two decimals`);
    if (args.date > ctx.today) ctx.fail(`${args.date} is in the future (today is ${ctx.today}); record it when it happens, or set it up with add_budget_recurring`);
    if (args.date < `${FIRST_MONTH}-01`) ctx.fail(`the budget starts on ${FIRST_MONTH}-01; ${args.date} is before it`);
    const payee = args.payee.trim();
    if (payee === '') ctx.fail('payee is blank');
    const transaction: BudgetTransaction = {
      transaction_id: ctx.nextId('txn'),
      date: args.date,
      kind,
      payee,
      amount: args.amount,
      category_id: category?.category_id ?? null,
      memo: args.memo?.trim() || null,
      recurring_id: null,
    };
    editEntry(ctx, ['users', user.user_id, 'transactions'], transaction.transaction_id, transaction);
    return { transaction: transactionView(transaction, user.categories) };
  },
});

export const categorizeBudgetTransaction = defineTool<BudgetState, { transaction_id: string; category_id: string }>({
  name: 'categorize_budget_transaction',
  description:
    'Put an expense in a category, or move it to another: for transactions imported from the bank without one, or filed under ' +
    'the wrong category. Income takes no category. Returns the transaction and its previous category.',
  input: inputOf(
    {
      transaction_id: idText('The transaction, e.g. txn_512 (list_budget_transactions gives them; uncategorized_only finds imported ones).'),
      category_id: idText('The category by id or name, e.g. dining_out.'),
    },
    ['transaction_id', 'category_id'],
  ),
  output: objectOf({ transaction: transactionSchema, previous_category_id: { type: ['string', 'null'], description: 'Where it was before.' } }),
  annotations: { title: 'Categorize transaction', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const { user, transaction } = requireTransaction(ctx, args.transaction_id);
    if (transaction.kind === 'income') ctx.fail(`transaction ${transaction.transaction_id} is income (${transaction.payee}, ${formatAmount(transaction.amount)}); income takes no category`);
    const category = requireCategory(ctx, user, args.category_id);
    if (transaction.category_id === category.category_id) ctx.fail(`transaction ${transaction.transaction_id} is already in ${category.name}`);
    const updated: BudgetTransaction = { ...transaction, category_id: category.category_id };
    editEntry(ctx, ['users', user.user_id, 'transactions'], updated.transaction_id, updated);
    return { transaction: transactionView(updated, user.categories), previous_category_id: transaction.category_id };
  },
});

export const deleteBudgetTransaction = defineTool<BudgetState, { transaction_id: string }>({
  name: 'delete_budget_transaction',
  description:
    'Delete a transaction entered by mistake or twice. Its amount goes back to the category (or, for income, leaves ready to ' +
    'assign). A recurring item keeps going: this deletes one occurrence. Returns the deleted transaction.',
  input: inputOf({ transaction_id: idText('The transaction, e.g. txn_512.') }, ['transaction_id']),
  output: objectOf({ deleted: transactionSchema }),
  annotations: { title: 'Delete transaction', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const { user, transaction } = requireTransaction(ctx, args.transaction_id);
    editDeleteEntry(ctx, ['users', user.user_id, 'transactions'], transaction.transaction_id);
    return { deleted: transactionView(transaction, user.categories) };
  },
});
