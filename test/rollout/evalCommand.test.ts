import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Example } from '../../core/index.js';
import type { RolloutRecord } from '../../plugins/rollout/evaluateRollout.js';
import { readExamples } from '../../plugins/rollout/readExamples.js';
import type { EvalSummary } from '../../plugins/rollout/EvalSummaryBuilder.js';
import { runCli } from '../../core/cli/main.js';
import { execa } from 'execa';
import { makeProject, PROVE_BIN, REPO_ROOT, runProve } from '../support/project.js';
import { groundTruthScript } from './support/groundTruthPolicy.js';
import { startScriptedOpenAIServer, wait, type ScriptedOpenAIServer } from './support/ScriptedOpenAIServer.js';
import { walletExample } from './support/walletEnvironment.js';

/** A user project whose configuration makes the test wallet domain live and uses the paper's reward. */
const CONFIG = `import { defineConfig } from 'prove-rl';
import { proveRewardPreset } from 'prove-rl/presets/proveReward';
import { DomainEnvironmentPlugin } from 'prove-rl/plugins/environments/DomainEnvironmentPlugin';
import { walletDomain } from ${JSON.stringify(join(REPO_ROOT, 'test/rollout/support/walletDomain.ts'))};

export default defineConfig({
  presets: [proveRewardPreset],
  plugins: [[DomainEnvironmentPlugin, { domain: walletDomain }]],
});
`;

const examples: Example[] = [
  walletExample(),
  walletExample({ id: 'wallet-2', turns: [{ user: 'Send 30 from acc_2 to acc_1, please.' }], groundTruth: [{ id: 's1', turn: 0, calls: [{ name: 'wallet_transfer', arguments: { from: 'acc_2', to: 'acc_1', amount: 30 } }], dependsOn: [] }] }),
  walletExample({ id: 'wallet-abstain', kind: 'abstention', turns: [{ user: 'Order a pizza <script>alert(1)</script> for me.' }], groundTruth: [] }),
  walletExample({ id: 'wallet-train', split: 'train', turns: [{ user: 'Only in training.' }], groundTruth: [] }),
];

async function runInProcess(argv: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { cwd, isTTY: false, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

describe('prove-rl eval (child process)', function () {
  this.timeout(120_000);
  let server: ScriptedOpenAIServer;
  let project: ReturnType<typeof makeProject>;

  before(async () => {
    server = await startScriptedOpenAIServer(groundTruthScript(examples));
    project = makeProject({ 'prove.config.ts': CONFIG, 'data/examples.jsonl': examples.map((e) => JSON.stringify(e)).join('\n') + '\n' });
  });
  after(async () => {
    await server.close();
    project.cleanup();
  });

  it('plays the test split in groups and writes rollouts.jsonl, summary.json and report.html', async () => {
    const result = await runProve(['eval', '--dataset', 'data/examples.jsonl', '--policy', server.baseURL, '--model', 'gt-replay', '--group', '3', '--concurrency', '4', '--out', 'runs/e1'], { cwd: project.dir });
    expect(result.stderr).to.equal('');
    expect(result.code).to.equal(0);
    expect(result.stdout, result.stdout).to.contain('3 examples × 3 = 9 rollouts').and.contain('eval: 9/9').and.contain('mean reward 1.200 of 1.20');
    const out = join(project.dir, 'runs/e1');
    expect(readdirSync(out).sort()).to.deep.equal(['report.html', 'rollouts.jsonl', 'summary.json']);

    const records = readFileSync(join(out, 'rollouts.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as RolloutRecord);
    expect(records.map((r) => `${r.exampleId}#${r.rollout}`)).to.deep.equal(['wallet-1#0', 'wallet-1#1', 'wallet-1#2', 'wallet-2#0', 'wallet-2#1', 'wallet-2#2', 'wallet-abstain#0', 'wallet-abstain#1', 'wallet-abstain#2']);
    for (const record of records) {
      expect(record.domains).to.deep.equal(['wallet']);
      expect(record.stateCheck.pass, record.exampleId).to.equal(true);
      expect(record.responseCheck.pass, record.exampleId).to.equal(true);
      expect(record.trajectory.messages[0].role).to.equal('system');
    }
    expect(records[0].reward.terms).to.include({ validity: 1, coverage: 1, name: 1, args: 1 });

    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as EvalSummary;
    expect(summary).to.include({ examples: 3, groupSize: 3, rollouts: 9, stateCheck: 1, responseCheck: 1, bothChecks: 1, model: 'gt-replay', split: 'test' });
    // Six rollouts of tasks at the maximum 1.3 and three abstentions at the paper's 1.0: (6 · 1.3 + 3 · 1.0) / 9.
    expect(summary.reward).to.be.closeTo(1.2, 1e-9);
    expect(summary.maxReward).to.be.closeTo(1.2, 1e-9);
    expect(Object.keys(summary.byDomain)).to.deep.equal(['wallet']);
    expect(Object.keys(summary.byKind)).to.deep.equal(['abstention', 'multi_turn']);
    expect(summary.abstention).to.deep.equal({ rollouts: 3, accuracy: 1, overAbstention: 0 });
    expect(summary.calls).to.include({ total: 12, failed: 0 });
    expect(summary.finishReasons).to.deep.equal({ completed: 9 });

    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).to.match(/^<!doctype html>/);
    expect(html).to.contain('<svg').and.contain('Worst rollouts').and.contain('ground truth');
    // Self-contained: nothing is fetched, and text from the dataset is escaped.
    expect(html).not.to.match(/<script|<link|src=|@import|url\(/i);
    expect(html).to.contain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('evaluates the hand-written fixture examples of the built-in domains with the project configuration', async () => {
    // Every fixture file in one dataset: four domains, one example across two of them, every kind.
    const dir = join(REPO_ROOT, 'fixtures/examples');
    const fixtures = readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort().flatMap((f) => readExamples(join(dir, f)));
    const dataset = join(project.dir, 'data/fixtures.jsonl');
    writeFileSync(dataset, fixtures.map((e) => JSON.stringify(e)).join('\n') + '\n');
    const replaying = await startScriptedOpenAIServer(groundTruthScript(fixtures));
    try {
      // Run from the repository: its prove.config.ts (the prove preset) makes every built-in domain live.
      const result = await runProve(['eval', '--dataset', dataset, '--policy', replaying.baseURL, '--model', 'gt-replay', '--group', '2', '--out', join(project.dir, 'runs/fixtures')]);
      expect(result.code, result.stderr).to.equal(0);
      const summary = JSON.parse(readFileSync(join(project.dir, 'runs/fixtures/summary.json'), 'utf8')) as EvalSummary;
      expect(summary.rollouts).to.equal(fixtures.length * 2);
      // The maximum of each example: 1.3, or the paper's 1.0 for abstaining where the ground truth has no call.
      const ceiling = fixtures.reduce((sum, e) => sum + (e.groundTruth.some((s) => s.calls.length > 0) ? 1.3 : 1), 0) / fixtures.length;
      expect(summary.reward).to.be.closeTo(ceiling, 1e-9);
      expect(summary.stateCheck).to.equal(1);
      expect(summary.responseCheck).to.equal(1);
      expect(Object.keys(summary.byKind)).to.include.members(['multi_turn', 'clarification', 'abstention']);
      expect(Object.keys(summary.byDomain)).to.include.members(['banking', 'banking+travel_booking', 'iot_devices', 'travel_booking']);
    } finally {
      await replaying.close();
    }
  });

  it('uses the policy plugin of the configuration when --policy is not given', async () => {
    const config = CONFIG.replace(
      "plugins: [[DomainEnvironmentPlugin, { domain: walletDomain }]],",
      `plugins: [[DomainEnvironmentPlugin, { domain: walletDomain }], [OpenAIPolicyPlugin, { baseURL: ${JSON.stringify(server.baseURL)}, model: 'configured' }]],`,
    ).replace("import { defineConfig } from 'prove-rl';", "import { defineConfig } from 'prove-rl';\nimport { OpenAIPolicyPlugin } from 'prove-rl/plugins/policy/OpenAIPolicyPlugin';");
    writeFileSync(join(project.dir, 'with-policy.config.ts'), config);
    const before = server.requests.length;
    const result = await runInProcess(['eval', '--config', 'with-policy.config.ts', '--dataset', 'data/examples.jsonl', '--limit', '1', '--out', 'runs/configured'], project.dir);
    expect(result.code, result.stderr).to.equal(0);
    expect(server.requests.slice(before).every((r) => r.model === 'configured')).to.equal(true);
    expect(server.requests.length).to.be.greaterThan(before);
    const summary = JSON.parse(readFileSync(join(project.dir, 'runs/configured/summary.json'), 'utf8')) as EvalSummary;
    expect(summary.reward).to.be.closeTo(1.3, 1e-9);
  });

  it('fails every rollout of an unreachable server with a clear error and exits 1', async () => {
    const result = await runProve(['eval', '--dataset', 'data/examples.jsonl', '--policy', 'http://127.0.0.1:9/v1', '--model', 'm', '--retries', '0', '--limit', '1', '--out', 'runs/down'], { cwd: project.dir });
    expect(result.code).to.equal(1);
    expect(result.stderr).to.contain('1 of 1 rollouts failed').and.contain('PROVE_POLICY_UNAVAILABLE').and.contain('http://127.0.0.1:9/v1');
    expect(result.stdout + result.stderr).not.to.match(/mean reward [0-9]/);
    expect(result.stdout).to.contain('no rollout finished: all 1 failed, so there is no mean reward');
    const summary = JSON.parse(readFileSync(join(project.dir, 'runs/down/summary.json'), 'utf8')) as EvalSummary;
    expect(summary.finishReasons).to.deep.equal({ policy_error: 1 });
  });

  it('rejects bad input with what was wrong and what is valid, writing nothing', async () => {
    writeFileSync(join(project.dir, 'data/broken.jsonl'), `${JSON.stringify(examples[0])}\n{"id": "x", "kind": "chat"}\n`);
    const cases: Array<[string[], RegExp]> = [
      [['--policy', server.baseURL, '--model', 'm', '--out', 'runs/bad'], /--dataset FILE is required/],
      [['--dataset', 'data/examples.jsonl', '--policy', server.baseURL, '--out', 'runs/bad'], /--policy needs --model NAME/],
      [['--dataset', 'data/examples.jsonl', '--model', 'data', '--out', 'runs/bad'], /--model is the name of a model that the server at --policy URL runs; "data" is a model on disk \(train's --model\): serve it with prove-rl export --format onnx --model data/],
      [['--dataset', 'data/examples.jsonl', '--model', 'gpt-x', '--out', 'runs/bad'], /--model needs --policy URL/],
      [['--dataset', 'data/missing.jsonl', '--policy', server.baseURL, '--model', 'm', '--out', 'runs/bad'], /dataset .*missing.jsonl does not exist/],
      [['--dataset', 'data/broken.jsonl', '--split', 'all', '--policy', server.baseURL, '--model', 'm', '--out', 'runs/bad'], /line 2: not an example: .*kind = "chat": must be one of/],
      [['--dataset', 'data/examples.jsonl', '--split', 'dev', '--policy', server.baseURL, '--model', 'm', '--out', 'runs/bad'], /--split "dev" is invalid: must be test, train or all/],
      [['--dataset', 'data/examples.jsonl', '--group', '0', '--policy', server.baseURL, '--model', 'm', '--out', 'runs/bad'], /--group "0" is invalid: must be an integer of at least 1/],
    ];
    // In-process (the same CLI code without a process start per case).
    for (const [args, message] of cases) {
      const result = await runInProcess(['eval', ...args], project.dir);
      expect(result.code, args.join(' ')).to.equal(1);
      expect(result.stderr, args.join(' ')).to.match(message);
    }
    expect(existsSync(join(project.dir, 'runs/bad'))).to.equal(false);
  });

  it('leaves no partial rollouts file behind when interrupted with Ctrl-C', async () => {
    const slow = await startScriptedOpenAIServer(async () => {
      await wait(20_000);
      return { kind: 'message', content: 'too late' };
    });
    try {
      const child = execa('node', [PROVE_BIN, 'eval', '--dataset', 'data/examples.jsonl', '--policy', slow.baseURL, '--model', 'slow', '--timeout', '60', '--out', 'runs/interrupted'], { cwd: project.dir, reject: false });
      const out = join(project.dir, 'runs/interrupted');
      const deadline = Date.now() + 30_000;
      while (!(existsSync(out) && readdirSync(out).some((name) => name.startsWith('rollouts.jsonl.tmp-'))) && Date.now() < deadline) await wait(50);
      expect(readdirSync(out).some((name) => name.startsWith('rollouts.jsonl.tmp-')), 'the run started writing').to.equal(true);
      child.kill('SIGINT');
      const result = await child;
      expect(result.signal ?? result.exitCode).to.not.equal(0);
      expect(readdirSync(out)).to.deep.equal([]);
    } finally {
      await slow.close();
    }
  });

  it('names the splits present when the asked one is empty', async () => {
    writeFileSync(join(project.dir, 'data/train.jsonl'), `${JSON.stringify(examples[3])}\n`);
    const result = await runInProcess(['eval', '--dataset', 'data/train.jsonl', '--policy', server.baseURL, '--model', 'm', '--out', 'runs/empty'], project.dir);
    expect(result.code).to.equal(1);
    expect(result.stderr).to.contain('no example in split "test"; splits present: train 1').and.contain('--split all');
  });
});
