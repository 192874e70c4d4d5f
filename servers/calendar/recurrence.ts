import { civilFromDays, DAY, dayOfDate, localToUtc, parseDateTime, utcToLocal, WEEKDAY_CODES, weekdayOf } from './zonedTime.js';

/**
 * RRULE (RFC 5545) as Google Calendar accepts it, restricted to what the domain supports:
 * FREQ=DAILY|WEEKLY|MONTHLY, INTERVAL, BYDAY (with ordinals such as 1MO or -1FR for MONTHLY),
 * BYMONTHDAY (MONTHLY), COUNT or UNTIL, and WKST=MO. Occurrences are computed on the wall clock of
 * the series' time zone, so a 10:00 meeting stays at 10:00 local across daylight-saving changes.
 */

export type Frequency = 'DAILY' | 'WEEKLY' | 'MONTHLY';

export interface RecurrenceRule {
  /** The rule written back in a normal form, `RRULE:FREQ=…`. */
  text: string;
  freq: Frequency;
  interval: number;
  /** Weekdays (0 = Monday) with an ordinal for MONTHLY (0 = every such weekday, -1 = the last). */
  byDay: Array<{ weekday: number; ordinal: number }>;
  byMonthDay: number[];
  count?: number;
  /** Last local day (UNTIL=YYYYMMDD) or last start instant (UNTIL=YYYYMMDDTHHMMSSZ). */
  untilDay?: number;
  untilMs?: number;
}

export const SUPPORTED_RULE_PARTS = 'FREQ=DAILY|WEEKLY|MONTHLY, INTERVAL=n, BYDAY=MO,TU… (MONTHLY also 1MO, -1FR), BYMONTHDAY=1..31 or -1 (MONTHLY), COUNT=n or UNTIL=YYYYMMDD[THHMMSSZ]';

/** Longest a series may run: occurrences are never generated more than ten years after its start. */
const MAX_SPAN_DAYS = 3660;
const MAX_COUNT = 730;

const cache = new Map<string, RecurrenceRule | string>();

/**
 * Parse one RRULE line (the `RRULE:` prefix is optional). Returns the rule, or a message saying
 * what is wrong and what is supported. Results are cached: rules are immutable strings.
 */
export function parseRecurrence(line: string): RecurrenceRule | string {
  let parsed = cache.get(line);
  if (parsed === undefined) {
    parsed = parseUncached(line);
    if (cache.size > 10_000) cache.clear();
    cache.set(line, parsed);
  }
  return parsed;
}

function parseUncached(line: string): RecurrenceRule | string {
  const body = line.trim().replace(/^RRULE:/i, '');
  if (body === '') return `recurrence "${line}" is empty; write e.g. RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10 (supported: ${SUPPORTED_RULE_PARTS})`;
  const parts = new Map<string, string>();
  for (const part of body.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) return `recurrence "${line}": "${part}" is not NAME=VALUE; supported: ${SUPPORTED_RULE_PARTS}`;
    const name = part.slice(0, eq).trim().toUpperCase();
    if (parts.has(name)) return `recurrence "${line}": ${name} is given twice`;
    parts.set(name, part.slice(eq + 1).trim().toUpperCase());
  }
  const freq = parts.get('FREQ');
  if (freq === undefined) return `recurrence "${line}" has no FREQ; supported: ${SUPPORTED_RULE_PARTS}`;
  if (freq !== 'DAILY' && freq !== 'WEEKLY' && freq !== 'MONTHLY') return `recurrence "${line}": FREQ=${freq} is not supported; use DAILY, WEEKLY or MONTHLY`;
  for (const name of parts.keys()) {
    if (!['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'COUNT', 'UNTIL', 'WKST'].includes(name)) {
      return `recurrence "${line}": ${name} is not supported; supported: ${SUPPORTED_RULE_PARTS}`;
    }
  }
  const rule: RecurrenceRule = { text: '', freq, interval: 1, byDay: [], byMonthDay: [] };
  const interval = parts.get('INTERVAL');
  if (interval !== undefined) {
    if (!/^\d{1,3}$/.test(interval) || Number(interval) < 1 || Number(interval) > 99) return `recurrence "${line}": INTERVAL=${interval} must be a whole number from 1 to 99`;
    rule.interval = Number(interval);
  }
  const wkst = parts.get('WKST');
  if (wkst !== undefined && wkst !== 'MO') return `recurrence "${line}": only WKST=MO is supported`;
  const byDay = parts.get('BYDAY');
  if (byDay !== undefined) {
    for (const item of byDay.split(',')) {
      const match = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(item.trim());
      if (match === null) return `recurrence "${line}": BYDAY item "${item}" is not a weekday code (MO,TU,WE,TH,FR,SA,SU, for MONTHLY optionally with an ordinal such as 2TU or -1FR)`;
      const ordinal = match[1] === undefined ? 0 : Number(match[1]);
      if (ordinal !== 0 && freq !== 'MONTHLY') return `recurrence "${line}": an ordinal BYDAY (${item}) needs FREQ=MONTHLY`;
      if (ordinal === 0 && match[1] !== undefined) return `recurrence "${line}": BYDAY ordinal 0 is not valid; use 1..5 or -1..-5`;
      if (Math.abs(ordinal) > 5) return `recurrence "${line}": BYDAY ordinal ${ordinal} is out of range; use 1..5 or -1..-5`;
      rule.byDay.push({ weekday: WEEKDAY_CODES.indexOf(match[2] as (typeof WEEKDAY_CODES)[number]), ordinal });
    }
  }
  const byMonthDay = parts.get('BYMONTHDAY');
  if (byMonthDay !== undefined) {
    if (freq !== 'MONTHLY') return `recurrence "${line}": BYMONTHDAY needs FREQ=MONTHLY`;
    if (byDay !== undefined) return `recurrence "${line}": use either BYDAY or BYMONTHDAY, not both`;
    for (const item of byMonthDay.split(',')) {
      if (!/^-?\d{1,2}$/.test(item.trim()) || Number(item) === 0 || Math.abs(Number(item)) > 31) return `recurrence "${line}": BYMONTHDAY item "${item}" must be 1..31 or -31..-1`;
      rule.byMonthDay.push(Number(item));
    }
  }
  const count = parts.get('COUNT');
  const until = parts.get('UNTIL');
  if (count !== undefined && until !== undefined) return `recurrence "${line}": COUNT and UNTIL cannot both be given (RFC 5545); keep one`;
  if (count !== undefined) {
    if (!/^\d{1,4}$/.test(count) || Number(count) < 1 || Number(count) > MAX_COUNT) return `recurrence "${line}": COUNT=${count} must be a whole number from 1 to ${MAX_COUNT}`;
    rule.count = Number(count);
  }
  if (until !== undefined) {
    const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z)?$/.exec(until);
    const parsed = match && parseDateTime(`${match[1]}-${match[2]}-${match[3]}${match[4] ? `T${match[4]}:${match[5]}:${match[6]}Z` : ''}`, 'UTC');
    if (!match || !parsed) return `recurrence "${line}": UNTIL=${until} must be a date YYYYMMDD or a UTC time YYYYMMDDTHHMMSSZ`;
    if (match[4] === undefined) rule.untilDay = parsed.utcMs / DAY;
    else rule.untilMs = parsed.utcMs;
  }
  const text = [`FREQ=${freq}`];
  if (rule.interval !== 1) text.push(`INTERVAL=${rule.interval}`);
  if (byDay !== undefined) text.push(`BYDAY=${rule.byDay.map((d) => `${d.ordinal === 0 ? '' : d.ordinal}${WEEKDAY_CODES[d.weekday]}`).join(',')}`);
  if (byMonthDay !== undefined) text.push(`BYMONTHDAY=${rule.byMonthDay.join(',')}`);
  if (count !== undefined) text.push(`COUNT=${rule.count}`);
  if (until !== undefined) text.push(`UNTIL=${until}`);
  rule.text = `RRULE:${text.join(';')}`;
  return rule;
}

/** `YYYYMMDD` of a day number: the date part of occurrence ids. */
export function dateKeyOf(day: number): string {
  const [year, month, dayOfMonth] = civilFromDays(day);
  return `${year}${month < 10 ? '0' : ''}${month}${dayOfMonth < 10 ? '0' : ''}${dayOfMonth}`;
}

/** Day number of a `YYYYMMDD` key, or undefined when it is not a real date. */
export function dayOfDateKey(key: string): number | undefined {
  if (key.length !== 8) return undefined;
  let value = 0;
  for (let i = 0; i < 8; i++) {
    const digit = key.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return undefined;
    value = value * 10 + digit;
  }
  // What parseDateTime gives for YYYY-MM-DD in UTC, without building that text.
  return dayOfDate(Math.floor(value / 10_000), Math.floor(value / 100) % 100, value % 100);
}

/** Days of the month (year, month 0-based) that the MONTHLY rule selects, ascending. */
function monthDays(rule: RecurrenceRule, year: number, month: number, defaultDayOfMonth: number): number[] {
  const first = Date.UTC(year, month, 1) / DAY;
  const length = Date.UTC(year, month + 1, 1) / DAY - first;
  const days: number[] = [];
  if (rule.byMonthDay.length > 0) {
    for (const md of rule.byMonthDay) {
      const dom = md > 0 ? md : length + md + 1;
      if (dom >= 1 && dom <= length) days.push(first + dom - 1);
    }
  } else if (rule.byDay.length > 0) {
    const firstWeekday = weekdayOf(first);
    for (const { weekday, ordinal } of rule.byDay) {
      const firstMatch = first + ((weekday - firstWeekday + 7) % 7);
      const matches: number[] = [];
      for (let d = firstMatch; d < first + length; d += 7) matches.push(d);
      if (ordinal === 0) days.push(...matches);
      else {
        const pick = ordinal > 0 ? matches[ordinal - 1] : matches[matches.length + ordinal];
        if (pick !== undefined) days.push(pick);
      }
    }
  } else if (defaultDayOfMonth <= length) {
    days.push(first + defaultDayOfMonth - 1);
  }
  return [...new Set(days)].sort((a, b) => a - b);
}

/**
 * Calls `visit` with each local day (days since 1970-01-01) the rule selects on or after
 * `startDay`, in order, until `visit` returns false or the series' maximum span is reached.
 * COUNT and UNTIL are the caller's concern (they need the time of day).
 */
function forEachRuleDay(rule: RecurrenceRule, startDay: number, visit: (day: number) => boolean): void {
  const lastDay = startDay + MAX_SPAN_DAYS;
  if (rule.freq === 'DAILY') {
    const allowed = rule.byDay.length === 0 ? undefined : new Set(rule.byDay.map((d) => d.weekday));
    for (let day = startDay; day <= lastDay; day += rule.interval) {
      if (allowed !== undefined && !allowed.has(weekdayOf(day))) continue;
      if (!visit(day)) return;
    }
    return;
  }
  if (rule.freq === 'WEEKLY') {
    const weekdays = rule.byDay.length === 0 ? [weekdayOf(startDay)] : [...new Set(rule.byDay.map((d) => d.weekday))].sort((a, b) => a - b);
    for (let monday = startDay - weekdayOf(startDay); monday <= lastDay; monday += 7 * rule.interval) {
      for (const weekday of weekdays) {
        const day = monday + weekday;
        if (day < startDay) continue;
        if (day > lastDay || !visit(day)) return;
      }
    }
    return;
  }
  const start = new Date(startDay * DAY);
  const startYear = start.getUTCFullYear();
  const startMonth = start.getUTCMonth();
  const dayOfMonth = start.getUTCDate();
  for (let k = 0; ; k += rule.interval) {
    const year = startYear + Math.floor((startMonth + k) / 12);
    const month = (startMonth + k) % 12;
    if (Date.UTC(year, month, 1) / DAY > lastDay) return;
    for (const day of monthDays(rule, year, month, dayOfMonth)) {
      if (day < startDay) continue;
      if (day > lastDay || !visit(day)) return;
    }
  }
}

/** One occurrence of a series: its local date key and its UTC span. */
export interface Occurrence {
  dateKey: string;
  day: number;
  startMs: number;
  endMs: number;
}

/** What expansion needs to know about a series. */
export interface SeriesShape {
  rule: RecurrenceRule;
  /** Instant of the series' first possible start (the master's start). */
  startMs: number;
  durationMs: number;
  timeZone: string;
}

/**
 * Calls `visit` with each occurrence of the series, in order, until `visit` returns false or the
 * rule ends (COUNT, UNTIL, or the ten-year limit). Occurrences are on the rule's days at the
 * master's local time of day; the first is the first selected day on or after the master's start.
 */
export function forEachOccurrence(series: SeriesShape, visit: (occurrence: Occurrence) => boolean): void {
  const wallStart = utcToLocal(series.timeZone, series.startMs);
  const startDay = Math.floor(wallStart / DAY);
  const timeOfDay = wallStart - startDay * DAY;
  const { rule } = series;
  let emitted = 0;
  forEachRuleDay(rule, startDay, (day) => {
    if (rule.count !== undefined && emitted >= rule.count) return false;
    if (rule.untilDay !== undefined && day > rule.untilDay) return false;
    const startMs = localToUtc(series.timeZone, day * DAY + timeOfDay);
    if (rule.untilMs !== undefined && startMs > rule.untilMs) return false;
    emitted++;
    return visit({ dateKey: dateKeyOf(day), day, startMs, endMs: startMs + series.durationMs });
  });
}
