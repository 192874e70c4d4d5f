/**
 * Benchmark of the reward (npm run bench:reward): typical trajectories of 5–10 calls scored
 * through the engine's `onReward` with the full `prove` preset (five term plugins and the
 * combiner, on the same engine as the environments), against the baseline measured in the same
 * run: the same five pure scoring functions called directly and combined by hand, no hooks.
 * Target: at least 100,000 sheets per second on one core through the engine.
 *
 * Examples are reused across sheets the way the rollouts of a GRPO group share their example,
 * so each example is prepared (ground truth flattened, schemas compiled) once.
 *
 * Rates are sheets per CPU second of this process (process.cpuUsage), which is what "on one
 * core" means and stays meaningful on a shared, loaded machine; wall-clock rates are printed too.
 */
import { createEngine, resolveConfig, type ExecutedCall, type Example } from '../../core/index.js';
import { DEFAULT_VALUE_EQUALITY } from '../../plugins/reward/argumentValuesEqual.js';
import { PreparedExample } from '../../plugins/reward/PreparedExample.js';
import { PROVE_REWARD_WEIGHTS } from '../../plugins/reward/RewardCombinerPlugin.js';
import { scoreArgumentValues } from '../../plugins/reward/scoreArgumentValues.js';
import { scoreCoverage } from '../../plugins/reward/scoreCoverage.js';
import { scoreEfficiency } from '../../plugins/reward/scoreEfficiency.js';
import { scoreToolName } from '../../plugins/reward/scoreToolName.js';
import { scoreValidity } from '../../plugins/reward/scoreValidity.js';
import { provePreset } from '../../presets/prove.js';
import { makeExample, makeTrajectory, prng } from './rewardWorkload.js';

const quick = process.argv.includes('--quick');
const SHEETS = quick ? 100_000 : 400_000;
const ROUNDS = 5;
const TARGET = 100_000;

/** The baseline: the five pure functions, combined by hand. */
function plainScore(example: Example, calls: ExecutedCall[]): number {
  const prepared = PreparedExample.of(example);
  const validity = scoreValidity(prepared, calls, { execution: true });
  const coverage = scoreCoverage(prepared, calls, { ordered: true, match: 'name+keys' });
  const efficiency = scoreEfficiency(prepared.calls.length, calls.length, { alpha: 0.5, beta: 0.5 });
  const name = scoreToolName(prepared, calls);
  const args = scoreArgumentValues(example, calls, coverage.alignment, DEFAULT_VALUE_EQUALITY, prepared.abstention);
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
  const engine = await createEngine(await resolveConfig('(bench)', { presets: [provePreset] }));
  const taps = engine.describeTaps().onReward.map((t) => t.plugin);

  // Both paths must agree before their speed means anything.
  for (const input of inputs) {
    const sheet = await engine.reward(input);
    if (Math.abs(sheet.total - plainScore(input.example, input.calls)) > 1e-12) throw new Error(`engine and plain scoring disagree on ${input.example.id}`);
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
  const runEngine = () =>
    measure(async () => {
      for (let i = 0; i < SHEETS; i++) sink += (await engine.reward(inputs[i & 255])).total;
    });
  await runPlain();
  await runEngine();
  const plain: Array<{ cpu: number; wall: number }> = [];
  const hooked: Array<{ cpu: number; wall: number }> = [];
  for (let round = 0; round < ROUNDS; round++) {
    plain.push(await runPlain());
    hooked.push(await runEngine());
  }
  await engine.close();

  const plainRate = median(plain.map((r) => r.cpu));
  const engineRate = median(hooked.map((r) => r.cpu));
  const fmt = (rate: number) => `${Math.round(rate).toLocaleString('en-US')} sheets/s`;
  const wall = (rounds: Array<{ wall: number }>) => `wall clock ${fmt(median(rounds.map((r) => r.wall)))}`;
  console.log(`reward benchmark: ${inputs.length} trajectories of ${Math.min(...lengths)}–${Math.max(...lengths)} calls (mean ${(lengths.reduce((a, b) => a + b, 0) / lengths.length).toFixed(1)}) on ${examples.length} examples; ${SHEETS.toLocaleString('en-US')} sheets per round, median of ${ROUNDS}`);
  console.log(`onReward taps: ${taps.join(' → ')}`);
  console.log(`baseline, plain scoring functions: ${fmt(plainRate)} (${(1e6 / plainRate).toFixed(2)} µs/sheet; ${wall(plain)})`);
  console.log(`engine.reward with the prove preset: ${fmt(engineRate)} (${(1e6 / engineRate).toFixed(2)} µs/sheet), ${(engineRate / plainRate).toFixed(2)}× the baseline (${wall(hooked)})`);
  console.log(`target ≥ ${TARGET.toLocaleString('en-US')} sheets per CPU second through the engine: ${engineRate >= TARGET ? 'met' : 'NOT met'}`);
  if (sink === 42) console.log('');
  if (engineRate < TARGET) process.exitCode = 1;
}

await main();
