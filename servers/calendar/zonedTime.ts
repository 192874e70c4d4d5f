/**
 * Time-zone arithmetic from a small fixed table, so that every result is the same on any machine,
 * in any `TZ` and with any ICU version. Each zone has a standard offset and, where it observes
 * daylight saving time, one of three rules (United States, European Union, south-east Australia)
 * as they stand since 2007/1996/2008. Intl and the machine's zone are never consulted.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

type DaylightRule = 'us' | 'eu' | 'au';

interface ZoneRule {
  /** Standard offset from UTC in minutes. */
  standard: number;
  /** Daylight saving time (one hour ahead of standard) follows this rule; none when absent. */
  daylight?: DaylightRule;
}

/** The IANA zones the calendar knows. */
export const TIME_ZONES: Readonly<Record<string, ZoneRule>> = Object.freeze({
  UTC: { standard: 0 },
  'Europe/London': { standard: 0, daylight: 'eu' },
  'Europe/Dublin': { standard: 0, daylight: 'eu' },
  'Europe/Lisbon': { standard: 0, daylight: 'eu' },
  'Europe/Berlin': { standard: 60, daylight: 'eu' },
  'Europe/Paris': { standard: 60, daylight: 'eu' },
  'Europe/Madrid': { standard: 60, daylight: 'eu' },
  'Europe/Amsterdam': { standard: 60, daylight: 'eu' },
  'Europe/Stockholm': { standard: 60, daylight: 'eu' },
  'Europe/Warsaw': { standard: 60, daylight: 'eu' },
  'Europe/Athens': { standard: 120, daylight: 'eu' },
  'America/New_York': { standard: -300, daylight: 'us' },
  'America/Toronto': { standard: -300, daylight: 'us' },
  'America/Chicago': { standard: -360, daylight: 'us' },
  'America/Denver': { standard: -420, daylight: 'us' },
  'America/Los_Angeles': { standard: -480, daylight: 'us' },
  'America/Sao_Paulo': { standard: -180 },
  'Asia/Dubai': { standard: 240 },
  'Asia/Kolkata': { standard: 330 },
  'Asia/Singapore': { standard: 480 },
  'Asia/Shanghai': { standard: 480 },
  'Asia/Tokyo': { standard: 540 },
  'Australia/Sydney': { standard: 600, daylight: 'au' },
});

/** Names of the known zones, sorted. */
export const TIME_ZONE_NAMES: readonly string[] = Object.freeze(Object.keys(TIME_ZONES).sort());

export function isKnownTimeZone(zone: string): boolean {
  return Object.hasOwn(TIME_ZONES, zone);
}

/** Days since 1970-01-01 of the `n`-th (1-based) or, with n = -1, last `weekday` (0 = Sunday) of a month. */
function nthWeekdayOfMonth(year: number, month: number, weekday: number, n: number): number {
  if (n > 0) {
    const first = Date.UTC(year, month, 1) / DAY;
    const firstWeekday = (first + 4) % 7;
    return first + ((weekday - firstWeekday + 7) % 7) + (n - 1) * 7;
  }
  const last = Date.UTC(year, month + 1, 0) / DAY;
  const lastWeekday = (last + 4) % 7;
  return last - ((lastWeekday - weekday + 7) % 7);
}

const RULE_INDEX: Record<DaylightRule, number> = { us: 0, eu: 1, au: 2 };
const transitionCache = new Map<number, readonly [number, number]>();

/** The two switches of a year under `rule`, as UTC instants: [start, end) of summer time (south: [end, start)). */
function transitions(rule: DaylightRule, standard: number, year: number): readonly [number, number] {
  const key = (year * 3 + RULE_INDEX[rule]) * 2048 + standard + 1024;
  let pair = transitionCache.get(key);
  if (pair === undefined) {
    if (rule === 'eu') pair = [nthWeekdayOfMonth(year, 2, 0, -1) * DAY + 3_600_000, nthWeekdayOfMonth(year, 9, 0, -1) * DAY + 3_600_000];
    else if (rule === 'us') pair = [nthWeekdayOfMonth(year, 2, 0, 2) * DAY + 2 * 3_600_000 - standard * MINUTE, nthWeekdayOfMonth(year, 10, 0, 1) * DAY + 2 * 3_600_000 - (standard + 60) * MINUTE];
    else pair = [nthWeekdayOfMonth(year, 9, 0, 1) * DAY + 2 * 3_600_000 - standard * MINUTE, nthWeekdayOfMonth(year, 3, 0, 1) * DAY + 3 * 3_600_000 - (standard + 60) * MINUTE];
    transitionCache.set(key, pair);
  }
  return pair;
}

/** Whether daylight saving time is in effect at the instant `utcMs` under `rule`. */
function isDaylight(rule: DaylightRule, standard: number, utcMs: number): boolean {
  const [start, end] = transitions(rule, standard, civilFromDays(Math.floor(utcMs / DAY))[0]);
  // In the south (Australia) summer time spans the new year: it ends in April and starts in October.
  return rule === 'au' ? utcMs < end || utcMs >= start : utcMs >= start && utcMs < end;
}

/** [year, month 1-12, day] of a day number, without Date (Howard Hinnant's civil_from_days). */
export function civilFromDays(days: number): [number, number, number] {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

/**
 * A zone's rule with the stretch of time its offset was last found constant over: within one UTC
 * year the offset changes only at the year's two switches, so most lookups (a write formats and
 * reads several times of the same weeks) are one Map read and two comparisons.
 */
interface ZoneState {
  readonly rule: ZoneRule;
  from: number;
  to: number;
  offset: number;
}

const zoneStates = new Map<string, ZoneState>();
let lastZone: string | undefined;
let lastZoneState: ZoneState | undefined;

/** Offset of `zone` from UTC at the instant `utcMs`, in minutes. */
export function zoneOffsetMinutes(zone: string, utcMs: number): number {
  // The zone asked last, remembered (a write formats and parses in one zone, a list view mostly too).
  let state = zone === lastZone ? lastZoneState : zoneStates.get(zone);
  if (state === undefined) {
    const rule = TIME_ZONES[zone];
    if (rule === undefined) return 0;
    state = { rule, from: NaN, to: NaN, offset: rule.standard };
    zoneStates.set(zone, state);
  }
  lastZone = zone;
  lastZoneState = state;
  const rule = state.rule;
  if (rule.daylight === undefined) return rule.standard;
  if (utcMs >= state.from && utcMs < state.to) return state.offset;
  const offset = isDaylight(rule.daylight, rule.standard, utcMs) ? rule.standard + 60 : rule.standard;
  const year = civilFromDays(Math.floor(utcMs / DAY))[0];
  if (Number.isFinite(utcMs) && year >= 1970 && year <= 9999) {
    const pair = transitions(rule.daylight, rule.standard, year);
    const first = Math.min(pair[0], pair[1]);
    const second = Math.max(pair[0], pair[1]);
    const yearStart = Date.UTC(year, 0, 1);
    const yearEnd = Date.UTC(year + 1, 0, 1);
    // The switches cut the year in three: before the first, between them, after the second.
    state.from = utcMs < first ? yearStart : utcMs < second ? first : second;
    state.to = utcMs < first ? first : utcMs < second ? second : yearEnd;
    state.offset = offset;
  }
  return offset;
}

/**
 * The instant at which the wall clock of `zone` shows `localMs` (a wall time counted like a UTC
 * timestamp). An ambiguous wall time (the repeated hour in autumn) resolves to its first
 * occurrence; a wall time that does not exist (the skipped hour in spring) moves forward by the gap,
 * as RFC 5545 prescribes.
 */
export function localToUtc(zone: string, localMs: number): number {
  const rule = TIME_ZONES[zone];
  if (rule === undefined) return localMs;
  if (rule.daylight === undefined) return localMs - rule.standard * MINUTE;
  const daylight = localMs - (rule.standard + 60) * MINUTE;
  if (zoneOffsetMinutes(zone, daylight) === rule.standard + 60) return daylight;
  return localMs - rule.standard * MINUTE;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** `00` … `99`: two-digit fields without padStart. */
const TWO_DIGITS: readonly string[] = Array.from({ length: 100 }, (_, n) => (n < 10 ? `0${n}` : String(n)));
/** `±HH:MM` by offset in minutes + OFFSET_TEXT_BASE (offsets are within ±14 hours; an array read, not a Map's). */
const OFFSET_TEXT_BASE = 24 * 60;
const offsetTexts: Array<string | undefined> = new Array<string | undefined>(2 * OFFSET_TEXT_BASE + 1).fill(undefined);
/** Local times from 1970 up to the year 9999, which the arithmetic below formats exactly as Date does. */
const LAST_FOUR_DIGIT_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * `YYYY-MM-DDT` by local day number and `HH:MM:SS` by second of the day, made once each: a
 * formatted time is then two joins instead of twelve. Days are dropped whole past MAX_DAY_TEXTS.
 */
const dayTexts = new Map<number, string>();
const MAX_DAY_TEXTS = 50_000;
/**
 * The days of 1970 to 2099 by day number (an array read costs a few ns against ~13 for a Map
 * read; a formatted instant reads one, and list views format hundreds). Other days: `dayTexts`.
 */
const ARRAY_DAYS = 47_482;
const dayTextArray: Array<string | undefined> = [];
const secondTexts: Array<string | undefined> = new Array(86_400).fill(undefined);

function dayText(days: number): string {
  if (days >= 0 && days < ARRAY_DAYS) {
    // Filled in order of need; a hole reads as undefined.
    if (days < dayTextArray.length) {
      const known = dayTextArray[days];
      if (known !== undefined) return known;
    } else while (dayTextArray.length <= days) dayTextArray.push(undefined);
    return (dayTextArray[days] = makeDayText(days));
  }
  let text = dayTexts.get(days);
  if (text === undefined) {
    text = makeDayText(days);
    if (dayTexts.size >= MAX_DAY_TEXTS) dayTexts.clear();
    dayTexts.set(days, text);
  }
  return text;
}

function makeDayText(days: number): string {
  const [year, month, dayOfMonth] = civilFromDays(days);
  return `${year}-${TWO_DIGITS[month]}-${TWO_DIGITS[dayOfMonth]}T`;
}

function secondText(second: number): string {
  let text = secondTexts[second];
  if (text === undefined) {
    text = `${TWO_DIGITS[Math.floor(second / 3600)]}:${TWO_DIGITS[Math.floor(second / 60) % 60]}:${TWO_DIGITS[second % 60]}`;
    secondTexts[second] = text;
  }
  return text;
}

/** `YYYY-MM-DDTHH:MM:SS±HH:MM` of `utcMs` as the wall clock of `zone` shows it (`Z` for UTC). */
export function formatInZone(utcMs: number, zone: string): string {
  const offset = zoneOffsetMinutes(zone, utcMs);
  const localMs = utcMs + offset * MINUTE;
  if (!Number.isInteger(localMs) || localMs < 0 || localMs > LAST_FOUR_DIGIT_MS) return formatWithDate(localMs, offset, zone);
  const days = Math.floor(localMs / DAY);
  const text = dayText(days) + secondText(Math.floor((localMs - days * DAY) / 1000));
  if (zone === 'UTC') return `${text}Z`;
  const slot = offset + OFFSET_TEXT_BASE;
  let offsetText = offsetTexts[slot];
  if (offsetText === undefined) {
    offsetText = formatOffset(offset);
    // Zone offsets are whole minutes within a day; anything else is formatted each time.
    if (Number.isInteger(slot) && slot >= 0 && slot < offsetTexts.length) offsetTexts[slot] = offsetText;
  }
  return text + offsetText;
}

/** `formatInZone` through Date, for instants outside the years the arithmetic covers. */
function formatWithDate(localMs: number, offset: number, zone: string): string {
  const local = new Date(localMs);
  const text = `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
  return zone === 'UTC' ? `${text}Z` : `${text}${formatOffset(offset)}`;
}

/** The wall-clock time of `utcMs` in `zone`, counted like a UTC timestamp. */
export function utcToLocal(zone: string, utcMs: number): number {
  return utcMs + zoneOffsetMinutes(zone, utcMs) * MINUTE;
}

/** `YYYY-MM-DD` of a day number (days since 1970-01-01). */
export function formatDay(day: number): string {
  const [year, month, dayOfMonth] = civilFromDays(day);
  return `${year}-${month < 10 ? '0' : ''}${month}-${dayOfMonth < 10 ? '0' : ''}${dayOfMonth}`;
}

/** Weekday of a day number, 0 = Monday … 6 = Sunday. */
export function weekdayOf(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

export const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export const WEEKDAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?(Z|[+-]\d{2}:\d{2})?$/;

/** A parsed date or date-time: the instant, and whether the text carried its own offset or a time. */
export interface ParsedDateTime {
  utcMs: number;
  hadOffset: boolean;
  hadTime: boolean;
}

/**
 * Parse `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS]` or either with `Z` / `±HH:MM`. Text without an
 * offset is a wall time in `zone` (a date alone is its midnight). Returns undefined when the text
 * is not such a date or names a day or time that does not exist (2026-02-30, 25:00).
 */
export function parseDateTime(text: string, zone: string): ParsedDateTime | undefined {
  const utcMs = parseInstant(text, zone);
  return Number.isNaN(utcMs) ? undefined : { utcMs, hadOffset: parsedHadOffset, hadTime: parsedHadTime };
}

/** The instant of `parseDateTime`, NaN where it gives undefined (no object made: write tools need only the instant). */
export function parseInstant(text: string, zone: string): number {
  const fast = parseCanonical(text, zone);
  if (fast !== NOT_CANONICAL) return fast;
  return parseByPattern(text, zone);
}

/** `parseInstant` by the regular expression alone (every form; tests hold parseCanonical to it). */
export function parseByPattern(text: string, zone: string): number {
  const match = DATE_TIME.exec(text.trim());
  if (match === null) return NaN;
  const [, y, mo, d, h, mi, s, offset] = match;
  const hour = h === undefined ? -1 : Number(h);
  const minute = mi === undefined ? 0 : Number(mi);
  const second = s === undefined ? 0 : Number(s);
  if (offset === undefined) return instantOf(Number(y), Number(mo), Number(d), hour, minute, second, 0, -1, 0, zone);
  if (offset === 'Z') return instantOf(Number(y), Number(mo), Number(d), hour, minute, second, 1, 0, 0, zone);
  return instantOf(Number(y), Number(mo), Number(d), hour, minute, second, offset[0] === '-' ? -1 : 1, Number(offset.slice(1, 3)), Number(offset.slice(4, 6)), zone);
}

/** Whether the text `parseInstant` last read carried its own offset, and a time. */
let parsedHadOffset = false;
let parsedHadTime = false;

/** Not one of the forms parseCanonical reads (any other number is its answer). */
const NOT_CANONICAL = -Infinity;

/**
 * `parseInstant` without the regular expression for the forms tools write and models mostly send
 * (`YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS]`, either time with `Z` or `±HH:MM`); NOT_CANONICAL for any
 * other text, which the regular expression then reads (or rejects).
 */
function parseCanonical(text: string, zone: string): number {
  // Each code unit read once; \`(d >>> 0) > 9\` is true for anything but an ASCII digit (d = code - 48).
  const length = text.length;
  if (length < 10) return NOT_CANONICAL;
  const y0 = text.charCodeAt(0) - 48;
  const y1 = text.charCodeAt(1) - 48;
  const y2 = text.charCodeAt(2) - 48;
  const y3 = text.charCodeAt(3) - 48;
  const m0 = text.charCodeAt(5) - 48;
  const m1 = text.charCodeAt(6) - 48;
  const d0 = text.charCodeAt(8) - 48;
  const d1 = text.charCodeAt(9) - 48;
  if ((y0 >>> 0) > 9 || (y1 >>> 0) > 9 || (y2 >>> 0) > 9 || (y3 >>> 0) > 9 || (m0 >>> 0) > 9 || (m1 >>> 0) > 9 || (d0 >>> 0) > 9 || (d1 >>> 0) > 9) return NOT_CANONICAL;
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return NOT_CANONICAL;
  const year = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
  const month = m0 * 10 + m1;
  const dayOfMonth = d0 * 10 + d1;
  if (length === 10) return instantOf(year, month, dayOfMonth, -1, 0, 0, 0, -1, 0, zone);
  if (length < 16 || text.charCodeAt(10) !== 84 || text.charCodeAt(13) !== 58) return NOT_CANONICAL;
  const h0 = text.charCodeAt(11) - 48;
  const h1 = text.charCodeAt(12) - 48;
  const n0 = text.charCodeAt(14) - 48;
  const n1 = text.charCodeAt(15) - 48;
  if ((h0 >>> 0) > 9 || (h1 >>> 0) > 9 || (n0 >>> 0) > 9 || (n1 >>> 0) > 9) return NOT_CANONICAL;
  const hour = h0 * 10 + h1;
  const minute = n0 * 10 + n1;
  let second = 0;
  let at = 16;
  if (length >= 19 && text.charCodeAt(16) === 58) {
    const s0 = text.charCodeAt(17) - 48;
    const s1 = text.charCodeAt(18) - 48;
    if ((s0 >>> 0) > 9 || (s1 >>> 0) > 9) return NOT_CANONICAL;
    second = s0 * 10 + s1;
    at = 19;
  }
  if (at === length) return instantOf(year, month, dayOfMonth, hour, minute, second, 0, -1, 0, zone);
  const sign = text.charCodeAt(at);
  if (at + 1 === length && sign === 90) return instantOf(year, month, dayOfMonth, hour, minute, second, 1, 0, 0, zone);
  if (at + 6 !== length || (sign !== 43 && sign !== 45) || text.charCodeAt(at + 3) !== 58) return NOT_CANONICAL;
  const o0 = text.charCodeAt(at + 1) - 48;
  const o1 = text.charCodeAt(at + 2) - 48;
  const p0 = text.charCodeAt(at + 4) - 48;
  const p1 = text.charCodeAt(at + 5) - 48;
  if ((o0 >>> 0) > 9 || (o1 >>> 0) > 9 || (p0 >>> 0) > 9 || (p1 >>> 0) > 9) return NOT_CANONICAL;
  return instantOf(year, month, dayOfMonth, hour, minute, second, sign === 45 ? -1 : 1, o0 * 10 + o1, p0 * 10 + p1, zone);
}

/** The day number of a date as `parseDateTime` reads `YYYY-MM-DD` in UTC (years 1970–2100, real days), else undefined. */
export function dayOfDate(year: number, month: number, dayOfMonth: number): number | undefined {
  if (year < 1970 || year > 2100 || month < 1 || month > 12 || dayOfMonth < 1 || dayOfMonth > daysInMonth(year, month)) return undefined;
  return daysFromCivil(year, month, dayOfMonth);
}

/** Days since 1970-01-01 of a civil date (Howard Hinnant's days_from_civil; the inverse of civilFromDays). */
function daysFromCivil(year: number, month: number, dayOfMonth: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + dayOfMonth - 1;
  return era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719_468;
}

/**
 * The checks and arithmetic of `parseInstant` once the text is split into its numbers (`hour` -1: a
 * date alone; `offsetSign` 0: no offset, else the offset's sign, hours and minutes); NaN when invalid.
 */
function instantOf(year: number, month: number, dayOfMonth: number, hour: number, minute: number, second: number, offsetSign: number, offsetHours: number, offsetMinutes: number, zone: string): number {
  if (year < 1970 || year > 2100 || month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return NaN;
  if (dayOfMonth < 1 || dayOfMonth > daysInMonth(year, month)) return NaN;
  if (offsetSign !== 0 && hour < 0) return NaN;
  const wall = daysFromCivil(year, month, dayOfMonth) * DAY + (hour < 0 ? 0 : hour) * 3_600_000 + minute * MINUTE + second * 1000;
  parsedHadTime = hour >= 0;
  parsedHadOffset = offsetSign !== 0;
  if (offsetSign === 0) return localToUtc(zone, wall);
  if (offsetHours > 14 || offsetMinutes > 59) return NaN;
  return wall - offsetSign * (offsetHours * 60 + offsetMinutes) * MINUTE;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  if (month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)) return 29;
  return MONTH_DAYS[month - 1];
}

export { DAY, MINUTE };
