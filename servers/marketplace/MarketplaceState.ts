import { fromCents, hasCents, toCents } from '../kit/money.js';
export { fromCents, hasCents, toCents };

/**
 * The marketplace's state: members who buy and sell, listings sold at a fixed price (optionally
 * taking offers) or by auction (bids with increments, an optional hidden reserve), bids, offers
 * and watchers. Amounts are 2-decimal USD numbers; every sum is computed in integer cents.
 */

import type { BucketedRecord } from '../kit/bucketedRecord.js';

export const MARKETPLACE_REFERENCE_DATE = '2026-05-04T18:00:00Z';

export const LISTING_FORMATS = ['fixed_price', 'auction'] as const;
export type ListingFormat = (typeof LISTING_FORMATS)[number];
/** active: on sale; sold: has a buyer; unsold: an auction that ended without a winning bid; ended: ended early by its seller. */
export const LISTING_STATUSES = ['active', 'sold', 'unsold', 'ended'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export const OFFER_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const CATEGORIES = ['Electronics', 'Cameras', 'Collectibles', 'Books', 'Clothing', 'Home & Garden', 'Toys', 'Music', 'Sports', 'Jewelry'] as const;
export const CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL'] as const;

export interface MarketUser {
  user_id: string;
  username: string;
  name: string;
  city: string;
}

export interface Listing {
  listing_id: string;
  title: string;
  category: string;
  condition: 'new' | 'used';
  seller_id: string;
  format: ListingFormat;
  status: ListingStatus;
  /** Fixed price: the price. Auction: the starting bid. */
  price: number;
  /** Auction only: the seller's hidden minimum; null when none. */
  reserve_price: number | null;
  /** Fixed price only: whether buyers may make offers below the price. */
  accepts_offers: boolean;
  current_bid: number | null;
  high_bidder_id: string | null;
  bid_count: number;
  watchers: string[];
  created_at: string;
  ends_at: string;
  closed_at: string | null;
  buyer_id: string | null;
  sold_price: number | null;
  shipped: { carrier: string; tracking_number: string; shipped_at: string } | null;
  relisted_from: string | null;
}

export interface Bid {
  bid_id: string;
  listing_id: string;
  bidder_id: string;
  amount: number;
  placed_at: string;
}

export interface Offer {
  offer_id: string;
  listing_id: string;
  buyer_id: string;
  amount: number;
  message: string | null;
  status: OfferStatus;
  created_at: string;
  responded_at: string | null;
}

export interface MarketplaceState {
  users: Record<string, MarketUser>;
  /** By id, in buckets (kit/bucketedRecord.ts): a flat record of 150+ listings is past V8's fast-property limit. */
  listings: BucketedRecord<Listing>;
  bids: BucketedRecord<Bid>;
  offers: Record<string, Offer>;
}

export const formatAmount = (amount: number): string => amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** eBay's bid increment for a current price (USD). */
export function bidIncrement(current: number): number {
  if (current < 1) return 0.05;
  if (current < 5) return 0.25;
  if (current < 25) return 0.5;
  if (current < 100) return 1;
  if (current < 250) return 2.5;
  if (current < 500) return 5;
  if (current < 1000) return 10;
  if (current < 2500) return 25;
  return 50;
}

/** The lowest bid an auction accepts now: the starting price, or the current bid plus the increment. */
export function minimumNextBid(listing: Listing): number {
  if (listing.current_bid === null) return listing.price;
  return fromCents(toCents(listing.current_bid) + toCents(bidIncrement(listing.current_bid)));
}

export function reserveMet(listing: Listing): boolean {
  return listing.reserve_price === null || (listing.current_bid !== null && toCents(listing.current_bid) >= toCents(listing.reserve_price));
}

export const addHours = (iso: string, hours: number): string => new Date(Date.parse(iso) + hours * 3_600_000).toISOString().replace('.000Z', 'Z');

/** A time as the world writes it (ISO-8601 UTC, whole seconds). */
export const stamp = (iso: string): string => iso.replace('.000Z', 'Z');
