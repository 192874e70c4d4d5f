import type { JsonSchema } from '../../core/index.js';
import type { Calendar, CalendarEvent, CalendarState, DirectoryEntry, Reminder } from './CalendarState.js';
import { directoryEntry, type Span } from './calendarModel.js';
import { formatInZone, parseInstant } from './zonedTime.js';

/** What tools return for events, calendars and directory entries, with the matching JSON Schemas. */

const REMINDERS_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    use_default: { type: 'boolean' },
    overrides: { type: 'array', items: { type: 'object', properties: { method: { type: 'string', enum: ['email', 'popup'] }, minutes: { type: 'integer' } }, required: ['method', 'minutes'] } },
  },
  required: ['use_default', 'overrides'],
};

export const EVENT_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', description: 'Event id (evt_12) or, for one occurrence of a series, <series id>_<YYYYMMDD> (evt_12_20260318).' },
    calendar_id: { type: 'string' },
    summary: { type: 'string' },
    description: { type: 'string' },
    location: { type: 'string' },
    start: { type: 'string', description: 'ISO-8601 with offset (list_events: in the requested zone; otherwise in the event\'s time_zone).' },
    end: { type: 'string' },
    time_zone: { type: 'string', description: 'The event\'s own zone: a series repeats at the same wall-clock time there.' },
    status: { type: 'string', enum: ['confirmed', 'tentative'] },
    transparency: { type: 'string', enum: ['opaque', 'transparent'] },
    organizer: { type: 'string' },
    creator: { type: 'string' },
    attendees: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          email: { type: 'string' },
          name: { type: 'string' },
          response_status: { type: 'string', enum: ['needsAction', 'accepted', 'declined', 'tentative'] },
          optional: { type: 'boolean' },
          organizer: { type: 'boolean' },
          resource: { type: 'boolean' },
          self: { type: 'boolean' },
          comment: { type: 'string' },
        },
        required: ['email', 'name', 'response_status', 'optional', 'organizer', 'resource', 'self'],
      },
    },
    reminders: REMINDERS_SCHEMA,
    allow_conflicts: { type: 'boolean' },
    recurrence: { type: 'array', items: { type: 'string' } },
    cancelled_occurrences: { type: 'array', items: { type: 'string' } },
    recurring_event_id: { type: 'string' },
    original_start_time: { type: 'string' },
    created: { type: 'string' },
    updated: { type: 'string' },
  },
  required: ['id', 'calendar_id', 'summary', 'start', 'end', 'time_zone', 'status', 'transparency', 'organizer', 'attendees', 'reminders'],
};

export const CALENDAR_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    summary: { type: 'string' },
    description: { type: 'string' },
    kind: { type: 'string', enum: ['primary', 'team', 'shared', 'resource'] },
    owner: { type: 'string' },
    owner_name: { type: 'string' },
    time_zone: { type: 'string' },
    access_role: { type: 'string', enum: ['owner', 'writer', 'reader', 'freeBusyReader'] },
    default_reminders: { type: 'array', items: { type: 'object', properties: { method: { type: 'string' }, minutes: { type: 'integer' } }, required: ['method', 'minutes'] } },
  },
  required: ['id', 'summary', 'kind', 'time_zone', 'access_role'],
};

export const DIRECTORY_ENTRY_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    email: { type: 'string', description: 'Also the id of the person\'s primary calendar or the room\'s calendar.' },
    name: { type: 'string' },
    kind: { type: 'string', enum: ['person', 'room'] },
    title: { type: 'string' },
    department: { type: 'string' },
    office: { type: 'string' },
    time_zone: { type: 'string' },
    working_hours: { type: 'object', properties: { days: { type: 'array', items: { type: 'string' } }, start: { type: 'string' }, end: { type: 'string' } } },
    capacity: { type: 'integer' },
    floor: { type: 'string' },
    features: { type: 'array', items: { type: 'string' } },
  },
  required: ['email', 'name', 'kind', 'office', 'time_zone'],
};

export const BUSY_SCHEMA: JsonSchema = {
  type: 'array',
  items: { type: 'object', properties: { start: { type: 'string' }, end: { type: 'string' } }, required: ['start', 'end'] },
};

export const ATTENDEE_CONFLICTS_SCHEMA: JsonSchema = {
  type: 'array',
  description: 'Attendees who are already busy at that time elsewhere (a warning; the change was made).',
  items: { type: 'object', properties: { email: { type: 'string' }, event_ids: { type: 'array', items: { type: 'string' } } }, required: ['email', 'event_ids'] },
};

/** Copies of reminders (a loop: map runs slowly on a frozen array). */
function reminderViews(reminders: readonly Reminder[]): Array<{ method: Reminder['method']; minutes: number }> {
  const views: Array<{ method: Reminder['method']; minutes: number }> = [];
  for (let i = 0; i < reminders.length; i++) views.push({ method: reminders[i].method, minutes: reminders[i].minutes });
  return views;
}

/**
 * An event as tools return it; `span` turns a series master into one of its occurrences, and
 * `zone` writes start and end in that zone instead of the event's own (as list_events does).
 */
export function eventView(state: CalendarState, event: CalendarEvent, span?: Span, zone?: string): Record<string, unknown> {
  const attendees: Array<Record<string, unknown>> = [];
  for (let i = 0; i < event.attendees.length; i++) {
    const attendee = event.attendees[i];
    const view: Record<string, unknown> = {
      email: attendee.email,
      name: directoryEntry(state, attendee.email)?.name ?? attendee.email,
      response_status: attendee.response_status,
      optional: attendee.optional,
      organizer: attendee.organizer,
      resource: attendee.resource,
      self: attendee.email === state.user,
    };
    if (attendee.comment !== undefined) view.comment = attendee.comment;
    attendees.push(view);
  }
  const view: Record<string, unknown> = {
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
    attendees,
    reminders: { use_default: event.reminders.use_default, overrides: reminderViews(event.reminders.overrides) },
    allow_conflicts: event.allow_conflicts,
    created: event.created,
    updated: event.updated,
  };
  if (span !== undefined && span.dateKey !== undefined) {
    view.id = span.id;
    view.start = formatInZone(span.startMs, zone ?? event.time_zone);
    view.end = formatInZone(span.endMs, zone ?? event.time_zone);
    view.recurring_event_id = event.id;
    view.original_start_time = view.start;
    return view;
  }
  if (zone !== undefined && zone !== event.time_zone) {
    view.start = formatInZone(parseInstant(event.start, event.time_zone), zone);
    view.end = formatInZone(parseInstant(event.end, event.time_zone), zone);
  }
  if (event.recurrence !== undefined) {
    view.recurrence = [...event.recurrence];
    view.cancelled_occurrences = [...(event.cancelled_occurrences ?? [])];
  }
  if (event.recurring_event_id !== undefined) {
    view.recurring_event_id = event.recurring_event_id;
    view.original_start_time = event.original_start_time;
  }
  return view;
}

export function calendarView(state: CalendarState, calendar: Calendar): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: calendar.id,
    summary: calendar.summary,
    description: calendar.description,
    kind: calendar.kind,
    time_zone: calendar.time_zone,
    access_role: calendar.access_role,
    default_reminders: calendar.default_reminders.map((r) => ({ method: r.method, minutes: r.minutes })),
  };
  if (calendar.owner !== undefined) {
    view.owner = calendar.owner;
    view.owner_name = state.people[calendar.owner]?.name ?? calendar.owner;
  }
  return view;
}

export function directoryView(entry: DirectoryEntry): Record<string, unknown> {
  const view: Record<string, unknown> = { email: entry.email, name: entry.name, kind: entry.kind, office: entry.office, time_zone: entry.time_zone };
  if (entry.title !== undefined) view.title = entry.title;
  if (entry.department !== undefined) view.department = entry.department;
  if (entry.working_hours !== undefined) view.working_hours = { days: [...entry.working_hours.days], start: entry.working_hours.start, end: entry.working_hours.end };
  if (entry.capacity !== undefined) view.capacity = entry.capacity;
  if (entry.floor !== undefined) view.floor = entry.floor;
  if (entry.features !== undefined) view.features = [...entry.features];
  return view;
}
