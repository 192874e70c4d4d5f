import { expect } from 'chai';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../core/cli/main.js';
import { createEngine, isProveError, resolveConfig } from '../../core/index.js';
import { DomainEnvironmentPlugin } from '../../plugins/environments/DomainEnvironmentPlugin.js';
import { GrpoOptimizerPlugin, rolloutKey } from '../../plugins/optimizer/GrpoOptimizerPlugin.js';
import { TrainingWorker } from '../../plugins/optimizer/TrainingWorker.js';
import { readExamples } from '../../plugins/rollout/readExamples.js';
import { RolloutRunner } from '../../plugins/rollout/RolloutRunner.js';
import { proveRewardPreset } from '../../presets/proveReward.js';
import { REPO_ROOT } from '../support/project.js';

const DATASET = join(REPO_ROOT, 'fixtures', 'examples', 'banking.jsonl');

async function prove(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { cwd: REPO_ROOT, isTTY: false, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

function metrics(dir: string): Array<Record<string, number>> {
  return readFileSync(join(dir, 'metrics.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
}

/** Everything in a metrics line that does not depend on the wall clock. */
function deterministicPart(line: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(line).filter(([key]) => !/seconds|per_second/.test(key)));
}

const SHORT = ['--dataset', DATASET, '--split', 'all', '--batch', '2', '--group', '2', '--lr', '2e-3', '--kl', '0.05', '--micro-batch', '2', '--mini-batches', '2'];
const SMALL = ['--max-new-tokens', '24', '--max-context', '2048', '--max-assistant-turns', '3', '--seed', '3', '--save-every', '2'];

describe('prove-rl train: SFT then GRPO on a tiny model against the live banking environment', function () {
  this.timeout(240_000);
  let dir: string;
  let run: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'prove-train-'));
    run = join(dir, 'run');
    const result = await prove(['train', ...SHORT, ...SMALL, '--tiny', '--sft-steps', '2', '--sft-lr', '1e-3', '--steps', '3', '--out', run]);
    expect(result.code, result.stdout + result.stderr).to.equal(0);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('writes one metrics line per step with the reward, its terms and the optimizer numbers', () => {
    const lines = metrics(run);
    expect(lines.map((l) => l.step)).to.deep.equal([0, 1, 2]);
    for (const line of lines) {
      expect(line.rollouts).to.equal(4);
      for (const key of ['reward_mean', 'reward/validity', 'reward/coverage', 'reward/efficiency', 'reward/name', 'reward/args', 'kl', 'clip_fraction', 'entropy', 'grad_norm', 'loss']) {
        expect(line[key], key).to.be.a('number').and.satisfy(Number.isFinite);
      }
      for (const key of ['response_tokens_per_rollout', 'tool_calls_per_rollout', 'tokens_per_second', 'step_seconds', 'generation_tokens_per_second', 'update_tokens_per_second']) {
        expect(line[key], key).to.be.a('number').and.at.least(0);
      }
      expect(line.clip_fraction).to.be.within(0, 1);
      expect(line.kl).to.be.at.least(0);
      expect(line.zero_variance_groups).to.be.within(0, 2);
      expect(line.optimizer_steps, 'two mini-batches, one optimizer step each').to.equal(2);
    }
  });

  it('trains on exactly what was sampled: the first mini-batch recomputes the sampling log-probs', () => {
    for (const line of metrics(run)) expect(line.sampler_logprob_abs_diff).to.be.below(1e-4);
  });

  it('KL to the reference starts at zero and grows once the policy has moved; the second mini-batch is off-policy (ratio away from 1)', () => {
    const lines = metrics(run);
    expect(lines[0].kl).to.be.below(1e-3);
    expect(lines[2].kl).to.be.above(lines[0].kl);
    expect(lines[2].kl).to.be.above(0);
    // The second mini-batch of a step was sampled by the policy before the first mini-batch's update, so its
    // ratios leave 1. (Whether they get clipped depends on the advantages, which a barely trained tiny model
    // mostly leaves at 0; the clip itself is checked by hand-worked numbers in test_grpo.py.)
    expect(Math.max(...lines.map((l) => l.ratio_max))).to.be.above(1);
    for (const line of lines) {
      // Without an advantage there is nothing to clip and no policy-gradient loss, only the KL term.
      if (line.advantage_abs_mean === 0) expect([line.clip_fraction, line.pg_loss]).to.deep.equal([0, 0]);
      if (line.clip_fraction > 0) expect(line.advantage_abs_mean).to.be.above(0);
    }
  });

  it('writes the SFT warm-up, the reference and atomic checkpoints with optimizer, RNG and cursor', () => {
    const sft = readFileSync(join(run, 'sft.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(sft).to.have.length(2);
    expect(sft[0].loss).to.be.above(0);
    expect(existsSync(join(run, 'reference', 'config.json'))).to.equal(true);
    const latest = JSON.parse(readFileSync(join(run, 'checkpoints', 'latest.json'), 'utf8'));
    expect(latest).to.deep.equal({ dir: 'step-000003', step: 3 });
    for (const step of ['step-000002', 'step-000003']) {
      expect(existsSync(join(run, 'checkpoints', step, 'trainer_state.pt'))).to.equal(true);
      expect(JSON.parse(readFileSync(join(run, 'checkpoints', step, 'prove_state.json'), 'utf8')).cursor.step).to.equal(Number(step.slice(5)));
    }
  });

  it('--resume after an interruption continues exactly: the steps run again match the uninterrupted run', async () => {
    const resumed = join(dir, 'resumed');
    cpSync(run, resumed, { recursive: true });
    // What the folder holds when the run is killed during its third step: the step-2 checkpoint is the latest.
    rmSync(join(resumed, 'checkpoints', 'step-000003'), { recursive: true });
    writeFileSync(join(resumed, 'checkpoints', 'latest.json'), JSON.stringify({ dir: 'step-000002', step: 2 }) + '\n');
    const result = await prove(['train', '--out', resumed, '--resume']);
    expect(result.code, result.stdout + result.stderr).to.equal(0);
    expect(result.stdout).to.include('resumed');
    const original = metrics(run).map(deterministicPart);
    const again = metrics(resumed).map(deterministicPart);
    expect(again).to.have.length(3);
    expect(again).to.deep.equal(original);
  });

  it('refuses to start over an existing run, and to resume a folder without one', async () => {
    const again = await prove(['train', ...SHORT, ...SMALL, '--tiny', '--steps', '1', '--out', run]);
    expect(again.code).to.not.equal(0);
    expect(again.stderr).to.include('PROVE_TRAIN_RUN_EXISTS');
    const none = await prove(['train', '--out', join(dir, 'nothing-here'), '--resume']);
    expect(none.stderr).to.include('PROVE_CHECKPOINT_MISSING');
    const noModel = await prove(['train', ...SHORT, '--out', join(dir, 'no-model')]);
    expect(noModel.stderr).to.include('PROVE_TRAINING_MODEL_MISSING').and.include('--tiny');
    const tooLarge = await prove(['train', ...SHORT, '--tiny', '--batch', '5', '--out', join(dir, 'too-large')]);
    expect(tooLarge.stderr).to.include('--batch 5 is invalid').and.include('4 in split "all"');
  });

  it('prove-rl report draws the run as one self-contained HTML page', async () => {
    const result = await prove(['report', run, '--steps', '0,2']);
    expect(result.code, result.stderr).to.equal(0);
    const html = readFileSync(join(run, 'report.html'), 'utf8');
    expect(html).to.include('Total training reward');
    expect(html).to.include('step 2');
    expect(html).to.include('<svg');
    expect(html).not.to.match(/<script|https?:\/\/(?!www\.w3\.org)/);
  });

  it('keeps each rollout as tokens: the trained ids are the sampled ids; tool results and user turns are in the sequence but masked', async () => {
    const plugin = new GrpoOptimizerPlugin({ maxNewTokens: 48, maxContextTokens: 2048, seed: 1 });
    const engine = await createEngine(await resolveConfig('(test)', { presets: [proveRewardPreset], plugins: [[DomainEnvironmentPlugin, { domain: 'banking' }], plugin] }));
    try {
      await plugin.load(join(run, 'checkpoints', 'sft'));
      const example = readExamples(DATASET)[0];
      const runner = new RolloutRunner(engine, { concurrency: 2, maxAssistantTurns: 3 });
      plugin.policy.beginRound(2);
      const group = await runner.playGroup(example, 2);
      plugin.policy.endRound();
      for (const rollout of group.rollouts) {
        const conversation = await plugin.worker.request<{ ids: number[]; trainable: boolean[]; logprobs: number[]; text: string }>('conversation', { key: rolloutKey(example.id, rollout.index) });
        const sampled = (rollout.trajectory.tokens ?? []).flatMap((t) => t.ids);
        const sampledLogprobs = (rollout.trajectory.tokens ?? []).flatMap((t) => t.logprobs);
        expect(sampled.length).to.be.above(0);
        expect(conversation.ids.filter((_, i) => conversation.trainable[i])).to.deep.equal(sampled);
        expect(conversation.logprobs.filter((_, i) => conversation.trainable[i])).to.deep.equal(sampledLogprobs);
        expect(conversation.text).to.include(example.turns[0].user);
        // Tool results after the last sampled turn never reach the model, so they are not in the sequence.
        const messages = rollout.trajectory.messages;
        const lastAssistant = messages.map((m) => m.role).lastIndexOf('assistant');
        for (const message of messages.slice(0, lastAssistant)) {
          // Up to the first replacement character: sampled bytes that are not UTF-8 on their own decode differently in context.
          if (message.role === 'tool') expect(conversation.text, JSON.stringify(message.content)).to.include(message.content.slice(0, 60).split('\uFFFD')[0]);
        }
      }
    } finally {
      await engine.close();
    }
  });

  it('trains LoRA adapters instead of all weights (--lora R) and checkpoints the adapter', async () => {
    const lora = join(dir, 'lora');
    const result = await prove(['train', ...SHORT, ...SMALL, '--model', join(run, 'base-model'), '--lora', '4', '--steps', '1', '--out', lora]);
    expect(result.code, result.stdout + result.stderr).to.equal(0);
    const [line] = metrics(lora);
    expect(line.loss).to.satisfy(Number.isFinite);
    expect(line.sampler_logprob_abs_diff).to.be.below(1e-4);
    expect(existsSync(join(lora, 'checkpoints', 'step-000001', 'adapter_config.json'))).to.equal(true);
    expect(existsSync(join(lora, 'checkpoints', 'step-000001', 'model.safetensors'))).to.equal(false);
  });

  it('reports a worker crash with its stderr and the exit, and fails every later request the same way', async () => {
    const plugin = new GrpoOptimizerPlugin({});
    await plugin.load(join(run, 'base-model'));
    process.kill(plugin.worker.pid!, 'SIGKILL');
    let error: unknown;
    try {
      await plugin.worker.request('stats');
    } catch (e) {
      error = e;
    }
    expect(isProveError(error)).to.equal(true);
    expect((error as { code: string }).code).to.equal('PROVE_WORKER_CRASHED');
    expect((error as Error).message).to.include('SIGKILL').and.include('prove worker: ready').and.include('--resume');
  });
});

describe('TrainingWorker start-up checks', function () {
  this.timeout(60_000);

  it('names the missing Python modules and the command that installs them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prove-python-'));
    try {
      // An interpreter without site-packages: the standard library only, as on a machine where nothing was installed.
      const bare = join(dir, 'python-bare');
      writeFileSync(bare, '#!/bin/sh\nexec python3 -S "$@"\n', { mode: 0o755 });
      const worker = new TrainingWorker({ python: bare });
      const error = await worker.start().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect((error as { code: string }).code).to.equal('PROVE_WORKER_DEPENDENCIES_MISSING');
      expect((error as Error).message).to.include('torch').and.include('npm run setup').and.include('-m pip install -r').and.include('requirements.txt');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says how to point at an interpreter when the one given does not exist', async () => {
    const worker = new TrainingWorker({ python: '/nonexistent/bin/python3' });
    const error = await worker.start().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as { code: string }).code).to.equal('PROVE_WORKER_NOT_STARTED');
    expect((error as Error).message).to.include('PROVE_PYTHON').and.include('npm run setup');
  });
});
