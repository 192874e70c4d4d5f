/**
 * The maps domain's state (after the Google Maps Platform): one generated city laid out as a grid of
 * named streets (east–west) and avenues (north–south), places on them with categories, opening hours
 * and ratings, and the signed-in user's own data: saved places in lists, labeled places (home,
 * work), the navigation history and their reviews. Positions are `Spot`s (a street or avenue and a
 * house number); coordinates, addresses and routes are computed from them, never stored twice.
 */

import { entryValues, getEntry, type BucketedRecord } from '../kit/bucketedRecord.js';
import { byIdNumber, idNumber } from '../kit/lookups.js';
export { idNumber };

export const MAPS_REFERENCE_DATE = '2026-03-16T16:00:00Z';

export const PLACE_CATEGORIES = [
  'restaurant', 'cafe', 'bar', 'bakery', 'grocery_store', 'pharmacy', 'gas_station', 'ev_charging',
  'parking', 'museum', 'park', 'gym', 'bank', 'hospital', 'library', 'bookstore', 'hotel', 'post_office',
] as const;
export type PlaceCategory = (typeof PLACE_CATEGORIES)[number];

export const TRAVEL_MODES = ['driving', 'walking', 'bicycling', 'transit'] as const;
export type TravelMode = (typeof TRAVEL_MODES)[number];

export const SAVED_LISTS = ['favorites', 'want_to_go', 'starred'] as const;
export type SavedList = (typeof SAVED_LISTS)[number];
export const SAVED_LIST_NAMES: Readonly<Record<SavedList, string>> = { favorites: 'Favorites', want_to_go: 'Want to go', starred: 'Starred places' };

export const LABELS = ['home', 'work'] as const;
export type Label = (typeof LABELS)[number];

export const BUSINESS_STATUSES = ['operational', 'closed_temporarily', 'closed_permanently'] as const;
export type BusinessStatus = (typeof BUSINESS_STATUSES)[number];

export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** A saved list holds at most this many places (Google Maps caps lists too). */
export const MAX_LIST_SIZE = 500;

/** A position on a street (`kind: 'street'`, `index` = its row) or avenue (`index` = its column), by house number: hundreds = block. */
export interface Spot {
  kind: 'street' | 'avenue';
  index: number;
  number: number;
}

export interface Avenue {
  name: string;
  /** An expressway: driving only, faster; avoid_highways keeps off it. */
  expressway: boolean;
  /** The subway line running under it, if any. */
  subway_line: string | null;
}

export interface Street {
  name: string;
  /** Driving direction of a one-way street. */
  one_way: 'eastbound' | 'westbound' | null;
}

export interface Neighborhood {
  name: string;
  zip: string;
  min_row: number;
  max_row: number;
  min_col: number;
  max_col: number;
}

/** The grid: node (col, row) sits at lat0 + row·dlat, lng0 + col·dlng. Rows run south to north, columns west to east. */
export interface City {
  name: string;
  state_code: string;
  time_zone: string;
  lat0: number;
  lng0: number;
  dlat: number;
  dlng: number;
  /** North–south avenues, one per column. */
  avenues: Avenue[];
  /** East–west streets, one per row. */
  streets: Street[];
  neighborhoods: Neighborhood[];
}

/** Opening hours per day (Sunday first): `[open, close]` as HH:MM local time, close ≤ open runs past midnight; null = closed. */
export type WeekHours = Array<[string, string] | null>;

export interface Place {
  place_id: string;
  name: string;
  category: PlaceCategory;
  spot: Spot;
  phone: string;
  website: string | null;
  /** 1 (inexpensive) to 4 (very expensive), or null where it means nothing. */
  price_level: number | null;
  ratings_count: number;
  /** Sum of every star rating (integer); rating = sum / count. */
  ratings_sum: number;
  hours: WeekHours;
  business_status: BusinessStatus;
  /** Other strings that name this place's address (a hotel's address in travel_booking). */
  aliases: string[];
  /** The hotel's code in travel_booking, for hotels that are bookable there. */
  hotel_code: string | null;
  /** Search terms: cuisine, specialities. */
  tags: string[];
}

export interface SavedPlace {
  saved_id: string;
  place_id: string;
  list: SavedList;
  note: string;
  saved_at: string;
}

export interface LabeledPlace {
  label: Label;
  spot: Spot;
  place_id: string | null;
  set_at: string;
}

export interface Trip {
  trip_id: string;
  from: Spot;
  from_place_id: string | null;
  to: Spot;
  to_place_id: string | null;
  mode: TravelMode;
  avoid_highways: boolean;
  distance_m: number;
  duration_s: number;
  started_at: string;
}

export interface Review {
  review_id: string;
  place_id: string;
  rating: number;
  text: string;
  created_at: string;
}

export interface MapsState {
  city: City;
  /** Places by id, in buckets (servers/kit/bucketedRecord.ts). */
  places: BucketedRecord<Place>;
  saved: Record<string, SavedPlace>;
  labeled: Record<string, LabeledPlace>;
  /** Where the user's phone is: navigation starts here unless told otherwise. */
  current_location: Spot;
  trips: Record<string, Trip>;
  reviews: Record<string, Review>;
}

export function placeOf(state: MapsState, id: string): Place | undefined {
  return getEntry(state.places, id);
}

export function allPlaces(state: MapsState): Place[] {
  return entryValues(state.places);
}


export { byIdNumber };

/** The rating shown for a place: mean stars to one decimal, or null without ratings. */
export function ratingOf(place: Place): number | null {
  return place.ratings_count === 0 ? null : Math.round((place.ratings_sum / place.ratings_count) * 10) / 10;
}

// ---- local time (America/New_York rules, computed; never the machine's time zone) ----

/** UTC milliseconds of the n-th Sunday of a month (n ≥ 1) at `hourUtc`. */
function nthSunday(year: number, month: number, n: number, hourUtc: number): number {
  const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
  const day = 1 + ((7 - first) % 7) + (n - 1) * 7;
  return Date.UTC(year, month, day, hourUtc);
}

/** Offset of New York from UTC in hours at a UTC instant: −4 in daylight time (2nd Sunday of March 2:00 to 1st Sunday of November 2:00), −5 else. */
export function utcOffsetHours(utcMs: number): number {
  const year = new Date(utcMs).getUTCFullYear();
  const start = nthSunday(year, 2, 2, 7);
  const end = nthSunday(year, 10, 1, 6);
  return utcMs >= start && utcMs < end ? -4 : -5;
}

export interface LocalTime {
  /** 0 = Sunday. */
  weekday: number;
  /** Minutes since local midnight. */
  minutes: number;
  /** YYYY-MM-DD local. */
  day: string;
  /** HH:MM local. */
  clock: string;
  /** ISO-8601 with the offset, e.g. 2026-03-16T12:00:00-04:00. */
  iso: string;
}

export function localTime(utcIso: string): LocalTime {
  const utc = Date.parse(utcIso);
  const offset = utcOffsetHours(utc);
  const local = new Date(utc + offset * 3_600_000);
  const day = local.toISOString().slice(0, 10);
  const clock = local.toISOString().slice(11, 16);
  const sign = offset < 0 ? '-' : '+';
  return { weekday: local.getUTCDay(), minutes: local.getUTCHours() * 60 + local.getUTCMinutes(), day, clock, iso: `${day}T${clock}:00${sign}${String(Math.abs(offset)).padStart(2, '0')}:00` };
}

export function addSeconds(utcIso: string, seconds: number): string {
  return new Date(Date.parse(utcIso) + seconds * 1000).toISOString();
}

function minutesOf(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

/** Whether hours `[open, close]` run past midnight (close at or before open, except a 24-hour day 00:00–24:00). */
function overnight(period: [string, string]): boolean {
  return minutesOf(period[1]) <= minutesOf(period[0]);
}

/** Whether a place is open at a local time (its own day's hours, or the previous day's past midnight). */
export function isOpenAt(hours: WeekHours, time: LocalTime): boolean {
  const today = hours[time.weekday];
  if (today !== null) {
    const open = minutesOf(today[0]);
    const close = minutesOf(today[1]);
    if (overnight(today) ? time.minutes >= open : time.minutes >= open && time.minutes < close) return true;
  }
  const yesterday = hours[(time.weekday + 6) % 7];
  return yesterday !== null && overnight(yesterday) && time.minutes < minutesOf(yesterday[1]);
}

/** "Monday: 07:00–19:00" lines, as a person reads them. */
export function hoursText(hours: WeekHours): string[] {
  return hours.map((period, day) => `${DAY_NAMES[day]}: ${period === null ? 'Closed' : period[0] === '00:00' && period[1] === '24:00' ? 'Open 24 hours' : `${period[0]}–${period[1]}`}`);
}

/** The next local time (within a week) at which a place opens or closes, from `time`: "closes at 19:00", "opens Tuesday at 07:00". */
export function nextChange(hours: WeekHours, time: LocalTime): string | null {
  const open = isOpenAt(hours, time);
  for (let step = 1; step <= 7 * 24 * 4; step++) {
    const minutes = time.minutes + step * 15;
    const weekday = (time.weekday + Math.floor(minutes / 1440)) % 7;
    const probe: LocalTime = { ...time, weekday, minutes: minutes % 1440 };
    if (isOpenAt(hours, probe) !== open) {
      const clock = `${String(Math.floor(probe.minutes / 60)).padStart(2, '0')}:${String(probe.minutes % 60).padStart(2, '0')}`;
      const when = weekday === time.weekday && minutes < 1440 ? `at ${clock}` : `${DAY_NAMES[weekday]} at ${clock}`;
      return `${open ? 'closes' : 'opens'} ${when}`;
    }
  }
  return null;
}
