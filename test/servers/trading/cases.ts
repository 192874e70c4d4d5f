import { expect } from 'chai';
import type { ToolCase } from '../ToolCase.js';

/**
 * Conformance cases of the trading domain, played in order on one fresh session of the seed-42 world
 * (fixtures/trading/world.json) at its reference time, Wednesday 2026-03-18 11:30 Eastern (market
 * open). Dalia Jensen's account acct_1 has 15,104.99 cash, 13,912.43 buying power (a resting buy
 * limit ord_8 for 4 MCD at 298.14 reserves the rest), 514 F, 11 AAPL and 16 XOM. She buys MSFT at
 * market, buys F with a limit that fills only the 910 shares offered at 11.50, sets a stop-loss on
 * XOM, reprices her MCD order, cancels the rest of the F order and closes her AAPL position.
 * New ids continue after the world's highest: ord_226, act_212.
 */
export const tradingCases: ToolCase[] = [
  {
    title: 'the market is open on a Wednesday at 11:30 Eastern',
    tool: 'get_trading_clock',
    args: {},
    ok: true,
    check: (r) => {
      expect(r).to.deep.include({ timestamp: '2026-03-18T15:30:00Z', is_open: true, next_open: '2026-03-19T13:30:00Z', next_close: '2026-03-18T20:00:00Z' });
      expect(r.top_movers).to.have.length(5);
    },
  },
  { title: 'the clock takes no arguments', tool: 'get_trading_clock', args: { exchange: 'NYSE' }, ok: false, errorIncludes: ['exchange'] },
  {
    title: 'a company found by part of its name',
    tool: 'search_trading_assets',
    args: { query: 'coca' },
    ok: true,
    check: (r) => expect(r.assets.map((a: { symbol: string }) => a.symbol)).to.deep.equal(['KO']),
  },
  { title: 'an empty search text is refused by the schema', tool: 'search_trading_assets', args: { query: '' }, ok: false, errorIncludes: ['query'] },
  {
    title: 'a quote by lower-case ticker: bid, ask and sizes',
    tool: 'get_trading_quote',
    args: { symbol: 'aapl' },
    ok: true,
    check: (r) => expect(r).to.include({ symbol: 'AAPL', bid: 240.57, ask: 240.67, last: 240.62, market_open: true }),
  },
  { title: 'a misspelt ticker names the closest one', tool: 'get_trading_quote', args: { symbol: 'APPL' }, ok: false, errorIncludes: ['APPL', 'not found', 'did you mean'] },
  {
    title: 'three daily bars up to now, the last one still forming',
    tool: 'get_trading_bars',
    args: { symbol: 'AAPL', limit: 3 },
    ok: true,
    check: (r) => {
      expect(r.bars.map((b: { t: string }) => b.t)).to.deep.equal(['2026-03-16T13:30:00Z', '2026-03-17T13:30:00Z', '2026-03-18T13:30:00Z']);
      expect(r.bars[2].c).to.equal(240.62);
    },
  },
  { title: 'a prototype name is not a symbol', tool: 'get_trading_bars', args: { symbol: 'constructor' }, ok: false, errorIncludes: ['constructor', 'not found'] },
  {
    title: 'balances: buying power is cash minus what open buy orders reserve',
    tool: 'get_trading_account',
    args: { account_id: 'acct_1' },
    ok: true,
    check: (r) => expect(r).to.include({ owner: 'Dalia Jensen', cash: 15104.99, buying_power: 13912.43, reserved_for_orders: 1192.56, starting_equity: 25000, realized_pnl: 52.9, open_orders: 1 }),
  },
  { title: 'an unknown account names the closest id', tool: 'get_trading_account', args: { account_id: 'acct_99' }, ok: false, errorIncludes: ['acct_99', 'not found', 'did you mean'] },
  {
    title: 'a market buy fills at once from the book',
    tool: 'place_trading_order',
    args: { account_id: 'acct_1', symbol: 'MSFT', side: 'buy', qty: 5 },
    ok: true,
    check: (r) => {
      expect(r.order).to.include({ order_id: 'ord_226', status: 'filled', filled_qty: 5, type: 'market' });
      expect(r.fills).to.have.length(1);
      expect(r.fills[0]).to.include({ activity_id: 'act_212', qty: 5 });
    },
  },
  { title: 'a buy beyond buying power is refused with the most that fits', tool: 'place_trading_order', args: { account_id: 'acct_1', symbol: 'KO', side: 'buy', qty: 700, type: 'limit', limit_price: 999 }, ok: false, errorIncludes: ['buying power', 'at most'] },
  { title: 'selling more than is held is refused (no short sales)', tool: 'place_trading_order', args: { account_id: 'acct_1', symbol: 'AAPL', side: 'sell', qty: 20 }, ok: false, errorIncludes: ['holds 11 AAPL', 'at most 11'] },
  { title: 'a halted stock takes no orders', tool: 'place_trading_order', args: { account_id: 'acct_1', symbol: 'GME', side: 'buy', qty: 1 }, ok: false, errorIncludes: ['GME', 'halted'] },
  { title: 'a limit order needs its limit price', tool: 'place_trading_order', args: { account_id: 'acct_1', symbol: 'F', side: 'buy', qty: 10, type: 'limit' }, ok: false, errorIncludes: ['limit_price'] },
  {
    title: 'a limit buy at the ask fills the 910 shares offered there; the other 40 rest',
    tool: 'place_trading_order',
    args: { account_id: 'acct_1', symbol: 'F', side: 'buy', qty: 950, type: 'limit', limit_price: 11.5, time_in_force: 'gtc' },
    ok: true,
    check: (r) => expect(r.order).to.include({ order_id: 'ord_227', status: 'partially_filled', filled_qty: 910, filled_avg_price: 11.5 }),
  },
  {
    title: 'a stop-loss below the market rests until triggered',
    tool: 'place_trading_order',
    args: { account_id: 'acct_1', symbol: 'XOM', side: 'sell', qty: 8, type: 'stop', stop_price: 95 },
    ok: true,
    check: (r) => expect(r).to.deep.include({ fills: [] }) && expect(r.order).to.include({ order_id: 'ord_228', status: 'new' }),
  },
  {
    title: 'the open orders, newest first',
    tool: 'list_trading_orders',
    args: { account_id: 'acct_1' },
    ok: true,
    check: (r) => expect(r.orders.map((o: { order_id: string }) => o.order_id)).to.deep.equal(['ord_228', 'ord_227', 'ord_8']),
  },
  { title: 'an order status outside the enum is refused', tool: 'list_trading_orders', args: { account_id: 'acct_1', status: 'pending' }, ok: false, errorIncludes: ['status', 'open', 'closed'] },
  {
    title: 'the partly filled order with its fill',
    tool: 'get_trading_order',
    args: { order_id: 'ord_227' },
    ok: true,
    check: (r) => expect(r.fills.map((f: { qty: number; price: number }) => [f.qty, f.price])).to.deep.equal([[910, 11.5]]),
  },
  { title: 'an unknown order', tool: 'get_trading_order', args: { order_id: 'ord_9999' }, ok: false, errorIncludes: ['ord_9999', 'not found', 'list_trading_orders'] },
  {
    title: 'repricing the MCD order replaces it with a new one',
    tool: 'replace_trading_order',
    args: { order_id: 'ord_8', limit_price: 290 },
    ok: true,
    check: (r) => expect(r.order).to.include({ order_id: 'ord_229', replaces: 'ord_8', limit_price: 290, qty: 4, status: 'new' }),
  },
  { title: 'a partly filled order cannot be replaced', tool: 'replace_trading_order', args: { order_id: 'ord_227', qty: 1000 }, ok: false, errorIncludes: ['partly filled', 'cancel'] },
  {
    title: 'cancelling the rest of the F order keeps the 910 filled shares',
    tool: 'cancel_trading_order',
    args: { order_id: 'ord_227' },
    ok: true,
    check: (r) => expect(r.order).to.include({ status: 'canceled', filled_qty: 910 }),
  },
  { title: 'a replaced order cannot be cancelled', tool: 'cancel_trading_order', args: { order_id: 'ord_8' }, ok: false, errorIncludes: ['replaced', 'only open orders'] },
  {
    title: 'closing the AAPL position sells all 11 shares at market',
    tool: 'close_trading_position',
    args: { account_id: 'acct_1', symbol: 'AAPL' },
    ok: true,
    check: (r) => expect(r.order).to.include({ side: 'sell', qty: 11, filled_qty: 11, status: 'filled' }),
  },
  { title: 'there is no AAPL position left to close', tool: 'close_trading_position', args: { account_id: 'acct_1', symbol: 'AAPL' }, ok: false, errorIncludes: ['no AAPL position', 'F'] },
  {
    title: 'positions after the trades: F grew by 910 shares, AAPL is gone, MSFT is new',
    tool: 'list_trading_positions',
    args: { account_id: 'acct_1' },
    ok: true,
    check: (r) => {
      expect(r.positions.map((p: { symbol: string; qty: number }) => [p.symbol, p.qty])).to.deep.equal([['F', 1424], ['MSFT', 5], ['XOM', 16]]);
      expect(r.positions.find((p: { symbol: string }) => p.symbol === 'XOM').qty_available).to.equal(8);
    },
  },
  { title: 'positions of an account named like a prototype member', tool: 'list_trading_positions', args: { account_id: '__proto__' }, ok: false, errorIncludes: ['__proto__', 'not found'] },
  {
    title: 'the AAPL fills with the realized profit of the sale',
    tool: 'list_trading_activities',
    args: { account_id: 'acct_1', symbol: 'AAPL' },
    ok: true,
    check: (r) => {
      expect(r.total_count).to.equal(2);
      expect(r.activities[0].side).to.equal('sell');
      expect(r.realized_pnl).to.equal(r.activities[0].realized_pnl);
    },
  },
  { title: 'fills of an unknown ticker', tool: 'list_trading_activities', args: { account_id: 'acct_1', symbol: 'ZZZZ' }, ok: false, errorIncludes: ['ZZZZ', 'not found'] },
];
