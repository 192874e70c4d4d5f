import { setEntry } from '../kit/bucketedRecord.js';
import { runWorldGenerator } from '../kit/fixtures.js';
import { SeededRandom, seedRandomState } from '../kit/seededRandom.js';
import {
  BUDGET_REFERENCE_DATE,
  FIRST_MONTH,
  addDays,
  addMonths,
  figuresOf,
  fromCents,
  nextOccurrence,
  slugOf,
  toCents,
  type BudgetCategory,
  type BudgetState,
  type BudgetTransaction,
  type BudgetUser,
  type CategoryGroup,
  type Frequency,
  type RecurringItem,
} from './BudgetState.js';

/**
 * Builds the budget world from a seed: 30 households' envelope budgets from December 2025 to the
 * reference date (2026-03-16): categories in four groups with targets, paychecks and side income,
 * rent, bills and subscriptions as recurring items, everyday spending at real-sounding payees
 * (some categories overspent), a few imported bank transactions still uncategorized, and the
 * money assigned each month, never more than was ready to assign.
 *
 * `npx tsx servers/budget/generateWorld.ts [seed]` writes fixtures/budget/world.json (seed 42).
 */

const TODAY = BUDGET_REFERENCE_DATE.slice(0, 10);
const CURRENT_MONTH = TODAY.slice(0, 7);
const USER_COUNT = 30;

interface CategorySpec {
  name: string;
  group: CategoryGroup;
  /** Typical monthly spending (0 for savings goals), and how many purchases make it up. */
  monthly: [number, number];
  purchases: [number, number];
  payees: string[];
  /** Chance that a user has this category. */
  share: number;
  target: boolean;
}

const CATEGORIES: CategorySpec[] = [
  { name: 'Rent', group: 'Bills', monthly: [1100, 2600], purchases: [1, 1], payees: ['Parkview Apartments', 'Maple Court Rentals', 'Harbor Lofts'], share: 1, target: true },
  { name: 'Electric', group: 'Bills', monthly: [60, 160], purchases: [1, 1], payees: ['PG&E', 'City Power & Light'], share: 0.9, target: true },
  { name: 'Internet', group: 'Bills', monthly: [50, 90], purchases: [1, 1], payees: ['Comcast Xfinity', 'Sonic Fiber'], share: 0.9, target: true },
  { name: 'Phone', group: 'Bills', monthly: [35, 95], purchases: [1, 1], payees: ['Verizon', 'T-Mobile', 'Mint Mobile'], share: 0.95, target: true },
  { name: 'Insurance', group: 'Bills', monthly: [80, 220], purchases: [1, 1], payees: ['GEICO', 'State Farm', 'Lemonade'], share: 0.6, target: true },
  { name: 'Groceries', group: 'Everyday', monthly: [350, 900], purchases: [4, 8], payees: ["Trader Joe's", 'Safeway', 'Whole Foods', 'Costco', 'Aldi'], share: 1, target: false },
  { name: 'Dining Out', group: 'Everyday', monthly: [80, 400], purchases: [3, 9], payees: ['Chipotle', 'Blue Bottle Coffee', 'Sweetgreen', "Tony's Pizza", 'Pho Saigon', 'Shake Shack'], share: 0.95, target: false },
  { name: 'Transportation', group: 'Everyday', monthly: [60, 260], purchases: [2, 5], payees: ['Shell', 'Chevron', 'Uber', 'Clipper Card', 'Lyft'], share: 0.95, target: false },
  { name: 'Household', group: 'Everyday', monthly: [40, 180], purchases: [1, 3], payees: ['Target', 'Home Depot', 'IKEA', 'Walgreens'], share: 0.8, target: false },
  { name: 'Pets', group: 'Everyday', monthly: [40, 150], purchases: [1, 3], payees: ['Petco', 'Chewy', 'Banfield Pet Hospital'], share: 0.35, target: false },
  { name: 'Subscriptions', group: 'Fun', monthly: [20, 60], purchases: [2, 3], payees: ['Netflix', 'Spotify', 'iCloud', 'NYTimes', 'Disney+'], share: 0.85, target: true },
  { name: 'Entertainment', group: 'Fun', monthly: [30, 200], purchases: [1, 4], payees: ['AMC Theatres', 'Steam', 'Ticketmaster', 'Bowlero'], share: 0.75, target: false },
  { name: 'Hobbies', group: 'Fun', monthly: [20, 150], purchases: [1, 2], payees: ["Michael's", 'REI', 'Guitar Center', 'Barnes & Noble'], share: 0.5, target: false },
  { name: 'Gifts', group: 'Fun', monthly: [0, 120], purchases: [0, 2], payees: ['Etsy', 'Amazon', 'Nordstrom'], share: 0.6, target: false },
  { name: 'Emergency Fund', group: 'Savings goals', monthly: [0, 0], purchases: [0, 0], payees: [], share: 0.9, target: true },
  { name: 'Vacation', group: 'Savings goals', monthly: [0, 0], purchases: [0, 0], payees: [], share: 0.6, target: true },
  { name: 'Car Maintenance', group: 'Savings goals', monthly: [0, 80], purchases: [0, 1], payees: ['Jiffy Lube', 'Midas'], share: 0.5, target: true },
];

const FIRST = ['Avery', 'Jordan', 'Riley', 'Morgan', 'Casey', 'Quinn', 'Rowan', 'Harper', 'Emerson', 'Sasha', 'Nico', 'Imani', 'Mateo', 'Ingrid', 'Kofi', 'Alma', 'Yusuf', 'Beatrix', 'Hugo', 'Noor', 'Oskar', 'Paloma', 'Ravi', 'Selma', 'Tomas', 'Uma', 'Wen', 'Ximena', 'Yosef', 'Zainab'];
const LAST = ['Adler', 'Banerjee', 'Castillo', 'Dimitrov', 'Eriksen', 'Fontaine', 'Gallagher', 'Hashemi', 'Iwasaki', 'Jovanovic', 'Kowalski', 'Laurent', 'Mbeki', 'Nakamura', 'Olsen', 'Petrov', 'Quintero', 'Rasmussen', 'Sato', 'Thorne'];
const EMPLOYERS = ['Northwind Health', 'Lumen Software', 'City of Oakland', 'Redwood Unified School District', 'Acme Logistics', 'Bayview Medical', 'Kestrel Design'];
const SIDE_INCOME = ['Etsy payout', 'Freelance client', 'Venmo from roommate', 'Tax refund', 'Tutoring'];
const pad = (n: number): string => String(n).padStart(2, '0');
const dayIn = (month: string, day: number): string => `${month}-${pad(day)}`;

export function generateWorld(seed: number): BudgetState {
  const random = new SeededRandom(seedRandomState(seed));
  const chance = (p: number): boolean => random.next() < p;
  const money = (min: number, max: number): number => fromCents(random.int(toCents(min), toCents(max)));
  const users: Record<string, BudgetUser> = {};
  let txnCount = 0;
  let recurringCount = 0;
  const names = new Set<string>();

  for (let u = 1; u <= USER_COUNT; u++) {
    let name: string;
    do name = `${random.pick(FIRST)} ${random.pick(LAST)}`;
    while (names.has(name));
    names.add(name);
    const userId = `usr_${u}`;
    const categories: Record<string, BudgetCategory> = {};
    const specs: Array<[CategorySpec, number]> = [];
    for (const spec of CATEGORIES) {
      if (!chance(spec.share)) continue;
      const monthly = Math.round(money(spec.monthly[0], spec.monthly[1]));
      const id = slugOf(spec.name);
      const target = spec.target ? (spec.group === 'Savings goals' ? random.pick([50, 100, 150, 200, 250]) : Math.ceil(monthly / 10) * 10) : null;
      categories[id] = { category_id: id, name: spec.name, group: spec.group, target };
      specs.push([spec, monthly]);
    }
    const transactions: BudgetTransaction[] = [];
    const recurring: Record<string, RecurringItem> = {};
    const addRecurring = (kind: 'expense' | 'income', payee: string, amount: number, categoryId: string | null, frequency: Frequency, firstDate: string): void => {
      const recurringId = `rec_${++recurringCount}`;
      let date = firstDate;
      for (; date <= TODAY; date = nextOccurrence(date, frequency)) {
        transactions.push({ transaction_id: '', date, kind, payee, amount, category_id: categoryId, memo: null, recurring_id: recurringId });
      }
      recurring[recurringId] = { recurring_id: recurringId, kind, payee, amount, category_id: categoryId, frequency, next_date: date };
    };
    // Pay: biweekly or monthly, starting in the first month.
    const employer = random.pick(EMPLOYERS);
    const biweekly = chance(0.6);
    const rent = specs.find(([s]) => s.name === 'Rent')![1];
    const pay = Math.round((rent * random.int(26, 40)) / 10 / (biweekly ? 2.17 : 1));
    addRecurring('income', employer, pay, null, biweekly ? 'biweekly' : 'monthly', biweekly ? dayIn(FIRST_MONTH, random.int(1, 14)) : dayIn(FIRST_MONTH, 1));
    for (const [spec, monthly] of specs) {
      const id = slugOf(spec.name);
      if (spec.group === 'Bills' || spec.name === 'Subscriptions') {
        // Bills recur monthly on a fixed day; utilities vary a little from month to month, so they post as one-offs.
        const day = spec.name === 'Rent' ? 1 : random.int(2, 27);
        if (spec.name === 'Electric') {
          for (let month = FIRST_MONTH; dayIn(month, day) <= TODAY; month = addMonths(month, 1)) {
            transactions.push({ transaction_id: '', date: dayIn(month, day), kind: 'expense', payee: random.pick(spec.payees), amount: money(monthly * 0.8, monthly * 1.25), category_id: id, memo: null, recurring_id: null });
          }
        } else if (spec.name === 'Subscriptions') {
          const start = random.int(0, spec.payees.length - 1);
          const services = [...spec.payees.slice(start), ...spec.payees.slice(0, start)].slice(0, random.int(2, 3));
          for (const service of services) addRecurring('expense', service, random.pick([6.99, 9.99, 11.99, 15.49, 17.99]), id, 'monthly', dayIn(FIRST_MONTH, random.int(2, 27)));
        } else {
          addRecurring('expense', random.pick(spec.payees), spec.name === 'Rent' ? monthly : fromCents(toCents(monthly) - random.int(0, 99)), id, 'monthly', dayIn(FIRST_MONTH, day));
        }
        continue;
      }
      if (spec.payees.length === 0) continue;
      for (let month = FIRST_MONTH; month <= CURRENT_MONTH; month = addMonths(month, 1)) {
        const count = random.int(spec.purchases[0], spec.purchases[1]);
        // Some months run over: up to 40% more than usual.
        const scale = chance(0.25) ? 1 + random.int(10, 40) / 100 : random.int(70, 100) / 100;
        for (let k = 0; k < count; k++) {
          const date = dayIn(month, random.int(1, 28));
          if (date > TODAY) continue;
          const amount = Math.max(3, fromCents(Math.round((toCents(monthly) * scale) / count) + random.int(-500, 500)));
          transactions.push({ transaction_id: '', date, kind: 'expense', payee: random.pick(spec.payees), amount, category_id: id, memo: chance(0.1) ? random.pick(['split with roommate', 'birthday', 'work trip', 'weekly shop', 'reimbursable']) : null, recurring_id: null });
        }
      }
    }
    // Side income now and then.
    for (let k = random.int(0, 3); k > 0; k--) {
      transactions.push({ transaction_id: '', date: addDays(TODAY, -random.int(1, 100)), kind: 'income', payee: random.pick(SIDE_INCOME), amount: money(40, 600), category_id: null, memo: null, recurring_id: null });
    }
    // Imported from the bank this week and not categorized yet.
    for (let k = random.int(1, 3); k > 0; k--) {
      const [spec] = random.pick(specs.filter(([s]) => s.payees.length > 0 && s.group === 'Everyday'));
      transactions.push({ transaction_id: '', date: addDays(TODAY, -random.int(0, 5)), kind: 'expense', payee: random.pick(spec.payees), amount: money(8, 140), category_id: null, memo: 'Imported from Harborview Bank', recurring_id: null });
    }
    transactions.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    const user: BudgetUser = { user_id: userId, name, email: `${name.toLowerCase().replace(' ', '.')}@example.com`, categories, assigned: {}, transactions: {}, recurring };
    for (const txn of transactions) {
      txn.transaction_id = `txn_${++txnCount}`;
      setEntry(user.transactions, txn.transaction_id, txn);
    }
    // Assign each month what is planned, never more than is ready to assign: bills first, then
    // everyday, fun, and whatever is left of the plan to savings goals.
    const lastMonth = chance(0.5) ? addMonths(CURRENT_MONTH, 1) : CURRENT_MONTH;
    for (let month = FIRST_MONTH; month <= lastMonth; month = addMonths(month, 1)) {
      user.assigned[month] = {};
      // A fresh object each time: figures are cached per user object.
      let ready = figuresOf({ ...user }, month).readyToAssign;
      if (month > CURRENT_MONTH) ready = Math.floor(ready * 0.4);
      for (const [spec, monthly] of specs) {
        const id = slugOf(spec.name);
        const plan = toCents(spec.group === 'Savings goals' ? (categories[id].target ?? 0) + monthly : Math.round((monthly * random.int(90, 115)) / 100));
        const amount = Math.min(plan, ready);
        if (amount <= 0) continue;
        user.assigned[month][id] = fromCents(amount);
        ready -= amount;
      }
    }
    users[userId] = user;
  }
  return { users };
}

export function renderWorld(seed: number): string {
  return `${JSON.stringify(generateWorld(seed), null, 1)}\n`;
}

runWorldGenerator(import.meta.url, 'budget', renderWorld);
