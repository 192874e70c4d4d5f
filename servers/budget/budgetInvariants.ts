import type { DomainInvariant } from '../kit/Domain.js';
import { entryValues } from '../kit/bucketedRecord.js';
import { FIRST_MONTH, addMonths, monthFigures, toCents, type BudgetState } from './BudgetState.js';

/** The latest month any entry of a user touches (at least the first month). */
function lastMonthOf(state: BudgetState, userId: string): string {
  const user = state.users[userId];
  let last = FIRST_MONTH;
  for (const month of Object.keys(user.assigned)) if (month > last) last = month;
  for (const txn of entryValues(user.transactions)) if (txn.date.slice(0, 7) > last) last = txn.date.slice(0, 7);
  return last;
}

/** Per-user verdicts, per frozen user object: an unchanged user is not checked again. */
function perUser(check: (state: BudgetState, userId: string) => string | undefined): (state: BudgetState) => string | undefined {
  const verdicts = new WeakMap<object, string | null>();
  return (state) => {
    for (const userId of Object.keys(state.users)) {
      const user = state.users[userId];
      let verdict = verdicts.get(user);
      if (verdict === undefined) verdicts.set(user, (verdict = check(state, userId) ?? null));
      if (verdict !== null) return verdict;
    }
    return undefined;
  };
}

/** What every reachable budget state keeps. */
export const budgetInvariants: DomainInvariant<BudgetState>[] = [
  {
    name: 'every month, the categories\' available plus ready to assign equals all income minus all spending so far',
    check: perUser((state, userId) => {
      {
        const user = state.users[userId];
        const last = lastMonthOf(state, userId);
        const figures = monthFigures(user, last);
        // Net money (income − spending) per month straight from the transactions.
        const net = new Map<string, number>();
        for (const txn of entryValues(user.transactions)) {
          const month = txn.date.slice(0, 7) < FIRST_MONTH ? FIRST_MONTH : txn.date.slice(0, 7);
          net.set(month, (net.get(month) ?? 0) + (txn.kind === 'income' ? 1 : -1) * toCents(txn.amount));
        }
        let sofar = 0;
        for (const f of figures) {
          sofar += net.get(f.month) ?? 0;
          let available = 0;
          for (const c of f.categories.values()) available += c.available;
          if (available + f.readyToAssign !== sofar) return `${userId} ${f.month}: available ${available} + ready ${f.readyToAssign} ≠ income − spending ${sofar} (cents)`;
        }
        if (figures.length > 0 && addMonths(figures[0].month, figures.length - 1) !== last) return `${userId}: months are not contiguous`;
      }
      return undefined;
    }),
  },
  {
    name: 'transactions name categories of their own user (none for income); amounts are positive cents; assignments name existing categories',
    check: perUser((state, userId) => {
      {
        const user = state.users[userId];
        for (const txn of entryValues(user.transactions)) {
          if (!(txn.amount > 0) || toCents(txn.amount) / 100 !== txn.amount) return `${txn.transaction_id}: amount ${txn.amount}`;
          if (txn.kind === 'income' && txn.category_id !== null) return `${txn.transaction_id}: income in a category`;
          if (txn.category_id !== null && !Object.hasOwn(user.categories, txn.category_id)) return `${txn.transaction_id}: unknown category ${txn.category_id}`;
          if (txn.recurring_id !== null && !Object.hasOwn(user.recurring, txn.recurring_id)) return `${txn.transaction_id}: unknown recurring ${txn.recurring_id}`;
        }
        for (const [month, row] of Object.entries(user.assigned)) {
          for (const id of Object.keys(row)) if (!Object.hasOwn(user.categories, id)) return `${user.user_id} ${month}: assigned to unknown category ${id}`;
        }
        for (const [id, category] of Object.entries(user.categories)) if (category.category_id !== id) return `${user.user_id}: category ${id} holds ${category.category_id}`;
      }
      return undefined;
    }),
  },
];
