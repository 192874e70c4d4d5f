/** How people ask for each trading tool (slots are argument names), for data synthesis. */
export const tradingPhrasings: Record<string, string[]> = {
  get_trading_account: ['how much buying power does {account_id} have', 'show the balances of {account_id}'],
  list_trading_positions: ['what does {account_id} hold right now', 'show the positions of {account_id}'],
  get_trading_quote: ['what is {symbol} trading at', 'get me a quote for {symbol}'],
  get_trading_bars: ['show the {timeframe} bars of {symbol}', 'how has {symbol} moved lately'],
  search_trading_assets: ['find the ticker for {query}', 'which stocks are in the {sector} sector'],
  get_trading_clock: ['is the market open right now', 'when does the market close today'],
  place_trading_order: ['{side} {qty} shares of {symbol} for {account_id}', 'put in a {type} order to {side} {qty} {symbol} in {account_id}', '{side} {qty} {symbol} at {limit_price} in {account_id}'],
  list_trading_orders: ['show the open orders of {account_id}', 'list the {status} orders of {account_id}'],
  get_trading_order: ['what happened to {order_id}', 'show me {order_id}'],
  cancel_trading_order: ['cancel {order_id}', 'pull {order_id}'],
  replace_trading_order: ['change {order_id} to {qty} shares', 'move the limit of {order_id} to {limit_price}'],
  close_trading_position: ['sell all of {symbol} in {account_id}', 'close the {symbol} position of {account_id}', 'sell {qty} {symbol} from {account_id}'],
  list_trading_activities: ['show the recent fills of {account_id}', 'what trades went through in {account_id}'],
};
