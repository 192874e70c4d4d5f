import type { BucketedRecord } from '../kit/bucketedRecord.js';

/**
 * The state of the shopping domain: a Shopify-like store with a catalog of products and variants,
 * carts, coupons, orders, returns and customer accounts. Every collection is keyed by id.
 *
 * Money is kept in integer cents (`*_cents`) so that totals add up exactly; tools show amounts as
 * decimal numbers in USD (the store's only currency). Dates are ISO-8601 strings in UTC.
 */

/** The reference date the fixture world is built around; the session clock defaults to it. */
export const SHOPPING_REFERENCE_DATE = '2026-03-16T12:00:00Z';
/** The store's only currency. */
export const CURRENCY = 'USD';
/** Days after delivery during which a return can be requested. */
export const RETURN_WINDOW_DAYS = 30;
/** Days a customer has to ship a requested return back. */
export const RETURN_SHIP_BACK_DAYS = 14;
/** Most distinct lines one cart may hold. */
export const MAX_CART_LINES = 25;
/** Most products one wishlist may hold. */
export const MAX_WISHLIST_ITEMS = 50;

/** Countries the store ships to, with their postal-code format and whether a province/state is required. */
export const SHIPPING_COUNTRIES: Record<string, { name: string; postal: RegExp; postalExample: string; provinceRequired: boolean }> = {
  US: { name: 'United States', postal: /^\d{5}(-\d{4})?$/, postalExample: '97205 or 97205-1234', provinceRequired: true },
  CA: { name: 'Canada', postal: /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/, postalExample: 'M5V 2T6', provinceRequired: true },
  GB: { name: 'United Kingdom', postal: /^[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}$/, postalExample: 'SW1A 1AA', provinceRequired: false },
  DE: { name: 'Germany', postal: /^\d{5}$/, postalExample: '10115', provinceRequired: false },
  FR: { name: 'France', postal: /^\d{5}$/, postalExample: '75001', provinceRequired: false },
  AU: { name: 'Australia', postal: /^\d{4}$/, postalExample: '2000', provinceRequired: true },
};

export type ShippingMethodCode = 'standard' | 'express' | 'overnight';
export const SHIPPING_METHOD_CODES: readonly ShippingMethodCode[] = ['standard', 'express', 'overnight'];

export interface Category {
  id: string;
  name: string;
  description: string;
  /** Products of the category, in catalog order (an index for listing and counting). */
  product_ids: string[];
}

export interface Product {
  id: string;
  title: string;
  brand: string;
  description: string;
  category_id: string;
  tags: string[];
  /** Option names in display order, e.g. `['Size', 'Color']`; empty for a single-variant product. */
  option_names: string[];
  variant_ids: string[];
  /** Most units of one variant a single order may contain. */
  max_per_order: number;
  /** Final-sale products cannot be returned. */
  final_sale: boolean;
  created_at: string;
  /** Review summary, kept in step with `review_ids`. */
  rating_average: number;
  review_count: number;
  review_ids: string[];
}

export interface Variant {
  id: string;
  product_id: string;
  sku: string;
  /** Option values joined for display, e.g. `M / Black`, or `Default` for a single-variant product. */
  title: string;
  /** Option name → value, e.g. `{ Size: 'M', Color: 'Black' }`. */
  options: Record<string, string>;
  price_cents: number;
  /** The regular price when the variant is on sale, else null. */
  compare_at_price_cents: number | null;
  weight_grams: number;
  /** Units on hand, never negative. */
  stock: number;
  /** Units committed to orders that are not cancelled. `stock + sold` never changes. */
  sold: number;
}

export interface Review {
  id: string;
  product_id: string;
  variant_id: string | null;
  customer_id: string;
  rating: number;
  title: string;
  body: string;
  created_at: string;
  verified_purchase: boolean;
  helpful_votes: number;
}

export interface Address {
  id: string;
  customer_id: string;
  first_name: string;
  last_name: string;
  address1: string;
  address2: string | null;
  city: string;
  province_code: string | null;
  postal_code: string;
  country_code: string;
  phone: string | null;
}

export interface PaymentMethod {
  id: string;
  customer_id: string;
  brand: 'visa' | 'mastercard' | 'amex' | 'discover';
  last4: string;
  exp_month: number;
  exp_year: number;
}

export interface Customer {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  created_at: string;
  address_ids: string[];
  default_address_id: string | null;
  payment_method_ids: string[];
  default_payment_method_id: string | null;
  /** Product ids, most recently added last. */
  wishlist: string[];
  /** Order ids, oldest first. */
  order_ids: string[];
}

export type CouponKind = 'percentage' | 'fixed_amount' | 'free_shipping';

export interface Coupon {
  /** The code customers type, upper case; also the key. */
  code: string;
  description: string;
  kind: CouponKind;
  /** Percent off for `percentage`, cents off for `fixed_amount`, 0 for `free_shipping`. */
  value: number;
  /** Smallest cart subtotal (before discounts) the coupon needs, in cents; 0 for none. */
  min_subtotal_cents: number;
  /** Categories the discount applies to; null for the whole cart. */
  category_ids: string[] | null;
  starts_at: string;
  expires_at: string;
  once_per_customer: boolean;
  /** Total redemptions allowed; null for unlimited. */
  usage_limit: number | null;
  times_used: number;
}

export interface SnapshotAddress {
  first_name: string;
  last_name: string;
  address1: string;
  address2: string | null;
  city: string;
  province_code: string | null;
  postal_code: string;
  country_code: string;
  phone: string | null;
}

export interface CartLine {
  id: string;
  variant_id: string;
  quantity: number;
  /** The variant's price when the line was last priced. */
  unit_price_cents: number;
  /** This line's share of the coupon discount. */
  discount_cents: number;
}

export interface Cart {
  id: string;
  customer_id: string;
  status: 'open' | 'completed';
  /** The order the cart became, once checked out. */
  order_id: string | null;
  created_at: string;
  updated_at: string;
  lines: CartLine[];
  coupon_code: string | null;
  shipping_address: SnapshotAddress | null;
  shipping_method: ShippingMethodCode | null;
  /** Sum of `quantity × unit_price` over the lines. */
  subtotal_cents: number;
  /** Merchandise discount: the sum of the lines' `discount_cents`. */
  discount_cents: number;
  /** Price of the chosen shipping method, 0 while none is chosen. */
  shipping_cents: number;
  /** Shipping discount from a free-shipping coupon. */
  shipping_discount_cents: number;
  /** `subtotal − discount + shipping − shipping_discount`. */
  total_cents: number;
}

export type OrderStatus = 'unfulfilled' | 'fulfilled' | 'delivered' | 'cancelled';
export type FinancialStatus = 'paid' | 'partially_refunded' | 'refunded';

export interface OrderLine {
  variant_id: string;
  product_id: string;
  product_title: string;
  variant_title: string;
  quantity: number;
  unit_price_cents: number;
  discount_cents: number;
  /** Units in returns that were not rejected. */
  returned_quantity: number;
}

export interface ShipmentEvent {
  at: string;
  status: 'label_created' | 'picked_up' | 'in_transit' | 'out_for_delivery' | 'delivered';
  location: string;
  description: string;
}

export interface Fulfillment {
  carrier: string;
  tracking_number: string;
  shipped_at: string;
  estimated_delivery: string;
  delivered_at: string | null;
  events: ShipmentEvent[];
}

export interface Order {
  id: string;
  /** Human order number, e.g. `#1042`. */
  name: string;
  customer_id: string;
  placed_at: string;
  status: OrderStatus;
  financial_status: FinancialStatus;
  lines: OrderLine[];
  coupon_code: string | null;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  shipping_discount_cents: number;
  total_cents: number;
  refunded_cents: number;
  shipping_address: SnapshotAddress;
  shipping_method: ShippingMethodCode;
  payment_method_id: string;
  fulfillment: Fulfillment | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  return_ids: string[];
}

export type ReturnStatus = 'requested' | 'approved' | 'received' | 'refunded' | 'rejected';
export type ReturnReason = 'too_small' | 'too_large' | 'defective' | 'not_as_described' | 'changed_mind' | 'arrived_late' | 'other';

export interface ReturnItem {
  variant_id: string;
  quantity: number;
  refund_cents: number;
}

export interface ReturnRequest {
  id: string;
  order_id: string;
  customer_id: string;
  status: ReturnStatus;
  reason: ReturnReason;
  comment: string | null;
  items: ReturnItem[];
  refund_cents: number;
  requested_at: string;
  ship_back_by: string;
  refunded_at: string | null;
}

export interface ShoppingState {
  categories: Record<string, Category>;
  products: Record<string, Product>;
  /** Variants by id in buckets of 32 consecutive numbers (`servers/kit/bucketedRecord.ts`): checkout copies a few small buckets, not 470 variants. */
  variants: BucketedRecord<Variant>;
  reviews: Record<string, Review>;
  customers: Record<string, Customer>;
  addresses: Record<string, Address>;
  payment_methods: Record<string, PaymentMethod>;
  coupons: Record<string, Coupon>;
  carts: Record<string, Cart>;
  /** Orders by id in buckets of 32 consecutive order numbers, like `variants`. */
  orders: BucketedRecord<Order>;
  returns: Record<string, ReturnRequest>;
  /** Customer email (lower case) → customer id. */
  customer_ids_by_email: Record<string, string>;
  /** The number the next order gets (`#<n>`, id `ord_<n>`). */
  next_order_number: number;
}
