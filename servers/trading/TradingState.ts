import type { SymbolParams } from './market.js';

/**
 * The state of the trading domain: a paper-trading broker after Alpaca. Symbols carry the seeded
 * parameters of their price path (market.ts turns them and the session's clock into quotes, a
 * book and bars); accounts hold cash, positions, orders and the fills (activities) that made them.
 *
 * Accounting: a buy fill moves qty × price from cash into the position's cost basis; a sell fill
 * moves qty × avg_entry_price out of the cost basis, qty × price into cash, and the difference into
 * realized P&L. So cash + cost of positions = starting equity + realized P&L, always.
 */

export const TRADING_REFERENCE_DATE = '2026-03-18T15:30:00Z';

export const ORDER_TYPES = ['market', 'limit', 'stop', 'stop_limit'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const ORDER_STATUSES = ['new', 'partially_filled', 'filled', 'canceled', 'replaced'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const TIME_IN_FORCE = ['day', 'gtc'] as const;
export type TimeInForce = (typeof TIME_IN_FORCE)[number];
export type Side = 'buy' | 'sell';

export interface Position {
  symbol: string;
  qty: number;
  avg_entry_price: number;
  cost_basis: number;
}

export interface Order {
  order_id: string;
  account_id: string;
  symbol: string;
  side: Side;
  type: OrderType;
  time_in_force: TimeInForce;
  qty: number;
  filled_qty: number;
  filled_avg_price: number | null;
  limit_price: number | null;
  stop_price: number | null;
  status: OrderStatus;
  submitted_at: string;
  filled_at: string | null;
  canceled_at: string | null;
  replaced_by: string | null;
  replaces: string | null;
}

export interface Activity {
  activity_id: string;
  order_id: string;
  symbol: string;
  side: Side;
  qty: number;
  price: number;
  transaction_time: string;
  /** For sells: (price − avg entry) × qty. */
  realized_pnl: number;
}

export interface TradingAccount {
  account_id: string;
  owner: string;
  email: string;
  /** Restricted accounts may only close positions. */
  status: 'active' | 'restricted';
  starting_equity: number;
  cash: number;
  realized_pnl: number;
  positions: Record<string, Position>;
  orders: Record<string, Order>;
  activities: Record<string, Activity>;
}

export interface TradingState {
  symbols: Record<string, SymbolParams>;
  accounts: Record<string, TradingAccount>;
}

export const cents = (x: number): number => Math.round(x * 100) / 100;
/** Sum of money amounts, exact to the cent. */
export const addMoney = (...xs: number[]): number => xs.reduce((s, x) => s + Math.round(x * 100), 0) / 100;
export const isOpenOrder = (order: Order): boolean => order.status === 'new' || order.status === 'partially_filled';

export function formatMoney(amount: number): string {
  const c = Math.abs(Math.round(amount * 100));
  const whole = String(Math.floor(c / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount < 0 ? '-' : ''}${whole}.${String(c % 100).padStart(2, '0')}`;
}

/** Cash an account has promised to open buy orders (their unfilled shares at their limit or stop price). */
export function reservedCash(account: TradingAccount): number {
  let cents = 0;
  for (const id in account.orders) {
    const order = account.orders[id];
    if (order.side !== 'buy' || !isOpenOrder(order)) continue;
    const price = order.limit_price ?? order.stop_price ?? 0;
    cents += Math.round((order.qty - order.filled_qty) * price * 100);
  }
  return cents / 100;
}

/** Shares of a symbol promised to open sell orders. */
export function reservedShares(account: TradingAccount, symbol: string): number {
  let shares = 0;
  for (const id in account.orders) {
    const order = account.orders[id];
    if (order.side === 'sell' && order.symbol === symbol && isOpenOrder(order)) shares += order.qty - order.filled_qty;
  }
  return shares;
}

/**
 * Apply fills of an order to mutable copies of an account's money and positions: the accounting
 * above, one activity per fill. Returns the activities (ids from `nextId`).
 */
export function applyFills(
  account: { cash: number; realized_pnl: number; positions: Record<string, Position> },
  order: Order,
  fills: ReadonlyArray<{ price: number; size: number }>,
  time: string,
  nextId: () => string,
): Activity[] {
  const out: Activity[] = [];
  for (const fill of fills) {
    const held = Object.hasOwn(account.positions, order.symbol) ? account.positions[order.symbol] : undefined;
    const notional = cents(fill.price * fill.size);
    let realized = 0;
    if (order.side === 'buy') {
      account.cash = addMoney(account.cash, -notional);
      const qty = (held?.qty ?? 0) + fill.size;
      const cost = addMoney(held?.cost_basis ?? 0, notional);
      account.positions[order.symbol] = { symbol: order.symbol, qty, avg_entry_price: cents(cost / qty), cost_basis: cost };
    } else {
      const position = held!;
      // The cost leaving the position: its share of the basis (all of it when the position closes).
      const costOut = fill.size === position.qty ? position.cost_basis : cents((position.cost_basis * fill.size) / position.qty);
      realized = addMoney(notional, -costOut);
      account.cash = addMoney(account.cash, notional);
      account.realized_pnl = addMoney(account.realized_pnl, realized);
      const qty = position.qty - fill.size;
      if (qty === 0) delete account.positions[order.symbol];
      else {
        const cost = addMoney(position.cost_basis, -costOut);
        account.positions[order.symbol] = { symbol: order.symbol, qty, avg_entry_price: cents(cost / qty), cost_basis: cost };
      }
    }
    out.push({ activity_id: nextId(), order_id: order.order_id, symbol: order.symbol, side: order.side, qty: fill.size, price: fill.price, transaction_time: time, realized_pnl: realized });
  }
  const filled = order.filled_qty + fills.reduce((s, f) => s + f.size, 0);
  if (fills.length > 0) {
    const before = (order.filled_avg_price ?? 0) * order.filled_qty;
    const added = fills.reduce((s, f) => s + f.price * f.size, 0);
    order.filled_avg_price = Math.round(((before + added) / filled) * 10000) / 10000;
    order.filled_qty = filled;
    order.status = filled === order.qty ? 'filled' : 'partially_filled';
    if (filled === order.qty) order.filled_at = time;
  }
  return out;
}
