import type { QuickAddParse } from './quickAdd.js';
import { DAY, MINUTE, weekdayOf } from './zonedTime.js';

/**
 * quick_add_event's grammar read without regular expressions, for the texts models mostly send:
 * printable ASCII words separated by single spaces. It finds what `parseQuickAdd`'s expressions
 * find, in the same order, and answers only where they read the text without a problem
 * (undefined otherwise: then the expressions read it, and say what is wrong).
 *
 * Why it can read words instead of characters: in such a text (and in what is left of it after
 * each cut) the only whitespace is spaces; every expression begins with a whitespace followed by a
 * letter or digit, so a match starts at a word, and it ends before a whitespace, so a cut removes
 * whole words. A run of spaces matches exactly like one space (`\s+`, `\s*`, the lookahead), so a cut
 * can overwrite its words with spaces instead of joining the text around them; the summary collapses
 * the spaces either way. Letters match case-insensitively only their ASCII pair (non-unicode `i`),
 * so the text is read lower-cased.
 */

/** Longer texts go to the expressions (the tool takes at most 300 characters). */
const MAX_TEXT = 400;
/** ' ' + the text with A-Z lower-cased + ' ', cut words overwritten with spaces, then a 0 that matches nothing. */
const chars = new Uint8Array(MAX_TEXT + 3);
/** Where each word starts in `chars`, in order. */
const wordStarts = new Int32Array(MAX_TEXT);
let wordCount = 0;
/** By the position a word starts at in `chars`, where it ends (the space after it). */
const wordEnds = new Int32Array(MAX_TEXT + 3);
/** Per word, the expressions (bit `kind`) a match of which may start there; and all of them together. */
const wordKinds = new Int32Array(MAX_TEXT);
let presentKinds = 0;

const SPACE = 32;
const HYPHEN = 45;
const DOT = 46;
const COLON = 58;
const AT_SIGN = 64;
const a = 97;
const d = 100;
const e = 101;
const f = 102;
const h = 104;
const i_ = 105;
const l = 108;
const m = 109;
const n = 110;
const o = 111;
const p = 112;
const r = 114;
const s = 115;
const t = 116;
const u = 117;

function codes(word: string): Uint8Array {
  return Uint8Array.from(word, (c) => c.charCodeAt(0));
}

/** Per name, its lengths as bits (bit k: k letters). */
function lengthBits(lengths: number[][]): Int32Array {
  return Int32Array.from(lengths, (list) => list.reduce((bits, length) => bits | (1 << length), 0));
}

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map(codes);
/** The lengths a weekday may be written in: mon(day), tue(s(day)), wed(nesday), thu(r(s(day))), fri(day), sat(urday), sun(day). */
const WEEKDAY_LENGTHS = lengthBits([[3, 6], [3, 4, 7], [3, 9], [3, 4, 5, 8], [3, 6], [3, 8], [3, 6]]);
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'].map(codes);
/** jan(uary), feb(ruary), mar(ch), apr(il), may, jun(e), jul(y), aug(ust), sep(t(ember)), oct(ober), nov(ember), dec(ember). */
const MONTH_LENGTHS = lengthBits([[3, 7], [3, 8], [3, 5], [3, 5], [3], [3, 4], [3, 4], [3, 6], [3, 4, 9], [3, 7], [3, 8], [3, 8]]);
const TODAY = codes('today');
const TONIGHT = codes('tonight');
const TOMORROW = codes('tomorrow');
const NOON = codes('noon');
const MINUTE_UNITS = ['minute', 'minutes', 'min', 'mins', 'm'].map(codes);
const HOUR_UNITS = ['hour', 'hours', 'hr', 'hrs', 'h'].map(codes);

/** Reads `text` into `chars` and `wordStarts`; false when it is not printable ASCII words separated by single spaces. */
function load(text: string): boolean {
  const length = text.length;
  if (length === 0 || length > MAX_TEXT) return false;
  const read = chars;
  const starts = wordStarts;
  read[0] = SPACE;
  let count = 0;
  let previous = SPACE;
  for (let k = 0; k < length; k++) {
    const code = text.charCodeAt(k);
    if (code === SPACE) {
      if (previous === SPACE) return false;
      read[k + 1] = SPACE;
    } else {
      if (code < 33 || code > 126) return false;
      if (previous === SPACE) starts[count++] = k + 1;
      read[k + 1] = code >= 65 && code <= 90 ? code + 32 : code;
    }
    previous = code;
  }
  if (previous === SPACE) return false;
  read[length + 1] = SPACE;
  read[length + 2] = 0;
  wordCount = count;
  // Which expressions may start at each word, by its first character and length (words are single-spaced).
  const kinds = wordKinds;
  const ends = wordEnds;
  ends[length + 2] = length + 2;
  let present = 0;
  for (let w = 0; w < count; w++) {
    const end = w + 1 < count ? starts[w + 1] - 1 : length + 1;
    ends[starts[w]] = end;
    const size = end - starts[w];
    const mask = MAY_START[(read[starts[w]] << 4) | (size < 15 ? size : 15)];
    kinds[w] = mask;
    present |= mask;
  }
  presentKinds = present;
  return true;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function skipSpaces(at: number): number {
  while (chars[at] === SPACE) at++;
  return at;
}

/** The end of the word starting at `at` (a word of the text, or the final 0: every position a matcher reads a word at). */
function wordEnd(at: number): number {
  return wordEnds[at];
}

/** Whether the word at `at` is exactly `word`. */
function wordIs(at: number, word: Uint8Array): boolean {
  for (let k = 0; k < word.length; k++) if (chars[at + k] !== word[k]) return false;
  return chars[at + word.length] === SPACE;
}

/** Whether the word at `at` is the two letters `first` `second`. */
function twoLetters(at: number, first: number, second: number): boolean {
  return chars[at] === first && chars[at + 1] === second && chars[at + 2] === SPACE;
}

/** Which of `names` the word at `at` is, written in one of its lengths (bit `length` of `lengths[k]`: a prefix of the name), or -1. */
function nameAt(at: number, names: readonly Uint8Array[], lengths: Int32Array): number {
  const length = wordEnd(at) - at;
  if (length > 9) return -1;
  const first = chars[at];
  for (let k = 0; k < names.length; k++) {
    const name = names[k];
    if (first !== name[0] || (lengths[k] & (1 << length)) === 0) continue;
    let same = true;
    for (let c = 1; c < length && same; c++) same = chars[at + c] === name[c];
    if (same) return k;
  }
  return -1;
}

/** The length of the one of `words` the text at `at` is, up to a space; -1 for none. */
function oneOf(at: number, words: readonly Uint8Array[]): number {
  for (let k = 0; k < words.length; k++) if (wordIs(at, words[k])) return words[k].length;
  return -1;
}

/** The value of the `count` digits at `at`. */
function digits(at: number, count: number): number {
  let value = 0;
  for (let k = 0; k < count; k++) value = value * 10 + chars[at + k] - 48;
  return value;
}

// What the last successful match captured (each matcher sets its own).
let year = 0;
let month = 0;
let dayOfMonth = 0;
let weekday = 0;
let firstHour = 0;
/** -1: no minutes given. */
let firstMinute = -1;
/** 0: none, else the letter a or p. */
let firstMeridiem = 0;
let secondHour = 0;
let secondMinute = -1;
let secondMeridiem = 0;
/** A duration as tenths (the number has at most one decimal). */
let durationTenths = 0;
let durationInHours = false;

/** `(\d{4})-(\d{2})-(\d{2})(?=\s)` at `at`: its end, or -1. */
function isoDate(at: number): number {
  if (!isDigit(chars[at]) || !isDigit(chars[at + 1]) || !isDigit(chars[at + 2]) || !isDigit(chars[at + 3]) || chars[at + 4] !== HYPHEN) return -1;
  if (!isDigit(chars[at + 5]) || !isDigit(chars[at + 6]) || chars[at + 7] !== HYPHEN || !isDigit(chars[at + 8]) || !isDigit(chars[at + 9]) || chars[at + 10] !== SPACE) return -1;
  year = digits(at, 4);
  month = digits(at + 5, 2);
  dayOfMonth = digits(at + 8, 2);
  return at + 10;
}

/** `(\d{1,2})(?:st|nd|rd|th)?` as a whole word: its end, or -1. (With a third digit nothing after it matches.) */
function dayNumber(at: number): number {
  if (!isDigit(chars[at])) return -1;
  let end = at + 1;
  if (isDigit(chars[end])) end++;
  const first = chars[end];
  const second = chars[end + 1];
  if (first === SPACE) {
    dayOfMonth = digits(at, end - at);
    return end;
  }
  if (((first === s && second === t) || (first === n && second === d) || (first === r && second === d) || (first === t && second === h)) && chars[end + 2] === SPACE) {
    dayOfMonth = digits(at, end - at);
    return end + 2;
  }
  return -1;
}

/** A month name as a whole word, then spaces and a day number: `MONTH\s+(\d{1,2})(?:st|nd|rd|th)?(?=\s)`. */
function monthThenDay(at: number): number {
  const found = nameAt(at, MONTHS, MONTH_LENGTHS);
  if (found < 0) return -1;
  const end = dayNumber(skipSpaces(wordEnd(at)));
  if (end >= 0) month = found;
  return end;
}

/** `(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?MONTH(?=\s)`. */
function dayThenMonth(at: number): number {
  const dayEnd = dayNumber(at);
  if (dayEnd < 0) return -1;
  let next = skipSpaces(dayEnd);
  if (twoLetters(next, o, f)) {
    const after = skipSpaces(next + 2);
    const found = nameAt(after, MONTHS, MONTH_LENGTHS);
    if (found >= 0) {
      month = found;
      return wordEnd(after);
    }
  }
  const found = nameAt(next, MONTHS, MONTH_LENGTHS);
  if (found < 0) return -1;
  month = found;
  next = wordEnd(next);
  return next;
}

/** An hour of one or two digits at `at` (into `firstHour`), and the position after it, or -1. */
function hourDigits(at: number): number {
  if (!isDigit(chars[at])) return -1;
  if (isDigit(chars[at + 1])) {
    firstHour = digits(at, 2);
    return at + 2;
  }
  firstHour = chars[at] - 48;
  return at + 1;
}

/** `:(\d{2})` at `at`: the minutes, or -1. */
function minutesAt(at: number): number {
  return chars[at] === COLON && isDigit(chars[at + 1]) && isDigit(chars[at + 2]) ? digits(at + 1, 2) : -1;
}

function isMeridiem(at: number): boolean {
  return (chars[at] === a || chars[at] === p) && chars[at + 1] === m;
}

/**
 * `(\d{1,2})(?::(\d{2}))?\s*(am|pm)?\s*(?:-|–|to|until)\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)?(?=\s)`
 * (the en dash is not ASCII: texts with one go to the expressions). Each optional part is taken when
 * present; leaving one out never lets the rest match, except the last `\s*(am|pm)?`: without a
 * meridiem the match ends before the spaces.
 */
function timeRange(at: number): number {
  let next = hourDigits(at);
  if (next < 0) return -1;
  const startHour = firstHour;
  firstMinute = minutesAt(next);
  if (firstMinute >= 0) next += 3;
  next = skipSpaces(next);
  firstMeridiem = 0;
  if (isMeridiem(next)) {
    firstMeridiem = chars[next];
    next += 2;
  }
  next = skipSpaces(next);
  if (chars[next] === HYPHEN) next += 1;
  else if (chars[next] === t && chars[next + 1] === o) next += 2;
  else if (chars[next] === u && chars[next + 1] === n && chars[next + 2] === t && chars[next + 3] === i_ && chars[next + 4] === l) next += 5;
  else return -1;
  next = hourDigits(skipSpaces(next));
  if (next < 0) return -1;
  secondHour = firstHour;
  firstHour = startHour;
  secondMinute = minutesAt(next);
  if (secondMinute >= 0) next += 3;
  const spaced = skipSpaces(next);
  if (isMeridiem(spaced) && chars[spaced + 2] === SPACE) {
    secondMeridiem = chars[spaced];
    return spaced + 2;
  }
  secondMeridiem = 0;
  return spaced > next ? next : -1;
}

/** `(\d{1,2})(?::(\d{2}))?\s*(am|pm)(?=\s)`. */
function meridiemTime(at: number): number {
  let next = hourDigits(at);
  if (next < 0) return -1;
  firstMinute = minutesAt(next);
  if (firstMinute >= 0) next += 3;
  next = skipSpaces(next);
  if (!isMeridiem(next) || chars[next + 2] !== SPACE) return -1;
  firstMeridiem = chars[next];
  return next + 2;
}

/** `(\d{1,2}):(\d{2})(?=\s)`. */
function clockTime(at: number): number {
  const next = hourDigits(at);
  if (next < 0) return -1;
  firstMinute = minutesAt(next);
  if (firstMinute < 0 || chars[next + 3] !== SPACE) return -1;
  firstMeridiem = 0;
  return next + 3;
}

/** `for\s+(\d{1,3}(?:\.\d)?)\s*(minutes?|mins?|m|hours?|hrs?|h)(?=\s)`. */
function duration(at: number): number {
  if (chars[at] !== f || chars[at + 1] !== o || chars[at + 2] !== r || chars[at + 3] !== SPACE) return -1;
  const from = skipSpaces(at + 3);
  let next = from;
  while (isDigit(chars[next])) next++;
  const count = next - from;
  if (count < 1 || count > 3) return -1;
  let tenths = digits(from, count) * 10;
  if (chars[next] === DOT && isDigit(chars[next + 1])) {
    tenths += chars[next + 1] - 48;
    next += 2;
  }
  // The unit may follow the number without a space ("45min"): not at a word start.
  next = skipSpaces(next);
  const hours = oneOf(next, HOUR_UNITS);
  const unit = hours >= 0 ? hours : oneOf(next, MINUTE_UNITS);
  if (unit < 0) return -1;
  durationTenths = tenths;
  durationInHours = hours >= 0;
  return next + unit;
}

const ISO_DATE = 0;
const TODAY_WORD = 1;
const TOMORROW_WORD = 2;
const WEEKDAY = 3;
const MONTH_DAY = 4;
const DAY_MONTH = 5;
const TIME_RANGE = 6;
const TIME_MERIDIEM = 7;
const TIME_24H = 8;
const NOON_WORD = 9;
const DURATION = 10;

/**
 * The expressions a match of which may start at a word, by the word's first character and length
 * (`(code << 4) | min(length, 15)`): its optional leading words (on, next, the, at, from, for) or
 * its own first word (a date, a day number, a weekday or month as written, a time). Most words are
 * no expression's start, and most texts rule out most expressions.
 */
const MAY_START = new Int32Array(128 << 4);

/** Marks `kind` for words starting with one of `letters` (or a digit, for "0") of one of `lengths` (-1: any). */
function mayStart(kind: number, letters: string, lengths: readonly number[]): void {
  const firsts = letters === '0' ? '0123456789' : letters;
  for (let k = 0; k < firsts.length; k++) {
    const row = firsts.charCodeAt(k) << 4;
    for (let size = 1; size < 16; size++) if (lengths[0] === -1 || lengths.includes(size)) MAY_START[row | size] |= 1 << kind;
  }
}

const ANY = [-1];
mayStart(ISO_DATE, 'o', [2]);
mayStart(ISO_DATE, '0', [10]);
mayStart(TODAY_WORD, 't', [5, 7]);
mayStart(TOMORROW_WORD, 't', [8]);
mayStart(WEEKDAY, 'o', [2]);
mayStart(WEEKDAY, 'n', [4]);
for (let k = 0; k < WEEKDAYS.length; k++) mayStart(WEEKDAY, String.fromCharCode(WEEKDAYS[k][0]), lengthsOf(WEEKDAY_LENGTHS[k]));
mayStart(MONTH_DAY, 'o', [2]);
for (let k = 0; k < MONTHS.length; k++) mayStart(MONTH_DAY, String.fromCharCode(MONTHS[k][0]), lengthsOf(MONTH_LENGTHS[k]));
mayStart(DAY_MONTH, 'o', [2]);
mayStart(DAY_MONTH, 't', [3]);
mayStart(DAY_MONTH, '0', [1, 2, 3, 4]);
mayStart(TIME_RANGE, 'a', [2]);
mayStart(TIME_RANGE, 'f', [4]);
mayStart(TIME_RANGE, '0', ANY);
mayStart(TIME_MERIDIEM, 'a', [2]);
mayStart(TIME_MERIDIEM, '0', ANY);
mayStart(TIME_24H, 'a', [2]);
mayStart(TIME_24H, '0', [4, 5]);
mayStart(NOON_WORD, 'a', [2]);
mayStart(NOON_WORD, 'n', [4]);
mayStart(DURATION, 'f', [3]);

function lengthsOf(bits: number): number[] {
  const lengths: number[] = [];
  for (let size = 1; size < 16; size++) if ((bits & (1 << size)) !== 0) lengths.push(size);
  return lengths;
}

/** The end of a match of expression `kind` starting at the word at `at`, or -1 (each with its optional leading words). */
function matchAt(kind: number, at: number): number {
  switch (kind) {
    case ISO_DATE: {
      if (twoLetters(at, o, n)) {
        const end = isoDate(skipSpaces(at + 2));
        if (end >= 0) return end;
      }
      return isoDate(at);
    }
    case TODAY_WORD:
      return wordIs(at, TODAY) ? at + 5 : wordIs(at, TONIGHT) ? at + 7 : -1;
    case TOMORROW_WORD:
      return wordIs(at, TOMORROW) ? at + 8 : -1;
    case WEEKDAY: {
      // (?:on\s+)?(?:next\s+)?WEEKDAY(?=\s), the optional words tried first.
      let from = at;
      for (let pass = 0; pass < 2; pass++) {
        if (pass === 0 && !twoLetters(at, o, n)) continue;
        from = pass === 0 ? skipSpaces(at + 2) : at;
        if (chars[from] === n && chars[from + 1] === e && chars[from + 2] === 120 && chars[from + 3] === t && chars[from + 4] === SPACE) {
          const after = skipSpaces(from + 4);
          const found = nameAt(after, WEEKDAYS, WEEKDAY_LENGTHS);
          if (found >= 0) {
            weekday = found;
            return wordEnd(after);
          }
        }
        const found = nameAt(from, WEEKDAYS, WEEKDAY_LENGTHS);
        if (found >= 0) {
          weekday = found;
          return wordEnd(from);
        }
      }
      return -1;
    }
    case MONTH_DAY: {
      if (twoLetters(at, o, n)) {
        const end = monthThenDay(skipSpaces(at + 2));
        if (end >= 0) return end;
      }
      return monthThenDay(at);
    }
    case DAY_MONTH: {
      // (?:on\s+)?(?:the\s+)?DAY\s+(?:of\s+)?MONTH(?=\s)
      if (twoLetters(at, o, n)) {
        const from = skipSpaces(at + 2);
        if (chars[from] === t && chars[from + 1] === h && chars[from + 2] === e && chars[from + 3] === SPACE) {
          const end = dayThenMonth(skipSpaces(from + 3));
          if (end >= 0) return end;
        }
        const end = dayThenMonth(from);
        if (end >= 0) return end;
      }
      if (chars[at] === t && chars[at + 1] === h && chars[at + 2] === e && chars[at + 3] === SPACE) {
        const end = dayThenMonth(skipSpaces(at + 3));
        if (end >= 0) return end;
      }
      return dayThenMonth(at);
    }
    case TIME_RANGE: {
      if (twoLetters(at, a, t)) {
        const end = timeRange(skipSpaces(at + 2));
        if (end >= 0) return end;
      } else if (chars[at] === f && chars[at + 1] === r && chars[at + 2] === o && chars[at + 3] === m && chars[at + 4] === SPACE) {
        const end = timeRange(skipSpaces(at + 4));
        if (end >= 0) return end;
      }
      return timeRange(at);
    }
    case TIME_MERIDIEM: {
      if (twoLetters(at, a, t)) {
        const end = meridiemTime(skipSpaces(at + 2));
        if (end >= 0) return end;
      }
      return meridiemTime(at);
    }
    case TIME_24H: {
      if (twoLetters(at, a, t)) {
        const end = clockTime(skipSpaces(at + 2));
        if (end >= 0) return end;
      }
      return clockTime(at);
    }
    case NOON_WORD: {
      if (twoLetters(at, a, t)) {
        const from = skipSpaces(at + 2);
        if (wordIs(from, NOON)) return from + 4;
      }
      return wordIs(at, NOON) ? at + 4 : -1;
    }
    default:
      return duration(at);
  }
}

/** The first match of expression `kind` in what is left of the text, cut out (overwritten with spaces): true when there is one. */
function take(kind: number): boolean {
  const bit = 1 << kind;
  if ((presentKinds & bit) === 0) return false;
  // Locals: the loop reads them once per word.
  const text = chars;
  const starts = wordStarts;
  const kinds = wordKinds;
  const count = wordCount;
  for (let w = 0; w < count; w++) {
    if ((kinds[w] & bit) === 0) continue;
    const at = starts[w];
    // A cut word starts with a space now.
    if (text[at] === SPACE) continue;
    const end = matchAt(kind, at);
    if (end >= 0) {
      for (let k = at; k < end; k++) text[k] = SPACE;
      return true;
    }
  }
  return false;
}

/** The words left (as indexes into `wordStarts`), filled by `wordsLeft`. */
const left = new Int32Array(MAX_TEXT);

function wordsLeft(): number {
  const read = chars;
  const starts = wordStarts;
  const words = wordCount;
  let count = 0;
  for (let w = 0; w < words; w++) if (read[starts[w]] !== SPACE) left[count++] = w;
  return count;
}

/** The words `left[from]` … `left[to - 1]` of `text`, joined by single spaces (neighbours in the text as one slice). */
function joinWords(text: string, from: number, to: number): string {
  if (from >= to) return '';
  let joined = '';
  let runStart = wordStarts[left[from]] - 1;
  for (let k = from + 1; k < to; k++) {
    if (left[k] === left[k - 1] + 1) continue;
    joined += `${text.slice(runStart, wordEnd(wordStarts[left[k - 1]]) - 1)} `;
    runStart = wordStarts[left[k]] - 1;
  }
  return joined + text.slice(runStart, wordEnd(wordStarts[left[to - 1]]) - 1);
}

/** The hour of a 12- or 24-hour clock reading (meridiem 0: none, else the letter a or p), or -1 when invalid. */
function hourOf(hour: number, meridiem: number): number {
  if (meridiem === 0) return hour <= 23 ? hour : -1;
  if (hour < 1 || hour > 12) return -1;
  if (meridiem === a) return hour === 12 ? 0 : hour;
  return hour === 12 ? 12 : hour + 12;
}

/**
 * `parseQuickAdd` of a text of printable ASCII words separated by single spaces, where it reads the
 * text without a problem; undefined for any other text, and wherever `parseQuickAdd` would answer a
 * message (its expressions then read the text again and say what is wrong).
 */
export function parsePlainQuickAdd(text: string, todayWall: number, nowWall: number): QuickAddParse | undefined {
  if (!load(text)) return undefined;
  const today = todayWall / DAY;
  let day: number | undefined;

  if (take(ISO_DATE)) {
    const wall = Date.UTC(year, month - 1, dayOfMonth);
    if (new Date(wall).getUTCDate() !== dayOfMonth) return undefined;
    day = wall / DAY;
  }
  if (day === undefined && take(TODAY_WORD)) day = today;
  if (day === undefined && take(TOMORROW_WORD)) day = today + 1;
  if (day === undefined && take(WEEKDAY)) {
    // weekdayOf in integer arithmetic where `today` is an int32 (always, for a real clock): a float % calls fmod.
    const whole = today | 0;
    const todayWeekday = whole === today ? (((whole + 3) % 7) + 7) % 7 : weekdayOf(today);
    day = today + (((weekday - todayWeekday + 6) % 7) + 1);
  }
  if (day === undefined && (take(MONTH_DAY) || take(DAY_MONTH))) {
    const thisYear = new Date(todayWall).getUTCFullYear();
    for (let y = thisYear; y <= thisYear + 1; y++) {
      const wall: number = Date.UTC(y, month, dayOfMonth);
      if (new Date(wall).getUTCDate() !== dayOfMonth) return undefined;
      if (wall / DAY >= today) {
        day = wall / DAY;
        break;
      }
    }
  }

  let startMinute: number;
  let endMinute: number | undefined;
  if (take(TIME_RANGE)) {
    let startMeridiem = firstMeridiem;
    const endHour = hourOf(secondHour, secondMeridiem);
    const startMinutes = firstMinute < 0 ? 0 : firstMinute;
    const endMinutes = secondMinute < 0 ? 0 : secondMinute;
    if (startMeridiem === 0 && secondMeridiem !== 0) {
      startMeridiem = secondMeridiem;
      const guess = hourOf(firstHour, startMeridiem);
      if (guess >= 0 && endHour >= 0 && guess * 60 + startMinutes >= endHour * 60 + endMinutes) startMeridiem = startMeridiem === p ? a : p;
    }
    const startHour = hourOf(firstHour, startMeridiem);
    if (startHour < 0 || endHour < 0 || startMinutes > 59 || endMinutes > 59) return undefined;
    startMinute = startHour * 60 + startMinutes;
    endMinute = endHour * 60 + endMinutes;
    if (endMinute <= startMinute) return undefined;
  } else if (take(TIME_MERIDIEM) || take(TIME_24H)) {
    const hour = hourOf(firstHour, firstMeridiem);
    const minutes = firstMinute < 0 ? 0 : firstMinute;
    if (hour < 0 || minutes > 59) return undefined;
    startMinute = hour * 60 + minutes;
  } else if (take(NOON_WORD)) startMinute = 12 * 60;
  else return undefined;
  const timed = take(DURATION);
  if (endMinute === undefined) {
    // tenths / 10 is the number the digits write, as Number() reads them (one correctly rounded division).
    const minutes = timed ? Math.round((durationTenths / 10) * (durationInHours ? 60 : 1)) : 60;
    if (minutes < 1 || minutes > 24 * 60) return undefined;
    endMinute = startMinute + minutes;
  }
  if (day === undefined) day = todayWall + startMinute * MINUTE > nowWall ? today : today + 1;

  // What is left: the summary, and after its first "at" or "@" (not its first or last word) the location.
  const count = wordsLeft();
  let place = -1;
  for (let k = 1; k < count - 1 && place < 0; k++) {
    const at = wordStarts[left[k]];
    if (twoLetters(at, a, t) || (chars[at] === AT_SIGN && chars[at + 1] === SPACE)) place = k;
  }
  let summaryWords = place < 0 ? count : place;
  if (summaryWords >= 2) {
    const last = wordStarts[left[summaryWords - 1]];
    if (twoLetters(last, o, n) || twoLetters(last, a, t) || (chars[last] === f && chars[last + 1] === r && chars[last + 2] === o && chars[last + 3] === m && chars[last + 4] === SPACE)) summaryWords--;
  }
  if (summaryWords === 0) return undefined;
  return {
    summary: joinWords(text, 0, summaryWords),
    location: place < 0 ? '' : joinWords(text, place + 1, count),
    startWall: day * DAY + startMinute * MINUTE,
    endWall: day * DAY + endMinute * MINUTE,
  };
}
