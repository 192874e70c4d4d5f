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
  /** What `present.{i}.*` hold: the keys and values of the tokens fed only (version 2), or the whole cache (version 1, absent). */
  present?: 'new' | 'total';
  logits: 'last';
  stopIds: number[];
  padId: number;
  chatTemplate: string;
  chatTemplateNote?: string;
  maxPositions?: number | null;
  /** How the export traced attention ("grouped, lean shapes", "grouped", "eager"); informative. */
  attention?: string;
}

export const MANIFEST_FILE = 'prove_onnx.json';
const FORMAT = 'prove-onnx-causal-lm';
/** Version 2 graphs return the new tokens' keys and values only; version 1 graphs (the whole cache) still load. */
const VERSIONS = [1, 2];

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

/** Where the time of the last `generate` went (tokens the model computed, not the ones reused). */
export interface GenerateStats {
  /** Prompt tokens the prefill computed (the prompts' tokens but the last of each, less those reused). */
  prefillTokens: number;
  /** Prompt tokens taken from another prompt of the same batch that begins the same way. */
  sharedTokens: number;
  /** Prompt tokens taken from the prefix cache (earlier generations). */
  cachedTokens: number;
  prefillSeconds: number;
  steps: number;
  /** Rows fed over all steps: a row that finished and left the batch is fed no more. */
  rowSteps: number;
  decodeSeconds: number;
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
  /**
   * Finished rows leave the decoding batch when at least this many steps may remain (the move costs
   * about one step's reading of the cache; each step saved skips the finished rows' share of it).
   */
  minStepsToDrop = 2;
  /**
   * Prompts of one batch that begin with the same tokens (a system turn and tool list, a GRPO
   * group's prompt) prefill that beginning once: the later ones start from the earlier one's keys
   * and values, as from the prefix cache.
   */
  shareBatchPrefixes = true;
  /** What the last `generate` computed and how long it took. */
  lastStats?: GenerateStats;
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
    /** Whether onnxruntime's threads spin-wait between operators (`load`'s `spin`). */
    readonly spin: boolean,
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
  static async load(directory: string, options: { threads?: number; prefillChunk?: number; prefixCacheTokens?: number; spin?: boolean } = {}): Promise<OnnxCausalLM> {
    const dir = resolve(directory);
    if (!existsSync(dir)) throw errors.onnxExportInvalid(dir, 'the folder does not exist; create it with prove-rl export --format onnx --model … --out DIR');
    const manifest = readJson(dir, MANIFEST_FILE, 'the manifest prove-rl export writes') as OnnxManifest;
    if (manifest.format !== FORMAT) throw errors.onnxExportInvalid(dir, `${MANIFEST_FILE} says format ${JSON.stringify(manifest.format)}, expected ${FORMAT}`);
    if (!VERSIONS.includes(manifest.version)) throw errors.onnxExportInvalid(dir, `export format version ${manifest.version}; this prove reads versions ${VERSIONS.join(' and ')}: re-export`);
    if (manifest.version === 1) manifest.present = 'total';
    else if (manifest.present !== 'new') throw errors.onnxExportInvalid(dir, `${MANIFEST_FILE} (version 2) says present ${JSON.stringify(manifest.present)}, expected "new"`);
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
      // Threads sleep between operators unless `spin`: a spinning thread holds its core, and on a
      // shared machine the other threads' work waits behind it (a SmolLM2 decoding step, batch 8,
      // 800 tokens of cache, measured at load 10 on 2 cores: 1.6 s wall spinning, 0.75 s not).
      const spinning = options.spin === true ? '1' : '0';
      session = await ort.InferenceSession.create(modelPath, {
        intraOpNumThreads: threads,
        interOpNumThreads: 1,
        graphOptimizationLevel: 'all',
        executionMode: 'sequential',
        extra: { session: { intra_op: { allow_spinning: spinning }, inter_op: { allow_spinning: spinning } } },
      });
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
    const lm = new OnnxCausalLM(dir, manifest, tokenizer, templateSource, ort, session, threads, options.spin === true, tokenizerConfig);
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
   * Continue each prompt (token ids) in one batch: each distinct prompt prefilled alone, then one
   * batched step per token with the cache (rows left-padded), until every row stopped or ran out of tokens.
   */
  async generate(prompts: readonly (readonly number[])[], sampling: SamplingOptions): Promise<GeneratedRow[]> {
    const { ort, manifest } = this;
    const { layers, kvHeads: H, headDim: D } = manifest;
    const B = prompts.length;
    if (B === 0) return [];
    if (prompts.some((p) => p.length === 0)) throw errors.onnxExportInvalid(this.dir, 'generate was given an empty prompt');
    const L = Math.max(...prompts.map((p) => p.length));
    const perRow = prompts.map((_, b) => ({ ...{ maxNewTokens: sampling.maxNewTokens, temperature: sampling.temperature, topP: sampling.topP }, ...(sampling.rows?.[b] ?? {}) }));
    const maxNewTokens = Math.max(...perRow.map((r) => r.maxNewTokens));
    // The batch's cache: C columns per row, prompts left-padded (row b's token j in column
    // L - len_b + j), then one column per token fed. Each step feeds all C columns, the unused ones
    // masked out, so nothing is reallocated or concatenated per token; the graph returns the new
    // token's keys and values only, written into its column here. `mask` is the attention mask of
    // a step: the C columns, then the token fed.
    const C = L - 1 + maxNewTokens;
    const keys = Array.from({ length: layers }, () => new Float32Array(B * H * C * D));
    const values = Array.from({ length: layers }, () => new Float32Array(B * H * C * D));
    const mask = new BigInt64Array(B * (C + 1));
    // Each distinct prompt is prefilled alone, all but its last token (no padding computed, a
    // shared prompt once); the batch then starts by feeding every row its last prompt token.
    const prefilled = new Map<string, CachedPrefix>();
    const batchPrefixes = this.shareBatchPrefixes ? new PrefixCache(Number.POSITIVE_INFINITY) : undefined;
    const stats: GenerateStats = { prefillTokens: 0, sharedTokens: 0, cachedTokens: 0, prefillSeconds: 0, steps: 0, rowSteps: 0, decodeSeconds: 0 };
    this.lastStats = stats;
    const prefillStarted = performance.now();
    for (let b = 0; b < B; b++) {
      const p = prompts[b];
      const key = p.join(',');
      let row = prefilled.get(key);
      if (row === undefined) {
        row = await this.prefill(p.slice(0, -1), batchPrefixes, stats);
        prefilled.set(key, row);
        batchPrefixes?.add(row);
      }
      const n = p.length - 1;
      const offset = L - p.length;
      for (let i = 0; i < layers; i++) {
        for (let h = 0; h < H; h++) {
          const to = ((b * H + h) * C + offset) * D;
          keys[i].set(row.keys[i].subarray(h * n * D, (h + 1) * n * D), to);
          values[i].set(row.values[i].subarray(h * n * D, (h + 1) * n * D), to);
        }
      }
      mask.fill(1n, b * (C + 1) + offset, b * (C + 1) + offset + n);
    }
    prefilled.clear();
    batchPrefixes?.clear();
    stats.prefillSeconds = (performance.now() - prefillStarted) / 1000;
    const decodeStarted = performance.now();
    const feeds: Record<string, OrtTensor> = {};
    const randoms = (sampling.seeds ?? prompts.map(() => 0)).map((seed) => seededRandom(seed));
    const rows: GeneratedRow[] = prompts.map((p) => ({ ids: [], logprobs: [], finish: 'length', promptTokens: p.length }));
    const done = new Array<boolean>(B).fill(false);
    const kept = new Array<boolean>(B).fill(false);
    // The rows still decoding: batch position r holds row active[r]. A row that finishes is fed
    // padding (masked out) until the batch drops it (`compact`), which it does while enough steps
    // remain: every step reads each row's whole cache, so a finished row costs as much as a live one.
    let active = prompts.map((_, b) => b);
    let inputIds = BigInt64Array.from(prompts, (p) => BigInt(p[p.length - 1]));
    let positions = BigInt64Array.from(prompts, (p) => BigInt(p.length - 1));
    for (let b = 0; b < B; b++) mask[b * (C + 1) + C] = 1n;
    const bind = () => {
      const n = active.length;
      for (let i = 0; i < layers; i++) {
        feeds[`past_key_values.${i}.key`] = new ort.Tensor('float32', keys[i].subarray(0, n * H * C * D), [n, H, C, D]);
        feeds[`past_key_values.${i}.value`] = new ort.Tensor('float32', values[i].subarray(0, n * H * C * D), [n, H, C, D]);
      }
      feeds.attention_mask = new ort.Tensor('int64', mask.subarray(0, n * (C + 1)), [n, C + 1]);
      feeds.input_ids = new ort.Tensor('int64', inputIds, [n, 1]);
      feeds.position_ids = new ort.Tensor('int64', positions, [n, 1]);
    };
    // Moves the live rows to the front of every buffer (in place: a row only moves to a lower position).
    const compact = () => {
      const keepAt = active.map((b, r) => (done[b] ? -1 : r)).filter((r) => r >= 0);
      const size = H * C * D;
      for (const [to, from] of keepAt.entries()) {
        if (to === from) continue;
        for (let i = 0; i < layers; i++) {
          keys[i].copyWithin(to * size, from * size, (from + 1) * size);
          values[i].copyWithin(to * size, from * size, (from + 1) * size);
        }
        mask.copyWithin(to * (C + 1), from * (C + 1), (from + 1) * (C + 1));
      }
      inputIds = BigInt64Array.from(keepAt, (r) => inputIds[r]);
      positions = BigInt64Array.from(keepAt, (r) => positions[r]);
      active = keepAt.map((r) => active[r]);
      bind();
    };
    bind();
    const V = manifest.vocabSize;
    const limit = Math.min(V, manifest.tokenizerSize || V);
    for (let t = 0; t < maxNewTokens; t++) {
      const column = L - 1 + t;
      const n = active.length;
      const out = await this.session.run(feeds);
      stats.steps++;
      stats.rowSteps += n;
      for (let i = 0; i < layers; i++) {
        this.storeNew(out[`present.${i}.key`], keys[i], n, C, column, C);
        this.storeNew(out[`present.${i}.value`], values[i], n, C, column, C);
      }
      const logits = out.logits.data as Float32Array;
      let finished = 0;
      for (let r = 0; r < n; r++) {
        const b = active[r];
        // The token just fed goes into its column, as the step saw it (masked when the row had finished).
        mask[r * (C + 1) + column] = mask[r * (C + 1) + C];
        // A row that finished earlier is fed padding, masked out; its cache entries are never read.
        mask[r * (C + 1) + C] = done[b] ? 0n : 1n;
        if (done[b]) {
          inputIds[r] = BigInt(manifest.padId);
        } else {
          const { id, logprob } = pick(logits.subarray(r * V, r * V + limit), perRow[b].temperature, perRow[b].topP, randoms[b]);
          rows[b].ids.push(id);
          rows[b].logprobs.push(logprob);
          inputIds[r] = BigInt(id);
          if (!sampling.ignoreStop && this.stopIds.has(id)) {
            done[b] = true;
            rows[b].finish = 'stop';
          } else if (rows[b].ids.length >= perRow[b].maxNewTokens) {
            done[b] = true;
          }
        }
        if (done[b]) finished++;
        positions[r]++;
      }
      const last = finished === n || t === maxNewTokens - 1;
      if (this.prefixCache !== undefined) {
        // A row's keys and values go to the prefix cache when it finishes (before the batch drops it), the others' at the end.
        const now = active.flatMap((b, r) => ((last || done[b]) && !kept[b] ? [{ r, b }] : []));
        for (const { b } of now) kept[b] = true;
        this.keep(now, prompts, rows, keys, values, mask, C, L);
      }
      if (last) break;
      if (finished > 0 && maxNewTokens - 1 - t >= this.minStepsToDrop) compact();
    }
    stats.decodeSeconds = (performance.now() - decodeStarted) / 1000;
    return rows;
  }

  /**
   * The keys or values of the S tokens just fed (`out`) into columns `column…column+S` of a cache
   * laid out [B, H, width, D]. A version-1 export returns the whole cache ([B, H, past+S, D], the
   * past `past` columns wide): its last S columns are the new ones.
   */
  private storeNew(out: OrtTensor, cache: Float32Array, B: number, width: number, column: number, past: number): void {
    const { kvHeads: H, headDim: D } = this.manifest;
    const data = out.data as Float32Array;
    const outWidth = out.dims[2];
    const S = this.manifest.present === 'new' ? outWidth : outWidth - past;
    const skip = outWidth - S;
    for (let r = 0; r < B * H; r++) cache.set(data.subarray((r * outWidth + skip) * D, (r + 1) * outWidth * D), (r * width + column) * D);
  }

  /**
   * The keys and values of one prompt (batch of one, no padding), laid out [H, n, D] per layer: from
   * the longest beginning found in the prefix cache or among the batch's prompts prefilled before
   * (`batch`), the rest by chunks of
   * `prefillChunk` tokens, each fed with the exact cache before it. The graph's attention is eager,
   * so one pass over S tokens holds heads × S × S scores; a chunk of C holds heads × C × S.
   */
  private async prefill(ids: readonly number[], batch?: PrefixCache, stats?: GenerateStats): Promise<CachedPrefix> {
    const { ort, manifest } = this;
    const { layers, kvHeads: H, headDim: D } = manifest;
    const n = ids.length;
    const keys = Array.from({ length: layers }, () => new Float32Array(H * n * D));
    const values = Array.from({ length: layers }, () => new Float32Array(H * n * D));
    const cached = n > 0 && this.prefixCache !== undefined ? this.prefixCache.find([...ids, -1], this.minPrefix) : undefined;
    const shared = n > 0 && batch !== undefined ? batch.find([...ids, -1], Math.max(this.minPrefix, (cached?.length ?? 0) + 1)) : undefined;
    const hit = shared ?? cached;
    let from = hit?.length ?? 0;
    if (hit !== undefined) {
      const len = hit.entry.ids.length;
      for (let i = 0; i < layers; i++) {
        for (let h = 0; h < H; h++) {
          keys[i].set(hit.entry.keys[i].subarray(h * len * D, (h * len + from) * D), h * n * D);
          values[i].set(hit.entry.values[i].subarray(h * len * D, (h * len + from) * D), h * n * D);
        }
      }
      if (hit === cached) {
        this.prefixCache!.hits++;
        this.prefixCache!.reusedTokens += from;
        if (stats) stats.cachedTokens += from;
      } else if (stats) {
        stats.sharedTokens += from;
      }
    }
    if (stats) stats.prefillTokens += n - from;
    const chunk = Math.max(1, this.prefillChunk);
    const past = (cache: Float32Array, width: number) => {
      const out = new Float32Array(H * width * D);
      for (let h = 0; h < H; h++) out.set(cache.subarray(h * n * D, (h * n + width) * D), h * width * D);
      return new ort.Tensor('float32', out, [1, H, width, D]);
    };
    while (from < n) {
      const to = Math.min(n, from + chunk);
      const feeds: Record<string, OrtTensor> = {
        input_ids: new ort.Tensor('int64', BigInt64Array.from(ids.slice(from, to), BigInt), [1, to - from]),
        position_ids: new ort.Tensor('int64', BigInt64Array.from({ length: to - from }, (_, t) => BigInt(from + t)), [1, to - from]),
        attention_mask: new ort.Tensor('int64', new BigInt64Array(to).fill(1n), [1, to]),
      };
      for (let i = 0; i < layers; i++) {
        feeds[`past_key_values.${i}.key`] = past(keys[i], from);
        feeds[`past_key_values.${i}.value`] = past(values[i], from);
      }
      const out = await this.session.run(feeds);
      for (let i = 0; i < layers; i++) {
        this.storeNew(out[`present.${i}.key`], keys[i], 1, n, from, from);
        this.storeNew(out[`present.${i}.value`], values[i], 1, n, from, from);
      }
      from = to;
    }
    return { ids: [...ids], keys, values };
  }

  /** Rows' keys and values (prompt and the new tokens that went through the model) into the prefix cache: row b at batch position r. */
  private keep(which: Array<{ r: number; b: number }>, prompts: readonly (readonly number[])[], rows: GeneratedRow[], keys: Float32Array[], values: Float32Array[], mask: BigInt64Array, C: number, L: number): void {
    const { layers, kvHeads: H, headDim: D } = this.manifest;
    for (const { r, b } of which) {
      const offset = L - prompts[b].length;
      let valid = 0;
      while (offset + valid < C && mask[r * (C + 1) + offset + valid] === 1n) valid++;
      const ids = [...prompts[b], ...rows[b].ids].slice(0, valid);
      if (ids.length < this.minPrefix) continue;
      const kept: { keys: Float32Array[]; values: Float32Array[] } = { keys: [], values: [] };
      for (let i = 0; i < layers; i++) {
        const kOut = new Float32Array(H * valid * D);
        const vOut = new Float32Array(H * valid * D);
        for (let h = 0; h < H; h++) {
          const from = ((r * H + h) * C + offset) * D;
          kOut.set(keys[i].subarray(from, from + valid * D), h * valid * D);
          vOut.set(values[i].subarray(from, from + valid * D), h * valid * D);
        }
        kept.keys.push(kOut);
        kept.values.push(vOut);
      }
      this.prefixCache!.add({ ids, ...kept });
    }
  }

  async release(): Promise<void> {
    await this.session.release();
  }
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
