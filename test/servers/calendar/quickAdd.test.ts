import { expect } from 'chai';
import fc from 'fast-check';
import { parsePlainQuickAdd } from '../../../servers/calendar/plainQuickAdd.js';
import { parseQuickAdd, parseQuickAddByExpressions, type QuickAddParse } from '../../../servers/calendar/quickAdd.js';

/** A deterministic stream of integers below `n` from a 32-bit seed (mulberry32: every bit mixes, unlike a bare LCG's low bits). */
function randomBelow(seed: number): (n: number) => number {
  let state = seed | 0;
  return (n) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

const TITLES = ['Dentist', 'Lunch with Ana', 'Review', 'Call with Acme', 'Board meeting', 'x', 'On call', 'at', 'for', 'Sync on', 'Talk at', 'Run from', 'Meet @ home', 'the', 'of', 'noon', 'next', 'Fri', 'May', 'Standup notes', '1:1', 'Q3-plan', 'to do', 'until done'];
const WEEKDAYS = ['mon', 'monday', 'tue', 'tues', 'tuesday', 'wed', 'wednesday', 'thu', 'thur', 'thurs', 'thursday', 'fri', 'friday', 'sat', 'saturday', 'sun', 'sunday', 'sund', 'frid', 'mond', 'tu', 'wedn'];
const MONTHS = ['jan', 'january', 'feb', 'february', 'mar', 'march', 'apr', 'april', 'may', 'jun', 'june', 'jul', 'july', 'aug', 'august', 'sep', 'sept', 'september', 'oct', 'october', 'nov', 'november', 'dec', 'december', 'janu', 'ma', 'junee'];
const UNITS = ['minutes', 'minute', 'min', 'mins', 'm', 'hours', 'hour', 'hrs', 'hr', 'h', 'minutesx', 'hs'];
const PLACES = ['Cafe Einstein', 'Praxis Dr. Weber', 'home', 'the office at 5th', 'x'];
/** Printable ASCII words separated by single spaces: the texts the plain reader is for. */
const PLAIN_WORDS = /^[!-~]+(?: [!-~]+)*$/;
const TODAYS = [Date.UTC(2026, 2, 16), Date.UTC(2026, 11, 31), Date.UTC(2028, 1, 29), Date.UTC(2026, 5, 1)];

/**
 * A text shaped like the quick-add grammar — title, location, day, time (range, meridiem, 24 h,
 * noon), duration, each often left out, sometimes out of order, misspelt or out of range, in mixed
 * case, mostly single-spaced — with the day and time it is read on.
 */
function grammarText(seed: number): { text: string; todayWall: number; nowWall: number } {
  const below = randomBelow(seed);
  const pick = <T>(items: readonly T[]): T => items[below(items.length)];
  const cased = (word: string) => [word.toUpperCase(), word[0].toUpperCase() + word.slice(1), word, word, word, word][below(6)];
  const space = () => pick([' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', '', '  ']);
  const number = (max: number) => String(below(max));
  const two = () => String(below(100)).padStart(below(3) === 0 ? 1 : 2, '0');
  const ordinal = () => pick(['', '', 'st', 'nd', 'rd', 'th', 'x', 'TH']);
  const on = () => (below(2) ? 'on ' : '');
  const days = [
    () => cased(pick(['today', 'tonight', 'tomorrow', 'todays', 'tomorow'])),
    () => on() + (below(3) ? '' : 'next ') + cased(pick(WEEKDAYS)),
    () => `${on()}20${two()}-${two()}-${two()}`,
    () => on() + cased(pick(MONTHS)) + space() + number(40) + ordinal(),
    () => `${on()}${below(2) ? 'the ' : ''}${number(40)}${ordinal()}${space()}${below(2) ? 'of ' : ''}${cased(pick(MONTHS))}`,
    () => pick(['on', 'next', 'the', 'of']),
  ];
  const day = () => (below(9) < days.length ? days[below(days.length)]() : '');
  const clock = () => [number(26), `${number(26)}:${two()}`, `${number(26)}:${number(70)}`][below(3)];
  const meridiem = () => pick(['am', 'pm', 'AM', 'Pm', '', '', 'a', 'amx']);
  const time = () => {
    const kind = below(7);
    if (kind < 2) {
      // Sometimes the same hour twice (a range that ends where it starts, or 12 hours later).
      const start = clock();
      const end = below(4) === 0 ? start.split(':')[0] : clock();
      return `${below(3) ? '' : pick(['at ', 'from ', 'At '])}${start}${space()}${meridiem()}${space()}${pick(['-', 'to', 'until', 'TO', '-', 'till'])}${space()}${end}${space()}${meridiem()}`;
    }
    if (kind < 4) return `${below(3) ? '' : 'at '}${clock()}${space()}${meridiem()}`;
    if (kind === 4) return `${below(2) ? 'at ' : ''}${pick(['noon', 'Noon', 'noon!', 'midnight'])}`;
    return '';
  };
  // Durations around the limits (1 minute, 24 hours) as well as anywhere.
  const amount = () => pick([number(10), number(200), number(2000), `${number(5)}.${number(10)}`, `${number(5)}.${number(100)}`, '.5', '0', '1', '0.5', '1440', '1441', '24', '24.0', '24.1', '23.9']);
  const duration = () => (below(3) ? '' : `${cased('for')}${space()}${amount()}${space()}${cased(pick(UNITS))}`);
  const location = () => (below(3) ? '' : `${pick(['at', '@', 'AT'])} ${pick(PLACES)}`);
  const parts = [cased(pick(TITLES)), location(), day(), time(), duration()];
  for (let i = parts.length - 1; i > 0; i--) {
    if (below(4) === 0) {
      const j = below(i + 1);
      [parts[i], parts[j]] = [parts[j], parts[i]];
    }
  }
  const text = parts.filter((part) => part !== '').join(below(10) ? ' ' : space());
  const todayWall = pick(TODAYS);
  return { text, todayWall, nowWall: todayWall + below(24) * 3_600_000 + below(60) * 60_000 };
}

describe('calendar quick-add grammar', () => {
  it('the plain-word reader answers exactly what the regular expressions answer, and reads every plain text they parse', () => {
    let read = 0;
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const { text, todayWall, nowWall } = grammarText(seed);
        const plain = parsePlainQuickAdd(text, todayWall, nowWall);
        const expressions = parseQuickAddByExpressions(text, todayWall, nowWall);
        if (plain === undefined) {
          // It leaves only texts that are not plain words (printable ASCII, single spaces) or that have a problem.
          expect(typeof expressions === 'string' || !PLAIN_WORDS.test(text), JSON.stringify(text)).to.equal(true);
          return;
        }
        read++;
        expect(plain, JSON.stringify(text)).to.deep.equal(expressions);
      }),
      { numRuns: 30_000 },
    );
    // The comparison is only worth as much as the texts it covers (about a sixth of these parse at all).
    expect(read).to.be.greaterThan(3_000);
  });

  it('texts the plain reader leaves (odd spacing, non-ASCII, problems) still get the expressions and their messages', () => {
    const today = Date.UTC(2026, 2, 16);
    const now = today + 9 * 3_600_000;
    const cases: Array<[string, (r: QuickAddParse | string) => void]> = [
      ['Dentist  friday   8am', (r) => expect(r).to.include({ summary: 'Dentist' })],
      ['Café mit Ana tomorrow 12:30-13:30', (r) => expect(r).to.include({ summary: 'Café mit Ana' })],
      ['Review on 2026-02-30 at 3pm', (r) => expect(r).to.equal('"on 2026-02-30" is not a real date')],
      ['Call friday 9pm-8pm', (r) => expect(r).to.equal('the time range "9pm-8pm" ends before it starts')],
      ['Call friday 25:00', (r) => expect(r).to.equal('"25:00" is not a valid time')],
      ['Standup notes', (r) => expect(r).to.be.a('string').and.include('found no start time')],
    ];
    for (const [text, check] of cases) {
      expect(parsePlainQuickAdd(text, today, now), text).to.equal(undefined);
      const answer = parseQuickAdd(text, today, now);
      expect(answer).to.deep.equal(parseQuickAddByExpressions(text, today, now));
      check(answer);
    }
  });
});
