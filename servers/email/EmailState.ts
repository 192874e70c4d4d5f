import type { BucketedRecord } from '../kit/bucketedRecord.js';

/**
 * One Gmail-style mailbox: the account's messages grouped in threads, system and user labels,
 * drafts and the contacts mail goes to and comes from. Messages are kept in buckets (a mailbox
 * holds hundreds; a write copies one bucket).
 */

export const EMAIL_REFERENCE_DATE = '2026-03-16T09:00:00Z';

/** Labels every mailbox has; they cannot be created, renamed or deleted. */
export const SYSTEM_LABELS = ['INBOX', 'SENT', 'STARRED', 'UNREAD', 'IMPORTANT', 'TRASH', 'SPAM'] as const;
export type SystemLabel = (typeof SYSTEM_LABELS)[number];

export interface Attachment {
  filename: string;
  mime_type: string;
  size: number;
}

export interface EmailMessage {
  message_id: string;
  thread_id: string;
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  body: string;
  /** ISO-8601 UTC. */
  date: string;
  /** Label ids: system labels by name, user labels as Label_<n>. */
  labels: string[];
  attachments: Attachment[];
}

export interface EmailThread {
  thread_id: string;
  subject: string;
  /** Oldest first. */
  message_ids: string[];
}

export interface EmailLabel {
  label_id: string;
  label: string;
  type: 'system' | 'user';
}

export interface EmailDraft {
  draft_id: string;
  to: string[];
  cc: string[];
  subject: string;
  body: string;
  /** The message a draft replies to, if any (its thread). */
  in_reply_to: string | null;
  updated: string;
}

export interface EmailContact {
  email: string;
  name: string;
  company: string;
}

export interface EmailState {
  account: { email: string; name: string };
  contacts: Record<string, EmailContact>;
  labels: Record<string, EmailLabel>;
  messages: BucketedRecord<EmailMessage>;
  threads: BucketedRecord<EmailThread>;
  drafts: Record<string, EmailDraft>;
}

export const MAX_RECIPIENTS = 50;
