import { bucketOf, type BucketedRecord } from '../kit/bucketedRecord.js';

/**
 * `getEntry` of servers/kit/bucketedRecord.ts with the bucket of each id remembered: the bucket is
 * a pure function of the id, found by a regular expression that costs more than the lookup itself,
 * and tools look up the same few hundred variant and order ids over and over. A numbered bucket is
 * remembered as a number, which reads the outer record's elements without parsing a string.
 */

const bucketKeys = new Map<string, number | string>();
/** Ids remembered at most (a world holds under a thousand; ids from arguments can be anything). */
const MAX_REMEMBERED = 1 << 16;
const INDEX_KEY = /^(0|[1-9]\d{0,8})$/;

/** `bucketOf(id)`, remembered; a number when the bucket key is integer-like (the same property). */
export function bucketKey(id: string): number | string {
  let key = bucketKeys.get(id);
  if (key === undefined) {
    const name = bucketOf(id);
    key = INDEX_KEY.test(name) ? Number(name) : name;
    if (bucketKeys.size >= MAX_REMEMBERED) bucketKeys.clear();
    bucketKeys.set(id, key);
  }
  return key;
}

/** The bucket at a key from `bucketKey`, or undefined. */
export function bucketAt<T>(record: BucketedRecord<T>, key: number | string): Record<string, T> | undefined {
  // An integer-like key is never inherited (Object.prototype has no elements) and buckets are objects.
  if (typeof key === 'number') return (record as unknown as Record<number, Record<string, T> | undefined>)[key];
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** The entry with that id, or undefined (the same answer as `getEntry`). */
export function entryOf<T>(record: BucketedRecord<T>, id: string): T | undefined {
  const key = bucketKey(id);
  let bucket: Record<string, T> | undefined;
  // An integer-like key is never inherited (Object.prototype has no elements) and buckets are objects.
  if (typeof key === 'number') bucket = (record as unknown as Record<number, Record<string, T> | undefined>)[key];
  else bucket = Object.hasOwn(record, key) ? record[key] : undefined;
  if (bucket === undefined) return undefined;
  const entry = bucket[id];
  // Entries carry their own id: a match is an own entry, anything else needs the check.
  return entry !== undefined && ((entry as { id?: unknown }).id === id || Object.hasOwn(bucket, id)) ? entry : undefined;
}
