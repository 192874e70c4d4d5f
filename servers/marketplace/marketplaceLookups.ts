import type { ToolContext } from '../kit/Domain.js';
import { requireBucketed, requireOwn } from '../kit/lookups.js';
import { formatAmount, type Listing, type MarketUser, type MarketplaceState, type Offer } from './MarketplaceState.js';

/** The lookups every marketplace tool shares: Object.hasOwn on the frozen base, "did you mean" on a miss. */

type Context = ToolContext<MarketplaceState>;

export function requireUser(ctx: Context, userId: string): MarketUser {
  return requireOwn(ctx.base.users, userId, ctx.fail, { noun: 'user', where: 'user ids look like usr_12', label: (u) => `${u.name}, @${u.username}` });
}

export function requireListing(ctx: Context, listingId: string): Listing {
  return requireBucketed(ctx.base.listings, listingId, ctx.fail, { noun: 'listing', where: 'search_marketplace_listings finds listings', label: (l) => `${l.title}, ${l.status}` });
}

export function requireOffer(ctx: Context, offerId: string): Offer {
  return requireOwn(ctx.base.offers, offerId, ctx.fail, { noun: 'offer', where: 'list_marketplace_offers lists a user\'s offers', label: (o) => `${formatAmount(o.amount)} USD on ${o.listing_id}` });
}

/** An active listing, or a failure saying what became of it. */
export function requireActive(ctx: Context, listing: Listing, doing: string): void {
  if (listing.status === 'active') return;
  const what = listing.status === 'sold' ? `sold for ${formatAmount(listing.sold_price ?? 0)} USD` : listing.status === 'unsold' ? 'ended unsold' : 'was ended by its seller';
  ctx.fail(`listing ${listing.listing_id} (${listing.title}) ${what}${listing.closed_at ? ` on ${listing.closed_at.slice(0, 10)}` : ''}; only active listings can ${doing}`);
}

/** The listing's seller acting on it, or a failure. */
export function requireSeller(ctx: Context, listing: Listing, userId: string, doing: string): void {
  if (listing.seller_id !== userId) ctx.fail(`${userId} is not the seller of listing ${listing.listing_id} (${listing.title}, sold by ${listing.seller_id}); only its seller can ${doing}`);
}

export function requireAmount(ctx: Context, amount: number, name = 'amount'): void {
  if (Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6) ctx.fail(`${name} ${amount} has more than two decimals; give whole cents, e.g. ${Math.round(amount * 100) / 100}`);
}
