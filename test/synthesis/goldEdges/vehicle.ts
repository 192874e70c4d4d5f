import type { GoldGraph } from './types.js';

// Every command names a car; only the fleet list names cars the call did not receive (the others
// echo the car they were given).
const CAR_TOOLS = [
  'get_vehicle_data',
  'wake_vehicle',
  'lock_vehicle',
  'unlock_vehicle',
  'set_vehicle_climate',
  'set_vehicle_seat_heater',
  'open_vehicle_charge_port',
  'close_vehicle_charge_port',
  'set_vehicle_charge_limit',
  'start_vehicle_charging',
  'stop_vehicle_charging',
  'set_vehicle_charging_amps',
  'actuate_vehicle_trunk',
  'set_vehicle_windows',
  'set_vehicle_sentry_mode',
  'set_vehicle_navigation',
  'cancel_vehicle_navigation',
  'list_vehicle_trips',
];
// Commands refused while the car sleeps (wake_vehicle first); the drive log is read from the cloud.
const AWAKE_TOOLS = CAR_TOOLS.filter((tool) => tool !== 'wake_vehicle' && tool !== 'list_vehicle_trips');

export const gold: GoldGraph = {
  domain: 'vehicle',
  explicit: {
    ...Object.fromEntries(CAR_TOOLS.map((tool) => [tool, ['list_vehicles']])),
    // A destination is a saved place: the places list, or where the car drove before (the trip
    // log's endpoints). Where a car is parked now is no destination for it.
    set_vehicle_navigation: ['list_vehicles', 'list_vehicle_places', 'list_vehicle_trips'],
  },
  implicit: [
    ...AWAKE_TOOLS.map((tool): [string, string] => ['wake_vehicle', tool]),
    // Refused without a route / while not charging / at the limit / with a trunk open: each tool's
    // refusal names the one that makes it work.
    ['set_vehicle_navigation', 'cancel_vehicle_navigation'],
    ['start_vehicle_charging', 'stop_vehicle_charging'],
    ['set_vehicle_charge_limit', 'start_vehicle_charging'],
    ['actuate_vehicle_trunk', 'lock_vehicle'],
  ],
};
