import { expect } from 'chai';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isProveError } from '../../../core/index.js';
import { domainEnvironment, domainRuntime, MAX_ARGUMENT_BYTES, type ToolOutcome } from '../../../servers/kit/DomainSession.js';
import { loadFixture, proveRoot } from '../../../servers/kit/fixtures.js';
import { canonicalHash } from '../../../servers/kit/stateHash.js';
import type { ToolContext } from '../../../servers/kit/Domain.js';
import { ledgerDomain, type LedgerState } from './ledgerDomain.js';
import { echoSession, expectLengthsJudgedExactly } from '../support/lengths.js';

function failed(outcome: ToolOutcome): { kind: string; message: string } {
  if (outcome.ok) throw new Error(`expected a failure, got ${JSON.stringify(outcome.result)}`);
  return outcome.error;
}

describe('the domain kit: fast-path sessions', () => {
  const runtime = domainRuntime(ledgerDomain);

  it('builds one runtime per domain, with OpenAI and MCP tool lists computed once', () => {
    expect(domainRuntime(ledgerDomain)).to.equal(runtime);
    expect(runtime.tools.map((t) => t.function.name)).to.deep.equal(['ledger_get_balance', 'ledger_transfer', 'ledger_roll', 'ledger_broken', 'ledger_sneaky_read']);
    expect(runtime.mcpTools[0]).to.include({ name: 'ledger_get_balance' });
    expect(runtime.mcpTools[0].annotations).to.deep.equal({ readOnlyHint: true });
    expect(Object.isFrozen(runtime.world)).to.equal(true);
    expect(Object.isFrozen(runtime.world.accounts[0])).to.equal(true);
  });

  it('refuses a tool whose input schema does not compile when the domain is made ready, guarded or not', () => {
    const broken = (input: Record<string, unknown>) => ({ ...ledgerDomain, name: 'ledger_broken_schema', tools: [{ ...ledgerDomain.tools[0], input: input as never }] });
    // Closed and bounded (a guard exists: the exact validator is compiled on first use), then open (compiled at once).
    const closed = { type: 'object', properties: { account_id: { type: 'string', maxLength: 20, pattern: '([' } }, required: ['account_id'], additionalProperties: false };
    const open = { type: 'object', properties: { account_id: { type: 'string', pattern: '([' } }, required: ['account_id'] };
    for (const input of [closed, open]) {
      let thrown: unknown;
      try {
        domainRuntime(broken(input));
      } catch (error) {
        thrown = error;
      }
      expect(isProveError(thrown) && thrown.message, JSON.stringify(input)).to.match(/ledger_get_balance": input schema does not compile/);
    }
    // A guarded tool still explains a refused call with the exact validator's messages.
    const guarded = domainRuntime({ ...ledgerDomain, name: 'ledger_guarded', tools: [{ ...ledgerDomain.tools[0], input: { ...closed, properties: { account_id: { type: 'string', maxLength: 20 } } } as never }] });
    expect(failed(guarded.openSession().call('ledger_get_balance', { account_id: 7 })).message).to.match(/account_id.*string/);
  });

  it('opens sessions on the shared world without copying it', () => {
    const a = runtime.openSession();
    const b = runtime.openSession();
    expect(a.state).to.equal(runtime.world);
    expect(b.state).to.equal(runtime.world);
    expect(a.id).to.not.equal(b.id);
    expect(a.stateHashSync()).to.equal(b.stateHashSync());
  });

  it('a transfer changes only its own session, shares the untouched parts, and is visible through a read tool', () => {
    const a = runtime.openSession();
    const b = runtime.openSession();
    const outcome = a.call('ledger_transfer', { from: 'acc_1', to: 'acc_2', amount: 30 });
    expect(outcome.ok).to.equal(true);
    expect(a.call('ledger_get_balance', { account_id: 'acc_1' })).to.deep.equal({ ok: true, result: { account_id: 'acc_1', balance: 70 } });
    expect(b.call('ledger_get_balance', { account_id: 'acc_1' })).to.deep.equal({ ok: true, result: { account_id: 'acc_1', balance: 100 } });
    expect(a.stateHashSync()).to.not.equal(b.stateHashSync());
    expect(runtime.world.accounts[0].balance).to.equal(100);
    expect(a.state.transfers[0]).to.equal(runtime.world.transfers[0]);
  });

  it('lets a handler destructure nextId and fail from its context', () => {
    const domain = {
      ...ledgerDomain,
      name: 'ledger_destructured',
      tools: [
        {
          name: 'ledger_destructured_new_id',
          description: 'Returns a new id; fails when asked to.',
          input: { type: 'object', properties: { fail: { type: 'boolean' } }, additionalProperties: false },
          output: { type: 'object' },
          annotations: {},
          handler(args: { fail?: boolean }, { nextId, fail }: { nextId(prefix: string): string; fail(message: string): never }) {
            if (args.fail) fail('asked to fail');
            return { id: nextId('trf') };
          },
        },
      ],
    };
    const session = domainRuntime(domain as typeof ledgerDomain).openSession();
    const first = session.call('ledger_destructured_new_id', {});
    expect(first.ok).to.equal(true);
    expect((first as { result: { id: string } }).result.id).to.match(/^trf_\d+$/);
    expect(failed(session.call('ledger_destructured_new_id', { fail: true }))).to.deep.equal({ kind: 'execution', message: 'asked to fail' });
  });

  it('a handler may read ctx.base and write through ctx.edit: same state and hash as the draft, and a failure keeps nothing', () => {
    const domain = {
      ...ledgerDomain,
      name: 'ledger_edited',
      tools: [
        {
          name: 'ledger_edited_transfer',
          description: 'Moves money, writing by path.',
          input: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' }, amount: { type: 'number' } }, required: ['from', 'to', 'amount'], additionalProperties: false },
          output: { type: 'object' },
          annotations: {},
          handler(args: { from: string; to: string; amount: number }, ctx: ToolContext<LedgerState>) {
            const from = ctx.base.accounts.findIndex((a) => a.id === args.from);
            const to = ctx.base.accounts.findIndex((a) => a.id === args.to);
            const source = ctx.edit<{ balance: number }>('accounts', from);
            source.balance -= args.amount;
            ctx.edit<{ balance: number }>('accounts', to).balance += args.amount;
            if (source.balance < 0) ctx.fail(`only ${ctx.base.accounts[from].balance} available`);
            ctx.edit<unknown[]>('transfers').push({ id: ctx.nextId('trf'), from: args.from, to: args.to, amount: args.amount, day: ctx.today });
            return { source };
          },
        },
        {
          name: 'ledger_edited_peek',
          description: 'A read-only tool that tries to write.',
          input: { type: 'object', properties: {}, additionalProperties: false },
          output: { type: 'object' },
          annotations: { readOnlyHint: true },
          handler(_args: unknown, ctx: ToolContext<LedgerState>) {
            ctx.edit('accounts', 0);
            return {};
          },
        },
      ],
    };
    const edited = domainRuntime(domain as unknown as typeof ledgerDomain).openSession();
    const drafted = runtime.openSession();
    const outcome = edited.call('ledger_edited_transfer', { from: 'acc_1', to: 'acc_2', amount: 30 });
    expect(outcome).to.deep.equal({ ok: true, result: { source: { id: 'acc_1', owner: 'Ada', balance: 70 } } });
    expect(drafted.call('ledger_transfer', { from: 'acc_1', to: 'acc_2', amount: 30 }).ok).to.equal(true);
    expect(edited.state).to.deep.equal(drafted.state);
    expect(edited.stateHashSync()).to.equal(drafted.stateHashSync());
    expect(Object.isFrozen(edited.state.transfers[1])).to.equal(true);
    expect(edited.state.accounts[0]).to.not.equal(runtime.world.accounts[0]);

    const before = edited.stateHashSync();
    expect(failed(edited.call('ledger_edited_transfer', { from: 'acc_2', to: 'acc_1', amount: 500 })).message).to.equal('only 50.5 available');
    expect(edited.stateHashSync()).to.equal(before);
    expect(failed(edited.call('ledger_edited_peek', {})).message).to.match(/internal error in ledger_edited_peek: edit: a read-only tool cannot change the state/);
  });

  it('the state after a change is frozen all the way down, the records the handler added included', () => {
    const session = runtime.openSession();
    expect(session.call('ledger_transfer', { from: 'acc_1', to: 'acc_2', amount: 3 }).ok).to.equal(true);
    const state = session.state;
    expect(Object.isFrozen(state)).to.equal(true);
    expect(Object.isFrozen(state.accounts)).to.equal(true);
    expect(Object.isFrozen(state.accounts[0])).to.equal(true);
    expect(Object.isFrozen(state.transfers)).to.equal(true);
    expect(Object.isFrozen(state.transfers[1])).to.equal(true);
    expect(() => {
      (state.transfers[1] as { amount: number }).amount = 1000;
    }).to.throw(TypeError);
  });

  it('returns results that outlive the call even when the handler returned part of the draft', () => {
    const session = runtime.openSession();
    const outcome = session.call('ledger_transfer', { from: 'acc_1', to: 'acc_2', amount: 5 });
    if (!outcome.ok) throw new Error(outcome.error.message);
    const result = outcome.result as { source: { balance: number }; transfer: { id: string; day: string } };
    expect(result.source.balance).to.equal(95);
    expect(result.transfer.day).to.equal('2026-03-02');
  });

  it('new ids continue after the ids the world already holds, per session, and reset restarts them', async () => {
    const session = runtime.openSession();
    const first = session.call('ledger_transfer', { from: 'acc_1', to: 'acc_2', amount: 1 });
    const second = session.call('ledger_transfer', { from: 'acc_1', to: 'acc_2', amount: 1 });
    expect((first as { result: { transfer: { id: string } } }).result.transfer.id).to.equal('trf_8');
    expect((second as { result: { transfer: { id: string } } }).result.transfer.id).to.equal('trf_9');
    const other = runtime.openSession();
    expect((other.call('ledger_transfer', { from: 'acc_1', to: 'acc_2', amount: 1 }) as { result: { transfer: { id: string } } }).result.transfer.id).to.equal('trf_8');
    await session.reset();
    expect((session.call('ledger_transfer', { from: 'acc_1', to: 'acc_2', amount: 1 }) as { result: { transfer: { id: string } } }).result.transfer.id).to.equal('trf_8');
  });

  it('a rejected transfer says what is available and leaves state and hash unchanged, even after the handler mutated its draft', () => {
    const session = runtime.openSession();
    session.call('ledger_transfer', { from: 'acc_2', to: 'acc_1', amount: 0.5 });
    const before = session.stateHashSync();
    const state = session.state;
    const error = failed(session.call('ledger_transfer', { from: 'acc_2', to: 'acc_1', amount: 1000 }));
    expect(error.kind).to.equal('execution');
    expect(error.message).to.equal('account acc_2 has only 20.00 available');
    expect(session.state).to.equal(state);
    expect(session.stateHashSync()).to.equal(before);
  });

  it('a handler bug becomes an execution error naming the tool, and nothing it changed is kept', () => {
    const session = runtime.openSession();
    const before = session.stateHashSync();
    const error = failed(session.call('ledger_broken', {}));
    expect(error.kind).to.equal('execution');
    expect(error.message).to.match(/^internal error in ledger_broken: /);
    expect(session.stateHashSync()).to.equal(before);
    expect(session.state.accounts[0].balance).to.equal(100);
  });

  it('a read-only tool cannot write the frozen state', () => {
    const session = runtime.openSession();
    const error = failed(session.call('ledger_sneaky_read', {}));
    expect(error.message).to.match(/^internal error in ledger_sneaky_read/);
    expect(runtime.world.accounts[0].balance).to.equal(100);
  });

  it('an unknown tool lists the valid tools and suggests the closest', () => {
    const error = failed(runtime.openSession().call('ledger_get_balanse', { account_id: 'acc_1' }));
    expect(error.kind).to.equal('unknown_tool');
    expect(error.message).to.include('did you mean "ledger_get_balance"?');
    expect(error.message).to.include('ledger_transfer');
  });

  describe('arguments that break the schema say what was wrong and what is valid', () => {
    const session = runtime.openSession();
    const cases: Array<[string, unknown, string[]]> = [
      ['null instead of an object', null, ['must be a JSON object, got null', 'from (string, required)']],
      ['an array instead of an object', [1, 2], ['got an array']],
      ['a string instead of an object', '{"from":"acc_1"}', ['got a string']],
      ['a missing required field', { from: 'acc_1', to: 'acc_2' }, ['amount is required']],
      ['a wrong type', { from: 'acc_1', to: 'acc_2', amount: '12' }, ['amount = "12": must be number, got string']],
      ['a value outside the enum', { from: 'acc_1', to: 'acc_2', amount: 1, speed: 'warp' }, ['must be one of "standard", "instant"']],
      ['an unknown key', { from: 'acc_1', to: 'acc_2', amount: 1, currency: 'EUR' }, ['currency', 'unknown key; allowed keys: from, to, amount, memo, speed']],
      ['a huge string', { from: 'acc_1', to: 'acc_2', amount: 1, memo: 'x'.repeat(MAX_ARGUMENT_BYTES + 1) }, [`larger than ${MAX_ARGUMENT_BYTES} bytes`]],
      ['a huge array', { from: 'acc_1', to: 'acc_2', amount: 1, memo: Array.from({ length: 100_000 }, () => 1) }, [`larger than ${MAX_ARGUMENT_BYTES} bytes`]],
      ['deep nesting', { from: JSON.parse('['.repeat(100) + ']'.repeat(100)) as unknown }, ['nested more than']],
    ];
    for (const [title, args, includes] of cases) {
      it(title, () => {
        const before = session.stateHashSync();
        const error = failed(session.call('ledger_transfer', args));
        expect(error.kind).to.equal('invalid_arguments');
        for (const part of includes) expect(error.message).to.include(part);
        expect(session.stateHashSync()).to.equal(before);
      });
    }

    it('an own "__proto__" key is an unknown key like any other', () => {
      const args = JSON.parse('{"from":"acc_1","to":"acc_2","amount":1,"__proto__":{"speed":"warp"}}') as unknown;
      const error = failed(session.call('ledger_transfer', args));
      expect(error.message).to.include('__proto__');
    });

    it('unicode is ordinary data', () => {
      const outcome = session.call('ledger_transfer', { from: 'acc_1', to: 'acc_2', amount: 1, memo: 'für 🍕 — 日本' });
      expect(outcome.ok).to.equal(true);
      const error = failed(session.call('ledger_get_balance', { account_id: '💥\u0000\ud800' }));
      expect(error.message).to.include('no account 💥');
    });

    it('string lengths count characters, not UTF-16 code units: an emoji is one character', () => {
      const accepted = (memo: string) => session.call('ledger_transfer', { from: 'acc_1', to: 'acc_2', amount: 1, memo }).ok;
      // memo: minLength 2, maxLength 200
      expect(['x'.repeat(200), '🍕'.repeat(200), 'xy', '🍕🍕', 'x🍕'].map(accepted)).to.deep.equal([true, true, true, true, true]);
      expect(['x'.repeat(201), '🍕'.repeat(201), 'x', '🍕'].map(accepted)).to.deep.equal([false, false, false, false]);
      const error = failed(session.call('ledger_transfer', { from: 'acc_1', to: 'acc_2', amount: 1, memo: '🍕' }));
      expect(error.message).to.include('memo');
    });

    it('string lengths are judged exactly whatever mix of surrogate pairs, lone surrogates and plain text (random strings around the limits)', () => {
      const input = {
        type: 'object',
        properties: { name: { type: 'string', minLength: 3, maxLength: 6 }, tags: { type: 'array', items: { type: 'string', minLength: 2, maxLength: 4 } }, note: { type: 'string', maxLength: 5 } },
        required: ['name'],
        additionalProperties: false,
      };
      const { session: lengths, guarded } = echoSession(input);
      // `tags` has no maxItems: no guard, so this holds the walk and the two validators to the exact count.
      expect(guarded).to.equal(false);
      expectLengthsJudgedExactly(lengths, input);
    });

    it('schema defaults are filled in on a copy, never in the caller\'s object', () => {
      const args = { from: 'acc_1', to: 'acc_2', amount: 1 };
      const outcome = session.call('ledger_transfer', args);
      expect((outcome as { result: { speed: string } }).result.speed).to.equal('standard');
      expect(args).to.deep.equal({ from: 'acc_1', to: 'acc_2', amount: 1 });
    });
  });

  it('randomness is seeded by the world and restored by reset', async () => {
    const rolls = (seed: number) => {
      const session = runtime.openSession({ seed });
      return Array.from({ length: 8 }, () => (session.call('ledger_roll', {}) as { result: { roll: number } }).result.roll);
    };
    expect(rolls(7)).to.deep.equal(rolls(7));
    expect(rolls(7)).to.not.deep.equal(rolls(8));
    const session = runtime.openSession({ seed: 7 });
    const first = session.call('ledger_roll', {});
    const hash = session.stateHashSync();
    await session.reset();
    expect(session.stateHashSync()).to.equal(session.initialStateHash());
    expect(session.call('ledger_roll', {})).to.deep.equal(first);
    expect(session.stateHashSync()).to.equal(hash);
  });

  it('the clock is the reference date of the world, never the wall clock', () => {
    const session = runtime.openSession({ referenceDate: '2031-12-24T18:30:00+02:00' });
    expect(session.now).to.equal('2031-12-24T16:30:00.000Z');
    expect((session.call('ledger_roll', {}) as { result: { now: string } }).result.now).to.equal('2031-12-24T16:30:00.000Z');
    expect(runtime.openSession().today).to.equal('2026-03-02');
  });

  it('refuses an invalid world with a coded error', () => {
    for (const world of [{ seed: 1.5 }, { referenceDate: 'next tuesday' }]) {
      try {
        runtime.openSession(world);
        expect.fail('should have thrown');
      } catch (error) {
        expect(isProveError(error) && error.code).to.equal('PROVE_INVALID_WORLD');
      }
    }
  });

  it('snapshot and restore return to an earlier state', () => {
    const session = runtime.openSession();
    const snapshot = session.snapshot();
    const hash = session.stateHashSync();
    session.call('ledger_transfer', { from: 'acc_1', to: 'acc_2', amount: 3 });
    session.restore(snapshot);
    expect(session.stateHashSync()).to.equal(hash);
  });

  it('snapshots cannot be changed: state, counters and PRNG state are read-only, state and counters frozen', () => {
    const session = runtime.openSession();
    session.call('ledger_transfer', { from: 'acc_1', to: 'acc_2', amount: 3 });
    const snapshot = session.snapshot();
    const hash = session.stateHashSync();
    const made = snapshot.counters.trf;
    expect(made).to.be.a('number');
    expect(Object.isFrozen(snapshot.counters)).to.equal(true);
    expect(Object.isFrozen(snapshot.state)).to.equal(true);
    for (const key of ['state', 'counters', 'rng']) expect(() => Object.assign(snapshot, { [key]: 0 }), key).to.throw(TypeError);
    expect(() => Object.assign(snapshot.counters, { trf: 0 })).to.throw(TypeError);
    // The next id still follows, and the snapshot still restores the same state.
    session.call('ledger_transfer', { from: 'acc_1', to: 'acc_2', amount: 1 });
    expect(session.snapshot().counters).to.deep.equal({ trf: made + 1 });
    session.restore(snapshot);
    expect(session.stateHashSync()).to.equal(hash);
  });

  it('the state hash depends on content only: equal states from different histories hash equal', () => {
    const a = runtime.openSession();
    const b = runtime.openSession();
    a.call('ledger_transfer', { from: 'acc_1', to: 'acc_2', amount: 2 });
    b.call('ledger_transfer', { from: 'acc_1', to: 'acc_2', amount: 2 });
    expect(a.stateHashSync()).to.equal(b.stateHashSync());
    expect(canonicalHash({ b: 1, a: [1, 'x', { c: null }] })).to.equal(canonicalHash({ a: [1, 'x', { c: null }], b: 1 }));
    expect(canonicalHash({ a: 1 })).to.not.equal(canonicalHash({ a: '1' }));
    expect(canonicalHash([[1], 2])).to.not.equal(canonicalHash([1, [2]]));
    expect(canonicalHash({ a: -0 })).to.equal(canonicalHash({ a: 0 }));
  });

  it('as an engine environment: execute returns ExecutedCall, failures included, and closed sessions refuse calls', async () => {
    const environment = domainEnvironment(ledgerDomain);
    expect(environment.name).to.equal('ledger');
    const session = await environment.openSession({ seed: 1, referenceDate: '2026-03-02T09:00:00Z' });
    const ok = await session.execute({ name: 'ledger_get_balance', arguments: { account_id: 'acc_2' } });
    expect(ok).to.deep.include({ server: 'ledger', ok: true, result: { account_id: 'acc_2', balance: 20.5 } });
    const malformed = await session.execute({ name: 'ledger_get_balance', arguments: {}, malformed: '{"account_id": ' });
    expect(malformed.error?.kind).to.equal('malformed');
    await session.close();
    const closed = await session.execute({ name: 'ledger_get_balance', arguments: { account_id: 'acc_2' } });
    expect(closed.ok).to.equal(false);
    expect(closed.error?.message).to.include('is closed');
  });

  it('invariants and samplers read the session state', () => {
    const session = runtime.openSession();
    session.call('ledger_transfer', { from: 'acc_1', to: 'acc_2', amount: 10 });
    expect(runtime.checkInvariants(session.state as LedgerState)).to.deep.equal([]);
    expect(runtime.sample(session.state as LedgerState).accounts[0]).to.deep.equal({ id: 'acc_1', owner: 'Ada', balance: 90 });
  });

  it('fixtures resolve from the package root, and a missing one is a clear error', () => {
    expect(proveRoot()).to.equal(resolve(dirname(fileURLToPath(import.meta.url)), '../../..'));
    try {
      loadFixture('no_such_domain');
      expect.fail('should have thrown');
    } catch (error) {
      expect(isProveError(error) && error.code).to.equal('PROVE_FIXTURE_INVALID');
      expect((error as Error).message).to.include('fixtures/no_such_domain/world.json');
    }
  });
});
