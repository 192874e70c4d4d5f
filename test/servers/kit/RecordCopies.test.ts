import { expect } from 'chai';
import fc from 'fast-check';
import { RecordCopies } from '../../../servers/kit/RecordCopies.js';

/** What a change must give: the plain-object result of the same assignments and deletions. */
function reference(record: Readonly<Record<string, number>>, changes: ReadonlyArray<[string, number | undefined]>): Record<string, number> {
  const out: Record<string, number> = {};
  const put = (key: string, value: number) => (Object.hasOwn(out, key) ? (out[key] = value) : Object.defineProperty(out, key, { value, writable: true, enumerable: true, configurable: true }));
  for (const [key, value] of Object.entries(record)) put(key, value);
  for (const [key, value] of changes) {
    if (value === undefined) delete out[key];
    else put(key, value);
  }
  return out;
}

const entriesOf = (record: object) => Object.entries(record);

describe('RecordCopies: copies of one kind of state record with keys set or removed', () => {
  it('with() returns a frozen copy with the key replaced in place or added last, and leaves the record as it was', () => {
    const copies = new RecordCopies();
    const record = Object.freeze({ b: 1, a: 2, 7: 3 }) as Readonly<Record<string, number>>;
    const replaced = copies.with(record, 'a', 20);
    const added = copies.with(replaced, 'c', 30);
    const addedIndex = copies.with(added, 3, 40);
    expect(entriesOf(replaced)).to.deep.equal([['7', 3], ['b', 1], ['a', 20]]);
    expect(entriesOf(added)).to.deep.equal([['7', 3], ['b', 1], ['a', 20], ['c', 30]]);
    // Integer-like keys enumerate first, in ascending order, in any object.
    expect(entriesOf(addedIndex)).to.deep.equal([['3', 40], ['7', 3], ['b', 1], ['a', 20], ['c', 30]]);
    for (const copy of [replaced, added, addedIndex]) expect(Object.isFrozen(copy)).to.equal(true);
    expect(entriesOf(record)).to.deep.equal([['7', 3], ['b', 1], ['a', 2]]);
  });

  it('edit() sets and deletes named and numbered keys, and finish() freezes the record in the order a plain object would have', () => {
    const copies = new RecordCopies();
    const record = Object.freeze({ 1: 10, 2: 20, x: 1, y: 2, z: 3 }) as Readonly<Record<string, number>>;
    const edit = copies.edit(record);
    edit.delete('y');
    edit.delete(1);
    edit.set('w', 4);
    edit.set(5, 50);
    expect(edit.get('x')).to.equal(1);
    expect(edit.get('y')).to.equal(undefined);
    const done = edit.finish();
    expect(Object.isFrozen(done)).to.equal(true);
    expect(entriesOf(done)).to.deep.equal(entriesOf(reference(record, [['y', undefined], ['1', undefined], ['w', 4], ['5', 50]])));
    expect(entriesOf(record)).to.deep.equal([['1', 10], ['2', 20], ['x', 1], ['y', 2], ['z', 3]]);
  });

  it('a chain of writes, each on the record the last one made (shapes found by identity), gives what plain objects give', () => {
    const key = fc.oneof(fc.constantFrom('a', 'b', 'c', 'id_1', 'id_2', '__proto__'), fc.integer({ min: 0, max: 40 }).map(String));
    const change = fc.tuple(key, fc.option(fc.integer({ min: 0, max: 99 }), { nil: undefined }));
    fc.assert(
      fc.property(fc.array(fc.array(change, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 12 }), (steps) => {
        const copies = new RecordCopies();
        let record: Readonly<Record<string, number>> = Object.freeze({});
        let expected: Record<string, number> = {};
        for (const changes of steps) {
          if (changes.length === 1 && changes[0][1] !== undefined) {
            record = copies.with(record, changes[0][0], changes[0][1]);
          } else {
            const edit = copies.edit<number>(record);
            for (const [name, value] of changes) {
              if (value === undefined) edit.delete(name);
              else edit.set(name, value);
            }
            record = edit.finish();
          }
          expected = reference(expected, changes);
          expect(Object.isFrozen(record)).to.equal(true);
          expect(entriesOf(record)).to.deep.equal(entriesOf(expected));
          expect(Object.getPrototypeOf(record)).to.equal(Object.prototype);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('records keyed by numbers only (copied from the values it keeps beside them) give what plain objects give, whichever earlier record a write starts from', () => {
    const key = fc.integer({ min: 0, max: 20 }).map(String);
    const step = fc.record({
      from: fc.nat(),
      changes: fc.array(fc.tuple(key, fc.option(fc.integer({ min: 0, max: 99 }), { nil: undefined })), { minLength: 1, maxLength: 3 }),
      thaw: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 30 }), (steps) => {
        const copies = new RecordCopies();
        // Earlier records and what each must hold: writes branch from any of them, as sessions taking turns do.
        const records: Array<Readonly<Record<string, number>>> = [Object.freeze({ 0: 1, 3: 4, 7: 9 })];
        const expected: Array<Record<string, number>> = [{ 0: 1, 3: 4, 7: 9 }];
        for (const { from, changes, thaw } of steps) {
          const index = from % records.length;
          // A record the kind did not make, and one not frozen (its shape holds for one copy only).
          let base = records[index];
          if (thaw) base = { ...base };
          let record: Readonly<Record<string, number>>;
          if (changes.length === 1 && changes[0][1] !== undefined) record = copies.with(base, changes[0][0], changes[0][1]);
          else {
            const edit = copies.edit<number>(base);
            for (const [name, value] of changes) {
              if (value === undefined) edit.delete(name);
              else edit.set(name, value);
            }
            record = edit.finish();
          }
          const want = reference(expected[index], changes);
          expect(Object.isFrozen(record)).to.equal(true);
          expect(entriesOf(record)).to.deep.equal(entriesOf(want));
          records.push(record);
          expected.push(want);
        }
        // No write changed an earlier record.
        for (let i = 0; i < records.length; i++) expect(entriesOf(records[i])).to.deep.equal(entriesOf(expected[i]));
      }),
      { numRuns: 500 },
    );
  });
});
