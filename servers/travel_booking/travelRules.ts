import type { SessionRandom } from '../kit/Domain.js';
import {
  AIRCRAFT,
  FARE_FAMILY_FACTORS,
  HOTEL_CHECK_IN_TIME,
  type Booking,
  type Cabin,
  type CancellationPolicy,
  type CancellationTier,
  type FareFamily,
  type Flight,
  type SeatMap,
} from './TravelBookingState.js';

/** Pure rules shared by the tools, the invariants and the world generator. Dates are UTC only. */

export const DAY_MS = 86_400_000;

/** Round an amount to cents (the world's amounts are USD with two decimals). */
export function roundCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/** `12.5` -> `12.50 USD`, for messages. */
export function formatUsd(amount: number): string {
  return `${amount.toFixed(2)} USD`;
}

/** The calendar day `days` after `date` (`YYYY-MM-DD`, UTC). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

const nextDays = new Map<string, string>();
/** Days remembered at most by `nextDay` (a stay of years must not fill memory). */
const MAX_REMEMBERED_DAYS = 4096;

/** The day after `date`, remembered: stays walk the same few dozen days again and again, and a Date round trip costs ~0.2 µs. */
function nextDay(date: string): string {
  let next = nextDays.get(date);
  if (next === undefined) {
    next = addDays(date, 1);
    if (nextDays.size < MAX_REMEMBERED_DAYS) nextDays.set(date, next);
  }
  return next;
}

/** The nights of a stay: every evening from check-in up to the day before check-out. */
export function stayNights(checkInDate: string, checkOutDate: string): string[] {
  const nights: string[] = [];
  for (let night = checkInDate; night < checkOutDate; night = nextDay(night)) nights.push(night);
  return nights;
}

const parsedTimes = new Map<string, number>();
/** Times remembered at most by `timeOf`. */
const MAX_REMEMBERED_TIMES = 65_536;

/** `Date.parse(time)`, remembered: the world's few thousand times are parsed again and again. */
export function timeOf(time: string): number {
  let parsed = parsedTimes.get(time);
  if (parsed === undefined) {
    parsed = Date.parse(time);
    if (parsedTimes.size < MAX_REMEMBERED_TIMES) parsedTimes.set(time, parsed);
  }
  return parsed;
}

/** Whole days left between `now` and `start` (both ISO date-times); negative once `start` has passed. */
export function wholeDaysBefore(start: string, now: string): number {
  return Math.floor((Date.parse(start) - Date.parse(now)) / DAY_MS);
}

/** When a stay starts: the check-in date at the hotels' check-in time, UTC. */
export function stayStart(checkInDate: string): string {
  return `${checkInDate}T${HOTEL_CHECK_IN_TIME}:00Z`;
}

/** When a booking's trip starts: departure for a flight, check-in for a hotel. */
export function bookingStart(booking: Booking, flights: Readonly<Record<string, Flight>>): string {
  return booking.type === 'FLIGHT' ? (flights[booking.flightId]?.departureTime ?? '') : stayStart(booking.checkInDate);
}

export type SeatPosition = 'WINDOW' | 'MIDDLE' | 'AISLE';

export interface SeatColumn {
  letter: string;
  position: SeatPosition;
}

const columnCache = new Map<string, SeatColumn[]>();

/** The seat letters of a layout string (`'ABC DEF'`) with where each sits: next to a window, an aisle, or between. */
export function seatColumns(columns: string): SeatColumn[] {
  let cached = columnCache.get(columns);
  if (cached === undefined) {
    cached = [];
    for (let i = 0; i < columns.length; i++) {
      const letter = columns[i];
      if (letter === ' ') continue;
      const position: SeatPosition = i === 0 || i === columns.length - 1 ? 'WINDOW' : columns[i - 1] === ' ' || columns[i + 1] === ' ' ? 'AISLE' : 'MIDDLE';
      cached.push({ letter, position });
    }
    columnCache.set(columns, cached);
  }
  return cached;
}

const seatPositionsByAircraft = new Map<string, Map<string, SeatPosition>>();

/** Where a seat of a cabin sits (WINDOW, MIDDLE or AISLE), by its letter. */
export function seatPosition(aircraft: string, cabin: Cabin, seat: string): SeatPosition {
  // A seat of the cabin: one lookup in the aircraft's table (seatCabin builds it).
  if (seatCabin(aircraft, seat) === cabin) {
    const position = seatPositionsByAircraft.get(aircraft)?.get(seat);
    if (position !== undefined) return position;
  }
  const letter = seat.charCodeAt(seat.length - 1);
  for (const column of seatColumns(AIRCRAFT[aircraft].cabins[cabin]!.columns)) if (column.letter.charCodeAt(0) === letter) return column.position;
  // Unreachable for a seat of the cabin; fails as reading the position of no column did.
  throw new TypeError("Cannot read properties of undefined (reading 'position')");
}

const seatCache = new Map<string, Map<Cabin, readonly string[]>>();

/** Every seat of a cabin, front to back and left to right (`['7A', '7B', …]`); empty when the aircraft has no such cabin. */
export function cabinSeats(aircraft: string, cabin: Cabin): readonly string[] {
  // Nested maps: a key built as `${aircraft}/${cabin}` would be a new string to hash on every call.
  let byCabin = seatCache.get(aircraft);
  if (byCabin === undefined) seatCache.set(aircraft, (byCabin = new Map()));
  let seats = byCabin.get(cabin);
  if (seats === undefined) {
    const layout = AIRCRAFT[aircraft]?.cabins[cabin];
    const list: string[] = [];
    if (layout !== undefined) {
      const columns = seatColumns(layout.columns);
      for (let row = layout.firstRow; row <= layout.lastRow; row++) for (const column of columns) list.push(`${row}${column.letter}`);
    }
    seats = Object.freeze(list);
    byCabin.set(cabin, seats);
  }
  return seats;
}

const seatCabinsByAircraft = new Map<string, Map<string, Cabin>>();

/** The cabin a seat number belongs to on an aircraft, or undefined when the aircraft has no such seat. */
export function seatCabin(aircraft: string, seat: string): Cabin | undefined {
  let cabins = seatCabinsByAircraft.get(aircraft);
  if (cabins === undefined) {
    const type = AIRCRAFT[aircraft];
    if (type === undefined) return undefined;
    // Every seat of every cabin ('7A', '12C', …), the first cabin listed winning, as a lookup table,
    // with where it sits in that cabin.
    cabins = new Map();
    const positions = new Map<string, SeatPosition>();
    for (const [cabin, layout] of Object.entries(type.cabins) as Array<[Cabin, NonNullable<(typeof type.cabins)[Cabin]>]>) {
      for (let row = layout.firstRow; row <= layout.lastRow; row++) {
        for (const column of seatColumns(layout.columns)) {
          const seat = `${row}${column.letter}`;
          if (cabins.has(seat)) continue;
          cabins.set(seat, cabin);
          positions.set(seat, column.position);
        }
      }
    }
    seatCabinsByAircraft.set(aircraft, cabins);
    seatPositionsByAircraft.set(aircraft, positions);
  }
  return cabins.get(seat);
}

/** The cabins of a flight, as its aircraft has them. */
export function cabinsOf(flight: Flight): Cabin[] {
  return Object.keys(flight.fares) as Cabin[];
}

const departureDays = new Map<string, string>();
/** Departure times whose day is remembered at most. */
const MAX_DEPARTURE_DAYS = 65_536;

/**
 * The departure day of a flight (the key of its seat map's group), remembered per departure time:
 * a fresh `slice` is a new string, and a new string as a property key costs a string-table lookup
 * on every use; the remembered one is looked up once.
 */
export function departureDay(flight: Flight): string {
  let day = departureDays.get(flight.departureTime);
  if (day === undefined) {
    day = flight.departureTime.slice(0, 10);
    if (departureDays.size < MAX_DEPARTURE_DAYS) departureDays.set(flight.departureTime, day);
  }
  return day;
}

/** The seat map of a flight: seat maps are grouped by departure day. */
export function seatMapOf(state: { readonly seatMaps: Readonly<Record<string, Readonly<Record<string, SeatMap>>>> }, flight: Flight): SeatMap {
  return state.seatMaps[departureDay(flight)][flight.id];
}

/** `'12C'` -> `['12', 'C']`. */
function rowAndLetter(seat: string): [string, string] {
  return [seat.slice(0, -1), seat.slice(-1)];
}

/**
 * The row of a seat as a key of `occupied`: a number for rows 1-99 (an element index, looked up
 * directly), the row's text otherwise. A sliced row is a new string, which costs a string-table
 * lookup each time it is used as a key.
 */
export function seatRowKey(seat: string): number | string {
  if (seat.length === 2) {
    const row = seat.charCodeAt(0) - 48;
    if (row >= 1 && row <= 9) return row;
  } else if (seat.length === 3) {
    const tens = seat.charCodeAt(0) - 48;
    const ones = seat.charCodeAt(1) - 48;
    if (tens >= 1 && tens <= 9 && ones >= 0 && ones <= 9) return tens * 10 + ones;
  }
  return seat.slice(0, -1);
}

/** Who holds a seat (a booking id or `EXTERNAL`), or undefined when it is free. */
export function seatHolder(map: SeatMap, seat: string): string | undefined {
  const row = seatRowKey(seat);
  const letter = seat.slice(-1);
  const occupied = map.occupied as Record<string | number, Record<string, string>>;
  const taken = Object.hasOwn(occupied, row) ? occupied[row] : undefined;
  return taken !== undefined && Object.hasOwn(taken, letter) ? taken[letter] : undefined;
}

/** Marks a seat as held; `map` is a draft (or the generator's own object). */
export function holdSeat(map: SeatMap, seat: string, holder: string): void {
  const [row, letter] = rowAndLetter(seat);
  (map.occupied[row] ??= {})[letter] = holder;
}

/** Frees a seat; a row with nobody left disappears. */
export function releaseSeat(map: SeatMap, seat: string): void {
  const [row, letter] = rowAndLetter(seat);
  const taken = map.occupied[row];
  if (taken === undefined) return;
  delete taken[letter];
  if (Object.keys(taken).length === 0) delete map.occupied[row];
}

/** Every held seat of a seat map with its holder. */
export function heldSeats(map: SeatMap): Array<[string, string]> {
  const seats: Array<[string, string]> = [];
  for (const row in map.occupied) for (const letter in map.occupied[row]) seats.push([`${row}${letter}`, map.occupied[row][letter]]);
  return seats;
}

/** The seats of a cabin nobody holds, in seat-map order (a new array). */
export function freeSeats(flight: Flight, map: SeatMap, cabin: Cabin): string[] {
  return freeSeatList(flight, map, cabin).slice();
}

/** Free seats per frozen seat map and cabin: a seat map is replaced only when its own flight is booked. */
const freeSeatLists = new WeakMap<SeatMap, Map<Cabin, readonly string[]>>();

/** The seats of a cabin nobody holds, in seat-map order (shared: never change it). */
export function freeSeatList(flight: Flight, map: SeatMap, cabin: Cabin): readonly string[] {
  let byCabin = freeSeatLists.get(map);
  let free = byCabin?.get(cabin);
  if (free !== undefined) return free;
  const seats = cabinSeats(flight.aircraft, cabin);
  const list: string[] = [];
  const layout = AIRCRAFT[flight.aircraft]?.cabins[cabin];
  if (layout !== undefined) {
    // Row by row, as cabinSeats lists them: one lookup per row, and a row nobody sits in is copied whole.
    const columns = seatColumns(layout.columns);
    const occupied = map.occupied as Record<string | number, Record<string, string>>;
    let i = 0;
    for (let row = layout.firstRow; row <= layout.lastRow; row++) {
      const key = row >= 1 && row <= 99 ? row : String(row);
      const taken = Object.hasOwn(occupied, key) ? occupied[key] : undefined;
      for (let c = 0; c < columns.length; c++, i++) if (taken === undefined || !Object.hasOwn(taken, columns[c].letter)) list.push(seats[i]);
    }
  }
  free = list;
  if (!Object.isExtensible(map)) {
    if (byCabin === undefined) freeSeatLists.set(map, (byCabin = new Map()));
    byCabin.set(cabin, free);
  }
  return free;
}



/** The fare families sold in a cabin: LIGHT only in ECONOMY. */
export function fareFamiliesOf(cabin: Cabin): FareFamily[] {
  return cabin === 'ECONOMY' ? ['LIGHT', 'STANDARD', 'FLEX'] : ['STANDARD', 'FLEX'];
}

/** Price per traveler of a fare family in a cabin. */
export function farePrice(baseFare: number, fareFamily: FareFamily): number {
  return roundCents(baseFare * FARE_FAMILY_FACTORS[fareFamily]);
}

export interface CancellationQuote {
  daysBefore: number;
  fee: number;
  refund: number;
  /** The tier of the policy that set the fee, in words. */
  rule: string;
}

const tierDescriptions = new WeakMap<CancellationTier, string>();

/** A tier in words, remembered per frozen tier (policies are shared, frozen objects). */
function describeTier(tier: CancellationTier): string {
  let described = tierDescriptions.get(tier);
  if (described === undefined) {
    described = tierInWords(tier);
    if (!Object.isExtensible(tier)) tierDescriptions.set(tier, described);
  }
  return described;
}

function tierInWords(tier: CancellationTier): string {
  const when = tier.minDaysBefore === 0 ? 'less than 1 day before' : `${tier.minDaysBefore} or more days before`;
  if (tier.feePerTraveler !== undefined) return `${when}: ${formatUsd(tier.feePerTraveler)} per traveler`;
  if (tier.feeNights !== undefined) return `${when}: ${tier.feeNights} night(s) per room`;
  return `${when}: ${tier.feePercent ?? 0}% of the price`;
}

/**
 * What cancelling costs under a policy with `daysBefore` whole days left: the first tier whose
 * `minDaysBefore` is reached sets the fee, which never exceeds what was paid.
 */
export function quoteCancellation(policy: CancellationPolicy, daysBefore: number, total: number, travelers: number, firstNightPerRoom: number, rooms: number): CancellationQuote {
  const tiers = policy.tiers;
  let tier = tiers[tiers.length - 1];
  for (let i = 0; i < tiers.length; i++) {
    if (daysBefore >= tiers[i].minDaysBefore) {
      tier = tiers[i];
      break;
    }
  }
  let fee: number;
  if (tier.feePerTraveler !== undefined) fee = tier.feePerTraveler * travelers;
  else if (tier.feeNights !== undefined) fee = tier.feeNights * firstNightPerRoom * rooms;
  else fee = (total * (tier.feePercent ?? 0)) / 100;
  fee = roundCents(Math.min(total, fee));
  return { daysBefore, fee, refund: roundCents(total - fee), rule: describeTier(tier) };
}

const LOCATOR_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LOCATOR_CODES: readonly number[] = Array.from(LOCATOR_LETTERS, (letter) => letter.charCodeAt(0));

/** A six-character airline record locator (PNR), drawn from the session's seeded random source. */
export function recordLocator(random: SessionRandom): string {
  // One string from six character codes (six concatenations would make six strings); each draw is
  // what random.int(0, 31) draws, without its bounds arithmetic.
  const n = LOCATOR_CODES.length;
  return String.fromCharCode(
    LOCATOR_CODES[Math.floor(random.next() * n)],
    LOCATOR_CODES[Math.floor(random.next() * n)],
    LOCATOR_CODES[Math.floor(random.next() * n)],
    LOCATOR_CODES[Math.floor(random.next() * n)],
    LOCATOR_CODES[Math.floor(random.next() * n)],
    LOCATOR_CODES[Math.floor(random.next() * n)],
  );
}

/** A nine-digit hotel confirmation number. */
export function confirmationNumber(random: SessionRandom): string {
  // The digits as one number (nine digits, the first not 0: exact in a double), turned into text once.
  let out = random.int(1, 9);
  for (let i = 0; i < 8; i++) out = out * 10 + random.int(0, 9);
  return String(out);
}
