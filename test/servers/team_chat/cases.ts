import { expect } from 'chai';
import type { ToolCase } from '../ToolCase.js';

/**
 * Conformance cases of the team_chat domain, played in order on one fresh session of the seed-42
 * workspace (signed in as maya; reference date 2026-03-16T09:00Z). Maya is in #general, #random,
 * #engineering, #deploys, #help-it and the private #leads and #incident-2026-03; not in #design,
 * #support, #marketing, nor the private #hiring and #finance-private, which do not exist for her.
 * New messages continue at msg_338.
 */
export const teamChatCases: ToolCase[] = [
  {
    title: 'channels maya can see: public ones and her private ones, never the others',
    tool: 'list_chat_channels',
    args: {},
    ok: true,
    check: (r) => {
      const names = r.channels.map((c: { channel: string }) => c.channel);
      expect(names).to.include.members(['general', 'leads', 'design']);
      expect(names).to.not.include('hiring');
      expect(r.count).to.equal(10);
    },
  },
  { title: 'unknown arguments are refused', tool: 'list_chat_channels', args: { private: true }, ok: false, errorIncludes: ['private'] },
  { title: 'read a channel, newest first', tool: 'read_chat_channel', args: { channel: '#deploys', limit: 2 }, ok: true, check: (r) => expect(r.messages.map((m: { message_id: string }) => m.message_id)).to.deep.equal(['msg_337', 'msg_335']) },
  { title: 'a private channel maya is not in does not exist for her, and is not suggested', tool: 'read_chat_channel', args: { channel: 'hiring' }, ok: false, errorIncludes: ['channel_not_found', 'list_chat_channels'] },
  { title: 'a misspelt channel names the closest visible one', tool: 'read_chat_channel', args: { channel: 'enginering' }, ok: false, errorIncludes: ['did you mean #engineering'] },
  { title: 'search across visible channels', tool: 'search_chat_messages', args: { query: 'certificate' }, ok: true, check: (r) => expect(r.messages[0]).to.include({ message_id: 'msg_294', channel: 'incident-2026-03', user: 'maya' }) },
  { title: 'search needs a filter', tool: 'search_chat_messages', args: {}, ok: false, errorIncludes: ['at least one'] },
  { title: 'post in a channel she is in, with a mention', tool: 'post_chat_message', args: { channel: 'engineering', text: '@ben can you review the billing PR?' }, ok: true, check: (r) => expect(r).to.include({ message_id: 'msg_338', channel: 'engineering', user: 'maya', parent_id: null }) && expect(r.mentions).to.deep.equal(['ben']) },
  { title: 'posting where she is not a member', tool: 'post_chat_message', args: { channel: 'design', text: 'hello' }, ok: false, errorIncludes: ['not_in_channel', 'join_chat_channel'] },
  { title: 'a mention of nobody', tool: 'post_chat_message', args: { channel: 'engineering', text: 'thanks @bne' }, ok: false, errorIncludes: ['user_not_found', 'did you mean @ben'] },
  { title: 'reply in the thread of her post', tool: 'reply_in_chat_thread', args: { message_id: 'msg_338', text: 'It is PR 412.' }, ok: true, check: (r) => expect(r).to.include({ message_id: 'msg_339', parent_id: 'msg_338' }) },
  { title: 'a reply to an unknown message', tool: 'reply_in_chat_thread', args: { message_id: 'msg_9999', text: 'x' }, ok: false, errorIncludes: ['message_not_found'] },
  { title: 'the thread: first message and replies', tool: 'get_chat_thread', args: { message_id: 'msg_339' }, ok: true, check: (r) => expect(r.messages.map((m: { message_id: string }) => m.message_id)).to.deep.equal(['msg_338', 'msg_339']) && expect(r.replies).to.equal(1) },
  { title: '__proto__ is a plain unknown message', tool: 'get_chat_thread', args: { message_id: '__proto__' }, ok: false, errorIncludes: ['not found'] },
  { title: 'react with an emoji', tool: 'add_chat_reaction', args: { message_id: 'msg_294', emoji: ':tada:' }, ok: true, check: (r) => expect(r.reactions).to.deep.equal([{ emoji: 'tada', count: 1, users: ['maya'] }]) },
  { title: 'the same reaction twice', tool: 'add_chat_reaction', args: { message_id: 'msg_294', emoji: 'tada' }, ok: false, errorIncludes: ['already_reacted'] },
  { title: 'join a public channel', tool: 'join_chat_channel', args: { channel: '#design' }, ok: true, check: (r) => expect(r).to.deep.equal({ channel: 'design', topic: 'Design reviews and feedback', is_private: false, is_member: true, members: 5 }) },
  { title: 'joining twice', tool: 'join_chat_channel', args: { channel: 'design' }, ok: false, errorIncludes: ['already_in_channel'] },
  { title: 'invite someone to her private channel', tool: 'invite_to_chat_channel', args: { channel: 'incident-2026-03', username: '@priya' }, ok: true, check: (r) => expect(r.members).to.equal(5) },
  { title: 'invite an unknown person', tool: 'invite_to_chat_channel', args: { channel: 'incident-2026-03', username: 'constructor' }, ok: false, errorIncludes: ['user_not_found'] },
  { title: 'create a private channel', tool: 'create_chat_channel', args: { name: 'project-atlas', is_private: true, topic: 'Atlas launch' }, ok: true, check: (r) => expect(r).to.deep.equal({ channel: 'project-atlas', topic: 'Atlas launch', is_private: true, is_member: true, members: 1 }) },
  { title: 'names are taken even by channels she cannot see', tool: 'create_chat_channel', args: { name: 'hiring' }, ok: false, errorIncludes: ['name_taken'] },
  { title: 'names have no spaces or capitals', tool: 'create_chat_channel', args: { name: 'Project Beacon' }, ok: false, errorIncludes: ['invalid_name', 'project-beacon'] },
  { title: 'leave a channel', tool: 'leave_chat_channel', args: { channel: 'random' }, ok: true, check: (r) => expect(r).to.deep.equal({ channel: 'random', members: 17 }) },
  { title: 'nobody leaves #general', tool: 'leave_chat_channel', args: { channel: 'general' }, ok: false, errorIncludes: ['cant_leave_general'] },
];
