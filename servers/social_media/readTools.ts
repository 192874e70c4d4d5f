import type { JsonSchema } from '../../core/index.js';
import { defineTool } from '../kit/Domain.js';
import { getEntry } from '../kit/bucketedRecord.js';
import { ACCOUNT_SCHEMA, HANDLE_ARG, POST_ID, POST_SCHEMA, POSTS, READ, RELATIONSHIP_SCHEMA, accountView, canSee, followersOf, postView, relationship, requirePost, requireReachable, visiblePosts, type S } from './socialModel.js';
import type { SocialPost } from './SocialMediaState.js';

/** Reading the network: profiles, follower lists, the home feed, threads and search. */

const LIMIT = (fallback: number): JsonSchema => ({ type: 'integer', minimum: 1, maximum: 100, description: `How many posts (default ${fallback}).` });

export const getSocialProfile = defineTool<S, { handle: string; limit?: number }>({
  name: 'get_social_profile',
  description:
    'An account\'s profile (your own with your handle): name, bio, follower/following/post counts, your relationship with them, and their latest posts you can see (none while you block them). Refused when they have blocked you.',
  input: { type: 'object', properties: { handle: HANDLE_ARG, limit: LIMIT(5) }, required: ['handle'], additionalProperties: false },
  output: {
    type: 'object',
    properties: {
      handle: { type: 'string', description: 'The handle.' },
      display_name: { type: 'string', description: 'Their name.' },
      bio: { type: 'string', description: 'Their bio.' },
      joined: { type: 'string', description: 'Joined, YYYY-MM-DD.' },
      followers: { type: 'integer', description: 'Followers.' },
      following: { type: 'integer', description: 'Accounts they follow.' },
      posts: { type: 'integer', description: 'Posts you can see (reposts included).' },
      relationship: RELATIONSHIP_SCHEMA,
      recent_posts: POSTS('Their latest posts you can see, newest first.'),
    },
    required: ['handle', 'display_name', 'bio', 'joined', 'followers', 'following', 'posts', 'relationship', 'recent_posts'],
  },
  annotations: { title: 'View a profile', ...READ },
  handler(args, ctx) {
    const state = ctx.base;
    const account = requireReachable(ctx, args.handle);
    const theirs = state.accounts[state.me].blocking.includes(account.handle) ? [] : visiblePosts(state, (p) => p.author === account.handle);
    return {
      handle: account.handle,
      display_name: account.display_name,
      bio: account.bio,
      joined: account.joined,
      followers: followersOf(state, account.handle).length,
      following: account.following.length,
      posts: theirs.length,
      relationship: relationship(state, account.handle),
      recent_posts: theirs.slice(0, args.limit ?? 5).map((p) => postView(state, p)),
    };
  },
});

export const listSocialConnections = defineTool<S, { handle: string; direction: 'followers' | 'following' }>({
  name: 'list_social_connections',
  description: 'Who follows an account (followers) or whom it follows (following), with your relationship to each. Use your own handle for your followers. Refused when the account has blocked you.',
  input: {
    type: 'object',
    properties: { handle: HANDLE_ARG, direction: { type: 'string', enum: ['followers', 'following'], description: 'followers: who follows them; following: whom they follow.' } },
    required: ['handle', 'direction'],
    additionalProperties: false,
  },
  output: { type: 'object', properties: { handle: { type: 'string', description: 'The account.' }, direction: { type: 'string', description: 'followers or following.' }, accounts: { type: 'array', items: ACCOUNT_SCHEMA, description: 'The accounts, by handle.' }, count: { type: 'integer', description: 'How many.' } }, required: ['handle', 'direction', 'accounts', 'count'] },
  annotations: { title: 'List followers or following', ...READ },
  handler(args, ctx) {
    const state = ctx.base;
    const account = requireReachable(ctx, args.handle);
    const handles = (args.direction === 'followers' ? followersOf(state, account.handle) : account.following.slice()).sort();
    const accounts = handles.map((h) => accountView(state, state.accounts[h]));
    return { handle: account.handle, direction: args.direction, accounts, count: accounts.length };
  },
});

export const getHomeFeed = defineTool<S, { limit?: number }>({
  name: 'get_home_feed',
  description: 'Your home feed: posts, replies and reposts by you and the accounts you follow that you can see, newest first. Nothing from accounts in a block with you.',
  input: { type: 'object', properties: { limit: LIMIT(20) }, additionalProperties: false },
  output: { type: 'object', properties: { posts: POSTS('Newest first.'), count: { type: 'integer', description: 'Posts returned.' } }, required: ['posts', 'count'] },
  annotations: { title: 'Home feed', ...READ },
  handler(args, ctx) {
    const state = ctx.base;
    const following = state.accounts[state.me].following;
    const posts = visiblePosts(state, (p) => p.author === state.me || following.includes(p.author)).slice(0, args.limit ?? 20).map((p) => postView(state, p));
    return { posts, count: posts.length };
  },
});

export const getSocialThread = defineTool<S, { post_id: string }>({
  name: 'get_social_thread',
  description: 'A post in its conversation: the posts it answers (oldest first) and every reply below it you can see, in order. A repost opens its original.',
  input: { type: 'object', properties: { post_id: POST_ID }, required: ['post_id'], additionalProperties: false },
  output: { type: 'object', properties: { post: POST_SCHEMA, ancestors: POSTS('The posts it answers, oldest first.'), replies: POSTS('Replies below it, depth first, oldest first.') }, required: ['post', 'ancestors', 'replies'] },
  annotations: { title: 'Open a thread', ...READ },
  handler(args, ctx) {
    const state = ctx.base;
    let post = requirePost(ctx, args.post_id);
    if (post.repost_of !== null) post = requirePost(ctx, post.repost_of);
    const ancestors: SocialPost[] = [];
    for (let up = post.in_reply_to; up !== null; ) {
      const parent = getEntry(state.posts, up);
      if (parent === undefined || !canSee(state, parent)) break;
      ancestors.unshift(parent);
      up = parent.in_reply_to;
    }
    const replies: SocialPost[] = [];
    const walk = (node: SocialPost): void => {
      for (const id of node.reply_ids) {
        const reply = getEntry(state.posts, id);
        if (reply === undefined || !canSee(state, reply)) continue;
        replies.push(reply);
        walk(reply);
      }
    };
    walk(post);
    return { post: postView(state, post), ancestors: ancestors.map((p) => postView(state, p)), replies: replies.map((p) => postView(state, p)) };
  },
});

export const searchSocialPosts = defineTool<S, { query?: string; from?: string; hashtag?: string }>({
  name: 'search_social_posts',
  description: 'Search the posts you can see (not reposts), newest first: by words (all must occur), by author, or by hashtag. At least one filter.',
  input: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, maxLength: 200, description: 'Words the text contains, e.g. "bike lanes".' },
      from: { type: 'string', minLength: 1, maxLength: 31, description: 'Only posts by this handle, e.g. farah_ali.' },
      hashtag: { type: 'string', pattern: '^#?[A-Za-z][A-Za-z0-9_]{0,49}$', description: 'Only posts with this hashtag, e.g. #urbanism.' },
    },
    additionalProperties: false,
  },
  output: { type: 'object', properties: { posts: POSTS('Matches, newest first (at most 30).'), total: { type: 'integer', description: 'All matches.' } }, required: ['posts', 'total'] },
  annotations: { title: 'Search posts', ...READ },
  handler(args, ctx) {
    if (args.query === undefined && args.from === undefined && args.hashtag === undefined) ctx.fail('search needs at least one of query, from, hashtag');
    const state = ctx.base;
    const from = args.from === undefined ? undefined : requireReachable(ctx, args.from).handle;
    const tag = args.hashtag?.replace(/^#/, '').toLowerCase();
    const words = (args.query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const found = visiblePosts(state, (p) => p.repost_of === null && (from === undefined || p.author === from) && (tag === undefined || p.hashtags.includes(tag)) && words.every((w) => p.text.toLowerCase().includes(w)));
    return { posts: found.slice(0, 30).map((p) => postView(state, p)), total: found.length };
  },
});

