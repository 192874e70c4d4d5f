import { calendarScenarios } from './calendarScenarios.js';
import { defineDomain } from '../kit/Domain.js';
import { loadFixture } from '../kit/fixtures.js';
import { CALENDAR_REFERENCE_DATE, type CalendarState } from './CalendarState.js';
import { calendarInvariants } from './calendarInvariants.js';
import { calendarSamplers } from './calendarSamplers.js';
import { findFreeSlot, getCalendar, getEvent, listCalendars, listEventInstances, listEvents, queryFreeBusy, searchCalendarDirectory } from './readTools.js';
import {
  addEventAttendees,
  createEventTool,
  deleteEvent,
  moveEvent,
  quickAddEvent,
  removeEventAttendee,
  respondToEvent,
  setEventReminders,
  updateEvent,
} from './writeTools.js';
import { calendarPhrasings } from './calendarPhrasings.js';

/**
 * A company calendar after the Google Calendar API: calendars with access roles, events with
 * attendees, rooms and reminders, recurring series (RRULE) expanded against the session's clock,
 * free/busy and slot finding across people in different time zones. Conflicts are detected, rooms
 * are never double-booked, and only upcoming invitations can be answered.
 */
export const calendarDomain = defineDomain<CalendarState>({
  name: 'calendar',
  title: 'Calendar',
  category: 'productivity',
  description:
    'A company calendar modelled on the Google Calendar API, seen by a product manager of a 28-person company with offices in six time zones: calendars (personal, team, shared, ' +
    'meeting rooms) with access roles, events with attendees, responses, rooms and reminders, recurring series (RRULE) expanded into occurrences with their own ids, free/busy ' +
    'queries and slot finding. Overlapping events on one calendar are rejected unless allowed, rooms are never double-booked, and past events cannot be answered.',
  tools: [
    listCalendars,
    getCalendar,
    searchCalendarDirectory,
    listEvents,
    getEvent,
    listEventInstances,
    queryFreeBusy,
    findFreeSlot,
    createEventTool,
    quickAddEvent,
    updateEvent,
    deleteEvent,
    moveEvent,
    addEventAttendees,
    removeEventAttendee,
    respondToEvent,
    setEventReminders,
  ],
  loadWorld: () => loadFixture<CalendarState>('calendar'),
  defaultReferenceDate: CALENDAR_REFERENCE_DATE,
  samplers: calendarSamplers,
  invariants: calendarInvariants,
  phrasings: calendarPhrasings,
  scenarios: calendarScenarios,
});

export default calendarDomain;
