import type { ToolContext } from '../kit/Domain.js';
import { defineTool } from '../kit/Domain.js';
import { shallowCopy } from '../kit/shallowCopy.js';
import {
  NEW_PAYEE_DAILY_LIMIT,
  TRANSFER_STATUSES,
  addMoney,
  compareNewestFirst,
  findTransaction,
  formatMoney,
  fromCents,
  sentOn,
  toCents,
  type BankAccount,
  type BankCustomer,
  type BankingState,
  type BankTransaction,
  type BankTransfer,
  type TransactionCategory,
} from './BankingState.js';
import {
  describeAccount,
  executionDate,
  requireAccount,
  requireCents,
  requireCustomer,
  requireFunds,
  requireOpen,
  requirePayee,
  requireTransfer,
} from './bankingLookups.js';
import { balanceSchema, balanceView, listOf, resultSchema, transferSchema, transferView } from './bankingViews.js';
import { rememberTransaction } from './transactionIndex.js';
import { copyAccount, copyTransfer, customerWith, putCustomer, recordWith, recordWithout } from './bankingWrites.js';

type Context = ToolContext<BankingState>;

/** The transaction ids of a transfer that booked none (scheduled, cancelled): one shared frozen list (a freeze costs ~40 ns). */
const NO_TRANSACTIONS: string[] = Object.freeze([]) as unknown as string[];

const amount = {
  type: 'number',
  exclusiveMinimum: 0,
  maximum: 1_000_000,
  description: 'Amount in major units of the account currency, at most two decimals (250.75).',
};
const memo = { type: 'string', maxLength: 140, description: 'Optional note, up to 140 characters, shown on both statements.' };
const scheduledDate = {
  type: 'string',
  format: 'date',
  description: 'Day to execute, YYYY-MM-DD, today up to a year ahead. Omit to execute now. Scheduled transfers move no money until that day and can be cancelled.',
};

/**
 * Rejects a transfer that would push what leaves the account on `date` past its daily limit.
 * Returns what already leaves it that day (`sentOn`, or `known` when the caller summed it).
 */
function requireDailyLimit(ctx: Context, customer: BankCustomer, account: BankAccount, date: string, value: number, known?: number): number {
  const sent = known ?? sentOn(customer, account.account_id, date);
  if (toCents(sent) + toCents(value) <= toCents(account.daily_transfer_limit)) return sent;
  const remaining = Math.max(0, addMoney(account.daily_transfer_limit, -sent));
  ctx.fail(
    `daily transfer limit exceeded: account ${describeAccount(account)} may send ${formatMoney(account.daily_transfer_limit, account.currency)} per day; ` +
      `${formatMoney(sent, account.currency)} is already sent or scheduled for ${date}, so at most ${formatMoney(remaining, account.currency)} remains that day ` +
      `(requested ${formatMoney(value, account.currency)}); schedule the rest for a later day`,
  );
}

/**
 * V8's unique (internalized) copy of a string: state keys and the world's strings are such copies,
 * so a key lookup with it skips hashing the text and an inequality with a state string is one
 * pointer comparison. A string made by slice or a template is not one until a lookup makes it so.
 */
function internalized(text: string): string {
  return Object.keys({ [text]: 0 })[0];
}

let lastToday = '';
let todayKey = '';
let monthKey = '';

/** The session's `today` and its month (`YYYY-MM`), internalized once per day asked about. */
function todayAndMonth(today: string): void {
  if (today === lastToday) return;
  todayKey = internalized(today);
  monthKey = internalized(today.slice(0, 7));
  lastToday = today;
}

/**
 * The account with a (frozen) transaction booked in `month` (the month of its date, internalized)
 * and its balances moved: a new frozen account that shares every other month of its ledger.
 */
function booked(account: BankAccount, transaction: BankTransaction, month: string): BankAccount {
  const ledger = account.ledger;
  const entries = Object.hasOwn(ledger, month) ? ledger[month] : {};
  const next = copyAccount(account);
  next.ledger = recordWith(ledger, month, recordWith(entries, transaction.transaction_id, transaction));
  rememberTransaction(account.customer_id, account.account_id, month, transaction.transaction_id);
  const signed = transaction.direction === 'debit' ? -transaction.amount : transaction.amount;
  if (transaction.status === 'posted') next.current_balance = addMoney(account.current_balance, signed);
  // Pending credits are not available yet (as at real banks); pending debits already hold funds.
  if (transaction.status === 'posted' || transaction.direction === 'debit') next.available_balance = addMoney(account.available_balance, signed);
  return Object.freeze(next);
}

/** `sentOn` of two accounts on one day, in one pass over the customer's transfers. */
function sentTodayByBoth(customer: BankCustomer, fromId: string, toId: string, date: string): { from: number; to: number } {
  let fromTotal = 0;
  let toTotal = 0;
  const transfers = customer.transfers;
  for (const id in transfers) {
    const transfer = transfers[id];
    if (transfer.execution_date !== date || transfer.status === 'cancelled') continue;
    if (transfer.from_account_id === fromId) fromTotal += toCents(transfer.amount);
    else if (transfer.from_account_id === toId) toTotal += toCents(transfer.amount);
  }
  return { from: fromCents(fromTotal), to: fromCents(toTotal) };
}

interface InternalTransferArgs {
  from_account_id: string;
  to_account_id: string;
  amount: number;
  memo?: string;
  scheduled_date?: string;
}

export const transferBetweenBankAccounts = defineTool<BankingState, InternalTransferArgs>({
  name: 'transfer_between_bank_accounts',
  description:
    'Move money between two accounts of the SAME customer (e.g. savings to checking, or checking to a credit card to pay it). ' +
    'Both accounts must be open and in the same currency; credit card accounts can receive but not send. Without scheduled_date ' +
    'it posts immediately; with one it is stored as scheduled. Rejected when the amount exceeds what the source account has ' +
    'available (including its overdraft) or its daily transfer limit. Returns the transfer and both accounts\' balances afterwards. ' +
    'To pay someone else use pay_bank_payee.',
  input: {
    type: 'object',
    properties: {
      from_account_id: { type: 'string', minLength: 1, maxLength: 40, description: 'Account the money leaves (checking or savings).' },
      to_account_id: { type: 'string', minLength: 1, maxLength: 40, description: 'Account of the same customer that receives it.' },
      amount,
      memo,
      scheduled_date: scheduledDate,
    },
    required: ['from_account_id', 'to_account_id', 'amount'],
    additionalProperties: false,
  },
  output: resultSchema({
    transfer: transferSchema,
    from_account: balanceSchema,
    to_account: balanceSchema,
  }),
  annotations: { title: 'Transfer between own accounts', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    if (args.from_account_id === args.to_account_id) ctx.fail(`from_account_id and to_account_id are both ${args.from_account_id}; choose two different accounts`);
    const { customer, account: from } = requireAccount(ctx, args.from_account_id);
    const { customer: toOwner, account: to } = requireAccount(ctx, args.to_account_id);
    if (toOwner.customer_id !== customer.customer_id) {
      ctx.fail(`account ${args.to_account_id} belongs to another customer; transfers move money only between ${customer.customer_id}'s own accounts — to pay someone else use pay_bank_payee`);
    }
    requireCents(ctx, args.amount);
    requireOpen(ctx, customer, from);
    requireOpen(ctx, customer, to);
    if (from.type === 'credit_card') ctx.fail(`account ${describeAccount(from)} is a credit card account and cannot send transfers; pay the card from checking or savings instead`);
    if (from.currency !== to.currency) {
      const sameCurrency = Object.values(customer.accounts).filter((a) => a.status === 'open' && a.currency === from.currency && a.account_id !== from.account_id);
      ctx.fail(
        `currency mismatch: ${describeAccount(from)} is in ${from.currency} but ${describeAccount(to)} is in ${to.currency}; transfers need the same currency (no conversion). ` +
          `${from.currency} accounts of ${customer.customer_id}: ${sameCurrency.map(describeAccount).join(', ') || 'none other'}`,
      );
    }
    const immediate = args.scheduled_date === undefined || executionDate(ctx, args.scheduled_date) === ctx.today;
    todayAndMonth(ctx.today);
    // Today as the state's strings are (internalized): the sums compare it with every transfer's day.
    const date = immediate ? todayKey : (args.scheduled_date as string);
    if (immediate) requireFunds(ctx, from, args.amount);
    // Today's totals of both accounts in one pass over the transfers (the result shows the receiving one's).
    const today = sentTodayByBoth(customer, from.account_id, to.account_id, todayKey);
    const sentThatDay = requireDailyLimit(ctx, customer, from, date, args.amount, immediate ? today.from : undefined);

    const transferId = ctx.nextId('trf');
    let fromAfter = from;
    let toAfter = to;
    let transactionIds: string[] = NO_TRANSACTIONS;
    let viewIds: string[] = [];
    if (immediate) {
      const category: TransactionCategory = to.type === 'credit_card' ? 'payment' : 'transfer';
      const memoText = args.memo ? ` — ${args.memo}` : '';
      // Key order as the ledger has always had it for transfers (get_bank_transaction shows it).
      const debit: BankTransaction = Object.freeze({
        transaction_id: ctx.nextId('txn'),
        account_id: from.account_id,
        date: todayKey,
        currency: from.currency,
        amount: args.amount,
        status: 'posted',
        merchant_name: null,
        category,
        channel: 'transfer',
        card_id: null,
        transfer_id: transferId,
        direction: 'debit',
        description: `Transfer to ${to.name} ••${to.mask}${memoText}`,
      });
      const credit: BankTransaction = Object.freeze({
        transaction_id: ctx.nextId('txn'),
        account_id: to.account_id,
        date: todayKey,
        currency: to.currency,
        amount: args.amount,
        status: 'posted',
        merchant_name: null,
        category,
        channel: 'transfer',
        card_id: null,
        transfer_id: transferId,
        direction: 'credit',
        description: `Transfer from ${from.name} ••${from.mask}${memoText}`,
      });
      fromAfter = booked(from, debit, monthKey);
      toAfter = booked(to, credit, monthKey);
      transactionIds = Object.freeze([debit.transaction_id, credit.transaction_id]) as string[];
      viewIds = [debit.transaction_id, credit.transaction_id];
    }
    const transfer: BankTransfer = Object.freeze({
      transfer_id: transferId,
      customer_id: customer.customer_id,
      kind: 'internal',
      from_account_id: from.account_id,
      to_account_id: to.account_id,
      payee_id: null,
      amount: args.amount,
      currency: from.currency,
      memo: args.memo ?? null,
      status: immediate ? 'posted' : 'scheduled',
      created_at: ctx.now,
      execution_date: date,
      cancelled_at: null,
      transaction_ids: transactionIds,
    });
    let accounts = customer.accounts;
    if (immediate) {
      const copy = shallowCopy(accounts);
      copy[from.account_id] = fromAfter;
      copy[to.account_id] = toAfter;
      accounts = Object.freeze(copy);
    }
    putCustomer(ctx, customerWith(customer, { accounts, transfers: recordWith(customer.transfers, transferId, transfer) }));
    const sentNow = immediate ? args.amount : 0;
    return {
      transfer: transferView(customer, transfer, viewIds),
      from_account: balanceView(fromAfter, addMoney(today.from, sentNow), ctx.now),
      to_account: balanceView(toAfter, today.to, ctx.now),
    };
  },
});

interface PaymentArgs {
  from_account_id: string;
  payee_id: string;
  amount: number;
  memo?: string;
  scheduled_date?: string;
}

export const payBankPayee = defineTool<BankingState, PaymentArgs>({
  name: 'pay_bank_payee',
  description:
    'Send money from a checking account to one of the same customer\'s saved payees (list_bank_payees; add_bank_payee adds one). ' +
    'The payee must be active and paid in the account\'s currency. Without scheduled_date the payment is submitted now as ' +
    '"pending": the money is held at once (available balance drops) and it posts in 1-2 business days; it can be cancelled only ' +
    'on the day it was submitted. With scheduled_date it waits until that day. Rejected beyond the available funds (with ' +
    'overdraft), beyond the daily transfer limit, and above 1000.00 per day to a payee added today. Returns the payment and the balance afterwards.',
  input: {
    type: 'object',
    properties: {
      from_account_id: { type: 'string', minLength: 1, maxLength: 40, description: 'Checking account the money leaves.' },
      payee_id: { type: 'string', minLength: 1, maxLength: 40, description: 'Payee of the same customer, e.g. pye_31.' },
      amount,
      memo,
      scheduled_date: scheduledDate,
    },
    required: ['from_account_id', 'payee_id', 'amount'],
    additionalProperties: false,
  },
  output: resultSchema({ transfer: transferSchema, from_account: balanceSchema }),
  annotations: { title: 'Pay a payee', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const { customer, account } = requireAccount(ctx, args.from_account_id);
    const payee = requirePayee(ctx, customer, args.payee_id);
    requireCents(ctx, args.amount);
    if (payee.status === 'removed') ctx.fail(`payee ${payee.payee_id} (${payee.name}) was removed on ${payee.removed_on}; add it again with add_bank_payee to pay it`);
    requireOpen(ctx, customer, account);
    if (account.type !== 'checking') {
      const checking = Object.values(customer.accounts).filter((a) => a.status === 'open' && a.type === 'checking');
      ctx.fail(
        `payments to payees must come from a checking account; ${describeAccount(account)} is a ${account.type.replace('_', ' ')} account. ` +
          `${customer.customer_id}'s checking accounts: ${checking.map(describeAccount).join(', ') || 'none'} (transfer_between_bank_accounts can fund one first)`,
      );
    }
    if (payee.currency !== account.currency) {
      const matching = Object.values(customer.accounts).filter((a) => a.status === 'open' && a.type === 'checking' && a.currency === payee.currency);
      ctx.fail(
        `currency mismatch: payee ${payee.payee_id} (${payee.name}) is paid in ${payee.currency} but ${describeAccount(account)} is in ${account.currency}; ` +
          `pay from a ${payee.currency} checking account: ${matching.map(describeAccount).join(', ') || 'the customer has none'}`,
      );
    }
    const immediate = args.scheduled_date === undefined || executionDate(ctx, args.scheduled_date) === ctx.today;
    todayAndMonth(ctx.today);
    // Today as the state's strings are (internalized): the sums below compare it with every transfer's day.
    const date = immediate ? todayKey : (args.scheduled_date as string);
    if (immediate) requireFunds(ctx, account, args.amount);
    const sentThatDay = requireDailyLimit(ctx, customer, account, date, args.amount);
    if (immediate && payee.added_on === ctx.today) {
      let already = 0;
      for (const id in customer.transfers) {
        const t = customer.transfers[id];
        if (t.payee_id === payee.payee_id && t.execution_date === date && t.status !== 'cancelled') already += toCents(t.amount);
      }
      if (already + toCents(args.amount) > toCents(NEW_PAYEE_DAILY_LIMIT)) {
        ctx.fail(
          `payee ${payee.payee_id} (${payee.name}) was added today; payments to a new payee may total ${formatMoney(NEW_PAYEE_DAILY_LIMIT, payee.currency)} on the day it is added ` +
            `(${formatMoney(fromCents(already), payee.currency)} already sent), so at most ${formatMoney(fromCents(Math.max(0, toCents(NEW_PAYEE_DAILY_LIMIT) - already)), payee.currency)} now — schedule the rest for tomorrow or later`,
        );
      }
    }

    const transferId = ctx.nextId('trf');
    let accountAfter = account;
    let transactionIds: string[] = NO_TRANSACTIONS;
    if (immediate) {
      // Key order as the ledger has always had it for payments (get_bank_transaction shows it).
      const debit: BankTransaction = Object.freeze({
        transaction_id: ctx.nextId('txn'),
        account_id: account.account_id,
        date: todayKey,
        currency: account.currency,
        amount: args.amount,
        direction: 'debit',
        status: 'pending',
        description: `Payment to ${payee.name}${args.memo ? ` — ${args.memo}` : ''}`,
        merchant_name: payee.type === 'business' ? payee.name : null,
        category: payee.category,
        channel: 'ach',
        card_id: null,
        transfer_id: transferId,
      });
      accountAfter = booked(account, debit, monthKey);
      transactionIds = Object.freeze([debit.transaction_id]) as string[];
    }
    const transfer: BankTransfer = Object.freeze({
      transfer_id: transferId,
      customer_id: customer.customer_id,
      kind: 'payee',
      from_account_id: account.account_id,
      to_account_id: null,
      payee_id: payee.payee_id,
      amount: args.amount,
      currency: account.currency,
      memo: args.memo ?? null,
      status: immediate ? 'pending' : 'scheduled',
      created_at: ctx.now,
      execution_date: date,
      cancelled_at: null,
      transaction_ids: transactionIds,
    });
    const accounts = immediate ? recordWith(customer.accounts, account.account_id, accountAfter) : customer.accounts;
    putCustomer(ctx, customerWith(customer, { accounts, transfers: recordWith(customer.transfers, transferId, transfer) }));
    const sentToday = addMoney(immediate ? sentThatDay : sentOn(customer, account.account_id, todayKey), immediate ? args.amount : 0);
    return { transfer: transferView(customer, transfer, immediate ? [transactionIds[0]] : []), from_account: balanceView(accountAfter, sentToday, ctx.now) };
  },
});

export const listBankTransfers = defineTool<BankingState, { customer_id: string; status?: string; account_id?: string; payee_id?: string; kind?: string }>({
  name: 'list_bank_transfers',
  description:
    'List a customer\'s transfers between own accounts and payments to payees, newest execution date first. Use it to find ' +
    'scheduled or pending ones to cancel (cancel_bank_transfer) or to check what was paid to whom. Filter by status, kind, ' +
    'source account or payee.',
  input: {
    type: 'object',
    properties: {
      customer_id: { type: 'string', minLength: 1, maxLength: 40, description: 'The customer, e.g. cus_7.' },
      status: { type: 'string', enum: [...TRANSFER_STATUSES], description: 'Only transfers in this status.' },
      kind: { type: 'string', enum: ['internal', 'payee'], description: 'internal: between own accounts; payee: payments.' },
      account_id: { type: 'string', minLength: 1, maxLength: 40, description: 'Only transfers leaving or entering this account.' },
      payee_id: { type: 'string', minLength: 1, maxLength: 40, description: 'Only payments to this payee.' },
    },
    required: ['customer_id'],
    additionalProperties: false,
  },
  output: resultSchema({
    customer_id: { type: 'string', description: 'The customer.' },
    transfers: listOf(transferSchema, 'Matching transfers, newest execution date first.'),
    count: { type: 'integer', description: 'Number of transfers returned.' },
  }),
  annotations: { title: 'List transfers and payments', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const customer = requireCustomer(ctx, args.customer_id);
    if (args.account_id !== undefined && !Object.hasOwn(customer.accounts, args.account_id)) {
      ctx.fail(`account ${args.account_id} is not one of ${customer.customer_id}'s accounts; theirs are ${Object.keys(customer.accounts).join(', ')}`);
    }
    if (args.payee_id !== undefined) requirePayee(ctx, customer, args.payee_id);
    const transfers = Object.values(customer.transfers)
      .filter(
        (t) =>
          (args.status === undefined || t.status === args.status) &&
          (args.kind === undefined || t.kind === args.kind) &&
          (args.account_id === undefined || t.from_account_id === args.account_id || t.to_account_id === args.account_id) &&
          (args.payee_id === undefined || t.payee_id === args.payee_id),
      )
      .sort((a, b) => compareNewestFirst({ date: a.execution_date, id: a.transfer_id }, { date: b.execution_date, id: b.transfer_id }))
      .map((t) => transferView(customer, t));
    return { customer_id: customer.customer_id, transfers, count: transfers.length };
  },
});

export const cancelBankTransfer = defineTool<BankingState, { transfer_id: string }>({
  name: 'cancel_bank_transfer',
  description:
    'Cancel a scheduled transfer or payment, or a payment to a payee that was submitted today and is still pending (its hold is ' +
    'released). Posted transfers, and pending payments submitted on an earlier day (already with the payee\'s bank), cannot be ' +
    'cancelled. Returns the cancelled transfer and the source account\'s balance afterwards.',
  input: {
    type: 'object',
    properties: { transfer_id: { type: 'string', minLength: 1, maxLength: 40, description: 'The transfer, e.g. trf_40 (list_bank_transfers gives them).' } },
    required: ['transfer_id'],
    additionalProperties: false,
  },
  output: resultSchema({ transfer: transferSchema, from_account: balanceSchema }),
  annotations: { title: 'Cancel transfer or payment', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const { customer, transfer } = requireTransfer(ctx, args.transfer_id);
    if (transfer.status === 'cancelled') ctx.fail(`transfer ${transfer.transfer_id} was already cancelled at ${transfer.cancelled_at}`);
    if (transfer.status === 'posted') {
      ctx.fail(
        `transfer ${transfer.transfer_id} already posted on ${transfer.execution_date} and cannot be cancelled; only scheduled transfers and payments submitted today can be. ` +
          (transfer.kind === 'internal' ? 'Send the money back with transfer_between_bank_accounts instead' : 'Ask the payee for a refund instead'),
      );
    }
    if (transfer.status === 'pending' && transfer.created_at.slice(0, 10) !== ctx.today) {
      ctx.fail(
        `payment ${transfer.transfer_id} was submitted on ${transfer.created_at.slice(0, 10)} and is already being processed by the payee's bank; ` +
          `only payments submitted today (${ctx.today}) and scheduled ones can be cancelled`,
      );
    }
    const base = customer.accounts[transfer.from_account_id];
    let account = base;
    const target = copyTransfer(transfer);
    if (transfer.status === 'pending') {
      // Releasing the hold: the pending debit disappears from the ledger, as card holds do.
      let released: BankAccount | undefined;
      const transactionIds = transfer.transaction_ids;
      for (let i = 0; i < transactionIds.length; i++) {
        const transactionId = transactionIds[i];
        const entry = findTransaction(base, transactionId);
        if (entry !== undefined && entry.status === 'pending') {
          released ??= copyAccount(base);
          released.available_balance = addMoney(released.available_balance, entry.amount);
          const month = entry.date.slice(0, 7);
          released.ledger = recordWith(released.ledger, month, recordWithout(released.ledger[month], transactionId));
        }
      }
      if (released !== undefined) account = Object.freeze(released);
      target.transaction_ids = NO_TRANSACTIONS;
    }
    target.status = 'cancelled';
    target.cancelled_at = ctx.now;
    Object.freeze(target);
    const accounts = account === base ? customer.accounts : recordWith(customer.accounts, account.account_id, account);
    putCustomer(ctx, customerWith(customer, { accounts, transfers: recordWith(customer.transfers, transfer.transfer_id, target) }));
    const sentToday = addMoney(sentOn(customer, transfer.from_account_id, ctx.today), transfer.execution_date === ctx.today ? -transfer.amount : 0);
    return { transfer: transferView(customer, target), from_account: balanceView(account, sentToday, ctx.now) };
  },
});
