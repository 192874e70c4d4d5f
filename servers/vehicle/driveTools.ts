import { defineTool } from '../kit/Domain.js';
import { closestName } from '../kit/closestName.js';
import {
  CONNECTIVITY,
  PLACE_CATEGORIES,
  byIdNumber,
  driveMinutes,
  isCalendarDate,
  percentFor,
  roadDistanceKm,
  type Connectivity,
  type PlaceCategory,
  type Trip,
  type Vehicle,
  type VehicleState,
} from './VehicleState.js';
import {
  carRef,
  carRefSchema,
  chargeSchema,
  chargeView,
  climateSchema,
  climateView,
  driveView,
  navigationSchema,
  navigationView,
  num,
  objectOutput,
  placeName,
  requireOnline,
  requirePlace,
  requireVehicle,
  sortById,
  str,
  summarySchema,
  summaryView,
  vehicleIdArg,
  type Context,
} from './vehicleLookups.js';

const base = (ctx: Context): VehicleState => ctx.base as VehicleState;

function requireDriver(ctx: Context, who: string): string {
  const state = base(ctx);
  const key = who.trim().toLowerCase();
  const drivers = Object.values(state.drivers);
  const found = drivers.find((d) => d.name.toLowerCase() === key || d.email === key);
  if (found !== undefined) return found.driver_id;
  const near = closestName(key, drivers.map((d) => d.name.toLowerCase()));
  const match = drivers.find((d) => d.name.toLowerCase() === near);
  return ctx.fail(`no driver ${who}${match ? `; did you mean ${match.name}?` : ''} The fleet has ${drivers.length} drivers; list_vehicles shows who drives each car`);
}

export const listVehicles = defineTool<VehicleState, { driver?: string; state?: Connectivity }>({
  name: 'list_vehicles',
  description: 'List the fleet\'s cars with name, model, assigned driver, connection state (online, asleep, offline), last known battery and range, where each is parked and whether it is charging. Works for sleeping cars (it does not wake them).',
  input: {
    type: 'object',
    properties: {
      driver: { type: 'string', minLength: 2, maxLength: 120, description: 'Only the cars of this driver (full name or email).' },
      state: { type: 'string', enum: [...CONNECTIVITY], description: 'Only cars in this connection state.' },
    },
    additionalProperties: false,
  },
  output: objectOutput({ vehicles: { type: 'array', items: summarySchema, description: 'Cars, by id.' }, count: { type: 'integer', description: 'How many.' } }),
  annotations: { title: 'List vehicles', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const driverId = args.driver === undefined ? undefined : requireDriver(ctx, args.driver);
    const list = sortById(Object.values(state.vehicles).filter((v) => (driverId === undefined || v.driver_id === driverId) && (args.state === undefined || v.connectivity === args.state)));
    return { vehicles: list.map((v) => summaryView(state, v)), count: list.length };
  },
});

export const getVehicleData = defineTool<VehicleState, { vehicle_id: string }>({
  name: 'get_vehicle_data',
  description: 'Everything an awake car reports: lock and closures, climate and seat heaters, battery and charging, drive state (shift, speed, position, odometer), Sentry Mode and the active route. Refused for a sleeping car (wake_vehicle first) or one offline.',
  input: { type: 'object', properties: { vehicle_id: vehicleIdArg }, required: ['vehicle_id'], additionalProperties: false },
  output: objectOutput({
    vehicle: summarySchema,
    charge: chargeSchema,
    climate: climateSchema,
    drive: { type: 'object', description: 'Shift state, speed, position, odometer.' },
    closures: { type: 'object', description: 'Trunks and windows.' },
    sentry_mode: { type: 'boolean', description: 'Sentry Mode on.' },
    navigation: navigationSchema,
  }),
  annotations: { title: 'Get vehicle data', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const v = requireVehicle(ctx, args.vehicle_id);
    requireOnline(ctx, v);
    return {
      vehicle: summaryView(state, v),
      charge: chargeView(v),
      climate: climateView(v),
      drive: driveView(state, v),
      closures: { front_trunk_open: v.closures.front_trunk_open, rear_trunk_open: v.closures.rear_trunk_open, windows: v.closures.windows },
      sentry_mode: v.sentry_mode,
      navigation: navigationView(v),
    };
  },
});

export const listVehiclePlaces = defineTool<VehicleState, { category?: PlaceCategory; near_vehicle_id?: string }>({
  name: 'list_vehicle_places',
  description: 'The fleet\'s saved places (Superchargers, offices, shops, …) a car can be sent to with set_vehicle_navigation, optionally of one category; with near_vehicle_id, sorted by road distance from that car with the battery it would arrive with.',
  input: {
    type: 'object',
    properties: {
      category: { type: 'string', enum: [...PLACE_CATEGORIES], description: 'Only places of this kind.' },
      near_vehicle_id: { ...vehicleIdArg, description: 'Sort by distance from this car (name, id or VIN).' },
    },
    additionalProperties: false,
  },
  output: objectOutput({
    places: { type: 'array', items: { type: 'object', properties: { place_id: str('Place id.'), destination: str('Place name, as set_vehicle_navigation takes it.'), category: str('Kind.'), address: str('Address.'), distance_km: { type: ['number', 'null'], description: 'Road distance from the car.' } }, required: ['place_id', 'destination', 'category'] }, description: 'Places.' },
    count: { type: 'integer', description: 'How many.' },
  }),
  annotations: { title: 'List places', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const v = args.near_vehicle_id === undefined ? undefined : requireVehicle(ctx, args.near_vehicle_id);
    const rows = Object.values(state.places)
      .filter((p) => args.category === undefined || p.category === args.category)
      .map((p) => {
        const km = v === undefined ? null : roadDistanceKm(v.drive.latitude, v.drive.longitude, p.latitude, p.longitude);
        return { place_id: p.place_id, destination: p.name, category: p.category, address: p.address, distance_km: km, arrival_battery_level: v === undefined || km === null ? null : v.battery.level - percentFor(km, v.battery.rated_range_km) };
      })
      .sort((a, b) => (a.distance_km !== null && b.distance_km !== null && a.distance_km !== b.distance_km ? a.distance_km - b.distance_km : byIdNumber<{ place_id: string }>((p) => p.place_id)(a, b)));
    return { places: rows, count: rows.length };
  },
});

export const listVehicleTrips = defineTool<VehicleState, { vehicle_id: string; since?: string; limit?: number }>({
  name: 'list_vehicle_trips',
  description: 'A car\'s drive log from the cloud (works while it sleeps): trips newest first with places, distance, battery used and energy, and the totals. since: only trips started on or after that day.',
  input: {
    type: 'object',
    properties: {
      vehicle_id: vehicleIdArg,
      since: { type: 'string', format: 'date', description: 'First day, YYYY-MM-DD (the log keeps two weeks).' },
      limit: { type: 'integer', minimum: 1, maximum: 50, default: 10, description: 'At most this many trips (default 10).' },
    },
    required: ['vehicle_id'],
    additionalProperties: false,
  },
  output: objectOutput({
    vehicle: { type: 'object', properties: carRefSchema, required: ['vehicle_id', 'name'] },
    trips: { type: 'array', items: { type: 'object', properties: { trip_id: str('Trip id.'), started_at: str('Start, UTC.'), from: str('Start place.'), to: str('End place.'), distance_km: num('Km.'), battery_used_pct: num('Battery used, percent.') }, required: ['trip_id', 'started_at', 'distance_km'] }, description: 'Trips, newest first.' },
    count: { type: 'integer', description: 'Trips in the period.' },
    total_distance_km: num('Sum of the period\'s distances.'),
    total_energy_kwh: num('Sum of the period\'s energy.'),
  }),
  annotations: { title: 'List trips', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const v = requireVehicle(ctx, args.vehicle_id);
    if (args.since !== undefined) {
      if (!isCalendarDate(args.since)) ctx.fail(`since ${args.since} is not a calendar day; use YYYY-MM-DD`);
      if (args.since > ctx.today) ctx.fail(`since ${args.since} is after today (${ctx.today}); the log holds past trips`);
    }
    const trips = Object.values(state.trips)
      .filter((t) => t.vehicle_id === v.vehicle_id && (args.since === undefined || t.started_at.slice(0, 10) >= args.since))
      .sort((a, b) => (a.started_at < b.started_at ? 1 : -1));
    let distance = 0;
    let energy = 0;
    for (const t of trips) {
      distance += t.distance_km;
      energy += t.energy_kwh;
    }
    return {
      vehicle: carRef(v),
      trips: trips.slice(0, args.limit ?? 10).map((t: Trip) => ({ trip_id: t.trip_id, started_at: t.started_at, ended_at: t.ended_at, from: placeName(state, t.from_place_id), to: placeName(state, t.to_place_id), distance_km: t.distance_km, battery_used_pct: t.start_battery_level - t.end_battery_level, energy_kwh: t.energy_kwh })),
      count: trips.length,
      total_distance_km: Math.round(distance * 10) / 10,
      total_energy_kwh: Math.round(energy * 10) / 10,
    };
  },
});

export const setVehicleNavigation = defineTool<VehicleState, { vehicle_id: string; destination: string }>({
  name: 'set_vehicle_navigation',
  description: 'Send a destination to a car\'s navigation (replacing any route): a saved place by name or id (list_vehicle_places). Returns road distance, drive time and the battery the car would arrive with; charging_stop_needed when it would arrive below 10 %.',
  input: {
    type: 'object',
    properties: { vehicle_id: vehicleIdArg, destination: { type: 'string', minLength: 2, maxLength: 100, description: 'A saved place: name (e.g. "Oakridge Mall") or id (pl_6).' } },
    required: ['vehicle_id', 'destination'],
    additionalProperties: false,
  },
  output: objectOutput({ vehicle: { type: 'object', properties: carRefSchema }, navigation: navigationSchema, charging_stop_needed: { type: 'boolean', description: 'The car would arrive below 10 %.' }, replaced: { type: ['string', 'null'], description: 'The destination it replaced.' } }),
  annotations: { title: 'Set navigation destination', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const v = requireVehicle(ctx, args.vehicle_id);
    requireOnline(ctx, v);
    const place = requirePlace(ctx, args.destination);
    if (v.drive.place_id === place.place_id) ctx.fail(`${v.display_name} is parked at ${place.name} already; pick another destination`);
    const km = roadDistanceKm(v.drive.latitude, v.drive.longitude, place.latitude, place.longitude);
    const arrival = v.battery.level - percentFor(km, v.battery.rated_range_km);
    const draft = ctx.edit<Vehicle>('vehicles', v.vehicle_id);
    draft.navigation = { place_id: place.place_id, destination: place.name, distance_km: km, duration_min: driveMinutes(km), arrival_battery_level: arrival, set_at: ctx.now };
    return { vehicle: carRef(v), navigation: navigationView(draft), charging_stop_needed: arrival < 10, replaced: v.navigation?.destination ?? null };
  },
});

export const cancelVehicleNavigation = defineTool<VehicleState, { vehicle_id: string }>({
  name: 'cancel_vehicle_navigation',
  description: 'Clear the active route of a car. Refused when no route is set.',
  input: { type: 'object', properties: { vehicle_id: vehicleIdArg }, required: ['vehicle_id'], additionalProperties: false },
  output: objectOutput({ vehicle: { type: 'object', properties: carRefSchema }, cancelled_destination: str('The destination cleared.') }),
  annotations: { title: 'Cancel navigation', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const v = requireVehicle(ctx, args.vehicle_id);
    requireOnline(ctx, v);
    if (v.navigation === null) ctx.fail(`${v.display_name} has no active route; set_vehicle_navigation sets one`);
    ctx.edit<Vehicle>('vehicles', v.vehicle_id).navigation = null;
    return { vehicle: carRef(v), cancelled_destination: v.navigation!.destination };
  },
});

