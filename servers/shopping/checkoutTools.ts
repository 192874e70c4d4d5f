import { defineTool, type ToolContext, type ToolDefinition } from '../kit/Domain.js';
import { couponProblem, lineVariants, priceCart, quoteShipping, supportedCountriesText, timestamp } from './cartPricing.js';
import { appended, couponWithUses, customerCopy, editRoot, freezeOrder, orderLineOf, putBucketedEntries, putEntry, variantWithStock } from './shoppingWrites.js';
import { editableCart, freshId, readable, requireOpenCart, storeCart, variantLabel } from './shoppingLookups.js';
import type { Address, Cart, Customer, Order, OrderLine, PaymentMethod, ShippingMethodCode, ShoppingState, SnapshotAddress, Variant } from './ShoppingState.js';
import { SHIPPING_COUNTRIES, SHIPPING_METHOD_CODES } from './ShoppingState.js';
import { cartSchema, cartView, orderSchema, orderView } from './shoppingViews.js';

/** Checkout, after Shopify's cart buyer-identity, delivery and checkout-completion mutations. */

type Context = ToolContext<ShoppingState>;

const cartIdProperty = { type: 'string', maxLength: 100, description: 'Cart id, e.g. "cart_3" (from create_cart).' };

const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(' '),
);
const CA_PROVINCES = new Set('AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' '));
const AU_STATES = new Set('ACT NSW NT QLD SA TAS VIC WA'.split(' '));
const PROVINCES: Record<string, Set<string>> = { US: US_STATES, CA: CA_PROVINCES, AU: AU_STATES };

/** Address fields that must not be blank. */
const REQUIRED_ADDRESS_TEXT = ['first_name', 'last_name', 'address1', 'city'] as const;

interface NewAddress {
  first_name: string;
  last_name: string;
  address1: string;
  address2?: string;
  city: string;
  province_code?: string;
  postal_code: string;
  country_code: string;
  phone?: string;
}

/** Check a typed-in address against the countries the store ships to and their formats. */
function validateAddress(ctx: Context, address: NewAddress): SnapshotAddress {
  const countryCode = address.country_code.toUpperCase();
  const country = SHIPPING_COUNTRIES[countryCode];
  if (country === undefined) return ctx.fail(`the store does not ship to ${address.country_code}; it ships to ${supportedCountriesText()}`);
  const postal = address.postal_code.trim().toUpperCase();
  if (!country.postal.test(postal)) {
    return ctx.fail(`postal code "${address.postal_code}" is not valid for ${country.name}; expected a format like ${country.postalExample}`);
  }
  let province: string | null = null;
  if (country.provinceRequired) {
    const valid = PROVINCES[countryCode];
    province = (address.province_code ?? '').trim().toUpperCase();
    if (!valid.has(province)) {
      return ctx.fail(`province_code "${address.province_code ?? ''}" is not valid for ${country.name}; use one of: ${[...valid].join(', ')}`);
    }
  } else if (address.province_code !== undefined && address.province_code.trim() !== '') {
    province = address.province_code.trim();
  }
  // Each required field trimmed once; checked in REQUIRED_ADDRESS_TEXT's order.
  const firstName = address.first_name.trim();
  const lastName = address.last_name.trim();
  const address1 = address.address1.trim();
  const city = address.city.trim();
  if (firstName === '' || lastName === '' || address1 === '' || city === '') {
    const field = REQUIRED_ADDRESS_TEXT.find((name) => address[name].trim() === '');
    return ctx.fail(`address.${field} is empty; a shipping address needs first_name, last_name, address1, city, postal_code and country_code`);
  }
  return {
    first_name: firstName,
    last_name: lastName,
    address1,
    address2: address.address2?.trim() || null,
    city,
    province_code: province,
    postal_code: postal,
    country_code: countryCode,
    phone: address.phone?.trim() || null,
  };
}

/**
 * The frozen snapshot of a saved address a cart ships to (its fields but the id and owner, in its
 * order), made once per saved address: saved addresses never change, and rest destructuring of a
 * frozen object costs more than the rest of the call.
 */
const snapshots = new WeakMap<Address, SnapshotAddress>();

function snapshotOf(saved: Address): SnapshotAddress {
  let snapshot = snapshots.get(saved);
  if (snapshot === undefined) {
    const { id: _id, customer_id: _customer, ...fields } = saved;
    snapshot = Object.freeze({ ...fields });
    snapshots.set(saved, snapshot);
  }
  return snapshot;
}

interface SetAddressArgs {
  cart_id: string;
  address_id?: string;
  address?: NewAddress;
  save_to_address_book?: boolean;
}

export const setCartShippingAddress = defineTool<ShoppingState, SetAddressArgs>({
  name: 'set_cart_shipping_address',
  description:
    `Set where a cart ships: either a saved address of the cart's customer (address_id, from get_customer_account) or a new address typed in full (address; optionally saved to the customer's address book with save_to_address_book). The store ships to ${supportedCountriesText()}; postal codes must match the country's format and US, CA and AU addresses need a province_code. Required before select_cart_shipping_method and complete_checkout. Returns the cart (and the new address id when saved).`,
  input: {
    type: 'object',
    properties: {
      cart_id: cartIdProperty,
      address_id: { type: 'string', maxLength: 100, description: 'A saved address of the cart\'s customer, e.g. "addr_12". Either this or address.' },
      address: {
        type: 'object',
        description: 'A new address. Either this or address_id.',
        properties: {
          first_name: { type: 'string', maxLength: 80, description: 'Recipient first name.' },
          last_name: { type: 'string', maxLength: 80, description: 'Recipient last name.' },
          address1: { type: 'string', maxLength: 200, description: 'Street and number.' },
          address2: { type: 'string', maxLength: 200, description: 'Apartment, suite, unit (optional).' },
          city: { type: 'string', maxLength: 100, description: 'City.' },
          province_code: { type: 'string', maxLength: 10, description: 'State/province code, e.g. "OR", "ON", "NSW"; required for US, CA and AU.' },
          postal_code: { type: 'string', maxLength: 12, description: 'Postal or ZIP code in the country\'s format.' },
          country_code: { type: 'string', pattern: '^[A-Za-z]{2}$', description: `ISO 3166-1 alpha-2 country code; one of ${Object.keys(SHIPPING_COUNTRIES).join(', ')}.` },
          phone: { type: 'string', maxLength: 30, description: 'Phone number for the carrier (optional).' },
        },
        required: ['first_name', 'last_name', 'address1', 'city', 'postal_code', 'country_code'],
        additionalProperties: false,
      },
      save_to_address_book: { type: 'boolean', description: 'With address: also save it to the customer\'s address book. Default false.' },
    },
    required: ['cart_id'],
    additionalProperties: false,
  },
  output: {
    ...cartSchema,
    properties: { ...(cartSchema.properties as Record<string, unknown>), saved_address_id: { type: ['string', 'null'], description: 'Id of the address saved to the address book, else null.' } },
    required: [...(cartSchema.required as string[]), 'saved_address_id'],
  },
  annotations: { title: 'Set shipping address', readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  handler(args, ctx) {
    const cart = requireOpenCart(ctx, args.cart_id);
    if ((args.address_id === undefined) === (args.address === undefined)) {
      return ctx.fail('pass exactly one of address_id (a saved address, see get_customer_account) or address (a new address)');
    }
    let snapshot: SnapshotAddress;
    let savedId: string | null = null;
    if (args.address_id !== undefined) {
      const base = readable(ctx);
      const saved = base.addresses[args.address_id];
      if (saved === undefined || saved.customer_id !== cart.customer_id) {
        const own = base.customers[cart.customer_id]?.address_ids ?? [];
        const listing = own.map((id) => `${id} (${base.addresses[id].city}, ${base.addresses[id].country_code})`).join(', ');
        return ctx.fail(`address ${args.address_id} is not a saved address of customer ${cart.customer_id}; their addresses: ${listing || '(none — pass a new address instead)'}`);
      }
      if (SHIPPING_COUNTRIES[saved.country_code] === undefined) return ctx.fail(`the store does not ship to ${saved.country_code}; it ships to ${supportedCountriesText()}`);
      snapshot = snapshotOf(saved);
    } else {
      snapshot = validateAddress(ctx, args.address!);
      if (args.save_to_address_book) {
        const customer = readable(ctx).customers[cart.customer_id];
        const id = freshId(ctx, 'addr', (candidate) => readable(ctx).addresses[candidate] !== undefined);
        savedId = id;
        // A literal, not a spread of the snapshot: the same keys in the same order, a fifth of the cost.
        const saved: Address = {
          id,
          customer_id: customer.id,
          first_name: snapshot.first_name,
          last_name: snapshot.last_name,
          address1: snapshot.address1,
          address2: snapshot.address2,
          city: snapshot.city,
          province_code: snapshot.province_code,
          postal_code: snapshot.postal_code,
          country_code: snapshot.country_code,
          phone: snapshot.phone,
        };
        putEntry(ctx, 'addresses', id, Object.freeze(saved));
        const changed = customerCopy(customer);
        changed.address_ids = Object.freeze(appended(customer.address_ids, id)) as string[];
        if (customer.default_address_id === null) changed.default_address_id = id;
        putEntry(ctx, 'customers', customer.id, Object.freeze(changed));
      }
    }
    const next = editableCart(cart);
    next.shipping_address = snapshot;
    next.updated_at = timestamp(ctx.now);
    const notices = priceCart(readable(ctx), next, ctx.now);
    storeCart(ctx, next);
    const view = cartView(readable(ctx), next, ctx.now, notices);
    view.saved_address_id = savedId;
    return view;
  },
});

export const selectCartShippingMethod = defineTool<ShoppingState, { cart_id: string; method: ShippingMethodCode }>({
  name: 'select_cart_shipping_method',
  description:
    'Choose the shipping method of a cart: standard, express or overnight (prices and delivery dates: estimate_cart_shipping). Needs items in the cart and a shipping address first (set_cart_shipping_address); overnight is US-only and limited to 20 kg. Returns the re-priced cart.',
  input: {
    type: 'object',
    properties: {
      cart_id: cartIdProperty,
      method: { type: 'string', enum: [...SHIPPING_METHOD_CODES], description: 'Shipping method.' },
    },
    required: ['cart_id', 'method'],
    additionalProperties: false,
  },
  output: cartSchema,
  annotations: { title: 'Select shipping method', readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  handler(args, ctx) {
    const cart = requireOpenCart(ctx, args.cart_id);
    if (cart.lines.length === 0) return ctx.fail(`cart ${cart.id} is empty; add items with add_cart_line before choosing shipping`);
    if (cart.shipping_address === null) return ctx.fail(`cart ${cart.id} has no shipping address; set one first with set_cart_shipping_address`);
    const quote = quoteShipping(readable(ctx), cart.lines, cart.shipping_address.country_code, cart.subtotal_cents - cart.discount_cents);
    const unavailable = quote.unavailable.find((u) => u.method === args.method);
    if (unavailable !== undefined) {
      return ctx.fail(`${unavailable.reason}; available methods for this cart: ${quote.rates.map((r) => r.method).join(', ')}`);
    }
    const next = editableCart(cart);
    next.shipping_method = args.method;
    next.updated_at = timestamp(ctx.now);
    const notices = priceCart(readable(ctx), next, ctx.now);
    storeCart(ctx, next);
    return cartView(readable(ctx), next, ctx.now, notices);
  },
});

/** A card has expired once the month after its expiry month has begun. */
export function cardExpired(method: PaymentMethod, today: string): boolean {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return method.exp_year * 12 + method.exp_month < year * 12 + month;
}

function describeCard(method: PaymentMethod): string {
  return `${method.id} (${method.brand} ending ${method.last4}, expires ${String(method.exp_month).padStart(2, '0')}/${method.exp_year})`;
}

/** The customer's cards that can pay today, for a failure message. */
function validCardsText(state: ShoppingState, customer: Customer, today: string): string {
  const own = customer.payment_method_ids.map((id) => state.payment_methods[id]);
  const valid = own.filter((method) => !cardExpired(method, today));
  return valid.length > 0 ? `valid payment methods on file: ${valid.map(describeCard).join(', ')}` : 'the customer has no valid payment method on file';
}

function choosePayment(ctx: Context, cart: Cart, paymentMethodId: string | undefined): PaymentMethod {
  const base = readable(ctx);
  const customer = base.customers[cart.customer_id];
  const id = paymentMethodId ?? customer.default_payment_method_id;
  if (id === null) return ctx.fail(`customer ${customer.id} has no default payment method; pass payment_method_id — ${validCardsText(base, customer, ctx.today)}`);
  const method = base.payment_methods[id];
  if (method === undefined || method.customer_id !== customer.id) {
    return ctx.fail(`payment method ${id} is not on file for customer ${customer.id}; ${validCardsText(base, customer, ctx.today)}`);
  }
  if (cardExpired(method, ctx.today)) {
    return ctx.fail(`payment method ${describeCard(method)} has expired (today is ${ctx.today}); ${validCardsText(base, customer, ctx.today)}`);
  }
  return method;
}

export const completeCheckout = defineTool<ShoppingState, { cart_id: string; payment_method_id?: string }>({
  name: 'complete_checkout',
  description:
    'Place the order for a cart, paying with a payment method on file (the customer\'s default unless payment_method_id is given). Needs a non-empty cart, a shipping address and a shipping method. Stock is checked and taken for every line at once: if any line has fewer units available, nothing is ordered and the message says how many remain. The cart becomes completed; returns the new order (status unfulfilled until it ships).',
  input: {
    type: 'object',
    properties: {
      cart_id: cartIdProperty,
      payment_method_id: { type: 'string', maxLength: 100, description: 'Saved card to charge, e.g. "pm_7" (see get_customer_account). Default: the customer\'s default card.' },
    },
    required: ['cart_id'],
    additionalProperties: false,
  },
  output: orderSchema,
  annotations: { title: 'Complete checkout', readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  handler(args, ctx) {
    const state = readable(ctx);
    const found = requireOpenCart(ctx, args.cart_id);
    if (found.lines.length === 0) return ctx.fail(`cart ${found.id} is empty; add items with add_cart_line before checking out`);
    const cart = editableCart(found);
    if (cart.shipping_address === null) return ctx.fail(`cart ${cart.id} has no shipping address; set one with set_cart_shipping_address before checking out`);
    if (cart.shipping_method === null) {
      return ctx.fail(`cart ${cart.id} has no shipping method; choose one with select_cart_shipping_method (estimate_cart_shipping lists prices)`);
    }
    const shortages: string[] = [];
    // Each line's variant looked up once, for the stock check, the pricing, the order and the stock write.
    const variants = lineVariants(state, cart.lines) as Variant[];
    for (let i = 0; i < cart.lines.length; i++) {
      const line = cart.lines[i];
      const variant = variants[i];
      if (line.quantity > variant.stock) {
        shortages.push(`only ${variant.stock} units of ${variantLabel(state, variant)} are available but line ${line.id} has ${line.quantity}`);
      }
    }
    if (shortages.length > 0) {
      return ctx.fail(`insufficient stock, nothing was ordered: ${shortages.join('; ')}; lower the quantity with update_cart_line or remove the line with remove_cart_line`);
    }
    if (cart.coupon_code !== null) {
      const problem = couponProblem(state, state.coupons[cart.coupon_code], cart, ctx.now);
      if (problem !== undefined) return ctx.fail(`${problem}; remove the code with remove_cart_coupon to check out without it`);
    }
    const notices = priceCart(state, cart, ctx.now, cart.coupon_code !== null, variants);
    if (notices.length > 0) return ctx.fail(`the cart changed while re-pricing: ${notices.join('; ')}`);
    const payment = choosePayment(ctx, cart, args.payment_method_id);

    const number = state.next_order_number;
    editRoot(ctx).next_order_number = number + 1;
    // The order's lines and the sold variants in one index loop (no map callbacks made per call).
    const cartLines = cart.lines;
    const orderLines = new Array<OrderLine>(cartLines.length);
    const soldVariants = new Array<Variant>(cartLines.length);
    for (let i = 0; i < cartLines.length; i++) {
      const line = cartLines[i];
      const variant = variants[i];
      const product = state.products[variant.product_id];
      orderLines[i] = orderLineOf(line, variant, product);
      soldVariants[i] = variantWithStock(variant, variant.stock - line.quantity, variant.sold + line.quantity);
    }
    const order: Order = {
      id: `ord_${number}`,
      name: `#${number}`,
      customer_id: cart.customer_id,
      placed_at: timestamp(ctx.now),
      status: 'unfulfilled',
      financial_status: 'paid',
      lines: orderLines,
      coupon_code: cart.coupon_code,
      subtotal_cents: cart.subtotal_cents,
      discount_cents: cart.discount_cents,
      shipping_cents: cart.shipping_cents,
      shipping_discount_cents: cart.shipping_discount_cents,
      total_cents: cart.total_cents,
      refunded_cents: 0,
      // The cart's snapshot is frozen and never changes: the order shares it.
      shipping_address: cart.shipping_address,
      shipping_method: cart.shipping_method,
      payment_method_id: payment.id,
      fulfillment: null,
      cancelled_at: null,
      cancel_reason: null,
      return_ids: [],
    };
    // A cart holds each variant on one line at most (add_cart_line merges), so each variant changes once.
    putBucketedEntries(ctx, 'variants', soldVariants);
    if (cart.coupon_code !== null) {
      const coupon = state.coupons[cart.coupon_code];
      putEntry(ctx, 'coupons', cart.coupon_code, couponWithUses(coupon, coupon.times_used + 1));
    }
    putBucketedEntries(ctx, 'orders', [freezeOrder(order)]);
    const customer = state.customers[cart.customer_id];
    const buyer = customerCopy(customer);
    buyer.order_ids = Object.freeze(appended(customer.order_ids, order.id)) as string[];
    putEntry(ctx, 'customers', customer.id, Object.freeze(buyer));
    cart.status = 'completed';
    cart.order_id = order.id;
    cart.updated_at = timestamp(ctx.now);
    storeCart(ctx, cart);
    return orderView(state, order);
  },
});

export const checkoutTools: ToolDefinition<ShoppingState>[] = [setCartShippingAddress, selectCartShippingMethod, completeCheckout];
