import { toBuckets } from '../kit/bucketedRecord.js';
import { loadFixture, runWorldGenerator } from '../kit/fixtures.js';
import { SeededRandom, seedRandomState } from '../kit/seededRandom.js';
import {
  MAPS_REFERENCE_DATE,
  addSeconds,
  type City,
  type LabeledPlace,
  type MapsState,
  type Place,
  type PlaceCategory,
  type Review,
  type SavedList,
  type SavedPlace,
  type Spot,
  type TravelMode,
  type Trip,
  type WeekHours,
} from './MapsState.js';
import { findRoute, neighborhoodAt, spotKey } from './roads.js';

/**
 * The seeded world of the maps domain (`npx tsx servers/maps/generateWorld.ts [seed]` writes
 * fixtures/maps/world.json): a 12 × 20 grid of New York streets and avenues in ten neighbourhoods,
 * about 300 places with hours and ratings (among them travel_booking's five New York hotels, found
 * by their booking addresses too), and the signed-in user's saved places, home and work, reviews
 * and a month of navigation history whose distances and durations come from the road graph.
 */

const AVENUES: Array<[string, boolean, string | null]> = [
  ['Harbor Expressway', true, null],
  ['West End Avenue', false, null],
  ['Riverside Avenue', false, null],
  ['Amsterdam Avenue', false, 'Red Line'],
  ['Columbus Avenue', false, null],
  ['Central Avenue', false, null],
  ['Grand Avenue', false, null],
  ['Park Avenue', false, 'Green Line'],
  ['Lexington Avenue', false, null],
  ['Madison Avenue', false, null],
  ['Bowery Avenue', false, 'Blue Line'],
  ['York Avenue', false, null],
];

const STREETS = [
  'Castle Street', 'Victoria Road', 'Church Street', 'Station Road', 'Wall Street', 'Pearl Street', 'Canal Street', 'Spring Street',
  'Houston Street', 'Bleecker Street', 'Mercer Street', 'Greene Street', 'Bank Street', 'Orchard Street', 'Delancey Street', 'Union Street',
  'Chestnut Street', 'Maple Street', 'Willow Street', 'Elm Street',
];

const NEIGHBORHOODS: Array<[string, string, number, number, number, number]> = [
  ['Financial District', '10004', 0, 3, 0, 11],
  ['Tribeca', '10013', 4, 7, 0, 5],
  ['Lower East Side', '10002', 4, 7, 6, 11],
  ['SoHo', '10012', 8, 10, 0, 5],
  ['East Village', '10003', 8, 10, 6, 11],
  ['Chelsea', '10011', 11, 13, 0, 5],
  ['Gramercy', '10010', 11, 13, 6, 11],
  ['Midtown', '10018', 14, 16, 0, 11],
  ['Upper West Side', '10024', 17, 19, 0, 5],
  ['Upper East Side', '10021', 17, 19, 6, 11],
];

const PREFIXES = ['Golden', 'Blue', 'Little', 'Old', 'Red', 'Silver', 'Olive', 'Saffron', 'Copper', 'Iron', 'Wild', 'Lucky', 'Green', 'Crimson', 'Harbor', 'Corner', 'Union', 'Maple', 'North', 'Hudson', 'Lantern', 'Juniper', 'Cedar', 'Bright'];

const CATEGORY_PLAN: Array<[PlaceCategory, number, string[], string[]]> = [
  ['restaurant', 60, ['Table', 'Kitchen', 'Bistro', 'Trattoria', 'Grill', 'Noodle House', 'Taqueria', 'Diner', 'Brasserie', 'Oven', 'Wok', 'Tavern'], ['italian', 'chinese', 'mexican', 'japanese', 'thai', 'indian', 'french', 'american', 'greek', 'korean', 'vietnamese', 'mediterranean']],
  ['cafe', 32, ['Coffee', 'Roasters', 'Espresso Bar', 'Cafe', 'Tea House'], ['coffee', 'tea', 'pastries', 'wifi']],
  ['bar', 22, ['Tap Room', 'Cocktail Bar', 'Pub', 'Wine Bar', 'Lounge'], ['cocktails', 'beer', 'wine', 'live music']],
  ['bakery', 14, ['Bakery', 'Bakehouse', 'Patisserie'], ['bread', 'pastries', 'cakes']],
  ['grocery_store', 18, ['Market', 'Grocers', 'Food Hall'], ['groceries', 'produce', 'organic']],
  ['pharmacy', 14, ['Pharmacy', 'Drugstore', 'Chemists'], ['prescriptions', 'vaccines']],
  ['gas_station', 8, ['Gas', 'Fuel Stop', 'Service Station'], ['gas', 'car wash', 'convenience store']],
  ['ev_charging', 10, ['EV Charging Hub', 'Supercharger', 'Charge Point'], ['fast charging', 'ccs', 'level 2']],
  ['parking', 14, ['Parking Garage', 'Park & Lock', 'Parking Lot'], ['parking', 'valet', 'ev spaces']],
  ['museum', 8, ['Museum of Art', 'History Museum', 'Science Center', 'Gallery'], ['art', 'history', 'exhibits']],
  ['park', 8, ['Park', 'Square', 'Gardens'], ['playground', 'dog run', 'picnic']],
  ['gym', 12, ['Fitness', 'Athletic Club', 'Yoga Studio', 'Climbing Gym'], ['fitness', 'yoga', 'classes']],
  ['bank', 12, ['Savings Bank', 'Credit Union', 'Trust'], ['atm', 'banking']],
  ['hospital', 3, ['Medical Center', 'Hospital'], ['emergency', 'urgent care']],
  ['library', 6, ['Public Library', 'Library Branch'], ['books', 'study rooms', 'wifi']],
  ['bookstore', 10, ['Books', 'Booksellers', 'Comics & Books'], ['books', 'used books', 'events']],
  ['hotel', 10, ['Hotel', 'Inn', 'Suites'], ['lodging', 'breakfast', 'gym']],
  ['post_office', 5, ['Post Office'], ['mail', 'packages']],
];

const H24: [string, string] = ['00:00', '24:00'];

function weekHours(category: PlaceCategory, random: SeededRandom): WeekHours {
  const all = (period: [string, string] | null): WeekHours => [period, period, period, period, period, period, period];
  switch (category) {
    case 'restaurant': {
      const open = random.pick(['11:00', '11:30', '12:00', '17:00']);
      const hours = all([open, '22:00']);
      hours[5] = [open, '23:00'];
      hours[6] = [open, '23:00'];
      if (random.next() < 0.3) hours[1] = null;
      return hours;
    }
    case 'cafe': {
      const hours = all([random.pick(['06:30', '07:00', '07:30']), random.pick(['17:00', '18:00', '19:00'])]);
      hours[0] = ['08:00', '16:00'];
      hours[6] = ['08:00', '17:00'];
      return hours;
    }
    case 'bar': {
      const hours = all(['16:00', random.pick(['00:00', '01:00', '02:00'])]);
      hours[5] = ['16:00', '03:00'];
      hours[6] = ['14:00', '03:00'];
      return hours;
    }
    case 'bakery': {
      const hours = all(['06:30', '15:00']);
      if (random.next() < 0.5) hours[0] = null;
      return hours;
    }
    case 'grocery_store':
      return all([random.pick(['07:00', '08:00']), random.pick(['21:00', '22:00', '23:00'])]);
    case 'pharmacy':
      return random.next() < 0.35 ? all(H24) : all(['08:00', '21:00']);
    case 'gas_station':
    case 'ev_charging':
    case 'hospital':
    case 'hotel':
      return all(H24);
    case 'parking':
      return random.next() < 0.7 ? all(H24) : all(['06:00', '23:00']);
    case 'museum': {
      const hours = all(['10:00', '17:30']);
      hours[1] = null;
      hours[5] = ['10:00', '21:00'];
      return hours;
    }
    case 'park':
      return all(['06:00', '22:00']);
    case 'gym': {
      const hours = all(['05:00', '23:00']);
      hours[0] = ['07:00', '20:00'];
      return hours;
    }
    case 'bank': {
      const hours = all(['09:00', '17:00']);
      hours[0] = null;
      hours[6] = ['09:00', '13:00'];
      return hours;
    }
    case 'library': {
      const hours = all(['09:00', '20:00']);
      hours[0] = null;
      hours[6] = ['10:00', '17:00'];
      return hours;
    }
    case 'bookstore':
      return all(['10:00', '21:00']);
    case 'post_office': {
      const hours = all(['08:30', '17:00']);
      hours[0] = null;
      hours[6] = ['09:00', '14:00'];
      return hours;
    }
  }
}

function slug(text: string): string {
  return text.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

interface TravelHotel {
  id: string;
  name: string;
  cityCode: string;
  address: string;
  starRating: number;
}

export function buildCity(random: SeededRandom): City {
  const streets = [...STREETS];
  // The seed shuffles which street runs where (the four hotel streets stay in the south: rows 0–3).
  for (let i = streets.length - 1; i > 4; i--) {
    const j = 4 + random.int(0, i - 4);
    [streets[i], streets[j]] = [streets[j], streets[i]];
  }
  return {
    name: 'New York',
    state_code: 'NY',
    time_zone: 'America/New_York',
    lat0: 40.7,
    lng0: -74.02,
    dlat: 0.0027,
    dlng: 0.0042,
    avenues: AVENUES.map(([name, expressway, subway_line]) => ({ name, expressway, subway_line })),
    streets: streets.map((name, row) => ({ name, one_way: row % 5 === 2 ? null : row % 2 === 0 ? 'eastbound' : 'westbound' })),
    neighborhoods: NEIGHBORHOODS.map(([name, zip, min_row, max_row, min_col, max_col]) => ({ name, zip, min_row, max_row, min_col, max_col })),
  };
}

/** A free address spot in a neighbourhood (or anywhere), never on the expressway, never a corner. */
function freeSpot(city: City, random: SeededRandom, used: Set<string>, hood?: string): Spot {
  for (let tries = 0; tries < 500; tries++) {
    const onStreet = random.next() < 0.6;
    const spot: Spot = onStreet
      ? { kind: 'street', index: random.int(0, city.streets.length - 1), number: random.int(0, city.avenues.length - 2) * 100 + random.int(1, 49) * 2 - (random.next() < 0.5 ? 1 : 0) }
      : { kind: 'avenue', index: random.int(1, city.avenues.length - 1), number: random.int(0, city.streets.length - 2) * 100 + random.int(1, 49) * 2 - (random.next() < 0.5 ? 1 : 0) };
    const block = Math.floor(spot.number / 100);
    const col = spot.kind === 'street' ? block : spot.index;
    const row = spot.kind === 'street' ? spot.index : block;
    if (hood !== undefined && neighborhoodAt(city, col, row).name !== hood) continue;
    if (used.has(spotKey(spot))) continue;
    used.add(spotKey(spot));
    return spot;
  }
  throw new Error(`no free spot in ${hood ?? 'the city'}`);
}

export function generateWorld(seed: number): MapsState {
  const random = new SeededRandom(seedRandomState(seed));
  const city = buildCity(random);
  const used = new Set<string>();
  const places: Record<string, Place> = {};
  const names = new Set<string>();
  let placeNumber = 0;

  const addPlace = (draft: Omit<Place, 'place_id'>): Place => {
    const place: Place = { place_id: `pl_${++placeNumber}`, ...draft };
    places[place.place_id] = place;
    names.add(place.name.toLowerCase());
    return place;
  };

  const ratings = (count: number): { ratings_count: number; ratings_sum: number } => {
    const mean = 3.2 + random.next() * 1.7;
    return { ratings_count: count, ratings_sum: Math.min(count * 5, Math.max(count, Math.round(count * mean))) };
  };

  // travel_booking's New York hotels, in their neighbourhoods, found by their booking address too.
  const travel = loadFixture<{ hotels: Record<string, TravelHotel> }>('travel_booking');
  for (const hotel of Object.values(travel.hotels).filter((h) => h.cityCode === 'NYC').sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const hood = hotel.address.split(',')[1]?.trim();
    const spot = freeSpot(city, random, used, NEIGHBORHOODS.some(([name]) => name === hood) ? hood : undefined);
    addPlace({
      name: hotel.name,
      category: 'hotel',
      spot,
      phone: `(212) 555-${String(1000 + placeNumber * 37).slice(-4)}`,
      website: `https://${slug(hotel.name)}.example.com`,
      price_level: Math.min(4, Math.max(1, hotel.starRating - 1)),
      ...ratings(random.int(300, 2500)),
      hours: weekHours('hotel', random),
      business_status: 'operational',
      aliases: [hotel.address],
      hotel_code: hotel.id,
      tags: ['lodging'],
    });
  }

  for (const [category, count, words, tags] of CATEGORY_PLAN) {
    for (let k = 0; k < count; k++) {
      let name = '';
      for (let tries = 0; tries < 30; tries++) {
        name = `${random.pick(PREFIXES)} ${random.pick(words)}`;
        if (!names.has(name.toLowerCase())) break;
      }
      const spot = freeSpot(city, random, used);
      const block = Math.floor(spot.number / 100);
      const hood = neighborhoodAt(city, spot.kind === 'street' ? block : spot.index, spot.kind === 'street' ? spot.index : block).name;
      if (names.has(name.toLowerCase())) name = `${name} ${hood}`;
      if (names.has(name.toLowerCase())) name = `${name} ${placeNumber + 1}`;
      const priced = category === 'restaurant' || category === 'cafe' || category === 'bar' || category === 'bakery' || category === 'hotel' || category === 'grocery_store';
      const roll = random.next();
      // Cuisine and specialities, as search terms.
      const first = random.pick(tags);
      const second = random.next() < 0.4 ? random.pick(tags) : first;
      const placeTags = [...new Set([first, second])].sort();
      addPlace({
        name,
        category,
        spot,
        phone: `(212) 555-${String(1000 + ((placeNumber * 37) % 9000)).slice(-4)}`,
        website: random.next() < 0.8 ? `https://${slug(name)}.example.com` : null,
        price_level: priced ? random.int(1, category === 'restaurant' || category === 'hotel' ? 4 : 2) : null,
        ...ratings(random.int(category === 'hospital' ? 200 : 5, 1800)),
        hours: weekHours(category, random),
        business_status: category !== 'hospital' && roll < 0.03 ? 'closed_permanently' : category !== 'hospital' && roll < 0.07 ? 'closed_temporarily' : 'operational',
        aliases: [],
        hotel_code: null,
        tags: placeTags,
      });
    }
  }

  const today = MAPS_REFERENCE_DATE.slice(0, 10);
  const at = (daysAgo: number, hourUtc: number, minute: number): string => new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1, Number(today.slice(8, 10)) - daysAgo, hourUtc, minute)).toISOString();

  // Home (Upper West Side) and work (Midtown); the phone is at work (Monday noon).
  const homeSpot = freeSpot(city, random, used, 'Upper West Side');
  const workSpot = freeSpot(city, random, used, 'Midtown');
  const labeled: Record<string, LabeledPlace> = {
    home: { label: 'home', spot: homeSpot, place_id: null, set_at: at(200, 14, 0) },
    work: { label: 'work', spot: workSpot, place_id: null, set_at: at(200, 14, 5) },
  };

  const open = Object.values(places).filter((p) => p.business_status === 'operational');
  const saved: Record<string, SavedPlace> = {};
  const lists: SavedList[] = ['favorites', 'favorites', 'want_to_go', 'want_to_go', 'starred'];
  const notes = ['', '', 'great for brunch', 'try the tasting menu', 'ask for a window table', 'open late', 'near the office', 'kids love it'];
  const savedKeys = new Set<string>();
  for (let n = 1; savedKeys.size < 20 && n < 100; n++) {
    const place = random.pick(open);
    const list = random.pick(lists);
    if (savedKeys.has(`${place.place_id}|${list}`)) continue;
    savedKeys.add(`${place.place_id}|${list}`);
    const saved_id = `sv_${savedKeys.size}`;
    saved[saved_id] = { saved_id, place_id: place.place_id, list, note: random.pick(notes), saved_at: at(random.int(3, 180), random.int(13, 23), random.int(0, 59)) };
  }

  const reviews: Record<string, Review> = {};
  const reviewTexts = ['Great service and friendly staff.', 'A bit crowded at lunch but worth it.', 'Clean, quick and easy to find.', 'Prices went up, quality did not.', 'My go-to spot in the neighbourhood.', 'Would not come back.'];
  const reviewed = new Set<string>();
  for (let n = 1; reviewed.size < 12 && n < 100; n++) {
    const place = random.pick(open);
    if (reviewed.has(place.place_id)) continue;
    reviewed.add(place.place_id);
    const review_id = `rev_${reviewed.size}`;
    const rating = random.int(2, 5);
    reviews[review_id] = { review_id, place_id: place.place_id, rating, text: random.pick(reviewTexts), created_at: at(random.int(5, 300), random.int(13, 23), random.int(0, 59)) };
  }

  const trips: Record<string, Trip> = {};
  const modes: TravelMode[] = ['driving', 'walking', 'walking', 'transit', 'transit', 'bicycling'];
  const ends: Array<{ spot: Spot; place_id: string | null }> = [{ spot: homeSpot, place_id: null }, { spot: workSpot, place_id: null }, ...open.map((p) => ({ spot: p.spot, place_id: p.place_id }))];
  const tripRecords: Trip[] = [];
  for (let n = 0; n < 36; n++) {
    const from = random.next() < 0.5 ? ends[random.int(0, 1)] : random.pick(ends);
    let to = random.pick(ends.slice(2));
    if (to.spot === from.spot) to = ends[0] === from ? ends[1] : ends[0];
    const mode = random.pick(modes);
    const avoid = mode === 'driving' && random.next() < 0.3;
    const route = findRoute(city, from.spot, to.spot, mode, avoid);
    if (route === null) throw new Error(`no ${mode} route ${JSON.stringify(from.spot)} → ${JSON.stringify(to.spot)}`);
    const started_at = at(random.int(1, 30), random.int(12, 23), random.int(0, 59));
    tripRecords.push({ trip_id: '', from: from.spot, from_place_id: from.place_id, to: to.spot, to_place_id: to.place_id, mode, avoid_highways: avoid, distance_m: route.distance_m, duration_s: route.duration_s, started_at });
  }
  tripRecords.sort((a, b) => (a.started_at < b.started_at ? -1 : a.started_at > b.started_at ? 1 : 0));
  tripRecords.forEach((trip, i) => {
    trip.trip_id = `trip_${i + 1}`;
    trips[trip.trip_id] = trip;
  });

  return {
    city,
    places: toBuckets(places),
    saved,
    labeled,
    current_location: workSpot,
    trips,
    reviews,
  };
}

/** When a trip started and would arrive (used by views and tests). */
export function tripArrival(trip: Trip): string {
  return addSeconds(trip.started_at, trip.duration_s);
}

runWorldGenerator(import.meta.url, 'maps', (seed) => `${JSON.stringify(generateWorld(seed), null, 1)}\n`);
