import { defineTool } from '../kit/Domain.js';
import { storedEvent } from './eventBuckets.js';
import type { AccessRole, CalendarEvent, CalendarKind, CalendarState, DirectoryEntry } from './CalendarState.js';
import { busySpans, canSeeDetails, eventsInWindow, eventsOn, findCalendar, findPerson, collectSpans, resolveEvent, ROLE_RANK, type Span, workingWindow } from './calendarModel.js';
import { BUSY_SCHEMA, CALENDAR_SCHEMA, calendarView, DIRECTORY_ENTRY_SCHEMA, directoryView, EVENT_SCHEMA, eventView } from './calendarViews.js';
import { type Ctx, must, EMAIL_LIST_SCHEMA, EVENT_ID_SCHEMA, TIME_MAX_SCHEMA, TIME_MIN_SCHEMA, TIME_ZONE_SCHEMA, windowArgs, zoneArg } from './toolSupport.js';
import { DAY, formatInZone, MINUTE, utcToLocal, weekdayOf } from './zonedTime.js';

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export const listCalendars = defineTool<CalendarState, { kind?: CalendarKind; min_access_role?: AccessRole; query?: string }>({
  name: 'list_calendars',
  description:
    'List the calendars on your calendar list: your primary calendar, colleagues\' calendars, team and shared calendars, and meeting-room calendars, each with your access role ' +
    '(owner, writer: you may create and change events; reader: you may see event details; freeBusyReader: you may only see when it is busy). ' +
    'Person and room calendars have the person\'s or room\'s email as id. Use it first to find a calendar_id.',
  input: {
    type: 'object',
    properties: {
      kind: { type: 'string', enum: ['primary', 'team', 'shared', 'resource'], description: 'Only calendars of this kind (primary = a person\'s own calendar, resource = a meeting room).' },
      min_access_role: { type: 'string', enum: ['freeBusyReader', 'reader', 'writer', 'owner'], description: 'Only calendars where your access is at least this (writer = calendars you can add events to).' },
      query: { type: 'string', maxLength: 100, description: 'Case-insensitive text matched against the calendar name, id and owner name.' },
    },
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: { calendars: { type: 'array', items: CALENDAR_SCHEMA }, count: { type: 'integer' } },
    required: ['calendars', 'count'],
  },
  annotations: { title: 'List calendars', ...READ },
  handler(args, ctx) {
    const state = ctx.state as CalendarState;
    const query = args.query?.trim().toLowerCase();
    const calendars: Record<string, unknown>[] = [];
    for (const id of Object.keys(state.calendars).sort()) {
      const calendar = state.calendars[id];
      if (args.kind !== undefined && calendar.kind !== args.kind) continue;
      if (args.min_access_role !== undefined && ROLE_RANK[calendar.access_role] < ROLE_RANK[args.min_access_role]) continue;
      if (query) {
        const owner = calendar.owner === undefined ? '' : (state.people[calendar.owner]?.name ?? '');
        if (!`${calendar.summary} ${calendar.id} ${owner}`.toLowerCase().includes(query)) continue;
      }
      calendars.push(calendarView(state, calendar));
    }
    return { calendars, count: calendars.length };
  },
});

export const getCalendar = defineTool<CalendarState, { calendar_id: string }>({
  name: 'get_calendar',
  description:
    'Get one calendar: name, description, kind, time zone, your access role, default reminders, and for a person\'s or room\'s calendar the owner\'s directory entry ' +
    '(working hours, or room capacity and equipment).',
  input: {
    type: 'object',
    properties: { calendar_id: { type: 'string', minLength: 1, maxLength: 120, description: 'Calendar id from list_calendars (a person\'s or room\'s email, or a team/shared calendar id).' } },
    required: ['calendar_id'],
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: { calendar: CALENDAR_SCHEMA, owner_details: DIRECTORY_ENTRY_SCHEMA, stored_event_count: { type: 'integer', description: 'Events organised on this calendar (a series counts once).' } },
    required: ['calendar', 'stored_event_count'],
  },
  annotations: { title: 'Get calendar', ...READ },
  handler(args, ctx) {
    const state = ctx.state as CalendarState;
    const calendar = must(ctx, findCalendar(state, args.calendar_id));
    let stored = 0;
    for (const event of eventsOn(state, calendar.id)) if (event.recurring_event_id === undefined) stored++;
    const result: Record<string, unknown> = { calendar: calendarView(state, calendar), stored_event_count: stored };
    if (calendar.owner !== undefined && state.people[calendar.owner] !== undefined) result.owner_details = directoryView(state.people[calendar.owner]);
    return result;
  },
});

export const searchCalendarDirectory = defineTool<CalendarState, { query?: string; kind?: 'person' | 'room'; office?: string; min_capacity?: number; max_results?: number }>({
  name: 'search_calendar_directory',
  description:
    'Search the organisation\'s directory of people and bookable meeting rooms by name, email, title, department or office. Returns emails (needed as attendees and for free/busy), ' +
    'time zones and working hours of people, and capacity, floor and equipment of rooms. Sorted by name.',
  input: {
    type: 'object',
    properties: {
      query: { type: 'string', maxLength: 100, description: 'Case-insensitive text matched against name, email, title, department, office and room features.' },
      kind: { type: 'string', enum: ['person', 'room'], description: 'Only people or only rooms.' },
      office: { type: 'string', maxLength: 60, description: 'Only entries in this office city, e.g. Berlin (case-insensitive).' },
      min_capacity: { type: 'integer', minimum: 1, maximum: 500, description: 'Only rooms with at least this many seats (implies kind room).' },
      max_results: { type: 'integer', minimum: 1, maximum: 100, default: 25, description: 'At most this many entries (default 25).' },
    },
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: { entries: { type: 'array', items: DIRECTORY_ENTRY_SCHEMA }, count: { type: 'integer' }, total_matches: { type: 'integer' } },
    required: ['entries', 'count', 'total_matches'],
  },
  annotations: { title: 'Search the directory', ...READ },
  handler(args, ctx) {
    const state = ctx.state as CalendarState;
    const query = args.query?.trim().toLowerCase();
    const office = args.office?.trim().toLowerCase();
    const words = query ? query.split(/\s+/) : [];
    const matches = Object.values(state.people)
      .filter((entry) => {
        if (args.kind !== undefined && entry.kind !== args.kind) return false;
        if (args.min_capacity !== undefined && (entry.kind !== 'room' || (entry.capacity ?? 0) < args.min_capacity)) return false;
        if (office && entry.office.toLowerCase() !== office) return false;
        if (query) {
          const text = directoryText(entry);
          for (const word of words) if (!text.includes(word)) return false;
        }
        return true;
      })
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.email < b.email ? -1 : 1));
    const entries = matches.slice(0, args.max_results ?? 25).map(directoryView);
    return { entries, count: entries.length, total_matches: matches.length };
  },
});

/** The lower-cased text a directory search looks in, per frozen entry (writes never replace directory entries). */
const directoryTexts = new WeakMap<DirectoryEntry, string>();

function directoryText(entry: DirectoryEntry): string {
  let text = directoryTexts.get(entry);
  if (text === undefined) {
    text = `${entry.name} ${entry.email} ${entry.title ?? ''} ${entry.department ?? ''} ${entry.office} ${(entry.features ?? []).join(' ')}`.toLowerCase();
    if (Object.isFrozen(entry)) directoryTexts.set(entry, text);
  }
  return text;
}

/** The lower-cased text a query searches, per frozen event (a write replaces only the events it changes). */
const searchTexts = new WeakMap<CalendarEvent, string>();

function searchText(event: CalendarEvent): string {
  let text = searchTexts.get(event);
  if (text === undefined) {
    text = `${event.summary}\n${event.description}\n${event.location}\n${event.organizer}`.toLowerCase();
    if (Object.isFrozen(event)) searchTexts.set(event, text);
  }
  return text;
}

function matchesQuery(state: CalendarState, event: CalendarEvent, query: string): boolean {
  if (searchText(event).includes(query)) return true;
  for (const attendee of event.attendees) {
    if (attendee.email.includes(query) || (state.people[attendee.email]?.name.toLowerCase().includes(query) ?? false)) return true;
  }
  return false;
}

export const listEvents = defineTool<CalendarState, { calendar_id: string; time_min?: string; time_max?: string; q?: string; single_events?: boolean; max_results?: number; page_token?: string; time_zone?: string }>({
  name: 'list_events',
  description:
    'List the events of one calendar in a time range, sorted by start. A person\'s or room\'s calendar also shows the meetings they are invited to. Recurring series are expanded ' +
    'into their occurrences (ids like evt_12_20260318) unless single_events is false. q filters by text in title, description, location, organizer and attendee names/emails. ' +
    'Needs reader access (freeBusyReader calendars: use query_free_busy). Times are ISO-8601 in the calendar\'s time zone unless time_zone is given. Returns next_page_token when more events match.',
  input: {
    type: 'object',
    properties: {
      calendar_id: { type: 'string', minLength: 1, maxLength: 120, description: 'Calendar id from list_calendars (e.g. your own email for your primary calendar).' },
      time_min: TIME_MIN_SCHEMA,
      time_max: TIME_MAX_SCHEMA,
      q: { type: 'string', maxLength: 100, description: 'Free-text filter (case-insensitive).' },
      single_events: { type: 'boolean', default: true, description: 'true (default): expand recurring series into occurrences; false: return each series once as its master event with its recurrence rule.' },
      max_results: { type: 'integer', minimum: 1, maximum: 250, default: 50, description: 'Page size (default 50).' },
      page_token: { type: 'string', maxLength: 20, description: 'next_page_token from the previous page of the same query.' },
      time_zone: { ...TIME_ZONE_SCHEMA, description: `Zone of the returned times and of time_min/time_max without offset (default: the calendar's). ${TIME_ZONE_SCHEMA.description as string}` },
    },
    required: ['calendar_id'],
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: {
      calendar_id: { type: 'string' },
      time_zone: { type: 'string' },
      time_min: { type: 'string' },
      time_max: { type: 'string' },
      events: { type: 'array', items: EVENT_SCHEMA },
      next_page_token: { type: 'string' },
    },
    required: ['calendar_id', 'time_zone', 'time_min', 'time_max', 'events'],
  },
  annotations: { title: 'List events', ...READ },
  handler(args, ctx) {
    const state = ctx.state as CalendarState;
    const calendar = must(ctx, findCalendar(state, args.calendar_id));
    if (ROLE_RANK[calendar.access_role] < ROLE_RANK.reader) {
      ctx.fail(`you have only free/busy access to ${calendar.id} ("${calendar.summary}"): event details are hidden; query_free_busy shows when it is busy`);
    }
    const zone = zoneArg(ctx, args.time_zone, calendar.time_zone);
    const { fromMs, toMs } = windowArgs(ctx, args.time_min, args.time_max, zone, 7, 366);
    const personal = calendar.kind === 'primary' || calendar.kind === 'resource';
    const query = args.q?.trim().toLowerCase();
    const expand = args.single_events ?? true;
    const found: Span[] = [];
    // Spans are sorted by start and (unique) id below, so the order events are met in does not matter.
    for (const event of eventsInWindow(state, calendar.id, personal, fromMs, toMs)) {
      if (query && !matchesQuery(state, event, query)) continue;
      if (expand) collectSpans(event, fromMs, toMs, found);
      else {
        const own: Span[] = [];
        collectSpans(event, fromMs, toMs, own);
        if (own.length > 0) found.push({ id: event.id, event, startMs: own[0].startMs, endMs: own[0].endMs });
      }
    }
    found.sort((a, b) => a.startMs - b.startMs || (a.id < b.id ? -1 : 1));
    let offset = 0;
    if (args.page_token !== undefined) {
      offset = /^\d{1,6}$/.test(args.page_token) ? Number(args.page_token) : -1;
      if (offset < 0 || offset > found.length) ctx.fail(`page_token "${args.page_token}" is not one this query returned; omit it to start from the first page`);
    }
    const size = args.max_results ?? 50;
    const page = found.slice(offset, offset + size);
    const result: Record<string, unknown> = {
      calendar_id: calendar.id,
      time_zone: zone,
      time_min: formatInZone(fromMs, zone),
      time_max: formatInZone(toMs, zone),
      events: page.map((span) => eventView(state, span.event, expand ? span : undefined, expand ? zone : undefined)),
    };
    if (offset + size < found.length) result.next_page_token = String(offset + size);
    return result;
  },
});

export const getEvent = defineTool<CalendarState, { event_id: string }>({
  name: 'get_event',
  description:
    'Get one event by id with all details: time, time zone, location, organizer, attendees and their responses, reminders. A series id (evt_12) returns the series with its recurrence ' +
    'rule and deleted occurrences; an occurrence id (evt_12_20260318) returns that single occurrence.',
  input: { type: 'object', properties: { event_id: EVENT_ID_SCHEMA }, required: ['event_id'], additionalProperties: false },
  output: { type: 'object', properties: { event: EVENT_SCHEMA }, required: ['event'] },
  annotations: { title: 'Get event', ...READ },
  handler(args, ctx) {
    const state = ctx.state as CalendarState;
    const ref = must(ctx, resolveEvent(state, args.event_id));
    const event = ref.kind === 'stored' ? ref.event : ref.master;
    if (!canSeeDetails(state, event)) {
      ctx.fail(`you have only free/busy access to ${event.calendar_id}, where ${args.event_id} is; its details are hidden. query_free_busy shows when that calendar is busy`);
    }
    if (ref.kind === 'stored') return { event: eventView(state, ref.event) };
    return { event: eventView(state, ref.master, { id: ref.id, event: ref.master, startMs: ref.startMs, endMs: ref.endMs, dateKey: ref.dateKey }) };
  },
});

export const listEventInstances = defineTool<CalendarState, { event_id: string; time_min?: string; time_max?: string; max_results?: number }>({
  name: 'list_event_instances',
  description:
    'List the occurrences of a recurring series in a time range (default: the next 90 days), including occurrences that were moved or edited, each with its own id ' +
    '(evt_12_20260318) that get_event, update_event, delete_event and respond_to_event accept. Deleted occurrences are left out.',
  input: {
    type: 'object',
    properties: {
      event_id: { type: 'string', minLength: 1, maxLength: 80, description: 'Id of the recurring series (its master event), e.g. evt_12.' },
      time_min: TIME_MIN_SCHEMA,
      time_max: { ...TIME_MAX_SCHEMA, description: 'End of the range, exclusive; same formats as time_min. Default: 90 days after time_min.' },
      max_results: { type: 'integer', minimum: 1, maximum: 250, default: 25, description: 'At most this many occurrences (default 25).' },
    },
    required: ['event_id'],
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: {
      recurring_event_id: { type: 'string' },
      summary: { type: 'string' },
      recurrence: { type: 'array', items: { type: 'string' } },
      time_zone: { type: 'string' },
      instances: { type: 'array', items: EVENT_SCHEMA },
      has_more: { type: 'boolean' },
    },
    required: ['recurring_event_id', 'summary', 'recurrence', 'time_zone', 'instances', 'has_more'],
  },
  annotations: { title: 'List occurrences of a series', ...READ },
  handler(args, ctx) {
    const state = ctx.state as CalendarState;
    const ref = must(ctx, resolveEvent(state, args.event_id));
    if (ref.kind === 'occurrence') return ctx.fail(`${args.event_id} is one occurrence; pass the series id ${ref.master.id} to list its occurrences`);
    const stored = ref.event;
    if (stored.recurring_event_id !== undefined) ctx.fail(`${stored.id} is one (edited) occurrence; pass the series id ${stored.recurring_event_id} to list its occurrences`);
    if (stored.recurrence === undefined) return ctx.fail(`${stored.id} ("${stored.summary}") is a single event, not a recurring series; get_event shows it`);
    if (!canSeeDetails(state, stored)) ctx.fail(`you have only free/busy access to ${stored.calendar_id}; the occurrences of ${stored.id} are hidden`);
    const { fromMs, toMs } = windowArgs(ctx, args.time_min, args.time_max, stored.time_zone, 90, 366);
    const spans: Span[] = [];
    collectSpans(stored, fromMs, toMs, spans);
    for (const dateKey of stored.modified_occurrences ?? []) {
      const modified = storedEvent(state.events, `${stored.id}_${dateKey}`);
      if (modified !== undefined) collectSpans(modified, fromMs, toMs, spans);
    }
    spans.sort((a, b) => a.startMs - b.startMs || (a.id < b.id ? -1 : 1));
    const limit = args.max_results ?? 25;
    return {
      recurring_event_id: stored.id,
      summary: stored.summary,
      recurrence: [...stored.recurrence],
      time_zone: stored.time_zone,
      instances: spans.slice(0, limit).map((span) => eventView(state, span.event, span)),
      has_more: spans.length > limit,
    };
  },
});

/** Merge sorted spans into disjoint busy blocks. */
function mergeBusy(spans: Span[]): Array<[number, number]> {
  const blocks: Array<[number, number]> = [];
  for (const span of spans) {
    const last = blocks[blocks.length - 1];
    if (last !== undefined && span.startMs <= last[1]) last[1] = Math.max(last[1], span.endMs);
    else blocks.push([span.startMs, span.endMs]);
  }
  return blocks;
}

/** A person, room or calendar whose free/busy can be asked for: its id and display name, or a failure. */
function freeBusySubject(ctx: Ctx, state: CalendarState, id: string): { id: string; name: string } {
  const key = id.trim().toLowerCase();
  const person = state.people[key];
  if (person !== undefined) return { id: key, name: person.name };
  const calendar = state.calendars[id];
  if (calendar !== undefined) return { id, name: calendar.summary };
  if (id.includes('@') && !id.includes('@group.')) ctx.fail(findPerson(state, id) as string);
  ctx.fail(findCalendar(state, id) as string);
}

export const queryFreeBusy = defineTool<CalendarState, { items: string[]; time_min: string; time_max: string; time_zone?: string }>({
  name: 'query_free_busy',
  description:
    'Free/busy query: for each person, room or calendar, the merged busy blocks in a time range (at most 62 days). A person is busy during events on their calendar and invitations ' +
    'they have not declined; transparent events (e.g. focus reminders, holidays) do not make a person busy, but a room they book is busy. Works for anyone in the directory, also where you cannot see event details. ' +
    'Times are given in time_zone (default UTC).',
  input: {
    type: 'object',
    properties: {
      items: EMAIL_LIST_SCHEMA('People or room emails, or calendar ids, to check (1 to 20).', 20),
      time_min: { ...TIME_MIN_SCHEMA, description: 'Start of the range, inclusive: ISO-8601 with offset, or a date (midnight in time_zone).' },
      time_max: { ...TIME_MAX_SCHEMA, description: 'End of the range, exclusive; same formats as time_min.' },
      time_zone: { ...TIME_ZONE_SCHEMA, description: `Zone for the returned times and for dates without offset (default UTC). ${TIME_ZONE_SCHEMA.description as string}` },
    },
    required: ['items', 'time_min', 'time_max'],
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: {
      time_min: { type: 'string' },
      time_max: { type: 'string' },
      time_zone: { type: 'string' },
      calendars: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, busy: BUSY_SCHEMA }, required: ['id', 'name', 'busy'] } },
    },
    required: ['time_min', 'time_max', 'time_zone', 'calendars'],
  },
  annotations: { title: 'Query free/busy', ...READ },
  handler(args, ctx) {
    const state = ctx.state as CalendarState;
    const zone = zoneArg(ctx, args.time_zone, 'UTC');
    const { fromMs, toMs } = windowArgs(ctx, args.time_min, args.time_max, zone, 7, 62);
    const subjects = [...new Map(args.items.map((item) => {
      const subject = freeBusySubject(ctx, state, item);
      return [subject.id, subject] as const;
    })).values()];
    const calendars = subjects.map((subject) => ({
      id: subject.id,
      name: subject.name,
      busy: mergeBusy(busySpans(state, subject.id, fromMs, toMs)).map(([start, end]) => ({
        start: formatInZone(Math.max(start, fromMs), zone),
        end: formatInZone(Math.min(end, toMs), zone),
      })),
    }));
    return { time_min: formatInZone(fromMs, zone), time_max: formatInZone(toMs, zone), time_zone: zone, calendars };
  },
});

/** Granularity of proposed slots: starts fall on quarter hours (UTC, hence local in every zone the table knows). */
const SLOT_STEP = 15 * MINUTE;

export const findFreeSlot = defineTool<CalendarState, { attendees: string[]; duration_minutes: number; time_min?: string; time_max?: string; working_hours_only?: boolean; max_results?: number; time_zone?: string }>({
  name: 'find_free_slot',
  description:
    'Find times when all the given people (and rooms) are free for a meeting of the given length, earliest first, on quarter-hour starts. By default a slot must also lie inside ' +
    'every person\'s working hours (in their own time zone). Searches from time_min (default now; never before now) to time_max (default 7 days later, at most 31 days). An empty list means no slot fits: ' +
    'widen the range, shorten the meeting, or drop someone.',
  input: {
    type: 'object',
    properties: {
      attendees: EMAIL_LIST_SCHEMA('Emails of the people and rooms who must all be free (1 to 20); include yourself if you attend.', 20),
      duration_minutes: { type: 'integer', minimum: 5, maximum: 480, description: 'Length of the meeting in minutes (5 to 480).' },
      time_min: TIME_MIN_SCHEMA,
      time_max: TIME_MAX_SCHEMA,
      working_hours_only: { type: 'boolean', default: true, description: 'Only slots inside every person\'s working hours (default true).' },
      max_results: { type: 'integer', minimum: 1, maximum: 20, default: 5, description: 'At most this many slots (default 5).' },
      time_zone: { ...TIME_ZONE_SCHEMA, description: `Zone for the returned times and for dates without offset (default: your own time zone). ${TIME_ZONE_SCHEMA.description as string}` },
    },
    required: ['attendees', 'duration_minutes'],
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: {
      slots: BUSY_SCHEMA,
      time_zone: { type: 'string' },
      searched_from: { type: 'string' },
      searched_to: { type: 'string' },
      attendees: { type: 'array', items: { type: 'string' } },
    },
    required: ['slots', 'time_zone', 'searched_from', 'searched_to', 'attendees'],
  },
  annotations: { title: 'Find a free slot', ...READ },
  handler(args, ctx) {
    const state = ctx.state as CalendarState;
    const zone = zoneArg(ctx, args.time_zone, state.people[state.user]?.time_zone ?? 'UTC');
    const window = windowArgs(ctx, args.time_min, args.time_max, zone, 7, 31);
    const nowMs = Date.parse(ctx.now);
    if (window.toMs <= nowMs) ctx.fail(`the range ends at ${formatInZone(window.toMs, zone)}, before now (${formatInZone(nowMs, zone)}); free slots can only be found in the future`);
    const fromMs = Math.max(window.fromMs, nowMs);
    const toMs = window.toMs;
    const duration = args.duration_minutes * MINUTE;
    if (duration > toMs - fromMs) ctx.fail(`a ${args.duration_minutes}-minute meeting does not fit between ${formatInZone(fromMs, zone)} and ${formatInZone(toMs, zone)}; widen the range`);
    const emails: string[] = [];
    for (const raw of args.attendees) {
      const entry = must(ctx, findPerson(state, raw.trim()));
      if (!emails.includes(entry.email)) emails.push(entry.email);
    }
    const blocks = mergeBusy(emails.flatMap((email) => busySpans(state, email, fromMs, toMs)).sort((a, b) => a.startMs - b.startMs));
    const windows = (args.working_hours_only ?? true)
      ? emails.flatMap((email) => {
          const window = workingWindow(state.people[email]);
          return window === undefined ? [] : [{ zone: state.people[email].time_zone, ...window }];
        })
      : [];
    const insideWorkingHours = (start: number, end: number): boolean => {
      for (const window of windows) {
        const localStart = utcToLocal(window.zone, start);
        const day = Math.floor(localStart / DAY);
        if (!window.days.has(weekdayOf(day))) return false;
        const startMinute = (localStart - day * DAY) / MINUTE;
        const endMinute = startMinute + (end - start) / MINUTE;
        if (startMinute < window.startMinute || endMinute > window.endMinute) return false;
      }
      return true;
    };
    const slots: Array<{ start: string; end: string }> = [];
    const limit = args.max_results ?? 5;
    let block = 0;
    for (let start = Math.ceil(fromMs / SLOT_STEP) * SLOT_STEP; start + duration <= toMs && slots.length < limit; start += SLOT_STEP) {
      const end = start + duration;
      while (block < blocks.length && blocks[block][1] <= start) block++;
      if (block < blocks.length && blocks[block][0] < end) {
        start = Math.ceil(blocks[block][1] / SLOT_STEP) * SLOT_STEP - SLOT_STEP;
        continue;
      }
      if (insideWorkingHours(start, end)) {
        slots.push({ start: formatInZone(start, zone), end: formatInZone(end, zone) });
        start = end - SLOT_STEP;
      }
    }
    return { slots, time_zone: zone, searched_from: formatInZone(fromMs, zone), searched_to: formatInZone(toMs, zone), attendees: emails };
  },
});
