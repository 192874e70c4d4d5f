import type { DomainScenario, ScenarioFacts, SessionRandom } from '../kit/Domain.js';
import { entryValues } from '../kit/bucketedRecord.js';
import { CALENDAR_REFERENCE_DATE, type CalendarEvent, type CalendarState, type DirectoryEntry } from './CalendarState.js';

/**
 * Goals of the signed-in calendar user, played as conversations. The user names colleagues, rooms
 * and calendars as people do ("Ingrid", "the Product team calendar"), days and times; the assistant
 * finds emails, ids and free slots.
 */

type Row = Record<string, any>;

const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const TODAY = '2026-03-16';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const weekday = (day: string): string => WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()];

/** A work day 1–10 days ahead. */
function workDay(random: SessionRandom): string {
  for (;;) {
    const day = addDays(TODAY, random.int(1, 10));
    const w = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (w !== 0 && w !== 6) return day;
  }
}

function colleagues(state: CalendarState): DirectoryEntry[] {
  const firstNames = new Map<string, number>();
  const people = Object.values(state.people).filter((p) => p.kind === 'person' && p.email !== state.user);
  for (const p of people) firstNames.set(p.name.split(' ')[0], (firstNames.get(p.name.split(' ')[0]) ?? 0) + 1);
  // Only colleagues whose full name is unique: the directory search must find exactly one.
  return people.filter((p) => people.filter((q) => q.name === p.name).length === 1).sort((a, b) => (a.email < b.email ? -1 : 1));
}

const findPerson = (key: string, as: string) => (result: { entries: Row[] }, facts: ScenarioFacts) => {
  const entry = result.entries.find((e) => e.name === facts[key]);
  return entry === undefined ? undefined : { [as]: entry.email };
};

/**
 * Single events (no series) of the coming days on the user's own calendar or to which they are
 * invited: what list_events shows by default (the next seven days) without a time range.
 */
function upcomingEvents(state: CalendarState, keep: (e: CalendarEvent) => boolean): CalendarEvent[] {
  const from = Date.parse(CALENDAR_REFERENCE_DATE) + 3_600_000;
  const to = Date.parse(CALENDAR_REFERENCE_DATE) + 6 * 86_400_000;
  return entryValues(state.events)
    .filter((e) => e.recurrence === undefined && e.recurring_event_id === undefined && Date.parse(e.start) >= from && Date.parse(e.start) < to && keep(e))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** The event the user named (title and day) in a list_events result. */
const namedEvent = (result: { events: Row[] }, f: ScenarioFacts): ScenarioFacts | undefined => {
  const e = result.events.find((row) => row.summary === f.title && Date.parse(row.start) === Date.parse(f.start as string));
  return e === undefined ? undefined : { event_id: e.id };
};

const TITLES = ['Project sync', 'Roadmap review', 'Budget check-in', '1:1 catch-up', 'Design review', 'Hiring debrief', 'Launch planning', 'Customer feedback review'];

const ME = ['The signed-in user is {me_name} ({me}); their primary calendar id is {me}.'];

function meFacts(state: CalendarState): ScenarioFacts {
  return { me: state.user, me_name: state.people[state.user]?.name ?? state.user };
}

export const calendarScenarios: DomainScenario<CalendarState>[] = [
  {
    name: 'meet_a_colleague_in_a_free_slot',
    goal: 'Find a time a colleague is free, book the meeting there, then invite someone else or move it to a team calendar.',
    context: ME,
    weight: 3,
    cast(state, random) {
      const people = colleagues(state);
      // Working hours overlap in one time zone: a slot within them exists.
      const near = people.filter((p) => p.time_zone === state.people[state.user]?.time_zone && p.working_hours !== undefined);
      if (people.length < 2 || near.length === 0) return undefined;
      const colleague = random.pick(near);
      const other = random.pick(people.filter((p) => p !== colleague));
      const teams = Object.values(state.calendars).filter((c) => (c.kind === 'team' || c.kind === 'shared') && (c.access_role === 'writer' || c.access_role === 'owner'));
      const day = workDay(random);
      return {
        ...meFacts(state),
        colleague_name: colleague.name,
        first_name: colleague.name.split(' ')[0],
        other_name: other.name,
        minutes: random.pick([30, 45, 60]),
        day,
        until: addDays(day, 7),
        weekday: weekday(day),
        title: random.pick(TITLES),
        team_calendar: teams.length > 0 ? random.pick(teams).summary : undefined,
        // Without a team calendar to move to, the follow-up is an invitation (the move turn would not play).
        then: random.pick(['invite', 'move', 'invite']) === 'move' && teams.length > 0 ? 'move' : 'invite',
      };
    },
    turns: [
      {
        say: [
          'Find {minutes} minutes between {day} and {until} when {colleague_name} and I are both free, and book "{title}" then.',
          'Can you set up a {minutes}-minute "{title}" with {colleague_name} at the first time we are both free between {weekday} {day} and {until}?',
        ],
        steps: [
          { tool: 'search_calendar_directory', args: (f) => ({ query: f.colleague_name, kind: 'person' }), learn: findPerson('colleague_name', 'colleague') },
          {
            tool: 'find_free_slot',
            args: (f) => ({ attendees: [f.me, f.colleague], duration_minutes: f.minutes, time_min: f.day, time_max: f.until, working_hours_only: true }),
            learn: (r: { slots: Row[] }) => (r.slots.length === 0 ? undefined : { start: r.slots[0].start, end: r.slots[0].end }),
            fault: { kind: 'missing_argument', tool: 'find_free_slot', args: (f) => ({ attendees: [f.me, f.colleague], time_min: f.day }), recovery: 'retry_corrected' },
          },
          { tool: 'create_event', args: (f) => ({ calendar_id: f.me, summary: f.title, start: f.start, end: f.end, attendees: [f.colleague] }), learn: (r: { event: Row }) => ({ event_id: r.event.id }) },
        ],
      },
      {
        say: ['Please add {other_name} to that meeting as well.', 'Great. Invite {other_name} too.'],
        when: (f) => f.then === 'invite',
        steps: [
          { tool: 'search_calendar_directory', args: (f) => ({ query: f.other_name }), learn: findPerson('other_name', 'other') },
          { tool: 'add_event_attendees', args: (f) => ({ event_id: f.event_id, attendees: [f.other] }) },
        ],
      },
      {
        say: ['Actually, this belongs on the {team_calendar} calendar. Move it there.', 'Could you move that event to the {team_calendar} calendar?'],
        when: (f) => f.then === 'move' && f.team_calendar !== undefined,
        steps: [
          { tool: 'list_calendars', args: () => ({ min_access_role: 'writer' }), learn: (r: { calendars: Row[] }, f) => { const c = r.calendars.find((x) => x.summary === f.team_calendar); return c && { team_id: c.id }; } },
          { tool: 'move_event', args: (f) => ({ event_id: f.event_id, destination_calendar_id: f.team_id, allow_conflicts: true }) },
        ],
      },
    ],
  },
  {
    name: 'is_a_colleague_free',
    goal: 'Ask whether a colleague is free at a time, then book with them if so or look at their day.',
    context: ME,
    weight: 1,
    cast(state, random) {
      const people = colleagues(state);
      if (people.length === 0) return undefined;
      const colleague = random.pick(people);
      const day = workDay(random);
      // A window of the day the user names by its times (wall times of the user's calendar zone).
      const from = random.pick(['08:00', '09:00', '10:00', '13:00', '14:00']);
      const to = random.pick(['12:00', '17:00', '18:00'].filter((t) => t > from));
      return { ...meFacts(state), colleague_name: colleague.name, day, weekday: weekday(day), from, to };
    },
    turns: [
      {
        say: ['Is {colleague_name} busy on {weekday} ({day}) between {from} and {to}?', 'When is {colleague_name} busy on {day} from {from} to {to}?'],
        steps: [
          { tool: 'search_calendar_directory', args: (f) => ({ query: f.colleague_name }), learn: findPerson('colleague_name', 'colleague') },
          { tool: 'query_free_busy', args: (f) => ({ items: [f.colleague], time_min: `${f.day}T${f.from}`, time_max: `${f.day}T${f.to}` }), learn: (r: { calendars: Row[] }) => ({ busy: (r.calendars[0]?.busy ?? []).length }) },
        ],
      },
      {
        say: ['And what about me in that window? Show me my events.', 'OK. What do I have on {day} between {from} and {to} myself?'],
        steps: [{ tool: 'list_events', args: (f) => ({ calendar_id: f.me, time_min: `${f.day}T${f.from}`, time_max: `${f.day}T${f.to}`, single_events: true }) }],
      },
    ],
  },
  {
    name: 'quick_add_then_reminder',
    goal: 'Add an event from a short sentence, then set its reminder or change its title.',
    context: ME,
    weight: 2,
    cast(state, random) {
      const what = random.pick(['Dentist', 'Lunch with Sam', 'Call the plumber', 'Pick up dry cleaning', 'Gym session', 'Coffee with Lea', 'Parent-teacher meeting']);
      const day = workDay(random);
      const time = random.pick(['8am', '12:30pm', '1pm', '5pm', '6:30pm', '7pm']);
      return { ...meFacts(state), text: `${what} ${weekday(day)} ${time}`, what, minutes: random.pick([10, 15, 30, 60]), new_title: `${what} (confirmed)`, then: random.pick(['reminder', 'rename']) };
    },
    turns: [
      {
        say: ['Quick add to my calendar: "{text}".', 'Put "{text}" in my calendar, please.'],
        steps: [{ tool: 'quick_add_event', args: (f) => ({ calendar_id: f.me, text: f.text, allow_conflicts: true }), learn: (r: { event: Row }) => ({ event_id: r.event.id }) }],
      },
      {
        say: ['Remind me {minutes} minutes before it.', 'Set a popup reminder {minutes} minutes ahead for that one.'],
        when: (f) => f.then === 'reminder',
        steps: [{ tool: 'set_event_reminders', args: (f) => ({ event_id: f.event_id, use_default: false, overrides: [{ method: 'popup', minutes: f.minutes }] }) }],
      },
      {
        say: ['Rename it to "{new_title}".', 'Change its title to "{new_title}", please.'],
        when: (f) => f.then === 'rename',
        steps: [{ tool: 'update_event', args: (f) => ({ event_id: f.event_id, summary: f.new_title }) }],
      },
    ],
  },
  {
    name: 'recurring_series_occurrences',
    goal: 'Look up the next occurrences of a recurring meeting by its name, then skip or look at one.',
    context: ME,
    weight: 2,
    cast(state, random) {
      const series: Row[] = [];
      for (const bucket of Object.values(state.events as unknown as Record<string, Record<string, Row>>)) {
        for (const event of Object.values(bucket)) {
          if (Array.isArray(event.recurrence) && event.recurrence.length > 0 && event.calendar_id === state.user && event.recurring_event_id === undefined) series.push(event);
        }
      }
      const names = series.filter((e) => series.filter((x) => x.summary === e.summary).length === 1).sort((a, b) => (a.id < b.id ? -1 : 1));
      if (names.length === 0) return undefined;
      const event = random.pick(names);
      return { ...meFacts(state), series: event.summary, series_id_guess: event.summary.toLowerCase().replace(/[^a-z]+/g, '-'), until: addDays(TODAY, random.int(21, 35)) };
    },
    turns: [
      {
        say: ['When are the next "{series}" meetings, until {until}?', 'List the upcoming occurrences of "{series}" up to {until}.'],
        steps: [
          {
            tool: 'list_events',
            args: (f) => ({ calendar_id: f.me, q: f.series, time_min: TODAY, time_max: f.until, single_events: false }),
            learn: (r: { events: Row[] }, f) => { const e = r.events.find((x) => x.summary === f.series); return e && { series_id: e.recurring_event_id ?? e.id }; },
            fault: { kind: 'guessed_id', tool: 'list_event_instances', args: (f) => ({ event_id: f.series_id_guess }), recovery: 'retry_alternative' },
          },
          {
            tool: 'list_event_instances',
            args: (f) => ({ event_id: f.series_id, time_min: TODAY, time_max: f.until }),
            learn: (r: { instances: Row[] }) => (r.instances.length === 0 ? undefined : { instance_id: r.instances[r.instances.length > 1 ? 1 : 0].id, instance_day: String(r.instances[r.instances.length > 1 ? 1 : 0].start).slice(0, 10) }),
          },
        ],
      },
      {
        say: ['Show me the details of the one on {instance_day}.', 'What is planned for the {instance_day} one?'],
        steps: [{ tool: 'get_event', args: (f) => ({ event_id: f.instance_id }) }],
      },
    ],
  },
  {
    name: 'answer_an_invitation',
    goal: 'Look up an invitation of the coming days by its title and day, see who organized it, and answer it (declining with a note).',
    context: ME,
    weight: 1,
    cast(state, random) {
      const invites = upcomingEvents(state, (e) => e.organizer !== state.user && e.attendees.some((a) => a.email === state.user && !a.organizer));
      if (invites.length === 0) return undefined;
      const event = random.pick(invites);
      return {
        ...meFacts(state),
        title: event.summary,
        start: event.start,
        weekday: weekday(event.start.slice(0, 10)),
        response: random.pick(['accepted', 'declined', 'tentative']),
        comment: random.pick(['Sorry, I have a conflict then.', 'I am out that day, please share the notes.', 'Cannot make it, can we find another time?']),
      };
    },
    turns: [
      {
        say: ['I was invited to "{title}" on {weekday}. Who organized it, and who else is coming?', 'What is the "{title}" invitation for {weekday} about? Who sent it?'],
        steps: [
          { tool: 'list_events', args: (f) => ({ calendar_id: f.me, q: f.title }), learn: namedEvent },
          { tool: 'get_event', args: (f) => ({ event_id: f.event_id }) },
        ],
      },
      {
        say: ['Accept it, please.', 'Tell them I will be there: accept.'],
        when: (f) => f.response === 'accepted',
        steps: [{ tool: 'respond_to_event', args: (f) => ({ event_id: f.event_id, response: 'accepted' }) }],
      },
      {
        say: ['Answer tentative for now, I am not sure yet.', 'Mark it as a maybe (tentative).'],
        when: (f) => f.response === 'tentative',
        steps: [{ tool: 'respond_to_event', args: (f) => ({ event_id: f.event_id, response: 'tentative' }) }],
      },
      {
        say: ['Decline it with the note "{comment}"', 'I cannot go. Decline and tell them: "{comment}"'],
        when: (f) => f.response === 'declined',
        steps: [{ tool: 'respond_to_event', args: (f) => ({ event_id: f.event_id, response: 'declined', comment: f.comment }) }],
      },
    ],
  },
  {
    name: 'delete_my_own_event',
    goal: 'Find an event the user organized in the coming days by its title and day, and delete it.',
    context: ME,
    weight: 1,
    cast(state, random) {
      const own = upcomingEvents(state, (e) => e.organizer === state.user && e.calendar_id === state.user);
      if (own.length === 0) return undefined;
      const event = random.pick(own);
      return { ...meFacts(state), title: event.summary, start: event.start, weekday: weekday(event.start.slice(0, 10)) };
    },
    turns: [
      {
        say: ['When exactly is my "{title}" on {weekday}, and who is invited?', 'I have "{title}" on {weekday}, right? At what time?'],
        steps: [{ tool: 'list_events', args: (f) => ({ calendar_id: f.me, q: f.title }), learn: namedEvent }],
      },
      {
        say: ['It is not needed anymore. Delete it.', 'Please remove it from my calendar, we dropped it.'],
        steps: [{ tool: 'delete_event', args: (f) => ({ event_id: f.event_id }) }],
      },
    ],
  },
];
