import { travelBookingScenarios } from './travelBookingScenarios.js';
import { defineDomain, type DomainInvariant, type DomainSampler } from '../kit/Domain.js';
import { loadFixture } from '../kit/fixtures.js';
import { type BucketedRecord, entryPairs, entryValues, getEntry, hasEntry } from '../kit/bucketedRecord.js';
import { bookingTools } from './bookingTools.js';
import { flightTools } from './flightTools.js';
import { hotelTools } from './hotelTools.js';
import { EXTERNAL_SEAT_HOLDER, TRAVEL_REFERENCE_DATE, type Booking, type Cabin, type RoomType, type SeatMap, type TravelBookingState } from './TravelBookingState.js';
import { travelerTools } from './travelerTools.js';
import { cabinSeats, cabinsOf, heldSeats, roundCents, seatCabin, seatHolder, seatMapOf } from './travelRules.js';
import { isFrozenState } from '../kit/isFrozenState.js';
import { bookingSummary, fullName } from './travelViews.js';
import { travelBookingPhrasings } from './travelBookingPhrasings.js';

type State = Readonly<TravelBookingState>;

/** Rooms each confirmed hotel booking holds, keyed `hotel/roomType/night`. */
function roomNightsHeld(bookings: Readonly<BucketedRecord<Booking>>): Map<string, number> {
  const held = new Map<string, number>();
  for (const b of entryValues(bookings)) {
    if (b.type !== 'HOTEL' || b.status !== 'CONFIRMED') continue;
    for (const night in b.nightlyRates) {
      const key = `${b.hotelId}/${b.roomType}/${night}`;
      held.set(key, (held.get(key) ?? 0) + b.rooms);
    }
  }
  return held;
}

const heldCache = new WeakMap<object, Map<string, number>>();
function roomNightsHeldCached(bookings: Readonly<BucketedRecord<Booking>>): Map<string, number> {
  let held = heldCache.get(bookings);
  if (held === undefined) {
    held = roomNightsHeld(bookings);
    if (isFrozenState(bookings)) heldCache.set(bookings, held);
  }
  return held;
}

function externalSeats(map: SeatMap): number {
  let count = 0;
  for (const [, holder] of heldSeats(map)) if (holder === EXTERNAL_SEAT_HOLDER) count++;
  return count;
}

/** Seat maps that are not the very objects of the initial world, with their flight ids. */
function changedSeatMaps(state: State, initial: State): Array<[string, SeatMap, SeatMap | undefined]> {
  const changed: Array<[string, SeatMap, SeatMap | undefined]> = [];
  for (const day in state.seatMaps) {
    const maps = state.seatMaps[day];
    const before = initial.seatMaps[day];
    if (maps === before) continue;
    for (const flightId in maps) if (maps[flightId] !== before?.[flightId]) changed.push([flightId, maps[flightId], before?.[flightId]]);
  }
  return changed;
}

const invariants: DomainInvariant<TravelBookingState>[] = [
  {
    name: 'no seat is double-booked',
    check(state, initial) {
      for (const [id, b] of entryPairs(state.bookings)) {
        if (b.type !== 'FLIGHT') continue;
        const flight = state.flights[b.flightId];
        if (flight === undefined) continue;
        const map = seatMapOf(state, flight);
        const seats = new Set<string>();
        for (const p of b.passengers) {
          if (b.status === 'CONFIRMED') {
            if (seats.has(p.seat)) return `booking ${id} seats two passengers in ${p.seat}`;
            seats.add(p.seat);
            const holder = seatHolder(map, p.seat);
            if (holder !== id) return `booking ${id} has seat ${p.seat} on ${flight.id}, but the seat map gives it to ${holder ?? 'nobody'}`;
            if (seatCabin(flight.aircraft, p.seat) !== b.travelClass) return `booking ${id} is in ${b.travelClass} but seat ${p.seat} is not`;
          } else if (seatHolder(map, p.seat) === id) {
            return `cancelled booking ${id} still holds seat ${p.seat} on ${flight.id}`;
          }
        }
      }
      // Seat maps changed since the initial world: every seat belongs to EXTERNAL or to a confirmed booking that lists it.
      for (const [flightId, map] of changedSeatMaps(state, initial)) {
        for (const [seat, holder] of heldSeats(map)) {
          if (holder === EXTERNAL_SEAT_HOLDER) continue;
          const b = getEntry(state.bookings, holder)!;
          if (b === undefined || b.type !== 'FLIGHT' || b.status !== 'CONFIRMED' || b.flightId !== flightId || !b.passengers.some((p) => p.seat === seat)) {
            return `seat ${seat} on ${flightId} is held by ${holder}, which is not a confirmed booking with that seat`;
          }
        }
      }
      return undefined;
    },
  },
  {
    name: "booked seats plus free seats equal each cabin's capacity",
    check(state, initial) {
      for (const [flightId, map, before] of changedSeatMaps(state, initial)) {
        const flight = state.flights[flightId];
        if (flight === undefined) return `seat map of ${flightId}, a flight that does not exist`;
        const taken = new Map<Cabin, number>();
        for (const [seat] of heldSeats(map)) {
          const cabin = seatCabin(flight.aircraft, seat);
          if (cabin === undefined) return `seat ${seat} on ${flightId} does not exist on its aircraft`;
          taken.set(cabin, (taken.get(cabin) ?? 0) + 1);
        }
        for (const cabin of cabinsOf(flight)) {
          const capacity = cabinSeats(flight.aircraft, cabin).length;
          const available = map.seatsAvailable[cabin] ?? -1;
          const held = taken.get(cabin) ?? 0;
          if (available < 0 || available + held !== capacity) return `${flightId} ${cabin}: ${held} seats taken + ${available} available != capacity ${capacity}`;
        }
        if (before !== undefined && externalSeats(map) !== externalSeats(before)) {
          return `${flightId}: seats of passengers booked elsewhere changed from ${externalSeats(before)} to ${externalSeats(map)}`;
        }
      }
      return undefined;
    },
  },
  {
    name: 'hotel room-nights sold never exceed inventory and move only with bookings',
    check(state, initial) {
      const held = roomNightsHeld(state.bookings);
      const heldBefore = roomNightsHeldCached(initial.bookings);
      const keys = new Set<string>([...held.keys(), ...heldBefore.keys()]);
      for (const hotelId in state.hotels) {
        if (state.hotels[hotelId] === initial.hotels[hotelId]) continue;
        for (const [type, room] of Object.entries(state.hotels[hotelId].rooms)) for (const night in room!.roomsSold) keys.add(`${hotelId}/${type}/${night}`);
      }
      for (const key of keys) {
        const [hotelId, type, night] = key.split('/');
        const room = state.hotels[hotelId]?.rooms[type as RoomType];
        if (room === undefined) return `room-nights are held at ${hotelId} ${type}, which does not exist`;
        const sold = room.roomsSold[night] ?? 0;
        if (sold < 0 || sold > room.inventory) return `${hotelId} ${type} on ${night}: ${sold} rooms sold of ${room.inventory}`;
        const roomBefore = initial.hotels[hotelId]?.rooms[type as RoomType];
        const soldBefore = roomBefore?.roomsSold[night] ?? 0;
        if (sold - (held.get(key) ?? 0) !== soldBefore - (heldBefore.get(key) ?? 0)) {
          return `${hotelId} ${type} on ${night}: ${sold} sold but bookings hold ${held.get(key) ?? 0} (initially ${soldBefore} and ${heldBefore.get(key) ?? 0})`;
        }
      }
      return undefined;
    },
  },
  {
    name: 'every booking, offer and itinerary references existing flights, hotels, travelers and bookings',
    check(state) {
      for (const [id, b] of entryPairs(state.bookings)) {
        if (b.id !== id) return `booking stored under ${id} has id ${b.id}`;
        if (b.type === 'FLIGHT') {
          if (state.flights[b.flightId] === undefined) return `booking ${id} references missing flight ${b.flightId}`;
          if (state.flights[b.flightId].fares[b.travelClass] === undefined) return `booking ${id} is in ${b.travelClass}, which flight ${b.flightId} does not have`;
          for (const p of b.passengers) if (state.travelers[p.travelerId] === undefined) return `booking ${id} references missing traveler ${p.travelerId}`;
          if (b.offerId !== null && state.flightOffers[b.offerId]?.bookingId !== id) return `booking ${id} came from offer ${b.offerId}, which does not point back to it`;
        } else {
          if (state.hotels[b.hotelId]?.rooms[b.roomType] === undefined) return `booking ${id} references missing hotel room ${b.hotelId} ${b.roomType}`;
          if (state.travelers[b.travelerId] === undefined) return `booking ${id} references missing traveler ${b.travelerId}`;
        }
        if (b.itineraryId !== null && state.itineraries[b.itineraryId] === undefined) return `booking ${id} references missing itinerary ${b.itineraryId}`;
      }
      for (const id in state.flights) {
        const day = state.flights[id].departureTime.slice(0, 10);
        if (state.seatMaps[day]?.[id] === undefined) return `flight ${id} has no seat map`;
      }
      for (const id in state.flightOffers) {
        const offer = state.flightOffers[id];
        if (state.flights[offer.flightId] === undefined) return `offer ${id} references missing flight ${offer.flightId}`;
        if ((offer.status === 'BOOKED') !== (offer.bookingId !== null && hasEntry(state.bookings, offer.bookingId))) return `offer ${id} is ${offer.status} with booking ${offer.bookingId}`;
      }
      for (const id in state.itineraries) {
        const itinerary = state.itineraries[id];
        if (state.travelers[itinerary.travelerId] === undefined) return `itinerary ${id} references missing traveler ${itinerary.travelerId}`;
        const seen = new Set<string>();
        for (const bookingId of itinerary.bookingIds) {
          if (seen.has(bookingId)) return `itinerary ${id} lists ${bookingId} twice`;
          seen.add(bookingId);
          if (getEntry(state.bookings, bookingId)?.itineraryId !== id) return `itinerary ${id} lists ${bookingId}, which does not belong to it`;
        }
      }
      return undefined;
    },
  },
  {
    name: 'prices, cancellation fees and refunds add up',
    check(state) {
      for (const [id, b] of entryPairs(state.bookings)) {
        let expected = 0;
        if (b.type === 'FLIGHT') expected = roundCents(b.pricePerTraveler * b.passengers.length);
        else {
          for (const night in b.nightlyRates) expected += b.nightlyRates[night];
          expected = roundCents(roundCents(expected) * b.rooms);
        }
        if (Math.abs(expected - b.totalPrice) > 0.005) return `booking ${id} costs ${b.totalPrice} but its parts add up to ${expected}`;
        if (b.status === 'CONFIRMED' && b.cancellation !== null) return `confirmed booking ${id} carries a cancellation`;
        if (b.status === 'CANCELLED') {
          const c = b.cancellation;
          if (c === null) return `cancelled booking ${id} has no cancellation record`;
          if (c.fee < 0 || c.refund < 0 || Math.abs(c.fee + c.refund - b.totalPrice) > 0.005) return `booking ${id}: fee ${c.fee} + refund ${c.refund} != price ${b.totalPrice}`;
          if (!b.cancellationPolicy.refundable && c.refund !== 0) return `non-refundable booking ${id} refunded ${c.refund}`;
        }
      }
      return undefined;
    },
  },
];

const referenceTime = TRAVEL_REFERENCE_DATE;

const samplers: DomainSampler<TravelBookingState>[] = [
  {
    collection: 'flights',
    description: 'Flights that have not departed with at least 2 free ECONOMY seats: id, route, cities, date, seats per cabin and the cheapest fare',
    sample(state: State) {
      const out = [];
      for (const id in state.flights) {
        const f = state.flights[id];
        const map = seatMapOf(state, f);
        if (f.departureTime <= referenceTime || (map.seatsAvailable.ECONOMY ?? 0) < 2) continue;
        const origin = state.airports[f.origin];
        const destination = state.airports[f.destination];
        out.push({
          flightId: f.id,
          flightNumber: f.flightNumber,
          airline: state.airlines[f.carrierCode]?.name,
          origin: f.origin,
          originCity: state.cities[origin.cityCode].name,
          destination: f.destination,
          destinationCity: state.cities[destination.cityCode].name,
          departureDate: f.departureTime.slice(0, 10),
          departureTime: f.departureTime,
          international: origin.countryCode !== destination.countryCode,
          seatsAvailable: { ...map.seatsAvailable },
          economyLightFare: roundCents(f.fares.ECONOMY! * 0.8),
        });
      }
      return out;
    },
  },
  {
    collection: 'hotels',
    description: 'Hotels with at least one room type free on most upcoming nights: id, name, city, stars, room types and the range of nightly rates',
    sample(state: State) {
      const today = referenceTime.slice(0, 10);
      const out = [];
      for (const id in state.hotels) {
        const h = state.hotels[id];
        let low = Infinity;
        let high = 0;
        const freeTypes: string[] = [];
        for (const [type, room] of Object.entries(h.rooms)) {
          const nights = Object.keys(room!.nightlyRates).filter((night) => night >= today);
          const free = nights.filter((night) => (room!.roomsSold[night] ?? 0) < room!.inventory).length;
          if (free >= nights.length * 0.7) freeTypes.push(type);
          for (const night of nights) {
            low = Math.min(low, room!.nightlyRates[night]);
            high = Math.max(high, room!.nightlyRates[night]);
          }
        }
        if (freeTypes.length === 0) continue;
        out.push({ hotelId: h.id, name: h.name, cityCode: h.cityCode, cityName: state.cities[h.cityCode]?.name, starRating: h.starRating, roomTypes: freeTypes, nightlyRateFrom: low, nightlyRateTo: high });
      }
      return out;
    },
  },
  {
    collection: 'travelers',
    description: 'Traveler profiles: id, name, nationality, passport expiry (null when none on file) and loyalty programmes',
    sample(state: State) {
      return Object.values(state.travelers).map((t) => ({
        travelerId: t.id,
        name: fullName(t),
        email: t.email,
        nationality: t.nationality,
        passportExpiryDate: t.passport?.expiryDate ?? null,
        loyaltyPrograms: t.loyaltyPrograms.map((m) => m.programOwner),
      }));
    },
  },
  {
    collection: 'bookings',
    description: 'Confirmed bookings whose trip has not begun (they can still be changed or cancelled): id, type, travelers, description, start, fare family or rate plan',
    sample(state: State) {
      const out = [];
      for (const [id, b] of entryPairs(state.bookings)) {
        if (b.status !== 'CONFIRMED') continue;
        const summary = bookingSummary(state, b);
        if (summary.startTime <= referenceTime) continue;
        const what = summary.description.split(',')[0];
        out.push({
          bookingId: id,
          // How the traveller names it (the flight or the hotel, and the day); the assistant finds the id in their bookings.
          name: b.type === 'FLIGHT' ? `my ${what} flight on ${summary.startTime.slice(0, 10)}` : `my stay at ${what} from ${summary.startTime.slice(0, 10)}`,
          type: b.type,
          // The lead traveller holds the booking (a signed-in traveller acts on their own bookings).
          travelerId: summary.travelerIds[0],
          travelerIds: summary.travelerIds,
          travelerNames: summary.travelerIds.map((t) => (state.travelers[t] ? fullName(state.travelers[t]) : t)),
          description: summary.description,
          startTime: summary.startTime,
          fare: b.type === 'FLIGHT' ? b.fareFamily : b.ratePlan,
          refundable: b.cancellationPolicy.refundable,
          itineraryId: b.itineraryId,
        });
      }
      return out;
    },
  },
  {
    collection: 'itineraries',
    description: 'Itineraries with at least one booking: id, name, traveler and booking ids',
    sample(state: State) {
      return Object.values(state.itineraries)
        .filter((i) => i.bookingIds.length > 0)
        .map((i) => ({ itineraryId: i.id, name: i.name, travelerId: i.travelerId, travelerName: state.travelers[i.travelerId] ? fullName(state.travelers[i.travelerId]) : i.travelerId, bookingIds: i.bookingIds.slice() }));
    },
  },
];

/**
 * Flights and hotels with live seat and room inventory, modelled on the Amadeus Self-Service APIs:
 * search airports and cities, search and price flight offers, book flights with seats, search and
 * book hotels, list and cancel bookings under fare rules, group them in itineraries, and keep
 * traveler profiles (passports, loyalty programmes).
 */
export const travelBookingDomain = defineDomain<TravelBookingState>({
  name: 'travel_booking',
  title: 'Travel booking',
  category: 'travel',
  description:
    'Flights and hotels with live inventory, modelled on the Amadeus Self-Service APIs: airport and city search, flight offer search and pricing, flight booking with seat maps and seat selection, hotel search and booking with per-night room inventory, bookings with fare-rule cancellation fees, itineraries and traveler profiles. Times are UTC, amounts USD.',
  tools: [...travelerTools.slice(0, 1), ...flightTools, ...hotelTools, ...bookingTools, ...travelerTools.slice(1)],
  loadWorld: () => loadFixture<TravelBookingState>('travel_booking'),
  defaultReferenceDate: TRAVEL_REFERENCE_DATE,
  samplers,
  invariants,
  phrasings: travelBookingPhrasings,
  scenarios: travelBookingScenarios,
  // Graph-drawn conversations act for one signed-in user (servers/README.md, "The signed-in user").
  principal: { collection: 'travelers', arguments: { traveler_id: 'traveler_id' }, context: ['The signed-in traveller is {name} (traveler id {traveler_id}).'] },
  sensitiveState: ['passport.number'],
});

export default travelBookingDomain;
