import type { DomainInvariant } from '../kit/Domain.js';
import { entryPairs, entryValues, getEntry } from '../kit/bucketedRecord.js';
import { EMAIL, MAX_LIVE_MEETINGS, type VideoMeetingState } from './VideoMeetingState.js';

/** Properties every reachable account keeps. */
export const videoMeetingInvariants: DomainInvariant<VideoMeetingState>[] = [
  {
    name: 'a meeting\'s session fields follow its status: people wait or take part only while it is live, times only once it started',
    check(state) {
      let live = 0;
      for (const [key, m] of entryPairs(state.meetings)) {
        if (m.meeting_id !== key) return `meeting key ${key} holds ${m.meeting_id}`;
        if (m.status !== 'live' && (m.waiting.length > 0 || m.participants.length > 0)) return `${key} is ${m.status} but has people in it`;
        if (m.status === 'live') {
          live++;
          if (m.started_at === null || m.ended_at !== null || m.participants[0] !== state.me) return `${key} is live without a start, or with an end, or without its host`;
          if (!m.waiting_room && m.waiting.length > 0) return `${key} has a waiting room it does not use`;
        }
        if (m.status === 'ended' && (m.started_at === null || m.ended_at === null || m.ended_at < m.started_at)) return `${key} ended without start and end in order`;
        if ((m.status === 'scheduled' || m.status === 'cancelled') && (m.started_at !== null || m.ended_at !== null || m.attended.length > 0)) return `${key} is ${m.status} but has session times`;
        for (const list of [m.invitees, m.waiting, m.participants]) {
          if (new Set(list).size !== list.length) return `${key} lists someone twice`;
          for (const email of list) if (!EMAIL.test(email)) return `${key} holds ${email}, not an email`;
        }
        for (const email of m.waiting) if (m.participants.includes(email) || !m.invitees.includes(email)) return `${key}: ${email} waits though in the meeting or not invited`;
        if (m.invitees.includes(state.me)) return `${key} invites its host`;
      }
      return live > MAX_LIVE_MEETINGS ? `${live} meetings are live (at most ${MAX_LIVE_MEETINGS})` : undefined;
    },
  },
  {
    name: 'recordings exist exactly for recorded meetings that ended, one each',
    check(state) {
      const seen = new Set<string>();
      for (const [key, r] of Object.entries(state.recordings)) {
        if (r.recording_id !== key) return `recording key ${key} holds ${r.recording_id}`;
        const m = getEntry(state.meetings, r.meeting_id);
        if (m === undefined || m.status !== 'ended' || !m.auto_recording) return `${key} records ${r.meeting_id}, which is not an ended recorded meeting`;
        if (seen.has(r.meeting_id)) return `${r.meeting_id} has two recordings`;
        seen.add(r.meeting_id);
      }
      for (const m of entryValues(state.meetings)) if (m.status === 'ended' && m.auto_recording && !seen.has(m.meeting_id)) return `${m.meeting_id} ended recorded but has no recording`;
      return undefined;
    },
  },
  {
    name: 'the past is fixed: ended and cancelled meetings of the initial account stay as they were',
    check(state, initial) {
      for (const m of entryValues(initial.meetings)) {
        if (m.status !== 'ended' && m.status !== 'cancelled') continue;
        const now = getEntry(state.meetings, m.meeting_id);
        if (now === undefined || (now !== m && JSON.stringify(now) !== JSON.stringify(m))) return `${m.meeting_id} changed after it was ${m.status}`;
      }
      return undefined;
    },
  },
];
