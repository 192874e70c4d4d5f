import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { domainRuntime, type DomainRuntime } from '../../../servers/kit/DomainSession.js';
import { videoMeetingDomain } from '../../../servers/video_meeting/VideoMeetingDomain.js';
import { generateWorld, renderWorld } from '../../../servers/video_meeting/generateWorld.js';
import { videoMeetingInvariants } from '../../../servers/video_meeting/videoMeetingInvariants.js';
import { REPO_ROOT } from '../../support/project.js';
import { ok, refused } from '../support/domainCalls.js';

const runtime = domainRuntime(videoMeetingDomain) as DomainRuntime<unknown>;

describe('video_meeting: meetings, waiting room, live sessions and recordings', () => {
  it('the committed world is generateWorld(42); another seed gives another account that keeps every invariant', () => {
    expect(readFileSync(join(REPO_ROOT, 'fixtures', 'video_meeting', 'world.json'), 'utf8')).to.equal(renderWorld(42));
    const other = generateWorld(3);
    expect(JSON.stringify(other)).to.not.equal(JSON.stringify(generateWorld(42)));
    for (const invariant of videoMeetingInvariants) expect(invariant.check(other, other), invariant.name).to.equal(undefined);
    expect(videoMeetingDomain.tools).to.have.length(10);
  });

  it('a meeting\'s whole life: scheduled, invited, started, people admitted only while live, ended, recorded', () => {
    const session = runtime.openSession();
    const meeting = ok(session, 'schedule_meeting', { title: 'Roadmap review', start_time: '2026-03-17T10:00:00Z', duration_minutes: 45, invitees: ['jonas.berg@acme.io'], auto_recording: true });
    const id = meeting.meeting_id;
    refused(session, 'admit_meeting_participant', { meeting_id: id, participant: 'Jonas' }, 'start_meeting');
    refused(session, 'list_meeting_recordings', { meeting_id: id }, 'has not taken place');
    ok(session, 'invite_to_meeting', { meeting_id: id, email: 'zoe.martin@acme.io' });
    ok(session, 'end_meeting', { meeting_id: 'mtg_64' });
    const live = ok(session, 'start_meeting', { meeting_id: id });
    expect(live.waiting.map((p: { participant: string }) => p.participant)).to.deep.equal(['Jonas Berg', 'Zoe Martin']);
    refused(session, 'update_meeting', { meeting_id: id, title: 'Later' }, 'meeting_live');
    ok(session, 'admit_meeting_participant', { meeting_id: id, participant: 'zoe.martin@acme.io' });
    refused(session, 'admit_meeting_participant', { meeting_id: id, participant: 'Zoe Martin' }, 'already_in_meeting');
    const ended = ok(session, 'end_meeting', { meeting_id: id });
    expect(ended.meeting.attended).to.equal(2);
    refused(session, 'admit_meeting_participant', { meeting_id: id, participant: 'Jonas' }, 'meeting_ended');
    refused(session, 'start_meeting', { meeting_id: id }, 'meeting_ended');
    expect(ok(session, 'list_meeting_recordings', { meeting_id: id }).recordings[0].recording_id).to.equal(ended.recording_id);
    expect(ok(session, 'list_meetings', { type: 'previous' }).meetings[0].meeting_id).to.be.oneOf([id, 'mtg_64']);
    expect(runtime.checkInvariants(session.state)).to.deep.equal([]);
  });

  it('without a waiting room invitees join at once; an unrecorded meeting gets no recording', () => {
    const session = runtime.openSession();
    const meeting = ok(session, 'schedule_meeting', { title: 'Quick sync', start_time: '2026-03-16T15:30:00Z', duration_minutes: 15, invitees: ['ben.ortiz@acme.io'], waiting_room: false });
    const live = ok(session, 'start_meeting', { meeting_id: meeting.meeting_id });
    expect(live.participants.map((p: { email: string }) => p.email)).to.deep.equal(['sam.rivera@acme.io', 'ben.ortiz@acme.io']);
    expect(ok(session, 'end_meeting', { meeting_id: meeting.meeting_id }).recording_id).to.equal(null);
    refused(session, 'list_meeting_recordings', { meeting_id: meeting.meeting_id }, 'not_recorded');
    refused(session, 'schedule_meeting', { title: 'x', start_time: '2026-03-20T10:00:00', duration_minutes: 30 }, 'start_time');
    refused(session, 'invite_to_meeting', { meeting_id: 'mtg_65', email: 'not an email' }, 'invalid_email');
    refused(session, 'update_meeting', { meeting_id: 'mtg_65' }, 'nothing_to_update');
    expect(runtime.checkInvariants(session.state)).to.deep.equal([]);
  });

  it('prototype names are plain not-found answers for meetings and participants', () => {
    const session = runtime.openSession();
    for (const id of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      refused(session, 'get_meeting', { meeting_id: id }, 'found');
      refused(session, 'admit_meeting_participant', { meeting_id: 'mtg_64', participant: id }, 'participant_not_found');
    }
  });
});
