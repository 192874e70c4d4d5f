import { errors, validatePluginOptions, type CommandEntry, type Engine, type JsonSchema, type ProvePlugin, type RolloutGroup } from '../../core/index.js';
import { STAGES } from '../stages.js';
import { modelSourceProblem } from './modelSource.js';
import { TrainingWorker } from './TrainingWorker.js';
import { WorkerPolicyPlugin } from './WorkerPolicyPlugin.js';

const PLUGIN_NAME = 'GrpoOptimizerPlugin';

/** Options of {@link GrpoOptimizerPlugin}; every one has a default (the paper's where it gives one, VERL's otherwise). */
export interface GrpoOptions {
  /** A Hugging Face causal LM folder on disk (config.json, weights, tokenizer with a chat template), or a checkpoint of a run. */
  model?: string;
  /** Python interpreter of the worker (else $PROVE_PYTHON, .venv/bin/python, python3). */
  python?: string;
  /** `auto` (CUDA when present), `cpu`, `cuda`, `cuda:1` … */
  device?: string;
  seed?: number;
  /** LoRA adapters (peft) instead of full fine-tuning. */
  lora?: { r?: number; alpha?: number; targetModules?: string[] } | false;
  /** AdamW learning rate (the paper: 1e-6 for Qwen3-4B). */
  lr?: number;
  weightDecay?: number;
  maxGradNorm?: number;
  /** KL coefficient β to the frozen reference (the paper: 0.01); 0 loads no reference. */
  kl?: number;
  klEstimator?: 'k1' | 'k3';
  /** DAPO's separate clip range: ratio clipped to [1 − clipLow, 1 + clipHigh]. */
  clipLow?: number;
  clipHigh?: number;
  lossMode?: 'token-mean' | 'seq-mean-token-mean' | 'seq-mean-token-sum-norm';
  /** `grpo`: (r − mean) / (std + eps); `drgrpo`: r − mean. */
  advantage?: 'grpo' | 'drgrpo';
  eps?: number;
  /** Rollouts per forward/backward pass (gradient accumulation over them). */
  microBatch?: number;
  /** Optimizer steps per batch of rollouts (PPO mini-batches); more than one makes later ones off-policy, where the clip acts. */
  miniBatches?: number;
  epochs?: number;
  /** The constant L of seq-mean-token-sum-norm (default: maxNewTokens × 10 assistant turns). */
  normLength?: number;
  temperature?: number;
  topP?: number;
  maxNewTokens?: number;
  maxContextTokens?: number;
}

export type ResolvedGrpoOptions = Required<Omit<GrpoOptions, 'model' | 'python' | 'normLength'>> & Pick<GrpoOptions, 'model' | 'python' | 'normLength'>;

const OPTIONS_SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    model: { type: 'string', minLength: 1 },
    python: { type: 'string', minLength: 1 },
    device: { type: 'string', default: 'auto' },
    seed: { type: 'integer', minimum: 0, default: 0 },
    lora: {
      default: false,
      anyOf: [
        { const: false },
        { type: 'object', additionalProperties: false, properties: { r: { type: 'integer', minimum: 1 }, alpha: { type: 'number', exclusiveMinimum: 0 }, targetModules: { type: 'array', items: { type: 'string' } } } },
      ],
    },
    lr: { type: 'number', exclusiveMinimum: 0, default: 1e-6 },
    weightDecay: { type: 'number', minimum: 0, default: 0.01 },
    maxGradNorm: { type: 'number', minimum: 0, default: 1.0 },
    kl: { type: 'number', minimum: 0, default: 0.01 },
    klEstimator: { enum: ['k1', 'k3'], default: 'k3' },
    clipLow: { type: 'number', exclusiveMinimum: 0, maximum: 1, default: 0.2 },
    clipHigh: { type: 'number', exclusiveMinimum: 0, default: 0.2 },
    lossMode: { enum: ['token-mean', 'seq-mean-token-mean', 'seq-mean-token-sum-norm'], default: 'token-mean' },
    advantage: { enum: ['grpo', 'drgrpo'], default: 'grpo' },
    eps: { type: 'number', exclusiveMinimum: 0, default: 1e-6 },
    microBatch: { type: 'integer', minimum: 1, default: 4 },
    miniBatches: { type: 'integer', minimum: 1, default: 1 },
    epochs: { type: 'integer', minimum: 1, default: 1 },
    normLength: { type: 'integer', minimum: 1 },
    temperature: { type: 'number', exclusiveMinimum: 0, default: 1.0 },
    topP: { type: 'number', exclusiveMinimum: 0, maximum: 1, default: 1.0 },
    maxNewTokens: { type: 'integer', minimum: 1, default: 256 },
    maxContextTokens: { type: 'integer', minimum: 16, default: 8192 },
  },
};

/** The optimizer's commands: `prove-rl train` drives this plugin; `prove-rl report` draws a run's curves. */
export const TRAINING_COMMANDS: readonly CommandEntry[] = [
  { name: 'train', summary: 'GRPO against the live environments (optionally after SFT): metrics.jsonl, checkpoints, --resume', load: () => import('./trainCommand.js') },
  { name: 'report', summary: 'render a training run’s curves (total reward over steps, each term at chosen steps) as one HTML page', load: () => import('./reportCommand.js') },
  { name: 'export', summary: 'export a model for use outside the trainer: --format onnx (run in Node with onnxruntime-node)', load: () => import('../export/exportCommand.js') },
  { name: 'serve-model', summary: 'serve an ONNX export as an OpenAI-compatible /v1/chat/completions endpoint (tools in, tool_calls out), in Node', load: () => import('../policy/onnx/serveModelCommand.js') },
];

/** Key of a rollout's token sequence in the worker: the same one WorkerPolicyPlugin uses. */
export function rolloutKey(exampleId: string, index: number): string {
  return `${exampleId}#${index}`;
}

/**
 * GRPO on scored rollout groups, in the `grpo` preset. It contributes `prove-rl train` and `prove
 * report`, taps `onUpdate` (a `rollouts` batch becomes one optimizer step; the worker's metrics are
 * added to `batch.metrics`) and, once a model is loaded, answers assistant drafts in `onGenerate`
 * with the policy the PyTorch worker serves (plugins/optimizer/worker), so that what is trained is
 * exactly what was sampled. Until then it passes every draft on. See plugins/optimizer/README.md.
 */
export class GrpoOptimizerPlugin implements ProvePlugin {
  static readonly pluginName = PLUGIN_NAME;
  /** Declared for the CLI, which finds a command without applying plugins; `apply` registers the same entries. */
  static readonly commands: readonly CommandEntry[] = TRAINING_COMMANDS;
  static readonly description = 'optimizer: GRPO in a PyTorch worker (token-in/token-out policy, clipped ratio, KL to a reference)';
  static readonly optionsSchema = OPTIONS_SCHEMA;

  readonly name = PLUGIN_NAME;
  private current!: { options: ResolvedGrpoOptions; worker: TrainingWorker; policy: WorkerPolicyPlugin };
  /** Set by {@link load}: from then on the worker's policy answers assistant drafts. */
  loadInfo?: Record<string, unknown>;

  constructor(options: GrpoOptions = {}) {
    this.configure(options ?? {}, {});
  }

  get options(): ResolvedGrpoOptions {
    return this.current.options;
  }

  get worker(): TrainingWorker {
    return this.current.worker;
  }

  get policy(): WorkerPolicyPlugin {
    return this.current.policy;
  }

  /**
   * Options given later (`prove-rl train` flags) over the configured ones; allowed until the worker
   * starts. Validated against the same schema, so the schema's defaults are the only ones.
   */
  configure(overrides: GrpoOptions, base: GrpoOptions = this.current?.options ?? {}): this {
    if (this.current?.worker.pid !== undefined) throw errors.invalidPluginOptions(PLUGIN_NAME, '(options)', overrides, 'cannot change once the worker has started');
    const merged = { ...base, ...Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) };
    const options = validatePluginOptions<ResolvedGrpoOptions>(PLUGIN_NAME, OPTIONS_SCHEMA, merged);
    const worker = new TrainingWorker({ python: options.python, lora: options.lora !== false });
    const policy = new WorkerPolicyPlugin({ worker, maxNewTokens: options.maxNewTokens, maxContextTokens: options.maxContextTokens, temperature: options.temperature, topP: options.topP });
    this.current = { options, worker, policy };
    return this;
  }

  apply(engine: Engine): void {
    for (const command of GrpoOptimizerPlugin.commands) engine.registerCommand(command, this);
    engine.addTeardown(() => this.worker.close());
    engine.hooks.onGenerate.tapPromise({ name: this.name, stage: STAGES.onGenerate.policy }, async (draft) => {
      if (this.loadInfo === undefined || draft.completion !== undefined || draft.purpose !== 'assistant') return draft;
      draft.completion = await this.policy.complete(draft);
      return draft;
    });
    engine.hooks.onUpdate.tapPromise({ name: this.name, stage: STAGES.onUpdate.optimizer }, async (batch) => {
      if (batch.kind !== 'rollouts') return;
      Object.assign(batch.metrics, await this.update(batch.groups));
    });
  }

  /** Start the worker and load the model (a model folder, or `model` given here, e.g. a checkpoint to resume). */
  async load(model = this.options.model): Promise<Record<string, unknown>> {
    if (!model) throw errors.trainingModelMissing();
    const problem = modelSourceProblem(model);
    if (problem) throw errors.invalidPluginOptions(PLUGIN_NAME, '"model"', model, problem);
    await this.worker.start();
    const o = this.options;
    this.loadInfo = await this.worker.request('load', { model, device: o.device, seed: o.seed, lora: o.lora === false ? null : o.lora });
    return this.loadInfo;
  }

  /** The optimizer settings the worker's train op reads. */
  trainConfig(): Record<string, unknown> {
    const o = this.options;
    return {
      lr: o.lr,
      weightDecay: o.weightDecay,
      maxGradNorm: o.maxGradNorm,
      kl: o.kl,
      klEstimator: o.klEstimator,
      clipLow: o.clipLow,
      clipHigh: o.clipHigh,
      lossMode: o.lossMode,
      advantage: o.advantage,
      eps: o.eps,
      microBatch: o.microBatch,
      miniBatches: o.miniBatches,
      epochs: o.epochs,
      normLength: o.normLength ?? o.maxNewTokens * 10,
      temperature: o.temperature,
    };
  }

  /** One GRPO step on scored groups; the rollouts' token sequences are already in the worker. */
  async update(groups: readonly RolloutGroup[]): Promise<Record<string, number>> {
    const payload = groups.map((group) => ({
      keys: group.rollouts.map((rollout, i) => rolloutKey(group.example.id, (rollout as { index?: number }).index ?? i)),
      rewards: group.rollouts.map((rollout) => rollout.reward.total),
    }));
    const metrics = await this.worker.request<Record<string, number>>('train', { groups: payload, config: this.trainConfig() });
    await this.worker.request('forget', { keys: payload.flatMap((g) => g.keys) });
    return metrics;
  }
}

export default GrpoOptimizerPlugin;
