import { defineTool } from '../kit/Domain.js';
import { boolean, idText, inputOf, integer, listOf, money, objectOf, oneOf, text } from '../kit/schemas.js';
import { SESSION_MINUTES, barOf, marketClock, midAt, quoteAt, tradingMinute } from './market.js';
import type { TradingState } from './TradingState.js';
import { quoteNow, requireSymbol } from './tradingLookups.js';

const symbolArgument = idText('Ticker symbol, e.g. AAPL (case does not matter; search_trading_assets finds it from a company name).');

export const getTradingClock = defineTool<TradingState, Record<string, never>>({
  name: 'get_trading_clock',
  description:
    'The market clock: the current time, whether US markets are open (9:30-16:00 Eastern on trading days), the next open and ' +
    'close, and the five biggest movers of the latest session so far (change since its open).',
  input: inputOf({}),
  output: objectOf({
    timestamp: text('Now (ISO-8601, UTC).'),
    is_open: { type: 'boolean', description: 'Whether the regular session is open.' },
    next_open: text('Next open (UTC).'),
    next_close: text('Next close (UTC).'),
    top_movers: listOf(objectOf({ symbol: text('Ticker.'), name: text('Company or fund.'), last: money('Price now, USD.'), change_pct: { type: 'number', description: 'Change since the session opened, percent.' } }), 'Largest moves up or down, largest first.'),
  }),
  annotations: { title: 'Market clock', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(_args, ctx) {
    const now = tradingMinute(Date.parse(ctx.now));
    const open = now - (now % SESSION_MINUTES);
    const movers = Object.values(ctx.base.symbols)
      .map((s) => {
        const first = midAt(s, open);
        const last = midAt(s, now);
        return { symbol: s.symbol, name: s.name, last, change_pct: Math.round(((last - first) / first) * 10000) / 100 };
      })
      .sort((a, b) => Math.abs(b.change_pct) - Math.abs(a.change_pct) || (a.symbol < b.symbol ? -1 : 1))
      .slice(0, 5);
    return { ...marketClock(ctx.now), top_movers: movers };
  },
});

export const searchTradingAssets = defineTool<TradingState, { query?: string; sector?: string; tradable_only?: boolean }>({
  name: 'search_trading_assets',
  description: 'Find stocks and ETFs by ticker or company name text, or by sector, with their exchange, whether they can be traded now (a halted stock cannot) and the last price.',
  input: inputOf({
    query: text('Text in the ticker or company name, e.g. "coca" or "MSFT".', { minLength: 1, maxLength: 60 }),
    sector: text('Sector, e.g. Technology, Financials, Health Care, Energy, ETF.', { minLength: 1, maxLength: 40 }),
    tradable_only: boolean('Only assets that can be traded (default false).'),
  }),
  output: objectOf({
    assets: listOf(objectOf({ symbol: text('Ticker.'), name: text('Company or fund.'), exchange: text('Exchange.'), sector: text('Sector.'), tradable: { type: 'boolean', description: 'Can be traded.' }, last: money('Last price, USD.') }), 'Matches, by ticker.'),
    count: integer('How many.'),
  }),
  annotations: { title: 'Search assets', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const query = args.query?.trim().toLowerCase();
    const sector = args.sector?.trim().toLowerCase();
    const minute = tradingMinute(Date.parse(ctx.now));
    const assets = Object.values(ctx.base.symbols)
      .filter((s) => (query === undefined || s.symbol.toLowerCase().includes(query) || s.name.toLowerCase().includes(query)) && (sector === undefined || s.sector.toLowerCase() === sector) && (args.tradable_only !== true || s.tradable))
      .sort((a, b) => (a.symbol < b.symbol ? -1 : 1))
      .map((s) => ({ symbol: s.symbol, name: s.name, exchange: s.exchange, sector: s.sector, tradable: s.tradable, last: quoteAt(s, minute).last }));
    return { assets, count: assets.length };
  },
});

export const getTradingQuote = defineTool<TradingState, { symbol: string }>({
  name: 'get_trading_quote',
  description: 'The latest quote of a symbol: best bid and ask with their sizes, last price, and whether the market is open. Outside market hours it is the last quote of the latest session.',
  input: inputOf({ symbol: symbolArgument }, ['symbol']),
  output: objectOf({
    symbol: text('Ticker.'),
    name: text('Company or fund.'),
    bid: money('Best bid, USD.'),
    ask: money('Best ask, USD.'),
    bid_size: integer('Shares bid at the best bid.'),
    ask_size: integer('Shares offered at the best ask.'),
    last: money('Last price (midpoint), USD.'),
    market_open: { type: 'boolean', description: 'Whether the market is open now.' },
    tradable: { type: 'boolean', description: 'Whether it can be traded (halted stocks cannot).' },
  }),
  annotations: { title: 'Quote', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const params = requireSymbol(ctx, args.symbol);
    const { quote, open } = quoteNow(ctx, params);
    return { symbol: params.symbol, name: params.name, bid: quote.bid, ask: quote.ask, bid_size: quote.bid_size, ask_size: quote.ask_size, last: quote.last, market_open: open, tradable: params.tradable };
  },
});

const FRAMES: Record<string, number> = { '5Min': 5, '15Min': 15, '1Hour': 60, '1Day': SESSION_MINUTES };

export const getTradingBars = defineTool<TradingState, { symbol: string; timeframe?: string; limit?: number }>({
  name: 'get_trading_bars',
  description: 'Price history of a symbol as OHLCV bars (open, high, low, close, volume) of 5 or 15 minutes, an hour or a day, the most recent `limit` bars up to now, oldest first; plus the change over them.',
  input: inputOf(
    {
      symbol: symbolArgument,
      timeframe: oneOf(Object.keys(FRAMES), 'Bar length (default 1Day).'),
      limit: integer('How many bars, up to now (default 10).', { minimum: 1, maximum: 60 }),
    },
    ['symbol'],
  ),
  output: objectOf({
    symbol: text('Ticker.'),
    timeframe: text('Bar length.'),
    bars: listOf(objectOf({ t: text('Bar start (UTC).'), o: money('Open.'), h: money('High.'), l: money('Low.'), c: money('Close.'), v: integer('Volume.') }), 'Oldest first.'),
    change: money('Last close minus first open, USD.'),
    change_pct: { type: 'number', description: 'That change in percent.' },
  }),
  annotations: { title: 'Price bars', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const params = requireSymbol(ctx, args.symbol);
    const frame = FRAMES[args.timeframe ?? '1Day'];
    const now = tradingMinute(Date.parse(ctx.now)) + 1;
    const end = now;
    const bars = [];
    // Bars aligned to the session: the current (possibly unfinished) one last.
    let start = end - 1 - ((end - 1) % frame);
    for (let k = 0; k < (args.limit ?? 10) && start >= 0; k++) {
      bars.push(barOf(params, start, Math.min(start + frame, end)));
      start -= frame;
    }
    bars.reverse();
    const change = Math.round((bars[bars.length - 1].c - bars[0].o) * 100) / 100;
    return { symbol: params.symbol, timeframe: args.timeframe ?? '1Day', bars, change, change_pct: Math.round((change / bars[0].o) * 10000) / 100 };
  },
});
