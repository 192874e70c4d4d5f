import type { JsonSchema } from '../../core/index.js';
import type { ToolContext } from '../kit/Domain.js';
import { entryValues, getEntry } from '../kit/bucketedRecord.js';
import { closestName } from '../kit/closestName.js';
import { ownEntry } from '../kit/lookups.js';
import type { SocialAccount, SocialMediaState, SocialPost } from './SocialMediaState.js';

/**
 * Visibility, lookups and views of the social network, always as the signed-in account sees it.
 * A post is visible when there is no block between its author and the viewer (either way), and it
 * is public, or followers-only and the viewer follows the author or is mentioned, or direct and the
 * viewer is mentioned; the author always sees their own. A repost is visible when its original is.
 */

export type S = SocialMediaState;
export type Context = ToolContext<S>;

export const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export function blockedBetween(state: S, a: string, b: string): boolean {
  const first = ownEntry(state.accounts, a);
  const second = ownEntry(state.accounts, b);
  return (first !== undefined && first.blocking.includes(b)) || (second !== undefined && second.blocking.includes(a));
}

export function canSee(state: S, post: SocialPost): boolean {
  const me = state.me;
  if (post.repost_of !== null) {
    const original = getEntry(state.posts, post.repost_of);
    if (original === undefined || !canSee(state, original)) return false;
    return post.author === me || !blockedBetween(state, me, post.author);
  }
  if (post.author === me) return true;
  if (blockedBetween(state, me, post.author)) return false;
  if (post.visibility === 'public') return true;
  if (post.mentions.includes(me)) return true;
  return post.visibility === 'followers' && state.accounts[me].following.includes(post.author);
}

/** The account with that handle (with or without @), or a not-found failure naming the closest handle. */
export function requireAccount(ctx: Context, raw: string): SocialAccount {
  const handle = (raw.startsWith('@') ? raw.slice(1) : raw).trim();
  const account = ownEntry(ctx.base.accounts, handle);
  if (account !== undefined) return account;
  const near = closestName(handle.toLowerCase(), Object.keys(ctx.base.accounts));
  return ctx.fail(`account_not_found: no account @${handle}${near ? `; did you mean @${near} (${ctx.base.accounts[near].display_name})?` : ''}`);
}

/** Another account the signed-in one may look at: it must not have blocked them. */
export function requireReachable(ctx: Context, raw: string): SocialAccount {
  const account = requireAccount(ctx, raw);
  if (account.handle !== ctx.base.me && account.blocking.includes(ctx.base.me)) ctx.fail(`blocked: @${account.handle} has blocked you; you cannot see their profile, posts or followers, nor follow them`);
  return account;
}

/** A post the signed-in account can see, or not found (a post it may not see does not exist for it). */
export function requirePost(ctx: Context, id: string): SocialPost {
  const post = getEntry(ctx.base.posts, id);
  if (post !== undefined && canSee(ctx.base, post)) return post;
  if (ctx.base.deleted_post_ids.includes(id)) ctx.fail(`post_not_found: post ${id} was deleted`);
  return ctx.fail(`post_not_found: no post ${id} you can see; get_home_feed, search_social_posts and get_social_profile give post ids`);
}

/** The post itself, or for a repost its original (likes, reposts and replies go to the original). */
export function originalOf(ctx: Context, post: SocialPost): SocialPost {
  return post.repost_of === null ? post : requirePost(ctx, post.repost_of);
}

/** Every @mention of a text must be an account; returns them, each once. */
export function checkMentions(ctx: Context, handles: readonly string[]): void {
  for (const handle of handles) {
    if (ownEntry(ctx.base.accounts, handle) === undefined) {
      const near = closestName(handle, Object.keys(ctx.base.accounts));
      ctx.fail(`account_not_found: the text mentions @${handle}, who has no account${near ? `; did you mean @${near}?` : ''}`);
    }
  }
}

export const stamp = (ctx: Context) => ctx.now.replace(/\.\d{3}Z$/, 'Z');

export const followersOf = (state: S, handle: string): string[] => {
  const out: string[] = [];
  for (const account of Object.values(state.accounts)) if (account.following.includes(handle)) out.push(account.handle);
  return out;
};

export const newestFirst = (a: SocialPost, b: SocialPost): number => (a.created_at === b.created_at ? (Number(b.post_id.slice(5)) - Number(a.post_id.slice(5))) : a.created_at < b.created_at ? 1 : -1);

/** Visible posts, newest first, that pass `keep`. */
export function visiblePosts(state: S, keep: (post: SocialPost) => boolean): SocialPost[] {
  const out: SocialPost[] = [];
  for (const post of entryValues(state.posts)) if (keep(post) && canSee(state, post)) out.push(post);
  return out.sort(newestFirst);
}

function short(text: string): string {
  return text.length > 32 ? `${text.slice(0, 29)}...` : text;
}

/** The post as results show it; `original` is the repost's original when the call just changed it. */
export function postView(state: S, post: SocialPost, original: SocialPost = post.repost_of === null ? post : getEntry(state.posts, post.repost_of)!): Record<string, unknown> {
  const summary = post.repost_of === null ? `@${post.author}'s post "${short(post.text)}" of ${post.created_at.slice(0, 10)}` : `@${post.author}'s repost of "${short(original.text)}"`;
  return {
    post_id: post.post_id,
    summary,
    author: post.author,
    author_name: state.accounts[post.author].display_name,
    text: original.text,
    created_at: post.created_at,
    visibility: post.visibility,
    in_reply_to: post.in_reply_to,
    repost_of: post.repost_of,
    original_author: post.repost_of === null ? null : original.author,
    mentions: original.mentions,
    hashtags: original.hashtags,
    likes: original.liked_by.length,
    reposts: original.reposted_by.length,
    replies: original.reply_ids.length,
    liked: original.liked_by.includes(state.me),
    reposted: original.reposted_by.includes(state.me),
  };
}

const str = (description: string): JsonSchema => ({ type: 'string', description });
const int = (description: string): JsonSchema => ({ type: 'integer', description });
const bool = (description: string): JsonSchema => ({ type: 'boolean', description });
const nullable = (description: string): JsonSchema => ({ type: ['string', 'null'], description });
const strings = (description: string): JsonSchema => ({ type: 'array', items: { type: 'string' }, description });

export const POST_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    post_id: str('The post (for a repost: the repost itself).'),
    summary: str('Who posted what, and when.'),
    author: str('Its author\'s handle (for a repost: who reposted).'),
    author_name: str('The author\'s display name.'),
    text: str('Its text (for a repost: the original\'s).'),
    created_at: str('Posted, ISO-8601 UTC.'),
    visibility: { type: 'string', enum: ['public', 'followers', 'direct'], description: 'Who can see it.' },
    in_reply_to: nullable('The post it answers.'),
    repost_of: nullable('For a repost: the original post.'),
    original_author: nullable('For a repost: the original\'s author.'),
    mentions: strings('Handles mentioned.'),
    hashtags: strings('Hashtags, lower case.'),
    likes: int('Likes (of the original, for a repost).'),
    reposts: int('Reposts.'),
    replies: int('Direct replies.'),
    liked: bool('You liked it.'),
    reposted: bool('You reposted it.'),
  },
  required: ['post_id', 'summary', 'author', 'author_name', 'text', 'created_at', 'visibility', 'in_reply_to', 'repost_of', 'original_author', 'mentions', 'hashtags', 'likes', 'reposts', 'replies', 'liked', 'reposted'],
};
export const POSTS = (description: string): JsonSchema => ({ type: 'array', items: POST_SCHEMA, description });

export function relationship(state: S, handle: string): Record<string, boolean> {
  const me = state.accounts[state.me];
  const other = state.accounts[handle];
  return { following: me.following.includes(handle), followed_by: other.following.includes(state.me), blocking: me.blocking.includes(handle) };
}

export const RELATIONSHIP_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { following: bool('You follow them.'), followed_by: bool('They follow you.'), blocking: bool('You block them.') },
  required: ['following', 'followed_by', 'blocking'],
};

export function accountView(state: S, account: SocialAccount): Record<string, unknown> {
  return { handle: account.handle, display_name: account.display_name, bio: account.bio, ...relationship(state, account.handle) };
}

export const ACCOUNT_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { handle: str('The handle (without @).'), display_name: str('Their name.'), bio: str('Their bio.'), following: bool('You follow them.'), followed_by: bool('They follow you.'), blocking: bool('You block them.') },
  required: ['handle', 'display_name', 'bio', 'following', 'followed_by', 'blocking'],
};

export const HANDLE_ARG: JsonSchema = { type: 'string', minLength: 1, maxLength: 31, description: 'The account\'s handle, with or without @, e.g. @ana_souza.' };
export const POST_ID: JsonSchema = { type: 'string', minLength: 1, maxLength: 40, description: 'The post, e.g. post_120 (get_home_feed, search_social_posts and get_social_profile give them).' };
