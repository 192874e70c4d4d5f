import type { BucketedRecord } from '../kit/bucketedRecord.js';
import { shallowCopy } from '../kit/shallowCopy.js';
import { RecordCopies } from '../kit/RecordCopies.js';
import { bucketKeyOf } from './travelIndexes.js';
import type { Booking, Cancellation, FlightPassenger, Hotel, HotelRoom, RoomType, SeatMap, TravelBookingState } from './TravelBookingState.js';
import { seatRowKey } from './travelRules.js';

/**
 * Writes as whole new frozen objects, built from the frozen state the call began with (`ctx.base`).
 *
 * The tools read the base state, build each changed object once, freeze it and assign it to its
 * top-level collection of the state (`ctx.edit<TravelBookingState>().bookings = …`): the kit then
 * copies only the root, makes no Proxy, and its finishing step skips frozen values, so nothing is
 * walked twice. Every object put into the state is frozen here, all the way down. Every helper
 * keeps key order as an assignment into a copy would (a changed key keeps its place, a new one
 * goes last).
 */

/** An unfrozen copy of a (frozen) array with `item` added at the end. */
export function withItem<T>(items: readonly T[], item: T): T[] {
  const copy = shallowCopy(items as T[]);
  copy.push(item);
  return copy;
}

/** A frozen copy of a small `record` with `key` set to `value`. */
export function withKey<T>(record: Readonly<Record<string, T>>, key: string, value: T): Readonly<Record<string, T>> {
  const copy: Record<string, T> = shallowCopy(record);
  copy[key] = value;
  return Object.freeze(copy);
}

/** An unfrozen copy of `record` without `key`, built key by key (a `delete` would leave a slow dictionary-mode object). */
function withoutKey<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const copy: Record<string, T> = {};
  for (const k in record) if (k !== key) copy[k] = record[k];
  return copy;
}

/** Whether an object has no own enumerable keys. */
function isEmpty(record: object): boolean {
  for (const _ in record) return false;
  return true;
}

/**
 * Copies of the state's records, one `RecordCopies` per kind: each finds the shape of the record
 * the previous write of its kind made by identity (RecordCopies.ts).
 */
export const records = {
  flightOffers: new RecordCopies(),
  travelers: new RecordCopies(),
  itineraries: new RecordCopies(),
  hotels: new RecordCopies(),
  roomsSold: new RecordCopies(),
  /** `seatMaps`: seat maps by departure day. */
  seatMapDays: new RecordCopies(),
  /** `seatMaps[day]`: seat maps by flight. */
  seatMapsOfDay: new RecordCopies(),
  /** A seat map's `occupied`: seats by row number. */
  seatRows: new RecordCopies(),
  /** `bookings`: buckets by number. */
  bookingBuckets: new RecordCopies(),
  /** One bucket of `bookings`: bookings by id. */
  bookingsOfBucket: new RecordCopies(),
};

/**
 * A frozen copy of a booking with the fields a write changes (status, itinerary, cancellation, a
 * flight's passengers) set, as one literal: every booking of the world and every one a tool makes
 * has its type's keys in this order, and the literal skips matching its shape and the stores.
 */
export function bookingWith(booking: Booking, status: Booking['status'], itineraryId: string | null, cancellation: Cancellation | null, passengers?: readonly FlightPassenger[]): Booking {
  if (booking.type === 'FLIGHT') {
    return Object.freeze({
      id: booking.id,
      type: booking.type,
      status,
      recordLocator: booking.recordLocator,
      offerId: booking.offerId,
      flightId: booking.flightId,
      travelClass: booking.travelClass,
      fareFamily: booking.fareFamily,
      passengers: (passengers ?? booking.passengers) as FlightPassenger[],
      pricePerTraveler: booking.pricePerTraveler,
      totalPrice: booking.totalPrice,
      currency: booking.currency,
      cancellationPolicy: booking.cancellationPolicy,
      itineraryId,
      createdAt: booking.createdAt,
      cancellation,
    });
  }
  return Object.freeze({
    id: booking.id,
    type: booking.type,
    status,
    confirmationNumber: booking.confirmationNumber,
    hotelId: booking.hotelId,
    roomType: booking.roomType,
    ratePlan: booking.ratePlan,
    checkInDate: booking.checkInDate,
    checkOutDate: booking.checkOutDate,
    rooms: booking.rooms,
    guests: booking.guests,
    travelerId: booking.travelerId,
    nightlyRates: booking.nightlyRates,
    totalPrice: booking.totalPrice,
    currency: booking.currency,
    cancellationPolicy: booking.cancellationPolicy,
    itineraryId,
    createdAt: booking.createdAt,
    cancellation,
  });
}

/** A frozen copy of a bucketed record with the entry `id` added or replaced (what `setEntry` does on a draft). */
export function withEntry<T>(record: Readonly<BucketedRecord<T>>, id: string, entry: NoInfer<T>): Readonly<BucketedRecord<T>> {
  const key = bucketKeyOf(id);
  const bucket = Object.hasOwn(record, key) ? records.bookingsOfBucket.with(record[key], id, entry) : Object.freeze({ [id]: entry });
  return records.bookingBuckets.with(record, key, bucket as Record<string, T>) as Readonly<BucketedRecord<T>>;
}

/**
 * Changes to one seat map, applied in order: `release` frees a seat (a row left empty disappears),
 * `hold` gives a seat to a holder. Changed rows are kept aside (copied once, on their first change)
 * and the map's rows record is copied once, in `finish`: copying it first and then reading and
 * writing rows through the copy cost ~0.2 µs more for one held row (measured, a restore loop).
 * Rows are keyed by number (seat numbers are validated as 1-99 and a letter).
 */
export class SeatMapEdit {
  /** Keys of the rows changed, in order of their first change. */
  private readonly rows: Array<string | number> = [];
  /** Their contents: new objects (changed in place until `finish` freezes them), undefined for a row gone. */
  private readonly contents: Array<Record<string, string> | undefined> = [];

  constructor(private readonly base: SeatMap) {}

  release(seat: string): void {
    const row = seatRowKey(seat);
    const index = this.indexOf(row);
    const taken = this.taken(row, index);
    if (taken === undefined) return;
    const rest = withoutKey(taken, seat.slice(-1));
    this.put(row, index, isEmpty(rest) ? undefined : rest);
  }

  hold(seat: string, holder: string): void {
    const row = seatRowKey(seat);
    const letter = seat.slice(-1);
    const index = this.indexOf(row);
    const taken = this.taken(row, index);
    if (index >= 0 && taken !== undefined) {
      // A row this edit made: its own object.
      taken[letter] = holder;
      return;
    }
    const copy: Record<string, string> = taken === undefined ? {} : shallowCopy(taken);
    copy[letter] = holder;
    this.put(row, index, copy);
  }

  /**
   * The new seat map, frozen; with `seatsAvailable[cabin]` moved by `change` when a cabin is given.
   * Built as a literal: a seat map's key order is never shown (results list seats in cabin order).
   */
  finish(cabin?: string, change = 0): SeatMap {
    const base = this.base.occupied as Record<string | number, Record<string, string>>;
    let occupied: Readonly<Record<string | number, Record<string, string>>>;
    if (this.rows.length === 1 && this.contents[0] !== undefined) {
      // One row changed (a booking of travelers seated together, most seat changes): one copy.
      occupied = records.seatRows.with(base, this.rows[0], Object.freeze(this.contents[0]));
    } else {
      const edit = records.seatRows.edit(base);
      for (let i = 0; i < this.rows.length; i++) {
        const row = this.rows[i];
        const taken = this.contents[i];
        if (taken === undefined) edit.delete(row);
        else edit.set(row, Object.freeze(taken));
      }
      occupied = edit.finish();
    }
    const available = this.base.seatsAvailable as Record<string, number>;
    return Object.freeze({
      seatsAvailable: cabin === undefined ? available : withKey(available, cabin, available[cabin] + change),
      occupied: occupied as SeatMap['occupied'],
    });
  }

  /** Where a row is among the changed ones, or -1 (at most a few: a scan). */
  private indexOf(row: string | number): number {
    for (let i = 0; i < this.rows.length; i++) if (this.rows[i] === row) return i;
    return -1;
  }

  /** A row as changed so far (`index` from indexOf), or undefined when nobody sits in it. */
  private taken(row: string | number, index: number): Record<string, string> | undefined {
    if (index >= 0) return this.contents[index];
    const occupied = this.base.occupied as Record<string | number, Record<string, string>>;
    return Object.hasOwn(occupied, row) ? occupied[row] : undefined;
  }

  private put(row: string | number, index: number, contents: Record<string, string> | undefined): void {
    if (index >= 0) this.contents[index] = contents;
    else {
      this.rows.push(row);
      this.contents.push(contents);
    }
  }
}

/** The frozen `seatMaps` of `state` with one flight's map replaced. */
export function withSeatMap(state: Readonly<TravelBookingState>, day: string, flightId: string, map: SeatMap): TravelBookingState['seatMaps'] {
  return records.seatMapDays.with(state.seatMaps, day, records.seatMapsOfDay.with(state.seatMaps[day], flightId, map)) as TravelBookingState['seatMaps'];
}

/**
 * The frozen `hotels` record with one room type's `roomsSold` (frozen) of one hotel replaced. The
 * room and the hotel are literals: every hotel and room of the world has these keys in this order.
 */
export function withRoomsSold(hotels: Readonly<Record<string, Hotel>>, hotel: Hotel, type: RoomType, roomsSold: Readonly<Record<string, number>>): Record<string, Hotel> {
  const base = hotel.rooms[type]!;
  const room: HotelRoom = Object.freeze({
    description: base.description,
    bedType: base.bedType,
    maxOccupancy: base.maxOccupancy,
    inventory: base.inventory,
    nightlyRates: base.nightlyRates,
    roomsSold: roomsSold as Record<string, number>,
  });
  const next: Hotel = Object.freeze({
    id: hotel.id,
    name: hotel.name,
    cityCode: hotel.cityCode,
    address: hotel.address,
    starRating: hotel.starRating,
    amenities: hotel.amenities,
    checkInTime: hotel.checkInTime,
    checkOutTime: hotel.checkOutTime,
    rooms: withKey(hotel.rooms as Record<string, HotelRoom>, type, room),
  });
  return records.hotels.with(hotels, hotel.id, next) as Record<string, Hotel>;
}
