import { expect } from 'chai';
import type { ToolCase } from '../ToolCase.js';

/**
 * Conformance cases of the calendar domain, played in order on one fresh session of the seed-42
 * world (reference date Monday 2026-03-16T09:00:00Z = 10:00 in Berlin). The signed-in user is
 * Maya Kaya, a product manager in Berlin; ids are real ids of fixtures/calendar/world.json. The
 * first event created gets evt_437 (the world's highest is evt_436).
 */

const ME = 'maya.kaya@lumenlabs.example';
const INGRID = 'ingrid.kowalski@lumenlabs.example';
const JAKOB = 'jakob.costa@lumenlabs.example';
const INES = 'ines.bennett@lumenlabs.example';
const CHIARA = 'chiara.wagner@lumenlabs.example';
const SPREE = 'berlin-spree@resource.lumenlabs.example';
const HAVEL = 'berlin-havel@resource.lumenlabs.example';
const FOCUS = 'berlin-focus@resource.lumenlabs.example';
const PRODUCT_DESIGN = 'product-design@group.lumenlabs.example';

const ids = (events: Array<{ id: string }>): string[] => events.map((e) => e.id);

export const calendarCases: ToolCase[] = [
  {
    title: 'list_calendars with min_access_role writer lists the six calendars the user can add events to',
    tool: 'list_calendars',
    args: { min_access_role: 'writer' },
    ok: true,
    check: (r) => {
      expect(r.count).to.equal(6);
      expect(r.calendars.map((c: { id: string }) => c.id)).to.have.members([ME, INGRID, INES, 'platform-team@group.lumenlabs.example', PRODUCT_DESIGN, 'oncall@group.lumenlabs.example']);
    },
  },
  {
    title: 'an unknown calendar kind is rejected with the valid kinds',
    tool: 'list_calendars',
    args: { kind: 'holiday' },
    ok: false,
    errorIncludes: ['kind', 'primary', 'resource'],
  },
  {
    title: 'get_calendar on a room calendar shows the room\'s seats and equipment',
    tool: 'get_calendar',
    args: { calendar_id: SPREE },
    ok: true,
    check: (r) => {
      expect(r.calendar.kind).to.equal('resource');
      expect(r.owner_details.capacity).to.equal(12);
      expect(r.owner_details.features).to.include('video conferencing');
    },
  },
  {
    title: 'a mistyped calendar id is not found and the closest id is suggested',
    tool: 'get_calendar',
    args: { calendar_id: 'berlin-spre@resource.lumenlabs.example' },
    ok: false,
    errorIncludes: ['not found', SPREE, 'list_calendars'],
  },
  {
    title: 'search_calendar_directory finds a colleague by first name',
    tool: 'search_calendar_directory',
    args: { query: 'jakob' },
    ok: true,
    check: (r) => {
      expect(r.entries[0].email).to.equal(JAKOB);
      expect(r.entries[0].title).to.equal('Engineering Manager, Platform');
    },
  },
  {
    title: 'a room search for zero seats breaks the schema',
    tool: 'search_calendar_directory',
    args: { kind: 'room', min_capacity: 0 },
    ok: false,
    errorIncludes: ['min_capacity', '1'],
  },
  {
    title: 'list_events on my calendar for Tuesday expands series occurrences and includes invitations',
    tool: 'list_events',
    args: { calendar_id: ME, time_min: '2026-03-17', time_max: '2026-03-18' },
    ok: true,
    check: (r) => {
      expect(ids(r.events)).to.include.members(['evt_42_20260317', 'evt_3_20260317', 'evt_258', 'evt_153', 'evt_209']);
      expect(r.time_zone).to.equal('Europe/Berlin');
      const invite = r.events.find((e: { id: string }) => e.id === 'evt_209');
      expect(invite.start).to.equal('2026-03-17T19:00:00+01:00');
    },
  },
  {
    title: 'list_events on a free/busy-only calendar is refused and points to query_free_busy',
    tool: 'list_events',
    args: { calendar_id: 'sales@group.lumenlabs.example' },
    ok: false,
    errorIncludes: ['free/busy', 'query_free_busy'],
  },
  {
    title: 'a time range that ends before it starts is rejected',
    tool: 'list_events',
    args: { calendar_id: ME, time_min: '2026-03-20T10:00:00+01:00', time_max: '2026-03-19T10:00:00+01:00' },
    ok: false,
    errorIncludes: ['time_max', 'must be after time_min'],
  },
  {
    title: 'get_event on an occurrence id returns that occurrence of the weekly series',
    tool: 'get_event',
    args: { event_id: 'evt_3_20260317' },
    ok: true,
    check: (r) => {
      expect(r.event.recurring_event_id).to.equal('evt_3');
      expect(r.event.start).to.equal('2026-03-17T11:00:00+01:00');
      expect(r.event.recurrence).to.equal(undefined);
    },
  },
  {
    title: 'an occurrence id on a day the series does not meet names the nearby occurrences',
    tool: 'get_event',
    args: { event_id: 'evt_3_20260318' },
    ok: false,
    errorIncludes: ['no occurrence on 20260318', 'evt_3_20260317', 'evt_3_20260324'],
  },
  {
    title: 'list_event_instances of a course with COUNT=8 lists exactly eight Thursdays',
    tool: 'list_event_instances',
    args: { event_id: 'evt_36', time_min: '2026-03-01', max_results: 20 },
    ok: true,
    check: (r) => {
      expect(r.instances).to.have.length(8);
      expect(r.instances[0].id).to.equal('evt_36_20260305');
      expect(r.instances[7].id).to.equal('evt_36_20260423');
      expect(r.instances[7].start).to.equal('2026-04-23T18:00:00+02:00');
    },
  },
  {
    title: 'list_event_instances on a single event says it is not a series',
    tool: 'list_event_instances',
    args: { event_id: 'evt_258' },
    ok: false,
    errorIncludes: ['single event', 'get_event'],
  },
  {
    title: 'query_free_busy merges a room\'s back-to-back bookings into one busy block',
    tool: 'query_free_busy',
    args: { items: [SPREE, ME], time_min: '2026-03-18', time_max: '2026-03-19', time_zone: 'Europe/Berlin' },
    ok: true,
    check: (r) => {
      const room = r.calendars.find((c: { id: string }) => c.id === SPREE);
      expect(room.busy).to.deep.equal([{ start: '2026-03-18T12:00:00+01:00', end: '2026-03-18T16:00:00+01:00' }]);
    },
  },
  {
    title: 'free/busy for a mistyped email names the person meant',
    tool: 'query_free_busy',
    args: { items: ['jakob.costa@lumenlab.example'], time_min: '2026-03-18', time_max: '2026-03-19' },
    ok: false,
    errorIncludes: ['no person or room', JAKOB],
  },
  {
    title: 'find_free_slot finds an hour when Maya, Jakob and the Havel room are all free within working hours',
    tool: 'find_free_slot',
    args: { attendees: [ME, JAKOB, HAVEL], duration_minutes: 60, time_min: '2026-03-17T00:00:00+01:00', time_max: '2026-03-18T00:00:00+01:00' },
    ok: true,
    check: (r) => {
      expect(r.slots.length).to.be.greaterThan(0);
      for (const slot of r.slots) expect(slot.start >= '2026-03-17T09:00:00+01:00' && slot.end <= '2026-03-17T17:00:00+01:00').to.equal(true);
    },
  },
  {
    title: 'a meeting longer than the search range cannot fit',
    tool: 'find_free_slot',
    args: { attendees: [ME], duration_minutes: 480, time_min: '2026-03-17T09:00:00+01:00', time_max: '2026-03-17T11:00:00+01:00' },
    ok: false,
    errorIncludes: ['does not fit', 'widen the range'],
  },
  {
    title: 'creating an event that overlaps an interview on my calendar is rejected with the conflicting id',
    tool: 'create_event',
    args: { calendar_id: ME, summary: 'Prep', start: '2026-03-17T14:45:00+01:00', end: '2026-03-17T15:15:00+01:00' },
    ok: false,
    errorIncludes: ['conflict', 'evt_258', 'allow_conflicts'],
  },
  {
    title: 'an event that ends before it starts is rejected',
    tool: 'create_event',
    args: { calendar_id: ME, summary: 'Backwards', start: '2026-03-17T12:00:00+01:00', end: '2026-03-17T11:00:00+01:00' },
    ok: false,
    errorIncludes: ['end', 'must be after start'],
  },
  {
    title: 'a read-only team calendar rejects new events and lists the writable ones',
    tool: 'create_event',
    args: { calendar_id: 'mobile-team@group.lumenlabs.example', summary: 'Sync', start: '2026-03-17T12:00:00+00:00', end: '2026-03-17T12:30:00+00:00' },
    ok: false,
    errorIncludes: ['reader access', 'writer', PRODUCT_DESIGN],
  },
  {
    title: 'booking a room that the architecture review already holds is rejected with free alternatives, even with allow_conflicts',
    tool: 'create_event',
    args: { calendar_id: ME, summary: 'Onboarding sketching', start: '2026-03-18T13:00:00+01:00', end: '2026-03-18T13:30:00+01:00', attendees: [SPREE], allow_conflicts: true },
    ok: false,
    errorIncludes: ['already booked', 'evt_29_20260318', 'free rooms'],
  },
  {
    title: 'a yearly rule is not supported and the supported frequencies are named',
    tool: 'create_event',
    args: { calendar_id: ME, summary: 'Anniversary', start: '2026-03-20T09:00:00+01:00', end: '2026-03-20T09:30:00+01:00', recurrence: 'RRULE:FREQ=YEARLY' },
    ok: false,
    errorIncludes: ['FREQ=YEARLY is not supported', 'DAILY, WEEKLY or MONTHLY'],
  },
  {
    title: 'a series whose start is not its first occurrence is rejected with the right start',
    tool: 'create_event',
    args: { calendar_id: PRODUCT_DESIGN, summary: 'Onboarding squad sync', start: '2026-03-24T09:00:00+01:00', end: '2026-03-24T09:30:00+01:00', recurrence: 'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3' },
    ok: false,
    errorIncludes: ['first occurrence', '2026-03-30T09:00:00+02:00'],
  },
  {
    title: 'create_event books a meeting with Jakob in the Havel room; Jakob is invited, the room accepts',
    tool: 'create_event',
    args: { calendar_id: ME, summary: 'Onboarding API deep dive', start: '2026-03-17T12:00:00+01:00', end: '2026-03-17T12:30:00+01:00', attendees: [JAKOB, HAVEL], description: 'Walk through the onboarding endpoints.' },
    ok: true,
    check: (r) => {
      expect(r.event.id).to.equal('evt_437');
      const status = Object.fromEntries(r.event.attendees.map((a: { email: string; response_status: string }) => [a.email, a.response_status]));
      expect(status).to.deep.equal({ [ME]: 'accepted', [JAKOB]: 'needsAction', [HAVEL]: 'accepted' });
    },
  },
  {
    title: 'add_event_attendees invites two designers to the new meeting',
    tool: 'add_event_attendees',
    args: { event_id: 'evt_437', attendees: [INES, CHIARA, JAKOB] },
    ok: true,
    check: (r) => {
      expect(r.added).to.deep.equal([INES, CHIARA]);
      expect(r.already_attendees).to.deep.equal([JAKOB]);
    },
  },
  {
    title: 'inviting an unknown email is rejected and suggests the directory search',
    tool: 'add_event_attendees',
    args: { event_id: 'evt_437', attendees: ['nobody@lumenlabs.example'] },
    ok: false,
    errorIncludes: ['no person or room', 'search_calendar_directory'],
  },
  {
    title: 'a two-seat booth cannot host the four people invited',
    tool: 'add_event_attendees',
    args: { event_id: 'evt_437', attendees: [FOCUS] },
    ok: false,
    errorIncludes: ['seats 2', '4 people', 'free rooms'],
  },
  {
    title: 'remove_event_attendee takes Chiara off the meeting',
    tool: 'remove_event_attendee',
    args: { event_id: 'evt_437', email: CHIARA },
    ok: true,
    check: (r) => expect(r.event.attendees.map((a: { email: string }) => a.email)).to.not.include(CHIARA),
  },
  {
    title: 'the organizer cannot be removed from her own meeting',
    tool: 'remove_event_attendee',
    args: { event_id: 'evt_437', email: ME },
    ok: false,
    errorIncludes: ['organizes', 'cannot be removed'],
  },
  {
    title: 'update_event moves the meeting half an hour later and keeps its length',
    tool: 'update_event',
    args: { event_id: 'evt_437', start: '2026-03-17T12:30:00+01:00' },
    ok: true,
    check: (r) => {
      expect(r.event.start).to.equal('2026-03-17T12:30:00+01:00');
      expect(r.event.end).to.equal('2026-03-17T13:00:00+01:00');
    },
  },
  {
    title: 'moving it onto the interview is rejected as a conflict',
    tool: 'update_event',
    args: { event_id: 'evt_437', start: '2026-03-17T14:30:00+01:00' },
    ok: false,
    errorIncludes: ['conflict', 'evt_258'],
  },
  {
    title: 'an event on a colleague\'s calendar I can only read cannot be changed; answering the invitation is suggested',
    tool: 'update_event',
    args: { event_id: 'evt_157', summary: 'Pairing' },
    ok: false,
    errorIncludes: ['reader access', 'respond_to_event'],
  },
  {
    title: 'update_event on one occurrence of my weekly 1:1 moves only that occurrence',
    tool: 'update_event',
    args: { event_id: 'evt_41_20260325', start: '2026-03-25T16:30:00+01:00' },
    ok: true,
    check: (r) => {
      expect(r.event.id).to.equal('evt_41_20260325');
      expect(r.event.recurring_event_id).to.equal('evt_41');
      expect(r.event.end).to.equal('2026-03-25T17:00:00+01:00');
    },
  },
  {
    title: 'get_event shows the moved occurrence with its original start',
    tool: 'get_event',
    args: { event_id: 'evt_41_20260325' },
    ok: true,
    check: (r) => {
      expect(r.event.start).to.equal('2026-03-25T16:30:00+01:00');
      expect(r.event.original_start_time).to.equal('2026-03-25T16:00:00+01:00');
    },
  },
  {
    title: 'set_event_reminders sets a popup 30 minutes before the new meeting',
    tool: 'set_event_reminders',
    args: { event_id: 'evt_437', overrides: [{ method: 'popup', minutes: 30 }] },
    ok: true,
    check: (r) => expect(r.effective_reminders).to.deep.equal([{ method: 'popup', minutes: 30 }]),
  },
  {
    title: 'default reminders and custom ones at once are refused',
    tool: 'set_event_reminders',
    args: { event_id: 'evt_437', use_default: true, overrides: [{ method: 'email', minutes: 60 }] },
    ok: false,
    errorIncludes: ['use_default', 'either'],
  },
  {
    title: 'respond_to_event accepts a pending interview invitation',
    tool: 'respond_to_event',
    args: { event_id: 'evt_153', response: 'accepted' },
    ok: true,
    check: (r) => {
      expect(r.previous_response_status).to.equal('needsAction');
      expect(r.response_status).to.equal('accepted');
    },
  },
  {
    title: 'a design review that took place last week can no longer be answered',
    tool: 'respond_to_event',
    args: { event_id: 'evt_264', response: 'declined' },
    ok: false,
    errorIncludes: ['ended', 'only upcoming events'],
  },
  {
    title: 'as Ingrid\'s delegate, Maya accepts a design review for her',
    tool: 'respond_to_event',
    args: { event_id: 'evt_120', response: 'accepted', attendee_email: INGRID },
    ok: true,
    check: (r) => expect(r.email).to.equal(INGRID),
  },
  {
    title: 'responding for a colleague whose calendar is only readable is refused and the delegations are listed',
    tool: 'respond_to_event',
    args: { event_id: 'evt_120', response: 'declined', attendee_email: JAKOB },
    ok: false,
    errorIncludes: ['delegate', INGRID, 'reader access'],
  },
  {
    title: 'quick_add_event reads "Dentist friday 8am for 45 minutes" in my time zone',
    tool: 'quick_add_event',
    args: { calendar_id: ME, text: 'Dentist at Praxis Dr. Weber friday 8am for 45 minutes' },
    ok: true,
    check: (r) => {
      expect(r.event.id).to.equal('evt_438');
      expect(r.parsed).to.deep.equal({ summary: 'Dentist', location: 'Praxis Dr. Weber', start: '2026-03-20T08:00:00+01:00', end: '2026-03-20T08:45:00+01:00' });
    },
  },
  {
    title: 'quick add text without a time is refused with examples',
    tool: 'quick_add_event',
    args: { calendar_id: ME, text: 'Dentist sometime soon' },
    ok: false,
    errorIncludes: ['no start time', 'tomorrow'],
  },
  {
    title: 'move_event moves the Havel meeting to the Product & Design calendar',
    tool: 'move_event',
    args: { event_id: 'evt_437', destination_calendar_id: PRODUCT_DESIGN },
    ok: true,
    check: (r) => {
      expect(r.event.calendar_id).to.equal(PRODUCT_DESIGN);
      expect(r.from_calendar_id).to.equal(ME);
    },
  },
  {
    title: 'one occurrence cannot change calendar on its own',
    tool: 'move_event',
    args: { event_id: 'evt_41_20260401', destination_calendar_id: PRODUCT_DESIGN },
    ok: false,
    errorIncludes: ['occurrence', 'move the series evt_41'],
  },
  {
    title: 'delete_event on one occurrence of the gym series cancels only that morning',
    tool: 'delete_event',
    args: { event_id: 'evt_42_20260317' },
    ok: true,
    check: (r) => expect(r.scope).to.equal('occurrence'),
  },
  {
    title: 'the deleted occurrence is gone',
    tool: 'get_event',
    args: { event_id: 'evt_42_20260317' },
    ok: false,
    errorIncludes: ['was deleted', 'list_event_instances'],
  },
  {
    title: 'the rest of the gym series stays',
    tool: 'list_events',
    args: { calendar_id: ME, time_min: '2026-03-17', time_max: '2026-03-20', q: 'gym' },
    ok: true,
    check: (r) => expect(ids(r.events)).to.deep.equal(['evt_42_20260319']),
  },
  {
    title: 'delete_event on a series id deletes the whole monthly series',
    tool: 'delete_event',
    args: { event_id: 'evt_44' },
    ok: true,
    check: (r) => {
      expect(r.scope).to.equal('series');
      expect(r.removed_event_ids).to.deep.equal(['evt_44']);
    },
  },
  {
    title: 'the all-hands on the read-only leadership calendar cannot be deleted',
    tool: 'delete_event',
    args: { event_id: 'evt_7' },
    ok: false,
    errorIncludes: ['reader access', 'leadership@group.lumenlabs.example'],
  },
  {
    title: 'a new three-week series on the team calendar starts on its first Monday',
    tool: 'create_event',
    args: { calendar_id: PRODUCT_DESIGN, summary: 'Onboarding squad sync', start: '2026-03-30T09:00:00', end: '2026-03-30T09:30:00', recurrence: 'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3', attendees: [INES] },
    ok: true,
    check: (r) => {
      expect(r.event.id).to.equal('evt_439');
      expect(r.event.start).to.equal('2026-03-30T09:00:00+02:00');
      expect(r.event.recurrence).to.deep.equal(['RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3']);
    },
  },
  {
    title: 'its occurrences are the three Mondays',
    tool: 'list_event_instances',
    args: { event_id: 'evt_439' },
    ok: true,
    check: (r) => expect(ids(r.instances)).to.deep.equal(['evt_439_20260330', 'evt_439_20260406', 'evt_439_20260413']),
  },
];
