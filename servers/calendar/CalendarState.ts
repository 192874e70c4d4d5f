/**
 * The state of the calendar domain, after the Google Calendar API's resources: the directory
 * (people and bookable rooms), the signed-in user's calendar list with access roles, and events.
 * Field names are snake_case like every tool argument. Times are ISO-8601 strings carrying the
 * offset of the event's own time zone; every computation works on UTC epoch milliseconds.
 */

import type { BucketedRecord } from '../kit/bucketedRecord.js';

/** The reference date the fixture world is built around: Monday 10:00 in Berlin. */
export const CALENDAR_REFERENCE_DATE = '2026-03-16T09:00:00Z';

export type AccessRole = 'owner' | 'writer' | 'reader' | 'freeBusyReader';
export type CalendarKind = 'primary' | 'team' | 'shared' | 'resource';
export type ResponseStatus = 'needsAction' | 'accepted' | 'declined' | 'tentative';
export type ReminderMethod = 'email' | 'popup';

/** A weekly window of working hours in the person's own time zone. */
export interface WorkingHours {
  /** Weekday codes, e.g. ['MO','TU','WE','TH','FR']. */
  days: string[];
  /** `HH:MM`, wall clock. */
  start: string;
  end: string;
}

/** A person or a bookable room of the organisation's directory, keyed by email. */
export interface DirectoryEntry {
  email: string;
  name: string;
  kind: 'person' | 'room';
  time_zone: string;
  /** People: job title, department, office city, working hours. */
  title?: string;
  department?: string;
  office: string;
  working_hours?: WorkingHours;
  /** Rooms: seats, floor and equipment. */
  capacity?: number;
  floor?: string;
  features?: string[];
}

export interface Reminder {
  method: ReminderMethod;
  minutes: number;
}

export interface Reminders {
  use_default: boolean;
  overrides: Reminder[];
}

/**
 * One calendar of the signed-in user's calendar list. A person's primary calendar and a room's
 * resource calendar have the person's or room's email as id; team and shared calendars have
 * group ids. `access_role` is the signed-in user's access.
 */
export interface Calendar {
  id: string;
  summary: string;
  description: string;
  kind: CalendarKind;
  /** Email of the person or room the calendar belongs to (primary and resource calendars). */
  owner?: string;
  time_zone: string;
  access_role: AccessRole;
  default_reminders: Reminder[];
}

export interface Attendee {
  email: string;
  response_status: ResponseStatus;
  optional: boolean;
  organizer: boolean;
  resource: boolean;
  comment?: string;
}

/**
 * A stored event: a single event, the master of a recurring series (with `recurrence`), or a
 * modified occurrence of a series (with `recurring_event_id`, id `<series>_<YYYYMMDD>`).
 */
export interface CalendarEvent {
  id: string;
  calendar_id: string;
  summary: string;
  description: string;
  location: string;
  /** ISO-8601 with the offset of `time_zone` at that instant. */
  start: string;
  end: string;
  time_zone: string;
  status: 'confirmed' | 'tentative';
  /** `transparent` events (focus reminders, holidays) do not block time. */
  transparency: 'opaque' | 'transparent';
  organizer: string;
  creator: string;
  attendees: Attendee[];
  reminders: Reminders;
  /** Created with `allow_conflicts`: may overlap other events of its calendar. */
  allow_conflicts: boolean;
  created: string;
  updated: string;
  /** Series masters: one RRULE line, e.g. `RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10`. */
  recurrence?: string[];
  /** Series masters: local dates `YYYYMMDD` of deleted occurrences. */
  cancelled_occurrences?: string[];
  /** Series masters: local dates `YYYYMMDD` of occurrences stored as their own (modified) events. */
  modified_occurrences?: string[];
  /** Modified occurrences: the series they belong to, and where the occurrence originally was. */
  recurring_event_id?: string;
  original_start_time?: string;
}

export interface CalendarState {
  /** Email of the signed-in user: "me" in every tool. */
  user: string;
  people: Record<string, DirectoryEntry>;
  calendars: Record<string, Calendar>;
  /**
   * Stored events by id, in buckets of 32 consecutive event numbers (`servers/kit/bucketedRecord.ts`;
   * a modified occurrence `evt_41_20260325` shares its series' bucket), so that storing one copies
   * one small bucket instead of hundreds of events. Read through `storedEvent` (eventBuckets.ts), write through `writeEvents` (eventWrites.ts).
   */
  events: BucketedRecord<CalendarEvent>;
}
