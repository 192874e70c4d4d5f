import type { BucketedRecord } from '../kit/bucketedRecord.js';

/**
 * One Slack-style workspace seen by its signed-in user: people, public and private channels with
 * their members, and an append-only history of messages, thread replies and reactions.
 */

export const TEAM_CHAT_REFERENCE_DATE = '2026-03-16T09:00:00Z';

export interface ChatUser {
  username: string;
  display_name: string;
  title: string;
}

export interface ChatChannel {
  name: string;
  topic: string;
  is_private: boolean;
  created: string;
  /** Usernames, in the order they joined. */
  members: string[];
}

export interface ChatReaction {
  emoji: string;
  users: string[];
}

export interface ChatMessage {
  message_id: string;
  channel: string;
  user: string;
  text: string;
  /** ISO-8601 UTC. */
  ts: string;
  /** The thread's first message, for a reply; null for a message in the channel. */
  parent_id: string | null;
  /** For a thread's first message: its replies, oldest first. */
  reply_ids: string[];
  mentions: string[];
  reactions: ChatReaction[];
}

export interface TeamChatState {
  workspace: string;
  /** The signed-in user: every permission is checked for them. */
  me: string;
  users: Record<string, ChatUser>;
  channels: Record<string, ChatChannel>;
  messages: BucketedRecord<ChatMessage>;
}

export const CHANNEL_NAME = /^[a-z0-9][a-z0-9_-]{0,79}$/;
