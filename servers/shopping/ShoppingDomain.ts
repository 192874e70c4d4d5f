import { shoppingScenarios } from './shoppingScenarios.js';
import { defineDomain } from '../kit/Domain.js';
import { loadFixture } from '../kit/fixtures.js';
import { cartTools } from './cartTools.js';
import { catalogTools } from './catalogTools.js';
import { checkoutTools } from './checkoutTools.js';
import { customerTools } from './customerTools.js';
import { orderTools } from './orderTools.js';
import { shoppingInvariants } from './shoppingInvariants.js';
import { shoppingSamplers } from './shoppingSamplers.js';
import { SHOPPING_REFERENCE_DATE, type ShoppingState } from './ShoppingState.js';
import { shoppingPhrasings } from './shoppingPhrasings.js';

/**
 * An online store modelled on the Shopify Storefront and Admin APIs: a catalog of products with
 * size/color variants and per-variant stock, carts with coupons and shipping quotes, a checkout
 * that takes stock atomically, orders with cancellation and shipment tracking, returns within a
 * window, and customer accounts with address books, saved cards and wishlists.
 */
export const shoppingDomain = defineDomain<ShoppingState>({
  name: 'shopping',
  title: 'Shopping',
  category: 'commerce',
  description:
    'An online store modelled on the Shopify Storefront and Admin APIs. Search the catalog (text, category, price range, stock), read products with their variants (size, color …), per-variant price and stock, and reviews. Build a cart, apply a coupon (expiry, minimum order value and category rules), quote shipping, set the shipping address and method, and check out with a card on file — stock is taken atomically. Then list, inspect, cancel (until fulfilled) and track orders, request returns within 30 days of delivery, and manage the customer\'s wishlist. Amounts are USD; dates are ISO-8601 UTC relative to the reference date.',
  tools: [...catalogTools, ...cartTools, ...checkoutTools, ...orderTools, ...customerTools],
  loadWorld: () => loadFixture<ShoppingState>('shopping'),
  defaultReferenceDate: SHOPPING_REFERENCE_DATE,
  samplers: shoppingSamplers,
  principal: { collection: 'customers', arguments: { customer_id: 'customer_id' }, context: ['The signed-in customer is {name} (customer id {customer_id}, {email}).'] },
  invariants: shoppingInvariants,
  phrasings: shoppingPhrasings,
  scenarios: shoppingScenarios,
});

export default shoppingDomain;
