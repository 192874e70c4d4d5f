import { setEntry, type BucketedRecord } from '../kit/bucketedRecord.js';
import { runWorldGenerator } from '../kit/fixtures.js';
import { SeededRandom, seedRandomState } from '../kit/seededRandom.js';
import { TEAM_CHAT_REFERENCE_DATE, type ChatChannel, type ChatMessage, type ChatUser, type TeamChatState } from './TeamChatState.js';

/**
 * Builds the Northwind Labs workspace from a seed: 18 people, 8 public and 4 private channels
 * (maya, the signed-in user, is in some and not others), ~60 days of messages with threads,
 * @mentions and reactions, all before the reference date.
 *
 * `npx tsx servers/team_chat/generateWorld.ts [seed]` writes fixtures/team_chat/world.json (seed 42).
 */

const PEOPLE: Array<[string, string, string]> = [
  ['maya', 'Maya Chen', 'Engineering Manager'],
  ['ben', 'Ben Ortiz', 'Backend Engineer'],
  ['priya', 'Priya Nair', 'Frontend Engineer'],
  ['omar', 'Omar Haddad', 'SRE'],
  ['lena', 'Lena Fischer', 'Product Designer'],
  ['jonas', 'Jonas Berg', 'Product Manager'],
  ['sofia', 'Sofia Rossi', 'Designer'],
  ['raj', 'Raj Patel', 'Data Engineer'],
  ['elena', 'Elena Petrova', 'Finance Lead'],
  ['tom', 'Tom Walker', 'Accountant'],
  ['ade', 'Ade Okafor', 'IT Admin'],
  ['kai', 'Kai Nakamura', 'QA Engineer'],
  ['nora', 'Nora Lindqvist', 'Recruiter'],
  ['luis', 'Luis Garcia', 'Sales'],
  ['hana', 'Hana Sato', 'Support'],
  ['ivan', 'Ivan Novak', 'Security Engineer'],
  ['zoe', 'Zoe Martin', 'Marketing'],
  ['marco', 'Marco Bianchi', 'CTO'],
];

const CHANNELS: Array<[string, string, boolean, string[] | 'all' | number]> = [
  ['general', 'Company-wide announcements', false, 'all'],
  ['random', 'Anything goes', false, 'all'],
  ['engineering', 'Engineering discussion', false, ['maya', 'ben', 'priya', 'omar', 'raj', 'kai', 'ivan', 'marco']],
  ['deploys', 'Deploy notifications and rollbacks', false, ['ben', 'omar', 'priya', 'kai', 'maya']],
  ['design', 'Design reviews and feedback', false, ['lena', 'sofia', 'jonas', 'priya']],
  ['support', 'Customer issues', false, ['hana', 'luis', 'ben', 'jonas']],
  ['marketing', 'Campaigns and launches', false, ['zoe', 'luis', 'jonas', 'sofia']],
  ['help-it', 'Laptops, accounts, VPN', false, ['ade', 'maya', 'nora', 'tom', 'hana']],
  ['leads', 'Team leads only', true, ['maya', 'jonas', 'elena', 'marco']],
  ['incident-2026-03', 'Payments outage follow-up', true, ['omar', 'ben', 'maya', 'ivan']],
  ['hiring', 'Open roles and candidates', true, ['nora', 'marco', 'jonas']],
  ['finance-private', 'Budgets and payroll', true, ['elena', 'tom', 'marco']],
];

const LINES: Record<string, string[]> = {
  general: ['Welcome to the new folks joining this week!', 'Office closed on Friday for the holiday.', 'All-hands moved to Thursday 15:00.', 'Please fill in the engagement survey by Monday.'],
  random: ['Anyone up for lunch at the ramen place?', 'Coffee machine on floor 2 is fixed.', 'Photos from the offsite are in the shared drive.', 'Who left an umbrella in room 4?'],
  engineering: ['The API latency regression is fixed in 1.6.2.', 'Can someone review my PR for the billing service?', 'We should upgrade Postgres before April.', 'Flaky login test is back, looking into it.'],
  deploys: ['Deploying atlas 1.6.2 to production.', 'Rollback of beacon done, errors back to normal.', 'Staging is frozen until the demo.', 'Deploy finished, all checks green.'],
  design: ['New onboarding mockups are up for review.', 'Can we align on the colour palette today?', 'Icons exported to the design folder.', 'Feedback welcome on the pricing page.'],
  support: ['Customer reports login loops on Safari.', 'Refund request from Contoso, can someone check?', 'Ticket backlog is down to 12.', 'Invoice PDF is missing for one customer.'],
  marketing: ['Launch email goes out Tuesday.', 'Webinar signups passed 300!', 'Need a quote from a customer for the case study.', 'Social posts scheduled for the week.'],
  'help-it': ['VPN is down for some people, investigating.', 'New laptops arrive on Wednesday.', 'Please enable 2FA before the end of the month.', 'Password resets go through the portal now.'],
  leads: ['Headcount plan for Q2 is in the doc.', 'Performance reviews start next week.', 'Budget freeze on travel until April.', 'Let us discuss the reorg on Monday.'],
  'incident-2026-03': ['Root cause: expired certificate on the payments gateway.', 'Timeline draft is ready for review.', 'Action item: alert on certificate expiry.', 'Postmortem meeting Thursday 11:00.'],
  hiring: ['Two strong candidates for the backend role.', 'Offer accepted for the designer position!', 'Can we schedule the final interviews?', 'Referral bonus doubled this quarter.'],
  'finance-private': ['Payroll runs on the 25th.', 'Q1 spend is 4% under budget.', 'Audit prep starts next month.', 'New expense policy draft attached.'],
};
const REPLIES = ['Thanks!', 'On it.', 'Sounds good to me.', 'Can you share more details?', 'Done.', '+1', 'Let us discuss in the standup.', 'I can take this one.'];
const EMOJI = ['thumbsup', 'eyes', 'white_check_mark', 'tada', 'heart', 'rocket', 'pray'];

export function generateWorld(seed: number): TeamChatState {
  const r = new SeededRandom(seedRandomState(seed));
  const users: Record<string, ChatUser> = {};
  for (const [username, display_name, title] of PEOPLE) users[username] = { username, display_name, title };
  const all = PEOPLE.map(([u]) => u);
  const channels: Record<string, ChatChannel> = {};
  for (const [name, topic, is_private, who] of CHANNELS) {
    const members = who === 'all' ? all.slice() : (who as string[]).slice();
    channels[name] = { name, topic, is_private, created: '2025-06-02T09:00:00Z', members };
  }
  const plan: Array<{ channel: string; minutes: number }> = [];
  for (const name of Object.keys(channels)) for (let i = 0; i < r.int(14, 30); i++) plan.push({ channel: name, minutes: r.int(60, 60 * 24 * 60) });
  plan.sort((a, b) => b.minutes - a.minutes);
  const messages: BucketedRecord<ChatMessage> = {};
  let n = 0;
  const stamp = (minutesAgo: number) => new Date(Date.parse(TEAM_CHAT_REFERENCE_DATE) - minutesAgo * 60_000).toISOString().replace('.000Z', 'Z');
  for (const { channel, minutes } of plan) {
    const members = channels[channel].members;
    const author = r.pick(members);
    let text = r.pick(LINES[channel]);
    const mentions: string[] = [];
    if (r.next() < 0.3) {
      const other = r.pick(members.filter((m) => m !== author));
      text = `@${other} ${text}`;
      mentions.push(other);
    }
    const root: ChatMessage = { message_id: `msg_${++n}`, channel, user: author, text, ts: stamp(minutes), parent_id: null, reply_ids: [], mentions, reactions: [] };
    if (r.next() < 0.4) {
      const emoji = r.pick(EMOJI);
      const reactors = [...new Set([r.pick(members), r.pick(members)])];
      root.reactions.push({ emoji, users: reactors });
    }
    const replies: ChatMessage[] = [];
    let at = minutes;
    for (let k = 0; k < (r.next() < 0.45 ? r.int(1, 4) : 0); k++) {
      at -= r.int(2, 50);
      if (at < 1) break;
      replies.push({ message_id: `msg_${++n}`, channel, user: r.pick(members), text: r.pick(REPLIES), ts: stamp(at), parent_id: root.message_id, reply_ids: [], mentions: [], reactions: [] });
    }
    root.reply_ids = replies.map((m) => m.message_id);
    setEntry(messages, root.message_id, root);
    for (const reply of replies) setEntry(messages, reply.message_id, reply);
  }
  return { workspace: 'Northwind Labs', me: 'maya', users, channels, messages };
}

export const renderWorld = (seed: number): string => `${JSON.stringify(generateWorld(seed), null, 1)}\n`;

runWorldGenerator(import.meta.url, 'team_chat', renderWorld);
