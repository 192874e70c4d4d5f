import { expect } from 'chai';
import { calendarDomain } from '../../../servers/calendar/CalendarDomain.js';
import type { CalendarState } from '../../../servers/calendar/CalendarState.js';
import { checkPlacement, eventsInWindow, placementByScans, quicklyFree, spansToHorizon } from '../../../servers/calendar/calendarModel.js';
import { formatInZone } from '../../../servers/calendar/zonedTime.js';
import type { CalendarEvent } from '../../../servers/calendar/CalendarState.js';
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

  it('a new event found clear by busy hours alone (no scan) is one the scans find nothing for, and the answers of checkPlacement agree with theirs', () => {
    const random = mulberry32(31);
    const session = runtime.openSession() as DomainSession<CalendarState>;
    // Conformance calls first, so that the lists include events written in the session.
    for (const item of calendarCases) session.call(item.tool, item.args);
    const state = session.state as CalendarState;
    const calendars = Object.values(state.calendars);
    const people = Object.values(state.people);
    const fail = (message: string): never => {
      throw new Error(message);
    };
    const outcome = (run: () => unknown): unknown => {
      try {
        return run();
      } catch (error) {
        return (error as Error).message;
      }
    };
    let clear = 0;
    const disagreements: string[] = [];
    for (let n = 0; n < 3000; n++) {
      const calendar = calendars[random(calendars.length)];
      const startMs = REFERENCE + random(6 * 24) * HOUR + random(4) * 15 * 60_000;
      const endMs = startMs + (1 + random(8)) * 15 * 60_000;
      const invited = Array.from({ length: random(4) }, () => people[random(people.length)]);
      const attendees = invited.map((entry) => Object.freeze({ email: entry.email, response_status: entry.kind === 'room' ? 'accepted' : 'needsAction', optional: false, organizer: false, resource: entry.kind === 'room' }));
      const candidate = Object.freeze({
        id: 'evt_90000',
        calendar_id: calendar.id,
        summary: 'candidate',
        description: '',
        location: '',
        start: formatInZone(startMs, calendar.time_zone),
        end: formatInZone(endMs, calendar.time_zone),
        time_zone: calendar.time_zone,
        status: 'confirmed',
        transparency: random(5) === 0 ? 'transparent' : 'opaque',
        organizer: state.user,
        creator: state.user,
        attendees: Object.freeze(attendees),
        reminders: Object.freeze({ use_default: true, overrides: Object.freeze([]) }),
        allow_conflicts: random(5) === 0,
        created: session.now,
        updated: session.now,
      }) as unknown as CalendarEvent;
      const spans = spansToHorizon(candidate, REFERENCE);
      if (quicklyFree(state, candidate, spans[0].startMs, spans[0].endMs)) {
        clear++;
        const scanned = outcome(() => placementByScans(state, candidate, spans, [candidate.id], fail, null));
        if (JSON.stringify(scanned) !== '[]') disagreements.push(`${candidate.calendar_id} ${candidate.start} ${attendees.map((a) => a.email).join(' ')}: ${JSON.stringify(scanned)}`);
      }
      const checked = outcome(() => checkPlacement(state, candidate, [candidate.id], REFERENCE, fail, null));
      const scanned = outcome(() => placementByScans(state, candidate, spansToHorizon(candidate, REFERENCE), [candidate.id], fail, null));
      expect(checked, `${candidate.calendar_id} ${candidate.start}`).to.deep.equal(scanned);
    }
    expect(disagreements.slice(0, 5)).to.deep.equal([]);
    // Neither vacuous nor everything: busy hours are made as the scans go, and a third or more of random slots are clear.
    expect(clear).to.be.within(300, 2900);
  });
});
