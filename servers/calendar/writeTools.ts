import type { JsonSchema } from '../../core/index.js';
import { defineTool } from '../kit/Domain.js';
import { isStored, storedEvent } from './eventBuckets.js';
import type { Attendee, Calendar, CalendarEvent, CalendarState, DirectoryEntry, Reminder, Reminders, ResponseStatus } from './CalendarState.js';
import {
  canSeeDetails,
  calendarEntry,
  checkPlacement,
  directoryEntry,
  clockMs,
  endMs,
  type EventRef,
  findCalendar,
  findPerson,
  findPersonByText,
  freeRooms,
  headcount,
  knownTiming,
  sameTiming,
  MAX_EVENT_DAYS,
  resolveEvent,
  ROLE_RANK,
  seriesShape,
  type SelfIds,
  spansToHorizon,
  startMs,
  writeProblem,
  canWrite,
} from './calendarModel.js';
import { ATTENDEE_CONFLICTS_SCHEMA, EVENT_SCHEMA, eventView } from './calendarViews.js';
import { attendeeIndex, attendeeWith, copyEvent, copyList, freezeEvent, freezeNewEvent, withoutAttendee, writeEvents } from './eventWrites.js';
import { parseQuickAdd } from './quickAdd.js';
import { forEachOccurrence, parseRecurrence, SUPPORTED_RULE_PARTS } from './recurrence.js';
import { type Ctx, must, EMAIL_LIST_SCHEMA, EVENT_ID_SCHEMA, instantArg, TIME_ZONE_SCHEMA, zoneArg } from './toolSupport.js';
import { DAY, formatInZone, localToUtc, utcToLocal } from './zonedTime.js';

const REMINDERS_INPUT: JsonSchema = {
  type: 'object',
  description: 'Reminders for the event: the calendar\'s defaults (default) or custom overrides.',
  properties: {
    use_default: { type: 'boolean', description: 'true: use the calendar\'s default reminders (then overrides must be empty).' },
    overrides: {
      type: 'array',
      maxItems: 5,
      description: 'Custom reminders (at most 5).',
      items: {
        type: 'object',
        properties: {
          method: { type: 'string', enum: ['email', 'popup'], description: 'How to remind.' },
          minutes: { type: 'integer', minimum: 0, maximum: 40320, description: 'Minutes before the start (0 to 40320 = 4 weeks).' },
        },
        required: ['method', 'minutes'],
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
};

const START_SCHEMA: JsonSchema = {
  type: 'string',
  minLength: 10,
  maxLength: 40,
  description: 'Start, ISO-8601: with offset (2026-03-18T10:00:00+01:00 or …Z), or without (2026-03-18T10:00, read in time_zone).',
};
const END_SCHEMA: JsonSchema = { ...START_SCHEMA, description: 'End, same formats as start; must be after start (at most 14 days later).' };
const RECURRENCE_SCHEMA: JsonSchema = {
  type: 'string',
  maxLength: 200,
  description: `Repeat rule, one RRULE line, e.g. RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10 or RRULE:FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20261231. Supported: ${SUPPORTED_RULE_PARTS}. The start must be the first occurrence.`,
};
const ALLOW_CONFLICTS_SCHEMA: JsonSchema = {
  type: 'boolean',
  description: 'Keep the event even if it overlaps other events of the same calendar (default false: an overlap is rejected with the conflicting ids). Rooms are never double-booked.',
};

const WRITE = { readOnlyHint: false, destructiveHint: false, openWorldHint: false } as const;

const EVENT_RESULT: JsonSchema = {
  type: 'object',
  properties: { event: EVENT_SCHEMA, attendee_conflicts: ATTENDEE_CONFLICTS_SCHEMA },
  required: ['event', 'attendee_conflicts'],
};

/** A change of an occurrence that was not stored yet: the series records its date as modified. */
interface Materialized {
  master: CalendarEvent;
  dateKey: string;
}

/**
 * The stored event a change applies to, as a copy updated now: the event itself, or a plain
 * occurrence turned into its own (modified) event.
 */
function editable(ref: EventRef, now: string): { candidate: CalendarEvent; materialized?: Materialized } {
  if (ref.kind === 'stored') {
    const candidate = copyEvent(ref.event);
    candidate.updated = now;
    return { candidate };
  }
  const master = ref.master;
  const start = formatInZone(ref.startMs, master.time_zone);
  const candidate: CalendarEvent = {
    id: ref.id,
    calendar_id: master.calendar_id,
    summary: master.summary,
    description: master.description,
    location: master.location,
    start,
    end: formatInZone(ref.endMs, master.time_zone),
    time_zone: master.time_zone,
    status: master.status,
    transparency: master.transparency,
    organizer: master.organizer,
    creator: master.creator,
    attendees: master.attendees,
    reminders: master.reminders,
    allow_conflicts: master.allow_conflicts,
    created: master.created,
    updated: now,
    recurring_event_id: master.id,
    original_start_time: start,
  };
  return { candidate, materialized: { master, dateKey: ref.dateKey } };
}

/** Store a changed event (and record a newly modified occurrence on its series). */
function store(ctx: Ctx, state: CalendarState, candidate: CalendarEvent, materialized?: Materialized, others?: CalendarEvent[]): void {
  if (materialized === undefined) return writeEvents(ctx, state, others === undefined ? [candidate] : [candidate, ...others]);
  const master = copyEvent(materialized.master);
  master.modified_occurrences = [...(master.modified_occurrences ?? []), materialized.dateKey];
  writeEvents(ctx, state, others === undefined ? [candidate, master] : [candidate, master, ...others]);
}

/** Freezes a changed copy of `ref`'s event and tells the scans its times, known from `ref`. */
function settleCandidate(candidate: CalendarEvent, ref: EventRef): CalendarEvent {
  freezeEvent(candidate);
  if (ref.kind === 'stored') sameTiming(candidate, ref.event);
  else knownTiming(candidate, ref.startMs, ref.endMs);
  return candidate;
}

/** checkPlacement's `warnFor` when a tool answers no attendee warnings. */
const NO_ONE: readonly string[] = [];

/** The stored event a change's candidate replaces (its id's): the event itself, none (null) for an occurrence not stored yet. */
function storedSelfOf(ref: EventRef): CalendarEvent | null {
  return ref.kind === 'stored' ? ref.event : null;
}

function selfOf(candidate: CalendarEvent): SelfIds {
  return [candidate.id];
}

function resolveOrFail(ctx: Ctx, state: CalendarState, id: string): EventRef {
  const ref = must(ctx, resolveEvent(state, id));
  return ref;
}

function ownerEvent(ref: EventRef): CalendarEvent {
  return ref.kind === 'stored' ? ref.event : ref.master;
}

function requireWrite(ctx: Ctx, state: CalendarState, event: CalendarEvent, action: string): void {
  const problem = writeProblem(state, event.calendar_id, action);
  if (problem === undefined) return;
  const invited = attendeeIndex(event.attendees, state.user) >= 0;
  ctx.fail(invited ? `${problem}. You are invited to ${event.id}: respond_to_event answers the invitation` : problem);
}

/** The organiser of events on a calendar: its owner for a person's calendar, the signed-in user otherwise. */
function organizerOf(state: CalendarState, calendar: Calendar): string {
  return calendar.kind === 'primary' && calendar.owner !== undefined ? calendar.owner : state.user;
}

/**
 * New attendees, frozen, by email: the four forms (optional or not, organizer or not) of the entry
 * the email was found by. An attendee is never mutated (tools replace it), so events share one
 * frozen object per form instead of making and freezing one per invitation (~50 ns each).
 */
interface AttendeeForms {
  email: string;
  entry: DirectoryEntry;
  forms: Array<Attendee | undefined>;
}
const attendeeForms = new Map<string, AttendeeForms>();
/** Bound on the emails remembered (directories are small; a new world's entries replace the old). */
const MAX_ATTENDEE_FORMS = 10_000;
/** The forms used last, found by identity before the Map (a write invites the same few people again and again). */
const recentForms: Array<AttendeeForms | undefined> = [undefined, undefined, undefined, undefined];
let nextRecentForm = 0;

function recentFormsOf(email: string, entry: DirectoryEntry): AttendeeForms | undefined {
  for (let i = 0; i < 4; i++) {
    const known = recentForms[i];
    if (known !== undefined && known.entry === entry && known.email === email) return known;
  }
  return undefined;
}

/** A new attendee `email`, whose directory entry the caller has looked up already (frozen, shared). */
function newAttendee(email: string, entry: DirectoryEntry, optional: boolean, organizer: string): Attendee {
  let known = recentFormsOf(email, entry);
  if (known === undefined) {
    known = attendeeForms.get(email);
    if (known === undefined || known.entry !== entry) {
      if (attendeeForms.size >= MAX_ATTENDEE_FORMS) attendeeForms.clear();
      known = { email, entry, forms: [undefined, undefined, undefined, undefined] };
      attendeeForms.set(email, known);
    }
    recentForms[nextRecentForm] = known;
    nextRecentForm = (nextRecentForm + 1) & 3;
  }
  const isOrganizer = email === organizer;
  const form = (optional ? 1 : 0) | (isOrganizer ? 2 : 0);
  let attendee = known.forms[form];
  if (attendee === undefined) {
    const room = entry.kind === 'room';
    attendee = Object.freeze({ email, response_status: room || isOrganizer ? 'accepted' : 'needsAction', optional: room ? false : optional, organizer: isOrganizer, resource: room });
    known.forms[form] = attendee;
  }
  return attendee;
}

/**
 * Add people and rooms by email (failing on unknown ones); collects the emails added into `added`
 * and those already there into `already`, when given (create_event needs neither).
 */
function addAttendees(ctx: Ctx, state: CalendarState, event: CalendarEvent, emails: readonly string[], optional: boolean, added?: string[], already?: string[]): void {
  for (let e = 0; e < emails.length; e++) {
    const entry = must(ctx, findPersonByText(state, emails[e]));
    if (attendeeIndex(event.attendees, entry.email) >= 0) {
      if (already !== undefined && !added!.includes(entry.email)) already.push(entry.email);
      continue;
    }
    event.attendees.push(newAttendee(entry.email, entry, optional, event.organizer));
    added?.push(entry.email);
  }
  if (event.attendees.length === 0) return;
  const organizer = directoryEntry(state, event.organizer);
  if (organizer?.kind === 'person' && attendeeIndex(event.attendees, event.organizer) < 0) event.attendees.unshift(newAttendee(event.organizer, organizer, false, event.organizer));
}

/** Rooms must seat everyone invited. */
function checkCapacity(ctx: Ctx, state: CalendarState, event: CalendarEvent): void {
  const people = headcount(event.attendees);
  for (let a = 0; a < event.attendees.length; a++) {
    const attendee = event.attendees[a];
    if (!attendee.resource) continue;
    const room = directoryEntry(state, attendee.email)!;
    if ((room.capacity ?? 0) < people) {
      const spans = spansToHorizon(event, clockMs(ctx.now));
      const alternatives = freeRooms(state, spans, people, selfOf(event)).slice(0, 4);
      ctx.fail(
        `room ${room.email} (${room.name}) seats ${room.capacity} but ${event.id} has ${people} people attending; ` +
          `free rooms with at least ${people} seats at that time: ${alternatives.join(', ') || '(none)'}`,
      );
    }
  }
}

/** A series must have a valid rule whose first occurrence is its start. */
function checkSeries(ctx: Ctx, event: CalendarEvent): void {
  if (event.recurrence === undefined) return;
  const rule = must(ctx, parseRecurrence(event.recurrence[0]));
  event.recurrence = [rule.text];
  const shape = seriesShape(event)!;
  let first: number | undefined;
  forEachOccurrence(shape, (occurrence) => {
    first = occurrence.startMs;
    return false;
  });
  if (first === undefined) ctx.fail(`${rule.text} produces no occurrence on or after ${event.start}; check UNTIL, BYDAY and BYMONTHDAY`);
  if (first !== shape.startMs) {
    ctx.fail(`a series starts on its first occurrence, but ${event.start} does not match ${rule.text}; the first occurrence after it is ${formatInZone(first, event.time_zone)}: use that as start (and end accordingly)`);
  }
}

/** Start and end in order and not longer than the limit. */
function checkTimes(ctx: Ctx, start: number, end: number, zone: string): void {
  if (end <= start) ctx.fail(`end ${formatInZone(end, zone)} must be after start ${formatInZone(start, zone)}`);
  if (end - start > MAX_EVENT_DAYS * DAY) ctx.fail(`an event may last at most ${MAX_EVENT_DAYS} days; ${formatInZone(start, zone)} to ${formatInZone(end, zone)} is longer`);
}

interface NewEventFields {
  summary: string;
  start: number;
  end: number;
  time_zone: string;
  description?: string;
  location?: string;
  attendees?: string[];
  optional_attendees?: string[];
  recurrence?: string;
  transparency?: 'opaque' | 'transparent';
  status?: 'confirmed' | 'tentative';
  reminders?: { use_default?: boolean; overrides?: Reminder[] };
  allow_conflicts?: boolean;
}

/** The reminders of an event created without any: one frozen object shared by all (never mutated, only replaced). */
const DEFAULT_REMINDERS: Reminders = Object.freeze({ use_default: true, overrides: Object.freeze([]) as unknown as Reminder[] });

function remindersFrom(ctx: Ctx, input: { use_default?: boolean; overrides?: Reminder[] } | undefined): Reminders {
  if (input === undefined) return DEFAULT_REMINDERS;
  const overrides: Reminder[] = [];
  for (const reminder of input.overrides ?? []) {
    if (!overrides.some((r) => r.method === reminder.method && r.minutes === reminder.minutes)) overrides.push({ method: reminder.method, minutes: reminder.minutes });
  }
  if (input.use_default === true && overrides.length > 0) ctx.fail('reminders: use_default true means the calendar\'s default reminders; give either use_default: true or overrides, not both');
  return { use_default: input.use_default ?? overrides.length === 0, overrides };
}

/** Create an event on a calendar: the shared path of create_event and quick_add_event. */
function createEvent(ctx: Ctx, calendar: Calendar, fields: NewEventFields): { event: Record<string, unknown>; attendee_conflicts: Array<{ email: string; event_ids: string[] }> } {
  const state = ctx.base;
  // `calendar`: the caller's lookup in this state (canWrite would look it up again).
  if (calendar.kind === 'resource' || ROLE_RANK[calendar.access_role] < ROLE_RANK.writer) ctx.fail(writeProblem(state, calendar.id, 'create events there')!);
  checkTimes(ctx, fields.start, fields.end, fields.time_zone);
  const organizer = organizerOf(state, calendar);
  const event: CalendarEvent = {
    id: ctx.nextId('evt'),
    calendar_id: calendar.id,
    summary: fields.summary,
    description: fields.description ?? '',
    location: fields.location ?? '',
    start: formatInZone(fields.start, fields.time_zone),
    end: formatInZone(fields.end, fields.time_zone),
    time_zone: fields.time_zone,
    status: fields.status ?? 'confirmed',
    transparency: fields.transparency ?? 'opaque',
    organizer,
    creator: state.user,
    attendees: [],
    reminders: remindersFrom(ctx, fields.reminders),
    allow_conflicts: fields.allow_conflicts ?? false,
    created: ctx.now,
    updated: ctx.now,
  };
  while (isStored(state.events, event.id)) event.id = ctx.nextId('evt');
  // Without emails addAttendees changes nothing (an empty list gets no organizer; a filled one has it).
  if (fields.attendees !== undefined) addAttendees(ctx, state, event, fields.attendees, false);
  if (fields.optional_attendees !== undefined) addAttendees(ctx, state, event, fields.optional_attendees, true);
  if (fields.recurrence !== undefined) {
    event.recurrence = [fields.recurrence];
    event.cancelled_occurrences = [];
    event.modified_occurrences = [];
    checkSeries(ctx, event);
  }
  // Frozen from here on: the checks read its times once, and it goes into the state as it is.
  freezeNewEvent(event);
  knownTiming(event, fields.start, fields.end);
  checkCapacity(ctx, state, event);
  // A new id: not stored (see the loop above).
  const attendeeConflicts = checkPlacement(state, event, selfOf(event), clockMs(ctx.now), ctx.fail, null);
  store(ctx, state, event);
  return { event: eventView(state, event), attendee_conflicts: attendeeConflicts };
}

type CreateArgs = {
  calendar_id: string;
  summary: string;
  start: string;
  end: string;
  time_zone?: string;
  description?: string;
  location?: string;
  attendees?: string[];
  optional_attendees?: string[];
  recurrence?: string;
  transparency?: 'opaque' | 'transparent';
  status?: 'confirmed' | 'tentative';
  reminders?: { use_default?: boolean; overrides?: Reminder[] };
  allow_conflicts?: boolean;
};

export const createEventTool = defineTool<CalendarState, CreateArgs>({
  name: 'create_event',
  description:
    'Create an event on a calendar you can write to (writer or owner), optionally recurring (RRULE) and with attendees: people by email are invited (response needsAction), ' +
    'rooms by email are booked. An overlap with another event of the same calendar is rejected with the conflicting ids unless allow_conflicts is true; a booked or too small room ' +
    'is always rejected. Attendees busy elsewhere are reported in attendee_conflicts. Returns the event with its new id.',
  input: {
    type: 'object',
    properties: {
      calendar_id: { type: 'string', minLength: 1, maxLength: 120, description: 'Calendar to create the event on (list_calendars with min_access_role writer lists them; your primary calendar is your email).' },
      summary: { type: 'string', minLength: 1, maxLength: 200, description: 'Title.' },
      start: START_SCHEMA,
      end: END_SCHEMA,
      time_zone: { ...TIME_ZONE_SCHEMA, description: `Time zone of the event (default: the calendar's). ${TIME_ZONE_SCHEMA.description as string}` },
      description: { type: 'string', maxLength: 2000, description: 'Notes, agenda.' },
      location: { type: 'string', maxLength: 200, description: 'Free-text place or video link; to book a room add its email to attendees.' },
      attendees: EMAIL_LIST_SCHEMA('Emails of people to invite and rooms to book (search_calendar_directory finds them).', 50),
      optional_attendees: EMAIL_LIST_SCHEMA('Emails of people invited as optional.', 50),
      recurrence: RECURRENCE_SCHEMA,
      transparency: { type: 'string', enum: ['opaque', 'transparent'], description: 'opaque (default): blocks time; transparent: shows as free (does not conflict).' },
      status: { type: 'string', enum: ['confirmed', 'tentative'], description: 'Default confirmed.' },
      reminders: REMINDERS_INPUT,
      allow_conflicts: ALLOW_CONFLICTS_SCHEMA,
    },
    required: ['calendar_id', 'summary', 'start', 'end'],
    additionalProperties: false,
  },
  output: EVENT_RESULT,
  annotations: { title: 'Create event', ...WRITE, idempotentHint: false },
  handler(args, ctx) {
    const state = ctx.base;
    const calendar = must(ctx, findCalendar(state, args.calendar_id));
    const zone = zoneArg(ctx, args.time_zone, calendar.time_zone);
    // Field by field: a spread of the arguments object costs microseconds (ajv leaves it slow to copy).
    return createEvent(ctx, calendar, {
      summary: args.summary.trim() || args.summary,
      start: instantArg(ctx, 'start', args.start, zone),
      end: instantArg(ctx, 'end', args.end, zone),
      time_zone: zone,
      description: args.description,
      location: args.location,
      attendees: args.attendees,
      optional_attendees: args.optional_attendees,
      recurrence: args.recurrence,
      transparency: args.transparency,
      status: args.status,
      reminders: args.reminders,
      allow_conflicts: args.allow_conflicts,
    });
  },
});

export const quickAddEvent = defineTool<CalendarState, { calendar_id: string; text: string; allow_conflicts?: boolean }>({
  name: 'quick_add_event',
  description:
    'Create an event from a short sentence, like Google Calendar\'s quick add: "<title> [at <location>] <day> <time>[-<time>] [for <n> minutes|hours]". Day: today, tomorrow, a weekday ' +
    '(the next one after today), 2026-03-20, March 20 or 20 March; without a day, the next time that clock time comes. Time: 3pm, 15:00, 10:30am, noon, or a range 10-11am / 14:00-15:30. ' +
    'Default length 60 minutes. Times are read in the calendar\'s time zone. Same conflict rules as create_event. Returns the event and how the text was read.',
  input: {
    type: 'object',
    properties: {
      calendar_id: { type: 'string', minLength: 1, maxLength: 120, description: 'Calendar to add the event to (you need writer access).' },
      text: { type: 'string', minLength: 3, maxLength: 300, description: 'The sentence, e.g. "Lunch with Ana at Cafe Einstein tomorrow 12:30-13:30".' },
      allow_conflicts: ALLOW_CONFLICTS_SCHEMA,
    },
    required: ['calendar_id', 'text'],
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: {
      event: EVENT_SCHEMA,
      attendee_conflicts: ATTENDEE_CONFLICTS_SCHEMA,
      parsed: { type: 'object', properties: { summary: { type: 'string' }, location: { type: 'string' }, start: { type: 'string' }, end: { type: 'string' } }, required: ['summary', 'location', 'start', 'end'] },
    },
    required: ['event', 'attendee_conflicts', 'parsed'],
  },
  annotations: { title: 'Quick add event', ...WRITE, idempotentHint: false },
  handler(args, ctx) {
    const state = ctx.base;
    const calendar = must(ctx, findCalendar(state, args.calendar_id));
    const zone = calendar.time_zone;
    const nowWall = utcToLocal(zone, clockMs(ctx.now));
    const parsed = must(ctx, parseQuickAdd(args.text, Math.floor(nowWall / DAY) * DAY, nowWall), (problem) => `could not read "${args.text}": ${problem}`);
    const start = localToUtc(zone, parsed.startWall);
    const end = localToUtc(zone, parsed.endWall);
    const created = createEvent(ctx, calendar, { summary: parsed.summary, location: parsed.location, start, end, time_zone: zone, allow_conflicts: args.allow_conflicts });
    // The event's start and end are those instants formatted in the same zone.
    const { event, attendee_conflicts } = created;
    return { event, attendee_conflicts, parsed: { summary: parsed.summary, location: parsed.location, start: event.start as string, end: event.end as string } };
  },
});

type UpdateArgs = {
  event_id: string;
  summary?: string;
  description?: string;
  location?: string;
  start?: string;
  end?: string;
  time_zone?: string;
  status?: 'confirmed' | 'tentative';
  transparency?: 'opaque' | 'transparent';
  recurrence?: string;
  allow_conflicts?: boolean;
};

const UPDATABLE = ['summary', 'description', 'location', 'start', 'end', 'time_zone', 'status', 'transparency', 'recurrence', 'allow_conflicts'] as const;

export const updateEvent = defineTool<CalendarState, UpdateArgs>({
  name: 'update_event',
  description:
    'Change an event (patch: only the fields given change). A series id changes the whole series; an occurrence id (evt_12_20260318) changes only that occurrence. ' +
    'Moving start alone keeps the duration. The new time must not overlap other events of the calendar (unless allow_conflicts) and its rooms must be free. ' +
    'Needs writer access to the event\'s calendar. Attendees: add_event_attendees / remove_event_attendee; reminders: set_event_reminders.',
  input: {
    type: 'object',
    properties: {
      event_id: EVENT_ID_SCHEMA,
      summary: { type: 'string', minLength: 1, maxLength: 200, description: 'New title.' },
      description: { type: 'string', maxLength: 2000, description: 'New notes.' },
      location: { type: 'string', maxLength: 200, description: 'New location text.' },
      start: START_SCHEMA,
      end: END_SCHEMA,
      time_zone: { ...TIME_ZONE_SCHEMA, description: `New time zone (times without offset are read in it). ${TIME_ZONE_SCHEMA.description as string}` },
      status: { type: 'string', enum: ['confirmed', 'tentative'], description: 'New status.' },
      transparency: { type: 'string', enum: ['opaque', 'transparent'], description: 'opaque blocks time, transparent does not.' },
      recurrence: { ...RECURRENCE_SCHEMA, description: `New repeat rule for a single event or a whole series (not for one occurrence). ${RECURRENCE_SCHEMA.description as string}` },
      allow_conflicts: ALLOW_CONFLICTS_SCHEMA,
    },
    required: ['event_id'],
    additionalProperties: false,
  },
  output: EVENT_RESULT,
  annotations: { title: 'Update event', ...WRITE, idempotentHint: true },
  handler(args, ctx) {
    const state = ctx.base;
    const ref = resolveOrFail(ctx, state, args.event_id);
    if (!canWrite(state, ownerEvent(ref).calendar_id)) requireWrite(ctx, state, ownerEvent(ref), `change ${args.event_id}`);
    // Field by field: a keyed read of the arguments per name in a loop costs ~20 ns each.
    const changes =
      args.summary !== undefined || args.description !== undefined || args.location !== undefined || args.start !== undefined || args.end !== undefined ||
      args.time_zone !== undefined || args.status !== undefined || args.transparency !== undefined || args.recurrence !== undefined || args.allow_conflicts !== undefined;
    if (!changes) ctx.fail(`nothing to change: give at least one of ${UPDATABLE.join(', ')}`);
    const { candidate, materialized } = editable(ref, ctx.now);
    if (args.recurrence !== undefined && candidate.recurring_event_id !== undefined) {
      ctx.fail(`${candidate.id} is one occurrence of the series ${candidate.recurring_event_id}; change the rule on the series id ${candidate.recurring_event_id}`);
    }
    if (args.summary !== undefined) candidate.summary = args.summary;
    if (args.description !== undefined) candidate.description = args.description;
    if (args.location !== undefined) candidate.location = args.location;
    if (args.status !== undefined) candidate.status = args.status;
    if (args.transparency !== undefined) candidate.transparency = args.transparency;
    if (args.allow_conflicts !== undefined) candidate.allow_conflicts = args.allow_conflicts;
    const zone = zoneArg(ctx, args.time_zone, candidate.time_zone);
    // A stored event's times are those of the candidate (same text, same zone), already parsed.
    const timed = ref.kind === 'stored' ? ref.event : candidate;
    const oldStart = startMs(timed);
    const oldEnd = endMs(timed);
    const start = args.start === undefined ? oldStart : instantArg(ctx, 'start', args.start, zone);
    const end = args.end === undefined ? (args.start === undefined ? oldEnd : start + (oldEnd - oldStart)) : instantArg(ctx, 'end', args.end, zone);
    checkTimes(ctx, start, end, zone);
    candidate.time_zone = zone;
    candidate.start = formatInZone(start, zone);
    candidate.end = formatInZone(end, zone);
    if (args.recurrence !== undefined) {
      candidate.recurrence = [args.recurrence];
      candidate.cancelled_occurrences ??= [];
      candidate.modified_occurrences ??= [];
    }
    checkSeries(ctx, candidate);
    freezeEvent(candidate);
    knownTiming(candidate, start, end);
    checkCapacity(ctx, state, candidate);
    const attendeeConflicts = checkPlacement(state, candidate, selfOf(candidate), clockMs(ctx.now), ctx.fail, storedSelfOf(ref));
    store(ctx, state, candidate, materialized);
    return { event: eventView(state, candidate), attendee_conflicts: attendeeConflicts };
  },
});

export const deleteEvent = defineTool<CalendarState, { event_id: string }>({
  name: 'delete_event',
  description:
    'Delete an event. A series id (evt_12) deletes the whole series with all its occurrences; an occurrence id (evt_12_20260318) deletes only that occurrence and keeps the rest of the series. ' +
    'Needs writer access to the event\'s calendar (an invitee who cannot attend should decline with respond_to_event instead).',
  input: { type: 'object', properties: { event_id: EVENT_ID_SCHEMA }, required: ['event_id'], additionalProperties: false },
  output: {
    type: 'object',
    properties: {
      deleted: { type: 'string' },
      scope: { type: 'string', enum: ['event', 'series', 'occurrence'] },
      removed_event_ids: { type: 'array', items: { type: 'string' }, description: 'Stored events removed (the series and its edited occurrences).' },
    },
    required: ['deleted', 'scope', 'removed_event_ids'],
  },
  annotations: { title: 'Delete event', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const state = ctx.base;
    const ref = resolveOrFail(ctx, state, args.event_id);
    if (!canWrite(state, ownerEvent(ref).calendar_id)) requireWrite(ctx, state, ownerEvent(ref), `delete ${args.event_id}`);
    if (ref.kind === 'occurrence') {
      const master = copyEvent(ref.master);
      master.cancelled_occurrences = [...(master.cancelled_occurrences ?? []), ref.dateKey];
      writeEvents(ctx, state, [master]);
      return { deleted: ref.id, scope: 'occurrence', removed_event_ids: [] };
    }
    const event = ref.event;
    if (event.recurring_event_id !== undefined) {
      const stored = storedEvent(state.events, event.recurring_event_id);
      const dateKey = event.id.slice(event.recurring_event_id.length + 1);
      if (stored === undefined) writeEvents(ctx, state, [], [event.id]);
      else {
        const master = copyEvent(stored);
        const kept: string[] = [];
        for (const key of master.modified_occurrences ?? []) if (key !== dateKey) kept.push(key);
        master.modified_occurrences = kept;
        master.cancelled_occurrences = [...(master.cancelled_occurrences ?? []), dateKey];
        writeEvents(ctx, state, [master], [event.id]);
      }
      return { deleted: event.id, scope: 'occurrence', removed_event_ids: [event.id] };
    }
    const removed = [event.id];
    for (const dateKey of event.modified_occurrences ?? []) {
      const id = `${event.id}_${dateKey}`;
      if (isStored(state.events, id) && !removed.includes(id)) removed.push(id);
    }
    writeEvents(ctx, state, [], removed);
    return { deleted: event.id, scope: event.recurrence === undefined ? 'event' : 'series', removed_event_ids: removed };
  },
});

export const moveEvent = defineTool<CalendarState, { event_id: string; destination_calendar_id: string; allow_conflicts?: boolean }>({
  name: 'move_event',
  description:
    'Move an event, or a whole recurring series with its edited occurrences, to another calendar (e.g. from your calendar to a team calendar). The organizer becomes the destination\'s ' +
    'owner (or you, for a team or shared calendar). Needs writer access to both calendars; single occurrences cannot be moved on their own. Same conflict rules as create_event.',
  input: {
    type: 'object',
    properties: {
      event_id: { type: 'string', minLength: 1, maxLength: 80, description: 'Id of the event or series to move (not an occurrence id).' },
      destination_calendar_id: { type: 'string', minLength: 1, maxLength: 120, description: 'Calendar to move it to (writer access needed).' },
      allow_conflicts: ALLOW_CONFLICTS_SCHEMA,
    },
    required: ['event_id', 'destination_calendar_id'],
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: { event: EVENT_SCHEMA, from_calendar_id: { type: 'string' }, to_calendar_id: { type: 'string' }, moved_event_ids: { type: 'array', items: { type: 'string' } } },
    required: ['event', 'from_calendar_id', 'to_calendar_id', 'moved_event_ids'],
  },
  annotations: { title: 'Move event to another calendar', ...WRITE, idempotentHint: true },
  handler(args, ctx) {
    const state = ctx.base;
    const ref = resolveOrFail(ctx, state, args.event_id);
    if (ref.kind === 'occurrence' || ref.event.recurring_event_id !== undefined) {
      const series = ref.kind === 'occurrence' ? ref.master.id : ref.event.recurring_event_id;
      return ctx.fail(`${args.event_id} is one occurrence of the series ${series}; occurrences cannot change calendar alone: move the series ${series}`);
    }
    const event = ref.event;
    if (!canWrite(state, event.calendar_id)) requireWrite(ctx, state, event, `move ${event.id} away from ${event.calendar_id}`);
    const destination = must(ctx, findCalendar(state, args.destination_calendar_id));
    if (destination.id === event.calendar_id) ctx.fail(`${event.id} is already on ${destination.id}; pick another calendar (list_calendars with min_access_role writer)`);
    if (!canWrite(state, destination.id)) ctx.fail(writeProblem(state, destination.id, `move events to ${destination.id}`)!);
    const organizer = organizerOf(state, destination);
    const ids = [event.id];
    for (const key of event.modified_occurrences ?? []) {
      const id = `${event.id}_${key}`;
      if (isStored(state.events, id)) ids.push(id);
    }
    const self: SelfIds = ids;
    const moved: CalendarEvent[] = [];
    for (const id of ids) {
      const source = id === event.id ? event : storedEvent(state.events, id)!;
      const candidate = copyEvent(source);
      candidate.calendar_id = destination.id;
      candidate.organizer = organizer;
      if (args.allow_conflicts !== undefined) candidate.allow_conflicts = args.allow_conflicts;
      // Attendees whose flags stay are kept as they are, and the stored (frozen) list itself when none
      // changes and addAttendees would add no organizer (the list is empty or has them): nothing to copy or freeze.
      const stored = candidate.attendees;
      let attendees: Attendee[] | undefined;
      for (let a = 0; a < stored.length; a++) {
        const attendee = stored[a];
        const next =
          attendee.email === organizer
            ? attendee.organizer && attendee.response_status === 'accepted'
              ? attendee
              : attendeeWith(attendee, 'accepted', true)
            : attendee.organizer
              ? attendeeWith(attendee, attendee.response_status, false)
              : attendee;
        if (attendees === undefined && next !== attendee) {
          attendees = [];
          for (let b = 0; b < a; b++) attendees.push(stored[b]);
        }
        if (attendees !== undefined) attendees.push(next);
      }
      if (attendees !== undefined || (stored.length > 0 && attendeeIndex(stored, organizer) < 0)) {
        // A fresh list (addAttendees may add the organizer).
        candidate.attendees = attendees ?? copyList(stored);
        addAttendees(ctx, state, candidate, [], false);
      }
      candidate.updated = ctx.now;
      freezeEvent(candidate);
      sameTiming(candidate, source);
      // No attendee warnings: move_event does not answer them.
      checkPlacement(state, candidate, self, clockMs(ctx.now), ctx.fail, source, NO_ONE);
      moved.push(candidate);
    }
    writeEvents(ctx, state, moved);
    return { event: eventView(state, moved[0]), from_calendar_id: event.calendar_id, to_calendar_id: destination.id, moved_event_ids: ids };
  },
});

export const addEventAttendees = defineTool<CalendarState, { event_id: string; attendees: string[]; optional?: boolean }>({
  name: 'add_event_attendees',
  description:
    'Invite people and book rooms for an event by email (search_calendar_directory finds them). A series id invites to every occurrence, an occurrence id to that one only. ' +
    'People already on the event are skipped. A room that is booked then, or too small for everyone invited, is rejected with free alternatives. Needs writer access to the event\'s calendar.',
  input: {
    type: 'object',
    properties: {
      event_id: EVENT_ID_SCHEMA,
      attendees: EMAIL_LIST_SCHEMA('Emails of the people and rooms to add (1 to 50).', 50),
      optional: { type: 'boolean', description: 'Invite the people as optional attendees (default false).' },
    },
    required: ['event_id', 'attendees'],
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: {
      event: EVENT_SCHEMA,
      added: { type: 'array', items: { type: 'string' } },
      already_attendees: { type: 'array', items: { type: 'string' } },
      attendee_conflicts: ATTENDEE_CONFLICTS_SCHEMA,
    },
    required: ['event', 'added', 'already_attendees', 'attendee_conflicts'],
  },
  annotations: { title: 'Add attendees', ...WRITE, idempotentHint: true },
  handler(args, ctx) {
    const state = ctx.base;
    const ref = resolveOrFail(ctx, state, args.event_id);
    if (!canWrite(state, ownerEvent(ref).calendar_id)) requireWrite(ctx, state, ownerEvent(ref), `invite people to ${args.event_id}`);
    const { candidate, materialized } = editable(ref, ctx.now);
    candidate.attendees = copyList(candidate.attendees);
    const added: string[] = [];
    const already: string[] = [];
    addAttendees(ctx, state, candidate, args.attendees, args.optional ?? false, added, already);
    if (added.length === 0) return { event: eventView(state, ownerEvent(ref), ref.kind === 'occurrence' ? { id: ref.id, event: ref.master, startMs: ref.startMs, endMs: ref.endMs, dateKey: ref.dateKey } : undefined), added, already_attendees: already, attendee_conflicts: [] };
    settleCandidate(candidate, ref);
    checkCapacity(ctx, state, candidate);
    // Only the people just added are warned about: the others' clashes are not looked for.
    const conflicts = checkPlacement(state, candidate, selfOf(candidate), clockMs(ctx.now), ctx.fail, storedSelfOf(ref), added);
    store(ctx, state, candidate, materialized);
    return { event: eventView(state, candidate), added, already_attendees: already, attendee_conflicts: conflicts };
  },
});

export const removeEventAttendee = defineTool<CalendarState, { event_id: string; email: string }>({
  name: 'remove_event_attendee',
  description:
    'Remove one attendee (person or room) from an event: a series id removes them from the whole series, an occurrence id from that occurrence only. The organizer cannot be removed. ' +
    'Needs writer access to the event\'s calendar.',
  input: {
    type: 'object',
    properties: { event_id: EVENT_ID_SCHEMA, email: { type: 'string', minLength: 3, maxLength: 120, description: 'Email of the attendee to remove.' } },
    required: ['event_id', 'email'],
    additionalProperties: false,
  },
  output: { type: 'object', properties: { event: EVENT_SCHEMA, removed: { type: 'string' } }, required: ['event', 'removed'] },
  annotations: { title: 'Remove attendee', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const state = ctx.base;
    const ref = resolveOrFail(ctx, state, args.event_id);
    const event = ownerEvent(ref);
    if (!canWrite(state, event.calendar_id)) requireWrite(ctx, state, event, `remove attendees from ${args.event_id}`);
    const email = args.email.trim().toLowerCase();
    const found = attendeeIndex(event.attendees, email);
    const attendee = found < 0 ? undefined : event.attendees[found];
    if (attendee === undefined) {
      return ctx.fail(`${email} is not an attendee of ${args.event_id}; its attendees are: ${event.attendees.map((a) => a.email).join(', ') || '(none)'}`);
    }
    if (attendee.organizer || email === event.organizer) ctx.fail(`${email} organizes ${args.event_id} and cannot be removed; move_event changes the organizer, delete_event cancels the event`);
    const { candidate, materialized } = editable(ref, ctx.now);
    candidate.attendees = withoutAttendee(candidate.attendees, email);
    if (candidate.attendees.length === 1 && candidate.attendees[0].organizer) candidate.attendees = [];
    store(ctx, state, candidate, materialized);
    return { event: eventView(state, candidate), removed: email };
  },
});

/** Whether anything of the event is still ahead of `nowMs` (for a series: a remaining occurrence). */
function hasFuture(event: CalendarEvent, nowMs: number): boolean {
  if (event.recurrence === undefined) return endMs(event) > nowMs;
  const shape = seriesShape(event);
  if (shape === undefined) return false;
  let future = false;
  forEachOccurrence(shape, (occurrence) => {
    if (occurrence.endMs > nowMs && !(event.cancelled_occurrences ?? []).includes(occurrence.dateKey)) future = true;
    return !future;
  });
  return future;
}

export const respondToEvent = defineTool<CalendarState, { event_id: string; response: 'accepted' | 'declined' | 'tentative'; attendee_email?: string; comment?: string }>({
  name: 'respond_to_event',
  description:
    'Answer an invitation: accepted, declined or tentative. Responds for you, or for a colleague whose calendar you manage (writer access: delegate). A series id answers for the ' +
    'whole series, an occurrence id for that occurrence only. Only events that have not ended yet (relative to now) can be answered. Declined events no longer make you busy.',
  input: {
    type: 'object',
    properties: {
      event_id: EVENT_ID_SCHEMA,
      response: { type: 'string', enum: ['accepted', 'declined', 'tentative'], description: 'The answer.' },
      attendee_email: { type: 'string', minLength: 3, maxLength: 120, description: 'Whose answer (default: you). Another person only if you have writer access to their calendar.' },
      comment: { type: 'string', maxLength: 500, description: 'Optional note to the organizer.' },
    },
    required: ['event_id', 'response'],
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: {
      event_id: { type: 'string' },
      email: { type: 'string' },
      response_status: { type: 'string', enum: ['accepted', 'declined', 'tentative'] },
      previous_response_status: { type: 'string', enum: ['needsAction', 'accepted', 'declined', 'tentative'] },
      event: EVENT_SCHEMA,
    },
    required: ['event_id', 'email', 'response_status', 'previous_response_status', 'event'],
  },
  annotations: { title: 'Respond to invitation', ...WRITE, idempotentHint: true },
  handler(args, ctx) {
    const state = ctx.base;
    const ref = resolveOrFail(ctx, state, args.event_id);
    const event = ownerEvent(ref);
    if (!canSeeDetails(state, event)) ctx.fail(`you have only free/busy access to ${event.calendar_id}; you are not invited to ${args.event_id}`);
    const email = (args.attendee_email ?? state.user).trim().toLowerCase();
    if (email !== state.user) {
      const entry = must(ctx, findPerson(state, email));
      if (entry.kind === 'room') ctx.fail(`${email} is a room; rooms accept bookings automatically and cannot respond. remove_event_attendee releases a room`);
      const role = calendarEntry(state, email)?.access_role;
      if (role === undefined || ROLE_RANK[role] < ROLE_RANK.writer) {
        const delegated = Object.values(state.calendars)
          .filter((c) => c.kind === 'primary' && c.owner !== state.user && ROLE_RANK[c.access_role] >= ROLE_RANK.writer)
          .map((c) => c.id);
        ctx.fail(`you can respond for yourself, or as a delegate for people whose calendar you can write to (${delegated.join(', ') || 'none'}); you have ${role ?? 'no'} access to ${email}'s calendar`);
      }
    }
    const invitedAt = attendeeIndex(event.attendees, email);
    if (invitedAt < 0) {
      ctx.fail(`${email} is not invited to ${args.event_id} ("${event.summary}"); invited: ${event.attendees.map((a) => a.email).join(', ') || 'nobody'}`);
    }
    const nowMs = clockMs(ctx.now);
    const ended = ref.kind === 'occurrence' ? ref.endMs <= nowMs : !hasFuture(ref.event, nowMs);
    if (ended) {
      const endText = ref.kind === 'occurrence' ? formatInZone(ref.endMs, event.time_zone) : event.recurrence === undefined ? event.end : 'its last occurrence';
      ctx.fail(`${args.event_id} ("${event.summary}") ended (${endText}) before now (${ctx.now}); only upcoming events can be answered`);
    }
    const { candidate, materialized } = editable(ref, ctx.now);
    const targetIndex = attendeeIndex(candidate.attendees, email);
    const target = candidate.attendees[targetIndex];
    const previous: ResponseStatus = target.response_status;
    candidate.attendees = copyList(candidate.attendees);
    candidate.attendees[targetIndex] = attendeeWith(target, args.response, target.organizer, args.comment);
    // A series' answer carries over to its edited occurrences that have not ended.
    const answered: CalendarEvent[] = [];
    if (ref.kind === 'stored' && ref.event.recurrence !== undefined) {
      for (const dateKey of ref.event.modified_occurrences ?? []) {
        const id = `${ref.event.id}_${dateKey}`;
        const modified = storedEvent(state.events, id);
        if (modified === undefined || endMs(modified) <= nowMs || answered.some((event) => event.id === id)) continue;
        const index = attendeeIndex(modified.attendees, email);
        if (index < 0) continue;
        const occurrence = copyEvent(modified);
        occurrence.attendees = copyList(modified.attendees);
        occurrence.attendees[index] = attendeeWith(modified.attendees[index], args.response, modified.attendees[index].organizer);
        answered.push(occurrence);
      }
    }
    store(ctx, state, candidate, materialized, answered);
    return { event_id: candidate.id, email, response_status: args.response, previous_response_status: previous, event: eventView(state, candidate) };
  },
});

export const setEventReminders = defineTool<CalendarState, { event_id: string; use_default?: boolean; overrides?: Reminder[] }>({
  name: 'set_event_reminders',
  description:
    'Set your reminders for an event: the calendar\'s defaults (use_default: true) or up to 5 custom ones (email or popup, minutes before start); use_default false with no overrides ' +
    'turns reminders off. Works on events you organise, attend, or whose calendar you can write to; an occurrence id changes that occurrence only.',
  input: {
    type: 'object',
    properties: {
      event_id: EVENT_ID_SCHEMA,
      use_default: { type: 'boolean', description: 'true: the calendar\'s default reminders; false: only the overrides given.' },
      overrides: (REMINDERS_INPUT.properties as Record<string, JsonSchema>).overrides,
    },
    required: ['event_id'],
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: {
      event_id: { type: 'string' },
      reminders: (EVENT_SCHEMA.properties as Record<string, JsonSchema>).reminders,
      effective_reminders: { type: 'array', items: { type: 'object', properties: { method: { type: 'string' }, minutes: { type: 'integer' } }, required: ['method', 'minutes'] } },
    },
    required: ['event_id', 'reminders', 'effective_reminders'],
  },
  annotations: { title: 'Set reminders', ...WRITE, idempotentHint: true },
  handler(args, ctx) {
    const state = ctx.base;
    const ref = resolveOrFail(ctx, state, args.event_id);
    const event = ownerEvent(ref);
    const role = calendarEntry(state, event.calendar_id)?.access_role ?? 'freeBusyReader';
    const involved = event.organizer === state.user || attendeeIndex(event.attendees, state.user) >= 0;
    if (!involved && ROLE_RANK[role] < ROLE_RANK.writer) {
      ctx.fail(`you neither attend ${args.event_id} nor can write to its calendar ${event.calendar_id} (${role} access); reminders can be set on your own events and invitations`);
    }
    if (args.use_default === undefined && args.overrides === undefined) ctx.fail('give use_default (true for the calendar\'s defaults) or overrides (custom reminders), or use_default false to turn reminders off');
    const reminders = remindersFrom(ctx, { use_default: args.use_default ?? false, overrides: args.overrides });
    const { candidate, materialized } = editable(ref, ctx.now);
    candidate.reminders = reminders;
    store(ctx, state, candidate, materialized);
    const calendar = calendarEntry(state, event.calendar_id);
    const effective = reminders.use_default ? (calendar?.default_reminders ?? []) : reminders.overrides;
    return {
      event_id: candidate.id,
      reminders: { use_default: reminders.use_default, overrides: reminders.overrides.map((r) => ({ ...r })) },
      effective_reminders: effective.map((r) => ({ method: r.method, minutes: r.minutes })),
    };
  },
});
