import { SERVICE_MIN_CENTS, SERVICE_RATE, SMALL_ORDER_CENTS, SMALL_ORDER_FEE_CENTS, type MenuItem, type Promotion, type Restaurant } from './FoodDeliveryState.js';

/** Prices of carts and orders: item plus options, fees, promotion, tip. All integer cents. */

export function unitPrice(item: MenuItem, options: readonly string[]): number {
  let price = item.price_cents;
  for (const group of item.option_groups) for (const choice of group.choices) if (options.includes(choice.name)) price += choice.price_cents;
  return price;
}

export interface Priced {
  subtotal_cents: number;
  delivery_fee_cents: number;
  service_fee_cents: number;
  small_order_fee_cents: number;
  discount_cents: number;
  tip_cents: number;
  total_cents: number;
}

/** What a promotion takes off a subtotal and delivery fee (no checks of who may use it). */
export function promoDiscount(promo: Promotion, subtotal: number, deliveryFee: number): number {
  if (promo.kind === 'free_delivery') return deliveryFee;
  if (promo.kind === 'amount') return Math.min(promo.value, subtotal);
  return Math.min(Math.round((subtotal * promo.value) / 100), promo.max_discount_cents);
}

export function orderPricing(restaurant: Restaurant, lines: ReadonlyArray<{ quantity: number; unit_price_cents: number }>, promo: Promotion | null, tip: number): Priced {
  let subtotal = 0;
  for (const line of lines) subtotal += line.quantity * line.unit_price_cents;
  const delivery = restaurant.delivery_fee_cents;
  const service = Math.max(SERVICE_MIN_CENTS, Math.round(subtotal * SERVICE_RATE));
  const small = subtotal < SMALL_ORDER_CENTS ? SMALL_ORDER_FEE_CENTS : 0;
  const discount = promo === null ? 0 : promoDiscount(promo, subtotal, delivery);
  return { subtotal_cents: subtotal, delivery_fee_cents: delivery, service_fee_cents: service, small_order_fee_cents: small, discount_cents: discount, tip_cents: tip, total_cents: subtotal + delivery + service + small - discount + tip };
}
