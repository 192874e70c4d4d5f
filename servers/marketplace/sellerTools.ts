import { editEntry } from '../kit/bucketedRecord.js';
import { defineTool } from '../kit/Domain.js';
import { amountArgument, boolean, idText, inputOf, integer, oneOf, text } from '../kit/schemas.js';
import { CARRIERS, CATEGORIES, LISTING_FORMATS, addHours, formatAmount, stamp, toCents, type Listing, type ListingFormat, type MarketplaceState } from './MarketplaceState.js';
import { requireActive, requireAmount, requireListing, requireOffer, requireSeller, requireUser } from './marketplaceLookups.js';
import { declinePending } from './buyerTools.js';
import { listingSchema, listingView, offerSchema, offerView, resultOf } from './marketplaceViews.js';

const userArg = idText('The user acting (only as themselves), e.g. usr_7.');
const listingArg = idText('The listing, e.g. lst_12.');

export const createMarketplaceListing = defineTool<MarketplaceState, { user_id: string; title: string; category: string; format: ListingFormat; price: number; reserve_price?: number; accepts_offers?: boolean; condition?: 'new' | 'used'; duration_days?: number }>({
  name: 'create_marketplace_listing',
  description:
    'List an item for sale as fixed_price (price; accepts_offers optional) or auction (price is the starting bid; an optional ' +
    'hidden reserve_price above it). Runs duration_days (default 7 for auctions, 30 for fixed price). Returns the new listing.',
  input: inputOf({
    user_id: userArg,
    title: text('What is sold, e.g. "Canon AE-1 film camera".', { minLength: 3, maxLength: 80 }),
    category: oneOf(CATEGORIES, 'Category.'),
    format: oneOf(LISTING_FORMATS, 'fixed_price or auction.'),
    price: amountArgument('Fixed price, or the auction\'s starting bid, USD.', 100_000),
    reserve_price: amountArgument('Auction only: the hidden minimum to sell, above the starting bid.', 100_000),
    accepts_offers: boolean('Fixed price only: take offers below the price (default false).'),
    condition: oneOf(['new', 'used'], 'Condition (default used).'),
    duration_days: integer('How long it runs (1-30 days).', { minimum: 1, maximum: 30 }),
  }, ['user_id', 'title', 'category', 'format', 'price']),
  output: resultOf({ listing: listingSchema }),
  annotations: { title: 'Create a listing', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const user = requireUser(ctx, args.user_id);
    requireAmount(ctx, args.price, 'price');
    const auction = args.format === 'auction';
    if (args.reserve_price !== undefined) {
      requireAmount(ctx, args.reserve_price, 'reserve_price');
      if (!auction) ctx.fail('reserve_price applies to auctions only; a fixed-price listing sells at its price');
      if (toCents(args.reserve_price) <= toCents(args.price)) ctx.fail(`reserve_price ${formatAmount(args.reserve_price)} USD must be above the starting bid of ${formatAmount(args.price)} USD; leave it out for no reserve`);
    }
    if (auction && args.accepts_offers === true) ctx.fail('auctions take bids, not offers; leave accepts_offers out or list at a fixed price');
    if (auction && (args.duration_days ?? 7) > 10) ctx.fail(`auctions run 1 to 10 days, not ${args.duration_days}`);
    const listing: Listing = {
      listing_id: ctx.nextId('lst'), title: args.title.trim(), category: args.category, condition: args.condition ?? 'used', seller_id: user.user_id,
      format: args.format, status: 'active', price: args.price, reserve_price: args.reserve_price ?? null, accepts_offers: !auction && args.accepts_offers === true,
      current_bid: null, high_bidder_id: null, bid_count: 0, watchers: [], created_at: stamp(ctx.now), ends_at: addHours(stamp(ctx.now), 24 * (args.duration_days ?? (auction ? 7 : 30))),
      closed_at: null, buyer_id: null, sold_price: null, shipped: null, relisted_from: null,
    };
    editEntry(ctx, ['listings'], listing.listing_id, listing);
    return { listing: listingView(ctx.base, listing) };
  },
});

export const respondMarketplaceOffer = defineTool<MarketplaceState, { user_id: string; offer_id: string; decision: 'accept' | 'decline' }>({
  name: 'respond_marketplace_offer',
  description: 'The seller accepts or declines a pending offer. Accepting sells the listing to the buyer at the offer and declines the other pending offers on it.',
  input: inputOf({ user_id: userArg, offer_id: idText('The offer, e.g. ofr_9 (list_marketplace_offers gives them).'), decision: oneOf(['accept', 'decline'], 'accept or decline.') }, ['user_id', 'offer_id', 'decision']),
  output: resultOf({ offer: offerSchema, listing: listingSchema }),
  annotations: { title: 'Answer an offer', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    requireUser(ctx, args.user_id);
    const offer = requireOffer(ctx, args.offer_id);
    const listing = requireListing(ctx, offer.listing_id);
    requireSeller(ctx, listing, args.user_id, 'answer its offers');
    if (offer.status !== 'pending') ctx.fail(`offer ${offer.offer_id} was already ${offer.status} on ${offer.responded_at?.slice(0, 10)}; only pending offers can be answered`);
    requireActive(ctx, listing, 'sell through an offer');
    const answered = { ...offer, status: args.decision === 'accept' ? ('accepted' as const) : ('declined' as const), responded_at: stamp(ctx.now) };
    ctx.state.offers[offer.offer_id] = answered;
    let next = listing;
    if (args.decision === 'accept') {
      next = { ...listing, status: 'sold', buyer_id: offer.buyer_id, sold_price: offer.amount, closed_at: stamp(ctx.now) };
      editEntry(ctx, ['listings'], listing.listing_id, next);
      declinePending(ctx.base, listing.listing_id, stamp(ctx.now), (id, o) => (ctx.state.offers[id] = o), offer.offer_id);
    }
    // The views read the users and the listing's title, seller and price, which answering leaves as they were.
    return { offer: offerView(ctx.base, answered), listing: listingView(ctx.base, next) };
  },
});

export const endMarketplaceListing = defineTool<MarketplaceState, { user_id: string; listing_id: string }>({
  name: 'end_marketplace_listing',
  description: 'The seller ends an active listing early, unsold; pending offers are declined. An auction with bids cannot be ended in its last 12 hours.',
  input: inputOf({ user_id: userArg, listing_id: listingArg }, ['user_id', 'listing_id']),
  output: resultOf({ listing: listingSchema }),
  annotations: { title: 'End a listing early', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    requireUser(ctx, args.user_id);
    const listing = requireListing(ctx, args.listing_id);
    requireSeller(ctx, listing, args.user_id, 'end it');
    requireActive(ctx, listing, 'be ended');
    if (listing.bid_count > 0 && Date.parse(listing.ends_at) - Date.parse(stamp(ctx.now)) < 12 * 3_600_000) ctx.fail(`auction ${listing.listing_id} has ${listing.bid_count} bids and ends at ${listing.ends_at}; an auction with bids cannot be ended in its last 12 hours`);
    const next = { ...listing, status: 'ended' as const, closed_at: stamp(ctx.now) };
    editEntry(ctx, ['listings'], listing.listing_id, next);
    declinePending(ctx.base, listing.listing_id, stamp(ctx.now), (id, o) => (ctx.state.offers[id] = o));
    return { listing: listingView(ctx.base, next) };
  },
});

export const relistMarketplaceListing = defineTool<MarketplaceState, { user_id: string; listing_id: string; price?: number; duration_days?: number }>({
  name: 'relist_marketplace_listing',
  description: 'The seller lists again an item that ended unsold or was ended early: a new listing with the same title and format, optionally a new price (or starting bid). Sold listings cannot be relisted.',
  input: inputOf({ user_id: userArg, listing_id: listingArg, price: amountArgument('A new price or starting bid, USD (default the old one).', 100_000), duration_days: integer('How long it runs (default 7 for auctions, 30 for fixed price).', { minimum: 1, maximum: 30 }) }, ['user_id', 'listing_id']),
  output: resultOf({ listing: listingSchema }),
  annotations: { title: 'Relist', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    requireUser(ctx, args.user_id);
    const old = requireListing(ctx, args.listing_id);
    requireSeller(ctx, old, args.user_id, 'relist it');
    if (old.status === 'active' || old.status === 'sold') ctx.fail(`listing ${old.listing_id} (${old.title}) is ${old.status}; only listings that ended unsold or were ended early can be relisted`);
    const price = args.price ?? old.price;
    requireAmount(ctx, price, 'price');
    const auction = old.format === 'auction';
    if (auction && (args.duration_days ?? 7) > 10) ctx.fail(`auctions run 1 to 10 days, not ${args.duration_days}`);
    const reserve = old.reserve_price !== null && toCents(old.reserve_price) > toCents(price) ? old.reserve_price : null;
    const listing: Listing = {
      ...old, listing_id: ctx.nextId('lst'), status: 'active', price, reserve_price: reserve, current_bid: null, high_bidder_id: null, bid_count: 0, watchers: [],
      created_at: stamp(ctx.now), ends_at: addHours(stamp(ctx.now), 24 * (args.duration_days ?? (auction ? 7 : 30))), closed_at: null, buyer_id: null, sold_price: null, shipped: null, relisted_from: old.listing_id,
    };
    editEntry(ctx, ['listings'], listing.listing_id, listing);
    return { listing: listingView(ctx.base, listing) };
  },
});

export const markMarketplaceListingShipped = defineTool<MarketplaceState, { user_id: string; listing_id: string; carrier: string; tracking_number: string }>({
  name: 'mark_marketplace_listing_shipped',
  description: 'The seller marks a sold listing shipped with its carrier and tracking number. Only sold, not yet shipped listings.',
  input: inputOf({ user_id: userArg, listing_id: listingArg, carrier: oneOf(CARRIERS, 'The carrier.'), tracking_number: text('The tracking number, e.g. 1Z999AA10123456784.', { minLength: 6, maxLength: 40, pattern: '^[A-Za-z0-9]+$' }) }, ['user_id', 'listing_id', 'carrier', 'tracking_number']),
  output: resultOf({ listing: listingSchema }),
  annotations: { title: 'Mark shipped', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    requireUser(ctx, args.user_id);
    const listing = requireListing(ctx, args.listing_id);
    requireSeller(ctx, listing, args.user_id, 'mark it shipped');
    if (listing.status !== 'sold') ctx.fail(`listing ${listing.listing_id} (${listing.title}) is ${listing.status}, not sold; only sold items can be shipped`);
    if (listing.shipped !== null) ctx.fail(`listing ${listing.listing_id} was already shipped with ${listing.shipped.carrier} ${listing.shipped.tracking_number} on ${listing.shipped.shipped_at.slice(0, 10)}`);
    const next = { ...listing, shipped: { carrier: args.carrier, tracking_number: args.tracking_number, shipped_at: stamp(ctx.now) } };
    editEntry(ctx, ['listings'], listing.listing_id, next);
    return { listing: listingView(ctx.base, next) };
  },
});
