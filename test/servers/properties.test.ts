import { expect } from 'chai';
import fc from 'fast-check';
import { compileSchema, explainSchemaErrors, formatSchemaProblems } from '../../core/index.js';
import { domainNames, loadDomain } from '../../servers/index.js';
import type { DomainDefinition } from '../../servers/kit/Domain.js';
import { domainRuntime, type DomainRuntime } from '../../servers/kit/DomainSession.js';
import { ledgerDomain } from './kit/ledgerDomain.js';
import { CallBuilder, ValuePool, type GeneratedCall } from './support/CallBuilder.js';
import { unfrozenPath } from './support/frozen.js';

const KINDS = ['unknown_tool', 'invalid_arguments', 'execution'];

/**
 * Random schema-valid and invalid calls on one session: nothing throws, failures are well-formed
 * and change nothing, read-only tools change nothing, successful results match their output schema,
 * the invariants hold after every call, and replaying the calls gives the same hash.
 */
function describeProperties(domain: DomainDefinition): void {
  it(`${domain.name}: random valid and invalid calls keep every invariant, and replay gives the same hash`, function () {
    this.timeout(30_000);
    const runtime = domainRuntime(domain) as DomainRuntime<unknown>;
    const outputs = new Map(domain.tools.map((t) => [t.name, compileSchema(t.output)]));
    const readOnly = new Set(domain.tools.filter((t) => t.annotations.readOnlyHint).map((t) => t.name));
    const basePool = new ValuePool();
    basePool.absorb(runtime.world, 'world');
    for (const [collection, records] of Object.entries(runtime.sample(runtime.world))) basePool.absorb(records, collection);

    const callSpecs = fc.array(fc.tuple(fc.nat(), fc.array(fc.nat({ max: 1_000_000 }), { minLength: 8, maxLength: 24 })), { minLength: 1, maxLength: 30 });
    fc.assert(
      fc.property(callSpecs, (specs) => {
        const pool = new ValuePool();
        for (const [key, values] of basePool.byKey) for (const value of values) pool.add(key, value);
        const builder = new CallBuilder(domain, pool);
        const session = runtime.openSession({ seed: 11 });
        const played: GeneratedCall[] = [];
        for (const [choice, entropy] of specs) {
          const call = builder.build(choice, entropy);
          played.push(call);
          const before = session.snapshot();
          const hashBefore = session.stateHashSync();
          const label = `${call.tool}(${JSON.stringify(call.args)?.slice(0, 200)}) [${call.mode}]`;
          const outcome = session.call(call.tool, call.args);
          if (!outcome.ok) {
            expect(KINDS, label).to.include(outcome.error.kind);
            expect(outcome.error.message, label).to.be.a('string').and.not.equal('');
            expect(outcome.error.message.length, `${label}: error message of ${outcome.error.message.length} characters`).to.be.below(4000);
            expect(outcome.error.message, `${label}: a handler bug surfaced: ${outcome.error.message}`).to.not.match(/^internal error in /);
            expect(session.snapshot(), `${label}: a rejected call changed the session`).to.equal(before);
            expect(session.stateHashSync(), label).to.equal(hashBefore);
          } else {
            if (call.mode === 'not_object' || call.mode === 'huge' || call.mode === 'unknown_tool') expect.fail(`${label}: garbage was accepted`);
            const json = JSON.parse(JSON.stringify(outcome.result ?? null)) as unknown;
            const validate = outputs.get(call.tool)!;
            if (!validate(json)) expect.fail(`${label}: result does not match the output schema: ${formatSchemaProblems(explainSchemaErrors(validate.errors, json), 'result')}`);
            if (readOnly.has(call.tool)) expect(session.state, `${label}: a read-only tool changed the state`).to.equal(before.state);
            pool.absorb(json, 'result');
          }
          const violations = runtime.checkInvariants(session.state);
          expect(violations, `after ${label}`).to.deep.equal([]);
          expect(unfrozenPath(session.state), `after ${label}: the state holds an object that is not frozen`).to.equal(undefined);
        }
        const replay = runtime.openSession({ seed: 11 });
        for (const call of played) replay.call(call.tool, call.args);
        expect(replay.stateHashSync(), 'replaying the same calls gave another hash').to.equal(session.stateHashSync());
      }),
      { numRuns: 25 },
    );
  });
}

const domains = await Promise.all(domainNames().map((name) => loadDomain(name)));
// The kit's test domain, without its two tools that are broken on purpose.
const soundLedger: DomainDefinition = { ...ledgerDomain, tools: ledgerDomain.tools.filter((t) => t.name !== 'ledger_broken' && t.name !== 'ledger_sneaky_read') };

describe('property tests: random calls against every domain', () => {
  describeProperties(soundLedger);
  for (const domain of domains) describeProperties(domain);
});
