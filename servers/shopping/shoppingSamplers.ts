import type { DomainSampler } from '../kit/Domain.js';
import { entryValues, getEntry } from '../kit/bucketedRecord.js';
import { money } from './cartPricing.js';
import { cardExpired } from './checkoutTools.js';
import type { ShoppingState } from './ShoppingState.js';
import { RETURN_WINDOW_DAYS, SHOPPING_REFERENCE_DATE } from './ShoppingState.js';
import { productPriceRange, returnWindowEnd } from './shoppingViews.js';

/**
 * Read-only discovery of the entities a grounded shopping query can mention. Each sampler keeps
 * only entities with enough behind them (products in stock with reviews, customers who can check
 * out, orders that can be cancelled, tracked or returned) and returns the values a shopper says.
 * Samplers see no session clock, so "now" is the world's reference date.
 */

const TODAY = SHOPPING_REFERENCE_DATE.slice(0, 10);
const NOW_MS = Date.parse(SHOPPING_REFERENCE_DATE);

export const shoppingSamplers: DomainSampler<ShoppingState>[] = [
  {
    collection: 'categories',
    description: 'Categories with at least five products in stock: id, name and price range (USD).',
    sample(state) {
      const out: Array<Record<string, unknown>> = [];
      for (const category of Object.values(state.categories)) {
        const ranges = category.product_ids.map((id) => productPriceRange(state, state.products[id]));
        const inStock = ranges.filter((r) => r.stock > 0);
        if (inStock.length < 5) continue;
        out.push({
          category_id: category.id,
          name: category.name,
          in_stock_products: inStock.length,
          price_min: money(Math.min(...ranges.map((r) => r.min))),
          price_max: money(Math.max(...ranges.map((r) => r.max))),
        });
      }
      return out;
    },
  },
  {
    collection: 'products',
    description: 'Products with a variant in stock and at least one review: id, title, brand, category, price range, rating and in-stock variants with their options.',
    sample(state) {
      const out: Array<Record<string, unknown>> = [];
      for (const product of Object.values(state.products)) {
        if (product.review_count === 0) continue;
        const inStock = product.variant_ids.map((id) => getEntry(state.variants, id)!).filter((v) => v.stock > 0);
        if (inStock.length === 0) continue;
        const range = productPriceRange(state, product);
        out.push({
          product_id: product.id,
          title: product.title,
          brand: product.brand,
          category_id: product.category_id,
          price_min: money(range.min),
          price_max: money(range.max),
          rating_average: product.rating_average,
          review_count: product.review_count,
          final_sale: product.final_sale,
          max_per_order: product.max_per_order,
          variants: inStock.slice(0, 6).map((v) => ({ variant_id: v.id, title: v.title, options: v.options, price: money(v.price_cents), stock: v.stock })),
        });
      }
      return out;
    },
  },
  {
    collection: 'scarce_variants',
    description: 'Variants that are out of stock or nearly so (for insufficient-stock queries): id, product, options and units left.',
    sample(state) {
      const out: Array<Record<string, unknown>> = [];
      for (const variant of entryValues(state.variants)) {
        if (variant.stock > 3) continue;
        const product = state.products[variant.product_id];
        out.push({ variant_id: variant.id, product_id: product.id, product_title: product.title, title: variant.title, options: variant.options, stock: variant.stock });
      }
      return out;
    },
  },
  {
    collection: 'customers',
    description: 'Customers with a default address and a card that has not expired: id, name, email, home city and country, order count, wishlist size.',
    sample(state) {
      const out: Array<Record<string, unknown>> = [];
      for (const customer of Object.values(state.customers)) {
        if (customer.default_address_id === null) continue;
        const cards = customer.payment_method_ids.map((id) => state.payment_methods[id]);
        if (!cards.some((card) => !cardExpired(card, TODAY))) continue;
        const home = state.addresses[customer.default_address_id];
        out.push({
          customer_id: customer.id,
          name: `${customer.first_name} ${customer.last_name}`,
          email: customer.email,
          city: home.city,
          country_code: home.country_code,
          address_ids: [...customer.address_ids],
          payment_method_ids: [...customer.payment_method_ids],
          default_card_expired: customer.default_payment_method_id !== null && cardExpired(state.payment_methods[customer.default_payment_method_id], TODAY),
          order_count: customer.order_ids.length,
          wishlist_size: customer.wishlist.length,
        });
      }
      return out;
    },
  },
  {
    collection: 'orders',
    description: `Orders with what can be done with them today: cancel (unfulfilled), track (shipped), return (delivered within ${RETURN_WINDOW_DAYS} days, not final sale).`,
    sample(state) {
      const out: Array<Record<string, unknown>> = [];
      for (const order of entryValues(state.orders)) {
        const windowEnd = returnWindowEnd(order);
        const returnable = order.status === 'delivered' && windowEnd !== null && Date.parse(windowEnd) >= NOW_MS
          && order.lines.some((line) => line.returned_quantity < line.quantity && !state.products[line.product_id]?.final_sale);
        out.push({
          order_id: order.id,
          order_number: order.name,
          // What the customer calls it (the number of the confirmation email): synthesis names the order by it and looks the id up.
          name: `order ${order.name}`,
          customer_id: order.customer_id,
          status: order.status,
          placed_at: order.placed_at,
          total: money(order.total_cents),
          items: order.lines.map((line) => ({ variant_id: line.variant_id, product_title: line.product_title, variant_title: line.variant_title, quantity: line.quantity })),
          can_cancel: order.status === 'unfulfilled',
          can_track: order.fulfillment !== null && order.status !== 'cancelled',
          can_return: returnable,
          return_window_ends: windowEnd?.slice(0, 10) ?? null,
        });
      }
      return out;
    },
  },
  {
    collection: 'coupons',
    description: 'Every coupon with its terms and its status today (active, expired, scheduled, exhausted).',
    sample(state) {
      return Object.values(state.coupons).map((coupon) => {
        const status = Date.parse(coupon.starts_at) > NOW_MS
          ? 'scheduled'
          : Date.parse(coupon.expires_at) <= NOW_MS
            ? 'expired'
            : coupon.usage_limit !== null && coupon.times_used >= coupon.usage_limit
              ? 'exhausted'
              : 'active';
        return {
          code: coupon.code,
          description: coupon.description,
          kind: coupon.kind,
          min_subtotal: money(coupon.min_subtotal_cents),
          category_ids: coupon.category_ids,
          starts_on: coupon.starts_at.slice(0, 10),
          expires_on: coupon.expires_at.slice(0, 10),
          once_per_customer: coupon.once_per_customer,
          status,
        };
      });
    },
  },
  {
    collection: 'carts',
    description: 'Open carts with items: id, customer, lines (line id, variant, quantity) and whether an address and shipping method are set.',
    sample(state) {
      const out: Array<Record<string, unknown>> = [];
      for (const cart of Object.values(state.carts)) {
        if (cart.status !== 'open' || cart.lines.length === 0) continue;
        out.push({
          cart_id: cart.id,
          // A shopper has one open cart in this world and calls it theirs; the assistant finds its id in their account.
          name: 'my cart',
          customer_id: cart.customer_id,
          lines: cart.lines.map((line) => ({ line_id: line.id, variant_id: line.variant_id, quantity: line.quantity, in_stock: getEntry(state.variants, line.variant_id)!.stock })),
          coupon_code: cart.coupon_code,
          has_shipping_address: cart.shipping_address !== null,
          shipping_method: cart.shipping_method,
          total: money(cart.total_cents),
        });
      }
      return out;
    },
  },
  {
    collection: 'returns',
    description: 'Return requests: id, order, status and refund (USD).',
    sample(state) {
      return Object.values(state.returns).map((request) => ({
        return_id: request.id,
        // Named by its order's number, as the customer knows it; the assistant finds the id in their orders.
        name: `the return for order ${getEntry(state.orders, request.order_id)!.name}`,
        order_id: request.order_id,
        customer_id: request.customer_id,
        status: request.status,
        refund: money(request.refund_cents),
      }));
    },
  },
];
