/**
 * Benchmark of the reward (npm run bench:reward), in two parts.
 *
 * In process: typical trajectories of 5–10 calls scored through the engine's `onReward` with the
 * full `prove` preset (five term plugins and the combiner, on the same engine as the
 * environments), against the baseline measured in the same run: the same five pure scoring
 * functions called directly and combined by hand, no hooks. Target: 500,000 sheets per CPU second.
 *
 * Through the CLI: `prove-rl score` on 200,000 lines of the same trajectories (a temporary dataset and
 * file, deleted after), as a child process, start-up included, against the baseline of a node
 * process that only reads the same file line by line, JSON.parse-s and JSON.stringify-s each line
 * and writes it out (the I/O and JSON floor). Target: 100,000 sheets per second. Both run in the
 * temporary folder, where no configuration file is found: the built-in defaults (the prove preset). `--cli-bin FILE`
 * measures another build's bin.js (e.g. an older commit's) the same way. The same run with `--threads N`
 * (one worker per core by default, at least 2; `--threads 1` skips it) is timed by the wall clock too.
 *
 * Examples are reused across sheets the way the rollouts of a GRPO group share their example,
 * so each example is prepared (ground truth flattened, schemas compiled) once.
 *
 * Rates are sheets per CPU second of this process (process.cpuUsage), which is what "on one
 * core" means and stays meaningful on a shared, loaded machine; wall-clock rates are printed too.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEngine, resolveConfig, type ExecutedCall, type Example } from '../../core/index.js';
import { DEFAULT_VALUE_EQUALITY } from '../../plugins/reward/argumentValuesEqual.js';
import { callFacts } from '../../plugins/reward/callFacts.js';
import { PreparedExample } from '../../plugins/reward/PreparedExample.js';
import { PROVE_REWARD_WEIGHTS } from '../../plugins/reward/RewardCombinerPlugin.js';
import { scoreArgumentValues } from '../../plugins/reward/scoreArgumentValues.js';
import { scoreCoverage } from '../../plugins/reward/scoreCoverage.js';
import { scoreEfficiency } from '../../plugins/reward/scoreEfficiency.js';
import { scoreToolName } from '../../plugins/reward/scoreToolName.js';
import { scoreValidity } from '../../plugins/reward/scoreValidity.js';
import { provePreset } from '../../presets/prove.js';
import { PreparedExample as ReferencePreparedExample } from '../reward/reference/PreparedExample.js';
import { scoreArgumentValues as referenceArgumentValues } from '../reward/reference/scoreArgumentValues.js';
import { scoreCoverage as referenceCoverage } from '../reward/reference/scoreCoverage.js';
import { scoreEfficiency as referenceEfficiency } from '../../plugins/reward/scoreEfficiency.js';
import { scoreToolName as referenceToolName } from '../reward/reference/scoreToolName.js';
import { scoreValidity as referenceValidity } from '../reward/reference/scoreValidity.js';
import { makeExample, makeTrajectory, prng, writeWorkload } from './rewardWorkload.js';

const quick = process.argv.includes('--quick');
const inProcessOnly = process.argv.includes('--in-process');
const cliOnly = process.argv.includes('--cli');
const cliBinArg = process.argv.indexOf('--cli-bin');
const CLI_BIN = cliBinArg > 0 ? resolvePath(process.argv[cliBinArg + 1]) : fileURLToPath(new URL('../../dist/core/cli/bin.js', import.meta.url));
const SHEETS = quick ? 100_000 : 400_000;
const ROUNDS = 5;
const TARGET = 500_000;
const CLI_LINES = 200_000;
const CLI_ROUNDS = quick ? 1 : 3;
const CLI_TARGET = 100_000;
/** Worker threads of the CLI's threaded run: one per core, at least 2 (--threads N overrides; 1 skips the run). */
const threadsArg = process.argv.indexOf('--threads');
const THREADS = threadsArg > 0 ? Number(process.argv[threadsArg + 1]) : Math.max(2, availableParallelism());

/** The floor of any JSONL-in, JSONL-out tool: read line by line, parse, stringify, write. */
const FLOOR_SCRIPT = `
import { openSync, readSync, writeSync, closeSync } from 'node:fs';
const [input, output] = process.argv.slice(-2);
const fd = openSync(input, 'r'); const out = openSync(output, 'w');
const chunk = Buffer.allocUnsafe(4 << 20); let rest = ''; let n = 0; let buffer = ''; let got;
while ((got = readSync(fd, chunk, 0, chunk.length, null)) > 0) {
  const lines = (rest + chunk.toString('utf8', 0, got)).split('\\n'); rest = lines.pop();
  for (const line of lines) { if (line) { const value = JSON.parse(line); buffer += JSON.stringify({ line: ++n, exampleId: value.exampleId, total: value.calls.length }) + '\\n'; if (buffer.length > 1 << 20) { writeSync(out, buffer); buffer = ''; } } }
}
writeSync(out, buffer); closeSync(out); closeSync(fd); console.log(n);
`;

/** CPU seconds (user + system) and wall seconds of a child process, by /usr/bin/time when there is one. */
function timed(command: string, args: string[], cwd: string): { cpu: number; wall: number; rssKb: number; stdout: string } {
  const haveTime = existsSync('/usr/bin/time');
  const started = performance.now();
  const result = haveTime
    ? spawnSync('/usr/bin/time', ['-f', '%U %S %M', command, ...args], { cwd, encoding: 'utf8', maxBuffer: 1 << 26 })
    : spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 26 });
  const wall = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  if (!haveTime) return { cpu: NaN, wall, rssKb: NaN, stdout: result.stdout };
  const [user, system, rss] = result.stderr.trim().split('\n').pop()!.split(' ').map(Number);
  return { cpu: user + system, wall, rssKb: rss, stdout: result.stdout };
}

async function cliBenchmark(examples: Example[], inputs: Array<{ example: Example; calls: ExecutedCall[] }>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'prove-bench-reward-'));
  try {
    const dataset = join(dir, 'examples.jsonl');
    const trajectories = join(dir, 'trajectories.jsonl');
    const bytes = writeWorkload(dataset, trajectories, examples, inputs, CLI_LINES);
    const floor: Array<ReturnType<typeof timed>> = [];
    const cli: Array<ReturnType<typeof timed>> = [];
    const threaded: Array<ReturnType<typeof timed>> = [];
    for (let round = 0; round < CLI_ROUNDS; round++) {
      floor.push(timed(process.execPath, ['--input-type=module', '-e', FLOOR_SCRIPT, trajectories, join(dir, 'floor.jsonl')], dir));
      cli.push(timed(process.execPath, [CLI_BIN, 'score', '-d', dataset, trajectories, '-o', join(dir, 'sheets.jsonl')], dir));
      if (THREADS > 1) threaded.push(timed(process.execPath, [CLI_BIN, 'score', '-d', dataset, trajectories, '-o', join(dir, 'sheets.jsonl'), '--threads', String(THREADS)], dir));
    }
    const rate = (runs: Array<ReturnType<typeof timed>>, key: 'cpu' | 'wall') => CLI_LINES / median(runs.map((r) => r[key]));
    const fmt = (value: number) => `${Math.round(value).toLocaleString('en-US')} sheets/s`;
    const floorCpu = rate(floor, 'cpu');
    const cliCpu = rate(cli, 'cpu');
    console.log(`\nprove score through the CLI: ${CLI_LINES.toLocaleString('en-US')} lines (${(bytes / 2 ** 20).toFixed(0)} MiB), start-up included, median of ${CLI_ROUNDS}; bin ${CLI_BIN}`);
    console.log(`baseline, read + JSON.parse + JSON.stringify + write: ${fmt(floorCpu)} per CPU second (${median(floor.map((r) => r.cpu)).toFixed(2)} s CPU; wall clock ${fmt(rate(floor, 'wall'))})`);
    console.log(`prove-rl score: ${fmt(cliCpu)} per CPU second (${median(cli.map((r) => r.cpu)).toFixed(2)} s CPU), ${(cliCpu / floorCpu).toFixed(2)}× the baseline (wall clock ${fmt(rate(cli, 'wall'))}); peak RSS ${Math.max(...cli.map((r) => r.rssKb / 1024)).toFixed(0)} MB`);
    let threadedWall = 0;
    if (threaded.length > 0) {
      threadedWall = rate(threaded, 'wall');
      console.log(
        `prove-rl score --threads ${THREADS}: wall clock ${fmt(threadedWall)}, ${(threadedWall / rate(cli, 'wall')).toFixed(2)}× one thread's wall clock; ${fmt(rate(threaded, 'cpu'))} per CPU second (${median(threaded.map((r) => r.cpu)).toFixed(2)} s CPU); peak RSS ${Math.max(...threaded.map((r) => r.rssKb / 1024)).toFixed(0)} MB`,
      );
    }
    // One thread is judged per CPU second (what one core does); worker threads by the wall clock (what the machine's idle cores add).
    const met = cliCpu >= CLI_TARGET || threadedWall >= CLI_TARGET;
    console.log(`target ≥ ${CLI_TARGET.toLocaleString('en-US')} sheets per second through the CLI (one thread per CPU second, or ${THREADS} threads by the wall clock, which measures the neighbours too): ${met ? 'met' : 'NOT met'}`);
    if (!met) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The baseline: the five pure functions, combined by hand (the calls read once, as the term plugins share them). */
function plainScore(example: Example, calls: ExecutedCall[]): number {
  const prepared = PreparedExample.of(example);
  const facts = callFacts(calls, prepared);
  const validity = scoreValidity(prepared, calls, { execution: true }, facts);
  const coverage = scoreCoverage(prepared, calls, { ordered: true, match: 'name+keys' }, facts);
  const efficiency = scoreEfficiency(prepared.calls.length, calls.length, { alpha: 0.5, beta: 0.5 });
  const name = scoreToolName(prepared, calls, facts);
  const args = scoreArgumentValues(example, calls, coverage.alignment, DEFAULT_VALUE_EQUALITY, prepared.abstention, facts);
  const w = PROVE_REWARD_WEIGHTS;
  return w.validity * validity.value + w.coverage * coverage.value + w.efficiency * efficiency.value + w.name * name.value + w.args * args.value;
}

/** The same composition with the scoring functions as they were before the fast path (frozen in test/reward/reference/). */
function referenceScore(example: Example, calls: ExecutedCall[]): number {
  const prepared = ReferencePreparedExample.of(example);
  const validity = referenceValidity(prepared, calls, { execution: true });
  const coverage = referenceCoverage(prepared, calls, { ordered: true, match: 'name+keys' });
  const efficiency = referenceEfficiency(prepared.calls.length, calls.length, { alpha: 0.5, beta: 0.5 });
  const name = referenceToolName(prepared, calls);
  const args = referenceArgumentValues(example, calls, coverage.alignment, DEFAULT_VALUE_EQUALITY, prepared.abstention);
  const w = PROVE_REWARD_WEIGHTS;
  return w.validity * validity.value + w.coverage * coverage.value + w.efficiency * efficiency.value + w.name * name.value + w.args * args.value;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function main(): Promise<void> {
  const random = prng(2606);
  const examples = Array.from({ length: 32 }, (_, i) => makeExample(i, random));
  const inputs = Array.from({ length: 256 }, (_, i) => {
    const example = examples[i % examples.length];
    return { example, calls: makeTrajectory(example, random) };
  });
  const lengths = inputs.map((i) => i.calls.length);
  if (!cliOnly) await inProcessBenchmark(examples, inputs, lengths);
  if (!inProcessOnly) await cliBenchmark(examples, inputs);
}

async function inProcessBenchmark(examples: Example[], inputs: Array<{ example: Example; calls: ExecutedCall[] }>, lengths: number[]): Promise<void> {
  const engine = await createEngine(await resolveConfig('(bench)', { presets: [provePreset] }));
  const taps = engine.describeTaps().onReward.map((t) => t.plugin);

  // Both paths must agree before their speed means anything.
  for (const input of inputs) {
    const sheet = await engine.reward(input);
    if (Math.abs(sheet.total - plainScore(input.example, input.calls)) > 1e-12) throw new Error(`engine and plain scoring disagree on ${input.example.id}`);
    if (sheet.total !== referenceScore(input.example, input.calls)) throw new Error(`engine and the reference (pre-fast-path) scoring disagree on ${input.example.id}`);
  }

  let sink = 0;
  /** Sheets per CPU second and per wall second of one round. */
  const measure = async (round: () => void | Promise<void>): Promise<{ cpu: number; wall: number }> => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    await round();
    const used = process.cpuUsage(cpu);
    return { cpu: SHEETS / ((used.user + used.system) / 1e6), wall: SHEETS / ((performance.now() - started) / 1000) };
  };
  const runPlain = () =>
    measure(() => {
      for (let i = 0; i < SHEETS; i++) {
        const input = inputs[i & 255];
        sink += plainScore(input.example, input.calls);
      }
    });
  const runReference = () =>
    measure(() => {
      for (let i = 0; i < SHEETS; i++) {
        const input = inputs[i & 255];
        sink += referenceScore(input.example, input.calls);
      }
    });
  const runEngine = () =>
    measure(async () => {
      for (let i = 0; i < SHEETS; i++) sink += (await engine.reward(inputs[i & 255])).total;
    });
  await runReference();
  await runPlain();
  await runEngine();
  const reference: Array<{ cpu: number; wall: number }> = [];
  const plain: Array<{ cpu: number; wall: number }> = [];
  const hooked: Array<{ cpu: number; wall: number }> = [];
  for (let round = 0; round < ROUNDS; round++) {
    reference.push(await runReference());
    plain.push(await runPlain());
    hooked.push(await runEngine());
  }
  await engine.close();

  const referenceRate = median(reference.map((r) => r.cpu));
  const plainRate = median(plain.map((r) => r.cpu));
  const engineRate = median(hooked.map((r) => r.cpu));
  const fmt = (rate: number) => `${Math.round(rate).toLocaleString('en-US')} sheets/s`;
  const wall = (rounds: Array<{ wall: number }>) => `wall clock ${fmt(median(rounds.map((r) => r.wall)))}`;
  console.log(`reward benchmark: ${inputs.length} trajectories of ${Math.min(...lengths)}–${Math.max(...lengths)} calls (mean ${(lengths.reduce((a, b) => a + b, 0) / lengths.length).toFixed(1)}) on ${examples.length} examples; ${SHEETS.toLocaleString('en-US')} sheets per round, median of ${ROUNDS}`);
  console.log(`onReward taps: ${taps.join(' → ')}`);
  console.log(`before the fast path, the same plain composition (test/reward/reference): ${fmt(referenceRate)} (${(1e6 / referenceRate).toFixed(2)} µs/sheet; ${wall(reference)})`);
  console.log(`baseline, plain scoring functions: ${fmt(plainRate)} (${(1e6 / plainRate).toFixed(2)} µs/sheet), ${(plainRate / referenceRate).toFixed(2)}× before the fast path (${wall(plain)})`);
  console.log(`engine.reward with the prove preset: ${fmt(engineRate)} (${(1e6 / engineRate).toFixed(2)} µs/sheet), ${(engineRate / plainRate).toFixed(2)}× the baseline (${wall(hooked)})`);
  console.log(`target ≥ ${TARGET.toLocaleString('en-US')} sheets per CPU second through the engine: ${engineRate >= TARGET ? 'met' : 'NOT met'}`);
  if (sink === 42) console.log('');
  if (engineRate < TARGET) process.exitCode = 1;
}

await main();
