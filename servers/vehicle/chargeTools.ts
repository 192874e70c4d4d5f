import { defineTool } from '../kit/Domain.js';
import { AC_VOLTS, MAX_CHARGE_LIMIT, MIN_CHARGE_LIMIT, SUPERCHARGER_KW, round1, type ChargeState, type Vehicle, type VehicleState } from './VehicleState.js';
import { bool, carRef, carRefSchema, chargeSchema, chargeView, objectOutput, requireOnline, requireParked, requireVehicle, str, vehicleIdArg, type Context } from './vehicleLookups.js';

/** The charge port, the charge limit and charging itself. */

const vehicleOnly = { type: 'object', properties: { vehicle_id: vehicleIdArg }, required: ['vehicle_id'], additionalProperties: false };
const carOut = { type: 'object', properties: carRefSchema, required: ['vehicle_id', 'name'], description: 'The car.' };

/** Power a cable delivers at a current. */
const powerOf = (cable: ChargeState['cable'], amps: number): number => (cable === 'supercharger' ? SUPERCHARGER_KW : round1((amps * AC_VOLTS) / 1000));

function putCharge(ctx: Context, v: Vehicle, charge: ChargeState): Record<string, unknown> {
  const draft = ctx.edit<Vehicle>('vehicles', v.vehicle_id);
  draft.charge = charge;
  return chargeView(draft);
}

function describeCharge(v: Vehicle): string {
  const c = v.charge;
  if (c.state === 'Charging') return `charging at ${c.power_kw} kW`;
  if (c.state === 'Complete') return `complete at ${v.battery.level} % (limit ${c.limit_pct} %)`;
  if (c.state === 'Stopped') return 'plugged in, not charging';
  return 'unplugged';
}

export const openVehicleChargePort = defineTool<VehicleState, { vehicle_id: string }>({
  name: 'open_vehicle_charge_port',
  description: 'Open the charge port door (so a cable can be plugged in). Refused while driving. An open port stays open.',
  input: vehicleOnly,
  output: objectOutput({ vehicle: carOut, charge_port_open: bool('Open now.'), changed: bool('Whether it moved.') }),
  annotations: { title: 'Open charge port', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const v = requireVehicle(ctx, args.vehicle_id);
    requireOnline(ctx, v);
    requireParked(ctx, v, 'the charge port opens');
    if (v.charge.port_open) return { vehicle: carRef(v), charge_port_open: true, changed: false };
    putCharge(ctx, v, { ...v.charge, port_open: true });
    return { vehicle: carRef(v), charge_port_open: true, changed: true };
  },
});

export const closeVehicleChargePort = defineTool<VehicleState, { vehicle_id: string }>({
  name: 'close_vehicle_charge_port',
  description: 'Close the charge port door. Refused while a cable is plugged in (unplug it first). A closed port stays closed.',
  input: vehicleOnly,
  output: objectOutput({ vehicle: carOut, charge_port_open: bool('Open now.'), changed: bool('Whether it moved.') }),
  annotations: { title: 'Close charge port', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const v = requireVehicle(ctx, args.vehicle_id);
    requireOnline(ctx, v);
    if (v.charge.cable !== 'none') ctx.fail(`a ${v.charge.cable.replace('_', ' ')} cable is plugged into ${v.display_name} (${describeCharge(v)}); the port closes once it is unplugged${v.charge.state === 'Charging' ? ' (stop_vehicle_charging first)' : ''}`);
    if (!v.charge.port_open) return { vehicle: carRef(v), charge_port_open: false, changed: false };
    putCharge(ctx, v, { ...v.charge, port_open: false });
    return { vehicle: carRef(v), charge_port_open: false, changed: true };
  },
});

export const setVehicleChargeLimit = defineTool<VehicleState, { vehicle_id: string; limit_percent: number }>({
  name: 'set_vehicle_charge_limit',
  description: `Set the charge limit (${MIN_CHARGE_LIMIT}–${MAX_CHARGE_LIMIT} %; 80–90 % for daily use, 100 % for trips). Charging stops as complete when the battery is at the new limit; a plugged-in car that was complete resumes charging when the limit is raised above its level.`,
  input: {
    type: 'object',
    properties: { vehicle_id: vehicleIdArg, limit_percent: { type: 'integer', minimum: MIN_CHARGE_LIMIT, maximum: MAX_CHARGE_LIMIT, description: `Charge limit, percent (${MIN_CHARGE_LIMIT}–${MAX_CHARGE_LIMIT}).` } },
    required: ['vehicle_id', 'limit_percent'],
    additionalProperties: false,
  },
  output: objectOutput({ vehicle: carOut, charge: chargeSchema, previous_limit_pct: { type: 'integer', description: 'Limit before.' } }),
  annotations: { title: 'Set charge limit', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const v = requireVehicle(ctx, args.vehicle_id);
    requireOnline(ctx, v);
    const limit = args.limit_percent;
    const c = v.charge;
    let next: ChargeState = { ...c, limit_pct: limit };
    if (c.state === 'Charging' && v.battery.level >= limit) next = { ...next, state: 'Complete', power_kw: 0 };
    else if (c.state === 'Complete' && v.battery.level < limit) next = { ...next, state: 'Charging', power_kw: powerOf(c.cable, c.amps) };
    return { vehicle: carRef(v), charge: putCharge(ctx, v, next), previous_limit_pct: c.limit_pct };
  },
});

export const startVehicleCharging = defineTool<VehicleState, { vehicle_id: string }>({
  name: 'start_vehicle_charging',
  description: 'Start charging a plugged-in car up to its charge limit. Refused when no cable is plugged in, when it is already charging, or when the battery is at the limit (raise it with set_vehicle_charge_limit).',
  input: vehicleOnly,
  output: objectOutput({ vehicle: carOut, charge: chargeSchema }),
  annotations: { title: 'Start charging', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const v = requireVehicle(ctx, args.vehicle_id);
    requireOnline(ctx, v);
    requireParked(ctx, v, 'it charges');
    const c = v.charge;
    if (c.cable === 'none') ctx.fail(`${v.display_name} is not plugged in (battery ${v.battery.level} %); plug a cable in first${c.port_open ? '' : ' (open_vehicle_charge_port opens the port)'}`);
    if (c.state === 'Charging') ctx.fail(`${v.display_name} is already charging at ${c.power_kw} kW toward ${c.limit_pct} %`);
    if (v.battery.level >= c.limit_pct) ctx.fail(`${v.display_name} is at ${v.battery.level} %, its charge limit is ${c.limit_pct} %; raise the limit with set_vehicle_charge_limit to charge more`);
    return { vehicle: carRef(v), charge: putCharge(ctx, v, { ...c, state: 'Charging', power_kw: powerOf(c.cable, c.amps) }) };
  },
});

export const stopVehicleCharging = defineTool<VehicleState, { vehicle_id: string }>({
  name: 'stop_vehicle_charging',
  description: 'Stop charging (the cable stays plugged in and locked). Refused when the car is not charging.',
  input: vehicleOnly,
  output: objectOutput({ vehicle: carOut, charge: chargeSchema }),
  annotations: { title: 'Stop charging', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const v = requireVehicle(ctx, args.vehicle_id);
    requireOnline(ctx, v);
    // A plugged-in car that is not charging is told how to start (as cancelling a route that is not set is told how to set one).
    if (v.charge.state !== 'Charging') ctx.fail(`${v.display_name} is not charging (${describeCharge(v)}); nothing to stop${v.charge.state === 'Stopped' ? ' (start_vehicle_charging starts it)' : ''}`);
    return { vehicle: carRef(v), charge: putCharge(ctx, v, { ...v.charge, state: 'Stopped', power_kw: 0 }) };
  },
});

export const setVehicleChargingAmps = defineTool<VehicleState, { vehicle_id: string; amps: number }>({
  name: 'set_vehicle_charging_amps',
  description: 'Set the AC charging current (5 A up to what the plugged-in cable allows: 48 A wall connector, 32 A mobile connector); power follows (amps × 240 V). Refused when unplugged or on a Supercharger (it sets its own rate).',
  input: {
    type: 'object',
    properties: { vehicle_id: vehicleIdArg, amps: { type: 'integer', minimum: 5, maximum: 48, description: 'Current, amperes (5–48).' } },
    required: ['vehicle_id', 'amps'],
    additionalProperties: false,
  },
  output: objectOutput({ vehicle: carOut, charge: chargeSchema, cable: str('The cable plugged in.') }),
  annotations: { title: 'Set charging amps', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const v = requireVehicle(ctx, args.vehicle_id);
    requireOnline(ctx, v);
    const c = v.charge;
    if (c.cable === 'none') ctx.fail(`${v.display_name} is not plugged in; the charging current applies to a plugged-in AC cable`);
    if (c.cable === 'supercharger') ctx.fail(`${v.display_name} is on a Supercharger, which sets its own rate (${SUPERCHARGER_KW} kW); amps apply to wall and mobile connectors`);
    if (args.amps > c.max_amps) ctx.fail(`the ${c.cable.replace('_', ' ')} of ${v.display_name} allows at most ${c.max_amps} A; choose 5–${c.max_amps}`);
    const next: ChargeState = { ...c, amps: args.amps, power_kw: c.state === 'Charging' ? powerOf(c.cable, args.amps) : 0 };
    return { vehicle: carRef(v), charge: putCharge(ctx, v, next), cable: c.cable };
  },
});
