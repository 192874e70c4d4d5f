import type { ToolContext } from '../kit/Domain.js';
import { defineTool } from '../kit/Domain.js';
import { shallowCopy } from '../kit/shallowCopy.js';
import { CARD_STATUSES, MAX_DEBIT_CARD_DAILY_LIMIT, cardSpentOn, formatMoney, type BankCard, type BankCustomer, type BankingState } from './BankingState.js';
import { requireCard, requireCents, requireCustomer } from './bankingLookups.js';
import { cardSchema, cardView, listOf, resultSchema } from './bankingViews.js';
import { copyCard, customerWith, putCustomer, recordWith } from './bankingWrites.js';

type Context = ToolContext<BankingState>;

const cardId = { type: 'string', minLength: 1, maxLength: 40, description: 'The card, e.g. card_7 (list_bank_cards gives them).' };

function describeCard(card: BankCard): string {
  return `card ${card.card_id} (${card.type} ••${card.last4})`;
}

/** Lost, stolen and expired cards are blocked for good; the message points to the replacement. */
function requireNotBlocked(ctx: Context, card: BankCard): void {
  if (card.status !== 'lost' && card.status !== 'stolen' && card.status !== 'expired') return;
  const why = card.status === 'expired' ? `expired in ${card.expires}` : `was reported ${card.status} on ${card.reported_on} and is permanently blocked`;
  const next = card.replaced_by !== null ? `; use its replacement ${card.replaced_by}` : '';
  ctx.fail(`${describeCard(card)} ${why}${next}`);
}

function view(customer: BankCustomer, card: BankCard, today: string): Record<string, unknown> {
  return cardView(card, customer.accounts[card.account_id], today);
}

/** Puts a changed card (frozen) into its customer's cards. */
function putCard(ctx: Context, customer: BankCustomer, card: BankCard): void {
  putCustomer(ctx, customerWith(customer, { cards: recordWith(customer.cards, card.card_id, card) }));
}

export const listBankCards = defineTool<BankingState, { customer_id: string; status?: string }>({
  name: 'list_bank_cards',
  description:
    'List a customer\'s debit and credit cards: id, account it draws on, last four digits, status (active, frozen, lost, stolen, ' +
    'expired), expiry, daily spending limit and what was spent with it today. Use it to find the card_id for the card tools.',
  input: {
    type: 'object',
    properties: {
      customer_id: { type: 'string', minLength: 1, maxLength: 40, description: 'The customer, e.g. cus_7.' },
      status: { type: 'string', enum: [...CARD_STATUSES], description: 'Only cards in this status.' },
    },
    required: ['customer_id'],
    additionalProperties: false,
  },
  output: resultSchema({
    customer_id: { type: 'string', description: 'The customer.' },
    cards: listOf(cardSchema, 'The cards, in the order they were issued.'),
    count: { type: 'integer', description: 'Number of cards returned.' },
  }),
  annotations: { title: 'List cards', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const customer = requireCustomer(ctx, args.customer_id);
    const cards = Object.values(customer.cards)
      .filter((c) => args.status === undefined || c.status === args.status)
      .map((c) => view(customer, c, ctx.today));
    return { customer_id: customer.customer_id, cards, count: cards.length };
  },
});

export const freezeBankCard = defineTool<BankingState, { card_id: string }>({
  name: 'freeze_bank_card',
  description:
    'Temporarily freeze (lock) a card: purchases, withdrawals and limit changes are declined until unfreeze_bank_card. Use it when ' +
    'a card is misplaced but may turn up; for a card that is surely lost or stolen use report_bank_card_lost. Returns the card.',
  input: { type: 'object', properties: { card_id: cardId }, required: ['card_id'], additionalProperties: false },
  output: resultSchema({ card: cardSchema }),
  annotations: { title: 'Freeze card', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const { customer, card } = requireCard(ctx, args.card_id);
    requireNotBlocked(ctx, card);
    if (card.status === 'frozen') ctx.fail(`${describeCard(card)} is already frozen; unfreeze_bank_card unlocks it`);
    const next = copyCard(card);
    next.status = 'frozen';
    putCard(ctx, customer, Object.freeze(next));
    return { card: view(customer, next, ctx.today) };
  },
});

export const unfreezeBankCard = defineTool<BankingState, { card_id: string }>({
  name: 'unfreeze_bank_card',
  description: 'Unfreeze (unlock) a frozen card so that it works again. Lost, stolen and expired cards cannot be unfrozen. Returns the card.',
  input: { type: 'object', properties: { card_id: cardId }, required: ['card_id'], additionalProperties: false },
  output: resultSchema({ card: cardSchema }),
  annotations: { title: 'Unfreeze card', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const { customer, card } = requireCard(ctx, args.card_id);
    requireNotBlocked(ctx, card);
    if (card.status !== 'frozen') ctx.fail(`${describeCard(card)} is not frozen (it is ${card.status}); nothing to unfreeze`);
    const next = copyCard(card);
    next.status = 'active';
    putCard(ctx, customer, Object.freeze(next));
    return { card: view(customer, next, ctx.today) };
  },
});

function newLast4(ctx: Context, customer: BankCustomer): string {
  const taken = new Set<string>();
  for (const id in customer.cards) taken.add(customer.cards[id].last4);
  for (;;) {
    const last4 = String(ctx.random.int(0, 9999)).padStart(4, '0');
    if (!taken.has(last4)) return last4;
  }
}

export const reportBankCardLost = defineTool<BankingState, { card_id: string; reason: 'lost' | 'stolen' }>({
  name: 'report_bank_card_lost',
  description:
    'Report a card lost or stolen: it is blocked permanently (this cannot be undone) and a replacement card with a new number, ' +
    'the same account, limit and PIN is issued at once (it arrives by mail in 5-7 business days). A frozen card can be reported too. ' +
    'Returns the blocked card and the replacement with its new card_id.',
  input: {
    type: 'object',
    properties: {
      card_id: cardId,
      reason: { type: 'string', enum: ['lost', 'stolen'], description: 'What happened to the card.' },
    },
    required: ['card_id', 'reason'],
    additionalProperties: false,
  },
  output: resultSchema({
    reported_card: cardSchema,
    replacement_card: cardSchema,
    delivery: { type: 'string', description: 'When the replacement arrives.' },
  }),
  annotations: { title: 'Report card lost or stolen', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const { customer, card } = requireCard(ctx, args.card_id);
    requireNotBlocked(ctx, card);
    const replacementId = ctx.nextId('card');
    const expires = `${Number(ctx.today.slice(0, 4)) + 4}-${ctx.today.slice(5, 7)}`;
    const replacement = copyCard(card);
    replacement.card_id = replacementId;
    replacement.last4 = newLast4(ctx, customer);
    replacement.status = 'active';
    replacement.expires = expires;
    replacement.issued_on = ctx.today;
    replacement.reported_on = null;
    replacement.replaces = card.card_id;
    replacement.replaced_by = null;
    Object.freeze(replacement);
    const reported = copyCard(card);
    reported.status = args.reason;
    reported.reported_on = ctx.today;
    reported.replaced_by = replacementId;
    Object.freeze(reported);
    const cards = shallowCopy(customer.cards);
    cards[card.card_id] = reported;
    cards[replacementId] = replacement;
    putCustomer(ctx, customerWith(customer, { cards: Object.freeze(cards) }));
    return {
      reported_card: view(customer, reported, ctx.today),
      replacement_card: view(customer, replacement, ctx.today),
      delivery: 'The replacement card ships to the address on file and arrives in 5-7 business days; it keeps the current PIN.',
    };
  },
});

export const setBankCardSpendingLimit = defineTool<BankingState, { card_id: string; daily_limit: number }>({
  name: 'set_bank_card_spending_limit',
  description:
    `Set a card's daily spending limit (major units of its account currency). Debit cards allow up to ${MAX_DEBIT_CARD_DAILY_LIMIT.toFixed(2)}; ` +
    'credit cards up to their account\'s credit limit. The new limit cannot be below what the card already spent today. ' +
    'Frozen cards must be unfrozen first. Returns the card and the previous limit.',
  input: {
    type: 'object',
    properties: {
      card_id: cardId,
      daily_limit: { type: 'number', exclusiveMinimum: 0, maximum: 1_000_000, description: 'New daily limit in major units, at most two decimals.' },
    },
    required: ['card_id', 'daily_limit'],
    additionalProperties: false,
  },
  output: resultSchema({ card: cardSchema, previous_daily_limit: { type: 'number', description: 'The limit before this change.' } }),
  annotations: { title: 'Set card spending limit', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const { customer, card } = requireCard(ctx, args.card_id);
    requireCents(ctx, args.daily_limit, 'daily_limit');
    requireNotBlocked(ctx, card);
    if (card.status === 'frozen') ctx.fail(`${describeCard(card)} is frozen, so its limit cannot change; unfreeze it with unfreeze_bank_card first`);
    const account = customer.accounts[card.account_id];
    const maximum = card.type === 'debit' ? MAX_DEBIT_CARD_DAILY_LIMIT : account.overdraft_limit;
    if (args.daily_limit > maximum) {
      ctx.fail(
        `daily_limit ${formatMoney(args.daily_limit, account.currency)} is above the maximum for ${describeCard(card)}: ${formatMoney(maximum, account.currency)}` +
          (card.type === 'credit' ? ' (the account\'s credit limit)' : ' for debit cards'),
      );
    }
    const spent = cardSpentOn(account, card.card_id, ctx.today);
    if (args.daily_limit < spent) {
      ctx.fail(`daily_limit ${formatMoney(args.daily_limit, account.currency)} is below the ${formatMoney(spent, account.currency)} ${describeCard(card)} already spent today; choose at least ${formatMoney(spent)}`);
    }
    const next = copyCard(card);
    next.daily_spending_limit = args.daily_limit;
    putCard(ctx, customer, Object.freeze(next));
    return { card: cardView(next, account, ctx.today, spent), previous_daily_limit: card.daily_spending_limit };
  },
});

/** Why a PIN is too easy to guess, or undefined. */
function weakPinReason(pin: string): string | undefined {
  if (/^(\d)\1{3}$/.test(pin)) return 'repeats one digit';
  const steps = new Set<number>();
  for (let i = 1; i < pin.length; i++) steps.add((Number(pin[i]) - Number(pin[i - 1]) + 10) % 10);
  if (steps.size === 1 && (steps.has(1) || steps.has(9))) return 'is a run of consecutive digits';
  return undefined;
}

export const changeBankCardPin = defineTool<BankingState, { card_id: string; current_pin: string; new_pin: string }>({
  name: 'change_bank_card_pin',
  description:
    'Change a card\'s 4-digit PIN. Needs the current PIN and the new one, exactly as the cardholder gave them (both are sensitive; ' +
    'never guess or reuse a PIN from elsewhere). The new PIN must differ from the current one and may not be a repeated digit ' +
    '(1111) or a run (1234, 9876). Works for active and frozen cards, not for lost, stolen or expired ones.',
  input: {
    type: 'object',
    properties: {
      card_id: cardId,
      current_pin: { type: 'string', pattern: '^[0-9]{4}$', description: 'The PIN the card has now, 4 digits.' },
      new_pin: { type: 'string', pattern: '^[0-9]{4}$', description: 'The PIN to set, 4 digits.' },
    },
    required: ['card_id', 'current_pin', 'new_pin'],
    additionalProperties: false,
  },
  output: resultSchema({
    card_id: { type: 'string', description: 'The card.' },
    last4: { type: 'string', description: 'Last four digits of the card number.' },
    pin_changed_on: { type: 'string', description: 'YYYY-MM-DD.' },
  }),
  annotations: { title: 'Change card PIN', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  sensitive: ['current_pin', 'new_pin'],
  handler(args, ctx) {
    const { customer, card } = requireCard(ctx, args.card_id);
    requireNotBlocked(ctx, card);
    if (args.current_pin !== card.pin) ctx.fail(`current_pin does not match the PIN of ${describeCard(card)}; ask the cardholder for the PIN the card uses now`);
    if (args.new_pin === args.current_pin) ctx.fail('new_pin is the same as the current PIN; choose a different 4-digit PIN');
    const weak = weakPinReason(args.new_pin);
    if (weak !== undefined) ctx.fail(`new_pin ${weak} and is too easy to guess; choose 4 digits that are not all the same and not a run like 1234 or 9876`);
    const next = copyCard(card);
    next.pin = args.new_pin;
    next.pin_changed_on = ctx.today;
    putCard(ctx, customer, Object.freeze(next));
    return { card_id: card.card_id, last4: card.last4, pin_changed_on: ctx.today };
  },
});
