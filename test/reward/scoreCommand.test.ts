import { expect } from 'chai';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEngine, resolveConfig, type Example, type ToolSchema } from '../../core/index.js';
import { environmentsPreset } from '../../presets/environments.js';
import { makeProject, REPO_ROOT, runProve } from '../support/project.js';

const FIXTURES = join(REPO_ROOT, 'fixtures', 'reward');
const EXAMPLES = join(FIXTURES, 'examples.jsonl');
const TRAJECTORIES = join(FIXTURES, 'trajectories.jsonl');

interface SheetLine {
  line: number;
  exampleId: string;
  total: number;
  terms: Record<string, number>;
  weights: Record<string, number>;
  details: Record<string, any>;
}

function readSheets(file: string): SheetLine[] {
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as SheetLine);
}

/** plugins/reward/README.md's example of a reward term written inline in prove.config.ts. */
const INLINE_TERM_CONFIG = `
import { defineConfig, STAGE_DEFAULT, type Engine, type ProvePlugin } from 'prove-rl';
import { provePreset } from 'prove-rl/presets/prove';
import { PROVE_REWARD_WEIGHTS, RewardCombinerPlugin } from 'prove-rl/plugins/reward/RewardCombinerPlugin';

/** −(share of calls that repeat an earlier call exactly: same tool, same arguments). */
class RepeatedCallRewardPlugin implements ProvePlugin {
  readonly name = 'RepeatedCallRewardPlugin';
  apply(engine: Engine): void {
    engine.hooks.onReward.tap({ name: this.name, stage: STAGE_DEFAULT }, (sheet, { calls }) => {
      const seen = new Set<string>();
      let repeats = 0;
      for (const call of calls) {
        const key = call.name + JSON.stringify(call.arguments);
        if (seen.has(key)) repeats++;
        else seen.add(key);
      }
      sheet.terms.repeats = calls.length === 0 ? 0 : -repeats / calls.length;
      return sheet;
    });
  }
}

export default defineConfig({
  presets: [provePreset],
  plugins: [
    RepeatedCallRewardPlugin,
    [RewardCombinerPlugin, { weights: { ...PROVE_REWARD_WEIGHTS, repeats: 0.1 } }],
  ],
});
`;

describe('prove-rl score (the CLI as a child process)', function () {
  this.timeout(60_000);
  let project: { dir: string; cleanup(): void };
  beforeEach(() => {
    project = makeProject();
  });
  afterEach(() => project.cleanup());

  it('scores every line with the paper’s reward, writes one sheet per line and prints a summary per term', async () => {
    const out = join(project.dir, 'sheets.jsonl');
    const { code, stdout, stderr } = await runProve(['score', '--dataset', EXAMPLES, TRAJECTORIES, '--out', out, '--details'], { cwd: project.dir });
    expect(code, stderr).to.equal(0);
    expect(stderr).to.equal('');
    const sheets = readSheets(out);
    expect(sheets.map((s) => [s.line, s.exampleId])).to.deep.equal([
      [1, 'four-call'],
      [2, 'four-call'],
      [3, 'four-call'],
      [4, 'four-call'],
      [5, 'parallel'],
      [6, 'abstain'],
      [7, 'abstain'],
      [8, 'clarify'],
    ]);
    const [perfect, sprayed, reversed, mixed, parallel, abstained, calledAnyway, clarified] = sheets;
    expect(perfect.total).to.be.closeTo(1.3, 1e-12);
    expect(perfect.weights).to.deep.equal({ validity: 0.5, coverage: 0.5, efficiency: 0.15, name: 0.2, args: 0.1 });
    expect(sprayed.terms.efficiency).to.be.closeTo(-1 / 6, 1e-12);
    expect(reversed.terms.coverage).to.equal(0.25);
    expect(mixed.details.validity.levels).to.deep.equal([3, 1, 3, 2]);
    expect(mixed.terms.coverage).to.equal(0.25, 'add_to_cart lacks quantity: no match, and the coupon waits on it');
    expect(mixed.terms.name).to.equal(0.75);
    expect(parallel.total).to.be.closeTo(1.3, 1e-12);
    expect(abstained.total).to.equal(1, 'the paper: R = 1.0 for no call on an abstention example');
    expect(calledAnyway.total).to.equal(0);
    expect(clarified.total).to.be.closeTo(1.3, 1e-12);
    expect(stdout).to.match(/^scored 8 trajectories -> .*sheets\.jsonl/);
    expect(stdout).to.match(/\nvalidity\s+0\.5\s+0\.8438\s+0\.0000\s+1\.0000\n/);
    expect(stdout).to.match(/\nefficiency\s+0\.15\s+-0\.0208\s+-0\.1667\s+0\.0000\n/);
    expect(stdout).to.match(/\ntotal\s+0\.9750\s+0\.0000\s+1\.3000\n/);
  });

  it('prints the summary as JSON with --json, and writes next to the input by default', async () => {
    const input = join(project.dir, 'runs.jsonl');
    writeFileSync(input, readFileSync(TRAJECTORIES));
    const { code, stdout, stderr } = await runProve(['score', '-d', EXAMPLES, 'runs.jsonl', '--json'], { cwd: project.dir });
    expect(code, stderr).to.equal(0);
    const summary = JSON.parse(stdout);
    expect(summary).to.include({ scored: 8, out: join(project.dir, 'runs.rewards.jsonl') });
    expect(summary.skipped).to.deep.equal([]);
    expect(summary.terms.coverage).to.deep.equal({ weight: 0.5, mean: 0.6875, min: 0, max: 1 });
    expect(readSheets(join(project.dir, 'runs.rewards.jsonl'))).to.have.length(8);
  });

  it('scores the lines of prove-rl eval\'s rollouts.jsonl again, e.g. under another reward', async () => {
    const [first] = readFileSync(TRAJECTORIES, 'utf8').split('\n');
    const { exampleId, calls } = JSON.parse(first) as { exampleId: string; calls: unknown[] };
    const record = { exampleId, rollout: 0, kind: 'multi_turn', trajectory: { exampleId, messages: [], calls, finishReason: 'completed', turns: [] }, reward: { total: 0, terms: {}, weights: {} } };
    const input = join(project.dir, 'rollouts.jsonl');
    writeFileSync(input, JSON.stringify(record) + '\n');
    const { code, stderr } = await runProve(['score', '-d', EXAMPLES, input], { cwd: project.dir });
    expect(code, stderr).to.equal(0);
    expect(readSheets(join(project.dir, 'rollouts.rewards.jsonl'))[0].total).to.be.closeTo(1.3, 1e-12);
  });

  it('reports each line it cannot score with its number and skips it', async () => {
    const good = readFileSync(TRAJECTORIES, 'utf8').split('\n')[0];
    const input = join(project.dir, 'mixed.jsonl');
    writeFileSync(
      input,
      [
        good,
        '{"exampleId": "four-call", "calls": [',
        '{"exampleId": "nope", "calls": []}',
        '{"calls": []}',
        '',
        '{"exampleId": "four-call", "calls": [{"name": "checkout", "arguments": {"payment_method": "card"}}]}',
        '{"exampleId": "four-call", "calls": [{"name": "checkout", "arguments": "{}", "ok": true}]}',
        '{"exampleId": "four-call", "messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": null, "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "checkout", "arguments": "{}"}}]}]}',
        good,
      ].join('\n'),
    );
    const out = join(project.dir, 'mixed.out.jsonl');
    const { code, stdout, stderr } = await runProve(['score', '--dataset', EXAMPLES, input, '--out', out], { cwd: project.dir });
    expect(code, stderr).to.equal(0);
    const reported = stderr.trim().split('\n');
    expect(reported).to.have.length(6);
    expect(reported[0]).to.match(/mixed\.jsonl:2: not valid JSON .* \(skipped\)$/);
    expect(reported[1]).to.match(/mixed\.jsonl:3: exampleId "nope" is not in the dataset/);
    expect(reported[2]).to.match(/mixed\.jsonl:4: not a trajectory: exampleId is required/);
    expect(reported[3]).to.match(/mixed\.jsonl:6: the calls carry no outcomes \("ok"\); pass --execute/);
    expect(reported[4]).to.match(/mixed\.jsonl:7: not a trajectory: calls\[0\]\.arguments = "\{\}": must be object/);
    expect(reported[5]).to.match(/mixed\.jsonl:8: the calls carry no outcomes/);
    expect(stdout).to.match(/^scored 2 trajectories, skipped 6/);
    expect(readSheets(out).map((s) => s.line)).to.deep.equal([1, 9]);
  });

  it('with --strict fails on any bad line and writes nothing', async () => {
    const input = join(project.dir, 'bad.jsonl');
    writeFileSync(input, `${readFileSync(TRAJECTORIES, 'utf8')}{"exampleId": "nope", "calls": []}\n`);
    const out = join(project.dir, 'never.jsonl');
    const { code, stderr } = await runProve(['score', '--dataset', EXAMPLES, input, '--out', out, '--strict'], { cwd: project.dir });
    expect(code).to.equal(1);
    expect(stderr).to.match(/--strict: 1 input line could not be scored, nothing was written; first: .*bad\.jsonl:9: exampleId "nope" is not in the dataset.*\[PROVE_SCORE_STRICT\]/);
    expect(existsSync(out)).to.equal(false);
  });

  it('fails when nothing can be scored, and on usage errors, writing nothing', async () => {
    const input = join(project.dir, 'junk.jsonl');
    writeFileSync(input, 'not json\n');
    const none = await runProve(['score', '--dataset', EXAMPLES, input], { cwd: project.dir });
    expect(none.code).to.equal(1);
    expect(none.stderr).to.match(/no line of .*junk\.jsonl could be scored \(1 skipped\); nothing was written \[PROVE_SCORE_NOTHING_SCORED\]/);
    expect(existsSync(join(project.dir, 'junk.rewards.jsonl'))).to.equal(false);
    const noDataset = await runProve(['score', TRAJECTORIES], { cwd: project.dir });
    expect(noDataset.code).to.equal(1);
    expect(noDataset.stderr).to.match(/--dataset FILE is required/);
    const overwrite = await runProve(['score', '-d', EXAMPLES, input, '--out', input], { cwd: project.dir });
    expect(overwrite.stderr).to.match(/would overwrite an input file/);
  });

  it('scores with the reward the configuration picks: the recall baseline', async () => {
    const recall = makeProject({ 'prove.config.json': JSON.stringify({ presets: ['prove-rl/presets/recall'] }) });
    try {
      const out = join(recall.dir, 'recall.jsonl');
      const { code, stdout, stderr } = await runProve(['score', '-d', EXAMPLES, TRAJECTORIES, '-o', out], { cwd: recall.dir });
      expect(code, stderr).to.equal(0);
      const sheets = readSheets(out);
      expect(sheets[1].terms).to.deep.equal({ recall: 1 }, 'spraying costs nothing under recall');
      expect(sheets[2].total).to.equal(1, 'nor does the wrong order');
      expect(stdout).to.match(/\nrecall\s+1\s/);
    } finally {
      recall.cleanup();
    }
  });

  it('adds a reward term written inline in prove.config.ts (the example of plugins/reward/README.md)', async () => {
    const inline = makeProject({ 'prove.config.ts': INLINE_TERM_CONFIG });
    try {
      const out = join(inline.dir, 'inline.jsonl');
      const { code, stdout, stderr } = await runProve(['score', '-d', EXAMPLES, TRAJECTORIES, '-o', out], { cwd: inline.dir });
      expect(code, stderr).to.equal(0);
      const [perfect, sprayed] = readSheets(out);
      expect(perfect.terms.repeats).to.equal(0);
      expect(sprayed.terms.repeats).to.equal(-0.5);
      expect(sprayed.weights.repeats).to.equal(0.1);
      expect(sprayed.total).to.be.closeTo(1.3 + 0.15 * (-1 / 6) + 0.1 * -0.5, 1e-12);
      expect(stdout).to.match(/\nrepeats\s+0\.1\s/);
    } finally {
      inline.cleanup();
    }
  });

  it('--threads: workers load the same prove.config.ts (a plugin instance with its own term) and score in their threads; a batch one fails is scored in the main thread', async () => {
    const config = `
import { threadId } from 'node:worker_threads';
import { defineConfig, STAGE_DEFAULT, type Engine, type ProvePlugin } from 'prove-rl';
import { provePreset } from 'prove-rl/presets/prove';
import { PROVE_REWARD_WEIGHTS, RewardCombinerPlugin } from 'prove-rl/plugins/reward/RewardCombinerPlugin';

/** 1 when the sheet was scored in a worker thread, else 0 (weight 0: a diagnostic). */
class ThreadTermPlugin implements ProvePlugin {
  readonly name = 'ThreadTermPlugin';
  apply(engine: Engine): void {
    engine.hooks.onReward.tap({ name: this.name, stage: STAGE_DEFAULT }, (sheet) => {
      if (threadId > 0 && process.env.FAIL_IN_WORKERS === '1') throw new Error('this term fails in worker threads');
      sheet.terms.worker = threadId > 0 ? 1 : 0;
      return sheet;
    });
  }
}

export default defineConfig({
  presets: [provePreset],
  plugins: [new ThreadTermPlugin(), [RewardCombinerPlugin, { weights: { ...PROVE_REWARD_WEIGHTS, worker: 0 } }]],
});
`;
    const project = makeProject({ 'prove.config.ts': config });
    try {
      const runs: SheetLine[][] = [];
      for (const threads of ['1', '2']) {
        const out = join(project.dir, `threads-${threads}.jsonl`);
        const { code, stderr } = await runProve(['score', '-d', EXAMPLES, TRAJECTORIES, '-o', out, '--threads', threads], { cwd: project.dir });
        expect(code, stderr).to.equal(0);
        runs.push(readSheets(out));
      }
      expect(runs[0].map((s) => s.terms.worker)).to.deep.equal(runs[0].map(() => 0));
      expect(runs[1].map((s) => s.terms.worker)).to.deep.equal(runs[0].map(() => 1));
      const withoutThread = (sheets: SheetLine[]) => sheets.map((s) => ({ ...s, terms: { ...s.terms, worker: undefined } }));
      expect(withoutThread(runs[1])).to.deep.equal(withoutThread(runs[0]));
      // A batch a worker cannot score is scored in the command's thread: the same sheets as one thread.
      const out = join(project.dir, 'threads-failing.jsonl');
      const failing = await runProve(['score', '-d', EXAMPLES, TRAJECTORIES, '-o', out, '--threads', '2'], { cwd: project.dir, env: { FAIL_IN_WORKERS: '1' } });
      expect(failing.code, failing.stderr).to.equal(0);
      expect(readSheets(out)).to.deep.equal(runs[0]);
      expect(failing.stderr).to.match(/a worker thread could not score lines 1–\d+ \(.*this term fails in worker threads.*\); scoring them in this thread/);
    } finally {
      project.cleanup();
    }
  });

  it('adds a reward term from a package and replaces a built-in term by name, from prove.config.mjs', async () => {
    const config = `
import SuccessRateRewardPlugin from 'prove-reward-success-rate';
import { PROVE_REWARD_WEIGHTS, RewardCombinerPlugin } from 'prove-rl/plugins/reward/RewardCombinerPlugin';
import { ArgumentValueRewardPlugin } from 'prove-rl/plugins/reward/ArgumentValueRewardPlugin';

export default {
  presets: ['prove-rl/presets/prove'],
  plugins: [
    SuccessRateRewardPlugin,
    [ArgumentValueRewardPlugin, { strings: 'exact' }],
    [RewardCombinerPlugin, { weights: { ...PROVE_REWARD_WEIGHTS, success: 0.2 } }],
  ],
};
`;
    const pkg = makeProject({ 'prove.config.mjs': config }, ['prove-reward-success-rate']);
    try {
      const out = join(pkg.dir, 'pkg.jsonl');
      const { code, stderr } = await runProve(['score', '-d', EXAMPLES, TRAJECTORIES, '-o', out], { cwd: pkg.dir });
      expect(code, stderr).to.equal(0);
      const mixed = readSheets(out)[3];
      expect(mixed.terms.success).to.equal(0.5);
      expect(mixed.weights.success).to.equal(0.2);
      expect(mixed.terms.args).to.equal(0, '"USB cable" is not "usb cable" with exact strings');
      const listed = await runProve(['config', '--json'], { cwd: pkg.dir });
      const plugins = (JSON.parse(listed.stdout) as { plugins: Array<{ name: string; replaced: string[] }> }).plugins;
      expect(plugins.find((p) => p.name === 'ArgumentValueRewardPlugin')!.replaced).to.deep.equal(['prove > prove-reward']);
      expect(plugins.filter((p) => p.name === 'ArgumentValueRewardPlugin')).to.have.length(1);
    } finally {
      pkg.cleanup();
    }
  });

  it('--execute replays the calls live, each line in fresh sessions of the banking domain, and scores the outcomes', async () => {
    const engine = await createEngine(await resolveConfig('(test)', { presets: [[environmentsPreset, { domains: ['banking'] }]] }));
    const tools: ToolSchema[] = [...engine.environment('banking').tools];
    await engine.close();
    const list = { name: 'list_bank_accounts', arguments: { customer_id: 'cus_1' } };
    const transfer = (amount: number) => ({ name: 'transfer_between_bank_accounts', arguments: { from_account_id: 'acc_1', to_account_id: 'acc_2', amount } });
    const balance = { name: 'get_bank_account_balance', arguments: { account_id: 'acc_1' } };
    const example: Example = {
      id: 'bank-transfer',
      kind: 'multi_turn',
      servers: ['banking'],
      tools,
      world: { seed: 7, referenceDate: '2026-03-15T12:00:00Z' },
      turns: [{ user: 'Move 3000 from my checking to savings (I am cus_1) and tell me what is left.' }],
      messages: [],
      groundTruth: [
        { id: 'accounts', turn: 0, calls: [list], dependsOn: [] },
        { id: 'transfer', turn: 0, calls: [transfer(3000)], dependsOn: ['accounts'] },
        { id: 'balance', turn: 0, calls: [balance], dependsOn: ['transfer'] },
      ],
      perturbations: [],
      meta: {},
    };
    const dataset = join(project.dir, 'bank.jsonl');
    writeFileSync(dataset, JSON.stringify(example) + '\n');
    const asMessages = [
      { role: 'user', content: example.turns[0].user },
      ...[list, transfer(3000), balance].map((call, i) => ({ role: 'assistant', content: null, tool_calls: [{ id: `c${i}`, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.arguments) } }] })),
    ];
    const lines = [
      { exampleId: 'bank-transfer', calls: [list, transfer(3000), balance] },
      // 3000 twice is more than the 5824.99 available: the live server refuses the second transfer.
      { exampleId: 'bank-transfer', calls: [list, transfer(3000), transfer(3000), balance] },
      // Played again from the initial state: were the session shared, this transfer would fail too.
      { exampleId: 'bank-transfer', messages: asMessages },
      { exampleId: 'bank-transfer', calls: [list, { name: 'get_weather', arguments: { city: 'Oslo' } }, transfer(3000), balance] },
    ];
    const input = join(project.dir, 'bank-calls.jsonl');
    writeFileSync(input, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const out = join(project.dir, 'bank-sheets.jsonl');
    const { code, stderr } = await runProve(['score', '--dataset', dataset, input, '--execute', '--out', out, '--details'], { cwd: project.dir });
    expect(code, stderr).to.equal(0);
    const [played, overdrawn, fromMessages, hallucinated] = readSheets(out);
    expect(played.details.validity.levels).to.deep.equal([3, 3, 3]);
    expect(played.total).to.be.closeTo(1.3, 1e-12);
    expect(overdrawn.details.validity.levels).to.deep.equal([3, 3, 2, 3], 'the second transfer failed live: insufficient funds');
    expect(overdrawn.details.coverage.alignment[1]).to.include({ call: 1, inOrder: true });
    expect(overdrawn.terms.coverage).to.equal(1);
    expect(fromMessages.details.validity.levels).to.deep.equal([3, 3, 3]);
    expect(fromMessages.total).to.be.closeTo(1.3, 1e-12);
    expect(hallucinated.details.validity.failed).to.deep.equal([null, 'not_a_candidate', null, null]);
    expect(hallucinated.terms.name).to.equal(3 / 4);

    const recorded = await runProve(['score', '--dataset', dataset, input, '--out', out], { cwd: project.dir });
    expect(recorded.code).to.equal(1, 'without --execute there is nothing to score: no line carries outcomes');
    expect(recorded.stderr).to.match(/bank-calls\.jsonl:1: the calls carry no outcomes \("ok"\); pass --execute/);
  });
});
