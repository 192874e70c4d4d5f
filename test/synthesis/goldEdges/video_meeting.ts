import type { GoldGraph } from './types.js';

// Labelled from servers/video_meeting (README and tools) before looking at the discovered graph.
// Meeting ids come from list_meetings and from schedule_meeting (the new one); recordings name
// only ended meetings, which nothing but get_meeting accepts. The tools that act on a meeting echo
// its id. An invitee's email is any address the user gives (checked for form only): no edge.
// A participant to admit is someone in a live meeting's waiting room, by name or email.
export const gold: GoldGraph = {
  domain: 'video_meeting',
  explicit: {
    get_meeting: ['list_meetings', 'list_meeting_recordings', 'schedule_meeting'],
    update_meeting: ['list_meetings', 'schedule_meeting'],
    invite_to_meeting: ['list_meetings', 'schedule_meeting'],
    cancel_meeting: ['list_meetings', 'schedule_meeting'],
    start_meeting: ['list_meetings', 'schedule_meeting'],
    admit_meeting_participant: ['list_meetings', 'get_meeting'],
    end_meeting: ['list_meetings'],
  },
  implicit: [
    // Live only after start_meeting (whose result also shows who waits).
    ['start_meeting', 'admit_meeting_participant'],
    ['start_meeting', 'end_meeting'],
  ],
};
