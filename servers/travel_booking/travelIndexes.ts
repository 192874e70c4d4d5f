import { bucketOf, type BucketedRecord } from '../kit/bucketedRecord.js';
import type { Booking, FlightBooking, Itinerary, Traveler } from './TravelBookingState.js';

/**
 * Indexes over frozen collections, built once per collection object and kept in WeakMaps: a frozen
 * object never changes, so its index stays valid for as long as it lives. Bookings are indexed per
 * bucket, so a new booking re-indexes one small bucket. Only frozen objects are indexed (a draft or
 * a half-built object would go stale).
 */

interface BucketIndex {
  /** Confirmed flight bookings by flight id, in bucket order. */
  confirmedByFlight: Map<string, FlightBooking[]>;
  /** Ids of confirmed bookings by traveler (passenger or lead guest), in bucket order. */
  confirmedIdsByTraveler: Map<string, string[]>;
}

const bucketIndexes = new WeakMap<object, BucketIndex>();

function indexBucket(bucket: Readonly<Record<string, Booking>>): BucketIndex {
  let index = bucketIndexes.get(bucket);
  if (index !== undefined) return index;
  index = { confirmedByFlight: new Map(), confirmedIdsByTraveler: new Map() };
  for (const id in bucket) {
    const booking = bucket[id];
    if (booking.status !== 'CONFIRMED') continue;
    if (booking.type === 'FLIGHT') {
      const list = index.confirmedByFlight.get(booking.flightId);
      if (list === undefined) index.confirmedByFlight.set(booking.flightId, [booking]);
      else list.push(booking);
      for (let i = 0; i < booking.passengers.length; i++) {
        const travelerId = booking.passengers[i].travelerId;
        let seen = false;
        for (let j = 0; j < i; j++) if (booking.passengers[j].travelerId === travelerId) seen = true;
        if (!seen) addId(index.confirmedIdsByTraveler, travelerId, id);
      }
    } else {
      addId(index.confirmedIdsByTraveler, booking.travelerId, id);
    }
  }
  if (Object.isFrozen(bucket)) bucketIndexes.set(bucket, index);
  return index;
}

function addId(map: Map<string, string[]>, key: string, id: string): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [id]);
  else list.push(id);
}

/** Per frozen bookings record: answers already looked up, by traveler (and by flight and traveler). */
interface RecordAnswers {
  idsByTraveler: Map<string, string[]>;
  byFlightAndTraveler: Map<string, Map<string, FlightBooking | null>>;
}

const recordAnswers = new WeakMap<object, RecordAnswers>();

function answersOf(bookings: Readonly<BucketedRecord<Booking>>): RecordAnswers | undefined {
  let answers = recordAnswers.get(bookings);
  if (answers === undefined && Object.isFrozen(bookings)) {
    answers = { idsByTraveler: new Map(), byFlightAndTraveler: new Map() };
    recordAnswers.set(bookings, answers);
  }
  return answers;
}

/** The first confirmed booking (in entry order) of `flightId` with `travelerId` among its passengers. */
export function confirmedFlightBookingOf(bookings: Readonly<BucketedRecord<Booking>>, flightId: string, travelerId: string): FlightBooking | undefined {
  const answers = answersOf(bookings);
  let byTraveler = answers?.byFlightAndTraveler.get(flightId);
  if (byTraveler === undefined) {
    byTraveler = new Map();
    answers?.byFlightAndTraveler.set(flightId, byTraveler);
  }
  const known = byTraveler.get(travelerId);
  if (known !== undefined) return known ?? undefined;
  let found: FlightBooking | null = null;
  search: for (const bucket in bookings) {
    const list = indexBucket(bookings[bucket]).confirmedByFlight.get(flightId);
    if (list === undefined) continue;
    for (const booking of list) {
      for (const p of booking.passengers) {
        if (p.travelerId === travelerId) {
          found = booking;
          break search;
        }
      }
    }
  }
  byTraveler.set(travelerId, found);
  return found ?? undefined;
}

/** Ids of the confirmed bookings a traveler is on, in entry order (a new array: it goes into results). */
export function confirmedBookingIdsOf(bookings: Readonly<BucketedRecord<Booking>>, travelerId: string): string[] {
  const answers = answersOf(bookings);
  const known = answers?.idsByTraveler.get(travelerId);
  if (known !== undefined) return known.slice();
  const ids: string[] = [];
  for (const key in bookings) {
    const list = indexBucket(bookings[key]).confirmedIdsByTraveler.get(travelerId);
    if (list !== undefined) for (const id of list) ids.push(id);
  }
  answers?.idsByTraveler.set(travelerId, ids);
  return ids.slice();
}

const itinerariesByTraveler = new WeakMap<object, Map<string, Array<[string, Itinerary]>>>();

/** A traveler's itineraries with their keys, in record order. */
export function itinerariesOf(itineraries: Readonly<Record<string, Itinerary>>, travelerId: string): ReadonlyArray<[string, Itinerary]> {
  let index = itinerariesByTraveler.get(itineraries);
  if (index === undefined) {
    index = new Map();
    for (const id in itineraries) {
      const itinerary = itineraries[id];
      const list = index.get(itinerary.travelerId);
      if (list === undefined) index.set(itinerary.travelerId, [[id, itinerary]]);
      else list.push([id, itinerary]);
    }
    if (Object.isFrozen(itineraries)) itinerariesByTraveler.set(itineraries, index);
  }
  return index.get(travelerId) ?? [];
}

const travelersByBirthDate = new WeakMap<object, Map<string, Traveler[]>>();

/** Travelers born on a day, in record order. */
export function travelersBornOn(travelers: Readonly<Record<string, Traveler>>, dateOfBirth: string): readonly Traveler[] {
  let index = travelersByBirthDate.get(travelers);
  if (index === undefined) {
    index = new Map();
    for (const id in travelers) {
      const traveler = travelers[id];
      const list = index.get(traveler.dateOfBirth);
      if (list === undefined) index.set(traveler.dateOfBirth, [traveler]);
      else list.push(traveler);
    }
    if (Object.isFrozen(travelers)) travelersByBirthDate.set(travelers, index);
  }
  return index.get(dateOfBirth) ?? [];
}

const bucketKeys = new Map<string, string>();
/** Ids whose bucket is remembered at most. */
const MAX_BUCKET_KEYS = 65_536;

/** The bucket of a booking id (`bucketOf`, remembered: it runs a regular expression). */
export function bucketKeyOf(id: string): string {
  let key = bucketKeys.get(id);
  if (key === undefined) {
    key = bucketOf(id);
    if (bucketKeys.size < MAX_BUCKET_KEYS) bucketKeys.set(id, key);
  }
  return key;
}

/** The booking with that id, or undefined (`getEntry` with the bucket remembered). */
export function bookingOf(bookings: Readonly<BucketedRecord<Booking>>, id: string): Booking | undefined {
  const key = bucketKeyOf(id);
  if (!Object.hasOwn(bookings, key)) return undefined;
  const bucket = bookings[key];
  return Object.hasOwn(bucket, id) ? bucket[id] : undefined;
}
