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
    // Corrected (issue #17 part 5): the meeting schedule_meeting just made is the one a user starts,
    // admits people to and ends (start_meeting → end_meeting / admit is the implicit edge below), as
    // every other domain's gold takes a write's new id to tools that need one more state step
    // (create_cart → complete_checkout, create_payment_invoice → pay_payment_invoice). First labelled
    // without schedule_meeting here.
    admit_meeting_participant: ['list_meetings', 'get_meeting', 'schedule_meeting'],
    end_meeting: ['list_meetings', 'schedule_meeting'],
  },
  implicit: [
    // Live only after start_meeting (whose result also shows who waits).
    ['start_meeting', 'admit_meeting_participant'],
    ['start_meeting', 'end_meeting'],
  ],
};
