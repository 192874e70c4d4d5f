import type { ToolContext } from '../kit/Domain.js';
import { getEntry } from '../kit/bucketedRecord.js';
import { notFoundMessage, requireOwn } from '../kit/lookups.js';
import { slugOf, type BudgetCategory, type BudgetState, type BudgetTransaction, type BudgetUser } from './BudgetState.js';

/** Lookups the budget tools share; they read the frozen base state. */

type Context = ToolContext<BudgetState>;

export function requireUser(ctx: Context, userId: string): BudgetUser {
  return requireOwn(ctx.base.users, userId, ctx.fail, { noun: 'budget user', where: 'user ids look like usr_7', label: (u) => u.name });
}

/** A category of the user, by id or by its name ("Dining Out" finds dining_out). */
export function requireCategory(ctx: Context, user: BudgetUser, categoryId: string): BudgetCategory {
  const categories = user.categories;
  if (Object.hasOwn(categories, categoryId)) return categories[categoryId];
  const slug = slugOf(categoryId);
  if (slug !== '' && Object.hasOwn(categories, slug)) return categories[slug];
  return ctx.fail(
    notFoundMessage(categoryId, Object.keys(categories), (id) => (Object.hasOwn(categories, id) ? categories[id] : undefined), {
      noun: `category of ${user.name} (${user.user_id})`,
      where: `their categories: ${Object.keys(categories).join(', ')}`,
      label: (c) => c.name,
    }),
  );
}

/** A transaction and the user it belongs to. */
export function requireTransaction(ctx: Context, transactionId: string): { user: BudgetUser; transaction: BudgetTransaction } {
  const users = ctx.base.users;
  for (const id in users) {
    const transaction = getEntry(users[id].transactions, transactionId);
    if (transaction !== undefined) return { user: users[id], transaction };
  }
  return ctx.fail(`transaction ${transactionId} not found; list_budget_transactions lists a user's transactions with their ids (txn_…)`);
}

/** The current month of the session's clock. */
export function currentMonth(ctx: Context): string {
  return ctx.today.slice(0, 7);
}

/** A month that can still be planned: the current one or up to 12 ahead. */
export function requireOpenMonth(ctx: Context, month: string): string {
  const current = currentMonth(ctx);
  if (month < current) ctx.fail(`${month} is in the past; budgets can be changed for ${current} (the current month) and later months only`);
  const last = `${Number(current.slice(0, 4)) + 1}${current.slice(4)}`;
  if (month > last) ctx.fail(`${month} is more than a year ahead; plan up to ${last}`);
  return month;
}
