import { defineTool, type ToolContext, type ToolDefinition } from '../kit/Domain.js';
import {
  addBusinessDays,
  couponProblem,
  formatMoney,
  FREE_STANDARD_SHIPPING_FROM_CENTS,
  money,
  priceCart,
  quoteShipping,
  supportedCountriesText,
  timestamp,
} from './cartPricing.js';
import {
  describeVariants,
  editableCart,
  editableLine,
  freshId,
  readable,
  requireCart,
  requireCustomer,
  requireOpenCart,
  requireProduct,
  requireVariant,
  storeCart,
  variantLabel,
} from './shoppingLookups.js';
import { entryOf } from './entryOf.js';
import type { Cart, CartLine, Product, ShoppingState, Variant } from './ShoppingState.js';
import { CURRENCY, MAX_CART_LINES, SHIPPING_COUNTRIES, SHIPPING_METHOD_CODES } from './ShoppingState.js';
import { cartSchema, cartView, moneySchema } from './shoppingViews.js';

/** The cart, after the Shopify Storefront Cart API: create, read, lines, discount codes, shipping estimates. */

type Context = ToolContext<ShoppingState>;

const cartIdProperty = { type: 'string', maxLength: 100, description: 'Cart id, e.g. "cart_3" (from create_cart).' };

/**
 * Reject a quantity of a variant that the store cannot sell in one order: more than in stock
 * (saying how many are available) or more than the product's per-order limit.
 */
export function checkQuantity(ctx: Context, variant: Variant, product: Product, wanted: number, inCart: number): void {
  const label = variantLabel(readable(ctx), variant);
  const already = inCart > 0 ? `; the cart already holds ${inCart}` : '';
  if (variant.stock === 0) {
    const others = product.variant_ids.filter((id) => id !== variant.id && entryOf(readable(ctx).variants, id)!.stock > 0);
    const alternatives = others.length > 0
      ? `in-stock variants of this product: ${others.map((id) => `${id} (${entryOf(readable(ctx).variants, id)!.title}, ${entryOf(readable(ctx).variants, id)!.stock} available)`).join(', ')}`
      : 'no variant of this product is in stock';
    return ctx.fail(`${label} is out of stock (0 available); ${alternatives}`);
  }
  if (wanted > variant.stock) {
    return ctx.fail(`insufficient stock: only ${variant.stock} units of ${label} are available, ${wanted} requested${already}`);
  }
  if (wanted > product.max_per_order) {
    return ctx.fail(`quantity limit: at most ${product.max_per_order} units of ${label} per order, ${wanted} requested${already}`);
  }
}

/** Re-price a changed cart (a copy from `editableCart`), store it, and return its view. */
function touch(ctx: Context, cart: Cart, couponChecked = false): Record<string, unknown> {
  const state = readable(ctx);
  cart.updated_at = timestamp(ctx.now);
  const notices = priceCart(state, cart, ctx.now, couponChecked);
  storeCart(ctx, cart);
  return cartView(state, cart, ctx.now, notices);
}

export const createCart = defineTool<ShoppingState, { customer_id: string }>({
  name: 'create_cart',
  description:
    'Create a new, empty shopping cart for a customer. Returns the cart (with its cart_id), which the other cart tools (add_cart_line, apply_cart_coupon, set_cart_shipping_address, complete_checkout …) take.',
  input: {
    type: 'object',
    properties: { customer_id: { type: 'string', maxLength: 100, description: 'Customer id, e.g. "cust_104" (see get_customer_account).' } },
    required: ['customer_id'],
    additionalProperties: false,
  },
  output: cartSchema,
  annotations: { title: 'Create cart', readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  handler(args, ctx) {
    const customer = requireCustomer(ctx, args.customer_id);
    const id = freshId(ctx, 'cart', (candidate) => readable(ctx).carts[candidate] !== undefined);
    const cart: Cart = {
      id,
      customer_id: customer.id,
      status: 'open',
      order_id: null,
      created_at: timestamp(ctx.now),
      updated_at: timestamp(ctx.now),
      lines: [],
      coupon_code: null,
      shipping_address: null,
      shipping_method: null,
      subtotal_cents: 0,
      discount_cents: 0,
      shipping_cents: 0,
      shipping_discount_cents: 0,
      total_cents: 0,
    };
    storeCart(ctx, cart);
    return cartView(readable(ctx), cart, ctx.now);
  },
});

export const getCart = defineTool<ShoppingState, { cart_id: string }>({
  name: 'get_cart',
  description:
    'Get a cart: its lines (variant, options, quantity, unit price, discount, units still in stock), applied coupon, shipping address and method, and the totals in USD (subtotal − discounts + shipping = total). A checked-out cart shows the order_id it became.',
  input: { type: 'object', properties: { cart_id: cartIdProperty }, required: ['cart_id'], additionalProperties: false },
  output: cartSchema,
  annotations: { title: 'Get cart', readOnlyHint: true, idempotentHint: true },
  handler(args, ctx) {
    return cartView(readable(ctx), requireCart(ctx, args.cart_id), ctx.now);
  },
});

interface AddLineArgs {
  cart_id: string;
  variant_id?: string;
  product_id?: string;
  options?: Record<string, string>;
  quantity?: number;
}

/** The variant an add_cart_line call means: by id, or by product and selected options. */
/** A product's option names by their lower-cased form (the first one of each), per product (products never change). */
const optionNames = new WeakMap<Product, Map<string, string>>();

function optionNamesOf(product: Product): Map<string, string> {
  let names = optionNames.get(product);
  if (names === undefined) {
    names = new Map();
    for (const name of product.option_names) {
      const lower = name.toLowerCase();
      if (!names.has(lower)) names.set(lower, name);
    }
    optionNames.set(product, names);
  }
  return names;
}

/**
 * A variant's option values, lower-cased, per options object: a write that changes a variant's
 * stock copies the variant but shares its frozen options, so these survive writes.
 */
const lowerOptions = new WeakMap<object, Map<string, string>>();

function lowerCasedOptions(options: Readonly<Record<string, string>>): Map<string, string> {
  let values = lowerOptions.get(options);
  if (values === undefined) {
    values = new Map();
    for (const name of Object.keys(options)) values.set(name, options[name].toLowerCase());
    lowerOptions.set(options, values);
  }
  return values;
}

function resolveVariant(ctx: Context, args: AddLineArgs): Variant {
  if (args.variant_id !== undefined) {
    if (args.product_id !== undefined && entryOf(readable(ctx).variants, args.variant_id)?.product_id !== args.product_id) {
      const product = requireProduct(ctx, args.product_id);
      return ctx.fail(`variant ${args.variant_id} is not a variant of '${product.title}' (${product.id}); its variants are: ${describeVariants(readable(ctx), product)}`);
    }
    return requireVariant(ctx, args.variant_id);
  }
  if (args.product_id === undefined) {
    return ctx.fail('say which item to add: pass variant_id, or product_id with options (e.g. {"Size": "M", "Color": "Black"}); get_catalog_product lists variant ids and options');
  }
  const product = requireProduct(ctx, args.product_id);
  const selected = Object.entries(args.options ?? {});
  if (selected.length === 0) {
    if (product.variant_ids.length === 1) return entryOf(readable(ctx).variants, product.variant_ids[0])!;
    return ctx.fail(`'${product.title}' (${product.id}) has ${product.variant_ids.length} variants; pass variant_id or options (${product.option_names.join(', ')}); variants: ${describeVariants(readable(ctx), product)}`);
  }
  const names = optionNamesOf(product);
  // The product's option name and the lower-cased value of each selected option, in order.
  const pairs: string[] = [];
  for (const [name, value] of selected) {
    const known = names.get(name.toLowerCase());
    if (known === undefined) {
      return ctx.fail(`'${product.title}' (${product.id}) has no option "${name}"; its options are: ${product.option_names.length > 0 ? product.option_names.join(', ') : '(none: a single variant)'}`);
    }
    pairs.push(known, String(value).toLowerCase());
  }
  const variants = readable(ctx).variants;
  const ids = product.variant_ids;
  for (let v = 0; v < ids.length; v++) {
    const variant = entryOf(variants, ids[v])!;
    const values = lowerCasedOptions(variant.options);
    let i = 0;
    while (i < pairs.length && (values.get(pairs[i]) ?? '') === pairs[i + 1]) i += 2;
    if (i === pairs.length) return variant;
  }
  const wanted = selected.map(([name, value]) => `${name}=${value}`).join(', ');
  return ctx.fail(`no variant of '${product.title}' (${product.id}) has ${wanted}; valid variants: ${describeVariants(readable(ctx), product)}`);
}

export const addCartLine = defineTool<ShoppingState, AddLineArgs>({
  name: 'add_cart_line',
  description:
    'Add a product variant to a cart (or raise the quantity when the variant is already in it). Name the item by variant_id, or by product_id plus options such as {"Size": "M", "Color": "Black"}. Fails when the variant does not exist (the message lists the valid variants), is out of stock or has fewer units than requested (the message says how many are available), or the product\'s per-order limit would be exceeded. Returns the re-priced cart.',
  input: {
    type: 'object',
    properties: {
      cart_id: cartIdProperty,
      variant_id: { type: 'string', maxLength: 100, description: 'Variant id, e.g. "var_1012" (from get_catalog_product). Either this or product_id (+ options).' },
      product_id: { type: 'string', maxLength: 100, description: 'Product id; with options, selects the variant by its option values.' },
      options: {
        type: 'object',
        description: 'Selected option values by option name, e.g. {"Size": "10", "Color": "Black"} (case-insensitive). Used with product_id.',
        additionalProperties: { type: 'string', maxLength: 60 },
        maxProperties: 5,
      },
      quantity: { type: 'integer', minimum: 1, maximum: 99, description: 'Units to add (1–99). Default 1.' },
    },
    required: ['cart_id'],
    additionalProperties: false,
  },
  output: cartSchema,
  annotations: { title: 'Add to cart', readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  handler(args, ctx) {
    const cart = requireOpenCart(ctx, args.cart_id);
    const variant = resolveVariant(ctx, args);
    const product = readable(ctx).products[variant.product_id];
    const quantity = args.quantity ?? 1;
    // Index loops over the frozen lines: Node 20 runs findIndex/some/find on a frozen array through a slow generic path.
    let index = -1;
    for (let i = 0; i < cart.lines.length; i++) {
      if (cart.lines[i].variant_id === variant.id) {
        index = i;
        break;
      }
    }
    const inCart = index < 0 ? 0 : cart.lines[index].quantity;
    checkQuantity(ctx, variant, product, inCart + quantity, inCart);
    if (index >= 0) {
      const next = editableCart(cart);
      editableLine(next.lines, index).quantity += quantity;
      return touch(ctx, next);
    }
    if (cart.lines.length >= MAX_CART_LINES) {
      return ctx.fail(`cart ${cart.id} already has ${MAX_CART_LINES} lines, the most a cart may hold; remove a line with remove_cart_line or check out first`);
    }
    const id = freshId(ctx, 'line', (candidate) => lineWithId(cart.lines, candidate) !== undefined);
    const next = editableCart(cart);
    next.lines.push({ id, variant_id: variant.id, quantity, unit_price_cents: variant.price_cents, discount_cents: 0 });
    return touch(ctx, next);
  },
});

/** The line with that id (an index loop: `find` on a frozen array takes Node 20's slow generic path). */
function lineWithId(lines: readonly CartLine[], id: string): CartLine | undefined {
  for (let i = 0; i < lines.length; i++) if (lines[i].id === id) return lines[i];
  return undefined;
}

function requireLine(ctx: Context, cart: Cart, lineId: string) {
  const line = lineWithId(cart.lines, lineId);
  if (line === undefined) {
    const lines = cart.lines.map((l) => `${l.id} (${variantLabel(readable(ctx), entryOf(readable(ctx).variants, l.variant_id)!)} × ${l.quantity})`);
    return ctx.fail(`cart ${cart.id} has no line ${lineId}; its lines: ${lines.length > 0 ? lines.join(', ') : '(none: the cart is empty)'}`);
  }
  return line;
}

export const updateCartLine = defineTool<ShoppingState, { cart_id: string; line_id: string; quantity: number }>({
  name: 'update_cart_line',
  description:
    'Set the quantity of a cart line (line_id from get_cart). Fails when the variant has fewer units in stock (the message says how many are available) or the per-order limit is exceeded. To drop a line use remove_cart_line. Returns the re-priced cart; a coupon whose minimum is no longer met is removed and reported in notices.',
  input: {
    type: 'object',
    properties: {
      cart_id: cartIdProperty,
      line_id: { type: 'string', maxLength: 100, description: 'Line id within the cart, e.g. "line_2" (from get_cart).' },
      quantity: { type: 'integer', minimum: 1, maximum: 99, description: 'New quantity (1–99).' },
    },
    required: ['cart_id', 'line_id', 'quantity'],
    additionalProperties: false,
  },
  output: cartSchema,
  annotations: { title: 'Update cart line', readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  handler(args, ctx) {
    const cart = requireOpenCart(ctx, args.cart_id);
    const line = requireLine(ctx, cart, args.line_id);
    const variant = entryOf(readable(ctx).variants, line.variant_id)!;
    checkQuantity(ctx, variant, readable(ctx).products[variant.product_id], args.quantity, 0);
    const next = editableCart(cart);
    editableLine(next.lines, cart.lines.indexOf(line)).quantity = args.quantity;
    return touch(ctx, next);
  },
});

export const removeCartLine = defineTool<ShoppingState, { cart_id: string; line_id: string }>({
  name: 'remove_cart_line',
  description: 'Remove a line from a cart (line_id from get_cart). Returns the re-priced cart; a coupon that no longer applies is removed and reported in notices.',
  input: {
    type: 'object',
    properties: {
      cart_id: cartIdProperty,
      line_id: { type: 'string', maxLength: 100, description: 'Line id within the cart, e.g. "line_2".' },
    },
    required: ['cart_id', 'line_id'],
    additionalProperties: false,
  },
  output: cartSchema,
  annotations: { title: 'Remove cart line', readOnlyHint: false, destructiveHint: true, idempotentHint: true },
  handler(args, ctx) {
    const cart = requireOpenCart(ctx, args.cart_id);
    const line = requireLine(ctx, cart, args.line_id);
    const next = editableCart(cart);
    next.lines.splice(cart.lines.indexOf(line), 1);
    return touch(ctx, next);
  },
});

export const applyCartCoupon = defineTool<ShoppingState, { cart_id: string; code: string }>({
  name: 'apply_cart_coupon',
  description:
    'Apply a discount code to a cart (one code per cart; codes are case-insensitive). Percentage and fixed-amount codes reduce the merchandise total (only items of the code\'s categories, when it has any); free-shipping codes waive standard shipping. Fails when the code does not exist, is expired or not active yet (relative to today), is below its minimum subtotal (the message says how much more to add), does not apply to the cart\'s categories, or was already used. Returns the re-priced cart.',
  input: {
    type: 'object',
    properties: {
      cart_id: cartIdProperty,
      code: { type: 'string', minLength: 1, maxLength: 40, description: 'Discount code, e.g. "SPRING20".' },
    },
    required: ['cart_id', 'code'],
    additionalProperties: false,
  },
  output: cartSchema,
  annotations: { title: 'Apply coupon', readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  handler(args, ctx) {
    const cart = requireOpenCart(ctx, args.cart_id);
    const code = args.code.trim().toUpperCase();
    const coupon = readable(ctx).coupons[code];
    if (coupon === undefined) return ctx.fail(`coupon code "${args.code}" does not exist; check the spelling of the code`);
    if (cart.coupon_code === coupon.code) return cartView(readable(ctx), cart, ctx.now);
    if (cart.coupon_code !== null) {
      return ctx.fail(`cart ${cart.id} already has coupon ${cart.coupon_code}; only one code per cart — remove it first with remove_cart_coupon`);
    }
    if (cart.lines.length === 0) return ctx.fail(`cart ${cart.id} is empty; add items with add_cart_line before applying a coupon`);
    const problem = couponProblem(readable(ctx), coupon, cart, ctx.now);
    if (problem !== undefined) return ctx.fail(problem);
    const next = editableCart(cart);
    next.coupon_code = coupon.code;
    return touch(ctx, next, true);
  },
});

export const removeCartCoupon = defineTool<ShoppingState, { cart_id: string }>({
  name: 'remove_cart_coupon',
  description: 'Remove the discount code from a cart. Returns the re-priced cart.',
  input: { type: 'object', properties: { cart_id: cartIdProperty }, required: ['cart_id'], additionalProperties: false },
  output: cartSchema,
  annotations: { title: 'Remove coupon', readOnlyHint: false, destructiveHint: true, idempotentHint: true },
  handler(args, ctx) {
    const cart = requireOpenCart(ctx, args.cart_id);
    if (cart.coupon_code === null) return ctx.fail(`cart ${cart.id} has no coupon applied; apply one with apply_cart_coupon`);
    const next = editableCart(cart);
    next.coupon_code = null;
    return touch(ctx, next);
  },
});

/** Country for a shipping question: explicit, else the cart's address, else the customer's default address. */
function destinationOf(ctx: Context, cart: Cart, countryCode: string | undefined): { country: string; postal: string | null } {
  if (countryCode !== undefined) return { country: countryCode.toUpperCase(), postal: null };
  if (cart.shipping_address !== null) return { country: cart.shipping_address.country_code, postal: cart.shipping_address.postal_code };
  const customer = readable(ctx).customers[cart.customer_id];
  const address = customer?.default_address_id ? readable(ctx).addresses[customer.default_address_id] : undefined;
  if (address !== undefined) return { country: address.country_code, postal: address.postal_code };
  return ctx.fail(`cart ${cart.id} has no shipping address and its customer has no default address; pass country_code or set an address with set_cart_shipping_address`);
}

export const estimateCartShipping = defineTool<ShoppingState, { cart_id: string; country_code?: string; postal_code?: string }>({
  name: 'estimate_cart_shipping',
  description:
    `Quote the shipping methods (standard, express, overnight) for a cart: price in USD and delivery window (dates, business days from today), and which methods are unavailable and why (overnight is US-only and limited to 20 kg). Destination: country_code if given, else the cart's shipping address, else the customer's default address. Standard shipping within the US is free from ${formatMoney(FREE_STANDARD_SHIPPING_FROM_CENTS)} of merchandise after discounts. Read-only; choose a method with select_cart_shipping_method.`,
  input: {
    type: 'object',
    properties: {
      cart_id: cartIdProperty,
      country_code: { type: 'string', pattern: '^[A-Za-z]{2}$', description: `ISO 3166-1 alpha-2 destination country. Ships to: ${Object.keys(SHIPPING_COUNTRIES).join(', ')}.` },
      postal_code: { type: 'string', maxLength: 12, description: 'Destination postal code, checked against the country\'s format.' },
    },
    required: ['cart_id'],
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: {
      cart_id: { type: 'string' },
      destination: {
        type: 'object',
        properties: { country_code: { type: 'string' }, postal_code: { type: ['string', 'null'] } },
        required: ['country_code', 'postal_code'],
        additionalProperties: false,
      },
      weight_kg: { type: 'number' },
      merchandise_total: { ...moneySchema, description: 'Subtotal after merchandise discounts, in USD.' },
      rates: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            method: { type: 'string', enum: [...SHIPPING_METHOD_CODES] },
            name: { type: 'string' },
            price: moneySchema,
            free_shipping_applied: { type: 'boolean' },
            earliest_delivery: { type: 'string', description: 'YYYY-MM-DD' },
            latest_delivery: { type: 'string', description: 'YYYY-MM-DD' },
          },
          required: ['method', 'name', 'price', 'free_shipping_applied', 'earliest_delivery', 'latest_delivery'],
          additionalProperties: false,
        },
      },
      unavailable: {
        type: 'array',
        items: {
          type: 'object',
          properties: { method: { type: 'string' }, reason: { type: 'string' } },
          required: ['method', 'reason'],
          additionalProperties: false,
        },
      },
      currency: { type: 'string' },
    },
    required: ['cart_id', 'destination', 'weight_kg', 'merchandise_total', 'rates', 'unavailable', 'currency'],
    additionalProperties: false,
  },
  annotations: { title: 'Estimate shipping', readOnlyHint: true, idempotentHint: true },
  handler(args, ctx) {
    const cart = requireCart(ctx, args.cart_id);
    if (cart.lines.length === 0) return ctx.fail(`cart ${cart.id} is empty; add items with add_cart_line before estimating shipping`);
    const destination = destinationOf(ctx, cart, args.country_code);
    const country = SHIPPING_COUNTRIES[destination.country];
    if (country === undefined) return ctx.fail(`the store does not ship to ${destination.country}; it ships to ${supportedCountriesText()}`);
    const postal = args.postal_code ?? destination.postal;
    if (args.postal_code !== undefined && !country.postal.test(args.postal_code.trim())) {
      return ctx.fail(`postal code "${args.postal_code}" is not valid for ${country.name}; expected a format like ${country.postalExample}`);
    }
    const merchandise = cart.subtotal_cents - cart.discount_cents;
    const quote = quoteShipping(readable(ctx), cart.lines, destination.country, merchandise);
    return {
      cart_id: cart.id,
      destination: { country_code: destination.country, postal_code: postal === null ? null : postal.trim() },
      weight_kg: Math.round(quote.weight_grams / 100) / 10,
      merchandise_total: money(merchandise),
      rates: quote.rates.map((rate) => ({
        method: rate.method,
        name: rate.name,
        price: money(rate.price_cents),
        free_shipping_applied: rate.free_shipping_applied,
        earliest_delivery: addBusinessDays(ctx.now, rate.min_days),
        latest_delivery: addBusinessDays(ctx.now, rate.max_days),
      })),
      unavailable: quote.unavailable.map((u) => ({ method: u.method, reason: u.reason })),
      currency: CURRENCY,
    };
  },
});

export const cartTools: ToolDefinition<ShoppingState>[] = [
  createCart,
  getCart,
  addCartLine,
  updateCartLine,
  removeCartLine,
  applyCartCoupon,
  removeCartCoupon,
  estimateCartShipping,
];
