import { expect } from 'chai';
import { domainNames, loadDomain } from '../../servers/index.js';
import { loadCases, probePrototypeNames } from './support/prototypeNames.js';

/**
 * Every tool of every registered domain (servers/index.ts: a domain added there is covered with
 * no further step) gets `__proto__`, `constructor`, `toString`, `valueOf` and `hasOwnProperty` in
 * every string argument. See support/prototypeNames.ts for what "id-like" means and what is asserted.
 */
describe('prototype names as arguments, every domain', () => {
  for (const name of domainNames()) {
    it(`${name}: an id named after an Object.prototype member is not found and changes nothing`, async function () {
      this.timeout(60_000);
      const domain = await loadDomain(name);
      const { problems, probed } = probePrototypeNames(domain, await loadCases(name));
      expect(probed.size, 'tools probed').to.be.greaterThan(0);
      expect(problems.map((p) => `${p.tool}.${p.at} = ${p.name}: ${p.problem}`)).to.deep.equal([]);
    });
  }
});
