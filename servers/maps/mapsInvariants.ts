import type { DomainInvariant } from '../kit/Domain.js';
import { SAVED_LISTS, allPlaces, placeOf, type MapsState } from './MapsState.js';
import { findRoute, sameSpot, spotKey, validSpot } from './roads.js';

/** Properties every reachable maps state keeps. */
export const mapsInvariants: DomainInvariant<MapsState>[] = [
  {
    name: 'every place, labeled place, trip end and the current location lies on the map; no two places share a spot',
    check(state) {
      const seen = new Set<string>();
      for (const place of allPlaces(state)) {
        if (!validSpot(state.city, place.spot) || place.spot.number % 100 === 0) return `${place.place_id} is at no address`;
        if (seen.has(spotKey(place.spot))) return `${place.place_id} shares its address with another place`;
        seen.add(spotKey(place.spot));
      }
      for (const labeled of Object.values(state.labeled)) if (!validSpot(state.city, labeled.spot)) return `${labeled.label} is off the map`;
      for (const trip of Object.values(state.trips)) if (!validSpot(state.city, trip.from) || !validSpot(state.city, trip.to)) return `${trip.trip_id} ends off the map`;
      return validSpot(state.city, state.current_location) ? undefined : 'the current location is off the map';
    },
  },
  {
    name: 'saved places point at real places, once per list, in known lists',
    check(state) {
      const seen = new Set<string>();
      for (const entry of Object.values(state.saved)) {
        if (placeOf(state, entry.place_id) === undefined) return `${entry.saved_id} points at no place (${entry.place_id})`;
        if (!SAVED_LISTS.includes(entry.list)) return `${entry.saved_id} is in an unknown list ${entry.list}`;
        const key = `${entry.place_id}|${entry.list}`;
        if (seen.has(key)) return `${entry.place_id} is twice in ${entry.list}`;
        seen.add(key);
      }
      return undefined;
    },
  },
  {
    name: 'ratings add up: 1 to 5 stars each, at most one review of yours per place, counted in the place',
    check(state, initial) {
      const reviewed = new Set<string>();
      for (const review of Object.values(state.reviews)) {
        if (reviewed.has(review.place_id)) return `two reviews of ${review.place_id}`;
        reviewed.add(review.place_id);
        if (placeOf(state, review.place_id) === undefined) return `${review.review_id} reviews no place`;
      }
      for (const place of allPlaces(state)) {
        if (place.ratings_sum < place.ratings_count || place.ratings_sum > place.ratings_count * 5) return `${place.place_id}: ${place.ratings_sum} stars from ${place.ratings_count} ratings`;
        const before = placeOf(initial, place.place_id);
        if (before !== undefined && place.ratings_count - before.ratings_count !== (reviewed.has(place.place_id) ? 1 : 0) - (Object.values(initial.reviews).some((r) => r.place_id === place.place_id) ? 1 : 0)) {
          return `${place.place_id}: ratings count moved by ${place.ratings_count - before.ratings_count} with no matching review`;
        }
      }
      return undefined;
    },
  },
  {
    name: 'every trip in the history has the distance and duration the road graph gives its route',
    check(state) {
      for (const trip of Object.values(state.trips)) {
        if (sameSpot(trip.from, trip.to)) return `${trip.trip_id} goes nowhere`;
        const route = findRoute(state.city, trip.from, trip.to, trip.mode, trip.avoid_highways);
        if (route === null || route.distance_m !== trip.distance_m || route.duration_s !== trip.duration_s) {
          return `${trip.trip_id}: recorded ${trip.distance_m} m / ${trip.duration_s} s, the graph gives ${route === null ? 'no route' : `${route.distance_m} m / ${route.duration_s} s`}`;
        }
      }
      return undefined;
    },
  },
];
