import { expect } from 'chai';
import { emailDomain } from '../../../servers/email/EmailDomain.js';
import { emailInvariants } from '../../../servers/email/emailInvariants.js';
import * as world from '../../../servers/email/generateWorld.js';
import { domainRuntime, type DomainRuntime } from '../../../servers/kit/DomainSession.js';
import { ok as call, expectSeededWorld, refused } from '../support/domainCalls.js';

const runtime = domainRuntime(emailDomain) as DomainRuntime<unknown>;

describe('email: mailbox, search language and rules', () => {
  it('the committed world is generateWorld(42); another seed gives another mailbox that keeps every invariant', () => {
    expectSeededWorld('email', world, emailInvariants, 9);
    expect(emailDomain.tools).to.have.length(17);
  });

  it('date operators, quoted phrases and free words narrow the search consistently', () => {
    const session = runtime.openSession();
    const all = call(session, 'search_emails', { query: 'in:anywhere', max_results: 100 }).total;
    const after = call(session, 'search_emails', { query: 'in:anywhere after:2026/03/01', max_results: 100 }).total;
    const before = call(session, 'search_emails', { query: 'in:anywhere before:2026/03/01', max_results: 100 }).total;
    expect(after + before).to.equal(all);
    const week = call(session, 'search_emails', { query: 'newer_than:7d', max_results: 100 });
    expect(week.messages.every((m: { date: string }) => m.date >= '2026-03-09T09:00:00Z')).to.equal(true);
    const phrase = call(session, 'search_emails', { query: 'subject:"booking confirmed"', max_results: 100 });
    expect(phrase.total).to.be.greaterThan(0);
    expect(phrase.messages.every((m: { subject: string }) => m.subject.toLowerCase().includes('booking confirmed'))).to.equal(true);
  });

  it('sent mail is append-only: replies add to the thread, nothing sent can be trashed or relabelled as inbox mail', () => {
    const session = runtime.openSession();
    const sent = call(session, 'search_emails', { query: 'in:sent', max_results: 1 }).messages[0];
    refused(session, 'trash_email', { message_id: sent.message_id }, 'sent mail is kept');
    refused(session, 'modify_email_labels', { message_id: sent.message_id, label: 'INBOX', action: 'add' }, 'does not apply to sent mail');
    refused(session, 'modify_email_labels', { message_id: sent.message_id, label: 'SENT', action: 'remove' }, 'not set by hand');
    const before = call(session, 'get_email_thread', { thread_id: sent.thread_id }).count;
    call(session, 'reply_to_email', { message_id: sent.message_id, body: 'Following up.' });
    expect(call(session, 'get_email_thread', { thread_id: sent.thread_id }).count).to.equal(before + 1);
    expect(runtime.checkInvariants(session.state)).to.deep.equal([]);
  });

  it('prototype names are plain not-found answers for every id argument', () => {
    const session = runtime.openSession();
    for (const id of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      refused(session, 'get_email', { message_id: id }, 'not found');
      refused(session, 'get_email_thread', { thread_id: id }, 'not found');
      refused(session, 'send_email_draft', { draft_id: id }, 'not found');
      refused(session, 'delete_email_label', { label: id }, 'not found');
      refused(session, 'modify_email_labels', { message_id: 'msg_96', label: id, action: 'add' }, 'not found');
    }
  });
});
