import { entryValues, getEntry } from '../kit/bucketedRecord.js';
import { defineTool } from '../kit/Domain.js';
import { idText, inputOf, integer, listOf, number, oneOf, text } from '../kit/schemas.js';
import { LISTING_FORMATS, LISTING_STATUSES, OFFER_STATUSES, type ListingFormat, type ListingStatus, type MarketplaceState, type OfferStatus } from './MarketplaceState.js';
import { requireListing, requireUser } from './marketplaceLookups.js';
import { bidSchema, bidView, listingSchema, listingView, offerSchema, offerView, resultOf } from './marketplaceViews.js';

export const searchMarketplaceListings = defineTool<MarketplaceState, { query?: string; category?: string; format?: ListingFormat; status?: ListingStatus; max_price?: number; limit?: number }>({
  name: 'search_marketplace_listings',
  description:
    'Search listings by words of the title, category, format (fixed_price or auction), status (default active) and a top price ' +
    '(the current bid for auctions). Returns listings with price, current bid, minimum next bid, end time and seller. Use it to ' +
    'find the listing_id other tools take.',
  input: inputOf({
    query: text('Words in the title, e.g. "stratocaster".', { minLength: 1, maxLength: 100 }),
    category: text('Category, e.g. Cameras.', { minLength: 1, maxLength: 40 }),
    format: oneOf(LISTING_FORMATS, 'fixed_price or auction.'),
    status: oneOf(LISTING_STATUSES, 'Listing status (default active).'),
    max_price: number('Highest price or current bid, USD.', { exclusiveMinimum: 0, maximum: 1_000_000 }),
    limit: integer('How many to return (default 20).', { minimum: 1, maximum: 100 }),
  }),
  output: resultOf({ listings: listOf(listingSchema, 'Matching listings, ending soonest first.'), count: integer('How many are returned.') }),
  annotations: { title: 'Search listings', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const words = (args.query ?? '').toLowerCase().split(/\s+/).filter((w) => w.length > 0);
    const status = args.status ?? 'active';
    const category = args.category?.toLowerCase();
    const matches = entryValues(ctx.base.listings).filter((l) => {
      if (l.status !== status || (args.format !== undefined && l.format !== args.format)) return false;
      if (category !== undefined && l.category.toLowerCase() !== category) return false;
      const title = l.title.toLowerCase();
      if (!words.every((w) => title.includes(w))) return false;
      return args.max_price === undefined || (l.current_bid ?? l.price) <= args.max_price;
    });
    matches.sort((a, b) => (a.ends_at < b.ends_at ? -1 : a.ends_at > b.ends_at ? 1 : a.listing_id < b.listing_id ? -1 : 1));
    const listings = matches.slice(0, args.limit ?? 20).map((l) => listingView(ctx.base, l));
    return { listings, count: listings.length };
  },
});

export const getMarketplaceListing = defineTool<MarketplaceState, { listing_id: string }>({
  name: 'get_marketplace_listing',
  description: 'One listing in full, with its bid history (newest first) for auctions. The reserve price itself stays hidden; reserve_met tells whether it is reached.',
  input: inputOf({ listing_id: idText('The listing, e.g. lst_12.') }, ['listing_id']),
  output: resultOf({ listing: listingSchema, bids: listOf(bidSchema, 'Bids, newest first.') }),
  annotations: { title: 'Get a listing', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const listing = requireListing(ctx, args.listing_id);
    const bids = entryValues(ctx.base.bids).filter((b) => b.listing_id === listing.listing_id).reverse().map(bidView);
    return { listing: listingView(ctx.base, listing), bids };
  },
});

const ROLES = ['selling', 'bidding', 'won', 'bought', 'watching'] as const;

export const listMarketplaceUserListings = defineTool<MarketplaceState, { user_id: string; role: (typeof ROLES)[number]; status?: ListingStatus }>({
  name: 'list_marketplace_user_listings',
  description:
    'A user\'s own listings by role: selling (listed by them), bidding (auctions they bid on), won or bought (listings sold to ' +
    'them), watching (listings they watch). Optionally one status.',
  input: inputOf({
    user_id: idText('The user acting, e.g. usr_7.'),
    role: oneOf(ROLES, 'selling, bidding, won, bought or watching.'),
    status: oneOf(LISTING_STATUSES, 'Only listings of this status.'),
  }, ['user_id', 'role']),
  output: resultOf({ listings: listOf(listingSchema, 'The listings, by id.'), count: integer('How many.') }),
  annotations: { title: 'My listings', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const user = requireUser(ctx, args.user_id);
    const bidOn = new Set(entryValues(ctx.base.bids).filter((b) => b.bidder_id === user.user_id).map((b) => b.listing_id));
    const listings = entryValues(ctx.base.listings).filter((l) => {
      if (args.status !== undefined && l.status !== args.status) return false;
      switch (args.role) {
        case 'selling': return l.seller_id === user.user_id;
        case 'bidding': return bidOn.has(l.listing_id);
        case 'won': return l.format === 'auction' && l.buyer_id === user.user_id;
        case 'bought': return l.buyer_id === user.user_id;
        default: return l.watchers.includes(user.user_id);
      }
    }).map((l) => listingView(ctx.base, l));
    return { listings, count: listings.length };
  },
});

export const listMarketplaceOffers = defineTool<MarketplaceState, { user_id: string; role: 'received' | 'sent'; status?: OfferStatus }>({
  name: 'list_marketplace_offers',
  description: 'Offers a user received on their listings (as seller) or sent (as buyer), newest first, optionally one status. Gives the offer_id respond_marketplace_offer takes.',
  input: inputOf({
    user_id: idText('The user acting, e.g. usr_7.'),
    role: oneOf(['received', 'sent'], 'received (as seller) or sent (as buyer).'),
    status: oneOf(OFFER_STATUSES, 'Only offers of this status.'),
  }, ['user_id', 'role']),
  output: resultOf({ offers: listOf(offerSchema, 'The offers, newest first.'), count: integer('How many.') }),
  annotations: { title: 'My offers', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const user = requireUser(ctx, args.user_id);
    const offers = Object.values(ctx.base.offers)
      .filter((o) => (args.role === 'sent' ? o.buyer_id === user.user_id : getEntry(ctx.base.listings, o.listing_id)!.seller_id === user.user_id) && (args.status === undefined || o.status === args.status))
      .reverse()
      .map((o) => offerView(ctx.base, o));
    return { offers, count: offers.length };
  },
});
