/** State of the retail_chain domain: a chain's stores, catalog, per-store stock and prices, transfers, pickups. */

export const RETAIL_REFERENCE_DATE = '2026-03-16T10:00:00Z';

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const ADJUSTMENT_REASONS = ['received', 'returned', 'damaged', 'recount'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];
export const TRANSFER_STATUSES = ['in_transit', 'received'] as const;
export const RESERVATION_STATUSES = ['reserved', 'picked_up', 'cancelled'] as const;

/** Opening hours of one day ("09:00"–"21:00"), or null when closed. */
export interface DayHours { open: string; close: string }

export interface RetailStore {
  store_id: string;
  name: string;
  city: string;
  /** Opening hours by weekday (sun … sat); null = closed that day. */
  hours: Record<Weekday, DayHours | null>;
}

export interface RetailItem {
  sku: string;
  name: string;
  category: string;
  /** Chain-wide list price and unit cost, in cents. */
  price_cents: number;
  cost_cents: number;
  /** Units the chain held when the world began (on hand + in transit): the base of the conservation invariant. */
  opening_units: number;
}

/** One item at one store: its shelf count, what is held for pickups, and the store's own price. */
export interface StockLevel {
  on_hand: number;
  reserved: number;
  price_cents: number;
}

export interface StockAdjustment {
  adjustment_id: string;
  store_id: string;
  sku: string;
  delta: number;
  reason: AdjustmentReason;
  date: string;
}

export interface RetailTransfer {
  transfer_id: string;
  sku: string;
  quantity: number;
  from_store_id: string;
  to_store_id: string;
  status: (typeof TRANSFER_STATUSES)[number];
  shipped_on: string;
  received_on: string | null;
}

export interface RetailReservation {
  reservation_id: string;
  store_id: string;
  sku: string;
  quantity: number;
  customer_name: string;
  customer_email: string;
  pickup_date: string;
  status: (typeof RESERVATION_STATUSES)[number];
  created_on: string;
  closed_on: string | null;
}

export interface RetailChainState {
  stores: Record<string, RetailStore>;
  items: Record<string, RetailItem>;
  /** stock[store_id][sku]: every store has a row for every item (0 when it carries none). */
  stock: Record<string, Record<string, StockLevel>>;
  transfers: Record<string, RetailTransfer>;
  reservations: Record<string, RetailReservation>;
  adjustments: Record<string, StockAdjustment>;
}

export const toCents = (amount: number): number => Math.round(amount * 100);
export const fromCents = (cents: number): number => Math.round(cents) / 100;
export const hasCents = (amount: number): boolean => Math.abs(toCents(amount) - amount * 100) < 1e-6;
export const formatAmount = (cents: number): string => `${(cents / 100).toFixed(2)} USD`;

export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
export const weekdayOf = (day: string): Weekday => WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()];
