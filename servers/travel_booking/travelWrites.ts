import type { BucketedRecord } from '../kit/bucketedRecord.js';
import { shallowCopy } from '../kit/shallowCopy.js';
import { RecordCopies, type RecordEdit } from '../kit/RecordCopies.js';
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
 * `hold` gives a seat to a holder. Rows are copied once, on their first change.
 */
export class SeatMapEdit {
  private readonly occupied: RecordEdit<Record<string, string>>;
  /** Rows this edit made (new objects, changed in place until `finish` freezes them). */
  private readonly newRows: Array<string | number> = [];

  constructor(private readonly base: SeatMap) {
    this.occupied = records.seatRows.edit(base.occupied as Record<string | number, Record<string, string>>);
  }

  release(seat: string): void {
    const row = seatRowKey(seat);
    const taken = this.occupied.get(row);
    if (taken === undefined) return;
    const rest = withoutKey(taken, seat.slice(-1));
    if (isEmpty(rest)) this.occupied.delete(row);
    else {
      this.occupied.set(row, rest);
      this.newRows.push(row);
    }
  }

  hold(seat: string, holder: string): void {
    const row = seatRowKey(seat);
    const letter = seat.slice(-1);
    const taken = this.occupied.get(row);
    if (taken !== undefined && Object.isExtensible(taken)) {
      taken[letter] = holder;
      return;
    }
    const copy: Record<string, string> = taken === undefined ? {} : shallowCopy(taken);
    copy[letter] = holder;
    this.occupied.set(row, copy);
    this.newRows.push(row);
  }

  /**
   * The new seat map, frozen; with `seatsAvailable[cabin]` moved by `change` when a cabin is given.
   * Built as a literal: a seat map's key order is never shown (results list seats in cabin order).
   */
  finish(cabin?: string, change = 0): SeatMap {
    for (let i = 0; i < this.newRows.length; i++) {
      const taken = this.occupied.get(this.newRows[i]);
      if (taken !== undefined) Object.freeze(taken);
    }
    const available = this.base.seatsAvailable as Record<string, number>;
    return Object.freeze({
      seatsAvailable: cabin === undefined ? available : withKey(available, cabin, available[cabin] + change),
      occupied: this.occupied.finish() as SeatMap['occupied'],
    });
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
