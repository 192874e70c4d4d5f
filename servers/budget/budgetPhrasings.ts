/** How people ask for each budget tool (slots are argument names), for data synthesis. */
export const budgetPhrasings: Record<string, string[]> = {
  list_budget_categories: ['show the budget of {user_id}', 'how much is left in each category for {user_id} in {month}', 'what is {user_id} over budget on'],
  get_budget_month_summary: ['give me the {month} summary for {user_id}', 'how did {user_id} do in {month}', 'summarize this month for {user_id}'],
  get_budget_category_summary: ['how much does {user_id} usually spend on {category_id}', 'show the last few months of {category_id} for {user_id}'],
  list_budget_transactions: ['show the recent transactions of {user_id}', 'what did {user_id} spend at {payee}', 'list the {category_id} purchases of {user_id}'],
  add_budget_transaction: ['log {amount} at {payee} on {date} under {category_id} for {user_id}', 'record that {user_id} spent {amount} at {payee} on {date}', 'add a {kind} of {amount} from {payee} on {date} for {user_id}'],
  categorize_budget_transaction: ['put {transaction_id} under {category_id}', 'categorize {transaction_id} as {category_id}', 'move {transaction_id} to {category_id}'],
  delete_budget_transaction: ['delete {transaction_id}, it was a mistake', 'remove the duplicate {transaction_id}'],
  assign_budget_amount: ['budget {amount} for {category_id} in {month} for {user_id}', 'set {category_id} to {amount} this month for {user_id}', 'assign {amount} to {category_id} for {user_id}'],
  move_budget_money: ['move {amount} from {from_category_id} to {to_category_id} for {user_id}', 'cover {to_category_id} with {amount} from {from_category_id} for {user_id}'],
  create_budget_category: ['add a {group} category called {name} for {user_id}', 'create a new category {name} in {group} for {user_id}'],
  list_budget_recurring: ['what bills and paychecks does {user_id} have coming', 'list the recurring items of {user_id}'],
  add_budget_recurring: ['set up a {frequency} bill of {amount} to {payee} starting {next_date} for {user_id}', 'add {payee} as a {frequency} {kind} of {amount} from {next_date} for {user_id}'],
};
