import type { JsonSchema } from '../../core/index.js';
import { shallowCopy } from '../kit/shallowCopy.js';
import {
  ACCOUNT_TYPES,
  CARD_STATUSES,
  CURRENCIES,
  TRANSACTION_CATEGORIES,
  TRANSACTION_CHANNELS,
  TRANSFER_STATUSES,
  addMoney,
  cardSpentOn,
  type BankAccount,
  type BankCard,
  type BankCustomer,
  type BankPayee,
  type BankTransaction,
  type BankTransfer,
} from './BankingState.js';

/**
 * What the banking tools return, and the JSON Schema of each shape next to the function that
 * builds it. Views are fresh plain objects (never state records), without secrets: no PIN, and
 * account numbers only as their last four digits.
 */

const string = (description: string): JsonSchema => ({ type: 'string', description });
const nullableString = (description: string): JsonSchema => ({ type: ['string', 'null'], description });
const money = (description: string): JsonSchema => ({ type: 'number', description });
const oneOf = (values: readonly string[], description: string): JsonSchema => ({ type: 'string', enum: [...values], description });

function objectSchema(properties: Record<string, JsonSchema>): JsonSchema {
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
}

export const accountSchema = objectSchema({
  account_id: string('Account id, e.g. acc_12.'),
  customer_id: string('Owner.'),
  name: string('Product name, e.g. "Everyday Checking".'),
  type: oneOf(ACCOUNT_TYPES, 'Account type.'),
  currency: oneOf(CURRENCIES, 'ISO 4217 currency of every amount on the account.'),
  mask: string('Last four digits of the account number.'),
  status: oneOf(['open', 'closed'], 'Closed accounts accept no transfers.'),
  current_balance: money('Posted balance in major units; negative means overdrawn (checking) or owed (credit card).'),
  available_balance: money('Current balance minus pending debits.'),
  overdraft_limit: money('How far below zero the available balance may go (credit limit for credit cards, 0 for savings).'),
  daily_transfer_limit: money('Most that may leave the account per day through transfers and payments.'),
  interest_rate: money('Annual rate in percent: APY for deposit accounts, APR for credit cards.'),
  opened_on: string('YYYY-MM-DD.'),
  closed_on: nullableString('YYYY-MM-DD, or null while open.'),
});

export function accountView(account: BankAccount): Record<string, unknown> {
  return {
    account_id: account.account_id,
    customer_id: account.customer_id,
    name: account.name,
    type: account.type,
    currency: account.currency,
    mask: account.mask,
    status: account.status,
    current_balance: account.current_balance,
    available_balance: account.available_balance,
    overdraft_limit: account.overdraft_limit,
    daily_transfer_limit: account.daily_transfer_limit,
    interest_rate: account.interest_rate,
    opened_on: account.opened_on,
    closed_on: account.closed_on,
  };
}

export const balanceSchema = objectSchema({
  account_id: string('Account id.'),
  name: string('Product name.'),
  type: oneOf(ACCOUNT_TYPES, 'Account type.'),
  status: oneOf(['open', 'closed'], 'Account status.'),
  currency: oneOf(CURRENCIES, 'Currency of every amount here.'),
  current_balance: money('Posted balance.'),
  available_balance: money('Current balance minus pending debits.'),
  pending_debits: money('Sum of pending debits (card holds, payments being processed).'),
  overdraft_limit: money('How far below zero the available balance may go.'),
  available_to_spend: money('available_balance + overdraft_limit: the largest transfer or payment the balance allows now.'),
  daily_transfer_limit: money('Most that may leave the account per day through transfers and payments.'),
  sent_today: money('Transfers and payments already executing today (not cancelled).'),
  daily_transfer_remaining: money('daily_transfer_limit - sent_today.'),
  as_of: string('The bank clock, ISO-8601 UTC.'),
});

/** `sentToday`: what already leaves the account today (see `sentOn`), passed in so that a tool can add the transfer it just made. */
export function balanceView(account: BankAccount, sentToday: number, now: string): Record<string, unknown> {
  return {
    account_id: account.account_id,
    name: account.name,
    type: account.type,
    status: account.status,
    currency: account.currency,
    current_balance: account.current_balance,
    available_balance: account.available_balance,
    pending_debits: addMoney(account.current_balance, -account.available_balance),
    overdraft_limit: account.overdraft_limit,
    available_to_spend: addMoney(account.available_balance, account.overdraft_limit),
    daily_transfer_limit: account.daily_transfer_limit,
    sent_today: sentToday,
    daily_transfer_remaining: Math.max(0, addMoney(account.daily_transfer_limit, -sentToday)),
    as_of: now,
  };
}

export const transactionSchema = objectSchema({
  transaction_id: string('Transaction id, e.g. txn_812.'),
  account_id: string('The account it is booked on.'),
  date: string('Booking day, YYYY-MM-DD.'),
  amount: money('Positive amount in major units; see direction.'),
  direction: oneOf(['debit', 'credit'], 'debit: money left the account; credit: money arrived.'),
  currency: oneOf(CURRENCIES, 'Currency of the amount.'),
  status: oneOf(['pending', 'posted'], 'pending: not yet in the current balance.'),
  description: string('Statement text.'),
  merchant_name: nullableString('Merchant for card and bill payments, else null.'),
  category: oneOf(TRANSACTION_CATEGORIES, 'Spending category.'),
  channel: oneOf(TRANSACTION_CHANNELS, 'How the money moved.'),
  card_id: nullableString('The card used, for card purchases.'),
  transfer_id: nullableString('The transfer or payment that produced it, if any.'),
});

/** A plain copy with the transaction's own key order (which differs between the entries the world and the tools book). */
export function transactionView(transaction: BankTransaction): Record<string, unknown> {
  return shallowCopy(transaction) as unknown as Record<string, unknown>;
}

export const transferSchema = objectSchema({
  transfer_id: string('Transfer id, e.g. trf_40.'),
  kind: oneOf(['internal', 'payee'], 'internal: between the customer\'s own accounts; payee: a payment to a payee.'),
  from_account_id: string('Account the money leaves.'),
  to_account_id: nullableString('Receiving own account (internal transfers), else null.'),
  payee_id: nullableString('Receiving payee (payments), else null.'),
  payee_name: nullableString('Name of the payee, for payments.'),
  amount: money('Amount in major units.'),
  currency: oneOf(CURRENCIES, 'Currency of the amount.'),
  memo: nullableString('Note shown to the recipient.'),
  status: oneOf(TRANSFER_STATUSES, 'scheduled: waits for its execution date; pending: submitted, being processed; posted: done; cancelled.'),
  created_at: string('When it was requested, ISO-8601 UTC.'),
  execution_date: string('Day the money moves, YYYY-MM-DD.'),
  cancelled_at: nullableString('When it was cancelled, or null.'),
  transaction_ids: { type: 'array', items: { type: 'string' }, description: 'Ledger entries it produced (get_bank_transaction).' },
});

/** `transactionIds`: a fresh array of the transfer's ids, when the caller has one (a spread of the frozen one costs ~60 ns). */
export function transferView(customer: BankCustomer, transfer: BankTransfer, transactionIds?: string[]): Record<string, unknown> {
  const payee = transfer.payee_id !== null && Object.hasOwn(customer.payees, transfer.payee_id) ? customer.payees[transfer.payee_id] : undefined;
  return {
    transfer_id: transfer.transfer_id,
    kind: transfer.kind,
    from_account_id: transfer.from_account_id,
    to_account_id: transfer.to_account_id,
    payee_id: transfer.payee_id,
    payee_name: payee?.name ?? null,
    amount: transfer.amount,
    currency: transfer.currency,
    memo: transfer.memo,
    status: transfer.status,
    created_at: transfer.created_at,
    execution_date: transfer.execution_date,
    cancelled_at: transfer.cancelled_at,
    transaction_ids: transactionIds ?? [...transfer.transaction_ids],
  };
}

export const payeeSchema = objectSchema({
  payee_id: string('Payee id, e.g. pye_31.'),
  customer_id: string('Customer who may pay this payee.'),
  name: string('Name of the person or business.'),
  nickname: nullableString('The customer\'s own label, e.g. "Landlord".'),
  type: oneOf(['individual', 'business'], 'Kind of payee.'),
  bank_name: string('The payee\'s bank.'),
  routing_number: string('Nine-digit ABA routing number.'),
  account_mask: string('Last four digits of the payee\'s account number.'),
  currency: oneOf(CURRENCIES, 'Currency the payee is paid in.'),
  category: oneOf(TRANSACTION_CATEGORIES, 'Category of payments to this payee.'),
  status: oneOf(['active', 'removed'], 'Removed payees cannot be paid.'),
  added_on: string('YYYY-MM-DD.'),
});

export function payeeView(payee: BankPayee): Record<string, unknown> {
  return {
    payee_id: payee.payee_id,
    customer_id: payee.customer_id,
    name: payee.name,
    nickname: payee.nickname,
    type: payee.type,
    bank_name: payee.bank_name,
    routing_number: payee.routing_number,
    account_mask: payee.account_number.slice(-4),
    currency: payee.currency,
    category: payee.category,
    status: payee.status,
    added_on: payee.added_on,
  };
}

export const cardSchema = objectSchema({
  card_id: string('Card id, e.g. card_7.'),
  account_id: string('Account the card draws on.'),
  type: oneOf(['debit', 'credit'], 'Card type.'),
  network: oneOf(['visa', 'mastercard'], 'Card network.'),
  last4: string('Last four digits of the card number.'),
  cardholder_name: string('Name on the card.'),
  status: oneOf(CARD_STATUSES, 'active; frozen (temporarily blocked, reversible); lost/stolen (permanently blocked, replaced); expired.'),
  expires: string('YYYY-MM.'),
  daily_spending_limit: money('Most the card may spend per day, in the account currency.'),
  spent_today: money('Card purchases today.'),
  currency: oneOf(CURRENCIES, 'Currency of the limits.'),
  replaces: nullableString('The card this one replaced, if any.'),
  replaced_by: nullableString('The replacement card, for lost, stolen or expired cards.'),
});

/** `spent`: what the card spent today (see `cardSpentOn`), passed in when the caller already knows it. */
export function cardView(card: BankCard, account: BankAccount, today: string, spent = cardSpentOn(account, card.card_id, today)): Record<string, unknown> {
  return {
    card_id: card.card_id,
    account_id: card.account_id,
    type: card.type,
    network: card.network,
    last4: card.last4,
    cardholder_name: card.cardholder_name,
    status: card.status,
    expires: card.expires,
    daily_spending_limit: card.daily_spending_limit,
    spent_today: spent,
    currency: account.currency,
    replaces: card.replaces,
    replaced_by: card.replaced_by,
  };
}

/** `{ type: 'object', properties, required, additionalProperties: false }` for a tool result. */
export function resultSchema(properties: Record<string, JsonSchema>): JsonSchema {
  return objectSchema(properties);
}

export function listOf(items: JsonSchema, description: string): JsonSchema {
  return { type: 'array', items, description };
}
