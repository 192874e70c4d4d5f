import { toBuckets } from '../kit/bucketedRecord.js';
import { runWorldGenerator } from '../kit/fixtures.js';
import { SeededRandom, seedRandomState } from '../kit/seededRandom.js';
import {
  CARRIERS,
  MARKETPLACE_REFERENCE_DATE,
  addHours,
  bidIncrement,
  fromCents,
  minimumNextBid,
  reserveMet,
  toCents,
  type Bid,
  type Listing,
  type MarketUser,
  type MarketplaceState,
  type Offer,
} from './MarketplaceState.js';

/**
 * Builds the marketplace from a seed: 40 members in US cities and 150 listings created over the
 * 40 days before the reference time. Auctions run 7 days, fixed-price listings 30; those whose
 * time ran out are settled (sold to the high bidder when the reserve is met, unsold otherwise;
 * fixed-price ones sold, or ended by their seller). Bids climb by at least eBay's increments,
 * offers are pending on active listings, accepted on those they sold, or declined; sold items are
 * often already shipped; members watch listings of others.
 *
 * `npx tsx servers/marketplace/generateWorld.ts [seed]` writes fixtures/marketplace/world.json (seed 42).
 */

const NOW = MARKETPLACE_REFERENCE_DATE;
const USER_COUNT = 40;
const LISTING_COUNT = 150;

const FIRST = ['Ava', 'Ben', 'Chloe', 'Diego', 'Elena', 'Farid', 'Grace', 'Hiro', 'Isla', 'Jamal', 'Kira', 'Leo', 'Maya', 'Nico', 'Olga', 'Pavel', 'Quinn', 'Rosa', 'Sam', 'Tara'];
const LAST = ['Adams', 'Baker', 'Chen', 'Dias', 'Evans', 'Ford', 'Gomez', 'Hart', 'Ito', 'Jensen', 'Khan', 'Lopez', 'Meyer', 'Ngata', 'Olsen', 'Patel', 'Reyes', 'Stone', 'Tran', 'Vogel'];
const CITIES = ['Austin, TX', 'Portland, OR', 'Denver, CO', 'Raleigh, NC', 'Madison, WI', 'Tucson, AZ', 'Boise, ID', 'Columbus, OH', 'Richmond, VA', 'Spokane, WA'];
const ITEMS: Record<string, Array<[string, number]>> = {
  Electronics: [['Nintendo Switch OLED', 240], ['Apple AirPods Pro 2', 150], ['Kindle Paperwhite 11th gen', 90], ['Sony WH-1000XM4 headphones', 180], ['iPad Air 4th gen 64GB', 320]],
  Cameras: [['Canon AE-1 film camera', 160], ['Fujifilm X100V', 1300], ['Nikon 50mm f/1.8 lens', 110], ['GoPro HERO10', 220], ['Polaroid SX-70', 280]],
  Collectibles: [['1986 Fleer basketball card lot', 75], ['Star Wars Kenner Boba Fett figure', 140], ['Morgan silver dollar 1921', 45], ['Vintage Coca-Cola tin sign', 60], ['Pokemon Base Set Charizard', 900]],
  Books: [['First edition Dune paperback', 120], ['Harry Potter hardcover box set', 85], ['Signed Stephen King Misery', 260], ['Lonely Planet Japan guide', 15], ['Calvin and Hobbes complete set', 95]],
  Clothing: [['Levi\'s 501 vintage jeans', 55], ['Patagonia Better Sweater', 70], ['Nike Air Jordan 1 Chicago', 420], ['Barbour waxed jacket', 210], ['Pendleton wool blanket shirt', 48]],
  'Home & Garden': [['KitchenAid stand mixer', 230], ['Le Creuset Dutch oven 5.5 qt', 260], ['Dyson V8 vacuum', 190], ['Mid-century teak side table', 175], ['Weber Smokey Mountain 18"', 280]],
  Toys: [['LEGO Millennium Falcon 75192', 650], ['Vintage Fisher-Price farm set', 40], ['Hot Wheels redline lot', 130], ['American Girl doll Kirsten', 110], ['Nerf Elite blaster bundle', 35]],
  Music: [['Fender Player Stratocaster', 620], ['Technics SL-1200 turntable', 700], ['Pink Floyd Dark Side LP 1973', 65], ['Yamaha FG800 acoustic guitar', 160], ['Boss DS-1 distortion pedal', 45]],
  Sports: [['Trek Marlin 5 mountain bike', 480], ['Callaway driver 10.5', 140], ['Burton snowboard 155', 210], ['Bowflex dumbbells 552', 330], ['Yeti cooler Tundra 45', 220]],
  Jewelry: [['Seiko Presage automatic watch', 390], ['Sterling silver turquoise ring', 85], ['Omega Seamaster 1970s', 1800], ['Pearl strand necklace', 150], ['14k gold hoop earrings', 240]],
};

const price = (dollars: number): number => fromCents(Math.round(dollars * 100));

export function generateWorld(seed: number): MarketplaceState {
  const random = new SeededRandom(seedRandomState(seed));
  const users: Record<string, MarketUser> = {};
  const taken = new Set<string>();
  for (let i = 1; i <= USER_COUNT; i++) {
    let first = random.pick(FIRST);
    let last = random.pick(LAST);
    while (taken.has(`${first} ${last}`)) {
      first = random.pick(FIRST);
      last = random.pick(LAST);
    }
    taken.add(`${first} ${last}`);
    users[`usr_${i}`] = { user_id: `usr_${i}`, username: `${first.toLowerCase()}${last.toLowerCase().slice(0, 4)}${random.int(1, 99)}`, name: `${first} ${last}`, city: random.pick(CITIES) };
  }
  const userIds = Object.keys(users);
  const otherThan = (excluded: readonly (string | null)[]): string => {
    let id = random.pick(userIds);
    while (excluded.includes(id)) id = random.pick(userIds);
    return id;
  };

  const listings: Record<string, Listing> = {};
  const bids: Record<string, Bid> = {};
  const offers: Record<string, Offer> = {};
  let bidNo = 0;
  let offerNo = 0;
  const categories = Object.keys(ITEMS);
  for (let i = 1; i <= LISTING_COUNT; i++) {
    const category = random.pick(categories);
    const [title, value] = random.pick(ITEMS[category]);
    const sellerId = random.pick(userIds);
    const auction = random.next() < 0.5;
    const createdAt = addHours(NOW, -random.int(2, 40 * 24));
    const endsAt = addHours(createdAt, (auction ? 7 : 30) * 24);
    const over = endsAt <= NOW;
    const listing: Listing = {
      listing_id: `lst_${i}`,
      title,
      category,
      condition: random.next() < 0.25 ? 'new' : 'used',
      seller_id: sellerId,
      format: auction ? 'auction' : 'fixed_price',
      status: 'active',
      price: auction ? price(Math.max(0.99, Math.round(value * random.pick([0.1, 0.3, 0.5, 0.7])) - 0.01)) : price(Math.round(value * (0.9 + random.next() * 0.3)) - 0.01),
      reserve_price: auction && random.next() < 0.35 ? price(Math.round(value * (0.8 + random.next() * 0.5))) : null,
      accepts_offers: !auction && random.next() < 0.6,
      current_bid: null,
      high_bidder_id: null,
      bid_count: 0,
      watchers: [],
      created_at: createdAt,
      ends_at: endsAt,
      closed_at: null,
      buyer_id: null,
      sold_price: null,
      shipped: null,
      relisted_from: null,
    };
    const lastTime = over ? endsAt : NOW;
    const span = Math.max(1, Math.floor((Date.parse(lastTime) - Date.parse(createdAt)) / 3_600_000) - 1);
    if (auction) {
      const count = random.int(0, 9);
      let hour = 0;
      for (let b = 0; b < count && hour < span; b++) {
        hour += random.int(1, Math.max(1, Math.floor(span / (count + 1))));
        if (hour >= span) break;
        const bidder = otherThan([sellerId, listing.high_bidder_id]);
        const min = minimumNextBid(listing);
        const amount = fromCents(toCents(min) + toCents(bidIncrement(min)) * random.int(0, 6));
        bids[`bid_${++bidNo}`] = { bid_id: `bid_${bidNo}`, listing_id: listing.listing_id, bidder_id: bidder, amount, placed_at: addHours(createdAt, hour) };
        listing.current_bid = amount;
        listing.high_bidder_id = bidder;
        listing.bid_count += 1;
      }
      if (over) {
        listing.closed_at = endsAt;
        if (listing.bid_count > 0 && reserveMet(listing)) {
          listing.status = 'sold';
          listing.buyer_id = listing.high_bidder_id;
          listing.sold_price = listing.current_bid;
        } else listing.status = 'unsold';
      }
    } else {
      const roll = random.next();
      const offerCount = listing.accepts_offers ? random.int(0, 3) : 0;
      const soldByOffer = listing.accepts_offers && offerCount > 0 && roll < 0.25;
      const soldOutright = !soldByOffer && roll < (over ? 0.6 : 0.3);
      const endedEarly = !soldByOffer && !soldOutright && over;
      const closeHour = random.int(1, span);
      for (let o = 0; o < offerCount; o++) {
        const buyer = otherThan([sellerId]);
        const at = random.int(0, closeHour - 1);
        const accepted = soldByOffer && o === offerCount - 1;
        const open = !accepted && listing.status === 'active' && !soldOutright && !soldByOffer && !endedEarly && random.next() < 0.6;
        const offer: Offer = {
          offer_id: `ofr_${++offerNo}`,
          listing_id: listing.listing_id,
          buyer_id: buyer,
          amount: price(Math.round(listing.price * (0.6 + random.next() * 0.3))),
          message: random.next() < 0.5 ? random.pick(['Would you take this?', 'Can pay today.', 'Cash offer, quick sale.', 'Is this still available?']) : null,
          status: accepted ? 'accepted' : open ? 'pending' : 'declined',
          created_at: addHours(createdAt, at),
          responded_at: accepted || !open ? addHours(createdAt, closeHour) : null,
        };
        offers[offer.offer_id] = offer;
        if (accepted) {
          listing.buyer_id = buyer;
          listing.sold_price = offer.amount;
        }
      }
      if (soldByOffer || soldOutright) {
        listing.status = 'sold';
        listing.closed_at = addHours(createdAt, closeHour);
        if (soldOutright) {
          listing.buyer_id = otherThan([sellerId]);
          listing.sold_price = listing.price;
        }
      } else if (endedEarly) {
        listing.status = 'ended';
        listing.closed_at = addHours(createdAt, closeHour);
      }
    }
    if (listing.status === 'sold' && listing.closed_at !== null && random.next() < 0.6) {
      const shippedAt = addHours(listing.closed_at, random.int(4, 48));
      if (shippedAt <= NOW) listing.shipped = { carrier: random.pick(CARRIERS), tracking_number: `1Z${String(random.int(100000000, 999999999))}`, shipped_at: shippedAt };
    }
    const watcherCount = random.int(0, 4);
    for (let w = 0; w < watcherCount; w++) {
      const watcher = otherThan([sellerId]);
      if (!listing.watchers.includes(watcher)) listing.watchers.push(watcher);
    }
    listings[listing.listing_id] = listing;
  }
  return { users, listings: toBuckets(listings), bids: toBuckets(bids), offers };
}

export function renderWorld(seed: number): string {
  return `${JSON.stringify(generateWorld(seed), null, 1)}\n`;
}

runWorldGenerator(import.meta.url, 'marketplace', renderWorld);
