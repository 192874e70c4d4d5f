import { expect } from 'chai';
import type { ToolCase } from '../ToolCase.js';

/**
 * Conformance cases of the shopping domain, played in order on one fresh session of the seed-42
 * world (fixtures/shopping/world.json, reference date 2026-03-16). Sienna Nguyen (cust_101, Madison
 * WI, card pm_1) browses, builds cart cart_11, checks out as order ord_1201, cancels it and returns
 * an item of a delivered order (ord_1161); fixture carts cart_1 (more units than in stock) and cart_8 (coupon
 * SAVE15) cover the remaining failures.
 */
export const shoppingCases: ToolCase[] = [
  {
    title: 'the store lists its twelve categories with product counts',
    tool: 'list_catalog_categories',
    args: {},
    ok: true,
    check: (r) => {
      expect(r.categories).to.have.length(12);
      expect(r.categories.map((c: { category_id: string }) => c.category_id)).to.include('cat_footwear');
    },
  },
  {
    title: 'list_catalog_categories takes no arguments',
    tool: 'list_catalog_categories',
    args: { category: 'shoes' },
    ok: false,
    errorIncludes: ['category', 'unknown key'],
  },
  {
    title: 'a text search within a category finds in-stock trail running shoes',
    tool: 'search_catalog_products',
    args: { query: 'trail running shoes', category_id: 'cat_footwear', in_stock_only: true },
    ok: true,
    check: (r) => {
      expect(r.products.map((p: { product_id: string }) => p.product_id)).to.include('prod_138');
      expect(r.products.every((p: { in_stock: boolean; category_id: string }) => p.in_stock && p.category_id === 'cat_footwear')).to.equal(true);
    },
  },
  {
    title: 'searching an unknown category names the valid category ids',
    tool: 'search_catalog_products',
    args: { query: 'boots', category_id: 'cat_shoes' },
    ok: false,
    errorIncludes: ['cat_shoes', 'does not exist', 'cat_footwear'],
  },
  {
    title: 'a price range with min above max is rejected',
    tool: 'search_catalog_products',
    args: { min_price: 200, max_price: 50 },
    ok: false,
    errorIncludes: ['min_price', 'max_price'],
  },
  {
    title: 'a product shows its variants with size, color, price and stock',
    tool: 'get_catalog_product',
    args: { product_id: 'prod_138' },
    ok: true,
    check: (r) => {
      expect(r.title).to.equal('Pro Trail Running Shoe');
      const low = r.variants.find((v: { variant_id: string }) => v.variant_id === 'var_1223');
      expect(low).to.include({ available_quantity: 2, price: 137.99 });
      expect(low.options).to.deep.equal({ Size: '9', Color: 'Grey' });
    },
  },
  {
    title: 'a variant id given as product id points to its product',
    tool: 'get_catalog_product',
    args: { product_id: 'var_1013' },
    ok: false,
    errorIncludes: ['variant id', 'prod_102'],
  },
  {
    title: 'reviews of a product come with the rating histogram',
    tool: 'list_product_reviews',
    args: { product_id: 'prod_138', sort: 'highest_rating' },
    ok: true,
    check: (r) => {
      const histogram = r.rating_histogram as Record<string, number>;
      expect(r.review_count).to.be.above(0);
      expect(Object.values(histogram).reduce((a, b) => a + b, 0)).to.equal(r.review_count);
      const ratings = r.reviews.map((review: { rating: number }) => review.rating);
      expect(ratings).to.deep.equal([...ratings].sort((a: number, b: number) => b - a));
    },
  },
  {
    title: 'reviews of an unknown product point to the search',
    tool: 'list_product_reviews',
    args: { product_id: 'prod_999' },
    ok: false,
    errorIncludes: ['prod_999', 'does not exist', 'search_catalog_products'],
  },
  {
    title: 'a customer is found by email with addresses, cards and wishlist',
    tool: 'get_customer_account',
    args: { email: 'Sienna.Nguyen@mail.example.net' },
    ok: true,
    check: (r) => {
      expect(r.customer_id).to.equal('cust_101');
      expect(r.addresses.map((a: { address_id: string }) => a.address_id)).to.deep.equal(['addr_1', 'addr_2', 'addr_3']);
      expect(r.payment_methods[0]).to.include({ payment_method_id: 'pm_1', expired: false, is_default: true });
    },
  },
  {
    title: 'an unknown email is rejected',
    tool: 'get_customer_account',
    args: { email: 'nobody@example.com' },
    ok: false,
    errorIncludes: ['nobody@example.com', 'no customer'],
  },
  {
    title: 'a cart is created for the customer',
    tool: 'create_cart',
    args: { customer_id: 'cust_101' },
    ok: true,
    check: (r) => expect(r).to.include({ cart_id: 'cart_11', customer_id: 'cust_101', status: 'open', total: 0 }),
  },
  {
    title: 'a cart for an unknown customer is refused',
    tool: 'create_cart',
    args: { customer_id: 'cust_999' },
    ok: false,
    errorIncludes: ['cust_999', 'does not exist'],
  },
  {
    title: 'options that match no variant list the valid variants',
    tool: 'add_cart_line',
    args: { cart_id: 'cart_11', product_id: 'prod_138', options: { Size: '13', Color: 'Grey' } },
    ok: false,
    errorIncludes: ['Size=13', 'var_1222 (Size=8, Color=Grey', 'var_1224'],
  },
  {
    title: 'more units than in stock: the message says how many are available',
    tool: 'add_cart_line',
    args: { cart_id: 'cart_11', variant_id: 'var_1223', quantity: 3 },
    ok: false,
    errorIncludes: ['only 2 units', 'var_1223', 'available'],
  },
  {
    title: 'an out-of-stock variant is refused and in-stock alternatives are named',
    tool: 'add_cart_line',
    args: { cart_id: 'cart_11', variant_id: 'var_1001' },
    ok: false,
    errorIncludes: ['out of stock', 'var_1002'],
  },
  {
    title: 'a product id passed as variant id lists that product\'s variants',
    tool: 'add_cart_line',
    args: { cart_id: 'cart_11', variant_id: 'prod_155' },
    ok: false,
    errorIncludes: ['product id, not a variant id', 'var_1261', 'var_1263'],
  },
  {
    title: 'a variant is chosen by product and options (option names case-insensitive)',
    tool: 'add_cart_line',
    args: { cart_id: 'cart_11', product_id: 'prod_138', options: { size: '10' } },
    ok: true,
    check: (r) => {
      expect(r.lines).to.have.length(1);
      expect(r.lines[0]).to.include({ line_id: 'line_4', variant_id: 'var_1224', quantity: 1, unit_price: 137.99 });
    },
  },
  {
    title: 'headphones are added by variant id',
    tool: 'add_cart_line',
    args: { cart_id: 'cart_11', variant_id: 'var_1261', quantity: 1 },
    ok: true,
    check: (r) => expect(r).to.include({ subtotal: 295.98, total: 295.98, item_count: 2 }),
  },
  {
    title: 'a coupon below its minimum order value says how much more to add',
    tool: 'apply_cart_coupon',
    args: { cart_id: 'cart_11', code: 'TECH50' },
    ok: false,
    errorIncludes: ['at least 300.00 USD', '295.98 USD', 'add 4.02 USD more'],
  },
  {
    title: 'the per-order quantity limit is enforced',
    tool: 'update_cart_line',
    args: { cart_id: 'cart_11', line_id: 'line_5', quantity: 6 },
    ok: false,
    errorIncludes: ['at most 5 units', 'var_1261'],
  },
  {
    title: 'an unknown line id lists the cart\'s lines',
    tool: 'update_cart_line',
    args: { cart_id: 'cart_11', line_id: 'line_9', quantity: 1 },
    ok: false,
    errorIncludes: ['line_9', 'line_4', 'line_5'],
  },
  {
    title: 'the headphones quantity is raised to two',
    tool: 'update_cart_line',
    args: { cart_id: 'cart_11', line_id: 'line_5', quantity: 2 },
    ok: true,
    check: (r) => expect(r).to.include({ subtotal: 453.97, item_count: 3 }),
  },
  {
    title: 'an expired coupon is rejected relative to today',
    tool: 'apply_cart_coupon',
    args: { cart_id: 'cart_11', code: 'winter25' },
    ok: false,
    errorIncludes: ['WINTER25', 'expired on 2026-03-01', 'today is 2026-03-16'],
  },
  {
    title: 'a coupon that has not started yet is rejected',
    tool: 'apply_cart_coupon',
    args: { cart_id: 'cart_11', code: 'VIP40' },
    ok: false,
    errorIncludes: ['not active yet', '2026-04-01'],
  },
  {
    title: 'a once-per-customer coupon already used is rejected',
    tool: 'apply_cart_coupon',
    args: { cart_id: 'cart_11', code: 'WELCOME10' },
    ok: false,
    errorIncludes: ['once per customer', '#1003'],
  },
  {
    title: 'a category coupon with no matching items is rejected',
    tool: 'apply_cart_coupon',
    args: { cart_id: 'cart_11', code: 'GLOW5' },
    ok: false,
    errorIncludes: ['applies only to items in Beauty & Personal Care'],
  },
  {
    title: 'the electronics coupon applies once the minimum is met',
    tool: 'apply_cart_coupon',
    args: { cart_id: 'cart_11', code: 'TECH50' },
    ok: true,
    check: (r) => {
      expect(r).to.include({ subtotal: 453.97, discount_total: 50, total: 403.97 });
      expect(r.coupon).to.include({ code: 'TECH50', discount: 50 });
      expect(r.lines.find((l: { line_id: string }) => l.line_id === 'line_4').line_discount).to.equal(0);
    },
  },
  {
    title: 'a second coupon is refused: one code per cart',
    tool: 'apply_cart_coupon',
    args: { cart_id: 'cart_11', code: 'SPRING20' },
    ok: false,
    errorIncludes: ['already has coupon TECH50', 'remove_cart_coupon'],
  },
  {
    title: 'the cart shows lines, coupon and totals',
    tool: 'get_cart',
    args: { cart_id: 'cart_11' },
    ok: true,
    check: (r) => {
      expect(r.lines.map((l: { variant_id: string }) => l.variant_id)).to.deep.equal(['var_1224', 'var_1261']);
      expect(r.shipping_address).to.equal(null);
    },
  },
  {
    title: 'an unknown cart is reported with the open carts',
    tool: 'get_cart',
    args: { cart_id: 'cart_99' },
    ok: false,
    errorIncludes: ['cart_99', 'does not exist', 'cart_11'],
  },
  {
    title: 'shipping is quoted to the customer\'s default address; standard is free above 75 USD',
    tool: 'estimate_cart_shipping',
    args: { cart_id: 'cart_11' },
    ok: true,
    check: (r) => {
      expect(r.destination.country_code).to.equal('US');
      expect(r.rates.map((x: { method: string }) => x.method)).to.deep.equal(['standard', 'express', 'overnight']);
      expect(r.rates[0]).to.include({ price: 0, free_shipping_applied: true });
    },
  },
  {
    title: 'shipping to a country the store does not serve lists the supported ones',
    tool: 'estimate_cart_shipping',
    args: { cart_id: 'cart_11', country_code: 'JP' },
    ok: false,
    errorIncludes: ['does not ship to JP', 'US (United States)', 'CA (Canada)'],
  },
  {
    title: 'a shipping method needs a shipping address first',
    tool: 'select_cart_shipping_method',
    args: { cart_id: 'cart_11', method: 'express' },
    ok: false,
    errorIncludes: ['no shipping address', 'set_cart_shipping_address'],
  },
  {
    title: 'checkout without a shipping address is refused',
    tool: 'complete_checkout',
    args: { cart_id: 'cart_11' },
    ok: false,
    errorIncludes: ['no shipping address', 'set_cart_shipping_address'],
  },
  {
    title: 'another customer\'s address cannot be used; the customer\'s own are listed',
    tool: 'set_cart_shipping_address',
    args: { cart_id: 'cart_11', address_id: 'addr_4' },
    ok: false,
    errorIncludes: ['addr_4', 'cust_101', 'addr_1', 'addr_3'],
  },
  {
    title: 'a postal code in the wrong format for the country is refused',
    tool: 'set_cart_shipping_address',
    args: { cart_id: 'cart_11', address: { first_name: 'Sienna', last_name: 'Nguyen', address1: '200 Front Street West', city: 'Toronto', province_code: 'ON', postal_code: '12345', country_code: 'CA' } },
    ok: false,
    errorIncludes: ['12345', 'Canada', 'M5V 2T6'],
  },
  {
    title: 'a new Toronto address is set and saved to the address book',
    tool: 'set_cart_shipping_address',
    args: { cart_id: 'cart_11', address: { first_name: 'Sienna', last_name: 'Nguyen', address1: '200 Front Street West', city: 'Toronto', province_code: 'on', postal_code: 'm5v 3k2', country_code: 'ca' }, save_to_address_book: true },
    ok: true,
    check: (r) => {
      expect(r.saved_address_id).to.match(/^addr_\d+$/);
      expect(r.shipping_address).to.include({ city: 'Toronto', province_code: 'ON', postal_code: 'M5V 3K2', country_code: 'CA' });
    },
  },
  {
    title: 'overnight shipping is US-only; the available methods are named',
    tool: 'select_cart_shipping_method',
    args: { cart_id: 'cart_11', method: 'overnight' },
    ok: false,
    errorIncludes: ['only available within the United States', 'standard, express'],
  },
  {
    title: 'checkout without a shipping method is refused',
    tool: 'complete_checkout',
    args: { cart_id: 'cart_11' },
    ok: false,
    errorIncludes: ['no shipping method', 'select_cart_shipping_method'],
  },
  {
    title: 'the cart ships to the default address after all',
    tool: 'set_cart_shipping_address',
    args: { cart_id: 'cart_11', address_id: 'addr_1' },
    ok: true,
    check: (r) => expect(r).to.include({ saved_address_id: null }),
  },
  {
    title: 'express shipping is chosen and priced',
    tool: 'select_cart_shipping_method',
    args: { cart_id: 'cart_11', method: 'express' },
    ok: true,
    check: (r) => {
      expect(r.shipping_method).to.include({ method: 'express', price: 14.99 });
      expect(r.total).to.equal(418.96);
    },
  },
  {
    title: 'paying with another customer\'s card is refused and the valid cards are listed',
    tool: 'complete_checkout',
    args: { cart_id: 'cart_11', payment_method_id: 'pm_13' },
    ok: false,
    errorIncludes: ['pm_13', 'not on file', 'pm_1 (visa ending 4110'],
  },
  {
    title: 'checkout places the order with the default card',
    tool: 'complete_checkout',
    args: { cart_id: 'cart_11' },
    ok: true,
    check: (r) => {
      expect(r).to.include({ order_id: 'ord_1201', order_number: '#1201', status: 'unfulfilled', total: 418.96, coupon_code: 'TECH50' });
      expect(r.payment).to.deep.equal({ payment_method_id: 'pm_1', brand: 'visa', last4: '4110' });
    },
  },
  {
    title: 'the checked-out cart points to its order',
    tool: 'get_cart',
    args: { cart_id: 'cart_11' },
    ok: true,
    check: (r) => expect(r).to.include({ status: 'completed', order_id: 'ord_1201' }),
  },
  {
    title: 'a checked-out cart cannot change',
    tool: 'add_cart_line',
    args: { cart_id: 'cart_11', variant_id: 'var_1222' },
    ok: false,
    errorIncludes: ['already checked out', '#1201', 'create_cart'],
  },
  {
    title: 'checkout took the stock',
    tool: 'get_catalog_product',
    args: { product_id: 'prod_155' },
    ok: true,
    check: (r) => expect(r.variants.find((v: { variant_id: string }) => v.variant_id === 'var_1261').available_quantity).to.equal(55),
  },
  {
    title: 'the new order heads the customer\'s order list',
    tool: 'list_customer_orders',
    args: { customer_id: 'cust_101' },
    ok: true,
    check: (r) => {
      expect(r.total_count).to.equal(8);
      expect(r.orders[0]).to.include({ order_id: 'ord_1201', status: 'unfulfilled', total: 418.96 });
    },
  },
  {
    title: 'orders of an unknown customer are refused',
    tool: 'list_customer_orders',
    args: { customer_id: 'cust_999' },
    ok: false,
    errorIncludes: ['cust_999', 'does not exist'],
  },
  {
    title: 'an order is found by its number',
    tool: 'get_order_details',
    args: { order_id: '#1201' },
    ok: true,
    check: (r) => {
      expect(r.order_id).to.equal('ord_1201');
      expect(r.lines.map((l: { variant_id: string; quantity: number }) => [l.variant_id, l.quantity])).to.deep.equal([['var_1224', 1], ['var_1261', 2]]);
      expect(r).to.include({ subtotal: 453.97, discount_total: 50, shipping_total: 14.99 });
    },
  },
  {
    title: 'an unknown order is refused with the id format and the listing tool',
    tool: 'get_order_details',
    args: { order_id: 'ord_9999' },
    ok: false,
    errorIncludes: ['ord_9999', 'list_customer_orders'],
  },
  {
    title: 'an unshipped order has no tracking yet',
    tool: 'track_order_shipment',
    args: { order_id: 'ord_1201' },
    ok: false,
    errorIncludes: ['not shipped yet', 'unfulfilled'],
  },
  {
    title: 'a shipped order is tracked with carrier and scan events',
    tool: 'track_order_shipment',
    args: { order_id: 'ord_1186' },
    ok: true,
    check: (r) => {
      expect(r).to.include({ order_id: 'ord_1186', status: 'in_transit', delivered_at: null });
      expect(r.tracking_url).to.include(r.tracking_number);
      expect(r.events.map((e: { status: string }) => e.status)).to.include('picked_up');
    },
  },
  {
    title: 'a fulfilled order cannot be cancelled',
    tool: 'cancel_unfulfilled_order',
    args: { order_id: 'ord_1186', reason: 'customer_changed_mind' },
    ok: false,
    errorIncludes: ['cannot be cancelled', 'fulfilled', 'request_order_return'],
  },
  {
    title: 'the unfulfilled order is cancelled, refunded and restocked',
    tool: 'cancel_unfulfilled_order',
    args: { order_id: 'ord_1201', reason: 'ordered_by_mistake' },
    ok: true,
    check: (r) => {
      expect(r.refund_amount).to.equal(418.96);
      expect(r.order).to.include({ status: 'cancelled', financial_status: 'refunded', cancel_reason: 'ordered_by_mistake' });
      expect(r.restocked).to.deep.equal([{ variant_id: 'var_1224', quantity: 1 }, { variant_id: 'var_1261', quantity: 2 }]);
    },
  },
  {
    title: 'cancelling put the stock back',
    tool: 'get_catalog_product',
    args: { product_id: 'prod_155' },
    ok: true,
    check: (r) => expect(r.variants.find((v: { variant_id: string }) => v.variant_id === 'var_1261').available_quantity).to.equal(57),
  },
  {
    title: 'a return outside the 30-day window is rejected with the dates',
    tool: 'request_order_return',
    args: { order_id: 'ord_1026', items: [{ variant_id: 'var_1171', quantity: 1 }], reason: 'changed_mind' },
    ok: false,
    errorIncludes: ['return window closed on 2025-10-20', 'delivered on 2025-09-20'],
  },
  {
    title: 'returning more units than bought is rejected',
    tool: 'request_order_return',
    args: { order_id: 'ord_1161', items: [{ variant_id: 'var_1276', quantity: 2 }], reason: 'too_small' },
    ok: false,
    errorIncludes: ['at most 1 can be returned', 'var_1276'],
  },
  {
    title: 'a final-sale item cannot be returned',
    tool: 'request_order_return',
    args: { order_id: 'ord_1161', items: [{ variant_id: 'var_1276', quantity: 1 }, { variant_id: 'var_1232', quantity: 1 }], reason: 'too_large' },
    ok: false,
    errorIncludes: ['final-sale', 'var_1232'],
  },
  {
    title: 'a delivered item within the window is returned',
    tool: 'request_order_return',
    args: { order_id: 'ord_1161', items: [{ variant_id: 'var_1276', quantity: 1 }], reason: 'too_small', comment: 'Runs a size small.' },
    ok: true,
    check: (r) => {
      expect(r).to.include({ return_id: 'ret_21', order_id: 'ord_1161', status: 'requested', ship_back_by: '2026-03-30' });
      expect(r.items[0]).to.include({ variant_id: 'var_1276', quantity: 1 });
    },
  },
  {
    title: 'the return is looked up by id',
    tool: 'get_return_status',
    args: { return_id: 'ret_21' },
    ok: true,
    check: (r) => expect(r).to.include({ status: 'requested', comment: 'Runs a size small.' }),
  },
  {
    title: 'an order id given as return id lists that order\'s returns',
    tool: 'get_return_status',
    args: { return_id: 'ord_1161' },
    ok: false,
    errorIncludes: ['is an order, not a return', 'ret_21'],
  },
  {
    title: 'checking out a cart that asks for more than is left fails and names what remains',
    tool: 'complete_checkout',
    args: { cart_id: 'cart_1' },
    ok: false,
    errorIncludes: ['insufficient stock', 'only 2 units', 'var_1338', 'update_cart_line'],
  },
  {
    title: 'the short line is removed from the cart',
    tool: 'remove_cart_line',
    args: { cart_id: 'cart_1', line_id: 'line_1' },
    ok: true,
    check: (r) => expect(r.lines.map((l: { line_id: string }) => l.line_id)).to.deep.equal(['line_2', 'line_3']),
  },
  {
    title: 'removing the same line again names the remaining lines',
    tool: 'remove_cart_line',
    args: { cart_id: 'cart_1', line_id: 'line_1' },
    ok: false,
    errorIncludes: ['no line line_1', 'line_2', 'line_3'],
  },
  {
    title: 'the coupon is taken off a cart',
    tool: 'remove_cart_coupon',
    args: { cart_id: 'cart_8' },
    ok: true,
    check: (r) => expect(r).to.include({ coupon: null, discount_total: 0, subtotal: 1021.96, total: 1021.96 }),
  },
  {
    title: 'removing a coupon from a cart without one is refused',
    tool: 'remove_cart_coupon',
    args: { cart_id: 'cart_8' },
    ok: false,
    errorIncludes: ['no coupon applied'],
  },
  {
    title: 'a product is added to the wishlist',
    tool: 'update_wishlist',
    args: { customer_id: 'cust_101', product_id: 'prod_138', action: 'add' },
    ok: true,
    check: (r) => expect(r).to.deep.include({ changed: true, wishlist: [{ product_id: 'prod_138', title: 'Pro Trail Running Shoe', price_min: 137.99, in_stock: true }] }),
  },
  {
    title: 'removing a product that is not on the wishlist names what is',
    tool: 'update_wishlist',
    args: { customer_id: 'cust_101', product_id: 'prod_155', action: 'remove' },
    ok: false,
    errorIncludes: ['not on the wishlist', 'prod_138'],
  },
  {
    title: 'an empty cart is created for a customer whose only card expired',
    tool: 'create_cart',
    args: { customer_id: 'cust_110' },
    ok: true,
    check: (r) => expect(r.cart_id).to.equal('cart_12'),
  },
  {
    title: 'checking out an empty cart is refused',
    tool: 'complete_checkout',
    args: { cart_id: 'cart_12' },
    ok: false,
    errorIncludes: ['cart_12 is empty', 'add_cart_line'],
  },
];
