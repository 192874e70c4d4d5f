import type { DomainInvariant } from '../kit/Domain.js';
import { AC_VOLTS, MAX_CHARGE_LIMIT, MAX_TEMP_C, MIN_CHARGE_LIMIT, MIN_TEMP_C, SEATS, SUPERCHARGER_KW, rangeAt, round1, type Trip, type VehicleState } from './VehicleState.js';

/** Properties every reachable fleet state keeps: battery and range agree with what ran, and actions respect the car's mode. */

function tripsByVehicle(state: VehicleState): Map<string, Trip[]> {
  const out = new Map<string, Trip[]>();
  for (const id of Object.keys(state.trips)) {
    const t = state.trips[id];
    const list = out.get(t.vehicle_id) ?? [];
    list.push(t);
    out.set(t.vehicle_id, list);
  }
  for (const list of out.values()) list.sort((a, b) => (a.started_at < b.started_at ? -1 : 1));
  return out;
}

export const vehicleInvariants: DomainInvariant<VehicleState>[] = [
  {
    name: 'battery: level 0–100, range = rated range × level, and the drive log adds up (each trip starts where the last ended; odometer and battery follow what was driven and charged)',
    check(state) {
      const trips = tripsByVehicle(state);
      for (const v of Object.values(state.vehicles)) {
        const b = v.battery;
        if (!Number.isInteger(b.level) || b.level < 0 || b.level > 100) return `${v.vehicle_id}: battery level ${b.level}`;
        if (b.range_km !== rangeAt(b.rated_range_km, b.level)) return `${v.vehicle_id}: range ${b.range_km} km at ${b.level} % of ${b.rated_range_km} km`;
        const log = trips.get(v.vehicle_id) ?? [];
        for (let i = 0; i < log.length; i++) {
          const t = log[i];
          if (round1(t.end_odometer_km - t.start_odometer_km) !== t.distance_km) return `${t.trip_id}: odometer ${t.start_odometer_km} → ${t.end_odometer_km} for ${t.distance_km} km`;
          if (t.end_battery_level > t.start_battery_level || t.ended_at <= t.started_at) return `${t.trip_id}: battery ${t.start_battery_level} → ${t.end_battery_level} %, ${t.started_at} → ${t.ended_at}`;
          const prev = log[i - 1];
          if (prev !== undefined && (prev.end_odometer_km !== t.start_odometer_km || prev.to_place_id !== t.from_place_id || prev.ended_at > t.started_at || t.start_battery_level < prev.end_battery_level)) return `${t.trip_id} does not continue ${prev.trip_id}`;
        }
        const last = log[log.length - 1];
        if (last !== undefined) {
          if (v.odometer_km < last.end_odometer_km) return `${v.vehicle_id}: odometer ${v.odometer_km} below its last trip's ${last.end_odometer_km}`;
          const parked = v.drive.shift_state === 'P';
          if (parked && v.odometer_km !== last.end_odometer_km) return `${v.vehicle_id} is parked with odometer ${v.odometer_km}, its last trip ended at ${last.end_odometer_km}`;
          if (v.charge.cable === 'none' && b.level > last.end_battery_level) return `${v.vehicle_id}: ${b.level} % unplugged, but its last trip ended at ${last.end_battery_level} %`;
        }
      }
      return undefined;
    },
  },
  {
    name: 'charging: a cable needs an open port; charging needs a cable, Park and a level below the limit; power follows the cable and current',
    check(state) {
      for (const v of Object.values(state.vehicles)) {
        const c = v.charge;
        if (c.limit_pct < MIN_CHARGE_LIMIT || c.limit_pct > MAX_CHARGE_LIMIT) return `${v.vehicle_id}: limit ${c.limit_pct}`;
        if (c.cable !== 'none' && !c.port_open) return `${v.vehicle_id}: ${c.cable} plugged into a closed port`;
        if ((c.cable === 'none') !== (c.state === 'Disconnected')) return `${v.vehicle_id}: cable ${c.cable} with state ${c.state}`;
        if (c.cable !== 'none' && v.drive.shift_state !== 'P') return `${v.vehicle_id} is driving with a cable plugged in`;
        if (c.state === 'Charging' && v.battery.level >= c.limit_pct) return `${v.vehicle_id} charging at ${v.battery.level} % with limit ${c.limit_pct}`;
        if (c.state === 'Charging' && v.connectivity !== 'online') return `${v.vehicle_id} charging while ${v.connectivity}`;
        const power = c.state !== 'Charging' ? 0 : c.cable === 'supercharger' ? SUPERCHARGER_KW : round1((c.amps * AC_VOLTS) / 1000);
        if (c.power_kw !== power) return `${v.vehicle_id}: power ${c.power_kw} kW, expected ${power}`;
        if (c.cable !== 'supercharger' && c.cable !== 'none' && (c.amps < 5 || c.amps > c.max_amps)) return `${v.vehicle_id}: ${c.amps} A on a ${c.max_amps} A cable`;
      }
      return undefined;
    },
  },
  {
    name: 'mode gates: no open trunk, vented window, Sentry Mode or parking place while driving; a sleeping car runs nothing; seat heaters only with climate on',
    check(state) {
      for (const v of Object.values(state.vehicles)) {
        const driving = v.drive.shift_state !== 'P';
        if (driving && (v.closures.front_trunk_open || v.closures.rear_trunk_open || v.closures.windows !== 'closed' || v.sentry_mode || v.drive.place_id !== null)) return `${v.vehicle_id} drives with a trunk or window open, Sentry Mode on or a parking place`;
        if (!driving && v.drive.speed_kph !== 0) return `${v.vehicle_id} parked at ${v.drive.speed_kph} km/h`;
        if (v.connectivity !== 'online' && (driving || v.climate.on || v.sentry_mode)) return `${v.vehicle_id} is ${v.connectivity} but drives, runs climate or Sentry Mode`;
        const c = v.climate;
        if (c.driver_temp_c < MIN_TEMP_C || c.driver_temp_c > MAX_TEMP_C || c.passenger_temp_c < MIN_TEMP_C || c.passenger_temp_c > MAX_TEMP_C) return `${v.vehicle_id}: set points ${c.driver_temp_c}/${c.passenger_temp_c}`;
        for (const seat of SEATS) {
          const level = c.seat_heaters[seat];
          if (!Number.isInteger(level) || level < 0 || level > 3) return `${v.vehicle_id}: ${seat} heater ${level}`;
          if (level > 0 && !c.on) return `${v.vehicle_id}: ${seat} heater at ${level} with climate off`;
        }
        if (v.model === 'Cybertruck' && c.seat_heaters.rear_center !== 0) return `${v.vehicle_id}: a Cybertruck has no rear center heater`;
        if (v.navigation !== null && !Object.hasOwn(state.places, v.navigation.place_id)) return `${v.vehicle_id} navigates to unknown ${v.navigation.place_id}`;
        if (v.drive.place_id !== null && !Object.hasOwn(state.places, v.drive.place_id)) return `${v.vehicle_id} parked at unknown ${v.drive.place_id}`;
        if (!Object.hasOwn(state.drivers, v.driver_id)) return `${v.vehicle_id} has unknown driver ${v.driver_id}`;
      }
      return undefined;
    },
  },
];
