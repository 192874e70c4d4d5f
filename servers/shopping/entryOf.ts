import { bucketOf, type BucketedRecord } from '../kit/bucketedRecord.js';

/**
 * `getEntry` of servers/kit/bucketedRecord.ts with the bucket of each id remembered: the bucket is
 * a pure function of the id, found by a regular expression that costs more than the lookup itself,
 * and tools look up the same few hundred variant and order ids over and over.
 */

const bucketKeys = new Map<string, string>();
/** Ids remembered at most (a world holds under a thousand; ids from arguments can be anything). */
const MAX_REMEMBERED = 1 << 16;

/** `bucketOf(id)`, remembered. */
export function bucketKey(id: string): string {
  let key = bucketKeys.get(id);
  if (key === undefined) {
    key = bucketOf(id);
    if (bucketKeys.size >= MAX_REMEMBERED) bucketKeys.clear();
    bucketKeys.set(id, key);
  }
  return key;
}

/** The entry with that id, or undefined (the same answer as `getEntry`). */
export function entryOf<T>(record: BucketedRecord<T>, id: string): T | undefined {
  const key = bucketKey(id);
  if (!Object.hasOwn(record, key)) return undefined;
  const bucket = record[key];
  return Object.hasOwn(bucket, id) ? bucket[id] : undefined;
}
