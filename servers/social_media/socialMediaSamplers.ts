import type { DomainSampler } from '../kit/Domain.js';
import type { SocialMediaState } from './SocialMediaState.js';

/**
 * What a conversation on the network can mention, as the signed-in account sees it: accounts by
 * handle and name (split by what one may do with them), and words, hashtags and texts people use.
 * Posts are not offered by id: people recall them by author and words, and their ids come from
 * the feed, a profile or a search in the conversation.
 */

const TEXTS = [
  'Anyone else watching the launch tonight? #space',
  'Finally finished the redesign of our settings page. #design',
  'Looking for a good book on city planning, recommendations welcome. #books',
  'Sunny morning, perfect for a ride. #cycling',
  'Our meetup is on Thursday at 7, see you there!',
  'Trying a new focaccia recipe this weekend. #baking',
];
const QUERIES = ['bike lanes', 'sourdough', 'marathon', 'exhibition', 'workshop', 'forecast', 'hiring', 'ramen', 'design systems', 'tram line'];
const HASHTAGS = ['design', 'urbanism', 'books', 'cycling', 'security', 'opensource', 'climate', 'gamedev', 'transit', 'food'];

export const socialMediaSamplers: DomainSampler<SocialMediaState>[] = [
  {
    collection: 'followed_accounts',
    description: 'Accounts the signed-in user follows (their posts are in the home feed; they can be unfollowed).',
    sample(state) {
      return state.accounts[state.me].following.map((h) => ({ handle: h, from: h, display_name: state.accounts[h].display_name }));
    },
  },
  {
    collection: 'suggested_accounts',
    description: 'Accounts the signed-in user does not follow, with no block either way (they can be followed or blocked).',
    sample(state) {
      const me = state.accounts[state.me];
      return Object.values(state.accounts)
        .filter((a) => a.handle !== me.handle && !me.following.includes(a.handle) && !me.blocking.includes(a.handle) && !a.blocking.includes(me.handle))
        .map((a) => ({ handle: a.handle, display_name: a.display_name, bio: a.bio }));
    },
  },
  {
    collection: 'blocked_accounts',
    description: 'Accounts the signed-in user blocks (they can be unblocked).',
    sample(state) {
      return state.accounts[state.me].blocking.map((h) => ({ handle: h, display_name: state.accounts[h].display_name, blocked: true }));
    },
  },
  {
    collection: 'phrases',
    description: 'Posts a user might write (text), words they search for (query) and hashtags they follow.',
    sample() {
      return [...TEXTS.map((text) => ({ text })), ...QUERIES.map((query) => ({ query })), ...HASHTAGS.map((hashtag) => ({ hashtag }))];
    },
  },
];
