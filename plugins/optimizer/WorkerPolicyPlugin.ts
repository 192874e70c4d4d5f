import { errors, type Completion, type Engine, type GenerationDraft, type ProvePlugin } from '../../core/index.js';
import { STAGES } from '../stages.js';
import { hermesCompletion } from '../policy/parseToolCalls.js';
import { RequestBatcher } from '../policy/RequestBatcher.js';
import { TrainingWorker, type GenerateRequest, type GenerateResult, type SamplingSettings } from './TrainingWorker.js';

const PLUGIN_NAME = 'WorkerPolicyPlugin';

/** Options of {@link WorkerPolicyPlugin}. */
export interface WorkerPolicyOptions extends Partial<SamplingSettings> {
  /** The worker to sample from (shared with GrpoOptimizerPlugin); else one is started for `model`. */
  worker?: TrainingWorker;
  /** A Hugging Face model folder (or a `prove-rl train` checkpoint) to load into an own worker. */
  model?: string;
  python?: string;
  device?: string;
  seed?: number;
  /** Milliseconds to gather requests into one batch when no lockstep round is open. */
  batchWindowMs?: number;
}

/**
 * A policy served by the PyTorch worker, token in and token out: each rollout's conversation lives
 * in the worker as the token ids the model sampled (plus the template-rendered tool results and user
 * turns), so training sees exactly what was sampled, with its sampling log-probs. Tool calls are read
 * from the sampled text in Hermes form (`<tool_call>{…}</tool_call>`).
 *
 * Requests are batched. In a lockstep round (the trainer announces how many rollouts are live), a
 * batch goes out when every live rollout is waiting for its next turn, so the batches, and with
 * them the samples, are the same on every run with the same seed. Outside a round, requests that
 * arrive within `batchWindowMs` share a batch.
 */
export class WorkerPolicyPlugin implements ProvePlugin {
  static readonly pluginName = PLUGIN_NAME;
  static readonly description = 'policy: a Hugging Face model in the PyTorch training worker, token in and token out';
  static readonly commands = [];

  readonly name = PLUGIN_NAME;
  readonly worker: TrainingWorker;
  readonly sampling: SamplingSettings;
  /** Turns sampled, and their new tokens, since the last reset of the counters. */
  readonly counters = { turns: 0, newTokens: 0, seconds: 0, batches: 0 };
  private readonly ownsWorker: boolean;
  private loaded?: Promise<unknown>;
  private live?: number;
  private readonly batcher: RequestBatcher<GenerateRequest, GenerateResult>;
  private anonymous = 0;

  constructor(private readonly options: WorkerPolicyOptions = {}) {
    if (!options.worker && !options.model) throw errors.invalidPluginOptions(PLUGIN_NAME, '"model"', options.model, 'give a model folder (or a shared worker)');
    this.worker = options.worker ?? new TrainingWorker({ python: options.python });
    this.ownsWorker = options.worker === undefined;
    this.sampling = {
      maxNewTokens: options.maxNewTokens ?? 256,
      maxContextTokens: options.maxContextTokens ?? 8192,
      temperature: options.temperature ?? 1.0,
      topP: options.topP ?? 1.0,
    };
    // In a lockstep round a batch waits for every live rollout; outside one, for the window.
    this.batcher = new RequestBatcher((requests) => this.generate(requests), {
      windowMs: options.batchWindowMs ?? 5,
      ready: (waiting) => (this.live === undefined ? undefined : waiting >= this.live),
    });
  }

  apply(engine: Engine): void {
    if (this.ownsWorker) engine.addTeardown(() => this.worker.close());
    engine.hooks.onGenerate.tapPromise({ name: this.name, stage: STAGES.onGenerate.policy }, async (draft) => {
      if (draft.completion !== undefined || draft.purpose !== 'assistant') return draft;
      draft.completion = await this.complete(draft);
      return draft;
    });
  }

  private ready(): Promise<unknown> {
    if (!this.ownsWorker) return Promise.resolve();
    this.loaded ??= this.worker.request('load', { model: this.options.model, device: this.options.device ?? 'auto', seed: this.options.seed ?? 0 });
    return this.loaded;
  }

  /** Open a lockstep round of `rollouts` live rollouts; each must end with {@link rolloutDone}. */
  beginRound(rollouts: number): void {
    this.live = rollouts;
  }

  /** A rollout of the round will ask for no more turns. */
  rolloutDone(): void {
    if (this.live === undefined) return;
    this.live--;
    this.batcher.schedule();
  }

  endRound(): void {
    this.live = undefined;
    this.batcher.schedule();
  }

  async complete(draft: GenerationDraft): Promise<Completion> {
    await this.ready();
    const meta = draft.meta ?? {};
    const keyed = typeof meta.exampleId === 'string' && typeof meta.rollout === 'number';
    const request: GenerateRequest = {
      key: keyed ? `${meta.exampleId as string}#${meta.rollout as number}` : `anonymous-${this.anonymous++}`,
      messages: draft.messages,
      tools: draft.tools,
      seed: draft.seed,
      new: !keyed || meta.step === 0,
    };
    const started = performance.now();
    const result = await this.batcher.push(request);
    return hermesCompletion(result.text, result, performance.now() - started);
  }

  private async generate(requests: GenerateRequest[]): Promise<GenerateResult[]> {
    const answer = await this.worker.generate(requests, this.sampling);
    const byKey = new Map(answer.results.map((r) => [r.key, r]));
    this.counters.turns += requests.length;
    this.counters.newTokens += answer.newTokens;
    this.counters.seconds += answer.seconds;
    this.counters.batches++;
    return requests.map((r) => byKey.get(r.key)!);
  }

  resetCounters(): void {
    Object.assign(this.counters, { turns: 0, newTokens: 0, seconds: 0, batches: 0 });
  }
}

export default WorkerPolicyPlugin;
