import { defineDomain, defineTool } from '../../../servers/kit/Domain.js';

/** A two-tool domain for the runner's own tests: small enough to read, stateful enough to catch shared state. */
export interface WalletState {
  accounts: Record<string, { id: string; owner: string; balance: number }>;
}

export const walletDomain = defineDomain<WalletState>({
  name: 'wallet',
  title: 'Wallet',
  category: 'finance',
  description: 'Accounts with balances and transfers between them (a test domain of the rollout runner).',
  defaultReferenceDate: '2026-03-02T09:00:00Z',
  loadWorld: () => ({
    accounts: {
      acc_1: { id: 'acc_1', owner: 'Ada', balance: 100 },
      acc_2: { id: 'acc_2', owner: 'Ben', balance: 50 },
    },
  }),
  samplers: [],
  invariants: [],
  tools: [
    defineTool<WalletState, { account_id: string }>({
      name: 'wallet_balance',
      description: 'The balance of one account.',
      input: { type: 'object', properties: { account_id: { type: 'string', description: 'account id' } }, required: ['account_id'], additionalProperties: false },
      output: { type: 'object' },
      annotations: { readOnlyHint: true },
      handler(args, ctx) {
        const account = ctx.state.accounts[args.account_id];
        if (!account) ctx.fail(`no account ${args.account_id}; accounts: ${Object.keys(ctx.state.accounts).join(', ')}`);
        return { account_id: account.id, balance: account.balance };
      },
    }),
    defineTool<WalletState, { from: string; to: string; amount: number }>({
      name: 'wallet_transfer',
      description: 'Move money between two accounts.',
      input: {
        type: 'object',
        properties: { from: { type: 'string', description: 'source account' }, to: { type: 'string', description: 'target account' }, amount: { type: 'number', exclusiveMinimum: 0, description: 'amount' } },
        required: ['from', 'to', 'amount'],
        additionalProperties: false,
      },
      output: { type: 'object' },
      annotations: {},
      handler(args, ctx) {
        const from = ctx.state.accounts[args.from];
        const to = ctx.state.accounts[args.to];
        if (!from || !to) ctx.fail(`unknown account; accounts: ${Object.keys(ctx.state.accounts).join(', ')}`);
        if (from.balance < args.amount) ctx.fail(`account ${from.id} has only ${from.balance} available`);
        from.balance -= args.amount;
        to.balance += args.amount;
        return { transfer_id: ctx.nextId('tr'), from: from.balance, to: to.balance };
      },
    }),
  ],
});
