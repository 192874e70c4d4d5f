/**
 * The state of the connected-car domain (after Tesla's Fleet API): one fleet account with its
 * drivers, vehicles (each with lock, climate, seat heaters, charge port and charging, trunks,
 * windows, Sentry Mode, navigation and drive state), the named places vehicles park at and drive
 * to, and the drive log. Ranges are kilometres, temperatures °C, battery levels whole percent.
 */
import { byIdNumber, idNumber } from '../kit/lookups.js';

export const VEHICLE_REFERENCE_DATE = '2026-03-16T17:30:00Z';

export const MODELS = ['Model 3', 'Model Y', 'Model S', 'Model X', 'Cybertruck'] as const;
export type VehicleModel = (typeof MODELS)[number];

export const CONNECTIVITY = ['online', 'asleep', 'offline'] as const;
export type Connectivity = (typeof CONNECTIVITY)[number];

export const SHIFT_STATES = ['P', 'D', 'R', 'N'] as const;
export type ShiftState = (typeof SHIFT_STATES)[number];

export const CABLES = ['none', 'wall_connector', 'mobile_connector', 'supercharger'] as const;
export type Cable = (typeof CABLES)[number];

export const CHARGING_STATES = ['Disconnected', 'Stopped', 'Charging', 'Complete'] as const;
export type ChargingState = (typeof CHARGING_STATES)[number];

export const SEATS = ['driver', 'passenger', 'rear_left', 'rear_center', 'rear_right'] as const;
export type Seat = (typeof SEATS)[number];

export const PLACE_CATEGORIES = ['supercharger', 'shopping', 'office', 'hospital', 'park', 'airport', 'restaurant', 'school', 'hotel', 'stadium'] as const;
export type PlaceCategory = (typeof PLACE_CATEGORIES)[number];

/** Climate set points a car accepts, °C. */
export const MIN_TEMP_C = 15;
export const MAX_TEMP_C = 28;
/** Charge limits a car accepts, percent. */
export const MIN_CHARGE_LIMIT = 50;
export const MAX_CHARGE_LIMIT = 100;
/** Climate is refused below this battery level; Sentry Mode below the next. */
export const CLIMATE_MIN_LEVEL = 10;
export const SENTRY_MIN_LEVEL = 20;
/** AC charging voltage, volts; a Supercharger delivers this many kW. */
export const AC_VOLTS = 240;
export const SUPERCHARGER_KW = 150;

export interface Driver {
  driver_id: string;
  name: string;
  email: string;
}

export interface Place {
  place_id: string;
  name: string;
  category: PlaceCategory;
  address: string;
  latitude: number;
  longitude: number;
}

export interface DriveState {
  shift_state: ShiftState;
  speed_kph: number;
  latitude: number;
  longitude: number;
  heading: number;
  /** The place the car is parked at, or null while driving or parked elsewhere. */
  place_id: string | null;
}

export interface Battery {
  /** Whole percent, 0–100. */
  level: number;
  /** Estimated range now: rated_range_km × level / 100, one decimal. */
  range_km: number;
  /** Range on a full battery. */
  rated_range_km: number;
  capacity_kwh: number;
}

export interface ChargeState {
  port_open: boolean;
  cable: Cable;
  state: ChargingState;
  limit_pct: number;
  /** AC current asked for; the charger's maximum bounds it. */
  amps: number;
  max_amps: number;
  power_kw: number;
}

export interface Climate {
  on: boolean;
  driver_temp_c: number;
  passenger_temp_c: number;
  inside_temp_c: number;
  outside_temp_c: number;
  seat_heaters: Record<Seat, number>;
}

export interface Closures {
  front_trunk_open: boolean;
  rear_trunk_open: boolean;
  windows: 'closed' | 'vented';
}

export interface Navigation {
  place_id: string;
  destination: string;
  distance_km: number;
  duration_min: number;
  arrival_battery_level: number;
  set_at: string;
}

export interface Vehicle {
  vehicle_id: string;
  vin: string;
  display_name: string;
  model: VehicleModel;
  year: number;
  color: string;
  driver_id: string;
  connectivity: Connectivity;
  last_seen_at: string;
  locked: boolean;
  odometer_km: number;
  drive: DriveState;
  battery: Battery;
  charge: ChargeState;
  climate: Climate;
  closures: Closures;
  sentry_mode: boolean;
  navigation: Navigation | null;
}

export interface Trip {
  trip_id: string;
  vehicle_id: string;
  started_at: string;
  ended_at: string;
  from_place_id: string;
  to_place_id: string;
  distance_km: number;
  start_odometer_km: number;
  end_odometer_km: number;
  start_battery_level: number;
  end_battery_level: number;
  energy_kwh: number;
}

export interface VehicleState {
  drivers: Record<string, Driver>;
  places: Record<string, Place>;
  vehicles: Record<string, Vehicle>;
  trips: Record<string, Trip>;
}

/** One decimal, as ranges and distances are shown. */
export const round1 = (value: number): number => Math.round(value * 10) / 10;

/** The range a battery level gives. */
export const rangeAt = (ratedRangeKm: number, level: number): number => round1((ratedRangeKm * level) / 100);

/** Battery percent a distance uses. */
export const percentFor = (distanceKm: number, ratedRangeKm: number): number => Math.max(1, Math.round((distanceKm / ratedRangeKm) * 100));

/** Road distance between two points: great-circle distance × 1.25 for the road network, one decimal. */
export function roadDistanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return round1(6371 * 2 * Math.atan2(Math.sqrt(a), Math.sqrt(1 - a)) * 1.25);
}

/** Minutes a drive takes: 40 km/h in town (the first 20 km), 90 km/h beyond. */
export function driveMinutes(distanceKm: number): number {
  const town = Math.min(distanceKm, 20);
  return Math.max(1, Math.round((town / 40 + (distanceKm - town) / 90) * 60));
}

export { byIdNumber, idNumber };

export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** An ISO time `minutes` after another (UTC, no milliseconds). */
export function addMinutes(iso: string, minutes: number): string {
  return new Date(Date.parse(iso) + minutes * 60_000).toISOString().replace('.000Z', 'Z');
}
