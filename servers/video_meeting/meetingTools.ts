import { entryValues } from '../kit/bucketedRecord.js';
import type { JsonSchema } from '../../core/index.js';
import { defineTool } from '../kit/Domain.js';
import { EMAIL, MAX_LIVE_MEETINGS, recordingFiles, type Meeting, type Recording } from './VideoMeetingState.js';
import { MEETING_ID, MEETING_SCHEMA, READ, findPerson, meetingView, nameOf, putMeeting, requireMeeting, requireStatus, stamp, type Context, type S } from './meetingModel.js';

/**
 * Zoom-style meeting tools, for the signed-in host. A meeting is scheduled, then live (start_meeting)
 * and ended (end_meeting), or cancelled before it starts. Only a scheduled meeting can be changed or
 * cancelled; people are admitted from the waiting room only while it is live; a recorded meeting's
 * cloud recording exists only once it has ended.
 */

const WRITE = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;
const START_TIME: JsonSchema = { type: 'string', format: 'date-time', description: 'When it starts, ISO-8601 with a time zone, e.g. 2026-03-18T14:00:00Z; after now.' };
const DURATION: JsonSchema = { type: 'integer', minimum: 15, maximum: 720, description: 'Length in minutes (15 to 720).' };
const TITLE: JsonSchema = { type: 'string', minLength: 1, maxLength: 200, description: 'The meeting title (Zoom calls it the topic), e.g. "Sprint planning".' };
const DESCRIPTION: JsonSchema = { type: 'string', maxLength: 2000, description: 'The agenda shown to invitees.' };
const EMAIL_ARG: JsonSchema = { type: 'string', minLength: 3, maxLength: 120, description: 'An email address, e.g. priya.nair@acme.io.' };

function checkStart(ctx: Context, raw: string): string {
  const time = Date.parse(raw);
  if (Number.isNaN(time) || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(raw)) ctx.fail(`invalid_start_time: "${raw}" is not an ISO-8601 time with a zone, e.g. 2026-03-18T14:00:00Z`);
  if (time <= Date.parse(ctx.now)) ctx.fail(`start_in_past: ${raw} is not after now (${stamp(ctx)}); choose a later time`);
  return new Date(time).toISOString().replace(/:00\.000Z$/, ':00Z').replace(/\.000Z$/, 'Z');
}

function checkEmail(ctx: Context, raw: string): string {
  const email = raw.trim().toLowerCase();
  if (!EMAIL.test(email)) ctx.fail(`invalid_email: "${raw}" is not an email address, e.g. priya.nair@acme.io`);
  return email;
}

const liveCount = (state: S): number => {
  let n = 0;
  for (const m of entryValues(state.meetings)) if (m.status === 'live') n++;
  return n;
};

export const listMeetings = defineTool<S, { type?: 'upcoming' | 'live' | 'previous' | 'cancelled'; query?: string }>({
  name: 'list_meetings',
  description: 'Your meetings by type: upcoming (scheduled, soonest first; the default), live, previous (ended, latest first) or cancelled; optionally only those whose title contains some words.',
  input: {
    type: 'object',
    properties: {
      type: { type: 'string', enum: ['upcoming', 'live', 'previous', 'cancelled'], description: 'Which meetings (default upcoming).' },
      query: { type: 'string', minLength: 1, maxLength: 100, description: 'Words the title contains, e.g. "sprint".' },
    },
    additionalProperties: false,
  },
  output: { type: 'object', properties: { meetings: { type: 'array', items: MEETING_SCHEMA, description: 'The meetings (at most 30).' }, total: { type: 'integer', description: 'All that match.' } }, required: ['meetings', 'total'] },
  annotations: { title: 'List meetings', ...READ },
  handler(args, ctx) {
    const type = args.type ?? 'upcoming';
    const status = type === 'upcoming' ? 'scheduled' : type === 'previous' ? 'ended' : type;
    const words = (args.query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const found: Meeting[] = [];
    for (const m of entryValues(ctx.base.meetings)) if (m.status === status && words.every((w) => m.title.toLowerCase().includes(w))) found.push(m);
    found.sort((a, b) => (a.start_time === b.start_time ? 0 : a.start_time < b.start_time ? -1 : 1));
    if (type === 'previous' || type === 'cancelled') found.reverse();
    return { meetings: found.slice(0, 30).map((m) => meetingView(ctx.base, m)), total: found.length };
  },
});

export const getMeeting = defineTool<S, { meeting_id: string }>({
  name: 'get_meeting',
  description: 'One meeting in full: title, description, time, settings, join link, invitees, and while live who waits and who is in it.',
  input: { type: 'object', properties: { meeting_id: MEETING_ID }, required: ['meeting_id'], additionalProperties: false },
  output: MEETING_SCHEMA,
  annotations: { title: 'Get a meeting', ...READ },
  handler(args, ctx) {
    return meetingView(ctx.base, requireMeeting(ctx, args.meeting_id));
  },
});

export const scheduleMeeting = defineTool<S, { title: string; start_time: string; duration_minutes: number; description?: string; invitees?: string[]; waiting_room?: boolean; auto_recording?: boolean }>({
  name: 'schedule_meeting',
  description: 'Schedule a meeting you host, after now. Invitees by email; waiting room on by default, cloud recording off by default. Returns the meeting with its meeting_id and join link (to put in a calendar event).',
  input: {
    type: 'object',
    properties: {
      title: TITLE,
      start_time: START_TIME,
      duration_minutes: DURATION,
      description: DESCRIPTION,
      invitees: { type: 'array', items: EMAIL_ARG, maxItems: 50, description: 'Emails to invite.' },
      waiting_room: { type: 'boolean', description: 'Hold people in a waiting room until you admit them (default true).' },
      auto_recording: { type: 'boolean', description: 'Record to the cloud while live (default false).' },
    },
    required: ['title', 'start_time', 'duration_minutes'],
    additionalProperties: false,
  },
  output: MEETING_SCHEMA,
  annotations: { title: 'Schedule a meeting', ...WRITE },
  handler(args, ctx) {
    const start = checkStart(ctx, args.start_time);
    const invitees: string[] = [];
    for (const raw of args.invitees ?? []) {
      const email = checkEmail(ctx, raw);
      if (email !== ctx.base.me && !invitees.includes(email)) invitees.push(email);
    }
    const meeting: Meeting = {
      meeting_id: ctx.nextId('mtg'), title: args.title.trim(), description: args.description ?? '', start_time: start, duration_minutes: args.duration_minutes, status: 'scheduled',
      waiting_room: args.waiting_room ?? true, auto_recording: args.auto_recording ?? false, invitees, waiting: [], participants: [], attended: [], started_at: null, ended_at: null,
    };
    putMeeting(ctx, meeting);
    return meetingView(ctx.base, meeting);
  },
});

export const updateMeeting = defineTool<S, { meeting_id: string; title?: string; start_time?: string; duration_minutes?: number; description?: string; waiting_room?: boolean; auto_recording?: boolean }>({
  name: 'update_meeting',
  description: 'Change a scheduled meeting: title, time, length, description, waiting room or recording. Refused once it is live, ended or cancelled.',
  input: {
    type: 'object',
    properties: { meeting_id: MEETING_ID, title: TITLE, start_time: START_TIME, duration_minutes: DURATION, description: DESCRIPTION, waiting_room: { type: 'boolean', description: 'Waiting room on or off.' }, auto_recording: { type: 'boolean', description: 'Cloud recording on or off.' } },
    required: ['meeting_id'],
    additionalProperties: false,
  },
  output: MEETING_SCHEMA,
  annotations: { title: 'Update a meeting', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const meeting = requireMeeting(ctx, args.meeting_id);
    requireStatus(ctx, meeting, ['scheduled'], 'update');
    if (args.title === undefined && args.start_time === undefined && args.duration_minutes === undefined && args.description === undefined && args.waiting_room === undefined && args.auto_recording === undefined) {
      ctx.fail('nothing_to_update: give at least one of title, start_time, duration_minutes, description, waiting_room, auto_recording');
    }
    const next: Meeting = {
      ...meeting,
      title: args.title?.trim() ?? meeting.title,
      start_time: args.start_time === undefined ? meeting.start_time : checkStart(ctx, args.start_time),
      duration_minutes: args.duration_minutes ?? meeting.duration_minutes,
      description: args.description ?? meeting.description,
      waiting_room: args.waiting_room ?? meeting.waiting_room,
      auto_recording: args.auto_recording ?? meeting.auto_recording,
    };
    putMeeting(ctx, next);
    return meetingView(ctx.base, next);
  },
});

export const inviteToMeeting = defineTool<S, { meeting_id: string; email: string }>({
  name: 'invite_to_meeting',
  description: 'Invite someone to a scheduled or live meeting by email. Invited to a live meeting, they join at once: into the waiting room if it is on, else straight in.',
  input: { type: 'object', properties: { meeting_id: MEETING_ID, email: EMAIL_ARG }, required: ['meeting_id', 'email'], additionalProperties: false },
  output: MEETING_SCHEMA,
  annotations: { title: 'Invite to a meeting', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const meeting = requireMeeting(ctx, args.meeting_id);
    requireStatus(ctx, meeting, ['scheduled', 'live'], 'invite people to');
    const email = checkEmail(ctx, args.email);
    if (email === ctx.base.me) ctx.fail('host: you host this meeting; invite someone else');
    if (meeting.invitees.includes(email)) ctx.fail(`already_invited: ${nameOf(ctx.base, email)} (${email}) is already invited to ${meeting.meeting_id}`);
    const next: Meeting = { ...meeting, invitees: [...meeting.invitees, email] };
    if (meeting.status === 'live') {
      if (meeting.waiting_room) next.waiting = [...meeting.waiting, email];
      else next.participants = [...meeting.participants, email];
    }
    putMeeting(ctx, next);
    return meetingView(ctx.base, next);
  },
});

export const cancelMeeting = defineTool<S, { meeting_id: string }>({
  name: 'cancel_meeting',
  description: 'Cancel a scheduled meeting (invitees are told). A live meeting is ended with end_meeting instead; ended ones stay in the history.',
  input: { type: 'object', properties: { meeting_id: MEETING_ID }, required: ['meeting_id'], additionalProperties: false },
  output: MEETING_SCHEMA,
  annotations: { title: 'Cancel a meeting', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const meeting = requireMeeting(ctx, args.meeting_id);
    requireStatus(ctx, meeting, ['scheduled'], 'cancel');
    const next: Meeting = { ...meeting, status: 'cancelled' };
    putMeeting(ctx, next);
    return meetingView(ctx.base, next);
  },
});

export const startMeeting = defineTool<S, { meeting_id: string }>({
  name: 'start_meeting',
  description: `Start a scheduled meeting as its host (any time before or after its scheduled start). Invitees join: into the waiting room if it is on, else straight in. At most ${MAX_LIVE_MEETINGS} of your meetings can be live at once.`,
  input: { type: 'object', properties: { meeting_id: MEETING_ID }, required: ['meeting_id'], additionalProperties: false },
  output: MEETING_SCHEMA,
  annotations: { title: 'Start a meeting', ...WRITE },
  handler(args, ctx) {
    const meeting = requireMeeting(ctx, args.meeting_id);
    requireStatus(ctx, meeting, ['scheduled'], 'start');
    if (liveCount(ctx.base) >= MAX_LIVE_MEETINGS) {
      const live = entryValues(ctx.base.meetings).filter((m) => m.status === 'live').map((m) => `${m.meeting_id} "${m.title}"`);
      ctx.fail(`too_many_live: your plan runs at most ${MAX_LIVE_MEETINGS} meetings at once and ${live.join(' and ')} are live; end_meeting one first`);
    }
    const next: Meeting = {
      ...meeting,
      status: 'live',
      started_at: stamp(ctx),
      participants: meeting.waiting_room ? [ctx.base.me] : [ctx.base.me, ...meeting.invitees],
      waiting: meeting.waiting_room ? meeting.invitees.slice() : [],
    };
    putMeeting(ctx, next);
    return meetingView(ctx.base, next);
  },
});

export const admitMeetingParticipant = defineTool<S, { meeting_id: string; participant: string }>({
  name: 'admit_meeting_participant',
  description: 'Let someone in from the waiting room of a live meeting, by name or email (get_meeting shows who waits).',
  input: {
    type: 'object',
    properties: { meeting_id: MEETING_ID, participant: { type: 'string', minLength: 1, maxLength: 120, description: 'Who to admit: their name (e.g. Kai Nakamura, or Kai) or email.' } },
    required: ['meeting_id', 'participant'],
    additionalProperties: false,
  },
  output: MEETING_SCHEMA,
  annotations: { title: 'Admit from the waiting room', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const meeting = requireMeeting(ctx, args.meeting_id);
    requireStatus(ctx, meeting, ['live'], 'admit people to');
    const wanted = args.participant.trim().toLowerCase();
    for (const email of meeting.participants) if (email === wanted || nameOf(ctx.base, email).toLowerCase() === wanted) ctx.fail(`already_in_meeting: ${nameOf(ctx.base, email)} is already in ${meeting.meeting_id}`);
    const email = findPerson(ctx, args.participant, meeting.waiting, `in the waiting room of ${meeting.meeting_id}`);
    const next: Meeting = { ...meeting, waiting: meeting.waiting.filter((e) => e !== email), participants: [...meeting.participants, email] };
    putMeeting(ctx, next);
    return meetingView(ctx.base, next);
  },
});

export const endMeeting = defineTool<S, { meeting_id: string }>({
  name: 'end_meeting',
  description: 'End a live meeting for everyone (the waiting room is closed). A meeting with cloud recording gets its recording, listed by list_meeting_recordings.',
  input: { type: 'object', properties: { meeting_id: MEETING_ID }, required: ['meeting_id'], additionalProperties: false },
  output: { type: 'object', properties: { meeting: MEETING_SCHEMA, recording_id: { type: ['string', 'null'], description: 'Its new cloud recording, or null when it was not recorded.' } }, required: ['meeting', 'recording_id'] },
  annotations: { title: 'End a meeting', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const meeting = requireMeeting(ctx, args.meeting_id);
    requireStatus(ctx, meeting, ['live'], 'end');
    const now = stamp(ctx);
    const next: Meeting = { ...meeting, status: 'ended', ended_at: now, attended: meeting.participants.slice(), participants: [], waiting: [] };
    putMeeting(ctx, next);
    let recordingId: string | null = null;
    if (meeting.auto_recording) {
      const minutes = Math.max(1, Math.round((Date.parse(now) - Date.parse(meeting.started_at!)) / 60_000));
      const recording: Recording = { recording_id: ctx.nextId('rec'), meeting_id: meeting.meeting_id, title: meeting.title, recorded_at: meeting.started_at!, duration_minutes: minutes, files: recordingFiles(minutes) };
      ctx.edit<Record<string, Recording>>('recordings')[recording.recording_id] = recording;
      recordingId = recording.recording_id;
    }
    return { meeting: meetingView(ctx.base, next), recording_id: recordingId };
  },
});

const RECORDING_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    recording_id: { type: 'string', description: 'The recording.' },
    meeting_id: { type: 'string', description: 'Its meeting.' },
    title: { type: 'string', description: 'The meeting\'s title.' },
    recorded_at: { type: 'string', description: 'When recording began.' },
    duration_minutes: { type: 'integer', description: 'Length.' },
    files: { type: 'array', items: { type: 'object', properties: { file_type: { type: 'string', description: 'MP4, M4A or TRANSCRIPT.' }, size_mb: { type: 'number', description: 'Size in MB.' }, download_url: { type: 'string', description: 'Where to download it.' } }, required: ['file_type', 'size_mb', 'download_url'] }, description: 'Video, audio and transcript.' },
  },
  required: ['recording_id', 'meeting_id', 'title', 'recorded_at', 'duration_minutes', 'files'],
};

export const listMeetingRecordings = defineTool<S, { meeting_id?: string; query?: string }>({
  name: 'list_meeting_recordings',
  description: 'Cloud recordings, latest first: all of them, those whose title contains some words, or one meeting\'s (refused while that meeting has not ended, or when it was not recorded).',
  input: {
    type: 'object',
    properties: { meeting_id: MEETING_ID, query: { type: 'string', minLength: 1, maxLength: 100, description: 'Words the title contains.' } },
    additionalProperties: false,
  },
  output: { type: 'object', properties: { recordings: { type: 'array', items: RECORDING_SCHEMA, description: 'Latest first (at most 30).' }, total: { type: 'integer', description: 'All that match.' } }, required: ['recordings', 'total'] },
  annotations: { title: 'List recordings', ...READ },
  handler(args, ctx) {
    const state = ctx.base;
    if (args.meeting_id !== undefined) {
      const meeting = requireMeeting(ctx, args.meeting_id);
      if (meeting.status === 'live' && meeting.auto_recording) ctx.fail(`recording_in_progress: ${meeting.meeting_id} "${meeting.title}" is still live and recording; its recording is available after end_meeting`);
      if (meeting.status !== 'ended') ctx.fail(`meeting_${meeting.status}: ${meeting.meeting_id} "${meeting.title}" has not taken place, so it has no recording`);
      if (!meeting.auto_recording) ctx.fail(`not_recorded: ${meeting.meeting_id} "${meeting.title}" ended without being recorded`);
    }
    const words = (args.query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const found: Recording[] = [];
    for (const r of Object.values(state.recordings)) if ((args.meeting_id === undefined || r.meeting_id === args.meeting_id) && words.every((w) => r.title.toLowerCase().includes(w))) found.push(r);
    found.sort((a, b) => (a.recorded_at === b.recorded_at ? 0 : a.recorded_at < b.recorded_at ? 1 : -1));
    return {
      recordings: found.slice(0, 30).map((r) => ({ ...r, files: r.files.map((f) => ({ ...f, download_url: `https://zoom.example/rec/${r.recording_id}/${f.file_type.toLowerCase()}` })) })),
      total: found.length,
    };
  },
});

