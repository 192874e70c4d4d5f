import { parsePlainQuickAdd } from './plainQuickAdd.js';
import { DAY, MINUTE, WEEKDAY_NAMES, weekdayOf } from './zonedTime.js';

/**
 * The small natural-language grammar of quick_add_event (Google Calendar's quickAdd, made
 * deterministic): "<title> [at <location>] <day> <time>[-<time>] [for <n> minutes|hours]".
 */

export interface QuickAddParse {
  summary: string;
  location: string;
  /** Local wall-clock start and end (counted like UTC timestamps) in the calendar's zone. */
  startWall: number;
  endWall: number;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH_PATTERN = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const WEEKDAY_PATTERN = '(mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)';

// Built once: parseQuickAdd runs on every quick_add_event call. None is global or sticky, so exec keeps no state.
const ISO_DATE = /\s(?:on\s+)?(\d{4})-(\d{2})-(\d{2})(?=\s)/i;
const TODAY = /\s(today|tonight)(?=\s)/i;
const TOMORROW = /\s(tomorrow)(?=\s)/i;
const WEEKDAY = new RegExp(`\\s(?:on\\s+)?(?:next\\s+)?${WEEKDAY_PATTERN}(?=\\s)`, 'i');
const MONTH_DAY = new RegExp(`\\s(?:on\\s+)?${MONTH_PATTERN}\\s+(\\d{1,2})(?:st|nd|rd|th)?(?=\\s)`, 'i');
const DAY_MONTH = new RegExp(`\\s(?:on\\s+)?(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_PATTERN}(?=\\s)`, 'i');
const TIME_RANGE = /\s(?:at\s+|from\s+)?(\d{1,2})(?::(\d{2}))?\s*(am|pm)?\s*(?:-|–|to|until)\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)?(?=\s)/i;
const TIME_MERIDIEM = /\s(?:at\s+)?(\d{1,2})(?::(\d{2}))?\s*(am|pm)(?=\s)/i;
const TIME_24H = /\s(?:at\s+)?(\d{1,2}):(\d{2})(?=\s)/i;
const NOON = /\s(?:at\s+)?noon(?=\s)/i;
const DURATION = /\sfor\s+(\d{1,3}(?:\.\d)?)\s*(minutes?|mins?|m|hours?|hrs?|h)(?=\s)/i;
const LOCATION = / (?:at|@) (.+)$/i;

/**
 * The text still unread: each recognised part is cut out of it (replaced by a space). `lower` is
 * the lowercase text before any cut: the needles of an expression have no space, so one that is
 * not in it is not in what is left either.
 */
class Remainder {
  constructor(
    public rest: string,
    private readonly lower: string,
  ) {
    // Flattened now (see take).
    rest.charCodeAt(0);
  }

  /**
   * The first match of `pattern`, cut out. `needles` (lowercase) are words one of which every match
   * contains: without any, the expression is not run (the patterns are case-insensitive ASCII, so
   * a lowercase copy of the text holds the needle whenever the text can match). Many needles (the
   * weekdays, the months, the range words, today/tonight) are one alternation of them: one scan instead of up to a dozen `includes`.
   */
  take(pattern: RegExp, needles?: readonly string[] | RegExp): RegExpExecArray | null {
    if (needles !== undefined) {
      if (needles instanceof RegExp) {
        if (!needles.test(this.lower)) return null;
      } else {
        let possible = false;
        for (let i = 0; i < needles.length && !possible; i++) possible = this.lower.includes(needles[i]);
        if (!possible) return null;
      }
    }
    const match = pattern.exec(this.rest);
    if (match !== null) {
      this.rest = `${this.rest.slice(0, match.index)} ${this.rest.slice(match.index + match[0].length)}`;
      // A joined text is a rope; reading a character flattens it, ~40 ns cheaper than the flattening
      // the next expression run on it would do (and collapseSpaces reads it whole anyway).
      this.rest.charCodeAt(0);
    }
    return match;
  }
}

/**
 * Printable ASCII words separated by single spaces. A loop of charCodeAt costs ~2 ns a character in
 * Node 20 (more on the joined strings the parse leaves), a character class a fraction of that.
 */
const SINGLE_SPACED = /^[!-~]+(?: [!-~]+)*$/;
/** A character other than printable ASCII and the space. */
const NOT_PRINTABLE = /[^ -~]/;

/** Whether `text` has no whitespace but single spaces between other characters (so `/\s+/g` to one space, then trim, changes nothing). */
function singleSpaced(text: string): boolean {
  return text.length === 0 || SINGLE_SPACED.test(text);
}

/**
 * `text.replace(/\s+/g, ' ').trim()`, without a regular expression for the spaces when the text's only
 * whitespace is spaces. `printable`: the caller knows the text is printable ASCII and spaces.
 */
function collapseSpaces(text: string, printable: boolean): string {
  if (!printable && NOT_PRINTABLE.test(text)) return text.replace(/\s+/g, ' ').trim();
  let out = '';
  let from = 0;
  let at = text.indexOf('  ');
  while (at >= 0) {
    let end = at + 2;
    while (text.charCodeAt(end) === 32) end++;
    out += text.slice(from, at + 1);
    from = end;
    at = text.indexOf('  ', from);
  }
  return (from === 0 ? text : out + text.slice(from)).trim();
}

const HYPHEN = ['-'];
const TODAY_WORDS = /today|tonight/;
const TOMORROW_WORDS = ['tomorrow'];
const WEEKDAY_NEEDLES = /mon|tue|wed|thu|fri|sat|sun/;
const RANGE_WORDS = /-|–|to|until/;
const MERIDIEM_WORDS = ['am', 'pm'];
const COLON = [':'];
const NOON_WORDS = ['noon'];
const FOR_WORDS = ['for'];
const MONTH_NEEDLES = /jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec/;

function monthIndex(word: string): number {
  return MONTHS.findIndex((month) => month.startsWith(word.slice(0, 3)));
}

function hourOf(hour: number, meridiem: string | undefined): number | undefined {
  if (meridiem === undefined) return hour <= 23 ? hour : undefined;
  if (hour < 1 || hour > 12) return undefined;
  if (meridiem === 'am') return hour === 12 ? 0 : hour;
  return hour === 12 ? 12 : hour + 12;
}

/**
 * Whether a summary (trimmed, its whitespace single spaces) ends in " on", " at" or " from", in any
 * case: the only summaries `/\s+(on|at|from)$/i` changes (`code | 32` is the lowercase of an ASCII letter).
 */
function endsWithJoiner(summary: string): boolean {
  const n = summary.length;
  const last = summary.charCodeAt(n - 1) | 32;
  const before = summary.charCodeAt(n - 2) | 32;
  if ((before === 111 && last === 110) || (before === 97 && last === 116)) return summary.charCodeAt(n - 3) === 32;
  return before === 111 && last === 109 && (summary.charCodeAt(n - 3) | 32) === 114 && (summary.charCodeAt(n - 4) | 32) === 102 && summary.charCodeAt(n - 5) === 32;
}

/**
 * Parse quick-add text. `todayWall` is the local midnight of today and `nowWall` the local time now
 * (both in the calendar's zone). Returns the event, or a message saying what is missing.
 */
export function parseQuickAdd(text: string, todayWall: number, nowWall: number): QuickAddParse | string {
  // Most texts are plain words read without the expressions (the same answers, several times faster).
  return parsePlainQuickAdd(text, todayWall, nowWall) ?? parseQuickAddByExpressions(text, todayWall, nowWall);
}

/**
 * The grammar read by its regular expressions: every text, and every message. `parsePlainQuickAdd`
 * answers the same for the texts it reads (test/servers/calendar/quickAdd.test.ts holds them to it).
 */
export function parseQuickAddByExpressions(text: string, todayWall: number, nowWall: number): QuickAddParse | string {
  // Single-spaced text is printable ASCII and spaces, and so is every cut of it the parse leaves.
  const printable = singleSpaced(text);
  const normalized = printable ? text : text.replace(/\s+/g, ' ').trim();
  const remainder = new Remainder(` ${normalized} `, normalized.toLowerCase());
  const today = todayWall / DAY;
  let day: number | undefined;

  let match = remainder.take(ISO_DATE, HYPHEN);
  if (match !== null) {
    const wall = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
    if (new Date(wall).getUTCDate() !== Number(match[3])) return `"${match[0].trim()}" is not a real date`;
    day = wall / DAY;
  }
  if (day === undefined && (match = remainder.take(TODAY, TODAY_WORDS)) !== null) day = today;
  if (day === undefined && (match = remainder.take(TOMORROW, TOMORROW_WORDS)) !== null) day = today + 1;
  if (day === undefined && (match = remainder.take(WEEKDAY, WEEKDAY_NEEDLES)) !== null) {
    const prefix = match[1].toLowerCase().slice(0, 3);
    let target = -1;
    for (let w = 0; w < WEEKDAY_NAMES.length && target < 0; w++) if (WEEKDAY_NAMES[w].startsWith(prefix)) target = w;
    day = today + (((target - weekdayOf(today) + 6) % 7) + 1);
  }
  if (day === undefined) {
    match = remainder.take(MONTH_DAY, MONTH_NEEDLES);
    let month: number | undefined;
    let dom: number | undefined;
    if (match !== null) {
      month = monthIndex(match[1].toLowerCase());
      dom = Number(match[2]);
    } else if ((match = remainder.take(DAY_MONTH, MONTH_NEEDLES)) !== null) {
      month = monthIndex(match[2].toLowerCase());
      dom = Number(match[1]);
    }
    if (month !== undefined && dom !== undefined) {
      const year = new Date(todayWall).getUTCFullYear();
      for (const y of [year, year + 1]) {
        const wall: number = Date.UTC(y, month, dom);
        if (new Date(wall).getUTCDate() !== dom) return `"${match![0].trim()}" is not a real date`;
        if (wall / DAY >= today) {
          day = wall / DAY;
          break;
        }
      }
    }
  }

  let startMinute: number | undefined;
  let endMinute: number | undefined;
  const range = remainder.take(TIME_RANGE, RANGE_WORDS);
  if (range !== null) {
    const endMeridiem = range[6]?.toLowerCase();
    let startMeridiem = range[3]?.toLowerCase();
    const endHour = hourOf(Number(range[4]), endMeridiem);
    if (startMeridiem === undefined && endMeridiem !== undefined) {
      startMeridiem = endMeridiem;
      const guess = hourOf(Number(range[1]), startMeridiem);
      if (guess !== undefined && endHour !== undefined && guess * 60 + Number(range[2] ?? 0) >= endHour * 60 + Number(range[5] ?? 0)) startMeridiem = startMeridiem === 'pm' ? 'am' : 'pm';
    }
    const startHour = hourOf(Number(range[1]), startMeridiem);
    if (startHour === undefined || endHour === undefined || Number(range[2] ?? 0) > 59 || Number(range[5] ?? 0) > 59) return `"${range[0].trim()}" is not a valid time range`;
    startMinute = startHour * 60 + Number(range[2] ?? 0);
    endMinute = endHour * 60 + Number(range[5] ?? 0);
    if (endMinute <= startMinute) return `the time range "${range[0].trim()}" ends before it starts`;
  } else {
    const time = remainder.take(TIME_MERIDIEM, MERIDIEM_WORDS) ?? remainder.take(TIME_24H, COLON);
    if (time !== null) {
      const hour = hourOf(Number(time[1]), time[3]?.toLowerCase());
      if (hour === undefined || Number(time[2] ?? 0) > 59) return `"${time[0].trim()}" is not a valid time`;
      startMinute = hour * 60 + Number(time[2] ?? 0);
    } else if (remainder.take(NOON, NOON_WORDS) !== null) startMinute = 12 * 60;
  }
  if (startMinute === undefined) {
    return `found no start time in "${text}"; write it like "Lunch with Ana at Cafe Einstein tomorrow 12:30-13:30", "Call with Acme on 2026-03-20 at 3pm for 30 minutes" or "Review friday 10am"`;
  }
  const duration = remainder.take(DURATION, FOR_WORDS);
  if (endMinute === undefined) {
    const minutes = duration === null ? 60 : Math.round(Number(duration[1]) * (duration[2].toLowerCase().startsWith('h') ? 60 : 1));
    if (minutes < 1 || minutes > 24 * 60) return `duration "${duration![0].trim()}" must be between 1 minute and 24 hours`;
    endMinute = startMinute + minutes;
  }
  if (day === undefined) day = todayWall + startMinute * MINUTE > nowWall ? today : today + 1;

  let summary = collapseSpaces(remainder.rest, printable);
  let location = '';
  const at = LOCATION.exec(summary);
  if (at !== null) {
    location = at[1].trim();
    summary = summary.slice(0, at.index).trim();
  }
  if (endsWithJoiner(summary)) summary = summary.replace(/\s+(on|at|from)$/i, '').trim();
  if (summary === '') return `"${text}" has a time but no title; put the title first, e.g. "Dentist tomorrow 9am"`;
  return { summary, location, startWall: day * DAY + startMinute * MINUTE, endWall: day * DAY + endMinute * MINUTE };
}
