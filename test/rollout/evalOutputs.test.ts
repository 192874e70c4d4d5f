import { expect } from 'chai';
import { createEngine, resolveConfig, type Engine, type Example, type ProvePlugin } from '../../core/index.js';
import { DomainEnvironmentPlugin } from '../../plugins/environments/DomainEnvironmentPlugin.js';
import { EvalSummaryBuilder } from '../../plugins/rollout/EvalSummaryBuilder.js';
import { rolloutRecord, type RolloutRecord } from '../../plugins/rollout/evaluateRollout.js';
import { ProgressLine } from '../../core/support/index.js';
import { renderReport } from '../../plugins/rollout/renderReport.js';
import { replayGroundTruth } from '../../plugins/rollout/replayGroundTruth.js';
import { RolloutRunner } from '../../plugins/rollout/RolloutRunner.js';
import { proveRewardPreset } from '../../presets/proveReward.js';
import { GroundTruthPolicyPlugin, type PolicyVariant } from './support/groundTruthPolicy.js';
import { walletDomain } from './support/walletDomain.js';
import { walletExample } from './support/walletEnvironment.js';

/** Records of real rollouts: each example played by the given policy variant, scored by the paper's reward. */
async function play(cases: Array<[Example, PolicyVariant]>): Promise<Array<{ record: RolloutRecord; example: Example; calls: number; ceiling: number }>> {
  const out = [];
  for (const [example, variant] of cases) {
    const engine: Engine = await createEngine(
      await resolveConfig('(test)', { presets: [proveRewardPreset], plugins: [[DomainEnvironmentPlugin, { domain: walletDomain }], new GroundTruthPolicyPlugin(variant) as ProvePlugin] }),
    );
    const replay = await replayGroundTruth(engine, example);
    const rollout = await new RolloutRunner(engine).play(example);
    const ceiling = (await engine.reward({ example, calls: replay.calls })).total;
    out.push({ record: rolloutRecord(example, rollout, replay), example, calls: replay.calls.length, ceiling });
    await engine.close();
  }
  return out;
}

const abstention = walletExample({ id: 'abstain', kind: 'abstention', groundTruth: [], turns: [{ user: 'Book a table <img src=x onerror=alert(1)>' }] });

describe('evaluation outputs', () => {
  it('the summary counts rewards by domain and kind, failed calls by kind, and abstention both ways', async () => {
    const played = await play([
      [walletExample(), { kind: 'replay' }],
      [walletExample(), { kind: 'wrong-arguments' }],
      [walletExample(), { kind: 'malformed' }],
      [walletExample(), { kind: 'abstain' }],
      [abstention, { kind: 'abstain' }],
      [abstention, { kind: 'extra', calls: [{ name: 'no_such_tool', arguments: {} }] }],
    ]);
    const builder = new EvalSummaryBuilder();
    for (const p of played) builder.add(p.record, { calls: p.calls, reward: p.ceiling });
    const summary = builder.summary({ dataset: 'd.jsonl', split: 'test', examples: 2, groupSize: 3, wallSeconds: 1 });
    expect(summary.rollouts).to.equal(6);
    // Ceilings: four task rollouts at 1.3, two abstention rollouts at the paper's 1.0.
    expect(summary.maxReward).to.be.closeTo((4 * 1.3 + 2 * 1) / 6, 1e-9);
    expect(summary.byKind.multi_turn.rollouts).to.equal(4);
    expect(summary.byKind.abstention.rollouts).to.equal(2);
    expect(summary.byDomain.wallet.rollouts).to.equal(6);
    expect(summary.reward).to.be.closeTo(played.reduce((sum, p) => sum + p.record.reward.total, 0) / 6, 1e-12);
    // wrong-arguments: 3 failed executions; malformed: 1; the abstention run's stray call: 1 unknown tool.
    expect(summary.validityFailures).to.deep.equal({ unknown_tool: 1, invalid_arguments: 0, execution: 3, malformed: 1 });
    expect(summary.abstention).to.deep.equal({ rollouts: 2, accuracy: 0.5, overAbstention: 0.25 });
    expect(summary.stateCheck).to.be.closeTo(4 / 6, 1e-12);
    expect(summary.finishReasons).to.deep.equal({ completed: 6 });
  });

  it('the report shows the worst rollouts next to their ground truth, escaped, with nothing to fetch', async () => {
    const played = await play([
      [walletExample(), { kind: 'wrong-arguments' }],
      [abstention, { kind: 'extra', calls: [{ name: 'wallet_balance', arguments: { account_id: '<b>acc_1</b>' } }] }],
    ]);
    const builder = new EvalSummaryBuilder();
    for (const p of played) builder.add(p.record, { calls: p.calls, reward: p.ceiling });
    const html = renderReport(
      builder.summary({ dataset: 'a&b.jsonl', split: 'test', model: 'm<1>', examples: 2, groupSize: 1, wallSeconds: 1 }),
      played.map(({ record, example }) => ({ record, example })),
    );
    expect(html).to.contain('a&amp;b.jsonl').and.contain('m&lt;1&gt;');
    expect(html).to.contain('&lt;img src=x onerror=alert(1)&gt;').and.not.contain('<img');
    expect(html).to.contain('&lt;b&gt;acc_1&lt;/b&gt;');
    // The failing call is marked with its kind; the ground truth lists the intended call.
    expect(html).to.contain('class="msg tool failed"').and.contain('execution');
    expect(html).to.contain('wallet_transfer({&quot;from&quot;:&quot;acc_1&quot;,&quot;to&quot;:&quot;acc_2&quot;,&quot;amount&quot;:60})');
    expect(html).to.contain('<div class="pair">');
    expect(html).not.to.match(/<script|<link|src="|@import|url\(/i);
    // Terms in the combiner's order.
    expect(html.indexOf('validity (weight 0.5)')).to.be.lessThan(html.indexOf('coverage (weight 0.5)'));
  });

  it('the progress line redraws in place on a terminal and prints a line per tenth otherwise', () => {
    let tty = '';
    const bar = new ProgressLine(4, true, (t) => (tty += t), 'eval');
    for (let i = 0; i < 4; i++) bar.tick('mean reward 1.000');
    expect(tty).to.match(/^\reval \[#{6}\.{18}\] 1\/4/);
    expect(tty).to.contain('\reval [########################] 4/4').and.match(/\n$/);

    const lines: string[] = [];
    const plain = new ProgressLine(100, false, (t) => lines.push(t), 'eval');
    for (let i = 0; i < 100; i++) plain.tick('x');
    expect(lines).to.have.length(10);
    expect(lines[0]).to.match(/^eval: 10\/100 x/);
    expect(lines.every((l) => !l.includes('\r'))).to.equal(true);
  });
});
