import type { DomainScenario, ScenarioFacts, SessionRandom } from '../kit/Domain.js';
import { isOpenOrder, reservedCash, reservedShares, type TradingAccount, type TradingState } from './TradingState.js';

/**
 * Goals of someone trading in their own brokerage account, played as conversations. They know
 * companies by name ("Apple", "Coca-Cola"), often the ticker, share counts and prices; the
 * assistant finds tickers, order ids and what is held.
 */

type Row = Record<string, any>;

const SIGNED_IN = ['The signed-in investor is {owner} (account {account_id}).'];

/** How people name the companies of the world (searching this text finds exactly that company). */
const FRIENDLY: Record<string, string> = {
  AAPL: 'Apple', MSFT: 'Microsoft', NVDA: 'Nvidia', GOOGL: 'Alphabet', AMZN: 'Amazon', TSLA: 'Tesla', INTC: 'Intel', NFLX: 'Netflix',
  ADBE: 'Adobe', CSCO: 'Cisco', PEP: 'PepsiCo', COST: 'Costco', JPM: 'JPMorgan', BAC: 'Bank of America', GS: 'Goldman Sachs',
  MA: 'Mastercard', JNJ: 'Johnson & Johnson', PFE: 'Pfizer', UNH: 'UnitedHealth', LLY: 'Eli Lilly', MRK: 'Merck', XOM: 'Exxon',
  CVX: 'Chevron', KO: 'Coca-Cola', WMT: 'Walmart', DIS: 'Disney', NKE: 'Nike',
};

const byNumber = (a: string, b: string): number => Number(a.slice(a.indexOf('_') + 1)) - Number(b.slice(b.indexOf('_') + 1));

/** An account (tried from a random start) for which `pick` finds what the goal needs. */
function castInvestor(state: TradingState, random: SessionRandom, pick: (account: TradingAccount) => ScenarioFacts | undefined, activeOnly = true): ScenarioFacts | undefined {
  const ids = Object.keys(state.accounts).sort(byNumber);
  const start = random.int(0, ids.length - 1);
  for (let k = 0; k < ids.length; k++) {
    const account = state.accounts[ids[(start + k) % ids.length]];
    if (activeOnly && account.status !== 'active') continue;
    const facts = pick(account);
    if (facts !== undefined) return { account_id: account.account_id, owner: account.owner, ...facts };
  }
  return undefined;
}

/** Tradable companies a search by their friendly name finds alone. */
function namedCompanies(state: TradingState): Array<{ symbol: string; company: string; base: number }> {
  const all = Object.values(state.symbols);
  return Object.keys(FRIENDLY)
    .filter((symbol) => Object.hasOwn(state.symbols, symbol) && state.symbols[symbol].tradable)
    .filter((symbol) => {
      const q = FRIENDLY[symbol].toLowerCase();
      return all.filter((s) => s.symbol.toLowerCase().includes(q) || s.name.toLowerCase().includes(q)).length === 1;
    })
    .map((symbol) => ({ symbol, company: FRIENDLY[symbol], base: state.symbols[symbol].base }));
}

const buyingPower = (account: TradingAccount): number => account.cash - reservedCash(account);

const round2 = (x: number): number => Math.round(x * 100) / 100;

export const tradingScenarios: DomainScenario<TradingState>[] = [
  {
    name: 'buy_shares_of_a_named_company',
    goal: 'Buy shares of a company the investor names by its company name, after checking the price, then see the buying power left.',
    context: SIGNED_IN,
    weight: 3,
    cast(state, random) {
      const companies = namedCompanies(state);
      return castInvestor(state, random, (account) => {
        const power = buyingPower(account);
        const affordable = companies.filter((c) => c.base * 1.5 < power / 3);
        if (affordable.length === 0) return undefined;
        const pick = random.pick(affordable);
        const qty = Math.max(1, Math.min(random.pick([2, 5, 10, 15, 20, 25]), Math.floor(power / 3 / (pick.base * 1.5))));
        return { company: pick.company, symbol_hint: pick.symbol, qty, qty_said: qty, too_many: Math.ceil((power * 4) / pick.base), guess: pick.company.toUpperCase().replace(/[^A-Z]/g, '').slice(0, 6) };
      });
    },
    turns: [
      {
        say: ['What is {company} trading at right now?', 'How much is a share of {company} at the moment?', 'Can you get me a quote for {company}?'],
        steps: [
          {
            tool: 'search_trading_assets',
            args: (f) => ({ query: f.company }),
            learn: (r: { assets: Row[] }, f) => { const a = r.assets.find((x) => x.symbol === f.symbol_hint); return a && { symbol: a.symbol }; },
            fault: { kind: 'guessed_id', tool: 'get_trading_quote', args: (f) => (f.guess === f.symbol_hint ? undefined : { symbol: f.guess }), recovery: 'retry_alternative' },
          },
          { tool: 'get_trading_quote', args: (f) => ({ symbol: f.symbol }) },
        ],
      },
      {
        say: ['OK, buy {qty_said} shares at market.', 'Good, get me {qty_said} shares of it.', 'Buy {qty_said} of those, market order.'],
        steps: [
          {
            tool: 'place_trading_order',
            args: (f) => ({ account_id: f.account_id, symbol: f.symbol, side: 'buy', qty: f.qty, type: 'market' }),
            learn: (r: { order: Row }) => ({ order_id: r.order.order_id }),
            fault: {
              kind: 'state_refusal',
              tool: 'place_trading_order',
              said: (f) => ({ qty_said: f.too_many }),
              args: (f) => ({ account_id: f.account_id, symbol: f.symbol, side: 'buy', qty: f.too_many, type: 'market' }),
              recovery: 'ask_user',
              ask: ['You do not have the buying power for that many. How many shares should I buy?', 'That is more than your buying power allows; how many would you like instead?'],
              reply: ['Then just {qty}.', 'OK, {qty} shares.'],
            },
          },
        ],
      },
      {
        say: ['How much buying power do I have left?', 'What does my account look like now?'],
        steps: [{ tool: 'get_trading_account', args: (f) => ({ account_id: f.account_id }) }],
      },
    ],
  },
  {
    name: 'limit_order_then_change_it',
    goal: 'Place a limit buy below the current price, then change its size or cancel it.',
    context: SIGNED_IN,
    weight: 3,
    cast(state, random) {
      const companies = namedCompanies(state);
      return castInvestor(state, random, (account) => {
        const power = buyingPower(account);
        const affordable = companies.filter((c) => c.base * 1.2 * 30 < power / 2);
        if (affordable.length === 0) return undefined;
        const pick = random.pick(affordable);
        return { company: pick.company, symbol: pick.symbol, qty: random.pick([5, 10, 20]), new_qty: random.pick([8, 12, 15, 25]), pct: random.pick([3, 5, 8]), then: random.pick(['resize', 'cancel', 'check']) };
      });
    },
    turns: [
      {
        say: ['Place a limit order to buy {qty} {symbol} at {pct}% below the current bid, good till cancelled.', 'I want {qty} shares of {company} ({symbol}) if it drops {pct}% from the bid: limit order, GTC.'],
        steps: [
          { tool: 'get_trading_quote', args: (f) => ({ symbol: f.symbol }), learn: (r: Row, f) => ({ limit: round2(r.bid * (1 - (f.pct as number) / 100)) }) },
          {
            tool: 'place_trading_order',
            args: (f) => ({ account_id: f.account_id, symbol: f.symbol, side: 'buy', qty: f.qty, type: 'limit', limit_price: f.limit, time_in_force: 'gtc' }),
            learn: (r: { order: Row }) => (r.order.status === 'new' ? { order_id: r.order.order_id } : undefined),
            fault: { kind: 'missing_argument', tool: 'place_trading_order', args: (f) => ({ account_id: f.account_id, symbol: f.symbol, side: 'buy', qty: f.qty, type: 'limit', time_in_force: 'gtc' }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['Make that order {new_qty} shares instead.', 'Change the size of that order to {new_qty} shares, please.'],
        when: (f) => f.then === 'resize',
        steps: [{ tool: 'replace_trading_order', args: (f) => ({ order_id: f.order_id, qty: f.new_qty }) }],
      },
      {
        say: ['On second thought, cancel that order.', 'Never mind, please cancel it.'],
        when: (f) => f.then === 'cancel',
        steps: [{ tool: 'cancel_trading_order', args: (f) => ({ order_id: f.order_id }) }],
      },
      {
        say: ['Which orders do I have open now?', 'Show me all my open orders.'],
        when: (f) => f.then === 'check',
        steps: [{ tool: 'list_trading_orders', args: (f) => ({ account_id: f.account_id, status: 'open' }) }],
      },
    ],
  },
  {
    name: 'check_and_cancel_a_resting_order',
    goal: 'Look at an open order for a company, see whether anything filled, and cancel the rest.',
    context: SIGNED_IN,
    weight: 2,
    cast(state, random) {
      return castInvestor(state, random, (account) => {
        const open = Object.values(account.orders).filter(isOpenOrder);
        if (open.length === 0) return undefined;
        const order = random.pick(open);
        if (open.filter((o) => o.symbol === order.symbol).length > 1) return undefined;
        return { symbol: order.symbol, company: FRIENDLY[order.symbol] ?? state.symbols[order.symbol].name, side: order.side, type: order.type.replace('_', ' ') };
      }, false);
    },
    turns: [
      {
        say: ['I have a {type} order to {side} {symbol} sitting there. Has any of it filled?', 'What happened to my open {symbol} {side} order? Any fills yet?'],
        steps: [
          {
            tool: 'list_trading_orders',
            args: (f) => ({ account_id: f.account_id, status: 'open', symbol: f.symbol }),
            learn: (r: { orders: Row[] }, f) => { const o = r.orders.find((x) => x.symbol === f.symbol && x.side === f.side); return o && { order_id: o.order_id }; },
          },
          { tool: 'get_trading_order', args: (f) => ({ order_id: f.order_id }) },
        ],
      },
      {
        say: ['Cancel whatever is left of it.', 'OK, cancel that order.'],
        steps: [{ tool: 'cancel_trading_order', args: (f) => ({ order_id: f.order_id }) }],
      },
    ],
  },
  {
    name: 'sell_part_of_a_position',
    goal: 'Sell part or all of a holding named by company, then look at the realized result.',
    context: SIGNED_IN,
    weight: 3,
    cast(state, random) {
      return castInvestor(state, random, (account) => {
        const held = Object.values(account.positions).filter((p) => p.qty - reservedShares(account, p.symbol) >= 2 && state.symbols[p.symbol].tradable);
        if (held.length === 0) return undefined;
        const position = random.pick(held);
        const free = position.qty - reservedShares(account, position.symbol);
        const all = random.next() < 0.3;
        return { symbol: position.symbol, company: FRIENDLY[position.symbol] ?? state.symbols[position.symbol].name, all, half_said: 'half', too_many: position.qty + random.pick([50, 100, 500]), free };
      }, false);
    },
    turns: [
      {
        say: ['How many {company} shares do I have?', 'What is my {company} position worth?', 'Show me my positions; I am interested in {company}.'],
        steps: [
          {
            tool: 'list_trading_positions',
            args: (f) => ({ account_id: f.account_id }),
            learn: (r: { positions: Row[] }, f) => { const p = r.positions.find((x) => x.symbol === f.symbol); return p && { half: Math.max(1, Math.floor(p.qty_available / 2)), held: p.qty }; },
          },
        ],
      },
      {
        say: ['Sell {half_said} of them.', 'Please sell {half_said} of that position at market.'],
        when: (f) => f.all !== true,
        steps: [
          {
            tool: 'close_trading_position',
            args: (f) => ({ account_id: f.account_id, symbol: f.symbol, qty: f.half }),
            fault: {
              kind: 'state_refusal',
              tool: 'close_trading_position',
              said: (f) => ({ half_said: f.too_many }),
              args: (f) => ({ account_id: f.account_id, symbol: f.symbol, qty: f.too_many }),
              recovery: 'ask_user',
              ask: ['You do not hold that many. How many should I sell?', 'That is more than you can sell; how many shares then?'],
              reply: ['Oh, then sell {half}.', 'Sell {half} of them.'],
            },
          },
        ],
      },
      {
        say: ['Sell all of it.', 'Close the whole position, please.'],
        when: (f) => f.all === true,
        steps: [{ tool: 'close_trading_position', args: (f) => ({ account_id: f.account_id, symbol: f.symbol }) }],
      },
      {
        say: ['What did I realize on that sale?', 'Show me the fills of that sale with the profit or loss.'],
        steps: [{ tool: 'list_trading_activities', args: (f) => ({ account_id: f.account_id, symbol: f.symbol, side: 'sell', limit: 5 }) }],
      },
    ],
  },
  {
    name: 'market_check_and_movers',
    goal: 'Check whether the market is open and what moves most today, look at a mover\'s recent bars, and see how the account stands.',
    context: SIGNED_IN,
    weight: 2,
    cast(state, random) {
      // The bar size and count are the user's to choose, so the user says them.
      const [timeframe, bar_words] = random.pick([['1Day', 'daily'], ['1Hour', 'hourly'], ['15Min', '15-minute']]);
      return castInvestor(state, random, () => ({ timeframe, bar_words, days: random.pick([5, 10]) }), false);
    },
    turns: [
      {
        say: ['Is the market open right now, and what is moving today?', 'How long is the market open today? Who are the big movers?'],
        steps: [{ tool: 'get_trading_clock', args: () => ({}), learn: (r: { top_movers: Row[] }) => (r.top_movers.length > 0 ? { mover: r.top_movers[0].symbol, mover_name: r.top_movers[0].name } : undefined) }],
      },
      {
        say: ['Show me the last {days} {bar_words} price bars of the biggest mover.', 'Let me see the top mover\'s last {days} {bar_words} bars.'],
        steps: [{ tool: 'get_trading_bars', args: (f) => ({ symbol: f.mover, timeframe: f.timeframe, limit: f.days }) }],
      },
      {
        say: ['And how is my own account doing?', 'What is my equity and P&L overall?'],
        steps: [{ tool: 'get_trading_account', args: (f) => ({ account_id: f.account_id }) }],
      },
    ],
  },
  {
    name: 'protect_a_position_with_a_stop',
    goal: 'Put a stop order under a holding at a percentage below the current price.',
    context: SIGNED_IN,
    cast(state, random) {
      return castInvestor(state, random, (account) => {
        const held = Object.values(account.positions).filter((p) => p.qty - reservedShares(account, p.symbol) >= 1 && state.symbols[p.symbol].tradable);
        if (held.length === 0) return undefined;
        const position = random.pick(held);
        return { symbol: position.symbol, company: FRIENDLY[position.symbol] ?? state.symbols[position.symbol].name, pct: random.pick([5, 8, 10, 15]) };
      }, false);
    },
    turns: [
      {
        say: ['Protect my {company} shares: put a stop {pct}% below the current price, good till cancelled.', 'Set a stop-loss on all my {symbol} at {pct}% under where it trades now.'],
        steps: [
          {
            tool: 'list_trading_positions',
            args: (f) => ({ account_id: f.account_id }),
            learn: (r: { positions: Row[] }, f) => { const p = r.positions.find((x) => x.symbol === f.symbol); return p && p.qty_available > 0 ? { qty: p.qty_available } : undefined; },
          },
          { tool: 'get_trading_quote', args: (f) => ({ symbol: f.symbol }), learn: (r: Row, f) => ({ stop: round2(r.bid * (1 - (f.pct as number) / 100)) }) },
          { tool: 'place_trading_order', args: (f) => ({ account_id: f.account_id, symbol: f.symbol, side: 'sell', qty: f.qty, type: 'stop', stop_price: f.stop, time_in_force: 'gtc' }), learn: (r: { order: Row }) => ({ order_id: r.order.order_id }) },
        ],
      },
      {
        say: ['Is the stop order in? Show it to me.', 'What is the status of that stop order?'],
        steps: [{ tool: 'get_trading_order', args: (f) => ({ order_id: f.order_id }) }],
      },
    ],
  },
];
