import { getEntry } from '../kit/bucketedRecord.js';
import type { JsonSchema } from '../../core/index.js';
import { boolean, integer, listOf, money, nullableNumber, nullableText, objectOf, oneOf, text } from '../kit/schemas.js';
import { LISTING_FORMATS, LISTING_STATUSES, OFFER_STATUSES, minimumNextBid, reserveMet, type Bid, type Listing, type MarketplaceState, type Offer } from './MarketplaceState.js';

/** What the marketplace tools return, each shape's schema next to the function that builds it. */

export const listingSchema = objectOf({
  listing_id: text('Listing id, e.g. lst_12.'),
  title: text('What is sold.'),
  category: text('Category.'),
  condition: oneOf(['new', 'used'], 'Condition.'),
  seller_id: text('The seller\'s user id.'),
  seller_name: text('The seller\'s name.'),
  format: oneOf(LISTING_FORMATS, 'fixed_price (buy it now, maybe offers) or auction (bids).'),
  status: oneOf(LISTING_STATUSES, 'active, sold, unsold (auction ended without a winning bid) or ended (by its seller).'),
  price: money('Fixed price: the price. Auction: the starting bid. USD.'),
  accepts_offers: boolean('Fixed price: whether offers below the price are taken.'),
  current_bid: nullableNumber('Auction: the highest bid, null before the first.'),
  bid_count: integer('Auction: how many bids.'),
  minimum_bid: nullableNumber('Auction (active): the lowest bid accepted now; null otherwise.'),
  has_reserve: boolean('Auction: whether the seller set a hidden reserve price.'),
  reserve_met: boolean('Auction: whether the current bid meets the reserve (true when there is none and a bid exists).'),
  high_bidder_id: nullableText('Auction: who leads.'),
  watcher_count: integer('How many users watch it.'),
  ends_at: text('When it ends (ISO-8601 UTC).'),
  closed_at: nullableText('When it sold or ended.'),
  buyer_id: nullableText('Who bought it.'),
  sold_price: nullableNumber('What it sold for.'),
  shipped: boolean('Whether the seller marked it shipped.'),
  tracking_number: nullableText('Carrier and tracking number once shipped.'),
  relisted_from: nullableText('The listing this one relists.'),
});

export function listingView(state: MarketplaceState, l: Listing): Record<string, unknown> {
  const auction = l.format === 'auction';
  return {
    listing_id: l.listing_id,
    title: l.title,
    category: l.category,
    condition: l.condition,
    seller_id: l.seller_id,
    seller_name: state.users[l.seller_id].name,
    format: l.format,
    status: l.status,
    price: l.price,
    accepts_offers: l.accepts_offers,
    current_bid: l.current_bid,
    bid_count: l.bid_count,
    minimum_bid: auction && l.status === 'active' ? minimumNextBid(l) : null,
    has_reserve: l.reserve_price !== null,
    reserve_met: auction && l.bid_count > 0 && reserveMet(l),
    high_bidder_id: l.high_bidder_id,
    watcher_count: l.watchers.length,
    ends_at: l.ends_at,
    closed_at: l.closed_at,
    buyer_id: l.buyer_id,
    sold_price: l.sold_price,
    shipped: l.shipped !== null,
    tracking_number: l.shipped === null ? null : `${l.shipped.carrier} ${l.shipped.tracking_number}`,
    relisted_from: l.relisted_from,
  };
}

export const bidSchema = objectOf({
  bid_id: text('Bid id, e.g. bid_40.'),
  listing_id: text('The auction.'),
  bidder_id: text('Who bid.'),
  amount: money('The bid, USD.'),
  placed_at: text('When (ISO-8601 UTC).'),
});

export const bidView = (b: Bid): Record<string, unknown> => ({ bid_id: b.bid_id, listing_id: b.listing_id, bidder_id: b.bidder_id, amount: b.amount, placed_at: b.placed_at });

export const offerSchema = objectOf({
  offer_id: text('Offer id, e.g. ofr_9.'),
  listing_id: text('The listing.'),
  listing_title: text('Its title.'),
  buyer_id: text('Who made the offer.'),
  seller_id: text('Who sells the listing.'),
  amount: money('The offer, USD.'),
  asking_price: money('The listing\'s price.'),
  message: nullableText('The buyer\'s note.'),
  status: oneOf(OFFER_STATUSES, 'pending, accepted or declined.'),
  created_at: text('When it was made.'),
  responded_at: nullableText('When the seller answered.'),
});

export function offerView(state: MarketplaceState, o: Offer): Record<string, unknown> {
  const listing = getEntry(state.listings, o.listing_id)!;
  return { offer_id: o.offer_id, listing_id: o.listing_id, listing_title: listing.title, buyer_id: o.buyer_id, seller_id: listing.seller_id, amount: o.amount, asking_price: listing.price, message: o.message, status: o.status, created_at: o.created_at, responded_at: o.responded_at };
}

export const resultOf = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties, required: Object.keys(properties) });
