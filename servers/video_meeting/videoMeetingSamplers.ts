import type { DomainSampler } from '../kit/Domain.js';
import { entryValues } from '../kit/bucketedRecord.js';
import type { VideoMeetingState } from './VideoMeetingState.js';

/**
 * What a conversation with the host can mention: meetings by title and time, split by what their
 * status allows (upcoming ones can be started, changed or cancelled; the live ones have a waiting
 * room; ended recorded ones have recordings), people by name and email, and new meetings' topics.
 */

const NEW_TOPICS: Array<[string, string]> = [
  ['Quarterly planning', 'Goals and staffing for next quarter.'],
  ['Vendor call with Contoso', 'Renewal terms and support.'],
  ['Onboarding session for new hires', 'Tools, accounts and first tasks.'],
  ['Roadmap review', 'What ships this quarter and what moves.'],
  ['Team offsite planning', 'Dates, venue and description.'],
];

const when = (iso: string) => `${iso.slice(0, 10)} at ${iso.slice(11, 16)} UTC`;

export const videoMeetingSamplers: DomainSampler<VideoMeetingState>[] = [
  {
    collection: 'meetings',
    description: 'Upcoming meetings (scheduled: they can be started, updated, cancelled, and people invited), and titles and descriptions for new ones.',
    sample(state) {
      const upcoming: Array<Record<string, unknown>> = entryValues(state.meetings)
        .filter((m) => m.status === 'scheduled')
        .map((m) => ({ meeting_id: m.meeting_id, summary: `${m.title} on ${when(m.start_time)}`, status: m.status }));
      return [...upcoming, ...NEW_TOPICS.map(([title, description]) => ({ title, description }))];
    },
  },
  {
    collection: 'live_meetings',
    description: 'Meetings live now, with the people in their waiting rooms (participant: who can be admitted).',
    sample(state) {
      const out: Array<Record<string, unknown>> = [];
      for (const m of entryValues(state.meetings)) {
        if (m.status !== 'live') continue;
        for (const email of m.waiting) out.push({ meeting_id: m.meeting_id, summary: `the live "${m.title}"`, participant: Object.hasOwn(state.people, email) ? state.people[email].name : email });
      }
      return out;
    },
  },
  {
    collection: 'recorded_meetings',
    description: 'Past meetings that were recorded (their recordings are listed by meeting).',
    sample(state) {
      return entryValues(state.meetings)
        .filter((m) => m.status === 'ended' && m.auto_recording)
        .map((m) => ({ meeting_id: m.meeting_id, summary: `the recorded "${m.title}" of ${m.start_time.slice(0, 10)}` }));
    },
  },
  {
    collection: 'people',
    description: 'People who can be invited: name, title and email (invitations take the email).',
    sample(state) {
      return Object.values(state.people)
        .filter((p) => p.email !== state.me)
        .map((p) => ({ email: p.email, name: p.name, job_title: p.title }));
    },
  },
  {
    collection: 'phrases',
    description: 'Words to find meetings and recordings by (query).',
    sample() {
      return ['sync', 'review', 'planning', '1:1', 'Contoso', 'Globex', 'interview'].map((query) => ({ query }));
    },
  },
];
