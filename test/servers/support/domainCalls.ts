import { expect } from 'chai';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DomainInvariant } from '../../../servers/kit/Domain.js';
import type { DomainRuntime, DomainSession } from '../../../servers/kit/DomainSession.js';
import { REPO_ROOT } from '../../support/project.js';

/** What a domain's own test file does again and again: a call that must succeed, one that must be refused, the seeded world. */

/** The result of a call that must succeed, as plain JSON (a copy: later calls cannot change it). */
export function ok(session: DomainSession<any>, tool: string, args: Record<string, unknown>): any {
  const outcome = session.call(tool, args);
  if (!outcome.ok) expect.fail(`${tool} failed: ${outcome.error.message}`);
  return JSON.parse(JSON.stringify(outcome.result));
}

/** The message of a call that must be refused without changing the state hash; it must contain each of `parts` (any case). */
export function refused(session: DomainSession<any>, tool: string, args: Record<string, unknown>, ...parts: string[]): string {
  const hash = session.stateHashSync();
  const outcome = session.call(tool, args);
  if (outcome.ok) expect.fail(`${tool} should have been refused but returned ${JSON.stringify(outcome.result).slice(0, 300)}`);
  for (const part of parts) expect(outcome.error.message.toLowerCase()).to.include(part.toLowerCase());
  expect(session.stateHashSync(), `${tool}: a refused call changed the state`).to.equal(hash);
  return outcome.error.message;
}

/**
 * fixtures/<domain>/world.json is the seed-42 world (to the byte where the generator exports
 * `renderWorld`, else as data); another seed gives another world that keeps every invariant.
 */
export function expectSeededWorld<S>(domain: string, world: { renderWorld?(seed: number): string; generateWorld(seed: number): S }, invariants: ReadonlyArray<DomainInvariant<S>>, otherSeed: number): void {
  const committed = readFileSync(join(REPO_ROOT, 'fixtures', domain, 'world.json'), 'utf8');
  if (world.renderWorld !== undefined) expect(committed).to.equal(world.renderWorld(42));
  else expect(world.generateWorld(42)).to.deep.equal(JSON.parse(committed));
  const other = world.generateWorld(otherSeed);
  expect(JSON.stringify(other)).to.not.equal(JSON.stringify(world.generateWorld(42)));
  for (const invariant of invariants) expect(invariant.check(other, other), invariant.name).to.equal(undefined);
}

/** A call drawn by a domain's property test. */
export interface DrawnCall {
  tool: string;
  args: Record<string, unknown>;
}

/** Random sequences of drawn calls on a fresh session: a refused call changes nothing, and every invariant holds at the end. */
export function expectCallSequencesKeepInvariants(runtime: DomainRuntime<any>, step: fc.Arbitrary<DrawnCall>, numRuns = 25): void {
  fc.assert(
    fc.property(fc.array(step, { minLength: 1, maxLength: 30 }), (steps) => {
      const session = runtime.openSession();
      for (const { tool, args } of steps) {
        const before = session.stateHashSync();
        const outcome = session.call(tool, args);
        if (!outcome.ok) expect(session.stateHashSync()).to.equal(before);
      }
      expect(runtime.checkInvariants(session.state)).to.deep.equal([]);
    }),
    { numRuns },
  );
}
