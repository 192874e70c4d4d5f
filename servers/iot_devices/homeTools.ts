import { isFrozenState } from '../kit/isFrozenState.js';
import { defineTool, type ToolDefinition } from '../kit/Domain.js';
import { shallowCopy } from '../kit/shallowCopy.js';
import { allDevices, deviceLabel, devicesOfHome, findDevice, findHome, findRoom, roomsOfHome } from './deviceRules.js';
import { detailOf, summaryOf } from './deviceViews.js';
import { array, bool, capabilitySchema, deviceDetailSchema, deviceIdInput, deviceSummarySchema, deviceTypeSchema, int, num, object, str } from './iotSchemas.js';
import type { Capability, Device, DeviceType, IotState, Room } from './IotState.js';
import { otherDeviceNamed } from './nameIndexes.js';
import { baseState, putDevice } from './stateAccess.js';

/** Devices of one home's record counted by room and by home (offline ones too). */
interface DeviceCounts {
  readonly perRoom: Map<string, number>;
  readonly perHome: Map<string, number>;
  readonly offlinePerHome: Map<string, number>;
}

const NO_DEVICES: DeviceCounts = { perRoom: new Map(), perHome: new Map(), offlinePerHome: new Map() };

/** The rooms of each home, in record order, per frozen rooms record (no tool changes rooms). */
const roomLists = new WeakMap<object, Map<string, Room[]>>();

function roomsByHome(rooms: Readonly<Record<string, Room>>): Map<string, Room[]> {
  let byHome = roomLists.get(rooms);
  if (byHome === undefined) {
    byHome = new Map();
    for (const id in rooms) {
      const room = rooms[id];
      const list = byHome.get(room.home_id);
      if (list === undefined) byHome.set(room.home_id, [room]);
      else list.push(room);
    }
    if (isFrozenState(rooms)) roomLists.set(rooms, byHome);
  }
  return byHome;
}

/** Counts per frozen home record: a command replaces one home's record, so the others keep theirs. */
const deviceCounts = new WeakMap<object, DeviceCounts>();

function countsOf(record: Readonly<Record<string, Device>>): DeviceCounts {
  let counts = deviceCounts.get(record);
  if (counts !== undefined) return counts;
  counts = { perRoom: new Map(), perHome: new Map(), offlinePerHome: new Map() };
  for (const id in record) {
    const device = record[id];
    counts.perRoom.set(device.room_id, (counts.perRoom.get(device.room_id) ?? 0) + 1);
    counts.perHome.set(device.home_id, (counts.perHome.get(device.home_id) ?? 0) + 1);
    if (!device.online) counts.offlinePerHome.set(device.home_id, (counts.offlinePerHome.get(device.home_id) ?? 0) + 1);
  }
  if (isFrozenState(record)) deviceCounts.set(record, counts);
  return counts;
}

const listHomes = defineTool<IotState, { home_id?: string }>({
  name: 'list_homes',
  description:
    'List the smart homes with their rooms (areas). Use it first to find home and room ids. Each home shows its address, timezone, electricity price, how many devices it has (and how many are offline) and every room with its floor and device count. Pass home_id to get only that home.',
  input: object({ home_id: str('Only this home, e.g. home_2. Omit for all homes.', { maxLength: 64 }) }),
  output: object(
    {
      homes: array(
        object(
          {
            home_id: str('Home id.'),
            name: str('Home name.'),
            address: str('Street address.'),
            city: str('City.'),
            timezone: str('IANA timezone; automation clock times are local to it.'),
            owner: str('Owner.'),
            energy_price_per_kwh: num('Electricity price per kWh in the home\'s currency.'),
            currency: str('ISO 4217 currency code.'),
            device_count: int('Devices in the home.'),
            offline_device_count: int('Devices that are offline now.'),
            rooms: array(
              object({ room_id: str('Room id.'), name: str('Room name.'), floor: { type: 'string', enum: ['basement', 'ground', 'upper', 'outdoor'], description: 'Floor.' }, device_count: int('Devices in the room.') }, ['room_id', 'name', 'floor', 'device_count']),
              'Rooms of the home.',
            ),
          },
          ['home_id', 'name', 'address', 'city', 'timezone', 'owner', 'energy_price_per_kwh', 'currency', 'device_count', 'offline_device_count', 'rooms'],
        ),
        'Homes.',
      ),
    },
    ['homes'],
  ),
  annotations: { title: 'List homes and rooms', readOnlyHint: true, idempotentHint: true },
  handler(args, ctx) {
    const state = ctx.state as IotState;
    if (args.home_id !== undefined) findHome(state, args.home_id, ctx.fail);
    // Every device is in its home's record and in a room of its home (an invariant), so a home's
    // record alone counts its devices and its rooms' devices.
    const byHome = roomsByHome(state.rooms);
    const homes = [];
    for (const homeId in state.homes) {
      const home = state.homes[homeId];
      if (args.home_id !== undefined && home.id !== args.home_id) continue;
      const counts = Object.hasOwn(state.devices, home.id) ? countsOf(state.devices[home.id]) : NO_DEVICES;
      const rooms = [];
      for (const room of byHome.get(home.id) ?? []) rooms.push({ room_id: room.id, name: room.name, floor: room.floor, device_count: counts.perRoom.get(room.id) ?? 0 });
      homes.push({
        home_id: home.id,
        name: home.name,
        address: home.address,
        city: home.city,
        timezone: home.timezone,
        owner: home.owner,
        energy_price_per_kwh: home.energy_price_per_kwh,
        currency: home.currency,
        device_count: counts.perHome.get(home.id) ?? 0,
        offline_device_count: counts.offlinePerHome.get(home.id) ?? 0,
        rooms,
      });
    }
    return { homes };
  },
});

interface ListDevicesArgs {
  home_id?: string;
  room_id?: string;
  type?: DeviceType;
  capability?: Capability;
  online?: boolean;
  name_contains?: string;
  limit?: number;
  offset?: number;
}

const listDevices = defineTool<IotState, ListDevicesArgs>({
  name: 'list_devices',
  description:
    'List devices with their current state, filtered by home, room, type, capability, online status or part of the name (all filters combine). Returns compact summaries (id, name, type, room, online, state, last_seen) sorted by id, plus the total before paging. Use get_device_state for attributes, capabilities and valid ranges.',
  input: object({
    home_id: str('Only devices of this home.', { maxLength: 64 }),
    room_id: str('Only devices in this room (room ids come from list_homes).', { maxLength: 64 }),
    type: { ...deviceTypeSchema, description: 'Only devices of this type.' },
    capability: { ...capabilitySchema, description: 'Only devices with this capability, e.g. brightness or energy.' },
    online: bool('true: only reachable devices; false: only offline ones.'),
    name_contains: str('Only devices whose name contains this text (case-insensitive).', { maxLength: 100 }),
    limit: int('Page size, 1–250 (default 50).', { minimum: 1, maximum: 250 }),
    offset: int('Devices to skip (default 0).', { minimum: 0 }),
  }),
  output: object(
    {
      total: int('Matching devices before paging.'),
      offset: int('Devices skipped.'),
      count: int('Devices in this page.'),
      devices: array(deviceSummarySchema, 'The page of devices.'),
    },
    ['total', 'offset', 'count', 'devices'],
  ),
  annotations: { title: 'List devices', readOnlyHint: true, idempotentHint: true },
  handler(args, ctx) {
    const state = ctx.state as IotState;
    if (args.home_id !== undefined) findHome(state, args.home_id, ctx.fail);
    if (args.room_id !== undefined) {
      const room = findRoom(state, args.room_id, ctx.fail);
      if (args.home_id !== undefined && room.home_id !== args.home_id) {
        ctx.fail(`room ${room.id} (${room.name}) belongs to ${room.home_id}, not ${args.home_id}; rooms of ${args.home_id}: ${roomsOfHome(state, args.home_id)}`);
      }
    }
    const needle = args.name_contains?.toLowerCase();
    const matches = (args.home_id === undefined ? allDevices(state) : devicesOfHome(state, args.home_id)).filter(
      (d) =>
        (args.home_id === undefined || d.home_id === args.home_id) &&
        (args.room_id === undefined || d.room_id === args.room_id) &&
        (args.type === undefined || d.type === args.type) &&
        (args.capability === undefined || d.capabilities.includes(args.capability)) &&
        (args.online === undefined || d.online === args.online) &&
        (needle === undefined || d.name.toLowerCase().includes(needle)),
    );
    const offset = args.offset ?? 0;
    const page = matches.slice(offset, offset + (args.limit ?? 50)).map((d) => summaryOf(state, d));
    return { total: matches.length, offset, count: page.length, devices: page };
  },
});

const getDeviceState = defineTool<IotState, { device_id: string }>({
  name: 'get_device_state',
  description:
    'Get one device in full: state string, every attribute (brightness, setpoints, position, battery …), capabilities, the valid ranges of its model (color temperature, setpoints per HVAC mode, volume cap, lock code length), online status with last_seen, and whether it has sensor history. Read this before a command to know what the device accepts.',
  input: object({ device_id: deviceIdInput }, ['device_id']),
  output: deviceDetailSchema,
  annotations: { title: 'Get device state', readOnlyHint: true, idempotentHint: true },
  handler(args, ctx) {
    const state = ctx.state as IotState;
    return detailOf(state, findDevice(state, args.device_id, ctx.fail));
  },
});

const updateDevice = defineTool<IotState, { device_id: string; name?: string; room_id?: string }>({
  name: 'update_device',
  description:
    'Rename a device and/or move it to another room of the same home (the device registry; works for offline devices too). Names must be unique within a home. Returns the updated device summary and whether anything changed.',
  input: object(
    {
      device_id: deviceIdInput,
      name: str('New name, 1–60 characters, unique within the home.', { minLength: 1, maxLength: 60 }),
      room_id: str('Room to move it to; must be a room of the device\'s home (list_homes shows the rooms).', { maxLength: 64 }),
    },
    ['device_id'],
  ),
  output: object({ device: deviceSummarySchema, changed: bool('False when name and room already were as requested.') }, ['device', 'changed']),
  annotations: { title: 'Rename or move a device', readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  handler(args, ctx) {
    const state = baseState(ctx);
    const device = findDevice(state, args.device_id, ctx.fail);
    if (args.name === undefined && args.room_id === undefined) ctx.fail('nothing to update: pass name and/or room_id');
    let name = device.name;
    let roomId = device.room_id;
    if (args.name !== undefined) {
      const wanted = args.name.trim();
      if (wanted.length === 0) ctx.fail('name must not be blank');
      const clash = otherDeviceNamed(state.devices[device.home_id], wanted, device);
      if (clash) ctx.fail(`the name "${wanted}" is already used by ${deviceLabel(clash)} in the same home; choose another name`);
      name = wanted;
    }
    if (args.room_id !== undefined) {
      const room = findRoom(state, args.room_id, ctx.fail);
      if (room.home_id !== device.home_id) {
        // The device as the call has it so far: renamed already when a new name came with the move.
        ctx.fail(`room ${room.id} (${room.name}) is in another home; ${deviceLabel({ ...device, name })} can only move within ${device.home_id}: ${roomsOfHome(state, device.home_id)}`);
      }
      roomId = room.id;
    }
    if (name === device.name && roomId === device.room_id) return { device: summaryOf(state, device), changed: false };
    const next = shallowCopy(device);
    next.name = name;
    next.room_id = roomId;
    putDevice(ctx, next);
    return { device: summaryOf(state, next), changed: true };
  },
});

export const homeTools: ToolDefinition<IotState>[] = [listHomes, listDevices, getDeviceState, updateDevice];
