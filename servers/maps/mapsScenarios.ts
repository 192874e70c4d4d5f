import type { DomainScenario, SessionRandom } from '../kit/Domain.js';
import { allPlaces, byIdNumber, placeOf, type MapsState, type Place, type PlaceCategory } from './MapsState.js';
import { shortAddress, spotNeighborhood, spotPoint } from './roads.js';

/**
 * Goals of the signed-in maps user, played as conversations. The user knows place names, what they
 * are after (a cuisine, a pharmacy), street addresses, the first letters of a name, "home" and
 * "work", and a photo's coordinates; the assistant finds place and trip ids in search results,
 * saved lists and the navigation history.
 */

type Row = Record<string, any>;

const CONTEXT = ['The user is signed in to their maps account; their home and work addresses are saved as "home" and "work".'];

const operational = (state: MapsState): Place[] => allPlaces(state).filter((p) => p.business_status === 'operational').sort(byIdNumber((p) => p.place_id));

const CUISINES = ['thai', 'japanese', 'chinese', 'mexican', 'mediterranean', 'greek', 'korean', 'italian', 'vietnamese', 'indian', 'coffee', 'pastries'];
const NEARBY: Array<[PlaceCategory, string]> = [
  ['pharmacy', 'pharmacy'],
  ['grocery_store', 'grocery store'],
  ['bank', 'bank'],
  ['gas_station', 'gas station'],
  ['cafe', 'café'],
  ['bakery', 'bakery'],
  ['post_office', 'post office'],
  ['ev_charging', 'EV charger'],
  ['parking', 'parking garage'],
];
const ENDS: Array<[string, string]> = [
  ['home', 'home'],
  ['work', 'work'],
];
const MODES: Array<[string, string]> = [
  ['walking', 'on foot'],
  ['bicycling', 'by bike'],
  ['transit', 'by subway'],
  ['driving', 'by car'],
];
const NOTES = ['try the lunch special', 'for a birthday dinner', 'recommended by Sam', 'good for groups', 'quiet on weekdays'];
const REVIEWS: Array<[number, string]> = [
  [5, 'Lovely staff and great food.'],
  [4, 'Good, but a bit noisy in the evening.'],
  [3, 'Fine, nothing special.'],
  [2, 'Slow service and cold food.'],
  [5, 'My new favourite spot in the neighbourhood.'],
];

/** A place picked from a random start among those `keep` accepts. */
function pickPlace(state: MapsState, random: SessionRandom, keep: (place: Place) => boolean): Place | undefined {
  const places = operational(state).filter(keep);
  return places.length === 0 ? undefined : places[random.int(0, places.length - 1)];
}

/** The place a search result row names, by name. */
const named = (rows: Row[], name: unknown): Row | undefined => rows.find((row) => row.name === name);

export const mapsScenarios: DomainScenario<MapsState>[] = [
  {
    name: 'find_a_restaurant_and_save_it',
    goal: 'Search a cuisine near home or work (widening an empty search), read the first hit\'s details and save it for later.',
    context: CONTEXT,
    weight: 2,
    cast(state, random) {
      const [near, near_said] = random.pick(ENDS);
      return { cuisine: random.pick(CUISINES), near, near_said, radius: random.pick([500, 800, 1000]), note: random.pick(NOTES), list: random.pick(['want_to_go', 'favorites']) };
    },
    turns: [
      {
        say: ['Any good {cuisine} places open now within {radius} meters of {near_said}?', 'I am hungry: {cuisine} near {near_said}, open right now, no more than {radius} m away.'],
        steps: [
          {
            tool: 'search_maps_places',
            args: (f) => ({ query: f.cuisine, near_address: f.near, radius_m: f.radius, open_now: true }),
            learn: (r: { places: Row[] }) => (r.places.length === 0 ? { empty: true } : { place_id: r.places[0].place_id, place: r.places[0].name }),
          },
        ],
      },
      {
        say: ['Nothing? Then look further out, anything within 3 km, even if closed now.', 'Widen it to 3 kilometers and drop the open-now filter.'],
        when: (f) => f.empty === true,
        steps: [
          {
            tool: 'search_maps_places',
            args: (f) => ({ query: f.cuisine, near_address: f.near, radius_m: 3000 }),
            learn: (r: { places: Row[] }) => r.places[0] && { place_id: r.places[0].place_id, place: r.places[0].name },
          },
        ],
      },
      {
        say: ['Tell me more about {place}: hours, phone, price?', 'What are the opening hours of {place}?'],
        steps: [
          {
            tool: 'get_maps_place_details',
            args: (f) => ({ place_id: f.place_id }),
            // A place already in the list the user meant goes to the other one.
            learn: (r: { place: Row }, f) => ({ list: (r.place.saved_in as string[]).includes(f.list as string) ? (f.list === 'favorites' ? 'want_to_go' : 'favorites') : f.list }),
          },
        ],
      },
      {
        say: ['Save it to my list with the note "{note}".', 'Nice, keep {place} in my saved places: "{note}".'],
        steps: [
          {
            tool: 'save_maps_place',
            args: (f) => ({ place_id: f.place_id, list: f.list, note: f.note }),
            fault: { kind: 'missing_argument', tool: 'save_maps_place', args: (f) => ({ place_id: f.place_id, note: f.note }), recovery: 'retry_corrected' },
          },
        ],
      },
    ],
  },
  {
    name: 'walk_to_a_nearby_errand',
    goal: 'Find the nearest open place of a kind around home or work, get directions there and start navigating.',
    context: CONTEXT,
    weight: 2,
    cast(state, random) {
      const [category, what] = random.pick(NEARBY);
      const [near, near_said] = random.pick(ENDS);
      const [mode, mode_said] = random.pick(MODES.slice(0, 3));
      return { category, what, near, near_said, mode, mode_said, go: random.int(0, 2) > 0 };
    },
    turns: [
      {
        say: ['Where is the closest {what} to {near_said} that is open now?', 'I need a {what} near {near_said}, one that is open at the moment.'],
        steps: [
          {
            tool: 'search_maps_nearby',
            args: (f) => ({ address: f.near, category: f.category, open_now: true, rank_by: 'distance', radius_m: 3000, max_results: 5 }),
            learn: (r: { places: Row[] }) => r.places[0] && { place: r.places[0].name, place_address: r.places[0].address },
          },
        ],
      },
      {
        say: ['How long does it take to get there {mode_said}?', 'Directions to {place} {mode_said}, please.'],
        steps: [{ tool: 'get_maps_directions', args: (f) => ({ from_address: f.near, to_address: f.place_address, mode: f.mode }) }],
      },
      {
        say: ['OK, start the navigation.', 'Good, navigate me there.'],
        when: (f) => f.go === true,
        steps: [{ tool: 'start_maps_navigation', args: (f) => ({ from_address: f.near, to_address: f.place_address, mode: f.mode }) }],
      },
    ],
  },
  {
    name: 'review_a_place_remembered_by_its_first_letters',
    goal: 'Find a place from the first letters of its name near home and rate it.',
    context: CONTEXT,
    cast(state, random) {
      const place = pickPlace(state, random, (p) => ['restaurant', 'cafe', 'bar', 'bakery'].includes(p.category) && /^[A-Za-z]{4}/.test(p.name));
      if (place === undefined) return undefined;
      const [stars, text] = random.pick(REVIEWS);
      // The fewest first letters that bring the place into the five predictions, as a person types until they see it.
      const names = allPlaces(state).map((p) => p.name.toLowerCase());
      let typed = '';
      for (let n = 4; n <= place.name.length && typed === ''; n++) {
        const text = place.name.slice(0, n).toLowerCase().trim();
        if (text.length >= 4 && names.filter((name) => name.startsWith(text) || name.includes(` ${text}`)).length <= 5) typed = text;
      }
      if (typed === '') return undefined;
      const saved_already = Object.values(state.saved).some((s) => s.place_id === place.place_id && s.list === 'favorites');
      return { typed, saved_already, place: place.name, street: shortAddress(state.city, place.spot).replace(/^\d+\s+/, ''), stars, text };
    },
    turns: [
      {
        say: ['I ate at a place on {street} last night; the name starts with "{typed}". Give it {stars} stars: {text}', 'Review that spot on {street} whose name begins "{typed}": {stars} stars, "{text}"'],
        steps: [
          {
            tool: 'autocomplete_maps_places',
            args: (f) => ({ input: f.typed }),
            learn: (r: { predictions: Row[] }, f) => { const p = named(r.predictions, f.place); return p && { place_id: p.place_id }; },
          },
          {
            tool: 'write_maps_review',
            args: (f) => ({ place_id: f.place_id, rating: f.stars, text: f.text }),
            fault: { kind: 'guessed_id', tool: 'write_maps_review', args: (f) => ({ place_id: f.typed, rating: f.stars, text: f.text }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['Add it to my favorites too.', 'And keep it in my Favorites list.'],
        when: (f) => f.saved_already !== true,
        steps: [{ tool: 'save_maps_place', args: (f) => ({ place_id: f.place_id, list: 'favorites' }) }],
      },
    ],
  },
  {
    name: 'pick_the_quickest_of_nearby_places',
    goal: 'Compare travel times from work to the three closest places of a kind near home, then save the quickest.',
    context: CONTEXT,
    weight: 2,
    cast(state, random) {
      const [category, what] = random.pick(NEARBY.filter(([c]) => c !== 'post_office'));
      const [mode, mode_said] = random.pick(MODES);
      return { category, what, mode, mode_said };
    },
    turns: [
      {
        say: ['Find the three {what}s closest to home.', 'What are the nearest three {what}s around my home?'],
        steps: [
          {
            tool: 'search_maps_nearby',
            args: (f) => ({ address: 'home', category: f.category, rank_by: 'distance', radius_m: 5000, max_results: 3 }),
            learn: (r: { places: Row[] }) => (r.places.length < 2 ? undefined : { candidates: r.places.map((p) => p.address), candidate_ids: r.places.map((p) => p.place_id), candidate_names: r.places.map((p) => p.name) }),
          },
        ],
      },
      {
        say: ['Which of them is quickest to reach from work {mode_said}?', 'From work, {mode_said}: which one is fastest?'],
        steps: [
          {
            tool: 'get_maps_distance_matrix',
            args: (f) => ({ from_addresses: ['work'], to_addresses: f.candidates, mode: f.mode }),
            learn: (r: { rows: Row[] }, f) => {
              const elements = r.rows[0]?.elements as Row[] | undefined;
              if (elements === undefined) return undefined;
              let best = -1;
              elements.forEach((e, i) => { if (e.duration_s != null && (best < 0 || e.duration_s < elements[best].duration_s)) best = i; });
              return best < 0 ? undefined : { best_id: (f.candidate_ids as string[])[best], best: (f.candidate_names as string[])[best] };
            },
          },
        ],
      },
      {
        say: ['Star that one for me.', 'Save the quickest one to my starred places.'],
        steps: [{ tool: 'save_maps_place', args: (f) => ({ place_id: f.best_id, list: 'starred' }) }],
      },
    ],
  },
  {
    name: 'moved_house',
    goal: 'Check a new address, set it as home, then see the new commute to work.',
    context: CONTEXT,
    cast(state, random) {
      const city = state.city;
      const home = state.labeled.home?.spot;
      for (let k = 0; k < 20; k++) {
        const spot = { kind: 'street' as const, index: random.int(0, city.streets.length - 1), number: random.int(1, city.avenues.length - 2) * 100 + random.int(2, 60) * 2 };
        if (home !== undefined && home.kind === spot.kind && home.index === spot.index) continue;
        const [mode, mode_said] = random.pick(MODES);
        return { address: shortAddress(city, spot), neighborhood: spotNeighborhood(city, spot).name, mode, mode_said };
      }
      return undefined;
    },
    turns: [
      {
        say: ['I just moved to {address}. Is that in {neighborhood}?', 'What is the full address and neighbourhood of {address}? That is my new flat.'],
        steps: [{ tool: 'geocode_maps_address', args: (f) => ({ address: f.address }), learn: (r: Row) => ({ formatted: r.result.address }) }],
      },
      {
        say: ['Set that as my home, please.', 'Great, make it my home address.'],
        steps: [
          {
            tool: 'set_maps_labeled_place',
            args: (f) => ({ label: 'home', address: f.formatted }),
            fault: { kind: 'missing_argument', tool: 'set_maps_labeled_place', args: (f) => ({ address: f.formatted }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['How long is my commute to work from there {mode_said}?', 'And the trip to work {mode_said} now?'],
        steps: [{ tool: 'get_maps_directions', args: (f) => ({ from_address: 'home', to_address: 'work', mode: f.mode }) }],
      },
    ],
  },
  {
    name: 'forget_a_trip',
    goal: 'Remove one trip from the navigation history, found by where it went and how.',
    context: CONTEXT,
    cast(state, random) {
      const trips = Object.values(state.trips).filter((t) => t.to_place_id !== null && placeOf(state, t.to_place_id) !== undefined).sort(byIdNumber((t) => t.trip_id));
      if (trips.length === 0) return undefined;
      const trip = random.pick(trips);
      const place = placeOf(state, trip.to_place_id!)!;
      const said = MODES.find(([m]) => m === trip.mode)![1];
      return { mode: trip.mode, mode_said: said, place: place.name };
    },
    turns: [
      {
        say: ['Delete my trip to {place} {mode_said} from my history.', 'Please remove the {place} trip ({mode_said}) from my navigation history.'],
        steps: [
          {
            tool: 'list_maps_history',
            args: (f) => ({ mode: f.mode, limit: 50 }),
            learn: (r: { trips: Row[] }, f) => { const t = r.trips.find((x) => x.to.name === f.place); return t && { trip_id: t.trip_id }; },
          },
          {
            tool: 'delete_maps_history_entry',
            args: (f) => ({ trip_id: f.trip_id }),
            fault: { kind: 'guessed_id', tool: 'delete_maps_history_entry', args: () => ({ trip_id: 'trip_99' }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['What are my last few trips now?', 'Show me my five latest trips.'],
        steps: [{ tool: 'list_maps_history', args: () => ({ limit: 5 }) }],
      },
    ],
  },
  {
    name: 'visited_a_saved_place',
    goal: 'Take a place off the want-to-go list after a visit and review it.',
    context: CONTEXT,
    cast(state, random) {
      const saved = Object.values(state.saved).filter((s) => s.list === 'want_to_go' && placeOf(state, s.place_id)?.business_status === 'operational').sort(byIdNumber((s) => s.saved_id));
      if (saved.length === 0) return undefined;
      const entry = random.pick(saved);
      const [stars, text] = random.pick(REVIEWS);
      return { place: placeOf(state, entry.place_id)!.name, stars, text, review: random.int(0, 2) > 0 };
    },
    turns: [
      {
        say: ['I finally went to {place}. Take it off my want-to-go list.', 'Remove {place} from my want to go list, been there now.'],
        steps: [
          {
            tool: 'list_maps_saved_places',
            args: () => ({ list: 'want_to_go' }),
            learn: (r: { places: Row[] }, f) => { const p = named(r.places, f.place); return p && { place_id: p.place_id, saved_id: p.saved_id }; },
          },
          { tool: 'remove_maps_saved_place', args: (f) => ({ saved_id: f.saved_id }) },
        ],
      },
      {
        say: ['And leave it a {stars}-star review: "{text}"', 'Rate it {stars} stars, with "{text}"'],
        when: (f) => f.review === true,
        steps: [{ tool: 'write_maps_review', args: (f) => ({ place_id: f.place_id, rating: f.stars, text: f.text }) }],
      },
      {
        say: ['What is still on that list now?', 'Which places are left on my want-to-go list?'],
        when: (f) => f.review !== true,
        steps: [{ tool: 'list_maps_saved_places', args: () => ({ list: 'want_to_go' }) }],
      },
    ],
  },
  {
    name: 'where_was_this_photo',
    goal: 'Find what is at a photo\'s coordinates and star a place there.',
    context: CONTEXT,
    cast(state, random) {
      const place = pickPlace(state, random, (p) => ['restaurant', 'cafe', 'bar', 'bakery', 'museum', 'park', 'bookstore'].includes(p.category));
      if (place === undefined) return undefined;
      const point = spotPoint(state.city, place.spot);
      return { latlng: `${point.lat.toFixed(5)},${point.lng.toFixed(5)}` };
    },
    turns: [
      {
        say: ['My photo from last weekend was taken at {latlng}. Where is that?', 'What is at {latlng}? It is the location of a picture I took.'],
        steps: [
          {
            tool: 'reverse_geocode_maps_location',
            args: (f) => ({ latlng: f.latlng }),
            learn: (r: { nearby: Row[] }) => r.nearby[0] && { place_id: r.nearby[0].place_id, place: r.nearby[0].name },
          },
        ],
      },
      {
        say: ['That must be {place}. Star it for me.', 'Yes, {place}! Add it to my starred places.'],
        steps: [{ tool: 'save_maps_place', args: (f) => ({ place_id: f.place_id, list: 'starred' }) }],
      },
    ],
  },
];
