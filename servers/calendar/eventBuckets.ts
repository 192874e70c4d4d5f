import { type BucketedRecord, bucketOf } from '../kit/bucketedRecord.js';
import type { CalendarEvent } from './CalendarState.js';

/**
 * Lookups of stored events by id, as `getEntry`/`hasEntry` of the kit, with the bucket of each id
 * remembered: every write tool looks up an id several times, and a Map read of a known id costs
 * ~11-13 ns against ~25-28 for the kit's `bucketOf` (a digit scan and a number-to-string).
 * Bounded: the memory is dropped whole past MAX_REMEMBERED ids.
 */

const buckets = new Map<string, string>();
const MAX_REMEMBERED = 100_000;

/** The bucket of an event id (the kit's `bucketOf`). */
export function eventBucket(id: string): string {
  // A write looks up the id it has just made or read several times in a row.
  if (id === lastId) return lastKey;
  let key = buckets.get(id);
  if (key === undefined) {
    if (buckets.size >= MAX_REMEMBERED) buckets.clear();
    key = bucketOf(id);
    buckets.set(id, key);
  }
  lastId = id;
  lastKey = key;
  return key;
}
let lastId: string | undefined;
let lastKey = '';

/*
 * A bucket key is digits or `h<digits>` (bucketOf), never a name Object.prototype has, so the events
 * record is read by plain lookup; an id comes from the caller and may be one ("constructor"), so a
 * bucket is asked with Object.hasOwn.
 */

/** The stored event with that id, or undefined. */
export function storedEvent(events: BucketedRecord<CalendarEvent>, id: string): CalendarEvent | undefined {
  const bucket = events[eventBucket(id)] as Record<string, CalendarEvent> | undefined;
  return bucket !== undefined && Object.hasOwn(bucket, id) ? bucket[id] : undefined;
}

/** Whether an event with that id is stored. */
export function isStored(events: BucketedRecord<CalendarEvent>, id: string): boolean {
  const bucket = events[eventBucket(id)] as Record<string, CalendarEvent> | undefined;
  return bucket !== undefined && Object.hasOwn(bucket, id);
}
