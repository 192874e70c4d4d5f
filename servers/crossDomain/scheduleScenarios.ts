import type { CrossDomainScenario } from '../kit/Domain.js';
import { addMinutes, nextWeekday, pickOne, rows, weekdayOf, type Row } from './crossDomainSupport.js';

/**
 * Meetings across apps: an invitation that arrived by email put into the calendar (and answered),
 * a video call scheduled and entered in the calendar with its join link (and moved in both). The
 * worlds share no ids: what carries over is what the person reads and types, a weekday and a time
 * from the invitation, the call's title, times and link.
 */

const CALENDAR_USER = (calendar: Row): Row => ({ me: calendar.user, me_name: calendar.people?.[calendar.user]?.name ?? calendar.user });

export const scheduleScenarios: CrossDomainScenario[] = [
  {
    name: 'email_invitation_into_the_calendar',
    goal: 'Find a meeting invitation in the mailbox by who sent it, put the meeting into the calendar on the day and time it names, then reply to the sender.',
    domains: ['calendar', 'email'],
    context: ['The user reads mail as {mailbox} and keeps the calendar {me}.'],
    // Few invitations in the mailbox: more of the same calls are dropped as near-duplicates, so drawn more often.
    weight: 3,
    cast(states, random) {
      const calendar = states.calendar as Row;
      const email = states.email as Row;
      const mailbox = email.account?.email as string;
      const today = '2026-03-16';
      const invitations: Row[] = [];
      for (const message of rows(email.messages)) {
        const match = /^(.+) invited you to a meeting on (\w+) at (\d\d:\d\d)\./.exec(String(message.body));
        if (match === null || message.from === mailbox || !String(message.subject).startsWith('Meeting invitation: ')) continue;
        // The day the invitation names: the first such weekday after it was sent, still ahead.
        const day = nextWeekday(String(message.date).slice(0, 10), match[2]);
        if (day < today) continue;
        invitations.push({ message, sender: match[1], weekday: match[2], time: match[3], day });
      }
      // One invitation per sender and topic, so that the search the user's words lead to finds this one.
      const unique = invitations.filter((a) => invitations.filter((b) => b.message.from === a.message.from && b.message.subject === a.message.subject).length === 1);
      const chosen = pickOne(random, unique);
      if (chosen === undefined) return undefined;
      const minutes = random.pick([30, 45, 60]);
      return {
        ...CALENDAR_USER(calendar),
        mailbox,
        sender: chosen.sender,
        sender_first: String(chosen.sender).split(' ')[0],
        sender_email: chosen.message.from,
        topic: String(chosen.message.subject).slice('Meeting invitation: '.length),
        minutes,
      };
    },
    turns: [
      {
        say: [
          '{sender} emailed me an invitation to the {topic}. Please put it in my calendar, {minutes} minutes.',
          'There is a meeting invitation from {sender} about the {topic} in my inbox. Add it to my calendar for {minutes} minutes, please.',
        ],
        steps: [
          {
            tool: 'search_emails',
            args: (f) => ({ query: `from:${(f.sender_first as string).toLowerCase()} subject:invitation` }),
            learn: (r: Row, f) => {
              const message = (r.messages as Row[]).find((m) => m.from === f.sender_email && m.subject === `Meeting invitation: ${f.topic as string}`);
              return message === undefined ? undefined : { message_id: message.message_id, sent: String(message.date).slice(0, 10) };
            },
          },
          {
            tool: 'get_email',
            args: (f) => ({ message_id: f.message_id }),
            learn: (r: Row, f) => {
              const body = String(r.message?.body ?? r.body ?? '');
              const match = / on (\w+) at (\d\d:\d\d)\./.exec(body);
              if (match === null) return undefined;
              const day = nextWeekday(f.sent as string, match[1]);
              return { weekday: match[1], time: match[2], day, end_time: addMinutes(match[2], f.minutes as number) };
            },
          },
          {
            tool: 'create_event',
            args: (f) => ({
              calendar_id: f.me,
              summary: f.topic,
              start: `${f.day as string}T${f.time as string}:00`,
              end: `${f.day as string}T${f.end_time as string}:00`,
              allow_conflicts: true,
            }),
            learn: (r: Row) => ({ event_id: r.event.id }),
            // The end left out: the calendar needs both ends of an event.
            fault: {
              kind: 'missing_argument',
              tool: 'create_event',
              args: (f) => ({ calendar_id: f.me, summary: f.topic, start: `${f.day as string}T${f.time as string}:00` }),
              recovery: 'retry_corrected',
            },
          },
        ],
      },
      {
        say: ['Thanks. Reply to {sender_first}: "Thanks for the invitation, I will be there."', 'Now answer {sender_first}\'s email with "Thanks for the invitation, I will be there."'],
        steps: [
          {
            tool: 'reply_to_email',
            args: (f) => ({ message_id: f.message_id, body: 'Thanks for the invitation, I will be there.' }),
          },
        ],
      },
    ],
  },
  {
    name: 'video_call_with_its_calendar_event',
    goal: 'Schedule a video call, put it in the calendar with its join link, then move both to another time.',
    domains: ['video_meeting', 'calendar'],
    context: ['The user hosts video calls as {host} and keeps the calendar {me} (time zone Europe/Berlin, UTC+01:00 in March).'],
    weight: 2,
    cast(states, random) {
      const calendar = states.calendar as Row;
      const video = states.video_meeting as Row;
      const host = video.host?.email ?? video.user?.email ?? video.account?.email ?? 'sam.rivera@acme.io';
      const day = random.pick(['2026-03-17', '2026-03-18', '2026-03-19', '2026-03-20', '2026-03-23', '2026-03-24', '2026-03-25', '2026-03-26']);
      const time = random.pick(['09:30', '10:00', '11:00', '14:00', '15:30', '16:00']);
      const later = random.pick(['12:00', '13:30', '17:00']);
      const minutes = random.pick([30, 45, 60]);
      const title = random.pick(['Partner check-in', 'Quarterly planning', 'Vendor demo', 'Project kickoff', 'Design walkthrough', 'Customer interview']);
      return { ...CALENDAR_USER(calendar), host, title, day, weekday: weekdayOf(day), time, later, minutes };
    },
    turns: [
      {
        say: [
          'Set up a video call "{title}" on {weekday} {day} at {time} for {minutes} minutes, and put it in my calendar with the join link.',
          'Please schedule a {minutes}-minute Zoom called "{title}" for {day} at {time} and add it to my calendar too, with the link.',
        ],
        steps: [
          {
            tool: 'schedule_meeting',
            args: (f) => ({ title: f.title, start_time: `${f.day as string}T${f.time as string}:00+01:00`, duration_minutes: f.minutes }),
            learn: (r: Row) => ({ meeting_id: r.meeting_id, join_url: r.join_url, start_utc: r.start_time, end_utc: r.end_time }),
            // The length left out: a meeting needs one.
            fault: {
              kind: 'missing_argument',
              tool: 'schedule_meeting',
              args: (f) => ({ title: f.title, start_time: `${f.day as string}T${f.time as string}:00+01:00` }),
              recovery: 'retry_corrected',
            },
          },
          {
            tool: 'create_event',
            args: (f) => ({ calendar_id: f.me, summary: f.title, start: f.start_utc, end: f.end_utc, location: f.join_url, allow_conflicts: true }),
            learn: (r: Row) => ({ event_id: r.event.id }),
          },
        ],
      },
      {
        say: ['Something came up: move the call to {later} the same day, in the calendar too.', 'Can we push it to {later} that day? Change both the call and my calendar entry.'],
        steps: [
          {
            tool: 'update_meeting',
            args: (f) => ({ meeting_id: f.meeting_id, start_time: `${f.day as string}T${f.later as string}:00+01:00` }),
            learn: (r: Row) => ({ new_start_utc: r.start_time ?? r.meeting?.start_time, new_end_utc: r.end_time ?? r.meeting?.end_time }),
          },
          { tool: 'update_event', args: (f) => ({ event_id: f.event_id, start: f.new_start_utc, end: f.new_end_utc, allow_conflicts: true }) },
        ],
      },
    ],
  },
];
