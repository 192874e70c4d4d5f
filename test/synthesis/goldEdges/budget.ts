import type { GoldGraph } from './types.js';

// user_id is the acting user's own id: no tool looks it up.
const CATEGORY_SOURCES = ['list_budget_categories', 'get_budget_month_summary', 'list_budget_transactions', 'list_budget_recurring', 'create_budget_category'];

export const gold: GoldGraph = {
  domain: 'budget',
  explicit: {
    get_budget_category_summary: CATEGORY_SOURCES,
    assign_budget_amount: CATEGORY_SOURCES,
    move_budget_money: CATEGORY_SOURCES,
    categorize_budget_transaction: [...CATEGORY_SOURCES, 'add_budget_transaction'],
    delete_budget_transaction: ['list_budget_transactions', 'add_budget_transaction'],
  },
  implicit: [],
};
