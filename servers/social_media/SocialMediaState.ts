import type { BucketedRecord } from '../kit/bucketedRecord.js';

/**
 * A Mastodon / X-style network seen by its signed-in account: accounts with the accounts they follow
 * and block, and posts (originals, replies and reposts) with their visibility, likes and reposts.
 */

export const SOCIAL_MEDIA_REFERENCE_DATE = '2026-03-16T12:00:00Z';

/** public: everyone; followers: the author's followers and the people it mentions; direct: only the people it mentions. */
export const VISIBILITIES = ['public', 'followers', 'direct'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export interface SocialAccount {
  handle: string;
  display_name: string;
  bio: string;
  /** YYYY-MM-DD. */
  joined: string;
  /** Handles this account follows, in the order it followed them. */
  following: string[];
  /** Handles this account blocks. */
  blocking: string[];
}

export interface SocialPost {
  post_id: string;
  author: string;
  /** Empty for a repost (its text is the original's). */
  text: string;
  /** ISO-8601 UTC. */
  created_at: string;
  visibility: Visibility;
  /** The post this one answers, or null. It may have been deleted since (then it is in deleted_post_ids). */
  in_reply_to: string | null;
  /** For a repost: the original post (never itself a repost); null otherwise. */
  repost_of: string | null;
  mentions: string[];
  hashtags: string[];
  liked_by: string[];
  /** Handles that reposted it (one repost entry each). */
  reposted_by: string[];
  /** Replies, oldest first. */
  reply_ids: string[];
}

export interface SocialMediaState {
  network: string;
  /** The signed-in account: every visibility and permission is checked for it. */
  me: string;
  accounts: Record<string, SocialAccount>;
  posts: BucketedRecord<SocialPost>;
  /** Ids of deleted posts (never reused; replies to them keep their in_reply_to). */
  deleted_post_ids: string[];
}

export const HANDLE = /^[a-z0-9_]{1,30}$/;
export const MAX_POST_LENGTH = 500;
