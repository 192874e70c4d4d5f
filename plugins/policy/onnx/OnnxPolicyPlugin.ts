import {
  errors,
  validatePluginOptions,
  STAGE_DEFAULT,
  type Completion,
  type Engine,
  type GenerationDraft,
  type GenerationPurpose,
  type JsonSchema,
  type ProvePlugin,
} from '../../../core/index.js';
import { hermesCompletion } from '../parseToolCalls.js';
import { RequestBatcher } from '../RequestBatcher.js';
import { OnnxCausalLM, type GeneratedRow } from './OnnxCausalLM.js';

const PLUGIN_NAME = 'OnnxPolicyPlugin';

/** Options of {@link OnnxPolicyPlugin}. */
export interface OnnxPolicyOptions {
  /** Folder written by `prove-rl export --format onnx`. */
  model: string;
  /** 0 is greedy. */
  temperature?: number;
  topP?: number;
  maxNewTokens?: number;
  /** Base seed; each draft samples with `seed + draft.seed`, so rollouts of a group differ and a rerun repeats them. */
  seed?: number;
  /** Rows decoded together at most. */
  maxBatch?: number;
  /** Milliseconds to gather requests into one batch. */
  batchWindowMs?: number;
  /** onnxruntime intra-op threads (default: the cores this process may use). */
  threads?: number;
  /**
   * onnxruntime's threads spin-wait for work between operators instead of sleeping: faster on a
   * machine whose cores are free for this process, slower on a shared one (a spinning thread holds
   * a core that others wait for). Default false.
   */
  spin?: boolean;
  /**
   * Tokens of keys and values kept from earlier generations, reused by prompts that begin the same
   * way (each turn of a chat repeats the last one): 0 turns it off. SmolLM2-135M: 46 KB a token.
   */
  prefixCacheTokens?: number;
  purposes?: GenerationPurpose[];
}

type Resolved = Required<Omit<OnnxPolicyOptions, 'threads'>> & Pick<OnnxPolicyOptions, 'threads'>;

const OPTIONS_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    model: { type: 'string', minLength: 1 },
    temperature: { type: 'number', minimum: 0, maximum: 2, default: 0 },
    topP: { type: 'number', exclusiveMinimum: 0, maximum: 1, default: 1 },
    maxNewTokens: { type: 'integer', minimum: 1, default: 256 },
    seed: { type: 'integer', default: 0 },
    maxBatch: { type: 'integer', minimum: 1, maximum: 256, default: 8 },
    batchWindowMs: { type: 'integer', minimum: 0, default: 5 },
    threads: { type: 'integer', minimum: 1 },
    spin: { type: 'boolean', default: false },
    prefixCacheTokens: { type: 'integer', minimum: 0, default: 16384 },
    purposes: { type: 'array', items: { enum: ['query', 'assistant', 'user', 'response'] }, minItems: 1, uniqueItems: true, default: ['assistant'] },
  },
  required: ['model'],
  additionalProperties: false,
};

/** Per-request settings (an OpenAI-compatible request's max_tokens, temperature, top_p, seed). */
export interface CompletionSettings {
  maxNewTokens?: number;
  temperature?: number;
  topP?: number;
  /** Replaces `options.seed + draft.seed`. */
  seed?: number;
}

interface Waiting {
  prompt: number[];
  seed: number;
  settings: CompletionSettings;
}

/**
 * A policy run in Node: a model exported by `prove-rl export --format onnx`, on onnxruntime-node.
 * Drafts are rendered with the export's chat template, batched (requests that arrive within
 * `batchWindowMs`, up to `maxBatch` rows) and decoded with a KV cache; tool calls are read from the
 * text in Hermes form (`<tool_call>{…}</tool_call>`) by the project's parser. No Python at run time.
 */
export class OnnxPolicyPlugin implements ProvePlugin {
  static readonly pluginName = PLUGIN_NAME;
  static readonly description = 'policy: a model exported to ONNX (prove-rl export --format onnx), run in Node with onnxruntime-node';
  static readonly commands = [];
  static readonly optionsSchema = OPTIONS_SCHEMA;

  readonly name = PLUGIN_NAME;
  readonly options: Resolved;
  /** Turns, new tokens, batches and decoding seconds since construction. */
  readonly counters = { turns: 0, newTokens: 0, promptTokens: 0, batches: 0, seconds: 0 };
  private loading?: Promise<OnnxCausalLM>;
  private readonly batcher: RequestBatcher<Waiting, GeneratedRow>;

  constructor(options: OnnxPolicyOptions) {
    this.options = validatePluginOptions<Resolved>(PLUGIN_NAME, OPTIONS_SCHEMA, options ?? {});
    this.batcher = new RequestBatcher((batch) => this.generate(batch), { windowMs: this.options.batchWindowMs, maxBatch: this.options.maxBatch });
  }

  /** The loaded model (loaded once, on first use or here). */
  model(): Promise<OnnxCausalLM> {
    this.loading ??= OnnxCausalLM.load(this.options.model, { threads: this.options.threads, spin: this.options.spin, prefixCacheTokens: this.options.prefixCacheTokens });
    return this.loading;
  }

  apply(engine: Engine): void {
    engine.addTeardown(() => this.close());
    engine.hooks.onGenerate.tapPromise({ name: this.name, stage: STAGE_DEFAULT }, async (draft) => {
      if (draft.completion !== undefined || !this.options.purposes.includes(draft.purpose)) return draft;
      draft.completion = await this.complete(draft);
      return draft;
    });
  }

  async close(): Promise<void> {
    if (!this.loading) return;
    const model = await this.loading.catch(() => undefined);
    this.loading = undefined;
    await model?.release();
  }

  /** One completion: the conversation rendered and tokenized, decoded in the next batch, parsed. */
  async complete(draft: Pick<GenerationDraft, 'messages' | 'tools' | 'seed'>, settings: CompletionSettings = {}): Promise<Completion> {
    const model = await this.model();
    const started = performance.now();
    const prompt = model.encode(model.render(draft.messages, draft.tools, true));
    const limit = model.manifest.maxPositions ?? Infinity;
    if (prompt.length >= limit) throw errors.modelContextExceeded(model.dir, prompt.length, limit);
    const row = await this.batcher.push({ prompt, seed: (settings.seed ?? this.options.seed + draft.seed) >>> 0, settings });
    const completion = hermesCompletion(model.decode(row.ids), row);
    completion.latencyMs = performance.now() - started;
    return completion;
  }

  private async generate(batch: Waiting[]): Promise<GeneratedRow[]> {
    const started = performance.now();
    const model = await this.model();
    const limit = model.manifest.maxPositions ?? Infinity;
    const longest = Math.max(...batch.map((w) => w.prompt.length));
    const room = Math.max(1, limit - longest);
    const o = this.options;
    const rows = await model.generate(
      batch.map((w) => w.prompt),
      {
        maxNewTokens: Math.min(o.maxNewTokens, room),
        temperature: o.temperature,
        topP: o.topP,
        seeds: batch.map((w) => w.seed),
        rows: batch.map(({ settings: r }) => ({ maxNewTokens: Math.min(r.maxNewTokens ?? o.maxNewTokens, room), temperature: r.temperature ?? o.temperature, topP: r.topP ?? o.topP })),
      },
    );
    this.counters.batches++;
    this.counters.seconds += (performance.now() - started) / 1000;
    for (const row of rows) {
      this.counters.turns++;
      this.counters.newTokens += row.ids.length;
      this.counters.promptTokens += row.promptTokens;
    }
    return rows;
  }
}

export default OnnxPolicyPlugin;
