import { defineTool } from '../kit/Domain.js';
import { editEntry } from '../kit/bucketedRecord.js';
import { PLACE_CATEGORIES, allPlaces, hoursText, isOpenAt, nextChange, ratingOf, type MapsState, type Place, type PlaceCategory, type Review } from './MapsState.js';
import { placeIndex, resolveLocation, resolvedAt, spotAtPoint } from './addressing.js';
import { formattedAddress, meters, shortAddress, spotNeighborhood, spotPoint } from './roads.js';
import { locationInput, nowLocal, objectOutput, placeSummary, placeSummarySchema, pointSchema, requirePlace, spotView, type Context } from './mapsViews.js';

const geocodeResultSchema = {
  type: 'object',
  properties: { ...pointSchema, place_id: { type: ['string', 'null'], description: 'The place at this address, if any.' }, name: { type: ['string', 'null'], description: 'Its name.' }, location_type: { type: 'string', description: 'rooftop (an address or place), intersection, or approximate (a dropped pin).' } },
  required: ['address', 'lat', 'lng', 'location_type'],
};

export const geocodeMapsAddress = defineTool<MapsState, { address: string }>({
  name: 'geocode_maps_address',
  description:
    'Geocoding: turn an address ("212 Castle Street", "212 Castle St, Chelsea"), a corner ("Castle Street & Grand Avenue"), a place name, or "home" / "work" into coordinates and the full formatted address. Returns the place there, if any.',
  input: { type: 'object', properties: { address: locationInput('What to find: a street address, a corner, a place name, "home" or "work".') }, required: ['address'], additionalProperties: false },
  output: objectOutput({ result: geocodeResultSchema }),
  annotations: { title: 'Geocode an address', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = ctx.base;
    const found = resolveLocation(ctx, args.address, 'address');
    return { result: { ...spotView(state, found.spot), place_id: found.place?.place_id ?? null, name: found.place?.name ?? null, location_type: found.spot.number % 100 === 0 ? 'intersection' : 'rooftop' } };
  },
});

export const reverseGeocodeMapsLocation = defineTool<MapsState, { latlng: string }>({
  name: 'reverse_geocode_maps_location',
  description: 'Reverse geocoding: the nearest street address to a point given as "latitude,longitude" (a dropped pin, a photo location), and the places within 150 m.',
  input: {
    type: 'object',
    properties: { latlng: { type: 'string', minLength: 3, maxLength: 60, description: 'Latitude and longitude, comma-separated, e.g. "40.7231,-73.9912".' } },
    required: ['latlng'],
    additionalProperties: false,
  },
  output: objectOutput({ result: geocodeResultSchema, nearby: { type: 'array', items: placeSummarySchema, description: 'Places within 150 m, nearest first.' } }),
  annotations: { title: 'Reverse geocode', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = ctx.base;
    const parts = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(args.latlng);
    if (parts === null) return ctx.fail(`latlng: "${args.latlng}" is not a point; give latitude and longitude as numbers, comma-separated, e.g. "40.7231,-73.9912"`);
    const lat = Number(parts[1]);
    const lng = Number(parts[2]);
    if (!(Math.abs(lat) <= 90 && Math.abs(lng) <= 180)) ctx.fail(`latlng: ${args.latlng} is not a point on Earth; latitude runs from -90 to 90 and longitude from -180 to 180`);
    const point = { lat, lng };
    const spot = spotAtPoint(ctx, point);
    const found = resolvedAt(state, spot);
    const time = nowLocal(ctx);
    const nearby: Array<[number, Place]> = [];
    for (const place of allPlaces(state)) {
      const d = meters(point, spotPoint(state.city, place.spot));
      if (d <= 150) nearby.push([d, place]);
    }
    nearby.sort((a, b) => a[0] - b[0] || (a[1].place_id < b[1].place_id ? -1 : 1));
    return {
      result: { ...spotView(state, spot), place_id: found.place?.place_id ?? null, name: found.place?.name ?? null, location_type: 'approximate' },
      nearby: nearby.slice(0, 5).map(([d, p]) => placeSummary(state, p, time, d)),
    };
  },
});

export const autocompleteMapsPlaces = defineTool<MapsState, { input: string; near_address?: string }>({
  name: 'autocomplete_maps_places',
  description: 'Place autocomplete: predictions for what a person has typed so far (a part of a place name or street), nearest first when near_address is given. Each prediction has the place_id other tools take.',
  input: {
    type: 'object',
    properties: { input: { type: 'string', minLength: 2, maxLength: 80, description: 'The text typed so far, at least 2 characters, e.g. "saffr".' }, near_address: locationInput('Rank predictions by distance from here (address, place name, "home" or "work").') },
    required: ['input'],
    additionalProperties: false,
  },
  output: objectOutput({
    predictions: {
      type: 'array',
      items: { type: 'object', properties: { place_id: { type: ['string', 'null'] }, description: { type: 'string' }, name: { type: 'string' }, address: { type: 'string' }, kind: { type: 'string' } }, required: ['description', 'kind'] },
      description: 'At most 5 predictions.',
    },
  }),
  annotations: { title: 'Autocomplete places', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = ctx.base;
    const text = args.input.trim().toLowerCase();
    if (text.length < 2) ctx.fail('input: type at least 2 letters');
    const center = args.near_address === undefined ? undefined : spotPoint(state.city, resolveLocation(ctx, args.near_address, 'near_address').spot);
    const hits: Array<[number, number, Place]> = [];
    for (const place of allPlaces(state)) {
      const name = place.name.toLowerCase();
      const at = name.startsWith(text) ? 0 : name.includes(` ${text}`) ? 1 : -1;
      if (at < 0) continue;
      hits.push([at, center === undefined ? 0 : meters(center, spotPoint(state.city, place.spot)), place]);
    }
    hits.sort((a, b) => a[0] - b[0] || a[1] - b[1] || (a[2].name < b[2].name ? -1 : 1));
    const predictions: Array<Record<string, unknown>> = hits.slice(0, 5).map(([, , p]) => ({ place_id: p.place_id, description: `${p.name}, ${shortAddress(state.city, p.spot)}`, name: p.name, address: formattedAddress(state.city, p.spot), kind: 'place' }));
    for (const road of [...state.city.streets, ...state.city.avenues]) {
      if (predictions.length >= 5) break;
      if (road.name.toLowerCase().startsWith(text)) predictions.push({ place_id: null, description: `${road.name}, ${state.city.name}`, name: road.name, address: `${road.name}, ${state.city.name}, ${state.city.state_code}`, kind: 'route' });
    }
    return { predictions };
  },
});

const searchOutput = objectOutput({ places: { type: 'array', items: placeSummarySchema, description: 'Matching places.' }, count: { type: 'integer', description: 'How many matched (before the limit).' } });

function openFilter(place: Place, openNow: boolean | undefined, ctx: Context): boolean {
  return openNow !== true || (place.business_status === 'operational' && isOpenAt(place.hours, nowLocal(ctx)));
}

export const searchMapsPlaces = defineTool<MapsState, { query: string; near_address?: string; radius_m?: number; open_now?: boolean; min_rating?: number; max_results?: number }>({
  name: 'search_maps_places',
  description:
    'Text search for places: a name, a kind of place or a cuisine ("thai", "pharmacy", "Saffron Table", "coffee in SoHo"), optionally around an address within a radius, only open ones, or above a rating. Best matches first (nearest first around an address).',
  input: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 2, maxLength: 100, description: 'What to look for; "X in <neighbourhood>" limits to a neighbourhood.' },
      near_address: locationInput('Search around here: an address, a place name, "home" or "work".'),
      radius_m: { type: 'integer', minimum: 50, maximum: 10000, description: 'With near_address: only within this many meters (default 2000).' },
      open_now: { type: 'boolean', description: 'Only places open right now.' },
      min_rating: { type: 'number', minimum: 1, maximum: 5, description: 'Only places rated at least this.' },
      max_results: { type: 'integer', minimum: 1, maximum: 20, description: 'At most this many (default 10).' },
    },
    required: ['query'],
    additionalProperties: false,
  },
  output: searchOutput,
  annotations: { title: 'Search places', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = ctx.base;
    let query = args.query.trim().toLowerCase();
    let hood: string | undefined;
    const inHood = / in (.+)$/.exec(query);
    if (inHood !== null && state.city.neighborhoods.some((n) => n.name.toLowerCase() === inHood[1])) {
      hood = inHood[1];
      query = query.slice(0, inHood.index).trim();
    }
    const words = query.split(/\s+/).filter((w) => w.length > 0);
    const center = args.near_address === undefined ? undefined : spotPoint(state.city, resolveLocation(ctx, args.near_address, 'near_address').spot);
    const radius = args.radius_m ?? 2000;
    const time = nowLocal(ctx);
    const hits: Array<[number, number, Place]> = [];
    for (const place of allPlaces(state)) {
      const hay = `${place.name} ${place.category.replace(/_/g, ' ')} ${place.tags.join(' ')}`.toLowerCase();
      if (!words.every((w) => hay.includes(w) || hay.includes(w.replace(/s$/, '')))) continue;
      if (hood !== undefined && spotNeighborhood(state.city, place.spot).name.toLowerCase() !== hood) continue;
      const d = center === undefined ? 0 : meters(center, spotPoint(state.city, place.spot));
      if (center !== undefined && d > radius) continue;
      if (!openFilter(place, args.open_now, ctx)) continue;
      const rating = ratingOf(place);
      if (args.min_rating !== undefined && (rating === null || rating < args.min_rating)) continue;
      const nameScore = place.name.toLowerCase() === query ? 0 : place.name.toLowerCase().includes(query) ? 1 : 2;
      hits.push([nameScore, center === undefined ? -(rating ?? 0) : d, place]);
    }
    hits.sort((a, b) => a[0] - b[0] || a[1] - b[1] || (a[2].place_id < b[2].place_id ? -1 : 1));
    return { places: hits.slice(0, args.max_results ?? 10).map(([, d, p]) => placeSummary(state, p, time, center === undefined ? undefined : d)), count: hits.length };
  },
});

export const searchMapsNearby = defineTool<MapsState, { address: string; category: PlaceCategory; radius_m?: number; open_now?: boolean; rank_by?: 'prominence' | 'distance'; max_results?: number }>({
  name: 'search_maps_nearby',
  description:
    'Nearby search: places of one category around an address ("pharmacies near 212 Castle Street", "gas near work"), within a radius, optionally only those open now; ranked by distance or by prominence (rating and how many rated it).',
  input: {
    type: 'object',
    properties: {
      address: locationInput('The center: an address, a corner, a place name, "home" or "work".'),
      category: { type: 'string', enum: [...PLACE_CATEGORIES], description: 'Kind of place.' },
      radius_m: { type: 'integer', minimum: 50, maximum: 5000, description: 'Search radius in meters (default 1000).' },
      open_now: { type: 'boolean', description: 'Only places open right now.' },
      rank_by: { type: 'string', enum: ['prominence', 'distance'], description: 'Order (default distance).' },
      max_results: { type: 'integer', minimum: 1, maximum: 20, description: 'At most this many (default 10).' },
    },
    required: ['address', 'category'],
    additionalProperties: false,
  },
  output: searchOutput,
  annotations: { title: 'Search nearby', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = ctx.base;
    const center = spotPoint(state.city, resolveLocation(ctx, args.address, 'address').spot);
    const radius = args.radius_m ?? 1000;
    const time = nowLocal(ctx);
    const hits: Array<[number, number, Place]> = [];
    for (const place of allPlaces(state)) {
      if (place.category !== args.category || place.business_status === 'closed_permanently') continue;
      const d = meters(center, spotPoint(state.city, place.spot));
      if (d > radius || !openFilter(place, args.open_now, ctx)) continue;
      const prominence = (ratingOf(place) ?? 0) * Math.log10(place.ratings_count + 1);
      hits.push([args.rank_by === 'prominence' ? -prominence : d, d, place]);
    }
    hits.sort((a, b) => a[0] - b[0] || (a[2].place_id < b[2].place_id ? -1 : 1));
    return { places: hits.slice(0, args.max_results ?? 10).map(([, d, p]) => placeSummary(state, p, time, d)), count: hits.length };
  },
});

export const getMapsPlaceDetails = defineTool<MapsState, { place_id: string }>({
  name: 'get_maps_place_details',
  description: 'Place details: address, phone, website, rating, price level, opening hours for the week, whether it is open now and when that changes, and whether it is in your saved lists.',
  input: { type: 'object', properties: { place_id: { type: 'string', minLength: 1, maxLength: 40, description: 'The place id from a search or autocomplete result, e.g. pl_12.' } }, required: ['place_id'], additionalProperties: false },
  output: objectOutput({
    place: {
      type: 'object',
      properties: {
        ...placeSummarySchema.properties as Record<string, unknown>,
        phone: { type: 'string' },
        website: { type: ['string', 'null'] },
        opening_hours: { type: 'array', items: { type: 'string' }, description: 'One line per day, Sunday first.' },
        next_change: { type: ['string', 'null'], description: 'e.g. "closes at 22:00".' },
        saved_in: { type: 'array', items: { type: 'string' }, description: 'Your lists holding it.' },
        your_rating: { type: ['integer', 'null'], description: 'Your own review\'s stars, if any.' },
        hotel_code: { type: ['string', 'null'], description: 'Its code in the hotel booking system, for hotels.' },
      },
      required: ['place_id', 'name', 'address', 'opening_hours', 'saved_in'],
    },
  }),
  annotations: { title: 'Place details', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = ctx.base;
    const place = requirePlace(ctx, args.place_id);
    const time = nowLocal(ctx);
    const saved_in: string[] = [];
    for (const entry of Object.values(state.saved)) if (entry.place_id === place.place_id) saved_in.push(entry.list);
    let your_rating: number | null = null;
    for (const review of Object.values(state.reviews)) if (review.place_id === place.place_id) your_rating = review.rating;
    return {
      place: {
        ...placeSummary(state, place, time),
        phone: place.phone,
        website: place.website,
        opening_hours: hoursText(place.hours),
        next_change: place.business_status === 'operational' ? nextChange(place.hours, time) : null,
        saved_in: saved_in.sort(),
        your_rating,
        hotel_code: place.hotel_code,
      },
    };
  },
});

export const writeMapsReview = defineTool<MapsState, { place_id: string; rating: number; text?: string }>({
  name: 'write_maps_review',
  description:
    'Rate and review a place (1–5 stars, optional text). One review per place: writing again replaces your earlier review. Permanently closed places take no new reviews. Returns the review and the place\'s new rating.',
  input: {
    type: 'object',
    properties: {
      place_id: { type: 'string', minLength: 1, maxLength: 40, description: 'The place id from a search result.' },
      rating: { type: 'integer', minimum: 1, maximum: 5, description: 'Stars, 1 to 5.' },
      text: { type: 'string', maxLength: 1000, description: 'What you thought.' },
    },
    required: ['place_id', 'rating'],
    additionalProperties: false,
  },
  output: objectOutput({
    review: { type: 'object', properties: { review_id: { type: 'string' }, place_id: { type: 'string' }, name: { type: 'string' }, rating: { type: 'integer' }, text: { type: 'string' }, created_at: { type: 'string' } }, required: ['review_id', 'place_id', 'rating'] },
    replaced: { type: 'boolean', description: 'Whether it replaced your earlier review.' },
    place_rating: { type: 'number', description: 'The place\'s mean rating now.' },
    ratings_count: { type: 'integer', description: 'How many ratings it has now.' },
  }),
  annotations: { title: 'Write a review', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = ctx.base;
    const place = requirePlace(ctx, args.place_id);
    if (place.business_status === 'closed_permanently') ctx.fail(`${place.name} is permanently closed and takes no new reviews; search_maps_nearby finds an open ${place.category.replace(/_/g, ' ')} nearby`);
    let earlier: Review | undefined;
    for (const review of Object.values(state.reviews)) if (review.place_id === place.place_id) earlier = review;
    const text = args.text?.trim() ?? '';
    const review: Review = { review_id: earlier?.review_id ?? ctx.nextId('rev'), place_id: place.place_id, rating: args.rating, text, created_at: ctx.now };
    const updated: Place = earlier === undefined
      ? { ...place, ratings_count: place.ratings_count + 1, ratings_sum: place.ratings_sum + args.rating }
      : { ...place, ratings_sum: place.ratings_sum - earlier.rating + args.rating };
    editEntry<Place>(ctx, ['places'], place.place_id, updated);
    ctx.edit<Record<string, Review>>('reviews')[review.review_id] = review;
    return { review: { ...review, name: place.name }, replaced: earlier !== undefined, place_rating: ratingOf(updated), ratings_count: updated.ratings_count };
  },
});

/** Lookups for tests: a place by name. */
export function placeNamed(state: MapsState, name: string): Place | undefined {
  return placeIndex(state).byName.get(name.toLowerCase());
}

