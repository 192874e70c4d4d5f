import type { DomainInvariant } from '../kit/Domain.js';
import { entryValues, getEntry } from '../kit/bucketedRecord.js';
import { HANDLE, type SocialMediaState } from './SocialMediaState.js';

/** Properties every reachable network keeps. */
export const socialMediaInvariants: DomainInvariant<SocialMediaState>[] = [
  {
    name: 'accounts are keyed by handle; follows and blocks name other known accounts once; nobody follows across a block',
    check(state) {
      if (!Object.hasOwn(state.accounts, state.me)) return `the signed-in account ${state.me} does not exist`;
      for (const [key, account] of Object.entries(state.accounts)) {
        if (account.handle !== key || !HANDLE.test(key)) return `account key ${key} holds ${account.handle}`;
        for (const list of [account.following, account.blocking]) {
          if (new Set(list).size !== list.length) return `@${key} lists an account twice`;
          for (const h of list) if (h === key || !Object.hasOwn(state.accounts, h)) return `@${key} follows or blocks ${h}`;
        }
        for (const h of account.following) if (account.blocking.includes(h) || state.accounts[h].blocking.includes(key)) return `@${key} follows @${h} across a block`;
      }
      return undefined;
    },
  },
  {
    name: 'posts are consistent: replies and their parents list each other, reposts match reposted_by, likes are known accounts once',
    check(state) {
      const repostsOf = new Map<string, string[]>();
      for (const post of entryValues(state.posts)) {
        if (!Object.hasOwn(state.accounts, post.author)) return `${post.post_id} by unknown @${post.author}`;
        if (state.deleted_post_ids.includes(post.post_id)) return `${post.post_id} is deleted but still there`;
        for (const h of [...post.mentions, ...post.liked_by]) if (!Object.hasOwn(state.accounts, h)) return `${post.post_id} names unknown @${h}`;
        if (new Set(post.liked_by).size !== post.liked_by.length) return `${post.post_id} liked twice by someone`;
        if (post.in_reply_to !== null) {
          const parent = getEntry(state.posts, post.in_reply_to);
          if (parent === undefined ? !state.deleted_post_ids.includes(post.in_reply_to) : !parent.reply_ids.includes(post.post_id)) return `${post.post_id}: broken reply link to ${post.in_reply_to}`;
        }
        for (const id of post.reply_ids) if (getEntry(state.posts, id)?.in_reply_to !== post.post_id) return `${post.post_id} lists ${id}, which is not its reply`;
        if (post.repost_of !== null) {
          const original = getEntry(state.posts, post.repost_of);
          if (original === undefined || original.repost_of !== null || original.visibility !== 'public') return `${post.post_id} reposts ${post.repost_of}, which is not a public original`;
          if (post.text !== '' || post.in_reply_to !== null || post.liked_by.length > 0 || post.reply_ids.length > 0) return `repost ${post.post_id} has content of its own`;
          const list = repostsOf.get(original.post_id) ?? [];
          list.push(post.author);
          repostsOf.set(original.post_id, list);
        } else if (post.visibility === 'direct' && post.mentions.length === 0) return `direct post ${post.post_id} mentions nobody`;
      }
      for (const post of entryValues(state.posts)) {
        const actual = (repostsOf.get(post.post_id) ?? []).slice().sort();
        const listed = post.reposted_by.slice().sort();
        if (actual.join() !== listed.join()) return `${post.post_id}: reposted_by [${listed}] but reposts by [${actual}]`;
      }
      return undefined;
    },
  },
  {
    name: 'only the signed-in account\'s own posts ever disappear, and others\' posts keep their author, text and time',
    check(state, initial) {
      for (const post of entryValues(initial.posts)) {
        const now = getEntry(state.posts, post.post_id);
        if (now === undefined) {
          if (post.author !== initial.me && post.repost_of === null) return `${post.post_id} by @${post.author} disappeared`;
          if (post.author !== initial.me && !state.deleted_post_ids.includes(post.post_id)) return `${post.post_id} disappeared`;
          continue;
        }
        if (now.text !== post.text || now.author !== post.author || now.created_at !== post.created_at) return `${post.post_id} changed`;
      }
      return undefined;
    },
  },
];
