import type { JsonSchema } from '../../core/index.js';
import { defineTool } from '../kit/Domain.js';
import { editDeleteEntry, editEntry, entryValues, getEntry } from '../kit/bucketedRecord.js';
import { MAX_POST_LENGTH, VISIBILITIES, type SocialPost, type Visibility } from './SocialMediaState.js';
import { POST_ID, POST_SCHEMA, checkMentions, originalOf, postView, requirePost, stamp, type Context, type S } from './socialModel.js';
import { hashtagsIn, mentionsIn } from './socialText.js';

/**
 * Posting, replying, reposting, liking and deleting, as the signed-in account. Likes, reposts and
 * replies aimed at a repost go to its original. Only public posts can be reposted; only your own
 * posts and reposts can be deleted (deleting a repost undoes it; deleting a post removes its reposts).
 */

const WRITE = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;
const TEXT: JsonSchema = { type: 'string', minLength: 1, maxLength: MAX_POST_LENGTH, description: `The text, up to ${MAX_POST_LENGTH} characters; @handle mentions an account, #tag adds a hashtag.` };
const VISIBILITY: JsonSchema = { type: 'string', enum: [...VISIBILITIES], description: 'public (everyone), followers (your followers and the people mentioned) or direct (only the people mentioned).' };

function writePost(ctx: Context, text: string, visibility: Visibility, parent: SocialPost | null): SocialPost {
  const mentions = mentionsIn(text);
  checkMentions(ctx, mentions);
  if (parent !== null && parent.author !== ctx.base.me && !mentions.includes(parent.author)) mentions.push(parent.author);
  if (visibility === 'direct' && mentions.length === 0) ctx.fail('direct_needs_mention: a direct post is seen only by the accounts it mentions; add an @handle or choose followers or public');
  const post: SocialPost = { post_id: ctx.nextId('post'), author: ctx.base.me, text, created_at: stamp(ctx), visibility, in_reply_to: parent?.post_id ?? null, repost_of: null, mentions, hashtags: hashtagsIn(text), liked_by: [], reposted_by: [], reply_ids: [] };
  editEntry(ctx, ['posts'], post.post_id, post);
  if (parent !== null) editEntry(ctx, ['posts'], parent.post_id, { ...parent, reply_ids: [...parent.reply_ids, post.post_id] });
  return post;
}

export const createSocialPost = defineTool<S, { text: string; visibility?: Visibility }>({
  name: 'create_social_post',
  description: 'Publish a post (default public). Mentioned @handles must exist; a direct post needs at least one. Returns the post with its post_id.',
  input: { type: 'object', properties: { text: TEXT, visibility: VISIBILITY }, required: ['text'], additionalProperties: false },
  output: POST_SCHEMA,
  annotations: { title: 'Publish a post', ...WRITE },
  handler(args, ctx) {
    const post = writePost(ctx, args.text, args.visibility ?? 'public', null);
    return postView(ctx.base, post);
  },
});

const NARROWER: Record<Visibility, number> = { public: 0, followers: 1, direct: 2 };

export const replyToSocialPost = defineTool<S, { post_id: string; text: string; visibility?: Visibility }>({
  name: 'reply_to_social_post',
  description:
    'Reply to a post you can see (to a repost: to its original); its author is mentioned. The reply is as visible as the post by default and never more (a reply to a followers-only post cannot be public).',
  input: { type: 'object', properties: { post_id: POST_ID, text: TEXT, visibility: VISIBILITY }, required: ['post_id', 'text'], additionalProperties: false },
  output: POST_SCHEMA,
  annotations: { title: 'Reply to a post', ...WRITE },
  handler(args, ctx) {
    const parent = originalOf(ctx, requirePost(ctx, args.post_id));
    const visibility = args.visibility ?? parent.visibility;
    if (NARROWER[visibility] < NARROWER[parent.visibility]) ctx.fail(`too_visible: ${parent.post_id} is ${parent.visibility}, so a reply can be ${parent.visibility === 'followers' ? 'followers or direct' : 'direct'}, not ${visibility}`);
    const post = writePost(ctx, args.text, visibility, parent);
    return postView(ctx.base, post);
  },
});

export const repostSocialPost = defineTool<S, { post_id: string }>({
  name: 'repost_social_post',
  description: 'Repost (boost) a public post to your followers (a repost of a repost boosts the original). Once per post; delete_social_post on your repost undoes it.',
  input: { type: 'object', properties: { post_id: POST_ID }, required: ['post_id'], additionalProperties: false },
  output: POST_SCHEMA,
  annotations: { title: 'Repost', ...WRITE },
  handler(args, ctx) {
    const original = originalOf(ctx, requirePost(ctx, args.post_id));
    const me = ctx.base.me;
    if (original.visibility !== 'public') ctx.fail(`not_public: ${original.post_id} is ${original.visibility === 'followers' ? 'followers-only' : 'a direct post'}; only public posts can be reposted (like_social_post or reply_to_social_post work)`);
    if (original.reposted_by.includes(me)) {
      const mine = entryValues(ctx.base.posts).find((p) => p.repost_of === original.post_id && p.author === me);
      ctx.fail(`already_reposted: you already reposted ${original.post_id}${mine ? ` (your repost is ${mine.post_id}; delete_social_post on it undoes it)` : ''}`);
    }
    const repost: SocialPost = { post_id: ctx.nextId('post'), author: me, text: '', created_at: stamp(ctx), visibility: 'public', in_reply_to: null, repost_of: original.post_id, mentions: [], hashtags: [], liked_by: [], reposted_by: [], reply_ids: [] };
    editEntry(ctx, ['posts'], original.post_id, { ...original, reposted_by: [...original.reposted_by, me] });
    editEntry(ctx, ['posts'], repost.post_id, repost);
    return postView(ctx.base, repost, { ...original, reposted_by: [...original.reposted_by, me] });
  },
});

export const likeSocialPost = defineTool<S, { post_id: string }>({
  name: 'like_social_post',
  description: 'Like (favourite) a post you can see (a repost: its original). Once per post; unlike_social_post takes it back.',
  input: { type: 'object', properties: { post_id: POST_ID }, required: ['post_id'], additionalProperties: false },
  output: POST_SCHEMA,
  annotations: { title: 'Like a post', ...WRITE },
  handler(args, ctx) {
    const original = originalOf(ctx, requirePost(ctx, args.post_id));
    if (original.liked_by.includes(ctx.base.me)) ctx.fail(`already_liked: you already like ${original.post_id}`);
    const next = { ...original, liked_by: [...original.liked_by, ctx.base.me] };
    editEntry(ctx, ['posts'], original.post_id, next);
    return postView(ctx.base, next);
  },
});

export const unlikeSocialPost = defineTool<S, { post_id: string }>({
  name: 'unlike_social_post',
  description: 'Take back your like of a post.',
  input: { type: 'object', properties: { post_id: POST_ID }, required: ['post_id'], additionalProperties: false },
  output: POST_SCHEMA,
  annotations: { title: 'Unlike a post', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const original = originalOf(ctx, requirePost(ctx, args.post_id));
    if (!original.liked_by.includes(ctx.base.me)) ctx.fail(`not_liked: you have not liked ${original.post_id}; like_social_post likes it`);
    const next = { ...original, liked_by: original.liked_by.filter((h) => h !== ctx.base.me) };
    editEntry(ctx, ['posts'], original.post_id, next);
    return postView(ctx.base, next);
  },
});

export const deleteSocialPost = defineTool<S, { post_id: string }>({
  name: 'delete_social_post',
  description:
    'Delete one of your posts, replies or reposts (deleting a repost undoes it). Deleting a post also removes every repost of it; replies to it stay. Other people\'s posts cannot be deleted.',
  input: { type: 'object', properties: { post_id: POST_ID }, required: ['post_id'], additionalProperties: false },
  output: {
    type: 'object',
    properties: { post_id: { type: 'string', description: 'The deleted post.' }, was_repost: { type: 'boolean', description: 'It was a repost (now undone).' }, reposts_removed: { type: 'integer', description: 'Reposts of it removed with it.' } },
    required: ['post_id', 'was_repost', 'reposts_removed'],
  },
  annotations: { title: 'Delete a post', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const post = requirePost(ctx, args.post_id);
    const me = ctx.base.me;
    if (post.author !== me) ctx.fail(`not_your_post: ${post.post_id} is by @${post.author}; you can delete only your own posts and reposts`);
    const state = ctx.base;
    let removed = 0;
    const deleted: string[] = [];
    if (post.repost_of !== null) {
      const original = originalOf(ctx, post);
      editEntry(ctx, ['posts'], original.post_id, { ...original, reposted_by: original.reposted_by.filter((h) => h !== me) });
    } else {
      for (const other of entryValues(state.posts)) {
        if (other.repost_of === post.post_id) {
          editDeleteEntry(ctx, ['posts'], other.post_id);
          deleted.push(other.post_id);
          removed++;
        }
      }
      if (post.in_reply_to !== null) {
        const parent = getEntry(state.posts, post.in_reply_to);
        if (parent !== undefined) editEntry(ctx, ['posts'], parent.post_id, { ...parent, reply_ids: parent.reply_ids.filter((id) => id !== post.post_id) });
      }
    }
    editDeleteEntry(ctx, ['posts'], post.post_id);
    deleted.push(post.post_id);
    ctx.edit<string[]>('deleted_post_ids').push(...deleted);
    return { post_id: post.post_id, was_repost: post.repost_of !== null, reposts_removed: removed };
  },
});
