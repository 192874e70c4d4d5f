import { runWorldGenerator } from '../kit/fixtures.js';
import { SeededRandom, seedRandomState } from '../kit/seededRandom.js';
import { SESSION_MINUTES, matchOrder, quoteAt, timeOfMinute, tradingMinute, type SymbolParams } from './market.js';
import { TRADING_REFERENCE_DATE, applyFills, cents, type Activity, type Order, type OrderType, type TradingAccount, type TradingState } from './TradingState.js';

/**
 * Builds the trading world from a seed: 40 US stocks and ETFs with the parameters of their price
 * paths, and 25 paper-trading accounts with a month of history played through the same matching
 * engine the tools use: market and limit buys and sells (some partly filled), cancelled orders,
 * and limit and stop orders still resting at the reference time (Wednesday 2026-03-18, 11:30
 * Eastern, market open).
 *
 * `npx tsx servers/trading/generateWorld.ts [seed]` writes fixtures/trading/world.json (seed 42).
 */

const SYMBOLS: Array<[string, string, SymbolParams['exchange'], string, number]> = [
  ['AAPL', 'Apple Inc.', 'NASDAQ', 'Technology', 212],
  ['MSFT', 'Microsoft Corporation', 'NASDAQ', 'Technology', 418],
  ['NVDA', 'NVIDIA Corporation', 'NASDAQ', 'Technology', 128],
  ['GOOGL', 'Alphabet Inc. Class A', 'NASDAQ', 'Communication Services', 171],
  ['AMZN', 'Amazon.com, Inc.', 'NASDAQ', 'Consumer Discretionary', 196],
  ['META', 'Meta Platforms, Inc.', 'NASDAQ', 'Communication Services', 585],
  ['TSLA', 'Tesla, Inc.', 'NASDAQ', 'Consumer Discretionary', 262],
  ['AMD', 'Advanced Micro Devices, Inc.', 'NASDAQ', 'Technology', 114],
  ['INTC', 'Intel Corporation', 'NASDAQ', 'Technology', 22],
  ['NFLX', 'Netflix, Inc.', 'NASDAQ', 'Communication Services', 940],
  ['ADBE', 'Adobe Inc.', 'NASDAQ', 'Technology', 385],
  ['CSCO', 'Cisco Systems, Inc.', 'NASDAQ', 'Technology', 61],
  ['PEP', 'PepsiCo, Inc.', 'NASDAQ', 'Consumer Staples', 151],
  ['COST', 'Costco Wholesale Corporation', 'NASDAQ', 'Consumer Staples', 905],
  ['JPM', 'JPMorgan Chase & Co.', 'NYSE', 'Financials', 241],
  ['BAC', 'Bank of America Corporation', 'NYSE', 'Financials', 42],
  ['GS', 'The Goldman Sachs Group, Inc.', 'NYSE', 'Financials', 560],
  ['V', 'Visa Inc.', 'NYSE', 'Financials', 338],
  ['MA', 'Mastercard Incorporated', 'NYSE', 'Financials', 528],
  ['JNJ', 'Johnson & Johnson', 'NYSE', 'Health Care', 156],
  ['PFE', 'Pfizer Inc.', 'NYSE', 'Health Care', 26],
  ['UNH', 'UnitedHealth Group Incorporated', 'NYSE', 'Health Care', 512],
  ['LLY', 'Eli Lilly and Company', 'NYSE', 'Health Care', 790],
  ['MRK', 'Merck & Co., Inc.', 'NYSE', 'Health Care', 92],
  ['XOM', 'Exxon Mobil Corporation', 'NYSE', 'Energy', 112],
  ['CVX', 'Chevron Corporation', 'NYSE', 'Energy', 153],
  ['KO', 'The Coca-Cola Company', 'NYSE', 'Consumer Staples', 70],
  ['WMT', 'Walmart Inc.', 'NYSE', 'Consumer Staples', 88],
  ['DIS', 'The Walt Disney Company', 'NYSE', 'Communication Services', 99],
  ['NKE', 'NIKE, Inc.', 'NYSE', 'Consumer Discretionary', 72],
  ['MCD', "McDonald's Corporation", 'NYSE', 'Consumer Discretionary', 301],
  ['BA', 'The Boeing Company', 'NYSE', 'Industrials', 172],
  ['CAT', 'Caterpillar Inc.', 'NYSE', 'Industrials', 345],
  ['GE', 'GE Aerospace', 'NYSE', 'Industrials', 201],
  ['F', 'Ford Motor Company', 'NYSE', 'Consumer Discretionary', 10],
  ['T', 'AT&T Inc.', 'NYSE', 'Communication Services', 27],
  ['SPY', 'SPDR S&P 500 ETF Trust', 'ARCA', 'ETF', 571],
  ['QQQ', 'Invesco QQQ Trust', 'NASDAQ', 'ETF', 492],
  ['IWM', 'iShares Russell 2000 ETF', 'ARCA', 'ETF', 218],
  ['GME', 'GameStop Corp.', 'NYSE', 'Consumer Discretionary', 27],
];
const FIRST = ['Ari', 'Bea', 'Cyrus', 'Dalia', 'Elias', 'Fatima', 'Gideon', 'Hana', 'Ivo', 'Jade', 'Kai', 'Lena', 'Milo', 'Nadia', 'Orin', 'Pia', 'Reza', 'Signe', 'Tobias', 'Una', 'Vera', 'Wes', 'Yara', 'Zeke', 'Ines'];
const LAST = ['Albrecht', 'Bianchi', 'Chowdhury', 'Delacroix', 'Eze', 'Falk', 'Gomez', 'Horvat', 'Ito', 'Jensen', 'Kaplan', 'Lindgren', 'Moreau', 'Nair', 'Oyelaran', 'Pham'];

export function generateWorld(seed: number): TradingState {
  const random = new SeededRandom(seedRandomState(seed));
  const chance = (p: number): boolean => random.next() < p;
  const symbols: Record<string, SymbolParams> = {};
  for (const [i, [symbol, name, exchange, sector, price]] of SYMBOLS.entries()) {
    const volatile = symbol === 'GME' || symbol === 'TSLA' || symbol === 'NVDA';
    symbols[symbol] = {
      symbol,
      name,
      exchange,
      sector,
      // A halted stock: quotes, no trading.
      tradable: symbol !== 'GME',
      base: price,
      drift: (random.int(-30, 40) / 10000) * (volatile ? 2 : 1),
      waves: [
        [random.int(20, 60) / 1000 * (volatile ? 2 : 1), SESSION_MINUTES * random.int(8, 20), random.int(0, 628) / 100],
        [random.int(5, 20) / 1000, SESSION_MINUTES * random.int(1, 3), random.int(0, 628) / 100],
        [random.int(2, 6) / 1000, random.int(40, 120), random.int(0, 628) / 100],
      ],
      noise: random.int(4, 12) / 10000,
      depth: price > 500 ? random.int(20, 60) : price > 100 ? random.int(60, 200) : random.int(200, 900),
      seed: 1000 + i * 97 + (seed % 1000),
    };
  }
  const now = tradingMinute(Date.parse(TRADING_REFERENCE_DATE));
  const tradableSymbols = Object.values(symbols).filter((s) => s.tradable);
  const accounts: Record<string, TradingAccount> = {};
  let orderCount = 0;
  let activityCount = 0;
  const names = new Set<string>();
  for (let a = 1; a <= 25; a++) {
    let owner: string;
    do owner = `${random.pick(FIRST)} ${random.pick(LAST)}`;
    while (names.has(owner));
    names.add(owner);
    const accountId = `acct_${a}`;
    const starting = random.pick([10_000, 25_000, 50_000, 100_000, 250_000]);
    const account = { cash: starting, realized_pnl: 0, positions: {} as TradingAccount['positions'] };
    const orders: Record<string, Order> = {};
    const activities: Record<string, Activity> = {};
    // A month of history: orders at random minutes, played in time order.
    const minutes = Array.from({ length: random.int(5, 12) }, () => now - random.int(30, SESSION_MINUTES * 20)).sort((x, y) => x - y);
    const place = (minute: number, symbol: SymbolParams, side: 'buy' | 'sell', type: OrderType, qty: number, limit: number | null, stop: number | null): Order => {
      const time = new Date(timeOfMinute(minute)).toISOString().replace('.000Z', 'Z');
      const order: Order = {
        order_id: `ord_${++orderCount}`, account_id: accountId, symbol: symbol.symbol, side, type, time_in_force: type === 'market' ? 'day' : random.pick(['day', 'gtc'] as const),
        qty, filled_qty: 0, filled_avg_price: null, limit_price: limit, stop_price: stop, status: 'new', submitted_at: time, filled_at: null, canceled_at: null, replaced_by: null, replaces: null,
      };
      const fills = matchOrder(symbol, order, quoteAt(symbol, minute), true);
      for (const activity of applyFills(account, order, fills, time, () => `act_${++activityCount}`)) activities[activity.activity_id] = activity;
      orders[order.order_id] = order;
      return order;
    };
    for (const minute of minutes) {
      const held = Object.keys(account.positions);
      if (held.length > 0 && chance(0.3)) {
        const position = account.positions[random.pick(held)];
        const qty = chance(0.5) ? position.qty : Math.max(1, Math.floor(position.qty / 2));
        place(minute, symbols[position.symbol], 'sell', 'market', qty, null, null);
        continue;
      }
      const symbol = random.pick(tradableSymbols);
      const mid = quoteAt(symbol, minute).last;
      const budget = account.cash * random.int(8, 25) / 100;
      const qty = Math.floor(budget / mid);
      if (qty < 1) continue;
      if (chance(0.6)) place(minute, symbol, 'buy', 'market', qty, null, null);
      else {
        // A limit just below the ask: fills, sometimes only in part; the rest was cancelled at the close.
        const order = place(minute, symbol, 'buy', 'limit', qty, cents(quoteAt(symbol, minute).ask), null);
        if (order.status !== 'filled') {
          order.status = 'canceled';
          order.canceled_at = new Date(timeOfMinute(minute - (minute % SESSION_MINUTES) + SESSION_MINUTES - 1)).toISOString().replace('.000Z', 'Z');
        }
      }
    }
    // Orders resting now: a buy limit under the market, a stop-loss under a position.
    if (chance(0.7)) {
      const symbol = random.pick(tradableSymbols);
      const mid = quoteAt(symbol, now).last;
      const qty = Math.max(1, Math.floor((account.cash * 0.1) / mid));
      if (qty * mid * 0.95 < account.cash * 0.5) place(now - random.int(10, 60), symbol, 'buy', 'limit', qty, cents(mid * random.int(88, 96) / 100), null);
    }
    const held = Object.values(account.positions);
    if (held.length > 0 && chance(0.6)) {
      const position = random.pick(held);
      place(now - random.int(10, 60), symbols[position.symbol], 'sell', 'stop', Math.max(1, Math.floor(position.qty / 2)), null, cents(quoteAt(symbols[position.symbol], now).last * 0.9));
    }
    accounts[accountId] = {
      account_id: accountId,
      owner,
      email: `${owner.toLowerCase().replace(' ', '.')}@example.com`,
      status: a % 12 === 0 ? 'restricted' : 'active',
      starting_equity: starting,
      cash: account.cash,
      realized_pnl: account.realized_pnl,
      positions: account.positions,
      orders,
      activities,
    };
  }
  return { symbols, accounts };
}

export function renderWorld(seed: number): string {
  return `${JSON.stringify(generateWorld(seed), null, 1)}\n`;
}

runWorldGenerator(import.meta.url, 'trading', renderWorld);
