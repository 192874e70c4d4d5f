import { expect } from 'chai';
import { domainRuntime, type DomainRuntime } from '../../../servers/kit/DomainSession.js';
import { teamChatDomain } from '../../../servers/team_chat/TeamChatDomain.js';
import * as world from '../../../servers/team_chat/generateWorld.js';
import { teamChatInvariants } from '../../../servers/team_chat/teamChatInvariants.js';
import { ok as call, expectSeededWorld, refused } from '../support/domainCalls.js';

const runtime = domainRuntime(teamChatDomain) as DomainRuntime<unknown>;

describe('team_chat: workspace, visibility and rules', () => {
  it('the committed world is generateWorld(42); another seed gives another workspace that keeps every invariant', () => {
    expectSeededWorld('team_chat', world, teamChatInvariants, 3);
    expect(teamChatDomain.tools).to.have.length(11);
  });

  it('a private channel is invisible to non-members in every tool, until they are invited; after leaving it is gone again', () => {
    const session = runtime.openSession();
    refused(session, 'read_chat_channel', { channel: 'hiring' }, 'channel_not_found');
    refused(session, 'search_chat_messages', { channel: 'finance-private' }, 'channel_not_found');
    const inHiring = call(session, 'search_chat_messages', { query: 'candidates' }).messages.filter((m: { channel: string }) => m.channel === 'hiring');
    expect(inHiring).to.deep.equal([]);
    call(session, 'leave_chat_channel', { channel: 'leads' });
    refused(session, 'read_chat_channel', { channel: 'leads' }, 'channel_not_found');
    refused(session, 'join_chat_channel', { channel: 'leads' }, 'channel_not_found');
    expect(runtime.checkInvariants(session.state)).to.deep.equal([]);
  });

  it('a reply to a reply joins the same thread; history only grows', () => {
    const session = runtime.openSession();
    const root = call(session, 'post_chat_message', { channel: 'general', text: 'Lunch at 12?' });
    const first = call(session, 'reply_in_chat_thread', { message_id: root.message_id, text: 'Yes' });
    const second = call(session, 'reply_in_chat_thread', { message_id: first.message_id, text: 'Me too' });
    expect(second.parent_id).to.equal(root.message_id);
    expect(call(session, 'get_chat_thread', { message_id: root.message_id }).replies).to.equal(2);
    expect(runtime.checkInvariants(session.state)).to.deep.equal([]);
  });

  it('prototype names are plain not-found answers for channels, users and messages', () => {
    const session = runtime.openSession();
    for (const id of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      refused(session, 'read_chat_channel', { channel: id }, 'found');
      refused(session, 'get_chat_thread', { message_id: id }, 'found');
      refused(session, 'invite_to_chat_channel', { channel: 'general', username: id }, 'found');
      refused(session, 'search_chat_messages', { from: id }, 'found');
    }
  });
});
