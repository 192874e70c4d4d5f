import type { GoldGraph } from './types.js';

const CHANNEL_SOURCES = ['list_chat_channels', 'search_chat_messages', 'get_chat_thread', 'create_chat_channel'];

export const gold: GoldGraph = {
  domain: 'team_chat',
  explicit: {
    join_chat_channel: CHANNEL_SOURCES,
    leave_chat_channel: CHANNEL_SOURCES,
    post_chat_message: CHANNEL_SOURCES,
    read_chat_channel: CHANNEL_SOURCES,
    // The channel, and a user seen in a channel (a member, a message's author).
    invite_to_chat_channel: [...CHANNEL_SOURCES, 'read_chat_channel'],
    reply_in_chat_thread: ['read_chat_channel', 'search_chat_messages', 'post_chat_message', 'get_chat_thread'],
    get_chat_thread: ['read_chat_channel', 'search_chat_messages', 'post_chat_message'],
    add_chat_reaction: ['read_chat_channel', 'search_chat_messages', 'post_chat_message', 'get_chat_thread', 'reply_in_chat_thread'],
  },
  // Corrected (issue #17 part 5): posting, inviting and leaving are refused in a channel one is not
  // in ("not_in_channel: you are not a member of #design, so you cannot post in it;
  // join_chat_channel joins it"), so joining is the state they need. First labelled without them.
  implicit: [
    ['join_chat_channel', 'post_chat_message'],
    ['join_chat_channel', 'invite_to_chat_channel'],
    ['join_chat_channel', 'leave_chat_channel'],
  ],
};
