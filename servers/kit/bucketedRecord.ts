/**
 * A large collection keyed by id, laid out as small buckets: `{ bucket: { id: entry } }`.
 *
 * Copy-on-write copies every object on the path to a change. A flat record of hundreds of entries
 * costs 100+ µs to copy (V8 keeps objects with more than ~128 keys in dictionary mode, and even
 * fast-mode objects copy key by key), so a write into a bucketed record copies only the outer
 * record (a few dozen buckets) and one bucket (at most `BUCKET_SPAN` entries of a numbered series).
 *
 * The bucket of an id depends on the id alone: ids numbered `prefix_N…` (evt_41, evt_41_20260325,
 * var_1001) go to bucket `floor(N / BUCKET_SPAN)`, an integer-like key, so buckets iterate in
 * ascending order and entries in the order they were added to their bucket; other ids go to one of
 * `HASH_BUCKETS` buckets `h<k>` by a stable string hash. Empty buckets are removed, so the layout
 * (and the canonical state hash) depends only on which entries exist.
 */

/** A collection of entries by id, split into buckets by `bucketOf(id)`. */
export type BucketedRecord<T> = Record<string, Record<string, T>>;

/** Ids of a numbered series per bucket. */
export const BUCKET_SPAN = 32;
/** Buckets for ids without a number. */
export const HASH_BUCKETS = 32;

/**
 * The number of the first `_<digits>` in an id (`evt_41_20260325` → 41), or -1. A scan of char
 * codes, not a regular expression: it runs on every lookup.
 */
function idNumber(id: string): number {
  for (let at = id.indexOf('_'); at !== -1; at = id.indexOf('_', at + 1)) {
    let end = at + 1;
    let value = 0;
    while (end < id.length) {
      const code = id.charCodeAt(end);
      if (code < 48 || code > 57) break;
      value = value * 10 + (code - 48);
      end++;
    }
    if (end === at + 1) continue;
    // Past 15 digits the running sum may round differently from Number() of the digits.
    return end - at - 1 > 15 ? Number(id.slice(at + 1, end)) : value;
  }
  return -1;
}

/** The bucket an id belongs to (a pure function of the id). */
export function bucketOf(id: string): string {
  const number = idNumber(id);
  if (number >= 0) return String(Math.floor(number / BUCKET_SPAN));
  // FNV-1a over UTF-16 code units: the same bucket on every machine.
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return `h${(hash >>> 0) % HASH_BUCKETS}`;
}

/** The entry with that id, or undefined. */
export function getEntry<T>(record: BucketedRecord<T>, id: string): T | undefined {
  const key = bucketOf(id);
  if (!Object.hasOwn(record, key)) return undefined;
  const bucket = record[key];
  return Object.hasOwn(bucket, id) ? bucket[id] : undefined;
}

/** Whether an entry with that id exists. */
export function hasEntry(record: BucketedRecord<unknown>, id: string): boolean {
  const key = bucketOf(id);
  return Object.hasOwn(record, key) && Object.hasOwn(record[key], id);
}

/** Add or replace the entry with that id (on a draft: copies only the outer record and one bucket). */
export function setEntry<T>(record: BucketedRecord<T>, id: string, entry: NoInfer<T>): void {
  const key = bucketOf(id);
  if (Object.hasOwn(record, key)) record[key][id] = entry;
  else record[key] = { [id]: entry };
}

/** Remove the entry with that id (and its bucket once empty). Returns whether it existed. */
export function deleteEntry(record: BucketedRecord<unknown>, id: string): boolean {
  const key = bucketOf(id);
  if (!Object.hasOwn(record, key) || !Object.hasOwn(record[key], id)) return false;
  const bucket = record[key];
  delete bucket[id];
  for (const _ in bucket) return true;
  delete record[key];
  return true;
}

/** Every entry: bucket by bucket, each bucket in the order its entries were added. */
export function entryValues<T>(record: BucketedRecord<T>): T[] {
  const out: T[] = [];
  for (const key in record) {
    const bucket = record[key];
    for (const id in bucket) out.push(bucket[id]);
  }
  return out;
}

/** Every id, in the order of `entryValues`. */
export function entryIds(record: BucketedRecord<unknown>): string[] {
  const out: string[] = [];
  for (const key in record) for (const id in record[key]) out.push(id);
  return out;
}

/** Every `[id, entry]` pair, in the order of `entryValues`. */
export function entryPairs<T>(record: BucketedRecord<T>): Array<[string, T]> {
  const out: Array<[string, T]> = [];
  for (const key in record) {
    const bucket = record[key];
    for (const id in bucket) out.push([id, bucket[id]]);
  }
  return out;
}

/** How many entries there are. */
export function entryCount(record: BucketedRecord<unknown>): number {
  let count = 0;
  for (const key in record) for (const _ in record[key]) count++;
  return count;
}

/** A flat record laid out in buckets (for world generators); entries keep their relative order. */
export function toBuckets<T>(flat: Readonly<Record<string, T>>): BucketedRecord<T> {
  const record: BucketedRecord<T> = {};
  for (const id of Object.keys(flat)) setEntry(record, id, flat[id]);
  return record;
}

/**
 * Add or replace an entry of the bucketed record at `path` through a tool's `ctx.put` (copies of the
 * outer record and of one bucket, a new bucket when needed, no draft Proxy, and no scan of either
 * copy at the end of the call): the fast way to write one.
 */
export function editEntry<T>(ctx: { put(path: readonly PropertyKey[], value: unknown): void }, path: readonly PropertyKey[], id: string, entry: NoInfer<T>): void {
  ctx.put([...path, bucketOf(id), id], entry);
}

/** Remove an entry of the bucketed record at `path` through `ctx.edit` (and its bucket once empty). Returns whether it existed. */
export function editDeleteEntry(ctx: { edit<E>(...path: PropertyKey[]): E }, path: readonly PropertyKey[], id: string): boolean {
  const key = bucketOf(id);
  const outer = ctx.edit<BucketedRecord<unknown>>(...path);
  if (!Object.hasOwn(outer, key) || !Object.hasOwn(outer[key], id)) return false;
  const rest: Record<string, unknown> = {};
  let left = false;
  for (const other in outer[key]) {
    if (other === id) continue;
    rest[other] = outer[key][other];
    left = true;
  }
  if (left) outer[key] = rest;
  else delete outer[key];
  return true;
}
