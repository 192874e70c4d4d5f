import type { DomainSampler } from '../kit/Domain.js';
import { entryValues } from '../kit/bucketedRecord.js';
import { FIRST_MONTH, formatAmount, monthFigures, type BudgetState } from './BudgetState.js';

/**
 * Read-only discovery for budget conversations: users, their categories with money available,
 * uncategorized and recent transactions, recurring items, payees. Collections carry the names of
 * the list tools' results (categories, transactions, items).
 */

/** The newest month a user's entries reach (the sampler has no clock). */
function currentOf(state: BudgetState): string {
  let last = FIRST_MONTH;
  for (const user of Object.values(state.users)) for (const txn of entryValues(user.transactions)) if (txn.date.slice(0, 7) > last) last = txn.date.slice(0, 7);
  return last;
}

export const budgetSamplers: DomainSampler<BudgetState>[] = [
  {
    collection: 'users',
    description: 'Budget owners.',
    sample: (state) => Object.values(state.users).map((u) => ({ user_id: u.user_id, name: u.name, email: u.email })),
  },
  {
    collection: 'categories',
    description: 'Categories with at least 300 USD available this month (money can be moved out of them), with their owner.',
    sample(state) {
      const month = currentOf(state);
      const out: Array<Record<string, unknown>> = [];
      for (const user of Object.values(state.users)) {
        const figures = monthFigures(user, month).at(-1)!;
        for (const category of Object.values(user.categories)) {
          const f = figures.categories.get(category.category_id)!;
          if (f.available < 30000) continue;
          out.push({ category_id: category.category_id, name: category.name, user_id: user.user_id, group: category.group, month, available: f.available / 100 });
        }
      }
      return out;
    },
  },
  {
    collection: 'transactions',
    description: 'Uncategorized expenses imported from the bank, and the latest expenses, labelled by payee, amount and day.',
    sample(state) {
      const out: Array<Record<string, unknown>> = [];
      for (const user of Object.values(state.users)) {
        const expenses = entryValues(user.transactions).filter((t) => t.kind === 'expense');
        for (const txn of [...expenses.filter((t) => t.category_id === null), ...expenses.slice(-3)]) {
          out.push({ transaction_id: txn.transaction_id, summary: `the ${formatAmount(txn.amount)} ${txn.payee} purchase on ${txn.date}`, user_id: user.user_id, payee: txn.payee, date: txn.date });
        }
      }
      return out;
    },
  },
  {
    collection: 'items',
    description: 'Recurring bills and paychecks.',
    sample(state) {
      return Object.values(state.users).flatMap((u) => Object.values(u.recurring).map((r) => ({ recurring_id: r.recurring_id, user_id: u.user_id, payee: r.payee, frequency: r.frequency, kind: r.kind })));
    },
  },
];
