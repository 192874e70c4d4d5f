import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMAINS, engineGate, exportDataset, fixtureDataset, PYTHON_DIR, runPython, startServe } from './support.js';

/**
 * (e) TRL's GRPOTrainer runs 5 real steps on CPU against live prove environments (one MCP session
 * per trajectory) and prove's served reward, with SmolLM2's architecture and tokenizer at toy size
 * (tiny-random; PROVE_TRL_MODEL=smollm2 for the packaged SmolLM2, ~10× the CPU). Needs .venv-trl
 * (npm test installs it, see engineGate; npm run test:trl runs this file alone). Prompts show the
 * tools compactly (--compact-tools), completions are capped at 48 tokens and 2 model messages.
 */
describe('TRL integration: GRPOTrainer on prove (plugins/integrations/python/scripts/trl_grpo.py)', function () {
  this.timeout(3_600_000);
  const gate = engineGate('trl');

  before(function () {
    if (gate.fail) throw new Error(gate.fail);
    if (gate.skip) {
      console.log(`      skipped: ${gate.skip}`);
      this.skip();
    }
  });

  it('runs 5 GRPO steps, every trajectory in its own sessions, rewards from POST /reward', async () => {
    const python = gate.python!;
    const data = fixtureDataset();
    const serve = await startServe(DOMAINS);
    try {
      const out = join(data.dir, 'trl');
      await exportDataset('trl', data.file, out, python);
      const metrics = join(data.dir, 'metrics.json');
      const run = await runPython(python, [join(PYTHON_DIR, 'scripts', 'trl_grpo.py'), '--data', out, '--url', serve.url, '--model', process.env.PROVE_TRL_MODEL ?? 'tiny-random', '--steps', '5', '--max-completion', '48', '--model-turns', '2', '--compact-tools', '--threads', '1', '--metrics', metrics, '--out', join(data.dir, 'run')], {}, 3_500_000, /^(step |trajectory \d+ )/);
      expect(run.code, run.output.slice(-6000)).to.equal(0);
      const summary = JSON.parse(readFileSync(metrics, 'utf8')) as { global_step: number; steps: Array<{ reward: number }>; trajectories: number; sessions_opened: number; sessions_closed: number };
      expect(summary.global_step).to.equal(5);
      expect(summary.steps).to.have.length(5);
      for (const step of summary.steps) expect(Number.isFinite(step.reward)).to.equal(true);
      // 5 steps × 2 generations, each its own trajectory.
      expect(summary.trajectories).to.equal(10);
      // Each trajectory opened one session per server of its example, on its world, and closed each.
      expect(summary.sessions_opened).to.be.at.least(10);
      expect(summary.sessions_closed).to.equal(summary.sessions_opened);
      const listing = (await (await fetch(`${serve.url}/`)).json()) as { sessions: number };
      expect(listing.sessions, 'every trajectory closed its sessions').to.equal(0);
    } finally {
      await serve.stop();
      data.cleanup();
    }
  });
});
