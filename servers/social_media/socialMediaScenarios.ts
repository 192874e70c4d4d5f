import type { DomainScenario, ScenarioFacts, SessionRandom } from '../kit/Domain.js';
import { entryValues } from '../kit/bucketedRecord.js';
import type { SocialMediaState, SocialPost } from './SocialMediaState.js';

/**
 * Goals of the signed-in account, played as conversations. The user names people as the app shows
 * them (display names of accounts they follow, an @handle where they would know one), posts by a
 * topic or hashtag and roughly what they said; the assistant looks up handles and post ids.
 */

type Row = Record<string, any>;

const byNumber = (a: SocialPost, b: SocialPost): number => Number(a.post_id.slice(5)) - Number(b.post_id.slice(5));

/** Original top-level posts (not reposts or replies), oldest first. */
const originals = (state: SocialMediaState): SocialPost[] =>
  entryValues(state.posts)
    .filter((p) => p.repost_of === null && p.in_reply_to === null && p.visibility === 'public')
    .sort(byNumber);

const signedIn = (state: SocialMediaState): ScenarioFacts => ({ me: state.me, me_name: state.accounts[state.me].display_name });

/** A word of a post a person remembers: its longest plain word. */
function keyword(text: string): string | undefined {
  return text
    .split(/[^A-Za-z-]+/)
    .filter((w) => w.length >= 5 && !w.startsWith('-'))
    .sort((a, b) => b.length - a.length || (a < b ? -1 : 1))[0]
    ?.toLowerCase();
}

/** A post by an account the user follows (tried from a random start) that `pick` accepts. */
function castFollowedPost(state: SocialMediaState, random: SessionRandom, pick: (p: SocialPost) => ScenarioFacts | undefined): ScenarioFacts | undefined {
  const following = new Set(state.accounts[state.me].following);
  const all = originals(state).filter((p) => following.has(p.author) && !state.accounts[p.author].blocking.includes(state.me));
  if (all.length === 0) return undefined;
  const start = random.int(0, all.length - 1);
  for (let k = 0; k < all.length; k++) {
    const post = all[(start + k) % all.length];
    const word = keyword(post.text);
    const facts = word === undefined ? undefined : pick(post);
    if (facts === undefined) continue;
    return { ...signedIn(state), author_name: state.accounts[post.author].display_name, author: post.author, word, hashtag: post.hashtags[0], target: post.created_at, ...facts };
  }
  return undefined;
}

const SIGNED_IN = ['The signed-in account is {me_name} (@{me}).'];

/** The handle of the followed account with the remembered display name. */
const handleOf = (result: { accounts: Row[] }, f: ScenarioFacts): ScenarioFacts | undefined => {
  const account = result.accounts.find((a) => a.display_name === f.author_name);
  return account === undefined ? undefined : { handle: account.handle };
};

/** The remembered post in a result list. */
const postFound = (result: { posts: Row[] }, f: ScenarioFacts): ScenarioFacts | undefined => {
  const post = result.posts.find((p) => p.author === f.author && p.created_at === f.target);
  return post === undefined ? undefined : { post_id: post.post_id };
};

const REPLIES = ['Love this!', 'Great point, thanks for sharing.', 'Congrats, well deserved!', 'Totally agree.', 'Where can I read more about it?'];

export const socialMediaScenarios: DomainScenario<SocialMediaState>[] = [
  {
    name: 'like_and_reply_to_friends_post',
    goal: 'Find a post by someone the user follows (named by display name) from its topic, like it and reply.',
    context: SIGNED_IN,
    weight: 3,
    cast(state, random) {
      return castFollowedPost(state, random, (p) => (p.liked_by.includes(state.me) ? undefined : { reply: random.pick(REPLIES), guessed: `post_${random.int(900, 999)}` }));
    },
    turns: [
      {
        say: ['{author_name} posted something about {word} recently. Can you find it?', 'Find the post from {author_name} that mentions {word}.'],
        steps: [
          { tool: 'list_social_connections', args: (f) => ({ handle: f.me, direction: 'following' }), learn: handleOf },
          { tool: 'search_social_posts', args: (f) => ({ query: f.word, from: f.handle }), learn: postFound },
        ],
      },
      {
        say: ['Like it and reply "{reply}"', 'Give it a like, and answer with: {reply}'],
        steps: [
          {
            tool: 'like_social_post',
            args: (f) => ({ post_id: f.post_id }),
            fault: { kind: 'guessed_id', tool: 'like_social_post', args: (f) => ({ post_id: f.guessed }), recovery: 'retry_corrected' },
          },
          { tool: 'reply_to_social_post', args: (f) => ({ post_id: f.post_id, text: f.reply }) },
        ],
      },
    ],
  },
  {
    name: 'feed_repost_and_thread',
    goal: 'Read the home feed, repost the newest post by someone else, and open its conversation.',
    context: SIGNED_IN,
    cast(state, random) {
      return { ...signedIn(state), limit: random.pick([5, 10, 15]) };
    },
    turns: [
      {
        say: ['What is new on my timeline? Show me the latest {limit} posts.', 'Catch me up: my home feed, {limit} posts.'],
        steps: [
          {
            tool: 'get_home_feed',
            args: (f) => ({ limit: f.limit }),
            learn: (r: { posts: Row[] }, f) => {
              const post = r.posts.find((p) => p.author !== f.me && p.repost_of === null && p.in_reply_to === null && p.reposted !== true && p.visibility === 'public');
              return post === undefined ? undefined : { post_id: post.post_id, author_name: post.author_name };
            },
          },
        ],
      },
      {
        say: ['Repost the newest one that is not mine and not a reply.', 'Boost the latest original post from someone else.'],
        steps: [{ tool: 'repost_social_post', args: (f) => ({ post_id: f.post_id }) }],
      },
      {
        say: ['What are people saying under it?', 'Show me the replies to that post.'],
        steps: [{ tool: 'get_social_thread', args: (f) => ({ post_id: f.post_id }) }],
      },
    ],
  },
  {
    name: 'undo_an_accidental_like',
    goal: 'Find a post the user liked by mistake (author and topic) and unlike it.',
    context: SIGNED_IN,
    weight: 2,
    cast(state, random) {
      return castFollowedPost(state, random, (p) => (p.liked_by.includes(state.me) ? {} : undefined));
    },
    turns: [
      {
        say: ['I think I liked a post from {author_name} about {word} by accident. Can you find it?', 'Find {author_name}\'s post about {word}, please; I may have tapped like on it by mistake.'],
        steps: [
          { tool: 'list_social_connections', args: (f) => ({ handle: f.me, direction: 'following' }), learn: handleOf },
          { tool: 'search_social_posts', args: (f) => ({ query: f.word, from: f.handle }), learn: postFound },
        ],
      },
      {
        say: ['Yes, that one. Please undo the like.', 'That is it, unlike it.'],
        steps: [{ tool: 'unlike_social_post', args: (f) => ({ post_id: f.post_id }) }],
      },
    ],
  },
  {
    name: 'post_then_take_it_down',
    goal: 'Publish a post with a hashtag for a chosen audience, then delete it.',
    context: SIGNED_IN,
    weight: 2,
    cast(state, random) {
      const topics = [
        { text: 'Finally finished my first 10k run of the year!', tag: 'running' },
        { text: 'Trying a new sourdough recipe this weekend.', tag: 'baking' },
        { text: 'Reading a great book on city design.', tag: 'urbanism' },
        { text: 'Our team is hiring a product designer.', tag: 'hiring' },
        { text: 'Shot the Orion nebula last night, clear skies.', tag: 'astrophotography' },
        { text: 'New episode is out: we talk about remote work.', tag: 'podcast' },
        { text: 'Built a small bookshelf out of oak offcuts.', tag: 'woodworking' },
        { text: 'Our city finally got protected bike lanes on Main Street.', tag: 'cycling' },
        { text: 'Just shipped alt text support for every image in our app.', tag: 'a11y' },
        { text: 'Halfway through a great sci-fi novel, no spoilers please.', tag: 'books' },
        { text: 'Tried the new ramen place downtown, highly recommend.', tag: 'food' },
        { text: 'Planting trees with the neighbourhood group on Saturday.', tag: 'climate' },
      ];
      const topic = random.pick(topics);
      const visibility = random.pick(['public', 'followers'] as const);
      return { ...signedIn(state), text: topic.text, tag: topic.tag, visibility, audience: visibility === 'public' ? 'everyone' : 'just my followers' };
    },
    turns: [
      {
        say: ['Post "{text} #{tag}", visible to {audience}.', 'Share this for {audience}: {text} #{tag}'],
        steps: [
          {
            tool: 'create_social_post',
            args: (f) => ({ text: `${f.text} #${f.tag}`, visibility: f.visibility }),
            learn: (r: Row) => ({ post_id: r.post_id }),
            fault: { kind: 'out_of_range', tool: 'create_social_post', args: (f) => ({ text: `${f.text} #${f.tag}`, visibility: f.visibility === 'public' ? 'everyone' : 'friends' }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['Hmm, on second thought, delete that post.', 'Take it down again, please.'],
        steps: [{ tool: 'delete_social_post', args: (f) => ({ post_id: f.post_id }) }],
      },
    ],
  },
  {
    name: 'follow_someone_from_a_hashtag',
    goal: 'Look at who posts under a hashtag, check a person\'s profile by display name, and follow them.',
    context: SIGNED_IN,
    weight: 2,
    cast(state, random) {
      const me = state.accounts[state.me];
      const candidates = originals(state).filter((p) => p.author !== state.me && p.hashtags.length > 0 && !me.following.includes(p.author) && !me.blocking.includes(p.author) && !state.accounts[p.author].blocking.includes(state.me));
      if (candidates.length === 0) return undefined;
      const post = random.pick(candidates);
      return { ...signedIn(state), hashtag: post.hashtags[0], author_name: state.accounts[post.author].display_name };
    },
    turns: [
      {
        say: ['Who is posting about #{hashtag}? I think {author_name} was one of them.', 'Show me posts tagged #{hashtag}; is {author_name} among them?'],
        steps: [
          {
            tool: 'search_social_posts',
            args: (f) => ({ hashtag: f.hashtag }),
            learn: (r: { posts: Row[] }, f) => {
              const post = r.posts.find((p) => p.author_name === f.author_name);
              return post === undefined ? undefined : { handle: post.author };
            },
          },
        ],
      },
      {
        say: ['What is {author_name}\'s profile like?', 'Tell me a bit about {author_name}: bio and followers.'],
        steps: [{ tool: 'get_social_profile', args: (f) => ({ handle: f.handle, limit: 3 }) }],
      },
      {
        say: ['Follow them.', 'Nice, follow {author_name}.'],
        steps: [{ tool: 'follow_social_account', args: (f) => ({ handle: f.handle }) }],
      },
    ],
  },
  {
    name: 'unfollow_then_block',
    goal: 'Unfollow an account the user follows (named by display name), then block it.',
    context: SIGNED_IN,
    weight: 2,
    cast(state, random) {
      const me = state.accounts[state.me];
      const followed = [...me.following].sort();
      if (followed.length === 0) return undefined;
      const handle = random.pick(followed);
      return { ...signedIn(state), author_name: state.accounts[handle].display_name, block: (random.next() < 0.6) };
    },
    turns: [
      {
        say: ['I do not want {author_name} in my feed anymore. Unfollow them.', 'Please unfollow {author_name}.'],
        steps: [
          { tool: 'list_social_connections', args: (f) => ({ handle: f.me, direction: 'following' }), learn: handleOf },
          {
            tool: 'unfollow_social_account',
            args: (f) => ({ handle: f.handle }),
            fault: { kind: 'guessed_id', tool: 'unfollow_social_account', args: (f) => ({ handle: String(f.author_name).toLowerCase().replace(/\s+/g, '') }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['Actually, block them too.', 'You know what, block {author_name} as well.'],
        when: (f) => f.block === true,
        steps: [{ tool: 'block_social_account', args: (f) => ({ handle: f.handle }) }],
      },
      {
        say: ['Did it work? Show me their profile.', 'Check {author_name}\'s profile: am I still following them?'],
        when: (f) => f.block !== true,
        steps: [{ tool: 'get_social_profile', args: (f) => ({ handle: f.handle }) }],
      },
    ],
  },
  {
    name: 'unblock_and_follow_again',
    goal: 'Unblock an account the user names by @handle, look at its profile, and follow it again.',
    context: SIGNED_IN,
    cast(state, random) {
      const me = state.accounts[state.me];
      const blocked = [...me.blocking].filter((h) => !state.accounts[h].blocking.includes(state.me)).sort();
      if (blocked.length === 0) return undefined;
      return { ...signedIn(state), handle: random.pick(blocked) };
    },
    turns: [
      {
        say: ['I blocked @{handle} a while ago. Please unblock them.', 'Unblock @{handle}, we sorted things out.'],
        steps: [{ tool: 'unblock_social_account', args: (f) => ({ handle: f.handle }) }],
      },
      {
        say: ['What have they been posting? And follow them again.', 'Show me their profile, then follow @{handle}.'],
        steps: [
          { tool: 'get_social_profile', args: (f) => ({ handle: f.handle }) },
          { tool: 'follow_social_account', args: (f) => ({ handle: f.handle }) },
        ],
      },
    ],
  },
];
