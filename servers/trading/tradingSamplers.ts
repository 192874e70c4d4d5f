import type { DomainSampler } from '../kit/Domain.js';
import { isOpenOrder, reservedCash, reservedShares, type TradingState } from './TradingState.js';

/**
 * Read-only discovery for trading conversations. Collections carry the names of the list tools'
 * results (assets, positions, orders, activities); sells are offered only where shares are free.
 */
export const tradingSamplers: DomainSampler<TradingState>[] = [
  {
    collection: 'accounts',
    description: 'Active accounts with at least 5,000 USD of buying power.',
    sample: (state) =>
      Object.values(state.accounts)
        .filter((a) => a.status === 'active' && a.cash - reservedCash(a) >= 5000)
        .map((a) => ({ account_id: a.account_id, owner: a.owner, name: `${a.owner}'s account`, email: a.email })),
  },
  {
    collection: 'assets',
    description: 'Tradable stocks and ETFs under 600 USD a share, by ticker and name.',
    sample: (state) => Object.values(state.symbols).filter((s) => s.tradable && s.base < 600).map((s) => ({ symbol: s.symbol, name: s.name, sector: s.sector })),
  },
  {
    collection: 'positions',
    description: 'Positions with shares not promised to open sell orders, with their account.',
    sample(state) {
      const out: Array<Record<string, unknown>> = [];
      for (const account of Object.values(state.accounts)) {
        for (const position of Object.values(account.positions)) {
          const free = position.qty - reservedShares(account, position.symbol);
          if (free < 1) continue;
          out.push({ account_id: account.account_id, symbol: position.symbol, name: `${account.owner}'s ${state.symbols[position.symbol].name} shares`, qty: free });
        }
      }
      return out;
    },
  },
  {
    collection: 'orders',
    description: 'Open orders that have not filled (they can be cancelled or replaced).',
    sample(state) {
      const out: Array<Record<string, unknown>> = [];
      for (const account of Object.values(state.accounts)) {
        for (const order of Object.values(account.orders)) {
          if (!isOpenOrder(order) || order.filled_qty > 0) continue;
          const at = order.limit_price ?? order.stop_price;
          out.push({ order_id: order.order_id, account_id: account.account_id, summary: `${account.owner}'s ${order.type.replace('_', '-')} order to ${order.side} ${order.qty} ${order.symbol} at ${at}`, symbol: order.symbol });
        }
      }
      return out;
    },
  },
];
