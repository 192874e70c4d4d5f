import type { BucketedRecord } from '../kit/bucketedRecord.js';
import { shallowCopy } from '../kit/shallowCopy.js';
import { bucketKeyOf } from './travelIndexes.js';
import type { Hotel, HotelRoom, RoomType, SeatMap, TravelBookingState } from './TravelBookingState.js';
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

/** A frozen copy of `record` with `key` set to `value`. */
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

/** A frozen copy of a bucketed record with the entry `id` added or replaced (what `setEntry` does on a draft). */
export function withEntry<T>(record: Readonly<BucketedRecord<T>>, id: string, entry: NoInfer<T>): Readonly<BucketedRecord<T>> {
  const key = bucketKeyOf(id);
  const bucket = Object.hasOwn(record, key) ? withKey(record[key], id, entry) : Object.freeze({ [id]: entry });
  return withKey(record, key, bucket as Record<string, T>);
}

/**
 * Changes to one seat map, applied in order: `release` frees a seat (a row left empty disappears),
 * `hold` gives a seat to a holder. Rows are copied once, on their first change.
 */
export class SeatMapEdit {
  private occupied: Record<string | number, Record<string, string>>;
  /** Rows this edit made (new objects, changed in place until `finish` freezes them). */
  private readonly newRows: Array<string | number> = [];

  constructor(private readonly base: SeatMap) {
    this.occupied = shallowCopy(base.occupied);
  }

  release(seat: string): void {
    const row = seatRowKey(seat);
    const taken = this.occupied[row];
    if (taken === undefined) return;
    const rest = withoutKey(taken, seat.slice(-1));
    if (isEmpty(rest)) {
      // A row number is an element index: deleting it leaves a hole, not a slow dictionary-mode object.
      if (typeof row === 'number') delete this.occupied[row];
      else this.occupied = withoutKey(this.occupied, row);
    } else {
      this.occupied[row] = rest;
      this.newRows.push(row);
    }
  }

  hold(seat: string, holder: string): void {
    const row = seatRowKey(seat);
    const letter = seat.slice(-1);
    const taken = this.occupied[row];
    if (taken !== undefined && !Object.isFrozen(taken)) {
      taken[letter] = holder;
      return;
    }
    const copy: Record<string, string> = taken === undefined ? {} : { ...taken };
    copy[letter] = holder;
    this.occupied[row] = copy;
    this.newRows.push(row);
  }

  /**
   * The new seat map, frozen; with `seatsAvailable[cabin]` moved by `change` when a cabin is given.
   * Built as a literal: a seat map's key order is never shown (results list seats in cabin order).
   */
  finish(cabin?: string, change = 0): SeatMap {
    for (const row of this.newRows) {
      const taken = this.occupied[row];
      if (taken !== undefined) Object.freeze(taken);
    }
    const available = this.base.seatsAvailable as Record<string, number>;
    return Object.freeze({
      seatsAvailable: cabin === undefined ? available : withKey(available, cabin, available[cabin] + change),
      occupied: Object.freeze(this.occupied) as SeatMap['occupied'],
    });
  }
}

/** The frozen `seatMaps` of `state` with one flight's map replaced. */
export function withSeatMap(state: Readonly<TravelBookingState>, day: string, flightId: string, map: SeatMap): TravelBookingState['seatMaps'] {
  return withKey(state.seatMaps, day, withKey(state.seatMaps[day], flightId, map)) as TravelBookingState['seatMaps'];
}

/** The frozen `hotels` record with one room type's `roomsSold` of one hotel replaced (`roomsSold` is frozen here). */
export function withRoomsSold(hotels: Readonly<Record<string, Hotel>>, hotel: Hotel, type: RoomType, roomsSold: Record<string, number>): Record<string, Hotel> {
  const room: HotelRoom = shallowCopy(hotel.rooms[type]!);
  room.roomsSold = Object.freeze(roomsSold);
  const rooms = withKey(hotel.rooms as Record<string, HotelRoom>, type, Object.freeze(room));
  const next: Hotel = shallowCopy(hotel);
  next.rooms = rooms;
  return withKey(hotels, hotel.id, Object.freeze(next)) as Record<string, Hotel>;
}
