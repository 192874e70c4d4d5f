import type { DomainScenario, ScenarioFacts, ScenarioStep, SessionRandom } from '../kit/Domain.js';
import type { Vehicle, VehicleState } from './VehicleState.js';

/**
 * Goals of a signed-in driver, played as conversations. The driver knows their cars by name (and
 * model and colour), the places they go by name, and days; the assistant finds the car's id in the
 * fleet list, wakes it when it sleeps, and reads its state before acting on it.
 */

type Row = Record<string, any>;

const SIGNED_IN = ['The signed-in driver is {driver_name} ({driver_email}).'];

const byNumber = (a: string, b: string): number => Number(a.replace(/\D+/g, '')) - Number(b.replace(/\D+/g, ''));

/** A car (tried from a random start) that takes commands or can be woken, and for which `pick` finds what the goal needs. */
function castCar(state: VehicleState, random: SessionRandom, pick: (car: Vehicle) => ScenarioFacts | undefined): ScenarioFacts | undefined {
  const ids = Object.keys(state.vehicles).sort(byNumber);
  const start = random.int(0, ids.length - 1);
  for (let k = 0; k < ids.length; k++) {
    const car = state.vehicles[ids[(start + k) % ids.length]];
    if (car.connectivity === 'offline') continue;
    const facts = pick(car);
    if (facts === undefined) continue;
    const driver = state.drivers[car.driver_id];
    return { driver_name: driver.name, driver_email: driver.email, car_name: car.display_name, model: car.model, color: car.color.toLowerCase(), ...facts };
  }
  return undefined;
}

const parked = (car: Vehicle): boolean => car.drive.shift_state === 'P';

/** The driver's cars: the one they named, by its name in the list. */
const findCar: ScenarioStep = {
  tool: 'list_vehicles',
  args: (f) => ({ driver: f.driver_email }),
  learn: (r: { vehicles: Row[] }, f) => {
    const car = r.vehicles.find((v) => v.name === f.car_name);
    return car && { vehicle_id: car.vehicle_id, asleep: car.state === 'asleep', battery: car.battery_level };
  },
};

/** A sleeping car is woken before it takes commands. */
const wakeIfAsleep: ScenarioStep = {
  tool: 'wake_vehicle',
  args: (f) => (f.asleep === true ? { vehicle_id: f.vehicle_id } : undefined),
  learn: () => ({ asleep: false }),
};

const CATEGORY_WORDS: Record<string, string> = {
  supercharger: 'Supercharger',
  shopping: 'shopping center',
  office: 'office',
  hospital: 'hospital',
  park: 'park',
  airport: 'airport',
  restaurant: 'restaurant',
  hotel: 'hotel',
};

export const vehicleScenarios: DomainScenario<VehicleState>[] = [
  {
    name: 'warm_up_the_car',
    goal: 'Pre-heat a named car and a seat heater before leaving, then unlock it or turn climate off again.',
    context: SIGNED_IN,
    weight: 2,
    cast: (state, random) =>
      castCar(state, random, (car) => {
        if (!parked(car) || car.battery.level < 15 || car.climate.on) return undefined;
        const temp = random.pick([20, 21, 21.5, 22, 23]);
        const later = random.pick(['unlock', 'unlock', 'off']);
        return { temp, temp_said: temp, too_hot: random.pick([30, 32]), level: random.int(1, 3), seat: random.pick(['driver', 'passenger']), later, locked: car.locked };
      }),
    turns: [
      {
        say: [
          'It is freezing out. Warm up my {car_name} to {temp_said} degrees and put the {seat} seat heater on {level}.',
          'Can you pre-heat the {car_name}? {temp_said} °C please, and the {seat} seat heater at level {level}.',
        ],
        steps: [
          findCar,
          wakeIfAsleep,
          {
            tool: 'set_vehicle_climate',
            args: (f) => ({ vehicle_id: f.vehicle_id, mode: 'on', driver_temp_c: f.temp }),
            fault: {
              kind: 'out_of_range',
              tool: 'set_vehicle_climate',
              said: (f) => ({ temp_said: f.too_hot }),
              args: (f) => ({ vehicle_id: f.vehicle_id, mode: 'on', driver_temp_c: f.too_hot }),
              recovery: 'ask_user',
              ask: ['The climate goes up to 28 °C at most. What temperature would you like instead?', 'That is above the highest setting (28 °C). Which temperature should I set?'],
              reply: ['Then {temp}, please.', 'Make it {temp}.'],
            },
          },
          { tool: 'set_vehicle_seat_heater', args: (f) => ({ vehicle_id: f.vehicle_id, seat: f.seat, level: f.level }) },
        ],
      },
      {
        say: ['I am walking down now, unlock it please.', 'Great, I am heading out. Unlock the car.'],
        when: (f) => f.later === 'unlock' && f.locked === true,
        steps: [{ tool: 'unlock_vehicle', args: (f) => ({ vehicle_id: f.vehicle_id }) }],
      },
      {
        say: ['How warm is it inside by now?', 'Is it warm in there yet?'],
        when: (f) => f.later === 'unlock' && f.locked !== true,
        steps: [{ tool: 'get_vehicle_data', args: (f) => ({ vehicle_id: f.vehicle_id }) }],
      },
      {
        say: ['Change of plans, I am not going out. Turn the climate off again.', 'Never mind, stop the heating.'],
        when: (f) => f.later === 'off',
        steps: [{ tool: 'set_vehicle_climate', args: (f) => ({ vehicle_id: f.vehicle_id, mode: 'off' }) }],
      },
    ],
  },
  {
    name: 'charge_for_a_road_trip',
    goal: 'Raise the charge limit of a plugged-in car for a trip and make sure it charges, faster if the cable allows; maybe stop it later.',
    context: SIGNED_IN,
    weight: 2,
    cast: (state, random) =>
      castCar(state, random, (car) => {
        if (!parked(car) || car.charge.cable === 'none' || car.battery.level >= 95) return undefined;
        const limits = [90, 95, 100].filter((l) => l > car.charge.limit_pct && l > car.battery.level);
        if (limits.length === 0) return undefined;
        const limit = random.pick(limits);
        return { limit, limit_said: limit, too_high: random.pick([105, 110]), trip: random.pick(['a road trip tomorrow', 'a long drive in the morning', 'to drive to Tahoe tomorrow']), stop_later: random.int(0, 1) === 0 };
      }),
    turns: [
      {
        say: ['I have {trip}. Charge my {car_name} to {limit_said} percent.', 'Please get the {car_name} up to {limit_said}% for {trip}; it should be plugged in.'],
        steps: [
          findCar,
          wakeIfAsleep,
          {
            tool: 'set_vehicle_charge_limit',
            args: (f) => ({ vehicle_id: f.vehicle_id, limit_percent: f.limit }),
            learn: (r: Row) => ({ charging: r.charge.charging_state === 'Charging', cable: r.charge.cable, max_amps: r.charge.max_amps, amps: r.charge.charging_amps }),
            fault: {
              kind: 'out_of_range',
              tool: 'set_vehicle_charge_limit',
              said: (f) => ({ limit_said: f.too_high }),
              args: (f) => ({ vehicle_id: f.vehicle_id, limit_percent: f.too_high }),
              recovery: 'ask_user',
              ask: ['The charge limit goes up to 100 % at most. Should I set it to 100 %?', 'A charge limit can be at most 100 %. Which limit would you like?'],
              answer: () => ({ limit: 100 }),
              reply: ['Yes, {limit} then.', 'Make it {limit}.'],
            },
          },
          { tool: 'start_vehicle_charging', args: (f) => (f.charging === true ? undefined : { vehicle_id: f.vehicle_id }), learn: () => ({ charging: true }) },
        ],
      },
      {
        say: ['Can it charge any faster?', 'Turn the charging current up as far as it goes.'],
        when: (f) => f.cable !== 'supercharger' && f.amps !== f.max_amps,
        steps: [{ tool: 'set_vehicle_charging_amps', args: (f) => ({ vehicle_id: f.vehicle_id, amps: f.max_amps }) }],
      },
      {
        say: ['How long until it reaches {limit} percent?', 'When will it be done charging?'],
        when: (f) => !(f.cable !== 'supercharger' && f.amps !== f.max_amps),
        steps: [{ tool: 'get_vehicle_data', args: (f) => ({ vehicle_id: f.vehicle_id }) }],
      },
      {
        say: ['Actually, I need to leave right now. Stop charging.', 'Stop the charging, I am taking the car now.'],
        // Not after a refused limit: the question and the answer already took two messages of the rollout's ten.
        when: (f) => f.stop_later === true && f.limit_said !== f.too_high,
        steps: [{ tool: 'stop_vehicle_charging', args: (f) => ({ vehicle_id: f.vehicle_id }) }],
      },
    ],
  },
  {
    name: 'navigate_to_the_nearest_place',
    goal: 'Send a car to the nearest saved place of a kind, and cancel the route when plans change.',
    context: SIGNED_IN,
    weight: 2,
    cast: (state, random) =>
      castCar(state, random, (car) => {
        const category = random.pick(Object.keys(CATEGORY_WORDS));
        return { category, category_word: CATEGORY_WORDS[category], cancel_later: random.int(0, 1) === 0 };
      }),
    turns: [
      {
        say: ['Which {category_word} is closest to my {car_name}? Send the car there.', 'Set the navigation of the {car_name} to the nearest {category_word}.'],
        steps: [
          findCar,
          wakeIfAsleep,
          {
            tool: 'list_vehicle_places',
            args: (f) => ({ category: f.category, near_vehicle_id: f.vehicle_id }),
            // The nearest place the car is not parked at already.
            learn: (r: { places: Row[] }) => {
              const place = r.places.find((p) => p.distance_km === null || p.distance_km > 0.2);
              return place && { place_id: place.place_id, place: place.destination };
            },
          },
          {
            tool: 'set_vehicle_navigation',
            args: (f) => ({ vehicle_id: f.vehicle_id, destination: f.place_id }),
            fault: { kind: 'missing_argument', tool: 'set_vehicle_navigation', args: (f) => ({ vehicle_id: f.vehicle_id }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['Plans changed, cancel that route.', 'Clear the navigation again, I am not going to {place} after all.'],
        when: (f) => f.cancel_later === true,
        steps: [{ tool: 'cancel_vehicle_navigation', args: (f) => ({ vehicle_id: f.vehicle_id }) }],
      },
      {
        say: ['Will I get there with the battery I have?', 'How much battery will be left when I get there?'],
        when: (f) => f.cancel_later !== true,
        steps: [{ tool: 'get_vehicle_data', args: (f) => ({ vehicle_id: f.vehicle_id }) }],
      },
    ],
  },
  {
    name: 'load_the_trunk',
    goal: 'Open the rear trunk and unlock for loading, then close it and lock up (the lock waits for the trunk).',
    context: SIGNED_IN,
    weight: 2,
    cast: (state, random) =>
      castCar(state, random, (car) => {
        if (!parked(car) || car.closures.rear_trunk_open || car.closures.front_trunk_open) return undefined;
        return { what: random.pick(['groceries', 'my luggage', 'a couple of boxes', 'the stroller']), locked: car.locked };
      }),
    turns: [
      {
        say: ['I am at my {car_name} with {what}. Open the trunk and unlock it.', 'Pop the rear trunk of the {car_name} and unlock the doors, I have {what}.'],
        steps: [
          findCar,
          wakeIfAsleep,
          { tool: 'actuate_vehicle_trunk', args: (f) => ({ vehicle_id: f.vehicle_id, which: 'rear' }) },
          { tool: 'unlock_vehicle', args: (f) => ({ vehicle_id: f.vehicle_id }) },
        ],
      },
      {
        say: ['All loaded. Lock the car up.', 'Done, close the trunk and lock it.'],
        steps: [
          {
            tool: 'actuate_vehicle_trunk',
            args: (f) => ({ vehicle_id: f.vehicle_id, which: 'rear' }),
            fault: { kind: 'state_refusal', tool: 'lock_vehicle', args: (f) => ({ vehicle_id: f.vehicle_id }), recovery: 'retry_alternative' },
          },
          { tool: 'lock_vehicle', args: (f) => ({ vehicle_id: f.vehicle_id }) },
        ],
      },
    ],
  },
  {
    name: 'secure_the_parked_car',
    goal: 'Before leaving a car parked, check it, close the windows, lock it and arm Sentry Mode; turn Sentry off on return.',
    context: SIGNED_IN,
    cast: (state, random) =>
      castCar(state, random, (car) => {
        if (!parked(car) || car.closures.rear_trunk_open || car.closures.front_trunk_open || car.battery.level < 25) return undefined;
        return { where: random.pick(['at the airport for the weekend', 'downtown overnight', 'on the street tonight']), back_later: random.int(0, 1) === 0 };
      }),
    turns: [
      {
        say: ['I am leaving my {car_name} {where}. Make sure the windows are shut, lock it and turn on Sentry Mode.', 'The {car_name} stays {where}: close the windows, lock the doors and arm Sentry.'],
        steps: [
          findCar,
          wakeIfAsleep,
          { tool: 'get_vehicle_data', args: (f) => ({ vehicle_id: f.vehicle_id }), learn: (r: Row) => ({ vented: r.closures.windows !== 'closed' }) },
          { tool: 'set_vehicle_windows', args: (f) => (f.vented === true ? { vehicle_id: f.vehicle_id, position: 'close' } : undefined) },
          { tool: 'lock_vehicle', args: (f) => ({ vehicle_id: f.vehicle_id }) },
          { tool: 'set_vehicle_sentry_mode', args: (f) => ({ vehicle_id: f.vehicle_id, enabled: true }) },
        ],
      },
      {
        say: ['I am back at the car. Turn Sentry Mode off.', 'Back now, you can switch Sentry off.'],
        when: (f) => f.back_later === true,
        steps: [{ tool: 'set_vehicle_sentry_mode', args: (f) => ({ vehicle_id: f.vehicle_id, enabled: false }) }],
      },
      {
        say: ['Is it all locked up now?', 'Can you double-check that it is locked and Sentry is on?'],
        when: (f) => f.back_later !== true,
        steps: [{ tool: 'get_vehicle_data', args: (f) => ({ vehicle_id: f.vehicle_id }) }],
      },
    ],
  },
  {
    name: 'cool_down_on_a_hot_day',
    goal: 'Vent the windows and run the air conditioning of a parked car, then close the windows before driving.',
    context: SIGNED_IN,
    cast: (state, random) =>
      castCar(state, random, (car) => {
        if (!parked(car) || car.battery.level < 15 || car.closures.windows !== 'closed') return undefined;
        return { temp: random.pick([18, 19, 20]) };
      }),
    turns: [
      {
        say: ['My {car_name} has been in the sun all day. Vent the windows and cool it to {temp} degrees.', 'It is boiling in the {car_name}: crack the windows and start the AC at {temp} °C.'],
        steps: [
          findCar,
          wakeIfAsleep,
          { tool: 'set_vehicle_windows', args: (f) => ({ vehicle_id: f.vehicle_id, position: 'vent' }) },
          { tool: 'set_vehicle_climate', args: (f) => ({ vehicle_id: f.vehicle_id, mode: 'on', driver_temp_c: f.temp }) },
        ],
      },
      {
        say: ['I am getting in now, close the windows.', 'Close the windows again, I am about to drive.'],
        steps: [{ tool: 'set_vehicle_windows', args: (f) => ({ vehicle_id: f.vehicle_id, position: 'close' }) }],
      },
    ],
  },
  {
    name: 'open_the_charge_port',
    goal: 'Open the charge port of an unplugged car to plug in, and close it again when the charger is taken.',
    context: SIGNED_IN,
    cast: (state, random) =>
      castCar(state, random, (car) => {
        if (!parked(car) || car.charge.cable !== 'none' || car.charge.port_open) return undefined;
        return { place: random.pick(['the office garage', 'the Supercharger', 'my building']) };
      }),
    turns: [
      {
        say: ['I am at {place} with my {car_name}. Open the charge port for me.', 'Open the charge port door of the {car_name}, I want to plug in.'],
        steps: [findCar, wakeIfAsleep, { tool: 'open_vehicle_charge_port', args: (f) => ({ vehicle_id: f.vehicle_id }) }],
      },
      {
        say: ['Someone took the last charger. Close the port again.', 'No free charger after all; close the charge port.'],
        steps: [{ tool: 'close_vehicle_charge_port', args: (f) => ({ vehicle_id: f.vehicle_id }) }],
      },
    ],
  },
  {
    name: 'review_recent_drives',
    goal: 'Read a sleeping car\'s drive log since a day, then wake it to see its battery and range now.',
    context: SIGNED_IN,
    cast: (state, random) =>
      castCar(state, random, (car) => {
        if (car.connectivity !== 'asleep') return undefined;
        const day = random.pick(['2026-03-09', '2026-03-10', '2026-03-12', '2026-03-14']);
        // Said as the day itself (the log's filter takes a day), with how the driver thinks of it.
        const spoken: Record<string, string> = { '2026-03-09': 'Monday, 2026-03-09', '2026-03-10': '2026-03-10', '2026-03-12': 'Thursday the 12th (2026-03-12)', '2026-03-14': 'last Saturday, 2026-03-14' };
        return { since: day, since_said: spoken[day] };
      }),
    turns: [
      {
        say: ['How far have I driven my {car_name} since {since_said}?', 'Show me the trips of the {car_name} since {since_said}.'],
        steps: [findCar, { tool: 'list_vehicle_trips', args: (f) => ({ vehicle_id: f.vehicle_id, since: f.since }) }],
      },
      {
        say: ['And how much battery does it have right now?', 'What is its range at the moment?'],
        steps: [
          {
            tool: 'wake_vehicle',
            args: (f) => ({ vehicle_id: f.vehicle_id }),
            fault: { kind: 'state_refusal', tool: 'get_vehicle_data', args: (f) => ({ vehicle_id: f.vehicle_id }), recovery: 'retry_alternative' },
          },
          { tool: 'get_vehicle_data', args: (f) => ({ vehicle_id: f.vehicle_id }) },
        ],
      },
    ],
  },
];
