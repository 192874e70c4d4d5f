import { setEntry, type BucketedRecord } from '../kit/bucketedRecord.js';
import { runWorldGenerator } from '../kit/fixtures.js';
import { SeededRandom, seedRandomState } from '../kit/seededRandom.js';
import { EMAIL_REFERENCE_DATE, SYSTEM_LABELS, type Attachment, type EmailContact, type EmailDraft, type EmailLabel, type EmailMessage, type EmailState, type EmailThread } from './EmailState.js';

/**
 * Builds Maya Chen's work mailbox from a seed: ~35 contacts at a dozen companies, ~140 threads over
 * the 75 days before the reference date (requests, invoices with PDF attachments, travel
 * confirmations, project updates, newsletters, meeting invitations), her replies in the Sent folder,
 * user labels on some threads, unread and starred messages, a few in Trash and Spam, and drafts.
 *
 * `npx tsx servers/email/generateWorld.ts [seed]` writes fixtures/email/world.json (seed 42).
 */

const ME = { email: 'maya.chen@northwind.io', name: 'Maya Chen' };
const FIRST = ['Ben', 'Priya', 'Omar', 'Lena', 'Jonas', 'Sofia', 'Raj', 'Elena', 'Tom', 'Ade', 'Kai', 'Nora', 'Luis', 'Hana', 'Ivan', 'Zoe', 'Marco', 'Aisha', 'Felix', 'Grace', 'Yuki', 'Sam', 'Olga', 'Peter', 'Chloe'];
const LAST = ['Ortiz', 'Nair', 'Haddad', 'Fischer', 'Berg', 'Rossi', 'Patel', 'Petrova', 'Walker', 'Okafor', 'Nakamura', 'Lindqvist', 'Garcia', 'Sato', 'Novak', 'Martin', 'Bianchi', 'Khan', 'Wagner', 'Kim'];
const COMPANIES: Array<[string, string]> = [
  ['Northwind Labs', 'northwind.io'],
  ['Contoso', 'contoso.com'],
  ['Globex', 'globex.net'],
  ['Initech', 'initech.com'],
  ['Umbrella Travel', 'umbrellatravel.com'],
  ['Acme Cloud', 'acmecloud.io'],
  ['Stark Supplies', 'starksupplies.com'],
  ['Hooli', 'hooli.com'],
];

interface Topic {
  subject: (r: SeededRandom, who: EmailContact) => string;
  body: (r: SeededRandom, who: EmailContact) => string;
  label?: string;
  attachment?: (r: SeededRandom) => Attachment;
  replies: [number, number];
}

const TOPICS: Topic[] = [
  {
    subject: (r) => `Invoice ${r.int(1040, 1999)} for ${r.pick(['February', 'March'])}`,
    body: (_r, who) => `Hi Maya,\n\nplease find attached our invoice. Payment is due within 30 days.\n\nBest regards,\n${who.name}\n${who.company}`,
    label: 'Finance',
    attachment: (r) => ({ filename: `invoice-${r.int(1040, 1999)}.pdf`, mime_type: 'application/pdf', size: r.int(40_000, 220_000) }),
    replies: [0, 1],
  },
  {
    subject: (r) => `Project ${r.pick(['Atlas', 'Beacon', 'Comet', 'Delta'])}: ${r.pick(['status update', 'next milestone', 'scope change', 'demo on Friday'])}`,
    body: (r, who) => `Hi Maya,\n\nquick update: ${r.pick(['we are on track for the milestone', 'the API work slipped by a week', 'the design review is done', 'QA found two blocking bugs'])}. ${r.pick(['Can we sync this week?', 'Let me know if you have questions.', 'Please review the attached plan.'])}\n\n${who.name}`,
    label: 'Projects',
    attachment: (r) => ({ filename: `plan-v${r.int(2, 9)}.docx`, mime_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', size: r.int(20_000, 90_000) }),
    replies: [1, 4],
  },
  {
    subject: (r) => `Your trip to ${r.pick(['Berlin', 'Lisbon', 'Chicago', 'Tokyo', 'Toronto'])}: booking confirmed`,
    body: (r) => `Your booking is confirmed.\n\nConfirmation code: ${String.fromCharCode(65 + r.int(0, 25))}${String.fromCharCode(65 + r.int(0, 25))}${r.int(1000, 9999)}\nCheck-in opens 24 hours before departure.\n\nUmbrella Travel`,
    label: 'Travel',
    attachment: (r) => ({ filename: `itinerary-${r.int(100, 999)}.pdf`, mime_type: 'application/pdf', size: r.int(30_000, 120_000) }),
    replies: [0, 0],
  },
  {
    subject: (r) => `Meeting invitation: ${r.pick(['Quarterly review', 'Budget planning', 'Hiring sync', 'Design critique', 'Vendor call'])}`,
    body: (r, who) => `${who.name} invited you to a meeting on ${r.pick(['Monday', 'Tuesday', 'Wednesday', 'Thursday'])} at ${r.pick(['10:00', '14:00', '15:30'])}.\n\nAccept or decline in your calendar.`,
    replies: [0, 2],
  },
  {
    subject: (r) => r.pick(['Question about the contract', 'Can you review this?', 'Lunch next week?', 'Access to the shared drive', 'Feedback on the proposal', 'Offsite venue options']),
    body: (r, who) => `Hi Maya,\n\n${r.pick(['do you have a minute to look at this?', 'could you send me the latest numbers?', 'I left a few comments in the document.', 'are you free on Thursday?'])}\n\nThanks,\n${who.name.split(' ')[0]}`,
    replies: [1, 3],
  },
  {
    subject: (r) => `${r.pick(['Acme Cloud', 'Hooli', 'Globex'])} newsletter: ${r.pick(['March product news', 'What is new this week', 'Your monthly digest'])}`,
    body: () => 'Catch up on the latest releases, tips and events.\n\nUnsubscribe at any time.',
    replies: [0, 0],
  },
];

const REPLIES = ['Thanks, got it.', 'Sounds good, let us do that.', 'Can we move this to next week?', 'I will review it today.', 'Approved, please go ahead.', 'Could you send the details again?'];


function at(daysAgo: number, minute: number): string {
  const base = Date.parse(EMAIL_REFERENCE_DATE) - daysAgo * 86_400_000;
  const day = new Date(base).toISOString().slice(0, 10);
  return `${day}T${String(8 + Math.floor(minute / 60) % 11).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00Z`;
}

export function generateWorld(seed: number): EmailState {
  const r = new SeededRandom(seedRandomState(seed));
  const contacts: Record<string, EmailContact> = {};
  const people: EmailContact[] = [];
  for (let i = 0; i < 36; i++) {
    const first = FIRST[i % FIRST.length];
    const last = LAST[(i * 7 + r.int(0, 3)) % LAST.length];
    const [company, domain] = i < 12 ? COMPANIES[0] : COMPANIES[1 + (i % (COMPANIES.length - 1))];
    const email = `${first.toLowerCase()}.${last.toLowerCase()}@${domain}`;
    if (Object.hasOwn(contacts, email)) continue;
    const contact = { email, name: `${first} ${last}`, company };
    contacts[email] = contact;
    people.push(contact);
  }
  const labels: Record<string, EmailLabel> = {};
  for (const name of SYSTEM_LABELS) labels[name] = { label_id: name, label: name, type: 'system' };
  const userLabels = ['Finance', 'Projects', 'Travel', 'Receipts', 'Hiring', 'Family'];
  userLabels.forEach((name, i) => (labels[`Label_${i + 1}`] = { label_id: `Label_${i + 1}`, label: name, type: 'user' }));
  const labelId = (name: string) => Object.values(labels).find((l) => l.label === name)!.label_id;

  const plan: Array<{ daysAgo: number; topic: Topic; who: EmailContact }> = [];
  for (let t = 0; t < 140; t++) plan.push({ daysAgo: r.int(1, 75), topic: r.pick(TOPICS), who: r.pick(people) });
  plan.sort((a, b) => b.daysAgo - a.daysAgo);

  const messages: BucketedRecord<EmailMessage> = {};
  const threads: BucketedRecord<EmailThread> = {};
  let m = 0;
  plan.forEach(({ daysAgo, topic, who }, t) => {
    const threadId = `thr_${t + 1}`;
    const subject = topic.subject(r, who);
    const from = topic.subject === TOPICS[5].subject ? `news@${who.email.split('@')[1]}` : who.email;
    const ids: string[] = [];
    const replies = r.int(topic.replies[0], topic.replies[1]);
    let minute = r.int(0, 600);
    let day = daysAgo;
    const cc = r.chance(0.25) ? [r.pick(people).email].filter((e) => e !== who.email) : [];
    for (let k = 0; k <= replies; k++) {
      const mine = k % 2 === 1;
      const message: EmailMessage = {
        message_id: `msg_${++m}`,
        thread_id: threadId,
        from: mine ? ME.email : from,
        to: mine ? [from] : [ME.email],
        cc: k === 0 ? cc : [],
        subject: k === 0 ? subject : `Re: ${subject}`,
        body: k === 0 ? topic.body(r, who) : mine ? `${r.pick(REPLIES)}\n\nMaya` : `${r.pick(REPLIES)}\n\n${who.name.split(' ')[0]}`,
        date: at(day, minute),
        labels: [],
        attachments: k === 0 && topic.attachment && r.chance(0.7) ? [topic.attachment(r)] : [],
      };
      if (mine) message.labels.push('SENT');
      else {
        message.labels.push(topic.subject === TOPICS[5].subject && r.chance(0.3) ? 'SPAM' : 'INBOX');
        if (day <= 6 && r.chance(0.6)) message.labels.push('UNREAD');
        if (r.chance(0.1)) message.labels.push('STARRED');
        if (r.chance(0.15)) message.labels.push('IMPORTANT');
        if (topic.label !== undefined && r.chance(0.7)) message.labels.push(labelId(topic.label));
        if (message.labels[0] === 'INBOX' && day > 30 && r.chance(0.05)) message.labels[0] = 'TRASH';
      }
      setEntry(messages, message.message_id, message);
      ids.push(message.message_id);
      minute += r.int(20, 400);
      if (minute >= 600) {
        // Nothing is dated after the reference date: a thread reaching its eve stops there.
        if (day <= 1) break;
        minute -= 600;
        day -= 1;
      }
    }
    setEntry(threads, threadId, { thread_id: threadId, subject, message_ids: ids });
  });

  const drafts: Record<string, EmailDraft> = {};
  const draftTexts: Array<[string, string]> = [
    ['Offsite agenda', 'Draft agenda:\n1. Roadmap\n2. Budget\n3. Team dinner'],
    ['Re: Question about the contract', 'Hi, I checked with legal and'],
    ['Expense report March', 'Attached are my expenses for March.'],
  ];
  draftTexts.forEach(([subject, body], i) => {
    const id = `dft_${i + 1}`;
    drafts[id] = { draft_id: id, to: i === 0 ? [] : [r.pick(people).email], cc: [], subject, body, in_reply_to: null, updated: at(r.int(1, 5), r.int(0, 500)) };
  });
  return { account: ME, contacts, labels, messages, threads, drafts };
}

export const renderWorld = (seed: number): string => `${JSON.stringify(generateWorld(seed), null, 1)}\n`;

runWorldGenerator(import.meta.url, 'email', renderWorld);
