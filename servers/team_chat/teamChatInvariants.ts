import type { DomainInvariant } from '../kit/Domain.js';
import { entryValues, getEntry } from '../kit/bucketedRecord.js';
import { CHANNEL_NAME, type TeamChatState } from './TeamChatState.js';

/** Properties every reachable workspace keeps. */
export const teamChatInvariants: DomainInvariant<TeamChatState>[] = [
  {
    name: 'channels are keyed by valid unique names; members are known people, each once',
    check(state) {
      for (const [key, channel] of Object.entries(state.channels)) {
        if (channel.name !== key || !CHANNEL_NAME.test(key)) return `channel key ${key} holds ${channel.name}`;
        if (new Set(channel.members).size !== channel.members.length) return `#${key} lists a member twice`;
        for (const member of channel.members) if (!Object.hasOwn(state.users, member)) return `#${key} has unknown member ${member}`;
      }
      return Object.hasOwn(state.users, state.me) ? undefined : `the signed-in user ${state.me} does not exist`;
    },
  },
  {
    name: 'threads are consistent: a reply\'s parent is a first message of the same channel that lists it, and back',
    check(state) {
      for (const message of entryValues(state.messages)) {
        if (!Object.hasOwn(state.channels, message.channel)) return `${message.message_id} is in unknown #${message.channel}`;
        if (!Object.hasOwn(state.users, message.user)) return `${message.message_id} by unknown ${message.user}`;
        for (const mention of message.mentions) if (!Object.hasOwn(state.users, mention)) return `${message.message_id} mentions unknown ${mention}`;
        if (message.parent_id !== null) {
          const parent = getEntry(state.messages, message.parent_id);
          if (parent === undefined || parent.parent_id !== null || parent.channel !== message.channel || !parent.reply_ids.includes(message.message_id)) return `${message.message_id}: broken thread link to ${message.parent_id}`;
          if (message.reply_ids.length > 0) return `reply ${message.message_id} has replies`;
        }
        for (const id of message.reply_ids) if (getEntry(state.messages, id)?.parent_id !== message.message_id) return `${message.message_id} lists ${id}, which is not its reply`;
        const emoji = new Set<string>();
        for (const reaction of message.reactions) {
          if (emoji.has(reaction.emoji)) return `${message.message_id}: :${reaction.emoji}: twice`;
          emoji.add(reaction.emoji);
          if (reaction.users.length === 0 || new Set(reaction.users).size !== reaction.users.length) return `${message.message_id}: bad :${reaction.emoji}: users`;
        }
      }
      return undefined;
    },
  },
  {
    name: 'history is append-only: every message of the initial workspace is still there with its author, text, channel and time',
    check(state, initial) {
      for (const message of entryValues(initial.messages)) {
        const now = getEntry(state.messages, message.message_id);
        if (now === undefined) return `${message.message_id} disappeared`;
        if (now !== message && (now.text !== message.text || now.user !== message.user || now.ts !== message.ts || now.channel !== message.channel)) return `${message.message_id} changed`;
      }
      return undefined;
    },
  },
];
