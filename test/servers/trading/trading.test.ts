import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { domainRuntime } from '../../../servers/kit/DomainSession.js';
import { generateWorld, renderWorld } from '../../../servers/trading/generateWorld.js';
import { easternOffset, marketClock } from '../../../servers/trading/market.js';
import { tradingDomain } from '../../../servers/trading/TradingDomain.js';
import { REPO_ROOT } from '../../support/project.js';

const runtime = domainRuntime(tradingDomain);

describe('trading: the world and the market', () => {
  it('renderWorld(42) is the committed fixture byte for byte; another seed gives another world that keeps every invariant', () => {
    expect(renderWorld(42)).to.equal(readFileSync(join(REPO_ROOT, 'fixtures', 'trading', 'world.json'), 'utf8'));
    const other = generateWorld(7);
    expect(other.accounts.acct_1.owner).to.not.equal(runtime.world.accounts.acct_1.owner);
    for (const invariant of tradingDomain.invariants) expect(invariant.check(other, other), invariant.name).to.equal(undefined);
  });

  it('keeps NYSE hours in Eastern time across daylight saving, weekends and holidays', () => {
    expect(easternOffset(Date.parse('2026-03-07T12:00:00Z'))).to.equal(-5);
    expect(easternOffset(Date.parse('2026-03-09T12:00:00Z'))).to.equal(-4);
    expect(marketClock('2026-03-06T14:29:00Z')).to.include({ is_open: false, next_open: '2026-03-06T14:30:00Z' });
    expect(marketClock('2026-03-09T13:30:00Z')).to.include({ is_open: true, next_close: '2026-03-09T20:00:00Z' });
    expect(marketClock('2026-04-02T20:30:00Z')).to.include({ is_open: false, next_open: '2026-04-06T13:30:00Z' });
  });

  it('after the close, market orders are refused and limit orders rest without filling', () => {
    const session = runtime.openSession({ referenceDate: '2026-03-18T21:00:00Z' });
    const refused = session.call('place_trading_order', { account_id: 'acct_1', symbol: 'MSFT', side: 'buy', qty: 1 });
    expect(refused.ok).to.equal(false);
    expect(refused.ok ? '' : refused.error.message).to.include('market is closed');
    const resting = session.call('place_trading_order', { account_id: 'acct_1', symbol: 'MSFT', side: 'buy', qty: 1, type: 'limit', limit_price: 600 });
    expect(resting.ok && (resting.result as { order: { status: string } }).order.status).to.equal('new');
    expect(runtime.checkInvariants(session.state)).to.deep.equal([]);
  });

  it('a sale realizes the difference to the average entry price: cash + cost of positions = starting equity + realized P&L', () => {
    const session = runtime.openSession();
    const outcome = session.call('close_trading_position', { account_id: 'acct_1', symbol: 'F', qty: 100 });
    if (!outcome.ok) expect.fail(outcome.error.message);
    const fills = (outcome.result as { fills: Array<{ qty: number; price: number; realized_pnl: number }> }).fills;
    const proceeds = fills.reduce((s, f) => s + f.qty * f.price, 0);
    expect(fills.reduce((s, f) => s + f.realized_pnl, 0)).to.be.closeTo(proceeds - 100 * 11.2, 0.011);
    expect(runtime.checkInvariants(session.state)).to.deep.equal([]);
  });
});
