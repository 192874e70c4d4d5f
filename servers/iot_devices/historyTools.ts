import { isFrozenState } from '../kit/isFrozenState.js';
import { defineTool, type ToolDefinition } from '../kit/Domain.js';
import { deviceLabel, devicesOfHome, findDevice, findHome } from './deviceRules.js';
import { array, bool, deviceIdInput, homeIdInput, int, num, object, str } from './iotSchemas.js';
import { HISTORY_HOURS, type Device, type IotState, type SensorSeries } from './IotState.js';

/** Readings over a time range before the session's clock (the recorder keeps HISTORY_HOURS of hourly values). */

const HOUR = 3_600_000;
type Fail = (message: string) => never;

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** ISO-8601 to epoch ms without the host's timezone: a date alone is midnight UTC, a time without offset is UTC. */
export function parseTime(value: string, field: string, fail: Fail): number {
  const match = DATE_TIME.exec(value.trim());
  if (!match) return fail(`${field} "${value}" is not an ISO-8601 date-time; use e.g. 2026-03-15T18:00:00Z`);
  const [, y, mo, d, h = '00', mi = '00', s = '00', zone = 'Z'] = match;
  const offset = zone === 'Z' ? 'Z' : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
  const time = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`);
  if (Number.isNaN(time)) return fail(`${field} "${value}" is not a valid date-time; use e.g. 2026-03-15T18:00:00Z`);
  return time;
}

export function isoTime(time: number): string {
  let text = isoTimes.get(time);
  if (text === undefined) {
    text = new Date(time).toISOString().replace('.000Z', 'Z');
    // The windows asked for are few (mostly the hours before the clock); the bound keeps odd ones from piling up.
    if (isoTimes.size >= 1024) isoTimes.clear();
    isoTimes.set(time, text);
  }
  return text;
}

const isoTimes = new Map<number, string>();

/** `Date.parse` of the session clock, remembered for the last clock asked for (a session asks for the same one every call). */
function clockTime(now: string): number {
  if (now !== lastNow) {
    lastNow = now;
    lastNowTime = Date.parse(now);
  }
  return lastNowTime;
}

let lastNow = '';
let lastNowTime = 0;

const round = (value: number, digits: number): number => Math.round(value * 10 ** digits) / 10 ** digits;

/** What every call on a series needs from it, computed once per series (readings are never written). */
interface SeriesTimes {
  /** Epoch ms of `start`. */
  readonly origin: number;
  readonly step: number;
  /** `isoTime` of each value's hour, made on first need. */
  readonly hours: Array<string | undefined>;
  /** The last window summed (`sumIn`) and its sum: calls mostly ask for the same window (the day before the clock). */
  sumStart: number;
  sumEnd: number;
  sum: number;
}

const seriesTimes = new WeakMap<SensorSeries, SeriesTimes>();

function timesOf(series: SensorSeries): SeriesTimes {
  let times = seriesTimes.get(series);
  if (times === undefined) {
    times = { origin: Date.parse(series.start), step: series.interval_minutes * 60_000, hours: [], sumStart: NaN, sumEnd: NaN, sum: 0 };
    // Only a frozen series is sure to keep its start and values.
    if (isFrozenState(series)) seriesTimes.set(series, times);
  }
  return times;
}

/** `isoTime` of the hour of value `index`. */
function hourOf(times: SeriesTimes, index: number): string {
  return (times.hours[index] ??= isoTime(times.origin + index * times.step));
}

interface Window {
  start: number;
  end: number;
}

/** The requested window (default: the 24 hours before now), checked against the clock and the retention. */
function resolveWindow(args: { start?: string; end?: string }, now: string, earliest: number, fail: Fail): Window {
  const nowTime = clockTime(now);
  const end = args.end === undefined ? nowTime : parseTime(args.end, 'end', fail);
  const start = args.start === undefined ? end - 24 * HOUR : parseTime(args.start, 'start', fail);
  if (end > nowTime) fail(`end ${isoTime(end)} is in the future; history only covers the past, up to now (${isoTime(nowTime)})`);
  if (start >= end) fail(`start ${isoTime(start)} must be before end ${isoTime(end)}`);
  if (start < earliest) fail(`start ${isoTime(start)} is before the recorded history, which is kept for ${HISTORY_HOURS / 24} days: choose start at or after ${isoTime(earliest)} (and end at or before ${isoTime(nowTime)})`);
  return { start, end };
}

/** Indices of the hourly values whose hour starts inside the window. */
function indexRange(series: SensorSeries, window: Window): [number, number] {
  const { origin, step } = timesOf(series);
  const first = Math.max(0, Math.ceil((window.start - origin) / step));
  const last = Math.min(series.values.length, Math.ceil((window.end - origin) / step));
  return [first, Math.max(first, last)];
}

function sumIn(series: SensorSeries, window: Window): number {
  const times = timesOf(series);
  if (times.sumStart === window.start && times.sumEnd === window.end) return times.sum;
  const [first, last] = indexRange(series, window);
  let total = 0;
  for (let i = first; i < last; i++) total += series.values[i];
  times.sumStart = window.start;
  times.sumEnd = window.end;
  times.sum = total;
  return total;
}

const COUNTED = new Set(['energy', 'motion', 'contact']);

/** The ids of a home's energy meters and energy-metering plugs, in record order. */
interface EnergyDevices {
  readonly meterIds: readonly string[];
  readonly plugIds: readonly string[];
}

/**
 * Energy devices per home, kept per frozen readings record: which devices have an energy series, their
 * type and their home never change (commands replace devices, not these), so the ids stay valid in
 * every state that shares the readings, while the devices themselves are read from the state.
 */
const energyDevices = new WeakMap<Record<string, SensorSeries>, Map<string, EnergyDevices>>();

function energyDevicesOf(state: IotState, homeId: string): EnergyDevices {
  let byHome = energyDevices.get(state.readings);
  if (byHome === undefined) {
    byHome = new Map();
    if (isFrozenState(state.readings)) energyDevices.set(state.readings, byHome);
  }
  let found = byHome.get(homeId);
  if (found === undefined) {
    const meterIds: string[] = [];
    const plugIds: string[] = [];
    for (const device of devicesOfHome(state, homeId)) {
      if (!Object.hasOwn(state.readings, device.id) || state.readings[device.id].metric !== 'energy') continue;
      (device.type === 'energy_meter' ? meterIds : plugIds).push(device.id);
    }
    found = { meterIds, plugIds };
    byHome.set(homeId, found);
  }
  return found;
}

/** "home_1 (Name), …" of the homes with an energy-capable device, kept per frozen homes record (capabilities and homes never change). */
const energyHomes = new WeakMap<object, string>();

function homesWithEnergy(state: IotState): string {
  let text = energyHomes.get(state.homes);
  if (text === undefined) {
    const withData = Object.values(state.homes).filter((h) => devicesOfHome(state, h.id).some((d) => d.capabilities.includes('energy')));
    text = withData.map((h) => `${h.id} (${h.name})`).join(', ');
    if (isFrozenState(state.homes)) energyHomes.set(state.homes, text);
  }
  return text;
}

function recordingDevices(state: IotState, device: Device): string {
  // The first three with history, those in the device's room first, each part in record order.
  const sameRoom: Device[] = [];
  const elsewhere: Device[] = [];
  const record = Object.hasOwn(state.devices, device.home_id) ? state.devices[device.home_id] : {};
  for (const id in record) {
    if (!Object.hasOwn(state.readings, id)) continue;
    const other = record[id];
    if (other.room_id === device.room_id) {
      sameRoom.push(other);
      if (sameRoom.length === 3) break;
    } else if (elsewhere.length < 3) elsewhere.push(other);
  }
  const near = [...sameRoom, ...elsewhere].slice(0, 3);
  return near.length > 0 ? `, e.g. ${near.map((d) => `${deviceLabel(d)} (${d.type})`).join(', ')}` : '';
}

const getSensorHistory = defineTool<IotState, { device_id: string; start?: string; end?: string }>({
  name: 'get_sensor_history',
  description:
    'Hourly history of a sensor, thermostat or energy-metering plug between start and end (ISO-8601 UTC; default: the last 24 hours). Temperature in °C and humidity in % are hourly means; motion and contact are event counts per hour; energy is kWh per hour. History is kept for 7 days before now. Returns each reading with its hour and a summary (min, max, mean, and total for counts and energy). An offline device has no readings after it went offline.',
  input: object(
    {
      device_id: deviceIdInput,
      start: str('Start of the range, ISO-8601 (e.g. 2026-03-15T00:00:00Z); default 24 hours before end.', { maxLength: 40 }),
      end: str('End of the range (exclusive), ISO-8601; default now. Must not be in the future.', { maxLength: 40 }),
    },
    ['device_id'],
  ),
  output: object(
    {
      device_id: str('Device id.'),
      name: str('Device name.'),
      metric: { type: 'string', enum: ['temperature', 'humidity', 'motion', 'contact', 'energy'], description: 'What is measured.' },
      unit: str('Unit of the values: °C, %, events, openings or kWh.'),
      interval_minutes: int('Length of one reading\'s interval.'),
      start: str('Range start (ISO-8601 UTC).'),
      end: str('Range end (ISO-8601 UTC).'),
      count: int('Number of readings.'),
      readings: array(object({ time: str('Start of the hour (ISO-8601 UTC).'), value: num('Reading.') }, ['time', 'value']), 'Readings in time order.'),
      summary: {
        type: ['object', 'null'],
        properties: { min: num('Lowest value.'), max: num('Highest value.'), mean: num('Mean value.'), total: num('Sum (energy in kWh, motion events, openings).') },
        required: ['min', 'max', 'mean'],
        additionalProperties: false,
        description: 'Statistics of the readings; null when there are none.',
      },
      note: str('Why readings are missing, when they are.'),
    },
    ['device_id', 'name', 'metric', 'unit', 'interval_minutes', 'start', 'end', 'count', 'readings', 'summary'],
  ),
  annotations: { title: 'Sensor history', readOnlyHint: true, idempotentHint: true },
  handler(args, ctx) {
    const state = ctx.state as IotState;
    const device = findDevice(state, args.device_id, ctx.fail);
    const series = Object.hasOwn(state.readings, device.id) ? state.readings[device.id] : undefined;
    if (series === undefined) {
      return ctx.fail(`${deviceLabel(device)} (${device.type}) records no history; history exists for sensors, thermostats, energy meters and energy-metering plugs${recordingDevices(state, device)}`);
    }
    const times = timesOf(series);
    const window = resolveWindow(args, ctx.now, times.origin, ctx.fail);
    const [first, last] = indexRange(series, window);
    const { origin, step } = times;
    const readings: Array<{ time: string; value: number }> = [];
    let min = Infinity;
    let max = -Infinity;
    let total = 0;
    for (let i = first; i < last; i++) {
      const value = series.values[i];
      readings.push({ time: hourOf(times, i), value });
      if (value < min) min = value;
      if (value > max) max = value;
      total += value;
    }
    const digits = series.metric === 'energy' ? 3 : 1;
    const result: Record<string, unknown> = {
      device_id: device.id,
      name: device.name,
      metric: series.metric,
      unit: series.unit,
      interval_minutes: series.interval_minutes,
      start: isoTime(window.start),
      end: isoTime(window.end),
      count: readings.length,
      readings,
      summary:
        readings.length === 0
          ? null
          : { min, max, mean: round(total / readings.length, digits + 1), ...(COUNTED.has(series.metric) ? { total: round(total, digits) } : {}) },
    };
    if (!device.online && last < Math.ceil((window.end - origin) / step)) result.note = `${deviceLabel(device)} is offline since ${device.last_seen}; there are no readings after that`;
    else if (readings.length === 0) result.note = `no readings in this range; ${deviceLabel(device)} has readings from ${series.start} to ${isoTime(origin + series.values.length * step)}`;
    return result;
  },
});

const getEnergyUsage = defineTool<IotState, { home_id: string; start?: string; end?: string }>({
  name: 'get_energy_usage',
  description:
    'Electricity used by a home between start and end (ISO-8601 UTC; default the last 24 hours, at most 7 days back): total kWh (from the whole-home energy meter when the home has one, otherwise the sum of its metering plugs), cost at the home\'s price per kWh, and the kWh of each metering plug, largest first, with its share of the total. Fails for a home without energy-reporting devices.',
  input: object(
    {
      home_id: homeIdInput,
      start: str('Start of the range, ISO-8601; default 24 hours before end.', { maxLength: 40 }),
      end: str('End of the range (exclusive), ISO-8601; default now.', { maxLength: 40 }),
    },
    ['home_id'],
  ),
  output: object(
    {
      home_id: str('Home id.'),
      start: str('Range start (ISO-8601 UTC).'),
      end: str('Range end (ISO-8601 UTC).'),
      source: { type: 'string', enum: ['energy_meter', 'metering_plugs'], description: 'Where the total comes from.' },
      total_kwh: num('Energy used in the range (kWh, three decimals).'),
      cost: num('total_kwh × price, two decimals, in currency.'),
      currency: str('ISO 4217 code.'),
      price_per_kwh: num('Price used.'),
      unmetered_kwh: num('With an energy meter: the part not measured by any plug.'),
      devices: array(
        object({ device_id: str('Plug id.'), name: str('Plug name.'), room_name: str('Room.'), kwh: num('kWh in the range.'), share_pct: num('Share of the total in %.') }, ['device_id', 'name', 'room_name', 'kwh', 'share_pct']),
        'Metering plugs, largest consumer first.',
      ),
      complete: bool('False when an energy device was offline during part of the range.'),
      notes: array(str('A note.'), 'Offline energy devices whose readings stop early.'),
    },
    ['home_id', 'start', 'end', 'source', 'total_kwh', 'cost', 'currency', 'price_per_kwh', 'devices', 'complete', 'notes'],
  ),
  annotations: { title: 'Energy usage', readOnlyHint: true, idempotentHint: true },
  handler(args, ctx) {
    const state = ctx.state as IotState;
    const home = findHome(state, args.home_id, ctx.fail);
    const { meterIds, plugIds } = energyDevicesOf(state, home.id);
    if (meterIds.length === 0 && plugIds.length === 0) ctx.fail(`${home.id} (${home.name}) has no energy-reporting devices (no energy meter and no metering plug); homes with energy data: ${homesWithEnergy(state)}`);
    const record = state.devices[home.id];
    const meters: Device[] = [];
    const plugs: Device[] = [];
    for (const id of meterIds) meters.push(record[id]);
    for (const id of plugIds) plugs.push(record[id]);
    const earliest = Math.min(...[...meters, ...plugs].map((d) => timesOf(state.readings[d.id]).origin));
    const window = resolveWindow(args, ctx.now, earliest, ctx.fail);
    const notes: string[] = [];
    for (const device of [...meters, ...plugs]) {
      const series = state.readings[device.id];
      if (indexRange(series, window)[1] < Math.ceil((window.end - timesOf(series).origin) / HOUR)) notes.push(`${deviceLabel(device)} is offline since ${device.last_seen}; its readings stop there`);
    }
    const plugUse = plugs.map((d) => ({ device: d, kwh: sumIn(state.readings[d.id], window) }));
    const plugTotal = plugUse.reduce((sum, p) => sum + p.kwh, 0);
    const total = meters.length > 0 ? meters.reduce((sum, m) => sum + sumIn(state.readings[m.id], window), 0) : plugTotal;
    const devices = plugUse
      .sort((a, b) => b.kwh - a.kwh || (a.device.id < b.device.id ? -1 : 1))
      .map((p) => ({ device_id: p.device.id, name: p.device.name, room_name: state.rooms[p.device.room_id]?.name ?? p.device.room_id, kwh: round(p.kwh, 3), share_pct: total > 0 ? round((p.kwh / total) * 100, 1) : 0 }));
    const result: Record<string, unknown> = {
      home_id: home.id,
      start: isoTime(window.start),
      end: isoTime(window.end),
      source: meters.length > 0 ? 'energy_meter' : 'metering_plugs',
      total_kwh: round(total, 3),
      cost: round(total * home.energy_price_per_kwh, 2),
      currency: home.currency,
      price_per_kwh: home.energy_price_per_kwh,
      devices,
      complete: notes.length === 0,
      notes,
    };
    if (meters.length > 0) result.unmetered_kwh = round(Math.max(0, total - plugTotal), 3);
    return result;
  },
});

export const historyTools: ToolDefinition<IotState>[] = [getSensorHistory, getEnergyUsage];
