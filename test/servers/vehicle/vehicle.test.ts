import { expect } from 'chai';
import fc from 'fast-check';
import { domainRuntime } from '../../../servers/kit/DomainSession.js';
import { loadFixture } from '../../../servers/kit/fixtures.js';
import { generateWorld } from '../../../servers/vehicle/generateWorld.js';
import { vehicleDomain } from '../../../servers/vehicle/VehicleDomain.js';
import type { VehicleState } from '../../../servers/vehicle/VehicleState.js';
import { vehicleCases } from './cases.js';
import { expectCallSequencesKeepInvariants, ok, refused } from '../support/domainCalls.js';

const runtime = domainRuntime(vehicleDomain);

describe('vehicle: the world', () => {
  it('generateWorld(42) is exactly the committed fixture; another seed gives another world that keeps every invariant', () => {
    expect(generateWorld(42)).to.deep.equal(loadFixture<VehicleState>('vehicle'));
    const other = generateWorld(7);
    expect(other).to.not.deep.equal(generateWorld(42));
    for (const invariant of vehicleDomain.invariants) expect(invariant.check(other, other), invariant.name).to.equal(undefined);
  });

  it('is varied: cars online, asleep and offline, driving and parked, in every charging state, with hundreds of trips', () => {
    const cars = Object.values(runtime.world.vehicles);
    expect(cars).to.have.length(50);
    for (const state of ['online', 'asleep', 'offline']) expect(cars.some((v) => v.connectivity === state), state).to.equal(true);
    for (const state of ['Disconnected', 'Stopped', 'Charging', 'Complete']) expect(cars.some((v) => v.charge.state === state), state).to.equal(true);
    expect(cars.filter((v) => v.drive.shift_state === 'D').length).to.be.greaterThan(3);
    expect(Object.keys(runtime.world.trips).length).to.be.greaterThan(300);
    expect(Object.keys(runtime.world.drivers).length).to.be.greaterThan(30);
    expect(vehicleDomain.tools).to.have.length(20);
  });
});

describe('vehicle: modes gate the commands', () => {
  it('a sleeping car refuses every command until woken, then takes them', () => {
    const session = runtime.openSession();
    for (const [tool, args] of [['lock_vehicle', {}], ['set_vehicle_climate', { mode: 'on' }], ['start_vehicle_charging', {}], ['actuate_vehicle_trunk', { which: 'rear' }]] as const) {
      expect(refused(session, tool, { vehicle_id: 'Swift Arrow', ...args })).to.include('wake_vehicle');
    }
    ok(session, 'wake_vehicle', { vehicle_id: 'Swift Arrow' });
    expect(ok(session, 'start_vehicle_charging', { vehicle_id: 'Swift Arrow' }).charge.charging_state).to.equal('Charging');
    expect(ok(session, 'wake_vehicle', { vehicle_id: 'Swift Arrow' }).was_asleep).to.equal(false);
  });

  it('raising the limit of a complete car resumes charging at the cable\'s power; stopping climate turns the seat heaters off', () => {
    const session = runtime.openSession();
    const charge = ok(session, 'set_vehicle_charge_limit', { vehicle_id: 'Blue Lynx', limit_percent: 100 }).charge;
    expect(charge).to.include({ charging_state: 'Charging', charge_limit_pct: 100 });
    expect(charge.minutes_to_limit).to.be.greaterThan(0);
    ok(session, 'set_vehicle_climate', { vehicle_id: 'Crimson Kestrel', mode: 'on' });
    ok(session, 'set_vehicle_seat_heater', { vehicle_id: 'Crimson Kestrel', seat: 'passenger', level: 2 });
    const off = ok(session, 'set_vehicle_climate', { vehicle_id: 'Crimson Kestrel', mode: 'off' });
    expect(off.climate.seat_heaters.passenger).to.equal(0);
    expect(runtime.checkInvariants(session.state)).to.deep.equal([]);
  });

  it('a route to a far place says the car must stop to charge; the rear trunk toggles', () => {
    const session = runtime.openSession();
    const far = ok(session, 'set_vehicle_navigation', { vehicle_id: 'Velvet Spark', destination: 'Summit Ski Lodge' });
    expect(far.charging_stop_needed).to.equal(true);
    expect(far.navigation.arrival_battery_level).to.be.lessThan(0);
    expect(ok(session, 'actuate_vehicle_trunk', { vehicle_id: 'Crimson Kestrel', which: 'rear' }).open).to.equal(true);
    expect(refused(session, 'lock_vehicle', { vehicle_id: 'Crimson Kestrel' })).to.include('rear trunk');
    expect(ok(session, 'actuate_vehicle_trunk', { vehicle_id: 'Crimson Kestrel', which: 'rear' }).open).to.equal(false);
    ok(session, 'lock_vehicle', { vehicle_id: 'Crimson Kestrel' });
  });

  it('random command sequences keep battery, charging and mode invariants; refusals change nothing', () => {
    const cars = Object.keys(runtime.world.vehicles);
    const car = fc.constantFrom(...cars);
    const step = fc.oneof(
      fc.record({ tool: fc.constant('wake_vehicle'), args: fc.record({ vehicle_id: car }) }),
      fc.record({ tool: fc.constantFrom('start_vehicle_charging', 'stop_vehicle_charging', 'open_vehicle_charge_port', 'close_vehicle_charge_port', 'lock_vehicle', 'unlock_vehicle'), args: fc.record({ vehicle_id: car }) }),
      fc.record({ tool: fc.constant('set_vehicle_charge_limit'), args: fc.record({ vehicle_id: car, limit_percent: fc.integer({ min: 50, max: 100 }) }) }),
      fc.record({ tool: fc.constant('set_vehicle_charging_amps'), args: fc.record({ vehicle_id: car, amps: fc.integer({ min: 5, max: 48 }) }) }),
      fc.record({ tool: fc.constant('set_vehicle_climate'), args: fc.record({ vehicle_id: car, mode: fc.constantFrom('on', 'off') }) }),
      fc.record({ tool: fc.constant('set_vehicle_seat_heater'), args: fc.record({ vehicle_id: car, seat: fc.constantFrom('driver', 'rear_center'), level: fc.integer({ min: 0, max: 3 }) }) }),
      fc.record({ tool: fc.constant('actuate_vehicle_trunk'), args: fc.record({ vehicle_id: car, which: fc.constantFrom('front', 'rear') }) }),
      fc.record({ tool: fc.constant('set_vehicle_sentry_mode'), args: fc.record({ vehicle_id: car, enabled: fc.boolean() }) }),
    );
    expectCallSequencesKeepInvariants(runtime, step);
  });
});
