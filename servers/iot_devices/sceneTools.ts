import { defineTool, type ToolDefinition } from '../kit/Domain.js';
import { deviceById, deviceLabel, deviceOfHome, findHome, stamp, targetProblem, unsupportedMessage, withTarget } from './deviceRules.js';
import { groupView, outcomeOf, sceneView, sceneViewWith } from './deviceViews.js';
import { array, deviceOutcomeSchema, groupSchema, homeIdInput, int, object, sceneEntitySchema, sceneSchema, str } from './iotSchemas.js';
import type { Device, DeviceGroup, IotState, Scene, SceneEntity } from './IotState.js';
import { groupNamed, sceneNamed } from './nameIndexes.js';
import { addEntry, baseState, putDevices, replaceEntry } from './stateAccess.js';

/** Scenes (a stored set of device states applied at once) and device groups (switched together). */

type Fail = (message: string) => never;

/**
 * The stored target of a scene entry: its fields in one fixed order (a copy of the argument's), or
 * undefined when it sets none (targetProblem then says so).
 */
function sceneEntity(deviceId: string, entry: SceneEntity): SceneEntity | undefined {
  const entity: SceneEntity = { device_id: deviceId };
  let set = false;
  if (entry.on !== undefined) {
    entity.on = entry.on;
    set = true;
  }
  if (entry.brightness_pct !== undefined) {
    entity.brightness_pct = entry.brightness_pct;
    set = true;
  }
  if (entry.color_temp_kelvin !== undefined) {
    entity.color_temp_kelvin = entry.color_temp_kelvin;
    set = true;
  }
  if (entry.rgb_color !== undefined) {
    entity.rgb_color = [...entry.rgb_color];
    set = true;
  }
  if (entry.hvac_mode !== undefined) {
    entity.hvac_mode = entry.hvac_mode;
    set = true;
  }
  if (entry.target_temperature_c !== undefined) {
    entity.target_temperature_c = entry.target_temperature_c;
    set = true;
  }
  if (entry.position_pct !== undefined) {
    entity.position_pct = entry.position_pct;
    set = true;
  }
  if (entry.locked !== undefined) {
    entity.locked = entry.locked;
    set = true;
  }
  if (entry.volume_pct !== undefined) {
    entity.volume_pct = entry.volume_pct;
    set = true;
  }
  if (entry.recording !== undefined) {
    entity.recording = entry.recording;
    set = true;
  }
  return set ? entity : undefined;
}

/** A device of `homeId` referenced at `where`, or a failure naming what exists. */
export function memberDevice(state: IotState, id: string, homeId: string, where: string, fail: Fail): Device {
  const device = deviceById(state, id);
  if (device === undefined) return fail(`${where} references unknown device "${id}"; device ids look like dev_12 — list_devices with home_id ${homeId} lists this home's devices`);
  if (device.home_id !== homeId) return fail(`${where}: ${deviceLabel(device)} belongs to ${device.home_id}, not ${homeId}; only devices of the same home can be used`);
  return device;
}

/**
 * `memberDevice` for entry `index` of the list argument `field`, read from the home's device record
 * (`devicesOfHome`, looked up once per call) where it is: the place is spelled out only in a failure.
 */
function memberDeviceAt(state: IotState, devicesOfHome: Readonly<Record<string, Device>> | undefined, id: string, homeId: string, field: string, index: number, fail: Fail): Device {
  const device = devicesOfHome?.[id];
  if (device !== undefined && device.id === id && device.home_id === homeId) return device;
  return memberDevice(state, id, homeId, `${field}[${index}]`, fail);
}

/** A home's record of devices, or undefined. */
function devicesOf(state: IotState, homeId: string): Readonly<Record<string, Device>> | undefined {
  return Object.hasOwn(state.devices, homeId) ? state.devices[homeId] : undefined;
}

const listScenes = defineTool<IotState, { home_id?: string }>({
  name: 'list_scenes',
  description: 'List scenes (stored sets of device states, like "Movie Night"), optionally of one home, with the target state of every device in each and when it was last activated.',
  input: object({ home_id: str('Only scenes of this home.', { maxLength: 64 }) }),
  output: object({ scenes: array(sceneSchema, 'Scenes.') }, ['scenes']),
  annotations: { title: 'List scenes', readOnlyHint: true, idempotentHint: true },
  handler(args, ctx) {
    const state = ctx.state as IotState;
    if (args.home_id !== undefined) findHome(state, args.home_id, ctx.fail);
    return { scenes: Object.values(state.scenes).filter((s) => args.home_id === undefined || s.home_id === args.home_id).map(sceneView) };
  },
});

const createScene = defineTool<IotState, { home_id: string; name: string; entities: SceneEntity[] }>({
  name: 'create_scene',
  description:
    'Create a scene in a home: a name and the target state of each device (on/off, brightness, color, thermostat mode and setpoint, cover position, lock, volume, camera recording). Every field must fit the device\'s capabilities and ranges; a scene may lock but never unlock. Devices that are offline now may be included (activation skips them while offline; the result warns). Returns the new scene; activate it with activate_scene.',
  input: object(
    {
      home_id: homeIdInput,
      name: str('Scene name, unique within the home.', { minLength: 1, maxLength: 60 }),
      entities: array(sceneEntitySchema, 'Target state per device (1–30 devices, each once).', { minItems: 1, maxItems: 30 }),
    },
    ['home_id', 'name', 'entities'],
  ),
  output: object({ scene: sceneSchema, warnings: array(str('A warning.'), 'E.g. devices that are offline now.') }, ['scene', 'warnings']),
  annotations: { title: 'Create scene', readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  handler(args, ctx) {
    const state = baseState(ctx);
    const home = findHome(state, args.home_id, ctx.fail);
    const name = args.name.trim();
    if (name.length === 0) ctx.fail('name must not be blank');
    const clash = sceneNamed(state.scenes, home.id, name);
    if (clash) ctx.fail(`${home.id} already has a scene named "${clash.name}" (${clash.id}); choose another name or activate that one`);
    const warnings: string[] = [];
    const given = args.entities;
    const devicesOfHome = devicesOf(state, home.id);
    const entities = new Array<SceneEntity>(given.length);
    // The result's copies, spread while the entities are new plain objects (V8 clones those in one step).
    const views = new Array<SceneEntity>(given.length);
    for (let index = 0; index < given.length; index++) {
      const device = memberDeviceAt(state, devicesOfHome, given[index].device_id, home.id, 'entities', index, ctx.fail);
      // At most 30 entities: comparing with those before is cheaper than a Set.
      for (let j = 0; j < index; j++) {
        if (entities[j].device_id === device.id) ctx.fail(`entities[${index}]: ${deviceLabel(device)} appears twice; give each device once`);
      }
      const built = sceneEntity(device.id, given[index]);
      // A built entity sets a field: targetProblem need not walk its keys to know.
      const problem = built === undefined ? targetProblem(device, given[index]) : targetProblem(device, built, true);
      if (problem) ctx.fail(`entities[${index}]: ${problem}`);
      const entity = built!;
      if (!device.online) warnings.push(`${deviceLabel(device)} is offline since ${device.last_seen}; activation will skip it until it is back`);
      entities[index] = entity;
      const view = { ...entity };
      if (entity.rgb_color !== undefined) view.rgb_color = [...entity.rgb_color];
      views[index] = view;
    }
    // Frozen here, as they are made: with the scene frozen, all it holds is, and it is stored without a walk.
    for (let i = 0; i < entities.length; i++) {
      const entity = entities[i];
      if (entity.rgb_color !== undefined) Object.freeze(entity.rgb_color);
      Object.freeze(entity);
    }
    Object.freeze(entities);
    const id = ctx.nextId('scene');
    const scene: Scene = { id, home_id: home.id, name, entities, created_at: stamp(ctx.now), last_activated: null };
    addEntry(ctx, 'scenes', Object.freeze(scene), true);
    return { scene: sceneViewWith(scene, views), warnings };
  },
});

const activateScene = defineTool<IotState, { scene_id: string }>({
  name: 'activate_scene',
  description:
    'Activate a scene: apply its stored state to every device in it. Offline devices are skipped and reported per device (status partial; they keep their state); the call fails only when every device of the scene is offline. Returns what happened to each device (changed, unchanged, skipped_offline).',
  input: object({ scene_id: str('Scene id, e.g. scene_4 (list_scenes lists them).', { maxLength: 64 }) }, ['scene_id']),
  output: object(
    {
      scene_id: str('Scene id.'),
      name: str('Scene name.'),
      status: { type: 'string', enum: ['complete', 'partial'], description: 'partial when offline devices were skipped.' },
      activated_at: str('ISO-8601 UTC.'),
      changed_count: int('Devices whose state changed.'),
      unchanged_count: int('Devices already in the scene\'s state.'),
      skipped_count: int('Offline devices skipped.'),
      results: array(deviceOutcomeSchema, 'One entry per device of the scene.'),
    },
    ['scene_id', 'name', 'status', 'activated_at', 'changed_count', 'unchanged_count', 'skipped_count', 'results'],
  ),
  annotations: { title: 'Activate scene', readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  handler(args, ctx) {
    const state = baseState(ctx);
    const scene = Object.hasOwn(state.scenes, args.scene_id) ? state.scenes[args.scene_id] : undefined;
    if (scene === undefined) {
      const wanted = args.scene_id.trim().toLowerCase();
      const byName = Object.values(state.scenes).filter((s) => s.name.toLowerCase() === wanted);
      return ctx.fail(
        byName.length > 0
          ? `"${args.scene_id}" is a scene name; use its id: ${byName.map((s) => `${s.id} (in ${s.home_id})`).join(', ')}`
          : `scene "${args.scene_id}" does not exist; scene ids look like scene_4 — list_scenes lists them`,
      );
    }
    const entities = scene.entities;
    const now = stamp(ctx.now);
    // A scene names each device once (create_scene and the invariants make sure), so every device is written at most once.
    const results = [];
    const changedDevices: Device[] = [];
    let offline = 0;
    const devicesOfHome = Object.hasOwn(state.devices, scene.home_id) ? state.devices[scene.home_id] : undefined;
    for (let i = 0; i < entities.length; i++) {
      const device = deviceOfHome(state, devicesOfHome, entities[i].device_id)!;
      if (!device.online) {
        offline++;
        results.push(outcomeOf(device, 'skipped_offline'));
        continue;
      }
      const next = withTarget(device, entities[i], now);
      if (next === undefined) {
        results.push(outcomeOf(device, 'unchanged'));
      } else {
        changedDevices.push(next);
        results.push(outcomeOf(next, 'changed'));
      }
    }
    if (offline === entities.length) {
      const devices = entities.map((entity) => deviceById(state, entity.device_id)!);
      ctx.fail(`every device of scene ${scene.id} "${scene.name}" is offline (${devices.map((d) => `${deviceLabel(d)} since ${d.last_seen}`).join(', ')}); nothing changed. Check those devices and try again`);
    }
    putDevices(ctx, changedDevices, true);
    const changed = changedDevices.length;
    // Every scene has these keys in this order (generateWorld's and create_scene's): a literal skips
    // shallowCopy's shape lookup, and freezing it here spares replaceEntry its walk.
    const activated: Scene = Object.freeze({ id: scene.id, home_id: scene.home_id, name: scene.name, entities: scene.entities, created_at: scene.created_at, last_activated: now });
    replaceEntry(ctx, 'scenes', activated);
    return {
      scene_id: scene.id,
      name: scene.name,
      status: offline > 0 ? 'partial' : 'complete',
      activated_at: now,
      changed_count: changed,
      unchanged_count: results.length - changed - offline,
      skipped_count: offline,
      results,
    };
  },
});

const listDeviceGroups = defineTool<IotState, { home_id?: string }>({
  name: 'list_device_groups',
  description: 'List device groups (switchable devices controlled together), optionally of one home, with each member\'s online status and state. Pass a group id to turn_on_device / turn_off_device to switch all members.',
  input: object({ home_id: str('Only groups of this home.', { maxLength: 64 }) }),
  output: object({ groups: array(groupSchema, 'Groups.') }, ['groups']),
  annotations: { title: 'List device groups', readOnlyHint: true, idempotentHint: true },
  handler(args, ctx) {
    const state = ctx.state as IotState;
    if (args.home_id !== undefined) findHome(state, args.home_id, ctx.fail);
    return { groups: Object.values(state.groups).filter((g) => args.home_id === undefined || g.home_id === args.home_id).map((g) => groupView(state, g)) };
  },
});

const createDeviceGroup = defineTool<IotState, { home_id: string; name: string; device_ids: string[] }>({
  name: 'create_device_group',
  description:
    'Create a group of switchable devices (lights, switches, plugs, speakers) of one home, e.g. "Porch Lights", to switch them together with turn_on_device / turn_off_device. Every member needs the on_off capability. Returns the group with its id.',
  input: object(
    {
      home_id: homeIdInput,
      name: str('Group name, unique within the home.', { minLength: 1, maxLength: 60 }),
      device_ids: array(str('Device id.', { maxLength: 64 }), 'Member devices (2–30, each once).', { minItems: 2, maxItems: 30 }),
    },
    ['home_id', 'name', 'device_ids'],
  ),
  output: object({ group: groupSchema }, ['group']),
  annotations: { title: 'Create device group', readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  handler(args, ctx) {
    const state = baseState(ctx);
    const home = findHome(state, args.home_id, ctx.fail);
    const name = args.name.trim();
    if (name.length === 0) ctx.fail('name must not be blank');
    const clash = groupNamed(state.groups, home.id, name);
    if (clash) ctx.fail(`${home.id} already has a group named "${clash.name}" (${clash.id}); choose another name`);
    const seen = new Set<string>();
    const deviceIds: string[] = [];
    const wanted = args.device_ids;
    const devicesOfHome = devicesOf(state, home.id);
    for (let index = 0; index < wanted.length; index++) {
      const device = memberDeviceAt(state, devicesOfHome, wanted[index], home.id, 'device_ids', index, ctx.fail);
      if (seen.has(device.id)) ctx.fail(`device_ids[${index}]: ${deviceLabel(device)} is listed twice`);
      seen.add(device.id);
      deviceIds.push(device.id);
      if (!device.capabilities.includes('on_off')) ctx.fail(`device_ids[${index}]: ${unsupportedMessage(device, 'on_off')} Groups hold switchable devices: lights, switches, plugs and speakers`);
    }
    const id = ctx.nextId('grp');
    const group: DeviceGroup = { id, home_id: home.id, name, device_ids: deviceIds, created_at: stamp(ctx.now) };
    Object.freeze(deviceIds);
    addEntry(ctx, 'groups', Object.freeze(group), true);
    return { group: groupView(state, group) };
  },
});

export const sceneTools: ToolDefinition<IotState>[] = [listScenes, createScene, activateScene, listDeviceGroups, createDeviceGroup];
