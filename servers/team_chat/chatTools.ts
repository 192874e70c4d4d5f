import type { JsonSchema } from '../../core/index.js';
import { defineTool, type ToolContext } from '../kit/Domain.js';
import { entryValues, getEntry, setEntry } from '../kit/bucketedRecord.js';
import { closestName } from '../kit/closestName.js';
import { CHANNEL_NAME, type ChatChannel, type ChatMessage, type TeamChatState } from './TeamChatState.js';

/**
 * The Slack-style tools. Everything is seen as the signed-in user: a private channel they are not in
 * does not exist for them (not found, never suggested), and only members read or post in a channel.
 * History is append-only: messages are never edited or deleted; reactions and replies add to them.
 */

type S = TeamChatState;
type Context = ToolContext<S>;
const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
const str = (description: string): JsonSchema => ({ type: 'string', description });
const CHANNEL: JsonSchema = { type: 'string', minLength: 1, maxLength: 81, description: 'The channel\'s name, with or without #, e.g. #engineering.' };
const MESSAGE_ID: JsonSchema = { type: 'string', minLength: 1, maxLength: 40, description: 'The message, e.g. msg_120 (read_chat_channel and search_chat_messages give them).' };
const TEXT: JsonSchema = { type: 'string', minLength: 1, maxLength: 4000, description: 'The message text; @name mentions a person, e.g. "@ben can you check?".' };

const visible = (state: S, channel: ChatChannel) => !channel.is_private || channel.members.includes(state.me);

function requireChannel(ctx: Context, raw: string): ChatChannel {
  const name = raw.startsWith('#') ? raw.slice(1) : raw;
  const channels = ctx.base.channels;
  if (Object.hasOwn(channels, name) && visible(ctx.base, channels[name])) return channels[name];
  const names = Object.values(channels).filter((c) => visible(ctx.base, c)).map((c) => c.name);
  const near = closestName(name.toLowerCase(), names);
  return ctx.fail(`channel_not_found: no channel #${name} you can see${near ? `; did you mean #${near}?` : ''} (list_chat_channels lists them)`);
}

function requireMember(ctx: Context, channel: ChatChannel, doing: string): void {
  if (!channel.members.includes(ctx.base.me)) ctx.fail(`not_in_channel: you are not a member of #${channel.name}, so you cannot ${doing}; join_chat_channel joins it`);
}

function requireMessage(ctx: Context, id: string): ChatMessage {
  const message = getEntry(ctx.base.messages, id);
  if (message === undefined || !visible(ctx.base, ctx.base.channels[message.channel])) return ctx.fail(`message_not_found: no message ${id} you can see; read_chat_channel or search_chat_messages give message ids`);
  return message;
}

function requireUser(ctx: Context, raw: string): string {
  const name = raw.startsWith('@') ? raw.slice(1) : raw;
  if (Object.hasOwn(ctx.base.users, name)) return name;
  const near = closestName(name.toLowerCase(), Object.keys(ctx.base.users));
  return ctx.fail(`user_not_found: no user @${name}${near ? `; did you mean @${near} (${ctx.base.users[near].display_name})?` : ''}`);
}

function mentionsIn(ctx: Context, text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(/(?:^|[^\w@])@([a-z][a-z0-9._-]*)/g)) {
    const name = match[1].replace(/[._-]+$/, '');
    if (!Object.hasOwn(ctx.base.users, name)) {
      const near = closestName(name, Object.keys(ctx.base.users));
      ctx.fail(`user_not_found: the text mentions @${name}, who is not in the workspace${near ? `; did you mean @${near}?` : ''}`);
    }
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

const stamp = (ctx: Context) => ctx.now.replace(/\.\d{3}Z$/, 'Z');

function summary(state: S, m: ChatMessage): string {
  const who = state.users[m.user].display_name;
  const text = m.text.length > 40 ? `${m.text.slice(0, 37)}...` : m.text;
  return `${who}'s message in #${m.channel} on ${m.ts.slice(0, 10)}: "${text}"`;
}

function messageView(state: S, m: ChatMessage): Record<string, unknown> {
  return {
    message_id: m.message_id,
    summary: summary(state, m),
    channel: m.channel,
    user: m.user,
    text: m.text,
    ts: m.ts,
    parent_id: m.parent_id,
    reply_count: m.reply_ids.length,
    mentions: m.mentions,
    reactions: m.reactions.map((r) => ({ emoji: r.emoji, count: r.users.length, users: r.users })),
  };
}

const MESSAGE_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    message_id: str('The message.'),
    summary: str('Who wrote what, where and when.'),
    channel: str('Its channel.'),
    user: str('Its author.'),
    text: str('Its text.'),
    ts: str('Posted, ISO-8601 UTC.'),
    parent_id: { type: ['string', 'null'], description: 'The thread\'s first message, for a reply.' },
    reply_count: { type: 'integer', description: 'Replies in its thread.' },
    mentions: { type: 'array', items: { type: 'string' }, description: 'People mentioned.' },
    reactions: { type: 'array', items: { type: 'object', properties: { emoji: str('Emoji name.'), count: { type: 'integer', description: 'How many.' }, users: { type: 'array', items: { type: 'string' }, description: 'Who.' } }, required: ['emoji', 'count', 'users'] }, description: 'Reactions.' },
  },
  required: ['message_id', 'summary', 'channel', 'user', 'text', 'ts', 'parent_id', 'reply_count', 'mentions', 'reactions'],
};
const MESSAGES = (description: string): JsonSchema => ({ type: 'array', items: MESSAGE_SCHEMA, description });
const CHANNEL_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { channel: str('Its name.'), topic: str('Its topic.'), is_private: { type: 'boolean', description: 'Private.' }, is_member: { type: 'boolean', description: 'You are in it.' }, members: { type: 'integer', description: 'Members.' } },
  required: ['channel', 'topic', 'is_private', 'is_member', 'members'],
};
const channelView = (state: S, c: ChatChannel) => ({ channel: c.name, topic: c.topic, is_private: c.is_private, is_member: c.members.includes(state.me), members: c.members.length });

function putChannel(ctx: Context, channel: ChatChannel): void {
  ctx.edit<Record<string, ChatChannel>>('channels')[channel.name] = channel;
}

export const listChatChannels = defineTool<S, { member_only?: boolean }>({
  name: 'list_chat_channels',
  description: 'The channels you can see: every public one and the private ones you are in, with topic, member count and whether you are a member.',
  input: { type: 'object', properties: { member_only: { type: 'boolean', description: 'Only channels you are in (default false).' } }, additionalProperties: false },
  output: { type: 'object', properties: { channels: { type: 'array', items: CHANNEL_SCHEMA, description: 'The channels, by name.' }, count: { type: 'integer', description: 'Channels.' } }, required: ['channels', 'count'] },
  annotations: { title: 'List channels', ...READ },
  handler(args, ctx) {
    const state = ctx.base;
    const channels = Object.values(state.channels)
      .filter((c) => visible(state, c) && (args.member_only !== true || c.members.includes(state.me)))
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .map((c) => channelView(state, c));
    return { channels, count: channels.length };
  },
});

export const joinChatChannel = defineTool<S, { channel: string }>({
  name: 'join_chat_channel',
  description: 'Join a public channel. Private channels are joined only by invitation (invite_to_chat_channel by a member).',
  input: { type: 'object', properties: { channel: CHANNEL }, required: ['channel'], additionalProperties: false },
  output: CHANNEL_SCHEMA,
  annotations: { title: 'Join a channel', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const channel = requireChannel(ctx, args.channel);
    if (channel.members.includes(ctx.base.me)) ctx.fail(`already_in_channel: you are already in #${channel.name}`);
    const next = { ...channel, members: [...channel.members, ctx.base.me] };
    putChannel(ctx, next);
    return channelView(ctx.base, next);
  },
});

export const leaveChatChannel = defineTool<S, { channel: string }>({
  name: 'leave_chat_channel',
  description: 'Leave a channel you are in. Nobody leaves #general. Leaving a private channel means an invitation is needed to come back.',
  input: { type: 'object', properties: { channel: CHANNEL }, required: ['channel'], additionalProperties: false },
  output: { type: 'object', properties: { channel: str('The channel left.'), members: { type: 'integer', description: 'Members left.' } }, required: ['channel', 'members'] },
  annotations: { title: 'Leave a channel', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const channel = requireChannel(ctx, args.channel);
    if (channel.name === 'general') ctx.fail('cant_leave_general: everyone stays in #general');
    requireMember(ctx, channel, 'leave it');
    const next = { ...channel, members: channel.members.filter((m) => m !== ctx.base.me) };
    putChannel(ctx, next);
    return { channel: channel.name, members: next.members.length };
  },
});

export const createChatChannel = defineTool<S, { name: string; is_private?: boolean; topic?: string }>({
  name: 'create_chat_channel',
  description: 'Create a channel (you become its first member). Names: lowercase letters, digits, - and _, up to 80, unique in the workspace (private ones included).',
  input: {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 81, description: 'The new channel\'s name, e.g. project-atlas.' },
      is_private: { type: 'boolean', description: 'Only invited members can see it (default false).' },
      topic: { type: 'string', maxLength: 250, description: 'What it is for.' },
    },
    required: ['name'],
    additionalProperties: false,
  },
  output: CHANNEL_SCHEMA,
  annotations: { title: 'Create a channel', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const name = (args.name.startsWith('#') ? args.name.slice(1) : args.name).trim();
    if (!CHANNEL_NAME.test(name)) ctx.fail(`invalid_name: "${name}" must be lowercase letters, digits, - or _ (no spaces), e.g. ${name.toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80) || 'project-atlas'}`);
    if (Object.hasOwn(ctx.base.channels, name)) ctx.fail(`name_taken: a channel named #${name} already exists`);
    const channel: ChatChannel = { name, topic: args.topic ?? '', is_private: args.is_private === true, created: stamp(ctx), members: [ctx.base.me] };
    putChannel(ctx, channel);
    return channelView(ctx.base, channel);
  },
});

export const inviteToChatChannel = defineTool<S, { channel: string; username: string }>({
  name: 'invite_to_chat_channel',
  description: 'Add a person to a channel you are in (the only way into a private channel).',
  input: { type: 'object', properties: { channel: CHANNEL, username: { type: 'string', minLength: 1, maxLength: 40, description: 'Who to add, e.g. ben or @ben.' } }, required: ['channel', 'username'], additionalProperties: false },
  output: CHANNEL_SCHEMA,
  annotations: { title: 'Invite to a channel', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const channel = requireChannel(ctx, args.channel);
    requireMember(ctx, channel, 'invite people to it');
    const user = requireUser(ctx, args.username);
    if (channel.members.includes(user)) ctx.fail(`already_in_channel: @${user} is already in #${channel.name}`);
    const next = { ...channel, members: [...channel.members, user] };
    putChannel(ctx, next);
    return channelView(ctx.base, next);
  },
});

function post(ctx: Context, channel: ChatChannel, text: string, parent: ChatMessage | null): ChatMessage {
  const message: ChatMessage = { message_id: ctx.nextId('msg'), channel: channel.name, user: ctx.base.me, text, ts: stamp(ctx), parent_id: parent?.message_id ?? null, reply_ids: [], mentions: mentionsIn(ctx, text), reactions: [] };
  setEntry(ctx.state.messages, message.message_id, message);
  if (parent !== null) setEntry(ctx.state.messages, parent.message_id, { ...parent, reply_ids: [...parent.reply_ids, message.message_id] });
  return message;
}

export const postChatMessage = defineTool<S, { channel: string; text: string }>({
  name: 'post_chat_message',
  description: 'Post a message in a channel you are in; @name mentions a person (they must exist). Messages cannot be edited or deleted later. Returns the message with its message_id.',
  input: { type: 'object', properties: { channel: CHANNEL, text: TEXT }, required: ['channel', 'text'], additionalProperties: false },
  output: MESSAGE_SCHEMA,
  annotations: { title: 'Post a message', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const channel = requireChannel(ctx, args.channel);
    requireMember(ctx, channel, 'post in it');
    return messageView(ctx.base, post(ctx, channel, args.text, null));
  },
});

export const replyInChatThread = defineTool<S, { message_id: string; text: string }>({
  name: 'reply_in_chat_thread',
  description: 'Reply in the thread of a message (a reply to a reply goes to the same thread). You must be in its channel.',
  input: { type: 'object', properties: { message_id: MESSAGE_ID, text: TEXT }, required: ['message_id', 'text'], additionalProperties: false },
  output: MESSAGE_SCHEMA,
  annotations: { title: 'Reply in a thread', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const target = requireMessage(ctx, args.message_id);
    const root = target.parent_id === null ? target : requireMessage(ctx, target.parent_id);
    const channel = ctx.base.channels[root.channel];
    requireMember(ctx, channel, 'reply there');
    return messageView(ctx.base, post(ctx, channel, args.text, getEntry(ctx.base.messages, root.message_id)!));
  },
});

export const addChatReaction = defineTool<S, { message_id: string; emoji: string }>({
  name: 'add_chat_reaction',
  description: 'React to a message with an emoji (by name, e.g. thumbsup, tada, eyes). Once per emoji per person; you must be in the channel.',
  input: { type: 'object', properties: { message_id: MESSAGE_ID, emoji: { type: 'string', pattern: '^:?[a-z0-9_+-]{1,40}:?$', description: 'Emoji name, e.g. thumbsup or :tada:.' } }, required: ['message_id', 'emoji'], additionalProperties: false },
  output: MESSAGE_SCHEMA,
  annotations: { title: 'React', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const message = requireMessage(ctx, args.message_id);
    requireMember(ctx, ctx.base.channels[message.channel], 'react there');
    const emoji = args.emoji.replace(/^:|:$/g, '');
    const me = ctx.base.me;
    const existing = message.reactions.find((r) => r.emoji === emoji);
    if (existing?.users.includes(me)) ctx.fail(`already_reacted: you already reacted with :${emoji}: to this message`);
    const reactions = existing ? message.reactions.map((r) => (r === existing ? { emoji, users: [...r.users, me] } : r)) : [...message.reactions, { emoji, users: [me] }];
    const next = { ...message, reactions };
    setEntry(ctx.state.messages, message.message_id, next);
    return messageView(ctx.base, next);
  },
});

export const readChatChannel = defineTool<S, { channel: string; limit?: number }>({
  name: 'read_chat_channel',
  description: 'The latest messages of a channel (not thread replies), newest first, with reply counts and reactions. Public channels can be read without joining; private ones only by members.',
  input: { type: 'object', properties: { channel: CHANNEL, limit: { type: 'integer', minimum: 1, maximum: 100, description: 'How many (default 20).' } }, required: ['channel'], additionalProperties: false },
  output: { type: 'object', properties: { channel: str('The channel.'), messages: MESSAGES('Newest first.'), total: { type: 'integer', description: 'Messages in the channel.' } }, required: ['channel', 'messages', 'total'] },
  annotations: { title: 'Read a channel', ...READ },
  handler(args, ctx) {
    const channel = requireChannel(ctx, args.channel);
    const roots = entryValues(ctx.base.messages).filter((m) => m.channel === channel.name && m.parent_id === null);
    roots.sort((a, b) => (a.ts === b.ts ? (a.message_id < b.message_id ? 1 : -1) : a.ts < b.ts ? 1 : -1));
    return { channel: channel.name, messages: roots.slice(0, args.limit ?? 20).map((m) => messageView(ctx.base, m)), total: roots.length };
  },
});

export const getChatThread = defineTool<S, { message_id: string }>({
  name: 'get_chat_thread',
  description: 'A thread: its first message and every reply, oldest first (any message of the thread will do).',
  input: { type: 'object', properties: { message_id: MESSAGE_ID }, required: ['message_id'], additionalProperties: false },
  output: { type: 'object', properties: { channel: str('The channel.'), messages: MESSAGES('The first message, then the replies.'), replies: { type: 'integer', description: 'Replies.' } }, required: ['channel', 'messages', 'replies'] },
  annotations: { title: 'Read a thread', ...READ },
  handler(args, ctx) {
    const target = requireMessage(ctx, args.message_id);
    const root = target.parent_id === null ? target : requireMessage(ctx, target.parent_id);
    const replies = root.reply_ids.map((id) => getEntry(ctx.base.messages, id)!);
    return { channel: root.channel, messages: [root, ...replies].map((m) => messageView(ctx.base, m)), replies: replies.length };
  },
});

export const searchChatMessages = defineTool<S, { query?: string; channel?: string; from?: string; mentions?: string }>({
  name: 'search_chat_messages',
  description: 'Search messages in every channel you can see, newest first: by words (all must occur), in one channel, from one person, or mentioning someone. At least one filter.',
  input: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, maxLength: 200, description: 'Words the text contains, e.g. "deploy rollback".' },
      channel: CHANNEL,
      from: { type: 'string', minLength: 1, maxLength: 40, description: 'Only messages by this person, e.g. omar.' },
      mentions: { type: 'string', minLength: 1, maxLength: 40, description: 'Only messages mentioning this person, e.g. maya.' },
    },
    additionalProperties: false,
  },
  output: { type: 'object', properties: { messages: MESSAGES('Matches, newest first (at most 50).'), total: { type: 'integer', description: 'All matches.' } }, required: ['messages', 'total'] },
  annotations: { title: 'Search messages', ...READ },
  handler(args, ctx) {
    if (args.query === undefined && args.channel === undefined && args.from === undefined && args.mentions === undefined) ctx.fail('search needs at least one of query, channel, from, mentions');
    const channel = args.channel === undefined ? undefined : requireChannel(ctx, args.channel).name;
    const from = args.from === undefined ? undefined : requireUser(ctx, args.from);
    const mentioned = args.mentions === undefined ? undefined : requireUser(ctx, args.mentions);
    const words = (args.query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const state = ctx.base;
    const found = entryValues(state.messages).filter(
      (m) =>
        visible(state, state.channels[m.channel]) &&
        (channel === undefined || m.channel === channel) &&
        (from === undefined || m.user === from) &&
        (mentioned === undefined || m.mentions.includes(mentioned)) &&
        words.every((w) => m.text.toLowerCase().includes(w)),
    );
    found.sort((a, b) => (a.ts === b.ts ? (a.message_id < b.message_id ? 1 : -1) : a.ts < b.ts ? 1 : -1));
    return { messages: found.slice(0, 50).map((m) => messageView(state, m)), total: found.length };
  },
});
