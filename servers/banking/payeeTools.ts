import { defineTool } from '../kit/Domain.js';
import { CURRENCIES, TRANSACTION_CATEGORIES, formatMoney, isValidRoutingNumber, type BankingState, type BankPayee, type BankTransfer, type Currency, type TransactionCategory } from './BankingState.js';
import { bankByRoutingNumber } from './bankDirectory.js';
import { baseState, locateOwned, requireCustomer, requirePayee } from './bankingLookups.js';
import { listOf, payeeSchema, payeeView, resultSchema } from './bankingViews.js';
import { copyPayee, customerWith, putCustomer, recordWith } from './bankingWrites.js';

/** A customer may keep at most this many active payees. */
export const MAX_ACTIVE_PAYEES = 25;

const customerId = { type: 'string', minLength: 1, maxLength: 40, description: 'The customer, e.g. cus_7.' };

export const listBankPayees = defineTool<BankingState, { customer_id: string; search?: string; include_removed?: boolean }>({
  name: 'list_bank_payees',
  description:
    'List the payees a customer has saved for payments (pay_bank_payee): people and businesses with their bank, the last four ' +
    'digits of their account number, currency and payment category. Removed payees are left out unless include_removed is true.',
  input: {
    type: 'object',
    properties: {
      customer_id: customerId,
      search: { type: 'string', minLength: 1, maxLength: 100, description: 'Text the payee name or nickname contains (case-insensitive), e.g. "landlord".' },
      include_removed: { type: 'boolean', description: 'Also list removed payees (default false).' },
    },
    required: ['customer_id'],
    additionalProperties: false,
  },
  output: resultSchema({
    customer_id: { type: 'string', description: 'The customer.' },
    payees: listOf(payeeSchema, 'The payees, in the order they were added.'),
    count: { type: 'integer', description: 'Number of payees returned.' },
  }),
  annotations: { title: 'List payees', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const customer = requireCustomer(ctx, args.customer_id);
    const search = args.search?.trim().toLowerCase() || undefined;
    const payees = Object.values(customer.payees)
      .filter((p) => (args.include_removed === true || p.status === 'active') && (search === undefined || `${p.name} ${p.nickname ?? ''}`.toLowerCase().includes(search)))
      .map(payeeView);
    return { customer_id: customer.customer_id, payees, count: payees.length };
  },
});

interface AddPayeeArgs {
  customer_id: string;
  name: string;
  account_number: string;
  routing_number: string;
  currency?: Currency;
  type?: 'individual' | 'business';
  nickname?: string;
  category?: TransactionCategory;
  bank_name?: string;
}

export const addBankPayee = defineTool<BankingState, AddPayeeArgs>({
  name: 'add_bank_payee',
  description:
    'Save a new payee (a person or business outside the customer\'s own accounts) so that pay_bank_payee can pay it. Needs the ' +
    'payee\'s account number (sensitive: use only what the customer gave) and a nine-digit ABA routing number, which must pass the ' +
    'checksum. Payments to a payee added today are limited to 1000.00 that day. Returns the payee with its new payee_id.',
  input: {
    type: 'object',
    properties: {
      customer_id: customerId,
      name: { type: 'string', minLength: 1, maxLength: 80, description: 'Full name of the person or business.' },
      account_number: { type: 'string', pattern: '^[0-9]{4,17}$', description: 'The payee\'s account number, 4-17 digits.' },
      routing_number: { type: 'string', pattern: '^[0-9]{9}$', description: 'Nine-digit ABA routing number of the payee\'s bank.' },
      currency: { type: 'string', enum: [...CURRENCIES], description: 'Currency to pay in (default: the currency of the payee\'s bank, USD for US banks).' },
      type: { type: 'string', enum: ['individual', 'business'], description: 'Person or business (default individual).' },
      nickname: { type: 'string', minLength: 1, maxLength: 40, description: 'The customer\'s own label, e.g. "Landlord".' },
      category: { type: 'string', enum: [...TRANSACTION_CATEGORIES], description: 'Category for payments to this payee, e.g. rent or utilities (default payment).' },
      bank_name: { type: 'string', minLength: 1, maxLength: 80, description: 'Name of the payee\'s bank; filled in from the routing number when known.' },
    },
    required: ['customer_id', 'name', 'account_number', 'routing_number'],
    additionalProperties: false,
  },
  output: resultSchema({ payee: payeeSchema }),
  annotations: { title: 'Add payee', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  sensitive: ['account_number'],
  handler(args, ctx) {
    const customer = requireCustomer(ctx, args.customer_id);
    const name = args.name.trim();
    if (name === '') ctx.fail('name is blank; give the payee\'s full name');
    if (!isValidRoutingNumber(args.routing_number)) {
      ctx.fail(`routing number ${args.routing_number} fails the ABA checksum; check the nine digits with the customer (e.g. JPMorgan Chase is 021000021)`);
    }
    const bank = bankByRoutingNumber(args.routing_number);
    const currency: Currency = args.currency ?? bank?.currency ?? 'USD';
    if (bank !== undefined && bank.currency !== currency) {
      ctx.fail(`routing number ${args.routing_number} is ${bank.name}, which takes ${bank.currency} payments, not ${currency}; use currency ${bank.currency} or another bank`);
    }
    let activeCount = 0;
    let duplicate: BankPayee | undefined;
    for (const id in customer.payees) {
      const p = customer.payees[id];
      if (p.status !== 'active') continue;
      activeCount++;
      if (duplicate === undefined && p.routing_number === args.routing_number && p.account_number === args.account_number) duplicate = p;
    }
    if (duplicate !== undefined) ctx.fail(`this account is already saved as payee ${duplicate.payee_id} (${duplicate.name}); use that payee_id`);
    if (activeCount >= MAX_ACTIVE_PAYEES) {
      ctx.fail(`${customer.customer_id} already has ${MAX_ACTIVE_PAYEES} active payees, the maximum; remove one with remove_bank_payee first`);
    }
    const payeeId = ctx.nextId('pye');
    const payee: BankPayee = Object.freeze({
      payee_id: payeeId,
      customer_id: customer.customer_id,
      name,
      nickname: args.nickname?.trim() || null,
      type: args.type ?? 'individual',
      bank_name: bank?.name ?? args.bank_name?.trim() ?? 'Other bank',
      routing_number: args.routing_number,
      account_number: args.account_number,
      currency,
      category: args.category ?? 'payment',
      status: 'active',
      added_on: ctx.today,
      removed_on: null,
    });
    putCustomer(ctx, customerWith(customer, { payees: recordWith(customer.payees, payeeId, payee) }));
    return { payee: payeeView(payee) };
  },
});

export const removeBankPayee = defineTool<BankingState, { payee_id: string }>({
  name: 'remove_bank_payee',
  description:
    'Remove a saved payee so it can no longer be paid. Refused while scheduled payments to it exist: cancel them first with ' +
    'cancel_bank_transfer. Past payments stay in the history. Returns the removed payee.',
  input: {
    type: 'object',
    properties: { payee_id: { type: 'string', minLength: 1, maxLength: 40, description: 'The payee, e.g. pye_31 (list_bank_payees gives them).' } },
    required: ['payee_id'],
    additionalProperties: false,
  },
  output: resultSchema({ payee: payeeSchema }),
  annotations: { title: 'Remove payee', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const found = locateOwned(baseState(ctx), 'payees', args.payee_id);
    if (found === undefined) return ctx.fail(`payee ${args.payee_id} not found; list_bank_payees with the customer's customer_id lists their payees`);
    const customer = baseState(ctx).customers[found.customerId];
    const payee = requirePayee(ctx, customer, args.payee_id);
    if (payee.status === 'removed') ctx.fail(`payee ${payee.payee_id} (${payee.name}) was already removed on ${payee.removed_on}`);
    const scheduled: BankTransfer[] = [];
    for (const id in customer.transfers) {
      const t = customer.transfers[id];
      if (t.payee_id === payee.payee_id && t.status === 'scheduled') scheduled.push(t);
    }
    if (scheduled.length > 0) {
      ctx.fail(
        `payee ${payee.payee_id} (${payee.name}) still has scheduled payments: ` +
          `${scheduled.map((t) => `${t.transfer_id} on ${t.execution_date} for ${formatMoney(t.amount, t.currency)}`).join(', ')}; cancel them with cancel_bank_transfer first`,
      );
    }
    const next = copyPayee(payee);
    next.status = 'removed';
    next.removed_on = ctx.today;
    putCustomer(ctx, customerWith(customer, { payees: recordWith(customer.payees, payee.payee_id, Object.freeze(next)) }));
    return { payee: payeeView(next) };
  },
});
