import type { GoldGraph } from './types.js';

// user_id is the acting user's own id (buyer or seller): no tool looks it up.
// Relisting makes a new listing (a new id, relisted_from): it is a source like creating one.
const ALL_LISTING_SOURCES = ['search_marketplace_listings', 'list_marketplace_user_listings', 'list_marketplace_offers', 'create_marketplace_listing', 'relist_marketplace_listing'];
const LISTING_SOURCES = ALL_LISTING_SOURCES.filter((tool) => tool !== 'relist_marketplace_listing');

export const gold: GoldGraph = {
  domain: 'marketplace',
  explicit: {
    get_marketplace_listing: ALL_LISTING_SOURCES,
    place_marketplace_bid: ALL_LISTING_SOURCES,
    buy_marketplace_listing: ALL_LISTING_SOURCES,
    make_marketplace_offer: ALL_LISTING_SOURCES,
    watch_marketplace_listing: ALL_LISTING_SOURCES,
    end_marketplace_listing: ALL_LISTING_SOURCES,
    relist_marketplace_listing: LISTING_SOURCES,
    // (the tools below also take the id of a relisted item)
    mark_marketplace_listing_shipped: ALL_LISTING_SOURCES,
    respond_marketplace_offer: ['list_marketplace_offers', 'make_marketplace_offer'],
  },
  implicit: [],
};
