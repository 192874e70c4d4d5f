import { expect } from 'chai';
import fc from 'fast-check';
import { entryValues } from '../../../servers/kit/bucketedRecord.js';
import { domainRuntime } from '../../../servers/kit/DomainSession.js';
import { loadFixture } from '../../../servers/kit/fixtures.js';
import { foodDeliveryDomain } from '../../../servers/food_delivery/FoodDeliveryDomain.js';
import { statusAt, type FoodDeliveryState } from '../../../servers/food_delivery/FoodDeliveryState.js';
import { generateWorld } from '../../../servers/food_delivery/generateWorld.js';
import { foodDeliveryCases } from './cases.js';
import { expectCallSequencesKeepInvariants, ok, refused } from '../support/domainCalls.js';

const runtime = domainRuntime(foodDeliveryDomain);

describe('food_delivery: the world', () => {
  it('generateWorld(42) is exactly the committed fixture; another seed gives another world that keeps every invariant', () => {
    expect(generateWorld(42)).to.deep.equal(loadFixture<FoodDeliveryState>('food_delivery'));
    const other = generateWorld(7);
    expect(other).to.not.deep.equal(generateWorld(42));
    for (const invariant of foodDeliveryDomain.invariants) expect(invariant.check(other, other), invariant.name).to.equal(undefined);
  });

  it('is varied: 30 restaurants, hundreds of dishes, 40 customers, orders in every status at the reference time', () => {
    const world = runtime.world;
    expect(Object.keys(world.restaurants)).to.have.length(30);
    expect(entryValues(world.items).length).to.be.greaterThan(200);
    expect(Object.keys(world.customers)).to.have.length(40);
    const statuses = new Set(entryValues(world.orders).map((o) => statusAt(o, foodDeliveryDomain.defaultReferenceDate)));
    for (const status of ['placed', 'accepted', 'preparing', 'picked_up', 'delivered', 'cancelled']) expect(statuses.has(status as never), status).to.equal(true);
    expect(foodDeliveryDomain.tools).to.have.length(17);
  });
});

describe('food_delivery: the clock drives the order', () => {
  it('an order placed now is placed; the world\'s orders read at later clocks move forward; cancelling follows the window', () => {
    const placed = ok(runtime.openSession(), 'place_delivery_order', { customer_id: 'Ines Haddad', restaurant_id: "Luigi's Trattoria" }).order;
    expect(placed.status).to.equal('placed');
    // The world's own orders, read at later clocks, move forward and never back.
    const states = ['2026-03-17T01:30:00Z', '2026-03-17T01:45:00Z', '2026-03-17T03:00:00Z'].map((referenceDate) => ok(runtime.openSession({ referenceDate }), 'get_delivery_order', { order_id: 'ord_114' }).order.status);
    expect(states).to.deep.equal(['placed', 'preparing', 'delivered']);
    const later = runtime.openSession({ referenceDate: '2026-03-17T01:45:00Z' });
    expect(refused(later, 'cancel_delivery_order', { order_id: 'ord_122' })).to.include('delivered');
    const partial = ok(later, 'cancel_delivery_order', { order_id: 'ord_114' });
    expect(partial.charged).to.be.greaterThan(0);
  });

  it('one cart per restaurant; a cart left below its promo minimum loses the promo; an emptied cart disappears', () => {
    const session = runtime.openSession();
    ok(session, 'add_to_delivery_cart', { customer_id: 'Ines Haddad', item_id: 'Margherita Pizza', restaurant_id: "Luigi's Trattoria" });
    expect(ok(session, 'get_delivery_cart', { customer_id: 'Ines Haddad' }).count).to.equal(1);
    ok(session, 'add_to_delivery_cart', { customer_id: 'Ines Haddad', item_id: 'item_31' });
    expect(ok(session, 'get_delivery_cart', { customer_id: 'Ines Haddad' }).count).to.equal(2);
    ok(session, 'apply_delivery_promo', { customer_id: 'Ines Haddad', restaurant_id: "Luigi's Trattoria", code: 'PIZZA20' });
    // Garlic knots (2 × $6.50) and tiramisu ($7.50) and a pizza: without the pizza and the knots the cart is under PIZZA20's $15.
    const cart = ok(session, 'get_delivery_cart', { customer_id: 'Ines Haddad', restaurant_id: "Luigi's Trattoria" }).carts[0];
    const pizza = cart.lines.find((l: { name: string }) => l.name === 'Margherita Pizza');
    expect(ok(session, 'update_delivery_cart_item', { customer_id: 'Ines Haddad', line_id: pizza.line_id, quantity: 0 }).note).to.equal(null);
    const dropped = ok(session, 'update_delivery_cart_item', { customer_id: 'Ines Haddad', line_id: 'line_7', quantity: 0 });
    expect(dropped.note).to.include('promo removed');
    expect(dropped.cart.promo_code).to.equal(null);
    for (const line of dropped.cart.lines) ok(session, 'update_delivery_cart_item', { customer_id: 'Ines Haddad', line_id: line.line_id, quantity: 0 });
    expect(refused(session, 'get_delivery_cart', { customer_id: 'Ines Haddad', restaurant_id: "Luigi's Trattoria" })).to.include('no cart');
    expect(runtime.checkInvariants(session.state)).to.deep.equal([]);
  });

  it('a redeemed promo works once; a first-order code is for customers without orders', () => {
    const session = runtime.openSession();
    ok(session, 'apply_delivery_promo', { customer_id: 'Ines Haddad', restaurant_id: "Luigi's Trattoria", code: 'PIZZA20' });
    ok(session, 'place_delivery_order', { customer_id: 'Ines Haddad', restaurant_id: "Luigi's Trattoria" });
    ok(session, 'add_to_delivery_cart', { customer_id: 'Ines Haddad', item_id: 'item_1', quantity: 2 });
    expect(refused(session, 'apply_delivery_promo', { customer_id: 'Ines Haddad', restaurant_id: "Luigi's Trattoria", code: 'PIZZA20' })).to.include('already redeemed');
    expect(refused(session, 'apply_delivery_promo', { customer_id: 'Ines Haddad', restaurant_id: "Luigi's Trattoria", code: 'WELCOME10' })).to.include('first order');
    const fresh = Object.values(session.state.customers).find((c) => !entryValues(session.state.orders).some((o) => o.customer_id === c.customer_id))!;
    ok(session, 'add_to_delivery_cart', { customer_id: fresh.name, item_id: 'item_1', quantity: 2 });
    expect(ok(session, 'apply_delivery_promo', { customer_id: fresh.name, restaurant_id: 'rest_1', code: 'WELCOME10' }).cart.promo_code).to.equal('WELCOME10');
  });

  it('random cart and order sequences keep every invariant; refusals change nothing', () => {
    const customers = Object.keys(runtime.world.customers);
    const items = entryValues(runtime.world.items).map((i) => i.item_id);
    const orders = entryValues(runtime.world.orders).map((o) => o.order_id);
    const restaurants = Object.keys(runtime.world.restaurants);
    const step = fc.oneof(
      fc.record({ tool: fc.constant('add_to_delivery_cart'), args: fc.record({ customer_id: fc.constantFrom(...customers), item_id: fc.constantFrom(...items), quantity: fc.integer({ min: 1, max: 3 }) }) }),
      fc.record({ tool: fc.constant('place_delivery_order'), args: fc.record({ customer_id: fc.constantFrom(...customers), restaurant_id: fc.constantFrom(...restaurants) }) }),
      fc.record({ tool: fc.constant('apply_delivery_promo'), args: fc.record({ customer_id: fc.constantFrom(...customers), restaurant_id: fc.constantFrom(...restaurants), code: fc.constantFrom('SAVE5', 'FREEDELIVERY', 'PIZZA20', 'WELCOME10') }) }),
      fc.record({ tool: fc.constantFrom('cancel_delivery_order', 'reorder_delivery_order'), args: fc.record({ order_id: fc.constantFrom(...orders) }) }),
      fc.record({ tool: fc.constant('update_delivery_tip'), args: fc.record({ order_id: fc.constantFrom(...orders), tip: fc.integer({ min: 0, max: 20 }) }) }),
      fc.record({ tool: fc.constant('rate_delivery_order'), args: fc.record({ order_id: fc.constantFrom(...orders), restaurant_stars: fc.integer({ min: 1, max: 5 }) }) }),
    );
    expectCallSequencesKeepInvariants(runtime, step);
  });
});
