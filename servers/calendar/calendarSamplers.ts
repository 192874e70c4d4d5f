import type { DomainSampler } from '../kit/Domain.js';
import { entryIds } from '../kit/bucketedRecord.js';
import { storedEvent } from './eventBuckets.js';
import { CALENDAR_REFERENCE_DATE, type CalendarState } from './CalendarState.js';
import { allEvents, canSeeDetails, collectSpans, ROLE_RANK, type Span } from './calendarModel.js';
import { DAY, formatInZone } from './zonedTime.js';

/** Samplers look at the two weeks after the reference date: what a grounded query would ask about. */
const FROM = Date.parse(CALENDAR_REFERENCE_DATE);
const TO = FROM + 14 * DAY;

/** Visible spans in the sampling window, sorted by start. */
function upcomingSpans(state: CalendarState): Span[] {
  const spans: Span[] = [];
  for (const event of allEvents(state)) {
    if (!canSeeDetails(state, event)) continue;
    collectSpans(event, FROM, TO, spans);
  }
  return spans.sort((a, b) => a.startMs - b.startMs || (a.id < b.id ? -1 : 1));
}

function spanRecord(state: CalendarState, span: Span): Record<string, unknown> {
  const record: Record<string, unknown> = {
    id: span.id,
    summary: span.event.summary,
    calendar_id: span.event.calendar_id,
    start: formatInZone(span.startMs, span.event.time_zone),
    end: formatInZone(span.endMs, span.event.time_zone),
    organizer: span.event.organizer,
    attendees: span.event.attendees.map((a) => a.email),
  };
  if (span.event.location) record.location = span.event.location;
  if (span.dateKey !== undefined) record.recurring_event_id = span.event.id;
  else if (span.event.recurring_event_id !== undefined) record.recurring_event_id = span.event.recurring_event_id;
  const mine = span.event.attendees.find((a) => a.email === state.user);
  if (mine !== undefined) record.my_response = mine.response_status;
  return record;
}

export const calendarSamplers: DomainSampler<CalendarState>[] = [
  {
    collection: 'calendars',
    description: 'Calendars on the user\'s list with their access role and how many events they hold in the next two weeks (only those with events or write access).',
    sample(state) {
      const counts = new Map<string, number>();
      for (const span of upcomingSpans(state)) counts.set(span.event.calendar_id, (counts.get(span.event.calendar_id) ?? 0) + 1);
      return Object.values(state.calendars)
        .filter((c) => (counts.get(c.id) ?? 0) > 0 || ROLE_RANK[c.access_role] >= ROLE_RANK.writer)
        .map((c) => ({ id: c.id, summary: c.summary, kind: c.kind, access_role: c.access_role, time_zone: c.time_zone, upcoming_events: counts.get(c.id) ?? 0 }));
    },
  },
  {
    collection: 'people',
    description: 'People in the directory with at least three meetings in the next two weeks: email, name, title, office, time zone, working hours.',
    sample(state) {
      const counts = new Map<string, number>();
      for (const span of upcomingSpans(state)) for (const a of span.event.attendees) counts.set(a.email, (counts.get(a.email) ?? 0) + 1);
      return Object.values(state.people)
        .filter((p) => p.kind === 'person' && (counts.get(p.email) ?? 0) >= 3)
        .map((p) => ({ email: p.email, name: p.name, title: p.title, department: p.department, office: p.office, time_zone: p.time_zone, working_hours: p.working_hours, meetings: counts.get(p.email), is_me: p.email === state.user }));
    },
  },
  {
    collection: 'rooms',
    description: 'Bookable meeting rooms: email, name, office, seats, equipment.',
    sample(state) {
      return Object.values(state.people)
        .filter((p) => p.kind === 'room')
        .map((p) => ({ email: p.email, name: p.name, office: p.office, capacity: p.capacity, features: p.features, time_zone: p.time_zone }));
    },
  },
  {
    collection: 'upcoming_events',
    description: 'Events and occurrences in the two weeks after the reference date that the user can see, with attendees and the user\'s own response.',
    sample(state) {
      return upcomingSpans(state).map((span) => spanRecord(state, span));
    },
  },
  {
    collection: 'pending_invitations',
    description: 'Upcoming events the user is invited to and has not answered yet (respond_to_event targets).',
    sample(state) {
      return upcomingSpans(state)
        .filter((span) => span.startMs >= FROM && span.event.attendees.some((a) => a.email === state.user && a.response_status === 'needsAction'))
        .map((span) => spanRecord(state, span));
    },
  },
  {
    collection: 'recurring_series',
    description: 'Recurring series the user can see, with their rule and the next occurrence ids.',
    sample(state) {
      const records: Array<Record<string, unknown>> = [];
      for (const id of entryIds(state.events).sort()) {
        const event = storedEvent(state.events, id)!;
        if (event.recurrence === undefined || !canSeeDetails(state, event)) continue;
        const spans: Span[] = [];
        collectSpans(event, FROM, FROM + 35 * DAY, spans);
        const next = spans.slice(0, 3).map((span) => span.id);
        if (next.length === 0) continue;
        records.push({ id, summary: event.summary, calendar_id: event.calendar_id, recurrence: event.recurrence[0], time_zone: event.time_zone, next_occurrences: next, attendees: event.attendees.length });
      }
      return records;
    },
  },
];
