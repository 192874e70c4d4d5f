import type { JsonSchema } from '../../core/index.js';
import type { ToolContext } from '../kit/Domain.js';
import {
  AIRCRAFT,
  type Booking,
  type Flight,
  type FlightBooking,
  type FlightOffer,
  type Hotel,
  type Itinerary,
  type Traveler,
  type TravelBookingState,
} from './TravelBookingState.js';
import type { BucketedRecord } from '../kit/bucketedRecord.js';
import { bookingOf } from './travelIndexes.js';
import { stayStart } from './travelRules.js';

/** Lookups that fail with a message naming the tool that lists valid ids, and the result shapes every tool shares. */

/** `record[key]` only when it is the record's own entry, so that ids like `constructor` are simply unknown. */
export function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

export type TravelContext = ToolContext<TravelBookingState>;
type State = Readonly<TravelBookingState>;

/** The session clock in the world's format (`2026-03-16T08:00:00Z`, no milliseconds), so that times compare as strings. */
export function nowOf(ctx: TravelContext): string {
  if (ctx.now !== lastNow) {
    lastNow = ctx.now;
    lastNowTrimmed = ctx.now.replace(/\.\d{3}Z$/, 'Z');
  }
  return lastNowTrimmed;
}
let lastNow = '';
let lastNowTrimmed = '';

export function requireTraveler(ctx: TravelContext, travelerId: string): Traveler {
  const traveler = own(ctx.base.travelers, travelerId);
  if (traveler === undefined) ctx.fail(`traveler ${travelerId} does not exist; traveler ids look like trv_1 — list_traveler_profiles finds them by name`);
  return traveler as Traveler;
}

export function requireFlight(ctx: TravelContext, flightId: string): Flight {
  const flight = own(ctx.base.flights, flightId);
  if (flight === undefined) ctx.fail(`flight ${flightId} does not exist; flight ids look like UA512-2026-03-20 (flight number and departure date) — search_flight_offers lists them`);
  return flight as Flight;
}

export function requireHotel(ctx: TravelContext, hotelId: string): Hotel {
  const hotel = own(ctx.base.hotels, hotelId);
  if (hotel === undefined) ctx.fail(`hotel ${hotelId} does not exist; hotel ids look like MGNYC001 — search_hotels lists the hotels of a city`);
  return hotel as Hotel;
}

export function requireBooking(ctx: TravelContext, bookingId: string): Booking {
  const booking = bookingOf(ctx.base.bookings, bookingId);
  if (booking === undefined) ctx.fail(`booking ${bookingId} does not exist; booking ids look like bkg_12 — list_travel_bookings lists them`);
  return booking as Booking;
}

export function requireItinerary(ctx: TravelContext, itineraryId: string): Itinerary {
  const itinerary = own(ctx.base.itineraries, itineraryId);
  if (itinerary === undefined) {
    ctx.fail(`itinerary ${itineraryId} does not exist; itinerary ids look like itn_3 — get_traveler_profile lists a traveler's itineraries, create_itinerary makes a new one`);
  }
  return itinerary as Itinerary;
}

export function requireOffer(ctx: TravelContext, offerId: string): FlightOffer {
  const offer = own(ctx.base.flightOffers, offerId);
  if (offer === undefined) ctx.fail(`flight offer ${offerId} does not exist; price_flight_offer creates an offer (id like off_4) for a flight, cabin and fare family`);
  return offer as FlightOffer;
}

export function fullName(traveler: Traveler): string {
  return `${traveler.firstName} ${traveler.lastName}`;
}

/** `••••••821`: the last three characters of a passport number; the number itself never leaves the server. */
export function maskPassportNumber(number: string): string {
  return `${'•'.repeat(Math.max(0, number.length - 3))}${number.slice(-3)}`;
}

export function flightView(state: State, flight: Flight) {
  return {
    flightId: flight.id,
    carrierCode: flight.carrierCode,
    carrierName: state.airlines[flight.carrierCode]?.name ?? flight.carrierCode,
    flightNumber: flight.flightNumber,
    origin: flight.origin,
    destination: flight.destination,
    departureTime: flight.departureTime,
    arrivalTime: flight.arrivalTime,
    durationMinutes: flight.durationMinutes,
    aircraft: AIRCRAFT[flight.aircraft]?.name ?? flight.aircraft,
  };
}

export function hotelSummary(hotel: Hotel) {
  return { hotelId: hotel.id, name: hotel.name, cityCode: hotel.cityCode, address: hotel.address, starRating: hotel.starRating };
}

function membershipViews(state: State, traveler: Traveler) {
  const views = [];
  for (const m of traveler.loyaltyPrograms) views.push({ programOwner: m.programOwner, programName: state.airlines[m.programOwner]?.loyaltyProgram ?? m.programOwner, memberId: m.memberId });
  return views;
}

export function travelerView(state: State, traveler: Traveler) {
  return {
    travelerId: traveler.id,
    firstName: traveler.firstName,
    lastName: traveler.lastName,
    dateOfBirth: traveler.dateOfBirth,
    email: traveler.email,
    phone: traveler.phone,
    nationality: traveler.nationality,
    passport:
      traveler.passport === null
        ? null
        : { numberMasked: maskPassportNumber(traveler.passport.number), issuingCountry: traveler.passport.issuingCountry, expiryDate: traveler.passport.expiryDate },
    loyaltyPrograms: membershipViews(state, traveler),
    createdAt: traveler.createdAt,
  };
}

/** One line per booking, for lists and itineraries. */
export function bookingSummary(state: State, booking: Booking) {
  let description: string;
  let startTime: string;
  let endTime: string;
  let travelerIds: string[];
  if (booking.type === 'FLIGHT') {
    const flight = state.flights[booking.flightId];
    description = `${flight.flightNumber} ${flight.origin}→${flight.destination}, ${booking.travelClass} ${booking.fareFamily}, ${booking.passengers.length} traveler(s)`;
    startTime = flight.departureTime;
    endTime = flight.arrivalTime;
    travelerIds = new Array<string>(booking.passengers.length);
    for (let i = 0; i < booking.passengers.length; i++) travelerIds[i] = booking.passengers[i].travelerId;
  } else {
    const hotel = state.hotels[booking.hotelId];
    let nights = 0;
    for (const _ in booking.nightlyRates) nights++;
    description = `${hotel.name}, ${booking.roomType} x${booking.rooms}, ${nights} night(s), ${booking.ratePlan}`;
    startTime = stayStart(booking.checkInDate);
    endTime = `${booking.checkOutDate}T${hotel.checkOutTime}:00Z`;
    travelerIds = [booking.travelerId];
  }
  return {
    bookingId: booking.id,
    type: booking.type,
    status: booking.status,
    description,
    startTime,
    endTime,
    travelerIds,
    totalPrice: booking.totalPrice,
    currency: booking.currency,
    itineraryId: booking.itineraryId,
  };
}

/**
 * A booking with everything a model needs to act on it: the flight or hotel, travelers by name, policy, cancellation.
 * Written out key by key: V8 builds `{ ...common, more }` through a slow runtime path (about 2 µs here).
 */
export function bookingView(state: State, booking: Booking) {
  if (booking.type === 'FLIGHT') return flightBookingView(state, booking, state.flights[booking.flightId], undefined);
  const traveler = state.travelers[booking.travelerId];
  return {
    bookingId: booking.id,
    type: booking.type,
    status: booking.status,
    totalPrice: booking.totalPrice,
    currency: booking.currency,
    cancellationPolicy: booking.cancellationPolicy,
    itineraryId: booking.itineraryId,
    createdAt: booking.createdAt,
    cancellation: booking.cancellation,
    startTime: stayStart(booking.checkInDate),
    confirmationNumber: booking.confirmationNumber,
    hotel: hotelSummary(state.hotels[booking.hotelId]),
    roomType: booking.roomType,
    ratePlan: booking.ratePlan,
    checkInDate: booking.checkInDate,
    checkOutDate: booking.checkOutDate,
    rooms: booking.rooms,
    guests: booking.guests,
    travelerId: booking.travelerId,
    leadGuestName: traveler ? fullName(traveler) : booking.travelerId,
    nightlyRates: booking.nightlyRates,
  };
}

/**
 * `bookingView` of a flight booking whose flight (and, when given, whose passengers' profiles, in
 * passenger order) the caller has already looked up: each lookup in the large flights and travelers
 * records costs ~30 ns.
 */
export function flightBookingView(state: State, booking: FlightBooking, flight: Flight, travelers: readonly Traveler[] | undefined) {
  const passengers = new Array<{ travelerId: string; name: string; seat: string; loyaltyNumber: string | null }>(booking.passengers.length);
  for (let i = 0; i < booking.passengers.length; i++) {
    const p = booking.passengers[i];
    const traveler = travelers !== undefined ? travelers[i] : state.travelers[p.travelerId];
    passengers[i] = { travelerId: p.travelerId, name: traveler ? fullName(traveler) : p.travelerId, seat: p.seat, loyaltyNumber: p.loyaltyNumber };
  }
  return {
    bookingId: booking.id,
    type: booking.type,
    status: booking.status,
    totalPrice: booking.totalPrice,
    currency: booking.currency,
    cancellationPolicy: booking.cancellationPolicy,
    itineraryId: booking.itineraryId,
    createdAt: booking.createdAt,
    cancellation: booking.cancellation,
    startTime: flight?.departureTime ?? '',
    recordLocator: booking.recordLocator,
    offerId: booking.offerId,
    flight: flightView(state, flight),
    travelClass: booking.travelClass,
    fareFamily: booking.fareFamily,
    pricePerTraveler: booking.pricePerTraveler,
    passengers,
  };
}

/** An itinerary with its bookings (looked up in `bookings`: the state's, or those a call is writing). */
export function itineraryView(state: State, itinerary: Itinerary, bookingRecord: Readonly<BucketedRecord<Booking>> = state.bookings) {
  const bookings = [];
  for (const id of itinerary.bookingIds) bookings.push(bookingSummary(state, bookingOf(bookingRecord, id)!));
  bookings.sort(byStartTime);
  let total = 0;
  let startTime: string | null = null;
  let endTime: string | null = null;
  for (const b of bookings) {
    if (b.status !== 'CONFIRMED') continue;
    total += b.totalPrice;
    if (startTime === null) {
      startTime = b.startTime;
      endTime = b.endTime;
    } else if (b.endTime > endTime!) endTime = b.endTime;
  }
  const traveler = state.travelers[itinerary.travelerId];
  return {
    itineraryId: itinerary.id,
    name: itinerary.name,
    travelerId: itinerary.travelerId,
    travelerName: traveler ? fullName(traveler) : itinerary.travelerId,
    createdAt: itinerary.createdAt,
    startTime,
    endTime,
    totalPrice: Math.round(total * 100) / 100,
    currency: 'USD',
    bookings,
  };
}

/** Chronological order of booking summaries (a module-level comparator: no closure per call). */
function byStartTime(a: { startTime: string }, b: { startTime: string }): number {
  return a.startTime < b.startTime ? -1 : a.startTime > b.startTime ? 1 : 0;
}

// Output schemas shared by several tools.

const str = (description: string): JsonSchema => ({ type: 'string', description });
const money = (description: string): JsonSchema => ({ type: 'number', description: `${description} (USD, two decimals)` });
const nullable = (schema: JsonSchema): JsonSchema => ({ ...schema, type: [schema.type as string, 'null'] });

export const flightSchema: JsonSchema = {
  type: 'object',
  properties: {
    flightId: str('Flight id, e.g. UA512-2026-03-20'),
    carrierCode: str('IATA airline code'),
    carrierName: str('Airline name'),
    flightNumber: str('Marketing flight number'),
    origin: str('Departure airport (IATA)'),
    destination: str('Arrival airport (IATA)'),
    departureTime: str('Departure, ISO-8601 UTC'),
    arrivalTime: str('Arrival, ISO-8601 UTC'),
    durationMinutes: { type: 'integer' },
    aircraft: str('Aircraft type'),
  },
  required: ['flightId', 'carrierCode', 'flightNumber', 'origin', 'destination', 'departureTime', 'arrivalTime', 'durationMinutes', 'aircraft'],
};

export const cancellationPolicySchema: JsonSchema = {
  type: 'object',
  description: 'Fare rules or rate-plan rules: what cancelling costs by whole days left before departure or check-in',
  properties: {
    refundable: { type: 'boolean' },
    tiers: {
      type: 'array',
      items: {
        type: 'object',
        properties: { minDaysBefore: { type: 'integer' }, feePerTraveler: { type: 'number' }, feePercent: { type: 'number' }, feeNights: { type: 'number' } },
        required: ['minDaysBefore'],
      },
    },
    summary: str('The rules in words'),
  },
  required: ['refundable', 'tiers', 'summary'],
};

export const cancellationSchema: JsonSchema = {
  type: ['object', 'null'],
  properties: {
    cancelledAt: str('ISO-8601 UTC'),
    daysBefore: { type: 'integer', description: 'Whole days left before departure or check-in when cancelled' },
    fee: money('Cancellation fee kept'),
    refund: money('Amount refunded'),
    reason: { type: ['string', 'null'] },
  },
  required: ['cancelledAt', 'daysBefore', 'fee', 'refund'],
};

export const bookingSummarySchema: JsonSchema = {
  type: 'object',
  properties: {
    bookingId: str('Booking id, e.g. bkg_12'),
    type: { type: 'string', enum: ['FLIGHT', 'HOTEL'] },
    status: { type: 'string', enum: ['CONFIRMED', 'CANCELLED'] },
    description: str('One line: flight and cabin, or hotel, room and nights'),
    startTime: str('Departure or check-in (15:00), ISO-8601 UTC'),
    endTime: str('Arrival or check-out, ISO-8601 UTC'),
    travelerIds: { type: 'array', items: { type: 'string' } },
    totalPrice: money('Price paid'),
    currency: { type: 'string' },
    itineraryId: nullable(str('Itinerary the booking belongs to')),
  },
  required: ['bookingId', 'type', 'status', 'description', 'startTime', 'endTime', 'travelerIds', 'totalPrice', 'currency', 'itineraryId'],
};

export const bookingSchema: JsonSchema = {
  type: 'object',
  description: 'A flight booking (flight, passengers with seats, fare family) or a hotel booking (hotel, room type, dates, rate plan)',
  properties: {
    bookingId: str('Booking id, e.g. bkg_12'),
    type: { type: 'string', enum: ['FLIGHT', 'HOTEL'] },
    status: { type: 'string', enum: ['CONFIRMED', 'CANCELLED'] },
    totalPrice: money('Price paid'),
    currency: { type: 'string' },
    cancellationPolicy: cancellationPolicySchema,
    itineraryId: nullable(str('Itinerary the booking belongs to')),
    createdAt: str('ISO-8601 UTC'),
    cancellation: cancellationSchema,
    startTime: str('Departure or check-in, ISO-8601 UTC'),
    recordLocator: str('Airline record locator (flights)'),
    offerId: nullable(str('The priced offer this flight booking came from')),
    flight: flightSchema,
    travelClass: { type: 'string', enum: ['ECONOMY', 'PREMIUM_ECONOMY', 'BUSINESS', 'FIRST'] },
    fareFamily: { type: 'string', enum: ['LIGHT', 'STANDARD', 'FLEX'] },
    pricePerTraveler: money('Fare per traveler'),
    passengers: {
      type: 'array',
      items: {
        type: 'object',
        properties: { travelerId: { type: 'string' }, name: { type: 'string' }, seat: { type: 'string' }, loyaltyNumber: { type: ['string', 'null'] } },
        required: ['travelerId', 'name', 'seat', 'loyaltyNumber'],
      },
    },
    confirmationNumber: str('Hotel confirmation number (hotels)'),
    hotel: {
      type: 'object',
      properties: { hotelId: { type: 'string' }, name: { type: 'string' }, cityCode: { type: 'string' }, address: { type: 'string' }, starRating: { type: 'integer' } },
      required: ['hotelId', 'name', 'cityCode'],
    },
    roomType: { type: 'string' },
    ratePlan: { type: 'string', enum: ['FLEXIBLE', 'NON_REFUNDABLE'] },
    checkInDate: str('YYYY-MM-DD'),
    checkOutDate: str('YYYY-MM-DD'),
    rooms: { type: 'integer' },
    guests: { type: 'integer' },
    travelerId: str('Lead guest (hotels)'),
    leadGuestName: { type: 'string' },
    nightlyRates: { type: 'object', description: 'Rate per room by night (YYYY-MM-DD)', additionalProperties: { type: 'number' } },
  },
  required: ['bookingId', 'type', 'status', 'totalPrice', 'currency', 'cancellationPolicy', 'itineraryId', 'createdAt', 'cancellation', 'startTime'],
};

export const travelerSchema: JsonSchema = {
  type: 'object',
  properties: {
    travelerId: str('Traveler id, e.g. trv_7'),
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    dateOfBirth: str('YYYY-MM-DD'),
    email: { type: 'string' },
    phone: { type: 'string' },
    nationality: str('ISO 3166-1 alpha-2 country code'),
    passport: {
      type: ['object', 'null'],
      description: 'Passport on file; the number is masked',
      properties: { numberMasked: { type: 'string' }, issuingCountry: { type: 'string' }, expiryDate: str('YYYY-MM-DD') },
      required: ['numberMasked', 'issuingCountry', 'expiryDate'],
    },
    loyaltyPrograms: {
      type: 'array',
      items: {
        type: 'object',
        properties: { programOwner: str('Airline code'), programName: { type: 'string' }, memberId: { type: 'string' } },
        required: ['programOwner', 'programName', 'memberId'],
      },
    },
    createdAt: str('ISO-8601 UTC'),
  },
  required: ['travelerId', 'firstName', 'lastName', 'dateOfBirth', 'email', 'phone', 'nationality', 'passport', 'loyaltyPrograms', 'createdAt'],
};

export const itinerarySchema: JsonSchema = {
  type: 'object',
  properties: {
    itineraryId: str('Itinerary id, e.g. itn_3'),
    name: { type: 'string' },
    travelerId: { type: 'string' },
    travelerName: { type: 'string' },
    createdAt: str('ISO-8601 UTC'),
    startTime: nullable(str('Start of the first confirmed booking')),
    endTime: nullable(str('End of the last confirmed booking')),
    totalPrice: money('Sum over confirmed bookings'),
    currency: { type: 'string' },
    bookings: { type: 'array', items: bookingSummarySchema, description: 'In chronological order' },
  },
  required: ['itineraryId', 'name', 'travelerId', 'travelerName', 'createdAt', 'startTime', 'endTime', 'totalPrice', 'currency', 'bookings'],
};

export { money, str };
