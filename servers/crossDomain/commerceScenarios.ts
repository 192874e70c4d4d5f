import type { CrossDomainScenario } from '../kit/Domain.js';
import { cents, pickOne, rows, type Row } from './crossDomainSupport.js';

/**
 * Money and goods across apps: a web-shop order billed through the payments account, bank card
 * purchases filed in the budget, an item seen in the online shop looked for in a store to pick up.
 * The worlds share no ids; what links them is what a person carries from one app to the other: an
 * order number and its amounts, a merchant, a date and an amount, a product's kind and price.
 */

/** Bank categories (banking) → the budget category a person files them under (budget). */
const BUDGET_CATEGORY_OF: Readonly<Record<string, string>> = {
  dining: 'Dining Out',
  coffee: 'Dining Out',
  insurance: 'Insurance',
  groceries: 'Groceries',
  transport: 'Transportation',
  transportation: 'Transportation',
  fuel: 'Transportation',
  entertainment: 'Entertainment',
  subscriptions: 'Subscriptions',
  shopping: 'Household',
  home: 'Household',
};

/** Words of an online product's title → what a person asks a store for (retail_chain items of that kind). */
const KINDS: ReadonlyArray<[string, string]> = [
  ['Headlamp', 'headlamp'],
  ['Trekking Poles', 'trekking poles'],
  ['Camp Stove', 'stove'],
  ['Tent', 'tent'],
  ['Daypack', 'daypack'],
  ['Sleeping Bag', 'sleeping bag'],
  ['Water Bottle', 'water bottle'],
  ['Cycling Gloves', 'cycling gloves'],
  ['Beanie', 'beanie'],
];

/** An id as someone guesses it from a name ("Pearl District" → "pearl-district"). */
const slug = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

export const commerceScenarios: CrossDomainScenario[] = [
  {
    name: 'bill_a_client_for_a_web_order',
    goal: 'Bill a client through the payments account for supplies bought in a web-shop order: read the order, invoice its items and shipping, send and charge it.',
    domains: ['payments', 'shopping'],
    context: ['The user runs billing for {merchant} on the payments account and shops online as {shopper_name} (shop customer id {shopper_id}).'],
    weight: 2,
    cast(states, random) {
      const shop = states.shopping as Row;
      const pay = states.payments as Row;
      const shopper = pickOne(random, rows(shop.customers).filter((c) => Array.isArray(c.order_ids) && c.order_ids.length > 0));
      if (shopper === undefined) return undefined;
      const orders = rows(shop.orders).filter((o) => o.customer_id === shopper.id && o.cancelled_at === null);
      const order = pickOne(random, orders);
      const client = pickOne(random, rows(pay.customers).filter((c) => c.deleted === false && typeof c.company === 'string' && c.default_payment_method_id !== null));
      if (order === undefined || client === undefined) return undefined;
      return {
        merchant: typeof pay.merchant === 'string' ? pay.merchant : (pay.merchant?.name ?? 'the studio'),
        shopper_name: `${shopper.first_name} ${shopper.last_name}`,
        shopper_id: shopper.id,
        order_number: `#${String(order.id).replace(/^ord_/, '')}`,
        company: client.company,
      };
    },
    turns: [
      {
        say: [
          'I bought supplies for {company} in web order {order_number}. Please bill them for it at cost, shipping included.',
          'Can you invoice {company} for everything in my shop order {order_number}? Items and shipping, at what I paid.',
        ],
        steps: [
          {
            tool: 'get_order_details',
            args: (f) => ({ order_id: f.order_number }),
            learn: (r: Row) => {
              const lines = (r.lines as Row[]).filter((l) => l.total > 0).map((l) => ({ description: l.product_title as string, quantity: 1, unit_amount: cents(l.total) }));
              // Descriptions are values the order returned or the user said ("shipping"): nothing the assistant made up.
              const shipping = cents(r.shipping_total - (r.shipping_discount ?? 0));
              if (shipping > 0) lines.push({ description: 'Shipping', quantity: 1, unit_amount: shipping });
              // The invoice must come to what the order cost.
              if (lines.length === 0 || cents(lines.reduce((sum, l) => sum + l.unit_amount, 0)) !== cents(r.total)) return undefined;
              return { lines, order_total: r.total };
            },
          },
          {
            tool: 'list_payment_customers',
            args: (f) => ({ search: f.company }),
            learn: (r: Row, f) => {
              const customer = (r.customers as Row[]).find((c) => c.company === f.company);
              return customer === undefined ? undefined : { customer_id: customer.customer_id, contact: customer.name };
            },
          },
          {
            tool: 'create_payment_invoice',
            args: (f) => ({ customer_id: f.customer_id, lines: f.lines, memo: `order ${f.order_number as string}` }),
            learn: (r: Row) => ({ invoice_id: r.invoice.invoice_id, invoice_total: r.invoice.total }),
          },
        ],
      },
      {
        say: ['Looks right. Send it and charge their card on file.', 'Great, finalize it and take the payment from their saved card.'],
        steps: [
          {
            tool: 'finalize_payment_invoice',
            args: (f) => ({ invoice_id: f.invoice_id }),
            learn: (r: Row) => ({ invoice_number: r.invoice.number }),
            // Charging a draft: refused until it is finalized, the tool that comes next.
            fault: { kind: 'state_refusal', tool: 'pay_payment_invoice', args: (f) => ({ invoice_id: f.invoice_id }), recovery: 'retry_alternative' },
          },
          { tool: 'pay_payment_invoice', args: (f) => ({ invoice_id: f.invoice_id }), learn: (r: Row) => ({ charged: r.charge?.amount, card: r.charge?.payment_method }) },
        ],
      },
    ],
  },
  {
    name: 'file_a_card_purchase_in_the_budget',
    goal: 'Find the latest card purchase at a merchant in the bank account and add it to the budget under the category the person names, then check what is left there.',
    domains: ['budget', 'banking'],
    context: ['The signed-in user is {customer_name}: bank customer id {customer_id}, budget user id {user_id}.'],
    weight: 2,
    cast(states, random) {
      const bank = states.banking as Row;
      const budget = states.budget as Row;
      const user = pickOne(random, rows(budget.users));
      if (user === undefined) return undefined;
      const names = new Set(rows(user.categories).map((c) => c.name as string));
      const customer = pickOne(random, rows(bank.customers));
      if (customer === undefined) return undefined;
      // Purchases of this month in a category the budget has, at merchants with a name.
      const purchases: Row[] = [];
      for (const account of rows(customer.accounts)) {
        for (const txn of rows(account.ledger ?? {})) {
          if (txn.direction === 'debit' && txn.merchant_name && txn.date >= '2026-03-01' && names.has(BUDGET_CATEGORY_OF[txn.category] ?? '')) purchases.push(txn);
        }
      }
      const txn = pickOne(random, purchases);
      if (txn === undefined) return undefined;
      const category = BUDGET_CATEGORY_OF[txn.category];
      return { customer_name: customer.name, customer_id: customer.customer_id, user_id: user.user_id, merchant: txn.merchant_name, category_name: category, guessed_category: `cat_${category.split(' ')[0].toLowerCase()}` };
    },
    turns: [
      {
        say: [
          'Add my last {merchant} purchase from my bank account to my budget, under {category_name}.',
          'Can you take the latest {merchant} charge on my bank card and put it in my budget as {category_name}?',
        ],
        steps: [
          {
            tool: 'list_bank_transactions',
            args: (f) => ({ customer_id: f.customer_id, merchant: f.merchant, direction: 'debit', limit: 5 }),
            learn: (r: Row) => {
              const latest = (r.transactions as Row[])[0];
              return latest === undefined ? undefined : { amount: latest.amount, date: latest.date, merchant_name: latest.merchant_name };
            },
          },
          {
            tool: 'list_budget_categories',
            args: (f) => ({ user_id: f.user_id }),
            learn: (r: Row, f) => {
              const category = (r.categories as Row[]).find((c) => c.name === f.category_name);
              return category === undefined ? undefined : { category_id: category.category_id };
            },
            // Adding with a category id guessed from its name, before looking the categories up.
            fault: {
              kind: 'guessed_id',
              tool: 'add_budget_transaction',
              args: (f) => ({ user_id: f.user_id, payee: f.merchant_name, amount: f.amount, date: f.date, kind: 'expense', category_id: f.guessed_category }),
              recovery: 'retry_alternative',
            },
          },
          {
            tool: 'add_budget_transaction',
            args: (f) => ({ user_id: f.user_id, payee: f.merchant_name, amount: f.amount, date: f.date, kind: 'expense', category_id: f.category_id }),
            learn: (r: Row) => ({ budget_transaction_id: r.transaction?.transaction_id ?? r.transaction_id }),
          },
        ],
      },
      {
        say: ['How much is left in {category_name} this month now?', 'And what do I have left to spend on {category_name} this month?'],
        steps: [{ tool: 'get_budget_category_summary', args: (f) => ({ user_id: f.user_id, category_id: f.category_id }) }],
      },
    ],
  },
  {
    name: 'pick_up_in_store_what_the_web_shop_sells',
    goal: 'Compare an item of the online shop with what a store of the chain has of that kind, and reserve one for pickup there (or at another store that has it).',
    domains: ['retail_chain', 'shopping'],
    context: ['The signed-in shopper is {shopper_name} ({shopper_email}).'],
    weight: 2,
    cast(states, random) {
      const shop = states.shopping as Row;
      const retail = states.retail_chain as Row;
      const products = rows(shop.products).filter((p) => KINDS.some(([word]) => String(p.title).includes(word)));
      const product = pickOne(random, products);
      const shopper = pickOne(random, rows(shop.customers));
      const store = pickOne(random, rows(retail.stores));
      if (product === undefined || shopper === undefined || store === undefined) return undefined;
      const kind = KINDS.find(([word]) => String(product.title).includes(word))![1];
      return {
        product_title: product.title,
        kind,
        store_name: store.name,
        store_city: store.city,
        shopper_name: `${shopper.first_name} ${shopper.last_name}`,
        shopper_email: shopper.email,
        pickup_date: random.pick(['2026-03-17', '2026-03-18', '2026-03-19']),
      };
    },
    turns: [
      {
        say: [
          'How much is the {product_title} in the online shop? And does your {store_name} store in {store_city} have a {kind}?',
          "I'm looking at the {product_title} online. What does it cost, and is there a {kind} at the {store_name} store in {store_city} I could get instead?",
        ],
        steps: [
          {
            tool: 'search_catalog_products',
            args: (f) => ({ query: f.product_title }),
            learn: (r: Row, f) => {
              const product = (r.products as Row[]).find((p) => p.title === f.product_title);
              return product === undefined ? undefined : { online_price: product.price_min };
            },
          },
          {
            tool: 'list_retail_stores',
            args: (f) => ({ city: f.store_city }),
            learn: (r: Row, f) => {
              const store = (r.stores as Row[]).find((s) => s.name === f.store_name);
              return store === undefined ? undefined : { store_id: store.store_id };
            },
            // The store's stock asked for by a store id made up from its name, before looking the store up.
            fault: { kind: 'guessed_id', tool: 'list_retail_store_stock', args: (f) => ({ store_id: slug(f.store_name as string), query: f.kind }), recovery: 'retry_alternative' },
          },
          {
            tool: 'list_retail_store_stock',
            args: (f) => ({ store_id: f.store_id, query: f.kind }),
            learn: (r: Row) => {
              const item = (r.items as Row[])[0];
              return item === undefined ? undefined : { sku: item.sku, item_name: item.name, store_price: item.price, in_store: item.available > 0 };
            },
          },
        ],
      },
      {
        say: ['Please reserve the {item_name} there for me, I will pick it up on {pickup_date}.', 'OK, hold one {item_name} for me at {store_name}; pickup on {pickup_date}.'],
        when: (f) => f.in_store === true,
        steps: [
          {
            tool: 'create_retail_reservation',
            args: (f) => ({ store_id: f.store_id, sku: f.sku, quantity: 1, customer_name: f.shopper_name, customer_email: f.shopper_email, pickup_date: f.pickup_date }),
            learn: (r: Row) => ({ reservation_id: r.reservation.reservation_id }),
          },
        ],
      },
      {
        say: ['Too bad. Which other store has the {item_name}?', 'Hm. Is the {item_name} available at another store?'],
        when: (f) => f.in_store === false,
        steps: [
          {
            tool: 'get_retail_item_availability',
            args: (f) => ({ sku: f.sku }),
            learn: (r: Row) => {
              const other = (r.stores as Row[]).find((s) => s.available > 0);
              return other === undefined ? { elsewhere: false } : { elsewhere: true, other_store_id: other.store_id, other_store: other.store_name };
            },
          },
        ],
      },
      {
        say: ['Then reserve one at {other_store} for pickup on {pickup_date}.', 'Hold one for me at {other_store}, please; I can come on {pickup_date}.'],
        when: (f) => f.elsewhere === true,
        steps: [
          {
            tool: 'create_retail_reservation',
            args: (f) => ({ store_id: f.other_store_id, sku: f.sku, quantity: 1, customer_name: f.shopper_name, customer_email: f.shopper_email, pickup_date: f.pickup_date }),
            learn: (r: Row) => ({ reservation_id: r.reservation.reservation_id }),
          },
        ],
      },
    ],
  },
];
