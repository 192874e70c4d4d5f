import type { DomainSampler } from '../kit/Domain.js';
import { byIdNumber, type VehicleState } from './VehicleState.js';

/**
 * Cars are offered by the name people call them (every tool takes a car's name, id or VIN).
 * Read-only discovery of what a grounded request to the fleet can mention: cars by name with their
 * driver and what they are doing, the cars a charging request fits (plugged in), drivers, and the
 * saved places a car can be sent to.
 */
export const vehicleSamplers: DomainSampler<VehicleState>[] = [
  {
    collection: 'vehicles',
    description: 'Cars: id, name, model, driver, connection state, battery, where parked, charging state.',
    sample(state) {
      return Object.values(state.vehicles)
        .sort(byIdNumber((v) => v.vehicle_id))
        .map((v) => ({ vehicle_id: v.display_name, name: v.display_name, model: v.model, driver: state.drivers[v.driver_id].name, state: v.connectivity, battery_level: v.battery.level, parked_at: v.drive.place_id === null ? 'on the road' : state.places[v.drive.place_id].name, charging_state: v.charge.state }));
    },
  },
  {
    collection: 'plugged_in_vehicles',
    description: 'Cars plugged into a cable: id, name, cable, charging state, battery and limit.',
    sample(state) {
      return Object.values(state.vehicles)
        .filter((v) => v.charge.cable !== 'none' && v.connectivity !== 'offline')
        .sort(byIdNumber((v) => v.vehicle_id))
        .map((v) => ({ vehicle_id: v.display_name, name: v.display_name, cable: v.charge.cable, charging_state: v.charge.state, battery_level: v.battery.level, charge_limit: v.charge.limit_pct }));
    },
  },
  {
    collection: 'drivers',
    description: 'Drivers of the fleet: name (driver) and email.',
    sample(state) {
      const driving = new Set(Object.values(state.vehicles).map((v) => v.driver_id));
      return Object.values(state.drivers)
        .filter((d) => driving.has(d.driver_id))
        .sort(byIdNumber((d) => d.driver_id))
        .map((d) => ({ driver_id: d.driver_id, driver: d.name, email: d.email }));
    },
  },
  {
    collection: 'places',
    description: 'Saved places a car can be sent to: id, name (destination), category, address.',
    sample(state) {
      return Object.values(state.places)
        .sort(byIdNumber((p) => p.place_id))
        .map((p) => ({ place_id: p.place_id, destination: p.name, category: p.category, address: p.address }));
    },
  },
];
