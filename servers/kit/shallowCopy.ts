/**
 * Shallow copies of frozen state objects, for the copy-on-write path. V8 copies a frozen object
 * through a spread (or Object.assign) key by key, about 15 ns a key; an object literal with the same
 * keys is built in a few nanoseconds, and freezing it afterwards is cheap too. So every object shape
 * (its keys, in order) that is copied a second time gets a function compiled for it, returning such
 * a literal; the state's entities and collections keep their shapes across calls and sessions, so
 * nearly every copy after the first ones goes through one.
 *
 * Bounded: shapes are found by key count and first key, at most BUCKET_SIZE per bucket and
 * MAX_COMPILED in all; a shape seen once is only remembered (growing id-keyed collections change
 * shape with every new entry and are mostly copied once), and anything else is spread.
 */

type Copier = (source: Readonly<Record<string, unknown>>) => Record<string, unknown>;

interface Shape {
  readonly keys: readonly string[];
  copy: Copier | undefined;
}

/** Objects with fewer keys are spread: a literal gains little there. */
const MIN_KEYS = 4;
/** Larger objects are spread (and should not exist in a state: see bucketedRecord.ts). */
const MAX_KEYS = 200;
const BUCKET_SIZE = 8;
const MAX_COMPILED = 4096;

/** Shapes by key count, then by first key. */
const shapes: Array<Map<string, Shape[]> | undefined> = [];
let compiled = 0;
let evictions = 0;

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  for (let i = a.length - 1; i >= 0; i--) if (a[i] !== b[i]) return false;
  return true;
}

function compile(keys: readonly string[]): Copier {
  // Plain keys: a literal with computed keys gets a map V8 cannot reuse, and freezing a large one
  // then costs tens of microseconds. Only "__proto__" must be computed (a plain one would set the
  // prototype). Integer-like keys come first in a literal as in any object, so the copy enumerates
  // in the source's order.
  const body = keys.map((key) => `${key === '__proto__' ? '["__proto__"]' : JSON.stringify(key)}: source[${JSON.stringify(key)}]`).join(', ');
  compiled++;
  return new Function('source', `return { ${body} };`) as Copier;
}

/** A plain, unfrozen shallow copy of an object (own enumerable string keys, in the same order). */
export function shallowCopy<T extends object>(source: T): T {
  if (Array.isArray(source)) return source.slice() as T;
  const keys = Object.keys(source);
  const count = keys.length;
  if (count < MIN_KEYS || count > MAX_KEYS) return { ...source };
  let byFirst = shapes[count];
  if (byFirst === undefined) shapes[count] = byFirst = new Map();
  let bucket = byFirst.get(keys[0]);
  if (bucket === undefined) byFirst.set(keys[0], (bucket = []));
  for (const shape of bucket) {
    if (!sameKeys(shape.keys, keys)) continue;
    if (shape.copy === undefined) {
      if (compiled >= MAX_COMPILED) return { ...source };
      shape.copy = compile(keys);
    }
    return shape.copy(source as Readonly<Record<string, unknown>>) as T;
  }
  if (bucket.length < BUCKET_SIZE) bucket.push({ keys, copy: undefined });
  else {
    // Full: a shape seen once makes room (round robin), compiled ones stay.
    const start = evictions++ % BUCKET_SIZE;
    for (let i = 0; i < BUCKET_SIZE; i++) {
      const index = (start + i) % BUCKET_SIZE;
      if (bucket[index].copy === undefined) {
        bucket[index] = { keys, copy: undefined };
        break;
      }
    }
  }
  return { ...source };
}
