import { expect } from 'chai';
import type { JsonSchema } from '../../../core/index.js';
import { loadDomain } from '../../../servers/index.js';
import { argumentBound, doubledMinLengths, guardSchema } from '../../../servers/kit/argumentGuard.js';
import { domainRuntime, MAX_ARGUMENT_BYTES, MAX_ARGUMENT_DEPTH, type ToolOutcome } from '../../../servers/kit/DomainSession.js';
import { echoSession, expectLengthsJudgedExactly } from '../support/lengths.js';

function failure(outcome: ToolOutcome): { kind: string; message: string } {
  if (outcome.ok) throw new Error('expected a failure');
  return outcome.error;
}

const CLOSED: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 3, maxLength: 6 },
    tags: { type: 'array', maxItems: 3, items: { type: 'string', minLength: 2, maxLength: 4 } },
    note: { type: 'string', maxLength: 5 },
    size: { type: 'integer', minimum: 0 },
    kind: { type: 'string', enum: ['a', 'bcd'] },
  },
  required: ['name'],
  additionalProperties: false,
};

describe('the domain kit: the argument guard (one ajv pass for closed, bounded schemas)', () => {
  it('bounds what the argument walk can count for a closed schema, in the walk\'s own measure', () => {
    // 2 for the object; per key: its length + 4 and the value (strings: maxLength + 2, scalars 8, arrays 2 + maxItems x item).
    const expected = 2 + (4 + 4 + 8) + (4 + 4 + 2 + 3 * 6) + (4 + 4 + 7) + (4 + 4 + 8) + (4 + 4 + 5);
    expect(argumentBound(CLOSED, MAX_ARGUMENT_DEPTH)).to.equal(expected);
    expect(argumentBound({ type: 'string', format: 'date' }, 1)).to.equal(12);
    expect(argumentBound({ type: ['string', 'null'], maxLength: 30 }, 1)).to.equal(32);
  });

  it('gives no bound where the schema leaves data open: extra keys, strings or arrays without a limit, unknown keywords, too deep', () => {
    const open: unknown[] = [
      { type: 'object', properties: { a: { type: 'string', maxLength: 3 } } },
      { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
      { type: 'object', properties: { a: { type: 'string', pattern: '^[0-9]{4}$' } }, additionalProperties: false },
      { type: 'object', properties: { a: { type: 'array', items: { type: 'string', maxLength: 3 } } }, additionalProperties: false },
      { type: 'object', properties: { a: { anyOf: [{ type: 'string', maxLength: 3 }, { type: 'number' }] } }, additionalProperties: false },
      { type: 'object', properties: {}, additionalProperties: { type: 'string', maxLength: 3 } },
      { properties: {}, additionalProperties: false },
    ];
    for (const schema of open) expect(argumentBound(schema, MAX_ARGUMENT_DEPTH), JSON.stringify(schema)).to.equal(Infinity);
    let deep: JsonSchema = { type: 'string', maxLength: 1 };
    for (let i = 0; i < MAX_ARGUMENT_DEPTH + 1; i++) deep = { type: 'object', properties: { a: deep }, additionalProperties: false };
    expect(argumentBound(deep, MAX_ARGUMENT_DEPTH)).to.equal(Infinity);
    expect(guardSchema({ type: 'object', properties: { a: { type: 'string', maxLength: MAX_ARGUMENT_BYTES } }, additionalProperties: false }, MAX_ARGUMENT_BYTES, MAX_ARGUMENT_DEPTH)).to.equal(undefined);
  });

  it('doubles every minLength of the guard schema, and nothing in enum, const, examples or property names', () => {
    const schema = {
      type: 'object',
      properties: { minLength: { type: 'string', minLength: 3, enum: ['minLength'] }, list: { type: 'array', items: { type: 'string', minLength: 1 } } },
      examples: [{ minLength: 5 }],
      additionalProperties: false,
    };
    expect(doubledMinLengths(schema)).to.deep.equal({
      type: 'object',
      properties: { minLength: { type: 'string', minLength: 6, enum: ['minLength'] }, list: { type: 'array', items: { type: 'string', minLength: 2 } } },
      examples: [{ minLength: 5 }],
      additionalProperties: false,
    });
    expect(schema.properties.minLength.minLength).to.equal(3);
  });

  it('judges every string exactly, surrogate pairs and lone surrogates included (random arguments around the limits, against ajv counting characters)', () => {
    const { session, guarded } = echoSession(CLOSED);
    expect(guarded).to.equal(true);
    expectLengthsJudgedExactly(session, CLOSED);
  });

  it('leaves huge, deep and cyclic arguments to the walk, with its messages', () => {
    const { session } = echoSession(CLOSED);
    expect(failure(session.call('echo', { name: 'abc', note: 'x'.repeat(MAX_ARGUMENT_BYTES) })).message).to.include('larger than');
    expect(failure(session.call('echo', { name: 'abc', tags: Array.from({ length: 100_000 }, () => 'ab') })).message).to.include('larger than');
    let deep: unknown = 'x';
    for (let i = 0; i < MAX_ARGUMENT_DEPTH + 5; i++) deep = { a: deep };
    expect(failure(session.call('echo', { name: 'abc', note: deep })).message).to.include('nested more than');
    const cyclic: Record<string, unknown> = { name: 'abc' };
    cyclic.tags = [cyclic];
    expect(failure(session.call('echo', cyclic)).message).to.include('nested more than');
    // A plain schema problem still reads as before: the name, the limit, the valid arguments.
    const error = failure(session.call('echo', { name: 'ab' }));
    expect(error.kind).to.equal('invalid_arguments');
    expect(error.message).to.include('name').and.to.include('Valid arguments');
  });

  it('guards the typical calls of the domains (calendar create_event among them), and not tools whose schemas fill defaults', async () => {
    const calendar = domainRuntime(await loadDomain('calendar')) as unknown as { compiledTool(name: string): { validateGuard: unknown; fillsDefaults: boolean } };
    expect(calendar.compiledTool('create_event').validateGuard).to.not.equal(undefined);
    expect(calendar.compiledTool('list_events').fillsDefaults).to.equal(true);
    expect(calendar.compiledTool('list_events').validateGuard).to.equal(undefined);
  });
});
