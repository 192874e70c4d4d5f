import type { BucketedRecord } from '../kit/bucketedRecord.js';
import { isFrozenState } from '../kit/isFrozenState.js';
import { RecordCopies } from '../kit/RecordCopies.js';
import { shallowCopy } from '../kit/shallowCopy.js';
import { eventBucket } from './eventBuckets.js';
import type { Attendee, CalendarEvent, CalendarState } from './CalendarState.js';
import { deriveEventIndex } from './calendarModel.js';
import type { Ctx } from './toolSupport.js';

/**
 * How write tools change stored events: they build each changed event as a plain object from the
 * frozen one, freeze it, and replace the events record in one assignment to the draft's root.
 * Writing through the draft instead would copy every object on the way (a frozen record with
 * integer bucket keys copies slowly) and walk every new object again when the call finishes.
 */

/**
 * A shallow copy of a stored event to change: the same fields in the same order, its attendees,
 * reminders and lists shared (frozen): a tool replaces those it changes, never mutates them.
 */
export function copyEvent(event: CalendarEvent): CalendarEvent {
  const copy: CalendarEvent = {
    id: event.id,
    calendar_id: event.calendar_id,
    summary: event.summary,
    description: event.description,
    location: event.location,
    start: event.start,
    end: event.end,
    time_zone: event.time_zone,
    status: event.status,
    transparency: event.transparency,
    organizer: event.organizer,
    creator: event.creator,
    attendees: event.attendees,
    reminders: event.reminders,
    allow_conflicts: event.allow_conflicts,
    created: event.created,
    updated: event.updated,
  };
  if (event.recurrence !== undefined) copy.recurrence = event.recurrence;
  if (event.cancelled_occurrences !== undefined) copy.cancelled_occurrences = event.cancelled_occurrences;
  if (event.modified_occurrences !== undefined) copy.modified_occurrences = event.modified_occurrences;
  if (event.recurring_event_id !== undefined) copy.recurring_event_id = event.recurring_event_id;
  if (event.original_start_time !== undefined) copy.original_start_time = event.original_start_time;
  return copy;
}

/** An attendee with a changed answer or organizer flag (and a comment, when given), fields in stored order. */
export function attendeeWith(attendee: Attendee, responseStatus: Attendee['response_status'], organizer: boolean, comment?: string): Attendee {
  const next: Attendee = { email: attendee.email, response_status: responseStatus, optional: attendee.optional, organizer, resource: attendee.resource };
  const kept = comment ?? attendee.comment;
  if (kept !== undefined) next.comment = kept;
  return next;
}

/*
 * Stored lists are frozen, and V8 (Node 20) runs some, find, findIndex, filter and slice on a frozen
 * array through a slow generic path (100-370 ns for a few attendees, against a few for a loop), so
 * write tools search and copy attendee lists with these loops.
 */

/** Where `email` first appears among `attendees`, or -1. */
export function attendeeIndex(attendees: readonly Attendee[], email: string): number {
  for (let i = 0; i < attendees.length; i++) if (attendees[i].email === email) return i;
  return -1;
}

/** A plain copy of a (frozen) list. */
export function copyList<T>(list: readonly T[]): T[] {
  return Array.from(list);
}

/** `list` without the attendees with that email, as a new plain array. */
export function withoutAttendee(attendees: readonly Attendee[], email: string): Attendee[] {
  const kept: Attendee[] = [];
  for (let i = 0; i < attendees.length; i++) if (attendees[i].email !== email) kept.push(attendees[i]);
  return kept;
}

function freezeList<T>(list: T[] | undefined): void {
  if (list === undefined || isFrozenState(list)) return;
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (item !== null && typeof item === 'object' && !isFrozenState(item)) Object.freeze(item);
  }
  Object.freeze(list);
}

/**
 * Deep-freezes an event built by a tool (its shared, already frozen parts are skipped), so that it
 * can go into the state as it is and its parsed times are cached like those of any stored event.
 */
export function freezeEvent(event: CalendarEvent): CalendarEvent {
  if (isFrozenState(event)) return event;
  freezeList(event.attendees);
  if (!isFrozenState(event.reminders)) {
    freezeList(event.reminders.overrides);
    Object.freeze(event.reminders);
  }
  freezeList(event.recurrence);
  freezeList(event.cancelled_occurrences);
  freezeList(event.modified_occurrences);
  return Object.freeze(event);
}

/**
 * `freezeEvent` of an event create_event has just built, without asking what is frozen already
 * (`Object.isExtensible` is a call into V8's runtime, ~15 ns): its attendees list is new and holds
 * only the frozen attendee forms `newAttendee` hands out, its recurrence lists, when it has them, are
 * new; its reminders are the frozen default or new ones.
 */
export function freezeNewEvent(event: CalendarEvent): CalendarEvent {
  Object.freeze(event.attendees);
  if (!isFrozenState(event.reminders)) {
    freezeList(event.reminders.overrides);
    Object.freeze(event.reminders);
  }
  if (event.recurrence !== undefined) {
    Object.freeze(event.recurrence);
    if (event.cancelled_occurrences !== undefined) Object.freeze(event.cancelled_occurrences);
    if (event.modified_occurrences !== undefined) Object.freeze(event.modified_occurrences);
  }
  return Object.freeze(event);
}

function hasEntries(record: object): boolean {
  for (const _ in record) return true;
  return false;
}

/**
 * Copies of the events record (buckets by number) and of its buckets (events by id), their shapes
 * known by identity from the previous write (kit RecordCopies): a frozen record keyed by bucket
 * numbers costs ~30 ns a key to walk or spread, a literal compiled for its keys a few.
 */
const eventRecords = new RecordCopies();
const eventBucketCopies = new RecordCopies();

/** A bucket with entries replaced or added (`puts`) and removed (`removed`), keeping the order of the others. */
function changedBucket(bucket: Record<string, CalendarEvent> | undefined, puts: Map<string, CalendarEvent>, removed: Set<string> | undefined): Record<string, CalendarEvent> {
  let added: string | undefined;
  let addedCount = 0;
  for (const id of puts.keys()) {
    if (bucket === undefined || !Object.hasOwn(bucket, id)) {
      added = id;
      addedCount++;
    }
  }
  // V8 turns a copy into a slow (dictionary-mode) object when keys are deleted from it, and often
  // when keys are assigned to it afterwards or it is built skipping some; a slow bucket stays slow
  // to copy on every later write. A spread of the finished entries, or keys defined, stay fast.
  let next: Record<string, CalendarEvent>;
  if (bucket !== undefined && removed === undefined && addedCount <= 1) {
    next = shallowCopy(bucket);
    if (added !== undefined) Object.defineProperty(next, added, { value: puts.get(added), enumerable: true, writable: true, configurable: true });
  } else {
    const entries: Record<string, CalendarEvent> = {};
    if (bucket !== undefined) for (const id in bucket) if (removed === undefined || !removed.has(id)) entries[id] = bucket[id];
    for (const [id, event] of puts) entries[id] = event;
    next = { ...entries };
  }
  for (const [id, event] of puts) next[id] = event;
  return Object.freeze(next);
}

interface BucketChange {
  puts: Map<string, CalendarEvent>;
  removed: Set<string> | undefined;
}

function changeOf(changes: Map<string, BucketChange>, key: string): BucketChange {
  let change = changes.get(key);
  if (change === undefined) {
    change = { puts: new Map(), removed: undefined };
    changes.set(key, change);
  }
  return change;
}

/** `writeEvents` of one event (the common case), without the bookkeeping of several changes. */
function writeEvent(ctx: Ctx, base: BucketedRecord<CalendarEvent>, event: CalendarEvent): void {
  freezeEvent(event);
  const id = event.id;
  const key = eventBucket(id);
  // A bucket key is never a name Object.prototype has (see eventBuckets.ts); an id may be.
  const bucket = base[key] as Record<string, CalendarEvent> | undefined;
  const replaced = bucket !== undefined && Object.hasOwn(bucket, id) ? bucket[id] : undefined;
  let nextBucket: Readonly<Record<string, CalendarEvent>>;
  if (bucket !== undefined) nextBucket = eventBucketCopies.with(bucket, id, event);
  else {
    const fresh: Record<string, CalendarEvent> = {};
    fresh[id] = event;
    nextBucket = Object.freeze(fresh);
  }
  const next = eventRecords.with(base, key, nextBucket as Record<string, CalendarEvent>) as BucketedRecord<CalendarEvent>;
  deriveEventIndex(base, next, [key], replaced === undefined ? [event] : [replaced, event], replaced !== undefined);
  ctx.edit<CalendarState>().events = next;
}

/**
 * Stores `puts` (new or replacing events with their id, frozen here) and removes the events with
 * ids in `removed`, all relative to `state`, the frozen state the call started from: copies the
 * touched buckets and the events record once and assigns the record to the draft.
 */
export function writeEvents(ctx: Ctx, state: CalendarState, puts: readonly CalendarEvent[], removed?: readonly string[]): void {
  const base = state.events;
  if (puts.length === 1 && (removed === undefined || removed.length === 0)) return writeEvent(ctx, base, puts[0]);
  const changes = new Map<string, BucketChange>();
  for (const event of puts) changeOf(changes, eventBucket(event.id)).puts.set(event.id, freezeEvent(event));
  for (const id of removed ?? []) (changeOf(changes, eventBucket(id)).removed ??= new Set()).add(id);
  writeBuckets(ctx, base, changes);
}

/** Applies the changes of each bucket to `base` and assigns the new events record to the draft. */
function writeBuckets(ctx: Ctx, base: BucketedRecord<CalendarEvent>, changes: Map<string, BucketChange>): void {
  const edit = eventRecords.edit(base);
  for (const [key, change] of changes) {
    const bucket = changedBucket(Object.hasOwn(base, key) ? base[key] : undefined, change.puts, change.removed);
    // Empty buckets are dropped, so that the layout depends only on which events exist.
    if (change.removed === undefined || hasEntries(bucket)) edit.set(key, bucket);
    else edit.delete(key);
  }
  const next = edit.finish() as BucketedRecord<CalendarEvent>;
  // The events that change, before and after, so that the index of `next` can be derived.
  const changed: CalendarEvent[] = [];
  for (const [key, change] of changes) {
    const bucket = Object.hasOwn(base, key) ? base[key] : undefined;
    for (const [id, event] of change.puts) {
      if (bucket !== undefined && Object.hasOwn(bucket, id)) changed.push(bucket[id]);
      changed.push(event);
    }
    if (change.removed !== undefined && bucket !== undefined) for (const id of change.removed) if (Object.hasOwn(bucket, id)) changed.push(bucket[id]);
  }
  deriveEventIndex(base, next, [...changes.keys()], changed);
  ctx.edit<CalendarState>().events = next;
}
