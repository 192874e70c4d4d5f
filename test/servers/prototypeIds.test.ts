import { expect } from 'chai';
import { domainNames, loadDomain } from '../../servers/index.js';
import { loadCases, probePrototypeNames } from './support/prototypeIds.js';

/** Domains whose every top-level id, email and key argument is a lookup answered "not found" with the value (the stricter rule). */
const NOT_FOUND_BY_NAME = new Set(['crm', 'issue_tracker', 'maps', 'vehicle', 'food_delivery']);

/**
 * Every tool of every registered domain (servers/index.ts: a domain added there is covered with no
 * further step) gets `__proto__`, `constructor`, `toString`, `valueOf` and `hasOwnProperty` in every
 * string argument, around every succeeding conformance case played in order. Ids, symbols and codes
 * are refused (in NOT_FOUND_BY_NAME domains ids, emails and keys are not-found answers that name the
 * value); free text may be taken but keeps every invariant; nothing refused changes the state; no
 * message shows JavaScript internals. See support/prototypeIds.ts.
 */
describe('prototype names as arguments, every domain', () => {
  for (const name of domainNames()) {
    it(`${name}: an id named after an Object.prototype member is not found and changes nothing`, async function () {
      this.timeout(60_000);
      const domain = await loadDomain(name);
      const cases = await loadCases(name);
      const { problems, probed, named } = probePrototypeNames(domain, cases, NOT_FOUND_BY_NAME.has(name));
      expect(probed.size, 'tools probed').to.be.greaterThan(0);
      if (NOT_FOUND_BY_NAME.has(name)) expect(named, 'id arguments probed').to.be.greaterThan(0);
      expect(problems.map((p) => `${p.tool}.${p.at} = ${p.name}: ${p.problem}`)).to.deep.equal([]);
    });
  }
});
