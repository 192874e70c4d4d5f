import { defineTool } from '../kit/Domain.js';
import { requireOwn } from '../kit/lookups.js';
import { TRAVEL_MODES, addSeconds, byIdNumber, isOpenAt, localTime, type MapsState, type TravelMode, type Trip } from './MapsState.js';
import { resolveLocation, type Resolved } from './addressing.js';
import { distanceText, durationText, findRoute, formattedAddress, sameSpot, shortAddress, type Route } from './roads.js';
import { endpointSchema, locationInput, objectOutput, tripSchema, tripView, type Context } from './mapsViews.js';

const modeInput = { type: 'string', enum: [...TRAVEL_MODES], description: 'driving (default), walking, bicycling or transit.' };
const avoidInput = { type: 'boolean', description: 'Driving: keep off the expressway.' };

function endpoint(state: MapsState, found: Resolved): Record<string, unknown> {
  return { name: found.place?.name ?? (found.label === undefined ? null : found.label), place_id: found.place?.place_id ?? null, address: formattedAddress(state.city, found.spot) };
}

/** The route between two resolved ends, refused where they are the same or the mode cannot get there. */
function routeBetween(ctx: Context, from: Resolved, to: Resolved, mode: TravelMode, avoid: boolean): Route {
  const city = ctx.base.city;
  if (sameSpot(from.spot, to.spot)) ctx.fail(`from and to are the same place (${shortAddress(city, from.spot)}); give two different addresses`);
  const route = findRoute(city, from.spot, to.spot, mode, avoid);
  if (route === null) ctx.fail(`no ${mode} route from ${shortAddress(city, from.spot)} to ${shortAddress(city, to.spot)}${avoid ? '; try without avoid_highways' : ''}`);
  return route;
}

/** What a route result says about arriving: the local arrival time and whether the destination place is open then. */
function arrival(ctx: Context, to: Resolved, seconds: number): Record<string, unknown> {
  const at = localTime(addSeconds(ctx.now, seconds));
  const out: Record<string, unknown> = { arrival_time: at.iso };
  if (to.place !== undefined) {
    const place = to.place;
    out.destination_open_on_arrival = place.business_status === 'operational' && isOpenAt(place.hours, at);
    if (place.business_status !== 'operational') out.warning = `${place.name} is ${place.business_status.replace('_', ' ')}`;
    else if (!out.destination_open_on_arrival) out.warning = `${place.name} will be closed when you arrive (${at.clock})`;
  }
  return out;
}

const routeSchema = {
  type: 'object',
  properties: {
    from: endpointSchema,
    to: endpointSchema,
    mode: { type: 'string' },
    distance_m: { type: 'integer', description: 'Route length, meters.' },
    distance_text: { type: 'string' },
    duration_s: { type: 'integer', description: 'Travel time, seconds.' },
    duration_text: { type: 'string' },
    via: { type: 'string', description: 'The road it mostly takes.' },
    arrival_time: { type: 'string', description: 'Local arrival time if leaving now.' },
    destination_open_on_arrival: { type: 'boolean' },
    warning: { type: 'string' },
    steps: { type: 'array', items: { type: 'object', properties: { instruction: { type: 'string' }, road: { type: 'string' }, distance_m: { type: 'integer' }, duration_s: { type: 'integer' } } } },
  },
  required: ['from', 'to', 'mode', 'distance_m', 'duration_s', 'steps'],
};

export const getMapsDirections = defineTool<MapsState, { from_address: string; to_address: string; mode?: TravelMode; avoid_highways?: boolean }>({
  name: 'get_maps_directions',
  description:
    'Directions between two places by a travel mode: distance, travel time, arrival time if leaving now, turn-by-turn steps, and whether a destination place is open when you arrive. Ends may be addresses, corners, place names, "home", "work" or "current location".',
  input: {
    type: 'object',
    properties: { from_address: locationInput('Where from.'), to_address: locationInput('Where to.'), mode: modeInput, avoid_highways: avoidInput },
    required: ['from_address', 'to_address'],
    additionalProperties: false,
  },
  output: objectOutput({ route: routeSchema }),
  annotations: { title: 'Get directions', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = ctx.base;
    const from = resolveLocation(ctx, args.from_address, 'from_address');
    const to = resolveLocation(ctx, args.to_address, 'to_address');
    const mode = args.mode ?? 'driving';
    const route = routeBetween(ctx, from, to, mode, args.avoid_highways === true);
    return {
      route: {
        from: endpoint(state, from),
        to: endpoint(state, to),
        mode,
        distance_m: route.distance_m,
        distance_text: distanceText(route.distance_m),
        duration_s: route.duration_s,
        duration_text: durationText(route.duration_s),
        via: route.via,
        ...arrival(ctx, to, route.duration_s),
        steps: route.steps,
      },
    };
  },
});

export const getMapsDistanceMatrix = defineTool<MapsState, { from_addresses: string[]; to_addresses: string[]; mode?: TravelMode; avoid_highways?: boolean }>({
  name: 'get_maps_distance_matrix',
  description:
    'Travel-time matrix: distance and travel time from each origin to each destination by one mode (up to 5 × 5), e.g. to pick the closest of several places or compare commutes. Rows follow the origins, elements the destinations.',
  input: {
    type: 'object',
    properties: {
      from_addresses: { type: 'array', minItems: 1, maxItems: 5, items: locationInput('An origin.'), description: 'Origins (addresses, place names, "home", "work").' },
      to_addresses: { type: 'array', minItems: 1, maxItems: 5, items: locationInput('A destination.'), description: 'Destinations.' },
      mode: modeInput,
      avoid_highways: avoidInput,
    },
    required: ['from_addresses', 'to_addresses'],
    additionalProperties: false,
  },
  output: objectOutput({
    origins: { type: 'array', items: { type: 'string' }, description: 'Formatted origin addresses.' },
    destinations: { type: 'array', items: { type: 'string' }, description: 'Formatted destination addresses.' },
    mode: { type: 'string' },
    rows: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          elements: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                from_address: { type: 'string', description: 'The origin, as given.' },
                to_address: { type: 'string', description: 'The destination, as given (get_maps_directions and start_maps_navigation take it).' },
                status: { type: 'string', description: 'OK, or ZERO_RESULTS where the mode cannot get there.' },
                distance_m: { type: ['integer', 'null'] },
                duration_s: { type: ['integer', 'null'] },
                duration_text: { type: ['string', 'null'] },
              },
            },
          },
        },
      },
    },
  }),
  annotations: { title: 'Distance matrix', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = ctx.base;
    const origins = args.from_addresses.map((text, i) => resolveLocation(ctx, text, `from_addresses[${i}]`));
    const destinations = args.to_addresses.map((text, i) => resolveLocation(ctx, text, `to_addresses[${i}]`));
    const mode = args.mode ?? 'driving';
    const rows = origins.map((from, i) => ({
      elements: destinations.map((to, j) => {
        const ends = { from_address: args.from_addresses[i], to_address: args.to_addresses[j] };
        if (sameSpot(from.spot, to.spot)) return { ...ends, status: 'OK', distance_m: 0, duration_s: 0, duration_text: '0 min' };
        const route = findRoute(state.city, from.spot, to.spot, mode, args.avoid_highways === true);
        return route === null
          ? { ...ends, status: 'ZERO_RESULTS', distance_m: null, duration_s: null, duration_text: null }
          : { ...ends, status: 'OK', distance_m: route.distance_m, duration_s: route.duration_s, duration_text: durationText(route.duration_s) };
      }),
    }));
    return { origins: origins.map((o) => formattedAddress(state.city, o.spot)), destinations: destinations.map((d) => formattedAddress(state.city, d.spot)), mode, rows };
  },
});

export const startMapsNavigation = defineTool<MapsState, { to_address: string; from_address?: string; mode?: TravelMode; avoid_highways?: boolean }>({
  name: 'start_maps_navigation',
  description:
    'Start turn-by-turn navigation to a destination, from your current location unless from_address is given. The trip goes into your navigation history (list_maps_history). Refused for a place that is permanently closed. Returns the trip with its arrival time.',
  input: {
    type: 'object',
    properties: { to_address: locationInput('Where to.'), from_address: locationInput('Where from (default: your current location).'), mode: modeInput, avoid_highways: avoidInput },
    required: ['to_address'],
    additionalProperties: false,
  },
  output: objectOutput({ trip: tripSchema, arrival_time: { type: 'string', description: 'Local arrival time.' }, first_step: { type: 'string', description: 'The first instruction.' } }),
  annotations: { title: 'Start navigation', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const state = ctx.base;
    const to = resolveLocation(ctx, args.to_address, 'to_address');
    const from: Resolved = args.from_address === undefined ? { spot: state.current_location, place: undefined, label: 'current location' } : resolveLocation(ctx, args.from_address, 'from_address');
    if (to.place !== undefined && to.place.business_status === 'closed_permanently') {
      ctx.fail(`${to.place.name} is permanently closed; search_maps_nearby finds an open ${to.place.category.replace(/_/g, ' ')} near ${shortAddress(state.city, to.spot)}`);
    }
    const mode = args.mode ?? 'driving';
    const avoid = args.avoid_highways === true;
    const route = routeBetween(ctx, from, to, mode, avoid);
    const trip: Trip = {
      trip_id: ctx.nextId('trip'),
      from: from.spot,
      from_place_id: from.place?.place_id ?? null,
      to: to.spot,
      to_place_id: to.place?.place_id ?? null,
      mode,
      avoid_highways: avoid,
      distance_m: route.distance_m,
      duration_s: route.duration_s,
      started_at: ctx.now,
    };
    ctx.edit<Record<string, Trip>>('trips')[trip.trip_id] = trip;
    return { trip: tripView(state, trip), arrival_time: localTime(addSeconds(ctx.now, route.duration_s)).iso, first_step: route.steps[0]?.instruction ?? '' };
  },
});

export const listMapsHistory = defineTool<MapsState, { mode?: TravelMode; limit?: number }>({
  name: 'list_maps_history',
  description: 'Your navigation history: trips you navigated, newest first, optionally of one travel mode.',
  input: {
    type: 'object',
    properties: { mode: { ...modeInput, description: 'Only trips of this mode.' }, limit: { type: 'integer', minimum: 1, maximum: 50, description: 'At most this many (default 10).' } },
    additionalProperties: false,
  },
  output: objectOutput({ trips: { type: 'array', items: tripSchema, description: 'Newest first.' }, count: { type: 'integer', description: 'How many match (before the limit).' } }),
  annotations: { title: 'Navigation history', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = ctx.base;
    const trips = Object.values(state.trips)
      .filter((t) => args.mode === undefined || t.mode === args.mode)
      .sort((a, b) => (a.started_at > b.started_at ? -1 : a.started_at < b.started_at ? 1 : -byIdNumber<Trip>((t) => t.trip_id)(a, b)));
    return { trips: trips.slice(0, args.limit ?? 10).map((t) => tripView(state, t)), count: trips.length };
  },
});

export const deleteMapsHistoryEntry = defineTool<MapsState, { trip_id: string }>({
  name: 'delete_maps_history_entry',
  description: 'Delete one trip from your navigation history (list_maps_history gives the trip ids). Cannot be undone.',
  input: { type: 'object', properties: { trip_id: { type: 'string', minLength: 1, maxLength: 40, description: 'The history entry, e.g. trip_12.' } }, required: ['trip_id'], additionalProperties: false },
  output: objectOutput({ deleted: tripSchema, remaining: { type: 'integer', description: 'Trips left in the history.' } }),
  annotations: { title: 'Delete a history entry', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const state = ctx.base;
    const trip = requireOwn(state.trips, args.trip_id, ctx.fail, { noun: 'trip', where: 'list_maps_history lists your trips', label: (t) => `to ${shortAddress(state.city, t.to)}, ${t.started_at.slice(0, 10)}` });
    const rest: Record<string, Trip> = {};
    for (const [id, t] of Object.entries(state.trips)) if (id !== trip.trip_id) rest[id] = t;
    ctx.state.trips = rest;
    return { deleted: tripView(state, trip), remaining: Object.keys(rest).length };
  },
});
