import { expect } from 'chai';
import { createEngine, isProveError, resolveConfig } from '../../../core/index.js';
import { environmentsPreset } from '../../../presets/environments.js';
import { provePreset } from '../../../presets/prove.js';
import { domainNames } from '../../../servers/index.js';

describe('the environments preset', () => {
  it('makes every built-in domain a live environment by default, and is part of the prove preset', async () => {
    const engine = await createEngine(await resolveConfig('(test)', { presets: [provePreset] }));
    try {
      expect([...engine.environments.keys()].sort()).to.deep.equal(domainNames());
      for (const name of domainNames()) expect(engine.describeTaps().onExecute.map((t) => t.plugin)).to.include(`environment:${name}`);
    } finally {
      await engine.close();
    }
  });

  it('takes a subset of domains by name', async function () {
    if (domainNames().length === 0) this.skip();
    const [first] = domainNames();
    const engine = await createEngine(await resolveConfig('(test)', { presets: [[environmentsPreset, { domains: [first] }]] }));
    expect([...engine.environments.keys()]).to.deep.equal([first]);
    const session = await engine.openSession(first, { seed: 0, referenceDate: '2026-03-02T09:00:00Z' });
    const call = await engine.execute({ server: first, session, call: { name: 'no_such_tool', arguments: {} } });
    expect(call.error?.kind).to.equal('unknown_tool');
  });

  it('refuses an unknown domain name, listing the valid ones', async function () {
    if (domainNames().length === 0) this.skip();
    try {
      await resolveConfig('(test)', { presets: [[environmentsPreset, { domains: ['bankin'] }]] });
      expect.fail('should have thrown');
    } catch (error) {
      expect(isProveError(error) && error.code).to.equal('PROVE_INVALID_PRESET_OPTIONS');
      for (const name of domainNames()) expect((error as Error).message).to.include(`"${name}"`);
    }
  });
});
