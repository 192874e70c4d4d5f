/**
 * The CPU training demo: on a 2-core machine in about ten minutes, a tiny Qwen3-shaped model that
 * starts from random weights learns multi-step tool use against the live banking environment.
 *
 *   1. `prove-rl synth`: grounded banking examples (train and held-out test splits);
 *   2. `prove-rl train --tiny --sft-steps …`: build the model and its tokenizer, SFT warm-up on the
 *      teacher conversations of the train split, then GRPO against the live environment;
 *   3. `prove-rl eval` on the held-out test split, with the SFT checkpoint and with the final one;
 *   4. `prove-rl report`; a summary with the noise measured from the run itself.
 *
 *   npm run demo        (installs what is missing first; writes runs/demo, or runs/demo-2 … when
 *                        that exists: nothing is deleted; DEMO_OUT=… to choose)
 *
 * Progress: a line every 15 s and after each stage with the share done and the time left,
 * extrapolated from the time the work done so far took (stage shares measured on this machine).
 *
 * Noise: the training reward is compared over the first and last K steps; the standard error of
 * each K-step mean comes from the spread of the per-step means (std / √K), and the rise counts
 * only if it exceeds twice the combined standard error. The held-out eval's noise is the standard
 * error of its per-example mean rewards.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { runCli } from '../../core/cli/main.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
/** A fresh folder: runs/demo, else runs/demo-2, runs/demo-3 … (an earlier run is never deleted). */
function freshFolder(base: string): string {
  for (let n = 1; ; n++) {
    const dir = n === 1 ? base : `${base}-${n}`;
    if (!existsSync(dir)) return dir;
  }
}
const OUT = freshFolder(resolve(ROOT, process.env.DEMO_OUT ?? 'runs/demo'));
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SETTINGS = {
  examples: env('DEMO_EXAMPLES', 400),
  sftSteps: env('DEMO_SFT_STEPS', 150),
  sftLr: process.env.DEMO_SFT_LR ?? '5e-3',
  sftBatch: env('DEMO_SFT_BATCH', 8),
  steps: env('DEMO_STEPS', 40),
  batch: env('DEMO_BATCH', 8),
  group: env('DEMO_GROUP', 4),
  lr: process.env.DEMO_LR ?? '5e-4',
  seed: env('DEMO_SEED', 7),
  evalGroup: env('DEMO_EVAL_GROUP', 2),
  temperature: process.env.DEMO_TEMPERATURE ?? '1',
  /** The demo plays the first user turn with up to two assistant messages (a call, then the answer): the tiny model's horizon. */
  maxUserTurns: env('DEMO_MAX_USER_TURNS', 1),
  maxAssistantTurns: env('DEMO_MAX_ASSISTANT_TURNS', 2),
};

/**
 * The stages and their shares of the demo's time, as measured on the 2-core machine (see
 * test/bench/README.md); within a stage, progress comes from the counts the commands print.
 */
const STAGES = [
  { name: 'synth', share: 0.06, progress: /^synth: (\d+)\/(\d+)/ },
  { name: 'sft', share: 0.3, progress: /^sft (\d+)\/(\d+)/ },
  { name: 'grpo', share: 0.5, progress: /^step (\d+)\/(\d+)/ },
  { name: 'eval-sft', share: 0.07, progress: /^eval: (\d+)\/(\d+)/ },
  { name: 'eval-grpo', share: 0.07, progress: /^eval: (\d+)\/(\d+)/ },
] as const;

/** Share done and time left, printed every 15 s at most and when a stage ends. */
class DemoProgress {
  private stage = 0;
  private within = 0;
  private lastPrint = 0;
  private readonly started = performance.now();

  enter(name: (typeof STAGES)[number]['name']): void {
    this.stage = STAGES.findIndex((s) => s.name === name);
    this.within = 0;
  }

  line(text: string): void {
    // `prove-rl train` runs SFT then GRPO: its first GRPO step line starts the grpo stage.
    if (STAGES[this.stage].name === 'sft' && STAGES[this.stage + 1].progress.test(text)) {
      this.stage++;
      this.print();
    }
    const match = STAGES[this.stage].progress.exec(text);
    if (match) this.within = Number(match[1]) / Number(match[2]);
    if (performance.now() - this.lastPrint > 15_000) this.print();
  }

  /** The fraction of the whole demo done. */
  done(): number {
    return STAGES.slice(0, this.stage).reduce((a, s) => a + s.share, 0) + STAGES[this.stage].share * this.within;
  }

  print(): void {
    this.lastPrint = performance.now();
    const elapsed = (performance.now() - this.started) / 1000;
    const done = this.done();
    const left = done > 0.02 ? (elapsed * (1 - done)) / done : undefined;
    const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;
    process.stdout.write(`demo: ${Math.round(done * 100)}% done, ${clock(elapsed)} elapsed${left === undefined ? '' : `, about ${clock(left)} left`}\n`);
  }
}
const progress = new DemoProgress();

async function prove(argv: string[]): Promise<string> {
  let stdout = '';
  let stderr = '';
  const started = performance.now();
  process.stdout.write(`\n$ prove-rl ${argv.join(' ')}\n`);
  const follow = (text: string) => {
    for (const line of text.split('\n')) progress.line(line);
  };
  const code = await runCli(argv, {
    cwd: ROOT,
    isTTY: false,
    stdout: (t) => {
      stdout += t;
      process.stdout.write(t);
      follow(t);
    },
    stderr: (t) => {
      stderr += t;
      process.stderr.write(t);
      follow(t);
    },
  });
  process.stdout.write(`  (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
  if (code !== 0) throw new Error(`prove-rl ${argv[0]} exited with ${code}: ${stderr}`);
  return stdout;
}

function mean(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);
}

function stderrOfMean(values: number[]): number {
  if (values.length < 2) return 0;
  const m = mean(values);
  return Math.sqrt(values.reduce((a, b) => a + (b - m) ** 2, 0) / (values.length - 1) / values.length);
}

/** A config for `prove-rl eval` whose policy is a checkpoint in the PyTorch worker. */
function evalConfig(checkpoint: string): string {
  const file = join(OUT, `eval-${checkpoint.split('/').pop()}.config.ts`);
  const from = (path: string) => JSON.stringify(relative(OUT, join(ROOT, path)).replaceAll('\\', '/'));
  writeFileSync(
    file,
    `import { defineConfig } from ${from('core/index.js')};
import { provePreset } from ${from('presets/prove.js')};
import { WorkerPolicyPlugin } from ${from('plugins/optimizer/WorkerPolicyPlugin.js')};

export default defineConfig({
  presets: [provePreset],
  plugins: [new WorkerPolicyPlugin({ model: ${JSON.stringify(checkpoint)}, maxNewTokens: 64, maxContextTokens: 1536, temperature: ${SETTINGS.temperature}, seed: 1 })],
});
`,
  );
  return file;
}

interface EvalRecord {
  exampleId: string;
  reward: { total: number };
}

function evalRewards(dir: string): { mean: number; se: number; n: number } {
  const records = readFileSync(join(dir, 'rollouts.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as EvalRecord);
  const byExample = new Map<string, number[]>();
  for (const r of records) byExample.set(r.exampleId, [...(byExample.get(r.exampleId) ?? []), r.reward.total]);
  const perExample = [...byExample.values()].map(mean);
  return { mean: mean(perExample), se: stderrOfMean(perExample), n: records.length };
}

async function main(): Promise<void> {
  const started = performance.now();
  mkdirSync(OUT, { recursive: true });
  process.stdout.write(`demo: writing ${relative(ROOT, OUT)}; about 16 min on 2 busy cores (see test/bench/README.md)\n`);
  progress.enter('synth');
  const data = join(OUT, 'data');
  const run = join(OUT, 'run');
  await prove(['synth', '--count', String(SETTINGS.examples), '--seed', String(SETTINGS.seed), '--domains', 'banking', '--out', data]);
  const dataset = join(data, 'examples.jsonl');
  progress.enter('sft');
  progress.print();
  await prove([
    'train', '--dataset', dataset, '--split', 'train', '--tiny', '--seed', String(SETTINGS.seed),
    '--sft-steps', String(SETTINGS.sftSteps), '--sft-lr', SETTINGS.sftLr, '--sft-batch', String(SETTINGS.sftBatch),
    '--steps', String(SETTINGS.steps), '--batch', String(SETTINGS.batch), '--group', String(SETTINGS.group),
    '--lr', SETTINGS.lr, '--kl', '0.01', '--clip-low', '0.2', '--clip-high', '0.28', '--loss-mode', 'token-mean',
    '--micro-batch', '8', '--max-new-tokens', '64', '--max-context', '1536', '--temperature', SETTINGS.temperature,
    '--max-user-turns', String(SETTINGS.maxUserTurns), '--max-assistant-turns', String(SETTINGS.maxAssistantTurns),
    '--save-every', String(SETTINGS.steps), '--keep', '1', '--out', run,
  ]);
  await prove(['report', run]);
  const final = join(run, 'checkpoints', `step-${String(SETTINGS.steps).padStart(6, '0')}`);
  const evals: Record<string, { mean: number; se: number; n: number }> = {};
  for (const [name, checkpoint] of [['sft', join(run, 'checkpoints', 'sft')], ['grpo', final]] as const) {
    progress.enter(`eval-${name}`);
    progress.print();
    const dir = join(OUT, `eval-${name}`);
    await prove(['eval', '--config', evalConfig(checkpoint), '--dataset', dataset, '--split', 'test', '--group', String(SETTINGS.evalGroup), '--seed', '1',
      '--max-user-turns', String(SETTINGS.maxUserTurns), '--max-assistant-turns', String(SETTINGS.maxAssistantTurns), '--out', dir]);
    evals[name] = evalRewards(dir);
  }

  const lines = readFileSync(join(run, 'metrics.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, number>);
  const k = Math.max(2, Math.floor(lines.length / 4));
  const first = lines.slice(0, k).map((l) => l.reward_mean);
  const last = lines.slice(-k).map((l) => l.reward_mean);
  const rise = mean(last) - mean(first);
  const noise = Math.sqrt(stderrOfMean(first) ** 2 + stderrOfMean(last) ** 2);
  const evalRise = evals.grpo.mean - evals.sft.mean;
  const evalNoise = Math.sqrt(evals.sft.se ** 2 + evals.grpo.se ** 2);
  const summary = {
    settings: SETTINGS,
    train: { firstSteps: k, firstMean: mean(first), lastMean: mean(last), rise, noise, riseOverNoise: noise > 0 ? rise / noise : null, passed: rise > 2 * noise },
    heldOut: { sft: evals.sft, grpo: evals.grpo, rise: evalRise, noise: evalNoise, passed: evalRise > 0 },
    wallSeconds: (performance.now() - started) / 1000,
  };
  writeFileSync(join(OUT, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
  process.stdout.write(
    [
      '',
      `training reward: first ${k} steps ${mean(first).toFixed(3)}, last ${k} steps ${mean(last).toFixed(3)}; rise ${rise.toFixed(3)} vs noise (1 s.e.) ${noise.toFixed(3)} → ${summary.train.passed ? 'above 2 s.e.' : 'NOT above 2 s.e.'}`,
      `held-out eval (test split, ${evals.sft.n} rollouts each): SFT ${evals.sft.mean.toFixed(3)} ± ${evals.sft.se.toFixed(3)}, after GRPO ${evals.grpo.mean.toFixed(3)} ± ${evals.grpo.se.toFixed(3)}`,
      `wall time ${summary.wallSeconds.toFixed(0)} s; report ${join(run, 'report.html')}; summary ${join(OUT, 'summary.json')}`,
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
