import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineCommand, errors, type Example } from '../../core/index.js';
import { integerOption, numberOption, choiceOption, textOption } from '../../core/cli/optionValues.js';
import { readExamples, selectSplit } from '../rollout/readExamples.js';
import { GrpoOptimizerPlugin, type GrpoOptions } from './GrpoOptimizerPlugin.js';
import { GrpoTrainer, type TrainLoopOptions } from './GrpoTrainer.js';
import { ensureTinyModel } from './tinyModel.js';

export default defineCommand({
  name: 'train',
  summary: 'GRPO against the live environments (optionally after SFT): metrics.jsonl, checkpoints, --resume',
  description: [
    'Loads a Hugging Face causal LM from disk (--model) or builds a tiny one here (--tiny) into a PyTorch worker,',
    'optionally fine-tunes it on the dataset’s teacher conversations (--sft-steps), then runs GRPO: each step plays',
    '--group rollouts of --batch examples against the live environments of the configuration, scores them with the',
    'configured reward and updates the policy. Every step appends a line to OUT/metrics.jsonl; checkpoints go to',
    'OUT/checkpoints every --save-every steps; --resume continues from the last one. `prove report OUT` draws the curves.',
  ].join('\n'),
  options: {
    dataset: { type: 'string', valueName: 'FILE', description: 'examples, one per line (JSONL)' },
    split: { type: 'string', valueName: 'NAME', description: 'train, test or all', default: 'train' },
    out: { type: 'string', valueName: 'DIR', description: 'run folder, e.g. runs/NAME' },
    resume: { type: 'boolean', description: 'continue the run in --out from its last checkpoint' },
    model: { type: 'string', valueName: 'PATH', description: 'a Hugging Face model folder on disk' },
    tiny: { type: 'boolean', description: 'build a tiny Qwen3-shaped model with random weights and its own tokenizer (OUT/base-model)' },
    lora: { type: 'string', valueName: 'R', description: 'train LoRA adapters of rank R instead of all weights' },
    steps: { type: 'string', valueName: 'N', description: 'GRPO steps', default: '350' },
    batch: { type: 'string', valueName: 'B', description: 'prompts (examples) per step', default: '16' },
    group: { type: 'string', valueName: 'G', description: 'rollouts per prompt', default: '16' },
    lr: { type: 'string', valueName: 'LR', description: 'learning rate', default: '1e-6' },
    kl: { type: 'string', valueName: 'BETA', description: 'KL coefficient to the reference (0: no reference)', default: '0.01' },
    'kl-estimator': { type: 'string', valueName: 'K', description: 'k1 or k3', default: 'k3' },
    'clip-low': { type: 'string', valueName: 'E', description: 'ratio clipped below at 1 − E', default: '0.2' },
    'clip-high': { type: 'string', valueName: 'E', description: 'ratio clipped above at 1 + E', default: '0.2' },
    'loss-mode': { type: 'string', valueName: 'MODE', description: 'token-mean, seq-mean-token-mean or seq-mean-token-sum-norm', default: 'token-mean' },
    advantage: { type: 'string', valueName: 'KIND', description: 'grpo (divide by the group std) or drgrpo (do not)', default: 'grpo' },
    'micro-batch': { type: 'string', valueName: 'N', description: 'rollouts per forward/backward pass', default: '4' },
    'mini-batches': { type: 'string', valueName: 'N', description: 'optimizer steps per batch of rollouts', default: '1' },
    temperature: { type: 'string', valueName: 'T', description: 'sampling temperature', default: '1' },
    'max-new-tokens': { type: 'string', valueName: 'N', description: 'tokens per assistant turn at most', default: '256' },
    'max-context': { type: 'string', valueName: 'N', description: 'tokens per rollout at most', default: '8192' },
    'sft-steps': { type: 'string', valueName: 'N', description: 'SFT steps on the teacher conversations before GRPO', default: '0' },
    'sft-lr': { type: 'string', valueName: 'LR', description: 'SFT learning rate', default: '1e-4' },
    'sft-batch': { type: 'string', valueName: 'N', description: 'examples per SFT step', default: '8' },
    resample: { type: 'string', valueName: 'N', description: 'rounds of extra prompts that replace groups whose rewards are all equal (DAPO dynamic sampling)', default: '0' },
    'save-every': { type: 'string', valueName: 'N', description: 'checkpoint every N steps', default: '10' },
    keep: { type: 'string', valueName: 'N', description: 'checkpoints kept', default: '2' },
    'max-user-turns': { type: 'string', valueName: 'N', description: 'user turns played at most', default: '5' },
    'max-assistant-turns': { type: 'string', valueName: 'N', description: 'assistant messages per rollout at most', default: '10' },
    seed: { type: 'string', valueName: 'S', description: 'seed of data order, sampling and initialisation' },
    python: { type: 'string', valueName: 'PATH', description: 'Python interpreter of the worker (else $PROVE_PYTHON, .venv/bin/python, python3)' },
    device: { type: 'string', valueName: 'DEV', description: 'auto, cpu, cuda', default: 'auto' },
  },
  examples: [
    'prove train --dataset out/examples.jsonl --model ~/models/Qwen3-4B --lr 1e-6 --steps 350 --out runs/qwen3-4b',
    'prove train --dataset fixtures/examples/banking.jsonl --split all --tiny --sft-steps 40 --steps 20 --batch 4 --group 4 --lr 1e-4 --out runs/tiny',
    'prove train --out runs/tiny --resume',
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
          resampleRounds: integerOption('train', 'resample', s.resample, 0),
        };
    const optimizer: GrpoOptions = saved
      ? { ...saved.optimizer, python: textOption(s.python) ?? saved.optimizer.python }
      : {
          python: textOption(s.python),
          device: textOption(s.device) ?? 'auto',
          seed,
          lr: numberOption('train', 'lr', s.lr, 0),
          kl: numberOption('train', 'kl', s.kl, 0),
          klEstimator: choiceOption('train', 'kl-estimator', s['kl-estimator'], ['k1', 'k3'] as const),
          clipLow: numberOption('train', 'clip-low', s['clip-low'], 0),
          clipHigh: numberOption('train', 'clip-high', s['clip-high'], 0),
          lossMode: choiceOption('train', 'loss-mode', s['loss-mode'], ['token-mean', 'seq-mean-token-mean', 'seq-mean-token-sum-norm'] as const),
          advantage: choiceOption('train', 'advantage', s.advantage, ['grpo', 'drgrpo'] as const),
          microBatch: integerOption('train', 'micro-batch', s['micro-batch'], 1),
          miniBatches: integerOption('train', 'mini-batches', s['mini-batches'], 1),
          temperature: numberOption('train', 'temperature', s.temperature, 0),
          maxNewTokens: integerOption('train', 'max-new-tokens', s['max-new-tokens'], 1),
          maxContextTokens: integerOption('train', 'max-context', s['max-context'], 16),
          lora: s.lora === undefined ? false : { r: integerOption('train', 'lora', s.lora, 1), alpha: 2 * integerOption('train', 'lora', s.lora, 1) },
        };
    if (optimizer.python === undefined) delete optimizer.python;

    if (!resume && existsSync(join(outDir, 'metrics.jsonl'))) throw errors.trainRunExists(outDir);
    const datasetPath = resolve(context.cwd, dataset);
    const all = readExamples(datasetPath);
    const examples: Example[] = selectSplit(dataset, all, split);

    if (!resume && s.tiny !== true && !textOption(s.model)) throw errors.trainingModelMissing();
    if (loop.batch > examples.length) throw errors.invalidArgument('train', '--batch', loop.batch, `must be at most the number of training examples (${examples.length} in split "${split}")`);
    const engine = await context.engine();
    // A GrpoOptimizerPlugin in the configuration is used as configured; otherwise one is built from the flags.
    const configured = engine.plugins.find((p): p is GrpoOptimizerPlugin => p instanceof GrpoOptimizerPlugin);
    const plugin = configured ?? new GrpoOptimizerPlugin(optimizer);
    if (configured) context.stdout('train: the optimizer comes from the configuration (GrpoOptimizerPlugin); its options replace the optimizer flags\n');
    else await engine.use(plugin);
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
      await trainer.start(resolve(context.cwd, model), examples);
      const { writeFileAtomic } = await import('../rollout/writeFileAtomic.js');
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
