import { defineTool } from '../kit/Domain.js';
import {
  CLIMATE_MIN_LEVEL,
  MAX_TEMP_C,
  MIN_TEMP_C,
  SEATS,
  SENTRY_MIN_LEVEL,
  type Seat,
  type Vehicle,
  type VehicleState,
} from './VehicleState.js';
import { bool, carRef, carRefSchema, climateSchema, climateView, objectOutput, requireOnline, requireParked, requireVehicle, str, vehicleIdArg, type Context } from './vehicleLookups.js';

/** Commands on the body of the car: wake, doors, trunks, windows, Sentry Mode, climate and seat heaters. */

const vehicleOnly = { type: 'object', properties: { vehicle_id: vehicleIdArg }, required: ['vehicle_id'], additionalProperties: false };
const carOut = { type: 'object', properties: carRefSchema, required: ['vehicle_id', 'name'], description: 'The car.' };
const edit = (ctx: Context, v: Vehicle): Vehicle => ctx.edit<Vehicle>('vehicles', v.vehicle_id);

export const wakeVehicle = defineTool<VehicleState, { vehicle_id: string }>({
  name: 'wake_vehicle',
  description: 'Wake a sleeping car so that it takes commands and reports its data. A car already online stays so (was_asleep false). Refused for a car offline (no connection).',
  input: vehicleOnly,
  output: objectOutput({ vehicle: carOut, state: str('online.'), was_asleep: bool('Whether it was asleep.') }),
  annotations: { title: 'Wake vehicle', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const v = requireVehicle(ctx, args.vehicle_id);
    if (v.connectivity === 'offline') ctx.fail(`${v.display_name} (${v.vehicle_id}) is offline (last seen ${v.last_seen_at}); a car without a connection cannot be woken`);
    if (v.connectivity === 'online') return { vehicle: carRef(v), state: 'online', was_asleep: false };
    const draft = edit(ctx, v);
    draft.connectivity = 'online';
    draft.last_seen_at = ctx.now;
    return { vehicle: carRef(v), state: 'online', was_asleep: true };
  },
});

function lockTool(name: string, locked: boolean) {
  return defineTool<VehicleState, { vehicle_id: string }>({
    name,
    description: locked
      ? 'Lock all doors (and the charge cable, if any). Locking a car that is locked changes nothing. Refused while a trunk is open: close it first.'
      : 'Unlock the doors of a parked car. Refused while it is driving (the doors unlock when it is put in Park).',
    input: vehicleOnly,
    output: objectOutput({ vehicle: carOut, locked: bool('Doors locked now.'), changed: bool('Whether the lock changed.') }),
    annotations: { title: locked ? 'Lock doors' : 'Unlock doors', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    handler(args, ctx) {
      const v = requireVehicle(ctx, args.vehicle_id);
      requireOnline(ctx, v);
      if (locked && v.closures.rear_trunk_open) ctx.fail(`the rear trunk of ${v.display_name} is open; close it with actuate_vehicle_trunk (rear) before locking`);
      if (locked && v.closures.front_trunk_open) ctx.fail(`the front trunk of ${v.display_name} is open and closes only by hand; it cannot be locked remotely until someone closes it`);
      if (!locked) requireParked(ctx, v, 'doors unlock');
      if (v.locked === locked) return { vehicle: carRef(v), locked, changed: false };
      edit(ctx, v).locked = locked;
      return { vehicle: carRef(v), locked, changed: true };
    },
  });
}

export const lockVehicle = lockTool('lock_vehicle', true);
export const unlockVehicle = lockTool('unlock_vehicle', false);

export const actuateVehicleTrunk = defineTool<VehicleState, { vehicle_id: string; which: 'front' | 'rear' }>({
  name: 'actuate_vehicle_trunk',
  description: 'Open or close a trunk of a parked car: the rear trunk (power liftgate) toggles open ↔ closed; the front trunk (frunk) only opens (it is closed by hand). Refused while driving.',
  input: {
    type: 'object',
    properties: { vehicle_id: vehicleIdArg, which: { type: 'string', enum: ['front', 'rear'], description: 'front (frunk) or rear.' } },
    required: ['vehicle_id', 'which'],
    additionalProperties: false,
  },
  output: objectOutput({ vehicle: carOut, which: str('front or rear.'), open: bool('Open now.') }),
  annotations: { title: 'Open or close trunk', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const v = requireVehicle(ctx, args.vehicle_id);
    requireOnline(ctx, v);
    requireParked(ctx, v, 'trunks open');
    const draft = edit(ctx, v);
    if (args.which === 'front') {
      if (v.closures.front_trunk_open) ctx.fail(`the front trunk of ${v.display_name} is already open; the frunk has no motor and is closed by hand`);
      draft.closures = { ...v.closures, front_trunk_open: true };
      return { vehicle: carRef(v), which: 'front', open: true };
    }
    draft.closures = { ...v.closures, rear_trunk_open: !v.closures.rear_trunk_open };
    return { vehicle: carRef(v), which: 'rear', open: !v.closures.rear_trunk_open };
  },
});

export const setVehicleWindows = defineTool<VehicleState, { vehicle_id: string; position: 'vent' | 'close' }>({
  name: 'set_vehicle_windows',
  description: 'Vent all windows a little (to let heat out) or close them. Venting only in Park; closing works any time. Asking for the position they are in changes nothing.',
  input: {
    type: 'object',
    properties: { vehicle_id: vehicleIdArg, position: { type: 'string', enum: ['vent', 'close'], description: 'vent or close.' } },
    required: ['vehicle_id', 'position'],
    additionalProperties: false,
  },
  output: objectOutput({ vehicle: carOut, windows: str('closed or vented.'), changed: bool('Whether they moved.') }),
  annotations: { title: 'Vent or close windows', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const v = requireVehicle(ctx, args.vehicle_id);
    requireOnline(ctx, v);
    if (args.position === 'vent') requireParked(ctx, v, 'windows vent');
    const windows = args.position === 'vent' ? 'vented' : 'closed';
    if (v.closures.windows === windows) return { vehicle: carRef(v), windows, changed: false };
    edit(ctx, v).closures = { ...v.closures, windows };
    return { vehicle: carRef(v), windows, changed: true };
  },
});

export const setVehicleSentryMode = defineTool<VehicleState, { vehicle_id: string; enabled: boolean }>({
  name: 'set_vehicle_sentry_mode',
  description: `Turn Sentry Mode (cameras watch the parked car) on or off. On needs the car in Park and at least ${SENTRY_MIN_LEVEL} % battery.`,
  input: {
    type: 'object',
    properties: { vehicle_id: vehicleIdArg, enabled: { type: 'boolean', description: 'true: on; false: off.' } },
    required: ['vehicle_id', 'enabled'],
    additionalProperties: false,
  },
  output: objectOutput({ vehicle: carOut, sentry_mode: bool('On now.'), changed: bool('Whether it changed.') }),
  annotations: { title: 'Sentry Mode', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const v = requireVehicle(ctx, args.vehicle_id);
    requireOnline(ctx, v);
    if (args.enabled) {
      requireParked(ctx, v, 'Sentry Mode works');
      if (v.battery.level < SENTRY_MIN_LEVEL) ctx.fail(`${v.display_name} is at ${v.battery.level} %; Sentry Mode needs at least ${SENTRY_MIN_LEVEL} % (charge it first)`);
    }
    if (v.sentry_mode === args.enabled) return { vehicle: carRef(v), sentry_mode: v.sentry_mode, changed: false };
    edit(ctx, v).sentry_mode = args.enabled;
    return { vehicle: carRef(v), sentry_mode: args.enabled, changed: true };
  },
});

const tempArg = (who: string) => ({ type: 'number', minimum: MIN_TEMP_C, maximum: MAX_TEMP_C, multipleOf: 0.5, description: `${who} set point, °C (${MIN_TEMP_C}–${MAX_TEMP_C}, steps of 0.5).` });

export const setVehicleClimate = defineTool<VehicleState, { vehicle_id: string; mode: 'on' | 'off'; driver_temp_c?: number; passenger_temp_c?: number }>({
  name: 'set_vehicle_climate',
  description: `Start or stop climate (pre-conditioning) and optionally set the temperatures; the passenger side follows the driver unless given. Starting needs at least ${CLIMATE_MIN_LEVEL} % battery. Stopping climate also turns the seat heaters off.`,
  input: {
    type: 'object',
    properties: { vehicle_id: vehicleIdArg, mode: { type: 'string', enum: ['on', 'off'], description: 'on or off.' }, driver_temp_c: tempArg('Driver'), passenger_temp_c: tempArg('Passenger') },
    required: ['vehicle_id', 'mode'],
    additionalProperties: false,
  },
  output: objectOutput({ vehicle: carOut, climate: climateSchema }),
  annotations: { title: 'Climate on/off', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const v = requireVehicle(ctx, args.vehicle_id);
    requireOnline(ctx, v);
    const on = args.mode === 'on';
    if (on && v.battery.level < CLIMATE_MIN_LEVEL) ctx.fail(`${v.display_name} is at ${v.battery.level} %; climate needs at least ${CLIMATE_MIN_LEVEL} % (plug it in and charge first)`);
    const driver = args.driver_temp_c ?? v.climate.driver_temp_c;
    const passenger = args.passenger_temp_c ?? (args.driver_temp_c !== undefined ? args.driver_temp_c : v.climate.passenger_temp_c);
    const heaters = on ? v.climate.seat_heaters : { driver: 0, passenger: 0, rear_left: 0, rear_center: 0, rear_right: 0 };
    const draft = edit(ctx, v);
    draft.climate = { ...v.climate, on, driver_temp_c: driver, passenger_temp_c: passenger, seat_heaters: heaters };
    return { vehicle: carRef(v), climate: climateView(draft) };
  },
});

export const setVehicleSeatHeater = defineTool<VehicleState, { vehicle_id: string; seat: Seat; level: number }>({
  name: 'set_vehicle_seat_heater',
  description: `Set one seat heater to a level 0 (off) to 3 (high). Seat heaters run with climate: turning one on starts climate if it is off (as the app does), which needs at least ${CLIMATE_MIN_LEVEL} % battery.`,
  input: {
    type: 'object',
    properties: {
      vehicle_id: vehicleIdArg,
      seat: { type: 'string', enum: [...SEATS], description: 'driver, passenger, rear_left, rear_center or rear_right.' },
      level: { type: 'integer', minimum: 0, maximum: 3, description: '0 off, 1 low, 2 medium, 3 high.' },
    },
    required: ['vehicle_id', 'seat', 'level'],
    additionalProperties: false,
  },
  output: objectOutput({ vehicle: carOut, seat: str('The seat.'), level: { type: 'integer', description: 'Its level now.' }, seat_heaters: { type: 'object', description: 'Every seat\'s level.' }, climate_started: bool('Whether climate was started for it.') }),
  annotations: { title: 'Seat heater', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const v = requireVehicle(ctx, args.vehicle_id);
    requireOnline(ctx, v);
    if (v.model === 'Cybertruck' && args.seat === 'rear_center') ctx.fail(`the ${v.model} has no rear center seat heater; seats with heaters: driver, passenger, rear_left, rear_right`);
    const startsClimate = args.level > 0 && !v.climate.on;
    if (startsClimate && v.battery.level < CLIMATE_MIN_LEVEL) ctx.fail(`${v.display_name} is at ${v.battery.level} % with climate off; seat heaters run with climate, which needs at least ${CLIMATE_MIN_LEVEL} % (charge first)`);
    const heaters = { ...v.climate.seat_heaters, [args.seat]: args.level };
    edit(ctx, v).climate = { ...v.climate, on: v.climate.on || startsClimate, seat_heaters: heaters };
    return { vehicle: carRef(v), seat: args.seat, level: args.level, seat_heaters: heaters, climate_started: startsClimate };
  },
});
