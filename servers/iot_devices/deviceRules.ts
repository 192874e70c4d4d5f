import { isFrozenState } from '../kit/isFrozenState.js';
import { shallowCopy } from '../kit/shallowCopy.js';
import { devicesWithNameKey } from './nameIndexes.js';
import type {
  Capability,
  Device,
  DeviceAttributes,
  DeviceType,
  HvacMode,
  IotState,
  NumericAttribute,
  Range,
  SceneEntity,
} from './IotState.js';

/**
 * The rules every tool of the iot_devices domain shares: how a device is looked up, what its state
 * string is, which capability a command needs, the value ranges, and how a target state (from a
 * command or a scene) is applied. Each check returns a message a model can act on.
 */

type Fail = (message: string) => never;

/** The device with this id, or undefined. */
export function deviceById(state: IotState, id: string): Device | undefined {
  const deviceHomes = state.device_homes;
  let index = lastIndex;
  if (deviceHomes !== lastDeviceHomes) {
    index = homeIndexes.get(deviceHomes) ?? homeIndex(deviceHomes);
    if (index !== undefined) {
      lastDeviceHomes = deviceHomes;
      lastIndex = index;
    }
  }
  const home = index !== undefined ? index.get(id) : Object.hasOwn(deviceHomes, id) ? deviceHomes[id] : undefined;
  return home === undefined ? undefined : state.devices[home]?.[id];
}

/**
 * A device that should be in this home's record (a scene's or a group's: the invariants keep them
 * in their home), read from the record directly; looked up by id when it is not there.
 */
export function deviceOfHome(state: IotState, devicesOfHome: Readonly<Record<string, Device>> | undefined, id: string): Device | undefined {
  const device = devicesOfHome?.[id];
  return device !== undefined && device.id === id ? device : deviceById(state, id);
}

/**
 * `device_homes` as a Map, made once per frozen record (it never changes: devices do not move
 * between homes, so every state shares the world's): a record of hundreds of keys is a V8
 * dictionary, and a Map answers twice as fast. None for a record that is not frozen (it may change).
 */
function homeIndex(deviceHomes: Record<string, string>): Map<string, string> | undefined {
  if (!isFrozenState(deviceHomes)) return undefined;
  const index = new Map<string, string>();
  for (const id in deviceHomes) index.set(id, deviceHomes[id]);
  homeIndexes.set(deviceHomes, index);
  return index;
}

const homeIndexes = new WeakMap<Record<string, string>, Map<string, string>>();
/** The last record looked up and its index: every state of a world shares one record. */
let lastDeviceHomes: Record<string, string> | undefined;
let lastIndex: Map<string, string> | undefined;

/** Every device, home by home. */
export function allDevices(state: IotState): Device[] {
  const devices: Device[] = [];
  for (const home of Object.keys(state.devices)) for (const device of Object.values(state.devices[home])) devices.push(device);
  return devices;
}

/** The devices of one home (none for an unknown home). */
export function devicesOfHome(state: IotState, homeId: string): Device[] {
  return Object.hasOwn(state.devices, homeId) ? Object.values(state.devices[homeId]) : [];
}

export function deviceLabel(device: Device): string {
  return `${device.id} "${device.name}"`;
}

/** The Home Assistant-style state string: `on`, `locked`, `heat`, `open`, `21.5`, or `unavailable` when offline. */
export function stateOf(device: Device): string {
  if (!device.online) return 'unavailable';
  const a = device.attributes;
  switch (device.type) {
    case 'light':
    case 'switch':
    case 'plug':
    case 'speaker':
      return a.on ? 'on' : 'off';
    case 'thermostat':
      return a.hvac_mode ?? 'off';
    case 'lock':
      return a.locked ? 'locked' : 'unlocked';
    case 'camera':
      return a.recording ? 'recording' : 'idle';
    case 'cover':
      return (a.position_pct ?? 0) > 0 ? 'open' : 'closed';
    case 'temperature_sensor':
      return String(a.temperature_c ?? '');
    case 'humidity_sensor':
      return String(a.humidity_pct ?? '');
    case 'motion_sensor':
      return a.motion_detected ? 'on' : 'off';
    case 'contact_sensor':
      return a.contact_open ? 'open' : 'closed';
    case 'energy_meter':
      return String(a.power_w ?? 0);
  }
}

const ON_OFF: readonly string[] = ['on', 'off'];
const LOCK_STATES: readonly string[] = ['locked', 'unlocked'];
const CAMERA_STATES: readonly string[] = ['recording', 'idle'];
const OPEN_CLOSED: readonly string[] = ['open', 'closed'];
const NO_STATES: readonly string[] = [];

/** States a `state` trigger or condition may name for a device (besides `unavailable`); shared lists, not to be changed. */
export function statesFor(device: Device): readonly string[] {
  switch (device.type) {
    case 'light':
    case 'switch':
    case 'plug':
    case 'speaker':
    case 'motion_sensor':
      return ON_OFF;
    case 'thermostat':
      return Array.from(device.limits.hvac_modes ?? ['off']);
    case 'lock':
      return LOCK_STATES;
    case 'camera':
      return CAMERA_STATES;
    case 'cover':
    case 'contact_sensor':
      return OPEN_CLOSED;
    default:
      return NO_STATES;
  }
}

const NUMERIC_CAPABILITY: Record<NumericAttribute, Capability> = {
  temperature_c: 'temperature',
  humidity_pct: 'humidity',
  power_w: 'power',
  battery_pct: 'battery',
};

/** Numeric attributes a device reports (for `numeric_state` triggers and conditions). */
export function numericAttributesOf(device: Device): NumericAttribute[] {
  return (Object.keys(NUMERIC_CAPABILITY) as NumericAttribute[]).filter((attribute) => device.capabilities.includes(NUMERIC_CAPABILITY[attribute]));
}

const CAPABILITY_TOOLS: Record<Capability, string[]> = {
  on_off: ['turn_on_device', 'turn_off_device'],
  brightness: ['set_light_state'],
  color_temp: ['set_light_state'],
  rgb_color: ['set_light_state'],
  hvac: ['set_thermostat'],
  lock: ['lock_device', 'unlock_device'],
  position: ['set_cover_position'],
  open_close: ['set_cover_position'],
  volume: ['set_speaker_volume'],
  snapshot: ['take_camera_snapshot'],
  recording: ['set_camera_recording'],
  temperature: ['get_sensor_history'],
  humidity: ['get_device_state'],
  motion: ['get_sensor_history'],
  contact: ['get_sensor_history'],
  power: ['get_energy_usage'],
  energy: ['get_sensor_history', 'get_energy_usage'],
  battery: ['get_device_state'],
};

/** The tools that fit a device, for "use … instead" hints. */
export function toolsFor(device: Device): string[] {
  const tools: string[] = [];
  for (const capability of device.capabilities) for (const tool of CAPABILITY_TOOLS[capability]) if (!tools.includes(tool)) tools.push(tool);
  return tools;
}

export function unsupportedMessage(device: Device, what: string): string {
  return `${deviceLabel(device)} (${device.type}, ${device.manufacturer} ${device.model}) does not support ${what}. Its capabilities: ${device.capabilities.join(', ')}; tools that work with it: ${toolsFor(device).join(', ')}.`;
}

/** Fails unless the device has one of `capabilities` (the first one names what was asked for). */
export function requireCapability(device: Device, fail: Fail, capability: Capability, alternative?: Capability): void {
  if (device.capabilities.includes(capability) || (alternative !== undefined && device.capabilities.includes(alternative))) return;
  fail(unsupportedMessage(device, capability));
}

/** Looks a device up by id; an unknown id fails with a hint (a name that matches, or the tool that lists devices). */
export function findDevice(state: IotState, id: string, fail: Fail): Device {
  const device = deviceById(state, id);
  if (device !== undefined) return device;
  const wanted = id.trim().toLowerCase();
  const byName = devicesWithNameKey(state.devices, wanted);
  const hint =
    byName.length > 0
      ? `; "${id}" is a device name — use its id: ${byName.map((d) => `${d.id} (in ${state.homes[d.home_id]?.name ?? d.home_id})`).join(', ')}`
      : '; device ids look like dev_12 — list_devices lists the devices of a home or room';
  return fail(`device "${id}" does not exist${hint}`);
}

export function findHome(state: IotState, id: string, fail: Fail) {
  const home = Object.hasOwn(state.homes, id) ? state.homes[id] : undefined;
  if (home !== undefined) return home;
  return fail(`home "${id}" does not exist; homes: ${Object.values(state.homes).map((h) => `${h.id} (${h.name})`).join(', ')}`);
}

export function findRoom(state: IotState, id: string, fail: Fail) {
  const room = Object.hasOwn(state.rooms, id) ? state.rooms[id] : undefined;
  if (room !== undefined) return room;
  return fail(`room "${id}" does not exist; room ids look like room_7 — list_homes shows every home with its rooms`);
}

export function roomsOfHome(state: IotState, homeId: string): string {
  return Object.values(state.rooms)
    .filter((r) => r.home_id === homeId)
    .map((r) => `${r.id} (${r.name})`)
    .join(', ');
}

const TYPE_WORDS: Record<DeviceType, string> = {
  light: 'light',
  switch: 'switch',
  plug: 'plug',
  thermostat: 'thermostat',
  lock: 'lock',
  camera: 'camera',
  cover: 'cover',
  speaker: 'speaker',
  temperature_sensor: 'temperature sensor',
  humidity_sensor: 'humidity sensor',
  motion_sensor: 'motion sensor',
  contact_sensor: 'contact sensor',
  energy_meter: 'energy meter',
};

/** Online devices of the same type, same room first, then the rest of the home (at most three). */
export function onlineAlternatives(state: IotState, device: Device): Device[] {
  const sameRoom: Device[] = [];
  const sameHome: Device[] = [];
  for (const other of devicesOfHome(state, device.home_id)) {
    if (other.id === device.id || !other.online || other.type !== device.type) continue;
    (other.room_id === device.room_id ? sameRoom : sameHome).push(other);
  }
  return [...sameRoom, ...sameHome].slice(0, 3);
}

export function offlineMessage(state: IotState, device: Device): string {
  const alternatives = onlineAlternatives(state, device);
  const check = device.power_source === 'battery' ? `its battery (last reported ${device.attributes.battery_pct ?? 0} %) and network` : 'that it has power and network';
  const instead =
    alternatives.length > 0
      ? `or use another ${TYPE_WORDS[device.type]} that is online: ${alternatives.map((d) => `${deviceLabel(d)} in ${state.rooms[d.room_id]?.name ?? d.room_id}`).join(', ')}`
      : `no other ${TYPE_WORDS[device.type]} of this home is online (list_devices with online=true shows what is reachable)`;
  return `${deviceLabel(device)} is offline (unavailable since ${device.last_seen}); the command was not sent and nothing changed. Check ${check}, ${instead}.`;
}

export function requireOnline(state: IotState, device: Device, fail: Fail): void {
  if (!device.online) fail(offlineMessage(state, device));
}

export function inRange(value: number, range: Range): boolean {
  return value >= range.min && value <= range.max;
}

export function rangeText(range: Range, unit: string): string {
  return `${range.min}–${range.max}${unit}`;
}

const round1 = (value: number): number => Math.round(value * 10) / 10;

/** The new setpoints of a thermostat after a change, or the reason the change is refused. */
export interface ThermostatChange {
  hvac_mode?: HvacMode;
  target_temperature_c?: number;
  target_temp_low_c?: number;
  target_temp_high_c?: number;
}

export interface ThermostatSetpoints {
  hvac_mode: HvacMode;
  target_temperature_c: number | null;
  target_temp_low_c: number | null;
  target_temp_high_c: number | null;
}

/** Minimum distance between the low and high setpoints in heat_cool mode. */
export const HEAT_COOL_DEADBAND_C = 1.5;
const DEFAULT_SETPOINT: Record<'heat' | 'cool', number> = { heat: 20, cool: 24 };

const clamp = (value: number, range: Range): number => Math.min(range.max, Math.max(range.min, value));

export function resolveThermostat(device: Device, change: ThermostatChange): ThermostatSetpoints | string {
  const modes = device.limits.hvac_modes ?? ['off'];
  const ranges = device.limits.setpoints_c ?? {};
  const a = device.attributes;
  const mode = change.hvac_mode ?? a.hvac_mode ?? 'off';
  const label = deviceLabel(device);
  if (!modes.includes(mode)) return `${label} does not support hvac_mode "${mode}"; its modes: ${modes.join(', ')}`;
  const single = change.target_temperature_c;
  const low = change.target_temp_low_c;
  const high = change.target_temp_high_c;
  if (mode === 'off') {
    if (single !== undefined || low !== undefined || high !== undefined) {
      return `${label} is ${change.hvac_mode === undefined ? 'switched off (hvac_mode off)' : 'being switched off'}, so it takes no setpoint; pass hvac_mode ${modes.filter((m) => m !== 'off').join(' or ')} together with the temperature`;
    }
    return { hvac_mode: 'off', target_temperature_c: null, target_temp_low_c: null, target_temp_high_c: null };
  }
  if (mode === 'heat' || mode === 'cool') {
    if (low !== undefined || high !== undefined) return `target_temp_low_c and target_temp_high_c apply only in heat_cool mode; in ${mode} mode pass target_temperature_c`;
    const range = ranges[mode]!;
    if (single !== undefined) {
      if (!inRange(single, range)) return `${single} °C is out of range for ${mode} mode on ${label}: valid setpoints are ${rangeText(range, ' °C')}`;
      return { hvac_mode: mode, target_temperature_c: round1(single), target_temp_low_c: null, target_temp_high_c: null };
    }
    const previous = a.target_temperature_c ?? DEFAULT_SETPOINT[mode];
    return { hvac_mode: mode, target_temperature_c: clamp(previous, range), target_temp_low_c: null, target_temp_high_c: null };
  }
  if (single !== undefined) return `in heat_cool mode ${label} keeps a range: pass target_temp_low_c (heating below) and target_temp_high_c (cooling above) instead of target_temperature_c`;
  const heat = ranges.heat!;
  const cool = ranges.cool!;
  const nextLow = low ?? a.target_temp_low_c ?? clamp(DEFAULT_SETPOINT.heat, heat);
  const nextHigh = high ?? a.target_temp_high_c ?? clamp(DEFAULT_SETPOINT.cool, cool);
  if (!inRange(nextLow, heat)) return `target_temp_low_c ${nextLow} °C is out of range on ${label}: the heating setpoint must be ${rangeText(heat, ' °C')}`;
  if (!inRange(nextHigh, cool)) return `target_temp_high_c ${nextHigh} °C is out of range on ${label}: the cooling setpoint must be ${rangeText(cool, ' °C')}`;
  if (nextHigh - nextLow < HEAT_COOL_DEADBAND_C) {
    return `target_temp_high_c (${nextHigh} °C) must be at least ${HEAT_COOL_DEADBAND_C} °C above target_temp_low_c (${nextLow} °C) in heat_cool mode`;
  }
  return { hvac_mode: 'heat_cool', target_temperature_c: null, target_temp_low_c: round1(nextLow), target_temp_high_c: round1(nextHigh) };
}

/**
 * Problems with a scene target (or a command) for a device: capability, ranges, combinations.
 * `setsAField`: the caller knows the target sets a field (a for…in over targets of every shape costs ~40 ns).
 */
export function targetProblem(device: Device, target: Omit<SceneEntity, 'device_id'>, setsAField = false): string | undefined {
  if (!setsAField && !hasTargetField(target)) return `no target state given for ${deviceLabel(device)}; set at least one of on, brightness_pct, color_temp_kelvin, rgb_color, hvac_mode, target_temperature_c, position_pct, locked, volume_pct, recording`;
  const capabilities = device.capabilities;
  if (target.on !== undefined && !capabilities.includes('on_off')) return unsupportedMessage(device, 'on_off (field "on")');
  if (target.brightness_pct !== undefined) {
    if (!capabilities.includes('brightness')) return unsupportedMessage(device, 'brightness');
    if (!Number.isFinite(target.brightness_pct) || target.brightness_pct < 1 || target.brightness_pct > 100) return `brightness_pct ${target.brightness_pct} is out of range: valid 1–100 (use on: false to switch off)`;
    if (target.on === false) return 'brightness_pct cannot be combined with on: false';
  }
  if (target.color_temp_kelvin !== undefined && target.rgb_color !== undefined) return 'give either color_temp_kelvin or rgb_color, not both (a light shows one color mode)';
  if (target.color_temp_kelvin !== undefined) {
    if (!capabilities.includes('color_temp')) return unsupportedMessage(device, 'color_temp');
    const range = device.limits.color_temp_kelvin!;
    if (!inRange(target.color_temp_kelvin, range)) return `color_temp_kelvin ${target.color_temp_kelvin} is out of range for ${deviceLabel(device)} (${device.model}): valid ${rangeText(range, ' K')}`;
  }
  if (target.rgb_color !== undefined && !capabilities.includes('rgb_color')) return unsupportedMessage(device, 'rgb_color');
  if ((target.color_temp_kelvin !== undefined || target.rgb_color !== undefined) && target.on === false) return 'a color cannot be combined with on: false';
  if (target.hvac_mode !== undefined || target.target_temperature_c !== undefined) {
    if (!capabilities.includes('hvac')) return unsupportedMessage(device, 'hvac');
    if (target.target_temperature_c !== undefined && target.hvac_mode !== 'heat' && target.hvac_mode !== 'cool') {
      return `a scene that sets target_temperature_c on ${deviceLabel(device)} must also set hvac_mode heat or cool`;
    }
    const resolved = resolveThermostat(device, { hvac_mode: target.hvac_mode, target_temperature_c: target.target_temperature_c });
    if (typeof resolved === 'string') return resolved;
  }
  if (target.position_pct !== undefined) {
    if (!capabilities.includes('position') && !capabilities.includes('open_close')) return unsupportedMessage(device, 'position');
    const problem = positionProblem(device, target.position_pct);
    if (problem) return problem;
  }
  if (target.locked !== undefined) {
    if (!capabilities.includes('lock')) return unsupportedMessage(device, 'lock');
    if (!target.locked) return `a scene can lock ${deviceLabel(device)} but not unlock it: unlocking needs a user code (unlock_device)`;
  }
  if (target.volume_pct !== undefined) {
    if (!capabilities.includes('volume')) return unsupportedMessage(device, 'volume');
    const problem = volumeProblem(device, target.volume_pct);
    if (problem) return problem;
    if (target.on === false) return 'volume_pct cannot be combined with on: false (setting a volume switches the speaker on)';
  }
  if (target.recording !== undefined && !capabilities.includes('recording')) return unsupportedMessage(device, 'recording');
  return undefined;
}

/** Whether a target sets anything (a field other than device_id that is not undefined). */
function hasTargetField(target: Omit<SceneEntity, 'device_id'>): boolean {
  for (const key in target) if (key !== 'device_id' && (target as Record<string, unknown>)[key] !== undefined) return true;
  return false;
}

export function positionProblem(device: Device, position: number): string | undefined {
  if (!Number.isFinite(position) || position < 0 || position > 100) return `position_pct ${position} is out of range: valid 0 (closed) – 100 (fully open)`;
  if (!device.capabilities.includes('position') && position !== 0 && position !== 100) {
    return `${deviceLabel(device)} only opens or closes fully: position_pct must be 0 (closed) or 100 (open), got ${position}`;
  }
  return undefined;
}

export function volumeProblem(device: Device, volume: number): string | undefined {
  const max = device.limits.max_volume_pct ?? 100;
  if (!Number.isFinite(volume) || volume < 0 || volume > max) {
    return max < 100
      ? `volume_pct ${volume} exceeds the volume limit of ${deviceLabel(device)}: valid 0–${max} (a limit of ${max} % is set on this speaker)`
      : `volume_pct ${volume} is out of range: valid 0–100`;
  }
  return undefined;
}

function sameRgb(a: readonly number[] | undefined, b: readonly number[]): boolean {
  return a !== undefined && a.length === 3 && a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
}

/**
 * The device after a validated target is applied, as a new plain object built from the frozen one
 * (attributes in the order they are set), or undefined when nothing changes. The caller has checked
 * `targetProblem` and that the device is online.
 */
export function withTarget(device: Device, target: Omit<SceneEntity, 'device_id'>, now: string): Device | undefined {
  const base = device.attributes;
  // The copy, made on the first change: `(a ?? base)` is what the device has so far.
  let a: DeviceAttributes | undefined;
  if (target.on !== undefined && (a ?? base).on !== target.on) (a ??= shallowCopy(base)).on = target.on;
  if (target.brightness_pct !== undefined) {
    const brightness = Math.round(target.brightness_pct);
    if ((a ?? base).brightness_pct !== brightness) (a ??= shallowCopy(base)).brightness_pct = brightness;
    if ((a ?? base).on !== true) (a ??= shallowCopy(base)).on = true;
  }
  if (target.color_temp_kelvin !== undefined) {
    const kelvin = Math.round(target.color_temp_kelvin);
    if ((a ?? base).color_temp_kelvin !== kelvin) (a ??= shallowCopy(base)).color_temp_kelvin = kelvin;
    if ((a ?? base).color_mode !== 'color_temp') (a ??= shallowCopy(base)).color_mode = 'color_temp';
    if ((a ?? base).on !== true) (a ??= shallowCopy(base)).on = true;
  }
  if (target.rgb_color !== undefined) {
    const rgb = target.rgb_color;
    if (!sameRgb((a ?? base).rgb_color, rgb)) (a ??= shallowCopy(base)).rgb_color = [rgb[0], rgb[1], rgb[2]];
    if ((a ?? base).color_mode !== 'rgb') (a ??= shallowCopy(base)).color_mode = 'rgb';
    if ((a ?? base).on !== true) (a ??= shallowCopy(base)).on = true;
  }
  if (target.hvac_mode !== undefined || target.target_temperature_c !== undefined) {
    const resolved = resolveThermostat(device, { hvac_mode: target.hvac_mode, target_temperature_c: target.target_temperature_c });
    if (typeof resolved !== 'string') {
      if ((a ?? base).hvac_mode !== resolved.hvac_mode) (a ??= shallowCopy(base)).hvac_mode = resolved.hvac_mode;
      if ((a ?? base).target_temperature_c !== resolved.target_temperature_c) (a ??= shallowCopy(base)).target_temperature_c = resolved.target_temperature_c;
      if ((a ?? base).target_temp_low_c !== resolved.target_temp_low_c) (a ??= shallowCopy(base)).target_temp_low_c = resolved.target_temp_low_c;
      if ((a ?? base).target_temp_high_c !== resolved.target_temp_high_c) (a ??= shallowCopy(base)).target_temp_high_c = resolved.target_temp_high_c;
    }
  }
  if (target.position_pct !== undefined) {
    const position = Math.round(target.position_pct);
    if ((a ?? base).position_pct !== position) (a ??= shallowCopy(base)).position_pct = position;
  }
  if (target.locked !== undefined && (a ?? base).locked !== target.locked) (a ??= shallowCopy(base)).locked = target.locked;
  if (target.volume_pct !== undefined) {
    const volume = Math.round(target.volume_pct);
    if ((a ?? base).volume_pct !== volume) (a ??= shallowCopy(base)).volume_pct = volume;
    if ((a ?? base).on !== true) (a ??= shallowCopy(base)).on = true;
  }
  if (target.recording !== undefined && (a ?? base).recording !== target.recording) (a ??= shallowCopy(base)).recording = target.recording;
  return a === undefined ? undefined : changedDevice(device, a, now);
}

/**
 * `withTarget(device, { on }, now)` for the power commands: only the on field is compared and set
 * (withTarget reads every field a scene entity may have, on target objects of many shapes).
 */
export function withPower(device: Device, on: boolean, now: string): Device | undefined {
  if (device.attributes.on === on) return undefined;
  const attributes = shallowCopy(device.attributes);
  attributes.on = on;
  return changedDevice(device, attributes, now);
}

/** A device with new attributes, changed at `now` (a new object; the frozen one stays as it was). */
export function changedDevice(device: Device, attributes: DeviceAttributes, now: string): Device {
  // Every device has these keys in this order (generateWorld's addDevice); a lock may add lock_codes
  // last. A literal skips shallowCopy's shape lookup: ~80 ns a device copied.
  if (device.lock_codes === undefined) {
    return {
      id: device.id,
      home_id: device.home_id,
      room_id: device.room_id,
      name: device.name,
      type: device.type,
      manufacturer: device.manufacturer,
      model: device.model,
      power_source: device.power_source,
      capabilities: device.capabilities,
      online: device.online,
      last_seen: device.last_seen,
      last_changed: now,
      attributes,
      limits: device.limits,
    };
  }
  const next = shallowCopy(device);
  next.attributes = attributes;
  next.last_changed = now;
  return next;
}

/** Problems with a device's attributes against its capabilities and limits (for the invariants). */
export function attributeProblem(device: Device): string | undefined {
  const a = device.attributes;
  const limits = device.limits;
  if (a.brightness_pct !== undefined && (a.brightness_pct < 1 || a.brightness_pct > 100)) return `brightness_pct ${a.brightness_pct}`;
  if (a.color_temp_kelvin !== undefined && (!limits.color_temp_kelvin || !inRange(a.color_temp_kelvin, limits.color_temp_kelvin))) return `color_temp_kelvin ${a.color_temp_kelvin}`;
  if (a.rgb_color !== undefined && (a.rgb_color.length !== 3 || a.rgb_color.some((c) => c < 0 || c > 255 || !Number.isInteger(c)))) return `rgb_color ${a.rgb_color.join(',')}`;
  if (a.position_pct !== undefined && positionProblem(device, a.position_pct)) return `position_pct ${a.position_pct}`;
  if (a.volume_pct !== undefined && volumeProblem(device, a.volume_pct)) return `volume_pct ${a.volume_pct}`;
  if (a.battery_pct !== undefined && (a.battery_pct < 0 || a.battery_pct > 100)) return `battery_pct ${a.battery_pct}`;
  if (device.type === 'thermostat') {
    const mode = a.hvac_mode ?? 'off';
    if (!(limits.hvac_modes ?? []).includes(mode)) return `hvac_mode ${mode}`;
    const ranges = limits.setpoints_c ?? {};
    if (mode === 'off' && (a.target_temperature_c != null || a.target_temp_low_c != null || a.target_temp_high_c != null)) return 'setpoint while off';
    if ((mode === 'heat' || mode === 'cool') && (a.target_temperature_c == null || !inRange(a.target_temperature_c, ranges[mode]!))) return `${mode} setpoint ${a.target_temperature_c}`;
    if (mode === 'heat_cool') {
      const low = a.target_temp_low_c;
      const high = a.target_temp_high_c;
      if (low == null || high == null || !inRange(low, ranges.heat!) || !inRange(high, ranges.cool!) || high - low < HEAT_COOL_DEADBAND_C) return `heat_cool setpoints ${low}/${high}`;
    }
  }
  const needs: Array<[keyof DeviceAttributes, Capability[]]> = [
    ['brightness_pct', ['brightness']],
    ['color_temp_kelvin', ['color_temp']],
    ['rgb_color', ['rgb_color']],
    ['hvac_mode', ['hvac']],
    ['locked', ['lock']],
    ['position_pct', ['position', 'open_close']],
    ['volume_pct', ['volume']],
    ['recording', ['recording']],
  ];
  for (const [key, capabilities] of needs) {
    if (a[key] !== undefined && !capabilities.some((c) => device.capabilities.includes(c))) return `${key} without capability ${capabilities.join('/')}`;
  }
  return undefined;
}

/** The session clock as the world writes times: ISO-8601 UTC without milliseconds. */
export function stamp(now: string): string {
  if (now !== lastNow) {
    lastNow = now;
    lastStamp = now.endsWith('.000Z') ? `${now.slice(0, -5)}Z` : now;
  }
  return lastStamp;
}

/** The last clock `stamp` was asked for, and its answer: a session asks for the same clock on every call. */
let lastNow = '';
let lastStamp = '';
