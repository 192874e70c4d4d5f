import type { DomainInvariant } from '../kit/Domain.js';
import { entryValues, getEntry } from '../kit/bucketedRecord.js';
import type { EmailState } from './EmailState.js';

/** Properties every reachable mailbox keeps. */
export const emailInvariants: DomainInvariant<EmailState>[] = [
  {
    name: 'every message is in exactly the thread that lists it, and threads list existing messages oldest first',
    check(state) {
      const seen = new Set<string>();
      for (const thread of entryValues(state.threads)) {
        if (thread.message_ids.length === 0) return `${thread.thread_id} is empty`;
        let last = '';
        for (const id of thread.message_ids) {
          const message = getEntry(state.messages, id);
          if (message === undefined) return `${thread.thread_id} lists missing ${id}`;
          if (message.thread_id !== thread.thread_id) return `${id} is listed by ${thread.thread_id} but says ${message.thread_id}`;
          if (message.date < last) return `${thread.thread_id} is out of date order at ${id}`;
          if (seen.has(id)) return `${id} is listed twice`;
          seen.add(id);
          last = message.date;
        }
      }
      for (const message of entryValues(state.messages)) if (!seen.has(message.message_id)) return `${message.message_id} is in no thread`;
      return undefined;
    },
  },
  {
    name: 'labels on messages exist; sent mail is from the account and only sent mail is in Sent; Trash and Inbox exclude each other',
    check(state) {
      for (const message of entryValues(state.messages)) {
        for (const id of message.labels) if (!Object.hasOwn(state.labels, id)) return `${message.message_id} carries unknown label ${id}`;
        if (new Set(message.labels).size !== message.labels.length) return `${message.message_id} carries a label twice`;
        const sent = message.labels.includes('SENT');
        if (sent !== (message.from === state.account.email)) return `${message.message_id}: SENT label and sender disagree`;
        if (message.labels.includes('TRASH') && message.labels.includes('INBOX')) return `${message.message_id} is in Trash and Inbox`;
      }
      return undefined;
    },
  },
  {
    name: 'sent mail is append-only: every message sent in the initial world is still there, unchanged',
    check(state, initial) {
      for (const message of entryValues(initial.messages)) {
        if (!message.labels.includes('SENT')) continue;
        const now = getEntry(state.messages, message.message_id);
        if (now === undefined) return `sent ${message.message_id} disappeared`;
        if (now !== message && (now.body !== message.body || now.subject !== message.subject || now.date !== message.date || now.to.join() !== message.to.join())) return `sent ${message.message_id} changed`;
      }
      return undefined;
    },
  },
  {
    name: 'drafts are keyed by their id and never carry an unknown reply target',
    check(state) {
      for (const [id, draft] of Object.entries(state.drafts)) {
        if (draft.draft_id !== id) return `draft key ${id} holds ${draft.draft_id}`;
        if (draft.in_reply_to !== null && getEntry(state.messages, draft.in_reply_to) === undefined) return `${id} replies to missing ${draft.in_reply_to}`;
      }
      return undefined;
    },
  },
];
