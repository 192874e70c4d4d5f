import type { BucketedRecord } from '../kit/bucketedRecord.js';
import { idNumber } from '../kit/lookups.js';

/**
 * The state of the food-delivery domain (after DoorDash): customers with saved addresses,
 * restaurants with weekly hours, menus with option groups and sold-out items, one cart per
 * customer and restaurant, promotions, and orders whose status (placed → accepted → preparing →
 * picked up → delivered) follows from their timeline and the session's clock. Money is integer
 * cents inside, two-decimal dollars outside. Local time is the city's (UTC−07:00, PDT).
 */

export const FOOD_REFERENCE_DATE = '2026-03-17T01:30:00Z';
/** The city's offset from UTC in minutes (Pacific Daylight Time). */
export const LOCAL_OFFSET_MIN = -7 * 60;

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const CUISINES = ['pizza', 'sushi', 'mexican', 'indian', 'thai', 'burgers', 'breakfast', 'salads', 'chinese', 'mediterranean'] as const;
export type Cuisine = (typeof CUISINES)[number];

export const ORDER_STATUSES = ['placed', 'accepted', 'preparing', 'picked_up', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Service fee: 12 % of the subtotal, at least $2.00; small-order fee under $12. */
export const SERVICE_RATE = 0.12;
export const SERVICE_MIN_CENTS = 200;
export const SMALL_ORDER_CENTS = 1200;
export const SMALL_ORDER_FEE_CENTS = 250;
/** A cancelled order within this many minutes of placing, or before the restaurant accepts, is refunded in full. */
export const FREE_CANCEL_MIN = 2;
/** Tips may be raised up to this many hours after delivery; ratings within this many days. */
export const TIP_WINDOW_H = 24;
export const RATING_WINDOW_D = 7;
export const MAX_CART_QUANTITY = 20;

export interface Address {
  address_id: string;
  label: string;
  street: string;
  unit: string;
  instructions: string;
  latitude: number;
  longitude: number;
}

export interface Customer {
  customer_id: string;
  name: string;
  email: string;
  /** Saved addresses by id; the first is the default. */
  addresses: Address[];
  /** Promotion codes already redeemed. */
  promos_used: string[];
}

export interface OptionChoice {
  name: string;
  price_cents: number;
}

export interface OptionGroup {
  name: string;
  /** Required groups have a preselected default. */
  required: boolean;
  max_choices: number;
  default: string | null;
  choices: OptionChoice[];
}

export interface MenuItem {
  item_id: string;
  restaurant_id: string;
  name: string;
  category: string;
  description: string;
  price_cents: number;
  sold_out: boolean;
  option_groups: OptionGroup[];
}

export interface Restaurant {
  restaurant_id: string;
  name: string;
  cuisine: Cuisine;
  address: string;
  latitude: number;
  longitude: number;
  rating: number;
  rating_count: number;
  delivery_fee_cents: number;
  min_order_cents: number;
  prep_minutes: number;
  delivery_radius_km: number;
  /** Local opening hours per weekday as [open, close] "HH:MM", or null when closed that day. */
  hours: Record<Weekday, [string, string] | null>;
}

export interface CartLine {
  line_id: string;
  item_id: string;
  quantity: number;
  options: string[];
  /** Item price plus chosen options, cents. */
  unit_price_cents: number;
}

export interface Cart {
  cart_id: string;
  customer_id: string;
  restaurant_id: string;
  lines: CartLine[];
  promo_code: string | null;
  updated_at: string;
}

export interface Promotion {
  code: string;
  description: string;
  /** Percent off the subtotal, or a fixed amount off (cents). */
  kind: 'percent' | 'amount' | 'free_delivery';
  value: number;
  max_discount_cents: number;
  min_subtotal_cents: number;
  /** Only at this restaurant, or anywhere. */
  restaurant_id: string | null;
  /** Only for a customer's first order. */
  first_order_only: boolean;
  expires_on: string;
}

export interface OrderLine {
  item_id: string;
  name: string;
  quantity: number;
  options: string[];
  unit_price_cents: number;
}

export interface Order {
  order_id: string;
  customer_id: string;
  restaurant_id: string;
  address_id: string;
  lines: OrderLine[];
  subtotal_cents: number;
  delivery_fee_cents: number;
  service_fee_cents: number;
  small_order_fee_cents: number;
  discount_cents: number;
  promo_code: string | null;
  tip_cents: number;
  total_cents: number;
  placed_at: string;
  accepted_at: string;
  preparing_at: string;
  picked_up_at: string;
  delivered_at: string;
  dasher: string;
  cancelled_at: string | null;
  refund_cents: number;
  rating: { restaurant_stars: number; dasher_stars: number | null; comment: string; rated_at: string } | null;
}

export interface FoodDeliveryState {
  customers: Record<string, Customer>;
  restaurants: Record<string, Restaurant>;
  items: BucketedRecord<MenuItem>;
  carts: Record<string, Cart>;
  promotions: Record<string, Promotion>;
  orders: BucketedRecord<Order>;
}

export const dollars = (cents: number): number => Math.round(cents) / 100;
export const cents = (amount: number): number => Math.round(amount * 100);
export const money = (c: number): string => `$${(c / 100).toFixed(2)}`;

export { idNumber };

export function addMinutes(iso: string, minutes: number): string {
  return new Date(Date.parse(iso) + minutes * 60_000).toISOString().replace('.000Z', 'Z');
}

/** Local weekday and "HH:MM" of a UTC instant. */
export function localTime(iso: string): { weekday: Weekday; hhmm: string; day: string } {
  const local = new Date(Date.parse(iso) + LOCAL_OFFSET_MIN * 60_000);
  return { weekday: WEEKDAYS[local.getUTCDay()], hhmm: local.toISOString().slice(11, 16), day: local.toISOString().slice(0, 10) };
}

/** Order status at a moment: the timeline read against the clock. */
export function statusAt(order: Order, now: string): OrderStatus {
  if (order.cancelled_at !== null) return 'cancelled';
  if (now < order.accepted_at) return 'placed';
  if (now < order.preparing_at) return 'accepted';
  if (now < order.picked_up_at) return 'preparing';
  if (now < order.delivered_at) return 'picked_up';
  return 'delivered';
}

/** Straight-line distance, km. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return Math.round(6371 * 2 * Math.atan2(Math.sqrt(a), Math.sqrt(1 - a)) * 10) / 10;
}

/** Minutes a dasher needs for a distance (≈ 25 km/h through the city plus 5 minutes at each end). */
export const dashMinutes = (km: number): number => Math.round(10 + km * 2.4);
