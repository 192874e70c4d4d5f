import { entryValues, getEntry } from '../kit/bucketedRecord.js';
import type { DomainInvariant } from '../kit/Domain.js';
import { toCents, type MarketplaceState } from './MarketplaceState.js';

export const marketplaceInvariants: DomainInvariant<MarketplaceState>[] = [
  {
    name: 'an auction\'s current bid, high bidder and bid count follow its bids, each above the last',
    check(state) {
      const byListing = new Map<string, Array<{ amount: number; bidder: string }>>();
      for (const bid of entryValues(state.bids)) {
        const list = byListing.get(bid.listing_id) ?? [];
        if (list.length > 0 && toCents(bid.amount) <= toCents(list[list.length - 1].amount)) return `${bid.bid_id} is not above the previous bid`;
        list.push({ amount: bid.amount, bidder: bid.bidder_id });
        byListing.set(bid.listing_id, list);
      }
      for (const l of entryValues(state.listings)) {
        const list = byListing.get(l.listing_id) ?? [];
        const top = list[list.length - 1];
        if (l.bid_count !== list.length || (l.current_bid ?? null) !== (top?.amount ?? null) || l.high_bidder_id !== (top?.bidder ?? null)) return `${l.listing_id}: bid fields disagree with its ${list.length} bids`;
        if (top !== undefined && (l.format !== 'auction' || top.bidder === l.seller_id)) return `${l.listing_id}: bids on a fixed-price listing or by its seller`;
      }
      return undefined;
    },
  },
  {
    name: 'sold listings have a buyer other than the seller and a price; others have none; only sold ones are shipped',
    check(state) {
      for (const l of entryValues(state.listings)) {
        const sold = l.status === 'sold';
        if (sold !== (l.buyer_id !== null) || sold !== (l.sold_price !== null)) return `${l.listing_id}: status ${l.status} with buyer ${l.buyer_id}`;
        if (l.buyer_id === l.seller_id) return `${l.listing_id}: bought by its seller`;
        if (l.shipped !== null && !sold) return `${l.listing_id}: shipped but not sold`;
        if ((l.status === 'active') !== (l.closed_at === null)) return `${l.listing_id}: closed_at ${l.closed_at} with status ${l.status}`;
        if (new Set(l.watchers).size !== l.watchers.length || l.watchers.includes(l.seller_id)) return `${l.listing_id}: watchers repeat or include the seller`;
      }
      return undefined;
    },
  },
  {
    name: 'pending offers are on active listings; an accepted offer is the sale of its listing',
    check(state) {
      for (const o of Object.values(state.offers)) {
        const l = getEntry(state.listings, o.listing_id);
        if (l === undefined) return `${o.offer_id}: on ${o.listing_id}, which does not exist`;
        if (o.buyer_id === l.seller_id) return `${o.offer_id}: an offer by the seller`;
        if (o.status === 'pending' && l.status !== 'active') return `${o.offer_id}: pending on ${l.status} ${l.listing_id}`;
        if (o.status === 'accepted' && (l.status !== 'sold' || l.buyer_id !== o.buyer_id || l.sold_price !== o.amount)) return `${o.offer_id}: accepted but ${l.listing_id} is not sold to it`;
      }
      return undefined;
    },
  },
];
