import { defineTool } from '../kit/Domain.js';
import { boolean, idText, inputOf, integer, listOf, money, objectOf, text } from '../kit/schemas.js';
import { WEEKDAYS, formatAmount, fromCents, hasCents, toCents, weekdayOf, type RetailChainState, type StockLevel } from './RetailChainState.js';
import { requireItem, requireStore } from './retailChainLookups.js';
import { stockSchema, stockView } from './retailChainViews.js';

/** Stores, their stock and their prices: list_retail_stores, list_retail_store_stock, get_retail_item_availability, set_retail_store_price. */

export const storeIdArg = idText('The store, e.g. st_3 (list_retail_stores gives them).');
export const skuArg = { type: 'string', minLength: 1, maxLength: 32, description: 'The item SKU, e.g. NW-1001 (list_retail_store_stock gives them).' };

const hoursSchema = { type: ['object', 'null'], properties: { open: text('Opening time, HH:MM.'), close: text('Closing time, HH:MM.') }, required: ['open', 'close'], additionalProperties: false, description: 'Hours that day; null when closed.' };

export const listRetailStores = defineTool<RetailChainState, { city?: string }>({
  name: 'list_retail_stores',
  description: 'List the chain\'s stores with their city, weekly opening hours and whether each is open right now. Use it to find a store id (st_…) from its name or city.',
  input: inputOf({ city: text('Only stores in this city, e.g. Seattle.', { minLength: 1, maxLength: 60 }) }),
  output: objectOf({
    stores: listOf(objectOf({ store_id: text('Store id.'), name: text('Store name.'), city: text('City.'), open_now: boolean('Open at the current time.'), hours: objectOf(Object.fromEntries(WEEKDAYS.map((d) => [d, hoursSchema]))) }), 'The stores.'),
    count: integer('How many are listed.'),
  }),
  annotations: { title: 'List stores', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const time = ctx.now.slice(11, 16);
    const day = weekdayOf(ctx.today);
    const city = args.city?.trim().toLowerCase();
    const stores = Object.values(ctx.base.stores)
      .filter((s) => city === undefined || s.city.toLowerCase() === city)
      .map((s) => {
        const h = s.hours[day];
        return { store_id: s.store_id, name: s.name, city: s.city, open_now: h !== null && h.open <= time && time < h.close, hours: s.hours };
      });
    if (stores.length === 0) ctx.fail(`no store in ${args.city}; the chain has stores in ${[...new Set(Object.values(ctx.base.stores).map((s) => s.city))].join(', ')}`);
    return { stores, count: stores.length };
  },
});

export const listRetailStoreStock = defineTool<RetailChainState, { store_id: string; query?: string; in_stock_only?: boolean }>({
  name: 'list_retail_store_stock',
  description: 'List a store\'s items with its own price, units on hand, reserved for pickup, available and incoming from transfers. Filter by a word of the name or category; in_stock_only leaves out items with nothing available.',
  input: inputOf({ store_id: storeIdArg, query: text('A word of the item name or category, e.g. tent.', { minLength: 1, maxLength: 60 }), in_stock_only: { type: 'boolean', default: false, description: 'Only items with units available.' } }, ['store_id']),
  output: objectOf({ items: listOf(stockSchema, 'Items at that store.'), count: integer('How many are listed.') }),
  annotations: { title: 'Store stock', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const store = requireStore(ctx, args.store_id);
    const query = args.query?.trim().toLowerCase();
    const items = Object.values(ctx.base.items)
      .filter((i) => query === undefined || i.name.toLowerCase().includes(query) || i.category.toLowerCase().includes(query))
      .map((i) => stockView(ctx.base, store.store_id, i.sku))
      .filter((row) => !args.in_stock_only || (row.available as number) > 0);
    return { items, count: items.length };
  },
});

export const getRetailItemAvailability = defineTool<RetailChainState, { sku: string }>({
  name: 'get_retail_item_availability',
  description: 'Where an item can be had: every store\'s price, units available and incoming for one SKU, and the chain total. Use it to pick a store for a pickup or the source of a transfer.',
  input: inputOf({ sku: skuArg }, ['sku']),
  output: objectOf({ sku: text('Item SKU.'), name: text('Item name.'), list_price: money('Chain list price, USD.'), stores: listOf(stockSchema, 'One row per store.'), total_available: integer('Units available across all stores.') }),
  annotations: { title: 'Item availability', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const item = requireItem(ctx, args.sku);
    const stores = Object.keys(ctx.base.stores).map((id) => stockView(ctx.base, id, item.sku));
    return { sku: item.sku, name: item.name, list_price: fromCents(item.price_cents), stores, total_available: stores.reduce((n, s) => n + (s.available as number), 0) };
  },
});

export const setRetailStorePrice = defineTool<RetailChainState, { store_id: string; sku: string; price: number }>({
  name: 'set_retail_store_price',
  description: 'Set one store\'s price for an item (other stores keep theirs). Refused below the item\'s unit cost or above twice the list price. Returns the stock row with the new price and the previous one.',
  input: inputOf({ store_id: storeIdArg, sku: skuArg, price: { type: 'number', exclusiveMinimum: 0, maximum: 100000, description: 'New price in USD, at most two decimals.' } }, ['store_id', 'sku', 'price']),
  output: objectOf({ item: stockSchema, previous_price: money('The store\'s price before, USD.') }),
  annotations: { title: 'Set store price', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const store = requireStore(ctx, args.store_id);
    const item = requireItem(ctx, args.sku);
    if (!hasCents(args.price)) ctx.fail(`price ${args.price} has more than two decimals`);
    const cents = toCents(args.price);
    const level = ctx.base.stock[store.store_id][item.sku];
    if (cents === level.price_cents) ctx.fail(`${item.name} already costs ${formatAmount(cents)} at ${store.name}`);
    if (cents < item.cost_cents) ctx.fail(`${formatAmount(cents)} is below the unit cost of ${item.name} (${formatAmount(item.cost_cents)}); the lowest allowed price is ${formatAmount(item.cost_cents)}`);
    if (cents > item.price_cents * 2) ctx.fail(`${formatAmount(cents)} is more than twice the list price of ${item.name} (${formatAmount(item.price_cents)}); the highest allowed is ${formatAmount(item.price_cents * 2)}`);
    const row = ctx.edit<StockLevel>('stock', store.store_id, item.sku);
    row.price_cents = cents;
    return { item: stockView(ctx.base, store.store_id, item.sku, row), previous_price: fromCents(level.price_cents) };
  },
});

