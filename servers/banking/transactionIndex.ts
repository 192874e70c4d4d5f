import { type BankAccount, type BankCustomer, type BankingState, type BankTransaction, type Located } from './BankingState.js';

/**
 * Finding and listing transactions without walking every ledger of the bank. Everything derived is
 * kept per frozen record that a write does not replace: per ledger month (a booking replaces only
 * the month it books into) and per customer's `accounts` record (a transfer replaces only its own
 * customer's). In a rollout every successful call makes a new state, but nearly all of these
 * records are shared by it, so the derived data stays warm from call to call.
 */

/** Where a transaction was last seen: a hint, checked before use (ids are unique within a state). */
interface Place {
  readonly customerId: string;
  readonly accountId: string;
  readonly month: string;
}

/** Upper bound on remembered places (transaction ids of every world and session a process has seen). */
const MAX_REMEMBERED_PLACES = 200_000;

const places = new Map<string, Place>();

/** Remembers where a transaction lives (the booking tools call it for the entries they create). */
export function rememberTransaction(customerId: string, accountId: string, month: string, id: string): void {
  // Calls replayed from one snapshot book the same ids again: keep the place already remembered.
  const known = places.get(id);
  if (known !== undefined && known.accountId === accountId && known.month === month && known.customerId === customerId) return;
  if (places.size >= MAX_REMEMBERED_PLACES) places.clear();
  places.set(id, { customerId, accountId, month });
}

/** Every transaction of a customer by id (the first one in account and month order, as a scan finds it). */
const byCustomerAccounts = new WeakMap<BankCustomer['accounts'], Map<string, { accountId: string; transaction: BankTransaction }>>();

function customerTransactions(accounts: BankCustomer['accounts']): Map<string, { accountId: string; transaction: BankTransaction }> {
  let index = byCustomerAccounts.get(accounts);
  if (index === undefined) {
    index = new Map();
    for (const accountId in accounts) {
      const ledger = accounts[accountId].ledger;
      for (const month in ledger) {
        const entries = ledger[month];
        for (const id in entries) if (!index.has(id)) index.set(id, { accountId, transaction: entries[id] });
      }
    }
    byCustomerAccounts.set(accounts, index);
  }
  return index;
}

/**
 * A transaction by id anywhere in the bank, as `locateTransaction` (BankingState.ts) finds it: the
 * remembered place when it still holds the transaction, else one index lookup per customer.
 */
export function findTransactionAnywhere(state: BankingState, id: string): Located<BankTransaction> | undefined {
  const customers = state.customers;
  const place = places.get(id);
  if (place !== undefined && Object.hasOwn(customers, place.customerId)) {
    const accounts = customers[place.customerId].accounts;
    if (Object.hasOwn(accounts, place.accountId)) {
      const ledger = accounts[place.accountId].ledger;
      if (Object.hasOwn(ledger, place.month) && Object.hasOwn(ledger[place.month], id)) return { customerId: place.customerId, entity: ledger[place.month][id] };
    }
  }
  for (const customerId in customers) {
    const found = customerTransactions(customers[customerId].accounts).get(id);
    if (found !== undefined) {
      rememberTransaction(customerId, found.accountId, found.transaction.date.slice(0, 7), id);
      return { customerId, entity: found.transaction };
    }
  }
  return undefined;
}

/**
 * The transactions of one ledger month in the record's order, with their lower-cased
 * `merchant description` texts (what the merchant filter searches) joined into one string, so that
 * a search runs one `indexOf` per hit instead of one `includes` per transaction. Built on the first
 * search by merchant in that month record.
 */
export interface SearchableMonth {
  readonly transactions: readonly BankTransaction[];
  /** Every transaction's text, in order, each followed by a NUL. */
  readonly text: string;
  /** Where each transaction's text starts in `text`, and one more entry: the length of `text`. */
  readonly starts: readonly number[];
}

const searchableMonths = new WeakMap<BankAccount['ledger'][string], SearchableMonth>();

export function searchableMonth(month: BankAccount['ledger'][string]): SearchableMonth {
  let searchable = searchableMonths.get(month);
  if (searchable === undefined) {
    const transactions: BankTransaction[] = [];
    const starts: number[] = [];
    let text = '';
    for (const id in month) {
      const transaction = month[id];
      transactions.push(transaction);
      starts.push(text.length);
      text += `${`${transaction.merchant_name ?? ''} ${transaction.description}`.toLowerCase()}\0`;
    }
    starts.push(text.length);
    searchable = { transactions, text, starts };
    searchableMonths.set(month, searchable);
  }
  return searchable;
}

/**
 * Calls `visit` with the index of each transaction of the month whose text contains `needle`
 * (lower-cased, not empty), in the month's order. A needle without a NUL cannot match across two
 * texts, so each hit lies within the text of one transaction.
 */
export function searchMonth(month: SearchableMonth, needle: string, visit: (index: number) => void): void {
  const { text, starts } = month;
  if (needle.includes('\0')) {
    for (let i = 0; i < month.transactions.length; i++) if (text.slice(starts[i], starts[i + 1] - 1).includes(needle)) visit(i);
    return;
  }
  let i = 0;
  let from = 0;
  for (;;) {
    const at = text.indexOf(needle, from);
    if (at < 0) return;
    while (starts[i + 1] <= at) i++;
    visit(i);
    from = starts[i + 1];
  }
}
