import { entryValues } from '../../../servers/kit/bucketedRecord.js';
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadFixture } from '../../../servers/kit/fixtures.js';
import { domainRuntime, type DomainSession } from '../../../servers/kit/DomainSession.js';
import { marketplaceDomain } from '../../../servers/marketplace/MarketplaceDomain.js';
import type { MarketplaceState } from '../../../servers/marketplace/MarketplaceState.js';
import { generateWorld, renderWorld } from '../../../servers/marketplace/generateWorld.js';
import { REPO_ROOT } from '../../support/project.js';
import { ok } from '../support/domainCalls.js';

const runtime = domainRuntime(marketplaceDomain);

function rejected(session: DomainSession<MarketplaceState>, tool: string, args: Record<string, unknown>): string {
  const before = session.stateHashSync();
  const outcome = session.call(tool, args);
  if (outcome.ok) expect.fail(`${tool} should have failed but returned ${JSON.stringify(outcome.result).slice(0, 300)}`);
  expect(session.stateHashSync(), `${tool}: a rejected call changed the state`).to.equal(before);
  return outcome.error.message;
}

describe('marketplace: the world', () => {
  it('renderWorld(42) is the committed fixture byte for byte; another seed gives another world that keeps every invariant', () => {
    expect(renderWorld(42)).to.equal(readFileSync(join(REPO_ROOT, 'fixtures', 'marketplace', 'world.json'), 'utf8'));
    const other = generateWorld(7);
    expect(other).to.not.deep.equal(loadFixture<MarketplaceState>('marketplace'));
    for (const invariant of marketplaceDomain.invariants) expect(invariant.check(other, other), invariant.name).to.equal(undefined);
  });

  it('has every kind of listing and offer, nothing after the reference time', () => {
    const listings = entryValues(runtime.world.listings);
    for (const [format, status] of [['auction', 'active'], ['auction', 'sold'], ['auction', 'unsold'], ['fixed_price', 'active'], ['fixed_price', 'sold'], ['fixed_price', 'ended']]) {
      expect(listings.filter((l) => l.format === format && l.status === status).length, `${format} ${status}`).to.be.greaterThan(3);
    }
    for (const status of ['pending', 'accepted', 'declined']) expect(Object.values(runtime.world.offers).filter((o) => o.status === status).length, status).to.be.greaterThan(2);
    expect(entryValues(runtime.world.bids).every((b) => b.placed_at <= marketplaceDomain.defaultReferenceDate)).to.equal(true);
    expect(listings.every((l) => l.created_at <= marketplaceDomain.defaultReferenceDate)).to.equal(true);
  });
});

describe('marketplace: rules', () => {
  it('bids climb by the increment; the seller cannot end an auction with bids in its last 12 hours', () => {
    const session = runtime.openSession();
    const auction = ok(session, 'search_marketplace_listings', { format: 'auction', limit: 100 }).listings.find((l: { bid_count: number }) => l.bid_count > 0);
    const min = auction.minimum_bid;
    const bidder = ['usr_1', 'usr_2', 'usr_3'].find((u) => u !== auction.seller_id && u !== auction.high_bidder_id)!;
    expect(rejected(session, 'place_marketplace_bid', { user_id: bidder, listing_id: auction.listing_id, amount: min - 0.01 })).to.include('too low');
    expect(rejected(session, 'place_marketplace_bid', { user_id: bidder, listing_id: auction.listing_id, amount: min + 0.001 })).to.include('two decimals');
    expect(ok(session, 'place_marketplace_bid', { user_id: bidder, listing_id: auction.listing_id, amount: min }).listing.current_bid).to.equal(min);
    const late = runtime.openSession({ referenceDate: new Date(Date.parse(auction.ends_at) - 3_600_000).toISOString() });
    expect(rejected(late, 'end_marketplace_listing', { user_id: auction.seller_id, listing_id: auction.listing_id })).to.include('last 12 hours');
    expect(runtime.checkInvariants(session.state)).to.deep.equal([]);
  });

  it('accepting one offer declines the others; a sale declines pending offers; members act only as themselves', () => {
    const session = runtime.openSession();
    // lst_45 has two pending offers (ofr_17, ofr_18).
    const accepted = ok(session, 'respond_marketplace_offer', { user_id: 'usr_16', offer_id: 'ofr_17', decision: 'accept' });
    expect(accepted.listing.status).to.equal('sold');
    expect(session.state.offers.ofr_18.status).to.equal('declined');
    expect(rejected(session, 'make_marketplace_offer', { user_id: 'usr_36', listing_id: 'lst_40', amount: 10 })).to.include('sellers cannot make offers');
    expect(rejected(session, 'mark_marketplace_listing_shipped', { user_id: 'usr_14', listing_id: 'lst_45', carrier: 'UPS', tracking_number: '1Z0000001' })).to.include('not the seller');
    ok(session, 'mark_marketplace_listing_shipped', { user_id: 'usr_16', listing_id: 'lst_45', carrier: 'UPS', tracking_number: '1Z0000001' });
    ok(session, 'buy_marketplace_listing', { user_id: 'usr_4', listing_id: 'lst_7' });
    expect(session.state.offers.ofr_3.status).to.equal('declined');
    expect(rejected(session, 'relist_marketplace_listing', { user_id: 'usr_5', listing_id: 'lst_7' })).to.include('is sold');
    expect(runtime.checkInvariants(session.state)).to.deep.equal([]);
  });
});
