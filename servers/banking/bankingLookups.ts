import type { ToolContext } from '../kit/Domain.js';
import {
  MAX_SCHEDULE_DAYS,
  addDays,
  formatMoney,
  hasCentPrecision,
  idNumber,
  isCalendarDate,
  locate,
  type Located,
  type BankAccount,
  type BankCard,
  type BankCustomer,
  type BankingState,
  type BankPayee,
  type BankTransfer,
} from './BankingState.js';

/**
 * The checks every banking tool shares: finding entities by id (with a message that names the tool
 * that lists them when the id is wrong), amounts, execution dates. All lookups read the frozen
 * base state, so that searching does not create copy-on-write drafts of records a call never changes.
 */

type Context = ToolContext<BankingState>;

/** The frozen state a call started from (lookups read it; writes go through `putCustomer`, bankingWrites.ts). */
export function baseState(ctx: Context): BankingState {
  return ctx.base as BankingState;
}

type Collection = 'accounts' | 'cards' | 'payees' | 'transfers';

/** Upper bound on remembered owners (ids of every world and session a process has seen). */
const MAX_REMEMBERED_OWNERS = 100_000;

/**
 * The customer that last held each id, per collection: a hint, checked before use, that saves the
 * scan over every customer. Ids are unique across customers within a state (the world's, and the
 * session counters'), so a hint that checks out is the customer the scan would find.
 */
const owners: Record<Collection, Map<string, string>> = { accounts: new Map(), cards: new Map(), payees: new Map(), transfers: new Map() };

/** Where an entity of a per-customer collection lives: `locate`, with the owner remembered. */
export function locateOwned<K extends Collection>(state: BankingState, collection: K, id: string): Located<BankCustomer[K][string]> | undefined {
  const known = owners[collection];
  const hint = known.get(id);
  if (hint !== undefined && Object.hasOwn(state.customers, hint)) {
    const records = state.customers[hint][collection];
    if (Object.hasOwn(records, id)) return { customerId: hint, entity: records[id] as BankCustomer[K][string] };
  }
  const found = locate(state, collection, id);
  if (found !== undefined) {
    if (known.size >= MAX_REMEMBERED_OWNERS) known.clear();
    known.set(id, found.customerId);
  }
  return found;
}

/** The number in each customer id (customer ids are few and the same in every state). */
const customerNumbers = new Map<string, number>();

function customerNumber(id: string): number {
  let n = customerNumbers.get(id);
  if (n === undefined) {
    if (customerNumbers.size >= MAX_REMEMBERED_OWNERS) customerNumbers.clear();
    customerNumbers.set(id, (n = idNumber(id)));
  }
  return n;
}

/**
 * `first … last` of the customer ids by their number: in one pass, the first id of the lowest number
 * and the last of the highest, as the ends of a stable sort by number.
 */
function customerRange(state: BankingState): string {
  let first: string | undefined;
  let last: string | undefined;
  let low = Infinity;
  let high = -Infinity;
  for (const id in state.customers) {
    const n = customerNumber(id);
    if (n < low) {
      low = n;
      first = id;
    }
    if (n >= high) {
      high = n;
      last = id;
    }
  }
  return first === undefined ? 'none' : `${first} … ${last}`;
}

export function requireCustomer(ctx: Context, customerId: string): BankCustomer {
  const state = baseState(ctx);
  if (!Object.hasOwn(state.customers, customerId)) ctx.fail(`customer ${customerId} not found; customer ids run ${customerRange(state)}`);
  return state.customers[customerId];
}

export function requireAccount(ctx: Context, accountId: string): { customer: BankCustomer; account: BankAccount } {
  const state = baseState(ctx);
  const found = locateOwned(state, 'accounts', accountId);
  if (found === undefined) ctx.fail(`account ${accountId} not found; list_bank_accounts with the customer's customer_id lists their accounts`);
  return { customer: state.customers[found.customerId], account: found.entity };
}

export function requireCard(ctx: Context, cardId: string): { customer: BankCustomer; card: BankCard } {
  const state = baseState(ctx);
  const found = locateOwned(state, 'cards', cardId);
  if (found === undefined) ctx.fail(`card ${cardId} not found; list_bank_cards with the customer's customer_id lists their cards`);
  return { customer: state.customers[found.customerId], card: found.entity };
}

export function requirePayee(ctx: Context, customer: BankCustomer, payeeId: string): BankPayee {
  if (Object.hasOwn(customer.payees, payeeId)) return customer.payees[payeeId];
  const elsewhere = locate(baseState(ctx), 'payees', payeeId);
  const active = Object.values(customer.payees).filter((p) => p.status === 'active');
  const known = active.length === 0 ? 'they have none yet (add_bank_payee adds one)' : `theirs are ${active.map((p) => `${p.payee_id} (${p.name})`).join(', ')}`;
  ctx.fail(`${elsewhere === undefined ? `payee ${payeeId} not found` : `payee ${payeeId} belongs to another customer`}; ${customer.customer_id} can pay only their own payees: ${known}`);
}

export function requireTransfer(ctx: Context, transferId: string): { customer: BankCustomer; transfer: BankTransfer } {
  const state = baseState(ctx);
  const found = locateOwned(state, 'transfers', transferId);
  if (found === undefined) ctx.fail(`transfer ${transferId} not found; list_bank_transfers with the customer's customer_id lists their transfers and payments`);
  return { customer: state.customers[found.customerId], transfer: found.entity };
}

/** `Everyday Checking ••4821 (acc_3)`, for messages. */
export function describeAccount(account: BankAccount): string {
  return `${account.account_id} (${account.name} ••${account.mask})`;
}

export function requireOpen(ctx: Context, customer: BankCustomer, account: BankAccount): void {
  if (account.status === 'open') return;
  const open = Object.values(customer.accounts).filter((a) => a.status === 'open');
  ctx.fail(`account ${describeAccount(account)} was closed on ${account.closed_on}; ${customer.customer_id}'s open accounts are ${open.map(describeAccount).join(', ') || 'none'}`);
}

export function requireCents(ctx: Context, amount: number, name = 'amount'): void {
  if (!hasCentPrecision(amount)) ctx.fail(`${name} ${amount} has more than two decimals; amounts are in major units with at most two decimals, e.g. 120.50`);
}

let latestFor = '';
let latestDay = '';

/** The last day a transfer may be scheduled for (remembered for the last `today` asked about). */
function latestScheduleDay(today: string): string {
  if (today !== latestFor) {
    latestDay = addDays(today, MAX_SCHEDULE_DAYS);
    latestFor = today;
  }
  return latestDay;
}

/** The execution day of a transfer: today when `scheduled` is omitted, else a day from today up to a year ahead. */
export function executionDate(ctx: Context, scheduled: string | undefined): string {
  if (scheduled === undefined) return ctx.today;
  const latest = latestScheduleDay(ctx.today);
  if (!isCalendarDate(scheduled)) ctx.fail(`scheduled_date "${scheduled}" is not a calendar day; use YYYY-MM-DD between ${ctx.today} and ${latest}`);
  if (scheduled < ctx.today) ctx.fail(`scheduled_date ${scheduled} is in the past; today is ${ctx.today}, so use a day between ${ctx.today} and ${latest}`);
  if (scheduled > latest) ctx.fail(`scheduled_date ${scheduled} is more than ${MAX_SCHEDULE_DAYS} days ahead; the latest possible day is ${latest}`);
  return scheduled;
}

/** Rejects a transfer that would take the account beyond its arranged overdraft (or credit limit). */
export function requireFunds(ctx: Context, account: BankAccount, amount: number): void {
  const spendable = account.available_balance + account.overdraft_limit;
  if (Math.round(amount * 100) <= Math.round(spendable * 100)) return;
  const parts =
    account.overdraft_limit > 0
      ? ` (available balance ${formatMoney(account.available_balance)} + overdraft limit ${formatMoney(account.overdraft_limit)})`
      : '';
  ctx.fail(
    `insufficient funds: account ${describeAccount(account)} has only ${formatMoney(Math.max(0, spendable), account.currency)} available${parts}; ` +
      `requested ${formatMoney(amount, account.currency)}`,
  );
}
