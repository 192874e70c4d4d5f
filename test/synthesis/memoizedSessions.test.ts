import { expect } from 'chai';
import { Engine, type ExecutedCall, type ToolCall } from '../../core/index.js';
import { DomainEnvironmentPlugin } from '../../plugins/environments/DomainEnvironmentPlugin.js';
import { memoizedSessions } from '../../plugins/synthesis/memoizedSessions.js';

const WORLD = { seed: 0, referenceDate: '2026-03-16T09:00:00Z' };
const LIST: ToolCall = { name: 'list_bank_accounts', arguments: { customer_id: 'cus_1' } };
const MOVE: ToolCall = { name: 'transfer_between_bank_accounts', arguments: { from_account_id: 'acc_2', to_account_id: 'acc_1', amount: 25 } };
const MISSING: ToolCall = { name: 'list_bank_accounts', arguments: { customer_id: 'cus_99999' } };

/** A banking engine whose real executions are counted. */
async function bankingEngine(): Promise<{ engine: Engine; ran: string[] }> {
  const engine = new Engine();
  await engine.use(new DomainEnvironmentPlugin({ domain: 'banking' }));
  const ran: string[] = [];
  const execute = engine.execute.bind(engine);
  engine.execute = (request) => {
    ran.push(request.call.name);
    return execute(request);
  };
  return { engine, ran };
}

/** The outcomes of `calls` made one after another in one fresh session of `engine`. */
async function sequence(engine: Engine, calls: ToolCall[]): Promise<ExecutedCall[]> {
  const session = await engine.openSession('banking', WORLD);
  try {
    const out: ExecutedCall[] = [];
    for (const call of calls) out.push(await engine.execute({ server: 'banking', session, call }));
    return out;
  } finally {
    await session.close();
  }
}

describe('sessions answered from memory (memoizedSessions)', () => {
  it('runs a sequence met before not at all, and a longer one on the state its prefix made', async () => {
    const { engine, ran } = await bankingEngine();
    const probes = memoizedSessions(engine);
    const first = await sequence(probes, [MOVE, LIST]);
    expect(ran).to.deep.equal(['transfer_between_bank_accounts', 'list_bank_accounts']);
    const again = await sequence(probes, [MOVE, LIST]);
    expect(ran, 'the repeat runs nothing').to.have.length(2);
    expect(again).to.deep.equal(first);
    // A new call after a known prefix runs in a session restored to the state the prefix made.
    const longer = await sequence(probes, [MOVE, LIST, MOVE]);
    expect(ran.slice(2)).to.deep.equal(['transfer_between_bank_accounts']);
    const plain = await sequence(engine, [MOVE, LIST, MOVE]);
    expect(longer).to.deep.equal(plain);
    // Its state too: the hash after the calls is the plain session's.
    const memo = await probes.openSession('banking', WORLD);
    const direct = await engine.openSession('banking', WORLD);
    for (const call of [MOVE, LIST, MOVE, MOVE]) {
      await probes.execute({ server: 'banking', session: memo, call });
      await engine.execute({ server: 'banking', session: direct, call });
    }
    expect(await memo.stateHash()).to.equal(await direct.stateHash());
    const balances = (outcome: ExecutedCall) => (outcome.result as { accounts: Array<{ account_id: string; current_balance: number }> }).accounts.map((a) => [a.account_id, a.current_balance]);
    const untouched = await sequence(engine, [LIST]);
    expect(balances(first[1]), 'the listing saw the transfer').to.not.deep.equal(balances(untouched[0]));
  });

  it('remembers refusals too, and keeps sessions of different worlds apart', async () => {
    const { engine, ran } = await bankingEngine();
    const probes = memoizedSessions(engine);
    const [refused] = await sequence(probes, [MISSING]);
    expect(refused.ok).to.equal(false);
    expect((await sequence(probes, [MISSING]))[0]).to.deep.equal(refused);
    expect(ran).to.have.length(1);
    const other = await probes.openSession('banking', { ...WORLD, seed: 1 });
    await probes.execute({ server: 'banking', session: other, call: MISSING });
    await other.close();
    expect(ran, 'another world is another session').to.have.length(2);
  });

  it('replays the remembered calls from a fresh session where sessions give no snapshot', async () => {
    const { engine, ran } = await bankingEngine();
    // Sessions that hide snapshot/restore, as a remote server's would.
    const open = engine.openSession.bind(engine);
    engine.openSession = async (server, world) => {
      const inner = await open(server, world);
      return { id: inner.id, server, execute: (call) => inner.execute(call), stateHash: () => inner.stateHash(), reset: () => inner.reset(), close: () => inner.close() };
    };
    const probes = memoizedSessions(engine);
    await sequence(probes, [MOVE, LIST]);
    const longer = await sequence(probes, [MOVE, LIST, MOVE]);
    expect(ran.slice(2), 'the known prefix replayed, then the new call').to.deep.equal(['transfer_between_bank_accounts', 'list_bank_accounts', 'transfer_between_bank_accounts']);
    expect(longer).to.deep.equal(await sequence(engine, [MOVE, LIST, MOVE]));
  });

  it('always runs a call whose arguments do not survive JSON', async () => {
    const { engine, ran } = await bankingEngine();
    const probes = memoizedSessions(engine);
    const odd: ToolCall = { name: 'list_bank_accounts', arguments: { customer_id: 'cus_1', type: undefined } };
    await sequence(probes, [odd]);
    await sequence(probes, [odd]);
    expect(ran).to.have.length(2);
  });
});
