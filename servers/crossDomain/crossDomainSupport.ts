import type { SessionRandom } from '../kit/Domain.js';

/** A record of a world or a result, read loosely (scenarios read several domains' shapes). */
export type Row = Record<string, any>;

/**
 * The records of a collection however a world stores it: a list, a map by id, or buckets of maps
 * by id (worlds bucket large collections); in key order, so draws are the same on every machine.
 */
export function rows(collection: unknown): Row[] {
  if (Array.isArray(collection)) return collection as Row[];
  if (collection === null || typeof collection !== 'object') return [];
  const out: Row[] = [];
  for (const value of Object.values(collection as Row)) {
    if (value === null || typeof value !== 'object') continue;
    const keys = Object.keys(value);
    // A bucket holds records by id; a record holds fields, some of them plain values.
    if (keys.length > 0 && keys.every((key) => value[key] !== null && typeof value[key] === 'object' && !Array.isArray(value[key]))) out.push(...rows(value));
    else out.push(value as Row);
  }
  return out;
}

/** One of the items, or undefined for none. */
export function pickOne<T>(random: SessionRandom, items: readonly T[]): T | undefined {
  return items.length === 0 ? undefined : random.pick(items);
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** `YYYY-MM-DD` plus `days` (UTC calendar arithmetic: no time zone of the machine involved). */
export function addDays(day: string, days: number): string {
  const ms = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) + days * 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}

/** The weekday's English name of `YYYY-MM-DD`. */
export function weekdayOf(day: string): string {
  return WEEKDAYS[new Date(`${day}T12:00:00Z`).getUTCDay()];
}

/** The first day after `day` that falls on `weekday` (by name). */
export function nextWeekday(day: string, weekday: string): string {
  for (let i = 1; i <= 7; i++) if (weekdayOf(addDays(day, i)) === weekday) return addDays(day, i);
  return day;
}

/** `HH:MM` plus minutes (same day). */
export function addMinutes(time: string, minutes: number): string {
  const total = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** Dollars with cents, as a number (no float residue: 72.79, not 72.78999). */
export function cents(amount: number): number {
  return Math.round(amount * 100) / 100;
}
