import { type BucketedRecord, entryValues } from '../kit/bucketedRecord.js';
import { eventBucket, storedEvent } from './eventBuckets.js';
import { closestName } from '../kit/closestName.js';
import { isFrozenState } from '../kit/isFrozenState.js';
import { ownEntry } from '../kit/ownEntry.js';
import { type AccessRole, type Attendee, type Calendar, CALENDAR_REFERENCE_DATE, type CalendarEvent, type CalendarState, type DirectoryEntry } from './CalendarState.js';
import { dayOfDateKey, forEachOccurrence, type Occurrence, parseRecurrence, type RecurrenceRule, type SeriesShape } from './recurrence.js';
import { DAY, formatInZone, parseInstant, WEEKDAY_CODES } from './zonedTime.js';

/**
 * The rules every calendar tool shares: resolving event and occurrence ids, expanding series,
 * access roles, conflicts, room bookings and free/busy. Everything reads a plain (frozen) state;
 * write tools pass the frozen state the call found (`ctx.base`) so that scans do not create drafts.
 */

/**
 * Conflicts and room bookings of a repeating series are checked this far past the reference date
 * (the session's, and never less than the world's, so the invariants' horizon is always covered).
 */
export const CONFLICT_HORIZON_DAYS = 366;
const WORLD_REFERENCE_MS = Date.parse(CALENDAR_REFERENCE_DATE);
/** Longest single event (and occurrence). */
export const MAX_EVENT_DAYS = 14;

export const ROLE_RANK: Readonly<Record<AccessRole, number>> = { freeBusyReader: 1, reader: 2, writer: 3, owner: 4 };

/** What scans need of an event's times, computed once per frozen (unchangeable) event object. */
interface EventTiming {
  startMs: number;
  endMs: number;
  shape: SeriesShape | undefined;
  expanded: ExpandedSeries | undefined;
}

const timings = new WeakMap<CalendarEvent, EventTiming>();

function computeTiming(event: CalendarEvent): EventTiming {
  return timingFrom(event, parseInstant(event.start, event.time_zone), parseInstant(event.end, event.time_zone));
}

function timingFrom(event: CalendarEvent, start: number, end: number): EventTiming {
  let shape: SeriesShape | undefined;
  if (event.recurrence !== undefined && event.recurrence.length > 0) {
    const rule = parseRecurrence(event.recurrence[0]);
    if (typeof rule !== 'string') shape = { rule, startMs: start, durationMs: end - start, timeZone: event.time_zone };
  }
  return { startMs: start, endMs: end, shape, expanded: undefined };
}

/**
 * Events in the session state are frozen, so their timing can be cached by identity; events a
 * handler is still building (not frozen) are computed afresh every time.
 */
function timingOf(event: CalendarEvent): EventTiming {
  if (event === builtEvent) return builtTiming!;
  if (event === lastTimed) return lastTiming!;
  // Only frozen events are ever in the map: look there first, and ask isFrozenState only on a miss.
  let timing = timings.get(event);
  if (timing === undefined) {
    timing = computeTiming(event);
    if (!isFrozenState(event)) return timing;
    timings.set(event, timing);
  }
  lastTimed = event;
  lastTiming = timing;
  return timing;
}

/**
 * The frozen event whose timing was read last: a write reads the same stored event's times again
 * and again (its start and end, and once per list its checks scan), and a compare costs a fraction
 * of a WeakMap read (~20-30 ns).
 */
let lastTimed: CalendarEvent | undefined;
let lastTiming: EventTiming | undefined;

/**
 * The timing of the event a write tool built last (see knownTiming): most such events are read
 * only during their own call, and a WeakMap entry for each costs more than reading them does.
 */
let builtEvent: CalendarEvent | undefined;
let builtTiming: EventTiming | undefined;

/** Instants whose local date is in 1970–2100 in every zone (offsets are within ±14 hours). */
const SURELY_READABLE_FROM = Date.UTC(1970, 0, 2);
const SURELY_READABLE_TO = Date.UTC(2100, 11, 31);

/** Whether `text` (formatInZone of `instant`) reads back as exactly `instant`: whole seconds in the years parseDateTime takes. */
function readsBackAs(text: string, instant: number): boolean {
  // Decided by the instant where it can be: reading the text would flatten the string just built.
  // There `instant % 1000 === 0` is whether instant / 1000 is whole (a % of a number past int32 calls
  // fmod, ~20 ns; the two agree on every instant of those years, ulp neighbours of multiples included).
  if (instant >= SURELY_READABLE_FROM && instant < SURELY_READABLE_TO) return Number.isInteger(instant / 1000);
  if (instant % 1000 !== 0) return false;
  const year = (text.charCodeAt(0) - 48) * 1000 + (text.charCodeAt(1) - 48) * 100 + (text.charCodeAt(2) - 48) * 10 + (text.charCodeAt(3) - 48);
  return year >= 1970 && year <= 2100;
}

/**
 * Records the times of a frozen event a tool has just built from the instants `start` and `end`
 * (its start and end being their formatInZone texts), so that they are not parsed back; only where
 * parsing would give exactly those instants.
 */
export function knownTiming(event: CalendarEvent, start: number, end: number): void {
  if (!isFrozenState(event) || !readsBackAs(event.start, start) || !readsBackAs(event.end, end)) return;
  // Tools call this on the event they have just built and frozen: no timing of it is cached yet.
  builtTiming = timingFrom(event, start, end);
  builtEvent = event;
}

/** Records that a frozen event a tool built from `source` has the same times (and rule) as `source`, when it has. */
export function sameTiming(event: CalendarEvent, source: CalendarEvent): void {
  if (!isFrozenState(event) || event.start !== source.start || event.end !== source.end || event.time_zone !== source.time_zone || event.recurrence !== source.recurrence) return;
  builtTiming = timingOf(source);
  builtEvent = event;
}

let nowText = '';
let nowMs = NaN;

/** `Date.parse` of the session clock, remembered (every write tool needs it, and it rarely changes). */
export function clockMs(now: string): number {
  if (now !== nowText) {
    nowMs = Date.parse(now);
    nowText = now;
  }
  return nowMs;
}

export function startMs(event: CalendarEvent): number {
  return timingOf(event).startMs;
}

export function endMs(event: CalendarEvent): number {
  return timingOf(event).endMs;
}

export function ruleOf(event: CalendarEvent): RecurrenceRule | undefined {
  return timingOf(event).shape?.rule;
}

export function seriesShape(event: CalendarEvent): SeriesShape | undefined {
  return timingOf(event).shape;
}

/** One concrete span on the timeline: a single event, a modified occurrence, or an occurrence of a series. */
export interface Span {
  /** The id a tool would use: the event id, or `<series>_<YYYYMMDD>` for an occurrence. */
  id: string;
  /** The stored event it comes from (the series master for a plain occurrence). */
  event: CalendarEvent;
  startMs: number;
  endMs: number;
  /** Date key of a plain occurrence of a series. */
  dateKey?: string;
}

interface ExpandedSeries {
  occurrences: Occurrence[];
  /** The occurrences' ends, for binary searches without touching the objects. */
  ends: Float64Array;
  /** Every occurrence starting before this instant is in the list. */
  coveredTo: number;
  /** The rule has no occurrences beyond the list. */
  complete: boolean;
}

/**
 * Expanded series by shape (start, end, zone, rule): expansion is the hot part of every scan. The
 * cache is dropped whole when it holds more than MAX_CACHED_OCCURRENCES (tens of MB), so that
 * millions of calls creating new series cannot grow it without bound.
 */
const expansions = new Map<string, ExpandedSeries>();
const MAX_CACHED_OCCURRENCES = 400_000;
let cachedOccurrences = 0;
const EXPANSION_MARGIN = 400 * DAY;

/** The occurrences of a series, expanded at least up to `toMs` (shared by equal shapes, kept on frozen events). */
function occurrencesOf(event: CalendarEvent, timing: EventTiming, toMs: number): Occurrence[] {
  return expandedTo(event, timing, toMs).occurrences;
}

function expandedTo(event: CalendarEvent, timing: EventTiming, toMs: number): ExpandedSeries {
  let expanded = timing.expanded;
  if (expanded === undefined || (!expanded.complete && expanded.coveredTo < toMs)) {
    const shape = timing.shape!;
    const key = `${timing.startMs}|${timing.endMs}|${event.time_zone}|${shape.rule.text}`;
    expanded = expansions.get(key);
    if (expanded === undefined || (!expanded.complete && expanded.coveredTo < toMs)) {
      expanded = expand(shape, toMs >= Number.MAX_SAFE_INTEGER - EXPANSION_MARGIN ? toMs : toMs + EXPANSION_MARGIN);
      if (cachedOccurrences + expanded.occurrences.length > MAX_CACHED_OCCURRENCES) {
        expansions.clear();
        cachedOccurrences = 0;
      }
      const replaced = expansions.get(key);
      if (replaced !== undefined) cachedOccurrences -= replaced.occurrences.length;
      expansions.set(key, expanded);
      cachedOccurrences += expanded.occurrences.length;
    }
    timing.expanded = expanded;
  }
  return expanded;
}

function expand(shape: SeriesShape, coveredTo: number): ExpandedSeries {
  const occurrences: Occurrence[] = [];
  let complete = true;
  forEachOccurrence(shape, (occurrence) => {
    if (occurrence.startMs >= coveredTo) {
      complete = false;
      return false;
    }
    occurrences.push(occurrence);
    return true;
  });
  return { occurrences, ends: Float64Array.from(occurrences, (occurrence) => occurrence.endMs), coveredTo, complete };
}

/** Index of the first occurrence ending after `fromMs` (all occurrences have one length, so ends ascend like starts). */
function firstEndingAfter(occurrences: Occurrence[], fromMs: number): number {
  let low = 0;
  let high = occurrences.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (occurrences[middle].endMs <= fromMs) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Pushes into `out`, in start order, every span of `event` that overlaps [fromMs, toMs): the event
 * itself, or the occurrences of a series except cancelled ones and those stored as modified events;
 * leaving out those `skip` answers true for. (No closure per call: the scans' hot loop.)
 */
export function collectSpans(event: CalendarEvent, fromMs: number, toMs: number, out: Span[], skip?: (span: Span) => boolean): void {
  const timing = timingOf(event);
  if (timing.shape === undefined) {
    if (timing.startMs < toMs && timing.endMs > fromMs) {
      const span: Span = { id: event.id, event, startMs: timing.startMs, endMs: timing.endMs };
      if (skip === undefined || !skip(span)) out.push(span);
    }
    return;
  }
  if (timing.startMs >= toMs) return;
  const occurrences = occurrencesOf(event, timing, toMs);
  const cancelled = event.cancelled_occurrences ?? [];
  const modified = event.modified_occurrences ?? [];
  for (let i = firstEndingAfter(occurrences, fromMs); i < occurrences.length; i++) {
    const occurrence = occurrences[i];
    if (occurrence.startMs >= toMs) break;
    if ((cancelled.length === 0 || !cancelled.includes(occurrence.dateKey)) && (modified.length === 0 || !modified.includes(occurrence.dateKey))) {
      const span: Span = { id: `${event.id}_${occurrence.dateKey}`, event, startMs: occurrence.startMs, endMs: occurrence.endMs, dateKey: occurrence.dateKey };
      if (skip === undefined || !skip(span)) out.push(span);
    }
  }
}

/** The spans of an event from its start up to the conflict horizon (for a series) or its end. */
export function spansToHorizon(event: CalendarEvent, referenceMs: number): Span[] {
  const spans: Span[] = [];
  const start = startMs(event);
  const horizon = Math.max(start, referenceMs, WORLD_REFERENCE_MS) + CONFLICT_HORIZON_DAYS * DAY;
  collectSpans(event, start, event.recurrence ? horizon : endMs(event), spans);
  return spans;
}

/** The occurrence of `master` on local date `dateKey`, or undefined when the rule has none that day. */
export function occurrenceOn(master: CalendarEvent, dateKey: string): { startMs: number; endMs: number } | undefined {
  const timing = timingOf(master);
  const day = dayOfDateKey(dateKey);
  if (timing.shape === undefined || day === undefined) return undefined;
  // An occurrence starts on its local day, at most a day and a half from that day's UTC midnight.
  const occurrences = occurrencesOf(master, timing, (day + 2) * DAY);
  for (let i = firstEndingAfter(occurrences, (day - 2) * DAY); i < occurrences.length && occurrences[i].day <= day; i++) {
    if (occurrences[i].day === day) return { startMs: occurrences[i].startMs, endMs: occurrences[i].endMs };
  }
  return undefined;
}

/**
 * Ids of the occurrences of `master` nearest to `dateKey` (up to two before and two after), for
 * messages: read from the series' cached expansion (the occurrences forEachOccurrence visits, in
 * day order) by a binary search, instead of visiting every occurrence from the series' start.
 */
export function nearbyOccurrenceIds(master: CalendarEvent, dateKey: string): string[] {
  const timing = timingOf(master);
  const day = dayOfDateKey(dateKey) ?? 0;
  if (timing.shape === undefined) return [];
  // Occurrences on or before the day start before the end of the next one.
  let expanded = expandedTo(master, timing, (day + 2) * DAY);
  let occurrences = expanded.occurrences;
  let low = 0;
  let high = occurrences.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (occurrences[middle].day < day) low = middle + 1;
    else high = middle;
  }
  let after = low;
  while (after < occurrences.length && occurrences[after].day === day) after++;
  while (!expanded.complete && occurrences.length < after + 2) {
    expanded = expandedTo(master, timing, expanded.coveredTo + DAY);
    occurrences = expanded.occurrences;
  }
  const ids: string[] = [];
  for (let i = Math.max(0, low - 2); i < low; i++) ids.push(`${master.id}_${occurrences[i].dateKey}`);
  for (let i = after; i < occurrences.length && i < after + 2; i++) ids.push(`${master.id}_${occurrences[i].dateKey}`);
  return ids;
}

/** What an event id names. */
export type EventRef =
  | { kind: 'stored'; event: CalendarEvent }
  | { kind: 'occurrence'; id: string; master: CalendarEvent; dateKey: string; startMs: number; endMs: number };

/**
 * Where `/^(.+)_(\d{8})$/` would split an id into series and date key: the position of the `_`
 * before the last eight characters when they are ASCII digits and the part before it is not empty
 * and holds no line terminator (which `.` does not match); else -1. No regular expression: every
 * occurrence id a tool gets is split here.
 */
function occurrenceSplit(id: string): number {
  const split = id.length - 9;
  if (split < 1 || id.charCodeAt(split) !== 95) return -1;
  for (let i = split + 1; i < id.length; i++) {
    const code = id.charCodeAt(i);
    if (code < 48 || code > 57) return -1;
  }
  for (let i = 0; i < split; i++) {
    const code = id.charCodeAt(i);
    if (code === 10 || code === 13 || code === 0x2028 || code === 0x2029) return -1;
  }
  return split;
}

/** Resolve an event id (stored event, series, modified or plain occurrence), or say why it names nothing. */
export function resolveEvent(state: CalendarState, id: string): EventRef | string {
  const stored = storedEvent(state.events, id);
  if (stored !== undefined) return { kind: 'stored', event: stored };
  const split = occurrenceSplit(id);
  if (split > 0) {
    const masterId = id.slice(0, split);
    const master = storedEvent(state.events, masterId);
    if (master !== undefined && master.recurrence !== undefined) {
      const dateKey = id.slice(split + 1);
      if (master.cancelled_occurrences?.includes(dateKey)) {
        return `occurrence ${id} of the series ${master.id} ("${master.summary}") was deleted; list_event_instances lists the remaining occurrences`;
      }
      const occurrence = occurrenceOn(master, dateKey);
      if (occurrence === undefined) {
        const nearby = nearbyOccurrenceIds(master, dateKey);
        return `the series ${master.id} ("${master.summary}", ${master.recurrence[0]}) has no occurrence on ${dateKey}; occurrences near that date: ${nearby.join(', ') || '(none)'}`;
      }
      return { kind: 'occurrence', id, master, dateKey, startMs: occurrence.startMs, endMs: occurrence.endMs };
    }
    if (master !== undefined) return `event ${masterId} is not a recurring series, so ${id} names no occurrence; use the event id ${masterId}`;
  }
  return `event ${id} not found; list_events lists the events of a calendar (ids look like evt_12, occurrences of a series like evt_12_20260318)`;
}

/**
 * The messages a frozen record's lookups answered for keys it does not hold (the closest name costs
 * an edit distance to every key): rollouts of one task repeat the same wrong ids. Kept for the last
 * record asked about, and dropped whole past MAX_MISSES.
 */
class MissMessages {
  private record: object | undefined;
  private messages = new Map<string, string>();

  get(record: object, key: string): string | undefined {
    return record === this.record ? this.messages.get(key) : undefined;
  }

  set(record: object, key: string, message: string): void {
    if (!isFrozenState(record)) return;
    if (record !== this.record || this.messages.size >= MAX_MISSES) {
      this.record = record;
      this.messages = new Map();
    }
    this.messages.set(key, message);
  }
}

const MAX_MISSES = 1000;
const calendarMisses = new MissMessages();
const personMisses = new MissMessages();

/** A calendar by id, or a message naming the closest ids and the tool that lists them. */
export function findCalendar(state: CalendarState, id: string): Calendar | string {
  const calendar = calendarEntry(state, id);
  if (calendar !== undefined) return calendar;
  const known = calendarMisses.get(state.calendars, id);
  if (known !== undefined) return known;
  const closest = closestName(id, Object.keys(state.calendars));
  const message = `calendar ${id} not found${closest ? `; did you mean ${closest}?` : ''} list_calendars lists the ${Object.keys(state.calendars).length} calendars you can see`;
  calendarMisses.set(state.calendars, id, message);
  return message;
}

let lastPeople: Readonly<Record<string, DirectoryEntry>> | undefined;
let lastEntries: Map<string, DirectoryEntry> | undefined;

/**
 * `state.people[email]`, through a Map kept for the (frozen, never changed) directory: a keyed read
 * of a 35-key object costs ~27 ns from a site that sees many keys, a Map ~10, and write checks read
 * a dozen entries. A miss reads the object, so that every key answers as before.
 */
export function directoryEntry(state: CalendarState, email: string): DirectoryEntry | undefined {
  const people = state.people;
  if (people !== lastPeople) {
    if (!isFrozenState(people)) return ownEntry(people, email);
    lastEntries = new Map(Object.entries(people));
    lastNormalized = new Map();
    for (const [key, entry] of lastEntries) if (key.trim() === key && key.toLowerCase() === key) lastNormalized.set(key, entry);
    lastPeople = people;
  }
  return lastEntries!.get(email) ?? ownEntry(people, email);
}

/** The entries of the frozen directory whose key trim and toLowerCase each leave as it is. */
let lastNormalized: Map<string, DirectoryEntry> | undefined;

/**
 * `findPerson(state, text.trim())` without making the trimmed and lower-cased copies of the text
 * (~30 ns an email) when the text is a key they leave as it is, as emails usually are.
 */
export function findPersonByText(state: CalendarState, text: string): DirectoryEntry | string {
  // directoryEntry makes the Maps of a frozen directory it has not seen.
  if (state.people !== lastPeople) directoryEntry(state, text);
  if (state.people === lastPeople) {
    const entry = lastNormalized!.get(text);
    if (entry !== undefined) return entry;
  }
  return findPerson(state, text.trim());
}

let lastCalendars: Readonly<Record<string, Calendar>> | undefined;
let lastCalendarMap: Map<string, Calendar> | undefined;

/** `state.calendars[id]`, through a Map kept for the (frozen, never changed) calendars, as `directoryEntry`. */
export function calendarEntry(state: CalendarState, id: string): Calendar | undefined {
  const calendars = state.calendars;
  if (calendars !== lastCalendars) {
    if (!isFrozenState(calendars)) return ownEntry(calendars, id);
    lastCalendarMap = new Map(Object.entries(calendars));
    lastCalendars = calendars;
  }
  return lastCalendarMap!.get(id) ?? ownEntry(calendars, id);
}

/** A directory entry by email, or a message naming the closest entries. */
export function findPerson(state: CalendarState, email: string): DirectoryEntry | string {
  const entry = directoryEntry(state, email.toLowerCase());
  if (entry !== undefined) return entry;
  const known = personMisses.get(state.people, email);
  if (known !== undefined) return known;
  const emails = Object.keys(state.people);
  let closest = closestName(email, emails);
  if (closest === undefined) {
    const word = email.toLowerCase().split(/[@.\s_-]+/)[0];
    if (word.length > 2) closest = emails.find((e) => e.startsWith(word) || state.people[e].name.toLowerCase().includes(word));
  }
  const message = `no person or room with email ${email} in the directory${closest ? `; did you mean ${closest} (${state.people[closest].name})?` : ''} search_calendar_directory finds people and rooms by name`;
  personMisses.set(state.people, email, message);
  return message;
}

/** Whether the signed-in user may see the details (not only free/busy) of an event. */
export function canSeeDetails(state: CalendarState, event: CalendarEvent): boolean {
  if (ROLE_RANK[calendarEntry(state, event.calendar_id)?.access_role ?? 'freeBusyReader'] >= ROLE_RANK.reader) return true;
  if (event.organizer === state.user) return true;
  for (const attendee of event.attendees) {
    if (attendee.email === state.user) return true;
    const role = calendarEntry(state, attendee.email)?.access_role;
    if (role !== undefined && ROLE_RANK[role] >= ROLE_RANK.reader) return true;
  }
  return false;
}

/** Whether the user may change events of `calendarId` (writeProblem answers undefined), without building the action's text. */
export function canWrite(state: CalendarState, calendarId: string): boolean {
  const calendar = calendarEntry(state, calendarId);
  return calendar !== undefined && calendar.kind !== 'resource' && ROLE_RANK[calendar.access_role] >= ROLE_RANK.writer;
}

/** Why the user may not change events of `calendarId`, or undefined when they may. */
export function writeProblem(state: CalendarState, calendarId: string, action: string): string | undefined {
  const calendar = calendarEntry(state, calendarId);
  if (calendar === undefined) return findCalendar(state, calendarId) as string;
  if (calendar.kind === 'resource') {
    return `${calendar.id} is the calendar of the room "${calendar.summary}"; rooms cannot be written to directly: book a room by adding its email as an attendee (add_event_attendees or create_event attendees)`;
  }
  if (ROLE_RANK[calendar.access_role] >= ROLE_RANK.writer) return undefined;
  const writable = Object.values(state.calendars)
    .filter((c) => ROLE_RANK[c.access_role] >= ROLE_RANK.writer)
    .map((c) => c.id);
  return `cannot ${action}: you have ${calendar.access_role} access to ${calendar.id} ("${calendar.summary}"), writing needs writer or owner; calendars you can write to: ${writable.join(', ')}`;
}

/**
 * Numbers of the keys (calendar ids, attendee emails) of every index's lists, given on first store:
 * bounded by the calendars and people events can name.
 */
const keyNumbers = new Map<string, number>();

/** The number of a key of the index's lists, -1 when no list ever had it. */
function keyNumber(key: string): number {
  return keyNumbers.get(key) ?? -1;
}

/**
 * Event lists by key, in an array indexed by the key's number: a derived index copies its
 * predecessor's lists with one slice of a few dozen slots (a Map of them took 2-4 µs to copy, twice
 * per write in an episode) and reads one by a Map lookup of the number and an array read.
 */
export class ListsByKey {
  constructor(private readonly slots: Array<CalendarEvent[] | undefined> = []) {}

  get(key: string): CalendarEvent[] | undefined {
    const number = keyNumbers.get(key);
    return number === undefined ? undefined : this.slots[number];
  }

  /** The list of the key numbered `number` (`keyNumber`; -1 for a key no list ever had). */
  at(number: number): CalendarEvent[] | undefined {
    return number < 0 ? undefined : this.slots[number];
  }

  set(key: string, list: CalendarEvent[]): void {
    let number = keyNumbers.get(key);
    if (number === undefined) {
      number = keyNumbers.size;
      keyNumbers.set(key, number);
    }
    while (this.slots.length < number) this.slots.push(undefined);
    this.slots[number] = list;
  }

  delete(key: string): void {
    const number = keyNumbers.get(key);
    if (number !== undefined && number < this.slots.length) this.slots[number] = undefined;
  }

  copy(): ListsByKey {
    return new ListsByKey(this.slots.slice());
  }
}

/** The events of a state listed by the calendar they are on and by the people and rooms they invite. */
export interface EventIndex {
  byCalendar: ListsByKey;
  byAttendee: ListsByKey;
  /** Every event once, in record order, when made (`allEvents`; only invariants and samplers ask). */
  all: CalendarEvent[] | undefined;
  /** Every bucket key of the record is a number (only then is an index derived from this one). */
  readonly numberedBuckets: boolean;
}

/**
 * An index holds no reference to its events record: it may be the value of `builtIndexes`, whose key
 * is the record, and Node 20's scavenger keeps a young key alive when its own value reaches it, so that
 * every record an episode indexed (with its lists and windows) would be moved to the old generation
 * and freed only by a full collection.
 */
class IndexOfEvents implements EventIndex {
  constructor(
    readonly byCalendar: ListsByKey,
    readonly byAttendee: ListsByKey,
    public all: CalendarEvent[] | undefined,
    readonly numberedBuckets: boolean,
  ) {}
}

/** Every stored event of a state once, in record order. */
export function allEvents(state: CalendarState): CalendarEvent[] {
  const index = eventIndex(state);
  return (index.all ??= [...entryValues(state.events)]);
}

/**
 * Indexes by events record. Built ones (a world's first state, a restored snapshot with nothing to
 * derive from) live as long as their record, in a WeakMap. Derived ones (one per write) are kept
 * for the last RECENT_INDEXES records only: Node 20's scavenger takes a WeakMap's values as roots
 * while their keys are young, so that each young-generation collection copied every index derived
 * since the previous one, with its lists and windows, long after their records were gone.
 * A session whose record left the ring builds its index again on its next call, as one does whose
 * derivation left `recentDerivations`.
 */
const builtIndexes = new WeakMap<BucketedRecord<CalendarEvent>, EventIndex>();
/** A power of two (slots are found by a mask). */
const RECENT_INDEXES = 64;
const recentRecords: Array<BucketedRecord<CalendarEvent> | undefined> = new Array(RECENT_INDEXES).fill(undefined);
const recentIndexes: Array<EventIndex | undefined> = new Array(RECENT_INDEXES).fill(undefined);
let nextRecent = 0;

/** The index kept for a frozen events record, or undefined. */
function knownIndex(events: BucketedRecord<CalendarEvent>): EventIndex | undefined {
  // The latest first: a call mostly asks for the record the last write made.
  for (let n = 1; n <= RECENT_INDEXES; n++) {
    const slot = (nextRecent - n) & (RECENT_INDEXES - 1);
    if (recentRecords[slot] === events) return recentIndexes[slot];
  }
  return builtIndexes.get(events);
}

function keepDerivedIndex(events: BucketedRecord<CalendarEvent>, index: EventIndex): void {
  recentRecords[nextRecent] = events;
  recentIndexes[nextRecent] = index;
  nextRecent = (nextRecent + 1) & (RECENT_INDEXES - 1);
}
const NO_EVENTS: CalendarEvent[] = [];

const NUMBERED_BUCKET = /^\d+$/;

function buildIndex(events: BucketedRecord<CalendarEvent>): EventIndex {
  let numbered = true;
  for (const key in events) if (!NUMBERED_BUCKET.test(key)) numbered = false;
  const index = new IndexOfEvents(new ListsByKey(), new ListsByKey(), [], numbered);
  const add = (map: ListsByKey, key: string, event: CalendarEvent): void => {
    const list = map.get(key);
    if (list === undefined) map.set(key, [event]);
    else list.push(event);
  };
  for (const event of entryValues(events)) {
    index.all!.push(event);
    add(index.byCalendar, event.calendar_id, event);
    const attendees = event.attendees;
    for (let a = 0; a < attendees.length; a++) add(index.byAttendee, attendees[a].email, event);
  }
  return index;
}

/**
 * The index of a state's events, built once per (frozen, hence unchanging) events record and
 * shared by every call and session that sees the same version; built afresh for a mutable one.
 */
export function eventIndex(state: CalendarState): EventIndex {
  const events = state.events;
  // A write's checks ask several times in a row for the same state's index.
  if (events === lastIndexed) return lastIndex!;
  if (!isFrozenState(events)) return buildIndex(events);
  let index = knownIndex(events);
  if (index === undefined) {
    index = pendingIndex(events);
    if (index !== undefined) keepDerivedIndex(events, index);
    else {
      index = buildIndex(events);
      builtIndexes.set(events, index);
    }
  }
  lastIndexed = events;
  lastIndex = index;
  return index;
}

let lastIndexed: BucketedRecord<CalendarEvent> | undefined;
let lastIndex: EventIndex | undefined;

/** The bucket of a stored event as a number (NaN for a bucket of ids without a number), once per event. */
const bucketNumbers = new WeakMap<CalendarEvent, number>();

function bucketNumber(event: CalendarEvent): number {
  let number = bucketNumbers.get(event);
  if (number === undefined) {
    number = Number(eventBucket(event.id));
    bucketNumbers.set(event, number);
  }
  return number;
}

/** Where the events of bucket `bucket` are in a list in index order: [first, end). */
function bucketRange(list: readonly CalendarEvent[], bucket: number): [number, number] {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (bucketNumber(list[middle]) < bucket) low = middle + 1;
    else high = middle;
  }
  let end = low;
  while (end < list.length && bucketNumber(list[end]) === bucket) end++;
  return [low, end];
}

/** `list` with its events of `bucket` replaced by `run`; the list itself when nothing changes (its cached windows stay). */
function replaceBucket(list: CalendarEvent[], bucket: number, run: readonly CalendarEvent[]): CalendarEvent[] {
  const [first, end] = bucketRange(list, bucket);
  if (end - first === run.length) {
    let same = true;
    for (let i = 0; i < run.length && same; i++) same = list[first + i] === run[i];
    if (same) return list;
  }
  const next = list.slice(0, first);
  for (const event of run) next.push(event);
  for (let i = end; i < list.length; i++) next.push(list[i]);
  if (next.length > 0) deferWindows(list, next, first, end, run);
  return next;
}

/**
 * The windows of a list whose events at [first, end) were replaced one for one by events with the
 * same times (an answer, a reminder, an attendee or a title changed): the previous list's windows
 * with the new series' timings; undefined when some time changed.
 */
function sameTimes(windows: ListWindows, { previous, first, end, run }: DeferredWindows): ListWindows | undefined {
  if (run.length !== end - first) return undefined;
  let seriesTimings: EventTiming[] | undefined;
  for (let i = 0; i < run.length; i++) {
    const before = timingOf(previous[first + i]);
    const after = timingOf(run[i]);
    if (before === after) continue;
    if (before.startMs !== after.startMs || before.endMs !== after.endMs || (before.shape === undefined) !== (after.shape === undefined)) return undefined;
    if (after.shape === undefined) continue;
    if (!sameExpansion(before, after)) return undefined;
    seriesTimings ??= windows.seriesTimings.slice();
    const k = windows.series.indexOf(first + i);
    if (k < 0) return undefined;
    seriesTimings[k] = after;
  }
  return { ...windows, seriesTimings: seriesTimings ?? windows.seriesTimings };
}

/** The windows of a list whose positions [first, end) were replaced by `run` (frozen events), from the list's windows. */
function replacedWindows(windows: ListWindows, first: number, end: number, run: readonly CalendarEvent[]): ListWindows {
  const shift = run.length - (end - first);
  const added: number[] = [];
  const addedSeries: number[] = [];
  const timings: EventTiming[] = [];
  for (let i = 0; i < run.length; i++) {
    const timing = timingOf(run[i]);
    timings.push(timing);
    (timing.shape === undefined ? added : addedSeries).push(i);
  }
  if (added.length > 1) added.sort((a, b) => timings[a].startMs - timings[b].startMs || a - b);
  // The previous windows' arrays read through locals: a windows object comes in several shapes, and
  // a property read of it per entry cost more than the rest of the merge.
  const oldSingles = windows.singles;
  const oldStarts = windows.starts;
  const oldEnds = windows.ends;
  const count = oldSingles.length;
  const singles: number[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  // Both in (start, position) order: merge them.
  let a = 0;
  let addedStart = added.length > 0 ? timings[added[0]].startMs : 0;
  for (let k = 0; k < count; k++) {
    const position = oldSingles[k];
    if (position >= first && position < end) continue;
    const moved = position >= end ? position + shift : position;
    const start = oldStarts[k];
    while (a < added.length && (addedStart < start || (addedStart === start && first + added[a] < moved))) {
      singles.push(first + added[a]);
      starts.push(addedStart);
      ends.push(timings[added[a]].endMs);
      a++;
      if (a < added.length) addedStart = timings[added[a]].startMs;
    }
    singles.push(moved);
    starts.push(start);
    ends.push(oldEnds[k]);
  }
  for (; a < added.length; a++) {
    singles.push(first + added[a]);
    starts.push(timings[added[a]].startMs);
    ends.push(timings[added[a]].endMs);
  }
  const series: number[] = [];
  const seriesTimings: EventTiming[] = [];
  // Where each old series is among the new ones (-1: gone), and the new series no old one expands like.
  const oldToNew = minusOnes(windows.series.length);
  const removed: number[] = [];
  let k = 0;
  for (; k < windows.series.length && windows.series[k] < first; k++) {
    oldToNew[k] = series.length;
    series.push(windows.series[k]);
    seriesTimings.push(windows.seriesTimings[k]);
  }
  for (; k < windows.series.length && windows.series[k] < end; k++) removed.push(k);
  const fresh: number[] = [];
  for (const i of addedSeries) {
    let match = -1;
    for (let r = 0; r < removed.length && match < 0; r++) if (oldToNew[removed[r]] < 0 && sameExpansion(windows.seriesTimings[removed[r]], timings[i])) match = removed[r];
    if (match >= 0) oldToNew[match] = series.length;
    else fresh.push(series.length);
    series.push(first + i);
    seriesTimings.push(timings[i]);
  }
  for (; k < windows.series.length; k++) {
    oldToNew[k] = series.length;
    series.push(windows.series[k] + shift);
    seriesTimings.push(windows.seriesTimings[k]);
  }
  let longest = 0;
  for (let k = 0; k < starts.length; k++) longest = Math.max(longest, ends[k] - starts[k]);
  let merged = windows.merged;
  if (merged !== undefined) {
    let same = fresh.length === 0 && seriesTimings.length === windows.seriesTimings.length;
    for (let k = 0; k < oldToNew.length && same; k++) same = oldToNew[k] === k;
    if (!same) merged = remappedOccurrences(merged, oldToNew, seriesTimings, fresh, (index) => run[series[index] - first]);
  }
  return {
    singles,
    starts,
    ends,
    longest,
    series,
    seriesTimings,
    merged,
    cached: true,
    queries: 0,
    directory: undefined,
    busyHours: undefined,
  };
}

/** Whether two series expand to the same occurrences (the key of `expansions`). */
function sameExpansion(a: EventTiming, b: EventTiming): boolean {
  if (a === b) return true;
  return a.startMs === b.startMs && a.endMs === b.endMs && a.shape!.timeZone === b.shape!.timeZone && a.shape!.rule.text === b.shape!.rule.text;
}

/**
 * The merged occurrences of a list's new series from those of its old ones: an old series' occurrences
 * move to its new position (or go), and the occurrences of each `fresh` series (new positions, whose
 * events `eventAt` gives) are merged in by start, instead of expanding and sorting every series again.
 * Ties in start may come in another order than a fresh merge's; a scan only asks which series meet a window.
 */
function remappedOccurrences(
  old: MergedOccurrences,
  oldToNew: readonly number[],
  seriesTimings: readonly EventTiming[],
  fresh: readonly number[],
  eventAt: (index: number) => CalendarEvent,
): MergedOccurrences {
  let coveredTo = old.coveredTo;
  let starts: number[] = [];
  let ends: number[] = [];
  let owners: number[] = [];
  let longest = 0;
  const oldStarts = old.starts;
  const oldEnds = old.ends;
  const oldOwners = old.owners;
  for (let i = 0; i < oldOwners.length; i++) {
    const owner = oldToNew[oldOwners[i]];
    if (owner < 0) continue;
    starts.push(oldStarts[i]);
    ends.push(oldEnds[i]);
    owners.push(owner);
    if (oldEnds[i] - oldStarts[i] > longest) longest = oldEnds[i] - oldStarts[i];
  }
  for (const index of fresh) {
    const timing = seriesTimings[index];
    const expanded = expandedTo(eventAt(index), timing, Number.isFinite(coveredTo) ? coveredTo : timing.startMs + 2 * CONFLICT_HORIZON_DAYS * DAY);
    if (!expanded.complete) coveredTo = Math.min(coveredTo, expanded.coveredTo);
    const added = expanded.occurrences;
    const size = starts.length + added.length;
    const mergedStarts: number[] = [];
    const mergedEnds: number[] = [];
    const mergedOwners: number[] = [];
    let a = 0;
    let b = 0;
    for (let out = 0; out < size; out++) {
      if (b === added.length || (a < starts.length && starts[a] <= added[b].startMs)) {
        mergedStarts.push(starts[a]);
        mergedEnds.push(ends[a]);
        mergedOwners.push(owners[a]);
        a++;
      } else {
        const occurrence = added[b++];
        mergedStarts.push(occurrence.startMs);
        mergedEnds.push(occurrence.endMs);
        mergedOwners.push(index);
        if (occurrence.endMs - occurrence.startMs > longest) longest = occurrence.endMs - occurrence.startMs;
      }
    }
    starts = mergedStarts;
    ends = mergedEnds;
    owners = mergedOwners;
  }
  return { starts, ends, owners, longest, coveredTo, seen: minusOnes(seriesTimings.length), queries: 0, directory: undefined };
}

/**
 * The index of `next`, an events record made from `base` by changing the buckets `bucketKeys`,
 * where `changed` holds the events removed or replaced and those stored: derived from the index of
 * `base` (only the lists of the changed events' calendars and attendees are rebuilt, the others are
 * shared with their cached windows) instead of built again from every event. It equals what a
 * build would give: the index lists events bucket by bucket (buckets numbered in ascending order),
 * each bucket in its entries' order. Without an index of `base`, or with buckets that are not
 * numbered, nothing is derived (the next lookup builds it).
 */
export function deriveEventIndex(
  base: BucketedRecord<CalendarEvent>,
  next: BucketedRecord<CalendarEvent>,
  bucketKeys: readonly string[],
  changed: readonly CalendarEvent[],
  inPlace = false,
): void {
  // The checks of a write have just indexed `base` (lastIndexed), mostly: then it has an index.
  if (!isFrozenState(next) || !(base === lastIndexed || knownIndex(base) !== undefined || isPending(base))) return;
  recentDerivations[nextDerivation] = { next, base, bucketKeys, changed, inPlace };
  nextDerivation = (nextDerivation + 1) % recentDerivations.length;
}

/** How to derive the index of an events record from its predecessor's, until it is asked for. */
interface Derivation {
  next: BucketedRecord<CalendarEvent>;
  base: BucketedRecord<CalendarEvent>;
  bucketKeys: readonly string[];
  changed: readonly CalendarEvent[];
  /** `changed` is [old, new]: one event replaced by another at its place in its bucket. */
  inPlace: boolean;
}

/**
 * The derivations of the last writes (a few, for sessions that take turns): a WeakMap entry per
 * write would cost more than the derivation saves on the path bench:calls measures.
 */
const recentDerivations: Array<Derivation | undefined> = new Array(16).fill(undefined);
let nextDerivation = 0;

function isPending(next: BucketedRecord<CalendarEvent>): boolean {
  for (let i = 0; i < recentDerivations.length; i++) if (recentDerivations[i]?.next === next) return true;
  return false;
}

/**
 * The index of `next` derived from its predecessor's, the predecessor's first derived from its own
 * where a write asked for no index (writes that check nothing, like a reminder change, leave the
 * next write a chain of a few derivations instead of a full build); undefined when none is pending.
 */
function pendingIndex(next: BucketedRecord<CalendarEvent>): EventIndex | undefined {
  const derivation = pendingDerivation(next);
  if (derivation === undefined) return undefined;
  let previous = knownIndex(derivation.base);
  if (previous === undefined) {
    previous = pendingIndex(derivation.base);
    if (previous === undefined) return undefined;
    keepDerivedIndex(derivation.base, previous);
  }
  return derivedIndex(derivation, previous);
}

function pendingDerivation(next: BucketedRecord<CalendarEvent>): Derivation | undefined {
  for (let i = 0; i < recentDerivations.length; i++) {
    const derivation = recentDerivations[i];
    if (derivation !== undefined && derivation.next === next) {
      recentDerivations[i] = undefined;
      return derivation;
    }
  }
  return undefined;
}

function derivedIndex(derivation: Derivation, previous: EventIndex): EventIndex | undefined {
  const { next, base, bucketKeys, changed } = derivation;
  if (derivation.inPlace && sameKeys(changed[0], changed[1])) return swappedIndex(next, previous, changed[0], changed[1]);
  // Known per index (a derived one's record has its predecessor's keys and numbered changed ones),
  // instead of testing every key of the record (~40 regular expression runs) per derivation.
  if (!previous.numberedBuckets) return undefined;
  const buckets: number[] = [];
  for (const key of bucketKeys) {
    if (!NUMBERED_BUCKET.test(key)) return undefined;
    buckets.push(Number(key));
  }
  buckets.sort((a, b) => a - b);
  const calendars = new Set<string>();
  const emails = new Set<string>();
  for (const event of changed) {
    calendars.add(event.calendar_id);
    for (let a = 0; a < event.attendees.length; a++) emails.add(event.attendees[a].email);
  }
  const index = new IndexOfEvents(previous.byCalendar.copy(), previous.byAttendee.copy(), undefined, true);
  for (const bucket of buckets) {
    const key = String(bucket);
    const entries = Object.hasOwn(next, key) ? next[key] : {};
    const ofCalendar = new Map<string, CalendarEvent[]>();
    const ofAttendee = new Map<string, CalendarEvent[]>();
    for (const id in entries) {
      const event = entries[id];
      if (calendars.has(event.calendar_id)) pushTo(ofCalendar, event.calendar_id, event);
      const attendees = event.attendees;
      for (let a = 0; a < attendees.length; a++) if (emails.has(attendees[a].email)) pushTo(ofAttendee, attendees[a].email, event);
    }
    replaceRuns(index.byCalendar, calendars, bucket, ofCalendar);
    replaceRuns(index.byAttendee, emails, bucket, ofAttendee);
  }
  return index;
}

/** Whether two events are listed under the same calendar and attendee emails, in the same order. */
function sameKeys(a: CalendarEvent, b: CalendarEvent): boolean {
  if (a.calendar_id !== b.calendar_id || a.attendees.length !== b.attendees.length) return false;
  for (let i = 0; i < a.attendees.length; i++) if (a.attendees[i].email !== b.attendees[i].email) return false;
  return true;
}

/**
 * The index after `old` was replaced by `event` at its place, both listed under the same keys: each
 * of their lists has `event` where it had `old` (no bucket is read again).
 */
function swappedIndex(next: BucketedRecord<CalendarEvent>, previous: EventIndex, old: CalendarEvent, event: CalendarEvent): EventIndex {
  const index = new IndexOfEvents(previous.byCalendar.copy(), previous.byAttendee.copy(), undefined, previous.numberedBuckets);
  swapIn(index.byCalendar, event.calendar_id, old, event);
  for (let a = 0; a < event.attendees.length; a++) swapIn(index.byAttendee, event.attendees[a].email, old, event);
  return index;
}

function swapIn(lists: ListsByKey, key: string, old: CalendarEvent, event: CalendarEvent): void {
  const list = lists.get(key);
  if (list === undefined) return;
  const at = list.indexOf(old);
  // Done already (an email listed twice on the event).
  if (at < 0) return;
  let end = at + 1;
  while (end < list.length && list[end] === old) end++;
  const next = list.slice();
  const run: CalendarEvent[] = [];
  for (let i = at; i < end; i++) {
    next[i] = event;
    run.push(event);
  }
  deferWindows(list, next, at, end, run);
  lists.set(key, next);
}

function pushTo(map: Map<string, CalendarEvent[]>, key: string, event: CalendarEvent): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [event]);
  else list.push(event);
}

function replaceRuns(lists: ListsByKey, keys: Set<string>, bucket: number, runs: Map<string, CalendarEvent[]>): void {
  for (const key of keys) {
    const list = replaceBucket(lists.get(key) ?? NO_EVENTS, bucket, runs.get(key) ?? NO_EVENTS);
    if (list.length === 0) lists.delete(key);
    else lists.set(key, list);
  }
}

/** Events stored on a calendar. */
export function eventsOn(state: CalendarState, calendarId: string): readonly CalendarEvent[] {
  return eventIndex(state).byCalendar.get(calendarId) ?? NO_EVENTS;
}

/** Events stored on a person's or room's own calendar or inviting them (each once). */
export function eventsOf(state: CalendarState, email: string): CalendarEvent[] {
  const index = eventIndex(state);
  const own = index.byCalendar.get(email) ?? NO_EVENTS;
  const invited = index.byAttendee.get(email) ?? NO_EVENTS;
  const result = own.slice();
  for (const event of invited) if (event.calendar_id !== email) result.push(event);
  return result;
}

/**
 * The events `eventsOf` (personal calendars) or `eventsOn` lists that can have a span overlapping
 * [fromMs, toMs) (every one for which `collectSpans` over that window finds something, perhaps a
 * few that visit nothing), found through the lists' scan windows instead of looking at each event.
 */
export function eventsInWindow(state: CalendarState, calendarId: string, personal: boolean, fromMs: number, toMs: number): CalendarEvent[] {
  const index = eventIndex(state);
  const result: CalendarEvent[] = [];
  for (let l = 0; l < (personal ? 2 : 1); l++) {
    const events = l === 0 ? (index.byCalendar.get(calendarId) ?? NO_EVENTS) : (index.byAttendee.get(calendarId) ?? NO_EVENTS);
    if (events.length === 0) continue;
    const meeting = eventsMeeting(events, fromMs, toMs);
    for (let m = 0; m < meeting.length; m++) {
      const event = events[meeting[m]];
      if (l === 0 || event.calendar_id !== calendarId) result.push(event);
    }
  }
  return result;
}

/**
 * Per list of the index: its single events sorted by start (with where each sits in the list and
 * the longest one's length) and its series, so that a scan finds the events that can meet a window
 * by binary search instead of looking at every event. Kept as long as the list. Its numbers are in
 * plain arrays (of small integers or doubles, which V8 stores unboxed): a typed array longer than 64
 * bytes has its memory allocated outside the heap, ~0.4-1 µs each, and an episode derives a few
 * windows (and merged occurrences) per write.
 */
interface ListWindows {
  /** Positions in the list of the single (not repeating) events, by start. */
  singles: readonly number[];
  starts: readonly number[];
  ends: readonly number[];
  /** The longest single event: one that ends after `fromMs` starts after `fromMs - longest`. */
  longest: number;
  /** Positions of the series, ascending, with their timings. */
  series: readonly number[];
  seriesTimings: EventTiming[];
  /** The occurrences of all the series, made on first need (only for windows kept with their list). */
  merged?: MergedOccurrences;
  /** Kept with its list (its events are frozen). */
  cached: boolean;
  /** Scans of `starts` so far, and its day directory once they were many (null: too sparse for one). */
  queries: number;
  directory: DayDirectory | null | undefined;
  /** The hours anything of the list overlaps, made with the directory (null: none kept). */
  busyHours: BusyHours | null | undefined;
}

/**
 * Which hours some single event or series occurrence of a list overlaps (cancelled and modified
 * occurrences included, as the scans count them): a window all of whose hours are clear meets
 * nothing, which most windows of a write's checks are for most lists, and is answered without
 * searching. Valid for windows ending by `validTo` (the merged occurrences' coverage).
 */
interface BusyHours {
  firstHour: number;
  /** Per hour, how many entries overlap it (at most 65535: more read as busy whatever is ignored). */
  counts: Uint16Array;
  validTo: number;
}

const HOUR = 3_600_000;
const MAX_BUSY_HOURS = 200_000;

/** Hours h with [h, h + 1) meeting [startMs, endMs), counted from the epoch; a zero-length span marks its hour. */
function firstHourOf(startMs: number): number {
  return Math.floor(startMs / HOUR);
}

function lastHourOf(startMs: number, endMs: number): number {
  return Math.max(Math.floor(startMs / HOUR), Math.ceil(endMs / HOUR) - 1);
}

function busyHoursOf(windows: ListWindows, merged: MergedOccurrences | undefined): BusyHours | null {
  const { starts, ends } = windows;
  let first = Infinity;
  let last = -Infinity;
  for (let pass = 0; pass < 2; pass++) {
    const s = pass === 0 ? starts : merged?.starts;
    const e = pass === 0 ? ends : merged?.ends;
    if (s === undefined || e === undefined) continue;
    for (let i = 0; i < s.length; i++) {
      if (!Number.isFinite(s[i]) || !Number.isFinite(e[i])) return null;
      first = Math.min(first, firstHourOf(s[i]));
      last = Math.max(last, lastHourOf(s[i], e[i]));
    }
  }
  const validTo = merged === undefined ? Infinity : merged.coveredTo;
  if (first > last) return { firstHour: 0, counts: new Uint16Array(0), validTo };
  const hours = last - first + 1;
  if (hours > MAX_BUSY_HOURS) return null;
  const counts = new Uint16Array(hours);
  for (let pass = 0; pass < 2; pass++) {
    const s = pass === 0 ? starts : merged?.starts;
    const e = pass === 0 ? ends : merged?.ends;
    if (s === undefined || e === undefined) continue;
    for (let i = 0; i < s.length; i++) {
      const to = lastHourOf(s[i], e[i]) - first;
      for (let h = firstHourOf(s[i]) - first; h <= to; h++) if (counts[h] < 65_535) counts[h]++;
    }
  }
  return { firstHour: first, counts, validTo };
}

/**
 * Whether nothing the hours record overlaps [fromMs, toMs), apart from one entry `ignored` known to
 * be in the list and to overlap the hours [ignoredFrom, ignoredTo] (false when that cannot be told cheaply).
 */
function surelyFree(busy: BusyHours, fromMs: number, toMs: number, ignoredFrom: number, ignoredTo: number): boolean {
  if (!(toMs > fromMs) || toMs > busy.validTo) return false;
  const from = Math.floor(fromMs / HOUR) - busy.firstHour;
  const to = Math.ceil(toMs / HOUR) - 1 - busy.firstHour;
  if (!(to - from <= 48)) return false;
  const counts = busy.counts;
  for (let h = Math.max(from, 0); h <= to && h < counts.length; h++) {
    if (counts[h] > (h + busy.firstHour >= ignoredFrom && h + busy.firstHour <= ignoredTo ? 1 : 0)) return false;
  }
  return true;
}

/** Whether the single event `event`, starting at `startMs`, is among a list's singles (found by its start). */
function holdsSingle(events: readonly CalendarEvent[], windows: ListWindows, event: CalendarEvent, startMs: number): boolean {
  const { singles, starts } = windows;
  for (let k = lowerBound(starts, startMs, windows.directory); k < starts.length && starts[k] === startMs; k++) if (events[singles[k]] === event) return true;
  return false;
}

const NO_POSITIONS: readonly number[] = Object.freeze([]);

/** `count` times -1 in a packed array (a `seen` list of series no query found yet; series mapped to none). */
function minusOnes(count: number): number[] {
  const seen: number[] = [];
  for (let k = 0; k < count; k++) seen.push(-1);
  return seen;
}

/**
 * Every occurrence of a list's series that starts before `coveredTo`, by start, with the series it
 * belongs to (index into `seriesTimings`): one binary search finds the series that meet a window,
 * instead of one per series.
 */
interface MergedOccurrences {
  starts: readonly number[];
  ends: readonly number[];
  owners: readonly number[];
  /** The longest occurrence. */
  longest: number;
  coveredTo: number;
  /** Per series: the query that last found it (no set per query). */
  seen: number[];
  /** Scans of `starts` so far, and its day directory once they were many (null: too sparse for one). */
  queries: number;
  directory: DayDirectory | null | undefined;
}

/**
 * Where a list of starts (ascending) passes each day: `at[d]` is the first position whose start is
 * on or after the day `firstDay + d`. A lower bound is then one lookup and a short scan within a
 * day, instead of a binary search of a dozen unpredictable steps; made only for starts that scans
 * ask often (most windows an episode derives are replaced before that), and only when not too sparse.
 */
interface DayDirectory {
  firstDay: number;
  at: readonly number[];
}

/** Scans of a list of starts before it gets a day directory. */
const DIRECTORY_AFTER_QUERIES = 8;
const MAX_DIRECTORY_DAYS = 4096;

function dayDirectory(starts: readonly number[]): DayDirectory | null {
  if (starts.length === 0) return null;
  const firstDay = Math.floor(starts[0] / DAY);
  const days = Math.floor(starts[starts.length - 1] / DAY) - firstDay + 1;
  if (!(days > 0 && days <= MAX_DIRECTORY_DAYS)) return null;
  const at: number[] = [];
  let i = 0;
  for (let d = 0; d < days; d++) {
    const boundary = (firstDay + d) * DAY;
    while (i < starts.length && starts[i] < boundary) i++;
    at.push(i);
  }
  return { firstDay, at };
}

/** The first position of `starts` (ascending) whose start is not below `value`. */
function lowerBound(starts: readonly number[], value: number, directory: DayDirectory | null | undefined): number {
  let low = 0;
  if (directory) {
    const day = Math.floor(value / DAY) - directory.firstDay;
    if (day >= directory.at.length) return starts.length;
    if (day > 0) low = directory.at[day];
    while (low < starts.length && starts[low] < value) low++;
    return low;
  }
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (starts[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

let mergedQueries = 0;

/** The merged occurrences of a list's series, covering at least up to `toMs`. */
function mergedOccurrences(events: readonly CalendarEvent[], windows: ListWindows, toMs: number): MergedOccurrences {
  const known = windows.merged;
  if (known !== undefined && known.coveredTo >= toMs) return known;
  let coveredTo = Infinity;
  const expanded: ExpandedSeries[] = [];
  for (let k = 0; k < windows.series.length; k++) {
    const series = expandedTo(events[windows.series[k]], windows.seriesTimings[k], toMs);
    if (!series.complete) coveredTo = Math.min(coveredTo, series.coveredTo);
    expanded.push(series);
  }
  const starts: number[] = [];
  const ends: number[] = [];
  const owners: number[] = [];
  const order: number[] = [];
  let longest = 0;
  for (let k = 0; k < expanded.length; k++) {
    for (const occurrence of expanded[k].occurrences) {
      order.push(starts.length);
      starts.push(occurrence.startMs);
      ends.push(occurrence.endMs);
      owners.push(k);
      longest = Math.max(longest, occurrence.endMs - occurrence.startMs);
    }
  }
  order.sort((a, b) => starts[a] - starts[b] || a - b);
  const merged: MergedOccurrences = {
    starts: order.map((i) => starts[i]),
    ends: order.map((i) => ends[i]),
    owners: order.map((i) => owners[i]),
    longest,
    coveredTo,
    seen: minusOnes(expanded.length),
    queries: 0,
    directory: undefined,
  };
  windows.merged = merged;
  return merged;
}

/**
 * A list of the index keeps its windows (and, until they are made, how they follow from its
 * predecessor's) on itself, under symbols: lists are the index's own arrays, never frozen or
 * shared with the state, and a property costs far less to set and read than a WeakMap entry
 * (every write in an episode derives a few lists, every scan reads one).
 */
const WINDOWS = Symbol('windows');
const DEFERRED = Symbol('deferred');

type WindowedList = readonly CalendarEvent[] & { [WINDOWS]?: ListWindows; [DEFERRED]?: DeferredWindows };

/**
 * How the windows of a derived list follow from its predecessor's, until a scan asks for them: most
 * lists a write derives are replaced by a later write before any scan reads them. A chain is kept
 * at most MAX_DEFERRED deep (each link holds its predecessor list); past that the list builds its own.
 */
interface DeferredWindows {
  previous: readonly CalendarEvent[];
  first: number;
  end: number;
  run: readonly CalendarEvent[];
  depth: number;
  /** Scans that read a predecessor of this list instead of it so far (scannedList). */
  steppedBack: number;
}

const MAX_DEFERRED = 32;

function deferWindows(previous: readonly CalendarEvent[], next: readonly CalendarEvent[], first: number, end: number, run: readonly CalendarEvent[]): void {
  if ((previous as WindowedList)[WINDOWS] !== undefined) {
    (next as WindowedList)[DEFERRED] = { previous, first, end, run, depth: 1, steppedBack: 0 };
    return;
  }
  const before = (previous as WindowedList)[DEFERRED];
  if (before !== undefined && before.depth < MAX_DEFERRED) (next as WindowedList)[DEFERRED] = { previous, first, end, run, depth: before.depth + 1, steppedBack: 0 };
}

/** The most events a composed replacement may take out and put in (a chain's changes are mostly a few events). */
const MAX_COMPOSED = 24;

/**
 * The windows of `events`, a list two or more links of deferred windows away from the nearest
 * predecessor with windows, derived from that predecessor's in one step: the lists are in the same
 * order, so past their common start and end they differ only where the writes in between changed
 * them, and one replacement of that stretch gives the same windows as the chain, without deriving
 * (and copying the singles of) every list in between. Undefined when the chain is shorter, ends in a
 * list without windows, or the stretch is long.
 */
function composedWindows(events: readonly CalendarEvent[], deferred: DeferredWindows): ListWindows | undefined {
  let ancestor = deferred.previous;
  let links = 1;
  for (;;) {
    if ((ancestor as WindowedList)[WINDOWS] !== undefined) break;
    const before = (ancestor as WindowedList)[DEFERRED];
    if (before === undefined) return undefined;
    ancestor = before.previous;
    links++;
  }
  if (links < 2) return undefined;
  let first = 0;
  const shorter = Math.min(ancestor.length, events.length);
  while (first < shorter && ancestor[first] === events[first]) first++;
  let end = ancestor.length;
  let runEnd = events.length;
  while (end > first && runEnd > first && ancestor[end - 1] === events[runEnd - 1]) {
    end--;
    runEnd--;
  }
  if (end - first + (runEnd - first) > MAX_COMPOSED) return undefined;
  const windows = (ancestor as WindowedList)[WINDOWS]!;
  const composed: DeferredWindows = { previous: ancestor, first, end, run: events.slice(first, runEnd), depth: 1, steppedBack: 0 };
  return sameTimes(windows, composed) ?? replacedWindows(windows, first, end, composed.run);
}

function windowsOf(events: readonly CalendarEvent[]): ListWindows {
  let windows = (events as WindowedList)[WINDOWS];
  if (windows !== undefined) return windows;
  const deferred = (events as WindowedList)[DEFERRED];
  if (deferred !== undefined) {
    (events as WindowedList)[DEFERRED] = undefined;
    windows = composedWindows(events, deferred);
    if (windows === undefined) {
      const previous = windowsOf(deferred.previous);
      windows = sameTimes(previous, deferred) ?? replacedWindows(previous, deferred.first, deferred.end, deferred.run);
    }
    (events as WindowedList)[WINDOWS] = windows;
    return windows;
  }
  const timings = events.map(timingOf);
  const singles: number[] = [];
  const series: number[] = [];
  for (let i = 0; i < events.length; i++) (timings[i].shape === undefined ? singles : series).push(i);
  singles.sort((a, b) => timings[a].startMs - timings[b].startMs || a - b);
  const starts: number[] = [];
  const ends: number[] = [];
  windows = {
    singles,
    starts,
    ends,
    longest: 0,
    series,
    seriesTimings: series.map((i) => timings[i]),
    cached: events.length > 0 && isFrozenState(events[0]),
    queries: 0,
    directory: undefined,
    busyHours: undefined,
  };
  for (let k = 0; k < singles.length; k++) {
    const timing = timings[singles[k]];
    starts.push(timing.startMs);
    ends.push(timing.endMs);
    windows.longest = Math.max(windows.longest, timing.endMs - timing.startMs);
  }
  if (windows.cached) (events as WindowedList)[WINDOWS] = windows;
  return windows;
}

/** Whether some occurrence of a series (cancelled and modified ones included) overlaps [fromMs, toMs). */
function seriesMeets(event: CalendarEvent, timing: EventTiming, fromMs: number, toMs: number): boolean {
  if (timing.startMs >= toMs) return false;
  const { occurrences, ends } = expandedTo(event, timing, toMs);
  let low = 0;
  let high = ends.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (ends[middle] <= fromMs) low = middle + 1;
    else high = middle;
  }
  return low < occurrences.length && occurrences[low].startMs < toMs;
}

/**
 * Positions (ascending) of the events of `events` that can have a span overlapping [fromMs, toMs):
 * every event of the list for which `collectSpans` over that window finds something.
 */
function eventsMeeting(events: readonly CalendarEvent[], fromMs: number, toMs: number, ignored?: CalendarEvent, held?: boolean): readonly number[] {
  if (events.length === 0) return NO_POSITIONS;
  const windows = windowsOf(events);
  const { singles, starts, ends, series } = windows;
  if (windows.directory === undefined && ++windows.queries >= DIRECTORY_AFTER_QUERIES) {
    windows.directory = dayDirectory(starts);
    windows.busyHours = windows.cached ? busyHoursOf(windows, series.length > 0 ? mergedOccurrences(events, windows, toMs) : undefined) : null;
  }
  if (windows.busyHours) {
    // `ignored`: a single event the caller leaves out whole (the candidate's stored self), whose
    // hours then count as free when the list holds it.
    let ignoredFrom = 1;
    let ignoredTo = 0;
    // `held`: whether the list holds `ignored`, when the caller knows it from the list's key (an
    // index list holds exactly the stored events of its calendar, or inviting its person or room).
    if (ignored !== undefined && held !== false) {
      const timing = timingOf(ignored);
      if (timing.shape === undefined && (held === true || holdsSingle(events, windows, ignored, timing.startMs))) {
        ignoredFrom = firstHourOf(timing.startMs);
        ignoredTo = lastHourOf(timing.startMs, timing.endMs);
      }
    }
    if (surelyFree(windows.busyHours, fromMs, toMs, ignoredFrom, ignoredTo)) return NO_POSITIONS;
  }
  const low = lowerBound(starts, fromMs - windows.longest, windows.directory);
  let found: number[] | undefined;
  let ordered = true;
  // Singles starting before `earliest` end by `fromMs`; from there on, those starting before `toMs`.
  for (let k = low; k < starts.length && starts[k] < toMs; k++) {
    if (ends[k] <= fromMs) continue;
    if (found === undefined) found = [];
    else if (singles[k] < found[found.length - 1]) ordered = false;
    found.push(singles[k]);
  }
  if (series.length > 0) {
    // The series with an occurrence (cancelled and modified ones included) overlapping the window.
    const merged = windows.cached ? mergedOccurrences(events, windows, toMs) : undefined;
    if (merged === undefined) {
      for (let k = 0; k < series.length; k++) {
        if (!seriesMeets(events[series[k]], windows.seriesTimings[k], fromMs, toMs)) continue;
        if (found === undefined) found = [];
        else if (series[k] < found[found.length - 1]) ordered = false;
        found.push(series[k]);
      }
    } else {
      const query = mergedQueries++;
      const { starts: occurrenceStarts, ends: occurrenceEnds, owners, seen } = merged;
      if (merged.directory === undefined && ++merged.queries >= DIRECTORY_AFTER_QUERIES) merged.directory = dayDirectory(occurrenceStarts);
      const first = lowerBound(occurrenceStarts, fromMs - merged.longest, merged.directory);
      let meeting = 0;
      for (let i = first; i < occurrenceStarts.length && occurrenceStarts[i] < toMs; i++) {
        if (occurrenceEnds[i] > fromMs && seen[owners[i]] !== query) {
          seen[owners[i]] = query;
          meeting++;
        }
      }
      for (let k = 0; k < series.length && meeting > 0; k++) {
        if (seen[k] !== query) continue;
        meeting--;
        if (found === undefined) found = [];
        else if (series[k] < found[found.length - 1]) ordered = false;
        found.push(series[k]);
      }
    }
  }
  if (found === undefined) return NO_POSITIONS;
  if (!ordered) found.sort((a, b) => a - b);
  return found;
}

/**
 * Busy spans of a person, room or calendar in a window: events on the calendar and invitations not
 * declined. Transparent events do not make a person busy, but a room they book is occupied. Without
 * `skip`, spans of `self` (and, with `elsewhereThan`, those on that calendar) are left out, by a test
 * made only when some event meets the window (most checks of a write find none).
 */
export function busySpans(
  state: CalendarState,
  id: string,
  fromMs: number,
  toMs: number,
  skip?: (span: Span) => boolean,
  self?: SelfIds,
  elsewhereThan?: string,
  ignored?: CalendarEvent,
): Span[] {
  // The index first: building it (the first one in a process) numbers the keys of its lists, which
  // the scan target reads; read before it, a key not yet numbered gave no events (a fresh process
  // answered the first free/busy query of a person with nothing busy).
  const index = eventIndex(state);
  // One lookup for the directory entry and the index key number of both lists.
  const target = scanTarget(state, id);
  const entry = target.entry;
  const isRoom = entry?.kind === 'room';
  // Made when some event meets the window (most lists a write checks have none there).
  let spans: Span[] | undefined;
  const number = target.number;
  const own = index.byCalendar.at(number) ?? NO_EVENTS;
  // Own events, then (for a person or room) invitations on other calendars: what eventsOf lists.
  // `ignored` (one of `self`) may speed up the scans: its hours count as free.
  const ignoredHere = ignored !== undefined && self !== undefined && isSelfEvent(self, ignored.id) ? ignored : undefined;
  // Events that `skip` would leave out whole are not expanded into spans: those named in `self`, and
  // (`elsewhereThan`) those on that calendar, so also the own calendar when it is that one.
  for (let l = id === elsewhereThan ? 1 : 0; l < (entry === undefined ? 1 : 2); l++) {
    const listed = l === 0 ? own : (index.byAttendee.at(number) ?? NO_EVENTS);
    if (listed.length === 0) continue;
    const events = self === undefined ? listed : scannedList(listed, self);
    // Whether the list holds `ignored` follows from its key for the index's own list only.
    const held = ignoredHere === undefined || events !== listed ? undefined : l === 0 ? ignoredHere.calendar_id === id : isInvited(ignoredHere, id);
    const meeting = eventsMeeting(events, fromMs, toMs, ignoredHere, held);
    for (let m = 0; m < meeting.length; m++) {
      const event = events[meeting[m]];
      if (l === 1 && event.calendar_id === id) continue;
      if (event.calendar_id === elsewhereThan || (self !== undefined && isSelfEvent(self, event.id))) continue;
      if (event.transparency === 'transparent' && !isRoom) continue;
      if (event.calendar_id !== id && !attendsUndeclined(event, id)) continue;
      if (skip === undefined && self !== undefined) skip = elsewhereThan === undefined ? selfOnly(self) : selfOrOnCalendar(self, elsewhereThan);
      collectSpans(event, fromMs, toMs, (spans ??= []), skip);
    }
  }
  if (spans === undefined) return NO_SPANS as Span[];
  if (spans.length > 1) spans.sort((a, b) => a.startMs - b.startMs || (a.id < b.id ? -1 : 1));
  return spans;
}

/** What busySpans needs of an id: its directory entry and the key number of its index lists (-1: none yet). */
interface ScanTarget {
  entry: DirectoryEntry | undefined;
  number: number;
}

/** Scan targets by id, for the frozen directory they were read from (ids are emails and calendar ids; bounded all the same). */
const scanTargets = new Map<string, ScanTarget>();
let scanTargetsPeople: CalendarState['people'] | undefined;
const MAX_SCAN_TARGETS = 10_000;

/** `directoryEntry(state, id)` and `keyNumber(id)` with one Map read (busySpans runs for every person and room a write checks). */
function scanTarget(state: CalendarState, id: string): ScanTarget {
  if (state.people !== scanTargetsPeople) {
    if (!isFrozenState(state.people)) return { entry: directoryEntry(state, id), number: keyNumber(id) };
    scanTargets.clear();
    scanTargetsPeople = state.people;
  }
  let target = scanTargets.get(id);
  if (target === undefined) {
    if (scanTargets.size >= MAX_SCAN_TARGETS) scanTargets.clear();
    target = { entry: directoryEntry(state, id), number: keyNumber(id) };
    scanTargets.set(id, target);
  } else if (target.number < 0) target.number = keyNumber(id);
  return target;
}

/** What busySpans answers when nothing is busy: one frozen empty list (its callers only read it). */
const NO_SPANS: readonly Span[] = Object.freeze([]);

/** Whether `email` is among `event`'s attendees (then the index lists `event` under it). */
function isInvited(event: CalendarEvent, email: string): boolean {
  const attendees = event.attendees;
  for (let a = 0; a < attendees.length; a++) if (attendees[a].email === email) return true;
  return false;
}

/** Whether `email` is invited to `event` and has not declined (its first entry, as `find` would give). */
function attendsUndeclined(event: CalendarEvent, email: string): boolean {
  const attendees = event.attendees;
  for (let a = 0; a < attendees.length; a++) if (attendees[a].email === email) return attendees[a].response_status !== 'declined';
  return false;
}

/** Spans of `others` overlapping any of `spans` (both sorted by start). */
export function overlapping(spans: Span[], others: Span[]): Array<{ span: Span; other: Span }> {
  const found: Array<{ span: Span; other: Span }> = [];
  let first = 0;
  for (const span of spans) {
    // Spans come in start order, so an other that ended before this span cannot meet a later one either.
    while (first < others.length && others[first].endMs <= span.startMs) first++;
    for (let i = first; i < others.length && others[i].startMs < span.endMs; i++) {
      if (others[i].endMs > span.startMs) found.push({ span, other: others[i] });
    }
  }
  return found;
}

/** A span in messages: `evt_12_20260318 "Standup" 2026-03-18T09:30:00+01:00 to 09:45:00+01:00`. */
export function describeSpan(span: Span): string {
  const zone = span.event.time_zone;
  return `${span.id} "${span.event.summary}" ${formatInZone(span.startMs, zone)} to ${formatInZone(span.endMs, zone).slice(11)}`;
}

/** Spans that belong to the candidate itself and must not count as its conflicts. */
export type SelfIds = readonly string[];

/** Whether an event is one of the candidate's own (then so is every span of it). */
function isSelfEvent(self: SelfIds, eventId: string): boolean {
  for (let i = 0; i < self.length; i++) if (self[i] === eventId) return true;
  return false;
}

/** Scans of a list that may read one of its predecessors instead. */
const STEP_BACK_SCANS = 2;

/**
 * The list a scan that leaves out the events named in `self` reads for `events`: the nearest of its
 * predecessors with windows made, as long as every change since is to such events (an episode's
 * writes mostly edit the event the write before made or edited), so that the windows of the lists
 * in between are not derived. The events the scan keeps are the same objects in the same order.
 */
function scannedList(events: readonly CalendarEvent[], self: SelfIds): readonly CalendarEvent[] {
  // A list scanned again and again (a state many calls start from) gets its windows made instead:
  // stepping back tests the changed events on every scan.
  const own = (events as WindowedList)[DEFERRED];
  if (own !== undefined && ++own.steppedBack > STEP_BACK_SCANS) return events;
  let list = events;
  for (;;) {
    if ((list as WindowedList)[WINDOWS] !== undefined) return list;
    const deferred = (list as WindowedList)[DEFERRED];
    if (deferred === undefined) return list;
    const { previous, first, end, run } = deferred;
    for (let i = first; i < end; i++) if (!isSelfEvent(self, previous[i].id)) return list;
    for (let i = 0; i < run.length; i++) if (!isSelfEvent(self, run[i].id)) return list;
    list = previous;
  }
}

/** Whether a span is one of the candidate's own (a few ids at most: a loop, no Set per call). */
function isSelf(self: SelfIds, span: Span): boolean {
  const eventId = span.event.id;
  const spanId = span.id;
  for (let i = 0; i < self.length; i++) if (self[i] === eventId || self[i] === spanId) return true;
  return false;
}

/** Stored events of `calendarId` overlapping the candidate's spans, when neither may overlap. */
export function calendarConflicts(state: CalendarState, candidate: CalendarEvent, spans: Span[], self: SelfIds, ignored?: CalendarEvent): ReadonlyArray<{ span: Span; other: Span }> {
  if (candidate.transparency === 'transparent' || candidate.allow_conflicts || spans.length === 0) return NONE;
  const from = spans[0].startMs;
  const to = spans[spans.length - 1].endMs;
  const others: Span[] = [];
  const listed = eventsOn(state, candidate.calendar_id);
  const events = scannedList(listed, self);
  // In list order, as a scan of the whole list would meet them (ties in start keep that order).
  const ignoredHere = ignored !== undefined && isSelfEvent(self, ignored.id) ? ignored : undefined;
  const meeting = eventsMeeting(events, from, to, ignoredHere, ignoredHere === undefined || events !== listed ? undefined : ignoredHere.calendar_id === candidate.calendar_id);
  // An index loop: the answer is often the frozen NO_POSITIONS.
  for (let m = 0; m < meeting.length; m++) {
    const event = events[meeting[m]];
    if (event.transparency === 'transparent' || isSelfEvent(self, event.id)) continue;
    collectSpans(event, from, to, others, (span) => isSelf(self, span));
  }
  if (others.length === 0) return NONE;
  others.sort((a, b) => a.startMs - b.startMs);
  const seen = new Set<string>();
  const conflicts: Array<{ span: Span; other: Span }> = [];
  for (const pair of overlapping(spans, others)) {
    if (seen.has(pair.other.id)) continue;
    seen.add(pair.other.id);
    conflicts.push(pair);
  }
  return conflicts;
}

function uniqueOthers(pairs: Array<{ span: Span; other: Span }>): Span[] {
  const seen = new Set<string>();
  const result: Span[] = [];
  for (const { other } of pairs) {
    if (!seen.has(other.id)) {
      seen.add(other.id);
      result.push(other);
    }
  }
  return result;
}

/** Room attendees of the candidate that are already booked at one of its spans, with the bookings. */
export function roomConflicts(state: CalendarState, candidate: CalendarEvent, spans: Span[], self: SelfIds, ignored?: CalendarEvent): ReadonlyArray<{ room: string; bookings: Span[] }> {
  // Made when a room is booked (checks mostly find none).
  let result: Array<{ room: string; bookings: Span[] }> | undefined;
  if (spans.length === 0) return NONE;
  for (let a = 0; a < candidate.attendees.length; a++) {
    const attendee = candidate.attendees[a];
    if (!attendee.resource || attendee.response_status === 'declined') continue;
    const booked = busyDuring(state, attendee.email, spans, self, undefined, ignored);
    if (booked.length === 0) continue;
    const clashes = uniqueOthers(overlapping(spans, booked));
    if (clashes.length > 0) (result ??= []).push({ room: attendee.email, bookings: clashes });
  }
  return result ?? NONE;
}

/** Candidates with at most this many spans have their attendees' and rooms' busy spans found span by span. */
const SPAN_BY_SPAN = 32;

/**
 * The busy spans of `id` (busySpans, sorted alike) that overlap some of `spans` (sorted by start),
 * and for a candidate with many spans those between its first and its last: a series' checks read
 * only the clashes, which these include, in the order of a scan of the whole stretch (by start,
 * then id; a span met twice comes twice). One window per span instead of the stretch between the
 * first and the last spares making a span object and id for every occurrence of weeks of events.
 */
function busyDuring(state: CalendarState, id: string, spans: Span[], self: SelfIds, elsewhereThan: string | undefined, ignored: CalendarEvent | undefined): Span[] {
  if (spans.length === 1 || spans.length > SPAN_BY_SPAN) return busySpans(state, id, spans[0].startMs, spans[spans.length - 1].endMs, undefined, self, elsewhereThan, ignored);
  let all: Span[] | undefined;
  for (let s = 0; s < spans.length; s++) {
    const found = busySpans(state, id, spans[s].startMs, spans[s].endMs, undefined, self, elsewhereThan, ignored);
    for (let f = 0; f < found.length; f++) (all ??= []).push(found[f]);
  }
  if (all === undefined) return NO_SPANS as Span[];
  if (all.length > 1) all.sort((a, b) => a.startMs - b.startMs || (a.id < b.id ? -1 : 1));
  return all;
}

/** What calendarConflicts and roomConflicts answer when they find nothing (their one caller only reads them). */
const NONE: readonly never[] = Object.freeze([]);

/** Rooms free at every one of `spans`, with at least `seats` seats (for messages that suggest an alternative). */
export function freeRooms(state: CalendarState, spans: Span[], seats: number, self: SelfIds): string[] {
  const rooms: string[] = [];
  if (spans.length === 0) return rooms;
  for (const email in state.people) {
    const room = state.people[email];
    if (room.kind !== 'room' || (room.capacity ?? 0) < seats) continue;
    const booked = busySpans(state, email, spans[0].startMs, spans[spans.length - 1].endMs, (span) => isSelf(self, span), self);
    if (overlapping(spans, booked).length === 0) rooms.push(`${email} (${room.name}, ${room.capacity} seats)`);
  }
  return rooms;
}

/** Whether a span is the candidate's own (a returned arrow: tsx names no function per call). */
function selfOnly(self: SelfIds): (span: Span) => boolean {
  return (span) => isSelf(self, span);
}

/** Whether a span is the candidate's own or on its calendar (a returned arrow: tsx names no function per call). */
function selfOrOnCalendar(self: SelfIds, calendarId: string): (span: Span) => boolean {
  return (span) => isSelf(self, span) || span.event.calendar_id === calendarId;
}

/** Person attendees already busy (elsewhere) during the candidate's spans: warnings, not errors. */
export function attendeeConflicts(
  state: CalendarState,
  candidate: CalendarEvent,
  spans: Span[],
  self: SelfIds,
  ignored?: CalendarEvent,
  only?: readonly string[],
): Array<{ email: string; event_ids: string[] }> {
  const result: Array<{ email: string; event_ids: string[] }> = [];
  if (spans.length === 0 || candidate.transparency === 'transparent' || only?.length === 0) return result;
  // Each once, in order of first mention (a short list: no Set per call); `only`: just those people.
  const people: string[] = [];
  for (let a = 0; a < candidate.attendees.length; a++) {
    const attendee = candidate.attendees[a];
    if (!attendee.resource && attendee.response_status !== 'declined' && !people.includes(attendee.email) && (only === undefined || only.includes(attendee.email))) people.push(attendee.email);
  }
  const owner = calendarEntry(state, candidate.calendar_id)?.owner;
  // Mostly the owner is an attendee already (the organizer): then its entry is not looked up.
  if (owner !== undefined && !people.includes(owner) && (only === undefined || only.includes(owner)) && directoryEntry(state, owner)?.kind === 'person') people.push(owner);
  for (let p = 0; p < people.length; p++) {
    const email = people[p];
    const busy = busyDuring(state, email, spans, self, candidate.calendar_id, ignored);
    if (busy.length === 0) continue;
    const clashes = firstClashIds(spans, busy, 5);
    if (clashes.length > 0) result.push({ email, event_ids: clashes });
  }
  return result;
}

/**
 * The first `limit` distinct ids of `others` overlapping `spans` (both sorted by start), in the
 * order `uniqueOthers(overlapping(spans, others))` lists them, without building the pairs.
 */
function firstClashIds(spans: Span[], others: Span[], limit: number): string[] {
  const ids: string[] = [];
  let first = 0;
  for (let s = 0; s < spans.length; s++) {
    const span = spans[s];
    while (first < others.length && others[first].endMs <= span.startMs) first++;
    for (let i = first; i < others.length && others[i].startMs < span.endMs; i++) {
      if (others[i].endMs > span.startMs && !ids.includes(others[i].id)) {
        ids.push(others[i].id);
        if (ids.length === limit) return ids;
      }
    }
  }
  return ids;
}

/** The number of people (not rooms) attending. */
export function headcount(attendees: readonly Attendee[]): number {
  let count = 0;
  for (let a = 0; a < attendees.length; a++) if (!attendees[a].resource) count++;
  return count;
}

/**
 * Check a new or changed event against the calendar's other events and its rooms' bookings; fail
 * with the conflicting ids and what would work instead. Returns the attendee warnings (of the
 * people in `warnFor` only, when given).
 */
export function checkPlacement(
  state: CalendarState,
  candidate: CalendarEvent,
  self: SelfIds,
  referenceMs: number,
  fail: (message: string) => never,
  storedSelf?: CalendarEvent | null,
  warnFor?: readonly string[],
): Array<{ email: string; event_ids: string[] }> {
  const spans = spansToHorizon(candidate, referenceMs);
  // A new single event whose calendar, rooms and people are all clear then: nothing to scan.
  if (spans.length === 1 && storedSelf === null && warnFor === undefined && quicklyFree(state, candidate, spans[0].startMs, spans[0].endMs)) return [];
  return placementByScans(state, candidate, spans, self, fail, storedSelf, warnFor);
}

/** checkPlacement by scanning every list (exported for the test that holds quicklyFree to it). */
export function placementByScans(
  state: CalendarState,
  candidate: CalendarEvent,
  spans: Span[],
  self: SelfIds,
  fail: (message: string) => never,
  storedSelf?: CalendarEvent | null,
  warnFor?: readonly string[],
): Array<{ email: string; event_ids: string[] }> {
  for (let i = 1; i < spans.length; i++) {
    if (spans[i].startMs < spans[i - 1].endMs) {
      fail(`occurrences of ${candidate.id} would overlap each other (${spans[i - 1].id} ends after ${spans[i].id} starts); shorten the event or space the recurrence further apart`);
    }
  }
  // The candidate's stored self, when it is one single event: scans leave it out, so its hours count as free.
  // `storedSelf`: the caller knows it already (null: not stored), so that it is not looked up again.
  const stored = self.length !== 1 ? undefined : storedSelf !== undefined ? (storedSelf ?? undefined) : storedEvent(state.events, self[0]);
  const ignored = stored !== undefined && stored.recurrence === undefined ? stored : undefined;
  const conflicts = calendarConflicts(state, candidate, spans, self, ignored);
  if (conflicts.length > 0) fail(conflictMessage(candidate, spans, conflicts));
  const rooms = roomConflicts(state, candidate, spans, self, ignored);
  if (rooms.length > 0) fail(roomMessage(state, candidate, spans, self, rooms[0]));
  return attendeeConflicts(state, candidate, spans, self, ignored, warnFor);
}

/**
 * Whether every list checkPlacement would scan for `candidate` (a new event: not stored, so no list
 * holds it), and more, has busy hours (see BusyHours) all clear over [fromMs, toMs): the
 * candidate's calendar, and the own and invitation lists of each attendee and of the calendar's
 * owner. Then no scan can find anything: no calendar conflict, no booked room, no busy person.
 * False wherever that cannot be told from busy hours already made (a list without them is scanned
 * the usual way, which makes them after a few scans), so the answer never differs from the scans'.
 */
export function quicklyFree(state: CalendarState, candidate: CalendarEvent, fromMs: number, toMs: number): boolean {
  const index = eventIndex(state);
  const calendarId = candidate.calendar_id;
  if (!clearHours(index.byCalendar.get(calendarId), fromMs, toMs)) return false;
  const attendees = candidate.attendees;
  for (let a = 0; a < attendees.length; a++) if (!targetClear(state, index, attendees[a].email, calendarId, fromMs, toMs)) return false;
  const owner = calendarEntry(state, calendarId)?.owner;
  if (owner === undefined) return true;
  // Mostly the owner attends (as organizer): checked already.
  for (let a = 0; a < attendees.length; a++) if (attendees[a].email === owner) return true;
  return targetClear(state, index, owner, calendarId, fromMs, toMs);
}

/** Whether both lists of a person or room (own calendar, invitations) have clear busy hours over the window. */
function targetClear(state: CalendarState, index: EventIndex, id: string, calendarId: string, fromMs: number, toMs: number): boolean {
  const number = scanTarget(state, id).number;
  // No number: no list has ever been made for it, so no event names it. Its own calendar's list is
  // the candidate calendar's when the two are one (checked already).
  if (number < 0) return true;
  return (id === calendarId || clearHours(index.byCalendar.at(number), fromMs, toMs)) && clearHours(index.byAttendee.at(number), fromMs, toMs);
}

/** Whether a list is empty or its windows' busy hours are made and clear over the window (surelyFree, nothing ignored). */
function clearHours(list: readonly CalendarEvent[] | undefined, fromMs: number, toMs: number): boolean {
  if (list === undefined || list.length === 0) return true;
  const busy = (list as WindowedList)[WINDOWS]?.busyHours;
  return busy !== undefined && busy !== null && surelyFree(busy, fromMs, toMs, 1, 0);
}

/* checkPlacement's messages, out of its body (it runs on every write; they almost never). */

function conflictMessage(candidate: CalendarEvent, spans: Span[], conflicts: ReadonlyArray<{ span: Span; other: Span }>): string {
  const shown = conflicts
    .slice(0, 5)
    .map(({ span, other }) => `${spans.length > 1 ? `the occurrence at ${formatInZone(span.startMs, candidate.time_zone)}` : formatInZone(span.startMs, candidate.time_zone)} overlaps ${describeSpan(other)}`)
    .join('; ');
  return (
    `conflict on calendar ${candidate.calendar_id} with ${conflicts.length} event${conflicts.length === 1 ? '' : 's'}: ${shown}${conflicts.length > 5 ? '; …' : ''}. ` +
    `Pick another time (find_free_slot finds one) or pass allow_conflicts: true to keep both`
  );
}

function roomMessage(state: CalendarState, candidate: CalendarEvent, spans: Span[], self: SelfIds, { room, bookings }: { room: string; bookings: Span[] }): string {
  const alternatives = freeRooms(state, spans, headcount(candidate.attendees), self).slice(0, 4);
  return (
    `room ${room} (${state.people[room]?.name}) is already booked then: ${bookings.slice(0, 3).map(describeSpan).join('; ')}; rooms are never double-booked. ` +
    `Free rooms with enough seats at that time: ${alternatives.join(', ') || '(none)'}`
  );
}

/** A person's working hours as weekdays (0 = Monday) and minutes of the local day; undefined for rooms. */
export function workingWindow(entry: DirectoryEntry): { days: Set<number>; startMinute: number; endMinute: number } | undefined {
  const hours = entry.working_hours;
  if (hours === undefined) return undefined;
  const toMinutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  return { days: new Set(hours.days.map((d) => WEEKDAY_CODES.indexOf(d as (typeof WEEKDAY_CODES)[number]))), startMinute: toMinutes(hours.start), endMinute: toMinutes(hours.end) };
}

