import { defineDomain } from '../kit/Domain.js';
import { loadFixture } from '../kit/fixtures.js';
import { BUDGET_REFERENCE_DATE, type BudgetState } from './BudgetState.js';
import { budgetInvariants } from './budgetInvariants.js';
import { budgetPhrasings } from './budgetPhrasings.js';
import { budgetScenarios } from './budgetScenarios.js';
import { budgetSamplers } from './budgetSamplers.js';
import { addBudgetRecurring, assignBudgetAmount, createBudgetCategory, moveBudgetMoney } from './planTools.js';
import { getBudgetCategorySummary, getBudgetMonthSummary, listBudgetCategories, listBudgetRecurring, listBudgetTransactions } from './readTools.js';
import { addBudgetTransaction, categorizeBudgetTransaction, deleteBudgetTransaction } from './transactionTools.js';

/**
 * Envelope budgeting after YNAB: categories with money assigned per month, expenses and income,
 * recurring items, rollover of what is left, overspending, and summaries computed from the entries.
 */
export const budgetDomain = defineDomain<BudgetState>({
  name: 'budget',
  title: 'Personal budget',
  category: 'finance',
  description:
    'A YNAB-like envelope budget for 30 households: categories in groups (bills, everyday, fun, savings goals) with monthly ' +
    'targets, money assigned to each category per month from what is ready to assign, expenses and income, recurring bills and ' +
    'paychecks, uncategorized transactions imported from the bank, positive balances rolling over and overspending taken from ' +
    'next month, and month and category summaries that always agree with the entries.',
  tools: [
    listBudgetCategories,
    getBudgetMonthSummary,
    getBudgetCategorySummary,
    listBudgetTransactions,
    addBudgetTransaction,
    categorizeBudgetTransaction,
    deleteBudgetTransaction,
    assignBudgetAmount,
    moveBudgetMoney,
    createBudgetCategory,
    listBudgetRecurring,
    addBudgetRecurring,
  ],
  loadWorld: () => loadFixture<BudgetState>('budget'),
  defaultReferenceDate: BUDGET_REFERENCE_DATE,
  samplers: budgetSamplers,
  invariants: budgetInvariants,
  phrasings: budgetPhrasings,
  scenarios: budgetScenarios,
  // Graph-drawn conversations act for one signed-in user (servers/README.md, "The signed-in user").
  principal: { collection: 'users', arguments: { user_id: 'user_id' }, context: ['The signed-in user is {name} (user id {user_id}).'] },
});

export default budgetDomain;
