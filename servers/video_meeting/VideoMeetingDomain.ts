import { defineDomain } from '../kit/Domain.js';
import { loadFixture } from '../kit/fixtures.js';
import { VIDEO_MEETING_REFERENCE_DATE, type VideoMeetingState } from './VideoMeetingState.js';
import { admitMeetingParticipant, cancelMeeting, endMeeting, getMeeting, inviteToMeeting, listMeetingRecordings, listMeetings, scheduleMeeting, startMeeting, updateMeeting } from './meetingTools.js';
import { videoMeetingInvariants } from './videoMeetingInvariants.js';
import { videoMeetingPhrasings } from './videoMeetingPhrasings.js';
import { videoMeetingSamplers } from './videoMeetingSamplers.js';
import { videoMeetingScenarios } from './videoMeetingScenarios.js';

/** A Zoom-style host account: scheduled meetings, invitees, waiting room, live sessions, cloud recordings. */
export const videoMeetingDomain = defineDomain<VideoMeetingState>({
  name: 'video_meeting',
  title: 'Video meetings (Zoom-style)',
  category: 'productivity',
  description:
    'A Zoom-style account of a host (Sam Rivera, sam.rivera@acme.io): meetings scheduled with invitees and a join link, changed or cancelled ' +
    'while scheduled, started and ended as live sessions (at most two at once), a waiting room whose people are admitted only while the meeting ' +
    'is live, and cloud recordings that exist only once a recorded meeting has ended.',
  tools: [listMeetings, getMeeting, scheduleMeeting, updateMeeting, inviteToMeeting, cancelMeeting, startMeeting, admitMeetingParticipant, endMeeting, listMeetingRecordings],
  loadWorld: () => loadFixture<VideoMeetingState>('video_meeting'),
  defaultReferenceDate: VIDEO_MEETING_REFERENCE_DATE,
  samplers: videoMeetingSamplers,
  invariants: videoMeetingInvariants,
  phrasings: videoMeetingPhrasings,
  scenarios: videoMeetingScenarios,
});

export default videoMeetingDomain;
