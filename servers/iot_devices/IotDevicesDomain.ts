import { iotDevicesScenarios } from './iotDevicesScenarios.js';
import { defineDomain, type DomainInvariant, type DomainSampler } from '../kit/Domain.js';
import { loadFixture } from '../kit/fixtures.js';
import { automationTools } from './automationTools.js';
import { controlTools } from './controlTools.js';
import { allDevices, attributeProblem, deviceById, devicesOfHome, stateOf, targetProblem } from './deviceRules.js';
import { historyTools } from './historyTools.js';
import { homeTools } from './homeTools.js';
import { IOT_REFERENCE_DATE, type DeviceAttributes, type IotState } from './IotState.js';
import { sceneTools } from './sceneTools.js';
import { iotDevicesPhrasings } from './iotDevicesPhrasings.js';

function sameAttributes(a: DeviceAttributes, b: DeviceAttributes): boolean {
  if (a === b) return true;
  const keys = Object.keys(a) as Array<keyof DeviceAttributes>;
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => {
    const x = a[key];
    const y = b[key];
    return Array.isArray(x) && Array.isArray(y) ? x.length === y.length && x.every((v, i) => v === y[i]) : x === y;
  });
}

const samplers: DomainSampler<IotState>[] = [
  {
    collection: 'homes',
    description: 'Homes with their rooms and device counts.',
    sample(state) {
      return Object.values(state.homes).map((home) => {
        const rooms = Object.values(state.rooms).filter((r) => r.home_id === home.id);
        const devices = devicesOfHome(state, home.id);
        return { home_id: home.id, name: home.name, city: home.city, rooms: rooms.map((r) => ({ room_id: r.id, name: r.name })), device_count: devices.length };
      }).filter((h) => h.device_count > 0);
    },
  },
  {
    collection: 'devices',
    description: 'Online devices that take commands (not pure sensors), with their state and the ranges a command must respect.',
    sample(state) {
      return allDevices(state)
        .filter((d) => d.online && !d.type.endsWith('_sensor') && d.type !== 'energy_meter')
        .map((d) => ({ device_id: d.id, name: d.name, type: d.type, home_id: d.home_id, room: state.rooms[d.room_id]?.name, state: stateOf(d), capabilities: d.capabilities, limits: d.limits }));
    },
  },
  {
    collection: 'offline_devices',
    description: 'Devices that are offline (commands to them fail; scenes and groups skip them).',
    sample(state) {
      return allDevices(state)
        .filter((d) => !d.online)
        .map((d) => ({ device_id: d.id, name: d.name, type: d.type, home_id: d.home_id, room: state.rooms[d.room_id]?.name, offline_since: d.last_seen }));
    },
  },
  {
    collection: 'sensors',
    description: 'Devices with at least a day of hourly history: metric, unit, the covered range and the latest value.',
    sample(state) {
      return Object.values(state.readings)
        .filter((series) => series.values.length >= 24)
        .map((series) => {
          const device = deviceById(state, series.device_id)!;
          const end = new Date(Date.parse(series.start) + series.values.length * series.interval_minutes * 60_000).toISOString().replace('.000Z', 'Z');
          return { device_id: device.id, name: device.name, type: device.type, home_id: device.home_id, metric: series.metric, unit: series.unit, from: series.start, to: end, latest: series.values[series.values.length - 1] };
        });
    },
  },
  {
    collection: 'locks',
    description: 'Locks with their user codes (secrets a user would say in the query) and code length.',
    sample(state) {
      return allDevices(state)
        .filter((d) => d.type === 'lock' && d.lock_codes !== undefined)
        .map((d) => ({ device_id: d.id, name: d.name, home_id: d.home_id, online: d.online, state: stateOf(d), code_length: d.limits.code_length, codes: d.lock_codes!.map((c) => ({ name: c.name, code: c.code })) }));
    },
  },
  {
    collection: 'scenes',
    description: 'Scenes with at least two devices, and how many of those are offline.',
    sample(state) {
      return Object.values(state.scenes)
        .filter((s) => s.entities.length >= 2)
        .map((s) => ({ scene_id: s.id, name: s.name, home_id: s.home_id, device_count: s.entities.length, offline_device_count: s.entities.filter((e) => !deviceById(state, e.device_id)?.online).length }));
    },
  },
  {
    collection: 'automations',
    description: 'Automations with their trigger type and whether they are enabled.',
    sample(state) {
      return Object.values(state.automations).map((a) => ({ automation_id: a.id, alias: a.alias, home_id: a.home_id, enabled: a.enabled, trigger_type: a.trigger.type, action_types: a.actions.map((x) => x.type) }));
    },
  },
  {
    collection: 'groups',
    description: 'Device groups with at least two members.',
    sample(state) {
      return Object.values(state.groups)
        .filter((g) => g.device_ids.length >= 2)
        .map((g) => ({ group_id: g.id, name: g.name, home_id: g.home_id, member_count: g.device_ids.length, offline_member_count: g.device_ids.filter((id) => !deviceById(state, id)?.online).length }));
    },
  },
  {
    collection: 'energy_homes',
    description: 'Homes with energy data (an energy meter or metering plugs), with their electricity price.',
    sample(state) {
      return Object.values(state.homes)
        .filter((h) => devicesOfHome(state, h.id).some((d) => Object.hasOwn(state.readings, d.id) && state.readings[d.id].metric === 'energy'))
        .map((h) => ({ home_id: h.id, name: h.name, price_per_kwh: h.energy_price_per_kwh, currency: h.currency }));
    },
  },
];

const invariants: DomainInvariant<IotState>[] = [
  {
    name: 'every device is in exactly one room of its own home',
    check(state) {
      for (const [homeId, devices] of Object.entries(state.devices)) {
        for (const device of Object.values(devices)) {
          if (device.home_id !== homeId || state.device_homes[device.id] !== homeId) return `${device.id} is filed under ${homeId} but belongs to ${device.home_id}`;
        }
      }
      for (const [id, homeId] of Object.entries(state.device_homes)) if (state.devices[homeId]?.[id] === undefined) return `device_homes lists ${id} in ${homeId}, which does not hold it`;
      for (const device of allDevices(state)) {
        const room = state.rooms[device.room_id];
        if (room === undefined) return `${device.id} is in unknown room ${device.room_id}`;
        if (room.home_id !== device.home_id) return `${device.id} of ${device.home_id} is in ${room.id} of ${room.home_id}`;
      }
      return undefined;
    },
  },
  {
    name: 'attribute values stay within the capabilities and ranges of each device',
    check(state) {
      for (const device of allDevices(state)) {
        const problem = attributeProblem(device);
        if (problem) return `${device.id}: ${problem}`;
      }
      return undefined;
    },
  },
  {
    name: 'scenes reference existing devices of their home with valid targets',
    check(state) {
      for (const scene of Object.values(state.scenes)) {
        for (const entity of scene.entities) {
          const device = deviceById(state, entity.device_id);
          if (device === undefined || device.home_id !== scene.home_id) return `${scene.id} references ${entity.device_id}`;
          const { device_id: _id, ...target } = entity;
          const problem = targetProblem(device, target);
          if (problem) return `${scene.id}: ${problem}`;
        }
      }
      return undefined;
    },
  },
  {
    name: 'automations reference existing devices and scenes of their home',
    check(state) {
      for (const automation of Object.values(state.automations)) {
        const deviceIds = [automation.trigger.device_id, ...automation.conditions.map((c) => c.device_id), ...automation.actions.map((a) => a.device_id)].filter((id): id is string => id !== undefined);
        for (const id of deviceIds) if (deviceById(state, id)?.home_id !== automation.home_id) return `${automation.id} references ${id}`;
        for (const action of automation.actions) if (action.scene_id !== undefined && state.scenes[action.scene_id]?.home_id !== automation.home_id) return `${automation.id} references ${action.scene_id}`;
      }
      return undefined;
    },
  },
  {
    name: 'groups hold switchable devices of their home, each once',
    check(state) {
      for (const group of Object.values(state.groups)) {
        if (new Set(group.device_ids).size !== group.device_ids.length) return `${group.id} lists a device twice`;
        for (const id of group.device_ids) {
          const device = deviceById(state, id);
          if (device === undefined || device.home_id !== group.home_id || !device.capabilities.includes('on_off')) return `${group.id} holds ${id}`;
        }
      }
      return undefined;
    },
  },
  {
    name: 'commands never change an offline device',
    check(state, initial) {
      for (const device of allDevices(state)) {
        if (device.online) continue;
        const before = deviceById(initial, device.id);
        if (before !== undefined && !sameAttributes(device.attributes, before.attributes)) return `${device.id} is offline but its attributes changed`;
        if (before !== undefined && device.last_changed !== before.last_changed) return `${device.id} is offline but last_changed moved`;
      }
      return undefined;
    },
  },
  {
    name: 'device names are unique within a home',
    check(state) {
      const seen = new Set<string>();
      for (const device of allDevices(state)) {
        const key = `${device.home_id}\u0000${device.name.toLowerCase()}`;
        if (seen.has(key)) return `${device.home_id} has two devices named "${device.name}"`;
        seen.add(key);
      }
      return undefined;
    },
  },
];

/**
 * A smart-home hub modelled on the Home Assistant REST/WebSocket API: six homes with rooms,
 * about 250 devices of 13 types, a week of hourly sensor history, scenes, automations and groups.
 */
export const iotDevicesDomain = defineDomain<IotState>({
  name: 'iot_devices',
  title: 'Smart home (Home Assistant)',
  category: 'iot',
  description:
    'A smart-home hub modelled on Home Assistant: homes with rooms (areas), devices of 13 types (lights with brightness, color temperature and RGB; thermostats with HVAC modes and per-mode setpoint ranges; locks with secret user codes; temperature, humidity, motion, contact and energy sensors; cameras; plugs and switches; blinds and garage doors; speakers), each with capabilities, attributes and online status. Commands check the capability, the model\'s value ranges and that the device is online; sensors keep 7 days of hourly history; scenes apply stored states to many devices (offline ones are skipped and reported), automations combine triggers, conditions and actions, groups switch devices together. Temperatures in °C, energy in kWh, times ISO-8601 UTC.',
  tools: [...homeTools, ...controlTools, ...historyTools, ...sceneTools, ...automationTools],
  loadWorld: () => loadFixture<IotState>('iot_devices'),
  defaultReferenceDate: IOT_REFERENCE_DATE,
  samplers,
  invariants,
  phrasings: iotDevicesPhrasings,
  scenarios: iotDevicesScenarios,
  // Graph-drawn conversations act for one signed-in user (servers/README.md, "The signed-in user").
  principal: { collection: 'homes', arguments: { home_id: 'home_id' }, context: ["The user's home is {name} (home id {home_id})."] },
});

export default iotDevicesDomain;
