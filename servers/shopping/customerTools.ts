import { defineTool, type ToolDefinition } from '../kit/Domain.js';
import { ownEntry } from '../kit/ownEntry.js';
import { shallowCopy } from '../kit/shallowCopy.js';
import { money } from './cartPricing.js';
import { cardExpired } from './checkoutTools.js';
import { appended, putEntry } from './shoppingWrites.js';
import { readable, requireCustomer, requireProduct } from './shoppingLookups.js';
import type { Customer, ShoppingState } from './ShoppingState.js';
import { MAX_WISHLIST_ITEMS } from './ShoppingState.js';
import { moneySchema, productPriceRange, savedAddressSchema } from './shoppingViews.js';

/** Customer accounts, after the Shopify Customer Account API: profile, address book, saved cards, wishlist. */

const wishlistSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      product_id: { type: 'string' },
      title: { type: 'string' },
      price_min: moneySchema,
      in_stock: { type: 'boolean' },
    },
    required: ['product_id', 'title', 'price_min', 'in_stock'],
    additionalProperties: false,
  },
};

function wishlistView(state: ShoppingState, wishlist: readonly string[]) {
  const view: Array<{ product_id: string; title: string; price_min: number; in_stock: boolean }> = [];
  for (const productId of wishlist) {
    const product = state.products[productId];
    const range = productPriceRange(state, product);
    view.push({ product_id: product.id, title: product.title, price_min: money(range.min), in_stock: range.stock > 0 });
  }
  return view;
}

/** The customer's carts that are not checked out, oldest first (cart ids count up). */
function openCarts(state: ShoppingState, customerId: string): Array<{ cart_id: string; item_count: number; total: number; updated_at: string }> {
  const out: Array<{ cart_id: string; item_count: number; total: number; updated_at: string; n: number }> = [];
  for (const cart of Object.values(state.carts)) {
    if (cart.customer_id !== customerId || cart.status !== 'open') continue;
    out.push({ cart_id: cart.id, item_count: cart.lines.reduce((sum, line) => sum + line.quantity, 0), total: money(cart.total_cents), updated_at: cart.updated_at, n: Number(cart.id.slice(cart.id.indexOf('_') + 1)) });
  }
  return out.sort((a, b) => a.n - b.n).map(({ n: _n, ...cart }) => cart);
}

export const getCustomerAccount = defineTool<ShoppingState, { customer_id?: string; email?: string }>({
  name: 'get_customer_account',
  description:
    'Look up a customer account by customer_id or by email: name, contact details, saved addresses (address book, with the default), payment methods on file (brand, last 4 digits, expiry, whether expired, the default), wishlist, number of orders and open carts (oldest first). Use the address ids with set_cart_shipping_address, the payment method ids with complete_checkout and the cart ids with the cart tools.',
  input: {
    type: 'object',
    properties: {
      customer_id: { type: 'string', maxLength: 100, description: 'Customer id, e.g. "cust_104". Either this or email.' },
      email: { type: 'string', maxLength: 200, description: 'The customer\'s email address (case-insensitive). Either this or customer_id.' },
    },
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: {
      customer_id: { type: 'string' },
      first_name: { type: 'string' },
      last_name: { type: 'string' },
      email: { type: 'string' },
      phone: { type: ['string', 'null'] },
      member_since: { type: 'string', description: 'YYYY-MM-DD' },
      default_address_id: { type: ['string', 'null'] },
      addresses: { type: 'array', items: savedAddressSchema },
      payment_methods: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            payment_method_id: { type: 'string' },
            brand: { type: 'string' },
            last4: { type: 'string' },
            exp_month: { type: 'integer' },
            exp_year: { type: 'integer' },
            expired: { type: 'boolean', description: 'Expired relative to today; an expired card cannot pay.' },
            is_default: { type: 'boolean' },
          },
          required: ['payment_method_id', 'brand', 'last4', 'exp_month', 'exp_year', 'expired', 'is_default'],
          additionalProperties: false,
        },
      },
      wishlist: wishlistSchema,
      order_count: { type: 'integer' },
      open_carts: {
        type: 'array',
        description: 'Carts not checked out yet, oldest first.',
        items: {
          type: 'object',
          properties: { cart_id: { type: 'string' }, item_count: { type: 'integer' }, total: moneySchema, updated_at: { type: 'string' } },
          required: ['cart_id', 'item_count', 'total', 'updated_at'],
          additionalProperties: false,
        },
      },
    },
    required: ['customer_id', 'first_name', 'last_name', 'email', 'phone', 'member_since', 'default_address_id', 'addresses', 'payment_methods', 'wishlist', 'order_count', 'open_carts'],
    additionalProperties: false,
  },
  annotations: { title: 'Get customer account', readOnlyHint: true, idempotentHint: true },
  handler(args, ctx) {
    const state = ctx.state;
    if (args.customer_id === undefined && args.email === undefined) return ctx.fail('pass customer_id (e.g. "cust_104") or email');
    let customer: Customer;
    if (args.customer_id !== undefined) {
      customer = requireCustomer(ctx, args.customer_id);
      if (args.email !== undefined && customer.email !== args.email.trim().toLowerCase()) {
        return ctx.fail(`customer ${customer.id} does not have email ${args.email}; pass only one of customer_id or email`);
      }
    } else {
      const id = ownEntry(state.customer_ids_by_email, args.email!.trim().toLowerCase());
      if (id === undefined) return ctx.fail(`no customer account has the email ${args.email}; check the address or look the customer up by customer_id`);
      customer = state.customers[id];
    }
    return {
      customer_id: customer.id,
      first_name: customer.first_name,
      last_name: customer.last_name,
      email: customer.email,
      phone: customer.phone,
      member_since: customer.created_at.slice(0, 10),
      default_address_id: customer.default_address_id,
      addresses: customer.address_ids.map((id) => {
        const a = state.addresses[id];
        return {
          address_id: a.id,
          is_default: a.id === customer.default_address_id,
          first_name: a.first_name,
          last_name: a.last_name,
          address1: a.address1,
          address2: a.address2,
          city: a.city,
          province_code: a.province_code,
          postal_code: a.postal_code,
          country_code: a.country_code,
          phone: a.phone,
        };
      }),
      payment_methods: customer.payment_method_ids.map((id) => {
        const pm = state.payment_methods[id];
        return {
          payment_method_id: pm.id,
          brand: pm.brand,
          last4: pm.last4,
          exp_month: pm.exp_month,
          exp_year: pm.exp_year,
          expired: cardExpired(pm, ctx.today),
          is_default: pm.id === customer.default_payment_method_id,
        };
      }),
      wishlist: wishlistView(state, customer.wishlist),
      order_count: customer.order_ids.length,
      open_carts: openCarts(state, customer.id),
    };
  },
});

export const updateWishlist = defineTool<ShoppingState, { customer_id: string; product_id: string; action: 'add' | 'remove' }>({
  name: 'update_wishlist',
  description:
    `Add a product to a customer's wishlist or remove it (adding one that is already there changes nothing). A wishlist holds at most ${MAX_WISHLIST_ITEMS} products. Returns the wishlist after the change and whether it changed.`,
  input: {
    type: 'object',
    properties: {
      customer_id: { type: 'string', maxLength: 100, description: 'Customer id, e.g. "cust_104".' },
      product_id: { type: 'string', maxLength: 100, description: 'Product id, e.g. "prod_104".' },
      action: { type: 'string', enum: ['add', 'remove'], description: 'Add the product or remove it.' },
    },
    required: ['customer_id', 'product_id', 'action'],
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: {
      customer_id: { type: 'string' },
      changed: { type: 'boolean' },
      wishlist: wishlistSchema,
    },
    required: ['customer_id', 'changed', 'wishlist'],
    additionalProperties: false,
  },
  annotations: { title: 'Update wishlist', readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  handler(args, ctx) {
    const state = readable(ctx);
    const customer = requireCustomer(ctx, args.customer_id);
    const product = requireProduct(ctx, args.product_id);
    const index = customer.wishlist.indexOf(product.id);
    let wishlist = customer.wishlist;
    if (args.action === 'add') {
      if (index < 0) {
        if (wishlist.length >= MAX_WISHLIST_ITEMS) {
          return ctx.fail(`the wishlist of ${customer.id} is full (${MAX_WISHLIST_ITEMS} products); remove a product first`);
        }
        wishlist = appended(wishlist, product.id);
      }
    } else {
      if (index < 0) {
        const current = wishlist.map((id) => `${id} (${state.products[id].title})`).join(', ');
        return ctx.fail(`'${product.title}' (${product.id}) is not on the wishlist of ${customer.id}; the wishlist holds: ${current || '(nothing)'}`);
      }
      wishlist = [...wishlist];
      wishlist.splice(index, 1);
    }
    const changed = wishlist !== customer.wishlist;
    if (changed) {
      const next = shallowCopy(customer);
      next.wishlist = Object.freeze(wishlist) as string[];
      putEntry(ctx, 'customers', customer.id, Object.freeze(next));
    }
    return { customer_id: customer.id, changed, wishlist: wishlistView(state, wishlist) };
  },
});

export const customerTools: ToolDefinition<ShoppingState>[] = [getCustomerAccount, updateWishlist];
