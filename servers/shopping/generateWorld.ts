import { addDays, couponProblem, isoAt, lineDiscounts, priceCart, quoteShipping } from './cartPricing.js';
import { CATEGORY_TEMPLATES, CITIES, FIRST_NAMES, LAST_NAMES, REVIEW_TEXT, STREET_NAMES, type CityTemplate, type OptionTemplate } from './catalogData.js';
import type {
  Address,
  Cart,
  CartLine,
  Coupon,
  Customer,
  Order,
  OrderLine,
  PaymentMethod,
  Product,
  ReturnReason,
  ShipmentEvent,
  ShippingMethodCode,
  ShoppingState,
  SnapshotAddress,
  Variant,
} from './ShoppingState.js';
import { entryValues, getEntry, setEntry } from '../kit/bucketedRecord.js';
import { RETURN_SHIP_BACK_DAYS, RETURN_WINDOW_DAYS, SHOPPING_REFERENCE_DATE } from './ShoppingState.js';
import { runWorldGenerator } from '../kit/fixtures.js';
import { SeededRandom, seedRandomState } from '../kit/seededRandom.js';
import { orderLineOf } from './shoppingWrites.js';

/**
 * The shopping world, generated from a seed: ~150 products with ~500 variants in 12 categories,
 * 40 customers with addresses, cards and wishlists, ~200 past orders (delivered, in transit,
 * unfulfilled, cancelled) with shipments and returns, ~15 coupons (active, expired, scheduled,
 * exhausted, category-bound), reviews and a few open carts. Every date is relative to
 * SHOPPING_REFERENCE_DATE. `npx tsx servers/shopping/generateWorld.ts [seed]` writes
 * fixtures/shopping/world.json (seed 42 by default).
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const REFERENCE_MS = Date.parse(SHOPPING_REFERENCE_DATE);

/** The kit's seeded random with weighted draws. */
class Random extends SeededRandom {
  constructor(seed: number) {
    super(seedRandomState(seed));
  }
  /** Index drawn with probability proportional to its weight. */
  weighted(weights: readonly number[]): number {
    const total = weights.reduce((sum, w) => sum + w, 0);
    let roll = this.next() * total;
    for (let i = 0; i < weights.length; i += 1) {
      roll -= weights[i];
      if (roll < 0) return i;
    }
    return weights.length - 1;
  }
}

/** A timestamp `days` (fractional) before the reference date, on a whole minute. */
function daysBefore(days: number): string {
  return isoAt(Math.floor((REFERENCE_MS - days * DAY_MS) / 60_000) * 60_000);
}

function plusHours(iso: string, hours: number): string {
  return isoAt(Date.parse(iso) + Math.round(hours * 60) * 60_000);
}

function priceCents(random: Random, dollars: number): number {
  return random.chance(0.8) ? dollars * 100 - 1 : dollars * 100;
}

function abbreviation(text: string, length: number): string {
  const letters = text.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  return letters.slice(0, length);
}

/** Which values of an option template a product offers: a run of sizes, or a random subset of colors. */
function chooseValues(random: Random, option: OptionTemplate): number[] {
  const count = Math.min(random.int(option.pick[0], option.pick[1]), option.values.length);
  const ordered = option.priceStep !== undefined || /size|waist|length|weight|pieces|capacity|wattage|height/i.test(option.name);
  if (ordered) {
    const start = random.int(0, option.values.length - count);
    return Array.from({ length: count }, (_, i) => start + i);
  }
  return random.shuffled(option.values.map((_, i) => i)).slice(0, count).sort((a, b) => a - b);
}

function generateCatalog(random: Random, state: ShoppingState): void {
  let productNumber = 101;
  let variantNumber = 1001;
  for (const template of CATEGORY_TEMPLATES) {
    const isBooks = template.styles.length === 0;
    const count = isBooks ? template.types.length : 12 + random.int(0, 1);
    const types = random.shuffled(template.types);
    const usedTitles = new Set<string>();
    const productIds: string[] = [];
    for (let k = 0; k < count; k += 1) {
      const type = types[k % types.length];
      let title = type.noun;
      if (!isBooks) {
        const styles = random.shuffled(template.styles);
        title = `${styles.find((style) => !usedTitles.has(`${style} ${type.noun}`)) ?? styles[0]} ${type.noun}`;
      }
      if (usedTitles.has(title)) continue;
      usedTitles.add(title);
      const brand = random.pick(template.brands);
      const id = `prod_${productNumber}`;
      productNumber += 1;
      const chosen = type.options.map((option) => ({ option, indices: chooseValues(random, option) }));
      let combos: number[][] = [[]];
      for (const { indices } of chosen) combos = combos.flatMap((combo) => indices.map((index) => [...combo, index]));
      combos = combos.slice(0, 12);
      const basePrice = random.int(type.price[0], type.price[1]);
      const baseWeight = random.int(type.weightGrams[0], type.weightGrams[1]);
      const onSale = random.chance(0.15);
      const createdDaysAgo = random.int(20, 720);
      const variantIds: string[] = [];
      for (const combo of combos) {
        const variantId = `var_${variantNumber}`;
        variantNumber += 1;
        const options: Record<string, string> = {};
        let dollars = basePrice;
        let weight = baseWeight;
        combo.forEach((valueIndex, optionIndex) => {
          const { option, indices } = chosen[optionIndex];
          options[option.name] = option.values[valueIndex];
          const step = indices.indexOf(valueIndex);
          dollars += (option.priceStep ?? 0) * step;
          weight *= 1 + (option.weightStep ?? 0) * valueIndex;
        });
        const price = priceCents(random, dollars);
        const stockRoll = random.next();
        const stock = stockRoll < 0.07 ? 0 : stockRoll < 0.19 ? random.int(1, 3) : random.int(4, 80);
        const title = combo.length === 0 ? 'Default' : Object.values(options).join(' / ');
        const sku = [abbreviation(brand, 2), String(productNumber - 1), ...Object.values(options).map((value) => abbreviation(value, 3))].join('-');
        setEntry(state.variants, variantId, {
          id: variantId,
          product_id: id,
          sku,
          title,
          options,
          price_cents: price,
          compare_at_price_cents: onSale ? Math.ceil((price * 1.3) / 100) * 100 - 1 : null,
          weight_grams: Math.round(weight),
          stock,
          sold: 0,
        });
        variantIds.push(variantId);
      }
      const tags = [...type.tags];
      if (onSale) tags.push('sale');
      if (createdDaysAgo <= 60) tags.push('new arrival');
      const limitRoll = random.next();
      state.products[id] = {
        id,
        title,
        brand,
        description: isBooks ? `${type.blurb} By ${brand}.` : `The ${title} by ${brand}. ${type.blurb}`,
        category_id: template.id,
        tags,
        option_names: chosen.map(({ option }) => option.name),
        variant_ids: variantIds,
        max_per_order: limitRoll < 0.1 ? random.pick([2, 3, 5]) : isBooks ? 20 : 10,
        final_sale: (onSale && random.chance(0.45)) || random.chance(0.03),
        created_at: daysBefore(createdDaysAgo + random.next()),
        rating_average: 0,
        review_count: 0,
        review_ids: [],
      };
      productIds.push(id);
    }
    state.categories[template.id] = { id: template.id, name: template.name, description: template.description, product_ids: productIds };
  }
}

const LOCAL_STREETS: Record<string, string[]> = {
  GB: ['High Street', 'Church Road', 'Victoria Road', 'Station Road', 'Park Lane'],
  DE: ['Hauptstraße', 'Lindenstraße', 'Bahnhofstraße', 'Gartenweg', 'Schillerstraße'],
  FR: ['Rue de la Paix', 'Rue Victor Hugo', 'Avenue Jean Jaurès', 'Rue des Lilas', 'Boulevard Voltaire'],
};

function postalCode(random: Random, pattern: string): string {
  let out = '';
  for (const char of pattern) {
    if (char === '#') out += String(random.int(0, 9));
    else if (char === '@') out += 'ABCEGHJKLMNPRSTVWXYZ'[random.int(0, 19)];
    else out += char;
  }
  return out;
}

function street(random: Random, country: string): { address1: string; address2: string | null } {
  const number = random.int(2, 980);
  const local = LOCAL_STREETS[country];
  if (country === 'DE') return { address1: `${random.pick(local)} ${number}`, address2: null };
  if (country === 'FR') return { address1: `${number} ${random.pick(local)}`, address2: random.chance(0.3) ? `Appartement ${random.int(1, 40)}` : null };
  if (country === 'GB') return { address1: `${number} ${random.pick(local)}`, address2: random.chance(0.25) ? `Flat ${random.int(1, 12)}` : null };
  const unit = random.chance(0.3) ? (random.chance(0.7) ? `Apt ${random.int(1, 30)}${random.pick(['', 'A', 'B', 'C'])}` : `Suite ${random.int(1, 9)}00`) : null;
  return { address1: `${number} ${random.pick(STREET_NAMES)}`, address2: unit };
}

function makeAddress(random: Random, id: string, customer: Customer, city: CityTemplate, recipient?: { first: string; last: string }): Address {
  const { address1, address2 } = street(random, city.country);
  return {
    id,
    customer_id: customer.id,
    first_name: recipient?.first ?? customer.first_name,
    last_name: recipient?.last ?? customer.last_name,
    address1,
    address2,
    city: city.city,
    province_code: city.province,
    postal_code: postalCode(random, city.postal),
    country_code: city.country,
    phone: random.chance(0.7) ? `${city.phonePrefix}${String(random.int(100, 199)).padStart(4, '0')}` : null,
  };
}

function generateCustomers(random: Random, state: ShoppingState): void {
  const usCities = CITIES.filter((c) => c.country === 'US');
  const otherCities = CITIES.filter((c) => c.country !== 'US');
  const names = new Set<string>();
  let addressNumber = 1;
  let cardNumber = 1;
  const productIds = Object.keys(state.products);
  for (let i = 0; i < 40; i += 1) {
    let first: string;
    let last: string;
    do {
      first = random.pick(FIRST_NAMES);
      last = random.pick(LAST_NAMES);
    } while (names.has(`${first} ${last}`));
    names.add(`${first} ${last}`);
    const id = `cust_${101 + i}`;
    const domain = random.pick(['example.com', 'example.com', 'example.org', 'mail.example.net']);
    let email = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + `@${domain}`;
    if (state.customer_ids_by_email[email] !== undefined) email = email.replace('@', `${random.int(2, 99)}@`);
    const home = random.chance(0.75) ? random.pick(usCities) : random.pick(otherCities);
    const customer: Customer = {
      id,
      first_name: first,
      last_name: last,
      email,
      phone: random.chance(0.8) ? `${home.phonePrefix}${String(random.int(100, 199)).padStart(4, '0')}` : null,
      created_at: daysBefore(random.int(200, 1500) + random.next()),
      address_ids: [],
      default_address_id: null,
      payment_method_ids: [],
      default_payment_method_id: null,
      wishlist: [],
      order_ids: [],
    };
    const addressCount = 1 + (random.chance(0.45) ? 1 : 0) + (random.chance(0.15) ? 1 : 0);
    for (let a = 0; a < addressCount; a += 1) {
      const city = a === 0 ? home : random.chance(0.5) ? home : random.pick(random.chance(0.7) ? usCities : otherCities);
      const recipient = a > 0 && random.chance(0.4) ? { first: random.pick(FIRST_NAMES), last: random.chance(0.5) ? last : random.pick(LAST_NAMES) } : undefined;
      const addressId = `addr_${addressNumber}`;
      addressNumber += 1;
      state.addresses[addressId] = makeAddress(random, addressId, customer, city, recipient);
      customer.address_ids.push(addressId);
    }
    customer.default_address_id = customer.address_ids[0];
    // Card expiry: most valid, some expired (a customer whose default card expired, and a few with nothing valid).
    const cardCount = random.chance(0.4) ? 2 : 1;
    const firstExpired = random.chance(0.2);
    for (let c = 0; c < cardCount; c += 1) {
      const expired = c === 0 && firstExpired;
      const pmId = `pm_${cardNumber}`;
      cardNumber += 1;
      const expYear = expired ? random.int(2024, 2026) : random.int(2026, 2031);
      const expMonth = expired && expYear === 2026 ? random.int(1, 2) : !expired && expYear === 2026 ? random.int(4, 12) : random.int(1, 12);
      const method: PaymentMethod = {
        id: pmId,
        customer_id: id,
        brand: random.pick(['visa', 'visa', 'mastercard', 'mastercard', 'amex', 'discover'] as const),
        last4: String(random.int(0, 9999)).padStart(4, '0'),
        exp_month: expMonth,
        exp_year: expYear,
      };
      state.payment_methods[pmId] = method;
      customer.payment_method_ids.push(pmId);
    }
    customer.default_payment_method_id = customer.payment_method_ids[0];
    const wishlistSize = random.chance(0.3) ? 0 : random.int(1, 6);
    for (const productId of random.shuffled(productIds).slice(0, wishlistSize)) customer.wishlist.push(productId);
    state.customers[id] = customer;
    state.customer_ids_by_email[email] = id;
  }
}

function generateCoupons(state: ShoppingState): void {
  const coupon = (code: string, description: string, kind: Coupon['kind'], value: number, minDollars: number, categoryIds: string[] | null, startDays: number, endDays: number, extra: Partial<Coupon> = {}): void => {
    state.coupons[code] = {
      code,
      description,
      kind,
      value,
      min_subtotal_cents: minDollars * 100,
      category_ids: categoryIds,
      starts_at: isoAt(REFERENCE_MS + startDays * DAY_MS - 12 * HOUR_MS),
      expires_at: isoAt(REFERENCE_MS + endDays * DAY_MS - 12 * HOUR_MS),
      once_per_customer: false,
      usage_limit: null,
      times_used: 0,
      ...extra,
    };
  };
  coupon('WELCOME10', '10% off your first order', 'percentage', 10, 0, null, -400, 290, { once_per_customer: true });
  coupon('SPRING20', '20% off orders of 100.00 USD or more', 'percentage', 20, 100, null, -14, 46);
  coupon('SAVE15', '15.00 USD off orders of 75.00 USD or more', 'fixed_amount', 1500, 75, null, -60, 61);
  coupon('FREESHIP50', 'Free standard shipping on orders of 50.00 USD or more', 'free_shipping', 0, 50, null, -90, 121);
  coupon('WINTER25', '25% off the winter sale', 'percentage', 25, 0, null, -110, -15);
  coupon('CYBER30', '30% off orders of 50.00 USD or more (Cyber Monday)', 'percentage', 30, 50, null, -110, -104);
  coupon('SHOES15', '15% off footwear', 'percentage', 15, 0, ['cat_footwear'], -30, 31);
  coupon('OUTDOOR20', '20% off outdoor and camping gear over 150.00 USD', 'percentage', 20, 150, ['cat_outdoor'], -20, 71);
  coupon('TECH50', '50.00 USD off electronics over 300.00 USD', 'fixed_amount', 5000, 300, ['cat_electronics'], -10, 21);
  coupon('BOOKWORM10', '10% off books', 'percentage', 10, 0, ['cat_books'], -200, 166);
  coupon('PETPALS12', '12% off pet supplies over 40.00 USD', 'percentage', 12, 40, ['cat_pet_supplies'], -45, 16);
  coupon('GLOW5', '5.00 USD off beauty and personal care over 30.00 USD', 'fixed_amount', 500, 30, ['cat_beauty'], -30, 61);
  coupon('VIP40', '40% off for VIP members on orders over 200.00 USD', 'percentage', 40, 200, null, 16, 47);
  coupon('KITCHEN10', '10% off home and kitchen', 'percentage', 10, 0, ['cat_home_kitchen'], -75, -1);
  coupon('FLASH25', '25% off flash sale (first 50 orders)', 'percentage', 25, 0, null, -5, 3, { usage_limit: 50, times_used: 50 });
  coupon('ACTIVE15', '15% off sports, fitness and activewear', 'percentage', 15, 0, ['cat_sports_fitness', 'cat_womens_clothing'], -25, 36);
}

const CARRIERS_US = ['UPS', 'FedEx', 'USPS'] as const;
const HUBS = ['Reno, NV', 'Memphis, TN', 'Louisville, KY', 'Indianapolis, IN', 'Dallas, TX', 'Ontario, CA'];

function trackingNumber(random: Random, carrier: string): string {
  const digits = (n: number) => Array.from({ length: n }, () => String(random.int(0, 9))).join('');
  if (carrier === 'UPS') return `1Z${Array.from({ length: 6 }, () => 'ABCDEFGHJKLMNPRSTVWXY'[random.int(0, 20)]).join('')}${digits(10)}`;
  if (carrier === 'FedEx') return digits(12);
  if (carrier === 'USPS') return `9400${digits(18)}`;
  return digits(10);
}

function cityLabel(address: SnapshotAddress): string {
  return `${address.city}${address.province_code ? `, ${address.province_code}` : ''}, ${address.country_code}`;
}

/** Shipment events up to the reference date; `delivered` null while in transit. */
function shipmentEvents(random: Random, shippedAt: string, deliveredAt: string | null, estimated: string, address: SnapshotAddress): ShipmentEvent[] {
  const events: ShipmentEvent[] = [];
  const push = (at: string, status: ShipmentEvent['status'], location: string, description: string) => {
    if (Date.parse(at) <= REFERENCE_MS) events.push({ at, status, location, description });
  };
  const warehouse = 'Reno, NV, US';
  push(plusHours(shippedAt, -5), 'label_created', warehouse, 'Shipping label created');
  push(shippedAt, 'picked_up', warehouse, 'Picked up by carrier');
  const end = deliveredAt ?? estimated;
  const middle = isoAt((Date.parse(shippedAt) + Date.parse(end)) / 2);
  push(middle, 'in_transit', `${random.pick(HUBS)}, US`, 'Arrived at carrier facility');
  if (deliveredAt !== null) {
    push(plusHours(deliveredAt, -random.int(3, 6)), 'out_for_delivery', cityLabel(address), 'Out for delivery');
    push(deliveredAt, 'delivered', cityLabel(address), random.pick(['Delivered, front door', 'Delivered, left with reception', 'Delivered, mailbox', 'Delivered, handed to resident']));
  }
  return events;
}

function snapshotOf(address: Address): SnapshotAddress {
  const { id: _id, customer_id: _customer, ...fields } = address;
  return fields;
}

const CANCEL_REASONS = ['customer_changed_mind', 'ordered_by_mistake', 'found_better_price', 'shipping_too_slow'];
const RETURN_REASONS: ReturnReason[] = ['too_small', 'too_large', 'defective', 'not_as_described', 'changed_mind', 'arrived_late'];

function generateOrders(random: Random, state: ShoppingState): void {
  const customers = Object.values(state.customers);
  const activity = customers.map((_, i) => (i % 13 === 12 ? 0 : 0.3 + random.next() * 2.7));
  const variants = entryValues(state.variants);
  // Fourteen orders from the last ~40 hours (unfulfilled or just shipped), the rest over eight months.
  const ages: number[] = [];
  for (let i = 0; i < 200; i += 1) {
    if (i < 14) ages.push(0.05 + random.next() * 1.6);
    else if (i < 130) ages.push(2 + random.next() * 58);
    else ages.push(60 + random.next() * 180);
  }
  ages.sort((a, b) => b - a);
  let orderNumber = 1001;
  for (const age of ages) {
    const customer = customers[random.weighted(activity)];
    const placedAt = daysBefore(age);
    const lineCount = random.weighted([50, 30, 15, 5]) + 1;
    const lines: CartLine[] = [];
    while (lines.length < lineCount) {
      const variant = random.pick(variants);
      if (lines.some((line) => line.variant_id === variant.id)) continue;
      const product = state.products[variant.product_id];
      const quantity = Math.min(random.weighted([75, 20, 5]) + 1, product.max_per_order);
      lines.push({ id: `line_${lines.length + 1}`, variant_id: variant.id, quantity, unit_price_cents: variant.price_cents, discount_cents: 0 });
    }
    const address = state.addresses[random.chance(0.8) ? customer.default_address_id! : random.pick(customer.address_ids)];
    const cart: Cart = {
      id: 'draft',
      customer_id: customer.id,
      status: 'open',
      order_id: null,
      created_at: placedAt,
      updated_at: placedAt,
      lines,
      coupon_code: null,
      shipping_address: null,
      shipping_method: null,
      subtotal_cents: 0,
      discount_cents: 0,
      shipping_cents: 0,
      shipping_discount_cents: 0,
      total_cents: 0,
    };
    let coupon: Coupon | null = null;
    if (random.chance(0.3)) {
      const usable = Object.values(state.coupons).filter((c) => c.code !== 'FLASH25' && couponProblem(state, c, cart, placedAt) === undefined);
      if (usable.length > 0) coupon = random.pick(usable);
    }
    const discounts = lineDiscounts(state, coupon, lines);
    let subtotal = 0;
    let discount = 0;
    lines.forEach((line, i) => {
      line.discount_cents = discounts[i];
      subtotal += line.quantity * line.unit_price_cents;
      discount += discounts[i];
    });
    const quote = quoteShipping(state, lines, address.country_code, subtotal - discount);
    const methodRoll = random.next();
    const wanted: ShippingMethodCode = methodRoll < 0.65 ? 'standard' : methodRoll < 0.9 ? 'express' : 'overnight';
    const rate = quote.rates.find((r) => r.method === wanted) ?? quote.rates[0];
    const shippingDiscount = coupon !== null && coupon.kind === 'free_shipping' && rate.method === 'standard' ? rate.price_cents : 0;
    const placedMonth = Number(placedAt.slice(0, 4)) * 12 + Number(placedAt.slice(5, 7));
    const card = customer.payment_method_ids.map((id) => state.payment_methods[id]).find((pm) => pm.exp_year * 12 + pm.exp_month >= placedMonth) ?? state.payment_methods[customer.payment_method_ids[0]];
    const id = `ord_${orderNumber}`;
    const order: Order = {
      id,
      name: `#${orderNumber}`,
      customer_id: customer.id,
      placed_at: placedAt,
      status: 'unfulfilled',
      financial_status: 'paid',
      lines: lines.map((line): OrderLine => {
        const variant = getEntry(state.variants, line.variant_id)!;
        return orderLineOf(line, variant, state.products[variant.product_id]);
      }),
      coupon_code: coupon?.code ?? null,
      subtotal_cents: subtotal,
      discount_cents: discount,
      shipping_cents: rate.price_cents,
      shipping_discount_cents: shippingDiscount,
      total_cents: subtotal - discount + rate.price_cents - shippingDiscount,
      refunded_cents: 0,
      shipping_address: snapshotOf(address),
      shipping_method: rate.method,
      payment_method_id: card.id,
      fulfillment: null,
      cancelled_at: null,
      cancel_reason: null,
      return_ids: [],
    };
    orderNumber += 1;
    if (random.chance(0.06)) {
      order.status = 'cancelled';
      order.financial_status = 'refunded';
      order.refunded_cents = order.total_cents;
      order.cancelled_at = plusHours(placedAt, Math.min(random.int(1, 20), age * 24 * 0.9));
      order.cancel_reason = random.pick(CANCEL_REASONS);
    } else if (age > 1.2 || random.chance(0.25)) {
      const shippedAt = plusHours(placedAt, Math.min(random.int(14, 40), age * 24 * 0.8));
      const transitDays = rate.method === 'overnight' ? 1 : rate.method === 'express' ? random.int(1, 3) : address.country_code === 'US' ? random.int(3, 6) : random.int(6, 11);
      const estimated = plusHours(shippedAt, transitDays * 24 + random.int(0, 8));
      const delivered = random.chance(0.95) ? plusHours(estimated, random.int(-6, 30)) : plusHours(estimated, random.int(48, 96));
      const deliveredAt = Date.parse(delivered) <= REFERENCE_MS ? delivered : null;
      const carrier = address.country_code === 'US' ? random.pick(CARRIERS_US) : 'DHL';
      order.status = deliveredAt === null ? 'fulfilled' : 'delivered';
      order.fulfillment = {
        carrier,
        tracking_number: trackingNumber(random, carrier),
        shipped_at: shippedAt,
        estimated_delivery: estimated,
        delivered_at: deliveredAt,
        events: shipmentEvents(random, shippedAt, deliveredAt, estimated, order.shipping_address),
      };
    }
    if (order.status !== 'cancelled') {
      for (const line of order.lines) getEntry(state.variants, line.variant_id)!.sold += line.quantity;
      if (coupon !== null) coupon.times_used += 1;
    }
    setEntry(state.orders, id, order);
    customer.order_ids.push(id);
  }
  state.next_order_number = orderNumber;
  // Redemptions by guests who are not among the modelled customers.
  for (const coupon of Object.values(state.coupons)) {
    if (coupon.usage_limit === null && Date.parse(coupon.starts_at) < REFERENCE_MS) coupon.times_used += random.int(0, 40);
  }
}

function generateReturns(random: Random, state: ShoppingState): void {
  let returnNumber = 1;
  for (const order of entryValues(state.orders)) {
    const deliveredAt = order.fulfillment?.delivered_at;
    if (!deliveredAt || !random.chance(0.14)) continue;
    const candidates = order.lines.filter((line) => !state.products[line.product_id].final_sale);
    if (candidates.length === 0) continue;
    const requestedMs = Date.parse(deliveredAt) + random.int(1, RETURN_WINDOW_DAYS - 2) * DAY_MS + random.int(0, 10) * HOUR_MS;
    if (requestedMs > REFERENCE_MS - 2 * HOUR_MS) continue;
    const line = random.pick(candidates);
    const quantity = random.int(1, line.quantity);
    const net = line.quantity * line.unit_price_cents - line.discount_cents;
    const refund = Math.round((net * quantity) / line.quantity);
    const ageDays = (REFERENCE_MS - requestedMs) / DAY_MS;
    const rejected = random.chance(0.08) && ageDays > 5;
    const status = rejected ? 'rejected' : ageDays < 3 ? 'requested' : ageDays < 7 ? 'approved' : ageDays < 12 ? 'received' : 'refunded';
    const requestedAt = isoAt(Math.floor(requestedMs / 60_000) * 60_000);
    const refundedAt = status === 'refunded' ? isoAt(Math.min(requestedMs + random.int(10, 14) * DAY_MS, REFERENCE_MS - HOUR_MS)) : null;
    const id = `ret_${returnNumber}`;
    returnNumber += 1;
    state.returns[id] = {
      id,
      order_id: order.id,
      customer_id: order.customer_id,
      status,
      reason: random.pick(RETURN_REASONS),
      comment: random.chance(0.5) ? random.pick(['Ordered two sizes, keeping the other one.', 'Color looks different in person.', 'Arrived with a scratch.', 'Not what I expected.', 'Gift the recipient did not need.']) : null,
      items: [{ variant_id: line.variant_id, quantity, refund_cents: refund }],
      refund_cents: refund,
      requested_at: requestedAt,
      ship_back_by: addDays(requestedAt, RETURN_SHIP_BACK_DAYS),
      refunded_at: refundedAt,
    };
    order.return_ids.push(id);
    if (status !== 'rejected') line.returned_quantity += quantity;
    if (status === 'refunded') {
      order.refunded_cents += refund;
      order.financial_status = order.refunded_cents >= order.total_cents ? 'refunded' : 'partially_refunded';
    }
  }
}

function generateReviews(random: Random, state: ShoppingState): void {
  const buyers = new Map<string, Array<{ customer: string; variant: string; at: string }>>();
  for (const order of entryValues(state.orders)) {
    if (order.status !== 'delivered') continue;
    for (const line of order.lines) {
      const list = buyers.get(line.product_id) ?? [];
      list.push({ customer: order.customer_id, variant: line.variant_id, at: order.fulfillment!.delivered_at! });
      buyers.set(line.product_id, list);
    }
  }
  const customerIds = Object.keys(state.customers);
  let reviewNumber = 1;
  for (const product of Object.values(state.products)) {
    const quality = 3 + random.next() * 1.9;
    const count = random.chance(0.1) ? 0 : random.chance(0.2) ? random.int(8, 14) : random.int(1, 6);
    const reviewers = new Set<string>();
    let total = 0;
    const lastWord = product.title.split(' ').at(-1)!.toLowerCase();
    const noun = product.category_id === 'cat_books' ? 'book' : /^[a-z-]{3,}$/.test(lastWord) ? lastWord : 'product';
    for (let r = 0; r < count; r += 1) {
      const purchases = (buyers.get(product.id) ?? []).filter((p) => !reviewers.has(p.customer));
      let customerId: string;
      let variantId: string | null = null;
      let createdMs: number;
      if (purchases.length > 0 && random.chance(0.6)) {
        const purchase = random.pick(purchases);
        customerId = purchase.customer;
        variantId = purchase.variant;
        createdMs = Math.min(Date.parse(purchase.at) + random.int(2, 40) * DAY_MS, REFERENCE_MS - random.int(1, 48) * HOUR_MS);
      } else {
        customerId = random.pick(customerIds);
        if (reviewers.has(customerId)) continue;
        const start = Date.parse(product.created_at);
        createdMs = start + random.next() * (REFERENCE_MS - start - HOUR_MS);
      }
      reviewers.add(customerId);
      const rating = Math.max(1, Math.min(5, Math.round(quality + (random.next() - 0.5) * 2.6)));
      const text = random.pick(REVIEW_TEXT[rating]);
      const id = `rev_${reviewNumber}`;
      reviewNumber += 1;
      state.reviews[id] = {
        id,
        product_id: product.id,
        variant_id: variantId,
        customer_id: customerId,
        rating,
        title: text.title,
        body: text.body.replace('{noun}', noun),
        created_at: isoAt(Math.floor(createdMs / 60_000) * 60_000),
        verified_purchase: variantId !== null,
        helpful_votes: random.chance(0.4) ? 0 : random.int(1, 45),
      };
      product.review_ids.push(id);
      total += rating;
    }
    product.review_count = product.review_ids.length;
    product.rating_average = product.review_count === 0 ? 0 : Math.round((total / product.review_count) * 10) / 10;
  }
}

function generateCarts(random: Random, state: ShoppingState): void {
  const customers = random.shuffled(Object.values(state.customers)).slice(0, 10);
  const inStock = entryValues(state.variants).filter((v) => v.stock >= 2);
  const lowStock = entryValues(state.variants).filter((v) => v.stock >= 1 && v.stock <= 2 && state.products[v.product_id].max_per_order >= 3);
  const scarce = lowStock.length > 0 ? lowStock : inStock;
  customers.forEach((customer, i) => {
    const id = `cart_${i + 1}`;
    const createdAt = daysBefore(random.int(0, 12) + random.next());
    const lines: CartLine[] = [];
    const lineCount = random.int(1, 3);
    while (lines.length < lineCount) {
      const variant: Variant = i === 0 && lines.length === 0 ? random.pick(scarce) : random.pick(inStock);
      if (lines.some((line) => line.variant_id === variant.id)) continue;
      const product: Product = state.products[variant.product_id];
      // The first cart was filled before its first item sold down: it now asks for more than is in stock.
      const quantity = i === 0 && lines.length === 0 ? variant.stock + 1 : Math.min(random.int(1, 2), variant.stock, product.max_per_order);
      lines.push({ id: `line_${lines.length + 1}`, variant_id: variant.id, quantity, unit_price_cents: variant.price_cents, discount_cents: 0 });
    }
    const cart: Cart = {
      id,
      customer_id: customer.id,
      status: 'open',
      order_id: null,
      created_at: createdAt,
      updated_at: createdAt,
      lines,
      coupon_code: null,
      shipping_address: null,
      shipping_method: null,
      subtotal_cents: 0,
      discount_cents: 0,
      shipping_cents: 0,
      shipping_discount_cents: 0,
      total_cents: 0,
    };
    if (i % 2 === 0) {
      cart.shipping_address = snapshotOf(state.addresses[customer.default_address_id!]);
      cart.shipping_method = 'standard';
    }
    if (i % 3 === 1) cart.coupon_code = random.pick(['SAVE15', 'FREESHIP50', 'SPRING20', 'WELCOME10']);
    // Drops a coupon that does not fit the cart: only codes that apply stay.
    priceCart(state, cart, SHOPPING_REFERENCE_DATE);
    state.carts[id] = cart;
  });
}

/** The whole shopping world for a seed. Deterministic: the same seed gives the same world on any machine. */
export function generateWorld(seed: number): ShoppingState {
  const random = new Random(seed);
  const state: ShoppingState = {
    categories: {},
    products: {},
    variants: {},
    reviews: {},
    customers: {},
    addresses: {},
    payment_methods: {},
    coupons: {},
    carts: {},
    orders: {},
    returns: {},
    customer_ids_by_email: {},
    next_order_number: 1001,
  };
  generateCatalog(random, state);
  generateCustomers(random, state);
  generateCoupons(state);
  generateOrders(random, state);
  generateReturns(random, state);
  generateReviews(random, state);
  generateCarts(random, state);
  return state;
}

/** JSON with object keys sorted at every level: the same bytes for the same world. */
export function stableJson(value: unknown): string {
  const sort = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(sort);
    if (item !== null && typeof item === 'object') {
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(item).sort()) out[key] = sort((item as Record<string, unknown>)[key]);
      return out;
    }
    return item;
  };
  return `${JSON.stringify(sort(value), null, 2)}\n`;
}

runWorldGenerator(import.meta.url, 'shopping', (seed) => stableJson(generateWorld(seed)));
