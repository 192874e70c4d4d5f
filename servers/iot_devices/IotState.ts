/**
 * The state of the iot_devices domain, modelled on Home Assistant: homes with rooms (areas),
 * devices with a type, capabilities, attributes and per-device limits, hourly sensor readings,
 * scenes, automations, device groups and camera snapshots. Every collection is keyed by id;
 * devices are filed by home first (see `IotState.devices`).
 *
 * Units: temperatures in °C (one decimal), percentages 0–100, power in W, energy in kWh (three
 * decimals), money as a number with two decimals in the home's currency. Times are ISO-8601 UTC
 * without milliseconds (`2026-03-16T18:00:00Z`); automation clock times are `HH:MM` in the
 * home's local time.
 */

export type DeviceType =
  | 'light'
  | 'switch'
  | 'plug'
  | 'thermostat'
  | 'lock'
  | 'camera'
  | 'cover'
  | 'speaker'
  | 'temperature_sensor'
  | 'humidity_sensor'
  | 'motion_sensor'
  | 'contact_sensor'
  | 'energy_meter';

export const DEVICE_TYPES: readonly DeviceType[] = [
  'light',
  'switch',
  'plug',
  'thermostat',
  'lock',
  'camera',
  'cover',
  'speaker',
  'temperature_sensor',
  'humidity_sensor',
  'motion_sensor',
  'contact_sensor',
  'energy_meter',
];

/** What a device can do or report. A command needs its capability; the error lists the device's own. */
export type Capability =
  | 'on_off'
  | 'brightness'
  | 'color_temp'
  | 'rgb_color'
  | 'hvac'
  | 'lock'
  | 'position'
  | 'open_close'
  | 'volume'
  | 'snapshot'
  | 'recording'
  | 'temperature'
  | 'humidity'
  | 'motion'
  | 'contact'
  | 'power'
  | 'energy'
  | 'battery';

export const CAPABILITIES: readonly Capability[] = [
  'on_off',
  'brightness',
  'color_temp',
  'rgb_color',
  'hvac',
  'lock',
  'position',
  'open_close',
  'volume',
  'snapshot',
  'recording',
  'temperature',
  'humidity',
  'motion',
  'contact',
  'power',
  'energy',
  'battery',
];

export type HvacMode = 'off' | 'heat' | 'cool' | 'heat_cool';
export const HVAC_MODES: readonly HvacMode[] = ['off', 'heat', 'cool', 'heat_cool'];

export type ColorMode = 'brightness' | 'color_temp' | 'rgb';

export interface Range {
  min: number;
  max: number;
}

/** Last known values; an offline device keeps the values it had when it went offline. */
export interface DeviceAttributes {
  on?: boolean;
  /** 1–100: the level the light has (or returns to when turned on). */
  brightness_pct?: number;
  color_mode?: ColorMode;
  color_temp_kelvin?: number;
  rgb_color?: [number, number, number];
  hvac_mode?: HvacMode;
  /** Setpoint in heat or cool mode; null otherwise. */
  target_temperature_c?: number | null;
  /** Lower setpoint in heat_cool mode; null otherwise. */
  target_temp_low_c?: number | null;
  /** Upper setpoint in heat_cool mode; null otherwise. */
  target_temp_high_c?: number | null;
  temperature_c?: number;
  humidity_pct?: number;
  locked?: boolean;
  /** 0 = closed, 100 = fully open. */
  position_pct?: number;
  volume_pct?: number;
  muted?: boolean;
  recording?: boolean;
  last_snapshot_at?: string | null;
  motion_detected?: boolean;
  contact_open?: boolean;
  power_w?: number;
  battery_pct?: number;
}

/** Per-device ranges, fixed by the model of the device. */
export interface DeviceLimits {
  color_temp_kelvin?: Range;
  hvac_modes?: HvacMode[];
  /** Setpoint range per mode; heat_cool uses the heat range for the low and the cool range for the high setpoint. */
  setpoints_c?: { heat?: Range; cool?: Range };
  /** A volume cap set on the speaker (parental limit); volumes above it are refused. */
  max_volume_pct?: number;
  /** Number of digits a user code must have. */
  code_length?: Range;
  snapshot_resolution?: { width: number; height: number };
}

/** A user code programmed into a lock (secret: never returned by any tool). */
export interface LockCode {
  slot: number;
  name: string;
  code: string;
}

export interface Device {
  id: string;
  home_id: string;
  room_id: string;
  name: string;
  type: DeviceType;
  manufacturer: string;
  model: string;
  power_source: 'mains' | 'battery';
  capabilities: Capability[];
  online: boolean;
  /** When the device last reported; for an offline device, since when it is unavailable. */
  last_seen: string;
  /** When its attributes last changed. */
  last_changed: string;
  attributes: DeviceAttributes;
  limits: DeviceLimits;
  lock_codes?: LockCode[];
}

export interface Home {
  id: string;
  name: string;
  address: string;
  city: string;
  timezone: string;
  owner: string;
  /** Electricity price in the home's currency per kWh (four decimals). */
  energy_price_per_kwh: number;
  currency: string;
}

export type Floor = 'basement' | 'ground' | 'upper' | 'outdoor';

export interface Room {
  id: string;
  home_id: string;
  name: string;
  floor: Floor;
}

export type ReadingMetric = 'temperature' | 'humidity' | 'motion' | 'contact' | 'energy';

/**
 * Hourly readings of one device: `values[i]` covers the hour starting at `start + i hours`.
 * temperature °C (mean), humidity % (mean), motion = motion events in the hour, contact = times
 * opened in the hour, energy = kWh used in the hour. An offline device's series ends when it went offline.
 */
export interface SensorSeries {
  device_id: string;
  metric: ReadingMetric;
  unit: string;
  start: string;
  interval_minutes: number;
  values: number[];
}

/** The target state of one device in a scene. Only fields the device's capabilities allow. */
export interface SceneEntity {
  device_id: string;
  on?: boolean;
  brightness_pct?: number;
  color_temp_kelvin?: number;
  rgb_color?: [number, number, number];
  hvac_mode?: HvacMode;
  target_temperature_c?: number;
  position_pct?: number;
  locked?: boolean;
  volume_pct?: number;
  recording?: boolean;
}

export interface Scene {
  id: string;
  home_id: string;
  name: string;
  entities: SceneEntity[];
  created_at: string;
  last_activated: string | null;
}

export type TriggerType = 'time' | 'sun' | 'state' | 'numeric_state';
export type ConditionType = 'time' | 'state' | 'numeric_state';
export type ActionType = 'turn_on' | 'turn_off' | 'set_temperature' | 'set_cover_position' | 'lock' | 'activate_scene' | 'notify';

export const TRIGGER_TYPES: readonly TriggerType[] = ['time', 'sun', 'state', 'numeric_state'];
export const CONDITION_TYPES: readonly ConditionType[] = ['time', 'state', 'numeric_state'];
export const ACTION_TYPES: readonly ActionType[] = ['turn_on', 'turn_off', 'set_temperature', 'set_cover_position', 'lock', 'activate_scene', 'notify'];

export type NumericAttribute = 'temperature_c' | 'humidity_pct' | 'power_w' | 'battery_pct';
export const NUMERIC_ATTRIBUTES: readonly NumericAttribute[] = ['temperature_c', 'humidity_pct', 'power_w', 'battery_pct'];

/** When an automation runs. Fields beyond `type` depend on it (see the create tool's description). */
export interface AutomationTrigger {
  type: TriggerType;
  at?: string;
  event?: 'sunrise' | 'sunset';
  offset_minutes?: number;
  device_id?: string;
  to?: string;
  attribute?: NumericAttribute;
  above?: number;
  below?: number;
}

export interface AutomationCondition {
  type: ConditionType;
  after?: string;
  before?: string;
  device_id?: string;
  state?: string;
  attribute?: NumericAttribute;
  above?: number;
  below?: number;
}

export interface AutomationAction {
  type: ActionType;
  device_id?: string;
  scene_id?: string;
  brightness_pct?: number;
  temperature_c?: number;
  position_pct?: number;
  message?: string;
}

export interface Automation {
  id: string;
  home_id: string;
  alias: string;
  description: string;
  enabled: boolean;
  trigger: AutomationTrigger;
  conditions: AutomationCondition[];
  actions: AutomationAction[];
  created_at: string;
  last_triggered: string | null;
}

/** A named set of switchable devices of one home, controlled together by turn_on_device / turn_off_device. */
export interface DeviceGroup {
  id: string;
  home_id: string;
  name: string;
  device_ids: string[];
  created_at: string;
}

export interface CameraSnapshot {
  id: string;
  device_id: string;
  taken_at: string;
  content_type: 'image/jpeg';
  url: string;
  width: number;
  height: number;
}

export interface IotState {
  homes: Record<string, Home>;
  rooms: Record<string, Room>;
  /**
   * Devices by home, then by id. Two levels keep each copy-on-write step small: V8 copies a frozen
   * record of a few hundred keys a hundred times slower than one of a few dozen.
   */
  devices: Record<string, Record<string, Device>>;
  /** The home of each device id (devices never change home), for lookups by id alone. */
  device_homes: Record<string, string>;
  /** Keyed by device id: one series per device that records history. */
  readings: Record<string, SensorSeries>;
  scenes: Record<string, Scene>;
  automations: Record<string, Automation>;
  groups: Record<string, DeviceGroup>;
  snapshots: Record<string, CameraSnapshot>;
}

/** The reference date the fixture world is built around. */
export const IOT_REFERENCE_DATE = '2026-03-16T18:00:00Z';
/** Hours of history kept per sensor (the recorder's retention). */
export const HISTORY_HOURS = 168;
