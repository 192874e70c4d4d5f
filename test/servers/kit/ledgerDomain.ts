import { defineDomain, defineTool } from '../../../servers/kit/Domain.js';

/**
 * A tiny domain that exists only to test the kit's mechanics (sessions, validation, rollback,
 * hashing, ids, randomness) without depending on any real domain.
 */
export interface LedgerState {
  accounts: Array<{ id: string; owner: string; balance: number }>;
  transfers: Array<{ id: string; from: string; to: string; amount: number; day: string }>;
  rolls: number[];
}

export const ledgerWorld = (): LedgerState => ({
  accounts: [
    { id: 'acc_1', owner: 'Ada', balance: 100 },
    { id: 'acc_2', owner: 'Bo', balance: 20.5 },
  ],
  transfers: [{ id: 'trf_7', from: 'acc_1', to: 'acc_2', amount: 1, day: '2026-01-01' }],
  rolls: [],
});

const getBalance = defineTool<LedgerState, { account_id: string }>({
  name: 'ledger_get_balance',
  description: 'Balance of one account.',
  input: {
    type: 'object',
    properties: { account_id: { type: 'string', description: 'account id' } },
    required: ['account_id'],
    additionalProperties: false,
  },
  output: { type: 'object', properties: { account_id: { type: 'string' }, balance: { type: 'number' } }, required: ['account_id', 'balance'] },
  annotations: { readOnlyHint: true },
  handler(args, ctx) {
    const account = ctx.state.accounts.find((a) => a.id === args.account_id);
    if (!account) return ctx.fail(`no account ${args.account_id}; accounts: ${ctx.state.accounts.map((a) => a.id).join(', ')}`);
    return { account_id: account.id, balance: account.balance };
  },
});

const transfer = defineTool<LedgerState, { from: string; to: string; amount: number; memo?: string; speed?: string }>({
  name: 'ledger_transfer',
  description: 'Move money between accounts.',
  input: {
    type: 'object',
    properties: {
      from: { type: 'string', description: 'source account id' },
      to: { type: 'string', description: 'destination account id' },
      amount: { type: 'number', exclusiveMinimum: 0, description: 'amount' },
      memo: { type: 'string', minLength: 2, maxLength: 200, description: 'note' },
      speed: { type: 'string', enum: ['standard', 'instant'], default: 'standard', description: 'speed' },
    },
    required: ['from', 'to', 'amount'],
    additionalProperties: false,
  },
  output: { type: 'object' },
  annotations: { destructiveHint: false },
  handler(args, ctx) {
    const from = ctx.state.accounts.find((a) => a.id === args.from);
    const to = ctx.state.accounts.find((a) => a.id === args.to);
    if (!from || !to) return ctx.fail(`unknown account ${!from ? args.from : args.to}`);
    // Debit first, then check: a rejected call must still leave the state as it was.
    from.balance -= args.amount;
    if (from.balance < 0) ctx.fail(`account ${args.from} has only ${(from.balance + args.amount).toFixed(2)} available`);
    to.balance += args.amount;
    const record = { id: ctx.nextId('trf'), from: from.id, to: to.id, amount: args.amount, day: ctx.today };
    ctx.state.transfers.push(record);
    return { transfer: record, speed: args.speed, source: from };
  },
});

const rollDice = defineTool<LedgerState, Record<string, never>>({
  name: 'ledger_roll',
  description: 'Roll a die and remember it.',
  input: { type: 'object', properties: {}, additionalProperties: false },
  output: { type: 'object' },
  annotations: {},
  handler(_args, ctx) {
    const roll = ctx.random.int(1, 6);
    ctx.state.rolls.push(roll);
    return { roll, now: ctx.now };
  },
});

const broken = defineTool<LedgerState, Record<string, never>>({
  name: 'ledger_broken',
  description: 'A tool whose handler has a bug.',
  input: { type: 'object', properties: {}, additionalProperties: false },
  output: { type: 'object' },
  annotations: {},
  handler(_args, ctx) {
    ctx.state.accounts[0].balance = 0;
    const missing = undefined as unknown as { field: number };
    return { value: missing.field };
  },
});

const touchFrozen = defineTool<LedgerState, Record<string, never>>({
  name: 'ledger_sneaky_read',
  description: 'Claims to be read-only but writes.',
  input: { type: 'object', properties: {}, additionalProperties: false },
  output: { type: 'object' },
  annotations: { readOnlyHint: true },
  handler(_args, ctx) {
    ctx.state.accounts[0].balance = 1e9;
    return {};
  },
});

export const ledgerDomain = defineDomain<LedgerState>({
  name: 'ledger',
  title: 'Ledger (kit test domain)',
  category: 'finance',
  description: 'Two accounts and transfers between them.',
  tools: [getBalance, transfer, rollDice, broken, touchFrozen],
  loadWorld: ledgerWorld,
  defaultReferenceDate: '2026-03-02T09:00:00Z',
  samplers: [{ collection: 'accounts', description: 'accounts', sample: (s) => s.accounts.map((a) => ({ id: a.id, owner: a.owner, balance: a.balance })) }],
  invariants: [
    {
      name: 'money is conserved',
      check: (s, initial) => {
        const sum = (x: LedgerState) => x.accounts.reduce((t, a) => t + a.balance, 0);
        return Math.abs(sum(s) - sum(initial)) > 1e-9 ? `total ${sum(s)} differs from ${sum(initial)}` : undefined;
      },
    },
  ],
});
