import { expect } from 'chai';
import type { ToolCase } from '../ToolCase.js';

/**
 * Conformance cases of the connected-car fleet, played in order on one fresh session of the seed-42
 * world (fixtures/vehicle/world.json, reference 2026-03-16T17:30Z). Blue Lynx (veh_1) is plugged in
 * and complete; Jade Otter (veh_3) is driving; Jade Falcon (veh_11) is asleep; Stealth Bolt (veh_36)
 * is offline; Golden Arrow (veh_7) is at 7 % and Velvet Spark (veh_23) at 16 %; Crimson Arrow (veh_2)
 * has its frunk open; Swift Raven (veh_10) is a Cybertruck plugged in and stopped below its limit;
 * Golden Pony (veh_35) charges toward 80 % at 76 %; Quiet Arrow (veh_14) is on a Supercharger.
 */
export const vehicleCases: ToolCase[] = [
  { title: 'the cars of one driver are listed', tool: 'list_vehicles', args: { driver: 'Dev Park' }, ok: true, check: (r) => expect(r.vehicles.map((v: { vehicle_id: string }) => v.vehicle_id)).to.deep.equal(['veh_13', 'veh_27', 'veh_39', 'veh_45']) },
  { title: 'an unknown driver names the closest one', tool: 'list_vehicles', args: { driver: 'Dev Parks' }, ok: false, errorIncludes: ['no driver', 'Dev Park'] },
  { title: 'a car by name reports everything', tool: 'get_vehicle_data', args: { vehicle_id: 'blue lynx' }, ok: true, check: (r) => { expect(r.vehicle.vehicle_id).to.equal('veh_1'); expect(r.charge).to.include({ charging_state: 'Complete', cable: 'wall_connector' }); } },
  { title: 'a sleeping car does not report: wake it first', tool: 'get_vehicle_data', args: { vehicle_id: 'Jade Falcon' }, ok: false, errorIncludes: ['asleep', 'wake_vehicle'] },
  { title: '__proto__ as a car is a plain not-found', tool: 'get_vehicle_data', args: { vehicle_id: '__proto__' }, ok: false, errorIncludes: ['__proto__', 'not found'] },
  { title: 'a sleeping car wakes', tool: 'wake_vehicle', args: { vehicle_id: 'Jade Falcon' }, ok: true, check: (r) => expect(r).to.include({ state: 'online', was_asleep: true }) },
  { title: 'an offline car cannot be woken', tool: 'wake_vehicle', args: { vehicle_id: 'Stealth Bolt' }, ok: false, errorIncludes: ['offline', 'cannot be woken'] },
  { title: 'a car with its frunk open is not locked remotely', tool: 'lock_vehicle', args: { vehicle_id: 'Crimson Arrow' }, ok: false, errorIncludes: ['front trunk', 'by hand'] },
  { title: 'an unlocked car locks', tool: 'lock_vehicle', args: { vehicle_id: 'Golden Raven' }, ok: true, check: (r) => expect(r).to.include({ locked: true, changed: true }) },
  { title: 'a driving car does not unlock', tool: 'unlock_vehicle', args: { vehicle_id: 'Jade Otter' }, ok: false, errorIncludes: ['driving', 'Park'] },
  { title: 'a parked car unlocks', tool: 'unlock_vehicle', args: { vehicle_id: 'veh_17' }, ok: true, check: (r) => expect(r).to.include({ locked: false, changed: true }) },
  { title: 'climate is refused below 10 %', tool: 'set_vehicle_climate', args: { vehicle_id: 'Golden Arrow', mode: 'on' }, ok: false, errorIncludes: ['7 %', 'at least 10 %'] },
  { title: 'climate starts and the passenger side follows the driver', tool: 'set_vehicle_climate', args: { vehicle_id: 'Velvet Falcon', mode: 'on', driver_temp_c: 21.5 }, ok: true, check: (r) => expect(r.climate).to.include({ climate_on: true, driver_temp_c: 21.5, passenger_temp_c: 21.5 }) },
  { title: 'a seat heater needs climate, which needs 10 %', tool: 'set_vehicle_seat_heater', args: { vehicle_id: 'Golden Arrow', seat: 'driver', level: 2 }, ok: false, errorIncludes: ['7 % with climate off', 'at least 10 %'] },
  { title: 'a seat heater turned on starts climate', tool: 'set_vehicle_seat_heater', args: { vehicle_id: 'Jade Lynx', seat: 'passenger', level: 2 }, ok: true, check: (r) => expect(r).to.include({ level: 2, climate_started: true }) },
  { title: 'a seat heater is set while climate runs', tool: 'set_vehicle_seat_heater', args: { vehicle_id: 'Velvet Falcon', seat: 'driver', level: 3 }, ok: true, check: (r) => expect(r.seat_heaters.driver).to.equal(3) },
  { title: 'a Cybertruck has no rear center heater', tool: 'set_vehicle_seat_heater', args: { vehicle_id: 'Swift Raven', seat: 'rear_center', level: 0 }, ok: false, errorIncludes: ['no rear center'] },
  { title: 'the charge port does not open while driving', tool: 'open_vehicle_charge_port', args: { vehicle_id: 'Jade Otter' }, ok: false, errorIncludes: ['driving', 'only in Park'] },
  { title: 'the charge port opens', tool: 'open_vehicle_charge_port', args: { vehicle_id: 'Crimson Kestrel' }, ok: true, check: (r) => expect(r).to.include({ charge_port_open: true, changed: true }) },
  { title: 'the port does not close on a plugged-in cable', tool: 'close_vehicle_charge_port', args: { vehicle_id: 'Blue Lynx' }, ok: false, errorIncludes: ['plugged into Blue Lynx', 'unplugged'] },
  { title: 'the charge port closes', tool: 'close_vehicle_charge_port', args: { vehicle_id: 'Crimson Kestrel' }, ok: true, check: (r) => expect(r).to.include({ charge_port_open: false, changed: true }) },
  { title: 'lowering the limit to below the level completes charging', tool: 'set_vehicle_charge_limit', args: { vehicle_id: 'Golden Pony', limit_percent: 70 }, ok: true, check: (r) => { expect(r.charge).to.include({ charging_state: 'Complete', charge_limit_pct: 70, charger_power_kw: 0 }); expect(r.previous_limit_pct).to.equal(80); } },
  { title: 'a limit below 50 % is refused by the schema', tool: 'set_vehicle_charge_limit', args: { vehicle_id: 'Golden Pony', limit_percent: 40 }, ok: false, errorIncludes: ['limit_percent'] },
  { title: 'an unplugged car does not charge', tool: 'start_vehicle_charging', args: { vehicle_id: 'Crimson Kestrel' }, ok: false, errorIncludes: ['not plugged in', 'open_vehicle_charge_port'] },
  { title: 'a plugged-in car below its limit starts charging', tool: 'start_vehicle_charging', args: { vehicle_id: 'Swift Raven' }, ok: true, check: (r) => expect(r.charge.charging_state).to.equal('Charging') },
  { title: 'a car at its limit does not charge', tool: 'start_vehicle_charging', args: { vehicle_id: 'Golden Pony' }, ok: false, errorIncludes: ['76 %', 'limit is 70 %', 'set_vehicle_charge_limit'] },
  { title: 'charging stops', tool: 'stop_vehicle_charging', args: { vehicle_id: 'Swift Raven' }, ok: true, check: (r) => expect(r.charge).to.include({ charging_state: 'Stopped', charger_power_kw: 0 }) },
  { title: 'a car that is not charging has nothing to stop', tool: 'stop_vehicle_charging', args: { vehicle_id: 'Crimson Kestrel' }, ok: false, errorIncludes: ['not charging', 'unplugged'] },
  { title: 'a plugged-in car that is not charging is told how to start', tool: 'stop_vehicle_charging', args: { vehicle_id: 'Quiet Arrow' }, ok: false, errorIncludes: ['not charging', 'plugged in, not charging', 'start_vehicle_charging starts it'] },
  { title: 'a Supercharger sets its own rate', tool: 'set_vehicle_charging_amps', args: { vehicle_id: 'Quiet Arrow', amps: 16 }, ok: false, errorIncludes: ['Supercharger', 'own rate'] },
  { title: 'the charging current of a mobile connector is set and power follows', tool: 'set_vehicle_charging_amps', args: { vehicle_id: 'Golden Comet', amps: 24 }, ok: true, check: (r) => expect(r.charge).to.include({ charging_amps: 24, charger_power_kw: 5.8 }) },
  { title: 'a mobile connector allows at most 32 A', tool: 'set_vehicle_charging_amps', args: { vehicle_id: 'Golden Comet', amps: 40 }, ok: false, errorIncludes: ['at most 32 A'] },
  { title: 'no trunk while driving', tool: 'actuate_vehicle_trunk', args: { vehicle_id: 'Jade Otter', which: 'rear' }, ok: false, errorIncludes: ['driving', 'trunks open only in Park'] },
  { title: 'an open rear trunk closes', tool: 'actuate_vehicle_trunk', args: { vehicle_id: 'Quiet Fox', which: 'rear' }, ok: true, check: (r) => expect(r).to.include({ which: 'rear', open: false }) },
  { title: 'an open frunk closes only by hand', tool: 'actuate_vehicle_trunk', args: { vehicle_id: 'Crimson Arrow', which: 'front' }, ok: false, errorIncludes: ['already open', 'by hand'] },
  { title: 'windows do not vent while driving', tool: 'set_vehicle_windows', args: { vehicle_id: 'Jade Otter', position: 'vent' }, ok: false, errorIncludes: ['windows vent only in Park'] },
  { title: 'vented windows close', tool: 'set_vehicle_windows', args: { vehicle_id: 'Golden Comet', position: 'close' }, ok: true, check: (r) => expect(r).to.include({ windows: 'closed', changed: true }) },
  { title: 'Sentry Mode needs 20 %', tool: 'set_vehicle_sentry_mode', args: { vehicle_id: 'Velvet Spark', enabled: true }, ok: false, errorIncludes: ['16 %', 'at least 20 %'] },
  { title: 'Sentry Mode is armed', tool: 'set_vehicle_sentry_mode', args: { vehicle_id: 'Crimson Kestrel', enabled: true }, ok: true, check: (r) => expect(r).to.include({ sentry_mode: true, changed: true }) },
  { title: 'Superchargers near a car, nearest first', tool: 'list_vehicle_places', args: { category: 'supercharger', near_vehicle_id: 'Velvet Spark' }, ok: true, check: (r) => { expect(r.count).to.equal(6); expect(r.places[0].distance_km).to.be.at.most(r.places[1].distance_km); } },
  { title: 'a mistyped car id names the closest one', tool: 'list_vehicle_places', args: { near_vehicle_id: 'veh_500' }, ok: false, errorIncludes: ['veh_500 not found', 'veh_50'] },
  { title: 'a destination is sent with distance and arrival battery', tool: 'set_vehicle_navigation', args: { vehicle_id: 'Crimson Kestrel', destination: 'Summit Ski Lodge' }, ok: true, check: (r) => { expect(r.navigation.destination).to.equal('Summit Ski Lodge'); expect(r.navigation.distance_km).to.be.greaterThan(150); expect(r.replaced).to.equal(null); } },
  { title: 'an unknown destination names the closest place', tool: 'set_vehicle_navigation', args: { vehicle_id: 'Crimson Kestrel', destination: 'Oakridge Mal' }, ok: false, errorIncludes: ['no place called', 'Oakridge Mall'] },
  { title: 'the route is cancelled', tool: 'cancel_vehicle_navigation', args: { vehicle_id: 'Crimson Kestrel' }, ok: true, check: (r) => expect(r.cancelled_destination).to.equal('Summit Ski Lodge') },
  { title: 'no route, nothing to cancel', tool: 'cancel_vehicle_navigation', args: { vehicle_id: 'Crimson Kestrel' }, ok: false, errorIncludes: ['no active route', 'set_vehicle_navigation'] },
  { title: 'the drive log of a car, newest first', tool: 'list_vehicle_trips', args: { vehicle_id: 'Blue Lynx', limit: 3 }, ok: true, check: (r) => { expect(r.trips).to.have.length(3); expect(r.trips[0].started_at > r.trips[1].started_at).to.equal(true); expect(r.count).to.be.greaterThan(3); } },
  { title: 'a future start day is refused', tool: 'list_vehicle_trips', args: { vehicle_id: 'Blue Lynx', since: '2026-04-01' }, ok: false, errorIncludes: ['after today'] },
];
