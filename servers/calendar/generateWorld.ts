import type { SessionRandom } from '../kit/Domain.js';
import { toBuckets } from '../kit/bucketedRecord.js';
import { SeededRandom, seedRandomState } from '../kit/seededRandom.js';
import { type AccessRole, type Attendee, type Calendar, CALENDAR_REFERENCE_DATE, type CalendarEvent, type CalendarState, type DirectoryEntry, type Reminder, type ResponseStatus } from './CalendarState.js';
import { occurrenceOn, type Span, spansToHorizon } from './calendarModel.js';
import { dayOfDateKey } from './recurrence.js';
import { DAY, formatInZone, localToUtc, MINUTE, weekdayOf } from './zonedTime.js';
import { runWorldGenerator } from '../kit/fixtures.js';

/**
 * The calendar world: a 28-person software company ("Lumen Labs") with offices in Berlin, London,
 * New York, San Francisco, Bangalore and Tokyo, seen by its Berlin product manager. Teams,
 * recurring rituals (standups, 1:1s, sprint planning, all-hands) and a few hundred single meetings
 * over the weeks around the reference date. Every placement is checked with the domain's own
 * rules, so the world satisfies the domain's invariants: no calendar holds overlapping events
 * (except a few created with allow_conflicts) and no room is double-booked.
 */

const REFERENCE_MS = Date.parse(CALENDAR_REFERENCE_DATE);
const REFERENCE_DAY = Math.floor(REFERENCE_MS / DAY);
/** Single events fall between four weeks before and six weeks after the reference date. */
const FIRST_DAY = REFERENCE_DAY - 28;
const LAST_DAY = REFERENCE_DAY + 42;
const DOMAIN = 'lumenlabs.example';

interface Office {
  city: string;
  zone: string;
}

const OFFICES: Record<string, Office> = {
  berlin: { city: 'Berlin', zone: 'Europe/Berlin' },
  london: { city: 'London', zone: 'Europe/London' },
  newyork: { city: 'New York', zone: 'America/New_York' },
  sf: { city: 'San Francisco', zone: 'America/Los_Angeles' },
  bangalore: { city: 'Bangalore', zone: 'Asia/Kolkata' },
  tokyo: { city: 'Tokyo', zone: 'Asia/Tokyo' },
};

type Team = 'product' | 'platform' | 'mobile' | 'design' | 'sales' | 'marketing' | 'leadership' | 'people';

interface Slot {
  key: string;
  title: string;
  department: string;
  office: keyof typeof OFFICES;
  teams: Team[];
  /** The signed-in user's access to this person's calendar. */
  access: AccessRole;
}

/** The organisation chart; names are drawn per seed. The first slot is the signed-in user. */
const SLOTS: Slot[] = [
  { key: 'pm', title: 'Senior Product Manager', department: 'Product', office: 'berlin', teams: ['product', 'design'], access: 'owner' },
  { key: 'head_product', title: 'Head of Product', department: 'Product', office: 'berlin', teams: ['product', 'design', 'leadership'], access: 'writer' },
  { key: 'cto', title: 'Chief Technology Officer', department: 'Engineering', office: 'berlin', teams: ['leadership', 'platform'], access: 'reader' },
  { key: 'ceo', title: 'Chief Executive Officer', department: 'Executive', office: 'sf', teams: ['leadership'], access: 'freeBusyReader' },
  { key: 'vp_sales', title: 'VP Sales', department: 'Sales', office: 'newyork', teams: ['leadership', 'sales'], access: 'freeBusyReader' },
  { key: 'platform_lead', title: 'Engineering Manager, Platform', department: 'Engineering', office: 'berlin', teams: ['platform'], access: 'reader' },
  { key: 'platform_1', title: 'Senior Backend Engineer', department: 'Engineering', office: 'berlin', teams: ['platform'], access: 'reader' },
  { key: 'platform_2', title: 'Backend Engineer', department: 'Engineering', office: 'berlin', teams: ['platform'], access: 'reader' },
  { key: 'platform_3', title: 'Site Reliability Engineer', department: 'Engineering', office: 'berlin', teams: ['platform'], access: 'freeBusyReader' },
  { key: 'platform_blr_1', title: 'Senior Backend Engineer', department: 'Engineering', office: 'bangalore', teams: ['platform'], access: 'freeBusyReader' },
  { key: 'platform_blr_2', title: 'Data Engineer', department: 'Engineering', office: 'bangalore', teams: ['platform'], access: 'freeBusyReader' },
  { key: 'mobile_lead', title: 'Engineering Manager, Mobile', department: 'Engineering', office: 'london', teams: ['mobile'], access: 'reader' },
  { key: 'mobile_1', title: 'iOS Engineer', department: 'Engineering', office: 'london', teams: ['mobile'], access: 'freeBusyReader' },
  { key: 'mobile_2', title: 'Android Engineer', department: 'Engineering', office: 'london', teams: ['mobile'], access: 'freeBusyReader' },
  { key: 'mobile_3', title: 'Mobile QA Engineer', department: 'Engineering', office: 'berlin', teams: ['mobile'], access: 'freeBusyReader' },
  { key: 'design_lead', title: 'Design Lead', department: 'Design', office: 'berlin', teams: ['design', 'product'], access: 'reader' },
  { key: 'designer_1', title: 'Product Designer', department: 'Design', office: 'berlin', teams: ['design'], access: 'writer' },
  { key: 'designer_ny', title: 'UX Researcher', department: 'Design', office: 'newyork', teams: ['design'], access: 'reader' },
  { key: 'sales_ny', title: 'Account Executive', department: 'Sales', office: 'newyork', teams: ['sales'], access: 'freeBusyReader' },
  { key: 'sales_london', title: 'Account Executive, EMEA', department: 'Sales', office: 'london', teams: ['sales'], access: 'freeBusyReader' },
  { key: 'sales_tokyo', title: 'Account Executive, APAC', department: 'Sales', office: 'tokyo', teams: ['sales'], access: 'freeBusyReader' },
  { key: 'sales_sf', title: 'Solutions Engineer', department: 'Sales', office: 'sf', teams: ['sales'], access: 'freeBusyReader' },
  { key: 'marketing_lead', title: 'Head of Marketing', department: 'Marketing', office: 'sf', teams: ['marketing', 'leadership'], access: 'freeBusyReader' },
  { key: 'marketing_1', title: 'Product Marketing Manager', department: 'Marketing', office: 'sf', teams: ['marketing', 'product'], access: 'reader' },
  { key: 'marketing_ny', title: 'Content Marketing Manager', department: 'Marketing', office: 'newyork', teams: ['marketing'], access: 'freeBusyReader' },
  { key: 'people_ops', title: 'People Operations Partner', department: 'People', office: 'berlin', teams: ['people'], access: 'freeBusyReader' },
  { key: 'recruiter', title: 'Technical Recruiter', department: 'People', office: 'berlin', teams: ['people'], access: 'reader' },
  { key: 'analyst', title: 'Data Analyst', department: 'Product', office: 'london', teams: ['product', 'platform'], access: 'reader' },
];

const FIRST_NAMES = [
  'Lena', 'Jonas', 'Amira', 'Tobias', 'Priya', 'Mateo', 'Sofia', 'Kenji', 'Hannah', 'Lukas', 'Aisha', 'Oliver', 'Mei', 'Daniel', 'Chiara', 'Rahul',
  'Emma', 'Noah', 'Fatima', 'Jakob', 'Yuki', 'Grace', 'Elias', 'Zara', 'Marta', 'Samuel', 'Nora', 'Arjun', 'Clara', 'Leon', 'Ingrid', 'Diego',
  'Anna', 'Felix', 'Leila', 'Hiro', 'Maya', 'Ben', 'Ines', 'Omar', 'Julia', 'Theo', 'Rosa', 'Vikram', 'Laura', 'Milan', 'Selin', 'Kwame',
];
const LAST_NAMES = [
  'Vogel', 'Schneider', 'Haddad', 'Krüger', 'Raman', 'García', 'Rossi', 'Tanaka', 'Becker', 'Hoffmann', 'Okafor', 'Bennett', 'Chen', 'Kowalski',
  'Ferrari', 'Sharma', 'Fischer', 'Walsh', 'Nasser', 'Wagner', 'Sato', 'Murphy', 'Lindqvist', 'Ahmed', 'Novak', 'Adeyemi', 'Berg', 'Iyer',
  'Martin', 'Schulz', 'Dubois', 'Moreno', 'Kaya', 'Nakamura', 'Brooks', 'Costa', 'Yilmaz', 'Mensah', 'Petrov', 'Larsen',
];

interface RoomSpec {
  slug: string;
  name: string;
  office: keyof typeof OFFICES;
  capacity: number;
  floor: string;
  features: string[];
}

const ROOMS: RoomSpec[] = [
  { slug: 'berlin-spree', name: 'Berlin · Spree', office: 'berlin', capacity: 12, floor: '3', features: ['display', 'video conferencing', 'whiteboard'] },
  { slug: 'berlin-havel', name: 'Berlin · Havel', office: 'berlin', capacity: 6, floor: '3', features: ['display', 'whiteboard'] },
  { slug: 'berlin-focus', name: 'Berlin · Focus booth', office: 'berlin', capacity: 2, floor: '2', features: ['phone'] },
  { slug: 'london-thames', name: 'London · Thames', office: 'london', capacity: 8, floor: '5', features: ['display', 'video conferencing'] },
  { slug: 'newyork-hudson', name: 'New York · Hudson', office: 'newyork', capacity: 10, floor: '11', features: ['display', 'video conferencing', 'whiteboard'] },
  { slug: 'newyork-liberty', name: 'New York · Liberty', office: 'newyork', capacity: 4, floor: '11', features: ['display'] },
  { slug: 'sf-presidio', name: 'San Francisco · Presidio', office: 'sf', capacity: 6, floor: '2', features: ['display', 'video conferencing'] },
];

interface GroupCalendarSpec {
  slug: string;
  summary: string;
  description: string;
  kind: 'team' | 'shared';
  zone: string;
  access: AccessRole;
  team?: Team;
}

const GROUP_CALENDARS: GroupCalendarSpec[] = [
  { slug: 'platform-team', summary: 'Platform Team', description: 'Rituals, releases and incidents of the Platform team.', kind: 'team', zone: 'Europe/Berlin', access: 'writer', team: 'platform' },
  { slug: 'mobile-team', summary: 'Mobile Team', description: 'Sprint rituals and app releases of the Mobile team.', kind: 'team', zone: 'Europe/London', access: 'reader', team: 'mobile' },
  { slug: 'product-design', summary: 'Product & Design', description: 'Product reviews, design critiques and discovery work.', kind: 'team', zone: 'Europe/Berlin', access: 'owner', team: 'product' },
  { slug: 'sales', summary: 'Sales', description: 'Pipeline reviews and customer events of the sales team.', kind: 'team', zone: 'America/New_York', access: 'freeBusyReader', team: 'sales' },
  { slug: 'leadership', summary: 'Leadership', description: 'Leadership meetings, all-hands and business reviews.', kind: 'team', zone: 'Europe/Berlin', access: 'reader', team: 'leadership' },
  { slug: 'holidays', summary: 'Company Holidays', description: 'Public holidays when an office is closed.', kind: 'shared', zone: 'UTC', access: 'reader' },
  { slug: 'oncall', summary: 'Platform On-call', description: 'Who carries the pager, and the weekly handover.', kind: 'shared', zone: 'Europe/Berlin', access: 'writer' },
  { slug: 'berlin-office', summary: 'Berlin Office Events', description: 'Talks, lunches and social events in the Berlin office.', kind: 'shared', zone: 'Europe/Berlin', access: 'reader' },
];

const WORKING_HOURS = [
  { start: '09:00', end: '17:00' },
  { start: '09:00', end: '17:00' },
  { start: '09:00', end: '17:30' },
  { start: '08:00', end: '16:00' },
  { start: '08:30', end: '17:00' },
  { start: '10:00', end: '18:00' },
];

const groupId = (slug: string): string => `${slug}@group.${DOMAIN}`;
const roomEmail = (slug: string): string => `${slug}@resource.${DOMAIN}`;

function asciiSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/ü/g, 'u')
    .toLowerCase()
    .replace(/[^a-z]+/g, '');
}

/** Every span placed so far, by calendar, room and person, for overlap checks. */
class Occupancy {
  private readonly spans = new Map<string, Span[]>();

  add(key: string, spans: readonly Span[]): void {
    let list = this.spans.get(key);
    if (list === undefined) this.spans.set(key, (list = []));
    list.push(...spans);
  }

  free(key: string, spans: readonly Span[], ignore?: (span: Span) => boolean): boolean {
    const list = this.spans.get(key);
    if (list === undefined) return true;
    for (const span of spans) {
      for (const other of list) {
        if (other.startMs < span.endMs && other.endMs > span.startMs && !(ignore?.(other) ?? false)) return false;
      }
    }
    return true;
  }
}

type FlatCalendarState = Omit<CalendarState, 'events'> & { events: Record<string, CalendarEvent> };

class WorldBuilder {
  readonly random: SessionRandom;
  /** The world being built, its events still in one flat record (bucketed when it is done). */
  readonly state: FlatCalendarState;
  readonly people = new Map<string, DirectoryEntry>();
  readonly byKey = new Map<string, string>();
  readonly occupancy = new Occupancy();
  private nextEvent = 1;

  constructor(seed: number) {
    this.random = new SeededRandom(seedRandomState(seed));
    this.state = { user: '', people: {}, calendars: {}, events: {} };
  }

  chance(p: number): boolean {
    return this.random.next() < p;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = this.random.int(0, i);
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  }

  email(key: string): string {
    return this.byKey.get(key)!;
  }

  teamOf(team: Team): string[] {
    return SLOTS.filter((slot) => slot.teams.includes(team)).map((slot) => this.email(slot.key));
  }

  buildDirectory(): void {
    const firstNames = this.shuffle(FIRST_NAMES);
    const lastNames = this.shuffle(LAST_NAMES);
    SLOTS.forEach((slot, index) => {
      const name = `${firstNames[index]} ${lastNames[index]}`;
      const email = `${asciiSlug(firstNames[index])}.${asciiSlug(lastNames[index])}@${DOMAIN}`;
      const office = OFFICES[slot.office];
      const hours = index === 0 ? WORKING_HOURS[0] : this.random.pick(WORKING_HOURS);
      const days = index !== 0 && this.chance(0.08) ? ['MO', 'TU', 'WE', 'TH'] : ['MO', 'TU', 'WE', 'TH', 'FR'];
      const entry: DirectoryEntry = {
        email,
        name,
        kind: 'person',
        time_zone: office.zone,
        title: slot.title,
        department: slot.department,
        office: office.city,
        working_hours: { days, start: hours.start, end: hours.end },
      };
      this.byKey.set(slot.key, email);
      this.state.people[email] = entry;
      this.people.set(email, entry);
    });
    for (const room of ROOMS) {
      const email = roomEmail(room.slug);
      this.state.people[email] = { email, name: room.name, kind: 'room', time_zone: OFFICES[room.office].zone, office: OFFICES[room.office].city, capacity: room.capacity, floor: room.floor, features: [...room.features] };
    }
    this.state.user = this.email('pm');
  }

  buildCalendars(): void {
    const defaults: Reminder[] = [{ method: 'popup', minutes: 10 }];
    for (const slot of SLOTS) {
      const email = this.email(slot.key);
      const person = this.state.people[email];
      const calendar: Calendar = {
        id: email,
        summary: person.name,
        description: slot.key === 'pm' ? 'My calendar' : `${person.name}, ${person.title}`,
        kind: 'primary',
        owner: email,
        time_zone: person.time_zone,
        access_role: slot.access,
        default_reminders: slot.key === 'pm' ? [{ method: 'popup', minutes: 10 }, { method: 'email', minutes: 60 }] : defaults.map((r) => ({ ...r })),
      };
      this.state.calendars[email] = calendar;
    }
    for (const group of GROUP_CALENDARS) {
      const id = groupId(group.slug);
      this.state.calendars[id] = { id, summary: group.summary, description: group.description, kind: group.kind, time_zone: group.zone, access_role: group.access, default_reminders: group.kind === 'team' ? [{ method: 'popup', minutes: 10 }] : [] };
    }
    for (const room of ROOMS) {
      const email = roomEmail(room.slug);
      this.state.calendars[email] = {
        id: email,
        summary: room.name,
        description: `Meeting room, ${room.capacity} seats, floor ${room.floor}: ${room.features.join(', ')}.`,
        kind: 'resource',
        owner: email,
        time_zone: OFFICES[room.office].zone,
        access_role: 'reader',
        default_reminders: [],
      };
    }
  }

  /** Response of an invitee, depending on whether the event is already over. */
  response(endMs: number, email: string): ResponseStatus {
    const roll = this.random.next();
    const isUser = email === this.state.user;
    if (endMs === Number.MAX_SAFE_INTEGER) return roll < 0.84 ? 'accepted' : roll < 0.9 ? 'tentative' : roll < 0.95 ? 'needsAction' : 'declined';
    if (endMs <= REFERENCE_MS) return roll < 0.78 ? 'accepted' : roll < 0.88 ? 'declined' : roll < 0.94 ? 'tentative' : 'needsAction';
    const pending = isUser ? 0.42 : 0.3;
    return roll < pending ? 'needsAction' : roll < pending + 0.45 ? 'accepted' : roll < pending + 0.53 ? 'tentative' : 'declined';
  }

  attendees(organizer: string, people: readonly string[], rooms: readonly string[], endMs: number, optional: ReadonlySet<string> = new Set()): Attendee[] {
    const list: Attendee[] = [];
    const invited = [...new Set(people)].filter((email) => email !== organizer);
    if (invited.length === 0 && rooms.length === 0) return list;
    if (this.state.people[organizer]?.kind === 'person') list.push({ email: organizer, response_status: 'accepted', optional: false, organizer: true, resource: false });
    for (const email of invited) list.push({ email, response_status: this.response(endMs, email), optional: optional.has(email), organizer: false, resource: false });
    for (const email of rooms) list.push({ email, response_status: 'accepted', optional: false, organizer: false, resource: true });
    return list;
  }

  reminders(): CalendarEvent['reminders'] {
    const roll = this.random.next();
    if (roll < 0.8) return { use_default: true, overrides: [] };
    if (roll < 0.9) return { use_default: false, overrides: [{ method: 'popup', minutes: this.random.pick([5, 10, 15, 30]) }] };
    return { use_default: false, overrides: [{ method: 'email', minutes: 1440 }, { method: 'popup', minutes: 15 }] };
  }

  /** Created shortly before the event (never after the reference date). */
  created(startMs: number): string {
    const back = this.random.int(1, 30) * DAY + this.random.int(0, 23) * 3_600_000;
    return new Date(Math.min(startMs - back, REFERENCE_MS - 3_600_000)).toISOString();
  }

  /** Whether an event fits: its calendar, rooms (always) and, when `strict`, every person attending. */
  fits(event: CalendarEvent, spans: readonly Span[], strict: boolean, ignore?: (span: Span) => boolean): boolean {
    if (event.transparency === 'opaque' && !event.allow_conflicts && !this.occupancy.free(`cal:${event.calendar_id}`, spans, ignore)) return false;
    for (const attendee of event.attendees) {
      if (attendee.resource && !this.occupancy.free(`room:${attendee.email}`, spans, ignore)) return false;
      if (strict && !attendee.resource && event.transparency === 'opaque' && !this.occupancy.free(`person:${attendee.email}`, spans, ignore)) return false;
    }
    return true;
  }

  record(event: CalendarEvent, spans: readonly Span[]): void {
    if (event.transparency === 'opaque' && !event.allow_conflicts) this.occupancy.add(`cal:${event.calendar_id}`, spans);
    if (event.transparency === 'opaque') {
      const owner = this.state.calendars[event.calendar_id].owner;
      if (owner !== undefined) this.occupancy.add(`person:${owner}`, spans);
    }
    for (const attendee of event.attendees) {
      if (attendee.resource) this.occupancy.add(`room:${attendee.email}`, spans);
      else if (event.transparency === 'opaque' && attendee.response_status !== 'declined') this.occupancy.add(`person:${attendee.email}`, spans);
    }
  }

  newId(): string {
    return `evt_${this.nextEvent++}`;
  }

  /** Store the event if it fits; returns whether it did. */
  tryAdd(event: CalendarEvent, strict: boolean): boolean {
    const spans = spansToHorizon(event, REFERENCE_MS);
    if (spans.length === 0 || !this.fits(event, spans, strict)) return false;
    this.state.events[event.id] = event;
    this.record(event, spans);
    return true;
  }
}

interface EventDraft {
  calendarId: string;
  organizer: string;
  summary: string;
  description: string;
  location?: string;
  zone: string;
  startMs: number;
  endMs: number;
  people?: string[];
  optional?: string[];
  rooms?: string[];
  recurrence?: string;
  transparency?: 'opaque' | 'transparent';
  status?: 'confirmed' | 'tentative';
  allowConflicts?: boolean;
}

function makeEvent(world: WorldBuilder, id: string, draft: EventDraft): CalendarEvent {
  const created = world.created(draft.startMs);
  const event: CalendarEvent = {
    id,
    calendar_id: draft.calendarId,
    summary: draft.summary,
    description: draft.description,
    location: draft.location ?? '',
    start: formatInZone(draft.startMs, draft.zone),
    end: formatInZone(draft.endMs, draft.zone),
    time_zone: draft.zone,
    status: draft.status ?? 'confirmed',
    transparency: draft.transparency ?? 'opaque',
    organizer: draft.organizer,
    creator: draft.organizer,
    attendees: world.attendees(draft.organizer, draft.people ?? [], draft.rooms ?? [], draft.recurrence ? Number.MAX_SAFE_INTEGER : draft.endMs, new Set(draft.optional ?? [])),
    reminders: world.reminders(),
    allow_conflicts: draft.allowConflicts ?? false,
    created,
    updated: created,
  };
  for (const email of draft.optional ?? []) if (!event.attendees.some((a) => a.email === email)) event.attendees.push({ email, response_status: world.response(draft.endMs, email), optional: true, organizer: false, resource: false });
  if (draft.recurrence !== undefined) {
    event.recurrence = [draft.recurrence];
    event.cancelled_occurrences = [];
    event.modified_occurrences = [];
  }
  return event;
}

/** Instant of a wall-clock time on a local day (days since 1970-01-01) in `zone`. */
function at(zone: string, day: number, hhmm: string): number {
  return localToUtc(zone, day * DAY + (Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))) * MINUTE);
}

function dayOf(date: string): number {
  return dayOfDateKey(date.replace(/-/g, ''))!;
}

interface SeriesSpec {
  summary: string;
  description: string;
  calendar: string;
  organizer: string;
  zone: string;
  first: string;
  time: string;
  minutes: number;
  rule: string;
  people?: string[];
  rooms?: string[];
  location?: string;
  transparency?: 'opaque' | 'transparent';
}

function seriesSpecs(world: WorldBuilder): SeriesSpec[] {
  const e = (key: string): string => world.email(key);
  const team = (name: Team): string[] => world.teamOf(name);
  const room = (slug: string): string[] => [roomEmail(slug)];
  const oneOnOne = (manager: string, report: string, first: string, time: string, rule: string, zone = 'Europe/Berlin'): SeriesSpec => ({
    summary: `1:1 ${world.state.people[e(manager)].name.split(' ')[0]} / ${world.state.people[e(report)].name.split(' ')[0]}`,
    description: 'Weekly one-on-one: priorities, blockers, growth. Shared notes doc linked in the invite.',
    calendar: e(manager),
    organizer: e(manager),
    zone,
    first,
    time,
    minutes: 30,
    rule,
    people: [e(report)],
    location: 'Google Meet',
  });
  const platformTeam = groupId('platform-team');
  const mobileTeam = groupId('mobile-team');
  const productDesign = groupId('product-design');
  const leadership = groupId('leadership');
  return [
    { summary: 'Platform daily standup', description: 'Fifteen minutes: yesterday, today, blockers.', calendar: platformTeam, organizer: e('platform_lead'), zone: 'Europe/Berlin', first: '2025-11-03', time: '09:30', minutes: 15, rule: 'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', people: team('platform'), location: 'Google Meet' },
    { summary: 'Mobile standup', description: 'Daily sync of the Mobile team.', calendar: mobileTeam, organizer: e('mobile_lead'), zone: 'Europe/London', first: '2025-11-03', time: '10:00', minutes: 15, rule: 'RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR', people: team('mobile'), location: 'Google Meet' },
    { summary: 'Product & Design weekly', description: 'Roadmap status, upcoming launches, design decisions that need product input.', calendar: productDesign, organizer: e('pm'), zone: 'Europe/Berlin', first: '2026-01-06', time: '11:00', minutes: 60, rule: 'RRULE:FREQ=WEEKLY;BYDAY=TU', people: [...team('design'), e('head_product'), e('platform_lead'), e('mobile_lead')], rooms: room('berlin-spree') },
    { summary: 'Platform sprint planning', description: 'Plan the next two-week sprint. Bring estimates.', calendar: platformTeam, organizer: e('platform_lead'), zone: 'Europe/Berlin', first: '2026-01-12', time: '10:00', minutes: 90, rule: 'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO', people: [...team('platform'), e('pm')], rooms: room('berlin-spree') },
    { summary: 'Platform retro', description: 'What went well, what to change. Anonymous board opens a day before.', calendar: platformTeam, organizer: e('platform_lead'), zone: 'Europe/Berlin', first: '2026-01-23', time: '14:00', minutes: 60, rule: 'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=FR', people: team('platform'), rooms: room('berlin-havel') },
    { summary: 'Mobile sprint planning', description: 'Sprint planning for the iOS and Android apps.', calendar: mobileTeam, organizer: e('mobile_lead'), zone: 'Europe/London', first: '2026-01-13', time: '10:30', minutes: 60, rule: 'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', people: [...team('mobile'), e('pm'), e('designer_1')], rooms: room('london-thames') },
    { summary: 'Company all-hands', description: 'Monthly all-hands: company update, team demos, Q&A. Berlin joins from the kitchen, everyone else on Zoom.', calendar: leadership, organizer: e('ceo'), zone: 'Europe/Berlin', first: '2026-01-01', time: '17:00', minutes: 60, rule: 'RRULE:FREQ=MONTHLY;BYDAY=1TH', people: SLOTS.map((s) => e(s.key)), location: 'Zoom' },
    { summary: 'Leadership weekly', description: 'Leadership team: metrics, hiring, cross-team topics.', calendar: leadership, organizer: e('ceo'), zone: 'Europe/Berlin', first: '2026-01-05', time: '18:00', minutes: 60, rule: 'RRULE:FREQ=WEEKLY;BYDAY=MO', people: team('leadership'), location: 'Zoom' },
    { summary: 'Monthly business review', description: 'Revenue, churn, pipeline and product metrics of the month.', calendar: leadership, organizer: e('ceo'), zone: 'Europe/Berlin', first: '2026-01-13', time: '16:00', minutes: 90, rule: 'RRULE:FREQ=MONTHLY;BYDAY=2TU', people: [...team('leadership'), e('analyst')], location: 'Zoom' },
    { summary: 'Sales pipeline review', description: 'Deal by deal through the commit and best-case pipeline.', calendar: groupId('sales'), organizer: e('vp_sales'), zone: 'America/New_York', first: '2026-01-05', time: '11:00', minutes: 60, rule: 'RRULE:FREQ=WEEKLY;BYDAY=MO', people: team('sales'), rooms: room('newyork-hudson') },
    { summary: 'EMEA / Americas sales sync', description: 'Hand-offs between the EMEA and Americas sales teams.', calendar: e('vp_sales'), organizer: e('vp_sales'), zone: 'America/New_York', first: '2026-01-08', time: '10:00', minutes: 30, rule: 'RRULE:FREQ=WEEKLY;BYDAY=TH', people: [e('sales_london'), e('sales_ny')], location: 'Zoom' },
    { summary: 'Marketing weekly', description: 'Campaign calendar, content pipeline, launch comms.', calendar: e('marketing_lead'), organizer: e('marketing_lead'), zone: 'America/Los_Angeles', first: '2026-01-07', time: '10:00', minutes: 45, rule: 'RRULE:FREQ=WEEKLY;BYDAY=WE', people: [...team('marketing')], rooms: room('sf-presidio') },
    { summary: 'US / EU product sync', description: 'Weekly overlap slot for product, design and go-to-market across the Atlantic.', calendar: e('head_product'), organizer: e('head_product'), zone: 'Europe/Berlin', first: '2026-01-07', time: '17:00', minutes: 45, rule: 'RRULE:FREQ=WEEKLY;BYDAY=WE', people: [e('pm'), e('designer_ny'), e('marketing_1'), e('sales_ny')], location: 'Zoom' },
    oneOnOne('head_product', 'pm', '2026-01-08', '14:00', 'RRULE:FREQ=WEEKLY;BYDAY=TH'),
    oneOnOne('head_product', 'design_lead', '2026-01-09', '11:00', 'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=FR'),
    oneOnOne('cto', 'platform_lead', '2026-01-07', '15:00', 'RRULE:FREQ=WEEKLY;BYDAY=WE'),
    oneOnOne('cto', 'mobile_lead', '2026-01-08', '12:00', 'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TH'),
    oneOnOne('platform_lead', 'platform_1', '2026-01-06', '15:00', 'RRULE:FREQ=WEEKLY;BYDAY=TU'),
    oneOnOne('platform_lead', 'platform_2', '2026-01-06', '15:30', 'RRULE:FREQ=WEEKLY;BYDAY=TU'),
    oneOnOne('platform_lead', 'platform_3', '2026-01-08', '10:00', 'RRULE:FREQ=WEEKLY;BYDAY=TH'),
    oneOnOne('platform_lead', 'platform_blr_1', '2026-01-07', '10:30', 'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=WE'),
    oneOnOne('platform_lead', 'platform_blr_2', '2026-01-14', '10:30', 'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=WE'),
    oneOnOne('design_lead', 'designer_1', '2026-01-05', '14:00', 'RRULE:FREQ=WEEKLY;BYDAY=MO'),
    oneOnOne('design_lead', 'designer_ny', '2026-01-06', '16:00', 'RRULE:FREQ=WEEKLY;BYDAY=TU'),
    oneOnOne('vp_sales', 'sales_ny', '2026-01-06', '09:30', 'RRULE:FREQ=WEEKLY;BYDAY=TU', 'America/New_York'),
    oneOnOne('ceo', 'marketing_lead', '2026-01-09', '09:00', 'RRULE:FREQ=WEEKLY;BYDAY=FR', 'America/Los_Angeles'),
    oneOnOne('mobile_lead', 'mobile_1', '2026-01-07', '14:00', 'RRULE:FREQ=WEEKLY;BYDAY=WE', 'Europe/London'),
    { summary: 'Design critique', description: 'Show work in progress, get structured feedback.', calendar: productDesign, organizer: e('design_lead'), zone: 'Europe/Berlin', first: '2026-01-08', time: '15:30', minutes: 60, rule: 'RRULE:FREQ=WEEKLY;BYDAY=TH', people: [...team('design'), e('pm')], rooms: room('berlin-havel') },
    { summary: 'Architecture review', description: 'Monthly review of RFCs and cross-team technical decisions.', calendar: platformTeam, organizer: e('cto'), zone: 'Europe/Berlin', first: '2026-01-21', time: '13:00', minutes: 90, rule: 'RRULE:FREQ=MONTHLY;BYDAY=3WE', people: [...team('platform'), e('mobile_lead'), e('pm')], rooms: room('berlin-spree') },
    { summary: 'On-call handover', description: 'Outgoing and incoming on-call engineer walk through open incidents and alerts.', calendar: groupId('oncall'), organizer: e('platform_lead'), zone: 'Europe/Berlin', first: '2026-01-05', time: '09:00', minutes: 30, rule: 'RRULE:FREQ=WEEKLY;BYDAY=MO', people: team('platform'), location: 'Google Meet' },
    { summary: 'BLR platform sync', description: 'Bangalore platform engineers: coordination before the Berlin day starts.', calendar: e('platform_blr_1'), organizer: e('platform_blr_1'), zone: 'Asia/Kolkata', first: '2026-01-05', time: '11:00', minutes: 30, rule: 'RRULE:FREQ=WEEKLY;BYDAY=MO,TH', people: [e('platform_blr_2')], location: 'Google Meet' },
    { summary: 'APAC pipeline check-in', description: 'Own weekly planning of APAC accounts.', calendar: e('sales_tokyo'), organizer: e('sales_tokyo'), zone: 'Asia/Tokyo', first: '2026-01-08', time: '09:00', minutes: 30, rule: 'RRULE:FREQ=WEEKLY;BYDAY=TH' },
    { summary: 'Mobile design review', description: 'Designs for upcoming app features, reviewed with engineering.', calendar: mobileTeam, organizer: e('mobile_lead'), zone: 'Europe/London', first: '2026-01-14', time: '14:00', minutes: 60, rule: 'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=WE', people: [...team('mobile'), e('designer_1')], location: 'Google Meet' },
    { summary: 'Mobile team lunch', description: 'First Friday of the month: lunch together.', calendar: mobileTeam, organizer: e('mobile_lead'), zone: 'Europe/London', first: '2026-01-02', time: '12:30', minutes: 60, rule: 'RRULE:FREQ=MONTHLY;BYDAY=1FR', people: team('mobile'), location: 'Dishoom, Shoreditch' },
    { summary: 'Lunch & learn', description: 'Last Wednesday of the month: a colleague presents, lunch is provided.', calendar: groupId('berlin-office'), organizer: e('people_ops'), zone: 'Europe/Berlin', first: '2026-01-28', time: '12:30', minutes: 60, rule: 'RRULE:FREQ=MONTHLY;BYDAY=-1WE', location: 'Berlin office kitchen', transparency: 'transparent' },
    { summary: 'Office yoga', description: 'Eight-week yoga course in the Berlin office. Mats provided.', calendar: groupId('berlin-office'), organizer: e('people_ops'), zone: 'Europe/Berlin', first: '2026-03-05', time: '18:00', minutes: 60, rule: 'RRULE:FREQ=WEEKLY;BYDAY=TH;COUNT=8', location: 'Berlin office, 4th floor terrace room', transparency: 'transparent' },
    { summary: 'Payroll cut-off', description: 'Last day to submit payroll changes for this month.', calendar: e('people_ops'), organizer: e('people_ops'), zone: 'Europe/Berlin', first: '2026-01-20', time: '09:00', minutes: 30, rule: 'RRULE:FREQ=MONTHLY;BYMONTHDAY=20', transparency: 'transparent' },
    { summary: 'New hire onboarding', description: 'Five morning sessions for the March starters: tools, product, teams, security, culture.', calendar: e('people_ops'), organizer: e('people_ops'), zone: 'Europe/Berlin', first: '2026-03-23', time: '10:00', minutes: 60, rule: 'RRULE:FREQ=DAILY;COUNT=5', people: [e('recruiter'), e('platform_lead')], rooms: room('berlin-havel') },
    { summary: 'Interview training', description: 'Structured interviewing course for new interviewers.', calendar: e('recruiter'), organizer: e('recruiter'), zone: 'Europe/Berlin', first: '2026-02-17', time: '15:00', minutes: 60, rule: 'RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20260407', people: [e('platform_1'), e('designer_1'), e('mobile_3')], location: 'Zoom' },
    { summary: 'Discovery workshop: self-serve onboarding', description: 'Four workshops to map the self-serve onboarding problem space.', calendar: e('pm'), organizer: e('pm'), zone: 'Europe/Berlin', first: '2026-03-04', time: '14:00', minutes: 90, rule: 'RRULE:FREQ=WEEKLY;BYDAY=WE;COUNT=4', people: [e('design_lead'), e('designer_1'), e('analyst'), e('platform_1')], rooms: room('berlin-spree') },
    { summary: `1:1 ${world.state.people[e('pm')].name.split(' ')[0]} / ${world.state.people[e('designer_1')].name.split(' ')[0]}`, description: 'Weekly sync with the product designer on my squad.', calendar: e('pm'), organizer: e('pm'), zone: 'Europe/Berlin', first: '2026-01-07', time: '16:00', minutes: 30, rule: 'RRULE:FREQ=WEEKLY;BYDAY=WE', people: [e('designer_1')], rooms: room('berlin-focus') },
    { summary: 'Gym', description: '', calendar: e('pm'), organizer: e('pm'), zone: 'Europe/Berlin', first: '2026-01-06', time: '07:00', minutes: 60, rule: 'RRULE:FREQ=WEEKLY;BYDAY=TU,TH', location: 'Urban Sports Club, Prenzlauer Berg' },
    { summary: 'Focus time', description: 'Heads-down time. Book around it if you can.', calendar: e('pm'), organizer: e('pm'), zone: 'Europe/Berlin', first: '2026-01-09', time: '13:00', minutes: 120, rule: 'RRULE:FREQ=WEEKLY;BYDAY=FR', transparency: 'transparent' },
    { summary: 'Submit expenses', description: 'Expense report for the month.', calendar: e('pm'), organizer: e('pm'), zone: 'Europe/Berlin', first: '2026-01-30', time: '16:30', minutes: 15, rule: 'RRULE:FREQ=MONTHLY;BYDAY=-1FR', transparency: 'transparent' },
  ];
}

function buildSeries(world: WorldBuilder): void {
  for (const spec of seriesSpecs(world)) {
    const zone = spec.zone;
    const firstDay = dayOf(spec.first);
    for (let shift = 0; shift < 6; shift++) {
      const time = shift === 0 ? spec.time : formatClock(clockMinutes(spec.time) + 30 * shift);
      const startMs = at(zone, firstDay, time);
      const event = makeEvent(world, `evt_${0}`, {
        calendarId: spec.calendar,
        organizer: spec.organizer,
        summary: spec.summary,
        description: spec.description,
        location: spec.location ?? (spec.rooms?.length ? world.state.people[spec.rooms[0]].name : ''),
        zone,
        startMs,
        endMs: startMs + spec.minutes * MINUTE,
        people: spec.people,
        rooms: spec.rooms,
        recurrence: spec.rule,
        transparency: spec.transparency,
      });
      const spans = spansToHorizon(event, REFERENCE_MS);
      if (spans.length === 0 || spans[0].startMs !== startMs) throw new Error(`series "${spec.summary}" does not start on its first occurrence`);
      if (world.fits(event, spans, false)) {
        event.id = world.newId();
        world.state.events[event.id] = event;
        world.record(event, spansToHorizon(event, REFERENCE_MS));
        break;
      }
    }
  }
}

function clockMinutes(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

function formatClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Public holidays on the shared calendar: whole local days, transparent. */
function buildHolidays(world: WorldBuilder): void {
  const holidays: Array<[string, string, string]> = [
    ['2026-02-16', 'Presidents\' Day (New York, San Francisco offices closed)', 'America/New_York'],
    ['2026-03-04', 'Holi (Bangalore office closed)', 'Asia/Kolkata'],
    ['2026-03-20', 'Vernal Equinox Day (Tokyo office closed)', 'Asia/Tokyo'],
    ['2026-04-03', 'Good Friday (Berlin, London offices closed)', 'Europe/Berlin'],
    ['2026-04-06', 'Easter Monday (Berlin, London offices closed)', 'Europe/Berlin'],
    ['2026-04-29', 'Shōwa Day (Tokyo office closed)', 'Asia/Tokyo'],
    ['2026-05-01', 'Labour Day (Berlin office closed)', 'Europe/Berlin'],
  ];
  for (const [date, summary, zone] of holidays) {
    const day = dayOf(date);
    const startMs = at(zone, day, '00:00');
    const event = makeEvent(world, world.newId(), { calendarId: groupId('holidays'), organizer: world.email('people_ops'), summary, description: 'Public holiday.', zone, startMs, endMs: at(zone, day + 1, '00:00'), transparency: 'transparent' });
    event.reminders = { use_default: true, overrides: [] };
    world.tryAdd(event, false);
  }
}

/** The on-call rota: one transparent week-long block per engineer, Monday 09:00 to Monday 09:00. */
function buildOnCall(world: WorldBuilder): void {
  const engineers = world.shuffle(world.teamOf('platform').filter((email) => email !== world.email('cto')));
  let index = 0;
  for (let monday = FIRST_DAY - weekdayOf(FIRST_DAY); monday <= LAST_DAY; monday += 7) {
    const engineer = engineers[index++ % engineers.length];
    const startMs = at('Europe/Berlin', monday, '09:00');
    const name = world.state.people[engineer].name;
    const event = makeEvent(world, world.newId(), {
      calendarId: groupId('oncall'),
      organizer: world.email('platform_lead'),
      summary: `On call: ${name}`,
      description: `${name} carries the pager this week. Escalation: platform lead.`,
      zone: 'Europe/Berlin',
      startMs,
      endMs: at('Europe/Berlin', monday + 7, '09:00'),
      people: [engineer],
      transparency: 'transparent',
    });
    world.tryAdd(event, false);
  }
}

const TOPICS = ['self-serve onboarding', 'billing v2', 'search relevance', 'notifications', 'SSO for enterprise', 'usage analytics', 'mobile offline mode', 'API rate limits', 'pricing page', 'data export', 'audit log', 'dark mode', 'team workspaces', 'webhooks'];
const COMPANIES = ['Acme GmbH', 'Nordwind Logistics', 'Helio Energy', 'Brightpath Health', 'Kumo Retail', 'Vantage Capital', 'Orbital Media', 'Tessera Bank', 'Fjord Foods', 'Pinecrest Insurance', 'Sakura Mobility', 'Quantum Freight'];
const ROLES = ['Senior Backend Engineer', 'Product Designer', 'iOS Engineer', 'Data Analyst', 'Account Executive', 'Engineering Manager', 'SRE'];
const INCIDENTS = ['payment webhook delays', 'login outage on 12 March', 'search index lag', 'push notifications dropped', 'slow dashboard queries'];
const CAMPAIGNS = ['spring launch', 'customer stories', 'Q2 webinar series', 'partner programme'];

interface Template {
  teams: Team[];
  summary: (w: WorldBuilder) => string;
  description: string;
  minutes: number[];
  /** How many colleagues besides the organizer. */
  invitees: [number, number];
  room: number;
  weight: number;
}

const pick = <T>(w: WorldBuilder, items: readonly T[]): T => w.random.pick(items);

const TEMPLATES: Template[] = [
  { teams: ['product', 'design'], summary: (w) => `Roadmap review: ${pick(w, TOPICS)}`, description: 'Walk through scope, milestones and open questions. Pre-read in the project doc.', minutes: [45, 60], invitees: [2, 5], room: 0.6, weight: 4 },
  { teams: ['design', 'product'], summary: (w) => `Design review: ${pick(w, TOPICS)}`, description: 'Review the latest Figma flows; decisions needed on the open comments.', minutes: [45, 60], invitees: [2, 4], room: 0.6, weight: 4 },
  { teams: ['platform', 'mobile'], summary: (w) => `${pick(w, TOPICS)} tech sync`, description: 'Implementation status, risks, next steps.', minutes: [30, 45], invitees: [1, 4], room: 0.4, weight: 5 },
  { teams: ['platform'], summary: (w) => `Postmortem: ${pick(w, INCIDENTS)}`, description: 'Blameless postmortem. Timeline and action items in the incident doc.', minutes: [60], invitees: [3, 5], room: 0.7, weight: 2 },
  { teams: ['platform', 'mobile', 'design', 'sales'], summary: (w) => `Interview: ${pick(w, ROLES)} candidate`, description: 'Structured interview; scorecard due within 24 hours.', minutes: [45, 60], invitees: [1, 2], room: 0.5, weight: 4 },
  { teams: ['platform', 'mobile', 'design', 'people'], summary: (w) => `Hiring debrief: ${pick(w, ROLES)}`, description: 'Discuss scorecards and decide on the offer.', minutes: [30], invitees: [2, 4], room: 0.3, weight: 2 },
  { teams: ['sales'], summary: (w) => `Customer call: ${pick(w, COMPANIES)}`, description: 'Renewal and expansion discussion. CRM notes linked.', minutes: [30, 45, 60], invitees: [0, 2], room: 0.3, weight: 6 },
  { teams: ['sales', 'product'], summary: (w) => `Demo for ${pick(w, COMPANIES)}`, description: 'Product demo tailored to the prospect\'s use case.', minutes: [45, 60], invitees: [1, 2], room: 0.4, weight: 3 },
  { teams: ['marketing', 'product'], summary: (w) => `Campaign kickoff: ${pick(w, CAMPAIGNS)}`, description: 'Goals, audiences, channels and timeline for the campaign.', minutes: [45, 60], invitees: [2, 4], room: 0.5, weight: 2 },
  { teams: ['leadership', 'people'], summary: () => 'Planning: Q2 OKRs', description: 'Draft objectives and key results for next quarter.', minutes: [60, 90], invitees: [2, 4], room: 0.6, weight: 1 },
  { teams: ['product', 'platform', 'mobile', 'design', 'sales', 'marketing', 'people', 'leadership'], summary: () => 'Coffee chat', description: 'Informal catch-up.', minutes: [30], invitees: [1, 1], room: 0, weight: 4 },
  { teams: ['product', 'platform', 'mobile', 'design', 'marketing'], summary: (w) => `Pairing: ${pick(w, TOPICS)}`, description: 'Working session.', minutes: [60, 90, 120], invitees: [1, 1], room: 0.2, weight: 3 },
  { teams: ['product', 'leadership'], summary: () => 'Budget review', description: 'Tooling and headcount budget for the quarter.', minutes: [45], invitees: [1, 3], room: 0.5, weight: 1 },
  { teams: ['platform', 'product'], summary: (w) => `Security review: ${pick(w, TOPICS)}`, description: 'Threat model and data-protection checklist before launch.', minutes: [60], invitees: [2, 3], room: 0.5, weight: 1 },
];

const PERSONAL: Array<[string, string, number[]]> = [
  ['Dentist', 'Dr. Weber, check-up', [45, 60]],
  ['Doctor\'s appointment', '', [30, 60]],
  ['Parent-teacher meeting', '', [45]],
  ['Block: write PRD', 'No meetings, please.', [90, 120]],
  ['Haircut', '', [45]],
  ['Pick up parcel', 'Packstation before it closes.', [15, 30]],
  ['Physiotherapy', '', [45]],
  ['Bank appointment', 'Mortgage paperwork.', [60]],
];

/** Colleagues to invite: mostly from the organizer's teams, sometimes from anywhere. */
function invitees(world: WorldBuilder, organizer: string, teams: Team[], count: number): string[] {
  const pool = new Set<string>();
  for (const team of teams) for (const email of world.teamOf(team)) pool.add(email);
  const everyone = SLOTS.map((slot) => world.email(slot.key));
  const chosen: string[] = [];
  const candidates = world.shuffle([...pool]);
  for (const email of candidates) {
    if (chosen.length >= count) break;
    if (email !== organizer) chosen.push(email);
  }
  while (chosen.length < count) {
    const email = world.random.pick(everyone);
    if (email !== organizer && !chosen.includes(email)) chosen.push(email);
  }
  return chosen;
}

/** A random weekday in the window and a start inside the organizer's working hours. */
function randomSlot(world: WorldBuilder, organizer: DirectoryEntry, minutes: number): number | undefined {
  const hours = organizer.working_hours!;
  let day = world.random.int(FIRST_DAY, LAST_DAY);
  for (let i = 0; i < 7 && !hours.days.includes(['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'][weekdayOf(day)]); i++) day++;
  const open = clockMinutes(hours.start);
  const close = clockMinutes(hours.end) - minutes;
  if (close < open) return undefined;
  const start = open + 30 * world.random.int(0, Math.floor((close - open) / 30));
  return at(organizer.time_zone, day, formatClock(start));
}

function roomsFor(world: WorldBuilder, office: string, seats: number): string[] {
  return world.shuffle(ROOMS.filter((room) => OFFICES[room.office].city === office && room.capacity >= seats).map((room) => roomEmail(room.slug)));
}

function buildMeetings(world: WorldBuilder, target: number): void {
  const organizers = SLOTS.map((slot) => ({ slot, email: world.email(slot.key) }));
  const weighted: Template[] = TEMPLATES.flatMap((t) => Array.from({ length: t.weight }, () => t));
  let placed = 0;
  for (let attempt = 0; placed < target && attempt < target * 6; attempt++) {
    const userHeavy = world.chance(0.22);
    const { slot, email: organizer } = userHeavy ? organizers[0] : world.random.pick(organizers);
    const entry = world.state.people[organizer];
    const fitting = weighted.filter((t) => t.teams.some((team) => slot.teams.includes(team)));
    const template = world.random.pick(fitting.length > 0 ? fitting : weighted);
    const minutes = world.random.pick(template.minutes);
    let people = invitees(world, organizer, template.teams.filter((team) => slot.teams.includes(team)).concat(slot.teams), world.random.int(template.invitees[0], template.invitees[1]));
    if (!userHeavy && slot.teams.some((team) => ['product', 'design', 'platform', 'mobile'].includes(team)) && !people.includes(world.state.user) && world.chance(0.28)) people = [...people, world.state.user];
    const wantsRoom = world.chance(template.room);
    const optional = people.length > 2 && world.chance(0.2) ? [people[people.length - 1]] : [];
    const summary = template.summary(world);
    const allowConflicts = placed % 60 === 59;
    for (let tries = 0; tries < 20; tries++) {
      const startMs = randomSlot(world, entry, minutes);
      if (startMs === undefined) break;
      const strict = tries < 14;
      const rooms = wantsRoom ? roomsFor(world, entry.office, people.length + 1) : [];
      const event = makeEvent(world, 'evt_0', {
        calendarId: organizer,
        organizer,
        summary: summary.charAt(0).toUpperCase() + summary.slice(1),
        description: template.description,
        location: 'Google Meet',
        zone: entry.time_zone,
        startMs,
        endMs: startMs + minutes * MINUTE,
        people: people.filter((p) => !optional.includes(p)),
        optional,
        status: world.chance(0.05) ? 'tentative' : 'confirmed',
        allowConflicts,
      });
      const spans = spansToHorizon(event, REFERENCE_MS);
      if (!world.fits(event, spans, strict)) continue;
      const room = rooms.find((email) => world.fits({ ...event, attendees: [{ email, response_status: 'accepted', optional: false, organizer: false, resource: true }] }, spans, false));
      if (room !== undefined) {
        event.attendees.push({ email: room, response_status: 'accepted', optional: false, organizer: false, resource: true });
        event.location = world.state.people[room].name;
      }
      if (allowConflicts) event.description = `${event.description} (Double-booked on purpose: optional drop-in.)`;
      event.id = world.newId();
      world.state.events[event.id] = event;
      world.record(event, spans);
      placed++;
      break;
    }
  }
}

function buildPersonal(world: WorldBuilder, perPerson: number): void {
  for (const slot of SLOTS) {
    const email = world.email(slot.key);
    const entry = world.state.people[email];
    const count = slot.key === 'pm' ? perPerson * 2 : world.random.int(0, perPerson);
    for (let n = 0; n < count; n++) {
      const [summary, description, lengths] = world.random.pick(PERSONAL);
      const minutes = world.random.pick(lengths);
      for (let tries = 0; tries < 10; tries++) {
        const startMs = randomSlot(world, entry, minutes);
        if (startMs === undefined) break;
        const event = makeEvent(world, 'evt_0', { calendarId: email, organizer: email, summary, description, zone: entry.time_zone, startMs, endMs: startMs + minutes * MINUTE });
        if (!world.fits(event, spansToHorizon(event, REFERENCE_MS), true)) continue;
        event.id = world.newId();
        world.tryAdd(event, true);
        break;
      }
    }
  }
}

/** Team-calendar one-offs: releases, offsites, office events. */
function buildTeamEvents(world: WorldBuilder): void {
  const specs: Array<{ calendar: string; organizer: string; summary: string; description: string; minutes: number; people: string[]; zone: string; transparency?: 'transparent' }> = [];
  for (let n = 1; n <= 6; n++) specs.push({ calendar: groupId('platform-team'), organizer: world.email('platform_lead'), summary: `Release 4.${n + 11} go/no-go`, description: 'Check the release checklist, decide go or no-go.', minutes: 30, people: world.teamOf('platform'), zone: 'Europe/Berlin' });
  for (let n = 1; n <= 4; n++) specs.push({ calendar: groupId('mobile-team'), organizer: world.email('mobile_lead'), summary: `App Store submission 7.${n + 2}`, description: 'Final QA sign-off and store submission.', minutes: 60, people: world.teamOf('mobile'), zone: 'Europe/London' });
  for (let n = 1; n <= 4; n++) specs.push({ calendar: groupId('sales'), organizer: world.email('vp_sales'), summary: `QBR prep: ${world.random.pick(COMPANIES)}`, description: 'Prepare the quarterly business review deck.', minutes: 60, people: world.teamOf('sales'), zone: 'America/New_York' });
  for (const title of ['Friday drinks', 'Fire drill', 'Tech talk: observability', 'Book club', 'Tech talk: accessibility']) {
    specs.push({ calendar: groupId('berlin-office'), organizer: world.email('people_ops'), summary: title, description: 'Berlin office event, everyone welcome.', minutes: 60, people: [], zone: 'Europe/Berlin', transparency: 'transparent' });
  }
  for (const title of ['Product offsite planning', 'Quarterly roadmap readout', 'Customer advisory board prep']) {
    specs.push({ calendar: groupId('product-design'), organizer: world.email('pm'), summary: title, description: 'Product & Design team session.', minutes: 90, people: [...world.teamOf('product'), ...world.teamOf('design')], zone: 'Europe/Berlin' });
  }
  for (const spec of specs) {
    const organizer = world.state.people[spec.organizer];
    for (let tries = 0; tries < 15; tries++) {
      const startMs = randomSlot(world, { ...organizer, time_zone: spec.zone }, spec.minutes);
      if (startMs === undefined) break;
      const event = makeEvent(world, 'evt_0', { calendarId: spec.calendar, organizer: spec.calendar === groupId('product-design') ? world.state.user : spec.organizer, summary: spec.summary, description: spec.description, zone: spec.zone, startMs, endMs: startMs + spec.minutes * MINUTE, people: spec.people, transparency: spec.transparency, location: spec.transparency ? 'Berlin office' : 'Google Meet' });
      if (!world.fits(event, spansToHorizon(event, REFERENCE_MS), tries < 10)) continue;
      event.id = world.newId();
      world.tryAdd(event, false);
      break;
    }
  }
}

/** Cancel some occurrences (holidays, travel) and move or rename others, as people do. */
function buildExceptions(world: WorldBuilder): void {
  const series = Object.values(world.state.events).filter((event) => event.recurrence !== undefined && event.transparency === 'opaque');
  const inWindow = (event: CalendarEvent): Span[] => spansToHorizon(event, REFERENCE_MS).filter((span) => span.startMs >= FIRST_DAY * DAY && span.startMs < LAST_DAY * DAY);
  for (const holiday of ['20260403', '20260406']) {
    for (const event of series) {
      if (!event.time_zone.startsWith('Europe/')) continue;
      if (occurrenceOn(event, holiday) !== undefined) event.cancelled_occurrences!.push(holiday);
    }
  }
  const shuffled = world.shuffle(series);
  for (const event of shuffled.slice(0, 6)) {
    const spans = inWindow(event).filter((span) => !event.cancelled_occurrences!.includes(span.dateKey!));
    if (spans.length > 0) event.cancelled_occurrences!.push(world.random.pick(spans).dateKey!);
  }
  let moved = 0;
  for (const event of shuffled.slice(6)) {
    if (moved >= 8) break;
    const spans = inWindow(event).filter((span) => !event.cancelled_occurrences!.includes(span.dateKey!));
    if (spans.length === 0) continue;
    const span = world.random.pick(spans);
    const shiftMinutes = world.random.pick([60, 90, -60, 24 * 60, 30]);
    const startMs = span.startMs + shiftMinutes * MINUTE;
    const id = `${event.id}_${span.dateKey}`;
    const exception: CalendarEvent = {
      ...event,
      id,
      start: formatInZone(startMs, event.time_zone),
      end: formatInZone(startMs + (span.endMs - span.startMs), event.time_zone),
      attendees: event.attendees.map((a) => ({ ...a })),
      reminders: { use_default: event.reminders.use_default, overrides: event.reminders.overrides.map((r) => ({ ...r })) },
      recurring_event_id: event.id,
      original_start_time: formatInZone(span.startMs, event.time_zone),
      summary: moved % 3 === 2 ? `${event.summary} (remote)` : event.summary,
    };
    delete exception.recurrence;
    delete exception.cancelled_occurrences;
    delete exception.modified_occurrences;
    if (exception.summary.endsWith('(remote)')) {
      exception.attendees = exception.attendees.filter((a) => !a.resource);
      exception.location = 'Google Meet';
    }
    const own = spansToHorizon(exception, REFERENCE_MS);
    if (!world.fits(exception, own, false, (other) => other.id === id)) continue;
    world.state.events[id] = exception;
    event.modified_occurrences!.push(span.dateKey!);
    world.record(exception, own);
    moved++;
  }
}

/** The calendar world for `seed`. Same seed, same world, on any machine. */
export function generateWorld(seed: number): CalendarState {
  const world = new WorldBuilder(seed);
  world.buildDirectory();
  world.buildCalendars();
  buildSeries(world);
  buildHolidays(world);
  buildOnCall(world);
  buildTeamEvents(world);
  buildExceptions(world);
  buildMeetings(world, 300);
  buildPersonal(world, 3);
  return { ...world.state, events: toBuckets(world.state.events) };
}

runWorldGenerator(import.meta.url, 'calendar', (seed) => `${JSON.stringify(generateWorld(seed), null, 2)}\n`);
