import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { Template } from '@huggingface/jinja';
import { Tokenizer } from '@huggingface/tokenizers';
import { errors, type ChatMessage, type ToolSchema } from '../../../core/index.js';

/** The manifest `prove-rl export --format onnx` writes beside the graph (`prove_onnx.json`). */
export interface OnnxManifest {
  format: 'prove-onnx-causal-lm';
  version: number;
  source: string;
  modelType: string;
  parameters: number;
  dtype?: string;
  layers: number;
  kvHeads: number;
  headDim: number;
  vocabSize: number;
  tokenizerSize: number;
  inputs: string[];
  outputs: string[];
  logits: 'last';
  stopIds: number[];
  padId: number;
  chatTemplate: string;
  chatTemplateNote?: string;
  maxPositions?: number | null;
}

export const MANIFEST_FILE = 'prove_onnx.json';
const FORMAT = 'prove-onnx-causal-lm';
const VERSION = 1;

/** How to pick each next token. Temperature 0 is greedy. */
export interface SamplingOptions {
  maxNewTokens: number;
  temperature: number;
  topP: number;
  /** One seed per row: a row's samples depend on its seed only, not on what it is batched with. */
  seeds?: number[];
  /** Keep going past stop tokens (the parity test compares a fixed number of tokens). */
  ignoreStop?: boolean;
  /** Per-row settings that replace the shared ones (an OpenAI-compatible server batches requests that ask for different things). */
  rows?: Array<Partial<Pick<SamplingOptions, 'maxNewTokens' | 'temperature' | 'topP'>>>;
}

export interface GeneratedRow {
  ids: number[];
  logprobs: number[];
  finish: 'stop' | 'length';
  promptTokens: number;
}

/** One row's keys and values after a generation, kept to serve later prompts that start with the same tokens. */
interface CachedPrefix {
  ids: number[];
  /** Per layer, [kvHeads, ids.length, headDim]. */
  keys: Float32Array[];
  values: Float32Array[];
}

/** Prompts that share a beginning with an earlier generation skip its prefill (multi-turn chats: each request repeats the last). */
export class PrefixCache {
  private entries: CachedPrefix[] = [];
  private tokens = 0;
  hits = 0;
  reusedTokens = 0;

  constructor(readonly maxTokens: number) {}

  get size(): { entries: number; tokens: number } {
    return { entries: this.entries.length, tokens: this.tokens };
  }

  /** The longest cached beginning of `prompt` (at most `prompt.length - 1` tokens: one must be fed to get logits). */
  find(prompt: readonly number[], minimum: number): { entry: CachedPrefix; length: number } | undefined {
    let best: { entry: CachedPrefix; length: number } | undefined;
    for (const entry of this.entries) {
      const limit = Math.min(entry.ids.length, prompt.length - 1);
      let k = 0;
      while (k < limit && entry.ids[k] === prompt[k]) k++;
      if (k >= minimum && (best === undefined || k > best.length)) best = { entry, length: k };
    }
    if (best !== undefined) {
      // Most recently used last: eviction takes the first.
      this.entries = [...this.entries.filter((e) => e !== best!.entry), best.entry];
    }
    return best;
  }

  add(entry: CachedPrefix): void {
    if (entry.ids.length > this.maxTokens) return;
    // An entry that the new one extends (the same chat one turn earlier) is no longer needed.
    const subsumed = (e: CachedPrefix) => e.ids.length <= entry.ids.length && e.ids.every((id, i) => id === entry.ids[i]);
    for (const e of this.entries.filter(subsumed)) this.tokens -= e.ids.length;
    this.entries = [...this.entries.filter((e) => !subsumed(e)), entry];
    this.tokens += entry.ids.length;
    while (this.tokens > this.maxTokens && this.entries.length > 0) this.tokens -= this.entries.shift()!.ids.length;
  }

  clear(): void {
    this.entries = [];
    this.tokens = 0;
  }
}

type Ort = typeof import('onnxruntime-node');
type Session = import('onnxruntime-node').InferenceSession;
type OrtTensor = import('onnxruntime-node').Tensor;

/** A 32-bit seeded generator (mulberry32): the same seed gives the same draws on any machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Messages as chat templates expect them: content never null, tool-call arguments as objects. */
function normalize(message: ChatMessage): Record<string, unknown> {
  const out: Record<string, unknown> = { ...message, content: message.content ?? '' };
  if (message.role === 'assistant' && message.tool_calls) {
    out.tool_calls = message.tool_calls.map((call) => {
      let args: unknown = call.function.arguments;
      if (typeof args === 'string') {
        try {
          args = args.trim() === '' ? {} : JSON.parse(args);
        } catch {
          args = {};
        }
      }
      return { ...call, function: { ...call.function, arguments: args } };
    });
  }
  return out;
}

function readJson(dir: string, file: string, what: string): unknown {
  const path = join(dir, file);
  if (!existsSync(path)) throw errors.onnxExportInvalid(dir, `${file} is missing (${what}); re-run prove-rl export --format onnx`);
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw errors.onnxExportInvalid(dir, `${file} is not valid JSON (${(error as Error).message})`);
  }
}

/**
 * A causal LM exported by `prove-rl export --format onnx`, run with onnxruntime-node: the tokenizer
 * (`@huggingface/tokenizers`) and chat template (`@huggingface/jinja`) in Node, batched decoding
 * with a KV cache, greedy or temperature / top-p sampling with per-row seeds.
 */
export class OnnxCausalLM {
  readonly stopIds: Set<number>;
  /** Prompt tokens per prefill pass (memory: batch × heads × chunk × prompt scores per layer). */
  prefillChunk = 256;
  /** Keys and values of earlier generations, reused by prompts that begin the same way (off unless `prefixCacheTokens` is set). */
  prefixCache?: PrefixCache;
  /** Shortest shared beginning worth reusing. */
  minPrefix = 16;
  private readonly template: Template;
  private readonly specialTokens: Record<string, string>;

  private constructor(
    readonly dir: string,
    readonly manifest: OnnxManifest,
    readonly tokenizer: Tokenizer,
    templateSource: string,
    private readonly ort: Ort,
    private readonly session: Session,
    readonly threads: number,
    tokenizerConfig: Record<string, unknown>,
  ) {
    this.stopIds = new Set(manifest.stopIds);
    this.template = new Template(templateSource);
    this.specialTokens = {};
    for (const key of ['bos_token', 'eos_token', 'pad_token']) {
      const value = tokenizerConfig[key];
      if (typeof value === 'string') this.specialTokens[key] = value;
      else if (value && typeof value === 'object' && typeof (value as { content?: unknown }).content === 'string') this.specialTokens[key] = (value as { content: string }).content;
    }
  }

  /** Load and check an export: every file, the manifest, and the graph's inputs and outputs against it. */
  static async load(directory: string, options: { threads?: number; prefillChunk?: number; prefixCacheTokens?: number } = {}): Promise<OnnxCausalLM> {
    const dir = resolve(directory);
    if (!existsSync(dir)) throw errors.onnxExportInvalid(dir, 'the folder does not exist; create it with prove-rl export --format onnx --model … --out DIR');
    const manifest = readJson(dir, MANIFEST_FILE, 'the manifest prove-rl export writes') as OnnxManifest;
    if (manifest.format !== FORMAT) throw errors.onnxExportInvalid(dir, `${MANIFEST_FILE} says format ${JSON.stringify(manifest.format)}, expected ${FORMAT}`);
    if (manifest.version !== VERSION) throw errors.onnxExportInvalid(dir, `export format version ${manifest.version}; this prove reads version ${VERSION}: re-export`);
    for (const key of ['layers', 'kvHeads', 'headDim', 'vocabSize'] as const) {
      if (!Number.isInteger(manifest[key]) || manifest[key] <= 0) throw errors.onnxExportInvalid(dir, `${MANIFEST_FILE} has no valid ${key}`);
    }
    const modelPath = join(dir, 'model.onnx');
    if (!existsSync(modelPath)) throw errors.onnxExportInvalid(dir, 'model.onnx is missing');
    const tokenizerJson = readJson(dir, 'tokenizer.json', 'the tokenizer');
    const tokenizerConfig = readJson(dir, 'tokenizer_config.json', 'the tokenizer settings') as Record<string, unknown>;
    const templatePath = join(dir, manifest.chatTemplate ?? 'chat_template.jinja');
    if (!existsSync(templatePath)) throw errors.onnxExportInvalid(dir, `the chat template ${manifest.chatTemplate ?? 'chat_template.jinja'} is missing`);
    const templateSource = readFileSync(templatePath, 'utf8');
    if (templateSource.trim() === '') throw errors.onnxExportInvalid(dir, 'the chat template is empty');
    let tokenizer: Tokenizer;
    try {
      tokenizer = new Tokenizer(tokenizerJson as object, tokenizerConfig);
    } catch (error) {
      throw errors.onnxExportInvalid(dir, `tokenizer.json cannot be loaded (${(error as Error).message})`);
    }
    const ort = await import('onnxruntime-node');
    const threads = options.threads ?? availableParallelism();
    let session: Session;
    try {
      session = await ort.InferenceSession.create(modelPath, { intraOpNumThreads: threads, interOpNumThreads: 1, graphOptimizationLevel: 'all', executionMode: 'sequential' });
    } catch (error) {
      throw errors.onnxExportInvalid(dir, `onnxruntime cannot load model.onnx (${(error as Error).message})`);
    }
    const expectedInputs = ['input_ids', 'attention_mask', 'position_ids'];
    const expectedOutputs = ['logits'];
    for (let i = 0; i < manifest.layers; i++) {
      expectedInputs.push(`past_key_values.${i}.key`, `past_key_values.${i}.value`);
      expectedOutputs.push(`present.${i}.key`, `present.${i}.value`);
    }
    const missingIn = expectedInputs.filter((n) => !session.inputNames.includes(n));
    const extraIn = session.inputNames.filter((n) => !expectedInputs.includes(n));
    const missingOut = expectedOutputs.filter((n) => !session.outputNames.includes(n));
    if (missingIn.length > 0 || extraIn.length > 0 || missingOut.length > 0) {
      await session.release();
      const parts = [];
      if (missingIn.length) parts.push(`missing inputs ${missingIn.slice(0, 4).join(', ')}${missingIn.length > 4 ? ' …' : ''}`);
      if (extraIn.length) parts.push(`unexpected inputs ${extraIn.slice(0, 4).join(', ')}`);
      if (missingOut.length) parts.push(`missing outputs ${missingOut.slice(0, 4).join(', ')}`);
      throw errors.onnxExportInvalid(dir, `the graph does not match its manifest (${manifest.layers} layers with past key/values): ${parts.join('; ')}; re-export`);
    }
    const lm = new OnnxCausalLM(dir, manifest, tokenizer, templateSource, ort, session, threads, tokenizerConfig);
    if (options.prefillChunk !== undefined) lm.prefillChunk = options.prefillChunk;
    if (options.prefixCacheTokens !== undefined && options.prefixCacheTokens > 0) lm.prefixCache = new PrefixCache(options.prefixCacheTokens);
    return lm;
  }

  /** The chat template applied to a conversation (with the generation prompt when asked). */
  render(messages: readonly ChatMessage[], tools: readonly ToolSchema[] = [], addGenerationPrompt = true): string {
    return this.template.render({
      messages: messages.map(normalize),
      tools: tools.length > 0 ? tools : undefined,
      add_generation_prompt: addGenerationPrompt,
      ...this.specialTokens,
    });
  }

  encode(text: string): number[] {
    return this.tokenizer.encode(text, { add_special_tokens: false }).ids;
  }

  /** Sampled ids back to text; stop tokens are left out, other special tokens (`<tool_call>`) kept. */
  decode(ids: readonly number[]): string {
    return this.tokenizer.decode(
      ids.filter((id) => !this.stopIds.has(id)),
      { skip_special_tokens: false },
    );
  }

  /**
   * Continue each prompt (token ids) in one batch: left-padded prefill, then one step per token
   * with the cache, until every row stopped or ran out of tokens.
   */
  async generate(prompts: readonly (readonly number[])[], sampling: SamplingOptions): Promise<GeneratedRow[]> {
    const { ort, manifest } = this;
    const B = prompts.length;
    if (B === 0) return [];
    const L = Math.max(...prompts.map((p) => p.length));
    const perRow = prompts.map((_, b) => ({ ...{ maxNewTokens: sampling.maxNewTokens, temperature: sampling.temperature, topP: sampling.topP }, ...(sampling.rows?.[b] ?? {}) }));
    const maxNewTokens = Math.max(...perRow.map((r) => r.maxNewTokens));
    if (prompts.some((p) => p.length === 0)) throw errors.onnxExportInvalid(this.dir, 'generate was given an empty prompt');
    const total = L + maxNewTokens;
    const mask = new BigInt64Array(B * total);
    const ids = new BigInt64Array(B * L);
    const positions = new BigInt64Array(B * L);
    const nextPosition: number[] = [];
    for (let b = 0; b < B; b++) {
      const p = prompts[b];
      const offset = L - p.length;
      for (let t = 0; t < L; t++) {
        ids[b * L + t] = BigInt(t < offset ? manifest.padId : p[t - offset]);
        positions[b * L + t] = BigInt(Math.max(0, t - offset));
        if (t >= offset) mask[b * total + t] = 1n;
      }
      nextPosition.push(p.length);
    }
    // Rows whose beginning is cached start their prefill later: the pass starts at the first column
    // some row must compute (`start`); what lies before it comes from the cache (zeros where padded).
    const hits = prompts.map((p) => (this.prefixCache === undefined ? undefined : this.prefixCache.find(p, this.minPrefix)));
    const start = L - Math.max(...prompts.map((p, b) => p.length - (hits[b]?.length ?? 0)));
    const H = manifest.kvHeads;
    const D = manifest.headDim;
    const feeds: Record<string, OrtTensor> = {};
    for (let i = 0; i < manifest.layers; i++) {
      const keys = new Float32Array(B * H * start * D);
      const values = new Float32Array(B * H * start * D);
      for (let b = 0; b < B && start > 0; b++) {
        const hit = hits[b];
        const offset = L - prompts[b].length;
        const n = start - offset;
        if (hit === undefined || n <= 0) continue;
        const len = hit.entry.ids.length;
        for (let h = 0; h < H; h++) {
          const to = ((b * H + h) * start + offset) * D;
          keys.set(hit.entry.keys[i].subarray(h * len * D, (h * len + n) * D), to);
          values.set(hit.entry.values[i].subarray(h * len * D, (h * len + n) * D), to);
        }
      }
      feeds[`past_key_values.${i}.key`] = new ort.Tensor('float32', keys, [B, H, start, D]);
      feeds[`past_key_values.${i}.value`] = new ort.Tensor('float32', values, [B, H, start, D]);
    }
    if (this.prefixCache !== undefined) {
      for (const [b, hit] of hits.entries()) {
        const reused = start - (L - prompts[b].length);
        if (hit === undefined || reused <= 0) continue;
        this.prefixCache.hits++;
        this.prefixCache.reusedTokens += reused;
      }
    }
    const randoms = (sampling.seeds ?? prompts.map(() => 0)).map((seed) => seededRandom(seed));
    const rows: GeneratedRow[] = prompts.map((p) => ({ ids: [], logprobs: [], finish: 'length', promptTokens: p.length }));
    const done = new Array<boolean>(B).fill(false);
    // The prompt goes in by chunks: the graph's attention is eager, so one pass over a prompt of S
    // tokens holds B × heads × S × S scores; a chunk of C tokens holds B × heads × C × S.
    const chunk = Math.max(1, this.prefillChunk);
    for (let from = start; from + chunk < L; from += chunk) {
      const to = from + chunk;
      feeds.input_ids = new ort.Tensor('int64', sliceColumns(ids, B, L, from, to), [B, to - from]);
      feeds.position_ids = new ort.Tensor('int64', sliceColumns(positions, B, L, from, to), [B, to - from]);
      feeds.attention_mask = new ort.Tensor('int64', sliceMask(mask, B, total, to), [B, to]);
      const out = await this.session.run(feeds);
      for (let i = 0; i < manifest.layers; i++) {
        feeds[`past_key_values.${i}.key`] = out[`present.${i}.key`];
        feeds[`past_key_values.${i}.value`] = out[`present.${i}.value`];
      }
    }
    const lastFrom = start + Math.floor((L - 1 - start) / chunk) * chunk;
    let inputIds = sliceColumns(ids, B, L, lastFrom, L);
    let inputPositions = sliceColumns(positions, B, L, lastFrom, L);
    let step = L;
    let length = L - lastFrom;
    for (let t = 0; t < maxNewTokens; t++) {
      feeds.input_ids = new ort.Tensor('int64', inputIds, [B, length]);
      feeds.position_ids = new ort.Tensor('int64', inputPositions, [B, length]);
      feeds.attention_mask = new ort.Tensor('int64', sliceMask(mask, B, total, step), [B, step]);
      const out = await this.session.run(feeds);
      const logits = out.logits.data as Float32Array;
      const V = manifest.vocabSize;
      const limit = Math.min(V, manifest.tokenizerSize || V);
      const chosen = new BigInt64Array(B);
      const chosenPositions = new BigInt64Array(B);
      for (let b = 0; b < B; b++) {
        const row = logits.subarray(b * V, b * V + limit);
        // A row that finished earlier is fed padding, masked out; its cache entries are never read.
        mask[b * total + step] = done[b] ? 0n : 1n;
        if (done[b]) {
          chosen[b] = BigInt(manifest.padId);
        } else {
          const { id, logprob } = pick(row, perRow[b].temperature, perRow[b].topP, randoms[b]);
          rows[b].ids.push(id);
          rows[b].logprobs.push(logprob);
          chosen[b] = BigInt(id);
          if (!sampling.ignoreStop && this.stopIds.has(id)) {
            done[b] = true;
            rows[b].finish = 'stop';
          } else if (rows[b].ids.length >= perRow[b].maxNewTokens) {
            done[b] = true;
          }
        }
        chosenPositions[b] = BigInt(nextPosition[b]++);
      }
      for (let i = 0; i < manifest.layers; i++) {
        feeds[`past_key_values.${i}.key`] = out[`present.${i}.key`];
        feeds[`past_key_values.${i}.value`] = out[`present.${i}.value`];
      }
      if (done.every(Boolean) || t === maxNewTokens - 1) {
        if (this.prefixCache !== undefined) this.keep(prompts, rows, feeds, mask, total, L);
        break;
      }
      inputIds = chosen;
      inputPositions = chosenPositions;
      length = 1;
      step++;
    }
    return rows;
  }

  /** Each row's keys and values (prompt and the new tokens that went through the model) into the prefix cache. */
  private keep(prompts: readonly (readonly number[])[], rows: GeneratedRow[], feeds: Record<string, OrtTensor>, mask: BigInt64Array, total: number, L: number): void {
    const { layers, kvHeads: H, headDim: D } = this.manifest;
    const width = feeds['past_key_values.0.key'].dims[2];
    for (let b = 0; b < prompts.length; b++) {
      const offset = L - prompts[b].length;
      let valid = 0;
      while (offset + valid < width && mask[b * total + offset + valid] === 1n) valid++;
      const ids = [...prompts[b], ...rows[b].ids].slice(0, valid);
      if (ids.length < this.minPrefix) continue;
      const keys: Float32Array[] = [];
      const values: Float32Array[] = [];
      for (let i = 0; i < layers; i++) {
        const k = feeds[`past_key_values.${i}.key`].data as Float32Array;
        const v = feeds[`past_key_values.${i}.value`].data as Float32Array;
        const kOut = new Float32Array(H * valid * D);
        const vOut = new Float32Array(H * valid * D);
        for (let h = 0; h < H; h++) {
          const from = ((b * H + h) * width + offset) * D;
          kOut.set(k.subarray(from, from + valid * D), h * valid * D);
          vOut.set(v.subarray(from, from + valid * D), h * valid * D);
        }
        keys.push(kOut);
        values.push(vOut);
      }
      this.prefixCache!.add({ ids, keys, values });
    }
  }

  async release(): Promise<void> {
    await this.session.release();
  }
}

function sliceColumns(matrix: BigInt64Array, B: number, width: number, from: number, to: number): BigInt64Array {
  if (from === 0 && to === width) return matrix;
  const out = new BigInt64Array(B * (to - from));
  for (let b = 0; b < B; b++) out.set(matrix.subarray(b * width + from, b * width + to), b * (to - from));
  return out;
}

function sliceMask(mask: BigInt64Array, B: number, total: number, width: number): BigInt64Array {
  const out = new BigInt64Array(B * width);
  for (let b = 0; b < B; b++) out.set(mask.subarray(b * total, b * total + width), b * width);
  return out;
}

/** One token from a row of logits: argmax at temperature 0, else a draw from the top-p nucleus. */
export function pick(logits: Float32Array, temperature: number, topP: number, random: () => number): { id: number; logprob: number } {
  const n = logits.length;
  let best = 0;
  for (let i = 1; i < n; i++) if (logits[i] > logits[best]) best = i;
  const scale = temperature > 0 ? 1 / temperature : 1;
  const max = logits[best] * scale;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += Math.exp(logits[i] * scale - max);
  const logZ = max + Math.log(sum);
  if (temperature <= 0) return { id: best, logprob: logits[best] - logZ };
  // Probabilities in descending order, cut where the mass before a token reaches top-p.
  const order = Array.from({ length: n }, (_, i) => i);
  const probs = new Float64Array(n);
  for (let i = 0; i < n; i++) probs[i] = Math.exp(logits[i] * scale - logZ);
  let kept = n;
  if (topP < 1) {
    order.sort((a, b) => probs[b] - probs[a] || a - b);
    let mass = 0;
    for (let k = 0; k < n; k++) {
      if (mass >= topP) {
        kept = k;
        break;
      }
      mass += probs[order[k]];
    }
  }
  let keptMass = 0;
  for (let k = 0; k < kept; k++) keptMass += probs[order[k]];
  let r = random() * keptMass;
  let id = order[kept - 1];
  for (let k = 0; k < kept; k++) {
    r -= probs[order[k]];
    if (r <= 0) {
      id = order[k];
      break;
    }
  }
  return { id, logprob: logits[id] * scale - logZ };
}
