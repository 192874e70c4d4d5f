import { toBuckets } from '../kit/bucketedRecord.js';
import { runWorldGenerator } from '../kit/fixtures.js';
import { SeededRandom, seedRandomState } from '../kit/seededRandom.js';
import { VIDEO_MEETING_REFERENCE_DATE, addMinutes, recordingFiles, type Meeting, type MeetingPerson, type Recording, type VideoMeetingState } from './VideoMeetingState.js';

/**
 * Builds the host's Zoom account from a seed: 24 people (colleagues and a few external contacts),
 * ~65 meetings over the last six weeks (ended, some recorded, some cancelled), one meeting live at
 * the reference date with people in its waiting room, and ~45 scheduled over the next four weeks.
 *
 * `npx tsx servers/video_meeting/generateWorld.ts [seed]` writes fixtures/video_meeting/world.json (seed 42).
 */

const PEOPLE: Array<[string, string, string]> = [
  ['sam.rivera@acme.io', 'Sam Rivera', 'Engineering Manager'],
  ['priya.nair@acme.io', 'Priya Nair', 'Frontend Engineer'],
  ['ben.ortiz@acme.io', 'Ben Ortiz', 'Backend Engineer'],
  ['lena.fischer@acme.io', 'Lena Fischer', 'Product Designer'],
  ['jonas.berg@acme.io', 'Jonas Berg', 'Product Manager'],
  ['omar.haddad@acme.io', 'Omar Haddad', 'SRE'],
  ['elena.petrova@acme.io', 'Elena Petrova', 'Finance Lead'],
  ['kai.nakamura@acme.io', 'Kai Nakamura', 'QA Engineer'],
  ['nora.lind@acme.io', 'Nora Lind', 'Recruiter'],
  ['luis.garcia@acme.io', 'Luis Garcia', 'Account Executive'],
  ['hana.sato@acme.io', 'Hana Sato', 'Support Lead'],
  ['ivan.novak@acme.io', 'Ivan Novak', 'Security Engineer'],
  ['zoe.martin@acme.io', 'Zoe Martin', 'Marketing Lead'],
  ['marco.bianchi@acme.io', 'Marco Bianchi', 'CTO'],
  ['ade.okafor@acme.io', 'Ade Okafor', 'IT Admin'],
  ['raj.patel@acme.io', 'Raj Patel', 'Data Engineer'],
  ['sofia.rossi@acme.io', 'Sofia Rossi', 'Designer'],
  ['tom.walker@acme.io', 'Tom Walker', 'Accountant'],
  ['anna.kowalski@contoso.com', 'Anna Kowalski', 'Procurement, Contoso'],
  ['david.chen@contoso.com', 'David Chen', 'IT Director, Contoso'],
  ['maria.santos@globex.com', 'Maria Santos', 'VP Operations, Globex'],
  ['james.obi@globex.com', 'James Obi', 'Engineer, Globex'],
  ['claire.dubois@initech.fr', 'Claire Dubois', 'Consultant, Initech'],
  ['yuki.tanaka@initech.fr', 'Yuki Tanaka', 'Analyst, Initech'],
];
const ME = 'sam.rivera@acme.io';

const TOPICS: Array<[string, string, number]> = [
  ['Weekly engineering sync', 'Status of each team, blockers, on-call handover.', 45],
  ['Design review: onboarding', 'Walk through the new onboarding screens.', 60],
  ['1:1 Sam / Priya', 'Career goals and current work.', 30],
  ['1:1 Sam / Ben', 'Project updates and feedback.', 30],
  ['Sprint planning', 'Pick the stories for the next sprint.', 60],
  ['Sprint retrospective', 'What went well, what to change.', 45],
  ['Contoso quarterly review', 'Usage, support tickets and renewal.', 60],
  ['Globex integration kickoff', 'Scope, timeline and contacts for the integration.', 60],
  ['Initech security audit', 'Audit findings and remediation plan.', 90],
  ['Budget check-in', 'Q2 spend against plan.', 30],
  ['Interview: backend candidate', 'Technical interview, system design.', 60],
  ['Incident postmortem', 'Timeline, root cause and action items.', 60],
  ['All-hands prep', 'Slides and speakers for the all-hands.', 30],
  ['Architecture review', 'Event bus proposal and alternatives.', 90],
  ['Customer demo for Globex', 'Demo of the reporting module.', 45],
];

const pad = (n: number) => String(n).padStart(2, '0');

function pickSome<T>(r: SeededRandom, items: readonly T[], count: number): T[] {
  const pool = items.slice();
  const out: T[] = [];
  while (out.length < count && pool.length > 0) out.push(pool.splice(Math.floor(r.next() * pool.length), 1)[0]);
  return out;
}

export function generateWorld(seed: number): VideoMeetingState {
  const r = new SeededRandom(seedRandomState(seed));
  const people: Record<string, MeetingPerson> = {};
  for (const [email, name, title] of PEOPLE) people[email] = { email, name, title };
  const others = PEOPLE.map(([email]) => email).filter((e) => e !== ME);
  const reference = Date.parse(VIDEO_MEETING_REFERENCE_DATE);
  const dayStart = (offset: number) => new Date(reference + offset * 86_400_000).toISOString().slice(0, 10);

  const slots: Array<{ offset: number; hour: number; minute: number }> = [];
  for (let offset = -42; offset <= 28; offset++) {
    const weekday = new Date(reference + offset * 86_400_000).getUTCDay();
    if (weekday === 0 || weekday === 6 || offset === 0) continue;
    const count = r.int(1, 3);
    for (let k = 0; k < count; k++) slots.push({ offset, hour: r.int(8, 16), minute: r.pick([0, 0, 30]) });
  }
  // Today: a morning meeting, the meeting live now, and two later ones.
  slots.push({ offset: 0, hour: 9, minute: 0 }, { offset: 0, hour: 14, minute: 45 }, { offset: 0, hour: 16, minute: 30 }, { offset: 0, hour: 17, minute: 0 });
  slots.sort((a, b) => a.offset - b.offset || a.hour - b.hour || a.minute - b.minute);

  const meetings: Record<string, Meeting> = {};
  const recordings: Record<string, Recording> = {};
  let n = 0;
  let rec = 0;
  for (const slot of slots) {
    const [title, description, duration] = r.pick(TOPICS);
    const start = `${dayStart(slot.offset)}T${pad(slot.hour)}:${pad(slot.minute)}:00Z`;
    const invitees = pickSome(r, others, r.int(1, 6));
    const meeting: Meeting = {
      meeting_id: `mtg_${++n}`, title, description, start_time: start, duration_minutes: duration, status: 'scheduled',
      waiting_room: r.next() < 0.6, auto_recording: r.next() < 0.45, invitees, waiting: [], participants: [], attended: [], started_at: null, ended_at: null,
    };
    const startMs = Date.parse(start);
    if (slot.offset === 0 && slot.hour === 14) {
      // Live now: started at 14:47, recording, two people still in the waiting room.
      meeting.title = 'Weekly engineering sync';
      meeting.description = 'Status of each team, blockers, on-call handover.';
      meeting.waiting_room = true;
      meeting.auto_recording = true;
      meeting.invitees = ['priya.nair@acme.io', 'ben.ortiz@acme.io', 'omar.haddad@acme.io', 'kai.nakamura@acme.io', 'raj.patel@acme.io'];
      meeting.status = 'live';
      meeting.started_at = addMinutes(start, 2);
      meeting.participants = [ME, 'priya.nair@acme.io', 'ben.ortiz@acme.io', 'omar.haddad@acme.io'];
      meeting.waiting = ['kai.nakamura@acme.io', 'raj.patel@acme.io'];
    } else if (startMs + duration * 60_000 <= reference) {
      if (r.next() < 0.12) meeting.status = 'cancelled';
      else {
        if (slot.offset === 0) meeting.auto_recording = true;
        const late = r.int(0, 5);
        const length = Math.max(5, duration + r.int(-15, 10));
        meeting.status = 'ended';
        meeting.started_at = addMinutes(start, late);
        meeting.ended_at = addMinutes(start, late + length);
        meeting.attended = [ME, ...meeting.invitees.filter(() => r.next() < 0.85)];
        if (meeting.auto_recording) {
          const recording_id = `rec_${++rec}`;
          recordings[recording_id] = { recording_id, meeting_id: meeting.meeting_id, title: meeting.title, recorded_at: meeting.started_at, duration_minutes: length, files: recordingFiles(length) };
        }
      }
    } else if (r.next() < 0.06) meeting.status = 'cancelled';
    meetings[meeting.meeting_id] = meeting;
  }
  return { account: 'Acme Inc. (Business plan)', me: ME, people, meetings: toBuckets(meetings), recordings };
}

export const renderWorld = (seed: number): string => `${JSON.stringify(generateWorld(seed), null, 1)}\n`;

runWorldGenerator(import.meta.url, 'video_meeting', renderWorld);
