import type { GoldGraph } from './types.js';

const PRODUCT_SOURCES = ['search_catalog_products', 'get_cart', 'get_order_details', 'get_customer_account'];
const CART_TOOLS = ['get_cart', 'add_cart_line', 'update_cart_line', 'remove_cart_line', 'apply_cart_coupon', 'remove_cart_coupon', 'estimate_cart_shipping', 'set_cart_shipping_address', 'select_cart_shipping_method', 'complete_checkout'];
// A checked-out cart names its order; an order its returns.
const ORDER_SOURCES = ['list_customer_orders', 'complete_checkout', 'get_return_status', 'get_cart'];
const CUSTOMER_SOURCES = ['get_customer_account', 'get_cart', 'get_order_details', 'get_return_status'];

export const gold: GoldGraph = {
  domain: 'shopping',
  explicit: {
    get_catalog_product: PRODUCT_SOURCES,
    list_product_reviews: PRODUCT_SOURCES,
    update_wishlist: [...new Set([...PRODUCT_SOURCES, ...CUSTOMER_SOURCES])],
    // A cart id comes from creating the cart or from the customer's account (its open carts).
    ...Object.fromEntries(CART_TOOLS.map((tool) => [tool, ['create_cart', 'get_customer_account']])),
    update_cart_line: ['create_cart', 'get_customer_account', 'get_cart', 'add_cart_line'],
    remove_cart_line: ['create_cart', 'get_customer_account', 'get_cart', 'add_cart_line'],
    get_order_details: ORDER_SOURCES,
    cancel_unfulfilled_order: ORDER_SOURCES,
    track_order_shipment: ORDER_SOURCES,
    request_order_return: ORDER_SOURCES,
    get_return_status: ['request_order_return', 'get_order_details', 'list_customer_orders'],
    create_cart: CUSTOMER_SOURCES,
    list_customer_orders: CUSTOMER_SOURCES,
  },
  // Corrected (issue #17 part 5): a cart takes one coupon ("already has coupon SPRING20; only one code
  // per cart — remove it first with remove_cart_coupon") and removing needs one applied ("has no
  // coupon applied; apply one with apply_cart_coupon"). First labelled without them.
  implicit: [
    ['remove_cart_coupon', 'apply_cart_coupon'],
    ['apply_cart_coupon', 'remove_cart_coupon'],
  ],
};
