import { expect } from 'chai';
import type { ToolCase } from '../ToolCase.js';

/**
 * Conformance cases of food delivery, played in order on one fresh session of the seed-42 world
 * (fixtures/food_delivery/world.json, reference 2026-03-17T01:30Z = Monday 18:30 local). Ines Haddad
 * (cus_6) has a cart at Luigi's Trattoria (cart_4: garlic knots and tiramisu) and order ord_124 was
 * delivered to her 21 minutes ago; ord_122 is on its way; ord_118 is being prepared; Sunrise Diner is
 * closed until Wednesday; Ines Silva's Luigi's cart (a lemonade) is under the minimum.
 */
export const foodDeliveryCases: ToolCase[] = [
  { title: 'restaurants serving a dish and open now', tool: 'search_restaurants', args: { query: 'pad thai', open_now: true }, ok: true, check: (r) => { expect(r.count).to.equal(3); expect(r.restaurants.every((x: { open_now: boolean }) => x.open_now)).to.equal(true); } },
  { title: 'a one-letter query is refused by the schema', tool: 'search_restaurants', args: { query: 'x' }, ok: false, errorIncludes: ['query'] },
  { title: 'a menu category by restaurant name', tool: 'get_restaurant_menu', args: { restaurant_id: "luigi's trattoria", category: 'Pizzas' }, ok: true, check: (r) => { expect(r.items).to.have.length(4); expect(r.restaurant.open_now).to.equal(true); } },
  { title: 'a misspelt restaurant names the closest', tool: 'get_restaurant_menu', args: { restaurant_id: 'Luigis Trattoria' }, ok: false, errorIncludes: ['not found', "Luigi's Trattoria"] },
  { title: 'a customer\'s carts by name', tool: 'get_delivery_cart', args: { customer_id: 'Ines Haddad' }, ok: true, check: (r) => { expect(r.carts[0]).to.include({ cart_id: 'cart_4', subtotal: 20.5 }); } },
  { title: 'no cart at that restaurant names the carts there are', tool: 'get_delivery_cart', args: { customer_id: 'Ines Haddad', restaurant_id: 'Sakura Sushi' }, ok: false, errorIncludes: ['no cart at Sakura Sushi', "Luigi's Trattoria"] },
  { title: 'an item with options joins the cart of its restaurant', tool: 'add_to_delivery_cart', args: { customer_id: 'Ines Haddad', item_id: 'item_1', options: ['Large', 'Extra cheese'] }, ok: true, check: (r) => { expect(r.cart.cart_id).to.equal('cart_4'); expect(r.line_id).to.equal('line_42'); expect(r.cart.lines[2].options).to.deep.equal(['Large', 'Extra cheese']); } },
  { title: 'a sold-out dish is refused with what else there is', tool: 'add_to_delivery_cart', args: { customer_id: 'Ines Haddad', item_id: 'item_9' }, ok: false, errorIncludes: ['sold out', 'Slice Republic'] },
  { title: 'two sizes at once are refused', tool: 'add_to_delivery_cart', args: { customer_id: 'Ines Haddad', item_id: 'item_1', options: ['Small', 'Large'] }, ok: false, errorIncludes: ['Size allows one choice'] },
  { title: 'an option the dish does not have lists the options', tool: 'add_to_delivery_cart', args: { customer_id: 'Ines Haddad', item_id: 'item_1', options: ['Pineapple'] }, ok: false, errorIncludes: ['no option "Pineapple"', 'Extra cheese'] },
  { title: 'a line\'s quantity changes', tool: 'update_delivery_cart_item', args: { customer_id: 'Ines Haddad', line_id: 'line_7', quantity: 1 }, ok: true, check: (r) => expect(r.cart.lines[0].quantity).to.equal(1) },
  { title: 'another customer\'s line is not found', tool: 'update_delivery_cart_item', args: { customer_id: 'Ines Haddad', line_id: 'line_1', quantity: 3 }, ok: false, errorIncludes: ['no cart line line_1', 'line_7'] },
  { title: 'promotions with whether each is usable', tool: 'list_delivery_promotions', args: { customer_id: 'Ines Haddad', restaurant_id: "Luigi's Trattoria" }, ok: true, check: (r) => { const byCode = Object.fromEntries(r.promotions.map((p: { code: string }) => [p.code, p])); expect(byCode.PIZZA20.usable).to.equal(true); expect(byCode.WELCOME10.usable).to.equal(false); expect(byCode).to.not.have.property('WINTER25'); } },
  { title: 'an unknown customer is not found', tool: 'list_delivery_promotions', args: { customer_id: 'Nobody Here' }, ok: false, errorIncludes: ['customer Nobody Here not found'] },
  { title: 'a code of another restaurant is refused', tool: 'apply_delivery_promo', args: { customer_id: 'Ines Haddad', restaurant_id: "Luigi's Trattoria", code: 'SUSHI15' }, ok: false, errorIncludes: ['only for Sakura Sushi'] },
  { title: 'a code is applied (any case)', tool: 'apply_delivery_promo', args: { customer_id: 'Ines Haddad', restaurant_id: "Luigi's Trattoria", code: 'pizza20' }, ok: true, check: (r) => { expect(r.cart.promo_code).to.equal('PIZZA20'); expect(r.cart.discount).to.be.greaterThan(0); } },
  { title: 'an expired code is refused', tool: 'apply_delivery_promo', args: { customer_id: 'Ines Haddad', restaurant_id: "Luigi's Trattoria", code: 'WINTER25' }, ok: false, errorIncludes: ['expired on 2026-02-28'] },
  { title: 'a closed restaurant does not take orders and says when it opens', tool: 'place_delivery_order', args: { customer_id: 'Jacob Patel', restaurant_id: 'Sunrise Diner' }, ok: false, errorIncludes: ['closed now', 'opens Wednesday at 07:00'] },
  { title: 'an order below the minimum says how much to add', tool: 'place_delivery_order', args: { customer_id: 'Ines Silva', restaurant_id: "Luigi's Trattoria" }, ok: false, errorIncludes: ['$10.00 minimum', 'add $6.00 more'] },
  { title: 'the cart becomes an order, placed', tool: 'place_delivery_order', args: { customer_id: 'Ines Haddad', restaurant_id: "Luigi's Trattoria", tip: 4 }, ok: true, check: (r) => { expect(r.order).to.include({ order_id: 'ord_126', status: 'placed', promo_code: 'PIZZA20', tip: 4 }); expect(r.order.minutes_to_delivery).to.be.greaterThan(15); } },
  { title: 'the cart is gone once ordered', tool: 'place_delivery_order', args: { customer_id: 'Ines Haddad', restaurant_id: "Luigi's Trattoria" }, ok: false, errorIncludes: ["no cart at Luigi's Trattoria"] },
  { title: 'a customer\'s placed orders', tool: 'list_delivery_orders', args: { customer_id: 'Ines Haddad', status: 'placed' }, ok: true, check: (r) => expect(r.orders.map((o: { order_id: string }) => o.order_id)).to.deep.equal(['ord_126']) },
  { title: 'a mistyped customer id names the closest', tool: 'list_delivery_orders', args: { customer_id: 'cus_400' }, ok: false, errorIncludes: ['cus_400 not found', 'cus_40'] },
  { title: 'an order on its way shows its dasher', tool: 'get_delivery_order', args: { order_id: 'ord_122' }, ok: true, check: (r) => { expect(r.order.status).to.equal('picked_up'); expect(r.order.dasher).to.be.a('string'); expect(r.order.minutes_to_delivery).to.equal(10); } },
  { title: 'toString as an order id is a plain not-found', tool: 'get_delivery_order', args: { order_id: 'toString' }, ok: false, errorIncludes: ['toString', 'not found'] },
  { title: 'an order on its way cannot be cancelled', tool: 'cancel_delivery_order', args: { order_id: 'ord_122' }, ok: false, errorIncludes: ['on its way', 'no longer be cancelled'] },
  { title: 'an order being prepared is cancelled with fees and tip refunded, the food charged', tool: 'cancel_delivery_order', args: { order_id: 'ord_118' }, ok: true, check: (r) => { expect(r.order.status).to.equal('cancelled'); expect(r.charged).to.equal(r.order.subtotal - r.order.discount); } },
  { title: 'a just-placed order is refunded in full', tool: 'cancel_delivery_order', args: { order_id: 'ord_126' }, ok: true, check: (r) => { expect(r.refund).to.equal(r.order.total); expect(r.charged).to.equal(0); } },
  { title: 'a cancelled order is not cancelled twice', tool: 'cancel_delivery_order', args: { order_id: 'ord_126' }, ok: false, errorIncludes: ['was cancelled'] },
  { title: 'a delivered order\'s tip is not lowered', tool: 'update_delivery_tip', args: { order_id: 'ord_124', tip: 3 }, ok: false, errorIncludes: ['can only be raised'] },
  { title: 'a delivered order\'s tip is raised and the total follows', tool: 'update_delivery_tip', args: { order_id: 'ord_124', tip: 7 }, ok: true, check: (r) => { expect(r.order.tip).to.equal(7); expect(r.order.total).to.equal(20.49); expect(r.previous_tip).to.equal(5); } },
  { title: 'a tip days after delivery is refused', tool: 'update_delivery_tip', args: { order_id: 'ord_106', tip: 5 }, ok: false, errorIncludes: ['until 24 hours after delivery'] },
  { title: 'a delivered order is rated', tool: 'rate_delivery_order', args: { order_id: 'ord_124', restaurant_stars: 5, dasher_stars: 4, comment: 'Still warm' }, ok: true, check: (r) => expect(r.order.rating).to.include({ restaurant_stars: 5, dasher_stars: 4 }) },
  { title: 'a rating is given once', tool: 'rate_delivery_order', args: { order_id: 'ord_124', restaurant_stars: 1 }, ok: false, errorIncludes: ['was rated', 'once'] },
  { title: 'an order being prepared is not rated yet', tool: 'rate_delivery_order', args: { order_id: 'ord_117', restaurant_stars: 4 }, ok: false, errorIncludes: ['is preparing', 'only delivered'] },
  { title: 'a past order goes back into the cart', tool: 'reorder_delivery_order', args: { order_id: 'ord_125' }, ok: true, check: (r) => { expect(r.customer_id).to.equal('cus_15'); expect(r.cart.lines.length).to.be.greaterThan(0); } },
  { title: 'a mistyped order id names the closest', tool: 'reorder_delivery_order', args: { order_id: 'ord_1255' }, ok: false, errorIncludes: ['ord_1255 not found', 'did you mean ord_125'] },
  { title: 'saved addresses, default first', tool: 'list_delivery_addresses', args: { customer_id: 'owen.muller@example.com' }, ok: true, check: (r) => { expect(r.addresses.map((a: { label: string }) => a.label)).to.deep.equal(['Home', 'Work', 'Gym']); expect(r.addresses[0].is_default).to.equal(true); } },
  { title: 'a name without its umlaut names the closest customer', tool: 'list_delivery_addresses', args: { customer_id: 'Owen Muller' }, ok: false, errorIncludes: ['Owen Müller'] },
  { title: 'a label in use is refused', tool: 'add_delivery_address', args: { customer_id: 'Ines Haddad', label: 'home', street: '12 Elm St' }, ok: false, errorIncludes: ['already has an address called Home'] },
  { title: 'a street the city does not have names the closest', tool: 'add_delivery_address', args: { customer_id: 'Ines Haddad', label: 'Office', street: '12 Elmm St' }, ok: false, errorIncludes: ['no street called Elmm St', 'Elm St'] },
  { title: 'an address is saved and located', tool: 'add_delivery_address', args: { customer_id: 'Ines Haddad', label: 'Office', street: '12 Elm St', instructions: 'Front desk' }, ok: true, check: (r) => { expect(r.address).to.include({ label: 'Office', street: '12 Elm St', is_default: false }); expect(r.count).to.equal(2); } },
  { title: 'a cart is cleared', tool: 'clear_delivery_cart', args: { customer_id: 'Aria Kim', restaurant_id: 'Aegean Grill' }, ok: true, check: (r) => expect(r).to.include({ cleared_cart_id: 'cart_13', removed_lines: 1 }) },
  { title: 'a cleared cart is gone', tool: 'clear_delivery_cart', args: { customer_id: 'Aria Kim', restaurant_id: 'Aegean Grill' }, ok: false, errorIncludes: ['no cart at Aegean Grill', 'Bangkok Garden'] },
];
