import type { DomainSampler } from '../kit/Domain.js';
import { SAVED_LIST_NAMES, allPlaces, byIdNumber, placeOf, type MapsState, type Place, type Spot } from './MapsState.js';
import { shortAddress, spotNeighborhood, spotPoint } from './roads.js';

/**
 * Read-only discovery of what a grounded maps request can mention, the way people say it: place
 * names and street addresses (never internal ids), kinds of place, searches, the first letters of
 * a name, dropped pins, the user's trips and saved lists. Place ids reach a conversation only
 * through search results, as a user clicks a result.
 */

function openPlaces(state: MapsState): Place[] {
  return allPlaces(state).filter((p) => p.business_status === 'operational').sort(byIdNumber((p) => p.place_id));
}

/** Street addresses with no place: "214 Castle Street", one per block side, in a fixed order. */
function plainAddresses(state: MapsState): Spot[] {
  const city = state.city;
  const out: Spot[] = [];
  for (let row = 0; row < city.streets.length; row += 2) for (let block = 0; block < city.avenues.length - 1; block += 3) out.push({ kind: 'street', index: row, number: block * 100 + 10 + ((row * 7) % 80) });
  for (let col = 1; col < city.avenues.length; col += 2) for (let block = 0; block < city.streets.length - 1; block += 4) out.push({ kind: 'avenue', index: col, number: block * 100 + 21 + ((col * 11) % 70) });
  return out;
}

export const mapsSamplers: DomainSampler<MapsState>[] = [
  {
    collection: 'places',
    description: 'Open places: name, short address, category and neighbourhood.',
    sample(state) {
      return openPlaces(state).map((p) => ({ name: p.name, address: shortAddress(state.city, p.spot), category: p.category, neighborhood: spotNeighborhood(state.city, p.spot).name }));
    },
  },
  {
    collection: 'addresses',
    description: 'Street addresses and corners people give (a friend\'s flat, a meeting point), and "home" and "work".',
    sample(state) {
      const out: Array<Record<string, unknown>> = plainAddresses(state).map((spot) => ({ address: shortAddress(state.city, spot), neighborhood: spotNeighborhood(state.city, spot).name }));
      for (let k = 0; k < 6; k++) out.push({ address: shortAddress(state.city, { kind: 'street', index: 3 + k * 3, number: (1 + k * 2) * 100 }), kind: 'corner' });
      if (Object.hasOwn(state.labeled, 'home')) out.push({ address: 'home', kind: 'labeled place' });
      if (Object.hasOwn(state.labeled, 'work')) out.push({ address: 'work', kind: 'labeled place' });
      return out;
    },
  },
  {
    collection: 'hotels',
    description: 'Hotels, with their booking address (the hotel booking system gives it) and hotel code.',
    sample(state) {
      return allPlaces(state)
        .filter((p) => p.hotel_code !== null)
        .sort(byIdNumber((p) => p.place_id))
        .map((p) => ({ name: p.name, address: p.aliases[0] ?? shortAddress(state.city, p.spot), category: 'hotel', hotel_code: p.hotel_code }));
    },
  },
  {
    collection: 'searches',
    description: 'What people type into the search box: a kind of place or cuisine, optionally in a neighbourhood, or a name.',
    sample(state) {
      const out: Array<Record<string, unknown>> = [];
      const terms = new Set<string>();
      for (const p of openPlaces(state)) for (const tag of p.tags) terms.add(tag);
      for (const term of [...terms].sort()) out.push({ query: term });
      for (const n of state.city.neighborhoods) for (const what of ['coffee', 'pharmacy', 'italian', 'bar', 'parking']) out.push({ query: `${what} in ${n.name}`, neighborhood: n.name });
      for (const p of openPlaces(state).filter((_, i) => i % 9 === 0)) out.push({ query: p.name });
      return out;
    },
  },
  {
    collection: 'typed_text',
    description: 'The first letters of a place name, as typed into the search box.',
    sample(state) {
      const seen = new Set<string>();
      const out: Array<Record<string, unknown>> = [];
      for (const p of openPlaces(state)) {
        const input = p.name.split(' ')[0].slice(0, 5);
        if (input.length < 3 || seen.has(input)) continue;
        seen.add(input);
        out.push({ input, completes_to: p.name });
      }
      return out;
    },
  },
  {
    collection: 'pins',
    description: 'Dropped pins and photo locations as "lat,lng".',
    sample(state) {
      const city = state.city;
      const out: Array<Record<string, unknown>> = [];
      for (const p of openPlaces(state).filter((_, i) => i % 7 === 0)) {
        const point = spotPoint(city, p.spot);
        out.push({ latlng: `${(point.lat + 0.00004).toFixed(5)},${(point.lng - 0.00003).toFixed(5)}`, near: p.name });
      }
      return out;
    },
  },
  {
    collection: 'trips',
    description: 'Trips in the navigation history: where from and to (addresses), and how.',
    sample(state) {
      return Object.values(state.trips)
        .sort(byIdNumber((t) => t.trip_id))
        .map((t) => {
          const to = t.to_place_id === null ? undefined : placeOf(state, t.to_place_id);
          const from = t.from_place_id === null ? undefined : placeOf(state, t.from_place_id);
          return { from_address: from?.name ?? shortAddress(state.city, t.from), to_address: to?.name ?? shortAddress(state.city, t.to), mode: t.mode, day: t.started_at.slice(0, 10) };
        });
    },
  },
  {
    collection: 'saved',
    description: 'Your saved places: name, list and note.',
    sample(state) {
      return Object.values(state.saved)
        .sort(byIdNumber((s) => s.saved_id))
        .map((s) => ({ name: placeOf(state, s.place_id)!.name, list: s.list, list_name: SAVED_LIST_NAMES[s.list], note: s.note }));
    },
  },
];
