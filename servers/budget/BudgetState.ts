import { entryValues, type BucketedRecord } from '../kit/bucketedRecord.js';
import { addDays } from '../kit/days.js';
import { toCents, fromCents, hasCents, formatAmount } from '../kit/money.js';
export { toCents, fromCents, hasCents, formatAmount };
export { addDays };

/**
 * The state of the budget domain: envelope budgets after YNAB. Each user has categories in
 * groups, an amount assigned to each category per month, expense and income transactions, and
 * recurring items. What a category has available, what is ready to assign and whether a category
 * is over budget are never stored: they are computed from the entries, so summaries always agree.
 *
 * Money rules (YNAB's): a category's available = last month's positive available (it rolls over)
 * + assigned this month − spent this month. Overspending (a negative available) is not carried in
 * the category: it is taken from next month's ready-to-assign. Ready to assign = income so far −
 * everything assigned so far − overspending of earlier months − uncategorized spending.
 */

export const BUDGET_REFERENCE_DATE = '2026-03-16T10:00:00Z';
/** The first month of every user's budget in the world. */
export const FIRST_MONTH = '2025-12';

export const CATEGORY_GROUPS = ['Bills', 'Everyday', 'Savings goals', 'Fun'] as const;
export type CategoryGroup = (typeof CATEGORY_GROUPS)[number];
export const FREQUENCIES = ['weekly', 'biweekly', 'monthly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export interface BudgetCategory {
  /** A slug of the name, unique per user: `groceries`, `dining_out`. */
  category_id: string;
  name: string;
  group: CategoryGroup;
  /** A monthly target, if the user set one. */
  target: number | null;
}

export interface BudgetTransaction {
  transaction_id: string;
  date: string;
  kind: 'expense' | 'income';
  payee: string;
  /** Positive, in dollars and cents. */
  amount: number;
  /** Expense category; null for income and for uncategorized expenses. */
  category_id: string | null;
  memo: string | null;
  recurring_id: string | null;
}

export interface RecurringItem {
  recurring_id: string;
  kind: 'expense' | 'income';
  payee: string;
  amount: number;
  category_id: string | null;
  frequency: Frequency;
  /** The next day it falls on (after the reference date). */
  next_date: string;
}

export interface BudgetUser {
  user_id: string;
  name: string;
  email: string;
  categories: Record<string, BudgetCategory>;
  /** Month (`YYYY-MM`) → category_id → amount assigned. */
  assigned: Record<string, Record<string, number>>;
  transactions: BucketedRecord<BudgetTransaction>;
  recurring: Record<string, RecurringItem>;
}

export interface BudgetState {
  users: Record<string, BudgetUser>;
}




/** `2026-03` + 1 → `2026-04`. */
export function addMonths(month: string, count: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The same day of the month `count` months later, clamped to the month's length. */
export function addMonthsToDay(day: string, count: number): string {
  const month = addMonths(day.slice(0, 7), count);
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  return `${month}-${String(Math.min(Number(day.slice(8, 10)), last)).padStart(2, '0')}`;
}

/** The next occurrence of a recurring item after `day`. */
export function nextOccurrence(day: string, frequency: Frequency): string {
  return frequency === 'weekly' ? addDays(day, 7) : frequency === 'biweekly' ? addDays(day, 14) : addMonthsToDay(day, 1);
}

/** "March 2026". */
export function monthName(month: string): string {
  const names = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  return `${names[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

/** A category id from a name: `Dining Out` → `dining_out`. */
export function slugOf(name: string): string {
  return name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
}

/** One category in one month, in cents. */
export interface CategoryMonth {
  assigned: number;
  /** Spent in the month (positive cents). */
  spent: number;
  /** Carried in from last month (never negative). */
  carried: number;
  /** carried + assigned − spent: negative when over budget. */
  available: number;
}

/** One user's budget in one month, in cents. */
export interface MonthFigures {
  month: string;
  categories: Map<string, CategoryMonth>;
  income: number;
  assigned: number;
  spent: number;
  uncategorized: number;
  /** Overspending of earlier months, taken from ready to assign. */
  overspentBefore: number;
  readyToAssign: number;
}

/**
 * Every month's figures of a user from FIRST_MONTH through `last`, computed from the entries (one
 * pass over the transactions). Cached per frozen user: the same state gives the same object.
 */
const figuresCache = new WeakMap<BudgetUser, Map<string, MonthFigures[]>>();

export function monthFigures(user: BudgetUser, last: string): MonthFigures[] {
  let byLast = figuresCache.get(user);
  const cached = byLast?.get(last);
  if (cached !== undefined) return cached;
  const first = FIRST_MONTH < last ? FIRST_MONTH : last;
  const spentBy = new Map<string, Map<string, number>>();
  const incomeBy = new Map<string, number>();
  const uncategorizedBy = new Map<string, number>();
  for (const txn of entryValues(user.transactions)) {
    const month = txn.date.slice(0, 7) < first ? first : txn.date.slice(0, 7);
    const cents = toCents(txn.amount);
    if (txn.kind === 'income') incomeBy.set(month, (incomeBy.get(month) ?? 0) + cents);
    else if (txn.category_id === null) uncategorizedBy.set(month, (uncategorizedBy.get(month) ?? 0) + cents);
    else {
      let spent = spentBy.get(month);
      if (spent === undefined) spentBy.set(month, (spent = new Map()));
      spent.set(txn.category_id, (spent.get(txn.category_id) ?? 0) + cents);
    }
  }
  const out: MonthFigures[] = [];
  let income = 0;
  let assignedSoFar = 0;
  let uncategorizedSoFar = 0;
  let overspentBefore = 0;
  let previous: Map<string, CategoryMonth> | undefined;
  for (let month = first; month <= last; month = addMonths(month, 1)) {
    const categories = new Map<string, CategoryMonth>();
    const assignedIn = Object.hasOwn(user.assigned, month) ? user.assigned[month] : {};
    const spentIn = spentBy.get(month);
    let monthAssigned = 0;
    let monthSpent = 0;
    let overspentNow = 0;
    for (const id of Object.keys(user.categories)) {
      const assigned = Object.hasOwn(assignedIn, id) ? toCents(assignedIn[id]) : 0;
      const spent = spentIn?.get(id) ?? 0;
      const carried = Math.max(0, previous?.get(id)?.available ?? 0);
      const available = carried + assigned - spent;
      categories.set(id, { assigned, spent, carried, available });
      monthAssigned += assigned;
      monthSpent += spent;
      if (available < 0) overspentNow -= available;
    }
    income += incomeBy.get(month) ?? 0;
    assignedSoFar += monthAssigned;
    const uncategorized = uncategorizedBy.get(month) ?? 0;
    uncategorizedSoFar += uncategorized;
    out.push({
      month,
      categories,
      income: incomeBy.get(month) ?? 0,
      assigned: monthAssigned,
      spent: monthSpent,
      uncategorized,
      overspentBefore,
      readyToAssign: income - assignedSoFar - overspentBefore - uncategorizedSoFar,
    });
    overspentBefore += overspentNow;
    previous = categories;
  }
  if (byLast === undefined) figuresCache.set(user, (byLast = new Map()));
  if (byLast.size > 24) byLast.clear();
  byLast.set(last, out);
  return out;
}

/** One month's figures of a user. */
export function figuresOf(user: BudgetUser, month: string): MonthFigures {
  const all = monthFigures(user, month);
  return all[all.length - 1];
}
