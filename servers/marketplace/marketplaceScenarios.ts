import type { DomainScenario, ScenarioFacts, SessionRandom } from '../kit/Domain.js';
import { entryValues } from '../kit/bucketedRecord.js';
import { CARRIERS, minimumNextBid, type Listing, type MarketplaceState, type MarketUser } from './MarketplaceState.js';

/**
 * Goals of a marketplace member, as a buyer or as a seller, played as conversations. They know
 * items by their titles, prices and amounts, a carrier and the tracking number on a shipping
 * label; the assistant finds listing and offer ids.
 */

type Row = Record<string, any>;

const SIGNED_IN = ['The signed-in member is {member_name} (user id {user_id}).'];

const byNumber = (a: string, b: string): number => Number(a.slice(a.indexOf('_') + 1)) - Number(b.slice(b.indexOf('_') + 1));

/** A member (tried from a random start) for whom `pick` finds what the goal needs. */
function castMember(state: MarketplaceState, random: SessionRandom, pick: (user: MarketUser, listings: Listing[]) => ScenarioFacts | undefined): ScenarioFacts | undefined {
  const listings = entryValues(state.listings);
  const ids = Object.keys(state.users).sort(byNumber);
  const start = random.int(0, ids.length - 1);
  for (let k = 0; k < ids.length; k++) {
    const user = state.users[ids[(start + k) % ids.length]];
    const facts = pick(user, listings);
    if (facts !== undefined) return { user_id: user.user_id, member_name: user.name, ...facts };
  }
  return undefined;
}

/** No other listing the search or list would show has this title: a person naming it names one listing. */
const uniqueTitle = (listings: Listing[], listing: Listing, same: (other: Listing) => boolean = (other) => other.status === listing.status): boolean =>
  listings.filter((l) => l.title === listing.title && same(l)).length === 1;

const listingTitled = (r: { listings: Row[] }, f: ScenarioFacts) => {
  const l = r.listings.find((x) => x.title === f.title);
  return l && { listing_id: l.listing_id, minimum_bid: l.minimum_bid };
};

const cents = (x: number): number => Math.round(x * 100) / 100;

/** An id a model might guess from a title instead of looking it up. */
const guessedId = (title: unknown): string => `lst_${String(title).toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '')}`;

export const marketplaceScenarios: DomainScenario<MarketplaceState>[] = [
  {
    name: 'bid_on_an_auction_found_by_title',
    goal: 'Find an auction by what is sold, bid an amount the member names, and watch the listing.',
    context: SIGNED_IN,
    weight: 3,
    cast(state, random) {
      return castMember(state, random, (user, listings) => {
        const open = listings.filter((l) => l.format === 'auction' && l.status === 'active' && l.seller_id !== user.user_id && l.high_bidder_id !== user.user_id && !l.watchers.includes(user.user_id) && uniqueTitle(listings, l, (o) => o.status === 'active' && o.format === 'auction'));
        if (open.length === 0) return undefined;
        const listing = random.pick(open);
        const minimum = minimumNextBid(listing);
        const amount = cents(Math.ceil(minimum + random.pick([0, 1, 2, 5, 10])));
        const low = cents(Math.max(0.01, Math.floor(minimum * 0.6)));
        return { title: listing.title, amount, amount_said: amount, low, watch: random.next() < 0.6 };
      });
    },
    turns: [
      {
        say: ['Find the {title} auction and bid {amount_said} on it.', 'I want to bid {amount_said} on the {title}.', 'Place a {amount_said} bid on that {title} auction.'],
        steps: [
          { tool: 'search_marketplace_listings', args: (f) => ({ query: f.title, format: 'auction' }), learn: listingTitled },
          {
            tool: 'place_marketplace_bid',
            args: (f) => ({ user_id: f.user_id, listing_id: f.listing_id, amount: f.amount }),
            fault: {
              kind: 'state_refusal',
              tool: 'place_marketplace_bid',
              said: (f) => ({ amount_said: f.low }),
              args: (f) => ({ user_id: f.user_id, listing_id: f.listing_id, amount: f.low }),
              recovery: 'ask_user',
              ask: ['That bid is below the minimum. How much would you like to bid instead?', 'The minimum bid is higher than that; what should I bid?'],
              reply: ['Then bid {amount}.', 'OK, go to {amount}.'],
            },
          },
        ],
      },
      {
        say: ['Also add it to my watch list.', 'And watch that listing for me, please.'],
        when: (f) => f.watch === true,
        steps: [
          {
            tool: 'watch_marketplace_listing',
            args: (f) => ({ user_id: f.user_id, listing_id: f.listing_id }),
            fault: { kind: 'guessed_id', tool: 'watch_marketplace_listing', args: (f) => ({ user_id: f.user_id, listing_id: guessedId(f.title) }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['Am I the high bidder now? Is the reserve met?', 'Show me that auction now: who leads, and is the reserve met?'],
        when: (f) => f.watch !== true,
        steps: [{ tool: 'get_marketplace_listing', args: (f) => ({ listing_id: f.listing_id }) }],
      },
    ],
  },
  {
    name: 'buy_it_now',
    goal: 'Buy a fixed-price item the member names, after checking it, then see what they bought.',
    context: SIGNED_IN,
    weight: 2,
    cast(state, random) {
      return castMember(state, random, (user, listings) => {
        const open = listings.filter((l) => l.format === 'fixed_price' && l.status === 'active' && l.seller_id !== user.user_id && uniqueTitle(listings, l, (o) => o.status === 'active' && o.category === l.category));
        if (open.length === 0) return undefined;
        const listing = random.pick(open);
        return { title: listing.title, price: listing.price, category: listing.category };
      });
    },
    turns: [
      {
        say: ['I saw a {title} under {category}. Is it still for sale? What condition is it in?', 'Tell me about the {title} listing in {category}.'],
        steps: [
          {
            tool: 'search_marketplace_listings',
            args: (f) => ({ query: f.title, category: f.category }),
            learn: listingTitled,
            fault: { kind: 'guessed_id', tool: 'get_marketplace_listing', args: (f) => ({ listing_id: guessedId(f.title) }), recovery: 'retry_alternative' },
          },
          { tool: 'get_marketplace_listing', args: (f) => ({ listing_id: f.listing_id }) },
        ],
      },
      {
        say: ['Great, buy it now at {price}.', 'I will take it. Buy it for me.'],
        steps: [{ tool: 'buy_marketplace_listing', args: (f) => ({ user_id: f.user_id, listing_id: f.listing_id }) }],
      },
      {
        say: ['Show me everything I have bought.', 'What are my purchases so far?'],
        steps: [{ tool: 'list_marketplace_user_listings', args: (f) => ({ user_id: f.user_id, role: 'bought' }) }],
      },
    ],
  },
  {
    name: 'make_an_offer',
    goal: 'Offer less than the asking price on an item that takes offers, then check one\'s sent offers.',
    context: SIGNED_IN,
    weight: 2,
    cast(state, random) {
      const pending = Object.values(state.offers).filter((o) => o.status === 'pending');
      return castMember(state, random, (user, listings) => {
        const open = listings.filter((l) => l.format === 'fixed_price' && l.status === 'active' && l.accepts_offers && l.seller_id !== user.user_id && uniqueTitle(listings, l, (o) => o.status === 'active' && o.format === 'fixed_price') && !pending.some((o) => o.listing_id === l.listing_id && o.buyer_id === user.user_id));
        if (open.length === 0) return undefined;
        const listing = random.pick(open);
        const amount = cents(Math.floor(listing.price * random.pick([0.7, 0.8, 0.85, 0.9])));
        if (amount <= 0) return undefined;
        return { title: listing.title, price: listing.price, amount, amount_said: amount, over: cents(Math.ceil(listing.price + 5)) };
      });
    },
    turns: [
      {
        say: ['The {title} is listed at {price}. Offer the seller {amount_said} for it.', 'Make an offer of {amount_said} on the {title}.'],
        steps: [
          { tool: 'search_marketplace_listings', args: (f) => ({ query: f.title, format: 'fixed_price' }), learn: listingTitled },
          {
            tool: 'make_marketplace_offer',
            args: (f) => ({ user_id: f.user_id, listing_id: f.listing_id, amount: f.amount }),
            fault: {
              kind: 'out_of_range',
              tool: 'make_marketplace_offer',
              said: (f) => ({ amount_said: f.over }),
              args: (f) => ({ user_id: f.user_id, listing_id: f.listing_id, amount: f.over }),
              recovery: 'ask_user',
              ask: ['An offer has to be below the asking price; at that amount you could just buy it. What would you like to offer?', 'Offers must be under the price. How much should I offer?'],
              reply: ['Right, offer {amount} then.', 'Make it {amount}.'],
            },
          },
        ],
      },
      {
        say: ['Which offers do I have out right now?', 'Show me the offers I have sent that are still pending.'],
        steps: [{ tool: 'list_marketplace_offers', args: (f) => ({ user_id: f.user_id, role: 'sent', status: 'pending' }) }],
      },
    ],
  },
  {
    name: 'answer_offers_on_my_item',
    goal: 'A seller reviews pending offers on an item and accepts the best one or declines it.',
    context: SIGNED_IN,
    weight: 2,
    cast(state, random) {
      const pending = Object.values(state.offers).filter((o) => o.status === 'pending');
      return castMember(state, random, (user, listings) => {
        const mine = listings.filter((l) => l.seller_id === user.user_id && l.status === 'active' && pending.some((o) => o.listing_id === l.listing_id));
        if (mine.length === 0) return undefined;
        const listing = random.pick(mine);
        return { title: listing.title, decision: random.next() < 0.6 ? 'accept' : 'decline' };
      });
    },
    turns: [
      {
        say: ['Did anyone make an offer on my {title}?', 'What offers are waiting on my {title}?'],
        steps: [
          {
            tool: 'list_marketplace_offers',
            args: (f) => ({ user_id: f.user_id, role: 'received', status: 'pending' }),
            learn: (r: { offers: Row[] }, f) => {
              const best = r.offers.filter((o) => o.listing_title === f.title).sort((a, b) => b.amount - a.amount)[0];
              return best && { offer_id: best.offer_id, offer_amount: best.amount };
            },
          },
        ],
      },
      {
        say: ['Accept the highest one.', 'Fine, take the best offer.'],
        when: (f) => f.decision === 'accept',
        steps: [
          {
            tool: 'respond_marketplace_offer',
            args: (f) => ({ user_id: f.user_id, offer_id: f.offer_id, decision: 'accept' }),
            fault: { kind: 'missing_argument', tool: 'respond_marketplace_offer', args: (f) => ({ user_id: f.user_id, offer_id: f.offer_id }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['{offer_amount} is too low. Decline it.', 'No, decline the highest one; it is not enough.'],
        when: (f) => f.decision === 'decline',
        steps: [{ tool: 'respond_marketplace_offer', args: (f) => ({ user_id: f.user_id, offer_id: f.offer_id, decision: 'decline' }) }],
      },
    ],
  },
  {
    name: 'list_an_item_for_auction',
    goal: 'A seller lists an item as an auction with a reserve, then reviews their active listings.',
    context: SIGNED_IN,
    weight: 2,
    cast(state, random) {
      return castMember(state, random, () => {
        const [title, category, start] = random.pick([
          ['Fender Player Stratocaster, sunburst', 'Music', 350],
          ['Canon AE-1 Program film camera', 'Cameras', 120],
          ['Vintage Omega Seamaster watch', 'Jewelry', 900],
          ['First edition Dune paperback', 'Books', 60],
          ['Nintendo Switch OLED, white', 'Electronics', 180],
          ['Signed 1998 Topps baseball card', 'Collectibles', 40],
          ['Trek Marlin 5 mountain bike', 'Sports', 250],
        ] as Array<[string, string, number]>);
        const reserve = Math.round(start * random.pick([1.3, 1.5, 2]));
        return { title, category, start, reserve, reserve_said: reserve, below: Math.round(start / 2), days: random.pick([3, 5, 7, 10]), condition: random.pick(['new', 'used']) };
      });
    },
    turns: [
      {
        say: ['List my {title} ({condition}) as a {days}-day auction starting at {start}, with a hidden reserve of {reserve_said}.', 'Put my {condition} {title} up for auction in {category}: start {start}, reserve {reserve_said}, {days} days.'],
        steps: [
          {
            tool: 'create_marketplace_listing',
            args: (f) => ({ user_id: f.user_id, title: f.title, category: f.category, format: 'auction', price: f.start, reserve_price: f.reserve, condition: f.condition, duration_days: f.days }),
            learn: (r: { listing: Row }) => ({ listing_id: r.listing.listing_id }),
            fault: {
              kind: 'out_of_range',
              tool: 'create_marketplace_listing',
              said: (f) => ({ reserve_said: f.below }),
              args: (f) => ({ user_id: f.user_id, title: f.title, category: f.category, format: 'auction', price: f.start, reserve_price: f.below, condition: f.condition, duration_days: f.days }),
              recovery: 'ask_user',
              ask: ['The reserve has to be above the starting bid. What reserve should I set?', 'A reserve below the starting price does not work; which reserve do you want?'],
              reply: ['Oops. Make the reserve {reserve}.', 'Set it to {reserve} then.'],
            },
          },
        ],
      },
      {
        say: ['What am I selling right now?', 'Show me all my active listings.'],
        steps: [{ tool: 'list_marketplace_user_listings', args: (f) => ({ user_id: f.user_id, role: 'selling', status: 'active' }) }],
      },
    ],
  },
  {
    name: 'ship_a_sold_item',
    goal: 'A seller marks a sold item shipped with the carrier and tracking number from the label.',
    context: SIGNED_IN,
    weight: 2,
    cast(state, random) {
      return castMember(state, random, (user, listings) => {
        const sold = listings.filter((l) => l.seller_id === user.user_id && l.status === 'sold' && l.shipped === null);
        if (sold.length === 0) return undefined;
        const listing = random.pick(sold);
        let tracking = '';
        for (let i = 0; i < 12; i++) tracking += String(random.int(0, 9));
        return { title: listing.title, carrier: random.pick(CARRIERS), tracking: `1Z${tracking}` };
      });
    },
    turns: [
      {
        say: ['I sent the {title} today with {carrier}, tracking number {tracking}. Mark it shipped.', 'The {title} is on its way: {carrier}, tracking {tracking}. Please update the listing.'],
        steps: [
          {
            tool: 'list_marketplace_user_listings',
            args: (f) => ({ user_id: f.user_id, role: 'selling', status: 'sold' }),
            learn: (r: { listings: Row[] }, f) => { const l = r.listings.find((x) => x.title === f.title && x.shipped === false); return l && { listing_id: l.listing_id }; },
          },
          {
            tool: 'mark_marketplace_listing_shipped',
            args: (f) => ({ user_id: f.user_id, listing_id: f.listing_id, carrier: f.carrier, tracking_number: f.tracking }),
            fault: { kind: 'missing_argument', tool: 'mark_marketplace_listing_shipped', args: (f) => ({ user_id: f.user_id, listing_id: f.listing_id, carrier: f.carrier }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['Is there anything else I sold that still has to go out?', 'Do I have other sold items waiting to be shipped?'],
        steps: [{ tool: 'list_marketplace_user_listings', args: (f) => ({ user_id: f.user_id, role: 'selling', status: 'sold' }) }],
      },
    ],
  },
  {
    name: 'end_early_or_relist',
    goal: 'A seller ends a listing early, or relists an item that did not sell at a new price.',
    context: SIGNED_IN,
    weight: 2,
    cast(state, random) {
      return castMember(state, random, (user, listings) => {
        const mine = listings.filter((l) => l.seller_id === user.user_id && uniqueTitle(listings, l, (o) => o.seller_id === user.user_id && o.status === l.status));
        const endable = mine.filter((l) => l.status === 'active' && (l.format === 'fixed_price' || l.bid_count === 0));
        const relistable = mine.filter((l) => l.status === 'unsold' || l.status === 'ended');
        const relist = relistable.length > 0 && (endable.length === 0 || random.next() < 0.5);
        if (!relist && endable.length === 0) return undefined;
        const listing = random.pick(relist ? relistable : endable);
        return { title: listing.title, relist, status: listing.status, new_price: Math.max(1, Math.round(listing.price * random.pick([0.8, 0.9, 1]))), relist_after: random.next() < 0.35 };
      });
    },
    turns: [
      {
        say: ['I no longer want to sell my {title}. End the listing.', 'Please take my {title} off the marketplace now.'],
        when: (f) => f.relist !== true,
        steps: [
          {
            tool: 'list_marketplace_user_listings',
            args: (f) => ({ user_id: f.user_id, role: 'selling', status: 'active' }),
            learn: listingTitled,
            fault: { kind: 'guessed_id', tool: 'end_marketplace_listing', args: (f) => ({ user_id: f.user_id, listing_id: guessedId(f.title) }), recovery: 'retry_alternative' },
          },
          { tool: 'end_marketplace_listing', args: (f) => ({ user_id: f.user_id, listing_id: f.listing_id }) },
        ],
      },
      {
        say: ['Hmm, actually put it back up at {new_price}.', 'Changed my mind again: relist it for {new_price}.'],
        when: (f) => f.relist !== true && f.relist_after === true,
        steps: [{ tool: 'relist_marketplace_listing', args: (f) => ({ user_id: f.user_id, listing_id: f.listing_id, price: f.new_price }), learn: (r: { listing: Row }) => ({ new_listing_id: r.listing.listing_id }) }],
      },
      {
        say: ['Which of my listings are still up now?', 'What do I still have for sale?'],
        when: (f) => f.relist !== true && f.relist_after !== true,
        steps: [{ tool: 'list_marketplace_user_listings', args: (f) => ({ user_id: f.user_id, role: 'selling', status: 'active' }) }],
      },
      {
        say: ['My {title} did not sell. Relist it at {new_price}.', 'Put the {title} up again, this time for {new_price}.'],
        when: (f) => f.relist === true,
        steps: [
          {
            tool: 'list_marketplace_user_listings',
            args: (f) => ({ user_id: f.user_id, role: 'selling', status: f.status }),
            learn: listingTitled,
            fault: { kind: 'guessed_id', tool: 'relist_marketplace_listing', args: (f) => ({ user_id: f.user_id, listing_id: guessedId(f.title), price: f.new_price }), recovery: 'retry_alternative' },
          },
          { tool: 'relist_marketplace_listing', args: (f) => ({ user_id: f.user_id, listing_id: f.listing_id, price: f.new_price }), learn: (r: { listing: Row }) => ({ new_listing_id: r.listing.listing_id }) },
        ],
      },
      {
        say: ['Until when does the new listing run?', 'Show me the new listing: is everything right?'],
        when: (f) => f.new_listing_id !== undefined,
        steps: [{ tool: 'get_marketplace_listing', args: (f) => ({ listing_id: f.new_listing_id }) }],
      },
    ],
  },
];
