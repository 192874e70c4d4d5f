import { defineDomain } from '../kit/Domain.js';
import { loadFixture } from '../kit/fixtures.js';
import { addDeliveryAddress, listDeliveryAddresses } from './addressTools.js';
import { addToDeliveryCart, applyDeliveryPromo, clearDeliveryCart, getDeliveryCart, updateDeliveryCartItem } from './cartTools.js';
import { FOOD_REFERENCE_DATE, type FoodDeliveryState } from './FoodDeliveryState.js';
import { foodDeliveryInvariants } from './foodDeliveryInvariants.js';
import { foodDeliveryPhrasings } from './foodDeliveryPhrasings.js';
import { foodDeliverySamplers } from './foodDeliverySamplers.js';
import { foodDeliveryScenarios } from './foodDeliveryScenarios.js';
import { cancelDeliveryOrder, getDeliveryOrder, listDeliveryOrders, placeDeliveryOrder, rateDeliveryOrder, reorderDeliveryOrder, updateDeliveryTip } from './orderTools.js';
import { getRestaurantMenu, listDeliveryPromotions, searchRestaurants } from './restaurantTools.js';

/** Food delivery after DoorDash: restaurants, menus with options and hours, carts, promotions, orders on the session's clock, tips and ratings. */
export const foodDeliveryDomain = defineDomain<FoodDeliveryState>({
  name: 'food_delivery',
  title: 'Food delivery',
  category: 'lifestyle',
  description:
    'A DoorDash-style food-delivery app in one city: 30 restaurants in ten cuisines with weekly hours and menus (option groups with ' +
    'defaults, sold-out dishes), 40 customers with saved addresses, one cart per customer and restaurant, promotion codes with their ' +
    'rules, and about 140 orders whose status (placed → accepted → preparing → picked up → delivered) follows from their timeline and ' +
    'the session\'s clock. Checkout checks hours, minimum order, delivery radius and the promo; cancellation refunds in full before the ' +
    'restaurant accepts and only fees and tip once it cooks; tips change until delivery (raised up to a day after); ratings once.',
  tools: [
    searchRestaurants,
    getRestaurantMenu,
    getDeliveryCart,
    addToDeliveryCart,
    updateDeliveryCartItem,
    clearDeliveryCart,
    listDeliveryPromotions,
    applyDeliveryPromo,
    placeDeliveryOrder,
    listDeliveryOrders,
    getDeliveryOrder,
    cancelDeliveryOrder,
    updateDeliveryTip,
    rateDeliveryOrder,
    reorderDeliveryOrder,
    listDeliveryAddresses,
    addDeliveryAddress,
  ],
  loadWorld: () => loadFixture<FoodDeliveryState>('food_delivery'),
  defaultReferenceDate: FOOD_REFERENCE_DATE,
  samplers: foodDeliverySamplers,
  invariants: foodDeliveryInvariants,
  phrasings: foodDeliveryPhrasings,
  scenarios: foodDeliveryScenarios,
  // Graph-drawn conversations act for one signed-in user (servers/README.md, "The signed-in user").
  principal: { collection: 'customers', arguments: { customer_id: 'customer_id' }, context: ['The signed-in delivery customer is {name} (customer id {customer_id}).'] },
});

export default foodDeliveryDomain;
