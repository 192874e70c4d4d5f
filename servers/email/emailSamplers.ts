import type { DomainSampler } from '../kit/Domain.js';
import { entryValues } from '../kit/bucketedRecord.js';
import type { EmailState } from './EmailState.js';

/**
 * What a mailbox conversation can mention: people (by name and address), searches people type,
 * subjects and bodies they write, user labels, and the messages worth acting on (described by
 * sender, subject and day; their ids come from a search in the conversation).
 */

const COMPOSITIONS: Array<[string, string]> = [
  ['Lunch on Thursday?', 'Are you free for lunch on Thursday around 12:30?'],
  ['Updated budget', 'I updated the budget sheet with the March numbers. Please take a look.'],
  ['Contract signed', 'Good news: the contract is signed. I will send the copy tomorrow.'],
  ['Running late', 'Running ten minutes late, start without me.'],
  ['Invoice question', 'Could you check whether the last invoice included the discount?'],
  ['Offsite dates', 'The offsite is confirmed for April 20-21. Please book your travel.'],
];
const REPLIES = ['Thanks, that works for me.', 'Got it, I will take care of it today.', 'Can we push this to next week?', 'Approved. Please go ahead.', 'Looping in the team.'];

export const emailSamplers: DomainSampler<EmailState>[] = [
  {
    collection: 'contacts',
    description: 'People mail goes to and comes from: name, company and address (to: takes the address).',
    sample(state) {
      return Object.values(state.contacts).map((c) => ({ name: c.name, company: c.company, to: c.email }));
    },
  },
  {
    collection: 'searches',
    description: 'Gmail searches a user would type, built from real senders, subjects and labels of this mailbox.',
    sample(state) {
      const out: Array<Record<string, unknown>> = [];
      const messages = entryValues(state.messages);
      const senders = [...new Set(messages.filter((m) => !m.labels.includes('SENT') && Object.hasOwn(state.contacts, m.from)).map((m) => m.from))].slice(0, 20);
      for (const from of senders) out.push({ query: `from:${from.split('@')[0].split('.')[0]}`, sender: state.contacts[from].name });
      for (const label of Object.values(state.labels)) if (label.type === 'user') out.push({ query: `label:${label.label}` });
      out.push({ query: 'is:unread' }, { query: 'has:attachment' }, { query: 'is:starred' }, { query: 'in:sent' }, { query: 'subject:invoice' }, { query: 'newer_than:7d' }, { query: 'after:2026/03/01 has:attachment' }, { query: 'subject:"meeting invitation"' });
      return out;
    },
  },
  {
    collection: 'compositions',
    description: 'Subjects and bodies a user might write in a new message or draft, and short replies (body).',
    sample() {
      return [...COMPOSITIONS.map(([subject, body]) => ({ subject, body })), ...REPLIES.map((body) => ({ body }))];
    },
  },
  {
    collection: 'messages',
    description: 'Received messages worth acting on, as a person recalls them (sender, subject, day, attachments); their ids come from a search in the conversation.',
    sample(state) {
      return entryValues(state.messages)
        .filter((m) => m.labels.includes('INBOX'))
        .map((m) => ({ sender: Object.hasOwn(state.contacts, m.from) ? state.contacts[m.from].name : m.from, subject: m.subject, day: m.date.slice(0, 10), attachments: m.attachments.map((a) => a.filename), unread: m.labels.includes('UNREAD') }));
    },
  },
  {
    collection: 'drafts',
    description: 'Unsent drafts as the user remembers them (subject, whether they have recipients); their ids come from list_email_drafts.',
    sample(state) {
      return Object.values(state.drafts).map((d) => ({ subject: d.subject, has_recipients: d.to.length > 0 }));
    },
  },
  {
    collection: 'labels',
    description: 'Labels a message can be filed under (user labels, and STARRED / IMPORTANT / UNREAD).',
    sample(state) {
      return Object.values(state.labels)
        .filter((l) => l.type === 'user' || l.label_id === 'STARRED' || l.label_id === 'IMPORTANT' || l.label_id === 'UNREAD')
        .map((l) => ({ label: l.label, type: l.type }));
    },
  },
];
