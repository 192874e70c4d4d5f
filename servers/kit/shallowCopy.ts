/**
 * Shallow copies of frozen state objects, for the copy-on-write path. V8 copies a frozen object
 * through a spread (or Object.assign) key by key, about 15 ns a key; an object literal with the same
 * keys is built in a few nanoseconds, and freezing it afterwards is cheap too. So every object shape
 * (its keys, in order) that is copied a second time gets a function compiled for it, returning such
 * a literal; the state's entities and collections keep their shapes across calls and sessions, so
 * nearly every copy after the first ones goes through one.
 *
 * Bounded: shapes are found by their first key and matched key by key (a for-in, no array), at
 * most BUCKET_SIZE per first key and MAX_COMPILED in all; a shape seen once is only remembered
 * (growing id-keyed collections change shape with every new entry and are mostly copied once),
 * and anything else is spread. Arrays are copied by Array.from.
 */

import { isFrozenState } from './isFrozenState.js';

/** A compiled literal copy of one key list. */
export type Copier = (source: Readonly<Record<string, unknown>>) => Record<string, unknown>;

interface Shape {
  readonly keys: readonly string[];
  copy: Copier | undefined;
}

/** Larger objects are spread (and should not exist in a state: see bucketedRecord.ts). */
const MAX_KEYS = 200;
const BUCKET_SIZE = 16;
const MAX_COMPILED = 16_384;

/** Whether another copier may be compiled (the bound keeps a process from compiling without end). */
export function mayCompile(): boolean {
  return compiled < MAX_COMPILED;
}

/** Shapes by first key. */
const shapes = new Map<string, Shape[]>();
let compiled = 0;
/**
 * Large objects (matching their keys costs a walk over all of them) copied a second time keep
 * their copier by identity: the world's collections are copied again by every session, a restored
 * snapshot's by every branch. Entities are left out: matching them is cheap, and registering every
 * copied object would cost more in the WeakMap's upkeep than it saves.
 */
const LARGE = 16;
const copierOf = new WeakMap<object, Copier>();
/**
 * The large frozen objects copied once most recently (a ring, not a WeakSet: every entry of a weak
 * collection costs the garbage collector ~0.5 µs when the object dies, and in an episode most
 * copied records die after their first copy, replaced by the write that copied them).
 */
const RECENT = 32;
const copiedOnce: Array<object | undefined> = new Array<object | undefined>(RECENT).fill(undefined);
let nextRecent = 0;

/** Whether `source` was copied once lately (then it is forgotten here), else remembers it. */
function copiedBefore(source: object): boolean {
  for (let i = 0; i < RECENT; i++) {
    if (copiedOnce[i] === source) {
      copiedOnce[i] = undefined;
      return true;
    }
  }
  copiedOnce[nextRecent] = source;
  nextRecent = (nextRecent + 1) % RECENT;
  return false;
}
let evictions = 0;
/** Copiers by key list, for the world's objects (each keeps its copier by identity). */
const sharedCopiers = new Map<string, Copier>();

/** Whether `source` has exactly these own enumerable keys, in this order (no array is allocated). */
function hasKeys(keys: readonly string[], source: object): boolean {
  let i = 0;
  for (const key in source) if (keys[i++] !== key) return false;
  return i === keys.length;
}

/** An array index as V8 stores it among an object's elements (at most 2^32 - 2). */
export const ARRAY_INDEX = /^(?:0|[1-9]\d{0,8})$/;

/**
 * A function returning a literal copy of an object with exactly these keys, in this order (for
 * RecordCopies too). Counted against the bound of compiled copiers.
 */
export function compileCopier(keys: readonly string[]): Copier {
  // Plain keys: a literal with computed keys gets a map V8 cannot reuse, and freezing a large one
  // then costs tens of microseconds. Only "__proto__" must be computed (a plain one would set the
  // prototype). Integer-like keys come first in a literal as in any object, so the copy enumerates
  // in the source's order.
  // Integer-like keys are written as numbers: an element read by number skips the string-to-index step.
  const body = keys.map((key) => `${literalKey(key)}: source[${ARRAY_INDEX.test(key) ? key : JSON.stringify(key)}]`).join(', ');
  compiled++;
  return new Function('source', `return { ${body} };`) as Copier;
}

/** A key as an object literal writes it: a number for an array index, `["__proto__"]` computed, else a JSON string. */
function literalKey(key: string): string {
  return ARRAY_INDEX.test(key) ? key : key === '__proto__' ? '["__proto__"]' : JSON.stringify(key);
}

/**
 * A function returning a literal with these keys (array indexes: RecordCopies' numbered records)
 * and the values of an array in their order. Counted against the bound of compiled copiers.
 */
export function compileBuilder(keys: readonly string[]): (values: readonly unknown[]) => Record<string, unknown> {
  const body = keys.map((key, i) => `${literalKey(key)}: values[${i}]`).join(', ');
  compiled++;
  return new Function('values', `return { ${body} };`) as (values: readonly unknown[]) => Record<string, unknown>;
}

function remember(keys: string[]): void {
  if (keys.length === 0 || keys.length > MAX_KEYS) return;
  let bucket = shapes.get(keys[0]);
  if (bucket === undefined) shapes.set(keys[0], (bucket = []));
  if (bucket.length < BUCKET_SIZE) {
    bucket.push({ keys, copy: undefined });
    return;
  }
  // Full: a shape seen once makes room (round robin), compiled ones stay.
  const start = evictions++ % BUCKET_SIZE;
  for (let i = 0; i < BUCKET_SIZE; i++) {
    const index = (start + i) % BUCKET_SIZE;
    if (bucket[index].copy === undefined) {
      bucket[index] = { keys, copy: undefined };
      return;
    }
  }
}

/**
 * A plain, unfrozen shallow copy of an object (own enumerable string keys, in the same order) or
 * of an array.
 */
export function shallowCopy<T extends object>(source: T): T {
  // slice() takes a slow path on frozen arrays (~1.2 µs); Array.from does not (60-75 ns for 3 to
  // 20 items, against 90-140 for a spread and 160-640 for a push loop).
  if (Array.isArray(source)) return Array.from(source) as T;
  const known = copierOf.get(source);
  if (known !== undefined) return known(source as Readonly<Record<string, unknown>>) as T;
  let first: string | undefined;
  for (const key in source) {
    first = key;
    break;
  }
  if (first === undefined) return {} as T;
  const bucket = shapes.get(first);
  if (bucket !== undefined) {
    // Shapes under one first key are often versions of one growing record (the same keys, and
    // more): they differ only at the end, so compare key counts before comparing keys.
    let count = -1;
    for (const shape of bucket) {
      if (bucket.length > 1) {
        if (count < 0) {
          count = 0;
          for (const _ in source) count++;
        }
        if (shape.keys.length !== count) continue;
      }
      if (!hasKeys(shape.keys, source)) continue;
      if (shape.copy === undefined) {
        if (compiled >= MAX_COMPILED) return { ...source };
        shape.copy = compileCopier(shape.keys);
      }
      if (shape.keys.length >= LARGE && isFrozenState(source) && copiedBefore(source)) copierOf.set(source, shape.copy);
      return shape.copy(source as Readonly<Record<string, unknown>>) as T;
    }
  }
  remember(Object.keys(source));
  return { ...source };
}

/**
 * A frozen copy of a new plain object that will be shared for good (a loaded world's objects):
 * built through the literal compiled for its keys, so that objects of one kind share a hidden
 * class, and keeping that copier by identity, so that every later copy of it (every session
 * starts from the world) skips matching its keys.
 */
export function freezeShared<T extends object>(built: T): T {
  if (Array.isArray(built)) return Object.freeze(shallowCopy(built));
  const keys = Object.keys(built);
  if (keys.length === 0 || keys.length > MAX_KEYS) return Object.freeze({ ...built });
  const signature = keys.join('\u0000');
  let copier = sharedCopiers.get(signature);
  if (copier === undefined) {
    if (compiled >= MAX_COMPILED) return Object.freeze(shallowCopy(built));
    copier = compileCopier(keys);
    sharedCopiers.set(signature, copier);
  }
  const frozen = Object.freeze(copier(built as Readonly<Record<string, unknown>>)) as T;
  copierOf.set(frozen, copier);
  return frozen;
}
