import { expect } from 'chai';
import type { ToolCase } from '../ToolCase.js';

/**
 * Conformance cases of the social_media domain, played in order on one fresh session of the seed-42
 * network (signed in as @jordan_lee; reference date 2026-03-16T12:00Z). Jordan follows 18 accounts
 * (farah_ali, nina_petrova, rosa_lopez, chloe_nguyen among them, not ana_souza), blocks @leo_grant
 * and @mia_costa, and is blocked by @troll_king and @spam_deals. post_474 is Farah's public post
 * with two replies; post_7 is Nina's followers-only post; post_13 is Omar's followers-only post
 * Jordan cannot see; post_25 is one Jordan liked; post_139 is Jordan's, reposted twice. New posts
 * continue at post_524.
 */
export const socialMediaCases: ToolCase[] = [
  {
    title: 'the home feed: jordan and the accounts jordan follows, newest first',
    tool: 'get_home_feed',
    args: { limit: 3 },
    ok: true,
    check: (r) => {
      expect(r.count).to.equal(3);
      expect(r.posts[0].created_at >= r.posts[1].created_at).to.equal(true);
    },
  },
  { title: 'a limit out of range is refused', tool: 'get_home_feed', args: { limit: 0 }, ok: false, errorIncludes: ['limit'] },
  { title: 'an account that blocked jordan shows nothing', tool: 'get_social_profile', args: { handle: '@troll_king' }, ok: false, errorIncludes: ['blocked', 'troll_king'] },
  {
    title: 'a profile with the relationship and latest posts',
    tool: 'get_social_profile',
    args: { handle: 'ana_souza', limit: 2 },
    ok: true,
    check: (r) => {
      expect(r).to.include({ handle: 'ana_souza', display_name: 'Ana Souza' });
      expect(r.relationship).to.deep.equal({ following: false, followed_by: true, blocking: false });
      expect(r.recent_posts).to.have.length(2);
    },
  },
  { title: 'a misspelt handle names the closest account', tool: 'get_social_profile', args: { handle: 'ana_sousa' }, ok: false, errorIncludes: ['account_not_found', 'did you mean @ana_souza'] },
  { title: 'jordan\'s followers', tool: 'list_social_connections', args: { handle: 'jordan_lee', direction: 'followers' }, ok: true, check: (r) => expect(r.count).to.equal(9) && expect(r.accounts[0].handle).to.equal('ana_souza') },
  { title: 'a blocker\'s followers are hidden', tool: 'list_social_connections', args: { handle: 'spam_deals', direction: 'following' }, ok: false, errorIncludes: ['blocked'] },
  { title: 'search by hashtag', tool: 'search_social_posts', args: { hashtag: '#urbanism' }, ok: true, check: (r) => expect(r.total).to.be.greaterThan(3) && expect(r.posts.every((p: { hashtags: string[] }) => p.hashtags.includes('urbanism'))).to.equal(true) },
  { title: 'search needs a filter', tool: 'search_social_posts', args: {}, ok: false, errorIncludes: ['at least one'] },
  { title: 'a thread with its replies', tool: 'get_social_thread', args: { post_id: 'post_474' }, ok: true, check: (r) => expect(r.post.post_id).to.equal('post_474') && expect(r.replies.map((p: { post_id: string }) => p.post_id)).to.deep.equal(['post_475', 'post_476']) },
  { title: 'a followers-only post of an account jordan does not follow does not exist for jordan', tool: 'get_social_thread', args: { post_id: 'post_13' }, ok: false, errorIncludes: ['post_not_found'] },
  { title: 'like a post', tool: 'like_social_post', args: { post_id: 'post_474' }, ok: true, check: (r) => expect(r).to.include({ post_id: 'post_474', liked: true, likes: 5 }) },
  { title: 'liking twice', tool: 'like_social_post', args: { post_id: 'post_474' }, ok: false, errorIncludes: ['already_liked'] },
  { title: 'unlike a post jordan liked', tool: 'unlike_social_post', args: { post_id: 'post_25' }, ok: true, check: (r) => expect(r).to.include({ liked: false, likes: 2 }) },
  { title: 'unliking what jordan does not like', tool: 'unlike_social_post', args: { post_id: 'post_25' }, ok: false, errorIncludes: ['not_liked', 'like_social_post'] },
  { title: 'repost a public post', tool: 'repost_social_post', args: { post_id: 'post_474' }, ok: true, check: (r) => expect(r).to.include({ post_id: 'post_524', repost_of: 'post_474', original_author: 'farah_ali', reposted: true, reposts: 1 }) },
  { title: 'a followers-only post cannot be reposted', tool: 'repost_social_post', args: { post_id: 'post_7' }, ok: false, errorIncludes: ['not_public', 'only public'] },
  { title: 'reposting twice names the repost to delete', tool: 'repost_social_post', args: { post_id: 'post_474' }, ok: false, errorIncludes: ['already_reposted', 'post_524'] },
  {
    title: 'publish a post with a mention and a hashtag',
    tool: 'create_social_post',
    args: { text: '@farah_ali count me in for the workshop! #Learning' },
    ok: true,
    check: (r) => expect(r).to.include({ post_id: 'post_525', author: 'jordan_lee', visibility: 'public' }) && expect(r.mentions).to.deep.equal(['farah_ali']) && expect(r.hashtags).to.deep.equal(['learning']),
  },
  { title: 'a direct post needs a mention', tool: 'create_social_post', args: { text: 'just for you', visibility: 'direct' }, ok: false, errorIncludes: ['direct_needs_mention'] },
  { title: 'a mention of nobody names the closest handle', tool: 'create_social_post', args: { text: 'thanks @farah_aly' }, ok: false, errorIncludes: ['account_not_found', 'did you mean @farah_ali'] },
  { title: 'a reply keeps the followers-only visibility and mentions the author', tool: 'reply_to_social_post', args: { post_id: 'post_7', text: 'Nice pace!' }, ok: true, check: (r) => expect(r).to.include({ post_id: 'post_526', in_reply_to: 'post_7', visibility: 'followers' }) && expect(r.mentions).to.deep.equal(['nina_petrova']) },
  { title: 'a reply cannot be more visible than its post', tool: 'reply_to_social_post', args: { post_id: 'post_7', text: 'x', visibility: 'public' }, ok: false, errorIncludes: ['too_visible'] },
  { title: 'deleting a repost undoes it', tool: 'delete_social_post', args: { post_id: 'post_524' }, ok: true, check: (r) => expect(r).to.deep.equal({ post_id: 'post_524', was_repost: true, reposts_removed: 0 }) },
  { title: 'other people\'s posts cannot be deleted', tool: 'delete_social_post', args: { post_id: 'post_474' }, ok: false, errorIncludes: ['not_your_post'] },
  { title: 'deleting a post removes its reposts', tool: 'delete_social_post', args: { post_id: 'post_139' }, ok: true, check: (r) => expect(r).to.deep.equal({ post_id: 'post_139', was_repost: false, reposts_removed: 2 }) },
  { title: 'a deleted post says so', tool: 'like_social_post', args: { post_id: 'post_139' }, ok: false, errorIncludes: ['was deleted'] },
  { title: 'follow an account', tool: 'follow_social_account', args: { handle: '@ana_souza' }, ok: true, check: (r) => expect(r).to.include({ handle: 'ana_souza', following: true, followed_by: true }) },
  { title: 'following twice', tool: 'follow_social_account', args: { handle: 'ana_souza' }, ok: false, errorIncludes: ['already_following'] },
  { title: 'an account jordan blocks cannot be followed', tool: 'follow_social_account', args: { handle: 'leo_grant' }, ok: false, errorIncludes: ['blocking', 'unblock_social_account'] },
  { title: 'unfollow an account', tool: 'unfollow_social_account', args: { handle: 'chloe_nguyen' }, ok: true, check: (r) => expect(r).to.include({ handle: 'chloe_nguyen', following: false }) },
  { title: 'unfollowing someone jordan does not follow', tool: 'unfollow_social_account', args: { handle: 'will_turner' }, ok: false, errorIncludes: ['not_following'] },
  { title: 'block an account: the follows both ways go', tool: 'block_social_account', args: { handle: 'rosa_lopez' }, ok: true, check: (r) => expect(r).to.include({ handle: 'rosa_lopez', following: false, followed_by: false, blocking: true }) },
  { title: 'blocking twice', tool: 'block_social_account', args: { handle: 'rosa_lopez' }, ok: false, errorIncludes: ['already_blocking'] },
  { title: 'a blocked account\'s profile shows no posts', tool: 'get_social_profile', args: { handle: 'rosa_lopez' }, ok: true, check: (r) => expect(r.recent_posts).to.deep.equal([]) && expect(r.relationship.blocking).to.equal(true) },
  { title: 'unblock an account', tool: 'unblock_social_account', args: { handle: 'leo_grant' }, ok: true, check: (r) => expect(r).to.include({ handle: 'leo_grant', blocking: false }) },
  { title: 'unblocking someone not blocked lists who is', tool: 'unblock_social_account', args: { handle: 'zoe_martin' }, ok: false, errorIncludes: ['not_blocking', '@mia_costa'] },
];
