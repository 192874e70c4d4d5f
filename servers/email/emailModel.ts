import type { ToolContext } from '../kit/Domain.js';
import { editEntry, entryValues, getEntry } from '../kit/bucketedRecord.js';
import { closestName } from '../kit/closestName.js';
import type { JsonSchema } from '../../core/index.js';
import type { EmailDraft, EmailLabel, EmailMessage, EmailState, EmailThread } from './EmailState.js';

/** Lookups with closest-name failures, the Gmail search language, and the views results return. */

export type Context = ToolContext<EmailState>;

export function requireMessage(ctx: Context, id: string): EmailMessage {
  const message = getEntry(ctx.base.messages, id);
  if (message !== undefined) return message;
  const near = /^msg_\d+$/.test(id) ? undefined : closestName(id, ['msg_1']);
  return ctx.fail(`message ${id} not found${near ? '; message ids look like msg_12' : ''}; search_emails finds messages and gives their message_id`);
}

export function requireThread(ctx: Context, id: string): EmailThread {
  const thread = getEntry(ctx.base.threads, id);
  if (thread !== undefined) return thread;
  return ctx.fail(`thread ${id} not found; search_emails gives each message's thread_id`);
}

export function requireDraft(ctx: Context, id: string): EmailDraft {
  const drafts = ctx.base.drafts;
  if (Object.hasOwn(drafts, id)) return drafts[id];
  const ids = Object.keys(drafts);
  const near = closestName(id, ids);
  return ctx.fail(`draft ${id} not found${near ? `; did you mean ${near} ("${drafts[near].subject}")?` : ''}; list_email_drafts lists them (${ids.length} now)`);
}

/** A label by name (case-insensitive) or id. */
export function findLabel(state: EmailState, name: string): EmailLabel | undefined {
  if (Object.hasOwn(state.labels, name)) return state.labels[name];
  const lower = name.toLowerCase();
  for (const id in state.labels) if (state.labels[id].label.toLowerCase() === lower) return state.labels[id];
  return undefined;
}

export function requireLabel(ctx: Context, name: string): EmailLabel {
  const label = findLabel(ctx.base, name);
  if (label !== undefined) return label;
  const names = Object.values(ctx.base.labels).map((l) => l.label);
  const near = closestName(name, names);
  return ctx.fail(`label "${name}" not found${near ? `; did you mean "${near}"?` : ''}; labels: ${names.join(', ')}`);
}

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[a-z]{2,}$/i;

/** Recipients as addresses: each must look like one; contacts may be given by name too. */
export function recipients(ctx: Context, list: readonly string[] | undefined, field: string): string[] {
  const out: string[] = [];
  for (const raw of list ?? []) {
    const value = raw.trim();
    if (EMAIL.test(value)) {
      if (!out.includes(value.toLowerCase())) out.push(value.toLowerCase());
      continue;
    }
    const contacts = Object.values(ctx.base.contacts);
    const byName = contacts.filter((c) => c.name.toLowerCase() === value.toLowerCase());
    if (byName.length === 1) {
      if (!out.includes(byName[0].email)) out.push(byName[0].email);
      continue;
    }
    const near = closestName(value, contacts.map((c) => c.name.toLowerCase()));
    const contact = near === undefined ? undefined : contacts.find((c) => c.name.toLowerCase() === near);
    ctx.fail(`${field}: "${value}" is not an email address${contact ? `; did you mean ${contact.name} <${contact.email}>?` : ''} (list_email_contacts finds addresses)`);
  }
  return out;
}

export function putMessage(ctx: Context, message: EmailMessage): void {
  // Plain copies of the outer record and one bucket (editEntry), not writes through the draft's Proxy.
  editEntry(ctx, ['messages'], message.message_id, message);
}

export function putThread(ctx: Context, thread: EmailThread): void {
  editEntry(ctx, ['threads'], thread.thread_id, thread);
}

export function allMessages(state: EmailState): EmailMessage[] {
  return entryValues(state.messages);
}

export function snippet(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > 90 ? `${flat.slice(0, 87)}...` : flat;
}

export function labelNames(state: EmailState, ids: readonly string[]): string[] {
  return ids.map((id) => (Object.hasOwn(state.labels, id) ? state.labels[id].label : id));
}

/** How a person refers to a message: "the email from Ben Ortiz on 2026-03-03 about Invoice 1042". */
export function describe(state: EmailState, m: EmailMessage): string {
  const mine = m.labels.includes('SENT');
  const other = mine ? m.to[0] ?? '' : m.from;
  const who = Object.hasOwn(state.contacts, other) ? state.contacts[other].name : other;
  return `the email ${mine ? 'to' : 'from'} ${who} on ${m.date.slice(0, 10)} about "${m.subject}"`;
}

export function summaryView(state: EmailState, m: EmailMessage): Record<string, unknown> {
  return { message_id: m.message_id, thread_id: m.thread_id, summary: describe(state, m), from: m.from, to: m.to, subject: m.subject, date: m.date, snippet: snippet(m.body), labels: labelNames(state, m.labels), has_attachments: m.attachments.length > 0 };
}

export function messageView(state: EmailState, m: EmailMessage): Record<string, unknown> {
  return { message_id: m.message_id, thread_id: m.thread_id, from: m.from, to: m.to, cc: m.cc, subject: m.subject, date: m.date, body: m.body, labels: labelNames(state, m.labels), attachments: m.attachments };
}

export const str = (description: string): JsonSchema => ({ type: 'string', description });
export const strings = (description: string): JsonSchema => ({ type: 'array', items: { type: 'string' }, description });

export const SUMMARY_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    message_id: str('The message, e.g. msg_12.'),
    thread_id: str('Its conversation.'),
    summary: str('Who, when and what, in a few words.'),
    from: str('Sender address.'),
    to: strings('Recipients.'),
    subject: str('Subject.'),
    date: str('Sent, ISO-8601 UTC.'),
    snippet: str('The start of the body.'),
    labels: strings('Label names.'),
    has_attachments: { type: 'boolean', description: 'It carries attachments.' },
  },
  required: ['message_id', 'thread_id', 'summary', 'from', 'to', 'subject', 'date', 'snippet', 'labels', 'has_attachments'],
};

export const MESSAGE_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    message_id: str('The message.'),
    thread_id: str('Its conversation.'),
    from: str('Sender.'),
    to: strings('Recipients.'),
    cc: strings('Copied.'),
    subject: str('Subject.'),
    date: str('Sent, ISO-8601 UTC.'),
    body: str('Plain-text body.'),
    labels: strings('Label names.'),
    attachments: { type: 'array', items: { type: 'object', properties: { filename: str('File name.'), mime_type: str('MIME type.'), size: { type: 'integer', description: 'Bytes.' } }, required: ['filename', 'mime_type', 'size'] }, description: 'Attachments (metadata).' },
  },
  required: ['message_id', 'thread_id', 'from', 'to', 'cc', 'subject', 'date', 'body', 'labels', 'attachments'],
};

// ---- the search language ----

type Predicate = (m: EmailMessage) => boolean;

function parseDay(ctx: Context, operator: string, value: string): string {
  const match = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(value);
  if (!match) return ctx.fail(`search: ${operator}:${value} is not a date; use YYYY/MM/DD, e.g. ${operator}:2026/03/01`);
  const day = `${match[1]}-${match[2].padStart(2, '0')}-${match[3].padStart(2, '0')}`;
  if (Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) ctx.fail(`search: ${operator}:${value} is not a real day`);
  return day;
}

function tokens(query: string): string[] {
  const out: string[] = [];
  const pattern = /(\S+?:)?"([^"]*)"|\S+/g;
  for (let match = pattern.exec(query); match !== null; match = pattern.exec(query)) out.push(match[2] !== undefined ? `${match[1] ?? ''}${match[2]}` : match[0]);
  return out;
}

const IN_FOLDERS: Record<string, string> = { inbox: 'INBOX', sent: 'SENT', trash: 'TRASH', spam: 'SPAM', starred: 'STARRED', important: 'IMPORTANT' };

/**
 * Gmail's search operators: from:, to:, cc:, subject:, label:, in:, is:(unread|read|starred|important),
 * has:attachment, filename:, before:/after: (YYYY/MM/DD), newer_than:/older_than: (Nd), and free
 * words (all must occur in the sender, subject or body). Messages in Trash and Spam only with in:.
 */
export function compileQuery(ctx: Context, query: string): { match: Predicate; folders: boolean } {
  const predicates: Predicate[] = [];
  let folders = false;
  for (const token of tokens(query)) {
    const colon = token.indexOf(':');
    const operator = colon > 0 ? token.slice(0, colon).toLowerCase() : '';
    const value = colon > 0 ? token.slice(colon + 1) : token;
    const lower = value.toLowerCase();
    if (colon > 0 && value === '') ctx.fail(`search: ${operator}: needs a value, e.g. ${operator}:ben`);
    switch (operator) {
      case 'from':
        predicates.push((m) => m.from.includes(lower) || (Object.hasOwn(ctx.base.contacts, m.from) && ctx.base.contacts[m.from].name.toLowerCase().includes(lower)));
        break;
      case 'to':
      case 'cc': {
        const field = operator;
        predicates.push((m) => m[field].some((address) => address.includes(lower) || (Object.hasOwn(ctx.base.contacts, address) && ctx.base.contacts[address].name.toLowerCase().includes(lower))));
        break;
      }
      case 'subject':
        predicates.push((m) => m.subject.toLowerCase().includes(lower));
        break;
      case 'label': {
        const label = requireLabel(ctx, value);
        predicates.push((m) => m.labels.includes(label.label_id));
        if (label.label_id === 'TRASH' || label.label_id === 'SPAM') folders = true;
        break;
      }
      case 'in': {
        if (lower === 'anywhere') {
          folders = true;
          break;
        }
        if (!Object.hasOwn(IN_FOLDERS, lower)) ctx.fail(`search: in:${value} is not a folder; use in:inbox, in:sent, in:trash, in:spam, in:starred, in:important or in:anywhere`);
        const label = IN_FOLDERS[lower];
        if (label === 'TRASH' || label === 'SPAM') folders = true;
        predicates.push((m) => m.labels.includes(label));
        break;
      }
      case 'is': {
        const checks: Record<string, Predicate> = {
          unread: (m) => m.labels.includes('UNREAD'),
          read: (m) => !m.labels.includes('UNREAD'),
          starred: (m) => m.labels.includes('STARRED'),
          important: (m) => m.labels.includes('IMPORTANT'),
        };
        if (!Object.hasOwn(checks, lower)) ctx.fail(`search: is:${value} is not supported; use is:unread, is:read, is:starred or is:important`);
        predicates.push(checks[lower]);
        break;
      }
      case 'has':
        if (lower !== 'attachment') ctx.fail(`search: has:${value} is not supported; use has:attachment`);
        predicates.push((m) => m.attachments.length > 0);
        break;
      case 'filename':
        predicates.push((m) => m.attachments.some((a) => a.filename.toLowerCase().includes(lower)));
        break;
      case 'before':
      case 'after': {
        const day = parseDay(ctx, operator, value);
        predicates.push(operator === 'before' ? (m) => m.date.slice(0, 10) < day : (m) => m.date.slice(0, 10) >= day);
        break;
      }
      case 'newer_than':
      case 'older_than': {
        const days = /^(\d{1,4})d$/.exec(lower);
        if (!days) ctx.fail(`search: ${operator}:${value} needs a number of days, e.g. ${operator}:7d`);
        const limit = new Date(Date.parse(ctx.now) - Number(days![1]) * 86_400_000).toISOString();
        predicates.push(operator === 'newer_than' ? (m) => m.date >= limit : (m) => m.date < limit);
        break;
      }
      case '':
        predicates.push((m) => m.subject.toLowerCase().includes(lower) || m.body.toLowerCase().includes(lower) || m.from.includes(lower) || (Object.hasOwn(ctx.base.contacts, m.from) && ctx.base.contacts[m.from].name.toLowerCase().includes(lower)));
        break;
      default:
        ctx.fail(`search: unknown operator ${operator}:; use from:, to:, cc:, subject:, label:, in:, is:, has:attachment, filename:, before:, after:, newer_than:, older_than:`);
    }
  }
  return { match: (m) => predicates.every((p) => p(m)), folders };
}
