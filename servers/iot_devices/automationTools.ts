import { defineTool, type ToolDefinition } from '../kit/Domain.js';
import { shallowCopy } from '../kit/shallowCopy.js';
import { deviceLabel, findDevice, findHome, numericAttributesOf, positionProblem, rangeText, stamp, statesFor, unsupportedMessage } from './deviceRules.js';
import { automationView, automationViewWith } from './deviceViews.js';
import { actionSchema, array, automationSchema, bool, conditionSchema, homeIdInput, object, str, triggerSchema } from './iotSchemas.js';
import { memberDevice } from './sceneTools.js';
import type { Automation, AutomationAction, AutomationCondition, AutomationTrigger, Capability, Device, IotState, NumericAttribute } from './IotState.js';
import { automationNamed } from './nameIndexes.js';
import { addEntry, baseState, removeEntry, replaceEntry } from './stateAccess.js';

/**
 * Automations (Home Assistant's trigger → conditions → actions). They are stored and validated
 * here; the session clock does not advance, so they are never run by the simulation.
 */

type Fail = (message: string) => never;

const TRIGGER_FIELDS: Record<AutomationTrigger['type'], string[]> = {
  time: ['at'],
  sun: ['event', 'offset_minutes'],
  state: ['device_id', 'to'],
  numeric_state: ['device_id', 'attribute', 'above', 'below'],
};
const CONDITION_FIELDS: Record<AutomationCondition['type'], string[]> = {
  time: ['after', 'before'],
  state: ['device_id', 'state'],
  numeric_state: ['device_id', 'attribute', 'above', 'below'],
};
const ACTION_FIELDS: Record<AutomationAction['type'], string[]> = {
  turn_on: ['device_id', 'brightness_pct'],
  turn_off: ['device_id'],
  set_temperature: ['device_id', 'temperature_c'],
  set_cover_position: ['device_id', 'position_pct'],
  lock: ['device_id'],
  activate_scene: ['scene_id'],
  notify: ['message'],
};

type Builder = (entry: Readonly<Record<string, unknown>>) => Record<string, unknown>;

/**
 * For each list of fields above, a function copying `type` and those fields in the list's order with
 * named stores: each of its store sites sees one shape, where pick's keyed store sees every part's
 * (~30 ns a field, megamorphic). Compiled once from the lists (plain identifiers).
 */
const builders = new Map<string[], Builder>();
for (const table of [TRIGGER_FIELDS, CONDITION_FIELDS, ACTION_FIELDS] as Array<Record<string, string[]>>) {
  for (const fields of Object.values(table)) {
    const stores = fields.map((field) => `if (entry.${field} !== undefined) out.${field} = entry.${field};`).join(' ');
    builders.set(fields, new Function('entry', `const out = { type: entry.type }; ${stores} return out;`) as Builder);
  }
}

/**
 * Copies the fields a type allows, failing on the others (so that a misplaced field is not silently
 * dropped): `type` first, then the others in the argument's order. When that order is the list's
 * (nearly always), the type's builder makes the copy.
 */
function pick<T extends { type: string }>(entry: T, allowed: string[], where: string, fail: Fail): T {
  let last = -1;
  let listOrder = true;
  for (const key in entry) {
    if (key === 'type' || (entry as Record<string, unknown>)[key] === undefined) continue;
    const at = allowed.indexOf(key);
    if (at < 0) fail(`${where}: "${key}" does not apply to type ${entry.type}; it takes ${allowed.join(', ')}`);
    if (at < last) listOrder = false;
    last = at;
  }
  const builder = listOrder ? builders.get(allowed) : undefined;
  if (builder !== undefined) return builder(entry as unknown as Record<string, unknown>) as unknown as T;
  const out: Record<string, unknown> = { type: entry.type };
  for (const key in entry) {
    const value = (entry as Record<string, unknown>)[key];
    if (key !== 'type' && value !== undefined) out[key] = value;
  }
  return out as T;
}

function requireField(value: unknown, field: string, where: string, type: string, fail: Fail): void {
  if (value === undefined) fail(`${where}: type ${type} needs ${field}`);
}

/** The home's device records, looked up once per call (a part's device is read from its home's record where it is). */
interface HomeScope {
  readonly state: IotState;
  readonly homeId: string;
  readonly devices: Readonly<Record<string, Device>> | undefined;
}

function needDevice(scope: HomeScope, id: string | undefined, where: string, type: string, fail: Fail): Device {
  requireField(id, 'device_id', where, type, fail);
  const device = scope.devices?.[id!];
  if (device !== undefined && device.id === id && device.home_id === scope.homeId) return device;
  return memberDevice(scope.state, id!, scope.homeId, where, fail);
}

function checkState(device: Device, value: string, where: string, fail: Fail): void {
  const states = statesFor(device);
  if (states.length === 0) fail(`${where}: ${deviceLabel(device)} (${device.type}) reports a number, not a state; use type numeric_state with above/below`);
  if (value !== 'unavailable' && !states.includes(value)) fail(`${where}: "${value}" is not a state of ${deviceLabel(device)} (${device.type}); valid: ${[...states, 'unavailable'].join(', ')}`);
}

function checkNumeric(entry: { attribute?: NumericAttribute; above?: number; below?: number }, device: Device, where: string, fail: Fail): void {
  const attributes = numericAttributesOf(device);
  if (attributes.length === 0) fail(`${where}: ${deviceLabel(device)} (${device.type}) reports no numeric value; use type state (valid states: ${statesFor(device).join(', ')})`);
  if (entry.attribute === undefined) entry.attribute = attributes[0];
  else if (!attributes.includes(entry.attribute)) fail(`${where}: ${deviceLabel(device)} does not report ${entry.attribute}; it reports ${attributes.join(', ')}`);
  if (entry.above === undefined && entry.below === undefined) fail(`${where}: numeric_state needs above and/or below`);
  if (entry.above !== undefined && entry.below !== undefined && entry.above >= entry.below) fail(`${where}: above (${entry.above}) must be lower than below (${entry.below})`);
}

function validateTrigger(scope: HomeScope, input: AutomationTrigger, fail: Fail): AutomationTrigger {
  const where = 'trigger';
  const trigger = pick(input, TRIGGER_FIELDS[input.type], where, fail);
  switch (trigger.type) {
    case 'time':
      requireField(trigger.at, 'at (HH:MM)', where, trigger.type, fail);
      break;
    case 'sun':
      requireField(trigger.event, 'event (sunrise or sunset)', where, trigger.type, fail);
      break;
    case 'state': {
      const device = needDevice(scope, trigger.device_id, where, trigger.type, fail);
      requireField(trigger.to, 'to (the state that fires it)', where, trigger.type, fail);
      checkState(device, trigger.to!, where, fail);
      break;
    }
    case 'numeric_state':
      checkNumeric(trigger, needDevice(scope, trigger.device_id, where, trigger.type, fail), where, fail);
      break;
  }
  return trigger;
}

function validateCondition(scope: HomeScope, input: AutomationCondition, index: number, fail: Fail): AutomationCondition {
  const where = `conditions[${index}]`;
  const condition = pick(input, CONDITION_FIELDS[input.type], where, fail);
  switch (condition.type) {
    case 'time':
      if (condition.after === undefined && condition.before === undefined) fail(`${where}: type time needs after and/or before (HH:MM)`);
      break;
    case 'state': {
      const device = needDevice(scope, condition.device_id, where, condition.type, fail);
      requireField(condition.state, 'state', where, condition.type, fail);
      checkState(device, condition.state!, where, fail);
      break;
    }
    case 'numeric_state':
      checkNumeric(condition, needDevice(scope, condition.device_id, where, condition.type, fail), where, fail);
      break;
  }
  return condition;
}

/** The device has `capability` (or `alternative`); no rest array or closure: it runs for every action. */
function requireCapabilityAt(device: Device, where: string, fail: Fail, capability: Capability, alternative?: Capability): void {
  if (device.capabilities.includes(capability) || (alternative !== undefined && device.capabilities.includes(alternative))) return;
  fail(`${where}: ${unsupportedMessage(device, capability)}`);
}

function validateAction(scope: HomeScope, input: AutomationAction, index: number, fail: Fail): AutomationAction {
  const { state, homeId } = scope;
  const where = `actions[${index}]`;
  const action = pick(input, ACTION_FIELDS[input.type], where, fail);
  switch (action.type) {
    case 'turn_on':
    case 'turn_off': {
      const device = needDevice(scope, action.device_id, where, action.type, fail);
      requireCapabilityAt(device, where, fail, 'on_off');
      if (action.brightness_pct !== undefined) requireCapabilityAt(device, where, fail, 'brightness');
      break;
    }
    case 'set_temperature': {
      const device = needDevice(scope, action.device_id, where, action.type, fail);
      requireCapabilityAt(device, where, fail, 'hvac');
      requireField(action.temperature_c, 'temperature_c', where, action.type, fail);
      const ranges = device.limits.setpoints_c ?? {};
      const fits = Object.values(ranges).some((r) => action.temperature_c! >= r.min && action.temperature_c! <= r.max);
      if (!fits) {
        fail(`${where}: ${action.temperature_c} °C is outside every setpoint range of ${deviceLabel(device)}: ${Object.entries(ranges).map(([mode, r]) => `${mode} ${rangeText(r, ' °C')}`).join(', ')}`);
      }
      break;
    }
    case 'set_cover_position': {
      const device = needDevice(scope, action.device_id, where, action.type, fail);
      requireCapabilityAt(device, where, fail, 'position', 'open_close');
      requireField(action.position_pct, 'position_pct', where, action.type, fail);
      const problem = positionProblem(device, action.position_pct!);
      if (problem) fail(`${where}: ${problem}`);
      break;
    }
    case 'lock':
      requireCapabilityAt(needDevice(scope, action.device_id, where, action.type, fail), where, fail, 'lock');
      break;
    case 'activate_scene': {
      requireField(action.scene_id, 'scene_id', where, action.type, fail);
      const scene = Object.hasOwn(state.scenes, action.scene_id!) ? state.scenes[action.scene_id!] : undefined;
      if (scene === undefined || scene.home_id !== homeId) {
        const scenes = Object.values(state.scenes).filter((s) => s.home_id === homeId);
        fail(`${where} references ${scene === undefined ? 'unknown scene' : `scene of another home`} "${action.scene_id}"; scenes of ${homeId}: ${scenes.map((s) => `${s.id} (${s.name})`).join(', ') || 'none'}`);
      }
      break;
    }
    case 'notify':
      requireField(action.message, 'message', where, action.type, fail);
      break;
  }
  return action;
}

function findAutomation(state: IotState, id: string, fail: Fail): Automation {
  const automation = Object.hasOwn(state.automations, id) ? state.automations[id] : undefined;
  if (automation !== undefined) return automation;
  const wanted = id.trim().toLowerCase();
  const byAlias: Automation[] = [];
  const automations = state.automations;
  for (const key in automations) if (automations[key].alias.toLowerCase() === wanted) byAlias.push(automations[key]);
  return fail(
    byAlias.length > 0
      ? `"${id}" is an automation alias; use its id: ${byAlias.map((a) => a.id).join(', ')}`
      : `automation "${id}" does not exist; ids look like auto_7 — list_home_automations lists them`,
  );
}

const NO_CONDITIONS: AutomationCondition[] = Object.freeze([]) as unknown as AutomationCondition[];

const automationIdInput = str('Automation id, e.g. auto_7 (list_home_automations lists them).', { maxLength: 64 });

const listHomeAutomations = defineTool<IotState, { home_id?: string; enabled?: boolean; device_id?: string }>({
  name: 'list_home_automations',
  description:
    'List smart-home automations (trigger → conditions → actions), optionally only of one home, only enabled or disabled ones, or only those that use a given device (in the trigger, a condition or an action). Shows when each last ran.',
  input: object({
    home_id: str('Only automations of this home.', { maxLength: 64 }),
    enabled: bool('true: only enabled; false: only disabled.'),
    device_id: str('Only automations that reference this device.', { maxLength: 64 }),
  }),
  output: object({ automations: array(automationSchema, 'Automations.') }, ['automations']),
  annotations: { title: 'List automations', readOnlyHint: true, idempotentHint: true },
  handler(args, ctx) {
    const state = ctx.state as IotState;
    if (args.home_id !== undefined) findHome(state, args.home_id, ctx.fail);
    if (args.device_id !== undefined) findDevice(state, args.device_id, ctx.fail);
    const uses = (a: Automation, id: string): boolean => a.trigger.device_id === id || a.conditions.some((c) => c.device_id === id) || a.actions.some((x) => x.device_id === id);
    const automations = Object.values(state.automations).filter(
      (a) => (args.home_id === undefined || a.home_id === args.home_id) && (args.enabled === undefined || a.enabled === args.enabled) && (args.device_id === undefined || uses(a, args.device_id)),
    );
    return { automations: automations.map(automationView) };
  },
});

const createHomeAutomation = defineTool<IotState, { home_id: string; alias: string; description?: string; trigger: AutomationTrigger; conditions?: AutomationCondition[]; actions: AutomationAction[]; enabled?: boolean }>({
  name: 'create_home_automation',
  description:
    'Create an automation in a home: one trigger (time at HH:MM local time; sun sunrise/sunset with an offset; state of a device changing to a value; numeric_state of a reading going above/below a threshold), optional conditions (time window, device state, numeric reading) and 1–10 actions (turn_on, turn_off, set_temperature, set_cover_position, lock, activate_scene, notify). Every device and scene must exist in the same home and support what is asked (e.g. a motion sensor\'s states are on/off). Returns the automation; it is enabled unless enabled is false.',
  input: object(
    {
      home_id: homeIdInput,
      alias: str('Name of the automation.', { minLength: 1, maxLength: 80 }),
      description: str('What it is for.', { maxLength: 300 }),
      trigger: triggerSchema,
      conditions: array(conditionSchema, 'Checks that must all pass (0–5).', { maxItems: 5 }),
      actions: array(actionSchema, 'Steps, run in order (1–10).', { minItems: 1, maxItems: 10 }),
      enabled: bool('Start enabled (default true).'),
    },
    ['home_id', 'alias', 'trigger', 'actions'],
  ),
  output: object({ automation: automationSchema }, ['automation']),
  annotations: { title: 'Create automation', readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  handler(args, ctx) {
    const state = baseState(ctx);
    const home = findHome(state, args.home_id, ctx.fail);
    const alias = args.alias.trim();
    if (alias.length === 0) ctx.fail('alias must not be blank');
    const clash = automationNamed(state.automations, home.id, alias);
    if (clash) ctx.fail(`${home.id} already has an automation named "${clash.alias}" (${clash.id}); choose another alias`);
    const scope: HomeScope = { state, homeId: home.id, devices: Object.hasOwn(state.devices, home.id) ? state.devices[home.id] : undefined };
    const trigger = validateTrigger(scope, args.trigger, ctx.fail);
    const given = args.conditions ?? [];
    // Most automations have no conditions: they share one frozen empty list (a freeze costs ~40 ns).
    const conditions = given.length === 0 ? NO_CONDITIONS : new Array<AutomationCondition>(given.length);
    for (let i = 0; i < given.length; i++) conditions[i] = validateCondition(scope, given[i], i, ctx.fail);
    const actions = new Array<AutomationAction>(args.actions.length);
    for (let i = 0; i < actions.length; i++) actions[i] = validateAction(scope, args.actions[i], i, ctx.fail);
    // The result's copies of the parts are spread while the parts are still new plain objects (V8
    // clones those in one step; a frozen one is copied key by key or matched by shallowCopy).
    const conditionViews = new Array<AutomationCondition>(conditions.length);
    for (let i = 0; i < conditions.length; i++) conditionViews[i] = { ...conditions[i] };
    const actionViews = new Array<AutomationAction>(actions.length);
    for (let i = 0; i < actions.length; i++) actionViews[i] = { ...actions[i] };
    const triggerView = { ...trigger };
    // Frozen here (flat objects of strings and numbers, new from pick): with the automation frozen, all it holds is, and it is stored without a walk.
    Object.freeze(trigger);
    for (let i = 0; i < conditions.length; i++) Object.freeze(conditions[i]);
    for (let i = 0; i < actions.length; i++) Object.freeze(actions[i]);
    if (conditions !== NO_CONDITIONS) Object.freeze(conditions);
    Object.freeze(actions);
    const id = ctx.nextId('auto');
    const automation: Automation = { id, home_id: home.id, alias, description: args.description ?? '', enabled: args.enabled ?? true, trigger, conditions, actions, created_at: stamp(ctx.now), last_triggered: null };
    addEntry(ctx, 'automations', Object.freeze(automation), true);
    return { automation: automationViewWith(automation, triggerView, conditionViews, actionViews) };
  },
});

const setHomeAutomationEnabled = defineTool<IotState, { automation_id: string; enabled: boolean }>({
  name: 'set_home_automation_enabled',
  description: 'Enable or disable an automation (automation.turn_on / turn_off). A disabled automation keeps its definition but does not run. Returns it and whether anything changed.',
  input: object({ automation_id: automationIdInput, enabled: bool('true enables, false disables.') }, ['automation_id', 'enabled']),
  output: object({ automation: automationSchema, changed: bool('False when it already was in that state.') }, ['automation', 'changed']),
  annotations: { title: 'Enable or disable automation', readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  handler(args, ctx) {
    const automation = findAutomation(baseState(ctx), args.automation_id, ctx.fail);
    if (automation.enabled === args.enabled) return { automation: automationView(automation), changed: false };
    const next = shallowCopy(automation);
    next.enabled = args.enabled;
    replaceEntry(ctx, 'automations', next);
    return { automation: automationView(next), changed: true };
  },
});

const deleteHomeAutomation = defineTool<IotState, { automation_id: string }>({
  name: 'delete_home_automation',
  description: 'Delete an automation for good (to pause it instead, use set_home_automation_enabled). Returns the id and alias of what was deleted.',
  input: object({ automation_id: automationIdInput }, ['automation_id']),
  output: object({ deleted: bool('Always true.'), automation_id: str('Deleted id.'), alias: str('Its name.') }, ['deleted', 'automation_id', 'alias']),
  annotations: { title: 'Delete automation', readOnlyHint: false, destructiveHint: true, idempotentHint: false },
  handler(args, ctx) {
    const automation = findAutomation(baseState(ctx), args.automation_id, ctx.fail);
    const alias = automation.alias;
    removeEntry(ctx, 'automations', automation.id);
    return { deleted: true, automation_id: args.automation_id, alias };
  },
});

export const automationTools: ToolDefinition<IotState>[] = [listHomeAutomations, createHomeAutomation, setHomeAutomationEnabled, deleteHomeAutomation];
