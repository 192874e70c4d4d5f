import { expect } from 'chai';
import type { ToolCase } from '../ToolCase.js';

/**
 * Conformance cases of the marketplace, played in order on one fresh session of the seed-42 world
 * (fixtures/marketplace/world.json, reference time 2026-05-04T18:00Z). Quinn Baker (usr_1) lists,
 * bids, buys, offers and watches; sellers answer offers, end, relist and ship. New ids continue
 * after the world's highest: lst_151, bid_311, ofr_63.
 */
export const marketplaceCases: ToolCase[] = [
  {
    title: 'active listings are found by words of the title',
    tool: 'search_marketplace_listings',
    args: { query: 'harry potter' },
    ok: true,
    check: (r) => {
      expect(r.listings.map((l: { listing_id: string }) => l.listing_id)).to.include.members(['lst_14', 'lst_40']);
      expect(r.listings.every((l: { status: string }) => l.status === 'active')).to.equal(true);
    },
  },
  { title: 'a limit of zero is refused by the schema', tool: 'search_marketplace_listings', args: { limit: 0 }, ok: false, errorIncludes: ['limit'] },
  {
    title: 'an auction shows its bids, minimum next bid and whether the hidden reserve is met',
    tool: 'get_marketplace_listing',
    args: { listing_id: 'lst_4' },
    ok: true,
    check: (r) => {
      expect(r.bids).to.have.length(7);
      expect(r.listing).to.include({ current_bid: 247.99, minimum_bid: 250.49, has_reserve: true, reserve_met: false, high_bidder_id: 'usr_30' });
      expect(r.listing).to.not.have.property('reserve_price');
    },
  },
  { title: 'an unknown listing names the closest id', tool: 'get_marketplace_listing', args: { listing_id: 'lst_4x' }, ok: false, errorIncludes: ['lst_4x', 'not found', 'did you mean', 'search_marketplace_listings'] },
  {
    title: 'a seller\'s own listings',
    tool: 'list_marketplace_user_listings',
    args: { user_id: 'usr_26', role: 'selling' },
    ok: true,
    check: (r) => expect(r.listings.map((l: { listing_id: string }) => l.listing_id)).to.include('lst_4'),
  },
  { title: 'an unknown user is not found', tool: 'list_marketplace_user_listings', args: { user_id: 'usr_999', role: 'selling' }, ok: false, errorIncludes: ['usr_999', 'not found'] },
  {
    title: 'a seller sees the pending offers on their listings',
    tool: 'list_marketplace_offers',
    args: { user_id: 'usr_5', role: 'received', status: 'pending' },
    ok: true,
    check: (r) => expect(r.offers.map((o: { offer_id: string }) => o.offer_id)).to.include('ofr_3'),
  },
  { title: 'a role outside the enum is refused', tool: 'list_marketplace_offers', args: { user_id: 'usr_5', role: 'both' }, ok: false, errorIncludes: ['role', 'received'] },
  {
    title: 'an auction with a reserve above the starting bid',
    tool: 'create_marketplace_listing',
    args: { user_id: 'usr_1', title: 'Leica M3 camera body', category: 'Cameras', format: 'auction', price: 400, reserve_price: 600 },
    ok: true,
    check: (r) => expect(r.listing).to.include({ listing_id: 'lst_151', status: 'active', seller_id: 'usr_1', has_reserve: true, minimum_bid: 400, ends_at: '2026-05-11T18:00:00Z' }),
  },
  { title: 'a reserve below the starting bid is refused', tool: 'create_marketplace_listing', args: { user_id: 'usr_1', title: 'Leica lens', category: 'Cameras', format: 'auction', price: 400, reserve_price: 300 }, ok: false, errorIncludes: ['reserve_price', 'above the starting bid'] },
  {
    title: 'a bid at the minimum leads and meets the reserve',
    tool: 'place_marketplace_bid',
    args: { user_id: 'usr_1', listing_id: 'lst_4', amount: 250.49 },
    ok: true,
    check: (r) => {
      expect(r.bid).to.include({ bid_id: 'bid_311', amount: 250.49 });
      expect(r.listing).to.include({ high_bidder_id: 'usr_1', bid_count: 8, minimum_bid: 255.49, reserve_met: true });
    },
  },
  { title: 'the high bidder cannot outbid themselves', tool: 'place_marketplace_bid', args: { user_id: 'usr_1', listing_id: 'lst_4', amount: 300 }, ok: false, errorIncludes: ['already the high bidder'] },
  { title: 'a bid below the increment is refused with the minimum', tool: 'place_marketplace_bid', args: { user_id: 'usr_2', listing_id: 'lst_4', amount: 251 }, ok: false, errorIncludes: ['too low', '255.49'] },
  { title: 'a seller cannot bid on their own auction', tool: 'place_marketplace_bid', args: { user_id: 'usr_26', listing_id: 'lst_4', amount: 300 }, ok: false, errorIncludes: ['sellers cannot bid'] },
  {
    title: 'buy it now sells a fixed-price listing at its price',
    tool: 'buy_marketplace_listing',
    args: { user_id: 'usr_1', listing_id: 'lst_14' },
    ok: true,
    check: (r) => expect(r.listing).to.include({ status: 'sold', buyer_id: 'usr_1', sold_price: 100.99 }),
  },
  { title: 'a sold listing cannot be bought again', tool: 'buy_marketplace_listing', args: { user_id: 'usr_2', listing_id: 'lst_14' }, ok: false, errorIncludes: ['sold for 100.99', 'only active listings'] },
  {
    title: 'an offer below the price on a listing that takes offers',
    tool: 'make_marketplace_offer',
    args: { user_id: 'usr_1', listing_id: 'lst_40', amount: 75, message: 'Can pay today.' },
    ok: true,
    check: (r) => expect(r.offer).to.include({ offer_id: 'ofr_63', status: 'pending', asking_price: 92.99, seller_id: 'usr_36' }),
  },
  { title: 'an offer at the price is refused: buy it instead', tool: 'make_marketplace_offer', args: { user_id: 'usr_2', listing_id: 'lst_40', amount: 95 }, ok: false, errorIncludes: ['not below the price', 'buy_marketplace_listing'] },
  { title: 'only the seller answers an offer', tool: 'respond_marketplace_offer', args: { user_id: 'usr_1', offer_id: 'ofr_3', decision: 'accept' }, ok: false, errorIncludes: ['not the seller'] },
  {
    title: 'accepting an offer sells the listing to the buyer at the offer',
    tool: 'respond_marketplace_offer',
    args: { user_id: 'usr_5', offer_id: 'ofr_3', decision: 'accept' },
    ok: true,
    check: (r) => {
      expect(r.offer).to.include({ status: 'accepted' });
      expect(r.listing).to.include({ listing_id: 'lst_7', status: 'sold', buyer_id: 'usr_4', sold_price: 123 });
    },
  },
  { title: 'an answered offer cannot be answered again', tool: 'respond_marketplace_offer', args: { user_id: 'usr_5', offer_id: 'ofr_3', decision: 'decline' }, ok: false, errorIncludes: ['already accepted'] },
  {
    title: 'a member watches an auction',
    tool: 'watch_marketplace_listing',
    args: { user_id: 'usr_1', listing_id: 'lst_10' },
    ok: true,
    check: (r) => expect(r).to.deep.include({ watching: true }) && expect(r.listing.watcher_count).to.equal(5),
  },
  { title: 'a seller cannot watch their own listing', tool: 'watch_marketplace_listing', args: { user_id: 'usr_23', listing_id: 'lst_10' }, ok: false, errorIncludes: ['sellers cannot watch'] },
  { title: 'only the seller ends a listing', tool: 'end_marketplace_listing', args: { user_id: 'usr_1', listing_id: 'lst_16' }, ok: false, errorIncludes: ['not the seller', 'usr_25'] },
  {
    title: 'the seller ends a fixed-price listing early',
    tool: 'end_marketplace_listing',
    args: { user_id: 'usr_25', listing_id: 'lst_16' },
    ok: true,
    check: (r) => expect(r.listing).to.include({ status: 'ended', closed_at: '2026-05-04T18:00:00Z' }),
  },
  {
    title: 'an unsold auction is relisted at a lower starting bid',
    tool: 'relist_marketplace_listing',
    args: { user_id: 'usr_29', listing_id: 'lst_19', price: 90 },
    ok: true,
    check: (r) => expect(r.listing).to.include({ listing_id: 'lst_152', status: 'active', relisted_from: 'lst_19', price: 90, bid_count: 0, format: 'auction' }),
  },
  { title: 'a sold listing cannot be relisted', tool: 'relist_marketplace_listing', args: { user_id: 'usr_33', listing_id: 'lst_2' }, ok: false, errorIncludes: ['is sold', 'unsold'] },
  {
    title: 'the seller marks a sold item shipped',
    tool: 'mark_marketplace_listing_shipped',
    args: { user_id: 'usr_33', listing_id: 'lst_2', carrier: 'USPS', tracking_number: '9400111899223' },
    ok: true,
    check: (r) => expect(r.listing).to.include({ shipped: true, tracking_number: 'USPS 9400111899223' }),
  },
  { title: 'a shipped item cannot be shipped again', tool: 'mark_marketplace_listing_shipped', args: { user_id: 'usr_33', listing_id: 'lst_2', carrier: 'UPS', tracking_number: '1Z12345678' }, ok: false, errorIncludes: ['already shipped', 'USPS'] },
];
