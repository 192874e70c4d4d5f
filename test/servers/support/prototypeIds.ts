import { expect } from 'chai';
import type { DomainDefinition } from '../../../servers/kit/Domain.js';
import { domainRuntime } from '../../../servers/kit/DomainSession.js';
import type { ToolCase } from '../ToolCase.js';

/** Names that a lookup through a plain object would find on Object.prototype. */
export const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'] as const;

/** Whether an argument names an entity (an id, a key, an email). */
const ID_ARGUMENT = /(^id$|_id$|_email$|_key$|_to$)/;

/**
 * For every successful conformance case, played in order on one session: each id argument replaced
 * by each prototype name is a plain failure that names the value and changes nothing; then the case
 * itself is played, so that later cases find the state they expect.
 */
export function describePrototypeIds(domain: DomainDefinition, cases: readonly ToolCase[]): void {
  it(`${domain.name}: __proto__, constructor, toString and hasOwnProperty as any id argument are plain not-found answers`, () => {
    const session = domainRuntime(domain).openSession();
    let tried = 0;
    const toolsTried = new Set<string>();
    for (const toolCase of cases) {
      if (toolCase.ok) {
        for (const [argument, value] of Object.entries(toolCase.args)) {
          if (typeof value !== 'string' || !ID_ARGUMENT.test(argument)) continue;
          for (const name of PROTOTYPE_NAMES) {
            const before = session.stateHashSync();
            const outcome = session.call(toolCase.tool, { ...toolCase.args, [argument]: name });
            const label = `${toolCase.tool} with ${argument} = ${name}`;
            if (outcome.ok) expect.fail(`${label} succeeded: ${JSON.stringify(outcome.result).slice(0, 200)}`);
            expect(outcome.error.kind, label).to.equal('execution');
            expect(outcome.error.message, label).to.not.match(/^internal error/);
            expect(outcome.error.message, label).to.include(name);
            expect(session.stateHashSync(), `${label} changed the state`).to.equal(before);
            tried++;
            toolsTried.add(toolCase.tool);
          }
        }
      }
      session.call(toolCase.tool, toolCase.args);
    }
    expect(tried).to.be.greaterThan(0);
  });
}
