import { entryOf } from './entryOf.js';
import { editableLine } from './shoppingLookups.js';
import type { Cart, CartLine, Coupon, ShippingMethodCode, ShoppingState, SnapshotAddress, Variant } from './ShoppingState.js';
import { SHIPPING_COUNTRIES, SHIPPING_METHOD_CODES } from './ShoppingState.js';

/**
 * Pricing rules shared by the cart, checkout and invariants: coupon eligibility, discount
 * allocation, shipping rates, and money and date helpers. All arithmetic is in integer cents and
 * UTC milliseconds, so results are the same on every machine.
 */

const DAY_MS = 86_400_000;

/** Cents as a decimal amount (2499 → 24.99). */
export function money(cents: number): number {
  return Math.round(cents) / 100;
}

/** Cents as text for messages: `24.99 USD`. */
export function formatMoney(cents: number): string {
  return `${(Math.round(cents) / 100).toFixed(2)} USD`;
}

/** Decimal USD (as a tool receives it) to cents. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/** An ISO-8601 UTC timestamp without milliseconds. */
export function isoAt(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

/**
 * Date arithmetic is remembered per input: a session asks the same few questions of its clock on
 * every call (its timestamp, delivery days), and parsing and formatting dates costs more than the
 * rest of a light call. The answers depend on the inputs alone; each memo is cleared when it grows
 * past `MAX_REMEMBERED` entries.
 */
const MAX_REMEMBERED = 4096;
const parsed = new Map<string, number>();
const timestamps = new Map<string, string>();
const shifted = new Map<string, Map<number, string>>();
const businessShifted = new Map<string, Map<number, string>>();

function remember<K, V>(memo: Map<K, V>, key: K, value: V): V {
  if (memo.size >= MAX_REMEMBERED) memo.clear();
  memo.set(key, value);
  return value;
}

function answers(memo: Map<string, Map<number, string>>, iso: string): Map<number, string> {
  return memo.get(iso) ?? remember(memo, iso, new Map<number, string>());
}

/** `Date.parse(iso)`, remembered. */
export function timeOf(iso: string): number {
  return parsed.get(iso) ?? remember(parsed, iso, Date.parse(iso));
}

/** An ISO timestamp in the world's format (UTC, no milliseconds), e.g. the session clock for storing. */
export function timestamp(iso: string): string {
  return timestamps.get(iso) ?? remember(timestamps, iso, isoAt(timeOf(iso)));
}

/** The ISO timestamp `days` days after `iso` (negative for before). */
export function addDays(iso: string, days: number): string {
  const memo = answers(shifted, iso);
  return memo.get(days) ?? remember(memo, days, isoAt(timeOf(iso) + days * DAY_MS));
}

/** The calendar day (`YYYY-MM-DD`, UTC) `businessDays` working days (Mon–Fri) after `iso`. */
export function addBusinessDays(iso: string, businessDays: number): string {
  const memo = answers(businessShifted, iso);
  const known = memo.get(businessDays);
  if (known !== undefined) return known;
  let ms = timeOf(iso);
  let left = businessDays;
  while (left > 0) {
    ms += DAY_MS;
    const weekday = new Date(ms).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return remember(memo, businessDays, isoAt(ms).slice(0, 10));
}

export function dayOf(iso: string): string {
  return iso.slice(0, 10);
}

interface RateTable {
  name: string;
  domestic: { cents: number; minDays: number; maxDays: number };
  international: { cents: number; minDays: number; maxDays: number } | null;
  maxWeightGrams: number | null;
}

/** The store's shipping rates: domestic is the United States, everything else international. */
export const SHIPPING_RATES: Record<ShippingMethodCode, RateTable> = {
  standard: { name: 'Standard', domestic: { cents: 599, minDays: 3, maxDays: 5 }, international: { cents: 1499, minDays: 7, maxDays: 12 }, maxWeightGrams: null },
  express: { name: 'Express', domestic: { cents: 1499, minDays: 1, maxDays: 2 }, international: { cents: 3499, minDays: 3, maxDays: 5 }, maxWeightGrams: null },
  overnight: { name: 'Overnight', domestic: { cents: 2999, minDays: 1, maxDays: 1 }, international: null, maxWeightGrams: 20_000 },
};
/** Standard domestic shipping is free from this merchandise total (after discounts). */
export const FREE_STANDARD_SHIPPING_FROM_CENTS = 7500;
/** Surcharge per started kilogram above `SURCHARGE_FREE_GRAMS`. */
export const SURCHARGE_PER_KG_CENTS = 150;
export const SURCHARGE_FREE_GRAMS = 5000;

export interface ShippingRate {
  method: ShippingMethodCode;
  name: string;
  price_cents: number;
  min_days: number;
  max_days: number;
  free_shipping_applied: boolean;
}

export interface ShippingQuote {
  weight_grams: number;
  rates: ShippingRate[];
  unavailable: Array<{ method: ShippingMethodCode; reason: string }>;
}

export function cartWeightGrams(state: ShoppingState, lines: readonly CartLine[]): number {
  let grams = 0;
  for (let i = 0; i < lines.length; i++) grams += (entryOf(state.variants, lines[i].variant_id)?.weight_grams ?? 0) * lines[i].quantity;
  return grams;
}

/** Rates for shipping `lines` to `countryCode`, given the merchandise total after discounts. */
export function quoteShipping(state: ShoppingState, lines: readonly CartLine[], countryCode: string, merchandiseCents: number): ShippingQuote {
  const weight = cartWeightGrams(state, lines);
  const domestic = countryCode === 'US';
  const surcharge = weight > SURCHARGE_FREE_GRAMS ? Math.ceil((weight - SURCHARGE_FREE_GRAMS) / 1000) * SURCHARGE_PER_KG_CENTS : 0;
  const quote: ShippingQuote = { weight_grams: weight, rates: [], unavailable: [] };
  for (const method of SHIPPING_METHOD_CODES) {
    const table = SHIPPING_RATES[method];
    const zone = domestic ? table.domestic : table.international;
    if (zone === null) {
      quote.unavailable.push({ method, reason: `${table.name} shipping is only available within the United States` });
      continue;
    }
    if (table.maxWeightGrams !== null && weight > table.maxWeightGrams) {
      quote.unavailable.push({ method, reason: `${table.name} shipping is limited to ${table.maxWeightGrams / 1000} kg; this cart weighs ${(weight / 1000).toFixed(1)} kg` });
      continue;
    }
    const free = method === 'standard' && domestic && merchandiseCents >= FREE_STANDARD_SHIPPING_FROM_CENTS;
    quote.rates.push({
      method,
      name: table.name,
      price_cents: free ? 0 : zone.cents + surcharge,
      min_days: zone.minDays,
      max_days: zone.maxDays,
      free_shipping_applied: free,
    });
  }
  return quote;
}

/**
 * The price of one shipping method for `lines` to `countryCode` (the rate `quoteShipping` gives for
 * it), or undefined when the method is not available there or for that weight.
 */
export function shippingPrice(state: ShoppingState, lines: readonly CartLine[], countryCode: string, merchandiseCents: number, method: ShippingMethodCode): number | undefined {
  const table = SHIPPING_RATES[method];
  const zone = countryCode === 'US' ? table.domestic : table.international;
  if (zone === null) return undefined;
  return shippingPriceForWeight(cartWeightGrams(state, lines), countryCode, merchandiseCents, method);
}

/** `shippingPrice` for lines that weigh `weight` grams. */
function shippingPriceForWeight(weight: number, countryCode: string, merchandiseCents: number, method: ShippingMethodCode): number | undefined {
  const table = SHIPPING_RATES[method];
  const domestic = countryCode === 'US';
  const zone = domestic ? table.domestic : table.international;
  if (zone === null) return undefined;
  if (table.maxWeightGrams !== null && weight > table.maxWeightGrams) return undefined;
  if (method === 'standard' && domestic && merchandiseCents >= FREE_STANDARD_SHIPPING_FROM_CENTS) return 0;
  return zone.cents + (weight > SURCHARGE_FREE_GRAMS ? Math.ceil((weight - SURCHARGE_FREE_GRAMS) / 1000) * SURCHARGE_PER_KG_CENTS : 0);
}

export function countryName(code: string): string {
  return SHIPPING_COUNTRIES[code]?.name ?? code;
}

export function supportedCountriesText(): string {
  return Object.entries(SHIPPING_COUNTRIES)
    .map(([code, country]) => `${code} (${country.name})`)
    .join(', ');
}

export function formatAddress(address: SnapshotAddress): string {
  const province = address.province_code ? ` ${address.province_code}` : '';
  return `${address.address1}, ${address.city}${province} ${address.postal_code}, ${address.country_code}`;
}

/** Whether the coupon's discount applies to this line (its product is in one of the coupon's categories). */
export function lineIsEligible(state: ShoppingState, coupon: Coupon, line: CartLine): boolean {
  return coupon.category_ids === null || variantIsEligible(state, coupon, entryOf(state.variants, line.variant_id));
}

/** Whether the coupon's discount applies to a line of this variant (`lineIsEligible` with the line's variant at hand). */
function variantIsEligible(state: ShoppingState, coupon: Coupon, variant: Variant | undefined): boolean {
  if (coupon.category_ids === null) return true;
  const product = variant && state.products[variant.product_id];
  return product !== undefined && coupon.category_ids.includes(product.category_id);
}

/** Whether any line is eligible: an index loop (`some` on a frozen array takes Node 20's slow generic path). */
function someLineEligible(state: ShoppingState, coupon: Coupon, lines: readonly CartLine[]): boolean {
  for (let i = 0; i < lines.length; i++) if (lineIsEligible(state, coupon, lines[i])) return true;
  return false;
}

function categoryNames(state: ShoppingState, ids: readonly string[]): string {
  return ids.map((id) => state.categories[id]?.name ?? id).join(', ');
}

/**
 * Why the coupon cannot be used on this cart right now, or undefined when it can. Checks the
 * validity period against `now`, usage limits, the minimum subtotal and category eligibility.
 */
export function couponProblem(state: ShoppingState, coupon: Coupon, cart: Cart, now: string): string | undefined {
  const nowMs = timeOf(now);
  if (timeOf(coupon.starts_at) > nowMs) {
    return `coupon ${coupon.code} is not active yet: it starts on ${dayOf(coupon.starts_at)} (today is ${dayOf(now)})`;
  }
  if (timeOf(coupon.expires_at) <= nowMs) {
    return `coupon ${coupon.code} expired on ${dayOf(coupon.expires_at)} (today is ${dayOf(now)}) and can no longer be used`;
  }
  if (coupon.usage_limit !== null && coupon.times_used >= coupon.usage_limit) {
    return `coupon ${coupon.code} has reached its usage limit of ${coupon.usage_limit} redemptions`;
  }
  if (coupon.once_per_customer) {
    const customer = state.customers[cart.customer_id];
    const orderIds = customer?.order_ids ?? [];
    for (let i = 0; i < orderIds.length; i++) {
      const order = entryOf(state.orders, orderIds[i])!;
      if (order && order.coupon_code === coupon.code && order.status !== 'cancelled') {
        return `coupon ${coupon.code} can be used once per customer and customer ${cart.customer_id} already used it on order ${order.name} (${order.id})`;
      }
    }
  }
  let subtotal = 0;
  const lines = cart.lines;
  for (let i = 0; i < lines.length; i++) subtotal += lines[i].quantity * lines[i].unit_price_cents;
  if (subtotal < coupon.min_subtotal_cents) {
    return `coupon ${coupon.code} requires a cart subtotal of at least ${formatMoney(coupon.min_subtotal_cents)}; this cart's subtotal is ${formatMoney(subtotal)} (add ${formatMoney(coupon.min_subtotal_cents - subtotal)} more)`;
  }
  if (coupon.category_ids !== null && !someLineEligible(state, coupon, cart.lines)) {
    return `coupon ${coupon.code} applies only to items in ${categoryNames(state, coupon.category_ids)}; none of the items in cart ${cart.id} are in ${coupon.category_ids.length === 1 ? 'that category' : 'those categories'}`;
  }
  return undefined;
}

/**
 * Split `amount` over weights proportionally with the largest-remainder method, so that the parts
 * are whole cents and add up to exactly `amount`.
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  let total = 0;
  for (let i = 0; i < weights.length; i++) total += weights[i];
  const parts = new Array<number>(weights.length);
  if (total <= 0 || amount <= 0) return parts.fill(0);
  let left = amount;
  for (let i = 0; i < weights.length; i++) {
    parts[i] = Math.floor((amount * weights[i]) / total);
    left -= parts[i];
  }
  // Whole cents left over go to the largest remainders first (rare: only when the split is uneven).
  if (left <= 0) return parts;
  const order = weights
    .map((w, i) => ({ i, remainder: (amount * w) % total }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left -= 1) parts[order[k].i] += 1;
  return parts;
}

/**
 * The merchandise discount a valid coupon gives on these lines, per line (same order as `lines`);
 * `variants` are the lines' variants when the caller has them at hand.
 */
export function lineDiscounts(state: ShoppingState, coupon: Coupon | null, lines: readonly CartLine[], variants?: ReadonlyArray<Variant | undefined>): number[] {
  if (coupon === null || coupon.kind === 'free_shipping') return new Array<number>(lines.length).fill(0);
  const weights = new Array<number>(lines.length);
  let base = 0;
  for (let i = 0; i < lines.length; i++) {
    const variant = variants === undefined ? entryOf(state.variants, lines[i].variant_id) : variants[i];
    weights[i] = variantIsEligible(state, coupon, variant) ? lines[i].quantity * lines[i].unit_price_cents : 0;
    base += weights[i];
  }
  const amount = coupon.kind === 'percentage' ? Math.round((base * coupon.value) / 100) : Math.min(coupon.value, base);
  return allocate(amount, weights);
}

/**
 * Re-price an editable cart (`editableCart`) in place after any change: current variant prices,
 * coupon (dropped with a notice when it no longer applies), shipping method (dropped when no longer
 * available for the destination or weight) and totals. Returns the notices for the caller to show.
 * `couponChecked`: the caller has just found the cart's coupon valid (`couponProblem`) for the same
 * lines and clock, so it is checked again only if a line's price moved. `known`: the lines'
 * variants (`lineVariants`), when the caller looked them up already.
 */
export function priceCart(state: ShoppingState, cart: Cart, now: string, couponChecked = false, known?: ReadonlyArray<Variant | undefined>): string[] {
  const notices: string[] = [];
  const lines = cart.lines;
  const variants = new Array<Variant | undefined>(lines.length);
  let repriced = false;
  let weight = 0;
  for (let i = 0; i < lines.length; i++) {
    const variant = known !== undefined ? known[i] : entryOf(state.variants, lines[i].variant_id);
    variants[i] = variant;
    weight += (variant?.weight_grams ?? 0) * lines[i].quantity;
    if (variant && lines[i].unit_price_cents !== variant.price_cents) {
      editableLine(lines, i).unit_price_cents = variant.price_cents;
      repriced = true;
    }
  }
  let coupon: Coupon | null = cart.coupon_code === null ? null : (state.coupons[cart.coupon_code] ?? null);
  // A coupon the caller just found valid for these very lines is still valid unless a price moved.
  if (coupon !== null && (repriced || !couponChecked)) {
    const problem = couponProblem(state, coupon, cart, now);
    if (problem !== undefined) {
      notices.push(`coupon ${coupon.code} was removed from the cart: ${problem}`);
      cart.coupon_code = null;
      coupon = null;
    }
  }
  const discounts = lineDiscounts(state, coupon, lines, variants);
  let subtotal = 0;
  let discount = 0;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].discount_cents !== discounts[i]) editableLine(lines, i).discount_cents = discounts[i];
    subtotal += lines[i].quantity * lines[i].unit_price_cents;
    discount += discounts[i];
  }
  cart.subtotal_cents = subtotal;
  cart.discount_cents = discount;
  cart.shipping_cents = 0;
  cart.shipping_discount_cents = 0;
  if (cart.shipping_method !== null) {
    const price = cart.shipping_address === null || cart.lines.length === 0
      ? undefined
      : shippingPriceForWeight(weight, cart.shipping_address.country_code, subtotal - discount, cart.shipping_method);
    if (price === undefined) {
      notices.push(`shipping method ${cart.shipping_method} was cleared: it is not available for this cart any more; choose another with select_cart_shipping_method`);
      cart.shipping_method = null;
    } else {
      cart.shipping_cents = price;
      if (coupon !== null && coupon.kind === 'free_shipping' && cart.shipping_method === 'standard') cart.shipping_discount_cents = price;
    }
  }
  cart.total_cents = cart.subtotal_cents - cart.discount_cents + cart.shipping_cents - cart.shipping_discount_cents;
  priced.state = state;
  priced.lines = lines;
  priced.variants = variants;
  return notices;
}

/**
 * The lines priced last, with their variants: a tool re-prices a cart, stores it and builds its
 * view from the same lines and state, and the view takes the variants from here instead of
 * looking each one up again.
 */
const priced: { state: ShoppingState | undefined; lines: readonly CartLine[] | undefined; variants: ReadonlyArray<Variant | undefined> } = { state: undefined, lines: undefined, variants: [] };

/** The variant of each line (undefined for one the catalog lacks), in line order. */
export function lineVariants(state: ShoppingState, lines: readonly CartLine[]): ReadonlyArray<Variant | undefined> {
  if (lines === priced.lines && state === priced.state) {
    const variants = priced.variants;
    let same = variants.length === lines.length;
    for (let i = 0; same && i < lines.length; i++) same = variants[i] !== undefined && variants[i]!.id === lines[i].variant_id;
    if (same) return variants;
  }
  const variants = new Array<Variant | undefined>(lines.length);
  for (let i = 0; i < lines.length; i++) variants[i] = entryOf(state.variants, lines[i].variant_id);
  return variants;
}
