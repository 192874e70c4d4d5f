import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import fc from 'fast-check';
import { createDraft, editDraft, finishDraft, original, putDraft } from '../../../servers/kit/copyOnWrite.js';
import { editDeleteEntry, editEntry, toBuckets } from '../../../servers/kit/bucketedRecord.js';
import { stateDigest } from '../../../servers/kit/stateDigest.js';
import { domainRuntime } from '../../../servers/kit/DomainSession.js';
import { loadDomain } from '../../../servers/index.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}

/** A fresh, unfrozen deep copy with every object's keys in reverse order (nothing of it is remembered). */
function reordered(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(reordered);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).reverse()) {
    const item = (value as Record<string, unknown>)[key];
    if (item === undefined) continue;
    if (key === '__proto__') Object.defineProperty(out, key, { value: reordered(item), enumerable: true, writable: true, configurable: true });
    else out[key] = reordered(item);
  }
  return out;
}

/** JSON with sorted keys: the equality the digest stands for. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value === 0 ? 0 : value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonical(v))).join(',')}]`;
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record)
    .filter((k) => record[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(record[k])}`)
    .join(',')}}`;
}

const json = fc.jsonValue({ maxDepth: 4 }) as fc.Arbitrary<Json>;
const leaf = fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.string({ maxLength: 12 }), fc.boolean(), fc.constant(null));
const small = fc.oneof(leaf, fc.dictionary(fc.string({ maxLength: 4 }), leaf, { maxKeys: 3 }), fc.array(leaf, { maxLength: 3 }));

/** The containers (objects and arrays) of a value, with their paths. */
function containers(value: unknown, path: PropertyKey[] = [], out: Array<{ path: PropertyKey[]; value: object }> = []): Array<{ path: PropertyKey[]; value: object }> {
  if (value === null || typeof value !== 'object') return out;
  out.push({ path, value });
  for (const key of Object.keys(value)) containers((value as Record<string, unknown>)[key], [...path, Array.isArray(value) ? Number(key) : key], out);
  return out;
}

function at(root: unknown, path: readonly PropertyKey[]): Record<PropertyKey, unknown> {
  let value = root as Record<PropertyKey, unknown>;
  for (const key of path) value = value[key] as Record<PropertyKey, unknown>;
  return value;
}

/**
 * One write on a draft, chosen by `choice` among sets, deletes, array methods, raw edits
 * (`editDraft`) and moves of a frozen subtree elsewhere.
 */
function write(draft: ReturnType<typeof createDraft<unknown>>, choice: number, key: string, value: unknown): void {
  // The state as the draft has it now (earlier writes of the call included).
  const spots = containers(draft.draft);
  const spot = spots[choice % spots.length];
  const kind = Math.floor(choice / spots.length) % 7;
  const isArray = Array.isArray(spot.value);
  const keys = Object.keys(spot.value);
  const existing = keys.length > 0 ? keys[choice % keys.length] : key;
  const slot: PropertyKey = isArray ? Number(existing) || 0 : kind % 2 === 0 ? existing : key;
  // Frozen state reached through new data of this call is not drafted (a handler gets the same TypeError).
  if (Object.isFrozen(at(draft.draft, spot.path))) return;
  switch (kind) {
    case 0:
    case 1: {
      const target = at(draft.draft, spot.path);
      if (isArray && typeof slot === 'number' && slot > (target as unknown as unknown[]).length) (target as unknown as unknown[]).push(value);
      else target[slot] = value;
      return;
    }
    case 2:
      if (isArray) (at(draft.draft, spot.path) as unknown as unknown[]).pop();
      else delete at(draft.draft, spot.path)[existing];
      return;
    case 3:
      if (isArray) (at(draft.draft, spot.path) as unknown as unknown[]).splice(0, 1, value, value);
      else at(draft.draft, spot.path)[key] = undefined;
      return;
    case 4: {
      const copy = editDraft<Record<PropertyKey, unknown>>(draft, spot.path);
      if (isArray) (copy as unknown as unknown[]).push(value);
      else copy[key] = value;
      return;
    }
    case 5: {
      const copy = editDraft<Record<PropertyKey, unknown>>(draft, spot.path);
      if (isArray) (copy as unknown as unknown[]).length = Math.max(0, keys.length - 1);
      else delete copy[existing];
      return;
    }
    default: {
      // Share a frozen subtree of the state under another key.
      const other = original(spots[(choice >> 3) % spots.length].value);
      // New data of this call could be the slot's own parent: only frozen state is shared.
      if (Object.isFrozen(other)) at(draft.draft, spot.path)[slot] = other;
    }
  }
}

describe('the domain kit: the state digest behind session hashes', () => {
  it('is a pure function of the value: key order, freezing and what was digested before do not matter', () => {
    fc.assert(
      fc.property(json, (value) => {
        const fresh = stateDigest(reordered(value));
        expect(stateDigest(value)).to.equal(fresh);
        expect(stateDigest(deepFreeze(reordered(value)))).to.equal(fresh);
        expect(stateDigest(reordered(value))).to.equal(fresh);
      }),
      { numRuns: 300 },
    );
  });

  it('different values (as sorted-key JSON) have different digests, equal ones equal digests', () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        expect(stateDigest(a) === stateDigest(b)).to.equal(canonical(a) === canonical(b));
      }),
      { numRuns: 500 },
    );
  });

  it('tells apart what JSON tells apart, and only that', () => {
    const same: Array<[unknown, unknown]> = [
      [{ a: -0 }, { a: 0 }],
      [{ a: 1, b: undefined }, { a: 1 }],
      [[undefined], [null]],
      [{ b: 1, a: [1, 'x', { c: null }] }, { a: [1, 'x', { c: null }], b: 1 }],
    ];
    for (const [a, b] of same) expect(stateDigest(a), JSON.stringify(a)).to.equal(stateDigest(b));
    const differ: Array<[unknown, unknown]> = [
      [{ a: 1 }, { a: '1' }],
      [[[1], 2], [1, [2]]],
      [[], {}],
      [{ a: [] }, { a: {} }],
      [{ a: 'b' }, { b: 'a' }],
      [{ a: null }, {}],
      [{ a: NaN }, { a: null }],
      [{ a: Infinity }, { a: -Infinity }],
      ['a\u0000', 'a'],
      [[1, 2], [2, 1]],
      [{ a: { b: 1 }, c: {} }, { a: {}, c: { b: 1 } }],
      [true, 'true'],
      [1n, '1n'],
    ];
    for (const [a, b] of differ) expect(stateDigest(a), `${String(a)} vs ${String(b)}`).to.not.equal(stateDigest(b));
  });

  it('is the same on every machine: fixed values for fixed inputs', () => {
    expect(stateDigest({ a: [1, 'x', null, true, -0, 2.5], b: { 'é😀': 'line\nbreak' } })).to.equal(GOLDEN);
  });

  it('after copy-on-write writes (sets, deletes, array methods, raw edits, shared subtrees) equals the digest computed from scratch', () => {
    const op = fc.tuple(fc.nat(), fc.string({ maxLength: 5 }), small);
    fc.assert(
      fc.property(json, fc.array(fc.array(op, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }), fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }), (start, calls, hashed) => {
        let state = deepFreeze({ root: reordered(start), list: [1, { x: 2 }], record: { k: 'v' } }) as unknown;
        for (const [n, call] of calls.entries()) {
          // The digest of the state before is known or not: writes then digest their copies, or not.
          if (hashed[n]) stateDigest(state);
          const draft = createDraft(state);
          for (const [choice, key, value] of call) {
            try {
              write(draft, choice, key, structuredClone(value));
            } catch (error) {
              // editDraft refuses some paths (new data replaced earlier in the call) before changing anything.
              if (!(error instanceof TypeError && error.message.startsWith('edit:'))) throw error;
            }
          }
          state = finishDraft(draft);
          expect(stateDigest(state)).to.equal(stateDigest(reordered(state)));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('bucketed collections: entries added and removed through edits in any order end at the same digest', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat({ max: 300 }), { minLength: 1, maxLength: 40 }), fc.nat(), (ids, seed) => {
        const initial = deepFreeze({ items: toBuckets({ item_1: { n: 1 } }), other: { x: 1 } });
        stateDigest(initial);
        const apply = (order: number[]) => {
          let state: typeof initial = initial;
          for (const id of order) {
            const draft = createDraft(state);
            const ctx = { edit: <E>(...path: PropertyKey[]) => editDraft<E>(draft, path), put: (path: readonly PropertyKey[], value: unknown) => putDraft(draft, path, value) };
            if (id % 5 === 0) editDeleteEntry(ctx, ['items'], `item_${id}`);
            else editEntry(ctx, ['items'], `item_${id}`, { n: id });
            state = finishDraft(draft);
            stateDigest(state);
          }
          return state;
        };
        const forward = apply(ids);
        const shuffled = [...ids].sort((a, b) => ((a * 7919 + seed) % 1009) - ((b * 7919 + seed) % 1009));
        const other = apply(shuffled);
        expect(stateDigest(forward)).to.equal(stateDigest(reordered(forward)));
        expect(stateDigest(other)).to.equal(stateDigest(reordered(other)));
        // The same set of entries either way (deletes of absent ids are no-ops, order of adds irrelevant).
        if (canonical(forward) === canonical(other)) expect(stateDigest(forward)).to.equal(stateDigest(other));
        else expect(stateDigest(forward)).to.not.equal(stateDigest(other));
      }),
      { numRuns: 100 },
    );
  });

  it('a session hash is the same in another process in another time zone, for the same calls', async () => {
    const runtime = domainRuntime(await loadDomain('calendar'));
    const session = runtime.openSession({ seed: 3 });
    session.stateHashSync();
    const outcome = session.call('create_event', { calendar_id: 'maya.kaya@lumenlabs.example', summary: 'Digest check', start: '2026-03-17T12:00:00+01:00', end: '2026-03-17T12:30:00+01:00' });
    expect(outcome.ok, JSON.stringify(outcome)).to.equal(true);
    const here = session.stateHashSync();
    const script = [
      "import { domainRuntime } from './servers/kit/DomainSession.ts';",
      "import { loadDomain } from './servers/index.ts';",
      "const s = domainRuntime(await loadDomain('calendar')).openSession({ seed: 3 });",
      "s.call('create_event', { calendar_id: 'maya.kaya@lumenlabs.example', summary: 'Digest check', start: '2026-03-17T12:00:00+01:00', end: '2026-03-17T12:30:00+01:00' });",
      'console.log(s.stateHashSync());',
    ].join('\n');
    const root = join(import.meta.dirname, '..', '..', '..');
    const there = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, env: { ...process.env, TZ: 'Pacific/Chatham' }, encoding: 'utf8' }).trim();
    expect(there).to.equal(here);
  });
});

const GOLDEN = '97fba2e4ec64e43f01bf199621665ad1';
