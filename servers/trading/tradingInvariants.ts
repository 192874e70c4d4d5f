import type { DomainInvariant } from '../kit/Domain.js';
import { addMoney, isOpenOrder, type TradingState } from './TradingState.js';

/** What every reachable trading state keeps. */
export const tradingInvariants: DomainInvariant<TradingState>[] = [
  {
    name: 'cash + cost of positions = starting equity + realized P&L, for every account',
    check(state) {
      for (const account of Object.values(state.accounts)) {
        const cost = addMoney(...Object.values(account.positions).map((p) => p.cost_basis));
        if (addMoney(account.cash, cost) !== addMoney(account.starting_equity, account.realized_pnl)) {
          return `${account.account_id}: cash ${account.cash} + cost ${cost} ≠ starting ${account.starting_equity} + realized ${account.realized_pnl}`;
        }
        if (account.cash < 0) return `${account.account_id}: negative cash ${account.cash}`;
      }
      return undefined;
    },
  },
  {
    name: 'positions equal the shares bought minus sold in the fills; filled quantities match the fills; realized P&L is the sum of the fills\' P&L',
    check(state) {
      for (const account of Object.values(state.accounts)) {
        const shares = new Map<string, number>();
        const filled = new Map<string, number>();
        let realized = 0;
        for (const activity of Object.values(account.activities)) {
          shares.set(activity.symbol, (shares.get(activity.symbol) ?? 0) + (activity.side === 'buy' ? activity.qty : -activity.qty));
          filled.set(activity.order_id, (filled.get(activity.order_id) ?? 0) + activity.qty);
          realized = addMoney(realized, activity.realized_pnl);
        }
        for (const [symbol, qty] of shares) {
          const held = Object.hasOwn(account.positions, symbol) ? account.positions[symbol].qty : 0;
          if (held !== qty) return `${account.account_id}: holds ${held} ${symbol}, fills say ${qty}`;
        }
        for (const position of Object.values(account.positions)) if (!(position.qty > 0) || !shares.has(position.symbol)) return `${account.account_id}: position ${position.symbol} of ${position.qty}`;
        for (const order of Object.values(account.orders)) {
          if ((filled.get(order.order_id) ?? 0) !== order.filled_qty || order.filled_qty > order.qty) return `${order.order_id}: filled_qty ${order.filled_qty}, fills ${filled.get(order.order_id) ?? 0}`;
          if (order.status === 'filled' && order.filled_qty !== order.qty) return `${order.order_id}: filled with ${order.filled_qty} of ${order.qty}`;
        }
        if (realized !== account.realized_pnl) return `${account.account_id}: realized ${account.realized_pnl}, fills say ${realized}`;
        let reservedSell = new Map<string, number>();
        for (const order of Object.values(account.orders)) if (order.side === 'sell' && isOpenOrder(order)) reservedSell.set(order.symbol, (reservedSell.get(order.symbol) ?? 0) + order.qty - order.filled_qty);
        for (const [symbol, qty] of reservedSell) {
          const held = Object.hasOwn(account.positions, symbol) ? account.positions[symbol].qty : 0;
          if (qty > held) return `${account.account_id}: ${qty} ${symbol} in open sell orders but ${held} held`;
        }
        reservedSell = new Map();
      }
      return undefined;
    },
  },
];
