import { expect } from 'chai';
import { Engine, STAGE_DEFAULT, type ProvePlugin } from '../../core/index.js';
import { replayGroundTruth } from '../../plugins/rollout/replayGroundTruth.js';
import { RolloutRunner, verifyGroupStart } from '../../plugins/rollout/RolloutRunner.js';
import { GroundTruthPolicyPlugin } from './support/groundTruthPolicy.js';
import { walletExample, WalletEnvironmentPlugin } from './support/walletEnvironment.js';

async function setup(policy: ProvePlugin = new GroundTruthPolicyPlugin()) {
  const environment = new WalletEnvironmentPlugin();
  const engine = new Engine();
  await engine.use(environment);
  await engine.use(policy);
  return { engine, environment };
}

/** A policy that always calls the same read-only tool and never answers in text. */
const endlessCaller: ProvePlugin = {
  name: 'EndlessCaller',
  apply(engine) {
    engine.hooks.onGenerate.tapPromise({ name: 'EndlessCaller', stage: STAGE_DEFAULT }, async (draft) => {
      draft.completion = { message: { role: 'assistant', content: null }, calls: [{ name: 'wallet_balance', arguments: { account_id: 'acc_1' } }], finishReason: 'tool_calls' };
      return draft;
    });
  },
};

describe('RolloutRunner', () => {
  it('plays the user turns in order, executes calls live and ends each turn on a text answer', async () => {
    const { engine, environment } = await setup();
    const example = walletExample();
    const rollout = await new RolloutRunner(engine).play(example);
    const t = rollout.trajectory;
    expect(t.finishReason).to.equal('completed');
    expect(t.messages.map((m) => m.role)).to.deep.equal(['system', 'user', 'assistant', 'tool', 'assistant', 'tool', 'assistant', 'user', 'assistant', 'tool', 'assistant']);
    expect(t.messages[0].content).to.contain('2026-03-02T09:00:00Z');
    expect(t.calls.map((c) => [c.name, c.ok, c.turn, c.step, c.server])).to.deep.equal([
      ['wallet_balance', true, 0, 0, 'wallet'],
      ['wallet_transfer', true, 0, 1, 'wallet'],
      ['wallet_balance', true, 1, 3, 'wallet'],
    ]);
    expect(t.calls[2].result).to.deep.equal({ account_id: 'acc_2', balance: 110 });
    // Each tool message answers the call of the assistant message before it.
    const assistant = t.messages[2] as { tool_calls: Array<{ id: string }> };
    expect((t.messages[3] as { tool_call_id: string }).tool_call_id).to.equal(assistant.tool_calls[0].id);
    expect(JSON.parse(t.messages[3].content as string)).to.deep.equal({ account_id: 'acc_1', balance: 100 });
    expect(t.turns.map((r) => [r.turn, r.step, r.calls])).to.deep.equal([
      [0, 0, 1],
      [0, 1, 1],
      [0, 2, 0],
      [1, 3, 1],
      [1, 4, 0],
    ]);
    const replay = await replayGroundTruth(engine, example);
    expect(replay.failures).to.deep.equal([]);
    expect(t.finalStateHashes).to.deep.equal(replay.finalStateHashes);
    expect(rollout.initialStateHashes).to.deep.equal(replay.initialStateHashes);
    expect(environment.ledger.open).to.equal(0);
  });

  it('uses the system message of the example conversation when it has one', async () => {
    const { engine } = await setup();
    const rollout = await new RolloutRunner(engine).play(walletExample({ messages: [{ role: 'system', content: 'You are the bank assistant.' }] }));
    expect(rollout.trajectory.messages[0]).to.deep.equal({ role: 'system', content: 'You are the bank assistant.' });
  });

  it('caps user turns at 5 and assistant turns at 10 by default, and both are configurable', async () => {
    const { engine } = await setup(new GroundTruthPolicyPlugin({ kind: 'abstain' }));
    const six = walletExample({ turns: Array.from({ length: 6 }, (_, i) => ({ user: `question ${i}` })), groundTruth: [] });
    const played = await new RolloutRunner(engine).play(six);
    expect(played.trajectory.messages.filter((m) => m.role === 'user')).to.have.length(5);
    expect(played.trajectory.finishReason).to.equal('max_turns');
    expect((await new RolloutRunner(engine, { maxUserTurns: 6 }).play(six)).trajectory.finishReason).to.equal('completed');

    const looping = await setup(endlessCaller);
    const capped = await new RolloutRunner(looping.engine).play(walletExample());
    expect(capped.trajectory.finishReason).to.equal('max_assistant_turns');
    expect(capped.trajectory.messages.filter((m) => m.role === 'assistant')).to.have.length(10);
    expect(capped.trajectory.calls).to.have.length(10);
    const three = await new RolloutRunner(looping.engine, { maxAssistantTurns: 3 }).play(walletExample());
    expect(three.trajectory.calls).to.have.length(3);
  });

  it('with a cap per user turn, a policy that keeps calling still plays every user turn', async () => {
    const looping = await setup(endlessCaller);
    // Without it, the first turn uses up the rollout's cap and the second turn is never played.
    const starved = await new RolloutRunner(looping.engine).play(walletExample());
    expect(starved.trajectory.messages.filter((m) => m.role === 'user')).to.have.length(1);
    const played = await new RolloutRunner(looping.engine, { maxAssistantTurnsPerUserTurn: 2 }).play(walletExample());
    expect(played.trajectory.messages.filter((m) => m.role === 'user').map((m) => m.content)).to.deep.equal(walletExample().turns.map((t) => t.user));
    expect(played.trajectory.turns.map((t) => t.turn)).to.deep.equal([0, 0, 1, 1]);
    expect(played.trajectory.calls.map((c) => c.turn)).to.deep.equal([0, 0, 1, 1]);
    expect(played.trajectory.finishReason).to.equal('completed');
    // The rollout's cap still holds over all turns.
    const both = await new RolloutRunner(looping.engine, { maxAssistantTurnsPerUserTurn: 2, maxAssistantTurns: 3 }).play(walletExample());
    expect(both.trajectory.turns.map((t) => t.turn)).to.deep.equal([0, 0, 1]);
    expect(both.trajectory.finishReason).to.equal('max_assistant_turns');
  });

  it('answers calls to tools outside the candidates or the live servers, and malformed calls, without touching state', async () => {
    const caller: ProvePlugin = {
      name: 'OddCaller',
      apply(engine) {
        engine.hooks.onGenerate.tapPromise('OddCaller', async (draft) => {
          const first = draft.messages.filter((m) => m.role === 'assistant').length === 0;
          draft.completion = first
            ? {
                message: { role: 'assistant', content: null },
                calls: [
                  { id: 'a', name: 'wallet_transfer', arguments: { from: 'acc_1', to: 'acc_2', amount: 5 } },
                  { id: 'a', name: 'book_flight', arguments: {} },
                  { name: 'wallet_balance', arguments: {}, malformed: '{"account_id": acc_1' },
                ],
                finishReason: 'tool_calls',
              }
            : { message: { role: 'assistant', content: 'Sorry.' }, calls: [], finishReason: 'stop' };
          return draft;
        });
      },
    };
    const { engine } = await setup(caller);
    // wallet_transfer is served by a live server but was not offered to the model.
    const example = walletExample({ tools: walletExample().tools.filter((t) => t.function.name !== 'wallet_transfer'), turns: [{ user: 'Move 5 to acc_2.' }] });
    const rollout = await new RolloutRunner(engine).play(example);
    const calls = rollout.trajectory.calls;
    expect(calls.map((c) => [c.name, c.ok, c.error?.kind])).to.deep.equal([
      ['wallet_transfer', false, 'unknown_tool'],
      ['book_flight', false, 'unknown_tool'],
      ['wallet_balance', false, 'malformed'],
    ]);
    expect(calls[1].error!.message).to.contain('unknown tool "book_flight"').and.contain('available tools: wallet_balance');
    expect(calls[2].error!.message).to.contain('could not be parsed').and.contain('acc_1');
    const replay = await replayGroundTruth(engine, { ...example, groundTruth: [] });
    expect(rollout.trajectory.finalStateHashes).to.deep.equal(replay.finalStateHashes);
    const ids = calls.map((c) => c.id);
    expect(new Set(ids).size).to.equal(3);
    const toolMessages = rollout.trajectory.messages.filter((m) => m.role === 'tool') as Array<{ tool_call_id: string; content: string }>;
    expect(toolMessages.map((m) => m.tool_call_id)).to.deep.equal(ids);
    // The one rendering of errors (plugins/toolMessageContent.ts), as in synthesized data.
    expect(JSON.parse(toolMessages[0].content)).to.deep.equal({ error: calls[0].error!.message, kind: 'unknown_tool' });
  });

  it('ends with length when the policy was cut short, after running the calls it did make', async () => {
    const truncated: ProvePlugin = {
      name: 'TruncatedPolicy',
      apply(engine) {
        engine.hooks.onGenerate.tapPromise('TruncatedPolicy', async (draft) => {
          draft.completion = { message: { role: 'assistant', content: null }, calls: [{ name: 'wallet_balance', arguments: { account_id: 'acc_1' } }], finishReason: 'length' };
          return draft;
        });
      },
    };
    const { engine } = await setup(truncated);
    const rollout = await new RolloutRunner(engine).play(walletExample());
    expect(rollout.trajectory.finishReason).to.equal('length');
    expect(rollout.trajectory.calls.map((c) => c.ok)).to.deep.equal([true]);
    expect(rollout.trajectory.messages.at(-1)!.role).to.equal('tool');
  });

  it('keeps the rollouts of a group apart: each starts from the same state in its own session', async () => {
    const { engine, environment } = await setup();
    const example = walletExample();
    const group = await new RolloutRunner(engine, { concurrency: 8 }).playGroup(example, 8);
    const replay = await replayGroundTruth(engine, example);
    expect(group.rollouts).to.have.length(8);
    for (const rollout of group.rollouts) {
      // Shared state would make the second transfer of 60 out of 100 fail.
      expect(rollout.trajectory.calls.every((c) => c.ok)).to.equal(true);
      expect(rollout.trajectory.finalStateHashes).to.deep.equal(replay.finalStateHashes);
      expect(rollout.initialStateHashes).to.deep.equal(replay.initialStateHashes);
    }
    expect(group.rollouts.map((r) => r.index)).to.deep.equal([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(environment.ledger.opened).to.equal(9);
    expect(environment.ledger.open).to.equal(0);
  });

  it('refuses a group whose rollouts did not start from the same state', async () => {
    const { engine } = await setup();
    const example = walletExample();
    const runner = new RolloutRunner(engine);
    const a = await runner.play(example, 0);
    const b = await runner.play({ ...example, world: { ...example.world, seed: 2 } }, 1);
    expect(() => verifyGroupStart({ example, rollouts: [a, b] }))
      .to.throw(/did not start from the same state of "wallet"/)
      .with.property('code', 'PROVE_GROUP_STATE_MISMATCH');
  });

  it('records a policy failure with its error, still scores it, and closes the sessions', async () => {
    let rewards = 0;
    const failing: ProvePlugin = {
      name: 'FailingPolicy',
      apply(engine) {
        engine.hooks.onGenerate.tapPromise('FailingPolicy', async (draft) => {
          if (draft.messages.some((m) => m.role === 'tool')) throw new Error('model server crashed');
          draft.completion = { message: { role: 'assistant', content: null }, calls: [{ name: 'wallet_balance', arguments: { account_id: 'acc_1' } }], finishReason: 'tool_calls' };
          return draft;
        });
        engine.hooks.onReward.tapPromise('CountingReward', async (sheet) => {
          rewards++;
          return sheet;
        });
      },
    };
    const { engine, environment } = await setup(failing);
    const rollout = await new RolloutRunner(engine).play(walletExample());
    expect(rollout.trajectory.finishReason).to.equal('policy_error');
    expect(rollout.trajectory.error).to.contain('model server crashed').and.contain('PROVE_PLUGIN_FAILED');
    expect(rollout.trajectory.calls).to.have.length(1);
    expect(rewards).to.equal(1);
    expect(environment.ledger.open).to.equal(0);
  });

  it('records an environment failure as an error and closes the sessions', async () => {
    const { engine, environment } = await setup();
    environment.failOnExecute = 2;
    const rollout = await new RolloutRunner(engine).play(walletExample());
    expect(rollout.trajectory.finishReason).to.equal('error');
    expect(rollout.trajectory.error).to.contain('the wallet server went away');
    expect(environment.ledger.opened).to.equal(1);
    expect(environment.ledger.open).to.equal(0);
  });

  it('says how to add a policy when none answers', async () => {
    const engine = new Engine();
    await engine.use(new WalletEnvironmentPlugin());
    const rollout = await new RolloutRunner(engine).play(walletExample());
    expect(rollout.trajectory.finishReason).to.equal('policy_error');
    expect(rollout.trajectory.error).to.contain('--policy URL --model NAME').and.contain('PROVE_NO_POLICY');
  });

  it('names the missing environment of an example', async () => {
    const { engine } = await setup();
    expect(() => new RolloutRunner(engine).checkExample(walletExample({ servers: ['wallet', 'banking'] })))
      .to.throw(/needs environment "banking".*registered: "wallet"/)
      .with.property('code', 'PROVE_EXAMPLE_ENVIRONMENT_MISSING');
  });

  it('gives the policy draft the example, the candidate tools and distinct seeds per rollout', async () => {
    const seen: Array<{ seed: number; rollout: unknown; tools: number }> = [];
    const spy: ProvePlugin = {
      name: 'DraftRecorder',
      apply(engine) {
        engine.hooks.onGenerate.tapPromise({ name: 'DraftRecorder', stage: -10 }, async (draft) => {
          seen.push({ seed: draft.seed, rollout: draft.meta.rollout, tools: draft.tools.length });
          expect(draft.example?.id).to.equal('wallet-1');
          return draft;
        });
      },
    };
    const { engine } = await setup();
    await engine.use(spy);
    await new RolloutRunner(engine).playGroup(walletExample(), 2);
    const first = seen.filter((s) => s.rollout === 0).map((s) => s.seed);
    const second = seen.filter((s) => s.rollout === 1).map((s) => s.seed);
    expect(first).to.have.length.greaterThan(2);
    expect(first).not.to.deep.equal(second);
    expect(seen.every((s) => s.tools === 2)).to.equal(true);
  });
});
