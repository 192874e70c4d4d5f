import { bucketOf, type BucketedRecord } from '../kit/bucketedRecord.js';
import { isFrozenState } from '../kit/isFrozenState.js';
import type { Airport, Booking, City, Flight, FlightBooking, Hotel, Itinerary, Traveler } from './TravelBookingState.js';

/**
 * Indexes over frozen collections, kept in WeakMaps: a frozen object never changes, so its index
 * stays valid for as long as it lives. But every write makes new objects, and an index built for an
 * object that the next write replaces costs more than the scans it saves (a scan of a bucket or of
 * a few dozen travelers costs a few hundred nanoseconds, an index several microseconds): so an
 * object is scanned directly the first SCANS_BEFORE_INDEX times it is asked about, and indexed when
 * it is asked about again. Bookings are indexed per bucket, so a write leaves the other buckets'
 * indexes in use. Only frozen objects are indexed (a draft or a half-built object would go stale).
 */

const SCANS_BEFORE_INDEX = 2;
/** Times each frozen object was scanned instead of indexed. */
const scans = new WeakMap<object, number>();

/** Whether `object` was scanned often enough (and is frozen) to be worth an index; counts this ask otherwise. */
function worthIndexing(object: object): boolean {
  const count = scans.get(object) ?? 0;
  if (count >= SCANS_BEFORE_INDEX) return true;
  if (isFrozenState(object)) scans.set(object, count + 1);
  return false;
}

interface BucketIndex {
  /** Confirmed flight bookings by flight id, in bucket order. */
  confirmedByFlight: Map<string, FlightBooking[]>;
  /** Ids of confirmed bookings by traveler (passenger or lead guest), in bucket order. */
  confirmedIdsByTraveler: Map<string, string[]>;
  /** Every booking (any status) by traveler, in bucket order. */
  byTraveler: Map<string, Booking[]>;
}

const bucketIndexes = new WeakMap<object, BucketIndex>();

/** The index of a bucket, or undefined when the bucket is new (scan it instead). */
function bucketIndexOf(bucket: Readonly<Record<string, Booking>>): BucketIndex | undefined {
  const index = bucketIndexes.get(bucket);
  if (index !== undefined || !worthIndexing(bucket)) return index;
  return indexBucket(bucket);
}

function indexBucket(bucket: Readonly<Record<string, Booking>>): BucketIndex {
  const index: BucketIndex = { confirmedByFlight: new Map(), confirmedIdsByTraveler: new Map(), byTraveler: new Map() };
  for (const id in bucket) {
    const booking = bucket[id];
    if (booking.type === 'FLIGHT') {
      for (let i = 0; i < booking.passengers.length; i++) if (firstOf(booking, i)) addTo(index.byTraveler, booking.passengers[i].travelerId, booking);
    } else {
      addTo(index.byTraveler, booking.travelerId, booking);
    }
    if (booking.status !== 'CONFIRMED') continue;
    if (booking.type === 'FLIGHT') {
      addTo(index.confirmedByFlight, booking.flightId, booking);
      for (let i = 0; i < booking.passengers.length; i++) if (firstOf(booking, i)) addTo(index.confirmedIdsByTraveler, booking.passengers[i].travelerId, id);
    } else {
      addTo(index.confirmedIdsByTraveler, booking.travelerId, id);
    }
  }
  bucketIndexes.set(bucket, index);
  return index;
}

/** Whether passenger `i` is the first one of the booking with that traveler id. */
function firstOf(booking: FlightBooking, i: number): boolean {
  const travelerId = booking.passengers[i].travelerId;
  for (let j = 0; j < i; j++) if (booking.passengers[j].travelerId === travelerId) return false;
  return true;
}

/** Whether a booking is for a traveler (a passenger or the lead guest). */
function isFor(booking: Booking, travelerId: string): boolean {
  if (booking.type !== 'FLIGHT') return booking.travelerId === travelerId;
  for (const passenger of booking.passengers) if (passenger.travelerId === travelerId) return true;
  return false;
}

function addTo<T>(map: Map<string, T[]>, key: string, item: T): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [item]);
  else list.push(item);
}

/** Every booking a traveler is on (passenger or lead guest), any status, in entry order (a new array). */
export function bookingsOfTraveler(bookings: Readonly<BucketedRecord<Booking>>, travelerId: string): Booking[] {
  const out: Booking[] = [];
  for (const key in bookings) {
    const bucket = bookings[key];
    const index = bucketIndexOf(bucket);
    if (index === undefined) {
      for (const id in bucket) if (isFor(bucket[id], travelerId)) out.push(bucket[id]);
    } else {
      const list = index.byTraveler.get(travelerId);
      if (list !== undefined) for (const booking of list) out.push(booking);
    }
  }
  return out;
}

/** Per frozen bookings record: answers already looked up, by traveler (and by flight and traveler). */
interface RecordAnswers {
  idsByTraveler: Map<string, string[]>;
  byFlightAndTraveler: Map<string, Map<string, FlightBooking | null>>;
}

const recordAnswers = new WeakMap<object, RecordAnswers>();

function answersOf(bookings: Readonly<BucketedRecord<Booking>>): RecordAnswers | undefined {
  let answers = recordAnswers.get(bookings);
  if (answers === undefined && isFrozenState(bookings)) {
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
  search: for (const key in bookings) {
    const bucket = bookings[key];
    const index = bucketIndexOf(bucket);
    if (index === undefined) {
      for (const id in bucket) {
        const booking = bucket[id];
        if (booking.type === 'FLIGHT' && booking.status === 'CONFIRMED' && booking.flightId === flightId && isFor(booking, travelerId)) {
          found = booking;
          break search;
        }
      }
      continue;
    }
    const list = index.confirmedByFlight.get(flightId);
    if (list === undefined) continue;
    for (const booking of list) {
      if (isFor(booking, travelerId)) {
        found = booking;
        break search;
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
    const bucket = bookings[key];
    const index = bucketIndexOf(bucket);
    if (index === undefined) {
      for (const id in bucket) if (bucket[id].status === 'CONFIRMED' && isFor(bucket[id], travelerId)) ids.push(id);
    } else {
      const list = index.confirmedIdsByTraveler.get(travelerId);
      if (list !== undefined) for (const id of list) ids.push(id);
    }
  }
  answers?.idsByTraveler.set(travelerId, ids);
  return ids.slice();
}

const itinerariesByTraveler = new WeakMap<object, Map<string, Array<[string, Itinerary]>>>();

/** A traveler's itineraries with their keys, in record order. */
export function itinerariesOf(itineraries: Readonly<Record<string, Itinerary>>, travelerId: string): ReadonlyArray<[string, Itinerary]> {
  let index = itinerariesByTraveler.get(itineraries);
  if (index === undefined) {
    if (!worthIndexing(itineraries)) {
      const found: Array<[string, Itinerary]> = [];
      for (const id in itineraries) if (itineraries[id].travelerId === travelerId) found.push([id, itineraries[id]]);
      return found;
    }
    index = new Map();
    for (const id in itineraries) addTo(index, itineraries[id].travelerId, [id, itineraries[id]] as [string, Itinerary]);
    itinerariesByTraveler.set(itineraries, index);
  }
  return index.get(travelerId) ?? [];
}

const travelersByBirthDate = new WeakMap<object, Map<string, Traveler[]>>();

/** Travelers born on a day, in record order. */
export function travelersBornOn(travelers: Readonly<Record<string, Traveler>>, dateOfBirth: string): readonly Traveler[] {
  let index = travelersByBirthDate.get(travelers);
  if (index === undefined) {
    if (!worthIndexing(travelers)) {
      const found: Traveler[] = [];
      for (const id in travelers) if (travelers[id].dateOfBirth === dateOfBirth) found.push(travelers[id]);
      return found;
    }
    index = new Map();
    for (const id in travelers) addTo(index, travelers[id].dateOfBirth, travelers[id]);
    travelersByBirthDate.set(travelers, index);
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

/** Hotel ids by city, in record order, per frozen hotels record (a hotel booking replaces the record). */
const hotelIdsByCity = new WeakMap<object, Map<string, string[]>>();

function indexHotels(hotels: Readonly<Record<string, Hotel>>): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const id in hotels) addTo(index, hotels[id].cityCode, id);
  if (isFrozenState(hotels)) hotelIdsByCity.set(hotels, index);
  return index;
}

/** The ids of a city's hotels, in record order (shared: never change it). */
export function hotelIdsIn(hotels: Readonly<Record<string, Hotel>>, cityCode: string): readonly string[] {
  let index = hotelIdsByCity.get(hotels);
  if (index === undefined) {
    if (!worthIndexing(hotels)) {
      const ids: string[] = [];
      for (const id in hotels) if (hotels[id].cityCode === cityCode) ids.push(id);
      return ids;
    }
    index = indexHotels(hotels);
  }
  return index.get(cityCode) ?? NONE;
}

const NONE: readonly string[] = Object.freeze([]);

/** How many hotels a city has. */
export function hotelCountIn(hotels: Readonly<Record<string, Hotel>>, cityCode: string): number {
  return (hotelIdsByCity.get(hotels) ?? indexHotels(hotels)).get(cityCode)?.length ?? 0;
}

/** A place with its names lower-cased, for keyword searches. */
export interface PlaceTexts<T> {
  place: T;
  city: City;
  texts: readonly string[];
}

/** What a location search reads, built once per (never written) cities and airports records. */
export interface LocationIndex {
  airports: Readonly<Record<string, Airport>>;
  cities: ReadonlyArray<PlaceTexts<City>>;
  airportPlaces: ReadonlyArray<PlaceTexts<Airport>>;
  countries: ReadonlySet<string>;
  /** The served countries, sorted and joined with ", " (for the message of an unknown country). */
  countryList: string;
  /** Places a keyword matched, by keyword (bounded by MAX_KEYWORDS). */
  matches: Map<string, KeywordMatches>;
}

/** The cities and airports a keyword matches, in record order. */
export interface KeywordMatches {
  cities: ReadonlyArray<PlaceTexts<City>>;
  airports: ReadonlyArray<PlaceTexts<Airport>>;
}

/** Keywords whose matches are remembered at most, per location index. */
const MAX_KEYWORDS = 2048;

/** The places matching `keyword` (lower-cased, not empty): remembered, since models repeat their searches. */
export function keywordMatches(index: LocationIndex, keyword: string): KeywordMatches {
  let found = index.matches.get(keyword);
  if (found === undefined) {
    const search = new KeywordSearch(keyword);
    const cities: Array<PlaceTexts<City>> = [];
    for (const place of index.cities) if (search.matches(place.texts)) cities.push(place);
    const airports: Array<PlaceTexts<Airport>> = [];
    for (const place of index.airportPlaces) if (search.matches(place.texts)) airports.push(place);
    found = { cities, airports };
    if (index.matches.size < MAX_KEYWORDS) index.matches.set(keyword, found);
  }
  return found;
}

/** Like Amadeus: a keyword matches the start of a code, or the start of any word of a name (texts lower-cased). */
class KeywordSearch {
  private readonly afterSpace: string;
  private readonly afterDash: string;
  private readonly afterSlash: string;

  constructor(private readonly keyword: string) {
    this.afterSpace = ` ${keyword}`;
    this.afterDash = `-${keyword}`;
    this.afterSlash = `/${keyword}`;
  }

  matches(texts: readonly string[]): boolean {
    for (let i = 0; i < texts.length; i++) {
      const lower = texts[i];
      if (lower.startsWith(this.keyword) || lower.includes(this.afterSpace) || lower.includes(this.afterDash) || lower.includes(this.afterSlash)) return true;
    }
    return false;
  }
}

const locationIndexes = new WeakMap<object, LocationIndex>();

export function locationIndexOf(cities: Readonly<Record<string, City>>, airports: Readonly<Record<string, Airport>>): LocationIndex {
  const known = locationIndexes.get(cities);
  if (known !== undefined && known.airports === airports) return known;
  const countries = new Set<string>();
  const cityPlaces: Array<PlaceTexts<City>> = [];
  for (const code in cities) {
    const city = cities[code];
    countries.add(city.countryCode);
    cityPlaces.push({ place: city, city, texts: [city.cityCode.toLowerCase(), city.name.toLowerCase(), city.countryName.toLowerCase()] });
  }
  const airportPlaces: Array<PlaceTexts<Airport>> = [];
  for (const code in airports) {
    const airport = airports[code];
    const city = cities[airport.cityCode];
    airportPlaces.push({ place: airport, city, texts: [airport.iataCode.toLowerCase(), airport.name.toLowerCase(), city.name.toLowerCase(), city.countryName.toLowerCase()] });
  }
  const index: LocationIndex = { airports, cities: cityPlaces, airportPlaces, countries, countryList: [...countries].sort().join(', '), matches: new Map() };
  if (isFrozenState(cities) && isFrozenState(airports)) locationIndexes.set(cities, index);
  return index;
}

/** Flights by origin airport and departure day, in record order, with each flight's place in the record. */
interface FlightIndex {
  byOriginAndDay: Map<string, Map<string, Flight[]>>;
  position: Map<Flight, number>;
}

const flightIndexes = new WeakMap<object, FlightIndex>();

function flightIndexOf(flights: Readonly<Record<string, Flight>>): FlightIndex {
  let index = flightIndexes.get(flights);
  if (index === undefined) {
    index = { byOriginAndDay: new Map(), position: new Map() };
    let position = 0;
    for (const id in flights) {
      const flight = flights[id];
      index.position.set(flight, position++);
      let byDay = index.byOriginAndDay.get(flight.origin);
      if (byDay === undefined) index.byOriginAndDay.set(flight.origin, (byDay = new Map()));
      const day = flight.departureTime.slice(0, 10);
      const list = byDay.get(day);
      if (list === undefined) byDay.set(day, [flight]);
      else list.push(flight);
    }
    if (isFrozenState(flights)) flightIndexes.set(flights, index);
  }
  return index;
}

/** Flights leaving any of `origins` on `day` (`YYYY-MM-DD`), in record order (a new array). */
export function flightsLeaving(flights: Readonly<Record<string, Flight>>, origins: readonly string[], day: string): Flight[] {
  const index = flightIndexOf(flights);
  const out: Flight[] = [];
  let lists = 0;
  for (const origin of origins) {
    const list = index.byOriginAndDay.get(origin)?.get(day);
    if (list === undefined) continue;
    lists++;
    for (const flight of list) out.push(flight);
  }
  if (lists > 1) out.sort((a, b) => index.position.get(a)! - index.position.get(b)!);
  return out;
}
