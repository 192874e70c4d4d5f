import type { GoldGraph } from './types.js';

// Labelled from servers/social_media (README and tools) before looking at the discovered graph.
// Post ids come from every reader that shows posts and from the writes that make one (a post, a
// reply, a repost: the tools take a repost and act on its original). Handles come from the readers
// that show accounts or posts (authors, mentions, followers); follow/unfollow/block/unblock only
// echo the handle they were given.
const POST_READERS = ['get_home_feed', 'get_social_profile', 'get_social_thread', 'search_social_posts'];
const NEW_POSTS = ['create_social_post', 'reply_to_social_post', 'repost_social_post'];
const HANDLE_READERS = ['get_social_profile', 'list_social_connections', 'get_home_feed', 'get_social_thread', 'search_social_posts'];

export const gold: GoldGraph = {
  domain: 'social_media',
  explicit: {
    get_social_thread: [...POST_READERS, ...NEW_POSTS],
    reply_to_social_post: [...POST_READERS, ...NEW_POSTS],
    like_social_post: [...POST_READERS, ...NEW_POSTS],
    // Reposting your own repost always fails (already_reposted): only posts and replies.
    repost_social_post: [...POST_READERS, 'create_social_post', 'reply_to_social_post'],
    // Only your own posts: the readers show them (your feed, profile, search by you) and the writes make them.
    delete_social_post: [...POST_READERS, ...NEW_POSTS],
    // A post you like: the readers mark them (`liked`).
    unlike_social_post: POST_READERS,
    get_social_profile: HANDLE_READERS,
    list_social_connections: HANDLE_READERS,
    follow_social_account: HANDLE_READERS,
    unfollow_social_account: HANDLE_READERS,
    block_social_account: HANDLE_READERS,
    // Blocked accounts' posts are hidden from the feed, threads and search; a profile or a
    // follower list still shows them with `blocking: true`.
    unblock_social_account: ['get_social_profile', 'list_social_connections'],
  },
  implicit: [
    ['like_social_post', 'unlike_social_post'],
    ['follow_social_account', 'unfollow_social_account'],
    ['block_social_account', 'unblock_social_account'],
    // Corrected (issue #17 part 5): following an account one blocks is refused ("blocking: you block
    // @mia_costa; unblock_social_account first"). First labelled without it.
    ['unblock_social_account', 'follow_social_account'],
  ],
};
