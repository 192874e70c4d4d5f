import { closestName } from './closestName.js';
import { entryIds, getEntry, type BucketedRecord } from './bucketedRecord.js';
import { ownEntry } from './ownEntry.js';

export { ownEntry };

/**
 * Finding entities by id without reading through `Object.prototype` (an id such as `__proto__` or
 * `constructor` is a plain miss), and the not-found message every domain gives: what was asked
 * for, the closest valid id with its label, and where the valid ones are listed.
 */

/** The number an id ends in (`spr_12` → 12, `WEB-7` → 7), 0 where it ends in none: for sorting ids by number. */
export function idNumber(id: string): number {
  const match = /(\d+)$/.exec(id);
  return match ? Number(match[1]) : 0;
}

/** Compares items by the number their id ends in (`byIdNumber((d) => d.deal_id)`), for `sort`. */
export function byIdNumber<T>(idOf: (item: T) => string): (a: T, b: T) => number {
  return (a, b) => idNumber(idOf(a)) - idNumber(idOf(b));
}

/** How a not-found message names things. */
export interface NotFoundHint<T> {
  /** What the id names, e.g. `invoice`. */
  noun: string;
  /** Where valid ids come from, e.g. `list_payment_invoices gives them`. */
  where: string;
  /** A human label of an entry for the suggestion, e.g. its name. */
  label?: (entry: T) => string;
}

/** "invoice in_99 not found; did you mean in_9 (Dana Wells, 120.00)? list_payment_invoices gives them". */
export function notFoundMessage<T>(id: string, ids: readonly string[], entryOf: (id: string) => T | undefined, hint: NotFoundHint<T>): string {
  const near = ids.length > 0 ? closestName(id, ids) : undefined;
  const entry = near === undefined ? undefined : entryOf(near);
  const label = entry !== undefined && hint.label !== undefined ? ` (${hint.label(entry)})` : '';
  return `${hint.noun} ${id} not found${near !== undefined ? `; did you mean ${near}${label}?` : ''}; ${hint.where}`;
}

/** The entry of a plain record keyed by id, or a failure (through `fail`) naming the closest valid id. */
export function requireOwn<T>(record: Readonly<Record<string, T>>, id: string, fail: (message: string) => never, hint: NotFoundHint<T>): T {
  if (Object.hasOwn(record, id)) return record[id];
  return fail(notFoundMessage(id, Object.keys(record), (key) => ownEntry(record, key), hint));
}

/** The entry of a bucketed record, or a failure naming the closest valid id. */
export function requireBucketed<T>(record: BucketedRecord<T>, id: string, fail: (message: string) => never, hint: NotFoundHint<T>): T {
  const entry = getEntry(record, id);
  if (entry !== undefined) return entry;
  return fail(notFoundMessage(id, entryIds(record), (key) => getEntry(record, key), hint));
}
