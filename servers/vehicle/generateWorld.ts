import { runWorldGenerator } from '../kit/fixtures.js';
import { SeededRandom, seedRandomState } from '../kit/seededRandom.js';
import {
  AC_VOLTS,
  SEATS,
  SUPERCHARGER_KW,
  VEHICLE_REFERENCE_DATE,
  addMinutes,
  driveMinutes,
  percentFor,
  rangeAt,
  roadDistanceKm,
  round1,
  type Cable,
  type Driver,
  type Place,
  type PlaceCategory,
  type Seat,
  type Trip,
  type Vehicle,
  type VehicleModel,
  type VehicleState,
} from './VehicleState.js';

/**
 * The seeded fleet (`npx tsx servers/vehicle/generateWorld.ts [seed]` writes fixtures/vehicle/world.json):
 * Bayview Mobility's fleet account, 36 drivers, 50 cars parked at or driving between 36 places of a
 * metro area, and two weeks of drive log. Each car's trips are played forward from a starting
 * odometer and battery level, so its odometer and battery now follow from what it drove and charged.
 */

const FIRST = ['Ava', 'Ben', 'Carla', 'Dev', 'Elena', 'Felix', 'Gia', 'Hassan', 'Ines', 'Jonah', 'Kira', 'Leo', 'Maya', 'Nils', 'Omar', 'Priya', 'Quentin', 'Rhea', 'Sam', 'Tomas', 'Uma', 'Victor', 'Wen', 'Yusuf', 'Zoe', 'Aiden', 'Bea', 'Caleb', 'Dana', 'Eli'];
const LAST = ['Alvarez', 'Brennan', 'Cho', 'Delacroix', 'Evans', 'Fischer', 'Gupta', 'Holm', 'Ibarra', 'Jensen', 'Kowalski', 'Laurent', 'Moreau', 'Nakamura', 'Okafor', 'Park', 'Rossi', 'Sato', 'Tanaka', 'Vogel', 'Weber', 'Young'];
const ADJECTIVES = ['Blue', 'Silver', 'Midnight', 'Red', 'Quiet', 'Swift', 'Pearl', 'Stealth', 'Solar', 'Arctic', 'Copper', 'Golden', 'Electric', 'Lucky', 'Wild', 'Misty', 'Crimson', 'Jade', 'Velvet', 'Thunder'];
const NOUNS = ['Falcon', 'Arrow', 'Comet', 'Otter', 'Fox', 'Heron', 'Lynx', 'Bolt', 'Wave', 'Raven', 'Pony', 'Tortoise', 'Kestrel', 'Maple', 'Spark'];
const COLORS = ['Pearl White', 'Solid Black', 'Midnight Silver', 'Deep Blue', 'Ultra Red', 'Stealth Grey', 'Quicksilver'];
const SPECS: Record<VehicleModel, { range: number; capacity: number; vin: string }> = {
  'Model 3': { range: 520, capacity: 75, vin: '5YJ3E1EB' },
  'Model Y': { range: 480, capacity: 75, vin: '7SAYGDEE' },
  'Model S': { range: 600, capacity: 100, vin: '5YJSA1E4' },
  'Model X': { range: 540, capacity: 100, vin: '5YJXCBE2' },
  Cybertruck: { range: 500, capacity: 123, vin: '7G2CEHED' },
};
const YEAR_CODE: Record<number, string> = { 2021: 'M', 2022: 'N', 2023: 'P', 2024: 'R', 2025: 'S' };

/** Places of the metro area: name, category, street, and offset from the centre in km (north, east). */
const PLACES: Array<[string, PlaceCategory, string, number, number]> = [
  ['Harbor Point Supercharger', 'supercharger', '12 Wharf Rd', 1.2, 3.5],
  ['Northgate Supercharger', 'supercharger', '880 Northgate Blvd', 9.5, -1.8],
  ['Airport Supercharger', 'supercharger', '2 Terminal Loop', -14.2, 6.1],
  ['Cedar Hills Supercharger', 'supercharger', '45 Cedar Hills Pkwy', -6.8, -9.4],
  ['Summit Pass Supercharger', 'supercharger', '1 Pass Rd', 88.0, 95.0],
  ['Oakridge Mall', 'shopping', '400 Oakridge Ave', 4.1, -5.2],
  ['Lakeside Market', 'shopping', '19 Lakeshore Dr', -2.5, 2.2],
  ['Coastal Outlet Center', 'shopping', '700 Coast Hwy', -18.0, -12.5],
  ['Northgate Office Park', 'office', '1200 Northgate Blvd', 10.1, -2.4],
  ['Riverside Tower', 'office', '55 River St', 0.4, 0.9],
  ['Innovation Campus', 'office', '3000 Research Way', -9.0, 8.8],
  ['Foundry Works', 'office', '8 Foundry Ln', 2.8, 6.4],
  ['Mercy General Hospital', 'hospital', '101 Mercy Way', 3.3, -1.1],
  ['Bayview Children\'s Clinic', 'hospital', '27 Bay St', -1.6, -3.7],
  ['Lakeside Park', 'park', '1 Park Loop', -3.1, 1.5],
  ['Redwood Grove Trailhead', 'park', 'Grove Rd', 22.5, -30.0],
  ['Sunset Beach', 'park', 'Ocean Ave', -4.0, -16.5],
  ['Bayview International Airport', 'airport', '1 Airport Blvd', -15.0, 6.8],
  ['Union Station', 'office', '500 Union Sq', 0.0, 0.0],
  ['Luigi\'s Trattoria', 'restaurant', '74 Vine St', 1.9, -0.6],
  ['The Green Table', 'restaurant', '311 Elm St', 5.5, 3.3],
  ['Harborfront Oyster Bar', 'restaurant', '9 Wharf Rd', 1.0, 3.9],
  ['Westfield High School', 'school', '600 School Rd', 6.7, -7.9],
  ['Bayview University', 'school', '1 College Ave', -5.2, 4.6],
  ['Maple Elementary', 'school', '88 Maple Dr', 7.9, 1.2],
  ['Grand Plaza Hotel', 'hotel', '250 Market St', 0.6, -0.4],
  ['Summit Ski Lodge', 'hotel', '900 Summit Rd', 96.0, 104.0],
  ['Coastal Vineyard Inn', 'hotel', '14 Vineyard Ln', -70.0, -62.0],
  ['Bayview Arena', 'stadium', '3 Arena Way', -0.9, 5.1],
  ['Riverside Stadium', 'stadium', '50 Stadium Dr', 3.6, 9.2],
  ['Pinecrest Market', 'shopping', '42 Pinecrest Rd', 12.4, 4.4],
  ['Hillside Office Lofts', 'office', '15 Hillside Ave', -7.7, -3.3],
  ['Old Town Library', 'school', '7 Old Town Sq', 0.9, -2.6],
  ['Eastbay Supercharger', 'supercharger', '300 Eastbay Rd', 4.4, 14.8],
  ['Marina Boat Club', 'restaurant', '1 Marina Pier', -0.2, 4.6],
  ['Golden Valley Golf Club', 'park', '18 Fairway Dr', 15.2, -11.1],
];
const CENTER_LAT = 37.7749;
const CENTER_LON = -122.4194;

export function generateWorld(seed: number): VehicleState {
  const random = new SeededRandom(seedRandomState(seed));
  const now = VEHICLE_REFERENCE_DATE;

  const places: Record<string, Place> = {};
  PLACES.forEach(([name, category, street, north, east], i) => {
    const latitude = Math.round((CENTER_LAT + north / 111.0) * 1e5) / 1e5;
    const longitude = Math.round((CENTER_LON + east / (111.0 * Math.cos((CENTER_LAT * Math.PI) / 180))) * 1e5) / 1e5;
    places[`pl_${i + 1}`] = { place_id: `pl_${i + 1}`, name, category, address: `${street}, Bayview`, latitude, longitude };
  });
  const placeIds = Object.keys(places);
  const localPlaces = placeIds.filter((id) => !['Summit Pass Supercharger', 'Summit Ski Lodge', 'Coastal Vineyard Inn', 'Redwood Grove Trailhead'].includes(places[id].name));
  const distance = (a: string, b: string): number => roadDistanceKm(places[a].latitude, places[a].longitude, places[b].latitude, places[b].longitude);

  const drivers: Record<string, Driver> = {};
  const names = new Set<string>();
  for (let i = 1; i <= 36; i++) {
    let first: string;
    let last: string;
    do {
      first = random.pick(FIRST);
      last = random.pick(LAST);
    } while (names.has(`${first} ${last}`));
    names.add(`${first} ${last}`);
    drivers[`drv_${i}`] = { driver_id: `drv_${i}`, name: `${first} ${last}`, email: `${first.toLowerCase()}.${last.toLowerCase()}@bayviewmobility.com` };
  }
  const driverIds = Object.keys(drivers);

  const vehicles: Record<string, Vehicle> = {};
  const trips: Record<string, Trip> = {};
  const displayNames = new Set<string>();
  let tripN = 0;
  const windowStart = Date.parse(now) - 14 * 86_400_000;

  for (let v = 1; v <= 50; v++) {
    const vehicleId = `veh_${v}`;
    const model = random.pick(['Model 3', 'Model 3', 'Model Y', 'Model Y', 'Model Y', 'Model S', 'Model X', 'Cybertruck'] as VehicleModel[]);
    const spec = SPECS[model];
    const year = model === 'Cybertruck' ? 2025 : random.int(2021, 2025);
    let displayName: string;
    do displayName = `${random.pick(ADJECTIVES)} ${random.pick(NOUNS)}`;
    while (displayNames.has(displayName));
    displayNames.add(displayName);
    let serial = '';
    for (let k = 0; k < 6; k++) serial += String(random.int(0, 9));
    const vin = `${spec.vin}${random.int(0, 9)}${YEAR_CODE[year]}F${serial}`;

    // The drive log, played forward: each trip starts where the last one ended, charging in between when low.
    const tripCount = random.int(4, 11);
    let odometer = random.int(3000, 60000) + random.int(0, 9) / 10;
    let level = random.int(55, 95);
    let at = random.pick(localPlaces);
    const slot = (14 * 86_400_000 - 3_600_000) / tripCount;
    for (let t = 0; t < tripCount; t++) {
      let to = random.next() < 0.06 ? random.pick(placeIds) : random.pick(localPlaces);
      while (to === at) to = random.pick(localPlaces);
      const km = distance(at, to);
      const used = percentFor(km, spec.range);
      if (level - used < 15 || random.next() < 0.2) level = Math.max(level, Math.min(100, Math.max(used + 20, random.int(75, 92))));
      const duration = driveMinutes(km);
      const startMs = windowStart + t * slot + random.int(0, Math.max(0, Math.floor((slot - duration * 60_000 - 600_000) / 60_000))) * 60_000;
      const startedAt = new Date(startMs).toISOString().replace('.000Z', 'Z');
      const trip: Trip = {
        trip_id: `trip_${++tripN}`,
        vehicle_id: vehicleId,
        started_at: startedAt,
        ended_at: addMinutes(startedAt, duration),
        from_place_id: at,
        to_place_id: to,
        distance_km: km,
        start_odometer_km: round1(odometer),
        end_odometer_km: round1(odometer + km),
        start_battery_level: level,
        end_battery_level: level - used,
        energy_kwh: round1((used / 100) * spec.capacity),
      };
      trips[trip.trip_id] = trip;
      odometer = trip.end_odometer_km;
      level = trip.end_battery_level;
      at = to;
    }

    const roll = random.next();
    const connectivity = v % 16 === 7 ? 'online' : roll < 0.76 ? 'online' : roll < 0.94 ? 'asleep' : 'offline';
    const driving = connectivity === 'online' && v % 16 !== 7 && random.next() < 0.16;
    const awake = connectivity === 'online';
    let cable: Cable = 'none';
    if (!driving) {
      if (places[at].category === 'supercharger') cable = random.next() < 0.75 ? 'supercharger' : 'none';
      else {
        const plug = random.next();
        cable = plug < 0.4 ? 'wall_connector' : plug < 0.52 ? 'mobile_connector' : 'none';
      }
    }
    const limit = random.pick([70, 80, 80, 80, 90, 90, 100]);
    let chargingState: Vehicle['charge']['state'] = 'Disconnected';
    if (cable !== 'none') {
      if (random.next() < 0.55) level = Math.min(100, level + random.int(0, 35));
      if (level >= limit) {
        level = Math.max(level, limit);
        chargingState = 'Complete';
      } else chargingState = awake && random.next() < 0.5 ? 'Charging' : 'Stopped';
    }
    // A few cars stood unplugged for days (Sentry Mode and standby drain a battery): low now.
    if (!driving && cable === 'none' && v % 16 === 7) level = Math.min(level, v === 7 ? 7 : 16);
    const maxAmps = cable === 'wall_connector' ? 48 : cable === 'mobile_connector' ? 32 : cable === 'supercharger' ? 0 : 48;
    const amps = cable === 'supercharger' ? 0 : cable === 'mobile_connector' ? random.pick([16, 24, 32]) : random.pick([32, 40, 48]);
    const power = chargingState !== 'Charging' ? 0 : cable === 'supercharger' ? SUPERCHARGER_KW : round1((amps * AC_VOLTS) / 1000);

    let latitude = places[at].latitude;
    let longitude = places[at].longitude;
    let navigation: Vehicle['navigation'] = null;
    let placeId: string | null = at;
    if (driving) {
      let dest = random.pick(localPlaces);
      while (dest === at) dest = random.pick(localPlaces);
      const total = distance(at, dest);
      const share = random.int(2, 7) / 10;
      latitude = Math.round((latitude + (places[dest].latitude - latitude) * share) * 1e5) / 1e5;
      longitude = Math.round((longitude + (places[dest].longitude - longitude) * share) * 1e5) / 1e5;
      odometer = round1(odometer + total * share);
      level = Math.max(1, level - Math.round(percentFor(total, spec.range) * share));
      const left = roadDistanceKm(latitude, longitude, places[dest].latitude, places[dest].longitude);
      navigation = { place_id: dest, destination: places[dest].name, distance_km: left, duration_min: driveMinutes(left), arrival_battery_level: level - percentFor(left, spec.range), set_at: addMinutes(now, -random.int(5, 40)) };
      placeId = null;
    } else if (awake && random.next() < 0.12) {
      let dest = random.pick(localPlaces);
      while (dest === at) dest = random.pick(localPlaces);
      const left = distance(at, dest);
      navigation = { place_id: dest, destination: places[dest].name, distance_km: left, duration_min: driveMinutes(left), arrival_battery_level: level - percentFor(left, spec.range), set_at: addMinutes(now, -random.int(5, 90)) };
    }

    const climateOn = awake && level >= 10 && random.next() < (driving ? 0.7 : 0.22);
    const heaters = {} as Record<Seat, number>;
    for (const seat of SEATS) heaters[seat] = climateOn && !(model === 'Cybertruck' && seat === 'rear_center') && (seat === 'driver' || random.next() < 0.25) ? random.int(0, 3) : 0;
    const outside = random.int(2, 16);
    const setPoint = random.pick([20, 20.5, 21, 21.5, 22, 22.5]);
    const parkedAwake = awake && !driving;
    vehicles[vehicleId] = {
      vehicle_id: vehicleId,
      vin,
      display_name: displayName,
      model,
      year,
      color: random.pick(COLORS),
      driver_id: random.pick(driverIds),
      connectivity,
      last_seen_at: awake ? now : addMinutes(now, -(connectivity === 'asleep' ? random.int(20, 600) : random.int(1500, 6000))),
      locked: driving || random.next() < 0.85,
      odometer_km: round1(odometer),
      drive: { shift_state: driving ? 'D' : 'P', speed_kph: driving ? random.int(30, 95) : 0, latitude, longitude, heading: random.int(0, 359), place_id: placeId },
      battery: { level, range_km: rangeAt(spec.range, level), rated_range_km: spec.range, capacity_kwh: spec.capacity },
      charge: { port_open: cable !== 'none' || (parkedAwake && random.next() < 0.06), cable, state: chargingState, limit_pct: limit, amps, max_amps: maxAmps, power_kw: power },
      climate: { on: climateOn, driver_temp_c: setPoint, passenger_temp_c: setPoint, inside_temp_c: climateOn ? setPoint - random.int(0, 3) : outside + random.int(0, 4), outside_temp_c: outside, seat_heaters: heaters },
      closures: { front_trunk_open: parkedAwake && random.next() < 0.05, rear_trunk_open: parkedAwake && random.next() < 0.08, windows: parkedAwake && random.next() < 0.08 ? 'vented' : 'closed' },
      sentry_mode: parkedAwake && level >= 20 && random.next() < 0.25,
      navigation,
    };
  }

  return { drivers, places, vehicles, trips };
}

export const renderWorld = (seed: number): string => `${JSON.stringify(generateWorld(seed), null, 1)}\n`;

runWorldGenerator(import.meta.url, 'vehicle', renderWorld);
