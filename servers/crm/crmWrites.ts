import { bucketOf } from '../kit/bucketedRecord.js';
import type { Context } from './crmLookups.js';

type Bucketed = 'accounts' | 'contacts' | 'leads' | 'deals' | 'activities';

/** A writable copy of one entry of a bucketed collection (kept only if the call succeeds). */
export function editEntry<T>(ctx: Context, collection: Bucketed, id: string): T {
  return ctx.edit<T>(collection, bucketOf(id), id);
}

/** Add an entry to a bucketed collection: copies the outer record and one bucket. */
export function putEntry<T>(ctx: Context, collection: Bucketed, id: string, entry: T): void {
  const bucket = bucketOf(id);
  if (Object.hasOwn(ctx.base[collection], bucket)) ctx.edit<Record<string, T>>(collection, bucket)[id] = entry;
  else ctx.edit<Record<string, Record<string, T>>>(collection)[bucket] = { [id]: entry };
}

/** Remove an entry from a bucketed collection (and its bucket once empty). */
export function removeEntry(ctx: Context, collection: Bucketed, id: string): void {
  const bucket = bucketOf(id);
  const entries = ctx.edit<Record<string, unknown>>(collection, bucket);
  delete entries[id];
  if (Object.keys(entries).length === 0) delete ctx.edit<Record<string, unknown>>(collection)[bucket];
}
