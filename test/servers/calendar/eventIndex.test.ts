import { expect } from 'chai';
import { calendarDomain } from '../../../servers/calendar/CalendarDomain.js';
import type { CalendarState } from '../../../servers/calendar/CalendarState.js';
import { eventsInWindow } from '../../../servers/calendar/calendarModel.js';
import { domainRuntime, type DomainSession } from '../../../servers/kit/DomainSession.js';
import { calendarCases } from './cases.js';

/**
 * Writes derive the next state's event index, its lists and their scan windows from the previous
 * state's (replacing what changed, remapping merged occurrences). An unfrozen copy of the events
 * record gets an index and windows built from scratch, so the two must answer every window query
 * alike, whatever order the writes came in and however sessions take turns.
 */

const runtime = domainRuntime(calendarDomain);
const HOUR = 3_600_000;
const REFERENCE = Date.UTC(2026, 2, 16);

function mulberry32(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** The state with its events record and buckets copied unfrozen (the events themselves shared). */
function freshlyIndexed(state: CalendarState): CalendarState {
  const events: Record<string, Record<string, unknown>> = {};
  for (const [key, bucket] of Object.entries(state.events)) events[key] = { ...bucket };
  return { ...state, events } as CalendarState;
}

/** Mismatches between the derived and the fresh index over `queries` random windows. */
function mismatches(state: CalendarState, random: (n: number) => number, queries: number): string[] {
  const fresh = freshlyIndexed(state);
  const ids = Object.keys(state.calendars);
  const found: string[] = [];
  for (let q = 0; q < queries; q++) {
    const id = ids[random(ids.length)];
    const personal = random(2) === 0;
    const from = REFERENCE + (random(60 * 24) - 10 * 24) * HOUR + random(4) * 15 * 60_000;
    const to = from + (1 + random(96)) * 15 * 60_000;
    const derived = eventsInWindow(state, id, personal, from, to).map((event) => event.id).join(',');
    const built = eventsInWindow(fresh, id, personal, from, to).map((event) => event.id).join(',');
    if (derived !== built) found.push(`${id} ${personal ? 'personal' : 'own'} [${from}, ${to}): ${derived} vs ${built}`);
  }
  return found;
}

describe('calendar event index derived by writes', () => {
  it('answers window queries as an index built afresh, after every call of shuffled conformance episodes', () => {
    const random = mulberry32(20260316);
    const session = runtime.openSession() as DomainSession<CalendarState>;
    const start = session.snapshot();
    const found: string[] = [];
    let writes = 0;
    for (let episode = 0; episode < 12; episode++) {
      session.restore(start);
      const order = calendarCases.map((_, i) => i);
      if (episode > 0) {
        for (let i = order.length - 1; i > 0; i--) {
          const j = random(i + 1);
          [order[i], order[j]] = [order[j], order[i]];
        }
      }
      for (const i of order) {
        const before = session.state.events;
        session.call(calendarCases[i].tool, calendarCases[i].args);
        if (session.state.events !== before) writes++;
        found.push(...mismatches(session.state, random, 10));
      }
    }
    expect(writes).to.be.greaterThan(100);
    expect(found.slice(0, 5)).to.deep.equal([]);
  });

  it('answers alike after whole series are deleted from the middle of lists (merged occurrences remapped)', () => {
    const random = mulberry32(7);
    const session = runtime.openSession() as DomainSession<CalendarState>;
    // Scans first, so that the lists have windows and merged occurrences to derive from.
    expect(mismatches(session.state, random, 200)).to.deep.equal([]);
    const found: string[] = [];
    let deleted = 0;
    for (let step = 0; step < 40 && deleted < 25; step++) {
      const series: string[] = [];
      for (const bucket of Object.values(session.state.events)) {
        for (const event of Object.values(bucket)) {
          const role = session.state.calendars[event.calendar_id]?.access_role;
          if (event.recurrence !== undefined && (role === 'writer' || role === 'owner')) series.push(event.id);
        }
      }
      const outcome = session.call('delete_event', { event_id: series[random(series.length)] });
      if (outcome.ok) deleted++;
      found.push(...mismatches(session.state, random, 30));
    }
    expect(deleted).to.be.greaterThan(10);
    expect(found.slice(0, 5)).to.deep.equal([]);
  });

  it('answers alike when several sessions take turns writing', () => {
    const random = mulberry32(42);
    const sessions = Array.from({ length: 5 }, () => runtime.openSession() as DomainSession<CalendarState>);
    const found: string[] = [];
    for (let i = 0; i < calendarCases.length; i++) {
      for (const session of sessions) {
        const item = calendarCases[(i + random(3)) % calendarCases.length];
        session.call(item.tool, item.args);
        found.push(...mismatches(session.state, random, 4));
      }
    }
    expect(found.slice(0, 5)).to.deep.equal([]);
  });
});
