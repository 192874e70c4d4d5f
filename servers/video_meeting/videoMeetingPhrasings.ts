/** How users ask for each video meeting tool (slots are argument names), for data synthesis. */
export const videoMeetingPhrasings: Record<string, string[]> = {
  list_meetings: ['what meetings do I have coming up?', 'show my {type} meetings', 'find my meetings about {query}'],
  get_meeting: ['show me the details of {meeting_id}', 'who is invited to {meeting_id}?'],
  schedule_meeting: ['schedule {title} for {start_time}, {duration_minutes} minutes', 'set up a Zoom called {title} at {start_time} for {duration_minutes} minutes'],
  update_meeting: ['move {meeting_id} to {start_time}', 'change {meeting_id}', 'make {meeting_id} {duration_minutes} minutes long'],
  invite_to_meeting: ['invite {email} to {meeting_id}', 'add {email} to {meeting_id}'],
  cancel_meeting: ['cancel {meeting_id}', 'call off {meeting_id}'],
  start_meeting: ['start {meeting_id}', 'open {meeting_id} now'],
  admit_meeting_participant: ['let {participant} in to {meeting_id}', 'admit {participant} from the waiting room of {meeting_id}'],
  end_meeting: ['end {meeting_id} for everyone', 'wrap up {meeting_id}'],
  list_meeting_recordings: ['find the recording of {meeting_id}', 'show my cloud recordings', 'find recordings about {query}'],
};
