import { expect } from 'chai';
import { domainRuntime } from '../../../servers/kit/DomainSession.js';
import { loadFixture } from '../../../servers/kit/fixtures.js';
import { expectSeededWorld, ok, refused } from '../support/domainCalls.js';
import * as world from '../../../servers/maps/generateWorld.js';
import { mapsDomain } from '../../../servers/maps/MapsDomain.js';
import { PLACE_CATEGORIES, allPlaces, isOpenAt, localTime, type MapsState } from '../../../servers/maps/MapsState.js';
import { findRoute } from '../../../servers/maps/roads.js';

const runtime = domainRuntime(mapsDomain);


describe('maps: the world', () => {
  it('generateWorld(42) is exactly the committed fixture; another seed gives another world that keeps every invariant', () => {
    expectSeededWorld('maps', world, mapsDomain.invariants, 7);
  });

  it('is large and varied: ~300 places in every category, travel_booking\'s New York hotels, a month of trips', () => {
    const places = allPlaces(runtime.world);
    expect(places.length).to.be.within(250, 350);
    for (const category of PLACE_CATEGORIES) expect(places.filter((p) => p.category === category).length, category).to.be.greaterThan(2);
    expect(new Set(places.map((p) => p.name.toLowerCase())).size).to.equal(places.length);
    const travel = loadFixture<{ hotels: Record<string, { id: string; cityCode: string; address: string }> }>('travel_booking');
    for (const hotel of Object.values(travel.hotels).filter((h) => h.cityCode === 'NYC')) {
      expect(places.find((p) => p.hotel_code === hotel.id)?.aliases, hotel.id).to.deep.equal([hotel.address]);
    }
    expect(Object.keys(runtime.world.trips)).to.have.length(36);
  });
});

describe('maps: local time and opening hours', () => {
  it('New York time follows daylight saving by rule, whatever the machine\'s zone', () => {
    expect(localTime('2026-03-16T16:00:00Z')).to.include({ weekday: 1, clock: '12:00', iso: '2026-03-16T12:00:00-04:00' });
    expect(localTime('2026-03-08T06:59:00Z').clock).to.equal('01:59');
    expect(localTime('2026-03-08T07:00:00Z').clock).to.equal('03:00');
    expect(localTime('2026-11-01T06:00:00Z').iso).to.equal('2026-11-01T01:00:00-05:00');
  });

  it('hours past midnight count on the next morning; 24-hour days are always open', () => {
    const bar: Array<[string, string] | null> = [null, ['16:00', '02:00'], null, null, null, null, null];
    expect(isOpenAt(bar, { weekday: 1, minutes: 23 * 60, day: '', clock: '', iso: '' })).to.equal(true);
    expect(isOpenAt(bar, { weekday: 2, minutes: 60, day: '', clock: '', iso: '' })).to.equal(true);
    expect(isOpenAt(bar, { weekday: 2, minutes: 3 * 60, day: '', clock: '', iso: '' })).to.equal(false);
    const always: Array<[string, string]> = Array(7).fill(['00:00', '24:00']);
    expect(isOpenAt(always, { weekday: 0, minutes: 0, day: '', clock: '', iso: '' })).to.equal(true);
  });

  it('open_now follows the session\'s clock: a museum is closed on Monday and open on Tuesday', () => {
    const museum = allPlaces(runtime.world).find((p) => p.category === 'museum' && p.business_status === 'operational')!;
    const monday = ok(runtime.openSession(), 'get_maps_place_details', { place_id: museum.place_id });
    expect(monday.place.open_now).to.equal(false);
    expect(monday.place.next_change).to.equal('opens Tuesday at 10:00');
    const tuesday = ok(runtime.openSession({ referenceDate: '2026-03-17T16:00:00Z' }), 'get_maps_place_details', { place_id: museum.place_id });
    expect(tuesday.place.open_now).to.equal(true);
  });
});

describe('maps: routes from the road graph', () => {
  const city = runtime.world.city;
  const spot = (index: number, number: number) => ({ kind: 'street' as const, index, number });

  it('a one-way street is driven only its way; walking goes either way', () => {
    const row = city.streets.findIndex((s) => s.one_way === 'eastbound');
    const east = findRoute(city, spot(row, 110), spot(row, 350), 'driving', false)!;
    const west = findRoute(city, spot(row, 350), spot(row, 110), 'driving', false)!;
    expect(east.distance_m).to.be.below(west.distance_m);
    const walkEast = findRoute(city, spot(row, 110), spot(row, 350), 'walking', false)!;
    const walkWest = findRoute(city, spot(row, 350), spot(row, 110), 'walking', false)!;
    expect(walkEast.distance_m).to.equal(walkWest.distance_m);
  });

  it('avoiding highways never takes the expressway and is never faster', () => {
    for (let k = 0; k < 10; k++) {
      const from = spot(k, 150 + k * 30);
      const to = spot(19 - k, 250);
      const fast = findRoute(city, from, to, 'driving', false)!;
      const slow = findRoute(city, from, to, 'driving', true)!;
      expect(slow.duration_s).to.be.at.least(fast.duration_s);
      expect(slow.steps.map((s) => s.road)).to.not.include('Harbor Expressway');
    }
  });

  it('transit is never slower than walking, and rides a subway on long trips', () => {
    const from = spot(0, 350);
    const to = spot(19, 350);
    const walk = findRoute(city, from, to, 'walking', false)!;
    const transit = findRoute(city, from, to, 'transit', false)!;
    expect(transit.duration_s).to.be.below(walk.duration_s);
    expect(transit.steps.some((s) => s.instruction.startsWith('Ride the'))).to.equal(true);
  });

  it('the matrix agrees with directions, and directions with the trip navigation records', () => {
    const session = runtime.openSession();
    const matrix = ok(session, 'get_maps_distance_matrix', { from_addresses: ['home'], to_addresses: ['Wild Kitchen'], mode: 'transit' });
    const directions = ok(session, 'get_maps_directions', { from_address: 'home', to_address: 'Wild Kitchen', mode: 'transit' });
    expect(matrix.rows[0].elements[0].duration_s).to.equal(directions.route.duration_s);
    const trip = ok(session, 'start_maps_navigation', { from_address: 'home', to_address: 'Wild Kitchen', mode: 'transit' });
    expect(trip.trip.distance_m).to.equal(directions.route.distance_m);
    expect(runtime.checkInvariants(session.state)).to.deep.equal([]);
  });
});

describe('maps: addresses and refusals', () => {
  it('addresses, corners, abbreviations, coordinates and names resolve to the same spot', () => {
    const session = runtime.openSession();
    const a = ok(session, 'geocode_maps_address', { address: '109 Greene Street, Chelsea' });
    expect(ok(session, 'geocode_maps_address', { address: '109 greene st' }).result.address).to.equal(a.result.address);
    expect(ok(session, 'geocode_maps_address', { address: 'Wild Kitchen' }).result.address).to.equal(a.result.address);
    expect(ok(session, 'geocode_maps_address', { address: a.result.latlng }).result.address).to.equal(a.result.address);
    expect(ok(session, 'geocode_maps_address', { address: 'corner of Park Avenue and Church Street' }).result.location_type).to.equal('intersection');
  });

  it('refusals say what would work and change nothing', () => {
    const session = runtime.openSession();
    expect(refused(session, 'geocode_maps_address', { address: '12 Harbor Expressway' })).to.include('expressway with no street numbers');
    expect(refused(session, 'geocode_maps_address', { address: 'Castle Street & Church Street' })).to.include('never cross');
    expect(refused(session, 'reverse_geocode_maps_location', { latlng: 'forty, seventy' })).to.include('comma-separated');
    expect(refused(session, 'set_maps_labeled_place', { label: 'home', address: 'home' })).to.include('already your home');
    ok(session, 'save_maps_place', { place_id: 'pl_6', list: 'favorites' });
    expect(refused(session, 'save_maps_place', { place_id: 'pl_6', list: 'favorites' })).to.include('already in Favorites');
  });

  it('a second review replaces the first and the place\'s rating moves by the difference', () => {
    const session = runtime.openSession();
    const before = ok(session, 'get_maps_place_details', { place_id: 'pl_6' }).place;
    const first = ok(session, 'write_maps_review', { place_id: 'pl_6', rating: 1 });
    const second = ok(session, 'write_maps_review', { place_id: 'pl_6', rating: 5, text: 'Better this time.' });
    expect(second.replaced).to.equal(true);
    expect(second.review.review_id).to.equal(first.review.review_id);
    expect(second.ratings_count).to.equal(before.ratings_count + 1);
    expect(Object.values(session.state.reviews).filter((r) => r.place_id === 'pl_6')).to.have.length(1);
    expect(runtime.checkInvariants(session.state)).to.deep.equal([]);
  });
});
