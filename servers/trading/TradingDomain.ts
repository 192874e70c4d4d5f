import { defineDomain } from '../kit/Domain.js';
import { loadFixture } from '../kit/fixtures.js';
import { TRADING_REFERENCE_DATE, type TradingState } from './TradingState.js';
import { getTradingAccount, listTradingActivities, listTradingPositions } from './accountTools.js';
import { getTradingBars, getTradingClock, getTradingQuote, searchTradingAssets } from './marketTools.js';
import { cancelTradingOrder, closeTradingPosition, getTradingOrder, listTradingOrders, placeTradingOrder, replaceTradingOrder } from './orderTools.js';
import { tradingInvariants } from './tradingInvariants.js';
import { tradingPhrasings } from './tradingPhrasings.js';
import { tradingScenarios } from './tradingScenarios.js';
import { tradingSamplers } from './tradingSamplers.js';

/**
 * Paper trading after Alpaca: accounts with cash and buying power, positions, quotes and bars from
 * a seeded price path, market, limit and stop orders matched against a book on the session's
 * clock, partial fills, cancel and replace.
 */
export const tradingDomain = defineDomain<TradingState>({
  name: 'trading',
  title: 'Paper trading',
  category: 'finance',
  description:
    'An Alpaca-like paper-trading broker: 25 accounts with cash, buying power and positions in 40 US stocks and ETFs; quotes, a ' +
    'five-level book and OHLCV bars from a seeded price path on the session\'s clock; market, limit, stop and stop-limit orders ' +
    'matched level by level (partial fills rest), cancel and replace; refusals for buying power, market hours, halted or unknown ' +
    'symbols and short sales. Cash + cost of positions always equals starting equity + realized P&L.',
  tools: [
    getTradingAccount,
    listTradingPositions,
    getTradingQuote,
    getTradingBars,
    searchTradingAssets,
    getTradingClock,
    placeTradingOrder,
    listTradingOrders,
    getTradingOrder,
    cancelTradingOrder,
    replaceTradingOrder,
    closeTradingPosition,
    listTradingActivities,
  ],
  loadWorld: () => loadFixture<TradingState>('trading'),
  defaultReferenceDate: TRADING_REFERENCE_DATE,
  samplers: tradingSamplers,
  invariants: tradingInvariants,
  phrasings: tradingPhrasings,
  scenarios: tradingScenarios,
  // Graph-drawn conversations act for one signed-in user (servers/README.md, "The signed-in user").
  principal: { collection: 'accounts', arguments: { account_id: 'account_id' }, context: ['The signed-in investor is {owner} (account {account_id}).'] },
});

export default tradingDomain;
