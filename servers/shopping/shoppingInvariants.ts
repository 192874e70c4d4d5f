import type { DomainInvariant } from '../kit/Domain.js';
import { entryCount, entryIds, entryValues, getEntry, hasEntry } from '../kit/bucketedRecord.js';
import type { ShoppingState } from './ShoppingState.js';

/** What must hold in every reachable shopping state; the first violation found is reported. */
export const shoppingInvariants: DomainInvariant<ShoppingState>[] = [
  {
    name: 'stock is never negative',
    check(state) {
      for (const variant of entryValues(state.variants)) {
        if (!Number.isInteger(variant.stock) || variant.stock < 0) return `variant ${variant.id} has stock ${variant.stock}`;
      }
      return undefined;
    },
  },
  {
    name: 'stock plus units sold is conserved per variant',
    check(state, initial) {
      const ids = entryIds(initial.variants);
      if (entryCount(state.variants) !== ids.length) return `the catalog had ${ids.length} variants and now has ${entryCount(state.variants)}`;
      for (const id of ids) {
        const before = getEntry(initial.variants, id)!;
        const after = getEntry(state.variants, id)!;
        if (after === undefined) return `variant ${id} disappeared`;
        if (after.stock + after.sold !== before.stock + before.sold) {
          return `variant ${id}: stock ${after.stock} + sold ${after.sold} ≠ ${before.stock} + ${before.sold} at the start`;
        }
      }
      return undefined;
    },
  },
  {
    name: 'units sold equal the quantities of orders that are not cancelled',
    check(state) {
      const sold = new Map<string, number>();
      for (const order of entryValues(state.orders)) {
        if (order.status === 'cancelled') continue;
        for (const line of order.lines) sold.set(line.variant_id, (sold.get(line.variant_id) ?? 0) + line.quantity);
      }
      for (const variant of entryValues(state.variants)) {
        if (variant.sold !== (sold.get(variant.id) ?? 0)) return `variant ${variant.id} counts ${variant.sold} sold but orders hold ${sold.get(variant.id) ?? 0}`;
      }
      return undefined;
    },
  },
  {
    name: 'cart totals equal the sum of the lines minus discounts plus shipping',
    check(state) {
      for (const cart of Object.values(state.carts)) {
        let subtotal = 0;
        let discount = 0;
        for (const line of cart.lines) {
          const variant = getEntry(state.variants, line.variant_id)!;
          if (variant === undefined) return `cart ${cart.id} line ${line.id} references missing variant ${line.variant_id}`;
          if (!Number.isInteger(line.quantity) || line.quantity < 1) return `cart ${cart.id} line ${line.id} has quantity ${line.quantity}`;
          if (cart.status === 'open' && line.unit_price_cents !== variant.price_cents) return `cart ${cart.id} line ${line.id} is priced ${line.unit_price_cents}, the variant costs ${variant.price_cents}`;
          const lineSubtotal = line.quantity * line.unit_price_cents;
          if (line.discount_cents < 0 || line.discount_cents > lineSubtotal) return `cart ${cart.id} line ${line.id} has discount ${line.discount_cents} on ${lineSubtotal}`;
          subtotal += lineSubtotal;
          discount += line.discount_cents;
        }
        if (cart.subtotal_cents !== subtotal) return `cart ${cart.id}: subtotal ${cart.subtotal_cents} ≠ sum of lines ${subtotal}`;
        if (cart.discount_cents !== discount) return `cart ${cart.id}: discount ${cart.discount_cents} ≠ sum of line discounts ${discount}`;
        if (cart.shipping_discount_cents < 0 || cart.shipping_discount_cents > cart.shipping_cents) return `cart ${cart.id}: shipping discount ${cart.shipping_discount_cents} exceeds shipping ${cart.shipping_cents}`;
        const total = subtotal - discount + cart.shipping_cents - cart.shipping_discount_cents;
        if (cart.total_cents !== total) return `cart ${cart.id}: total ${cart.total_cents} ≠ ${subtotal} − ${discount} + ${cart.shipping_cents} − ${cart.shipping_discount_cents}`;
        if (cart.coupon_code !== null && state.coupons[cart.coupon_code] === undefined) return `cart ${cart.id} holds unknown coupon ${cart.coupon_code}`;
        if (state.customers[cart.customer_id] === undefined) return `cart ${cart.id} belongs to missing customer ${cart.customer_id}`;
        if ((cart.status === 'completed') !== (cart.order_id !== null && hasEntry(state.orders, cart.order_id))) return `cart ${cart.id} is ${cart.status} with order ${cart.order_id}`;
      }
      return undefined;
    },
  },
  {
    name: 'every order line references an existing variant and order totals add up',
    check(state) {
      for (const order of entryValues(state.orders)) {
        let subtotal = 0;
        let discount = 0;
        for (const line of order.lines) {
          const variant = getEntry(state.variants, line.variant_id)!;
          if (variant === undefined) return `order ${order.id} references missing variant ${line.variant_id}`;
          if (variant.product_id !== line.product_id) return `order ${order.id} line ${line.variant_id} names product ${line.product_id}, the variant belongs to ${variant.product_id}`;
          subtotal += line.quantity * line.unit_price_cents;
          discount += line.discount_cents;
        }
        if (order.lines.length === 0) return `order ${order.id} has no lines`;
        if (order.subtotal_cents !== subtotal || order.discount_cents !== discount) return `order ${order.id}: subtotal/discount ${order.subtotal_cents}/${order.discount_cents} ≠ lines ${subtotal}/${discount}`;
        if (order.total_cents !== subtotal - discount + order.shipping_cents - order.shipping_discount_cents) return `order ${order.id}: total ${order.total_cents} does not add up`;
        if (order.refunded_cents < 0 || order.refunded_cents > order.total_cents) return `order ${order.id}: refunded ${order.refunded_cents} of ${order.total_cents}`;
        const customer = state.customers[order.customer_id];
        if (customer === undefined || !customer.order_ids.includes(order.id)) return `order ${order.id} is missing from its customer's order list`;
        if (state.payment_methods[order.payment_method_id] === undefined) return `order ${order.id} was paid with missing payment method ${order.payment_method_id}`;
      }
      return undefined;
    },
  },
  {
    name: 'returned quantities never exceed what was bought and match the returns',
    check(state) {
      for (const order of entryValues(state.orders)) {
        const returned = new Map<string, number>();
        for (const id of order.return_ids) {
          const request = state.returns[id];
          if (request === undefined || request.order_id !== order.id) return `order ${order.id} lists return ${id}, which is not one of its returns`;
          if (request.status === 'rejected') continue;
          for (const item of request.items) returned.set(item.variant_id, (returned.get(item.variant_id) ?? 0) + item.quantity);
        }
        for (const line of order.lines) {
          if (line.returned_quantity > line.quantity) return `order ${order.id} line ${line.variant_id}: ${line.returned_quantity} returned of ${line.quantity}`;
          if (line.returned_quantity !== (returned.get(line.variant_id) ?? 0)) return `order ${order.id} line ${line.variant_id}: returned_quantity ${line.returned_quantity} ≠ returns ${returned.get(line.variant_id) ?? 0}`;
        }
      }
      return undefined;
    },
  },
  {
    name: 'coupon redemptions stay within their limits',
    check(state) {
      for (const coupon of Object.values(state.coupons)) {
        if (coupon.times_used < 0) return `coupon ${coupon.code} used ${coupon.times_used} times`;
        if (coupon.usage_limit !== null && coupon.times_used > coupon.usage_limit) return `coupon ${coupon.code} used ${coupon.times_used} times, limit ${coupon.usage_limit}`;
      }
      return undefined;
    },
  },
  {
    name: 'address books, cards and wishlists reference existing records of their customer',
    check(state) {
      for (const customer of Object.values(state.customers)) {
        for (const id of customer.address_ids) if (state.addresses[id]?.customer_id !== customer.id) return `customer ${customer.id} lists address ${id} of someone else`;
        for (const id of customer.payment_method_ids) if (state.payment_methods[id]?.customer_id !== customer.id) return `customer ${customer.id} lists card ${id} of someone else`;
        for (const id of customer.wishlist) if (state.products[id] === undefined) return `customer ${customer.id} wishes for missing product ${id}`;
        if (new Set(customer.wishlist).size !== customer.wishlist.length) return `customer ${customer.id} has a product twice on the wishlist`;
        if (state.customer_ids_by_email[customer.email] !== customer.id) return `email ${customer.email} does not lead to ${customer.id}`;
      }
      return undefined;
    },
  },
];
