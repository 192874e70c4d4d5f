import type { SessionRandom } from '../kit/Domain.js';
import { SeededRandom, seedRandomState } from '../kit/seededRandom.js';
import {
  HISTORY_HOURS,
  IOT_REFERENCE_DATE,
  type Automation,
  type AutomationAction,
  type AutomationCondition,
  type AutomationTrigger,
  type Capability,
  type Device,
  type DeviceAttributes,
  type DeviceGroup,
  type DeviceLimits,
  type DeviceType,
  type Floor,
  type Home,
  type IotState,
  type LockCode,
  type ReadingMetric,
  type Room,
  type Scene,
  type SceneEntity,
  type SensorSeries,
} from './IotState.js';
import { runWorldGenerator } from '../kit/fixtures.js';

/**
 * The iot_devices world: six homes of different kinds, their rooms and about 250 devices of 13
 * types with realistic makes and models, a week of hourly readings for every sensor, thermostat and
 * metering plug, and the scenes, automations and groups a household would set up. Seeded and
 * independent of the machine's clock and timezone.
 */

const HOUR = 3_600_000;
const NOW = Date.parse(IOT_REFERENCE_DATE);

function iso(time: number): string {
  return new Date(time).toISOString().replace('.000Z', 'Z');
}

interface Random extends SessionRandom {
  chance(p: number): boolean;
  float(min: number, max: number): number;
  shuffle<T>(items: readonly T[]): T[];
  sample<T>(items: readonly T[], n: number): T[];
}

function createRandom(seed: number): Random {
  const base = new SeededRandom(seedRandomState(seed));
  const shuffle = <T>(items: readonly T[]): T[] => {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = base.int(0, i);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  };
  return {
    next: () => base.next(),
    int: (min, max) => base.int(min, max),
    pick: (items) => base.pick(items),
    chance: (p) => base.next() < p,
    float: (min, max) => min + base.next() * (max - min),
    shuffle,
    sample: (items, n) => shuffle(items).slice(0, n),
  };
}

const round = (value: number, digits: number): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

interface Product {
  manufacturer: string;
  model: string;
  type: DeviceType;
  capabilities: Capability[];
  power_source: 'mains' | 'battery';
  limits?: DeviceLimits;
}

const product = (type: DeviceType, manufacturer: string, model: string, capabilities: Capability[], limits: DeviceLimits = {}): Product => ({
  type,
  manufacturer,
  model,
  capabilities,
  power_source: capabilities.includes('battery') ? 'battery' : 'mains',
  limits,
});

const PRODUCTS = {
  dimmableLight: [
    product('light', 'Philips Hue', 'White A19', ['on_off', 'brightness']),
    product('light', 'Lutron', 'Caseta Smart Dimmer', ['on_off', 'brightness']),
    product('light', 'LIFX', 'Mini White', ['on_off', 'brightness']),
  ],
  ambianceLight: [
    product('light', 'Philips Hue', 'White Ambiance A19', ['on_off', 'brightness', 'color_temp'], { color_temp_kelvin: { min: 2200, max: 6500 } }),
    product('light', 'IKEA', 'TRADFRI LED bulb E26 1100 lm', ['on_off', 'brightness', 'color_temp'], { color_temp_kelvin: { min: 2200, max: 4000 } }),
  ],
  colorLight: [
    product('light', 'Philips Hue', 'White and Color Ambiance A19', ['on_off', 'brightness', 'color_temp', 'rgb_color'], { color_temp_kelvin: { min: 2000, max: 6500 } }),
    product('light', 'Nanoleaf', 'Essentials Lightstrip', ['on_off', 'brightness', 'color_temp', 'rgb_color'], { color_temp_kelvin: { min: 2700, max: 6500 } }),
    product('light', 'LIFX', 'Color A19', ['on_off', 'brightness', 'color_temp', 'rgb_color'], { color_temp_kelvin: { min: 1500, max: 9000 } }),
  ],
  switch: [
    product('switch', 'Lutron', 'Caseta Smart Switch', ['on_off']),
    product('switch', 'Shelly', 'Plus 1', ['on_off']),
    product('switch', 'TP-Link', 'Kasa HS200', ['on_off']),
  ],
  meteringPlug: [
    product('plug', 'TP-Link', 'Kasa KP115', ['on_off', 'power', 'energy']),
    product('plug', 'Eve', 'Energy', ['on_off', 'power', 'energy']),
    product('plug', 'Shelly', 'Plus Plug US', ['on_off', 'power', 'energy']),
  ],
  basicPlug: [product('plug', 'Belkin', 'Wemo Mini Smart Plug', ['on_off']), product('plug', 'IKEA', 'TRETAKT', ['on_off'])],
  thermostat: [
    product('thermostat', 'ecobee', 'SmartThermostat Premium', ['hvac', 'temperature', 'humidity'], {
      hvac_modes: ['off', 'heat', 'cool', 'heat_cool'],
      setpoints_c: { heat: { min: 7, max: 30 }, cool: { min: 18, max: 33 } },
    }),
    product('thermostat', 'Google Nest', 'Learning Thermostat (4th gen)', ['hvac', 'temperature'], {
      hvac_modes: ['off', 'heat', 'cool', 'heat_cool'],
      setpoints_c: { heat: { min: 9, max: 32 }, cool: { min: 9, max: 32 } },
    }),
    product('thermostat', 'Honeywell', 'T9 Smart Thermostat', ['hvac', 'temperature', 'humidity'], {
      hvac_modes: ['off', 'heat', 'cool'],
      setpoints_c: { heat: { min: 4.5, max: 32 }, cool: { min: 10, max: 37 } },
    }),
  ],
  radiatorThermostat: [
    product('thermostat', 'tado', 'Smart Radiator Thermostat X', ['hvac', 'temperature', 'battery'], {
      hvac_modes: ['off', 'heat'],
      setpoints_c: { heat: { min: 5, max: 25 } },
    }),
  ],
  lock: [
    product('lock', 'Yale', 'Assure Lock 2', ['lock', 'battery'], { code_length: { min: 4, max: 8 } }),
    product('lock', 'Schlage', 'Encode Plus', ['lock', 'battery'], { code_length: { min: 4, max: 8 } }),
    product('lock', 'August', 'Wi-Fi Smart Lock', ['lock', 'battery'], { code_length: { min: 4, max: 6 } }),
    product('lock', 'Nuki', 'Smart Lock Pro (4th gen)', ['lock', 'battery'], { code_length: { min: 6, max: 6 } }),
  ],
  doorbell: [
    product('camera', 'Ring', 'Battery Doorbell Pro', ['snapshot', 'recording', 'battery'], { snapshot_resolution: { width: 1536, height: 1536 } }),
    product('camera', 'Google Nest', 'Doorbell (wired, 2nd gen)', ['snapshot', 'recording'], { snapshot_resolution: { width: 1600, height: 1200 } }),
  ],
  camera: [
    product('camera', 'Arlo', 'Pro 5S 2K', ['snapshot', 'recording', 'battery'], { snapshot_resolution: { width: 2560, height: 1440 } }),
    product('camera', 'Google Nest', 'Cam (indoor, wired)', ['snapshot', 'recording'], { snapshot_resolution: { width: 1920, height: 1080 } }),
    product('camera', 'Wyze', 'Cam v3', ['snapshot'], { snapshot_resolution: { width: 1920, height: 1080 } }),
  ],
  blind: [
    product('cover', 'IKEA', 'FYRTUR Blackout Roller Blind', ['position', 'battery']),
    product('cover', 'Somfy', 'Sonesse 30 Roller Shade', ['position']),
    product('cover', 'Lutron', 'Serena Honeycomb Shade', ['position', 'battery']),
  ],
  garageDoor: [product('cover', 'Chamberlain', 'myQ Smart Garage Control', ['open_close']), product('cover', 'Meross', 'Smart Garage Door Opener', ['open_close'])],
  speaker: [
    product('speaker', 'Sonos', 'Era 100', ['on_off', 'volume']),
    product('speaker', 'Sonos', 'One SL', ['on_off', 'volume']),
    product('speaker', 'Google', 'Nest Audio', ['on_off', 'volume']),
    product('speaker', 'Amazon', 'Echo Dot (5th gen)', ['on_off', 'volume']),
    product('speaker', 'Apple', 'HomePod mini', ['on_off', 'volume']),
  ],
  temperature: [
    product('temperature_sensor', 'Aqara', 'Temperature Sensor T1', ['temperature', 'battery']),
    product('temperature_sensor', 'Govee', 'H5075 Thermometer', ['temperature', 'battery']),
    product('temperature_sensor', 'Eve', 'Room', ['temperature', 'battery']),
  ],
  humidity: [
    product('humidity_sensor', 'SwitchBot', 'Meter Plus', ['humidity', 'battery']),
    product('humidity_sensor', 'Aqara', 'Humidity Sensor', ['humidity', 'battery']),
    product('humidity_sensor', 'Govee', 'H5179 Hygrometer', ['humidity', 'battery']),
  ],
  motion: [
    product('motion_sensor', 'Philips Hue', 'Motion Sensor', ['motion', 'battery']),
    product('motion_sensor', 'Aqara', 'Motion Sensor P1', ['motion', 'battery']),
    product('motion_sensor', 'Ring', 'Motion Detector (2nd gen)', ['motion', 'battery']),
  ],
  contact: [
    product('contact_sensor', 'Aqara', 'Door and Window Sensor', ['contact', 'battery']),
    product('contact_sensor', 'Ring', 'Contact Sensor (2nd gen)', ['contact', 'battery']),
    product('contact_sensor', 'Eve', 'Door & Window', ['contact', 'battery']),
  ],
  energyMeter: [
    product('energy_meter', 'Emporia', 'Vue 3', ['power', 'energy']),
    product('energy_meter', 'Sense', 'Energy Monitor', ['power', 'energy']),
    product('energy_meter', 'Shelly', 'Pro 3EM', ['power', 'energy']),
  ],
} satisfies Record<string, Product[]>;

type HomeKind = 'house' | 'apartment' | 'townhouse' | 'cabin';

interface HomeTemplate {
  kind: HomeKind;
  /** Whether the home has an energy meter and metering plugs. */
  metering: boolean;
  required: string[];
  optional: string[];
  optionalCount: [number, number];
}

const HOME_TEMPLATES: HomeTemplate[] = [
  { kind: 'house', metering: true, required: ['Entryway', 'Living Room', 'Kitchen', 'Master Bedroom', 'Hallway', 'Garage'], optional: ["Kids' Room", 'Office', 'Basement', 'Dining Room', 'Patio', 'Laundry Room', 'Bathroom', 'Bedroom 2'], optionalCount: [3, 4] },
  { kind: 'apartment', metering: true, required: ['Entryway', 'Living Room', 'Kitchen', 'Bedroom', 'Bathroom'], optional: ['Office', 'Balcony', 'Guest Room'], optionalCount: [1, 2] },
  { kind: 'house', metering: true, required: ['Entryway', 'Living Room', 'Kitchen', 'Master Bedroom', "Kids' Room", 'Hallway', 'Garage', 'Basement'], optional: ['Office', 'Dining Room', 'Patio', 'Laundry Room', 'Bathroom'], optionalCount: [2, 3] },
  { kind: 'townhouse', metering: true, required: ['Entryway', 'Living Room', 'Kitchen', 'Master Bedroom', 'Garage'], optional: ['Office', 'Bedroom 2', 'Patio', 'Laundry Room', 'Bathroom'], optionalCount: [2, 3] },
  { kind: 'cabin', metering: true, required: ['Entryway', 'Living Room', 'Kitchen', 'Bedroom', 'Porch'], optional: ['Loft', 'Bathroom'], optionalCount: [1, 2] },
  { kind: 'apartment', metering: false, required: ['Entryway', 'Living Room', 'Kitchen', 'Bedroom'], optional: ['Office', 'Bathroom', 'Balcony'], optionalCount: [1, 2] },
];

const HOME_NAMES: Record<HomeKind, string[]> = {
  house: ['Maple Street House', 'Oak Hollow House', 'Cedar Ridge House', 'Birchwood Family Home', 'Willow Lane House'],
  apartment: ['Harbor View Apartment', 'Riverside Loft', 'Midtown Apartment', 'Parkside Flat', 'Canal Street Apartment'],
  townhouse: ['Elm Court Townhouse', 'Linden Row Townhouse', 'Juniper Square Townhouse'],
  cabin: ['Pine Crest Cabin', 'Lakeside Cabin', 'Aspen Hollow Cabin'],
};

const CITIES = [
  { city: 'Portland, OR', timezone: 'America/Los_Angeles', utcOffset: -7, streets: ['SE Belmont St', 'NE Alberta St', 'SW Vista Ave'] },
  { city: 'Seattle, WA', timezone: 'America/Los_Angeles', utcOffset: -7, streets: ['Greenwood Ave N', 'E Pine St', 'California Ave SW'] },
  { city: 'Denver, CO', timezone: 'America/Denver', utcOffset: -6, streets: ['S Pearl St', 'W 32nd Ave', 'E Colfax Ave'] },
  { city: 'Chicago, IL', timezone: 'America/Chicago', utcOffset: -5, streets: ['N Damen Ave', 'W Armitage Ave', 'S Halsted St'] },
  { city: 'Austin, TX', timezone: 'America/Chicago', utcOffset: -5, streets: ['S Congress Ave', 'E Cesar Chavez St', 'Barton Springs Rd'] },
  { city: 'Boston, MA', timezone: 'America/New_York', utcOffset: -4, streets: ['Tremont St', 'Centre St', 'Beacon St'] },
  { city: 'Asheville, NC', timezone: 'America/New_York', utcOffset: -4, streets: ['Merrimon Ave', 'Haywood Rd', 'Charlotte St'] },
  { city: 'Burlington, VT', timezone: 'America/New_York', utcOffset: -4, streets: ['Pearl St', 'North Ave', 'Shelburne Rd'] },
];

const OWNERS = ['Maya Patel', 'Daniel Okafor', 'Sofia Lindqvist', 'James Whitaker', 'Aiko Tanaka', 'Carlos Mendoza', 'Priya Raman', 'Liam Gallagher', 'Nora Haddad', 'Ethan Brooks'];

const FLOOR_OF: Record<string, Floor> = {
  Basement: 'basement',
  Patio: 'outdoor',
  Porch: 'outdoor',
  Balcony: 'outdoor',
  'Master Bedroom': 'upper',
  'Bedroom 2': 'upper',
  "Kids' Room": 'upper',
  Loft: 'upper',
};

/** Which device template a room name uses. */
function roomKind(name: string): string {
  if (name === 'Master Bedroom' || name === 'Bedroom' || name === 'Bedroom 2' || name === 'Guest Room') return 'bedroom';
  if (name === 'Patio' || name === 'Porch' || name === 'Balcony') return 'outdoor';
  return name;
}

interface HomeContext {
  home: Home;
  template: HomeTemplate;
  utcOffset: number;
  rooms: Room[];
  devices: Device[];
  names: Set<string>;
  /** What each plug powers (drives its energy profile). */
  appliance: Map<string, string>;
}

interface World {
  random: Random;
  devices: Record<string, Device>;
  deviceCount: number;
}

function uniqueName(ctx: HomeContext, name: string): string {
  let candidate = name;
  for (let n = 2; ctx.names.has(candidate); n++) candidate = `${name} ${n}`;
  ctx.names.add(candidate);
  return candidate;
}

function addDevice(world: World, ctx: HomeContext, room: Room, choices: Product[], label: string, attributes: DeviceAttributes = {}, limits: DeviceLimits = {}): Device {
  const { random } = world;
  const chosen = random.pick(choices);
  const id = `dev_${++world.deviceCount}`;
  const device: Device = {
    id,
    home_id: ctx.home.id,
    room_id: room.id,
    name: uniqueName(ctx, label),
    type: chosen.type,
    manufacturer: chosen.manufacturer,
    model: chosen.model,
    power_source: chosen.power_source,
    capabilities: chosen.capabilities.slice(),
    online: true,
    last_seen: IOT_REFERENCE_DATE,
    last_changed: IOT_REFERENCE_DATE,
    attributes,
    limits: { ...structuredClone(chosen.limits ?? {}), ...limits },
  };
  world.devices[id] = device;
  ctx.devices.push(device);
  return device;
}

function lightProducts(random: Random, room: string): Product[] {
  const roll = random.next();
  if (room === 'outdoor') return roll < 0.6 ? PRODUCTS.dimmableLight : PRODUCTS.colorLight;
  if (roll < 0.35) return PRODUCTS.dimmableLight;
  if (roll < 0.75) return PRODUCTS.ambianceLight;
  return PRODUCTS.colorLight;
}

const LIGHT_LABELS: Record<string, string[]> = {
  Entryway: ['Ceiling Light', 'Porch Light'],
  'Living Room': ['Ceiling Light', 'Floor Lamp', 'TV Backlight', 'Reading Lamp'],
  Kitchen: ['Ceiling Light', 'Under-Cabinet Lights', 'Pendant Lights'],
  bedroom: ['Ceiling Light', 'Bedside Lamp'],
  "Kids' Room": ['Ceiling Light', 'Night Light'],
  Office: ['Ceiling Light', 'Desk Lamp'],
  Bathroom: ['Mirror Light'],
  Hallway: ['Ceiling Light', 'Stair Lights'],
  Garage: ['Ceiling Light'],
  Basement: ['Ceiling Light', 'Workbench Light'],
  outdoor: ['String Lights', 'Flood Light', 'Path Lights'],
  'Laundry Room': ['Ceiling Light'],
  'Dining Room': ['Chandelier', 'Sideboard Lamp'],
  Loft: ['Ceiling Light', 'Reading Lamp'],
};

const PLUG_LABELS: Record<string, string[]> = {
  'Living Room': ['TV', 'Aquarium', 'Media Console'],
  Kitchen: ['Coffee Maker', 'Refrigerator', 'Kettle', 'Toaster Oven'],
  bedroom: ['Space Heater', 'Humidifier', 'Fan'],
  "Kids' Room": ['Humidifier'],
  Office: ['Desk', 'Monitor', 'Printer'],
  Garage: ['Freezer'],
  Basement: ['Dehumidifier', 'Freezer'],
  outdoor: ['Fountain Pump', 'Patio Heater'],
  'Laundry Room': ['Washer', 'Dryer'],
  Loft: ['Space Heater'],
};

/** The rooms' device templates: [slot, probability, how many]. */
const ROOM_DEVICES: Record<string, Array<[string, number, [number, number]]>> = {
  Entryway: [['lock', 1, [1, 1]], ['doorbell', 1, [1, 1]], ['door_contact', 1, [1, 1]], ['light', 1, [1, 2]], ['motion', 0.7, [1, 1]], ['switch', 0.5, [1, 1]]],
  'Living Room': [['light', 1, [2, 4]], ['speaker', 0.9, [1, 1]], ['blind', 0.8, [1, 2]], ['motion', 0.7, [1, 1]], ['temperature', 0.7, [1, 1]], ['plug', 0.8, [1, 2]]],
  Kitchen: [['light', 1, [2, 3]], ['plug', 1, [1, 2]], ['motion', 0.5, [1, 1]], ['speaker', 0.5, [1, 1]], ['humidity', 0.4, [1, 1]], ['window_contact', 0.4, [1, 1]]],
  bedroom: [['light', 1, [1, 2]], ['blind', 0.85, [1, 2]], ['temperature', 0.7, [1, 1]], ['plug', 0.6, [1, 1]], ['speaker', 0.4, [1, 1]], ['window_contact', 0.5, [1, 1]], ['radiator', 0.35, [1, 1]]],
  "Kids' Room": [['light', 1, [2, 2]], ['blind', 0.9, [1, 1]], ['temperature', 0.9, [1, 1]], ['speaker', 1, [1, 1]], ['baby_camera', 1, [1, 1]], ['plug', 0.4, [1, 1]]],
  Office: [['light', 1, [1, 2]], ['plug', 1, [1, 2]], ['speaker', 0.6, [1, 1]], ['temperature', 0.7, [1, 1]], ['blind', 0.6, [1, 1]], ['motion', 0.5, [1, 1]]],
  Bathroom: [['light', 1, [1, 1]], ['humidity', 1, [1, 1]], ['motion', 0.8, [1, 1]], ['fan_switch', 0.8, [1, 1]]],
  Hallway: [['light', 1, [1, 2]], ['motion', 1, [1, 1]], ['switch', 0.7, [1, 1]], ['temperature', 0.3, [1, 1]]],
  Garage: [['garage_door', 1, [1, 1]], ['light', 1, [1, 1]], ['outdoor_camera', 0.8, [1, 1]], ['side_door_contact', 0.8, [1, 1]], ['plug', 0.7, [1, 1]], ['side_door_lock', 0.4, [1, 1]]],
  Basement: [['light', 1, [1, 2]], ['humidity', 1, [1, 1]], ['plug', 0.9, [1, 2]], ['motion', 0.5, [1, 1]], ['window_contact', 0.3, [1, 1]]],
  outdoor: [['light', 1, [1, 2]], ['outdoor_camera', 0.7, [1, 1]], ['plug', 0.6, [1, 1]], ['motion', 0.7, [1, 1]], ['temperature', 0.6, [1, 1]], ['gate_contact', 0.4, [1, 1]]],
  'Laundry Room': [['light', 1, [1, 1]], ['plug', 1, [2, 2]], ['humidity', 0.7, [1, 1]]],
  'Dining Room': [['light', 1, [1, 2]], ['blind', 0.7, [1, 2]], ['speaker', 0.4, [1, 1]], ['temperature', 0.4, [1, 1]]],
  Loft: [['light', 1, [2, 2]], ['blind', 0.6, [1, 1]], ['temperature', 0.8, [1, 1]], ['plug', 0.6, [1, 1]]],
};

/** Average kWh per hour of an appliance at a local hour (before noise). */
function applianceLoad(appliance: string, localHour: number, weekday: boolean, random: Random): number {
  const evening = localHour >= 18 && localHour <= 23;
  const morning = localHour >= 6 && localHour <= 8;
  const night = localHour >= 22 || localHour <= 6;
  switch (appliance) {
    case 'Refrigerator':
      return random.float(0.05, 0.09);
    case 'Freezer':
      return random.float(0.04, 0.07);
    case 'Aquarium':
      return random.float(0.025, 0.035);
    case 'Coffee Maker':
      return morning && random.chance(0.6) ? random.float(0.3, 0.7) : 0.002;
    case 'Kettle':
      return (morning || evening) && random.chance(0.4) ? random.float(0.08, 0.15) : 0.001;
    case 'Toaster Oven':
      return morning && random.chance(0.3) ? random.float(0.2, 0.4) : 0.001;
    case 'TV':
    case 'Media Console':
      return evening ? random.float(0.09, 0.16) : random.chance(0.15) ? 0.1 : 0.004;
    case 'Space Heater':
    case 'Patio Heater':
      return night && random.chance(0.5) ? random.float(0.7, 1.4) : 0;
    case 'Humidifier':
      return night ? random.float(0.02, 0.04) : 0.001;
    case 'Fan':
      return night && random.chance(0.4) ? 0.03 : 0;
    case 'Desk':
    case 'Monitor':
      return weekday && localHour >= 9 && localHour <= 17 ? random.float(0.05, 0.12) : 0.003;
    case 'Printer':
      return weekday && localHour >= 9 && localHour <= 17 && random.chance(0.2) ? 0.05 : 0.002;
    case 'Dehumidifier':
      return random.chance(0.5) ? random.float(0.25, 0.35) : 0.002;
    case 'Fountain Pump':
      return localHour >= 8 && localHour <= 20 ? random.float(0.03, 0.05) : 0;
    case 'Washer':
      return !weekday && localHour >= 9 && localHour <= 12 && random.chance(0.5) ? random.float(0.4, 0.6) : 0.001;
    case 'Dryer':
      return !weekday && localHour >= 11 && localHour <= 14 && random.chance(0.5) ? random.float(1.8, 2.6) : 0.001;
    default:
      return 0.01;
  }
}

const ALWAYS_ON = new Set(['Refrigerator', 'Freezer', 'Aquarium', 'Dehumidifier', 'Fountain Pump']);

function localHourAt(time: number, utcOffset: number): { hour: number; weekday: boolean } {
  const local = new Date(time + utcOffset * HOUR);
  const day = local.getUTCDay();
  return { hour: local.getUTCHours(), weekday: day >= 1 && day <= 5 };
}

function createDevices(world: World, ctx: HomeContext, room: Room): void {
  const { random } = world;
  const kind = roomKind(room.name);
  const template = ROOM_DEVICES[kind] ?? [];
  const lightLabels = LIGHT_LABELS[kind] ?? ['Ceiling Light'];
  const plugLabels = random.shuffle(PLUG_LABELS[kind] ?? ['Lamp']);
  let lightIndex = 0;
  let plugIndex = 0;
  for (const [slot, probability, [min, max]] of template) {
    if (!random.chance(probability)) continue;
    const count = random.int(min, max);
    for (let i = 0; i < count; i++) {
      switch (slot) {
        case 'light': {
          const label = lightLabels[lightIndex % lightLabels.length];
          lightIndex++;
          addDevice(world, ctx, room, lightProducts(random, kind), `${room.name} ${label}`);
          break;
        }
        case 'plug': {
          const appliance = plugLabels[plugIndex % plugLabels.length];
          plugIndex++;
          const device = addDevice(world, ctx, room, ctx.template.metering ? PRODUCTS.meteringPlug : PRODUCTS.basicPlug, `${room.name} ${appliance}`);
          ctx.appliance.set(device.id, appliance);
          break;
        }
        case 'switch':
          addDevice(world, ctx, room, PRODUCTS.switch, `${room.name} Light Switch`);
          break;
        case 'fan_switch':
          addDevice(world, ctx, room, PRODUCTS.switch, `${room.name} Exhaust Fan`);
          break;
        case 'speaker': {
          const limits: DeviceLimits = kind === "Kids' Room" ? { max_volume_pct: random.pick([50, 60]) } : {};
          addDevice(world, ctx, room, PRODUCTS.speaker, `${room.name} Speaker`, {}, limits);
          break;
        }
        case 'blind':
          addDevice(world, ctx, room, PRODUCTS.blind, `${room.name} ${count > 1 ? ['Left Blind', 'Right Blind'][i] : 'Blind'}`);
          break;
        case 'garage_door':
          addDevice(world, ctx, room, PRODUCTS.garageDoor, 'Garage Door');
          break;
        case 'lock':
          addDevice(world, ctx, room, PRODUCTS.lock, 'Front Door Lock');
          break;
        case 'side_door_lock':
          addDevice(world, ctx, room, PRODUCTS.lock, 'Garage Side Door Lock');
          break;
        case 'doorbell':
          addDevice(world, ctx, room, PRODUCTS.doorbell, 'Front Doorbell');
          break;
        case 'baby_camera':
          addDevice(world, ctx, room, PRODUCTS.camera.filter((p) => !p.capabilities.includes('recording')), `${room.name} Camera`);
          break;
        case 'outdoor_camera':
          addDevice(world, ctx, room, PRODUCTS.camera.slice(0, 1).concat(PRODUCTS.doorbell.slice(1)), `${room.name} Camera`);
          break;
        case 'door_contact':
          addDevice(world, ctx, room, PRODUCTS.contact, 'Front Door Sensor');
          break;
        case 'side_door_contact':
          addDevice(world, ctx, room, PRODUCTS.contact, 'Garage Side Door Sensor');
          break;
        case 'window_contact':
          addDevice(world, ctx, room, PRODUCTS.contact, `${room.name} Window Sensor`);
          break;
        case 'gate_contact':
          addDevice(world, ctx, room, PRODUCTS.contact, `${room.name} Gate Sensor`);
          break;
        case 'motion':
          addDevice(world, ctx, room, PRODUCTS.motion, `${room.name} Motion Sensor`);
          break;
        case 'temperature':
          addDevice(world, ctx, room, PRODUCTS.temperature, `${room.name} Temperature`);
          break;
        case 'humidity':
          addDevice(world, ctx, room, PRODUCTS.humidity, `${room.name} Humidity`);
          break;
        case 'radiator':
          addDevice(world, ctx, room, PRODUCTS.radiatorThermostat, `${room.name} Radiator`);
          break;
      }
    }
  }
}

function indoorTemperature(localHour: number, base: number, random: Random): number {
  const daily = 1.1 * Math.cos(((localHour - 17) / 24) * 2 * Math.PI);
  return base + daily + random.float(-0.3, 0.3);
}

function outdoorTemperature(localHour: number, dayIndex: number, random: Random): number {
  const daily = 5.5 * Math.cos(((localHour - 15) / 24) * 2 * Math.PI);
  return 7 + dayIndex * 0.4 + daily + random.float(-1, 1);
}

/** Hourly readings for one device; empty when the device records no history. */
function readingsFor(device: Device, ctx: HomeContext, random: Random, plugSeries: Map<string, number[]>): SensorSeries | undefined {
  const start = NOW - HISTORY_HOURS * HOUR;
  const lastSeen = Date.parse(device.last_seen);
  const hours = device.online ? HISTORY_HOURS : Math.max(0, Math.floor((lastSeen - start) / HOUR));
  const room = ctx.rooms.find((r) => r.id === device.room_id)!;
  const kind = roomKind(room.name);
  const outdoor = room.floor === 'outdoor';
  let metric: ReadingMetric;
  let unit: string;
  const values: number[] = [];
  const roomBase = 20 + random.float(-1.2, 1.5);
  const humidityBase = kind === 'Basement' ? 58 : kind === 'Bathroom' ? 52 : random.float(36, 46);
  let humidity = humidityBase;
  for (let h = 0; h < hours; h++) {
    const time = start + h * HOUR;
    const { hour, weekday } = localHourAt(time, ctx.utcOffset);
    const occupied = (hour >= 6 && hour <= 9) || (hour >= 17 && hour <= 23) || (!weekday && hour >= 9 && hour <= 17);
    switch (device.type) {
      case 'thermostat': {
        const mode = device.attributes.hvac_mode;
        const target = device.attributes.target_temperature_c ?? device.attributes.target_temp_low_c ?? roomBase;
        const value = mode === 'off' ? indoorTemperature(hour, roomBase - 1.5, random) : target + random.float(-0.6, 0.5) - (hour <= 5 ? 0.8 : 0);
        values.push(round(value, 1));
        break;
      }
      case 'temperature_sensor':
        values.push(round(outdoor ? outdoorTemperature(hour, Math.floor(h / 24), random) : indoorTemperature(hour, roomBase, random), 1));
        break;
      case 'humidity_sensor': {
        humidity += (humidityBase - humidity) * 0.2 + random.float(-1.5, 1.5);
        const shower = kind === 'Bathroom' && (hour === 7 || hour === 22) && random.chance(0.7) ? random.float(18, 28) : 0;
        values.push(round(Math.min(99, humidity + shower), 1));
        break;
      }
      case 'motion_sensor':
        values.push(occupied ? random.int(1, outdoor ? 4 : 12) : random.chance(0.08) ? 1 : 0);
        break;
      case 'contact_sensor': {
        const isDoor = /Door|Gate/.test(device.name);
        values.push(isDoor && occupied ? (random.chance(0.5) ? random.int(1, 4) : 0) : random.chance(0.02) ? 1 : 0);
        break;
      }
      case 'plug': {
        const load = applianceLoad(ctx.appliance.get(device.id) ?? '', hour, weekday, random);
        values.push(round(load, 3));
        break;
      }
      case 'energy_meter': {
        let load = 0.28 + random.float(0, 0.12);
        for (const series of plugSeries.values()) load += series[h] ?? 0;
        if (hour >= 17 && hour <= 20) load += random.float(0.4, 1.6);
        if (hour <= 6 || hour >= 22) load += random.float(0.3, 0.9);
        values.push(round(load, 3));
        break;
      }
      default:
        return undefined;
    }
  }
  switch (device.type) {
    case 'thermostat':
    case 'temperature_sensor':
      metric = 'temperature';
      unit = '°C';
      break;
    case 'humidity_sensor':
      metric = 'humidity';
      unit = '%';
      break;
    case 'motion_sensor':
      metric = 'motion';
      unit = 'events';
      break;
    case 'contact_sensor':
      metric = 'contact';
      unit = 'openings';
      break;
    default:
      metric = 'energy';
      unit = 'kWh';
  }
  return { device_id: device.id, metric, unit, start: iso(start), interval_minutes: 60, values };
}

function initialAttributes(device: Device, random: Random, appliance: string | undefined, series: SensorSeries | undefined): DeviceAttributes {
  const caps = new Set(device.capabilities);
  const last = series && series.values.length > 0 ? series.values[series.values.length - 1] : undefined;
  const attributes: DeviceAttributes = {};
  if (device.type === 'light') {
    attributes.on = random.chance(0.3);
    attributes.brightness_pct = random.int(2, 20) * 5;
    if (caps.has('rgb_color') && random.chance(0.35)) {
      attributes.color_mode = 'rgb';
      attributes.color_temp_kelvin = round((device.limits.color_temp_kelvin!.min + device.limits.color_temp_kelvin!.max) / 200, 0) * 100;
      attributes.rgb_color = random.pick<[number, number, number]>([
        [255, 147, 41],
        [255, 0, 128],
        [64, 156, 255],
        [120, 255, 140],
        [180, 90, 255],
      ]);
    } else if (caps.has('color_temp')) {
      const range = device.limits.color_temp_kelvin!;
      attributes.color_mode = 'color_temp';
      attributes.color_temp_kelvin = random.int(Math.ceil(range.min / 100), Math.floor(range.max / 100)) * 100;
    } else {
      attributes.color_mode = 'brightness';
    }
  }
  if (device.type === 'switch') attributes.on = random.chance(0.35);
  if (device.type === 'plug') {
    attributes.on = ALWAYS_ON.has(appliance ?? '') || random.chance(0.4);
    if (caps.has('power')) attributes.power_w = attributes.on && last !== undefined ? round(last * 1000, 1) : 0;
  }
  if (device.type === 'speaker') {
    const max = device.limits.max_volume_pct ?? 100;
    attributes.on = random.chance(0.4);
    attributes.volume_pct = Math.min(max, random.int(2, 12) * 5);
    attributes.muted = random.chance(0.1);
  }
  if (device.type === 'thermostat') {
    const modes = device.limits.hvac_modes!;
    const roll = random.next();
    const mode = roll < 0.6 || modes.length === 2 ? (roll < 0.93 ? 'heat' : 'off') : roll < 0.8 && modes.includes('heat_cool') ? 'heat_cool' : roll < 0.9 && modes.includes('cool') ? 'cool' : 'off';
    attributes.hvac_mode = mode;
    attributes.target_temperature_c = mode === 'heat' ? random.int(38, 44) / 2 : mode === 'cool' ? random.int(46, 50) / 2 : null;
    attributes.target_temp_low_c = mode === 'heat_cool' ? random.int(38, 41) / 2 : null;
    attributes.target_temp_high_c = mode === 'heat_cool' ? random.int(46, 50) / 2 : null;
  }
  if (device.type === 'lock') attributes.locked = random.chance(0.85);
  if (device.type === 'camera') {
    if (caps.has('recording')) attributes.recording = random.chance(0.75);
    attributes.last_snapshot_at = null;
  }
  if (device.type === 'cover') attributes.position_pct = caps.has('open_close') ? (random.chance(0.15) ? 100 : 0) : random.int(0, 10) * 10;
  if (device.type === 'motion_sensor') attributes.motion_detected = device.online && last !== undefined && last > 0 && random.chance(0.4);
  if (device.type === 'contact_sensor') attributes.contact_open = random.chance(/Window/.test(device.name) ? 0.15 : 0.05);
  if (device.type === 'energy_meter') attributes.power_w = last !== undefined ? round(last * 1000, 1) : 0;
  return attributes;
}

function lockCodes(device: Device, random: Random): LockCode[] {
  const { min, max } = device.limits.code_length!;
  const names = ['Family', ...random.sample(['Guest', 'Cleaner', 'Dog Walker', 'Babysitter', 'Grandparents'], random.int(1, 2))];
  const used = new Set<string>();
  return names.map((name, index) => {
    let code = '';
    while (code === '' || used.has(code)) {
      const length = random.int(min, Math.min(max, 6));
      code = '';
      for (let i = 0; i < length; i++) code += String(random.int(i === 0 ? 1 : 0, 9));
    }
    used.add(code);
    return { slot: index + 1, name, code };
  });
}

function clampTo(value: number, range: { min: number; max: number } | undefined): number {
  if (range === undefined) return value;
  return Math.min(range.max, Math.max(range.min, value));
}

function kelvinFor(device: Device, kelvin: number): number | undefined {
  return device.capabilities.includes('color_temp') ? clampTo(kelvin, device.limits.color_temp_kelvin) : undefined;
}

function lightTarget(device: Device, brightness: number, kelvin: number): SceneEntity {
  const entity: SceneEntity = { device_id: device.id, on: true, brightness_pct: brightness };
  const k = kelvinFor(device, kelvin);
  if (k !== undefined) entity.color_temp_kelvin = k;
  return entity;
}

function heatTarget(device: Device, temperature: number): SceneEntity | undefined {
  const heat = device.limits.setpoints_c?.heat;
  if (!heat) return undefined;
  return { device_id: device.id, hvac_mode: 'heat', target_temperature_c: clampTo(temperature, heat) };
}

function scenesFor(ctx: HomeContext, random: Random, nextScene: () => string, referenceTime: number): Scene[] {
  const roomOf = (device: Device): string => roomKind(ctx.rooms.find((r) => r.id === device.room_id)!.name);
  const inRooms = (type: DeviceType, kinds: string[]): Device[] => ctx.devices.filter((d) => d.type === type && kinds.includes(roomOf(d)));
  const ofType = (type: DeviceType): Device[] => ctx.devices.filter((d) => d.type === type);
  const mainThermostat = ctx.devices.find((d) => d.type === 'thermostat' && d.limits.hvac_modes!.includes('cool'));
  const candidates: Array<[string, SceneEntity[]]> = [];
  const living = 'Living Room';
  candidates.push([
    'Movie Night',
    [
      ...inRooms('light', [living]).map((d) => lightTarget(d, 20, 2700)),
      ...inRooms('cover', [living]).map((d) => ({ device_id: d.id, position_pct: 0 })),
      ...inRooms('speaker', [living]).map((d) => ({ device_id: d.id, on: true, volume_pct: 35 })),
      ...ctx.devices.filter((d) => d.type === 'plug' && ctx.appliance.get(d.id) === 'TV').map((d) => ({ device_id: d.id, on: true })),
    ],
  ]);
  candidates.push([
    'Good Morning',
    [
      ...inRooms('cover', ['bedroom']).map((d) => ({ device_id: d.id, position_pct: 100 })),
      ...inRooms('light', ['bedroom']).slice(0, 2).map((d) => lightTarget(d, 70, 4000)),
      ...(mainThermostat ? [heatTarget(mainThermostat, 21)!] : []),
      ...ctx.devices.filter((d) => d.type === 'plug' && ctx.appliance.get(d.id) === 'Coffee Maker').map((d) => ({ device_id: d.id, on: true })),
    ],
  ]);
  candidates.push([
    'Good Night',
    [
      ...ofType('light').slice(0, 8).map((d) => ({ device_id: d.id, on: false })),
      ...ofType('lock').map((d) => ({ device_id: d.id, locked: true })),
      ...(mainThermostat ? [heatTarget(mainThermostat, 18)!] : []),
      ...inRooms('cover', ['bedroom', "Kids' Room"]).map((d) => ({ device_id: d.id, position_pct: 0 })),
    ],
  ]);
  candidates.push([
    'Away',
    [
      ...ofType('light').slice(0, 10).map((d) => ({ device_id: d.id, on: false })),
      ...ofType('lock').map((d) => ({ device_id: d.id, locked: true })),
      ...ofType('camera').filter((d) => d.capabilities.includes('recording')).map((d) => ({ device_id: d.id, recording: true })),
      ...(mainThermostat ? [heatTarget(mainThermostat, 16)!] : []),
      ...ofType('speaker').map((d) => ({ device_id: d.id, on: false })),
    ],
  ]);
  candidates.push(['Dinner', [...inRooms('light', ['Dining Room', 'Kitchen']).map((d) => lightTarget(d, 60, 2700)), ...inRooms('speaker', ['Dining Room', 'Kitchen']).map((d) => ({ device_id: d.id, on: true, volume_pct: 25 }))]]);
  candidates.push(['Focus', [...inRooms('light', ['Office', 'Loft']).map((d) => lightTarget(d, 100, 5000)), ...inRooms('cover', ['Office', 'Loft']).map((d) => ({ device_id: d.id, position_pct: 70 }))]]);
  candidates.push([
    'Relax',
    inRooms('light', [living, 'bedroom']).map((d) =>
      d.capabilities.includes('rgb_color') ? { device_id: d.id, on: true, brightness_pct: 40, rgb_color: [255, 147, 41] as [number, number, number] } : lightTarget(d, 40, 2700),
    ),
  ]);
  candidates.push([
    'Bedtime Story',
    [
      ...inRooms('light', ["Kids' Room"]).map((d) => lightTarget(d, 25, 2700)),
      ...inRooms('speaker', ["Kids' Room"]).map((d) => ({ device_id: d.id, on: true, volume_pct: Math.min(20, d.limits.max_volume_pct ?? 100) })),
      ...inRooms('cover', ["Kids' Room"]).map((d) => ({ device_id: d.id, position_pct: 0 })),
    ],
  ]);
  const usable = candidates.filter(([, entities]) => entities.length >= 2);
  const kept = new Set(random.sample(usable, 5));
  const scenes: Scene[] = [];
  for (const candidate of usable) {
    if (!kept.has(candidate)) continue;
    const [name, entities] = candidate;
    scenes.push({
      id: nextScene(),
      home_id: ctx.home.id,
      name,
      entities,
      created_at: iso(referenceTime - random.int(20, 400) * 24 * HOUR),
      last_activated: random.chance(0.8) ? iso(referenceTime - random.int(2, 200) * HOUR) : null,
    });
  }
  return scenes;
}

interface AutomationDraft {
  alias: string;
  description: string;
  trigger: AutomationTrigger;
  conditions: AutomationCondition[];
  actions: AutomationAction[];
}

function automationsFor(ctx: HomeContext, scenes: Scene[], random: Random): AutomationDraft[] {
  const roomName = (device: Device): string => ctx.rooms.find((r) => r.id === device.room_id)!.name;
  const find = (predicate: (device: Device) => boolean): Device | undefined => ctx.devices.find(predicate);
  const drafts: AutomationDraft[] = [];
  const outdoorLight = find((d) => d.type === 'light' && (/Porch|Flood|String|Path/.test(d.name) || roomKind(roomName(d)) === 'outdoor'));
  if (outdoorLight) {
    drafts.push({
      alias: `${outdoorLight.name} on at sunset`,
      description: 'Turns the outdoor light on shortly before sunset.',
      trigger: { type: 'sun', event: 'sunset', offset_minutes: random.pick([0, -10, -15, -30]) },
      conditions: [],
      actions: [{ type: 'turn_on', device_id: outdoorLight.id, brightness_pct: 80 }],
    });
    drafts.push({
      alias: `${outdoorLight.name} off at midnight`,
      description: 'Turns the outdoor light off for the night.',
      trigger: { type: 'time', at: '00:00' },
      conditions: [],
      actions: [{ type: 'turn_off', device_id: outdoorLight.id }],
    });
  }
  for (const motion of ctx.devices.filter((d) => d.type === 'motion_sensor').slice(0, 2)) {
    const light = find((d) => d.type === 'light' && d.room_id === motion.room_id);
    if (!light) continue;
    drafts.push({
      alias: `${roomName(motion)} night light on motion`,
      description: 'Dim light when someone walks by at night.',
      trigger: { type: 'state', device_id: motion.id, to: 'on' },
      conditions: [{ type: 'time', after: '22:00', before: '06:30' }],
      actions: [{ type: 'turn_on', device_id: light.id, brightness_pct: random.pick([20, 30, 40]) }],
    });
  }
  const lock = find((d) => d.type === 'lock');
  if (lock) {
    drafts.push({
      alias: `Lock ${lock.name.replace(/ Lock$/, '').toLowerCase()} at night`,
      description: 'Makes sure the door is locked every night.',
      trigger: { type: 'time', at: random.pick(['22:00', '22:30', '23:00']) },
      conditions: [{ type: 'state', device_id: lock.id, state: 'unlocked' }],
      actions: [{ type: 'lock', device_id: lock.id }, { type: 'notify', message: `${lock.name} was unlocked and has been locked.` }],
    });
  }
  const door = find((d) => d.type === 'contact_sensor' && d.name === 'Front Door Sensor');
  if (door) {
    drafts.push({
      alias: 'Front door opened at night',
      description: 'Alert when the front door opens while everyone sleeps.',
      trigger: { type: 'state', device_id: door.id, to: 'open' },
      conditions: [{ type: 'time', after: '23:00', before: '06:00' }],
      actions: [{ type: 'notify', message: 'The front door was opened.' }],
    });
  }
  const garage = find((d) => d.type === 'cover' && d.capabilities.includes('open_close'));
  if (garage) {
    drafts.push({
      alias: 'Garage door opened',
      description: 'Notify whenever the garage door opens.',
      trigger: { type: 'state', device_id: garage.id, to: 'open' },
      conditions: [],
      actions: [{ type: 'notify', message: 'The garage door is open.' }],
    });
  }
  const morning = scenes.find((s) => s.name === 'Good Morning');
  if (morning) {
    drafts.push({
      alias: 'Weekday morning routine',
      description: 'Runs the Good Morning scene.',
      trigger: { type: 'time', at: random.pick(['06:30', '06:45', '07:00']) },
      conditions: [],
      actions: [{ type: 'activate_scene', scene_id: morning.id }],
    });
  }
  const away = scenes.find((s) => s.name === 'Good Night');
  if (away && random.chance(0.6)) {
    drafts.push({
      alias: 'Good night at 23:30',
      description: 'Runs the Good Night scene every evening.',
      trigger: { type: 'time', at: '23:30' },
      conditions: [],
      actions: [{ type: 'activate_scene', scene_id: away.id }],
    });
  }
  const bathHumidity = find((d) => d.type === 'humidity_sensor' && roomName(d) === 'Bathroom');
  const fan = bathHumidity && find((d) => d.type === 'switch' && d.room_id === bathHumidity.room_id);
  if (bathHumidity && fan) {
    drafts.push({
      alias: 'Bathroom fan on high humidity',
      description: 'Starts the exhaust fan after a shower.',
      trigger: { type: 'numeric_state', device_id: bathHumidity.id, attribute: 'humidity_pct', above: 70 },
      conditions: [],
      actions: [{ type: 'turn_on', device_id: fan.id }],
    });
  }
  const basementHumidity = find((d) => d.type === 'humidity_sensor' && roomName(d) === 'Basement');
  const dehumidifier = find((d) => d.type === 'plug' && ctx.appliance.get(d.id) === 'Dehumidifier');
  if (basementHumidity && dehumidifier) {
    drafts.push({
      alias: 'Basement dehumidifier',
      description: 'Keeps the basement below 60 % humidity.',
      trigger: { type: 'numeric_state', device_id: basementHumidity.id, attribute: 'humidity_pct', above: 60 },
      conditions: [],
      actions: [{ type: 'turn_on', device_id: dehumidifier.id }],
    });
  }
  const warm = find((d) => d.type === 'temperature_sensor' && roomName(d) !== 'Patio' && roomName(d) !== 'Porch' && roomName(d) !== 'Balcony');
  if (warm) {
    drafts.push({
      alias: `${roomName(warm)} too warm`,
      description: 'Warns when the room gets too warm.',
      trigger: { type: 'numeric_state', device_id: warm.id, attribute: 'temperature_c', above: 26 },
      conditions: [{ type: 'time', after: '08:00', before: '22:00' }],
      actions: [{ type: 'notify', message: `${roomName(warm)} is above 26 °C.` }],
    });
  }
  const thermostat = find((d) => d.type === 'thermostat' && d.limits.hvac_modes!.includes('cool'));
  if (thermostat) {
    drafts.push({
      alias: 'Warm up before waking',
      description: 'Raises the heating setpoint in the morning.',
      trigger: { type: 'time', at: '06:00' },
      conditions: [{ type: 'state', device_id: thermostat.id, state: 'heat' }],
      actions: [{ type: 'set_temperature', device_id: thermostat.id, temperature_c: 21 }],
    });
  }
  const blind = find((d) => d.type === 'cover' && d.capabilities.includes('position') && roomName(d) === 'Living Room');
  if (blind) {
    drafts.push({
      alias: 'Close living room blinds at sunset',
      description: 'Privacy in the evening.',
      trigger: { type: 'sun', event: 'sunset', offset_minutes: 15 },
      conditions: [],
      actions: [{ type: 'set_cover_position', device_id: blind.id, position_pct: 0 }],
    });
  }
  const battery = find((d) => d.power_source === 'battery' && d.type === 'lock');
  if (battery) {
    drafts.push({
      alias: `${battery.name} battery low`,
      description: 'Reminds to change the batteries.',
      trigger: { type: 'numeric_state', device_id: battery.id, attribute: 'battery_pct', below: 15 },
      conditions: [],
      actions: [{ type: 'notify', message: `Replace the batteries of ${battery.name}.` }],
    });
  }
  return drafts;
}

function groupsFor(ctx: HomeContext, random: Random): Array<{ name: string; device_ids: string[] }> {
  const switchable = (d: Device): boolean => d.capabilities.includes('on_off');
  const roomName = (device: Device): string => ctx.rooms.find((r) => r.id === device.room_id)!.name;
  const groups: Array<{ name: string; device_ids: string[] }> = [];
  const lights = ctx.devices.filter((d) => d.type === 'light');
  groups.push({ name: 'All Lights', device_ids: lights.slice(0, 14).map((d) => d.id) });
  const ground = lights.filter((d) => ctx.rooms.find((r) => r.id === d.room_id)!.floor === 'ground');
  if (ground.length >= 3 && ground.length < lights.length) groups.push({ name: 'Downstairs Lights', device_ids: ground.slice(0, 10).map((d) => d.id) });
  const outdoor = ctx.devices.filter((d) => switchable(d) && ctx.rooms.find((r) => r.id === d.room_id)!.floor === 'outdoor');
  if (outdoor.length >= 2) groups.push({ name: 'Outdoor', device_ids: outdoor.map((d) => d.id) });
  const speakers = ctx.devices.filter((d) => d.type === 'speaker');
  if (speakers.length >= 2 && random.chance(0.7)) groups.push({ name: 'Whole-Home Audio', device_ids: speakers.map((d) => d.id) });
  const living = ctx.devices.filter((d) => switchable(d) && roomName(d) === 'Living Room' && d.type !== 'speaker');
  if (living.length >= 2) groups.push({ name: 'Living Room', device_ids: living.map((d) => d.id) });
  return groups.filter((g) => g.device_ids.length >= 2);
}

/** The whole world for one seed. */
export function generateWorld(seed = 42): IotState {
  const random = createRandom(seed);
  const world: World = { random, devices: {}, deviceCount: 0 };
  const state: IotState = { homes: {}, rooms: {}, devices: {}, device_homes: {}, readings: {}, scenes: {}, automations: {}, groups: {}, snapshots: {} };
  const cities = random.shuffle(CITIES);
  const owners = random.shuffle(OWNERS);
  const usedNames = new Set<string>();
  let roomCount = 0;
  let sceneCount = 0;
  let automationCount = 0;
  let groupCount = 0;

  HOME_TEMPLATES.forEach((template, index) => {
    const city = cities[index];
    let name = random.pick(HOME_NAMES[template.kind]);
    while (usedNames.has(name)) name = random.pick(HOME_NAMES[template.kind]);
    usedNames.add(name);
    const home: Home = {
      id: `home_${index + 1}`,
      name,
      address: `${random.int(12, 4800)} ${random.pick(city.streets)}${template.kind === 'apartment' ? `, Apt ${random.int(2, 24)}${random.pick(['A', 'B', 'C'])}` : ''}`,
      city: city.city,
      timezone: city.timezone,
      owner: owners[index],
      energy_price_per_kwh: round(random.float(0.12, 0.31), 4),
      currency: 'USD',
    };
    state.homes[home.id] = home;
    const roomNames = [...template.required, ...random.sample(template.optional, random.int(...template.optionalCount))];
    const ctx: HomeContext = { home, template, utcOffset: city.utcOffset, rooms: [], devices: [], names: new Set(), appliance: new Map() };
    for (const roomName of roomNames) {
      const room: Room = { id: `room_${++roomCount}`, home_id: home.id, name: roomName, floor: FLOOR_OF[roomName] ?? 'ground' };
      state.rooms[room.id] = room;
      ctx.rooms.push(room);
    }
    for (const room of ctx.rooms) createDevices(world, ctx, room);
    const thermostatRoom = ctx.rooms.find((r) => r.name === 'Hallway') ?? ctx.rooms.find((r) => r.name === 'Living Room')!;
    addDevice(world, ctx, thermostatRoom, PRODUCTS.thermostat, template.kind === 'house' ? 'Main Thermostat' : `${thermostatRoom.name} Thermostat`);
    if (template.metering) {
      const meterRoom = ['Basement', 'Garage', 'Laundry Room', 'Entryway'].map((n) => ctx.rooms.find((r) => r.name === n)).find((r) => r !== undefined)!;
      addDevice(world, ctx, meterRoom, PRODUCTS.energyMeter, 'Whole-Home Energy Meter');
    }

    for (const device of ctx.devices) {
      if (random.chance(0.075)) {
        device.online = false;
        device.last_seen = iso(NOW - random.int(90, 6500) * 60_000);
      } else {
        device.last_seen = iso(NOW - random.int(0, 25) * 60_000);
      }
    }

    // Thermostat modes first: their readings follow the setpoint.
    for (const device of ctx.devices) if (device.type === 'thermostat') device.attributes = initialAttributes(device, random, undefined, undefined);
    const plugSeries = new Map<string, number[]>();
    const ordered = [...ctx.devices.filter((d) => d.type !== 'energy_meter'), ...ctx.devices.filter((d) => d.type === 'energy_meter')];
    for (const device of ordered) {
      const records = device.type !== 'plug' || device.capabilities.includes('energy');
      const series = records ? readingsFor(device, ctx, random, plugSeries) : undefined;
      if (series) {
        if (device.type === 'plug') plugSeries.set(device.id, series.values);
        state.readings[device.id] = series;
      }
      if (device.type !== 'thermostat') device.attributes = initialAttributes(device, random, ctx.appliance.get(device.id), series);
      const lastSeen = Date.parse(device.last_seen);
      device.last_changed = iso(lastSeen - random.int(5, 4000) * 60_000);
      if (series && device.type === 'thermostat') device.attributes.temperature_c = series.values[series.values.length - 1] ?? 20;
      if (series && device.type === 'temperature_sensor') device.attributes.temperature_c = series.values[series.values.length - 1] ?? 20;
      if (series && device.type === 'humidity_sensor') device.attributes.humidity_pct = series.values[series.values.length - 1] ?? 45;
      if (device.capabilities.includes('humidity') && device.type === 'thermostat') device.attributes.humidity_pct = random.int(32, 48);
      if (device.power_source === 'battery') device.attributes.battery_pct = device.online ? random.int(12, 100) : random.int(0, 4);
      if (device.type === 'lock') device.lock_codes = lockCodes(device, random);
    }

    const scenes = scenesFor(ctx, random, () => `scene_${++sceneCount}`, NOW);
    for (const scene of scenes) state.scenes[scene.id] = scene;
    const drafts = automationsFor(ctx, scenes, random);
    const keptDrafts = new Set(random.sample(drafts, random.int(6, 8)));
    for (const draft of drafts.filter((d) => keptDrafts.has(d))) {
      const enabled = random.chance(0.82);
      const automation: Automation = {
        id: `auto_${++automationCount}`,
        home_id: home.id,
        alias: draft.alias,
        description: draft.description,
        enabled,
        trigger: draft.trigger,
        conditions: draft.conditions,
        actions: draft.actions,
        created_at: iso(NOW - random.int(10, 500) * 24 * HOUR),
        last_triggered: enabled && random.chance(0.85) ? iso(NOW - random.int(1, 160) * HOUR - random.int(0, 59) * 60_000) : null,
      };
      state.automations[automation.id] = automation;
    }
    for (const group of groupsFor(ctx, random)) {
      const record: DeviceGroup = { id: `grp_${++groupCount}`, home_id: home.id, name: group.name, device_ids: group.device_ids, created_at: iso(NOW - random.int(5, 300) * 24 * HOUR) };
      state.groups[record.id] = record;
    }
  });
  for (const device of Object.values(world.devices)) {
    (state.devices[device.home_id] ??= {})[device.id] = device;
    state.device_homes[device.id] = device.home_id;
  }
  return state;
}

runWorldGenerator(import.meta.url, 'iot_devices', (seed) => `${JSON.stringify(generateWorld(seed), null, 2)}\n`);
