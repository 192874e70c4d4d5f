import { expect } from 'chai';
import { Engine, isProveError } from '../../../core/index.js';
import { DomainEnvironmentPlugin } from '../../../plugins/environments/DomainEnvironmentPlugin.js';
import { ledgerDomain } from '../../servers/kit/ledgerDomain.js';

describe('DomainEnvironmentPlugin', () => {
  async function engineWithLedger(): Promise<Engine> {
    const engine = new Engine();
    await engine.use(new DomainEnvironmentPlugin({ domain: ledgerDomain }));
    return engine;
  }

  it('registers the domain as an environment named after it, with its agent-visible tools', async () => {
    const engine = await engineWithLedger();
    expect(engine.plugins[0].name).to.equal('environment:ledger');
    expect(engine.environment('ledger').tools.map((t) => t.function.name)).to.include('ledger_transfer');
    expect(engine.describeTaps().onExecute).to.deep.equal([{ plugin: 'environment:ledger', stage: 0, type: 'promise' }]);
  });

  it('executes calls addressed to its server in the session they name, and leaves other servers to others', async () => {
    const engine = await engineWithLedger();
    const session = await engine.openSession('ledger', { seed: 3, referenceDate: '2026-03-02T09:00:00Z' });
    const done = await engine.execute({ server: 'ledger', session, call: { name: 'ledger_transfer', arguments: { from: 'acc_1', to: 'acc_2', amount: 10 } } });
    expect(done).to.deep.include({ server: 'ledger', ok: true, name: 'ledger_transfer' });
    const rejected = await engine.execute({ server: 'ledger', session, call: { name: 'ledger_transfer', arguments: { from: 'acc_2', to: 'acc_1', amount: 999 } } });
    expect(rejected.error).to.deep.equal({ kind: 'execution', message: 'account acc_2 has only 30.50 available' });
    try {
      await engine.execute({ server: 'calendar', session, call: { name: 'x', arguments: {} } });
      expect.fail('should have thrown');
    } catch (error) {
      expect(isProveError(error) && error.code).to.equal('PROVE_NO_EXECUTOR');
    }
  });

  it('fills the sampling context from live state: entities, ranges, categorical values and chain candidates', async () => {
    const engine = await engineWithLedger();
    const session = await engine.openSession('ledger', { seed: 3, referenceDate: '2026-03-02T09:00:00Z' });
    await engine.execute({ server: 'ledger', session, call: { name: 'ledger_transfer', arguments: { from: 'acc_1', to: 'acc_2', amount: 10 } } });
    const context = await engine.sample({ server: 'ledger', session, seed: 1, chain: ['ledger_get_balance', 'ledger_transfer'] });
    expect(context.entities.accounts).to.deep.equal([
      { id: 'acc_1', owner: 'Ada', balance: 90 },
      { id: 'acc_2', owner: 'Bo', balance: 30.5 },
    ]);
    expect(context.ranges['accounts.balance']).to.deep.equal({ min: 30.5, max: 90 });
    expect(context.values['accounts.owner']).to.deep.equal(['Ada', 'Bo']);
    expect(context.values).to.not.have.property('accounts.id');
    expect(context.chain?.ledger_get_balance).to.deep.equal({ arguments: { account_id: ['acc_1', 'acc_2'] }, readOnly: true });
    expect((context.chain?.ledger_transfer as { arguments: Record<string, unknown> }).arguments.speed).to.deep.equal(['standard', 'instant']);
    expect(context.meta.domain).to.equal('ledger');
    const other = await engine.sample({ server: 'calendar', session, seed: 1 });
    expect(other.entities).to.deep.equal({});
  });

  it('refuses options without a domain with a coded error', () => {
    for (const options of [{}, { domain: 'Not A Name' }, { domain: 42 }]) {
      try {
        new DomainEnvironmentPlugin(options as never);
        expect.fail('should have thrown');
      } catch (error) {
        expect(isProveError(error) && error.code).to.equal('PROVE_INVALID_PLUGIN_OPTIONS');
      }
    }
  });
});
