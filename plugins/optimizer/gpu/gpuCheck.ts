/**
 * GPU check: a few GRPO steps of a Qwen3-0.6B-shaped model (random weights, Qwen3's 151,936-row
 * vocabulary, this project's own tokenizer) with real rollouts against the live banking
 * environment. Prints generation tokens/s, update tokens/s, peak GPU memory and model FLOPs
 * utilization, and writes them to OUT/gpu-check.json. Run through check.sh.
 *
 * MFU = achieved model FLOPs / peak dense bf16 FLOPs of the GPU. Model FLOPs per token: 2 per
 * parameter for a forward pass, 6 for forward + backward (Kaplan et al.; attention left out), with
 * the LM head (vocabulary × hidden) counted only where it runs: each generated token, each trained
 * (sampled) token. Generation counts generated tokens only (prefill is left out, so it is a lower
 * bound); the update counts forward + backward of the policy and the reference's forward.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createEngine, loadConfig, resolveConfig } from '../../../core/index.js';
import { GrpoOptimizerPlugin } from '../GrpoOptimizerPlugin.js';
import { GrpoTrainer } from '../GrpoTrainer.js';
import { ensureTinyModel } from '../tinyModel.js';
import { readExamples, selectSplit } from '../../rollout/readExamples.js';
import { runCli } from '../../../core/cli/main.js';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const OUT = resolve(process.env.OUT ?? join(ROOT, 'runs', 'gpu-check'));
const STEPS = Number(process.env.GPU_STEPS ?? 3);
const BATCH = Number(process.env.GPU_BATCH ?? 8);
const GROUP = Number(process.env.GPU_GROUP ?? 8);
/** `tiny` runs the same script on a CPU in seconds (a dry run of the script itself). */
const SHAPE = process.env.GPU_SHAPE === 'tiny' ? 'tiny' : 'qwen3-0.6b';
/** Dense bf16 peak by GPU name (vendor data sheets, without sparsity). */
const PEAK_BF16: Array<[RegExp, number]> = [
  [/H200|H100.*SXM|GH200/i, 989e12],
  [/H100/i, 756e12],
  [/A100/i, 312e12],
  [/L40S/i, 362e12],
  [/A10G/i, 70e12],
  [/4090/i, 165e12],
];

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const data = join(OUT, 'data');
  const quiet = { cwd: ROOT, isTTY: false, stdout: () => undefined, stderr: (t: string) => process.stderr.write(t) };
  if ((await runCli(['synth', '--count', String(Math.max(64, BATCH * STEPS)), '--seed', '3', '--domains', 'banking', '--out', data], quiet)) !== 0) throw new Error('synth failed');
  const examples = readExamples(join(data, 'examples.jsonl'));
  const train = selectSplit('examples.jsonl', examples, 'train');

  const loaded = await loadConfig({ cwd: ROOT });
  const plugin = new GrpoOptimizerPlugin({ lr: 1e-6, kl: 0.01, maxNewTokens: 256, maxContextTokens: 4096, microBatch: 8, temperature: 1 });
  const engine = await createEngine(await resolveConfig(loaded!.file, { ...loaded!.config, plugins: [...(loaded!.config.plugins ?? []), plugin] }));
  try {
    const hello = await plugin.worker.start();
    const model = await ensureTinyModel(plugin.worker, join(OUT, `${SHAPE}-random`), examples, 0, SHAPE);
    const run = join(OUT, `run-${Date.now()}`);
    const trainer = new GrpoTrainer(
      engine,
      plugin,
      { out: run, steps: STEPS, batch: BATCH, group: GROUP, seed: 0, saveEvery: 1_000_000, keepCheckpoints: 1, sftSteps: 0, sftLr: 0, sftBatch: 1, maxUserTurns: 5, maxAssistantTurns: 10 },
      (line) => process.stdout.write(line + '\n'),
    );
    await trainer.start(model, train);
    const info = plugin.loadInfo as { parameters: number; device: string; dtype: string };
    const lines = await trainer.train(train);
    const stats = await plugin.worker.request<{ peak_memory_bytes?: number }>('stats');
    const params = info.parameters;
    const peak = PEAK_BF16.find(([pattern]) => pattern.test(hello.gpu ?? ''))?.[1];
    // The first step includes CUDA warm-up; the rest are steady state.
    const steady = lines.length > 1 ? lines.slice(1) : lines;
    const sum = (key: string) => steady.reduce((a, l) => a + Number(l[key] ?? 0), 0);
    const genTokens = sum('generation_tokens');
    const genSeconds = sum('generation_seconds');
    const updTokens = sum('sequence_tokens');
    const updSeconds = sum('update_seconds');
    // The embedding lookup costs nothing and the LM head runs only where a token is predicted: the
    // last position when generating, the sampled positions when training.
    const config = (plugin.loadInfo as { config: { vocab_size: number; hidden_size: number } }).config;
    const head = config.vocab_size * config.hidden_size;
    const body = params - head;
    const responseTokens = sum('response_tokens');
    const passes = 6 + (plugin.options.kl > 0 ? 2 : 0);
    const genFlops = (2 * (body + head) * genTokens) / genSeconds;
    const updFlops = (passes * body * updTokens + passes * head * responseTokens) / updSeconds;
    const result = {
      gpu: hello.gpu,
      torch: hello.torch,
      dtype: info.dtype,
      parameters: params,
      steps: lines.length,
      rolloutsPerStep: BATCH * GROUP,
      generationTokensPerSecond: genTokens / genSeconds,
      updateTokensPerSecond: updTokens / updSeconds,
      peakMemoryGiB: (stats.peak_memory_bytes ?? 0) / 2 ** 30,
      mfuGeneration: peak ? genFlops / peak : null,
      mfuUpdate: peak ? updFlops / peak : null,
      peakBf16Flops: peak ?? null,
      stepSeconds: steady.map((l) => l.step_seconds),
      metrics: lines,
    };
    writeFileSync(join(OUT, 'gpu-check.json'), JSON.stringify(result, null, 2) + '\n');
    process.stdout.write(
      `\nGPU check on ${hello.gpu} (${info.dtype}), ${(params / 1e6).toFixed(0)} M parameters, ${BATCH}×${GROUP} rollouts per step:\n` +
        `  generation ${result.generationTokensPerSecond.toFixed(0)} tokens/s, update ${result.updateTokensPerSecond.toFixed(0)} tokens/s, peak memory ${result.peakMemoryGiB.toFixed(1)} GiB\n` +
        `  MFU generation ${result.mfuGeneration === null ? '?' : (100 * result.mfuGeneration).toFixed(1) + ' %'}, update ${result.mfuUpdate === null ? '?' : (100 * result.mfuUpdate).toFixed(1) + ' %'}\n` +
        `  wrote ${join(OUT, 'gpu-check.json')}\n`,
    );
  } finally {
    await engine.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
