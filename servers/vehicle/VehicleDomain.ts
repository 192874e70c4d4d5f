import { defineDomain } from '../kit/Domain.js';
import { loadFixture } from '../kit/fixtures.js';
import { closeVehicleChargePort, openVehicleChargePort, setVehicleChargeLimit, setVehicleChargingAmps, startVehicleCharging, stopVehicleCharging } from './chargeTools.js';
import { actuateVehicleTrunk, lockVehicle, setVehicleClimate, setVehicleSeatHeater, setVehicleSentryMode, setVehicleWindows, unlockVehicle, wakeVehicle } from './commandTools.js';
import { cancelVehicleNavigation, getVehicleData, listVehiclePlaces, listVehicles, listVehicleTrips, setVehicleNavigation } from './driveTools.js';
import { VEHICLE_REFERENCE_DATE, type VehicleState } from './VehicleState.js';
import { vehicleInvariants } from './vehicleInvariants.js';
import { vehiclePhrasings } from './vehiclePhrasings.js';
import { vehicleSamplers } from './vehicleSamplers.js';
import { vehicleScenarios } from './vehicleScenarios.js';

/** A connected-car fleet after Tesla's Fleet API: wake, doors, climate, seats, charging, trunks, windows, Sentry Mode, navigation and drive state. */
export const vehicleDomain = defineDomain<VehicleState>({
  name: 'vehicle',
  title: 'Connected car',
  category: 'iot',
  description:
    'A Tesla Fleet API-style connected-car account (Bayview Mobility): 50 cars (Model 3, Y, S, X, Cybertruck) with their drivers, ' +
    'each online, asleep or offline, parked at or driving between 36 saved places, with two weeks of drive log. Commands lock and ' +
    'unlock, run climate and seat heaters, open the charge port, set the charge limit and current, start and stop charging, open ' +
    'trunks, vent windows, arm Sentry Mode and set the navigation destination; each is gated by the car\'s mode (asleep cars take no ' +
    'commands, no trunk or vent while driving, no charging unplugged), and battery range stays consistent with what the car drove.',
  tools: [
    listVehicles,
    getVehicleData,
    wakeVehicle,
    lockVehicle,
    unlockVehicle,
    setVehicleClimate,
    setVehicleSeatHeater,
    openVehicleChargePort,
    closeVehicleChargePort,
    setVehicleChargeLimit,
    startVehicleCharging,
    stopVehicleCharging,
    setVehicleChargingAmps,
    actuateVehicleTrunk,
    setVehicleWindows,
    setVehicleSentryMode,
    listVehiclePlaces,
    setVehicleNavigation,
    cancelVehicleNavigation,
    listVehicleTrips,
  ],
  loadWorld: () => loadFixture<VehicleState>('vehicle'),
  defaultReferenceDate: VEHICLE_REFERENCE_DATE,
  samplers: vehicleSamplers,
  invariants: vehicleInvariants,
  phrasings: vehiclePhrasings,
  scenarios: vehicleScenarios,
});

export default vehicleDomain;
