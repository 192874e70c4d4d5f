import { integer, listOf, money, nullableNumber, nullableText, objectOf, oneOf, text } from '../kit/schemas.js';
import { ORDER_STATUSES, ORDER_TYPES, TIME_IN_FORCE, type Activity, type Order } from './TradingState.js';

/** What the trading tools return. */

export const orderSchema = objectOf({
  order_id: text('Order id, e.g. ord_42.'),
  account_id: text('The account.'),
  symbol: text('Ticker.'),
  side: oneOf(['buy', 'sell'], 'Buy or sell.'),
  type: oneOf(ORDER_TYPES, 'Order type.'),
  time_in_force: oneOf(TIME_IN_FORCE, 'day or gtc.'),
  qty: integer('Shares ordered.'),
  filled_qty: integer('Shares filled so far.'),
  filled_avg_price: nullableNumber('Average fill price, USD.'),
  limit_price: nullableNumber('Limit price, USD.'),
  stop_price: nullableNumber('Stop price, USD.'),
  status: oneOf(ORDER_STATUSES, 'new (resting), partially_filled (the rest resting), filled, canceled or replaced.'),
  submitted_at: text('When it was placed.'),
  filled_at: nullableText('When it was completely filled.'),
  canceled_at: nullableText('When it was cancelled.'),
  replaced_by: nullableText('The order that replaced it.'),
  replaces: nullableText('The order it replaced.'),
});

export function orderView(order: Order): Record<string, unknown> {
  return { ...order };
}

export const activitySchema = objectOf({
  activity_id: text('Fill id, e.g. act_310.'),
  order_id: text('The order filled.'),
  symbol: text('Ticker.'),
  side: oneOf(['buy', 'sell'], 'Buy or sell.'),
  qty: integer('Shares.'),
  price: money('Price per share, USD.'),
  transaction_time: text('When.'),
  realized_pnl: money('For sells, profit or loss against the average entry price, USD.'),
});

export function activityView(activity: Activity): Record<string, unknown> {
  return { ...activity };
}

export const fillsSchema = listOf(activitySchema, 'The fills this call made, level by level.');
