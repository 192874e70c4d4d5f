import type { DomainScenario, ScenarioFacts, SessionRandom } from '../kit/Domain.js';
import { entryValues } from '../kit/bucketedRecord.js';
import { addMonths, figuresOf, fromCents, monthName, type BudgetState, type BudgetUser } from './BudgetState.js';

/**
 * Goals of someone keeping a monthly budget, played as conversations. They know their categories
 * by name ("Dining Out"), payees, amounts, dates and months; the assistant finds category and
 * transaction ids.
 */

type Row = Record<string, any>;

const MONTH = '2026-03';
const NEXT = addMonths(MONTH, 1);
const TODAY = '2026-03-16';

const SIGNED_IN = ['The signed-in user is {user_name} (user id {user_id}).'];

const byNumber = (a: string, b: string): number => Number(a.slice(a.indexOf('_') + 1)) - Number(b.slice(b.indexOf('_') + 1));

/** A user (tried from a random start) for whom `pick` finds what the goal needs. */
function castUser(state: BudgetState, random: SessionRandom, pick: (user: BudgetUser) => ScenarioFacts | undefined): ScenarioFacts | undefined {
  const ids = Object.keys(state.users).sort(byNumber);
  const start = random.int(0, ids.length - 1);
  for (let k = 0; k < ids.length; k++) {
    const user = state.users[ids[(start + k) % ids.length]];
    const facts = pick(user);
    if (facts !== undefined) return { user_id: user.user_id, user_name: user.name, ...facts };
  }
  return undefined;
}

const categoryNamed = (field: string, as: string) => (r: { categories: Row[] }, f: ScenarioFacts) => {
  const c = r.categories.find((x) => x.name === f[field]);
  return c && { [as]: c.category_id };
};

const expenseCategories = (user: BudgetUser) => Object.values(user.categories).filter((c) => c.group !== 'Savings goals');

const PURCHASES: Array<[string, string[], number, number]> = [
  ['Trader Joe\'s', ['groceries'], 30, 140],
  ['Shell', ['gas', 'transportation'], 25, 70],
  ['Chipotle', ['dining_out'], 12, 40],
  ['Target', ['household', 'shopping'], 20, 90],
  ['CVS Pharmacy', ['health', 'medical'], 10, 60],
  ['AMC Theatres', ['entertainment', 'fun_money'], 15, 45],
];

export const budgetScenarios: DomainScenario<BudgetState>[] = [
  {
    name: 'categorize_an_imported_expense',
    goal: 'Put an uncategorized expense the user describes by payee and amount into a category named by the user.',
    context: SIGNED_IN,
    weight: 3,
    cast(state, random) {
      return castUser(state, random, (user) => {
        const loose = entryValues(user.transactions).filter((t) => t.kind === 'expense' && t.category_id === null);
        const categories = expenseCategories(user);
        if (loose.length === 0 || categories.length === 0) return undefined;
        const txn = random.pick(loose);
        if (loose.filter((t) => t.payee === txn.payee && t.amount === txn.amount).length > 1) return undefined;
        const category = random.pick(categories);
        return { payee: txn.payee, amount: txn.amount, date: txn.date, category: category.name, guess: `txn_${txn.payee.toLowerCase().replace(/[^a-z]+/g, '_')}` };
      });
    },
    turns: [
      {
        say: [
          'The {amount} charge from {payee} on {date} has no category. It belongs in {category}.',
          'Please file my {payee} purchase of {amount} ({date}) under {category}.',
          'I see an uncategorized {payee} expense for {amount}; move it into {category}.',
        ],
        steps: [
          {
            tool: 'list_budget_transactions',
            args: (f) => ({ user_id: f.user_id, uncategorized_only: true }),
            learn: (r: { transactions: Row[] }, f) => { const t = r.transactions.find((x) => x.payee === f.payee && x.amount === f.amount); return t && { transaction_id: t.transaction_id }; },
            fault: { kind: 'guessed_id', tool: 'categorize_budget_transaction', args: (f) => ({ transaction_id: f.guess, category_id: f.category }), recovery: 'retry_alternative' },
          },
          { tool: 'list_budget_categories', args: (f) => ({ user_id: f.user_id }), learn: categoryNamed('category', 'category_id') },
          { tool: 'categorize_budget_transaction', args: (f) => ({ transaction_id: f.transaction_id, category_id: f.category_id }) },
        ],
      },
      {
        say: ['How does {category} look this month now?', 'What is left in {category} after that?'],
        steps: [{ tool: 'get_budget_category_summary', args: (f) => ({ user_id: f.user_id, category_id: f.category_id, months: 1 }) }],
      },
    ],
  },
  {
    name: 'record_a_purchase_and_fix_a_mistake',
    goal: 'Record today\'s purchase in a category, check the category, and delete the entry when it was entered twice.',
    context: SIGNED_IN,
    weight: 2,
    cast(state, random) {
      return castUser(state, random, (user) => {
        const [payee, ids, low, high] = random.pick(PURCHASES);
        const category = ids.map((id) => (Object.hasOwn(user.categories, id) ? user.categories[id] : undefined)).find(Boolean);
        if (category === undefined) return undefined;
        const amount = random.int(low * 100, high * 100) / 100;
        return { payee, amount, category: category.name, twice: random.next() < 0.5 };
      });
    },
    turns: [
      {
        say: ['I just spent {amount} at {payee}; put it under {category}.', 'Log a {amount} expense at {payee} today, category {category}.'],
        steps: [
          { tool: 'list_budget_categories', args: (f) => ({ user_id: f.user_id }), learn: categoryNamed('category', 'category_id') },
          {
            tool: 'add_budget_transaction',
            args: (f) => ({ user_id: f.user_id, date: TODAY, payee: f.payee, amount: f.amount, category_id: f.category_id }),
            learn: (r: { transaction: Row }) => ({ transaction_id: r.transaction.transaction_id }),
          },
        ],
      },
      {
        say: ['Wait, my partner already logged that {payee} purchase. Delete the one you just added.', 'Oops, that was a duplicate; please remove the entry you just made.'],
        when: (f) => f.twice === true,
        steps: [{ tool: 'delete_budget_transaction', args: (f) => ({ transaction_id: f.transaction_id }) }],
      },
      {
        say: ['How much have I spent at {payee} this month?', 'Show me this month\'s {payee} purchases.'],
        when: (f) => f.twice !== true,
        steps: [{ tool: 'list_budget_transactions', args: (f) => ({ user_id: f.user_id, month: MONTH, payee: f.payee }) }],
      },
    ],
  },
  {
    name: 'cover_overspending',
    goal: 'Find what is over budget this month and cover it from the category with the most left, or fund a category when nothing is over.',
    context: SIGNED_IN,
    weight: 3,
    cast(state, random) {
      return castUser(state, random, (user) => {
        const figures = figuresOf(user, MONTH);
        const spare = expenseCategories(user).filter((c) => (figures.categories.get(c.category_id)?.available ?? 0) >= 0);
        if (spare.length === 0) return undefined;
        const fund = random.pick(spare);
        const ready = fromCents(figures.readyToAssign);
        const amount = Math.min(random.pick([25, 50, 75, 100]), Math.floor(ready));
        return { fund: fund.name, fund_amount: amount, ready_to_assign: ready, month_name: monthName(MONTH) };
      });
    },
    turns: [
      {
        say: ['Am I over budget anywhere this month?', 'Which categories did I overspend in {month_name}?', 'How is my budget doing this month?'],
        steps: [
          {
            tool: 'get_budget_month_summary',
            args: (f) => ({ user_id: f.user_id, month: MONTH }),
            learn: (r: { over_budget: Row[]; ready_to_assign: number }) => {
              const over = r.over_budget[0];
              return over ? { over_id: over.category_id, over_name: over.name, need: Math.ceil(-over.available) } : { none_over: true };
            },
          },
        ],
      },
      {
        say: ['Cover the {over_name} overspending from whichever category has the most money left.', 'Take what {over_name} is missing from the category with the most available.'],
        when: (f) => f.over_id !== undefined,
        steps: [
          {
            tool: 'list_budget_categories',
            args: (f) => ({ user_id: f.user_id, month: MONTH }),
            learn: (r: { categories: Row[] }, f) => {
              const rich = r.categories.filter((c) => c.category_id !== f.over_id).sort((a, b) => b.available - a.available)[0];
              return rich && rich.available >= (f.need as number) ? { from_id: rich.category_id, from_name: rich.name, too_much: Math.ceil(rich.available) + 500 } : undefined;
            },
          },
          {
            tool: 'move_budget_money',
            args: (f) => ({ user_id: f.user_id, from_category_id: f.from_id, to_category_id: f.over_id, amount: f.need, month: MONTH }),
            fault: {
              kind: 'state_refusal',
              tool: 'move_budget_money',
              args: (f) => ({ user_id: f.user_id, from_category_id: f.from_id, to_category_id: f.over_id, amount: f.too_much, month: MONTH }),
              recovery: 'retry_corrected',
            },
          },
        ],
      },
      {
        say: ['Good. Then give {fund} another {fund_amount} this month.', 'Nice, then assign {fund_amount} more to {fund} for this month.'],
        when: (f) => f.none_over === true && (f.fund_amount as number) > 0,
        steps: [
          { tool: 'list_budget_categories', args: (f) => ({ user_id: f.user_id, month: MONTH }), learn: (r: { categories: Row[] }, f) => { const c = r.categories.find((x) => x.name === f.fund); return c && { fund_id: c.category_id, new_assigned: Math.round((c.assigned + (f.fund_amount as number)) * 100) / 100 }; } },
          { tool: 'assign_budget_amount', args: (f) => ({ user_id: f.user_id, category_id: f.fund_id, amount: f.new_assigned, month: MONTH }) },
        ],
      },
    ],
  },
  {
    name: 'plan_next_month',
    goal: 'Set next month\'s budget for a category the user names, within what is ready to assign.',
    context: SIGNED_IN,
    weight: 2,
    cast(state, random) {
      return castUser(state, random, (user) => {
        const ready = fromCents(figuresOf(user, NEXT).readyToAssign);
        const categories = Object.values(user.categories);
        if (ready < 60 || categories.length === 0) return undefined;
        const category = random.pick(categories);
        const amount = Math.max(10, Math.floor(Math.min(category.target ?? ready / 3, ready / 2) / 5) * 5);
        return { category: category.name, amount, amount_said: amount, too_much: Math.ceil(ready) + random.pick([1000, 2500, 5000]), month_name: monthName(NEXT) };
      });
    },
    turns: [
      {
        say: ['Budget {amount_said} for {category} in {month_name}.', 'For {month_name}, set {category} to {amount_said}, please.', 'I want {amount_said} assigned to {category} next month, {month_name}.'],
        steps: [
          { tool: 'list_budget_categories', args: (f) => ({ user_id: f.user_id, month: NEXT }), learn: categoryNamed('category', 'category_id') },
          {
            tool: 'assign_budget_amount',
            args: (f) => ({ user_id: f.user_id, category_id: f.category_id, amount: f.amount, month: NEXT }),
            fault: {
              kind: 'state_refusal',
              tool: 'assign_budget_amount',
              said: (f) => ({ amount_said: f.too_much }),
              args: (f) => ({ user_id: f.user_id, category_id: f.category_id, amount: f.too_much, month: NEXT }),
              recovery: 'ask_user',
              ask: ['That is more than you have ready to assign. How much should I budget instead?', 'There is not enough ready to assign for that; which amount should I use?'],
              reply: ['Then {amount}.', 'Make it {amount} for now.'],
            },
          },
        ],
      },
      {
        say: ['What does {month_name} look like overall now?', 'Give me the summary for {month_name}.'],
        steps: [{ tool: 'get_budget_month_summary', args: (f) => ({ user_id: f.user_id, month: NEXT }) }],
      },
    ],
  },
  {
    name: 'new_bill_with_its_category',
    goal: 'Add a category for a new monthly bill, set the bill up as recurring, and review the recurring items.',
    context: SIGNED_IN,
    weight: 2,
    cast(state, random) {
      return castUser(state, random, (user) => {
        const [name, payee, low, high] = random.pick([
          ['Gym', 'Planet Fitness', 25, 60],
          ['Streaming', 'Netflix', 10, 23],
          ['Music Lessons', 'Harmony Music School', 80, 160],
          ['Pet Insurance', 'Lemonade Pet', 20, 45],
          ['Cloud Storage', 'Dropbox', 10, 20],
          ['Car Wash Club', 'Sparkle Car Wash', 20, 35],
        ] as Array<[string, string, number, number]>);
        if (Object.values(user.categories).some((c) => c.name === name) || Object.values(user.recurring).some((r) => r.payee === payee)) return undefined;
        const amount = random.int(low, high);
        return { name, payee, amount, group: name === 'Gym' || name === 'Music Lessons' || name === 'Car Wash Club' ? 'Fun' : 'Bills', day: `2026-0${random.int(4, 5)}-${String(random.int(1, 28)).padStart(2, '0')}` };
      });
    },
    turns: [
      {
        say: ['I signed up for {payee} at {amount} a month. Make a {name} category in {group} with a {amount} target.', 'Create a new {name} category under {group}, target {amount} a month; it is for {payee}.'],
        steps: [{ tool: 'create_budget_category', args: (f) => ({ user_id: f.user_id, name: f.name, group: f.group, target: f.amount }), learn: (r: { category: Row }) => ({ category_id: r.category.category_id }) }],
      },
      {
        say: ['And set up the {payee} bill as monthly, first charge on {day}.', 'Add {payee} as a recurring monthly bill starting {day}.'],
        steps: [
          {
            tool: 'add_budget_recurring',
            args: (f) => ({ user_id: f.user_id, payee: f.payee, amount: f.amount, frequency: 'monthly', next_date: f.day, category_id: f.category_id }),
            fault: { kind: 'missing_argument', tool: 'add_budget_recurring', args: (f) => ({ user_id: f.user_id, payee: f.payee, amount: f.amount, frequency: 'monthly', next_date: f.day }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['What do my recurring bills add up to per month now?', 'List my recurring bills with their monthly total.'],
        steps: [{ tool: 'list_budget_recurring', args: (f) => ({ user_id: f.user_id, kind: 'expense' }) }],
      },
    ],
  },
  {
    name: 'where_did_the_money_go',
    goal: 'Review a category over the last months, then look at the purchases at its top payee.',
    context: SIGNED_IN,
    weight: 2,
    cast(state, random) {
      return castUser(state, random, (user) => {
        const categories = expenseCategories(user);
        if (categories.length === 0) return undefined;
        return { category: random.pick(categories).name, months: random.pick([2, 3, 4]) };
      });
    },
    turns: [
      {
        say: ['How much have I spent on {category} over the last {months} months?', 'Show me my {category} spending for the past {months} months.'],
        steps: [
          { tool: 'list_budget_categories', args: (f) => ({ user_id: f.user_id }), learn: categoryNamed('category', 'category_id') },
          {
            tool: 'get_budget_category_summary',
            args: (f) => ({ user_id: f.user_id, category_id: f.category_id, months: f.months }),
            learn: (r: { top_payees: Row[] }) => (r.top_payees.length > 0 ? { top_payee: r.top_payees[0].payee } : { quiet: true }),
          },
        ],
      },
      {
        say: ['Show me the {top_payee} purchases in there.', 'List what I bought at {top_payee}.'],
        when: (f) => f.top_payee !== undefined,
        steps: [{ tool: 'list_budget_transactions', args: (f) => ({ user_id: f.user_id, category_id: f.category_id, payee: f.top_payee }) }],
      },
      {
        say: ['And what are my recurring paychecks?', 'Which income do I have coming in regularly?'],
        when: (f) => f.quiet === true,
        steps: [{ tool: 'list_budget_recurring', args: (f) => ({ user_id: f.user_id, kind: 'income' }) }],
      },
    ],
  },
];
