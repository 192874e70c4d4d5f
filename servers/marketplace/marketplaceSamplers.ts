import { entryValues, getEntry } from '../kit/bucketedRecord.js';
import type { DomainSampler } from '../kit/Domain.js';
import { CARRIERS, formatAmount, minimumNextBid, type MarketplaceState } from './MarketplaceState.js';

/**
 * Read-only discovery for marketplace conversations. Each record pairs a listing or offer with a
 * user who may act on it (`user_id`), so that every write is offered only where it would succeed.
 */

/** A user other than the listing's seller and high bidder, chosen by the listing's number. */
function otherUser(state: MarketplaceState, listingId: string, excluded: readonly (string | null)[]): string {
  const ids = Object.keys(state.users);
  let k = Number(listingId.slice(4)) % ids.length;
  while (excluded.includes(ids[k])) k = (k + 1) % ids.length;
  return ids[k];
}

export const marketplaceSamplers: DomainSampler<MarketplaceState>[] = [
  {
    collection: 'users',
    description: 'Members by name and username.',
    sample: (state) => Object.values(state.users).map((u) => ({ user_id: u.user_id, name: u.name, username: u.username })),
  },
  {
    collection: 'listings',
    description: 'Active listings with a member who could buy, bid, offer or watch, and the amount that would be accepted.',
    sample(state) {
      const out: Array<Record<string, unknown>> = [];
      for (const l of entryValues(state.listings)) {
        if (l.status !== 'active') continue;
        const buyer = otherUser(state, l.listing_id, [l.seller_id, l.high_bidder_id, ...l.watchers]);
        const amount = l.format === 'auction' ? minimumNextBid(l) : Math.round(l.price * 80) / 100;
        out.push({ listing_id: l.listing_id, name: `the ${l.title} (${l.format === 'auction' ? 'auction' : `${formatAmount(l.price)} USD`})`, user_id: buyer, format: l.format, category: l.category, amount, accepts_offers: l.accepts_offers });
      }
      return out;
    },
  },
  {
    collection: 'seller_listings',
    description: 'Listings their seller can act on: sold and unshipped (ship), unsold or ended (relist), active without late bids (end).',
    sample(state) {
      const out: Array<Record<string, unknown>> = [];
      for (const l of entryValues(state.listings)) {
        const stage = l.status === 'sold' && l.shipped === null ? 'sold, to ship' : l.status === 'unsold' || l.status === 'ended' ? `${l.status}` : l.status === 'active' && l.bid_count === 0 ? 'active' : undefined;
        if (stage === undefined) continue;
        const record: Record<string, unknown> = { listing_id: l.listing_id, name: `my ${l.title} (${stage})`, user_id: l.seller_id, status: l.status };
        if (l.status === 'sold') {
          // The label the seller printed for it: a carrier and a tracking number (derived from the id, deterministic).
          const n = Number(l.listing_id.slice(4));
          record.carrier = CARRIERS[n % CARRIERS.length];
          record.tracking_number = `9400${String(1_000_000_000 + n * 7_919).padStart(12, '0')}`;
        }
        out.push(record);
      }
      return out;
    },
  },
  {
    collection: 'catalog',
    description: 'Things members sell, as titles and categories with a typical price, for new listings.',
    sample(state) {
      const seen = new Map<string, Record<string, unknown>>();
      for (const l of entryValues(state.listings)) if (!seen.has(l.title)) seen.set(l.title, { title: l.title, category: l.category, price: l.format === 'fixed_price' ? l.price : l.sold_price ?? l.price });
      return [...seen.values()].sort((a, b) => (String(a.title) < String(b.title) ? -1 : 1));
    },
  },
  {
    collection: 'offers',
    description: 'Pending offers with the seller who can answer them.',
    sample(state) {
      const out: Array<Record<string, unknown>> = [];
      for (const o of Object.values(state.offers)) {
        if (o.status !== 'pending') continue;
        const l = getEntry(state.listings, o.listing_id)!;
        out.push({ offer_id: o.offer_id, summary: `the ${formatAmount(o.amount)} USD offer on my ${l.title}`, user_id: l.seller_id, listing_id: l.listing_id });
      }
      return out;
    },
  },
];
