import { expect } from 'chai';
import type { ToolCase } from '../ToolCase.js';

/**
 * Conformance cases of the video_meeting domain, played in order on one fresh session of the seed-42
 * account (host Sam Rivera, sam.rivera@acme.io; reference date 2026-03-16T15:00Z). mtg_64 "Weekly
 * engineering sync" is live (started 14:47, recording, waiting room on: Kai Nakamura and Raj Patel
 * wait); mtg_65 "Sprint planning" (16:30) and mtg_66 (17:00) are the next scheduled ones; mtg_61 ended
 * without recording. New ids continue at mtg_114 and rec_24.
 */
export const videoMeetingCases: ToolCase[] = [
  { title: 'upcoming meetings, soonest first', tool: 'list_meetings', args: {}, ok: true, check: (r) => expect(r.total).to.equal(46) && expect(r.meetings[0]).to.include({ meeting_id: 'mtg_65', status: 'scheduled', title: 'Sprint planning' }) },
  { title: 'an unknown type lists the valid ones', tool: 'list_meetings', args: { type: 'past' }, ok: false, errorIncludes: ['upcoming', 'previous'] },
  {
    title: 'a live meeting: who waits and who is in',
    tool: 'get_meeting',
    args: { meeting_id: 'mtg_64' },
    ok: true,
    check: (r) => {
      expect(r).to.include({ status: 'live', started_at: '2026-03-16T14:47:00Z', auto_recording: true });
      expect(r.waiting.map((p: { participant: string }) => p.participant)).to.deep.equal(['Kai Nakamura', 'Raj Patel']);
      expect(r.participants).to.have.length(4);
    },
  },
  { title: 'an unknown meeting names the closest', tool: 'get_meeting', args: { meeting_id: 'mtg_64x' }, ok: false, errorIncludes: ['meeting_not_found', 'did you mean mtg_64'] },
  {
    title: 'schedule a recorded meeting with invitees',
    tool: 'schedule_meeting',
    args: { title: 'Quarterly planning', start_time: '2026-03-20T14:00:00Z', duration_minutes: 60, invitees: ['priya.nair@acme.io', 'Anna.Kowalski@contoso.com'], auto_recording: true },
    ok: true,
    check: (r) => {
      expect(r).to.include({ meeting_id: 'mtg_114', status: 'scheduled', end_time: '2026-03-20T15:00:00Z', waiting_room: true, auto_recording: true });
      expect(r.invitees).to.deep.equal([{ participant: 'Priya Nair', email: 'priya.nair@acme.io' }, { participant: 'Anna Kowalski', email: 'anna.kowalski@contoso.com' }]);
    },
  },
  { title: 'a start in the past is refused', tool: 'schedule_meeting', args: { title: 'Too late', start_time: '2026-03-16T09:00:00Z', duration_minutes: 30 }, ok: false, errorIncludes: ['start_in_past', '2026-03-16T15:00:00Z'] },
  { title: 'move a scheduled meeting (time zone offsets are read)', tool: 'update_meeting', args: { meeting_id: 'mtg_114', start_time: '2026-03-20T16:30:00+01:00' }, ok: true, check: (r) => expect(r).to.include({ start_time: '2026-03-20T15:30:00Z', end_time: '2026-03-20T16:30:00Z' }) },
  { title: 'an ended meeting cannot be changed, and the refusal says what works', tool: 'update_meeting', args: { meeting_id: 'mtg_61', title: 'x' }, ok: false, errorIncludes: ['meeting_ended', 'list_meeting_recordings'] },
  { title: 'invited to a live meeting, one waits in its waiting room', tool: 'invite_to_meeting', args: { meeting_id: 'mtg_64', email: 'hana.sato@acme.io' }, ok: true, check: (r) => expect(r.waiting.map((p: { email: string }) => p.email)).to.deep.equal(['kai.nakamura@acme.io', 'raj.patel@acme.io', 'hana.sato@acme.io']) },
  { title: 'inviting twice', tool: 'invite_to_meeting', args: { meeting_id: 'mtg_64', email: 'Hana.Sato@acme.io' }, ok: false, errorIncludes: ['already_invited'] },
  { title: 'admit someone by first name', tool: 'admit_meeting_participant', args: { meeting_id: 'mtg_64', participant: 'Kai' }, ok: true, check: (r) => expect(r.participants.map((p: { participant: string }) => p.participant)).to.include('Kai Nakamura') && expect(r.waiting).to.have.length(2) },
  { title: 'a misspelt name names who waits', tool: 'admit_meeting_participant', args: { meeting_id: 'mtg_64', participant: 'Rja Patel' }, ok: false, errorIncludes: ['participant_not_found', 'did you mean raj patel'] },
  { title: 'nobody is admitted to a meeting that is not live', tool: 'admit_meeting_participant', args: { meeting_id: 'mtg_65', participant: 'Sofia Rossi' }, ok: false, errorIncludes: ['meeting_scheduled', 'start_meeting'] },
  { title: 'start the next meeting: its invitees wait', tool: 'start_meeting', args: { meeting_id: 'mtg_65' }, ok: true, check: (r) => expect(r).to.include({ status: 'live', started_at: '2026-03-16T15:00:00Z' }) && expect(r.waiting).to.have.length(2) },
  { title: 'a third live meeting is over the plan\'s limit', tool: 'start_meeting', args: { meeting_id: 'mtg_66' }, ok: false, errorIncludes: ['too_many_live', 'end_meeting'] },
  { title: 'no recording while the meeting is live', tool: 'list_meeting_recordings', args: { meeting_id: 'mtg_64' }, ok: false, errorIncludes: ['recording_in_progress', 'end_meeting'] },
  { title: 'end the recorded meeting: its recording appears', tool: 'end_meeting', args: { meeting_id: 'mtg_64' }, ok: true, check: (r) => expect(r.recording_id).to.equal('rec_24') && expect(r.meeting).to.include({ status: 'ended', ended_at: '2026-03-16T15:00:00Z', attended: 5 }) && expect(r.meeting.participants).to.deep.equal([]) },
  { title: 'ending twice', tool: 'end_meeting', args: { meeting_id: 'mtg_64' }, ok: false, errorIncludes: ['meeting_ended'] },
  { title: 'the recording of the meeting just ended', tool: 'list_meeting_recordings', args: { meeting_id: 'mtg_64' }, ok: true, check: (r) => expect(r.recordings).to.have.length(1) && expect(r.recordings[0]).to.include({ recording_id: 'rec_24', duration_minutes: 13 }) },
  { title: 'a meeting that was not recorded has no recording', tool: 'list_meeting_recordings', args: { meeting_id: 'mtg_61' }, ok: false, errorIncludes: ['not_recorded'] },
  { title: 'cancel a scheduled meeting', tool: 'cancel_meeting', args: { meeting_id: 'mtg_66' }, ok: true, check: (r) => expect(r.status).to.equal('cancelled') },
  { title: 'a live meeting is ended, not cancelled', tool: 'cancel_meeting', args: { meeting_id: 'mtg_65' }, ok: false, errorIncludes: ['meeting_live', 'end_meeting'] },
];
