import { expect } from 'chai';
import { join } from 'node:path';
import { execa } from 'execa';
import { findPython } from '../../plugins/optimizer/TrainingWorker.js';
import { REPO_ROOT } from '../support/project.js';

describe('GRPO math (plugins/optimizer/worker/grpo.py against numbers worked by hand)', function () {
  this.timeout(120_000);

  it('advantages, the clipped surrogate, k1/k3 and the three loss aggregations agree with the hand-worked cases', async () => {
    const python = findPython(undefined, REPO_ROOT);
    const result = await execa(python, ['-m', 'unittest', '-v', 'test_grpo'], { cwd: join(REPO_ROOT, 'test', 'optimizer', 'python'), reject: false, all: true });
    expect(result.exitCode, `${python} -m unittest test_grpo:\n${result.all}`).to.equal(0);
    expect(result.all).to.match(/Ran 1[0-9] tests/);
  });
});
