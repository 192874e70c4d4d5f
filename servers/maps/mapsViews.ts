import type { JsonSchema } from '../../core/index.js';
import type { ToolContext } from '../kit/Domain.js';
import { requireBucketed } from '../kit/lookups.js';
import { isOpenAt, localTime, placeOf, ratingOf, type LocalTime, type MapsState, type Place, type Spot, type Trip } from './MapsState.js';
import { distanceText, durationText, formattedAddress, shortAddress, spotNeighborhood, spotPoint } from './roads.js';

/** Lookups, compact views and output schemas the maps tools share. */

export type Context = ToolContext<MapsState>;

export function requirePlace(ctx: Context, placeId: string): Place {
  return requireBucketed(ctx.base.places, placeId, ctx.fail, {
    noun: 'place',
    where: 'search_maps_places, search_maps_nearby or autocomplete_maps_places give place ids',
    label: (p) => `${p.name}, ${shortAddress(ctx.base.city, p.spot)}`,
  });
}

/** A spot as results show it: address, coordinates, neighbourhood. */
export function spotView(state: MapsState, spot: Spot): { address: string; lat: number; lng: number; latlng: string; neighborhood: string } {
  const point = spotPoint(state.city, spot);
  return { address: formattedAddress(state.city, spot), lat: point.lat, lng: point.lng, latlng: `${point.lat},${point.lng}`, neighborhood: spotNeighborhood(state.city, spot).name };
}

/** A place in a list of results. */
export function placeSummary(state: MapsState, place: Place, time: LocalTime, distance?: number): Record<string, unknown> {
  const view: Record<string, unknown> = {
    place_id: place.place_id,
    name: place.name,
    category: place.category,
    ...spotView(state, place.spot),
    rating: ratingOf(place),
    ratings_count: place.ratings_count,
    price_level: place.price_level,
    open_now: place.business_status === 'operational' && isOpenAt(place.hours, time),
    business_status: place.business_status,
  };
  if (distance !== undefined) view.distance_m = Math.round(distance);
  return view;
}

export function nowLocal(ctx: Context): LocalTime {
  return localTime(ctx.now);
}

export function endpointView(state: MapsState, spot: Spot, placeId: string | null): Record<string, unknown> {
  const place = placeId === null ? undefined : placeOf(state, placeId);
  return { name: place?.name ?? null, place_id: placeId, address: formattedAddress(state.city, spot) };
}

const MODE_WORDS: Readonly<Record<string, string>> = { driving: 'Drive', walking: 'Walk', bicycling: 'Ride', transit: 'Transit' };
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Walk to Wild Kitchen, Mar 12": how a timeline names a trip. */
export function tripTitle(state: MapsState, trip: Trip): string {
  const place = trip.to_place_id === null ? undefined : placeOf(state, trip.to_place_id);
  const day = localTime(trip.started_at).day;
  return `${MODE_WORDS[trip.mode]} to ${place?.name ?? shortAddress(state.city, trip.to)}, ${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;
}

export function tripView(state: MapsState, trip: Trip): Record<string, unknown> {
  return {
    trip_id: trip.trip_id,
    title: tripTitle(state, trip),
    from: endpointView(state, trip.from, trip.from_place_id),
    to: endpointView(state, trip.to, trip.to_place_id),
    mode: trip.mode,
    distance_m: trip.distance_m,
    distance_text: distanceText(trip.distance_m),
    duration_s: trip.duration_s,
    duration_text: durationText(trip.duration_s),
    started_at: localTime(trip.started_at).iso,
  };
}

// ---- schemas ----

const str = (description: string): JsonSchema => ({ type: 'string', description });
const num = (description: string): JsonSchema => ({ type: 'number', description });
const nullable = (type: string, description: string): JsonSchema => ({ type: [type, 'null'], description });

export const locationInput = (description: string): JsonSchema => ({ type: 'string', minLength: 1, maxLength: 160, description });

export const pointSchema: Record<string, JsonSchema> = {
  address: str('Formatted address, e.g. "212 Castle Street, Chelsea, New York, NY 10011".'),
  lat: num('Latitude.'),
  lng: num('Longitude.'),
  latlng: str('"lat,lng", as reverse_geocode_maps_location takes it.'),
  neighborhood: str('Neighbourhood.'),
};

export const placeSummarySchema: JsonSchema = {
  type: 'object',
  properties: {
    place_id: str('Place id, for get_maps_place_details, save_maps_place and write_maps_review.'),
    name: str('Name.'),
    category: str('Category.'),
    ...pointSchema,
    rating: nullable('number', 'Mean star rating (1–5), null without ratings.'),
    ratings_count: { type: 'integer', description: 'Number of ratings.' },
    price_level: nullable('integer', '1 (inexpensive) to 4 (very expensive).'),
    open_now: { type: 'boolean', description: 'Open at the current local time.' },
    business_status: str('operational, closed_temporarily or closed_permanently.'),
    distance_m: num('Straight-line distance from the search center, meters.'),
  },
  required: ['place_id', 'name', 'category', 'address', 'lat', 'lng', 'open_now'],
};

export const endpointSchema: JsonSchema = {
  type: 'object',
  properties: { name: nullable('string', 'Place name, if the end is a place.'), place_id: nullable('string', 'Place id, if any.'), address: str('Formatted address.') },
  required: ['address'],
};

export const tripSchema: JsonSchema = {
  type: 'object',
  properties: {
    trip_id: str('History entry id, for delete_maps_history_entry.'),
    title: str('How the history names it, e.g. "Walk to Wild Kitchen, Mar 12".'),
    from: endpointSchema,
    to: endpointSchema,
    mode: str('Travel mode.'),
    distance_m: { type: 'integer', description: 'Route length, meters.' },
    distance_text: str('Route length as shown, e.g. "2.4 km".'),
    duration_s: { type: 'integer', description: 'Travel time, seconds.' },
    duration_text: str('Travel time as shown, e.g. "14 min".'),
    started_at: str('Local start time with offset.'),
  },
  required: ['trip_id', 'from', 'to', 'mode', 'distance_m', 'duration_s', 'started_at'],
};

export { outputOf as objectOutput } from '../kit/schemas.js';
