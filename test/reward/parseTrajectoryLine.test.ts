import { expect } from 'chai';
import fc from 'fast-check';
import { compileSchema } from '../../core/index.js';
import { parseTrajectoryLine, plainlyValid, TRAJECTORY_LINE_SCHEMA } from '../../plugins/reward/parseTrajectoryLine.js';

/**
 * `prove-rl score` checks the common line shape by hand before the schema: the hand check may
 * leave a valid line to the schema, but it must never accept a line the schema rejects.
 */
describe('parseTrajectoryLine: the hand check of a line', () => {
  const validate = compileSchema(TRAJECTORY_LINE_SCHEMA);
  // Each field: its valid values, plus wrong types and edge values.
  const anyJson = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.string(), fc.constant([]), fc.constant({}), fc.constant({ k: 1 }), fc.constant([1]));
  const maybe = (arbitrary: fc.Arbitrary<unknown>) => fc.option(fc.oneof({ arbitrary, weight: 12 }, { arbitrary: anyJson, weight: 1 }), { nil: undefined, freq: 3 });
  const rarely = (arbitrary: fc.Arbitrary<unknown>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 8 }, { arbitrary, weight: 1 });
  const count = fc.oneof(fc.integer({ min: -2, max: 5 }), fc.constantFrom(0.5, 2.0, -0));
  const call = fc.record(
    {
      id: maybe(fc.string()),
      name: fc.oneof({ arbitrary: fc.string(), weight: 8 }, { arbitrary: maybe(fc.string()), weight: 1 }),
      arguments: fc.oneof({ arbitrary: fc.constantFrom({}, { a: 1 }, { a: [1, 'x'] }), weight: 8 }, { arbitrary: maybe(fc.constant({})), weight: 1 }),
      malformed: maybe(fc.string()),
      server: maybe(fc.string()),
      ok: maybe(fc.boolean()),
      error: maybe(fc.record({ kind: maybe(fc.string()), message: maybe(fc.string()) }, { requiredKeys: [] })),
      turn: maybe(count),
      step: maybe(count),
      extra: maybe(anyJson),
    },
    { requiredKeys: [] },
  );
  const line = fc.record(
    {
      exampleId: fc.oneof({ arbitrary: fc.constant('ex-1'), weight: 8 }, { arbitrary: maybe(fc.constantFrom('', 'ex-2')), weight: 1 }),
      calls: fc.option(fc.oneof(fc.array(fc.oneof({ arbitrary: call, weight: 12 }, { arbitrary: anyJson, weight: 1 }), { maxLength: 4 }), anyJson), { nil: undefined }),
      trajectory: rarely(fc.record({ calls: fc.array(call, { maxLength: 2 }) })),
      messages: rarely(fc.constant([{ role: 'user', content: 'hi' }])),
    },
    { requiredKeys: [] },
  );
  // JSON round trip: `undefined` fields disappear, as in a parsed line.
  const parsed = fc.oneof(line, anyJson).map((value) => JSON.parse(JSON.stringify(value ?? null)) as unknown);

  it('never accepts what the schema rejects, and accepts the plain {exampleId, calls} lines', () => {
    let accepted = 0;
    fc.assert(
      fc.property(parsed, (value) => {
        if (plainlyValid(value)) {
          accepted++;
          expect(validate(value), JSON.stringify(value)).to.equal(true);
        }
      }),
      { numRuns: 20_000, seed: 21 },
    );
    expect(accepted).to.be.greaterThan(500);
    expect(plainlyValid({ exampleId: 'e', calls: [{ name: 'a', arguments: {}, ok: true, step: 2, error: { kind: 'x' } }] })).to.equal(true);
  });

  it('explains a line the hand check leaves to the schema', () => {
    expect(parseTrajectoryLine('{"exampleId":"e","calls":[{"name":"a","arguments":{},"step":-1}]}')).to.have.property('problem').that.matches(/^not a trajectory: /);
    expect(parseTrajectoryLine('{"exampleId":"e","calls":[{"name":"a","arguments":{},"step":2.0}]}')).to.deep.include({ exampleId: 'e', hasOutcomes: false });
  });
});
