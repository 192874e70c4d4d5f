import { defineTool, type ToolContext, type ToolDefinition } from '../kit/Domain.js';
import { shallowCopy } from '../kit/shallowCopy.js';
import {
  changedDevice,
  deviceById,
  deviceLabel,
  deviceOfHome,
  findDevice,
  positionProblem,
  requireCapability,
  requireOnline,
  resolveThermostat,
  stamp,
  stateOf,
  targetProblem,
  unsupportedMessage,
  volumeProblem,
  withPower,
  withTarget,
} from './deviceRules.js';
import { commandResult, outcomeOf } from './deviceViews.js';
import { bool, commandResultSchema, deviceIdInput, hvacModeSchema, int, num, object, powerResultSchema, rgbSchema, str } from './iotSchemas.js';
import type { Device, DeviceAttributes, HvacMode, IotState } from './IotState.js';
import { addEntry, baseState, putDevice, putDevices } from './stateAccess.js';

/** The actuator tools (Home Assistant services): every one refuses offline devices and leaves them untouched. */

type Ctx = ToolContext<IotState>;

function setPower(args: { target_id: string }, ctx: Ctx, on: boolean) {
  const state = baseState(ctx);
  const verb = on ? 'turn_on_device' : 'turn_off_device';
  const now = stamp(ctx.now);
  const group = Object.hasOwn(state.groups, args.target_id) ? state.groups[args.target_id] : undefined;
  if (group === undefined) {
    if (deviceById(state, args.target_id) === undefined) {
      const wanted = args.target_id.trim().toLowerCase();
      const groups = Object.values(state.groups).filter((g) => g.name.toLowerCase() === wanted);
      if (groups.length > 0) ctx.fail(`"${args.target_id}" is a group name; use its id: ${groups.map((g) => `${g.id} (in ${g.home_id})`).join(', ')}`);
      if (/^grp_/.test(args.target_id)) ctx.fail(`device group "${args.target_id}" does not exist; list_device_groups lists the groups`);
    }
    const device = findDevice(state, args.target_id, ctx.fail);
    requireCapability(device, ctx.fail, 'on_off');
    requireOnline(state, device, ctx.fail);
    const next = withPower(device, on, now);
    if (next !== undefined) putDevice(ctx, next);
    const changed = next !== undefined;
    return { target_id: device.id, target_type: 'device' as const, status: 'complete' as const, changed_count: changed ? 1 : 0, unchanged_count: changed ? 0 : 1, skipped_count: 0, results: [outcomeOf(next ?? device, changed ? 'changed' : 'unchanged')] };
  }
  const ids = group.device_ids;
  // A group lists each device once (create_device_group and the invariants make sure), so every member is written at most once.
  const results = [];
  const changedDevices: Device[] = [];
  let offline = 0;
  const devicesOfHome = Object.hasOwn(state.devices, group.home_id) ? state.devices[group.home_id] : undefined;
  for (let i = 0; i < ids.length; i++) {
    const device = deviceOfHome(state, devicesOfHome, ids[i])!;
    if (!device.online) {
      offline++;
      results.push(outcomeOf(device, 'skipped_offline'));
      continue;
    }
    const next = withPower(device, on, now);
    if (next === undefined) {
      results.push(outcomeOf(device, 'unchanged'));
    } else {
      changedDevices.push(next);
      results.push(outcomeOf(next, 'changed'));
    }
  }
  if (offline === ids.length) {
    const members = ids.map((id) => deviceById(state, id)!);
    ctx.fail(`every member of group ${group.id} "${group.name}" is offline (${members.map((d) => `${deviceLabel(d)} since ${d.last_seen}`).join(', ')}); nothing was sent. Check the devices, or ${verb} on single devices that are online`);
  }
  putDevices(ctx, changedDevices, true);
  const changed = changedDevices.length;
  return {
    target_id: group.id,
    target_type: 'group' as const,
    status: offline > 0 ? ('partial' as const) : ('complete' as const),
    changed_count: changed,
    unchanged_count: results.length - changed - offline,
    skipped_count: offline,
    results,
  };
}

const targetInput = str('A device id (dev_12) or a device group id (grp_3) to switch every member of the group.', { maxLength: 64 });

const turnOnDevice = defineTool<IotState, { target_id: string }>({
  name: 'turn_on_device',
  description:
    'Switch on a light, switch, plug or speaker — or every member of a device group (pass the group id). A light comes back at its last brightness. For a group, offline members are skipped and reported (status partial); the call fails only when every member is offline. A single offline device fails with since when it is offline. Other device types have their own tools (set_thermostat, set_cover_position, lock_device …).',
  input: object({ target_id: targetInput }, ['target_id']),
  output: powerResultSchema,
  annotations: { title: 'Turn on', readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  handler: (args, ctx) => setPower(args, ctx, true),
});

const turnOffDevice = defineTool<IotState, { target_id: string }>({
  name: 'turn_off_device',
  description:
    'Switch off a light, switch, plug or speaker — or every member of a device group (pass the group id). Offline group members are skipped and reported (status partial); the call fails only when every member is offline or the single device targeted is offline.',
  input: object({ target_id: targetInput }, ['target_id']),
  output: powerResultSchema,
  annotations: { title: 'Turn off', readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  handler: (args, ctx) => setPower(args, ctx, false),
});

const LOCK = { locked: true } as const;
const UNLOCK = { locked: false } as const;
const RECORD = { recording: true } as const;
const STOP_RECORDING = { recording: false } as const;

/** Applies a validated command to a device (writing the changed device into the draft) and says what it did. */
function runCommand(ctx: Ctx, device: Device, target: Parameters<typeof withTarget>[1]) {
  const next = withTarget(device, target, stamp(ctx.now));
  if (next === undefined) return commandResult(device, false);
  putDevice(ctx, next);
  return commandResult(next, true);
}

const setLightState = defineTool<IotState, { device_id: string; brightness_pct?: number; color_temp_kelvin?: number; rgb_color?: [number, number, number] }>({
  name: 'set_light_state',
  description:
    'Set a light\'s brightness, white color temperature or RGB color (like Home Assistant light.turn_on); the light switches on. brightness_pct 0 switches it off. Color temperature must be within the light\'s own range (get_device_state shows limits.color_temp_kelvin); give color_temp_kelvin or rgb_color, not both. Lights without that capability (e.g. a white-only bulb asked for a color) are refused with the capabilities they have.',
  input: object(
    {
      device_id: deviceIdInput,
      brightness_pct: num('Brightness 0–100 % (0 switches the light off).', { minimum: 0, maximum: 100 }),
      color_temp_kelvin: num('White color temperature in kelvin (warm 2200 … cool 6500; each model has its own range).', { minimum: 1000, maximum: 10000 }),
      rgb_color: rgbSchema,
    },
    ['device_id'],
  ),
  output: commandResultSchema,
  annotations: { title: 'Set light', readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  handler(args, ctx) {
    const state = baseState(ctx);
    const device = findDevice(state, args.device_id, ctx.fail);
    if (args.brightness_pct === undefined && args.color_temp_kelvin === undefined && args.rgb_color === undefined) {
      ctx.fail('nothing to set: pass brightness_pct, color_temp_kelvin or rgb_color (turn_on_device / turn_off_device only switch)');
    }
    const off = args.brightness_pct === 0;
    if (off && (args.color_temp_kelvin !== undefined || args.rgb_color !== undefined)) ctx.fail('brightness_pct 0 switches the light off and cannot be combined with a color');
    const target = off ? { on: false } : { brightness_pct: args.brightness_pct, color_temp_kelvin: args.color_temp_kelvin, rgb_color: args.rgb_color };
    if (off) requireCapability(device, ctx.fail, 'brightness');
    const problem = targetProblem(device, target);
    if (problem) ctx.fail(problem);
    requireOnline(state, device, ctx.fail);
    return runCommand(ctx, device, target);
  },
});

const setThermostat = defineTool<IotState, { device_id: string; hvac_mode?: HvacMode; target_temperature_c?: number; target_temp_low_c?: number; target_temp_high_c?: number }>({
  name: 'set_thermostat',
  description:
    'Change a thermostat\'s HVAC mode and/or setpoints in °C (like climate.set_hvac_mode + climate.set_temperature). heat and cool take target_temperature_c; heat_cool takes target_temp_low_c and target_temp_high_c (at least 1.5 °C apart); off takes no setpoint. Each model has its own modes and setpoint range per mode (get_device_state shows limits); an out-of-range setpoint is refused with the valid range. Switching mode without a setpoint keeps the previous one when it fits.',
  input: object(
    {
      device_id: deviceIdInput,
      hvac_mode: hvacModeSchema,
      target_temperature_c: num('Setpoint in °C for heat or cool mode.', { minimum: -10, maximum: 50 }),
      target_temp_low_c: num('heat_cool only: heat when below this (°C).', { minimum: -10, maximum: 50 }),
      target_temp_high_c: num('heat_cool only: cool when above this (°C).', { minimum: -10, maximum: 50 }),
    },
    ['device_id'],
  ),
  output: commandResultSchema,
  annotations: { title: 'Set thermostat', readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  handler(args, ctx) {
    const state = baseState(ctx);
    const device = findDevice(state, args.device_id, ctx.fail);
    requireCapability(device, ctx.fail, 'hvac');
    if (args.hvac_mode === undefined && args.target_temperature_c === undefined && args.target_temp_low_c === undefined && args.target_temp_high_c === undefined) {
      ctx.fail('nothing to set: pass hvac_mode and/or target_temperature_c (heat, cool) or target_temp_low_c and target_temp_high_c (heat_cool)');
    }
    const resolved = resolveThermostat(device, args);
    if (typeof resolved === 'string') return ctx.fail(resolved);
    requireOnline(state, device, ctx.fail);
    const a = device.attributes;
    const changed = a.hvac_mode !== resolved.hvac_mode || a.target_temperature_c !== resolved.target_temperature_c || a.target_temp_low_c !== resolved.target_temp_low_c || a.target_temp_high_c !== resolved.target_temp_high_c;
    if (!changed) return commandResult(device, false);
    const attributes: DeviceAttributes = shallowCopy(a);
    attributes.hvac_mode = resolved.hvac_mode;
    attributes.target_temperature_c = resolved.target_temperature_c;
    attributes.target_temp_low_c = resolved.target_temp_low_c;
    attributes.target_temp_high_c = resolved.target_temp_high_c;
    const next = changedDevice(device, attributes, stamp(ctx.now));
    putDevice(ctx, next);
    return commandResult(next, true);
  },
});

const lockDevice = defineTool<IotState, { device_id: string }>({
  name: 'lock_device',
  description: 'Lock a smart lock (no code needed to lock). Fails for offline locks (with since when) and for devices that are not locks. Returns the lock\'s new state.',
  input: object({ device_id: deviceIdInput }, ['device_id']),
  output: commandResultSchema,
  annotations: { title: 'Lock', readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  handler(args, ctx) {
    const state = baseState(ctx);
    const device = findDevice(state, args.device_id, ctx.fail);
    requireCapability(device, ctx.fail, 'lock');
    requireOnline(state, device, ctx.fail);
    return runCommand(ctx, device, LOCK);
  },
});

function codeProblem(device: Device, code: string): string | undefined {
  const length = device.limits.code_length ?? { min: 4, max: 8 };
  const rule = length.min === length.max ? `${length.min} digits` : `${length.min}–${length.max} digits`;
  if (!/^[0-9]+$/.test(code)) return `the code for ${deviceLabel(device)} must contain digits only (${rule})`;
  if (code.length < length.min) return `the code is too short: ${deviceLabel(device)} (${device.model}) takes codes of ${rule}, got ${code.length} digits`;
  if (code.length > length.max) return `the code is too long: ${deviceLabel(device)} (${device.model}) takes codes of ${rule}, got ${code.length} digits`;
  return undefined;
}

/** The user code slot with that code: an index loop (`find` on a frozen array takes Node 20's slow generic path). */
function lockCodeSlot(device: Device, code: string): NonNullable<Device['lock_codes']>[number] | undefined {
  const codes = device.lock_codes ?? [];
  for (let i = 0; i < codes.length; i++) if (codes[i].code === code) return codes[i];
  return undefined;
}

const unlockDevice = defineTool<IotState, { device_id: string; code: string }>({
  name: 'unlock_device',
  description:
    'Unlock a smart lock with one of its user codes (a secret the user must give; never guess it). The code must have the length the lock model takes (limits.code_length, e.g. 4–8 digits). A wrong code is refused and the door stays locked. Returns the new state and which code slot matched.',
  input: object({ device_id: deviceIdInput, code: str('The user code (digits), exactly as the user gave it.', { maxLength: 32 }) }, ['device_id', 'code']),
  output: object(
    {
      device_id: str('Device id.'),
      name: str('Device name.'),
      state: str('State after the command (unlocked).'),
      changed: bool('False when it already was unlocked.'),
      last_changed: str('ISO-8601 UTC.'),
      unlocked_with: str('Name of the code slot that matched (e.g. Family, Guest).'),
    },
    ['device_id', 'name', 'state', 'changed', 'last_changed', 'unlocked_with'],
  ),
  annotations: { title: 'Unlock', readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  sensitive: ['code'],
  handler(args, ctx) {
    const state = baseState(ctx);
    const device = findDevice(state, args.device_id, ctx.fail);
    requireCapability(device, ctx.fail, 'lock');
    requireOnline(state, device, ctx.fail);
    const problem = codeProblem(device, args.code);
    if (problem) ctx.fail(problem);
    const slot = lockCodeSlot(device, args.code);
    if (!slot) return ctx.fail(`wrong code for ${deviceLabel(device)}: it matches none of the ${device.lock_codes?.length ?? 0} user codes, so the door stays ${stateOf(device)}. Ask the user for the right code`);
    const next = withTarget(device, UNLOCK, stamp(ctx.now));
    if (next !== undefined) putDevice(ctx, next);
    const after = next ?? device;
    return { device_id: after.id, name: after.name, state: stateOf(after), changed: next !== undefined, last_changed: after.last_changed, unlocked_with: slot.name };
  },
});

const setCoverPosition = defineTool<IotState, { device_id: string; position_pct: number }>({
  name: 'set_cover_position',
  description:
    'Move a blind, shade or garage door (cover.set_cover_position): 0 closes it, 100 opens it fully. Garage doors only open or close fully (0 or 100). Returns the new position and state (open/closed).',
  input: object({ device_id: deviceIdInput, position_pct: num('Target position 0 (closed) – 100 (fully open).', { minimum: 0, maximum: 100 }) }, ['device_id', 'position_pct']),
  output: commandResultSchema,
  annotations: { title: 'Set cover position', readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  handler(args, ctx) {
    const state = baseState(ctx);
    const device = findDevice(state, args.device_id, ctx.fail);
    requireCapability(device, ctx.fail, 'position', 'open_close');
    const problem = positionProblem(device, args.position_pct);
    if (problem) ctx.fail(problem);
    requireOnline(state, device, ctx.fail);
    return runCommand(ctx, device, { position_pct: args.position_pct });
  },
});

const setSpeakerVolume = defineTool<IotState, { device_id: string; volume_pct?: number; muted?: boolean }>({
  name: 'set_speaker_volume',
  description:
    'Set a speaker\'s volume (0–100 %, or up to the cap set on that speaker — limits.max_volume_pct) and/or mute it. The speaker must be on: turn it on with turn_on_device first.',
  input: object({ device_id: deviceIdInput, volume_pct: num('Volume 0–100 %.', { minimum: 0, maximum: 100 }), muted: bool('true mutes, false unmutes.') }, ['device_id']),
  output: commandResultSchema,
  annotations: { title: 'Set speaker volume', readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  handler(args, ctx) {
    const state = baseState(ctx);
    const device = findDevice(state, args.device_id, ctx.fail);
    requireCapability(device, ctx.fail, 'volume');
    if (args.volume_pct === undefined && args.muted === undefined) ctx.fail('nothing to set: pass volume_pct and/or muted');
    if (args.volume_pct !== undefined) {
      const problem = volumeProblem(device, args.volume_pct);
      if (problem) ctx.fail(problem);
    }
    requireOnline(state, device, ctx.fail);
    if (!device.attributes.on) ctx.fail(`${deviceLabel(device)} is off; turn it on with turn_on_device first, then set the volume`);
    const a: DeviceAttributes = shallowCopy(device.attributes);
    let changed = false;
    if (args.volume_pct !== undefined && a.volume_pct !== Math.round(args.volume_pct)) {
      a.volume_pct = Math.round(args.volume_pct);
      changed = true;
    }
    if (args.muted !== undefined && a.muted !== args.muted) {
      a.muted = args.muted;
      changed = true;
    }
    if (!changed) return commandResult(device, false);
    const next = changedDevice(device, a, stamp(ctx.now));
    putDevice(ctx, next);
    return commandResult(next, true);
  },
});

const takeCameraSnapshot = defineTool<IotState, { device_id: string }>({
  name: 'take_camera_snapshot',
  description: 'Take a still image with a camera (camera.snapshot). Returns the new snapshot id, its URL, resolution and time. Fails for offline cameras.',
  input: object({ device_id: deviceIdInput }, ['device_id']),
  output: object(
    {
      snapshot_id: str('Snapshot id.'),
      device_id: str('Camera id.'),
      taken_at: str('ISO-8601 UTC.'),
      content_type: str('MIME type.'),
      url: str('Where the image can be fetched (relative to the hub).'),
      width: int('Pixels.'),
      height: int('Pixels.'),
    },
    ['snapshot_id', 'device_id', 'taken_at', 'content_type', 'url', 'width', 'height'],
  ),
  annotations: { title: 'Camera snapshot', readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  handler(args, ctx) {
    const state = baseState(ctx);
    const device = findDevice(state, args.device_id, ctx.fail);
    requireCapability(device, ctx.fail, 'snapshot');
    requireOnline(state, device, ctx.fail);
    const id = ctx.nextId('snap');
    const resolution = device.limits.snapshot_resolution ?? { width: 1920, height: 1080 };
    const snapshot = { id, device_id: device.id, taken_at: stamp(ctx.now), content_type: 'image/jpeg' as const, url: `/api/camera_proxy/${device.id}/snapshots/${id}.jpg`, width: resolution.width, height: resolution.height };
    addEntry(ctx, 'snapshots', Object.freeze(snapshot));
    const attributes: DeviceAttributes = shallowCopy(device.attributes);
    attributes.last_snapshot_at = snapshot.taken_at;
    const next = shallowCopy(device);
    next.attributes = attributes;
    putDevice(ctx, next);
    return { snapshot_id: id, device_id: device.id, taken_at: stamp(ctx.now), content_type: snapshot.content_type, url: snapshot.url, width: snapshot.width, height: snapshot.height };
  },
});

const setCameraRecording = defineTool<IotState, { device_id: string; recording: boolean }>({
  name: 'set_camera_recording',
  description: 'Start or stop continuous recording on a camera. Some cameras cannot record (snapshot only); they are refused with their capabilities. Fails for offline cameras.',
  input: object({ device_id: deviceIdInput, recording: bool('true starts recording, false stops it.') }, ['device_id', 'recording']),
  output: commandResultSchema,
  annotations: { title: 'Camera recording', readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  handler(args, ctx) {
    const state = baseState(ctx);
    const device = findDevice(state, args.device_id, ctx.fail);
    if (!device.capabilities.includes('recording')) ctx.fail(unsupportedMessage(device, 'recording'));
    requireOnline(state, device, ctx.fail);
    return runCommand(ctx, device, args.recording ? RECORD : STOP_RECORDING);
  },
});

export const controlTools: ToolDefinition<IotState>[] = [
  turnOnDevice,
  turnOffDevice,
  setLightState,
  setThermostat,
  lockDevice,
  unlockDevice,
  setCoverPosition,
  setSpeakerVolume,
  takeCameraSnapshot,
  setCameraRecording,
];

