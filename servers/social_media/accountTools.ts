import { defineTool } from '../kit/Domain.js';
import type { SocialAccount } from './SocialMediaState.js';
import { ACCOUNT_SCHEMA, HANDLE_ARG, accountView, requireAccount, requireReachable, type Context, type S } from './socialModel.js';

/**
 * Following and blocking, as the signed-in account. A block cuts both ways: it removes the follows
 * between the two accounts, hides each one's posts from the other, and stops new follows until it
 * is lifted. An account that blocked you cannot be followed, and you cannot see it.
 */

function putAccount(ctx: Context, account: SocialAccount): void {
  ctx.edit<Record<string, SocialAccount>>('accounts')[account.handle] = account;
}

function other(ctx: Context, raw: string, doing: string, reachable: boolean): SocialAccount {
  const account = reachable ? requireReachable(ctx, raw) : requireAccount(ctx, raw);
  if (account.handle === ctx.base.me) ctx.fail(`self: you cannot ${doing} yourself`);
  return account;
}

const RESULT = ACCOUNT_SCHEMA;

export const followSocialAccount = defineTool<S, { handle: string }>({
  name: 'follow_social_account',
  description: 'Follow an account: its posts join your home feed. Refused while either of you blocks the other (unblock_social_account lifts your block).',
  input: { type: 'object', properties: { handle: HANDLE_ARG }, required: ['handle'], additionalProperties: false },
  output: RESULT,
  annotations: { title: 'Follow', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const account = other(ctx, args.handle, 'follow', true);
    const me = ctx.base.accounts[ctx.base.me];
    if (me.blocking.includes(account.handle)) ctx.fail(`blocking: you block @${account.handle}; unblock_social_account first`);
    if (me.following.includes(account.handle)) ctx.fail(`already_following: you already follow @${account.handle}`);
    putAccount(ctx, { ...me, following: [...me.following, account.handle] });
    return { ...accountView(ctx.base, account), following: true };
  },
});

export const unfollowSocialAccount = defineTool<S, { handle: string }>({
  name: 'unfollow_social_account',
  description: 'Stop following an account: its posts leave your home feed.',
  input: { type: 'object', properties: { handle: HANDLE_ARG }, required: ['handle'], additionalProperties: false },
  output: RESULT,
  annotations: { title: 'Unfollow', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const account = other(ctx, args.handle, 'unfollow', false);
    const me = ctx.base.accounts[ctx.base.me];
    if (!me.following.includes(account.handle)) ctx.fail(`not_following: you do not follow @${account.handle}; list_social_connections with your handle and following lists whom you follow`);
    putAccount(ctx, { ...me, following: me.following.filter((h) => h !== account.handle) });
    return { ...accountView(ctx.base, account), following: false };
  },
});

export const blockSocialAccount = defineTool<S, { handle: string }>({
  name: 'block_social_account',
  description: 'Block an account: you unfollow each other, it can no longer see your posts or follow you, and its posts disappear from your feed and searches.',
  input: { type: 'object', properties: { handle: HANDLE_ARG }, required: ['handle'], additionalProperties: false },
  output: RESULT,
  annotations: { title: 'Block', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const account = other(ctx, args.handle, 'block', false);
    const me = ctx.base.accounts[ctx.base.me];
    if (me.blocking.includes(account.handle)) ctx.fail(`already_blocking: you already block @${account.handle}`);
    putAccount(ctx, { ...me, following: me.following.filter((h) => h !== account.handle), blocking: [...me.blocking, account.handle] });
    if (account.following.includes(me.handle)) putAccount(ctx, { ...account, following: account.following.filter((h) => h !== me.handle) });
    return { ...accountView(ctx.base, account), following: false, followed_by: false, blocking: true };
  },
});

export const unblockSocialAccount = defineTool<S, { handle: string }>({
  name: 'unblock_social_account',
  description: 'Lift your block of an account. Follows removed by the block do not come back (follow_social_account follows again).',
  input: { type: 'object', properties: { handle: HANDLE_ARG }, required: ['handle'], additionalProperties: false },
  output: RESULT,
  annotations: { title: 'Unblock', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const account = other(ctx, args.handle, 'unblock', false);
    const me = ctx.base.accounts[ctx.base.me];
    if (!me.blocking.includes(account.handle)) ctx.fail(`not_blocking: you do not block @${account.handle}${me.blocking.length > 0 ? `; you block ${me.blocking.map((h) => `@${h}`).join(', ')}` : ''}`);
    putAccount(ctx, { ...me, blocking: me.blocking.filter((h) => h !== account.handle) });
    return { ...accountView(ctx.base, account), blocking: false };
  },
});
