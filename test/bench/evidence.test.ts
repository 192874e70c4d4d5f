import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Example } from '../../core/index.js';
import { runCli } from '../../core/cli/main.js';
import type { RolloutRecord } from '../../plugins/rollout/evaluateRollout.js';
import { makeProject, REPO_ROOT } from '../support/project.js';
import { groundTruthScript } from '../rollout/support/groundTruthPolicy.js';
import { startScriptedOpenAIServer, type ScriptedOpenAIServer } from '../rollout/support/ScriptedOpenAIServer.js';
import { walletExample } from '../rollout/support/walletEnvironment.js';
import { allTurnsReachedShare, checkEvalPlaysEveryTurn, checkGroundTruthFits, checkNoPolicyErrors, evalTurnArgs, evidenceSettings, trainTurnArgs, unplayedTurnExamples, userTurnsReached } from './evidence.lib.js';

const CONFIG = `import { defineConfig } from 'prove-rl';
import { proveRewardPreset } from 'prove-rl/presets/proveReward';
import { DomainEnvironmentPlugin } from 'prove-rl/plugins/environments/DomainEnvironmentPlugin';
import { walletDomain } from ${JSON.stringify(join(REPO_ROOT, 'test/rollout/support/walletDomain.ts'))};

export default defineConfig({
  presets: [proveRewardPreset],
  plugins: [[DomainEnvironmentPlugin, { domain: walletDomain }]],
});
`;

// Two user turns, each with a transfer: the final state depends on the second turn.
const twoTurns = walletExample({
  turns: [{ user: 'How much is on acc_1? Then move 60 to acc_2.' }, { user: 'Now send 25 from acc_2 back to acc_1.' }],
  groundTruth: [
    { id: 's1', turn: 0, calls: [{ name: 'wallet_balance', arguments: { account_id: 'acc_1' } }], dependsOn: [] },
    { id: 's2', turn: 0, calls: [{ name: 'wallet_transfer', arguments: { from: 'acc_1', to: 'acc_2', amount: 60 } }], dependsOn: ['s1'] },
    { id: 's3', turn: 1, calls: [{ name: 'wallet_transfer', arguments: { from: 'acc_2', to: 'acc_1', amount: 25 } }], dependsOn: ['s2'] },
  ],
});
const oneTurn = walletExample({ id: 'wallet-2', turns: [{ user: 'Send 30 from acc_2 to acc_1, please.' }], groundTruth: [{ id: 's1', turn: 0, calls: [{ name: 'wallet_transfer', arguments: { from: 'acc_2', to: 'acc_1', amount: 30 } }], dependsOn: [] }] });
const examples: Example[] = [twoTurns, oneTurn];

describe('the evidence run plays every user turn of its held-out examples', function () {
  this.timeout(60_000);
  let server: ScriptedOpenAIServer;
  let project: ReturnType<typeof makeProject>;

  before(async () => {
    server = await startScriptedOpenAIServer(groundTruthScript(examples));
    project = makeProject({ 'prove.config.ts': CONFIG, 'data/heldout.jsonl': examples.map((e) => JSON.stringify(e)).join('\n') + '\n' });
  });
  after(async () => {
    await server.close();
    project.cleanup();
  });

  async function evaluate(turnArgs: string[], out: string): Promise<RolloutRecord[]> {
    let stderr = '';
    const argv = ['eval', '--dataset', 'data/heldout.jsonl', '--split', 'all', '--policy', server.baseURL, '--model', 'gt-replay', '--group', '1', ...turnArgs, '--out', out];
    const code = await runCli(argv, { cwd: project.dir, isTTY: false, stdout: () => {}, stderr: (t) => (stderr += t) });
    expect(code, stderr).to.equal(0);
    return readFileSync(join(project.dir, out, 'rollouts.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as RolloutRecord);
  }

  it('by default: a policy that follows the ground truth passes the state check and scores full coverage on a two-turn example', async () => {
    const settings = evidenceSettings({});
    expect(() => checkEvalPlaysEveryTurn(examples, settings.evalMaxUserTurns)).not.to.throw();
    const records = await evaluate(evalTurnArgs(settings), 'runs/eval');
    const byId = new Map(examples.map((e) => [e.id, e]));
    for (const record of records) {
      expect(record.stateCheck.pass, record.exampleId).to.equal(true);
      expect(record.reward.terms.coverage, record.exampleId).to.equal(1);
      expect(record.trajectory.finishReason, record.exampleId).to.equal('completed');
    }
    expect(records.map((r) => userTurnsReached(r))).to.deep.equal([2, 1]);
    expect(allTurnsReachedShare(records, byId)).to.equal(1);
  });

  it('the one-turn eval of the earlier runs could not pass the state check of a two-turn example, and is now refused', async () => {
    // What the eval used to play: the first runs' training caps, one user turn and two assistant messages.
    const settings = evidenceSettings({ EVIDENCE_EVAL_MAX_USER_TURNS: '1', EVIDENCE_EVAL_MAX_ASSISTANT_TURNS: '2' });
    const oneTurnArgs = ['--max-user-turns', '1', '--max-assistant-turns', '2'];
    const records = await evaluate(oneTurnArgs, 'runs/one-turn');
    const cut = records.find((r) => r.exampleId === twoTurns.id)!;
    expect(cut.stateCheck.pass).to.equal(false);
    expect(cut.reward.terms.coverage).to.be.below(1);
    expect(userTurnsReached(cut)).to.equal(1);
    expect(allTurnsReachedShare(records, new Map(examples.map((e) => [e.id, e])))).to.equal(0.5);
    expect(unplayedTurnExamples(examples, 1)).to.deep.equal([{ id: twoTurns.id, turns: 2 }]);
    expect(() => checkEvalPlaysEveryTurn(examples, settings.evalMaxUserTurns)).to.throw(/1 of 2 held-out examples have more user turns \(up to 2\).*at least 2/);
  });

  it('refuses ground truths the eval caps cannot play, and evals whose policy failed', () => {
    const settings = evidenceSettings({});
    expect(() => checkGroundTruthFits(examples, settings.evalMaxAssistantPerTurn, settings.evalMaxAssistantTurns)).not.to.throw();
    // wallet-1's first turn has two dependent steps.
    expect(() => checkGroundTruthFits(examples, 1, 10)).to.throw(/wallet-1 has a user turn of 2 ground-truth steps/);
    expect(() => checkGroundTruthFits(examples, 3, 2)).to.throw(/wallet-1 has 3 ground-truth steps/);
    expect(() => checkNoPolicyErrors('sft', { completed: 3 })).not.to.throw();
    expect(() => checkNoPolicyErrors('sft', { length: 1, policy_error: 99 })).to.throw('eval-sft: 99 of 100 rollouts ended with policy_error');
  });

  it('keeps training and eval turn caps apart and rejects the old shared variables', () => {
    const settings = evidenceSettings({});
    // Training plays whole conversations under the eval's caps by default; each can be set apart.
    expect(trainTurnArgs(settings)).to.deep.equal(['--max-user-turns', '5', '--max-assistant-turns', '10', '--max-assistant-per-turn', '4']);
    expect(trainTurnArgs(evidenceSettings({ EVIDENCE_TRAIN_MAX_USER_TURNS: '1', EVIDENCE_TRAIN_MAX_ASSISTANT_TURNS: '2' }))).to.deep.equal(['--max-user-turns', '1', '--max-assistant-turns', '2', '--max-assistant-per-turn', '4']);
    expect(settings.evalMaxUserTurns).to.equal(5);
    expect(settings.evalMaxAssistantTurns).to.equal(10);
    expect(evalTurnArgs(settings)).to.deep.equal(['--max-user-turns', '5', '--max-assistant-turns', '10', '--max-assistant-per-turn', '4']);
    expect(() => evidenceSettings({ EVIDENCE_MAX_USER_TURNS: '1' })).to.throw(/EVIDENCE_MAX_USER_TURNS is gone.*EVIDENCE_TRAIN_MAX_USER_TURNS.*EVIDENCE_EVAL_MAX_USER_TURNS/);
  });
});
