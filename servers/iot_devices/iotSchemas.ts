import type { JsonSchema } from '../../core/index.js';
import { ACTION_TYPES, CAPABILITIES, CONDITION_TYPES, DEVICE_TYPES, HVAC_MODES, NUMERIC_ATTRIBUTES, TRIGGER_TYPES } from './IotState.js';

/** JSON Schema pieces the iot_devices tools share (inputs and honest outputs). */

export const str = (description: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'string', description, ...extra });
export const num = (description: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'number', description, ...extra });
export const int = (description: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'integer', description, ...extra });
export const bool = (description: string): JsonSchema => ({ type: 'boolean', description });
const nullableNumber = (description: string): JsonSchema => ({ type: ['number', 'null'], description });

export function object(properties: Record<string, JsonSchema>, required: string[] = [], description?: string): JsonSchema {
  const schema: JsonSchema = { type: 'object', properties, required, additionalProperties: false };
  if (description !== undefined) schema.description = description;
  return schema;
}

export const array = (items: JsonSchema, description: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'array', items, description, ...extra });

export const deviceIdInput = str('Device id, e.g. dev_12 (list_devices lists them).', { maxLength: 64 });
export const homeIdInput = str('Home id, e.g. home_2 (list_homes lists them).', { maxLength: 64 });

export const deviceTypeSchema: JsonSchema = { type: 'string', enum: [...DEVICE_TYPES], description: 'Device type.' };
export const capabilitySchema: JsonSchema = { type: 'string', enum: [...CAPABILITIES], description: 'A capability.' };
export const hvacModeSchema: JsonSchema = { type: 'string', enum: [...HVAC_MODES], description: 'HVAC mode: off, heat, cool, or heat_cool (keeps the temperature between a low and a high setpoint).' };
export const rgbSchema: JsonSchema = {
  type: 'array',
  items: { type: 'integer', minimum: 0, maximum: 255 },
  minItems: 3,
  maxItems: 3,
  description: 'Color as [red, green, blue], each 0–255.',
};
const rangeSchema: JsonSchema = object({ min: num('Lowest allowed value.'), max: num('Highest allowed value.') }, ['min', 'max']);

export const attributesSchema: JsonSchema = object(
  {
    on: bool('Whether the device is switched on.'),
    brightness_pct: num('Brightness 1–100 % (the level it returns to when switched on).'),
    color_mode: { type: 'string', enum: ['brightness', 'color_temp', 'rgb'], description: 'Which color setting is active.' },
    color_temp_kelvin: num('White color temperature in kelvin.'),
    rgb_color: rgbSchema,
    hvac_mode: hvacModeSchema,
    target_temperature_c: nullableNumber('Setpoint in °C in heat or cool mode, null otherwise.'),
    target_temp_low_c: nullableNumber('Heating setpoint in °C in heat_cool mode, null otherwise.'),
    target_temp_high_c: nullableNumber('Cooling setpoint in °C in heat_cool mode, null otherwise.'),
    temperature_c: num('Measured temperature in °C.'),
    humidity_pct: num('Measured relative humidity in %.'),
    locked: bool('Whether the lock is locked.'),
    position_pct: num('Cover position: 0 closed, 100 fully open.'),
    volume_pct: num('Speaker volume 0–100 %.'),
    muted: bool('Whether the speaker is muted.'),
    recording: bool('Whether the camera is recording.'),
    last_snapshot_at: { type: ['string', 'null'], description: 'When the last snapshot was taken (ISO-8601 UTC), null if never.' },
    motion_detected: bool('Whether motion is detected right now.'),
    contact_open: bool('Whether the door or window is open.'),
    power_w: num('Current power draw in watts.'),
    battery_pct: num('Battery level in %.'),
  },
  [],
  'Last known attribute values (an offline device keeps those it had when it went offline).',
);

export const limitsSchema: JsonSchema = object(
  {
    color_temp_kelvin: rangeSchema,
    hvac_modes: array(hvacModeSchema, 'Supported HVAC modes.'),
    setpoints_c: object({ heat: rangeSchema, cool: rangeSchema }, [], 'Setpoint range in °C per mode; heat_cool uses heat for the low and cool for the high setpoint.'),
    max_volume_pct: num('Volume cap set on this speaker.'),
    code_length: rangeSchema,
    snapshot_resolution: object({ width: int('Pixels.'), height: int('Pixels.') }, ['width', 'height']),
  },
  [],
  'Valid ranges of this device model.',
);

export const deviceSummarySchema: JsonSchema = object(
  {
    device_id: str('Device id.'),
    name: str('Device name.'),
    type: deviceTypeSchema,
    home_id: str('Home id.'),
    room_id: str('Room id.'),
    room_name: str('Room name.'),
    online: bool('Whether the device is reachable.'),
    state: str('State: on/off, locked/unlocked, open/closed, recording/idle, an HVAC mode, a reading, or unavailable when offline.'),
    last_seen: str('When the device last reported (ISO-8601 UTC); for an offline device, since when it is unavailable.'),
  },
  ['device_id', 'name', 'type', 'home_id', 'room_id', 'room_name', 'online', 'state', 'last_seen'],
);

export const deviceDetailSchema: JsonSchema = object(
  {
    device_id: str('Device id.'),
    name: str('Device name.'),
    type: deviceTypeSchema,
    manufacturer: str('Manufacturer.'),
    model: str('Model.'),
    power_source: { type: 'string', enum: ['mains', 'battery'], description: 'Power source.' },
    home_id: str('Home id.'),
    home_name: str('Home name.'),
    room_id: str('Room id.'),
    room_name: str('Room name.'),
    online: bool('Whether the device is reachable.'),
    state: str('State string (unavailable when offline).'),
    last_seen: str('When it last reported (ISO-8601 UTC).'),
    last_changed: str('When its attributes last changed (ISO-8601 UTC).'),
    capabilities: array(capabilitySchema, 'What the device supports.'),
    attributes: attributesSchema,
    limits: limitsSchema,
    lock_code_slots: array(object({ slot: int('Slot number.'), name: str('Who the code is for.') }, ['slot', 'name']), 'Programmed user codes of a lock (the codes themselves are never shown).'),
    has_history: bool('Whether get_sensor_history has readings for it.'),
  },
  ['device_id', 'name', 'type', 'manufacturer', 'model', 'power_source', 'home_id', 'home_name', 'room_id', 'room_name', 'online', 'state', 'last_seen', 'last_changed', 'capabilities', 'attributes', 'limits', 'has_history'],
);

/** The result of a command on one device. */
export const commandResultSchema: JsonSchema = object(
  {
    device_id: str('Device id.'),
    name: str('Device name.'),
    state: str('State after the command.'),
    changed: bool('False when the device already was in the requested state.'),
    last_changed: str('When its attributes last changed (ISO-8601 UTC).'),
    attributes: attributesSchema,
  },
  ['device_id', 'name', 'state', 'changed', 'last_changed', 'attributes'],
);

export const deviceOutcomeSchema: JsonSchema = object(
  {
    device_id: str('Device id.'),
    name: str('Device name.'),
    status: { type: 'string', enum: ['changed', 'unchanged', 'skipped_offline'], description: 'What happened to this device.' },
    state: str('State after the call (unavailable for a skipped offline device).'),
    offline_since: str('For a skipped device: since when it is offline (ISO-8601 UTC).'),
  },
  ['device_id', 'name', 'status', 'state'],
);

/** turn_on_device / turn_off_device: one device or every member of a group. */
export const powerResultSchema: JsonSchema = object(
  {
    target_id: str('The device or group id that was targeted.'),
    target_type: { type: 'string', enum: ['device', 'group'], description: 'Whether a device or a group was targeted.' },
    status: { type: 'string', enum: ['complete', 'partial'], description: 'partial when offline group members were skipped.' },
    changed_count: int('Devices whose state changed.'),
    unchanged_count: int('Devices that already were in the requested state.'),
    skipped_count: int('Offline devices that were skipped.'),
    results: array(deviceOutcomeSchema, 'One entry per device.'),
  },
  ['target_id', 'target_type', 'status', 'changed_count', 'unchanged_count', 'skipped_count', 'results'],
);

export const sceneEntitySchema: JsonSchema = object(
  {
    device_id: str('Device id (a device of the scene\'s home).', { maxLength: 64 }),
    on: bool('Switch on or off (lights, switches, plugs, speakers).'),
    brightness_pct: num('Light brightness 1–100 % (implies on).', { minimum: 1, maximum: 100 }),
    color_temp_kelvin: num('Light white color temperature in kelvin, within the light\'s own range (get_device_state shows it).', { minimum: 1000, maximum: 10000 }),
    rgb_color: rgbSchema,
    hvac_mode: hvacModeSchema,
    target_temperature_c: num('Thermostat setpoint in °C (needs hvac_mode heat or cool in the same entry).', { minimum: -10, maximum: 50 }),
    position_pct: num('Cover position 0 (closed) – 100 (open); garage doors take only 0 or 100.', { minimum: 0, maximum: 100 }),
    locked: bool('true to lock; a scene can lock but never unlock (unlocking needs a user code).'),
    volume_pct: num('Speaker volume 0–100 % (implies on; some speakers have a lower cap).', { minimum: 0, maximum: 100 }),
    recording: bool('Camera recording on or off.'),
  },
  ['device_id'],
  'The target state of one device.',
);

export const sceneSchema: JsonSchema = object(
  {
    scene_id: str('Scene id.'),
    home_id: str('Home id.'),
    name: str('Scene name.'),
    entities: array(sceneEntitySchema, 'Target states, one per device.'),
    created_at: str('When the scene was created (ISO-8601 UTC).'),
    last_activated: { type: ['string', 'null'], description: 'When it was last activated, null if never.' },
  },
  ['scene_id', 'home_id', 'name', 'entities', 'created_at', 'last_activated'],
);

const clockTime = (description: string): JsonSchema => str(description, { pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' });
const numericAttribute: JsonSchema = { type: 'string', enum: [...NUMERIC_ATTRIBUTES], description: 'Which numeric attribute to watch (default: the device\'s main reading).' };

export const triggerSchema: JsonSchema = object(
  {
    type: { type: 'string', enum: [...TRIGGER_TYPES], description: 'time (needs at), sun (needs event), state (needs device_id and to), numeric_state (needs device_id and above and/or below).' },
    at: clockTime('For time: local clock time HH:MM.'),
    event: { type: 'string', enum: ['sunrise', 'sunset'], description: 'For sun: which event.' },
    offset_minutes: int('For sun: minutes after (positive) or before (negative) the event.', { minimum: -180, maximum: 180 }),
    device_id: str('For state and numeric_state: the device to watch.', { maxLength: 64 }),
    to: str('For state: the state that fires it (on/off, open/closed, locked/unlocked, recording/idle, an HVAC mode, or unavailable).', { maxLength: 32 }),
    attribute: numericAttribute,
    above: num('For numeric_state: fires when the value rises above this.'),
    below: num('For numeric_state: fires when the value drops below this.'),
  },
  ['type'],
  'What starts the automation.',
);

export const conditionSchema: JsonSchema = object(
  {
    type: { type: 'string', enum: [...CONDITION_TYPES], description: 'time (after and/or before), state (device_id and state), numeric_state (device_id and above and/or below).' },
    after: clockTime('For time: only after this local time HH:MM (a window may wrap past midnight).'),
    before: clockTime('For time: only before this local time HH:MM.'),
    device_id: str('For state and numeric_state: the device to check.', { maxLength: 64 }),
    state: str('For state: the state the device must be in.', { maxLength: 32 }),
    attribute: numericAttribute,
    above: num('For numeric_state: value must be above this.'),
    below: num('For numeric_state: value must be below this.'),
  },
  ['type'],
  'A check that must pass for the actions to run.',
);

export const actionSchema: JsonSchema = object(
  {
    type: {
      type: 'string',
      enum: [...ACTION_TYPES],
      description: 'turn_on / turn_off (device_id; turn_on may add brightness_pct), set_temperature (device_id, temperature_c), set_cover_position (device_id, position_pct), lock (device_id), activate_scene (scene_id), notify (message).',
    },
    device_id: str('The device to act on.', { maxLength: 64 }),
    scene_id: str('For activate_scene: a scene of the same home.', { maxLength: 64 }),
    brightness_pct: num('For turn_on of a light: brightness 1–100 %.', { minimum: 1, maximum: 100 }),
    temperature_c: num('For set_temperature: setpoint in °C.', { minimum: -10, maximum: 50 }),
    position_pct: num('For set_cover_position: 0 (closed) – 100 (open).', { minimum: 0, maximum: 100 }),
    message: str('For notify: the notification text.', { minLength: 1, maxLength: 300 }),
  },
  ['type'],
  'One step the automation performs.',
);

export const automationSchema: JsonSchema = object(
  {
    automation_id: str('Automation id.'),
    home_id: str('Home id.'),
    alias: str('Name of the automation.'),
    description: str('What it is for.'),
    enabled: bool('Whether it runs when triggered.'),
    trigger: triggerSchema,
    conditions: array(conditionSchema, 'All must pass.'),
    actions: array(actionSchema, 'Run in order.'),
    created_at: str('ISO-8601 UTC.'),
    last_triggered: { type: ['string', 'null'], description: 'When it last ran, null if never.' },
  },
  ['automation_id', 'home_id', 'alias', 'description', 'enabled', 'trigger', 'conditions', 'actions', 'created_at', 'last_triggered'],
);

export const groupSchema: JsonSchema = object(
  {
    group_id: str('Group id; pass it as target_id to turn_on_device / turn_off_device.'),
    home_id: str('Home id.'),
    name: str('Group name.'),
    created_at: str('ISO-8601 UTC.'),
    members: array(
      object({ device_id: str('Device id.'), name: str('Device name.'), type: deviceTypeSchema, online: bool('Reachable.'), state: str('Current state.') }, ['device_id', 'name', 'type', 'online', 'state']),
      'Member devices.',
    ),
  },
  ['group_id', 'home_id', 'name', 'created_at', 'members'],
);
