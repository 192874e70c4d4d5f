import { entryValues, getEntry } from '../kit/bucketedRecord.js';
import type { DomainInvariant } from '../kit/Domain.js';
import { MAX_CART_QUANTITY, type FoodDeliveryState } from './FoodDeliveryState.js';
import { cartSubtotal } from './foodLookups.js';
import { orderPricing, unitPrice } from './pricing.js';

/** Properties every reachable food-delivery state keeps. */
export const foodDeliveryInvariants: DomainInvariant<FoodDeliveryState>[] = [
  {
    name: 'one cart per customer and restaurant; carts hold at least one line of items of that restaurant, priced by item and options; a cart promo meets its minimum',
    check(state) {
      const seen = new Set<string>();
      for (const cart of Object.values(state.carts)) {
        const key = `${cart.customer_id}/${cart.restaurant_id}`;
        if (seen.has(key)) return `two carts for ${key}`;
        seen.add(key);
        if (!Object.hasOwn(state.customers, cart.customer_id) || !Object.hasOwn(state.restaurants, cart.restaurant_id)) return `${cart.cart_id} points at a missing customer or restaurant`;
        if (cart.lines.length === 0) return `${cart.cart_id} is empty`;
        for (const line of cart.lines) {
          const item = getEntry(state.items, line.item_id);
          if (item === undefined || item.restaurant_id !== cart.restaurant_id) return `${cart.cart_id}: ${line.item_id} is not on the menu of ${cart.restaurant_id}`;
          if (line.quantity < 1 || line.quantity > MAX_CART_QUANTITY) return `${cart.cart_id}: quantity ${line.quantity}`;
          if (line.unit_price_cents !== unitPrice(item, line.options)) return `${cart.cart_id}: ${line.line_id} priced ${line.unit_price_cents}`;
          for (const group of item.option_groups) {
            const chosen = group.choices.filter((c) => line.options.includes(c.name)).length;
            if (chosen > group.max_choices || (group.required && chosen !== 1)) return `${cart.cart_id}: ${line.line_id} has ${chosen} choices of ${group.name}`;
          }
        }
        if (cart.promo_code !== null) {
          const promo = state.promotions[cart.promo_code];
          if (promo === undefined || cartSubtotal(cart) < promo.min_subtotal_cents) return `${cart.cart_id}: promo ${cart.promo_code} below its minimum`;
          if (promo.restaurant_id !== null && promo.restaurant_id !== cart.restaurant_id) return `${cart.cart_id}: promo ${promo.code} is for another restaurant`;
        }
      }
      return undefined;
    },
  },
  {
    name: 'orders add up: total = subtotal + fees − discount + tip; a refund never exceeds the total; the timeline runs placed ≤ accepted ≤ preparing ≤ picked up ≤ delivered; ratings only on delivered orders',
    check(state) {
      for (const o of entryValues(state.orders)) {
        if (!Object.hasOwn(state.customers, o.customer_id) || !Object.hasOwn(state.restaurants, o.restaurant_id)) return `${o.order_id} points at a missing customer or restaurant`;
        const price = orderPricing(state.restaurants[o.restaurant_id], o.lines, null, o.tip_cents);
        if (price.subtotal_cents !== o.subtotal_cents) return `${o.order_id}: subtotal ${o.subtotal_cents}, lines make ${price.subtotal_cents}`;
        if (o.total_cents !== o.subtotal_cents + o.delivery_fee_cents + o.service_fee_cents + o.small_order_fee_cents - o.discount_cents + o.tip_cents) return `${o.order_id}: total ${o.total_cents} does not add up`;
        if (o.tip_cents < 0 || o.discount_cents < 0 || o.refund_cents < 0 || o.refund_cents > o.total_cents) return `${o.order_id}: tip ${o.tip_cents}, discount ${o.discount_cents}, refund ${o.refund_cents}`;
        if (!(o.placed_at <= o.accepted_at && o.accepted_at <= o.preparing_at && o.preparing_at <= o.picked_up_at && o.picked_up_at <= o.delivered_at)) return `${o.order_id}: timeline out of order`;
        if ((o.cancelled_at === null) !== (o.refund_cents === 0)) return `${o.order_id}: cancelled ${o.cancelled_at}, refund ${o.refund_cents}`;
        if (o.cancelled_at !== null && o.cancelled_at >= o.picked_up_at) return `${o.order_id} cancelled after pickup`;
        if (o.rating !== null && (o.cancelled_at !== null || o.rating.rated_at < o.delivered_at)) return `${o.order_id} rated before delivery or while cancelled`;
        if (!state.customers[o.customer_id].addresses.some((a) => a.address_id === o.address_id)) return `${o.order_id}: address ${o.address_id} is not the customer's`;
      }
      return undefined;
    },
  },
  {
    name: 'customers: unique address labels, promos redeemed at most once and only existing codes',
    check(state) {
      for (const c of Object.values(state.customers)) {
        const labels = new Set(c.addresses.map((a) => a.label.toLowerCase()));
        if (labels.size !== c.addresses.length || c.addresses.length === 0) return `${c.customer_id}: address labels ${c.addresses.map((a) => a.label).join(', ')}`;
        if (new Set(c.promos_used).size !== c.promos_used.length) return `${c.customer_id} redeemed a promo twice`;
        for (const code of c.promos_used) if (!Object.hasOwn(state.promotions, code)) return `${c.customer_id} redeemed unknown ${code}`;
      }
      return undefined;
    },
  },
];
