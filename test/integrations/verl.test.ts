import { expect } from 'chai';
import { join } from 'node:path';
import { PROVE_BIN } from '../support/project.js';
import { DOMAINS, engineGate, exportDataset, fixtureDataset, PYTHON_DIR, runPython, startServe } from './support.js';

/**
 * VERL 0.9.1 against a live prove-rl serve --http: (a) RLHFDataset loads the export with SmolLM2's
 * tokenizer and the tool schemas round-trip through VERL's classes, (b) two concurrent trajectories
 * of ProveAgentLoop hold their own sessions and close them, (c) scripted user turns arrive in order,
 * (d) compute_score equals prove-rl score. One Python process for all five tests. Needs .venv-verl,
 * which npm test installs (see engineGate); npm run test:verl runs this file alone.
 */
describe('VERL integration (plugins/integrations/python/tests/test_verl.py)', function () {
  this.timeout(900_000);
  const gate = engineGate('verl');

  before(function () {
    if (gate.fail) throw new Error(gate.fail);
    if (gate.skip) {
      console.log(`      skipped: ${gate.skip}`);
      this.skip();
    }
  });

  it('passes the Python tests (a)-(d) against a live server', async () => {
    const python = gate.python!;
    const data = fixtureDataset();
    const serve = await startServe(DOMAINS);
    try {
      const out = join(data.dir, 'verl');
      await exportDataset('verl', data.file, out, python);
      const run = await runPython(python, ['-m', 'unittest', '-v', join(PYTHON_DIR, 'tests', 'test_verl.py')], { PROVE_SERVE_URL: serve.url, PROVE_VERL_EXPORT: out, PROVE_EXAMPLES: data.file, PROVE_BIN }, 850_000, /^(test_\w+ |Ran \d+ tests|OK|FAILED)/);
      expect(run.code, run.output.slice(-6000)).to.equal(0);
      expect(run.output).to.match(/Ran 5 tests/);
    } finally {
      await serve.stop();
      data.cleanup();
    }
  });
});
