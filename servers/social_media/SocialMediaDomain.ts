import { defineDomain } from '../kit/Domain.js';
import { loadFixture } from '../kit/fixtures.js';
import { SOCIAL_MEDIA_REFERENCE_DATE, type SocialMediaState } from './SocialMediaState.js';
import { blockSocialAccount, followSocialAccount, unblockSocialAccount, unfollowSocialAccount } from './accountTools.js';
import { createSocialPost, deleteSocialPost, likeSocialPost, replyToSocialPost, repostSocialPost, unlikeSocialPost } from './postTools.js';
import { getHomeFeed, getSocialProfile, getSocialThread, listSocialConnections, searchSocialPosts } from './readTools.js';
import { socialMediaInvariants } from './socialMediaInvariants.js';
import { socialMediaPhrasings } from './socialMediaPhrasings.js';
import { socialMediaSamplers } from './socialMediaSamplers.js';
import { socialMediaScenarios } from './socialMediaScenarios.js';

/** An X / Mastodon-style network: posts, replies, reposts, likes, follows, blocks, visibility and a home feed. */
export const socialMediaDomain = defineDomain<SocialMediaState>({
  name: 'social_media',
  title: 'Social network (X / Mastodon-style)',
  category: 'social',
  description:
    'A Mastodon / X-style network seen by its signed-in account (@jordan_lee): profiles, followers, a home feed ordered by time from the accounts ' +
    'followed, threads and search; posting (public, followers-only or direct), replies, reposts, likes, deleting one\'s own posts, following and ' +
    'blocking. A block cuts both ways: an account that blocked you shows you nothing.',
  tools: [
    getHomeFeed,
    getSocialProfile,
    listSocialConnections,
    getSocialThread,
    searchSocialPosts,
    createSocialPost,
    replyToSocialPost,
    repostSocialPost,
    likeSocialPost,
    unlikeSocialPost,
    deleteSocialPost,
    followSocialAccount,
    unfollowSocialAccount,
    blockSocialAccount,
    unblockSocialAccount,
  ],
  loadWorld: () => loadFixture<SocialMediaState>('social_media'),
  defaultReferenceDate: SOCIAL_MEDIA_REFERENCE_DATE,
  samplers: socialMediaSamplers,
  invariants: socialMediaInvariants,
  phrasings: socialMediaPhrasings,
  scenarios: socialMediaScenarios,
});

export default socialMediaDomain;
