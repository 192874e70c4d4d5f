import { defineDomain } from '../kit/Domain.js';
import { loadFixture } from '../kit/fixtures.js';
import { MARKETPLACE_REFERENCE_DATE, type MarketplaceState } from './MarketplaceState.js';
import { buyMarketplaceListing, makeMarketplaceOffer, placeMarketplaceBid, watchMarketplaceListing } from './buyerTools.js';
import { marketplaceInvariants } from './marketplaceInvariants.js';
import { marketplacePhrasings } from './marketplacePhrasings.js';
import { marketplaceScenarios } from './marketplaceScenarios.js';
import { marketplaceSamplers } from './marketplaceSamplers.js';
import { getMarketplaceListing, listMarketplaceOffers, listMarketplaceUserListings, searchMarketplaceListings } from './readTools.js';
import { createMarketplaceListing, endMarketplaceListing, markMarketplaceListingShipped, relistMarketplaceListing, respondMarketplaceOffer } from './sellerTools.js';

/** An eBay/Etsy-like marketplace: fixed-price and auction listings, bids, offers, watchers, seller operations. */
export const marketplaceDomain = defineDomain<MarketplaceState>({
  name: 'marketplace',
  title: 'Online marketplace',
  category: 'commerce',
  description:
    'An eBay-like marketplace of 40 members: fixed-price listings (some taking offers) and auctions with bid increments and ' +
    'hidden reserve prices, offers the seller accepts or declines, watch lists, and seller operations (create, end early, ' +
    'relist, mark shipped). A member acts only as themselves, as buyer or seller.',
  tools: [
    searchMarketplaceListings,
    getMarketplaceListing,
    listMarketplaceUserListings,
    listMarketplaceOffers,
    createMarketplaceListing,
    placeMarketplaceBid,
    buyMarketplaceListing,
    makeMarketplaceOffer,
    respondMarketplaceOffer,
    watchMarketplaceListing,
    endMarketplaceListing,
    relistMarketplaceListing,
    markMarketplaceListingShipped,
  ],
  loadWorld: () => loadFixture<MarketplaceState>('marketplace'),
  defaultReferenceDate: MARKETPLACE_REFERENCE_DATE,
  samplers: marketplaceSamplers,
  invariants: marketplaceInvariants,
  phrasings: marketplacePhrasings,
  scenarios: marketplaceScenarios,
  // Graph-drawn conversations act for one signed-in user (servers/README.md, "The signed-in user").
  principal: { collection: 'users', arguments: { user_id: 'user_id' }, context: ['The signed-in member is {name} (user id {user_id}).'] },
});

export default marketplaceDomain;
