import type { BucketedRecord } from '../kit/bucketedRecord.js';

/**
 * A Zoom-style account seen by its signed-in host: a directory of people, the meetings the host
 * schedules (scheduled → live → ended, or cancelled), who is invited, who waits in the waiting room
 * and who is in a live meeting, and the cloud recordings of recorded meetings that have ended.
 */

export const VIDEO_MEETING_REFERENCE_DATE = '2026-03-16T15:00:00Z';

export const MEETING_STATUSES = ['scheduled', 'live', 'ended', 'cancelled'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

/** A host on this plan may run this many meetings at once (Zoom's concurrent-meetings limit). */
export const MAX_LIVE_MEETINGS = 2;

export interface MeetingPerson {
  email: string;
  name: string;
  title: string;
}

export interface Meeting {
  meeting_id: string;
  title: string;
  description: string;
  /** ISO-8601 UTC. */
  start_time: string;
  duration_minutes: number;
  status: MeetingStatus;
  waiting_room: boolean;
  auto_recording: boolean;
  /** Invited emails, in the order invited. */
  invitees: string[];
  /** Emails waiting to be admitted (only while live). */
  waiting: string[];
  /** Emails in the meeting, the host first (only while live). */
  participants: string[];
  /** Everyone who was in the meeting (for an ended one). */
  attended: string[];
  started_at: string | null;
  ended_at: string | null;
}

export interface RecordingFile {
  file_type: 'MP4' | 'M4A' | 'TRANSCRIPT';
  size_mb: number;
}

export interface Recording {
  recording_id: string;
  meeting_id: string;
  title: string;
  recorded_at: string;
  duration_minutes: number;
  files: RecordingFile[];
}

export interface VideoMeetingState {
  account: string;
  /** The signed-in host's email. */
  me: string;
  people: Record<string, MeetingPerson>;
  /** By meeting_id, in the kit's buckets of 32 (a write copies one bucket). */
  meetings: BucketedRecord<Meeting>;
  recordings: Record<string, Recording>;
}

export const EMAIL = /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$/;

export const addMinutes = (iso: string, minutes: number): string => new Date(Date.parse(iso) + minutes * 60_000).toISOString().replace('.000Z', 'Z');

/** The files a cloud recording of that length has (sizes grow with the length). */
export function recordingFiles(minutes: number): RecordingFile[] {
  return [
    { file_type: 'MP4', size_mb: Math.round(minutes * 9.5 * 10) / 10 },
    { file_type: 'M4A', size_mb: Math.round(minutes * 0.9 * 10) / 10 },
    { file_type: 'TRANSCRIPT', size_mb: Math.round(minutes * 0.02 * 100) / 100 },
  ];
}
