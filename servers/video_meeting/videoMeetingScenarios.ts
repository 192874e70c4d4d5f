import type { DomainScenario, ScenarioFacts, SessionRandom } from '../kit/Domain.js';
import { entryValues } from '../kit/bucketedRecord.js';
import { VIDEO_MEETING_REFERENCE_DATE, type Meeting, type VideoMeetingState } from './VideoMeetingState.js';

/**
 * Goals of the signed-in host, played as conversations. The host names meetings by their title
 * ("my Globex integration kickoff"), people by name (and by address when inviting someone new),
 * times in words; the assistant finds the meeting ids, starts and ends meetings, admits people
 * from the waiting room and finds recordings.
 */

type Row = Record<string, any>;

const byNumber = (a: Meeting, b: Meeting): number => Number(a.meeting_id.slice(4)) - Number(b.meeting_id.slice(4));

const HOST = ['The signed-in host is {host_name} ({host}).'];

function host(state: VideoMeetingState): ScenarioFacts {
  return { host: state.me, host_name: state.people[state.me]?.name ?? state.me };
}

/** Meetings of a status whose title is unique among them (tried from a random start) that `pick` accepts. */
function castMeeting(state: VideoMeetingState, random: SessionRandom, status: Meeting['status'], pick: (m: Meeting) => ScenarioFacts | undefined): ScenarioFacts | undefined {
  const all = entryValues(state.meetings)
    .filter((m) => m.status === status)
    .sort(byNumber);
  if (all.length === 0) return undefined;
  const start = random.int(0, all.length - 1);
  for (let k = 0; k < all.length; k++) {
    const m = all[(start + k) % all.length];
    // A title that recurs is told apart by its day (two of one title on one day are not).
    if (all.some((o) => o !== m && o.title === m.title && o.start_time.slice(0, 10) === m.start_time.slice(0, 10))) continue;
    const facts = pick(m);
    if (facts !== undefined) return { ...host(state), title: m.title, start_time: m.start_time, day: spokenDay(m.start_time), ...facts };
  }
  return undefined;
}

const nameOf = (state: VideoMeetingState, email: string): string => (Object.hasOwn(state.people, email) ? state.people[email].name : email);

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "March 18" for an ISO time. */
const spokenDay = (iso: string): string => `${MONTHS[Number(iso.slice(5, 7)) - 1]} ${Number(iso.slice(8, 10))}`;

/** The meeting of that title (on that day) in a list_meetings result. */
const titled = (result: { meetings: Row[] }, f: ScenarioFacts): ScenarioFacts | undefined => {
  const m = result.meetings.find((row) => row.title === f.title && String(row.start_time).slice(0, 10) === String(f.start_time).slice(0, 10));
  return m === undefined ? undefined : { meeting_id: m.meeting_id };
};

const liveCount = (state: VideoMeetingState): number => entryValues(state.meetings).filter((m) => m.status === 'live').length;

/** A day after the reference date, as a person says it and as ISO. */
function futureSlot(random: SessionRandom): { when: string; start: string; later: string; later_said: string } {
  const days = random.int(1, 6);
  const hour = random.pick([9, 10, 13, 14, 16]);
  const day = new Date(Date.parse(VIDEO_MEETING_REFERENCE_DATE) + days * 86_400_000).toISOString().slice(0, 10);
  const pad = (h: number) => String(h).padStart(2, '0');
  return { when: `${day} at ${pad(hour)}:00 UTC`, start: `${day}T${pad(hour)}:00:00Z`, later: `${day}T${pad(hour + 1)}:00:00Z`, later_said: `${pad(hour + 1)}:00` };
}

export const videoMeetingScenarios: DomainScenario<VideoMeetingState>[] = [
  {
    name: 'host_a_scheduled_meeting',
    goal: 'Start a scheduled meeting named by title, admit someone from the waiting room, end it, and find its recording.',
    context: HOST,
    weight: 3,
    cast(state, random) {
      if (liveCount(state) >= 2) return undefined;
      return castMeeting(state, random, 'scheduled', (m) => {
        if (!m.waiting_room || m.invitees.length === 0) return undefined;
        const guest = random.pick(m.invitees);
        return { guest: nameOf(state, guest), guest_first: nameOf(state, guest).split(' ')[0], recorded: m.auto_recording };
      });
    },
    turns: [
      {
        say: ['Start my "{title}" meeting of {day} now, please.', 'Kick off the {title} meeting ({day}) early.'],
        steps: [
          { tool: 'list_meetings', args: (f) => ({ type: 'upcoming', query: f.title }), learn: titled },
          { tool: 'start_meeting', args: (f) => ({ meeting_id: f.meeting_id }) },
        ],
      },
      {
        say: ['{guest} should be in the waiting room. Let them in.', 'Admit {guest} from the waiting room.'],
        steps: [
          {
            tool: 'admit_meeting_participant',
            args: (f) => ({ meeting_id: f.meeting_id, participant: f.guest }),
            fault: { kind: 'guessed_id', tool: 'admit_meeting_participant', args: (f) => ({ meeting_id: f.title, participant: f.guest }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['We are done, end the meeting.', 'OK, wrap it up: end the meeting for everyone.'],
        steps: [{ tool: 'end_meeting', args: (f) => ({ meeting_id: f.meeting_id }) }],
      },
      {
        say: ['Is the recording there already?', 'Can you find the recording of it?'],
        when: (f) => f.recorded === true,
        steps: [{ tool: 'list_meeting_recordings', args: (f) => ({ meeting_id: f.meeting_id }) }],
      },
    ],
  },
  {
    name: 'schedule_invite_and_move',
    goal: 'Schedule a meeting with invitees, invite one more person by address, then move it an hour later.',
    context: HOST,
    weight: 3,
    cast(state, random) {
      const people = Object.keys(state.people)
        .filter((e) => e !== state.me)
        .sort();
      if (people.length < 2) return undefined;
      const first = random.pick(people);
      const second = random.pick(people.filter((p) => p !== first));
      const title = random.pick(['Q2 planning', 'Design review', 'Customer sync', 'Budget check-in', 'Hiring debrief', 'Roadmap walkthrough']);
      return { ...host(state), ...futureSlot(random), title, minutes: random.pick([30, 45, 60]), first, first_name: nameOf(state, first), second, second_name: nameOf(state, second), record: (random.next() < 0.5) };
    },
    turns: [
      {
        say: ['Schedule "{title}" on {when} for {minutes} minutes with {first_name} ({first}).', 'Set up a {minutes}-minute meeting called {title}, {when}, and invite {first}.'],
        steps: [
          {
            tool: 'schedule_meeting',
            args: (f) => ({ title: f.title, start_time: f.start, duration_minutes: f.minutes, invitees: [f.first], ...(f.record === true ? { auto_recording: true } : {}) }),
            learn: (r: Row) => ({ meeting_id: r.meeting_id }),
            fault: { kind: 'missing_argument', tool: 'schedule_meeting', args: (f) => ({ title: f.title, start_time: f.start, invitees: [f.first] }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['Add {second_name} too, the address is {second}.', 'Please also invite {second}.'],
        steps: [{ tool: 'invite_to_meeting', args: (f) => ({ meeting_id: f.meeting_id, email: f.second }) }],
      },
      {
        say: ['Can we push it back an hour, to {later_said}?', 'Move it to {later_said} the same day.'],
        steps: [{ tool: 'update_meeting', args: (f) => ({ meeting_id: f.meeting_id, start_time: f.later }) }],
      },
    ],
  },
  {
    name: 'cancel_an_upcoming_meeting',
    goal: 'Look up an upcoming meeting by title, check who was invited, and cancel it.',
    context: HOST,
    weight: 2,
    cast(state, random) {
      return castMeeting(state, random, 'scheduled', () => ({}));
    },
    turns: [
      {
        say: ['Who is invited to "{title}" on {day}?', 'Who is coming to my {title} meeting on {day}?'],
        steps: [
          { tool: 'list_meetings', args: (f) => ({ type: 'upcoming', query: f.title }), learn: titled },
          { tool: 'get_meeting', args: (f) => ({ meeting_id: f.meeting_id }) },
        ],
      },
      {
        say: ['Cancel it, we will handle it by email.', 'Please call that meeting off.'],
        steps: [{ tool: 'cancel_meeting', args: (f) => ({ meeting_id: f.meeting_id }) }],
      },
    ],
  },
  {
    name: 'find_a_past_recording',
    goal: 'Find the recording of a past meeting the host names by title.',
    context: HOST,
    weight: 2,
    cast(state, random) {
      const recorded = new Set(Object.values(state.recordings).map((r) => r.meeting_id));
      return castMeeting(state, random, 'ended', (m) => (recorded.has(m.meeting_id) ? {} : undefined));
    },
    turns: [
      {
        say: ['Is there a recording of the "{title}" meeting from {day}?', 'I need the recording of {title} ({day}). Where is it?'],
        steps: [
          { tool: 'list_meetings', args: (f) => ({ type: 'previous', query: f.title }), learn: titled },
          {
            tool: 'list_meeting_recordings',
            args: (f) => ({ meeting_id: f.meeting_id }),
            fault: { kind: 'guessed_id', tool: 'list_meeting_recordings', args: (f) => ({ meeting_id: String(f.title).toLowerCase().replace(/\W+/g, '-') }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['Who was invited to that meeting? I want to send them the recording.', 'How long was it, and who was on the invite?'],
        steps: [{ tool: 'get_meeting', args: (f) => ({ meeting_id: f.meeting_id }) }],
      },
    ],
  },
  {
    name: 'bring_someone_into_the_live_meeting',
    goal: 'Invite a late person to the meeting that is live now, admit them from the waiting room, then end it.',
    context: HOST,
    weight: 2,
    cast(state, random) {
      return castMeeting(state, random, 'live', (m) => {
        const outside = Object.keys(state.people)
          .filter((e) => e !== state.me && !m.invitees.includes(e))
          .sort();
        if (outside.length === 0) return undefined;
        const guest = random.pick(outside);
        return { guest, guest_name: nameOf(state, guest), waiting_room: m.waiting_room, end: (random.next() < 0.6) };
      });
    },
    turns: [
      {
        say: ['I am in my live meeting. Please invite {guest_name} ({guest}) to it.', 'Add {guest} to the meeting that is running right now.'],
        steps: [
          { tool: 'list_meetings', args: () => ({ type: 'live' }), learn: titled },
          {
            tool: 'invite_to_meeting',
            args: (f) => ({ meeting_id: f.meeting_id, email: f.guest }),
            fault: { kind: 'state_refusal', tool: 'admit_meeting_participant', args: (f) => ({ meeting_id: f.meeting_id, participant: f.guest_name }), recovery: 'retry_alternative' },
          },
        ],
      },
      {
        say: ['They should be waiting now; let them in.', 'Admit {guest_name}, please.'],
        when: (f) => f.waiting_room === true,
        steps: [{ tool: 'admit_meeting_participant', args: (f) => ({ meeting_id: f.meeting_id, participant: f.guest_name }) }],
      },
      {
        say: ['Thanks, that was the last item. End the meeting.', 'We are finished, end it.'],
        when: (f) => f.end === true,
        steps: [{ tool: 'end_meeting', args: (f) => ({ meeting_id: f.meeting_id }) }],
      },
      {
        say: ['Who is in the meeting now, and is anyone still waiting?', 'Show me who has joined so far.'],
        when: (f) => f.end !== true,
        steps: [{ tool: 'get_meeting', args: (f) => ({ meeting_id: f.meeting_id }) }],
      },
    ],
  },
];
