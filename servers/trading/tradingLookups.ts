import type { ToolContext } from '../kit/Domain.js';
import { closestName } from '../kit/closestName.js';
import { requireOwn } from '../kit/lookups.js';
import { marketClock, quoteAt, tradingMinute, type Quote, type SymbolParams } from './market.js';
import type { Order, TradingAccount, TradingState } from './TradingState.js';

/** Lookups and market reads the trading tools share; they read the frozen base state. */

type Context = ToolContext<TradingState>;

export function requireAccount(ctx: Context, accountId: string): TradingAccount {
  return requireOwn(ctx.base.accounts, accountId, ctx.fail, { noun: 'account', where: 'account ids look like acct_7', label: (a) => a.owner });
}

/** A symbol, case-insensitive ("aapl" is AAPL). */
export function requireSymbol(ctx: Context, symbol: string): SymbolParams {
  const symbols = ctx.base.symbols;
  const upper = symbol.trim().toUpperCase();
  if (Object.hasOwn(symbols, upper)) return symbols[upper];
  // Tickers are upper case; closestName compares in lower case.
  const near = closestName(upper.toLowerCase(), Object.keys(symbols).map((s) => s.toLowerCase()))?.toUpperCase();
  const suggestion = near !== undefined && Object.hasOwn(symbols, near) ? `; did you mean ${near} (${symbols[near].name})?` : '';
  return ctx.fail(`symbol ${symbol} not found${suggestion}; search_trading_assets finds symbols by company name`);
}

export function requireOrder(ctx: Context, orderId: string): { account: TradingAccount; order: Order } {
  const accounts = ctx.base.accounts;
  for (const id in accounts) {
    const orders = accounts[id].orders;
    if (Object.hasOwn(orders, orderId)) return { account: accounts[id], order: orders[orderId] };
  }
  return ctx.fail(`order ${orderId} not found; list_trading_orders lists an account's orders (ord_…)`);
}

/** The quote of a symbol at the session's clock, and whether the market is open. */
export function quoteNow(ctx: Context, params: SymbolParams): { quote: Quote; open: boolean } {
  const time = Date.parse(ctx.now);
  return { quote: quoteAt(params, tradingMinute(time)), open: marketClock(ctx.now).is_open };
}

/** The current price of a symbol (the quote's midpoint). */
export function lastPrice(ctx: Context, symbol: string): number {
  const symbols = ctx.base.symbols;
  return Object.hasOwn(symbols, symbol) ? quoteAt(symbols[symbol], tradingMinute(Date.parse(ctx.now))).last : 0;
}
