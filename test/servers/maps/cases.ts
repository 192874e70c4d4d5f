import { expect } from 'chai';
import type { ToolCase } from '../ToolCase.js';

/**
 * Conformance cases of the maps domain, played in order on one fresh session of the seed-42 world
 * (fixtures/maps/world.json; Monday 2026-03-16, 12:00 in New York). Home is 1769 Central Avenue
 * (Upper West Side), work and the phone are at 414 Mercer Street (Midtown). Wild Kitchen (pl_6) is
 * saved, reviewed and routed to; Green Cafe (pl_87) closed for good.
 */
export const mapsCases: ToolCase[] = [
  {
    title: 'a place is saved to a list',
    tool: 'save_maps_place',
    args: { place_id: 'pl_6', list: 'want_to_go', note: 'try the lunch menu' },
    ok: true,
    check: (r) => expect(r.saved).to.include({ saved_id: 'sv_21', place_id: 'pl_6', name: 'Wild Kitchen', list: 'want_to_go', note: 'try the lunch menu' }),
  },
  { title: 'a place already in the list is not saved twice', tool: 'save_maps_place', args: { place_id: 'pl_6', list: 'want_to_go' }, ok: false, errorIncludes: ['Wild Kitchen is already in Want to go', 'remove_maps_saved_place'] },
  { title: 'an unknown place id names the closest one', tool: 'save_maps_place', args: { place_id: 'pl_6x', list: 'favorites' }, ok: false, errorIncludes: ['place pl_6x not found', 'did you mean pl_6 (Wild Kitchen'] },
  {
    title: 'an address is geocoded to its coordinates and neighbourhood',
    tool: 'geocode_maps_address',
    args: { address: '109 Greene St' },
    ok: true,
    check: (r) => expect(r.result).to.include({ place_id: 'pl_6', name: 'Wild Kitchen', location_type: 'rooftop' }),
  },
  { title: 'a misspelt street names the closest one', tool: 'geocode_maps_address', args: { address: '212 Castel Street' }, ok: false, errorIncludes: ['no place or address', 'did you mean Castle Street'] },
  { title: 'a number off the end of a street gives the valid range', tool: 'geocode_maps_address', args: { address: '5000 Castle Street' }, ok: false, errorIncludes: ['no 5000 Castle Street', 'from 1 to 1099'] },
  {
    title: 'a hotel is found by its booking address',
    tool: 'geocode_maps_address',
    args: { address: '89 Castle Street, Financial District, New York' },
    ok: true,
    check: (r) => expect(r.result).to.include({ name: 'Express Stay New York Financial District', neighborhood: 'Financial District' }),
  },
  {
    title: 'a dropped pin is reverse geocoded to the nearest address and the places around it',
    tool: 'reverse_geocode_maps_location',
    args: { latlng: '40.7351,-74.0154' },
    ok: true,
    check: (r) => {
      expect(r.result.location_type).to.equal('approximate');
      expect(r.nearby.map((p: { name: string }) => p.name)).to.include('Wild Kitchen');
    },
  },
  { title: 'a point off the map is refused with the map\'s bounds', tool: 'reverse_geocode_maps_location', args: { latlng: '41.7231,-73.9912' }, ok: false, errorIncludes: ['outside the map of New York', 'latitudes 40.7 to'] },
  {
    title: 'autocomplete completes the first letters of a name, nearest first',
    tool: 'autocomplete_maps_places',
    args: { input: 'wild k', near_address: 'work' },
    ok: true,
    check: (r) => expect(r.predictions[0]).to.include({ place_id: 'pl_6', name: 'Wild Kitchen', kind: 'place' }),
  },
  { title: 'autocomplete near an unknown address says what addresses look like', tool: 'autocomplete_maps_places', args: { input: 'wild', near_address: 'Atlantis' }, ok: false, errorIncludes: ['near_address', 'Atlantis', 'Addresses look like'] },
  {
    title: 'a text search finds a kind of place in a neighbourhood',
    tool: 'search_maps_places',
    args: { query: 'pharmacy in Midtown', max_results: 3 },
    ok: true,
    check: (r) => {
      expect(r.count).to.be.greaterThan(0);
      for (const p of r.places) expect(p).to.include({ category: 'pharmacy', neighborhood: 'Midtown' });
    },
  },
  { title: 'search around an unset label says how to set it', tool: 'search_maps_places', args: { query: 'coffee', near_address: 'my office' }, ok: false, errorIncludes: ['no place or address'] },
  {
    title: 'nearby search ranks open places of a category by distance',
    tool: 'search_maps_nearby',
    args: { address: 'work', category: 'cafe', open_now: true, radius_m: 2000 },
    ok: true,
    check: (r) => {
      const distances = r.places.map((p: { distance_m: number }) => p.distance_m);
      expect(distances).to.deep.equal([...distances].sort((a: number, b: number) => a - b));
      for (const p of r.places) expect(p.open_now).to.equal(true);
    },
  },
  { title: 'an unknown category is refused with the valid ones', tool: 'search_maps_nearby', args: { address: 'work', category: 'casino' }, ok: false, errorIncludes: ['category', 'restaurant'] },
  {
    title: 'place details give the week\'s hours, whether it is open now and that it is saved',
    tool: 'get_maps_place_details',
    args: { place_id: 'pl_6' },
    ok: true,
    check: (r) => {
      expect(r.place.opening_hours).to.have.length(7);
      expect(r.place.opening_hours[1]).to.equal('Monday: 12:00–22:00');
      expect(r.place.open_now).to.equal(true);
      expect(r.place.next_change).to.equal('closes at 22:00');
      expect(r.place.saved_in).to.deep.equal(['want_to_go']);
    },
  },
  { title: '__proto__ as a place id is a plain not-found', tool: 'get_maps_place_details', args: { place_id: '__proto__' }, ok: false, errorIncludes: ['__proto__', 'not found'] },
  {
    title: 'directions by transit give distance, time, arrival and steps',
    tool: 'get_maps_directions',
    args: { from_address: 'home', to_address: 'Wild Kitchen', mode: 'walking' },
    ok: true,
    check: (r) => {
      expect(r.route.to).to.include({ name: 'Wild Kitchen', place_id: 'pl_6' });
      expect(r.route.distance_m).to.be.greaterThan(0);
      expect(r.route.steps.reduce((sum: number, s: { distance_m: number }) => sum + s.distance_m, 0)).to.be.closeTo(r.route.distance_m, 3);
      expect(r.route.destination_open_on_arrival).to.equal(true);
    },
  },
  { title: 'directions to where you are are refused', tool: 'get_maps_directions', args: { from_address: 'work', to_address: '414 Mercer Street' }, ok: false, errorIncludes: ['same place', '414 Mercer Street'] },
  {
    title: 'a matrix gives every origin to every destination',
    tool: 'get_maps_distance_matrix',
    args: { from_addresses: ['home', 'work'], to_addresses: ['Wild Kitchen', 'Castle Street & Park Avenue', '89 Castle Street'], mode: 'driving' },
    ok: true,
    check: (r) => {
      expect(r.rows).to.have.length(2);
      for (const row of r.rows) expect(row.elements.map((e: { status: string }) => e.status)).to.deep.equal(['OK', 'OK', 'OK']);
    },
  },
  { title: 'a matrix names the origin it could not find', tool: 'get_maps_distance_matrix', args: { from_addresses: ['home', 'Narnia Road 5'], to_addresses: ['work'] }, ok: false, errorIncludes: ['from_addresses[1]', 'Narnia Road 5'] },
  {
    title: 'navigation starts from the current location and goes into the history',
    tool: 'start_maps_navigation',
    args: { to_address: 'Wild Kitchen', mode: 'bicycling' },
    ok: true,
    check: (r) => {
      expect(r.trip).to.include({ trip_id: 'trip_37', mode: 'bicycling', started_at: '2026-03-16T12:00:00-04:00' });
      expect(r.trip.from.address).to.include('414 Mercer Street');
    },
  },
  { title: 'navigation to a place closed for good is refused with what to do', tool: 'start_maps_navigation', args: { to_address: 'Green Cafe' }, ok: false, errorIncludes: ['Green Cafe is permanently closed', 'search_maps_nearby'] },
  {
    title: 'the history lists the new trip first',
    tool: 'list_maps_history',
    args: { limit: 3 },
    ok: true,
    check: (r) => {
      expect(r.trips[0]).to.include({ trip_id: 'trip_37', title: 'Ride to Wild Kitchen, Mar 16' });
      expect(r.count).to.equal(37);
    },
  },
  { title: 'a limit past the maximum is refused by the schema', tool: 'list_maps_history', args: { limit: 500 }, ok: false, errorIncludes: ['limit'] },
  { title: 'a trip is deleted from the history', tool: 'delete_maps_history_entry', args: { trip_id: 'trip_37' }, ok: true, check: (r) => expect(r.remaining).to.equal(36) },
  { title: 'a trip already deleted is not found', tool: 'delete_maps_history_entry', args: { trip_id: 'trip_37' }, ok: false, errorIncludes: ['trip trip_37 not found', 'list_maps_history'] },
  {
    title: 'the saved places of a list are listed newest first',
    tool: 'list_maps_saved_places',
    args: { list: 'want_to_go' },
    ok: true,
    check: (r) => {
      expect(r.places[0]).to.include({ place_id: 'pl_6', list: 'want_to_go' });
      expect(r.labeled.map((l: { label: string }) => l.label)).to.deep.equal(['home', 'work']);
    },
  },
  { title: 'an unknown list is refused with the valid ones', tool: 'list_maps_saved_places', args: { list: 'wishlist' }, ok: false, errorIncludes: ['favorites', 'want_to_go'] },
  { title: 'a place id given for a saved entry says which entries hold the place', tool: 'remove_maps_saved_place', args: { saved_id: 'pl_6' }, ok: false, errorIncludes: ['pl_6 is a place id', 'Wild Kitchen is saved as sv_21 (Want to go)'] },
  { title: 'an unknown saved entry names the closest one', tool: 'remove_maps_saved_place', args: { saved_id: 'sv_999' }, ok: false, errorIncludes: ['saved entry sv_999 not found', 'did you mean sv_9', 'list_maps_saved_places'] },
  { title: 'a saved entry is removed from its list', tool: 'remove_maps_saved_place', args: { saved_id: 'sv_21' }, ok: true, check: (r) => { expect(r.removed).to.include({ saved_id: 'sv_21', place_id: 'pl_6', list: 'want_to_go' }); expect(r.still_saved_in).to.deep.equal([]); } },
  {
    title: 'work moves to a new address',
    tool: 'set_maps_labeled_place',
    args: { label: 'work', address: 'Church Street & Park Avenue' },
    ok: true,
    check: (r) => {
      expect(r.labeled.address).to.include('Church Street & Park Avenue');
      expect(r.previous_address).to.include('414 Mercer Street');
    },
  },
  { title: 'home and work cannot be the same address', tool: 'set_maps_labeled_place', args: { label: 'home', address: 'work' }, ok: false, errorIncludes: ['is your work address', 'must differ'] },
  {
    title: 'a review adds a rating to the place',
    tool: 'write_maps_review',
    args: { place_id: 'pl_6', rating: 5, text: 'Great lunch menu.' },
    ok: true,
    check: (r) => {
      expect(r.replaced).to.equal(false);
      expect(r.review).to.include({ review_id: 'rev_13', rating: 5, name: 'Wild Kitchen' });
    },
  },
  { title: 'a place closed for good takes no reviews', tool: 'write_maps_review', args: { place_id: 'pl_87', rating: 2 }, ok: false, errorIncludes: ['permanently closed', 'search_maps_nearby'] },
];
