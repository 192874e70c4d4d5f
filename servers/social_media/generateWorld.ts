import { setEntry, type BucketedRecord } from '../kit/bucketedRecord.js';
import { runWorldGenerator } from '../kit/fixtures.js';
import { SeededRandom, seedRandomState } from '../kit/seededRandom.js';
import { SOCIAL_MEDIA_REFERENCE_DATE, type SocialAccount, type SocialMediaState, type SocialPost, type Visibility } from './SocialMediaState.js';
import { hashtagsIn } from './socialText.js';

/**
 * Builds the network from a seed: 36 accounts (jordan_lee is the signed-in one), a follow graph,
 * a few blocks (two accounts block jordan, jordan blocks two), and ~30 days of posts before the
 * reference date: originals, replies in threads, reposts, likes, some followers-only and direct.
 *
 * `npx tsx servers/social_media/generateWorld.ts [seed]` writes fixtures/social_media/world.json (seed 42).
 */

const PEOPLE: Array<[string, string, string]> = [
  ['jordan_lee', 'Jordan Lee', 'Product designer. Coffee, cycling, type nerd.'],
  ['ana_souza', 'Ana Souza', 'Backend engineer in Lisbon. Rust and sourdough.'],
  ['ben_carter', 'Ben Carter', 'Sports writer. Opinions are my own.'],
  ['chloe_nguyen', 'Chloe Nguyen', 'Photographer. Mostly street and film.'],
  ['david_kim', 'David Kim', 'Indie game dev, making a cozy farming game.'],
  ['emma_wright', 'Emma Wright', 'Science teacher. Rockets and rock pools.'],
  ['farah_ali', 'Farah Ali', 'Urbanist. Trains, bikes and better streets.'],
  ['gabe_rossi', 'Gabe Rossi', 'Chef at a tiny trattoria.'],
  ['hana_sato', 'Hana Sato', 'UX researcher. Asking why five times.'],
  ['ivan_novak', 'Ivan Novak', 'Security engineer. Patch your stuff.'],
  ['julia_meyer', 'Julia Meyer', 'Climate scientist. Data, not drama.'],
  ['kofi_mensah', 'Kofi Mensah', 'Musician and producer.'],
  ['lena_fischer', 'Lena Fischer', 'Illustrator of small animals.'],
  ['marco_bianchi', 'Marco Bianchi', 'CTO at a fintech startup.'],
  ['nina_petrova', 'Nina Petrova', 'Marathoner, physio, early riser.'],
  ['omar_haddad', 'Omar Haddad', 'SRE. On call more than I would like.'],
  ['priya_nair', 'Priya Nair', 'Frontend dev, accessibility advocate.'],
  ['quinn_taylor', 'Quinn Taylor', 'Podcast host: Tiny Histories.'],
  ['rosa_lopez', 'Rosa Lopez', 'Bookseller. Ask me for a recommendation.'],
  ['sam_okoro', 'Sam Okoro', 'Data journalist.'],
  ['tara_singh', 'Tara Singh', 'Product manager. Roadmaps and tea.'],
  ['umar_farouk', 'Umar Farouk', 'Astrophotography from my balcony.'],
  ['vera_holm', 'Vera Holm', 'Open source maintainer.'],
  ['will_turner', 'Will Turner', 'Carpenter. Making furniture that lasts.'],
  ['xena_park', 'Xena Park', 'Gardener with too many tomatoes.'],
  ['yusuf_demir', 'Yusuf Demir', 'Travel vlogger.'],
  ['zoe_martin', 'Zoe Martin', 'Marketing lead. Memes on weekends.'],
  ['city_transit', 'City Transit', 'Official updates from the city transit authority.'],
  ['daily_weather', 'Daily Weather', 'Forecasts twice a day.'],
  ['tech_news', 'Tech News Wire', 'Headlines from the tech world.'],
  ['museum_modern', 'Museum of Modern Art', 'Exhibitions, events and collection highlights.'],
  ['public_library', 'Public Library', 'Books, events and free workshops.'],
  ['leo_grant', 'Leo Grant', 'Stand-up comedian.'],
  ['mia_costa', 'Mia Costa', 'Nurse and night-shift survivor.'],
  ['spam_deals', 'Best Deals 4 U', 'Unbelievable offers every day!!!'],
  ['troll_king', 'Troll King', 'Just asking questions.'],
];

const ME = 'jordan_lee';

const LINES = [
  'Just shipped a new version of the onboarding flow. #design',
  'Morning ride along the river, 42 km before breakfast. #cycling',
  'Hot take: dark mode is not an accessibility feature by itself. #a11y',
  'The new bike lanes on Main Street are finally open! #urbanism',
  'Sourdough attempt number 12: the best crumb yet. #baking',
  'Reading list for the weekend, any suggestions? #books',
  'Our team is hiring two backend engineers, remote friendly. #hiring',
  'Rain all week according to the forecast, bring an umbrella.',
  'Patch Tuesday is here: update your browsers today. #security',
  'New episode is out: the history of the paperclip. #podcast',
  'Caught the Orion nebula last night with a 200 mm lens. #astrophotography',
  'Farmers market haul: tomatoes, basil and way too many peppers.',
  'Working on the lighting for the winter level of the game. #gamedev',
  'Ran my first sub-3 marathon today! #running',
  'Thread on why the city should extend the tram line. #urbanism',
  'The exhibition on Bauhaus typography opens on Friday. #art',
  'Free coding workshop at the library on Saturday at 10. #learning',
  'We just open-sourced our feature-flag service. #opensource',
  'Tried the new ramen place near the station, worth the queue. #food',
  'Coffee number three and it is only 10 am.',
  'The March sea-ice numbers are in, and they are not good. #climate',
  'Finished a walnut dining table this weekend. #woodworking',
  'Slides from my talk on design systems are up. #design',
  'Reminder: line 4 trains run every 20 minutes this weekend. #transit',
];
const REPLIES = ['Love this!', 'Congrats, well deserved.', 'Could you share more details?', 'Totally agree.', 'Not sure about that one.', 'Saving this for later.', 'Where was this taken?', 'Following for updates.', 'Great thread, thanks.', 'Same here!'];

function shuffle<T>(r: SeededRandom, items: readonly T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r.next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const pad = (n: number) => String(n).padStart(2, '0');
const stamp = (minutesAgo: number) => new Date(Date.parse(SOCIAL_MEDIA_REFERENCE_DATE) - minutesAgo * 60_000).toISOString().replace('.000Z', 'Z');

export function generateWorld(seed: number): SocialMediaState {
  const r = new SeededRandom(seedRandomState(seed));
  const handles = PEOPLE.map(([h]) => h);
  const accounts: Record<string, SocialAccount> = {};
  for (const [handle, display_name, bio] of PEOPLE) {
    const joined = `20${pad(r.int(18, 25))}-${pad(r.int(1, 12))}-${pad(r.int(1, 28))}`;
    accounts[handle] = { handle, display_name, bio, joined, following: [], blocking: [] };
  }
  // Blocks first: two accounts block jordan, jordan blocks two, and two more pairs.
  accounts.spam_deals.blocking.push(ME);
  accounts.troll_king.blocking.push(ME);
  accounts[ME].blocking.push('leo_grant', 'mia_costa');
  accounts.ivan_novak.blocking.push('spam_deals');
  accounts.emma_wright.blocking.push('troll_king');
  const blocked = (a: string, b: string) => accounts[a].blocking.includes(b) || accounts[b].blocking.includes(a);
  for (const handle of handles) {
    const wanted = handle === ME ? 14 : r.int(5, 16);
    const others = shuffle(r, handles.filter((h) => h !== handle && !blocked(h, handle)));
    accounts[handle].following = others.slice(0, wanted);
  }
  // jordan follows a fixed handful so the world always has feed and unfollow material, and not ana_souza.
  const mine = accounts[ME].following.filter((h) => h !== 'ana_souza');
  for (const h of ['chloe_nguyen', 'farah_ali', 'city_transit', 'priya_nair']) if (!mine.includes(h)) mine.push(h);
  accounts[ME].following = mine;

  const posts: Record<string, SocialPost> = {};
  const order: SocialPost[] = [];
  let n = 0;
  const plan: Array<{ author: string; minutes: number }> = [];
  for (const handle of handles) for (let i = 0; i < (handle === ME ? 10 : r.int(4, 12)); i++) plan.push({ author: handle, minutes: r.int(90, 60 * 24 * 30) });
  plan.sort((a, b) => b.minutes - a.minutes);
  const followersOf = (h: string) => handles.filter((x) => accounts[x].following.includes(h));
  for (const { author, minutes } of plan) {
    let text = r.pick(LINES);
    const mentions: string[] = [];
    const roll = r.next();
    let visibility: Visibility = roll < 0.8 ? 'public' : roll < 0.94 ? 'followers' : 'direct';
    if (visibility === 'direct' || r.next() < 0.15) {
      const other = r.pick(accounts[author].following.length > 0 ? accounts[author].following : handles.filter((h) => h !== author));
      text = `@${other} ${text}`;
      mentions.push(other);
    }
    if (mentions.length === 0 && visibility === 'direct') visibility = 'public';
    const post: SocialPost = { post_id: `post_${++n}`, author, text, created_at: stamp(minutes), visibility, in_reply_to: null, repost_of: null, mentions, hashtags: hashtagsIn(text), liked_by: [], reposted_by: [], reply_ids: [] };
    posts[post.post_id] = post;
    order.push(post);
    // Who can see it: followers (and the mentioned) for followers-only; everyone else not in a block for public.
    const audience = [...new Set(visibility === 'public' ? handles : visibility === 'followers' ? [...followersOf(author), ...mentions] : mentions)].filter((h) => h !== author && !blocked(h, author));
    for (const liker of shuffle(r, audience).slice(0, r.int(0, Math.min(8, audience.length)))) post.liked_by.push(liker);
    let at = minutes;
    const replies = r.next() < 0.35 ? r.int(1, 3) : 0;
    for (let k = 0; k < replies; k++) {
      at -= r.int(3, 90);
      if (at < 5 || audience.length === 0) break;
      const replier = r.pick(audience);
      const reply: SocialPost = { post_id: `post_${++n}`, author: replier, text: `@${author} ${r.pick(REPLIES)}`, created_at: stamp(at), visibility: visibility === 'public' ? 'public' : visibility, in_reply_to: post.post_id, repost_of: null, mentions: [author], hashtags: [], liked_by: [], reposted_by: [], reply_ids: [] };
      posts[reply.post_id] = reply;
      order.push(reply);
      post.reply_ids.push(reply.post_id);
    }
    if (visibility === 'public' && r.next() < 0.25) {
      for (const reposter of shuffle(r, audience).slice(0, r.int(1, 2))) {
        at -= r.int(5, 120);
        if (at < 5) break;
        const repost: SocialPost = { post_id: `post_${++n}`, author: reposter, text: '', created_at: stamp(at), visibility: 'public', in_reply_to: null, repost_of: post.post_id, mentions: [], hashtags: [], liked_by: [], reposted_by: [], reply_ids: [] };
        posts[repost.post_id] = repost;
        order.push(repost);
        post.reposted_by.push(reposter);
      }
    }
  }
  const bucketed: BucketedRecord<SocialPost> = {};
  for (const post of order) setEntry(bucketed, post.post_id, post);
  return { network: 'Fediverse (social.example)', me: ME, accounts, posts: bucketed, deleted_post_ids: [] };
}

export const renderWorld = (seed: number): string => `${JSON.stringify(generateWorld(seed), null, 1)}\n`;

runWorldGenerator(import.meta.url, 'social_media', renderWorld);
