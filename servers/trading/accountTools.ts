import { defineTool } from '../kit/Domain.js';
import { idText, inputOf, integer, listOf, money, objectOf, oneOf, text } from '../kit/schemas.js';
import { addMoney, cents, isOpenOrder, reservedCash, reservedShares, type TradingState } from './TradingState.js';
import { lastPrice, requireAccount, requireSymbol } from './tradingLookups.js';
import { activitySchema, activityView } from './tradingViews.js';

export const accountArgument = idText('The brokerage account, e.g. acct_7.');

export const getTradingAccount = defineTool<TradingState, { account_id: string }>({
  name: 'get_trading_account',
  description:
    'An account\'s balances now: cash, buying power (cash not promised to open buy orders), market value of the positions, ' +
    'equity, realized and unrealized profit and loss, and counts of positions and open orders.',
  input: inputOf({ account_id: accountArgument }, ['account_id']),
  output: objectOf({
    account_id: text('The account.'),
    owner: text('Account holder.'),
    status: oneOf(['active', 'restricted'], 'Restricted accounts may only close positions.'),
    cash: money('Cash, USD.'),
    buying_power: money('Cash not reserved for open buy orders, USD.'),
    reserved_for_orders: money('Cash reserved for open buy orders, USD.'),
    long_market_value: money('Positions at current prices, USD.'),
    equity: money('Cash + long market value, USD.'),
    starting_equity: money('What the account started with, USD.'),
    realized_pnl: money('Profit or loss realized by sales, USD.'),
    unrealized_pnl: money('Profit or loss of the open positions at current prices, USD.'),
    positions: integer('Open positions.'),
    open_orders: integer('Orders still resting.'),
  }),
  annotations: { title: 'Account', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const account = requireAccount(ctx, args.account_id);
    let value = 0;
    let cost = 0;
    for (const position of Object.values(account.positions)) {
      value += Math.round(position.qty * lastPrice(ctx, position.symbol) * 100);
      cost += Math.round(position.cost_basis * 100);
    }
    const reserved = reservedCash(account);
    return {
      account_id: account.account_id,
      owner: account.owner,
      status: account.status,
      cash: account.cash,
      buying_power: addMoney(account.cash, -reserved),
      reserved_for_orders: reserved,
      long_market_value: value / 100,
      equity: addMoney(account.cash, value / 100),
      starting_equity: account.starting_equity,
      realized_pnl: account.realized_pnl,
      unrealized_pnl: (value - cost) / 100,
      positions: Object.keys(account.positions).length,
      open_orders: Object.values(account.orders).filter(isOpenOrder).length,
    };
  },
});

export const listTradingPositions = defineTool<TradingState, { account_id: string }>({
  name: 'list_trading_positions',
  description: 'An account\'s open positions: shares, average entry price, cost, current price, market value, unrealized P&L, and shares not already promised to open sell orders.',
  input: inputOf({ account_id: accountArgument }, ['account_id']),
  output: objectOf({
    account_id: text('The account.'),
    positions: listOf(
      objectOf({
        symbol: text('Ticker.'),
        name: text('Company or fund.'),
        qty: integer('Shares held.'),
        qty_available: integer('Shares not reserved by open sell orders.'),
        avg_entry_price: money('Average cost per share, USD.'),
        cost_basis: money('Total cost, USD.'),
        current_price: money('Price now, USD.'),
        market_value: money('qty × current price, USD.'),
        unrealized_pnl: money('market value − cost, USD.'),
        unrealized_pnl_pct: { type: 'number', description: 'That in percent of cost.' },
      }),
      'By ticker.',
    ),
    count: integer('How many.'),
  }),
  annotations: { title: 'Positions', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const account = requireAccount(ctx, args.account_id);
    const positions = Object.values(account.positions)
      .sort((a, b) => (a.symbol < b.symbol ? -1 : 1))
      .map((p) => {
        const price = lastPrice(ctx, p.symbol);
        const value = cents(p.qty * price);
        const pnl = addMoney(value, -p.cost_basis);
        return {
          symbol: p.symbol,
          name: ctx.base.symbols[p.symbol].name,
          qty: p.qty,
          qty_available: p.qty - reservedShares(account, p.symbol),
          avg_entry_price: p.avg_entry_price,
          cost_basis: p.cost_basis,
          current_price: price,
          market_value: value,
          unrealized_pnl: pnl,
          unrealized_pnl_pct: Math.round((pnl / p.cost_basis) * 10000) / 100,
        };
      });
    return { account_id: account.account_id, positions, count: positions.length };
  },
});

export const listTradingActivities = defineTool<TradingState, { account_id: string; symbol?: string; side?: 'buy' | 'sell'; limit?: number }>({
  name: 'list_trading_activities',
  description: 'An account\'s fills (trade activities), newest first, with the realized P&L of each sale; filter by symbol and side. Totals cover every match.',
  input: inputOf(
    {
      account_id: accountArgument,
      symbol: idText('Only fills of this ticker, e.g. AAPL.'),
      side: oneOf(['buy', 'sell'], 'Only buys or only sells.'),
      limit: integer('How many (default 20).', { minimum: 1, maximum: 100 }),
    },
    ['account_id'],
  ),
  output: objectOf({ account_id: text('The account.'), activities: listOf(activitySchema, 'Newest first.'), count: integer('How many returned.'), total_count: integer('How many match.'), realized_pnl: money('Realized P&L over the matches, USD.') }),
  annotations: { title: 'Trade activities', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const account = requireAccount(ctx, args.account_id);
    const symbol = args.symbol === undefined ? undefined : requireSymbol(ctx, args.symbol).symbol;
    const matches = Object.values(account.activities).filter((a) => (symbol === undefined || a.symbol === symbol) && (args.side === undefined || a.side === args.side));
    matches.reverse();
    return {
      account_id: account.account_id,
      activities: matches.slice(0, args.limit ?? 20).map(activityView),
      count: Math.min(matches.length, args.limit ?? 20),
      total_count: matches.length,
      realized_pnl: addMoney(...matches.map((a) => a.realized_pnl)),
    };
  },
});
