/** How users ask for each team chat tool (slots are argument names), for data synthesis. */
export const teamChatPhrasings: Record<string, string[]> = {
  list_chat_channels: ['show me the channels', 'list the channels I can see'],
  join_chat_channel: ['join #{channel}', 'add me to the #{channel} channel'],
  leave_chat_channel: ['leave #{channel}', 'take me out of #{channel}'],
  create_chat_channel: ['create a channel called #{name}', 'start a new channel #{name}'],
  invite_to_chat_channel: ['invite @{username} to #{channel}', 'add {username} to #{channel}'],
  post_chat_message: ['post "{text}" in #{channel}', 'tell #{channel}: {text}'],
  reply_in_chat_thread: ['reply to {message_id} with "{text}"', 'answer in the thread of {message_id}: {text}'],
  add_chat_reaction: ['react to {message_id} with :{emoji}:', 'add a :{emoji}: to {message_id}'],
  read_chat_channel: ['show me the latest in #{channel}', 'catch me up on #{channel}'],
  get_chat_thread: ['open the thread of {message_id}', 'show me the replies to {message_id}'],
  search_chat_messages: ['search the chat for "{query}"', 'find messages from {from}', 'find messages about {query} in #{channel}'],
};
