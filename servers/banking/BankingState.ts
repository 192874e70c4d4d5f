/**
 * The state of the banking domain: one retail bank, its customers, and per customer their
 * accounts (with their transactions), cards, payees and transfers.
 *
 * Everything a customer owns is nested under that customer, and transactions under their account
 * and booking month, so that a tool call copies (copy-on-write) only the few small records it
 * touches, never a collection of thousands (or even a hundred) entries. Lookups by id go through
 * the helpers below.
 *
 * Amounts are numbers in major units with at most two decimals (120.5 means 120.50); arithmetic
 * goes through integer cents (`toCents`/`fromCents`) so that sums stay exact. Dates are
 * `YYYY-MM-DD` and times ISO-8601, both UTC.
 */

/** The bank clock of the fixture world: a Monday morning, UTC. The ledger covers the 90 days before it. */
export const BANKING_REFERENCE_DATE = '2026-03-16T10:00:00Z';

export const CURRENCIES = ['USD', 'EUR', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const ACCOUNT_TYPES = ['checking', 'savings', 'credit_card'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Spending categories, after Plaid's personal finance categories (simplified). */
export const TRANSACTION_CATEGORIES = [
  'groceries',
  'dining',
  'coffee',
  'transport',
  'fuel',
  'travel',
  'shopping',
  'entertainment',
  'subscriptions',
  'utilities',
  'phone_internet',
  'rent',
  'insurance',
  'healthcare',
  'personal_care',
  'education',
  'home',
  'charity',
  'cash',
  'income',
  'transfer',
  'payment',
  'interest',
  'fees',
] as const;
export type TransactionCategory = (typeof TRANSACTION_CATEGORIES)[number];

export const TRANSACTION_CHANNELS = ['card', 'transfer', 'ach', 'atm', 'deposit', 'fee', 'interest'] as const;
export type TransactionChannel = (typeof TRANSACTION_CHANNELS)[number];

export const CARD_STATUSES = ['active', 'frozen', 'lost', 'stolen', 'expired'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

export const TRANSFER_STATUSES = ['scheduled', 'pending', 'posted', 'cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** The highest daily spending limit a debit card may have; a credit card's is its account's credit limit. */
export const MAX_DEBIT_CARD_DAILY_LIMIT = 5000;
/** Payments to a payee added on the same day may total at most this much (fraud protection). */
export const NEW_PAYEE_DAILY_LIMIT = 1000;
/** How far ahead a transfer or payment may be scheduled. */
export const MAX_SCHEDULE_DAYS = 365;

export interface BankTransaction {
  transaction_id: string;
  account_id: string;
  /** Booking day, `YYYY-MM-DD`. */
  date: string;
  /** Always positive; `direction` says whether money left (`debit`) or arrived (`credit`). */
  amount: number;
  direction: 'debit' | 'credit';
  currency: Currency;
  /** `pending` reduces the available balance only; `posted` is in the current balance. */
  status: 'pending' | 'posted';
  description: string;
  merchant_name: string | null;
  category: TransactionCategory;
  channel: TransactionChannel;
  card_id: string | null;
  transfer_id: string | null;
}

export interface BankAccount {
  account_id: string;
  customer_id: string;
  name: string;
  type: AccountType;
  currency: Currency;
  /** Last four digits of the account number. */
  mask: string;
  status: 'open' | 'closed';
  opened_on: string;
  closed_on: string | null;
  /** Posted balance. Negative means overdrawn (checking) or owed (credit card). */
  current_balance: number;
  /** `current_balance` minus pending debits. */
  available_balance: number;
  /** How far below zero the available balance may go: arranged overdraft (checking), credit limit (credit card), 0 (savings). */
  overdraft_limit: number;
  /** Most that may leave the account per UTC day through transfers and payments, counted on their execution date. */
  daily_transfer_limit: number;
  /** Annual percentage: APY for savings and checking, APR for credit cards. */
  interest_rate: number;
  /** Transactions by booking month (`YYYY-MM`), then by id: booking one copies only its month. */
  ledger: Record<string, Record<string, BankTransaction>>;
}

export interface BankCard {
  card_id: string;
  customer_id: string;
  account_id: string;
  type: 'debit' | 'credit';
  network: 'visa' | 'mastercard';
  last4: string;
  cardholder_name: string;
  status: CardStatus;
  /** `YYYY-MM`. */
  expires: string;
  daily_spending_limit: number;
  issued_on: string;
  /**
   * The card's PIN. No tool ever returns it; it exists so that a PIN change can be checked
   * against the current one and so that samplers can tell a synthetic customer their own PIN.
   */
  pin: string;
  pin_changed_on: string | null;
  reported_on: string | null;
  replaces: string | null;
  replaced_by: string | null;
}

export interface BankPayee {
  payee_id: string;
  customer_id: string;
  name: string;
  nickname: string | null;
  type: 'individual' | 'business';
  bank_name: string;
  routing_number: string;
  /** Full account number (tools show only its last four digits). */
  account_number: string;
  currency: Currency;
  /** Category given to payments to this payee (rent for a landlord, utilities for a power company). */
  category: TransactionCategory;
  status: 'active' | 'removed';
  added_on: string;
  removed_on: string | null;
}

export interface BankTransfer {
  transfer_id: string;
  customer_id: string;
  /** `internal`: between two of the customer's accounts; `payee`: to one of the customer's payees. */
  kind: 'internal' | 'payee';
  from_account_id: string;
  to_account_id: string | null;
  payee_id: string | null;
  amount: number;
  currency: Currency;
  memo: string | null;
  status: TransferStatus;
  /** When it was requested (ISO-8601). */
  created_at: string;
  /** The day the money moves (or moved), `YYYY-MM-DD`. */
  execution_date: string;
  cancelled_at: string | null;
  /** The ledger entries it produced (none while scheduled or once cancelled before moving money). */
  transaction_ids: string[];
}

export interface BankCustomer {
  customer_id: string;
  name: string;
  email: string;
  phone: string;
  city: string;
  member_since: string;
  segment: 'standard' | 'premier';
  accounts: Record<string, BankAccount>;
  cards: Record<string, BankCard>;
  payees: Record<string, BankPayee>;
  transfers: Record<string, BankTransfer>;
}

export interface BankingState {
  bank: { name: string; routing_number: string };
  customers: Record<string, BankCustomer>;
}

/** Exact integer cents of an amount in major units. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/** Major units from integer cents (the nearest double to the two-decimal value). */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** `a + b` (or `a - b` with a negative `b`) without floating-point drift. */
export function addMoney(a: number, b: number): number {
  return fromCents(toCents(a) + toCents(b));
}

/** Two decimals, no thousands separators, independent of locale: `1234.50`. */
export function formatMoney(amount: number, currency?: string): string {
  const text = (toCents(amount) / 100).toFixed(2);
  return currency === undefined ? text : `${text} ${currency}`;
}

/** Whether an amount has at most two decimals. */
export function hasCentPrecision(amount: number): boolean {
  return Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;
}

/** Upper bound on remembered answers of `isCalendarDate`. */
const MAX_REMEMBERED_DATES = 10_000;
const calendarDates = new Map<string, boolean>();

/** Whether a string is a real calendar day `YYYY-MM-DD` (answers remembered: the same few days are asked about again and again). */
export function isCalendarDate(text: string): boolean {
  if (text.length !== 10) return false;
  let answer = calendarDates.get(text);
  if (answer === undefined) {
    if (calendarDates.size >= MAX_REMEMBERED_DATES) calendarDates.clear();
    calendarDates.set(text, (answer = checkCalendarDate(text)));
  }
  return answer;
}

function checkCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = Date.UTC(Number(text.slice(0, 4)), Number(text.slice(5, 7)) - 1, Number(text.slice(8, 10)));
  return new Date(time).toISOString().slice(0, 10) === text;
}

/** `YYYY-MM-DD` shifted by whole days (UTC). */
export function addDays(date: string, days: number): string {
  const time = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)) + days);
  return new Date(time).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const ROUTING_WEIGHTS = [3, 7, 1];

/** Whether a routing number passes the ABA checksum (3·7·1 weights). */
export function isValidRoutingNumber(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (routing.charCodeAt(i) - 48) * ROUTING_WEIGHTS[i % 3];
  return sum % 10 === 0;
}

/** Where an entity lives: its owner's id and the entity itself. */
export interface Located<T> {
  customerId: string;
  entity: T;
}

type Collection = 'accounts' | 'cards' | 'payees' | 'transfers';

/** Find an entity of a per-customer collection by id (a hash lookup per customer, no entity scan). */
export function locate<K extends Collection>(state: BankingState, collection: K, id: string): Located<BankCustomer[K][string]> | undefined {
  for (const customerId of Object.keys(state.customers)) {
    const records = state.customers[customerId][collection];
    if (Object.hasOwn(records, id)) return { customerId, entity: records[id] as BankCustomer[K][string] };
  }
  return undefined;
}

/** Every transaction of an account, month by month. */
export function transactionsOf(account: BankAccount): BankTransaction[] {
  const out: BankTransaction[] = [];
  for (const month of Object.keys(account.ledger)) {
    const entries = account.ledger[month];
    for (const id of Object.keys(entries)) out.push(entries[id]);
  }
  return out;
}

/** A transaction of this account by id: one hash lookup per month. */
export function findTransaction(account: BankAccount, id: string): BankTransaction | undefined {
  for (const month of Object.keys(account.ledger)) {
    if (Object.hasOwn(account.ledger[month], id)) return account.ledger[month][id];
  }
  return undefined;
}

/** Find a transaction by id anywhere: one hash lookup per account and month. */
export function locateTransaction(state: BankingState, id: string): Located<BankTransaction> | undefined {
  for (const customerId of Object.keys(state.customers)) {
    const accounts = state.customers[customerId].accounts;
    for (const accountId of Object.keys(accounts)) {
      const found = findTransaction(accounts[accountId], id);
      if (found !== undefined) return { customerId, entity: found };
    }
  }
  return undefined;
}

/** Total of the transfers and payments leaving `accountId` whose execution day is `date` (cancelled ones excluded). */
export function sentOn(customer: BankCustomer, accountId: string, date: string): number {
  let cents = 0;
  const transfers = customer.transfers;
  for (const id in transfers) {
    const transfer = transfers[id];
    if (transfer.from_account_id === accountId && transfer.execution_date === date && transfer.status !== 'cancelled') cents += toCents(transfer.amount);
  }
  return fromCents(cents);
}

/** Card purchases (debits) on `date` with that card. */
export function cardSpentOn(account: BankAccount, cardId: string, date: string): number {
  let cents = 0;
  const monthKey = date.slice(0, 7);
  if (!Object.hasOwn(account.ledger, monthKey)) return fromCents(0);
  const month = account.ledger[monthKey];
  for (const id in month) {
    const transaction = month[id];
    if (transaction.card_id === cardId && transaction.date === date && transaction.direction === 'debit') cents += toCents(transaction.amount);
  }
  return fromCents(cents);
}

/** Newest first: by date, then by the number in the id (ids grow with time). */
export function compareNewestFirst(a: { date: string; id: string }, b: { date: string; id: string }): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return idNumber(b.id) - idNumber(a.id);
}

/** The number in an id `prefix_N`. */
export function idNumber(id: string): number {
  const n = Number(id.slice(id.lastIndexOf('_') + 1));
  return Number.isFinite(n) ? n : 0;
}
