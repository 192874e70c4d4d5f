import { defineTool, type ToolContext } from '../kit/Domain.js';
import { idText, inputOf, integer, listOf, objectOf, oneOf } from '../kit/schemas.js';
import { marketClock, matchOrder, quoteAt, takeLiquidity, tradingMinute, type SymbolParams } from './market.js';
import {
  ORDER_TYPES,
  TIME_IN_FORCE,
  addMoney,
  applyFills,
  cents,
  formatMoney,
  isOpenOrder,
  reservedCash,
  reservedShares,
  type Order,
  type OrderType,
  type Side,
  type TimeInForce,
  type TradingAccount,
  type TradingState,
} from './TradingState.js';
import { accountArgument } from './accountTools.js';
import { requireAccount, requireOrder, requireSymbol } from './tradingLookups.js';
import { activitySchema, activityView, orderSchema, orderView } from './tradingViews.js';

type Context = ToolContext<TradingState>;

interface OrderSpec {
  side: Side;
  type: OrderType;
  qty: number;
  limit_price: number | null;
  stop_price: number | null;
  time_in_force: TimeInForce;
}

const price = (description: string) => ({ type: 'number', exclusiveMinimum: 0, maximum: 1000000, description });
const isCents = (x: number): boolean => Math.abs(x * 100 - Math.round(x * 100)) < 1e-6;
const stamp = (ctx: Context): string => ctx.now.replace('.000Z', 'Z');

/**
 * Check an order against the rules (prices, market hours, halts, buying power, shares held), then
 * place it: match it against the book now, apply its fills, and write the account. `replacing` is
 * an open order whose reservations the new one takes over. Returns the order and its fills.
 */
function submit(ctx: Context, account: TradingAccount, params: SymbolParams, spec: OrderSpec, replacing?: Order): { order: Order; fills: Array<Record<string, unknown>> } {
  if (account.status === 'restricted' && spec.side === 'buy') ctx.fail(`account ${account.account_id} is restricted: it may only sell (close positions), not buy`);
  if (!params.tradable) ctx.fail(`trading in ${params.symbol} (${params.name}) is halted; quotes are shown but no orders are accepted`);
  const needsLimit = spec.type === 'limit' || spec.type === 'stop_limit';
  const needsStop = spec.type === 'stop' || spec.type === 'stop_limit';
  if (needsLimit && spec.limit_price === null) ctx.fail(`a ${spec.type} order needs limit_price`);
  if (needsStop && spec.stop_price === null) ctx.fail(`a ${spec.type} order needs stop_price`);
  if (!needsLimit && spec.limit_price !== null) ctx.fail(`limit_price applies to limit and stop_limit orders only, not ${spec.type}`);
  if (!needsStop && spec.stop_price !== null) ctx.fail(`stop_price applies to stop and stop_limit orders only, not ${spec.type}`);
  for (const value of [spec.limit_price, spec.stop_price]) if (value !== null && !isCents(value)) ctx.fail(`price ${value} has more than two decimals`);
  const clock = marketClock(ctx.now);
  if (spec.type === 'market' && !clock.is_open) ctx.fail(`the market is closed (it opens ${clock.next_open}); market orders are accepted only while it is open — place a limit order to rest until then`);
  const quote = quoteAt(params, tradingMinute(Date.parse(ctx.now)));
  const freed = replacing === undefined ? 0 : replacing.side === 'buy' ? cents((replacing.qty - replacing.filled_qty) * (replacing.limit_price ?? replacing.stop_price ?? 0)) : 0;
  if (spec.side === 'buy') {
    const power = addMoney(account.cash, -reservedCash(account), freed);
    const cost = spec.type === 'market' ? takeLiquidity(params, quote, 'buy', spec.qty, null).reduce((s, f) => s + f.price * f.size, 0) : spec.qty * (spec.limit_price ?? spec.stop_price!);
    if (cents(cost) > power) {
      ctx.fail(`buying ${spec.qty} ${params.symbol} needs about ${formatMoney(cost)} USD but buying power is ${formatMoney(power)} USD (cash ${formatMoney(account.cash)}, ${formatMoney(addMoney(account.cash, -power))} reserved for open orders); at most ${Math.floor(power / (cost / spec.qty))} shares`);
    }
  } else {
    const held = Object.hasOwn(account.positions, params.symbol) ? account.positions[params.symbol].qty : 0;
    const reserved = reservedShares(account, params.symbol) - (replacing !== undefined && replacing.side === 'sell' ? replacing.qty - replacing.filled_qty : 0);
    if (spec.qty > held - reserved) {
      ctx.fail(
        held === 0
          ? `account ${account.account_id} holds no ${params.symbol}; short selling is not allowed`
          : `account ${account.account_id} holds ${held} ${params.symbol}${reserved > 0 ? `, ${reserved} already in open sell orders` : ''}; at most ${held - reserved} can be sold`,
      );
    }
  }
  const order: Order = {
    order_id: ctx.nextId('ord'),
    account_id: account.account_id,
    symbol: params.symbol,
    side: spec.side,
    type: spec.type,
    time_in_force: spec.time_in_force,
    qty: spec.qty,
    filled_qty: 0,
    filled_avg_price: null,
    limit_price: spec.limit_price,
    stop_price: spec.stop_price,
    status: 'new',
    submitted_at: stamp(ctx),
    filled_at: null,
    canceled_at: null,
    replaced_by: null,
    replaces: replacing?.order_id ?? null,
  };
  const edited = ctx.edit<TradingAccount>('accounts', account.account_id);
  const fills = matchOrder(params, order, quote, clock.is_open);
  let activities: Array<Record<string, unknown>> = [];
  if (fills.length > 0) {
    edited.positions = { ...account.positions };
    const made = applyFills(edited, order, fills, stamp(ctx), () => ctx.nextId('act'));
    const all = { ...account.activities };
    for (const activity of made) all[activity.activity_id] = activity;
    edited.activities = all;
    activities = made.map(activityView);
  }
  const orders = { ...account.orders };
  if (replacing !== undefined) orders[replacing.order_id] = { ...replacing, status: 'replaced', replaced_by: order.order_id, canceled_at: stamp(ctx) };
  orders[order.order_id] = order;
  edited.orders = orders;
  return { order, fills: activities };
}

const placedSchema = objectOf({ order: orderSchema, fills: listOf(activitySchema, 'Fills made now, one per book level taken (empty when the order rests).') });

interface PlaceArgs {
  account_id: string;
  symbol: string;
  side: Side;
  qty: number;
  type?: OrderType;
  limit_price?: number;
  stop_price?: number;
  time_in_force?: TimeInForce;
}

export const placeTradingOrder = defineTool<TradingState, PlaceArgs>({
  name: 'place_trading_order',
  description:
    'Place an order for whole shares. market: fills now at the best prices in the book (only while the market is open). limit: ' +
    'fills now at the limit or better as far as the book allows (a partial fill leaves the rest resting), else rests. stop / ' +
    'stop_limit: rests until the price reaches stop_price, then acts as a market / limit order. Buys need buying power; sells ' +
    'need shares held and not promised to other sell orders (no short selling). Returns the order and its fills.',
  input: inputOf(
    {
      account_id: accountArgument,
      symbol: idText('Ticker, e.g. AAPL.'),
      side: oneOf(['buy', 'sell'], 'Buy or sell.'),
      qty: integer('Whole shares.', { minimum: 1, maximum: 1000000 }),
      type: oneOf(ORDER_TYPES, 'Order type (default market).'),
      limit_price: price('Limit price, USD (limit and stop_limit orders).'),
      stop_price: price('Stop price, USD (stop and stop_limit orders).'),
      time_in_force: oneOf(TIME_IN_FORCE, 'day (default) or gtc (good till cancelled).'),
    },
    ['account_id', 'symbol', 'side', 'qty'],
  ),
  output: placedSchema,
  annotations: { title: 'Place order', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const account = requireAccount(ctx, args.account_id);
    const params = requireSymbol(ctx, args.symbol);
    const placed = submit(ctx, account, params, { side: args.side, type: args.type ?? 'market', qty: args.qty, limit_price: args.limit_price ?? null, stop_price: args.stop_price ?? null, time_in_force: args.time_in_force ?? 'day' });
    return { order: orderView(placed.order), fills: placed.fills };
  },
});

export const listTradingOrders = defineTool<TradingState, { account_id: string; status?: 'open' | 'closed' | 'all'; symbol?: string; limit?: number }>({
  name: 'list_trading_orders',
  description: 'An account\'s orders, newest first: open ones (resting or partly filled), closed ones (filled, cancelled, replaced) or all; by symbol.',
  input: inputOf(
    {
      account_id: accountArgument,
      status: oneOf(['open', 'closed', 'all'], 'Which orders (default open).'),
      symbol: idText('Only orders of this ticker.'),
      limit: integer('How many (default 20).', { minimum: 1, maximum: 100 }),
    },
    ['account_id'],
  ),
  output: objectOf({ account_id: { type: 'string', description: 'The account.' }, orders: listOf(orderSchema, 'Newest first.'), count: integer('How many returned.'), total_count: integer('How many match.') }),
  annotations: { title: 'List orders', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const account = requireAccount(ctx, args.account_id);
    const symbol = args.symbol === undefined ? undefined : requireSymbol(ctx, args.symbol).symbol;
    const status = args.status ?? 'open';
    const matches = Object.values(account.orders).filter((o) => (status === 'all' || (status === 'open') === isOpenOrder(o)) && (symbol === undefined || o.symbol === symbol));
    matches.reverse();
    const shown = matches.slice(0, args.limit ?? 20).map(orderView);
    return { account_id: account.account_id, orders: shown, count: shown.length, total_count: matches.length };
  },
});

export const getTradingOrder = defineTool<TradingState, { order_id: string }>({
  name: 'get_trading_order',
  description: 'One order with its fills.',
  input: inputOf({ order_id: idText('The order, e.g. ord_42 (list_trading_orders gives them).') }, ['order_id']),
  output: objectOf({ order: orderSchema, fills: listOf(activitySchema, 'Its fills, oldest first.') }),
  annotations: { title: 'Get order', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const { account, order } = requireOrder(ctx, args.order_id);
    return { order: orderView(order), fills: Object.values(account.activities).filter((a) => a.order_id === order.order_id).map(activityView) };
  },
});

export const cancelTradingOrder = defineTool<TradingState, { order_id: string }>({
  name: 'cancel_trading_order',
  description: 'Cancel an open order (resting or the unfilled rest of a partly filled one); shares already filled stay filled. Returns the cancelled order.',
  input: inputOf({ order_id: idText('The order, e.g. ord_42.') }, ['order_id']),
  output: objectOf({ order: orderSchema }),
  annotations: { title: 'Cancel order', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const { account, order } = requireOrder(ctx, args.order_id);
    if (!isOpenOrder(order)) ctx.fail(`order ${order.order_id} is ${order.status}${order.status === 'filled' ? ` (${order.filled_qty} ${order.symbol} at ${order.filled_avg_price})` : ''}; only open orders can be cancelled`);
    const cancelled: Order = { ...order, status: 'canceled', canceled_at: stamp(ctx) };
    ctx.edit<TradingAccount>('accounts', account.account_id).orders = { ...account.orders, [order.order_id]: cancelled };
    return { order: orderView(cancelled) };
  },
});

export const replaceTradingOrder = defineTool<TradingState, { order_id: string; qty?: number; limit_price?: number; stop_price?: number; time_in_force?: TimeInForce }>({
  name: 'replace_trading_order',
  description:
    'Change an open order that has not filled yet (quantity, limit or stop price, time in force): the old order becomes replaced ' +
    'and a new one takes its place, checked and matched like a new order. Returns the new order and any fills.',
  input: inputOf(
    {
      order_id: idText('The open order, e.g. ord_42.'),
      qty: integer('New whole-share quantity.', { minimum: 1, maximum: 1000000 }),
      limit_price: price('New limit price, USD.'),
      stop_price: price('New stop price, USD.'),
      time_in_force: oneOf(TIME_IN_FORCE, 'New time in force.'),
    },
    ['order_id'],
  ),
  output: placedSchema,
  annotations: { title: 'Replace order', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const { account, order } = requireOrder(ctx, args.order_id);
    if (!isOpenOrder(order)) ctx.fail(`order ${order.order_id} is ${order.status}; only open orders can be replaced`);
    if (order.filled_qty > 0) ctx.fail(`order ${order.order_id} is partly filled (${order.filled_qty} of ${order.qty}); cancel the rest and place a new order`);
    if (args.qty === undefined && args.limit_price === undefined && args.stop_price === undefined && args.time_in_force === undefined) ctx.fail('nothing to change: give qty, limit_price, stop_price or time_in_force');
    const params = requireSymbol(ctx, order.symbol);
    const placed = submit(
      ctx,
      account,
      params,
      {
        side: order.side,
        type: order.type,
        qty: args.qty ?? order.qty,
        limit_price: args.limit_price ?? order.limit_price,
        stop_price: args.stop_price ?? order.stop_price,
        time_in_force: args.time_in_force ?? order.time_in_force,
      },
      order,
    );
    return { order: orderView(placed.order), fills: placed.fills };
  },
});

export const closeTradingPosition = defineTool<TradingState, { account_id: string; symbol: string; qty?: number }>({
  name: 'close_trading_position',
  description: 'Sell a position at market, all of it or `qty` shares (only shares not already promised to open sell orders). The market must be open. Returns the sell order and its fills.',
  input: inputOf({ account_id: accountArgument, symbol: idText('Ticker of the position, e.g. AAPL.'), qty: integer('Shares to sell (default: all available).', { minimum: 1, maximum: 1000000 }) }, ['account_id', 'symbol']),
  output: placedSchema,
  annotations: { title: 'Close position', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const account = requireAccount(ctx, args.account_id);
    const params = requireSymbol(ctx, args.symbol);
    if (!Object.hasOwn(account.positions, params.symbol)) ctx.fail(`account ${account.account_id} has no ${params.symbol} position; it holds ${Object.keys(account.positions).join(', ') || 'nothing'}`);
    const available = account.positions[params.symbol].qty - reservedShares(account, params.symbol);
    if (available <= 0) ctx.fail(`all ${account.positions[params.symbol].qty} ${params.symbol} are promised to open sell orders; cancel them first`);
    const placed = submit(ctx, account, params, { side: 'sell', type: 'market', qty: args.qty ?? available, limit_price: null, stop_price: null, time_in_force: 'day' });
    return { order: orderView(placed.order), fills: placed.fills };
  },
});

