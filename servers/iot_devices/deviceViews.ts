import { shallowCopy } from '../kit/shallowCopy.js';
import { deviceById, stateOf } from './deviceRules.js';
import type { Automation, AutomationAction, AutomationCondition, AutomationTrigger, Device, DeviceAttributes, DeviceGroup, IotState, Scene, SceneEntity } from './IotState.js';

/** Plain result objects built from the state (never drafts): what the tools return. */

function copyAttributes(attributes: DeviceAttributes): DeviceAttributes {
  const copy: DeviceAttributes = shallowCopy(attributes);
  if (attributes.rgb_color) copy.rgb_color = [attributes.rgb_color[0], attributes.rgb_color[1], attributes.rgb_color[2]];
  return copy;
}

export function summaryOf(state: IotState, device: Device) {
  return {
    device_id: device.id,
    name: device.name,
    type: device.type,
    home_id: device.home_id,
    room_id: device.room_id,
    room_name: state.rooms[device.room_id]?.name ?? device.room_id,
    online: device.online,
    state: stateOf(device),
    last_seen: device.last_seen,
  };
}

export function detailOf(state: IotState, device: Device) {
  const detail: Record<string, unknown> = {
    device_id: device.id,
    name: device.name,
    type: device.type,
    manufacturer: device.manufacturer,
    model: device.model,
    power_source: device.power_source,
    home_id: device.home_id,
    home_name: state.homes[device.home_id]?.name ?? device.home_id,
    room_id: device.room_id,
    room_name: state.rooms[device.room_id]?.name ?? device.room_id,
    online: device.online,
    state: stateOf(device),
    last_seen: device.last_seen,
    last_changed: device.last_changed,
    // Array.from, not slice(): Node 20 slices a frozen array through a slow generic path.
    capabilities: Array.from(device.capabilities),
    attributes: copyAttributes(device.attributes),
    limits: device.limits,
    has_history: Object.hasOwn(state.readings, device.id),
  };
  if (device.lock_codes) detail.lock_code_slots = device.lock_codes.map((code) => ({ slot: code.slot, name: code.name }));
  return detail;
}

export function commandResult(device: Device, changed: boolean) {
  return {
    device_id: device.id,
    name: device.name,
    state: stateOf(device),
    changed,
    last_changed: device.last_changed,
    attributes: copyAttributes(device.attributes),
  };
}

export type OutcomeStatus = 'changed' | 'unchanged' | 'skipped_offline';

export function outcomeOf(device: Device, status: OutcomeStatus) {
  const outcome: { device_id: string; name: string; status: OutcomeStatus; state: string; offline_since?: string } = {
    device_id: device.id,
    name: device.name,
    status,
    state: stateOf(device),
  };
  if (status === 'skipped_offline') outcome.offline_since = device.last_seen;
  return outcome;
}

function entityView(entity: SceneEntity): SceneEntity {
  const view = shallowCopy(entity);
  if (entity.rgb_color) view.rgb_color = Array.from(entity.rgb_color) as [number, number, number];
  return view;
}

export function sceneView(scene: Scene) {
  return sceneViewWith(scene, scene.entities.map(entityView));
}

/** The view of a scene whose entities' views the caller made already. */
export function sceneViewWith(scene: Scene, entityViews: SceneEntity[]) {
  return {
    scene_id: scene.id,
    home_id: scene.home_id,
    name: scene.name,
    entities: entityViews,
    created_at: scene.created_at,
    last_activated: scene.last_activated,
  };
}

/** A plain copy of a trigger, condition or action (flat: strings and numbers). */
function copyPart<T extends object>(part: T): T {
  return shallowCopy(part);
}

export function automationView(automation: Automation) {
  return automationViewWith(automation, shallowCopy(automation.trigger), automation.conditions.map(copyPart), automation.actions.map(copyPart));
}

/** An automation's view, given copies of its trigger, conditions and actions (creations have them made already). */
export function automationViewWith(automation: Automation, trigger: AutomationTrigger, conditions: AutomationCondition[], actions: AutomationAction[]) {
  return {
    automation_id: automation.id,
    home_id: automation.home_id,
    alias: automation.alias,
    description: automation.description,
    enabled: automation.enabled,
    trigger,
    conditions,
    actions,
    created_at: automation.created_at,
    last_triggered: automation.last_triggered,
  };
}

export function groupView(state: IotState, group: DeviceGroup) {
  return {
    group_id: group.id,
    home_id: group.home_id,
    name: group.name,
    created_at: group.created_at,
    members: group.device_ids.map((id) => {
      const device = deviceById(state, id)!;
      return { device_id: id, name: device.name, type: device.type, online: device.online, state: stateOf(device) };
    }),
  };
}
