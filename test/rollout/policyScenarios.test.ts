import { expect } from 'chai';
import { join } from 'node:path';
import { createEngine, resolveConfig, type Engine, type Example, type PluginEntry } from '../../core/index.js';
import { OpenAIPolicyPlugin } from '../../plugins/policy/OpenAIPolicyPlugin.js';
import { rolloutRecord } from '../../plugins/rollout/evaluateRollout.js';
import { replayGroundTruth } from '../../plugins/rollout/replayGroundTruth.js';
import { RolloutRunner } from '../../plugins/rollout/RolloutRunner.js';
import { readExamples } from '../../plugins/rollout/readExamples.js';
import { environmentsPreset } from '../../presets/environments.js';
import { proveRewardPreset } from '../../presets/proveReward.js';
import { REPO_ROOT } from '../support/project.js';
import { groundTruthScript, type PolicyVariant } from './support/groundTruthPolicy.js';
import { startScriptedOpenAIServer, type Script, type ScriptedOpenAIServer } from './support/ScriptedOpenAIServer.js';

const MAX_REWARD = 1.3;
const banking = readExamples(join(REPO_ROOT, 'fixtures/examples/banking.jsonl'));
/** Two user turns: find the savings account and its balance, then move 500 to checking (3 ground-truth calls). */
const transfer = banking.find((e) => e.id === 'banking-savings-to-checking')!;
const abstention = banking.find((e) => e.kind === 'abstention')!;

/**
 * The scripted policies of the issue, each played over HTTP through the built-in client, executed
 * live in the banking domain's sessions and scored by the paper's reward preset.
 */
describe('policies played against live environments and the paper reward', () => {
  let server: ScriptedOpenAIServer | undefined;
  let engine: Engine | undefined;
  afterEach(async () => {
    await engine?.close();
    await server?.close();
    server = undefined;
    engine = undefined;
  });

  async function play(example: Example, script: Script, extra: PluginEntry[] = []) {
    server = await startScriptedOpenAIServer(script);
    const resolved = await resolveConfig('(test)', {
      presets: [[environmentsPreset, { domains: ['banking'] }], proveRewardPreset],
      plugins: [[OpenAIPolicyPlugin, { baseURL: server.baseURL, model: 'scripted', retries: 2, backoffMs: 1, maxBackoffMs: 2 }], ...extra],
    });
    engine = await createEngine(resolved);
    const rollout = await new RolloutRunner(engine).play(example);
    return rolloutRecord(example, rollout, await replayGroundTruth(engine, example));
  }

  const scripted = (variant: PolicyVariant, example = transfer) => play(example, groundTruthScript([example], variant));

  it('a policy that replays the ground truth reaches the maximum reward and passes both checks', async () => {
    const record = await scripted({ kind: 'replay' });
    expect(record.trajectory.finishReason).to.equal('completed');
    expect(record.reward.total).to.be.closeTo(MAX_REWARD, 1e-9);
    expect(record.reward.terms).to.include({ validity: 1, coverage: 1, efficiency: 0, name: 1, args: 1 });
    expect(record.stateCheck.pass).to.equal(true);
    expect(record.responseCheck.pass).to.equal(true);
  });

  it('the same ground truth as Hermes text (a Qwen model served raw) scores the same', async () => {
    const record = await scripted({ kind: 'hermes' });
    expect(record.reward.total).to.be.closeTo(MAX_REWARD, 1e-9);
    expect(record.stateCheck.pass).to.equal(true);
    expect(server!.requests.at(-1)!.messages.some((m) => m.role === 'tool')).to.equal(true);
  });

  it('extra calls beyond the budget lower efficiency but not coverage', async () => {
    // 3 ground-truth calls: budget 3 + ceil(1.5) = 5; two extra calls per turn make 7.
    const extra = { name: 'list_bank_accounts', arguments: { customer_id: 'cus_1' } };
    const record = await scripted({ kind: 'extra', calls: [extra, extra] });
    expect(record.trajectory.calls).to.have.length(7);
    expect(record.reward.terms.coverage).to.equal(1);
    expect(record.reward.terms.efficiency).to.be.closeTo(-0.5 * (2 / 5), 1e-9);
    expect(record.reward.total).to.be.lessThan(MAX_REWARD);
    // Read-only extras leave the state as the ground truth does.
    expect(record.stateCheck.pass).to.equal(true);
  });

  it('wrong argument values keep coverage, lose argument credit and fail the state check', async () => {
    const record = await scripted({ kind: 'wrong-arguments' });
    expect(record.reward.terms.coverage).to.equal(1);
    expect(record.reward.terms.args).to.equal(0);
    expect(record.reward.terms.validity).to.be.lessThan(1);
    expect(record.trajectory.calls.every((c) => !c.ok)).to.equal(true);
    expect(record.stateCheck.pass).to.equal(false);
    expect(record.stateCheck.mismatched).to.deep.equal(['banking']);
  });

  it('a malformed call is executed as invalid, seen by the reward, and the rollout goes on', async () => {
    const record = await scripted({ kind: 'malformed' });
    const [first, ...rest] = record.trajectory.calls;
    expect(first.ok).to.equal(false);
    expect(first.error!.kind).to.equal('malformed');
    expect(rest.every((c) => c.ok)).to.equal(true);
    expect(record.reward.terms.validity).to.be.closeTo(3 / 4, 1e-9);
    expect(record.trajectory.finishReason).to.equal('completed');
    expect(record.stateCheck.pass).to.equal(true);
    // The model was told what went wrong.
    const toolReply = record.trajectory.messages.find((m) => m.role === 'tool');
    expect(toolReply!.content).to.contain('could not be parsed');
  });

  it('a server that keeps failing is retried, then the rollout is recorded as a policy error', async () => {
    let requests = 0;
    const record = await play(transfer, () => {
      requests++;
      return { kind: 'status', status: 503, body: 'overloaded' };
    });
    expect(requests).to.equal(3);
    expect(record.trajectory.finishReason).to.equal('policy_error');
    expect(record.trajectory.error).to.contain('PROVE_POLICY_UNAVAILABLE').and.contain('HTTP 503');
    expect(record.responseCheck.pass).to.equal(false);
    expect(record.reward.total).to.be.lessThan(MAX_REWARD);
  });

  it('eight concurrent rollouts of one group each run in their own session and end in the ground-truth state', async () => {
    server = await startScriptedOpenAIServer(groundTruthScript([transfer]));
    const resolved = await resolveConfig('(test)', {
      presets: [[environmentsPreset, { domains: ['banking'] }], proveRewardPreset],
      plugins: [[OpenAIPolicyPlugin, { baseURL: server.baseURL, model: 'scripted', concurrency: 8 }]],
    });
    engine = await createEngine(resolved);
    const group = await new RolloutRunner(engine, { concurrency: 8 }).playGroup(transfer, 8);
    const replay = await replayGroundTruth(engine, transfer);
    expect(server.requests).to.have.length(8 * 5);
    for (const rollout of group.rollouts) {
      expect(rollout.trajectory.calls.map((c) => c.ok)).to.deep.equal([true, true, true]);
      // A shared session would hold eight transfers of 500, not one.
      expect(rollout.trajectory.finalStateHashes).to.deep.equal(replay.finalStateHashes);
      expect(rollout.reward.total).to.be.closeTo(MAX_REWARD, 1e-9);
    }
  });

  it('abstaining on an abstention example gets the abstention reward; calling anything loses it', async () => {
    const good = await scripted({ kind: 'abstain' }, abstention);
    expect(good.responseCheck.pass).to.equal(true);
    expect(good.stateCheck.pass).to.equal(true);
    const goodTotal = good.reward.total;
    expect(goodTotal).to.equal(1, 'the paper: R = 1.0 for making no call');
    await engine!.close();
    await server!.close();
    const bad = await scripted({ kind: 'extra', calls: [{ name: 'get_bank_account_balance', arguments: { account_id: 'acc_1' } }] }, abstention);
    expect(bad.responseCheck.pass).to.equal(false);
    expect(bad.reward.total).to.equal(0, 'the paper: 0 for any call');
  });
});
