import { defineTool, type ToolContext } from '../kit/Domain.js';
import { day, idText, inputOf, integer, money, nullableNumber, objectOf, oneOf, text } from '../kit/schemas.js';
import { CATEGORY_GROUPS, FREQUENCIES, addDays, figuresOf, formatAmount, fromCents, hasCents, monthName, slugOf, toCents, type BudgetCategory, type BudgetState, type BudgetUser, type CategoryGroup, type Frequency, type RecurringItem } from './BudgetState.js';
import { currentMonth, requireCategory, requireOpenMonth, requireUser } from './budgetLookups.js';
import { categoryRow, categoryRowSchema, recurringSchema, recurringView } from './budgetViews.js';
import { monthArgument, userId } from './readTools.js';

type Context = ToolContext<BudgetState>;

/** Most categories one budget may have. */
export const MAX_CATEGORIES = 40;

/** Set what is assigned to categories in a month (new amounts in dollars), and return the user as it will be. */
function writeAssigned(ctx: Context, user: BudgetUser, month: string, amounts: Record<string, number>): BudgetUser {
  const months = ctx.edit<BudgetUser['assigned']>('users', user.user_id, 'assigned');
  // A new row object: the months copy then holds exactly what the figures below must see.
  months[month] = Object.hasOwn(months, month) ? { ...months[month], ...amounts } : { ...amounts };
  return { ...user, assigned: months };
}

function assignedIn(user: BudgetUser, month: string, categoryId: string): number {
  const row = Object.hasOwn(user.assigned, month) ? user.assigned[month] : undefined;
  return row !== undefined && Object.hasOwn(row, categoryId) ? row[categoryId] : 0;
}

const afterSchema = objectOf({ month: text('YYYY-MM.'), ready_to_assign: money('Left to assign that month, USD.'), category: categoryRowSchema });

export const assignBudgetAmount = defineTool<BudgetState, { user_id: string; category_id: string; amount: number; month?: string }>({
  name: 'assign_budget_amount',
  description:
    'Set how much a category gets in a month (the new total assigned, not an addition), for the current month or a later one. ' +
    'Raising it takes money from ready to assign and is refused beyond what is ready; lowering it gives money back. To take money ' +
    'from another category, use move_budget_money. Returns the category\'s month and what is left to assign.',
  input: inputOf(
    {
      user_id: userId,
      category_id: idText('The category by id or name, e.g. groceries.'),
      amount: { type: 'number', minimum: 0, maximum: 1000000, description: 'The new amount assigned for the month, USD.' },
      month: monthArgument,
    },
    ['user_id', 'category_id', 'amount'],
  ),
  output: afterSchema,
  annotations: { title: 'Assign money', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const user = requireUser(ctx, args.user_id);
    const category = requireCategory(ctx, user, args.category_id);
    const month = requireOpenMonth(ctx, args.month ?? currentMonth(ctx));
    if (!hasCents(args.amount)) ctx.fail(`amount ${args.amount} has more than two decimals`);
    const before = assignedIn(user, month, category.category_id);
    const raise = toCents(args.amount) - toCents(before);
    const ready = figuresOf(user, month).readyToAssign;
    if (raise > 0 && raise > ready) {
      ctx.fail(
        `${category.name} has ${formatAmount(before)} assigned in ${monthName(month)}; raising it to ${formatAmount(args.amount)} needs ${formatAmount(fromCents(raise))} ` +
          `but only ${formatAmount(fromCents(Math.max(0, ready)))} is ready to assign; move money from another category with move_budget_money`,
      );
    }
    const after = figuresOf(writeAssigned(ctx, user, month, { [category.category_id]: args.amount }), month);
    return { month, ready_to_assign: fromCents(after.readyToAssign), category: categoryRow(category, after.categories.get(category.category_id)) };
  },
});

export const moveBudgetMoney = defineTool<BudgetState, { user_id: string; from_category_id: string; to_category_id: string; amount: number; month?: string }>({
  name: 'move_budget_money',
  description:
    'Move available money from one category to another in a month (to cover overspending or fund a goal). Refused beyond what ' +
    'the source category has available. Returns both categories\' months.',
  input: inputOf(
    {
      user_id: userId,
      from_category_id: idText('The category to take from, by id or name, e.g. dining_out.'),
      to_category_id: idText('The category to give to, by id or name, e.g. groceries.'),
      amount: { type: 'number', exclusiveMinimum: 0, maximum: 1000000, description: 'USD to move, at most two decimals.' },
      month: monthArgument,
    },
    ['user_id', 'from_category_id', 'to_category_id', 'amount'],
  ),
  output: objectOf({ month: text('YYYY-MM.'), from: categoryRowSchema, to: categoryRowSchema }),
  annotations: { title: 'Move money', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const user = requireUser(ctx, args.user_id);
    const from = requireCategory(ctx, user, args.from_category_id);
    const to = requireCategory(ctx, user, args.to_category_id);
    if (from.category_id === to.category_id) ctx.fail(`from and to are both ${from.name}; name two different categories`);
    const month = requireOpenMonth(ctx, args.month ?? currentMonth(ctx));
    if (!hasCents(args.amount)) ctx.fail(`amount ${args.amount} has more than two decimals`);
    const available = figuresOf(user, month).categories.get(from.category_id)!.available;
    if (toCents(args.amount) > available) {
      ctx.fail(`${from.name} has only ${formatAmount(fromCents(Math.max(0, available)))} available in ${monthName(month)}; move at most that, or take from another category`);
    }
    const after = figuresOf(
      writeAssigned(ctx, user, month, {
        [from.category_id]: fromCents(toCents(assignedIn(user, month, from.category_id)) - toCents(args.amount)),
        [to.category_id]: fromCents(toCents(assignedIn(user, month, to.category_id)) + toCents(args.amount)),
      }),
      month,
    );
    return { month, from: categoryRow(from, after.categories.get(from.category_id)), to: categoryRow(to, after.categories.get(to.category_id)) };
  },
});

export const createBudgetCategory = defineTool<BudgetState, { user_id: string; name: string; group: CategoryGroup; target?: number }>({
  name: 'create_budget_category',
  description:
    'Add a category to a user\'s budget (e.g. a new savings goal), in one of the groups, optionally with a monthly target. ' +
    'Names are unique per budget. Its id is a slug of the name. Returns the category.',
  input: inputOf(
    {
      user_id: userId,
      name: text('The category name, e.g. "Wedding Fund".', { minLength: 1, maxLength: 40 }),
      group: oneOf(CATEGORY_GROUPS, 'The group it belongs to.'),
      target: { type: 'number', exclusiveMinimum: 0, maximum: 100000, description: 'Monthly target, USD.' },
    },
    ['user_id', 'name', 'group'],
  ),
  output: objectOf({ category: objectOf({ category_id: text('Its id.'), name: text('Name.'), group: oneOf(CATEGORY_GROUPS, 'Group.'), target: nullableNumber('Monthly target.') }), categories: integer('How many categories the budget has now.') }),
  annotations: { title: 'Create category', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const user = requireUser(ctx, args.user_id);
    const name = args.name.trim().replace(/\s+/g, ' ');
    const id = slugOf(name);
    if (id === '') ctx.fail(`"${args.name}" has no letters or digits; give the category a name`);
    if (Object.hasOwn(user.categories, id)) ctx.fail(`${user.name} already has a category ${user.categories[id].name} (${id}); pick another name`);
    const count = Object.keys(user.categories).length;
    if (count >= MAX_CATEGORIES) ctx.fail(`a budget has at most ${MAX_CATEGORIES} categories and ${user.name} has ${count}`);
    if (args.target !== undefined && !hasCents(args.target)) ctx.fail(`target ${args.target} has more than two decimals`);
    const category: BudgetCategory = { category_id: id, name, group: args.group, target: args.target ?? null };
    ctx.edit<BudgetUser['categories']>('users', user.user_id, 'categories')[id] = category;
    return { category, categories: count + 1 };
  },
});

interface AddRecurringArgs {
  user_id: string;
  payee: string;
  amount: number;
  frequency: Frequency;
  next_date: string;
  kind?: 'expense' | 'income';
  category_id?: string;
}

export const addBudgetRecurring = defineTool<BudgetState, AddRecurringArgs>({
  name: 'add_budget_recurring',
  description:
    'Set up a recurring bill (with its category) or paycheck (no category): payee, amount, weekly, biweekly or monthly, and the ' +
    'first day it falls on (today or within a year). Returns the item with what it comes to per month.',
  input: inputOf(
    {
      user_id: userId,
      payee: text('Who is paid or who pays, e.g. "Planet Fitness".', { minLength: 1, maxLength: 80 }),
      amount: { type: 'number', exclusiveMinimum: 0, maximum: 1000000, description: 'Amount each time, USD.' },
      frequency: oneOf(FREQUENCIES, 'How often.'),
      next_date: day('The first day it falls on, YYYY-MM-DD (today or later).'),
      kind: oneOf(['expense', 'income'], 'expense (default) or income.'),
      category_id: idText('For a bill: its category by id or name.'),
    },
    ['user_id', 'payee', 'amount', 'frequency', 'next_date'],
  ),
  output: objectOf({ item: recurringSchema }),
  annotations: { title: 'Add recurring item', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const user = requireUser(ctx, args.user_id);
    const kind = args.kind ?? 'expense';
    if (kind === 'income' && args.category_id !== undefined) ctx.fail('recurring income takes no category; leave category_id out');
    if (kind === 'expense' && args.category_id === undefined) ctx.fail(`a recurring bill needs a category; ${user.name}'s categories: ${Object.keys(user.categories).join(', ')}`);
    const category = args.category_id === undefined ? null : requireCategory(ctx, user, args.category_id);
    if (!hasCents(args.amount)) ctx.fail(`amount ${args.amount} has more than two decimals`);
    if (args.next_date < ctx.today) ctx.fail(`next_date ${args.next_date} is in the past (today is ${ctx.today}); past payments are recorded with add_budget_transaction`);
    if (args.next_date > addDays(ctx.today, 365)) ctx.fail(`next_date ${args.next_date} is more than a year away`);
    const payee = args.payee.trim();
    if (payee === '') ctx.fail('payee is blank');
    const item: RecurringItem = { recurring_id: ctx.nextId('rec'), kind, payee, amount: args.amount, category_id: category?.category_id ?? null, frequency: args.frequency, next_date: args.next_date };
    ctx.edit<BudgetUser['recurring']>('users', user.user_id, 'recurring')[item.recurring_id] = item;
    return { item: recurringView(item) };
  },
});
