import type { JsonSchema } from '../../core/index.js';
import type { ToolContext } from '../kit/Domain.js';
import { closestName } from '../kit/closestName.js';
import { ownEntry } from '../kit/lookups.js';
import { idNumber, type Place, type Vehicle, type VehicleState } from './VehicleState.js';

/** Lookups every vehicle tool shares (Object.hasOwn only), the gates commands pass, and the views results use. */

export type Context = ToolContext<VehicleState>;

const byName = new WeakMap<object, Map<string, Vehicle>>();
const placesByName = new WeakMap<object, Map<string, Place>>();

/** A car by id (veh_12), VIN or display name ("Blue Falcon", any case). */
export function findVehicle(state: VehicleState, key: string): Vehicle | undefined {
  const own = ownEntry(state.vehicles, key);
  if (own !== undefined) return own;
  let index = byName.get(state.vehicles);
  if (index === undefined) {
    index = new Map();
    for (const id of Object.keys(state.vehicles)) {
      const v = state.vehicles[id];
      index.set(v.display_name.toLowerCase(), v);
      index.set(v.vin.toLowerCase(), v);
    }
    byName.set(state.vehicles, index);
  }
  return index.get(key.trim().toLowerCase());
}

export function requireVehicle(ctx: Context, key: string): Vehicle {
  const state = ctx.base as VehicleState;
  const found = findVehicle(state, key);
  if (found !== undefined) return found;
  const ids = Object.keys(state.vehicles);
  const names = ids.map((id) => state.vehicles[id].display_name);
  const nearId = closestName(key, ids);
  const nearName = closestName(key, names);
  const near = /^veh_/i.test(key) && nearId !== undefined ? `${nearId} (${state.vehicles[nearId].display_name})` : nearName !== undefined ? `"${nearName}"` : undefined;
  return ctx.fail(`vehicle ${key} not found${near ? `; did you mean ${near}?` : ''} Cars are named by id (veh_1 … veh_${ids.length}), VIN or name; list_vehicles lists them`);
}

/** A place by id (pl_3) or name ("Oakridge Mall", any case). */
export function findPlace(state: VehicleState, key: string): Place | undefined {
  const own = ownEntry(state.places, key);
  if (own !== undefined) return own;
  let index = placesByName.get(state.places);
  if (index === undefined) {
    index = new Map();
    for (const id of Object.keys(state.places)) index.set(state.places[id].name.toLowerCase(), state.places[id]);
    placesByName.set(state.places, index);
  }
  return index.get(key.trim().toLowerCase());
}

export function requirePlace(ctx: Context, key: string): Place {
  const state = ctx.base as VehicleState;
  const found = findPlace(state, key);
  if (found !== undefined) return found;
  const places = Object.values(state.places);
  const near = closestName(key.toLowerCase(), places.map((p) => p.name.toLowerCase()));
  const match = places.find((p) => p.name.toLowerCase() === near);
  return ctx.fail(`no place called ${key}${match ? `; did you mean ${match.name} (${match.address})?` : ''} Destinations are the fleet's saved places (${places.length}); list_vehicle_places lists them`);
}

/** Commands reach only an awake car (Tesla answers 408 otherwise). */
export function requireOnline(ctx: Context, v: Vehicle): void {
  if (v.connectivity === 'asleep') ctx.fail(`${v.display_name} (${v.vehicle_id}) is asleep since ${v.last_seen_at}; wake it with wake_vehicle first`);
  if (v.connectivity === 'offline') ctx.fail(`${v.display_name} (${v.vehicle_id}) is offline (no connection since ${v.last_seen_at}); commands reach it once it is back in coverage`);
}

/** Some commands need the car in Park. */
export function requireParked(ctx: Context, v: Vehicle, what: string): void {
  if (v.drive.shift_state !== 'P') ctx.fail(`${v.display_name} is driving (shift ${v.drive.shift_state}, ${v.drive.speed_kph} km/h); ${what} only in Park`);
}

export const vehicleIdArg: JsonSchema = { type: 'string', minLength: 1, maxLength: 60, description: 'The car: its name (e.g. "Blue Falcon"), id (veh_12) or VIN; list_vehicles lists them.' };

export const str = (description: string): JsonSchema => ({ type: 'string', description });
export const num = (description: string): JsonSchema => ({ type: 'number', description });
export const bool = (description: string): JsonSchema => ({ type: 'boolean', description });

export function objectOutput(properties: Record<string, JsonSchema>, optional: string[] = []): JsonSchema {
  return { type: 'object', properties, required: Object.keys(properties).filter((k) => !optional.includes(k)) };
}

/** The short form of a car every command result starts with. */
export function carRef(v: Vehicle): { vehicle_id: string; name: string } {
  return { vehicle_id: v.vehicle_id, name: v.display_name };
}

export const carRefSchema = { vehicle_id: str('Car id, e.g. veh_12.'), name: str('Car name.') };

export function chargeView(v: Vehicle): Record<string, unknown> {
  const c = v.charge;
  const minutes = c.state === 'Charging' && c.power_kw > 0 ? Math.ceil((((c.limit_pct - v.battery.level) / 100) * v.battery.capacity_kwh * 60) / c.power_kw) : null;
  return {
    battery_level: v.battery.level,
    range_km: v.battery.range_km,
    charging_state: c.state,
    charge_port_open: c.port_open,
    cable: c.cable,
    charge_limit_pct: c.limit_pct,
    charging_amps: c.amps,
    max_amps: c.max_amps,
    charger_power_kw: c.power_kw,
    minutes_to_limit: minutes,
  };
}

export function climateView(v: Vehicle): Record<string, unknown> {
  const c = v.climate;
  return { climate_on: c.on, driver_temp_c: c.driver_temp_c, passenger_temp_c: c.passenger_temp_c, inside_temp_c: c.inside_temp_c, outside_temp_c: c.outside_temp_c, seat_heaters: c.seat_heaters };
}

export function placeName(state: VehicleState, id: string | null): string | null {
  return id === null ? null : ownEntry(state.places, id)?.name ?? null;
}

export function driveView(state: VehicleState, v: Vehicle): Record<string, unknown> {
  const d = v.drive;
  return { shift_state: d.shift_state, speed_kph: d.speed_kph, latitude: d.latitude, longitude: d.longitude, heading: d.heading, parked_at: placeName(state, d.place_id), odometer_km: v.odometer_km };
}

export function navigationView(v: Vehicle): Record<string, unknown> | null {
  const n = v.navigation;
  return n === null ? null : { destination: n.destination, place_id: n.place_id, distance_km: n.distance_km, duration_min: n.duration_min, arrival_battery_level: n.arrival_battery_level, set_at: n.set_at };
}

export function summaryView(state: VehicleState, v: Vehicle): Record<string, unknown> {
  return {
    vehicle_id: v.vehicle_id,
    name: v.display_name,
    model: v.model,
    year: v.year,
    color: v.color,
    vin: v.vin,
    driver: state.drivers[v.driver_id].name,
    state: v.connectivity,
    last_seen_at: v.last_seen_at,
    battery_level: v.battery.level,
    range_km: v.battery.range_km,
    shift_state: v.drive.shift_state,
    parked_at: placeName(state, v.drive.place_id),
    locked: v.locked,
    charging_state: v.charge.state,
  };
}

export const summarySchema: JsonSchema = {
  type: 'object',
  properties: {
    ...carRefSchema,
    model: str('Model.'),
    driver: str('Assigned driver.'),
    state: str('online, asleep or offline.'),
    battery_level: num('Battery, percent (last known).'),
    range_km: num('Estimated range, km.'),
    shift_state: str('P, D, R or N.'),
    parked_at: { type: ['string', 'null'], description: 'Place the car is parked at.' },
    locked: bool('Doors locked.'),
    charging_state: str('Disconnected, Stopped, Charging or Complete.'),
  },
  required: ['vehicle_id', 'name', 'state', 'battery_level'],
};

export const chargeSchema: JsonSchema = {
  type: 'object',
  properties: {
    battery_level: num('Percent.'),
    range_km: num('Estimated range, km.'),
    charging_state: str('Disconnected, Stopped, Charging or Complete.'),
    charge_port_open: bool('Charge port door open.'),
    cable: str('none, wall_connector, mobile_connector or supercharger.'),
    charge_limit_pct: num('Charge limit, percent.'),
    charging_amps: num('AC current asked for.'),
    charger_power_kw: num('Power now, kW.'),
    minutes_to_limit: { type: ['integer', 'null'], description: 'Minutes until the limit, while charging.' },
  },
  required: ['battery_level', 'charging_state', 'charge_limit_pct'],
};

export const climateSchema: JsonSchema = {
  type: 'object',
  properties: { climate_on: bool('Climate running.'), driver_temp_c: num('Driver set point, °C.'), passenger_temp_c: num('Passenger set point, °C.'), inside_temp_c: num('Cabin, °C.'), seat_heaters: { type: 'object', description: 'Seat heater levels 0–3 by seat.' } },
  required: ['climate_on', 'driver_temp_c', 'seat_heaters'],
};

export const navigationSchema: JsonSchema = {
  type: ['object', 'null'],
  properties: { destination: str('Destination name.'), distance_km: num('Road distance left, km.'), duration_min: num('Minutes to drive.'), arrival_battery_level: num('Battery on arrival, percent (negative: it cannot make it without charging).') },
  description: 'The active route, or null.',
};

export const sortById = <T extends { vehicle_id: string }>(items: T[]): T[] => items.sort((a, b) => idNumber(a.vehicle_id) - idNumber(b.vehicle_id));
