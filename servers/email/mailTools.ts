import { defineTool } from '../kit/Domain.js';
import type { JsonSchema } from '../../core/index.js';
import { MAX_RECIPIENTS, type EmailMessage, type EmailState } from './EmailState.js';
import {
  MESSAGE_SCHEMA,
  SUMMARY_SCHEMA,
  allMessages,
  compileQuery,
  messageView,
  putMessage,
  putThread,
  recipients,
  requireLabel,
  requireMessage,
  requireThread,
  str,
  strings,
  summaryView,
  type Context,
} from './emailModel.js';

/** Reading, searching, sending, replying, forwarding, labelling and trashing mail. */

type S = EmailState;
const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export const ADDRESSES = (what: string): JsonSchema => ({
  type: 'array',
  items: { type: 'string', minLength: 3, maxLength: 254, description: 'An email address (or a contact\'s full name).' },
  minItems: 1,
  maxItems: MAX_RECIPIENTS,
  description: `${what}: email addresses such as ben.ortiz@northwind.io (a contact\'s full name also works).`,
});
export const SUBJECT: JsonSchema = { type: 'string', minLength: 1, maxLength: 250, description: 'The subject line.' };
export const BODY: JsonSchema = { type: 'string', minLength: 1, maxLength: 20000, description: 'The plain-text body.' };
const MESSAGE_ID: JsonSchema = { type: 'string', minLength: 1, maxLength: 40, description: 'The message, e.g. msg_12 (search_emails gives message ids).' };

export const searchEmails = defineTool<S, { query?: string; max_results?: number }>({
  name: 'search_emails',
  description:
    'Search the mailbox with Gmail operators, newest first: from:ben, to:, cc:, subject:invoice, label:Travel, in:sent, is:unread, is:starred, has:attachment, filename:pdf, ' +
    'after:2026/03/01, before:2026/03/10, newer_than:7d, quoted phrases and plain words (all must match). Trash and Spam are searched only with in:trash, in:spam or in:anywhere. ' +
    'Without a query: the inbox. Returns message summaries with message_id and thread_id.',
  input: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, maxLength: 500, description: 'Gmail search, e.g. "from:priya has:attachment after:2026/03/01" or "subject:\\"project atlas\\"".' },
      max_results: { type: 'integer', minimum: 1, maximum: 100, description: 'At most this many (default 20).' },
    },
    additionalProperties: false,
  },
  output: { type: 'object', properties: { messages: { type: 'array', items: SUMMARY_SCHEMA, description: 'Matches, newest first.' }, total: { type: 'integer', description: 'All matches.' } }, required: ['messages', 'total'] },
  annotations: { title: 'Search mail', ...READ },
  handler(args, ctx) {
    const { match, folders } = compileQuery(ctx, args.query ?? 'in:inbox');
    const found = allMessages(ctx.base).filter((m) => (folders || (!m.labels.includes('TRASH') && !m.labels.includes('SPAM'))) && match(m));
    found.sort((a, b) => (a.date === b.date ? (a.message_id < b.message_id ? 1 : -1) : a.date < b.date ? 1 : -1));
    return { messages: found.slice(0, args.max_results ?? 20).map((m) => summaryView(ctx.base, m)), total: found.length };
  },
});

export const getEmail = defineTool<S, { message_id: string }>({
  name: 'get_email',
  description: 'Read one message in full: sender, recipients, subject, date, body, labels and attachments (name, type, size). Reading does not mark it read (modify_email_labels does).',
  input: { type: 'object', properties: { message_id: MESSAGE_ID }, required: ['message_id'], additionalProperties: false },
  output: MESSAGE_SCHEMA,
  annotations: { title: 'Read a message', ...READ },
  handler(args, ctx) {
    return messageView(ctx.base, requireMessage(ctx, args.message_id));
  },
});

export const getEmailThread = defineTool<S, { thread_id: string }>({
  name: 'get_email_thread',
  description: 'Read a whole conversation, oldest message first (the thread_id comes with every message).',
  input: { type: 'object', properties: { thread_id: { type: 'string', minLength: 1, maxLength: 40, description: 'The conversation, e.g. thr_7.' } }, required: ['thread_id'], additionalProperties: false },
  output: { type: 'object', properties: { thread_id: str('The conversation.'), subject: str('Its subject.'), messages: { type: 'array', items: MESSAGE_SCHEMA, description: 'Its messages, oldest first.' }, count: { type: 'integer', description: 'Messages.' } }, required: ['thread_id', 'subject', 'messages', 'count'] },
  annotations: { title: 'Read a conversation', ...READ },
  handler(args, ctx) {
    const thread = requireThread(ctx, args.thread_id);
    const messages = thread.message_ids.map((id) => messageView(ctx.base, requireMessage(ctx, id)));
    return { thread_id: thread.thread_id, subject: thread.subject, messages, count: messages.length };
  },
});

const SENT_SCHEMA: JsonSchema = { type: 'object', properties: { message_id: str('The sent message.'), thread_id: str('Its conversation.'), to: strings('Recipients.'), subject: str('Subject.'), date: str('Sent at.') }, required: ['message_id', 'thread_id', 'to', 'subject', 'date'] };

/** Appends a sent message (to an existing thread or a new one). */
export function sendMessage(ctx: Context, fields: { to: string[]; cc: string[]; subject: string; body: string; thread_id?: string; attachments?: EmailMessage['attachments'] }): Record<string, unknown> {
  if (fields.to.length + fields.cc.length > MAX_RECIPIENTS) ctx.fail(`too many recipients (${fields.to.length + fields.cc.length}; at most ${MAX_RECIPIENTS})`);
  const message: EmailMessage = {
    message_id: ctx.nextId('msg'),
    thread_id: fields.thread_id ?? ctx.nextId('thr'),
    from: ctx.base.account.email,
    to: fields.to,
    cc: fields.cc,
    subject: fields.subject,
    body: fields.body,
    date: ctx.now.replace(/\.\d{3}Z$/, 'Z'),
    labels: ['SENT'],
    attachments: fields.attachments ?? [],
  };
  putMessage(ctx, message);
  if (fields.thread_id === undefined) putThread(ctx, { thread_id: message.thread_id, subject: message.subject, message_ids: [message.message_id] });
  else {
    const thread = requireThread(ctx, fields.thread_id);
    putThread(ctx, { thread_id: thread.thread_id, subject: thread.subject, message_ids: [...thread.message_ids, message.message_id] });
  }
  return { message_id: message.message_id, thread_id: message.thread_id, to: message.to, subject: message.subject, date: message.date };
}

export const sendEmail = defineTool<S, { to: string[]; subject: string; body: string; cc?: string[] }>({
  name: 'send_email',
  description: 'Send a new message, starting a new conversation. It lands in Sent, which keeps every sent message unchanged (sent mail cannot be edited or deleted). Returns its message_id and thread_id.',
  input: { type: 'object', properties: { to: ADDRESSES('Recipients'), subject: SUBJECT, body: BODY, cc: { ...ADDRESSES('Copied recipients'), minItems: 0 } }, required: ['to', 'subject', 'body'], additionalProperties: false },
  output: SENT_SCHEMA,
  annotations: { title: 'Send mail', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    return sendMessage(ctx, { to: recipients(ctx, args.to, 'to'), cc: recipients(ctx, args.cc, 'cc'), subject: args.subject, body: args.body });
  },
});

const reSubject = (subject: string, prefix: 'Re' | 'Fwd') => (new RegExp(`^${prefix}:`, 'i').test(subject) ? subject : `${prefix}: ${subject}`);

export const replyToEmail = defineTool<S, { message_id: string; body: string; reply_all?: boolean }>({
  name: 'reply_to_email',
  description:
    'Reply in the same conversation: to the sender (to your own sent message: to its recipients), with reply_all also to everyone else on it. Subject gets "Re:". ' +
    'Messages in Spam cannot be replied to. Returns the sent reply.',
  input: { type: 'object', properties: { message_id: MESSAGE_ID, body: BODY, reply_all: { type: 'boolean', description: 'Reply to all recipients too (default false).' } }, required: ['message_id', 'body'], additionalProperties: false },
  output: SENT_SCHEMA,
  annotations: { title: 'Reply', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const original = requireMessage(ctx, args.message_id);
    if (original.labels.includes('SPAM')) ctx.fail(`message ${original.message_id} is in Spam; move it out first (modify_email_labels: remove SPAM) if it is real mail`);
    const me = ctx.base.account.email;
    const mine = original.from === me;
    const to = mine ? original.to : [original.from];
    const cc = args.reply_all === true ? [...original.to, ...original.cc].filter((a) => a !== me && !to.includes(a)) : [];
    return sendMessage(ctx, { to, cc: [...new Set(cc)], subject: reSubject(original.subject, 'Re'), body: args.body, thread_id: original.thread_id });
  },
});

export const forwardEmail = defineTool<S, { message_id: string; to: string[]; note?: string }>({
  name: 'forward_email',
  description: 'Forward a message with its attachments to new recipients, optionally with a note above it. Subject gets "Fwd:"; it starts a new conversation. Returns the sent message.',
  input: { type: 'object', properties: { message_id: MESSAGE_ID, to: ADDRESSES('Recipients'), note: { type: 'string', maxLength: 5000, description: 'A note to put above the forwarded message.' } }, required: ['message_id', 'to'], additionalProperties: false },
  output: SENT_SCHEMA,
  annotations: { title: 'Forward', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const original = requireMessage(ctx, args.message_id);
    const to = recipients(ctx, args.to, 'to');
    const quoted = `---------- Forwarded message ---------\nFrom: ${original.from}\nDate: ${original.date}\nSubject: ${original.subject}\n\n${original.body}`;
    return sendMessage(ctx, { to, cc: [], subject: reSubject(original.subject, 'Fwd'), body: args.note ? `${args.note}\n\n${quoted}` : quoted, attachments: original.attachments });
  },
});

export const modifyEmailLabels = defineTool<S, { message_id: string; label: string; action: 'add' | 'remove' }>({
  name: 'modify_email_labels',
  description:
    'Add a label to a message or remove one: a user label (Finance, Travel …) or STARRED, UNREAD (remove to mark read, add to mark unread), IMPORTANT, INBOX (remove to archive), SPAM. ' +
    'SENT and TRASH are not set this way (send, trash_email); adding INBOX to a message in Trash moves it back to the inbox. Returns the message\'s labels.',
  input: {
    type: 'object',
    properties: {
      message_id: MESSAGE_ID,
      label: { type: 'string', minLength: 1, maxLength: 100, description: 'The label name, e.g. Travel, STARRED, UNREAD.' },
      action: { type: 'string', enum: ['add', 'remove'], description: 'add or remove it.' },
    },
    required: ['message_id', 'label', 'action'],
    additionalProperties: false,
  },
  output: { type: 'object', properties: { message_id: str('The message.'), labels: strings('Its labels now.'), changed: { type: 'boolean', description: 'Whether anything changed.' } }, required: ['message_id', 'labels', 'changed'] },
  annotations: { title: 'Label a message', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const message = requireMessage(ctx, args.message_id);
    const label = requireLabel(ctx, args.label);
    if (label.label_id === 'SENT' || label.label_id === 'TRASH') ctx.fail(`${label.label} is not set by hand: ${label.label_id === 'SENT' ? 'only sent mail is in Sent' : args.action === 'add' ? 'use trash_email' : 'add INBOX to move a message out of Trash'}`);
    if (message.labels.includes('SENT') && (label.label_id === 'INBOX' || label.label_id === 'SPAM' || label.label_id === 'UNREAD')) ctx.fail(`message ${message.message_id} is one you sent; ${label.label} does not apply to sent mail`);
    const has = message.labels.includes(label.label_id);
    const add = args.action === 'add';
    if (has === add) return { message_id: message.message_id, labels: message.labels.map((id) => ctx.base.labels[id].label), changed: false };
    let labels = add ? [...message.labels, label.label_id] : message.labels.filter((id) => id !== label.label_id);
    if (add && label.label_id === 'SPAM') labels = labels.filter((id) => id !== 'INBOX');
    if (add && label.label_id === 'INBOX') labels = labels.filter((id) => id !== 'SPAM' && id !== 'TRASH');
    putMessage(ctx, { ...message, labels });
    return { message_id: message.message_id, labels: labels.map((id) => ctx.base.labels[id].label), changed: true };
  },
});

export const trashEmail = defineTool<S, { message_id: string }>({
  name: 'trash_email',
  description: 'Move a received message to Trash (out of the inbox and searches; in:trash still finds it). Sent mail is kept and cannot be trashed; archive it by labels instead.',
  input: { type: 'object', properties: { message_id: MESSAGE_ID }, required: ['message_id'], additionalProperties: false },
  output: { type: 'object', properties: { message_id: str('The message.'), labels: strings('Its labels now.') }, required: ['message_id', 'labels'] },
  annotations: { title: 'Trash a message', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const message = requireMessage(ctx, args.message_id);
    if (message.labels.includes('SENT')) ctx.fail(`message ${message.message_id} is in Sent; sent mail is kept (it cannot be trashed)`);
    if (message.labels.includes('TRASH')) ctx.fail(`message ${message.message_id} is already in Trash`);
    const labels = ['TRASH', ...message.labels.filter((id) => id !== 'INBOX' && id !== 'SPAM' && id !== 'UNREAD')];
    putMessage(ctx, { ...message, labels });
    return { message_id: message.message_id, labels: labels.map((id) => ctx.base.labels[id].label) };
  },
});

export const listEmailContacts = defineTool<S, { name?: string }>({
  name: 'list_email_contacts',
  description: 'Find people by name, company or address to get their email address; without a query, everyone, by name.',
  input: { type: 'object', properties: { name: { type: 'string', minLength: 1, maxLength: 100, description: 'A name, or part of a name, company or address, e.g. "Priya Nair", "priya" or "contoso".' } }, additionalProperties: false },
  output: { type: 'object', properties: { contacts: { type: 'array', items: { type: 'object', properties: { name: str('Full name.'), email: str('Address.'), company: str('Company.') }, required: ['name', 'email', 'company'] }, description: 'Matches.' }, count: { type: 'integer', description: 'Matches.' } }, required: ['contacts', 'count'] },
  annotations: { title: 'Find contacts', ...READ },
  handler(args, ctx) {
    const q = args.name?.toLowerCase();
    const contacts = Object.values(ctx.base.contacts)
      .filter((c) => q === undefined || `${c.name} ${c.company} ${c.email}`.toLowerCase().includes(q))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((c) => ({ name: c.name, email: c.email, company: c.company }));
    return { contacts, count: contacts.length };
  },
});
