import { defineTool } from '../kit/Domain.js';
import {
  ACCOUNT_TYPES,
  CURRENCIES,
  TRANSACTION_CATEGORIES,
  formatMoney,
  fromCents,
  idNumber,
  isCalendarDate,
  sentOn,
  toCents,
  type BankingState,
  type BankTransaction,
} from './BankingState.js';
import { baseState, requireAccount, requireCents, requireCustomer } from './bankingLookups.js';
import { findTransactionAnywhere, searchableMonth, searchMonth } from './transactionIndex.js';
import {
  accountSchema,
  accountView,
  balanceSchema,
  balanceView,
  listOf,
  resultSchema,
  transactionSchema,
  transactionView,
  transferSchema,
  transferView,
} from './bankingViews.js';

const customerId = { type: 'string', minLength: 1, maxLength: 40, description: 'The customer, e.g. cus_7.' };
const accountId = { type: 'string', minLength: 1, maxLength: 40, description: 'The account, e.g. acc_12 (list_bank_accounts gives them).' };

export const listBankAccounts = defineTool<BankingState, { customer_id: string; type?: string; include_closed?: boolean }>({
  name: 'list_bank_accounts',
  description:
    'List a customer\'s bank accounts (checking, savings, credit card) with their balances. Use it first to find account ids. ' +
    'Returns each account\'s id, name, type, currency, last four digits (mask), current balance (posted), available balance ' +
    '(current minus pending debits), overdraft limit (credit limit for cards) and daily transfer limit. Amounts are in major units ' +
    'of the account currency (120.5 = 120.50). Closed accounts are left out unless include_closed is true.',
  input: {
    type: 'object',
    properties: {
      customer_id: customerId,
      type: { type: 'string', enum: [...ACCOUNT_TYPES], description: 'Only accounts of this type.' },
      include_closed: { type: 'boolean', description: 'Also list closed accounts (default false).' },
    },
    required: ['customer_id'],
    additionalProperties: false,
  },
  output: resultSchema({
    customer_id: { type: 'string', description: 'The customer.' },
    customer_name: { type: 'string', description: 'The customer\'s full name.' },
    accounts: listOf(accountSchema, 'The accounts, in the order they were opened.'),
    count: { type: 'integer', description: 'Number of accounts returned.' },
  }),
  annotations: { title: 'List bank accounts', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const customer = requireCustomer(ctx, args.customer_id);
    const accounts = Object.values(customer.accounts)
      .filter((a) => (args.type === undefined || a.type === args.type) && (args.include_closed === true || a.status === 'open'))
      .map(accountView);
    return { customer_id: customer.customer_id, customer_name: customer.name, accounts, count: accounts.length };
  },
});

export const getBankAccountBalance = defineTool<BankingState, { account_id: string }>({
  name: 'get_bank_account_balance',
  description:
    'Get the live balance of one account: current (posted) balance, available balance (current minus pending debits), ' +
    'overdraft limit, available_to_spend (the largest transfer or payment allowed right now), the daily transfer limit, ' +
    'what was already sent today and what remains of the daily limit. Amounts are in major units of the account currency.',
  input: {
    type: 'object',
    properties: { account_id: accountId },
    required: ['account_id'],
    additionalProperties: false,
  },
  output: balanceSchema,
  annotations: { title: 'Get account balance', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const { customer, account } = requireAccount(ctx, args.account_id);
    return balanceView(account, sentOn(customer, account.account_id, ctx.today), ctx.now);
  },
});

interface TransactionFilters {
  customer_id: string;
  account_id?: string;
  start_date?: string;
  end_date?: string;
  category?: string;
  merchant?: string;
  direction?: 'debit' | 'credit';
  status?: 'pending' | 'posted';
  min_amount?: number;
  max_amount?: number;
  limit?: number;
  offset?: number;
}

function checkFilters(ctx: Parameters<typeof listBankTransactions.handler>[1], args: TransactionFilters): void {
  for (const key of ['start_date', 'end_date'] as const) {
    const value = args[key];
    if (value !== undefined && !isCalendarDate(value)) ctx.fail(`${key} "${value}" is not a calendar day; use YYYY-MM-DD, e.g. ${ctx.today}`);
  }
  if (args.start_date !== undefined && args.end_date !== undefined && args.start_date > args.end_date) {
    ctx.fail(`start_date ${args.start_date} is after end_date ${args.end_date}; the range is inclusive and start_date must come first`);
  }
  if (args.min_amount !== undefined) requireCents(ctx, args.min_amount, 'min_amount');
  if (args.max_amount !== undefined) requireCents(ctx, args.max_amount, 'max_amount');
  if (args.min_amount !== undefined && args.max_amount !== undefined && args.min_amount > args.max_amount) {
    ctx.fail(`min_amount ${formatMoney(args.min_amount)} is larger than max_amount ${formatMoney(args.max_amount)}`);
  }
}

/** Whether a transaction passes every filter but the merchant one (checked on its cached haystack). */
function matches(transaction: BankTransaction, args: TransactionFilters): boolean {
  if (args.start_date !== undefined && transaction.date < args.start_date) return false;
  if (args.end_date !== undefined && transaction.date > args.end_date) return false;
  if (args.category !== undefined && transaction.category !== args.category) return false;
  if (args.direction !== undefined && transaction.direction !== args.direction) return false;
  if (args.status !== undefined && transaction.status !== args.status) return false;
  if (args.min_amount !== undefined && transaction.amount < args.min_amount) return false;
  if (args.max_amount !== undefined && transaction.amount > args.max_amount) return false;
  return true;
}

/** The transactions a search found, in the order found, with the number in each id and the sums per currency. */
class Matches {
  readonly transactions: BankTransaction[] = [];
  /** The number in each found id, beside it: the order compares those instead of parsing ids again. */
  readonly idNumbers: number[] = [];
  readonly sums = new Map<string, { count: number; debits: number; credits: number }>();

  add(transaction: BankTransaction): void {
    this.transactions.push(transaction);
    this.idNumbers.push(idNumber(transaction.transaction_id));
    let sum = this.sums.get(transaction.currency);
    if (sum === undefined) this.sums.set(transaction.currency, (sum = { count: 0, debits: 0, credits: 0 }));
    sum.count += 1;
    if (transaction.direction === 'debit') sum.debits += toCents(transaction.amount);
    else sum.credits += toCents(transaction.amount);
  }
}

/**
 * The found transactions newest first: by date, then by the number in the id (`compareNewestFirst`),
 * ties in the order found (as the stable sort over the transactions themselves left them).
 */
function newestFirst(found: BankTransaction[], numbers: readonly number[]): BankTransaction[] {
  if (found.length < 2) return found;
  const order: number[] = [];
  for (let i = 0; i < found.length; i++) order.push(i);
  order.sort((a, b) => {
    const dateA = found[a].date;
    const dateB = found[b].date;
    if (dateA !== dateB) return dateA < dateB ? 1 : -1;
    return numbers[b] - numbers[a] || a - b;
  });
  const sorted: BankTransaction[] = [];
  for (const i of order) sorted.push(found[i]);
  return sorted;
}

export const listBankTransactions = defineTool<BankingState, TransactionFilters>({
  name: 'list_bank_transactions',
  description:
    'Search a customer\'s transactions (card purchases, transfers, payments, deposits, fees, interest), newest first, over the ' +
    'accounts of that customer or one account. Filters: date range (inclusive YYYY-MM-DD), category, merchant (case-insensitive ' +
    'text in the merchant name or description), direction (debit = money out, credit = money in), status, amount range (amounts are ' +
    'positive, major units). Returns one page (limit, offset) plus totals over ALL matches per currency: use them to answer ' +
    '"how much did I spend on X" without paging.',
  input: {
    type: 'object',
    properties: {
      customer_id: customerId,
      account_id: { ...accountId, description: 'Only this account of the customer (default: all their accounts).' },
      start_date: { type: 'string', format: 'date', description: 'Earliest booking day, YYYY-MM-DD (inclusive).' },
      end_date: { type: 'string', format: 'date', description: 'Latest booking day, YYYY-MM-DD (inclusive).' },
      category: { type: 'string', enum: [...TRANSACTION_CATEGORIES], description: 'Only this spending category.' },
      merchant: { type: 'string', minLength: 1, maxLength: 100, description: 'Text the merchant name or description contains, e.g. "whole foods".' },
      direction: { type: 'string', enum: ['debit', 'credit'], description: 'debit: money out; credit: money in.' },
      status: { type: 'string', enum: ['pending', 'posted'], description: 'Only pending or only posted transactions.' },
      min_amount: { type: 'number', minimum: 0, description: 'Smallest amount, major units (inclusive).' },
      max_amount: { type: 'number', minimum: 0, description: 'Largest amount, major units (inclusive).' },
      limit: { type: 'integer', minimum: 1, maximum: 100, description: 'Page size (default 25, at most 100).' },
      offset: { type: 'integer', minimum: 0, description: 'Matches to skip, for paging (default 0).' },
    },
    required: ['customer_id'],
    additionalProperties: false,
  },
  output: resultSchema({
    customer_id: { type: 'string', description: 'The customer.' },
    transactions: listOf(transactionSchema, 'This page of matches, newest first.'),
    total_count: { type: 'integer', description: 'Number of matches over all pages.' },
    offset: { type: 'integer', description: 'Matches skipped before this page.' },
    has_more: { type: 'boolean', description: 'Whether more matches follow this page.' },
    totals: listOf(
      resultSchema({
        currency: { type: 'string', enum: [...CURRENCIES], description: 'Currency of these totals.' },
        count: { type: 'integer', description: 'Matches in this currency.' },
        debits: { type: 'number', description: 'Sum of matching debits (money out).' },
        credits: { type: 'number', description: 'Sum of matching credits (money in).' },
      }),
      'Sums over every match (all pages), per currency.',
    ),
  }),
  annotations: { title: 'Search transactions', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const customer = requireCustomer(ctx, args.customer_id);
    checkFilters(ctx, args);
    let accounts = Object.values(customer.accounts);
    if (args.account_id !== undefined) {
      const { customer: owner, account } = requireAccount(ctx, args.account_id);
      if (owner.customer_id !== customer.customer_id) {
        ctx.fail(`account ${args.account_id} does not belong to ${customer.customer_id}; their accounts are ${accounts.map((a) => a.account_id).join(', ')}`);
      }
      accounts = [account];
    }
    const merchant = args.merchant?.trim().toLowerCase() || undefined;
    const found = new Matches();
    const firstMonth = args.start_date?.slice(0, 7);
    const lastMonth = args.end_date?.slice(0, 7);
    for (const account of accounts) {
      for (const month in account.ledger) {
        if ((firstMonth !== undefined && month < firstMonth) || (lastMonth !== undefined && month > lastMonth)) continue;
        const records = account.ledger[month];
        if (merchant === undefined) {
          for (const id in records) if (matches(records[id], args)) found.add(records[id]);
          continue;
        }
        const searchable = searchableMonth(records);
        searchMonth(searchable, merchant, (i) => {
          if (matches(searchable.transactions[i], args)) found.add(searchable.transactions[i]);
        });
      }
    }
    const sorted = newestFirst(found.transactions, found.idNumbers);
    const offset = args.offset ?? 0;
    const page = sorted.slice(offset, offset + (args.limit ?? 25));
    const totals = [...found.sums.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([currency, sum]) => ({ currency, count: sum.count, debits: fromCents(sum.debits), credits: fromCents(sum.credits) }));
    return {
      customer_id: customer.customer_id,
      transactions: page.map(transactionView),
      total_count: found.transactions.length,
      offset,
      has_more: offset + page.length < found.transactions.length,
      totals,
    };
  },
});

export const getBankTransaction = defineTool<BankingState, { transaction_id: string }>({
  name: 'get_bank_transaction',
  description:
    'Get one transaction by id with everything known about it (account, amount and direction, status, merchant, category, ' +
    'card used) and, when a transfer or payment produced it, that transfer.',
  input: {
    type: 'object',
    properties: { transaction_id: { type: 'string', minLength: 1, maxLength: 40, description: 'The transaction, e.g. txn_812 (list_bank_transactions gives them).' } },
    required: ['transaction_id'],
    additionalProperties: false,
  },
  output: resultSchema({
    transaction: transactionSchema,
    transfer: { anyOf: [transferSchema, { type: 'null' }], description: 'The transfer or payment behind it, or null.' },
  }),
  annotations: { title: 'Get transaction', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = baseState(ctx);
    const found = findTransactionAnywhere(state, args.transaction_id);
    if (found === undefined) return ctx.fail(`transaction ${args.transaction_id} not found; list_bank_transactions lists a customer's transactions with their ids`);
    const customer = state.customers[found.customerId];
    const transferId = found.entity.transfer_id;
    const transfer = transferId !== null && Object.hasOwn(customer.transfers, transferId) ? transferView(customer, customer.transfers[transferId]) : null;
    return { transaction: transactionView(found.entity), transfer };
  },
});
