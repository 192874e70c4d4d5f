import { editEntry, entryIds, getEntry } from '../kit/bucketedRecord.js';
import type { JsonSchema } from '../../core/index.js';
import type { ToolContext } from '../kit/Domain.js';
import { closestName } from '../kit/closestName.js';
import { ownEntry } from '../kit/lookups.js';
import { addMinutes, type Meeting, type MeetingStatus, type VideoMeetingState } from './VideoMeetingState.js';

/** Lookups, state checks and views of the video meeting domain. */

export type S = VideoMeetingState;
export type Context = ToolContext<S>;

export const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export const nameOf = (state: S, email: string): string => ownEntry(state.people, email)?.name ?? email;

const label = (m: Meeting) => `"${m.title}" on ${m.start_time.slice(0, 10)} at ${m.start_time.slice(11, 16)} UTC`;

export function requireMeeting(ctx: Context, id: string): Meeting {
  const meeting = getEntry(ctx.base.meetings, id);
  if (meeting !== undefined) return meeting;
  const near = closestName(id, entryIds(ctx.base.meetings));
  return ctx.fail(`meeting_not_found: no meeting ${id}${near ? `; did you mean ${near} (${label(getEntry(ctx.base.meetings, near)!)})?` : ''}; list_meetings lists them`);
}

const WHAT_WORKS: Record<MeetingStatus, string> = {
  scheduled: 'it has not started; start_meeting starts it, update_meeting and cancel_meeting change it',
  live: 'it is live; admit_meeting_participant admits people and end_meeting ends it',
  ended: 'it has ended; list_meeting_recordings gives its recording if it was recorded',
  cancelled: 'it was cancelled; schedule_meeting schedules a new one',
};

/** Refuse unless the meeting is in one of `allowed`, saying what its status allows instead. */
export function requireStatus(ctx: Context, meeting: Meeting, allowed: readonly MeetingStatus[], doing: string): void {
  if (!allowed.includes(meeting.status)) ctx.fail(`meeting_${meeting.status}: cannot ${doing} ${meeting.meeting_id} (${label(meeting)}): ${WHAT_WORKS[meeting.status]}`);
}

/** A person among `emails` by email or name (case-insensitive), or a failure naming the closest. */
export function findPerson(ctx: Context, raw: string, emails: readonly string[], where: string): string {
  const wanted = raw.trim().toLowerCase();
  for (const email of emails) if (email === wanted || nameOf(ctx.base, email).toLowerCase() === wanted) return email;
  for (const email of emails) {
    const first = nameOf(ctx.base, email).toLowerCase().split(' ')[0];
    if (first === wanted) return email;
  }
  const names = emails.map((e) => nameOf(ctx.base, e));
  const lower = names.map((n) => n.toLowerCase());
  const nearLower = names.length > 0 ? closestName(raw.trim().toLowerCase(), lower) : undefined;
  const near = nearLower === undefined ? undefined : names[lower.indexOf(nearLower)];
  return ctx.fail(`participant_not_found: nobody called ${raw} ${where}${near ? `; did you mean ${near}?` : ''}${names.length > 0 ? ` (${names.join(', ')})` : ' (nobody is)'}`);
}

const str = (description: string): JsonSchema => ({ type: 'string', description });
const PERSON_SCHEMA: JsonSchema = { type: 'object', properties: { participant: str('Their name.'), email: str('Their email.') }, required: ['participant', 'email'] };
const people = (description: string): JsonSchema => ({ type: 'array', items: PERSON_SCHEMA, description });
const personView = (state: S, email: string) => ({ participant: nameOf(state, email), email });

export function meetingView(state: S, m: Meeting): Record<string, unknown> {
  return {
    meeting_id: m.meeting_id,
    title: m.title,
    description: m.description,
    status: m.status,
    start_time: m.start_time,
    end_time: addMinutes(m.start_time, m.duration_minutes),
    duration_minutes: m.duration_minutes,
    waiting_room: m.waiting_room,
    auto_recording: m.auto_recording,
    join_url: `https://zoom.example/j/${m.meeting_id.slice(4).padStart(9, '8')}`,
    invitees: m.invitees.map((e) => personView(state, e)),
    waiting: m.waiting.map((e) => personView(state, e)),
    participants: m.participants.map((e) => personView(state, e)),
    attended: m.attended.length,
    started_at: m.started_at,
    ended_at: m.ended_at,
  };
}

export const MEETING_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    meeting_id: str('The meeting.'),
    title: str('Its title.'),
    description: str('Its description.'),
    status: { type: 'string', enum: ['scheduled', 'live', 'ended', 'cancelled'], description: 'scheduled, live, ended or cancelled.' },
    start_time: str('Scheduled start, ISO-8601 UTC.'),
    end_time: str('Scheduled end, ISO-8601 UTC.'),
    duration_minutes: { type: 'integer', description: 'Scheduled length.' },
    waiting_room: { type: 'boolean', description: 'People wait to be admitted.' },
    auto_recording: { type: 'boolean', description: 'Recorded to the cloud while live.' },
    join_url: str('The link invitees join with.'),
    invitees: people('Invited people.'),
    waiting: people('In the waiting room (live only).'),
    participants: people('In the meeting now, the host first (live only).'),
    attended: { type: 'integer', description: 'How many took part (ended only).' },
    started_at: { type: ['string', 'null'], description: 'When it started.' },
    ended_at: { type: ['string', 'null'], description: 'When it ended.' },
  },
  required: ['meeting_id', 'title', 'description', 'status', 'start_time', 'end_time', 'duration_minutes', 'waiting_room', 'auto_recording', 'join_url', 'invitees', 'waiting', 'participants', 'attended', 'started_at', 'ended_at'],
};

export const MEETING_ID: JsonSchema = { type: 'string', minLength: 1, maxLength: 40, description: 'The meeting, e.g. mtg_12 (list_meetings gives them).' };

export function putMeeting(ctx: Context, meeting: Meeting): void {
  editEntry(ctx, ['meetings'], meeting.meeting_id, meeting);
}

export const stamp = (ctx: Context) => ctx.now.replace(/\.\d{3}Z$/, 'Z');
