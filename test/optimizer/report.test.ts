import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../core/cli/main.js';
import { niceTicks } from '../../plugins/optimizer/renderTrainingReport.js';
import { REPO_ROOT } from '../support/project.js';

async function prove(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { cwd: REPO_ROOT, isTTY: false, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

describe('prove-rl report', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'prove-report-'));
    const lines = [0, 1, 2, 3].map((step) => ({ step, reward_mean: -0.137 + 0.19 * step, 'reward/validity': 0.1 * step, 'reward/coverage': -0.05 * step, kl: 0.001 * step }));
    writeFileSync(join(dir, 'metrics.jsonl'), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('rounds axis ticks to 1, 2 or 5 × 10^k, negative ones included, with no -0', () => {
    expect(niceTicks(-0.137, 0.433).ticks).to.deep.equal([-0.2, 0, 0.2, 0.4, 0.6]);
    expect(niceTicks(-0.137, 0.433).label(0)).to.equal('0.0');
    expect(niceTicks(0, 1.3).ticks).to.deep.equal([0, 0.5, 1, 1.5]);
    expect(niceTicks(-3.3, 120).ticks).to.deep.equal([-50, 0, 50, 100, 150]);
    const { ticks, label } = niceTicks(-0.0123, 0.0071);
    expect(ticks.map(label)).to.deep.equal(['-0.015', '-0.010', '-0.005', '0.000', '0.005', '0.010']);
  });

  it('draws the run with rounded ticks, and refuses --steps past the last step', async () => {
    const ok = await prove(['report', dir, '--steps', '0,3']);
    expect(ok.stderr).to.equal('');
    expect(ok.code).to.equal(0);
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    const labels = [...html.matchAll(/text-anchor="end" font-size="10">([^<]+)</g)].map((m) => m[1]);
    expect(labels.length).to.be.above(0);
    for (const label of labels) expect(Math.abs(Number(label) * 20 - Math.round(Number(label) * 20)) < 1e-9 || /^-?\d+(\.\d{1,3})?$/.test(label), label).to.equal(true);
    expect(labels).to.include('-0.2');
    const beyond = await prove(['report', dir, '--steps', '0,4,9']);
    expect(beyond.code).to.equal(1);
    expect(beyond.stderr).to.contain("step 4, 9 is past the run's last step (3)").and.contain('PROVE_INVALID_ARGUMENT');
  });
});
