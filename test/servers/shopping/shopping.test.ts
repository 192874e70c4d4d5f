import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { entryCount, entryValues, getEntry } from '../../../servers/kit/bucketedRecord.js';
import { domainRuntime, type DomainSession } from '../../../servers/kit/DomainSession.js';
import { loadFixture } from '../../../servers/kit/fixtures.js';
import { generateWorld, stableJson } from '../../../servers/shopping/generateWorld.js';
import { shoppingDomain } from '../../../servers/shopping/ShoppingDomain.js';
import { shoppingInvariants } from '../../../servers/shopping/shoppingInvariants.js';
import type { ShoppingState, Variant } from '../../../servers/shopping/ShoppingState.js';
import { REPO_ROOT } from '../../support/project.js';
import { shoppingCases } from './cases.js';
import { ok, refused } from '../support/domainCalls.js';

const runtime = domainRuntime(shoppingDomain);
const world = loadFixture<ShoppingState>('shopping');

function open(referenceDate?: string): DomainSession<ShoppingState> {
  return runtime.openSession(referenceDate === undefined ? {} : { referenceDate }) as DomainSession<ShoppingState>;
}

const stockOf = (session: DomainSession<ShoppingState>, variantId: string): number => getEntry(session.state.variants, variantId)!.stock;

/** An in-stock variant matching a predicate, from the fixture (so tests follow the data, not magic ids). */
function findVariant(predicate: (v: Variant, p: ShoppingState['products'][string]) => boolean) {
  const variant = entryValues(world.variants).find((v) => predicate(v, world.products[v.product_id]));
  if (variant === undefined) throw new Error('the fixture has no variant for this test');
  return variant;
}

/** A cart for the customer, filled with `lines`, shipped to their default address by `method`. */
function readyCart(session: DomainSession<ShoppingState>, customerId: string, lines: Array<[string, number]>, method = 'standard'): string {
  const cart = ok(session, 'create_cart', { customer_id: customerId }).cart_id as string;
  for (const [variantId, quantity] of lines) ok(session, 'add_cart_line', { cart_id: cart, variant_id: variantId, quantity });
  ok(session, 'set_cart_shipping_address', { cart_id: cart, address_id: world.customers[customerId].default_address_id });
  ok(session, 'select_cart_shipping_method', { cart_id: cart, method });
  return cart;
}

const usCustomerWithValidCard = Object.values(world.customers).find((c) => {
  const home = world.addresses[c.default_address_id!];
  const card = world.payment_methods[c.default_payment_method_id!];
  return home.country_code === 'US' && card.exp_year >= 2027 && !c.order_ids.some((id) => getEntry(world.orders, id)!.coupon_code === 'WELCOME10');
})!;

describe('shopping: the world', () => {
  it('generateWorld(42) is exactly the committed fixture, byte for byte; another seed gives another world', () => {
    expect(generateWorld(42)).to.deep.equal(world);
    expect(readFileSync(join(REPO_ROOT, 'fixtures', 'shopping', 'world.json'), 'utf8')).to.equal(stableJson(generateWorld(42)));
    expect(generateWorld(7)).to.not.deep.equal(world);
    expect(stableJson(generateWorld(7))).to.equal(stableJson(generateWorld(7)));
  });

  it('is realistic and varied: ~150 products with ~500 variants in 12 categories, 40 customers, 200 orders, 16 coupons, hundreds of reviews', () => {
    const count = (o: object) => Object.keys(o).length;
    expect(count(world.categories)).to.equal(12);
    expect(count(world.products)).to.be.within(140, 170);
    expect(entryCount(world.variants)).to.be.within(430, 560);
    expect(count(world.customers)).to.equal(40);
    expect(entryCount(world.orders)).to.equal(200);
    expect(count(world.coupons)).to.equal(16);
    expect(count(world.reviews)).to.be.within(450, 900);
    const statuses = new Set(entryValues(world.orders).map((o) => o.status));
    expect([...statuses].sort()).to.deep.equal(['cancelled', 'delivered', 'fulfilled', 'unfulfilled']);
    const outOfStock = entryValues(world.variants).filter((v) => v.stock === 0).length;
    expect(outOfStock).to.be.within(10, 60);
    expect(new Set(Object.values(world.products).map((p) => p.brand)).size).to.be.above(40);
    for (const category of Object.values(world.categories)) expect(category.product_ids.length).to.be.within(10, 14);
  });

  it('every date lies before the reference date, except coupon periods and delivery estimates', () => {
    const reference = Date.parse(shoppingDomain.defaultReferenceDate);
    const past = [
      ...entryValues(world.orders).flatMap((o) => [o.placed_at, o.cancelled_at, o.fulfillment?.shipped_at, o.fulfillment?.delivered_at]),
      ...Object.values(world.reviews).map((r) => r.created_at),
      ...Object.values(world.returns).map((r) => r.requested_at),
      ...Object.values(world.customers).map((c) => c.created_at),
    ].filter((d): d is string => typeof d === 'string');
    for (const date of past) expect(Date.parse(date), date).to.be.at.most(reference);
  });
});

describe('shopping: catalog', () => {
  it('filters combine: every result is in the category, has a variant in the price range with stock, and pages do not overlap', () => {
    const session = open();
    const first = ok(session, 'search_catalog_products', { category_id: 'cat_electronics', min_price: 40, max_price: 200, in_stock_only: true, sort: 'price_asc', limit: 5 });
    const second = ok(session, 'search_catalog_products', { category_id: 'cat_electronics', min_price: 40, max_price: 200, in_stock_only: true, sort: 'price_asc', limit: 5, offset: 5 });
    const all = [...first.products, ...second.products];
    expect(first.total_count).to.be.above(5);
    expect(new Set(all.map((p: { product_id: string }) => p.product_id)).size).to.equal(all.length);
    for (const summary of all) {
      expect(summary.category_id).to.equal('cat_electronics');
      const product = world.products[summary.product_id];
      const fits = product.variant_ids.some((id) => getEntry(world.variants, id)!.stock > 0 && getEntry(world.variants, id)!.price_cents >= 4000 && getEntry(world.variants, id)!.price_cents <= 20000);
      expect(fits, summary.product_id).to.equal(true);
    }
    const mins = all.map((p: { price_min: number }) => p.price_min);
    expect(mins).to.deep.equal([...mins].sort((a, b) => a - b));
  });

  it('text search needs every word to match and ranks title matches first', () => {
    const session = open();
    const result = ok(session, 'search_catalog_products', { query: 'leather boot' });
    expect(result.total_count).to.be.above(0);
    for (const p of result.products) expect(`${p.title} ${world.products[p.product_id].tags.join(' ')} ${world.products[p.product_id].description}`.toLowerCase()).to.include('leather');
    expect(result.products[0].title.toLowerCase()).to.include('boot');
    expect(ok(session, 'search_catalog_products', { query: 'leather zeppelin' }).total_count).to.equal(0);
  });

  it('a product lists its option values in option order and each variant\'s stock', () => {
    const product = Object.values(world.products).find((p) => p.option_names.length === 2)!;
    const result = ok(open(), 'get_catalog_product', { product_id: product.id });
    expect(result.options.map((o: { name: string }) => o.name)).to.deep.equal(product.option_names);
    for (const variant of result.variants) expect(variant.available_quantity).to.equal(getEntry(world.variants, variant.variant_id)!.stock);
  });

  it('reviews filter by minimum rating and page without repeats', () => {
    const product = Object.values(world.products).find((p) => p.review_count >= 8)!;
    const session = open();
    const good = ok(session, 'list_product_reviews', { product_id: product.id, min_rating: 4, limit: 50 });
    expect(good.reviews.every((r: { rating: number }) => r.rating >= 4)).to.equal(true);
    expect(good.total_matching).to.equal(good.rating_histogram['4'] + good.rating_histogram['5']);
    const page1 = ok(session, 'list_product_reviews', { product_id: product.id, limit: 3 });
    const page2 = ok(session, 'list_product_reviews', { product_id: product.id, limit: 3, offset: 3 });
    const ids = [...page1.reviews, ...page2.reviews].map((r: { review_id: string }) => r.review_id);
    expect(new Set(ids).size).to.equal(6);
  });
});

describe('shopping: cart', () => {
  it('adding a variant already in the cart raises its line, and the stock check counts the units already there', () => {
    const variant = findVariant((v, p) => v.stock >= 3 && v.stock <= 8 && p.max_per_order >= 10);
    const session = open();
    const cart = ok(session, 'create_cart', { customer_id: 'cust_101' }).cart_id;
    ok(session, 'add_cart_line', { cart_id: cart, variant_id: variant.id, quantity: 2 });
    const merged = ok(session, 'add_cart_line', { cart_id: cart, variant_id: variant.id, quantity: 1 });
    expect(merged.lines).to.have.length(1);
    expect(merged.lines[0].quantity).to.equal(3);
    refused(session, 'add_cart_line', { cart_id: cart, variant_id: variant.id, quantity: variant.stock - 2 }, `only ${variant.stock} units`, 'the cart already holds 3');
  });

  it('cart totals always equal the sum of the lines minus discounts plus shipping', () => {
    const session = open();
    const shoes = findVariant((v, p) => p.category_id === 'cat_footwear' && v.stock >= 2);
    const book = findVariant((v, p) => p.category_id === 'cat_books' && v.stock >= 2);
    const cart = readyCart(session, usCustomerWithValidCard.id, [[shoes.id, 1], [book.id, 2]], 'express');
    const view = ok(session, 'apply_cart_coupon', { cart_id: cart, code: 'SHOES15' });
    const shoeLine = view.lines.find((l: { variant_id: string }) => l.variant_id === shoes.id);
    const bookLine = view.lines.find((l: { variant_id: string }) => l.variant_id === book.id);
    expect(shoeLine.line_discount).to.equal(Math.round(shoes.price_cents * 0.15) / 100);
    expect(bookLine.line_discount, 'a footwear coupon leaves books at full price').to.equal(0);
    const linesTotal = view.lines.reduce((sum: number, l: { line_total: number }) => sum + Math.round(l.line_total * 100), 0);
    expect(Math.round(view.total * 100)).to.equal(linesTotal + Math.round(view.shipping_total * 100) - Math.round(view.shipping_discount * 100));
    expect(Math.round(view.subtotal * 100) - Math.round(view.discount_total * 100)).to.equal(linesTotal);
  });

  it('a free-shipping coupon waives standard shipping only', () => {
    const session = open();
    const item = findVariant((v) => v.stock >= 2 && v.price_cents >= 5500 && v.price_cents <= 7000 && v.weight_grams < 3000);
    const cart = readyCart(session, usCustomerWithValidCard.id, [[item.id, 1]], 'express');
    const express = ok(session, 'apply_cart_coupon', { cart_id: cart, code: 'FREESHIP50' });
    expect(express.shipping_total).to.equal(14.99);
    expect(express.shipping_discount).to.equal(0);
    const standard = ok(session, 'select_cart_shipping_method', { cart_id: cart, method: 'standard' });
    expect(standard.shipping_total).to.equal(5.99);
    expect(standard.shipping_discount).to.equal(5.99);
    expect(standard.total).to.equal(item.price_cents / 100);
  });

  it('removing items below a coupon\'s minimum drops the coupon with a notice', () => {
    const session = open();
    const big = findVariant((v) => v.stock >= 2 && v.price_cents >= 8000 && v.price_cents <= 15000);
    const small = findVariant((v) => v.stock >= 2 && v.price_cents < 3000);
    const cart = ok(session, 'create_cart', { customer_id: 'cust_101' }).cart_id;
    ok(session, 'add_cart_line', { cart_id: cart, variant_id: big.id });
    const withSmall = ok(session, 'add_cart_line', { cart_id: cart, variant_id: small.id });
    ok(session, 'apply_cart_coupon', { cart_id: cart, code: 'SAVE15' });
    const bigLine = withSmall.lines.find((l: { variant_id: string }) => l.variant_id === big.id).line_id;
    const after = ok(session, 'remove_cart_line', { cart_id: cart, line_id: bigLine });
    expect(after.coupon).to.equal(null);
    expect(after.discount_total).to.equal(0);
    expect(after.notices.join(' ')).to.include('coupon SAVE15 was removed').and.include('at least 75.00 USD');
  });

  it('coupons: expired yesterday, exhausted, and unknown codes are refused with the reason', () => {
    const session = open();
    const pan = findVariant((v, p) => p.category_id === 'cat_home_kitchen' && v.stock >= 1);
    const cart = ok(session, 'create_cart', { customer_id: 'cust_101' }).cart_id;
    refused(session, 'apply_cart_coupon', { cart_id: cart, code: 'SAVE15' }, 'is empty', 'add_cart_line');
    ok(session, 'add_cart_line', { cart_id: cart, variant_id: pan.id });
    refused(session, 'apply_cart_coupon', { cart_id: cart, code: 'KITCHEN10' }, 'expired on 2026-03-15', 'today is 2026-03-16');
    refused(session, 'apply_cart_coupon', { cart_id: cart, code: 'FLASH25' }, 'usage limit of 50');
    refused(session, 'apply_cart_coupon', { cart_id: cart, code: 'HALFOFF' }, 'does not exist');
  });

  it('a coupon that is valid today is expired in a session whose clock is later', () => {
    const late = open('2026-05-01T09:00:00Z');
    const item = findVariant((v) => v.stock >= 1 && v.price_cents >= 10000);
    const cart = ok(late, 'create_cart', { customer_id: 'cust_101' }).cart_id;
    ok(late, 'add_cart_line', { cart_id: cart, variant_id: item.id });
    refused(late, 'apply_cart_coupon', { cart_id: cart, code: 'SPRING20' }, 'expired on 2026-05-01', 'today is 2026-05-01');
  });

  it('a cart holds at most 25 lines', () => {
    const session = open();
    const cart = ok(session, 'create_cart', { customer_id: 'cust_101' }).cart_id;
    const variants = entryValues(world.variants).filter((v) => v.stock > 0).slice(0, 26);
    for (const variant of variants.slice(0, 25)) ok(session, 'add_cart_line', { cart_id: cart, variant_id: variant.id });
    refused(session, 'add_cart_line', { cart_id: cart, variant_id: variants[25].id }, 'already has 25 lines');
  });

  it('overnight shipping is cleared with a notice when the cart grows past 20 kg', () => {
    const session = open();
    const light = findVariant((v) => v.stock >= 1 && v.weight_grams < 1000);
    const heavy = findVariant((v, p) => v.weight_grams > 10_000 && v.weight_grams < 20_000 && v.stock >= 2 && p.max_per_order >= 2);
    const cart = readyCart(session, usCustomerWithValidCard.id, [[light.id, 1]], 'overnight');
    const after = ok(session, 'add_cart_line', { cart_id: cart, variant_id: heavy.id, quantity: 2 });
    expect(after.shipping_method).to.equal(null);
    expect(after.notices.join(' ')).to.include('shipping method overnight was cleared');
    refused(session, 'select_cart_shipping_method', { cart_id: cart, method: 'overnight' }, 'limited to 20 kg');
    const quote = ok(session, 'estimate_cart_shipping', { cart_id: cart });
    expect(quote.unavailable.map((u: { method: string }) => u.method)).to.deep.equal(['overnight']);
    expect(quote.rates[0].price, 'standard is free above 75 USD even when heavy').to.equal(0);
    expect(quote.rates[1].price, 'express carries the weight surcharge').to.be.above(14.99);
  });
});

describe('shopping: checkout', () => {
  it('checkout takes stock for every line at once and counts the units as sold; stock + sold is unchanged', () => {
    const session = open();
    const a = findVariant((v) => v.stock >= 5);
    const b = findVariant((v) => v.stock >= 5 && v.id !== a.id);
    const cart = readyCart(session, usCustomerWithValidCard.id, [[a.id, 2], [b.id, 3]]);
    const order = ok(session, 'complete_checkout', { cart_id: cart });
    expect(stockOf(session, a.id)).to.equal(a.stock - 2);
    expect(stockOf(session, b.id)).to.equal(b.stock - 3);
    expect(getEntry(session.state.variants, a.id)!.sold).to.equal(a.sold + 2);
    expect(getEntry(session.state.variants, b.id)!.stock + getEntry(session.state.variants, b.id)!.sold).to.equal(b.stock + b.sold);
    expect(ok(session, 'get_order_details', { order_id: order.order_id }).lines).to.have.length(2);
  });

  it('two carts competing for the last units: the first checkout gets them, the second fails and changes nothing', () => {
    const session = open();
    const scarce = findVariant((v, p) => v.stock === 2 && p.max_per_order >= 2);
    const other = findVariant((v) => v.stock >= 10);
    const first = readyCart(session, usCustomerWithValidCard.id, [[scarce.id, 2]]);
    const second = readyCart(session, usCustomerWithValidCard.id, [[other.id, 1], [scarce.id, 1]]);
    ok(session, 'complete_checkout', { cart_id: first });
    refused(session, 'complete_checkout', { cart_id: second }, 'nothing was ordered', `only 0 units of`, scarce.id);
    expect(stockOf(session, other.id), 'the in-stock line was not taken either').to.equal(other.stock);
    expect(ok(session, 'get_cart', { cart_id: second }).status).to.equal('open');
  });

  it('an expired default card is refused and the valid card on file is named; paying with it works', () => {
    const customer = Object.values(world.customers).find((c) => {
      const cards = c.payment_method_ids.map((id) => world.payment_methods[id]);
      return cards.length === 2 && cards[0].exp_year * 12 + cards[0].exp_month < 2026 * 12 + 3 && cards[1].exp_year >= 2027;
    })!;
    const session = open();
    const item = findVariant((v) => v.stock >= 3);
    const cart = readyCart(session, customer.id, [[item.id, 1]]);
    const [expired, valid] = customer.payment_method_ids;
    refused(session, 'complete_checkout', { cart_id: cart }, `${expired}`, 'has expired', `valid payment methods on file: ${valid}`);
    expect(ok(session, 'complete_checkout', { cart_id: cart, payment_method_id: valid }).payment.payment_method_id).to.equal(valid);
  });

  it('a customer whose only card expired cannot check out', () => {
    const customer = Object.values(world.customers).find((c) => {
      const cards = c.payment_method_ids.map((id) => world.payment_methods[id]);
      return cards.length === 1 && cards[0].exp_year * 12 + cards[0].exp_month < 2026 * 12 + 3;
    })!;
    const session = open();
    const cart = readyCart(session, customer.id, [[findVariant((v) => v.stock >= 3).id, 1]]);
    refused(session, 'complete_checkout', { cart_id: cart }, 'has expired', 'no valid payment method on file');
  });

  it('a once-per-customer coupon used by a checkout in the session cannot be used again, and is free again after cancelling', () => {
    const session = open();
    const item = findVariant((v) => v.stock >= 5 && v.price_cents >= 2000);
    const first = readyCart(session, usCustomerWithValidCard.id, [[item.id, 1]]);
    ok(session, 'apply_cart_coupon', { cart_id: first, code: 'WELCOME10' });
    const second = readyCart(session, usCustomerWithValidCard.id, [[item.id, 1]]);
    ok(session, 'apply_cart_coupon', { cart_id: second, code: 'WELCOME10' });
    const order = ok(session, 'complete_checkout', { cart_id: first });
    refused(session, 'complete_checkout', { cart_id: second }, 'once per customer', order.order_number, 'remove_cart_coupon');
    const used = session.state.coupons.WELCOME10.times_used;
    ok(session, 'cancel_unfulfilled_order', { order_id: order.order_id, reason: 'other' });
    expect(session.state.coupons.WELCOME10.times_used).to.equal(used - 1);
    expect(ok(session, 'complete_checkout', { cart_id: second }).coupon_code).to.equal('WELCOME10');
  });

  it('a new address saved at checkout appears in the customer\'s address book', () => {
    const session = open();
    const cart = ok(session, 'create_cart', { customer_id: 'cust_101' }).cart_id;
    const saved = ok(session, 'set_cart_shipping_address', {
      cart_id: cart,
      address: { first_name: 'Sienna', last_name: 'Nguyen', address1: '12 Rue des Lilas', city: 'Lyon', postal_code: '69002', country_code: 'FR' },
      save_to_address_book: true,
    }).saved_address_id;
    const account = ok(session, 'get_customer_account', { customer_id: 'cust_101' });
    expect(account.addresses.at(-1)).to.include({ address_id: saved, city: 'Lyon', country_code: 'FR', is_default: false });
    refused(session, 'set_cart_shipping_address', { cart_id: cart, address: { first_name: 'S', last_name: 'N', address1: '1 Main St', city: 'Austin', postal_code: '78701', country_code: 'US' } }, 'province_code', 'TX');
    refused(session, 'set_cart_shipping_address', { cart_id: cart }, 'exactly one of address_id');
  });
});

describe('shopping: orders and returns', () => {
  it('an order is found by id, by number with # and by bare number', () => {
    const session = open();
    for (const ref of ['ord_1150', '#1150', '1150']) expect(ok(session, 'get_order_details', { order_id: ref }).order_id).to.equal('ord_1150');
  });

  it('cancelling restocks every line and a second cancel is refused', () => {
    const order = entryValues(world.orders).find((o) => o.status === 'unfulfilled')!;
    const session = open();
    const result = ok(session, 'cancel_unfulfilled_order', { order_id: order.id, reason: 'found_better_price' });
    expect(result.refund_amount).to.equal(order.total_cents / 100);
    for (const line of order.lines) expect(stockOf(session, line.variant_id)).to.equal(getEntry(world.variants, line.variant_id)!.stock + line.quantity);
    refused(session, 'cancel_unfulfilled_order', { order_id: order.id, reason: 'other' }, 'already cancelled');
    refused(session, 'track_order_shipment', { order_id: order.id }, 'was cancelled');
    refused(session, 'request_order_return', { order_id: order.id, items: [{ variant_id: order.lines[0].variant_id, quantity: 1 }], reason: 'other' }, 'cancelled');
    const listed = ok(session, 'list_customer_orders', { customer_id: order.customer_id, status: 'cancelled' });
    expect(listed.orders.map((o: { order_id: string }) => o.order_id)).to.include(order.id);
  });

  it('a delivered order cannot be cancelled; the message points to a return', () => {
    const order = entryValues(world.orders).find((o) => o.status === 'delivered')!;
    refused(open(), 'cancel_unfulfilled_order', { order_id: order.id, reason: 'other' }, 'cannot be cancelled', 'delivered on', 'request_order_return');
  });

  it('orders in transit and unshipped orders cannot be returned yet', () => {
    const session = open();
    const inTransit = entryValues(world.orders).find((o) => o.status === 'fulfilled')!;
    const unshipped = entryValues(world.orders).find((o) => o.status === 'unfulfilled')!;
    refused(session, 'request_order_return', { order_id: inTransit.id, items: [{ variant_id: inTransit.lines[0].variant_id, quantity: 1 }], reason: 'other' }, 'has not been delivered yet');
    refused(session, 'request_order_return', { order_id: unshipped.id, items: [{ variant_id: unshipped.lines[0].variant_id, quantity: 1 }], reason: 'other' }, 'cancel_unfulfilled_order');
    expect(ok(session, 'track_order_shipment', { order_id: entryValues(world.orders).find((o) => o.status === 'delivered')!.id }).status).to.equal('delivered');
  });

  it('partial returns add up to the bought quantity, no further; duplicates and foreign variants are refused', () => {
    const reference = Date.parse(shoppingDomain.defaultReferenceDate);
    const order = entryValues(world.orders).find((o) => o.status === 'delivered'
      && reference - Date.parse(o.fulfillment!.delivered_at!) < 20 * 86_400_000
      && o.lines.some((l) => l.quantity >= 2 && l.returned_quantity === 0 && !world.products[l.product_id].final_sale))!;
    const line = order.lines.find((l) => l.quantity >= 2 && l.returned_quantity === 0 && !world.products[l.product_id].final_sale)!;
    const session = open();
    const item = (quantity: number) => ({ order_id: order.id, items: [{ variant_id: line.variant_id, quantity }], reason: 'changed_mind' });
    const first = ok(session, 'request_order_return', item(1));
    expect(first.refund_total).to.equal(Math.round((line.quantity * line.unit_price_cents - line.discount_cents) / line.quantity) / 100);
    ok(session, 'request_order_return', item(line.quantity - 1));
    refused(session, 'request_order_return', item(1), `${line.quantity} already in a return`, 'at most 0 can be returned');
    refused(session, 'request_order_return', { order_id: order.id, items: [{ variant_id: 'var_9999', quantity: 1 }], reason: 'other' }, 'no line with variant var_9999', line.variant_id);
    refused(session, 'request_order_return', { order_id: order.id, items: [{ variant_id: line.variant_id, quantity: 1 }, { variant_id: line.variant_id, quantity: 1 }], reason: 'other' }, 'appears twice');
    const details = ok(session, 'get_order_details', { order_id: order.id });
    expect(details.lines.find((l: { variant_id: string }) => l.variant_id === line.variant_id).returned_quantity).to.equal(line.quantity);
    expect(details.return_ids).to.include(first.return_id);
  });

  it('the return window is measured from delivery against the session clock', () => {
    const reference = Date.parse(shoppingDomain.defaultReferenceDate);
    const order = entryValues(world.orders).find((o) => o.status === 'delivered'
      && reference - Date.parse(o.fulfillment!.delivered_at!) < 10 * 86_400_000
      && o.lines.some((l) => !world.products[l.product_id].final_sale && l.returned_quantity < l.quantity))!;
    const line = order.lines.find((l) => !world.products[l.product_id].final_sale && l.returned_quantity < l.quantity)!;
    const args = { order_id: order.id, items: [{ variant_id: line.variant_id, quantity: 1 }], reason: 'defective' };
    ok(open(), 'request_order_return', args);
    const closes = new Date(Date.parse(order.fulfillment!.delivered_at!) + 30 * 86_400_000).toISOString().slice(0, 10);
    refused(open('2026-06-01T12:00:00Z'), 'request_order_return', args, `return window closed on ${closes}`, 'today is 2026-06-01');
  });
});

describe('shopping: customer account and wishlist', () => {
  it('adding twice changes the wishlist once; removing makes it disappear from the account', () => {
    const session = open();
    const product = Object.values(world.products).find((p) => !world.customers.cust_101.wishlist.includes(p.id))!;
    expect(ok(session, 'update_wishlist', { customer_id: 'cust_101', product_id: product.id, action: 'add' }).changed).to.equal(true);
    expect(ok(session, 'update_wishlist', { customer_id: 'cust_101', product_id: product.id, action: 'add' }).changed).to.equal(false);
    expect(ok(session, 'get_customer_account', { customer_id: 'cust_101' }).wishlist.map((w: { product_id: string }) => w.product_id)).to.include(product.id);
    ok(session, 'update_wishlist', { customer_id: 'cust_101', product_id: product.id, action: 'remove' });
    expect(ok(session, 'get_customer_account', { customer_id: 'cust_101' }).wishlist.map((w: { product_id: string }) => w.product_id)).to.not.include(product.id);
  });

  it('an account lookup needs an id or an email, and both must agree', () => {
    const session = open();
    refused(session, 'get_customer_account', {}, 'customer_id', 'email');
    refused(session, 'get_customer_account', { customer_id: 'cust_101', email: 'someone@example.com' }, 'does not have email');
  });
});

describe('shopping: invariants and samplers', () => {
  it('every invariant holds on the fixture and after all conformance cases', () => {
    const session = open();
    expect(runtime.checkInvariants(session.state)).to.deep.equal([]);
    for (const item of shoppingCases) session.call(item.tool, item.args);
    expect(runtime.checkInvariants(session.state)).to.deep.equal([]);
  });

  it('each invariant catches the violation it is about', () => {
    const broken = (change: (state: ShoppingState) => void): string[] => {
      const state = structuredClone(world);
      change(state);
      return shoppingInvariants.map((inv) => inv.check(state, world)).filter((v): v is string => v !== undefined);
    };
    const variant = entryValues(world.variants)[0].id;
    expect(broken((s) => (getEntry(s.variants, variant)!.stock = -1)).join(' ')).to.include(`variant ${variant} has stock -1`);
    expect(broken((s) => (getEntry(s.variants, variant)!.stock += 1)).join(' ')).to.include('≠');
    expect(broken((s) => (s.carts.cart_1.total_cents += 1)).join(' ')).to.include('cart cart_1: total');
    expect(broken((s) => (getEntry(s.orders, 'ord_1001')!.lines[0].variant_id = 'var_0')).join(' ')).to.include('missing variant var_0');
    expect(broken((s) => (getEntry(s.orders, 'ord_1001')!.lines[0].returned_quantity = 99)).join(' ')).to.include('99 returned');
    expect(broken((s) => (s.coupons.FLASH25.times_used = 51)).join(' ')).to.include('limit 50');
    expect(broken((s) => s.customers.cust_101.wishlist.push('prod_0')).join(' ')).to.include('missing product prod_0');
  });

  it('samplers return only entities a query can act on', () => {
    const sampled = runtime.sample(world);
    expect(Object.keys(sampled).sort()).to.deep.equal(['carts', 'categories', 'coupons', 'customers', 'orders', 'products', 'returns', 'scarce_variants']);
    for (const [name, records] of Object.entries(sampled)) expect(records.length, name).to.be.above(0);
    for (const product of sampled.products) {
      expect(product.review_count as number).to.be.above(0);
      for (const v of product.variants as Array<{ variant_id: string; stock: number }>) expect(getEntry(world.variants, v.variant_id)!.stock).to.equal(v.stock).and.be.above(0);
    }
    for (const category of sampled.categories) expect(category.in_stock_products as number).to.be.at.least(5);

    const session = open();
    for (const customer of sampled.customers.slice(0, 5)) {
      const account = ok(session, 'get_customer_account', { customer_id: customer.customer_id });
      expect(account.payment_methods.some((pm: { expired: boolean }) => !pm.expired)).to.equal(true);
    }
    const cancellable = sampled.orders.filter((o) => o.can_cancel);
    const returnable = sampled.orders.filter((o) => o.can_return);
    expect(cancellable.length).to.be.above(3);
    expect(returnable.length).to.be.above(10);
    for (const order of cancellable) ok(session, 'cancel_unfulfilled_order', { order_id: order.order_id, reason: 'other' });
    for (const order of returnable) {
      const details = ok(session, 'get_order_details', { order_id: order.order_id });
      const line = details.lines.find((l: { final_sale: boolean; quantity: number; returned_quantity: number }) => !l.final_sale && l.returned_quantity < l.quantity);
      ok(session, 'request_order_return', { order_id: order.order_id, items: [{ variant_id: line.variant_id, quantity: 1 }], reason: 'changed_mind' });
    }
    for (const order of sampled.orders.filter((o) => o.can_track)) ok(session, 'track_order_shipment', { order_id: order.order_id });

    const cart = ok(session, 'create_cart', { customer_id: 'cust_101' }).cart_id;
    ok(session, 'add_cart_line', { cart_id: cart, variant_id: findVariant((v) => v.stock >= 1 && v.price_cents >= 40000).id });
    for (const coupon of sampled.coupons.filter((c) => c.status === 'expired')) refused(session, 'apply_cart_coupon', { cart_id: cart, code: coupon.code }, 'expired');
    for (const coupon of sampled.coupons.filter((c) => c.status === 'scheduled')) refused(session, 'apply_cart_coupon', { cart_id: cart, code: coupon.code }, 'not active yet');
  });
});
