import type { GoldGraph } from './types.js';

// The customer of an order (the other tools echo the customer they were given).
const CUSTOMER_TOOLS = [
  'get_delivery_cart',
  'add_to_delivery_cart',
  'update_delivery_cart_item',
  'clear_delivery_cart',
  'list_delivery_promotions',
  'apply_delivery_promo',
  'place_delivery_order',
  'list_delivery_orders',
  'list_delivery_addresses',
  'add_delivery_address',
];
// Restaurants: the search, carts and orders (their restaurant), a restaurant-only promotion, and
// the cart that adding an item or reordering filled (checked out at that restaurant).
const RESTAURANT_SOURCES = ['search_restaurants', 'get_delivery_cart', 'list_delivery_orders', 'get_delivery_order', 'list_delivery_promotions', 'add_to_delivery_cart', 'reorder_delivery_order'];
// Orders: the order list and the order just placed.
const ORDER_SOURCES = ['list_delivery_orders', 'place_delivery_order'];

export const gold: GoldGraph = {
  domain: 'food_delivery',
  explicit: {
    ...Object.fromEntries(CUSTOMER_TOOLS.map((tool) => [tool, ['get_delivery_order']])),
    get_restaurant_menu: RESTAURANT_SOURCES,
    clear_delivery_cart: ['get_delivery_order', ...RESTAURANT_SOURCES],
    place_delivery_order: ['get_delivery_order', ...RESTAURANT_SOURCES],
    // The restaurant and the promo code (from the promotions list).
    apply_delivery_promo: ['get_delivery_order', ...RESTAURANT_SOURCES],
    // Menu items: the menu, and the items of carts and orders.
    add_to_delivery_cart: ['get_delivery_order', 'get_restaurant_menu', 'get_delivery_cart', 'list_delivery_orders'],
    // Cart lines: every result that shows the cart.
    update_delivery_cart_item: ['get_delivery_order', 'get_delivery_cart', 'add_to_delivery_cart', 'update_delivery_cart_item', 'apply_delivery_promo', 'reorder_delivery_order'],
    get_delivery_order: ORDER_SOURCES,
    cancel_delivery_order: ORDER_SOURCES,
    update_delivery_tip: ORDER_SOURCES,
    rate_delivery_order: ORDER_SOURCES,
    reorder_delivery_order: ORDER_SOURCES,
  },
  implicit: [],
};
