import type { GoldGraph } from './types.js';

// account_id is the trader's own account: only an order names it (a read result's ids count).
// get_trading_account counts positions and open orders (integers): it names none.
const SYMBOL_SOURCES = ['search_trading_assets', 'get_trading_clock', 'list_trading_positions', 'list_trading_orders', 'get_trading_order', 'list_trading_activities'];
const ORDER_SOURCES = ['list_trading_orders', 'list_trading_activities', 'place_trading_order', 'close_trading_position', 'replace_trading_order'];

export const gold: GoldGraph = {
  domain: 'trading',
  explicit: {
    get_trading_quote: SYMBOL_SOURCES,
    get_trading_bars: SYMBOL_SOURCES,
    place_trading_order: SYMBOL_SOURCES,
    close_trading_position: SYMBOL_SOURCES,
    get_trading_order: ORDER_SOURCES,
    get_trading_account: ['get_trading_order'],
    list_trading_positions: ['get_trading_order'],
    list_trading_orders: ['get_trading_order'],
    list_trading_activities: ['get_trading_order'],
    cancel_trading_order: ORDER_SOURCES,
    replace_trading_order: ORDER_SOURCES.filter((tool) => tool !== 'replace_trading_order'),
  },
  implicit: [],
};
