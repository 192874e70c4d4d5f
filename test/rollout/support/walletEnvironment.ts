import type { Engine, Environment, EnvironmentSession, Example, ProvePlugin, WorldSpec } from '../../../core/index.js';
import { domainEnvironment } from '../../../servers/kit/DomainSession.js';
import { walletDomain } from './walletDomain.js';

/** Counts sessions so that tests can see every opened session closed. */
export class SessionLedger {
  opened = 0;
  closed = 0;
  get open(): number {
    return this.opened - this.closed;
  }
}

/** The wallet domain as an engine environment on the kit's fast path, counting its sessions. */
export class WalletEnvironmentPlugin implements ProvePlugin {
  readonly name = 'WalletEnvironmentPlugin';
  readonly ledger = new SessionLedger();
  /** When set, the n-th execute (1-based) throws, as a broken environment would. */
  failOnExecute?: number;
  private executes = 0;

  apply(engine: Engine): void {
    const inner = domainEnvironment(walletDomain);
    const ledger = this.ledger;
    const environment: Environment = {
      name: inner.name,
      tools: inner.tools,
      async openSession(world: WorldSpec): Promise<EnvironmentSession> {
        const session = await inner.openSession(world);
        ledger.opened++;
        let closed = false;
        return {
          id: session.id,
          server: session.server,
          execute: (call) => session.execute(call),
          stateHash: () => session.stateHash(),
          reset: () => session.reset(),
          async close() {
            if (!closed) ledger.closed++;
            closed = true;
            await session.close();
          },
        };
      },
    };
    engine.registerEnvironment(environment, this.name);
    engine.hooks.onExecute.tapPromise(this.name, async (request) => {
      if (request.server !== 'wallet') return undefined;
      if (this.failOnExecute !== undefined && ++this.executes === this.failOnExecute) throw new Error('the wallet server went away');
      return request.session.execute(request.call);
    });
  }
}

const tools = domainEnvironment(walletDomain).tools;

/** A wallet example: check a balance, transfer, then check again in a second turn. */
export function walletExample(overrides: Partial<Example> = {}): Example {
  return {
    id: 'wallet-1',
    kind: 'multi_turn',
    servers: ['wallet'],
    tools: [...tools],
    world: { seed: 1, referenceDate: '2026-03-02T09:00:00Z' },
    turns: [{ user: 'How much is on acc_1? Then move 60 to acc_2.' }, { user: 'And what does acc_2 hold now?' }],
    messages: [],
    groundTruth: [
      { id: 's1', turn: 0, calls: [{ name: 'wallet_balance', arguments: { account_id: 'acc_1' } }], dependsOn: [] },
      { id: 's2', turn: 0, calls: [{ name: 'wallet_transfer', arguments: { from: 'acc_1', to: 'acc_2', amount: 60 } }], dependsOn: ['s1'] },
      { id: 's3', turn: 1, calls: [{ name: 'wallet_balance', arguments: { account_id: 'acc_2' } }], dependsOn: ['s2'] },
    ],
    perturbations: [],
    meta: {},
    split: 'test',
    ...overrides,
  };
}
