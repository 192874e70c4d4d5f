import { expect } from 'chai';
import type { ToolCase } from '../ToolCase.js';

/**
 * Conformance cases of the email domain, played in order on one fresh session of the seed-42
 * mailbox (Maya Chen, maya.chen@northwind.io; reference date 2026-03-16T09:00Z). She finds Priya
 * Petrova's project update msg_96 (thread thr_45), reads it and its thread, replies, forwards the
 * Berlin booking msg_238 to Tom, files and stars mail, trashes an invoice, works through her three
 * drafts (dft_1 has no recipient yet) and her labels. New ids continue after the world's highest:
 * msg_283, thr_141, dft_4, Label_7.
 */
export const emailCases: ToolCase[] = [
  {
    title: 'from: matches the sender\'s name, newest first',
    tool: 'search_emails',
    args: { query: 'from:priya', max_results: 3 },
    ok: true,
    check: (r) => {
      expect(r.messages[0]).to.include({ message_id: 'msg_96', thread_id: 'thr_45', from: 'priya.petrova@northwind.io', subject: 'Project Comet: status update', has_attachments: true });
      expect(r.messages[0].summary).to.equal('the email from Priya Petrova on 2026-01-22 about "Project Comet: status update"');
    },
  },
  { title: 'operators combine: booking confirmations with attachments under Travel', tool: 'search_emails', args: { query: 'has:attachment label:Travel', max_results: 2 }, ok: true, check: (r) => expect(r.messages.map((m: { message_id: string }) => m.message_id)).to.deep.equal(['msg_238', 'msg_232']) },
  { title: 'Trash is searched only when asked for', tool: 'search_emails', args: { query: 'in:trash' }, ok: true, check: (r) => expect(r.total).to.equal(7) && expect(r.messages.every((m: { labels: string[] }) => m.labels.includes('TRASH'))).to.equal(true) },
  { title: 'a malformed date names the format', tool: 'search_emails', args: { query: 'after:March' }, ok: false, errorIncludes: ['after:march', 'yyyy/mm/dd'] },
  { title: 'an unknown operator lists the supported ones', tool: 'search_emails', args: { query: 'sender:priya' }, ok: false, errorIncludes: ['unknown operator', 'from:'] },
  {
    title: 'a message in full, with its attachment metadata',
    tool: 'get_email',
    args: { message_id: 'msg_96' },
    ok: true,
    check: (r) => {
      expect(r.body).to.include('quick update');
      expect(r.attachments).to.have.length(1);
      expect(r.attachments[0].mime_type).to.include('wordprocessingml');
    },
  },
  { title: 'an unknown message id points to search', tool: 'get_email', args: { message_id: 'msg_999' }, ok: false, errorIncludes: ['msg_999', 'not found', 'search_emails'] },
  { title: '__proto__ is a plain unknown message', tool: 'get_email', args: { message_id: '__proto__' }, ok: false, errorIncludes: ['not found'] },
  { title: 'the thread, oldest first', tool: 'get_email_thread', args: { thread_id: 'thr_45' }, ok: true, check: (r) => expect(r.messages[0].message_id).to.equal('msg_96') && expect(r.count).to.equal(r.messages.length) },
  { title: 'an unknown thread', tool: 'get_email_thread', args: { thread_id: 'thr_999' }, ok: false, errorIncludes: ['thread thr_999 not found', 'search_emails'] },
  {
    title: 'a reply goes to the sender in the same thread, with Re:',
    tool: 'reply_to_email',
    args: { message_id: 'msg_96', body: 'Thanks Priya, let us sync on Thursday.' },
    ok: true,
    check: (r) => expect(r).to.deep.equal({ message_id: 'msg_283', thread_id: 'thr_45', to: ['priya.petrova@northwind.io'], subject: 'Re: Project Comet: status update', date: '2026-03-16T09:00:00Z' }),
  },
  { title: 'spam is not replied to', tool: 'reply_to_email', args: { message_id: 'msg_37', body: 'Unsubscribe me' }, ok: false, errorIncludes: ['spam'] },
  { title: 'forward keeps the attachment and starts a new thread', tool: 'forward_email', args: { message_id: 'msg_238', to: ['Tom Khan'], note: 'FYI, my Berlin booking.' }, ok: true, check: (r) => expect(r).to.include({ message_id: 'msg_284', thread_id: 'thr_141', subject: 'Fwd: Your trip to Berlin: booking confirmed' }) && expect(r.to).to.deep.equal(['tom.khan@northwind.io']) },
  { title: 'a recipient that is neither an address nor a contact', tool: 'forward_email', args: { message_id: 'msg_238', to: ['Tom Kahn'] }, ok: false, errorIncludes: ['not an email address', 'did you mean tom khan'] },
  { title: 'send a new message', tool: 'send_email', args: { to: ['lena.fischer@northwind.io'], cc: ['priya.petrova@northwind.io'], subject: 'Offsite dates', body: 'The offsite is confirmed for April 20-21.' }, ok: true, check: (r) => expect(r).to.include({ message_id: 'msg_285', thread_id: 'thr_142' }) },
  { title: 'send needs a recipient', tool: 'send_email', args: { to: [], subject: 'x', body: 'y' }, ok: false, errorIncludes: ['to'] },
  { title: 'mark an unread message read', tool: 'modify_email_labels', args: { message_id: 'msg_282', label: 'UNREAD', action: 'remove' }, ok: true, check: (r) => expect(r).to.deep.equal({ message_id: 'msg_282', labels: ['INBOX', 'IMPORTANT', 'Projects'], changed: true }) },
  { title: 'file a message under a user label, by name in any case', tool: 'modify_email_labels', args: { message_id: 'msg_96', label: 'projects', action: 'add' }, ok: true, check: (r) => expect(r.labels).to.deep.equal(['INBOX', 'Projects']) },
  { title: 'an unknown label names the closest', tool: 'modify_email_labels', args: { message_id: 'msg_96', label: 'Projcts', action: 'add' }, ok: false, errorIncludes: ['not found', 'did you mean "projects"'] },
  { title: 'trash a received invoice', tool: 'trash_email', args: { message_id: 'msg_17' }, ok: true, check: (r) => expect(r.labels[0]).to.equal('TRASH') && expect(r.labels).to.not.include('INBOX') },
  { title: 'sent mail is kept', tool: 'trash_email', args: { message_id: 'msg_283' }, ok: false, errorIncludes: ['sent mail is kept'] },
  { title: 'contacts by part of a name', tool: 'list_email_contacts', args: { name: 'priya' }, ok: true, check: (r) => expect(r.contacts.map((c: { name: string }) => c.name)).to.deep.equal(['Priya Fischer', 'Priya Petrova']) },
  { title: 'contacts take only known arguments', tool: 'list_email_contacts', args: { company: 'Contoso' }, ok: false, errorIncludes: ['company'] },
  { title: 'drafts, most recent first', tool: 'list_email_drafts', args: {}, ok: true, check: (r) => expect(r.drafts.map((d: { draft_id: string }) => d.draft_id)).to.deep.equal(['dft_3', 'dft_1', 'dft_2']) },
  { title: 'the drafts list takes no arguments', tool: 'list_email_drafts', args: { all: true }, ok: false, errorIncludes: ['all'] },
  { title: 'a draft without a recipient cannot be sent', tool: 'send_email_draft', args: { draft_id: 'dft_1' }, ok: false, errorIncludes: ['no recipient', 'update_email_draft'] },
  { title: 'give the draft its recipients', tool: 'update_email_draft', args: { draft_id: 'dft_1', to: ['lena.fischer@northwind.io', 'Ben Martin'] }, ok: true, check: (r) => expect(r.to).to.deep.equal(['lena.fischer@northwind.io', 'ben.martin@acmecloud.io']) },
  { title: 'an update with nothing to change', tool: 'update_email_draft', args: { draft_id: 'dft_1' }, ok: false, errorIncludes: ['nothing to change'] },
  { title: 'now it sends, and leaves the drafts', tool: 'send_email_draft', args: { draft_id: 'dft_1' }, ok: true, check: (r) => expect(r).to.include({ message_id: 'msg_286', subject: 'Offsite agenda' }) },
  { title: 'a reply draft in Priya\'s thread', tool: 'create_email_draft', args: { to: ['priya.petrova@northwind.io'], subject: 'Re: Project Comet: status update', body: 'One more thing:', reply_to_message_id: 'msg_96' }, ok: true, check: (r) => expect(r.draft_id).to.equal('dft_4') },
  { title: 'a draft replying to an unknown message', tool: 'create_email_draft', args: { subject: 'x', body: 'y', reply_to_message_id: 'msg_0' }, ok: false, errorIncludes: ['msg_0', 'not found'] },
  { title: 'discard a draft', tool: 'delete_email_draft', args: { draft_id: 'dft_2' }, ok: true, check: (r) => expect(r).to.deep.equal({ draft_id: 'dft_2', subject: 'Re: Question about the contract' }) },
  { title: 'the sent draft is gone', tool: 'delete_email_draft', args: { draft_id: 'dft_1' }, ok: false, errorIncludes: ['dft_1 not found', 'list_email_drafts'] },
  { title: 'labels with message and unread counts', tool: 'list_email_labels', args: {}, ok: true, check: (r) => expect(r.labels.find((l: { label: string }) => l.label === 'Projects')).to.include({ label_id: 'Label_2', type: 'user' }) },
  { title: 'the labels list takes no arguments', tool: 'list_email_labels', args: { type: 'user' }, ok: false, errorIncludes: ['type'] },
  { title: 'create a label', tool: 'create_email_label', args: { name: 'Taxes 2026' }, ok: true, check: (r) => expect(r).to.deep.equal({ label: 'Taxes 2026', label_id: 'Label_7', type: 'user' }) },
  { title: 'label names are unique regardless of case', tool: 'create_email_label', args: { name: 'travel' }, ok: false, errorIncludes: ['already exists'] },
  { title: 'delete a user label: its messages stay', tool: 'delete_email_label', args: { label: 'Finance' }, ok: true, check: (r) => expect(r.label).to.equal('Finance') && expect(r.messages_unlabelled).to.equal(17) },
  { title: 'system labels cannot be deleted', tool: 'delete_email_label', args: { label: 'INBOX' }, ok: false, errorIncludes: ['system label'] },
];
