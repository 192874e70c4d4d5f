import { defineTool } from '../kit/Domain.js';
import { closestName } from '../kit/closestName.js';
import type { JsonSchema } from '../../core/index.js';
import type { EmailDraft, EmailMessage, EmailState } from './EmailState.js';
import { allMessages, findLabel, putMessage, recipients, requireDraft, requireLabel, requireMessage, str, strings } from './emailModel.js';
import { ADDRESSES, BODY, SUBJECT, sendMessage } from './mailTools.js';

/** Drafts (create, update, send, delete, list) and labels (list, create, delete). */

type S = EmailState;
const DRAFT_ID: JsonSchema = { type: 'string', minLength: 1, maxLength: 40, description: 'The draft, e.g. dft_2 (list_email_drafts lists them).' };
const DRAFT_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { draft_id: str('The draft.'), to: strings('Recipients so far.'), cc: strings('Copied.'), subject: str('Subject.'), body: str('Body.'), updated: str('Last saved.') },
  required: ['draft_id', 'to', 'cc', 'subject', 'body', 'updated'],
};

const view = (d: EmailDraft) => ({ draft_id: d.draft_id, to: d.to, cc: d.cc, subject: d.subject, body: d.body, updated: d.updated });
const stamp = (now: string) => now.replace(/\.\d{3}Z$/, 'Z');

export const listEmailDrafts = defineTool<S, Record<string, never>>({
  name: 'list_email_drafts',
  description: 'The unsent drafts, most recently saved first, with their recipients, subject and body.',
  input: { type: 'object', properties: {}, additionalProperties: false },
  output: { type: 'object', properties: { drafts: { type: 'array', items: DRAFT_SCHEMA, description: 'The drafts.' }, count: { type: 'integer', description: 'Drafts.' } }, required: ['drafts', 'count'] },
  annotations: { title: 'List drafts', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(_args, ctx) {
    const drafts = Object.values(ctx.base.drafts).sort((a, b) => (a.updated === b.updated ? (a.draft_id < b.draft_id ? 1 : -1) : a.updated < b.updated ? 1 : -1)).map(view);
    return { drafts, count: drafts.length };
  },
});

export const createEmailDraft = defineTool<S, { to?: string[]; subject: string; body: string; cc?: string[]; reply_to_message_id?: string }>({
  name: 'create_email_draft',
  description: 'Save a message as a draft without sending it; recipients may be added later. With reply_to_message_id it is a reply draft in that conversation. Returns the draft with its draft_id.',
  input: {
    type: 'object',
    properties: {
      to: { ...ADDRESSES('Recipients'), minItems: 0 },
      subject: SUBJECT,
      body: BODY,
      cc: { ...ADDRESSES('Copied recipients'), minItems: 0 },
      reply_to_message_id: { type: 'string', minLength: 1, maxLength: 40, description: 'Make it a reply to this message, e.g. msg_12.' },
    },
    required: ['subject', 'body'],
    additionalProperties: false,
  },
  output: DRAFT_SCHEMA,
  annotations: { title: 'Save a draft', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const inReplyTo = args.reply_to_message_id === undefined ? null : requireMessage(ctx, args.reply_to_message_id).message_id;
    const draft: EmailDraft = { draft_id: ctx.nextId('dft'), to: recipients(ctx, args.to, 'to'), cc: recipients(ctx, args.cc, 'cc'), subject: args.subject, body: args.body, in_reply_to: inReplyTo, updated: stamp(ctx.now) };
    ctx.edit<Record<string, EmailDraft>>('drafts')[draft.draft_id] = draft;
    return view(draft);
  },
});

export const updateEmailDraft = defineTool<S, { draft_id: string; to?: string[]; cc?: string[]; subject?: string; body?: string }>({
  name: 'update_email_draft',
  description: 'Change a draft: replace its recipients, subject or body (what is given replaces what was there). Returns the draft.',
  input: { type: 'object', properties: { draft_id: DRAFT_ID, to: { ...ADDRESSES('New recipients'), minItems: 0 }, cc: { ...ADDRESSES('New copied recipients'), minItems: 0 }, subject: SUBJECT, body: BODY }, required: ['draft_id'], additionalProperties: false },
  output: DRAFT_SCHEMA,
  annotations: { title: 'Edit a draft', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const draft = requireDraft(ctx, args.draft_id);
    if (args.to === undefined && args.cc === undefined && args.subject === undefined && args.body === undefined) ctx.fail(`nothing to change in draft ${draft.draft_id}: give to, cc, subject or body`);
    const next: EmailDraft = {
      ...draft,
      to: args.to === undefined ? draft.to : recipients(ctx, args.to, 'to'),
      cc: args.cc === undefined ? draft.cc : recipients(ctx, args.cc, 'cc'),
      subject: args.subject ?? draft.subject,
      body: args.body ?? draft.body,
      updated: stamp(ctx.now),
    };
    ctx.edit<Record<string, EmailDraft>>('drafts')[draft.draft_id] = next;
    return view(next);
  },
});

export const sendEmailDraft = defineTool<S, { draft_id: string }>({
  name: 'send_email_draft',
  description: 'Send a draft as it is; it leaves the drafts and lands in Sent (a reply draft in its conversation). Refused while the draft has no recipient.',
  input: { type: 'object', properties: { draft_id: DRAFT_ID }, required: ['draft_id'], additionalProperties: false },
  output: { type: 'object', properties: { message_id: str('The sent message.'), thread_id: str('Its conversation.'), to: strings('Recipients.'), subject: str('Subject.'), date: str('Sent at.') }, required: ['message_id', 'thread_id', 'to', 'subject', 'date'] },
  annotations: { title: 'Send a draft', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const draft = requireDraft(ctx, args.draft_id);
    if (draft.to.length === 0) ctx.fail(`draft ${draft.draft_id} ("${draft.subject}") has no recipient; add one with update_email_draft`);
    const thread = draft.in_reply_to === null ? undefined : requireMessage(ctx, draft.in_reply_to).thread_id;
    const sent = sendMessage(ctx, { to: draft.to, cc: draft.cc, subject: draft.subject, body: draft.body, thread_id: thread });
    const drafts = ctx.edit<Record<string, EmailDraft>>('drafts');
    delete drafts[draft.draft_id];
    return sent;
  },
});

export const deleteEmailDraft = defineTool<S, { draft_id: string }>({
  name: 'delete_email_draft',
  description: 'Discard a draft for good.',
  input: { type: 'object', properties: { draft_id: DRAFT_ID }, required: ['draft_id'], additionalProperties: false },
  output: { type: 'object', properties: { draft_id: str('The discarded draft.'), subject: str('Its subject.') }, required: ['draft_id', 'subject'] },
  annotations: { title: 'Discard a draft', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const draft = requireDraft(ctx, args.draft_id);
    delete ctx.edit<Record<string, EmailDraft>>('drafts')[draft.draft_id];
    return { draft_id: draft.draft_id, subject: draft.subject };
  },
});

export const listEmailLabels = defineTool<S, Record<string, never>>({
  name: 'list_email_labels',
  description: 'Every label, system (INBOX, SENT, STARRED, UNREAD, IMPORTANT, TRASH, SPAM) and user-made, with how many messages carry it, how many of those are unread, and the newest one\'s message_id.',
  input: { type: 'object', properties: {}, additionalProperties: false },
  output: {
    type: 'object',
    properties: {
      labels: {
        type: 'array',
        items: {
          type: 'object',
          properties: { label: str('Name.'), label_id: str('Id.'), type: str('system or user.'), messages: { type: 'integer', description: 'Messages.' }, unread: { type: 'integer', description: 'Unread ones.' }, message_id: { type: ['string', 'null'], description: 'The newest message under it (null when none).' } },
          required: ['label', 'label_id', 'type', 'messages', 'unread', 'message_id'],
        },
        description: 'The labels.',
      },
    },
    required: ['labels'],
  },
  annotations: { title: 'List labels', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(_args, ctx) {
    const counts = new Map<string, { messages: number; unread: number; newest: EmailMessage | null }>();
    for (const m of allMessages(ctx.base)) {
      const unread = m.labels.includes('UNREAD') ? 1 : 0;
      for (const id of m.labels) {
        const c = counts.get(id) ?? { messages: 0, unread: 0, newest: null };
        c.messages++;
        c.unread += unread;
        if (c.newest === null || m.date > c.newest.date || (m.date === c.newest.date && m.message_id > c.newest.message_id)) c.newest = m;
        counts.set(id, c);
      }
    }
    return {
      labels: Object.values(ctx.base.labels).map((l) => {
        const c = counts.get(l.label_id);
        return { label: l.label, label_id: l.label_id, type: l.type, messages: c?.messages ?? 0, unread: c?.unread ?? 0, message_id: c?.newest?.message_id ?? null };
      }),
    };
  },
});

export const createEmailLabel = defineTool<S, { name: string }>({
  name: 'create_email_label',
  description: 'Create a user label (Gmail folder) to file messages under with modify_email_labels. Names are unique regardless of case; system label names are taken.',
  input: { type: 'object', properties: { name: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S', description: 'The new label\'s name, e.g. "Taxes 2026".' } }, required: ['name'], additionalProperties: false },
  output: { type: 'object', properties: { label: str('Name.'), label_id: str('Id.'), type: str('user.') }, required: ['label', 'label_id', 'type'] },
  annotations: { title: 'Create a label', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const name = args.name.trim();
    const existing = findLabel(ctx.base, name);
    if (existing !== undefined) ctx.fail(`a label named "${existing.label}" already exists (${existing.type}); pick another name`);
    const label = { label_id: ctx.nextId('Label'), label: name, type: 'user' as const };
    ctx.edit<Record<string, unknown>>('labels')[label.label_id] = label;
    return { label: label.label, label_id: label.label_id, type: label.type };
  },
});

export const deleteEmailLabel = defineTool<S, { label: string }>({
  name: 'delete_email_label',
  description: 'Delete a user label; its messages stay, without it. System labels cannot be deleted.',
  input: { type: 'object', properties: { label: { type: 'string', minLength: 1, maxLength: 100, description: 'The label\'s name, e.g. Hiring.' } }, required: ['label'], additionalProperties: false },
  output: { type: 'object', properties: { label: str('The deleted label.'), messages_unlabelled: { type: 'integer', description: 'Messages that carried it.' } }, required: ['label', 'messages_unlabelled'] },
  annotations: { title: 'Delete a label', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const label = requireLabel(ctx, args.label);
    if (label.type === 'system') {
      const users = Object.values(ctx.base.labels).filter((l) => l.type === 'user').map((l) => l.label);
      ctx.fail(`${label.label} is a system label and cannot be deleted; user labels: ${users.join(', ') || 'none'}${closestName(args.label, users) ? '' : ''}`);
    }
    let count = 0;
    for (const m of allMessages(ctx.base)) {
      if (!m.labels.includes(label.label_id)) continue;
      count++;
      putMessage(ctx, { ...requireMessage(ctx, m.message_id), labels: m.labels.filter((id) => id !== label.label_id) });
    }
    delete ctx.edit<Record<string, unknown>>('labels')[label.label_id];
    return { label: label.label, messages_unlabelled: count };
  },
});
