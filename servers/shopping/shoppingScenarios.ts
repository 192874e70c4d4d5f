import type { DomainScenario, ScenarioFacts, SessionRandom } from '../kit/Domain.js';
import { SHOPPING_REFERENCE_DATE } from './ShoppingState.js';

/**
 * Goals of a signed-in shopper, played as conversations. The shopper knows product names, order
 * numbers (from the confirmation email), their city, coupon codes; the assistant finds product,
 * variant, cart, order and address ids.
 */

type Row = Record<string, any>;

const SIGNED_IN = ['The signed-in shopper is {first_name} {last_name} (customer id {customer_id}).'];

const byNumber = (a: string, b: string): number => Number(a.replace(/\D+/g, '')) - Number(b.replace(/\D+/g, ''));

/** A customer (tried from a random start) for whom `pick` finds what the goal needs. */
function castShopper(state: Row, random: SessionRandom, pick: (customer: Row) => ScenarioFacts | undefined): ScenarioFacts | undefined {
  const ids = Object.keys(state.customers).sort(byNumber);
  const start = random.int(0, ids.length - 1);
  for (let k = 0; k < ids.length; k++) {
    const customer = state.customers[ids[(start + k) % ids.length]];
    const facts = pick(customer);
    if (facts !== undefined) return { customer_id: customer.id, first_name: customer.first_name, last_name: customer.last_name, ...facts };
  }
  return undefined;
}

/** Every order of the world (orders are stored in buckets). */
function orders(state: Row): Row[] {
  const out: Row[] = [];
  for (const bucket of Object.values(state.orders as Record<string, Record<string, Row>>)) for (const order of Object.values(bucket)) out.push(order);
  return out;
}

/** A variant by id (variants are stored in buckets). */
function variantOf(state: Row, id: string): Row | undefined {
  for (const bucket of Object.values(state.variants as Record<string, Record<string, Row>>)) if (Object.hasOwn(bucket, id)) return bucket[id];
  return undefined;
}

/** A product as a shopper names it: its title, and the option values of the variant when it has several ("Trail Runner, Size 10, Color Black"). */
function itemSaid(product: Row, variant: Row): string {
  if ((product.variant_ids as string[]).length < 2) return String(product.title);
  return `${product.title} (${Object.entries(variant.options as Record<string, string>).map(([name, value]) => `${name.toLowerCase()} ${value}`).join(', ')})`;
}

const REASONS: Record<string, string> = {
  too_small: 'it is too small',
  too_large: 'it is too big',
  defective: 'it arrived broken',
  not_as_described: 'it is not what the description said',
  changed_mind: 'I changed my mind',
};

/** Why a shopper cancels, as they say it, by the reason code cancel_unfulfilled_order takes. */
const CANCEL_REASONS: Record<string, string> = {
  customer_changed_mind: 'I changed my mind',
  ordered_by_mistake: 'I ordered it by mistake',
  found_better_price: 'I found it cheaper somewhere else',
  shipping_too_slow: 'it would arrive too late for me',
};

export const shoppingScenarios: DomainScenario[] = [
  {
    name: 'return_an_item_from_an_order',
    goal: 'Return an item of a delivered order named by its order number, then check the return.',
    context: SIGNED_IN,
    weight: 2,
    cast(state: Row, random) {
      const delivered = orders(state).filter((o) => o.status === 'delivered' && o.fulfillment?.delivered_at && o.fulfillment.delivered_at >= '2026-02-20' && (o.return_ids ?? []).length === 0);
      return castShopper(state, random, (customer) => {
        const own = delivered.filter((o) => o.customer_id === customer.id);
        if (own.length === 0) return undefined;
        const order = random.pick(own);
        const lines = (order.lines as Row[]).filter((line) => {
          const variant = Object.values(state.variants as Record<string, Record<string, Row>>).map((b) => b[line.variant_id]).find(Boolean);
          const product = variant && Object.values(state.products as Record<string, Row>).find((p) => p.id === variant.product_id);
          return product !== undefined && product.final_sale !== true;
        });
        if (lines.length === 0) return undefined;
        const line = random.pick(lines);
        const reason = random.pick(Object.keys(REASONS));
        return { order_number: order.order_number ?? order.name, variant_id_hint: line.variant_id, item: line.title ?? line.product_title, reason, reason_text: REASONS[reason] };
      });
    },
    turns: [
      {
        say: ['I want to return the {item} from order {order_number}: {reason_text}.', 'Order {order_number}: please start a return for the {item}, {reason_text}.'],
        steps: [
          {
            tool: 'list_customer_orders',
            args: (f) => ({ customer_id: f.customer_id, status: 'delivered' }),
            learn: (r: { orders: Row[] }, f) => { const o = r.orders.find((x) => String(x.order_number) === String(f.order_number)); return o && { order_id: o.order_id }; },
          },
          {
            tool: 'get_order_details',
            args: (f) => ({ order_id: f.order_id }),
            learn: (r: { lines: Row[] }, f) => { const line = r.lines.find((x) => x.variant_id === f.variant_id_hint); return line && { variant_id: line.variant_id, quantity: line.quantity }; },
          },
          {
            tool: 'request_order_return',
            args: (f) => ({ order_id: f.order_id, items: [{ variant_id: f.variant_id, quantity: 1 }], reason: f.reason }),
            learn: (r: Row) => ({ return_id: r.return_id }),
            fault: { kind: 'missing_argument', tool: 'request_order_return', args: (f) => ({ order_id: f.order_id, reason: f.reason }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['What is the status of that return now?', 'By when do I have to send it back?'],
        steps: [{ tool: 'get_return_status', args: (f) => ({ return_id: f.return_id }) }],
      },
    ],
  },
  {
    name: 'cancel_an_order_before_it_ships',
    goal: 'Cancel an order that has not shipped yet, named by its order number, then confirm it shows as cancelled.',
    context: SIGNED_IN,
    cast(state: Row, random) {
      const open = orders(state).filter((o) => o.status === 'unfulfilled');
      return castShopper(state, random, (customer) => {
        const own = open.filter((o) => o.customer_id === customer.id);
        if (own.length === 0) return undefined;
        const order = random.pick(own);
        const reason = random.pick(Object.keys(CANCEL_REASONS));
        return { order_number: order.order_number ?? order.name, reason, reason_text: CANCEL_REASONS[reason] };
      });
    },
    turns: [
      {
        say: ['Please cancel order {order_number}, {reason_text}.', 'I need to cancel my order {order_number}: {reason_text}.'],
        steps: [
          {
            tool: 'list_customer_orders',
            args: (f) => ({ customer_id: f.customer_id, status: 'unfulfilled' }),
            learn: (r: { orders: Row[] }, f) => { const o = r.orders.find((x) => String(x.order_number) === String(f.order_number)); return o && { order_id: o.order_id }; },
          },
          {
            tool: 'cancel_unfulfilled_order',
            args: (f) => ({ order_id: f.order_id, reason: f.reason }),
            fault: { kind: 'missing_argument', tool: 'cancel_unfulfilled_order', args: (f) => ({ order_id: f.order_id }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['Does it show as cancelled now, and how much was refunded?', 'Can you check that the order is really cancelled?'],
        steps: [{ tool: 'get_order_details', args: (f) => ({ order_id: f.order_id }) }],
      },
    ],
  },
  {
    name: 'browse_a_category',
    goal: 'Look at the categories, find the cheapest in-stock item of one within a budget (dropping the limit when nothing fits), and look at it closely.',
    context: SIGNED_IN,
    weight: 2,
    cast(state: Row, random) {
      const categories = Object.values(state.categories as Record<string, Row>);
      return castShopper(state, random, () => ({ category: random.pick(categories).name, budget: random.pick([25, 40, 60, 80, 120]) }));
    },
    turns: [
      {
        say: ['What product categories do you have?', 'Which categories can I shop in?'],
        steps: [{ tool: 'list_catalog_categories', args: () => ({}), learn: (r: { categories: Row[] }, f) => { const c = r.categories.find((x) => x.name === f.category); return c && { category_id: c.category_id ?? c.id }; } }],
      },
      {
        say: ['Show me {category} under {budget}, in stock.', 'Anything in {category} for at most {budget}?'],
        steps: [
          {
            tool: 'search_catalog_products',
            args: (f) => ({ category_id: f.category_id, max_price: f.budget, in_stock_only: true, sort: 'price_asc' }),
            learn: (r: { products: Row[] }) => (r.products.length === 0 ? { empty: true } : { product_id: r.products[0].product_id, product: r.products[0].title }),
          },
        ],
      },
      {
        say: ['Nothing at all? Then show me the cheapest {category} items whatever the price.', 'Hmm, none. Drop the price limit then.'],
        when: (f) => f.empty === true,
        steps: [
          {
            tool: 'search_catalog_products',
            args: (f) => ({ category_id: f.category_id, in_stock_only: true, sort: 'price_asc' }),
            learn: (r: { products: Row[] }) => (r.products.length === 0 ? undefined : { product_id: r.products[0].product_id, product: r.products[0].title }),
          },
        ],
      },
      {
        say: ['Tell me more about the {product}: which sizes or colours are in stock?', 'What versions of the {product} can I get?'],
        steps: [{ tool: 'get_catalog_product', args: (f) => ({ product_id: f.product_id }) }],
      },
    ],
  },
  {
    name: 'cart_with_a_coupon',
    goal: 'Put a product the shopper names in a new cart, apply their discount code (after an expired one), then take the code off again, ask what shipping costs or buy one more.',
    context: SIGNED_IN,
    weight: 2,
    cast(state: Row, random) {
      // Coupons are valid from their start until their expiry, as of the world's reference date.
      const today = SHOPPING_REFERENCE_DATE;
      const coupons = (Object.values(state.coupons) as Row[]).sort((a, b) => (a.code < b.code ? -1 : 1));
      const usable = coupons.filter((c) => c.starts_at <= today && c.expires_at > today && !c.once_per_customer && (c.usage_limit === null || c.times_used < c.usage_limit));
      const expired = coupons.filter((c) => c.expires_at <= today);
      if (usable.length === 0 || expired.length === 0) return undefined;
      const coupon = random.pick(usable);
      const products = (Object.values(state.products) as Row[]).filter((p) => coupon.category_ids === null || coupon.category_ids.includes(p.category_id)).sort((a, b) => byNumber(a.id, b.id));
      const titles = new Map<string, number>();
      for (const p of Object.values(state.products) as Row[]) titles.set(p.title, (titles.get(p.title) ?? 0) + 1);
      const choices: Array<{ product: Row; variant: Row; quantity: number }> = [];
      for (const product of products) {
        if (titles.get(product.title) !== 1) continue;
        for (const variant of (product.variant_ids as string[]).map((id) => variantOf(state, id)).filter(Boolean) as Row[]) {
          const quantity = Math.max(1, Math.ceil(coupon.min_subtotal_cents / variant.price_cents));
          if (quantity <= Math.min(variant.stock, product.max_per_order, 4)) choices.push({ product, variant, quantity });
        }
      }
      if (choices.length === 0) return undefined;
      const { product, variant, quantity } = random.pick(choices);
      return castShopper(state, random, () => ({
        product: product.title,
        product_hint: product.id,
        item_said: itemSaid(product, variant),
        options: (product.variant_ids as string[]).length > 1 ? variant.options : undefined,
        quantity,
        code: coupon.code,
        code_said: coupon.code,
        old_code: random.pick(expired).code,
        more: quantity + 1,
        then: random.pick(quantity + 1 <= Math.min(variant.stock, product.max_per_order) ? ['remove', 'ship', 'more'] : ['remove', 'ship']),
      }));
    },
    turns: [
      {
        say: ['Put {quantity} × {item_said} in a new cart for me.', 'Start a cart with {quantity} of the {item_said}, please.'],
        steps: [
          {
            tool: 'search_catalog_products',
            args: (f) => ({ query: f.product }),
            learn: (r: { products: Row[] }, f) => { const p = r.products.find((x) => x.product_id === f.product_hint && x.title === f.product); return p && { product_id: p.product_id }; },
          },
          { tool: 'create_cart', args: (f) => ({ customer_id: f.customer_id }), learn: (r: Row) => ({ cart_id: r.cart_id }) },
          {
            tool: 'add_cart_line',
            args: (f) => ({ cart_id: f.cart_id, product_id: f.product_id, ...(f.options === undefined ? {} : { options: f.options }), quantity: f.quantity }),
            learn: (r: { lines: Row[] }, f) => { const line = r.lines.find((x) => x.product_id === f.product_id); return line && { line_id: line.line_id }; },
          },
        ],
      },
      {
        say: ['I have a discount code, {code_said}. Can you apply it?', 'Use my code {code_said} on that cart, please.'],
        steps: [
          {
            tool: 'apply_cart_coupon',
            args: (f) => ({ cart_id: f.cart_id, code: f.code }),
            fault: {
              kind: 'state_refusal',
              tool: 'apply_cart_coupon',
              said: (f) => ({ code_said: f.old_code }),
              args: (f) => ({ cart_id: f.cart_id, code: f.old_code }),
              recovery: 'ask_user',
              ask: ['That code has expired. Do you have another one?', 'Sorry, {old_code} is no longer valid. Is there another code I should try?'],
              reply: ['Oh. Then try {code}.', 'Yes, {code}.'],
            },
          },
        ],
      },
      {
        say: ['Actually, take the code off again; I will keep it for a bigger order.', 'Hmm, remove that discount code for now, please.'],
        when: (f) => f.then === 'remove',
        steps: [{ tool: 'remove_cart_coupon', args: (f) => ({ cart_id: f.cart_id }) }],
      },
      {
        say: ['And what would shipping to my default address cost?', 'How much is shipping on that, and how fast would it come?'],
        when: (f) => f.then === 'ship',
        steps: [{ tool: 'estimate_cart_shipping', args: (f) => ({ cart_id: f.cart_id }) }],
      },
      {
        say: ['Make that {more} instead of {quantity}, please.', 'Can you change the quantity to {more}?'],
        when: (f) => f.then === 'more',
        steps: [{ tool: 'update_cart_line', args: (f) => ({ cart_id: f.cart_id, line_id: f.line_id, quantity: f.more }) }],
      },
    ],
  },
  {
    name: 'wishlist_item_to_checkout',
    goal: 'Buy an item of the wishlist: a new cart, one of the saved addresses, a shipping method chosen from the quotes, a card the shopper names.',
    context: SIGNED_IN,
    weight: 2,
    cast(state: Row, random) {
      return castShopper(state, random, (customer) => {
        const wanted: Array<{ product: Row; variant: Row }> = [];
        for (const id of customer.wishlist as string[]) {
          const product = state.products[id];
          if (product === undefined) continue;
          for (const variant of (product.variant_ids as string[]).map((v) => variantOf(state, v)).filter(Boolean) as Row[]) if (variant.stock > 0) wanted.push({ product, variant });
        }
        const addresses = (customer.address_ids as string[]).map((id) => state.addresses[id]).filter(Boolean);
        const cards = (customer.payment_method_ids as string[]).map((id) => state.payment_methods[id]).filter((m) => m && (m.exp_year > 2026 || (m.exp_year === 2026 && m.exp_month >= 4)));
        if (wanted.length === 0 || addresses.length === 0 || cards.length === 0) return undefined;
        const { product, variant } = random.pick(wanted);
        const address = random.pick(addresses);
        const card = random.pick(cards);
        return {
          product: product.title,
          item_said: itemSaid(product, variant),
          options: (product.variant_ids as string[]).length > 1 ? variant.options : undefined,
          street: address.address1,
          city: address.city,
          brand: card.brand,
          last4: card.last4,
          method: random.pick(['standard', 'express']),
        };
      });
    },
    turns: [
      {
        say: ['I want to buy the {item_said} from my wishlist. Put it in a new cart.', 'Please start a cart with the {item_said} I saved on my wishlist.'],
        steps: [
          {
            tool: 'get_customer_account',
            args: (f) => ({ customer_id: f.customer_id }),
            learn: (r: { addresses: Row[]; payment_methods: Row[]; wishlist: Row[] }, f) => {
              const p = r.wishlist.find((x) => x.title === f.product);
              const a = r.addresses.find((x) => x.address1 === f.street && x.city === f.city);
              const m = r.payment_methods.find((x) => x.last4 === f.last4 && x.brand === f.brand);
              return p && a && m && { product_id: p.product_id, address_id: a.address_id ?? a.id, payment_method_id: m.payment_method_id ?? m.id };
            },
          },
          { tool: 'create_cart', args: (f) => ({ customer_id: f.customer_id }), learn: (r: Row) => ({ cart_id: r.cart_id }) },
          { tool: 'add_cart_line', args: (f) => ({ cart_id: f.cart_id, product_id: f.product_id, ...(f.options === undefined ? {} : { options: f.options }), quantity: 1 }) },
        ],
      },
      {
        say: ['Ship it to my address on {street} in {city}. What are the shipping options?', 'It should go to {street}, {city}. How much would shipping be?'],
        steps: [
          { tool: 'set_cart_shipping_address', args: (f) => ({ cart_id: f.cart_id, address_id: f.address_id }) },
          { tool: 'estimate_cart_shipping', args: (f) => ({ cart_id: f.cart_id }), learn: (r: { rates: Row[] }, f) => (r.rates.some((x) => x.method === f.method) ? {} : undefined) },
        ],
      },
      {
        say: ['{method} shipping, please, and pay with my {brand} ending in {last4}.', 'Go with {method} and charge the {brand} card ending {last4}.'],
        steps: [
          { tool: 'select_cart_shipping_method', args: (f) => ({ cart_id: f.cart_id, method: f.method }) },
          { tool: 'complete_checkout', args: (f) => ({ cart_id: f.cart_id, payment_method_id: f.payment_method_id }) },
        ],
      },
    ],
  },
];
