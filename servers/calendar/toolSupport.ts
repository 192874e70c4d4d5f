import type { JsonSchema } from '../../core/index.js';
import type { ToolContext } from '../kit/Domain.js';
import type { CalendarState } from './CalendarState.js';
import { DAY, formatInZone, isKnownTimeZone, parseInstant, TIME_ZONE_NAMES } from './zonedTime.js';

/** Argument schemas and parsing shared by several calendar tools. */

export type Ctx = ToolContext<CalendarState>;

export const TIME_MIN_SCHEMA: JsonSchema = {
  type: 'string',
  maxLength: 40,
  description: 'Start of the time range, inclusive: ISO-8601 with offset (2026-03-18T09:00:00+01:00 or …Z), or a date (2026-03-18 = midnight in the calendar\'s time zone). Default: the current time.',
};

export const TIME_MAX_SCHEMA: JsonSchema = {
  type: 'string',
  maxLength: 40,
  description: 'End of the time range, exclusive; same formats as time_min. Default: 7 days after time_min.',
};

export const TIME_ZONE_SCHEMA: JsonSchema = {
  type: 'string',
  maxLength: 40,
  description: `IANA time zone, one of: ${TIME_ZONE_NAMES.join(', ')}.`,
};

export const EVENT_ID_SCHEMA: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 80,
  description: 'Event id from list_events or get_event: evt_12, or one occurrence of a recurring series evt_12_20260318.',
};

export const EMAIL_LIST_SCHEMA = (what: string, max: number): JsonSchema => ({
  type: 'array',
  minItems: 1,
  maxItems: max,
  items: { type: 'string', minLength: 3, maxLength: 120 },
  description: what,
});

/** The zone argument if valid, or a failure listing the valid zones. */
export function zoneArg(ctx: Ctx, zone: string | undefined, fallback: string): string {
  if (zone === undefined) return fallback;
  if (!isKnownTimeZone(zone)) ctx.fail(`time_zone "${zone}" is not a supported IANA time zone; use one of: ${TIME_ZONE_NAMES.join(', ')}`);
  return zone;
}

/** An instant from a date or date-time argument, or a failure that shows the expected format. */
export function instantArg(ctx: Ctx, name: string, text: string, zone: string): number {
  const instant = parseInstant(text, zone);
  if (Number.isNaN(instant)) {
    ctx.fail(`${name} "${text}" is not an ISO-8601 date-time; write e.g. ${formatInZone(Date.parse(ctx.now), zone)} (with offset), 2026-03-18T14:30 (read in ${zone}), or a date 2026-03-18`);
  }
  return instant;
}

/** A [from, to) window from time_min/time_max arguments, checked for order and length. */
export function windowArgs(ctx: Ctx, timeMin: string | undefined, timeMax: string | undefined, zone: string, defaultDays: number, maxDays: number): { fromMs: number; toMs: number } {
  const fromMs = timeMin === undefined ? Date.parse(ctx.now) : instantArg(ctx, 'time_min', timeMin, zone);
  const toMs = timeMax === undefined ? fromMs + defaultDays * DAY : instantArg(ctx, 'time_max', timeMax, zone);
  if (toMs <= fromMs) {
    ctx.fail(`time_max ${formatInZone(toMs, zone)} must be after time_min ${formatInZone(fromMs, zone)}`);
  }
  if (toMs - fromMs > maxDays * DAY) {
    ctx.fail(`the range ${formatInZone(fromMs, zone)} to ${formatInZone(toMs, zone)} is longer than ${maxDays} days; ask for at most ${maxDays} days at a time`);
  }
  return { fromMs, toMs };
}

/** The value, or a failure with its message when a lookup answered with one (`T | string` lookups). */
export function must<T extends object>(ctx: Ctx, value: T | string, explain?: (problem: string) => string): T {
  if (typeof value === 'string') ctx.fail(explain === undefined ? value : explain(value));
  return value;
}
