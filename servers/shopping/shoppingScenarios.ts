import type { DomainScenario, ScenarioFacts, SessionRandom } from '../kit/Domain.js';

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

const REASONS: Record<string, string> = {
  too_small: 'it is too small',
  too_large: 'it is too big',
  defective: 'it arrived broken',
  not_as_described: 'it is not what the description said',
  changed_mind: 'I changed my mind',
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
    name: 'browse_category_then_buy_to_an_address',
    goal: 'Browse a category, put the cheapest item found in a new cart and ship it to one of the saved addresses.',
    context: SIGNED_IN,
    weight: 2,
    cast(state: Row, random) {
      const categories = Object.values(state.categories as Record<string, Row>);
      return castShopper(state, random, (customer) => {
        const addresses = (customer.address_ids as string[]).map((id) => state.addresses[id]).filter(Boolean);
        const other = addresses.filter((a) => a.id !== customer.default_address_id);
        if (other.length === 0) return undefined;
        const address = random.pick(other);
        const category = random.pick(categories);
        const cards = (customer.payment_method_ids as string[]).map((id) => state.payment_methods[id]).filter((m) => m && (m.exp_year > 2026 || (m.exp_year === 2026 && m.exp_month >= 4)));
        if (cards.length === 0) return undefined;
        const card = random.pick(cards);
        return { brand: card.brand, last4: card.last4, category: category.name, city: address.city, street: address.address1, budget: random.pick([40, 60, 80, 120]), method: random.pick(['standard', 'express']) };
      });
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
        say: ['I will take the {product}. Ship it to my address on {street} in {city}, {method} shipping, and pay with my {brand} ending in {last4}.', 'Buy the {product} for me and send it to {street}, {city} by {method} shipping. Use the {brand} card ending {last4}.'],
        steps: [
          { tool: 'get_catalog_product', args: (f) => ({ product_id: f.product_id }), learn: (r: { variants: Row[] }) => { const v = r.variants.find((x) => x.available !== false && (x.in_stock ?? x.inventory ?? 1) !== false); return v && { variant_id: v.variant_id }; } },
          { tool: 'create_cart', args: (f) => ({ customer_id: f.customer_id }), learn: (r: Row) => ({ cart_id: r.cart_id }) },
          { tool: 'add_cart_line', args: (f) => ({ cart_id: f.cart_id, variant_id: f.variant_id, quantity: 1 }) },
          {
            tool: 'get_customer_account',
            args: (f) => ({ customer_id: f.customer_id }),
            learn: (r: { addresses: Row[]; payment_methods: Row[] }, f) => {
              const a = r.addresses.find((x) => x.address1 === f.street && x.city === f.city);
              const m = r.payment_methods.find((x) => x.last4 === f.last4);
              return a && m && { address_id: a.address_id ?? a.id, payment_method_id: m.payment_method_id ?? m.id };
            },
          },
          { tool: 'set_cart_shipping_address', args: (f) => ({ cart_id: f.cart_id, address_id: f.address_id }) },
          { tool: 'select_cart_shipping_method', args: (f) => ({ cart_id: f.cart_id, method: f.method }) },
          { tool: 'complete_checkout', args: (f) => ({ cart_id: f.cart_id, payment_method_id: f.payment_method_id }) },
        ],
      },
    ],
  },
];
