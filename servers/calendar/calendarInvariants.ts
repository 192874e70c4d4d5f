import type { DomainInvariant } from '../kit/Domain.js';
import { entryPairs } from '../kit/bucketedRecord.js';
import { isStored, storedEvent } from './eventBuckets.js';
import { CALENDAR_REFERENCE_DATE, type CalendarState } from './CalendarState.js';
import { allEvents, CONFLICT_HORIZON_DAYS, collectSpans, endMs, MAX_EVENT_DAYS, ruleOf, type Span, startMs } from './calendarModel.js';
import { DAY, isKnownTimeZone, parseDateTime } from './zonedTime.js';

/** Invariants expand series up to the conflict horizon after the world's reference date. */
const HORIZON_MS = Date.parse(CALENDAR_REFERENCE_DATE) + CONFLICT_HORIZON_DAYS * DAY;
const BEGINNING = Date.UTC(2000, 0, 1);

function byStart(a: Span, b: Span): number {
  return a.startMs - b.startMs || (a.id < b.id ? -1 : 1);
}

const spansByState = new WeakMap<CalendarState, Span[]>();

/** Every span of every stored event (singles always, series up to the horizon), sorted, once per state. */
function allSpans(state: CalendarState): Span[] {
  const known = spansByState.get(state);
  if (known !== undefined) return known;
  const spans: Span[] = [];
  for (const event of allEvents(state)) {
    collectSpans(event, BEGINNING, event.recurrence === undefined ? Number.MAX_SAFE_INTEGER : HORIZON_MS, spans);
  }
  spans.sort(byStart);
  spansByState.set(state, spans);
  return spans;
}

/** The first overlapping pair among spans sorted by start that `counts`, described; undefined if none. */
function firstOverlap(spans: Span[], counts: (a: Span, b: Span) => boolean): string | undefined {
  const active: Span[] = [];
  for (const span of spans) {
    for (let i = active.length - 1; i >= 0; i--) if (active[i].endMs <= span.startMs) active.splice(i, 1);
    for (const other of active) if (counts(other, span)) return `${other.id} and ${span.id} overlap`;
    active.push(span);
  }
  return undefined;
}

/** Spans grouped by a key (calendar, room); a span may belong to several groups or none. */
function groupSpans(spans: Span[], keysOf: (span: Span) => string[]): Map<string, Span[]> {
  const groups = new Map<string, Span[]>();
  for (const span of spans) {
    for (const key of keysOf(span)) {
      let list = groups.get(key);
      if (list === undefined) groups.set(key, (list = []));
      list.push(span);
    }
  }
  return groups;
}

export const calendarInvariants: DomainInvariant<CalendarState>[] = [
  {
    name: 'events end after they start',
    check(state) {
      for (const [id, event] of entryPairs(state.events)) {
        if (!isKnownTimeZone(event.time_zone)) return `${id} has an unknown time zone ${event.time_zone}`;
        if (parseDateTime(event.start, event.time_zone) === undefined || parseDateTime(event.end, event.time_zone) === undefined) return `${id} has an unreadable start or end`;
        const length = endMs(event) - startMs(event);
        if (length <= 0) return `${id} ends (${event.end}) before it starts (${event.start})`;
        if (length > MAX_EVENT_DAYS * DAY) return `${id} lasts longer than ${MAX_EVENT_DAYS} days`;
      }
      return undefined;
    },
  },
  {
    name: 'every calendar, organizer and attendee exists',
    check(state) {
      if (state.people[state.user]?.kind !== 'person') return `the signed-in user ${state.user} is not a person in the directory`;
      for (const [id, event] of entryPairs(state.events)) {
        const calendar = state.calendars[event.calendar_id];
        if (calendar === undefined) return `${id} is on unknown calendar ${event.calendar_id}`;
        if (calendar.kind === 'resource') return `${id} is stored on the room calendar ${calendar.id}`;
        if (state.people[event.organizer] === undefined) return `${id} has unknown organizer ${event.organizer}`;
        const seen = new Set<string>();
        let organizers = 0;
        for (const attendee of event.attendees) {
          const entry = state.people[attendee.email];
          if (entry === undefined) return `${id} has unknown attendee ${attendee.email}`;
          if (seen.has(attendee.email)) return `${id} lists ${attendee.email} twice`;
          seen.add(attendee.email);
          if (attendee.resource !== (entry.kind === 'room')) return `${id}: ${attendee.email} resource flag does not match the directory`;
          if (attendee.resource && attendee.response_status !== 'accepted') return `${id}: room ${attendee.email} is ${attendee.response_status}`;
          if (attendee.organizer) organizers++;
        }
        if (organizers > 1) return `${id} has ${organizers} organizers among its attendees`;
      }
      return undefined;
    },
  },
  {
    name: 'series, edited and deleted occurrences are consistent',
    check(state) {
      for (const [id, event] of entryPairs(state.events)) {
        if (event.recurrence !== undefined) {
          if (ruleOf(event) === undefined) return `${id} has an invalid rule ${event.recurrence[0]}`;
          for (const key of event.modified_occurrences ?? []) {
            const modified = storedEvent(state.events, `${id}_${key}`);
            if (modified === undefined || modified.recurring_event_id !== id) return `${id} lists ${key} as edited but ${id}_${key} is not stored`;
            if ((event.cancelled_occurrences ?? []).includes(key)) return `${id}_${key} is both edited and deleted`;
          }
        }
        if (event.recurring_event_id !== undefined) {
          const master = storedEvent(state.events, event.recurring_event_id);
          if (master === undefined || master.recurrence === undefined) return `${id} belongs to missing series ${event.recurring_event_id}`;
          if (master.calendar_id !== event.calendar_id) return `${id} is on ${event.calendar_id} but its series is on ${master.calendar_id}`;
          if (!(master.modified_occurrences ?? []).includes(id.slice(master.id.length + 1))) return `${id} is not listed as edited by ${master.id}`;
          if (event.recurrence !== undefined) return `${id} is an occurrence with its own rule`;
        }
      }
      return undefined;
    },
  },
  {
    name: 'occurrence ids are unique',
    check(state) {
      const seen = new Set<string>();
      for (const span of allSpans(state)) {
        if (seen.has(span.id)) return `${span.id} appears twice`;
        seen.add(span.id);
        if (span.dateKey !== undefined && isStored(state.events, span.id)) return `${span.id} is both an occurrence of ${span.event.id} and a stored event`;
      }
      return undefined;
    },
  },
  {
    name: 'no two events of a calendar overlap unless created with allow_conflicts',
    check(state) {
      const byCalendar = groupSpans(allSpans(state), (span) => (span.event.transparency === 'transparent' ? [] : [span.event.calendar_id]));
      for (const [calendar, spans] of byCalendar) {
        const problem = firstOverlap(spans, (a, b) => !a.event.allow_conflicts && !b.event.allow_conflicts);
        if (problem !== undefined) return `on ${calendar}: ${problem}`;
      }
      return undefined;
    },
  },
  {
    name: 'rooms are never double-booked',
    check(state) {
      const byRoom = groupSpans(allSpans(state), (span) => (span.startMs >= HORIZON_MS ? [] : span.event.attendees.filter((a) => a.resource && a.response_status !== 'declined').map((a) => a.email)));
      for (const [room, spans] of byRoom) {
        const problem = firstOverlap(spans, () => true);
        if (problem !== undefined) return `room ${room}: ${problem}`;
      }
      return undefined;
    },
  },
];
