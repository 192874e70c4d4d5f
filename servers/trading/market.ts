/**
 * The market of the trading domain, as pure functions of the seeded symbol parameters and the
 * session's clock: NYSE hours (Eastern time with its daylight-saving rules, 2026 holidays), a price
 * path per symbol, quotes with a five-level order book, and OHLCV bars. Nothing here reads the
 * wall clock or the machine's time zone.
 */

export interface SymbolParams {
  symbol: string;
  name: string;
  exchange: 'NASDAQ' | 'NYSE' | 'ARCA';
  sector: string;
  tradable: boolean;
  /** Price level the path moves around. */
  base: number;
  /** Daily drift of log price, and the amplitudes, periods (trading minutes) and phases of its waves. */
  drift: number;
  waves: Array<[number, number, number]>;
  /** Minute-to-minute noise (fraction of price) and typical shares per book level. */
  noise: number;
  depth: number;
  seed: number;
}

export const SESSION_MINUTES = 390;
/** The first trading day of the path (minute 0 is its open). */
export const PATH_START = '2026-01-02';
const HOLIDAYS = new Set(['2026-01-01', '2026-01-19', '2026-02-16', '2026-04-03', '2026-05-25', '2026-06-19', '2026-07-03', '2026-09-07', '2026-11-26', '2026-12-25', '2027-01-01']);

const DAY = 86_400_000;

function dayOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The UTC time of the n-th Sunday of a month at 07:00 UTC (2:00 Eastern standard / 3:00 daylight). */
function nthSunday(year: number, month: number, n: number): number {
  const first = Date.UTC(year, month, 1);
  const weekday = new Date(first).getUTCDay();
  return first + (((7 - weekday) % 7) + (n - 1) * 7) * DAY;
}

/** Eastern time's offset from UTC in hours at a UTC time: −4 in daylight time, −5 otherwise. */
export function easternOffset(time: number): number {
  const year = new Date(time).getUTCFullYear();
  const start = nthSunday(year, 2, 2) + 7 * 3_600_000;
  const end = nthSunday(year, 10, 1) + 6 * 3_600_000;
  return time >= start && time < end ? -4 : -5;
}

export function isTradingDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !HOLIDAYS.has(day);
}

/** The UTC times of a trading day's open (9:30 Eastern) and close (16:00 Eastern). */
export function sessionOf(day: string): { open: number; close: number } {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  const offset = easternOffset(midnight + 12 * 3_600_000);
  const open = midnight + (9.5 - offset) * 3_600_000;
  return { open, close: open + SESSION_MINUTES * 60_000 };
}

export interface MarketClock {
  timestamp: string;
  is_open: boolean;
  next_open: string;
  next_close: string;
}

const iso = (time: number): string => new Date(time).toISOString().replace('.000Z', 'Z');

/** Clocks by time: a session asks for the same few times over and over. */
const clockCache = new Map<string, MarketClock>();

export function marketClock(now: string): MarketClock {
  let clock = clockCache.get(now);
  if (clock === undefined) {
    if (clockCache.size > 1000) clockCache.clear();
    clockCache.set(now, (clock = Object.freeze(computeClock(now))));
  }
  return clock;
}

function computeClock(now: string): MarketClock {
  const time = Date.parse(now);
  let day = dayOf(time);
  if (isTradingDay(day)) {
    const { open, close } = sessionOf(day);
    if (time >= open && time < close) {
      let next = dayOf(time + DAY);
      while (!isTradingDay(next)) next = dayOf(Date.parse(`${next}T00:00:00Z`) + DAY);
      return { timestamp: iso(time), is_open: true, next_open: iso(sessionOf(next).open), next_close: iso(close) };
    }
    if (time < open) return { timestamp: iso(time), is_open: false, next_open: iso(open), next_close: iso(close) };
  }
  do day = dayOf(Date.parse(`${day}T00:00:00Z`) + DAY);
  while (!isTradingDay(day));
  const { open, close } = sessionOf(day);
  return { timestamp: iso(time), is_open: false, next_open: iso(open), next_close: iso(close) };
}

/** Trading days from PATH_START (inclusive) to `day` (exclusive): a cache, the days are few. */
const dayIndexCache = new Map<string, number>();
function tradingDayIndex(day: string): number {
  let index = dayIndexCache.get(day);
  if (index !== undefined) return index;
  index = 0;
  for (let t = Date.parse(`${PATH_START}T00:00:00Z`); dayOf(t) < day; t += DAY) if (isTradingDay(dayOf(t))) index++;
  if (dayIndexCache.size > 5000) dayIndexCache.clear();
  dayIndexCache.set(day, index);
  return index;
}

/**
 * The trading minute a time falls in, counted from PATH_START's open: during a session its
 * minute; outside, the last minute of the latest session (prices hold between sessions).
 */
const minuteCache = new Map<number, number>();

export function tradingMinute(time: number): number {
  let minute = minuteCache.get(time);
  if (minute === undefined) {
    if (minuteCache.size > 1000) minuteCache.clear();
    minuteCache.set(time, (minute = computeMinute(time)));
  }
  return minute;
}

function computeMinute(time: number): number {
  let day = dayOf(time);
  for (let guard = 0; guard < 30; guard++) {
    if (isTradingDay(day) && day >= PATH_START) {
      const { open, close } = sessionOf(day);
      if (time >= open) return tradingDayIndex(day) * SESSION_MINUTES + Math.min(SESSION_MINUTES - 1, Math.floor((time - open) / 60_000));
    }
    if (day <= PATH_START) return 0;
    day = dayOf(Date.parse(`${day}T00:00:00Z`) - DAY);
    time = Date.parse(`${day}T23:59:59Z`);
  }
  return 0;
}

/** A deterministic value in [0, 1) for integers (a hash, not a stream: any minute can be asked for). */
export function hashUnit(a: number, b: number, c = 0): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35) ^ Math.imul(c + 0x27d4eb2f, 0x165667b1);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

const cents = (x: number): number => Math.round(x * 100) / 100;

/** The mid price of a symbol at a trading minute. */
export function midAt(params: SymbolParams, minute: number): number {
  let log = params.drift * (minute / SESSION_MINUTES);
  for (const [amplitude, period, phase] of params.waves) log += amplitude * Math.sin((2 * Math.PI * minute) / period + phase);
  log += params.noise * (hashUnit(params.seed, minute) - 0.5);
  return Math.max(1, cents(params.base * Math.exp(log)));
}

export interface BookLevel {
  price: number;
  size: number;
}

export interface Quote {
  symbol: string;
  bid: number;
  ask: number;
  bid_size: number;
  ask_size: number;
  last: number;
  minute: number;
}

/** The price step between book levels. */
export function tickOf(mid: number): number {
  return Math.max(0.01, cents(mid * 0.0002));
}

export function quoteAt(params: SymbolParams, minute: number): Quote {
  const mid = midAt(params, minute);
  const half = Math.max(0.01, cents(mid * 0.0002));
  return { symbol: params.symbol, bid: cents(mid - half), ask: cents(mid + half), bid_size: levelSize(params, minute, 0, 'bid'), ask_size: levelSize(params, minute, 0, 'ask'), last: mid, minute };
}

/** Shares offered at book level `k` (0 = the quote) on one side. */
export function levelSize(params: SymbolParams, minute: number, k: number, side: 'bid' | 'ask'): number {
  return Math.max(1, Math.round(params.depth * (0.4 + 1.2 * hashUnit(params.seed + (side === 'bid' ? 7 : 13), minute, k)))) ;
}

/** The level `k` of the side a buy (ask) or sell (bid) takes from. */
export function levelAt(params: SymbolParams, quote: Quote, k: number, side: 'bid' | 'ask'): BookLevel {
  const tick = tickOf(quote.last);
  return side === 'ask' ? { price: cents(quote.ask + k * tick), size: levelSize(params, quote.minute, k, 'ask') } : { price: Math.max(0.01, cents(quote.bid - k * tick)), size: levelSize(params, quote.minute, k, 'bid') };
}

/**
 * Take up to `qty` shares from the book, level by level, at prices no worse than `limit` (none for
 * a market order). Returns the fills (price and shares per level).
 */
export function takeLiquidity(params: SymbolParams, quote: Quote, side: 'buy' | 'sell', qty: number, limit: number | null): BookLevel[] {
  const fills: BookLevel[] = [];
  let left = qty;
  for (let k = 0; left > 0 && k < 1000; k++) {
    const level = levelAt(params, quote, k, side === 'buy' ? 'ask' : 'bid');
    if (limit !== null && (side === 'buy' ? level.price > limit : level.price < limit)) break;
    const take = Math.min(left, level.size);
    fills.push({ price: level.price, size: take });
    left -= take;
  }
  return fills;
}

export interface Bar {
  t: string;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
}

/** The UTC time of a trading minute. */
export function timeOfMinute(minute: number): number {
  const dayIndex = Math.floor(minute / SESSION_MINUTES);
  let t = Date.parse(`${PATH_START}T00:00:00Z`);
  let index = isTradingDay(PATH_START) ? 0 : -1;
  while (index < dayIndex || !isTradingDay(dayOf(t))) {
    t += DAY;
    if (isTradingDay(dayOf(t))) index++;
  }
  return sessionOf(dayOf(t)).open + (minute % SESSION_MINUTES) * 60_000;
}

/** One bar over trading minutes [from, to). */
export function barOf(params: SymbolParams, from: number, to: number): Bar {
  const o = midAt(params, from);
  let h = o;
  let l = o;
  let c = o;
  let v = 0;
  const step = Math.max(1, Math.floor((to - from) / 60));
  for (let m = from; m < to; m += step) {
    c = midAt(params, m);
    if (c > h) h = c;
    if (c < l) l = c;
    v += Math.round(params.depth * 3 * (0.5 + hashUnit(params.seed + 3, m))) * step;
  }
  return { t: iso(timeOfMinute(from)), o, h, l, c, v };
}

/** What an order takes from the book now: nothing while the market is closed or a stop is not triggered. */
export function matchOrder(
  params: SymbolParams,
  order: { side: 'buy' | 'sell'; type: string; qty: number; filled_qty: number; limit_price: number | null; stop_price: number | null },
  quote: Quote,
  open: boolean,
): BookLevel[] {
  if (!open) return [];
  const left = order.qty - order.filled_qty;
  if (order.type === 'stop' || order.type === 'stop_limit') {
    const triggered = order.side === 'buy' ? quote.ask >= order.stop_price! : quote.bid <= order.stop_price!;
    if (!triggered) return [];
  }
  const limit = order.type === 'limit' || order.type === 'stop_limit' ? order.limit_price : null;
  return takeLiquidity(params, quote, order.side, left, limit);
}
