import { editEntry } from '../kit/bucketedRecord.js';
import { defineTool } from '../kit/Domain.js';
import { amountArgument, boolean, idText, inputOf, text } from '../kit/schemas.js';
import { formatAmount, minimumNextBid, reserveMet, stamp, toCents, type Bid, type MarketplaceState, type Offer } from './MarketplaceState.js';
import { requireActive, requireAmount, requireListing, requireUser } from './marketplaceLookups.js';
import { bidSchema, listingSchema, listingView, offerSchema, offerView, resultOf } from './marketplaceViews.js';

const userArg = idText('The user acting (only as themselves), e.g. usr_7.');
const listingArg = idText('The listing, e.g. lst_12 (search_marketplace_listings gives them).');

export const placeMarketplaceBid = defineTool<MarketplaceState, { user_id: string; listing_id: string; amount: number }>({
  name: 'place_marketplace_bid',
  description:
    'Bid on an active auction. The bid must be at least the minimum bid (the starting price, or the current bid plus the ' +
    'increment: 0.05 under 1 USD up to 50 above 2,500). Sellers cannot bid on their own auctions; the high bidder cannot outbid ' +
    'themselves. Returns the bid, the listing and whether the reserve is met.',
  input: inputOf({ user_id: userArg, listing_id: listingArg, amount: amountArgument('The bid in USD, e.g. 125.50.') }, ['user_id', 'listing_id', 'amount']),
  output: resultOf({ bid: bidSchema, listing: listingSchema }),
  annotations: { title: 'Place a bid', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const user = requireUser(ctx, args.user_id);
    const listing = requireListing(ctx, args.listing_id);
    requireAmount(ctx, args.amount);
    if (listing.format !== 'auction') ctx.fail(`listing ${listing.listing_id} (${listing.title}) is fixed price at ${formatAmount(listing.price)} USD, not an auction; buy it with buy_marketplace_listing${listing.accepts_offers ? ' or make an offer with make_marketplace_offer' : ''}`);
    requireActive(ctx, listing, 'take bids');
    if (listing.seller_id === user.user_id) ctx.fail(`${user.name} sells listing ${listing.listing_id}; sellers cannot bid on their own auctions`);
    if (listing.high_bidder_id === user.user_id) ctx.fail(`${user.name} is already the high bidder on ${listing.listing_id} at ${formatAmount(listing.current_bid ?? 0)} USD; wait to be outbid`);
    const min = minimumNextBid(listing);
    if (toCents(args.amount) < toCents(min)) ctx.fail(`a bid of ${formatAmount(args.amount)} USD is too low for ${listing.listing_id} (${listing.title}); the minimum bid is ${formatAmount(min)} USD`);
    const bid: Bid = { bid_id: ctx.nextId('bid'), listing_id: listing.listing_id, bidder_id: user.user_id, amount: args.amount, placed_at: stamp(ctx.now) };
    editEntry(ctx, ['bids'], bid.bid_id, bid);
    const next = { ...listing, current_bid: args.amount, high_bidder_id: user.user_id, bid_count: listing.bid_count + 1 };
    editEntry(ctx, ['listings'], listing.listing_id, next);
    return { bid, listing: listingView(ctx.base, next), reserve_met: reserveMet(next) };
  },
});

export const buyMarketplaceListing = defineTool<MarketplaceState, { user_id: string; listing_id: string }>({
  name: 'buy_marketplace_listing',
  description: 'Buy an active fixed-price listing at its price (buy it now). Pending offers on it are declined. Sellers cannot buy their own listings. Returns the sold listing.',
  input: inputOf({ user_id: userArg, listing_id: listingArg }, ['user_id', 'listing_id']),
  output: resultOf({ listing: listingSchema, declined_offers: { type: 'integer', description: 'Pending offers declined by the sale.' } }),
  annotations: { title: 'Buy it now', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const user = requireUser(ctx, args.user_id);
    const listing = requireListing(ctx, args.listing_id);
    if (listing.format !== 'fixed_price') ctx.fail(`listing ${listing.listing_id} (${listing.title}) is an auction; bid on it with place_marketplace_bid`);
    requireActive(ctx, listing, 'be bought');
    if (listing.seller_id === user.user_id) ctx.fail(`${user.name} sells listing ${listing.listing_id}; sellers cannot buy their own listings`);
    const sold = { ...listing, status: 'sold' as const, buyer_id: user.user_id, sold_price: listing.price, closed_at: stamp(ctx.now) };
    editEntry(ctx, ['listings'], listing.listing_id, sold);
    const declined = declinePending(ctx.base, listing.listing_id, stamp(ctx.now), (id, offer) => (ctx.state.offers[id] = offer));
    return { listing: { ...listingView(ctx.base, sold) }, declined_offers: declined };
  },
});

/** Declines every pending offer of a listing (but `except`), through `put`; returns how many. */
export function declinePending(state: MarketplaceState, listingId: string, now: string, put: (id: string, offer: Offer) => void, except?: string): number {
  let count = 0;
  for (const offer of Object.values(state.offers)) {
    if (offer.listing_id !== listingId || offer.status !== 'pending' || offer.offer_id === except) continue;
    put(offer.offer_id, { ...offer, status: 'declined', responded_at: now });
    count += 1;
  }
  return count;
}

export const makeMarketplaceOffer = defineTool<MarketplaceState, { user_id: string; listing_id: string; amount: number; message?: string }>({
  name: 'make_marketplace_offer',
  description:
    'Offer less than the price on an active fixed-price listing that accepts offers. One pending offer per buyer and listing; ' +
    'an offer at or above the price is refused (buy it instead). The seller answers with respond_marketplace_offer.',
  input: inputOf({ user_id: userArg, listing_id: listingArg, amount: amountArgument('The offer in USD.'), message: text('A note to the seller.', { minLength: 1, maxLength: 300 }) }, ['user_id', 'listing_id', 'amount']),
  output: resultOf({ offer: offerSchema }),
  annotations: { title: 'Make an offer', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const user = requireUser(ctx, args.user_id);
    const listing = requireListing(ctx, args.listing_id);
    requireAmount(ctx, args.amount);
    if (listing.format !== 'fixed_price' || !listing.accepts_offers) ctx.fail(`listing ${listing.listing_id} (${listing.title}) does not accept offers; ${listing.format === 'auction' ? 'bid on it with place_marketplace_bid' : `buy it at ${formatAmount(listing.price)} USD with buy_marketplace_listing`}`);
    requireActive(ctx, listing, 'take offers');
    if (listing.seller_id === user.user_id) ctx.fail(`${user.name} sells listing ${listing.listing_id}; sellers cannot make offers on their own listings`);
    if (toCents(args.amount) >= toCents(listing.price)) ctx.fail(`an offer of ${formatAmount(args.amount)} USD is not below the price of ${formatAmount(listing.price)} USD; buy it with buy_marketplace_listing instead`);
    for (const offer of Object.values(ctx.base.offers)) {
      if (offer.listing_id === listing.listing_id && offer.buyer_id === user.user_id && offer.status === 'pending') ctx.fail(`${user.name} already has pending offer ${offer.offer_id} of ${formatAmount(offer.amount)} USD on ${listing.listing_id}; wait for the seller's answer`);
    }
    const offer: Offer = { offer_id: ctx.nextId('ofr'), listing_id: listing.listing_id, buyer_id: user.user_id, amount: args.amount, message: args.message ?? null, status: 'pending', created_at: stamp(ctx.now), responded_at: null };
    ctx.state.offers[offer.offer_id] = offer;
    return { offer: offerView({ ...ctx.base, offers: { ...ctx.base.offers, [offer.offer_id]: offer } }, offer) };
  },
});

export const watchMarketplaceListing = defineTool<MarketplaceState, { user_id: string; listing_id: string; watching?: boolean }>({
  name: 'watch_marketplace_listing',
  description: 'Add an active listing to a user\'s watch list (watching true, the default) or remove it (false). Sellers cannot watch their own listings.',
  input: inputOf({ user_id: userArg, listing_id: listingArg, watching: boolean('true to watch (default), false to stop watching.') }, ['user_id', 'listing_id']),
  output: resultOf({ listing: listingSchema, watching: boolean('Whether the user now watches it.') }),
  annotations: { title: 'Watch a listing', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const user = requireUser(ctx, args.user_id);
    const listing = requireListing(ctx, args.listing_id);
    const watching = args.watching ?? true;
    const has = listing.watchers.includes(user.user_id);
    if (watching) {
      requireActive(ctx, listing, 'be watched');
      if (listing.seller_id === user.user_id) ctx.fail(`${user.name} sells listing ${listing.listing_id}; sellers cannot watch their own listings`);
      if (has) ctx.fail(`${user.name} already watches ${listing.listing_id} (${listing.title})`);
    } else if (!has) ctx.fail(`${user.name} does not watch ${listing.listing_id} (${listing.title}); list_marketplace_user_listings with role watching shows what they watch`);
    const next = { ...listing, watchers: watching ? [...listing.watchers, user.user_id] : listing.watchers.filter((w) => w !== user.user_id) };
    editEntry(ctx, ['listings'], listing.listing_id, next);
    return { listing: listingView(ctx.base, next), watching };
  },
});
