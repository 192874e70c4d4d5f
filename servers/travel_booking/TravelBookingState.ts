/**
 * The travel_booking world: airports and cities, airlines, scheduled flights with seat maps, hotels
 * with per-night room inventory, traveler profiles, priced flight offers, bookings and itineraries.
 *
 * Conventions: every time is ISO-8601 in UTC (`2026-03-20T14:35:00Z`), every calendar day is
 * `YYYY-MM-DD`; every amount is a number in US dollars rounded to cents (two decimals), so one
 * currency (`USD`) is used everywhere.
 */

import { isFrozenState } from '../kit/isFrozenState.js';
import type { BucketedRecord } from '../kit/bucketedRecord.js';

/** Amadeus `travelClass`. */
export type Cabin = 'ECONOMY' | 'PREMIUM_ECONOMY' | 'BUSINESS' | 'FIRST';
export const CABINS: readonly Cabin[] = ['ECONOMY', 'PREMIUM_ECONOMY', 'BUSINESS', 'FIRST'];

/** Branded fares: LIGHT is non-refundable, STANDARD refundable for a fee, FLEX refundable almost to departure. */
export type FareFamily = 'LIGHT' | 'STANDARD' | 'FLEX';
export const FARE_FAMILIES: readonly FareFamily[] = ['LIGHT', 'STANDARD', 'FLEX'];

export type RoomType = 'STANDARD_QUEEN' | 'STANDARD_KING' | 'DOUBLE_QUEEN' | 'DELUXE_KING' | 'JUNIOR_SUITE' | 'SUITE';
export const ROOM_TYPES: readonly RoomType[] = ['STANDARD_QUEEN', 'STANDARD_KING', 'DOUBLE_QUEEN', 'DELUXE_KING', 'JUNIOR_SUITE', 'SUITE'];

/** FLEXIBLE pays the published nightly rate; NON_REFUNDABLE pays less and gets nothing back on cancellation. */
export type RatePlan = 'FLEXIBLE' | 'NON_REFUNDABLE';
export const RATE_PLANS: readonly RatePlan[] = ['FLEXIBLE', 'NON_REFUNDABLE'];

export type BookingStatus = 'CONFIRMED' | 'CANCELLED';
export type BookingType = 'FLIGHT' | 'HOTEL';

export const CURRENCY = 'USD';

/** The moment the fixture world was built around; every session's clock is this unless a world overrides it. */
export const TRAVEL_REFERENCE_DATE = '2026-03-16T08:00:00Z';

/** Who holds a seat that no booking of this world owns (passengers booked elsewhere). */
export const EXTERNAL_SEAT_HOLDER = 'EXTERNAL';

export interface Airport {
  /** IATA airport code, e.g. `JFK`. */
  iataCode: string;
  name: string;
  cityCode: string;
  countryCode: string;
  latitude: number;
  longitude: number;
}

export interface City {
  /** IATA city code, e.g. `NYC` (covers JFK, LGA and EWR). */
  cityCode: string;
  name: string;
  countryCode: string;
  countryName: string;
  airportCodes: string[];
}

export interface Airline {
  /** IATA carrier code, e.g. `UA`. */
  code: string;
  name: string;
  /** Name of its frequent-flyer programme. */
  loyaltyProgram: string;
}

/**
 * A scheduled flight. It never changes: what bookings change (which seats are taken) lives in
 * `seatMaps`, so that a booking does not copy the whole schedule.
 */
export interface Flight {
  /** `${flightNumber}-${departure date}`, e.g. `UA512-2026-03-20`. */
  id: string;
  carrierCode: string;
  flightNumber: string;
  origin: string;
  destination: string;
  departureTime: string;
  arrivalTime: string;
  durationMinutes: number;
  /** Key of `AIRCRAFT`. */
  aircraft: string;
  /** The STANDARD fare per traveler in each cabin of the aircraft; other fare families are priced from it. */
  fares: Partial<Record<Cabin, number>>;
}

/** Who sits where on one flight. */
export interface SeatMap {
  /** Free seats per cabin; always the cabin's capacity minus its seats in `occupied`. */
  seatsAvailable: Partial<Record<Cabin, number>>;
  /** Row -> seat letter -> the booking holding the seat, or `EXTERNAL`. A seat not listed is free. */
  occupied: Record<string, Record<string, string>>;
}

export interface HotelRoom {
  description: string;
  bedType: string;
  maxOccupancy: number;
  /** Rooms of this type the hotel sells each night. */
  inventory: number;
  /** Published FLEXIBLE rate per room, by night (`YYYY-MM-DD` of the evening). */
  nightlyRates: Record<string, number>;
  /** Rooms already sold, by night (bookings of this world plus guests booked elsewhere); a missing night is 0. */
  roomsSold: Record<string, number>;
}

export interface Hotel {
  id: string;
  name: string;
  cityCode: string;
  address: string;
  starRating: number;
  amenities: string[];
  checkInTime: string;
  checkOutTime: string;
  rooms: Partial<Record<RoomType, HotelRoom>>;
}

export interface Passport {
  /** Sensitive: only ever shown masked. */
  number: string;
  issuingCountry: string;
  expiryDate: string;
}

export interface LoyaltyMembership {
  /** Airline code of the programme. */
  programOwner: string;
  memberId: string;
}

export interface Traveler {
  id: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  email: string;
  phone: string;
  nationality: string;
  passport: Passport | null;
  loyaltyPrograms: LoyaltyMembership[];
  createdAt: string;
}

/** One step of a cancellation schedule: applies when at least `minDaysBefore` whole days remain. Exactly one fee field is set. */
export interface CancellationTier {
  minDaysBefore: number;
  feePerTraveler?: number;
  feePercent?: number;
  feeNights?: number;
}

export interface CancellationPolicy {
  refundable: boolean;
  /** Ordered from the most days before to the fewest; the first that applies sets the fee. */
  tiers: CancellationTier[];
  summary: string;
}

export interface Cancellation {
  cancelledAt: string;
  daysBefore: number;
  fee: number;
  refund: number;
  reason: string | null;
}

/** A price confirmation (Amadeus Flight Offers Price); booking it is what takes seats. */
export interface FlightOffer {
  id: string;
  flightId: string;
  travelClass: Cabin;
  fareFamily: FareFamily;
  adults: number;
  pricePerTraveler: number;
  totalPrice: number;
  currency: string;
  status: 'PRICED' | 'BOOKED';
  bookingId: string | null;
  createdAt: string;
}

export interface FlightPassenger {
  travelerId: string;
  seat: string;
  /** The traveler's member id with the operating airline's programme, when they have one. */
  loyaltyNumber: string | null;
}

export interface FlightBooking {
  id: string;
  type: 'FLIGHT';
  status: BookingStatus;
  recordLocator: string;
  offerId: string | null;
  flightId: string;
  travelClass: Cabin;
  fareFamily: FareFamily;
  passengers: FlightPassenger[];
  pricePerTraveler: number;
  totalPrice: number;
  currency: string;
  cancellationPolicy: CancellationPolicy;
  itineraryId: string | null;
  createdAt: string;
  cancellation: Cancellation | null;
}

export interface HotelBooking {
  id: string;
  type: 'HOTEL';
  status: BookingStatus;
  confirmationNumber: string;
  hotelId: string;
  roomType: RoomType;
  ratePlan: RatePlan;
  checkInDate: string;
  checkOutDate: string;
  rooms: number;
  guests: number;
  /** The lead guest. */
  travelerId: string;
  /** Rate paid per room for each night of the stay. */
  nightlyRates: Record<string, number>;
  totalPrice: number;
  currency: string;
  cancellationPolicy: CancellationPolicy;
  itineraryId: string | null;
  createdAt: string;
  cancellation: Cancellation | null;
}

export type Booking = FlightBooking | HotelBooking;

export interface Itinerary {
  id: string;
  name: string;
  travelerId: string;
  bookingIds: string[];
  createdAt: string;
}

export interface TravelBookingState {
  airports: Record<string, Airport>;
  cities: Record<string, City>;
  airlines: Record<string, Airline>;
  flights: Record<string, Flight>;
  /**
   * Seat maps by departure day, then flight id. Grouped by day because copy-on-write copies the
   * map a change goes through: one day's handful of flights rather than all of them.
   */
  seatMaps: Record<string, Record<string, SeatMap>>;
  hotels: Record<string, Hotel>;
  travelers: Record<string, Traveler>;
  flightOffers: Record<string, FlightOffer>;
  /** Bookings by id in buckets of 32 consecutive numbers (`servers/kit/bucketedRecord.ts`): a booking copies one small bucket. */
  bookings: BucketedRecord<Booking>;
  itineraries: Record<string, Itinerary>;
}

/** A cabin's seats: rows `firstRow..lastRow`, columns left to right with a space for each aisle. */
export interface CabinLayout {
  firstRow: number;
  lastRow: number;
  columns: string;
}

export interface AircraftType {
  name: string;
  cabins: Partial<Record<Cabin, CabinLayout>>;
}

/** The airlines of the world; their codes are also the loyalty programmes a traveler can join. */
export const AIRLINES: readonly Airline[] = [
  { code: 'AA', name: 'American Airlines', loyaltyProgram: 'AAdvantage' },
  { code: 'UA', name: 'United Airlines', loyaltyProgram: 'MileagePlus' },
  { code: 'DL', name: 'Delta Air Lines', loyaltyProgram: 'SkyMiles' },
  { code: 'B6', name: 'JetBlue', loyaltyProgram: 'TrueBlue' },
  { code: 'AS', name: 'Alaska Airlines', loyaltyProgram: 'Mileage Plan' },
  { code: 'HA', name: 'Hawaiian Airlines', loyaltyProgram: 'HawaiianMiles' },
  { code: 'AC', name: 'Air Canada', loyaltyProgram: 'Aeroplan' },
  { code: 'AM', name: 'Aeromexico', loyaltyProgram: 'Club Premier' },
  { code: 'BA', name: 'British Airways', loyaltyProgram: 'Executive Club' },
  { code: 'AF', name: 'Air France', loyaltyProgram: 'Flying Blue' },
  { code: 'KL', name: 'KLM Royal Dutch Airlines', loyaltyProgram: 'Flying Blue' },
  { code: 'LH', name: 'Lufthansa', loyaltyProgram: 'Miles & More' },
  { code: 'LX', name: 'Swiss International Air Lines', loyaltyProgram: 'Miles & More' },
  { code: 'IB', name: 'Iberia', loyaltyProgram: 'Iberia Plus' },
  { code: 'TP', name: 'TAP Air Portugal', loyaltyProgram: 'Miles&Go' },
  { code: 'EI', name: 'Aer Lingus', loyaltyProgram: 'AerClub' },
  { code: 'JL', name: 'Japan Airlines', loyaltyProgram: 'JAL Mileage Bank' },
  { code: 'SQ', name: 'Singapore Airlines', loyaltyProgram: 'KrisFlyer' },
  { code: 'EK', name: 'Emirates', loyaltyProgram: 'Skywards' },
  { code: 'QF', name: 'Qantas', loyaltyProgram: 'Frequent Flyer' },
];
export const AIRLINE_CODES: readonly string[] = AIRLINES.map((airline) => airline.code);

/** Seat layouts by IATA aircraft type code. */
export const AIRCRAFT: Readonly<Record<string, AircraftType>> = {
  E75: { name: 'Embraer E175', cabins: { BUSINESS: { firstRow: 1, lastRow: 3, columns: 'A CD' }, ECONOMY: { firstRow: 10, lastRow: 26, columns: 'AC DF' } } },
  '320': { name: 'Airbus A320', cabins: { BUSINESS: { firstRow: 1, lastRow: 3, columns: 'AC DF' }, ECONOMY: { firstRow: 7, lastRow: 30, columns: 'ABC DEF' } } },
  '738': { name: 'Boeing 737-800', cabins: { BUSINESS: { firstRow: 1, lastRow: 4, columns: 'AC DF' }, ECONOMY: { firstRow: 8, lastRow: 31, columns: 'ABC DEF' } } },
  '32Q': {
    name: 'Airbus A321neo',
    cabins: {
      BUSINESS: { firstRow: 1, lastRow: 4, columns: 'AC DF' },
      PREMIUM_ECONOMY: { firstRow: 8, lastRow: 10, columns: 'ABC DEF' },
      ECONOMY: { firstRow: 11, lastRow: 35, columns: 'ABC DEF' },
    },
  },
  '789': {
    name: 'Boeing 787-9',
    cabins: {
      BUSINESS: { firstRow: 1, lastRow: 8, columns: 'A DG K' },
      PREMIUM_ECONOMY: { firstRow: 20, lastRow: 24, columns: 'AC DEF HK' },
      ECONOMY: { firstRow: 30, lastRow: 53, columns: 'ABC DEF HJK' },
    },
  },
  '359': {
    name: 'Airbus A350-900',
    cabins: {
      FIRST: { firstRow: 1, lastRow: 2, columns: 'A D K' },
      BUSINESS: { firstRow: 5, lastRow: 11, columns: 'A DG K' },
      PREMIUM_ECONOMY: { firstRow: 20, lastRow: 23, columns: 'AC DEFG HK' },
      ECONOMY: { firstRow: 30, lastRow: 52, columns: 'ABC DEF HJK' },
    },
  },
};

/**
 * Policies are copied into bookings by reference; frozen, they can be shared by every session's
 * state and returned in results without a copy.
 */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !isFrozenState(value)) {
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}

/** Price of each fare family relative to the cabin's STANDARD fare; LIGHT exists in ECONOMY only. */
export const FARE_FAMILY_FACTORS: Readonly<Record<FareFamily, number>> = { LIGHT: 0.8, STANDARD: 1, FLEX: 1.4 };

/** Fare rules of each fare family: what cancelling costs, by whole days left before departure. */
export const FARE_RULES: Readonly<Record<FareFamily, CancellationPolicy>> = deepFreeze({
  LIGHT: {
    refundable: false,
    tiers: [{ minDaysBefore: 0, feePercent: 100 }],
    summary: 'Non-refundable: cancelling refunds nothing.',
  },
  STANDARD: {
    refundable: true,
    tiers: [
      { minDaysBefore: 30, feePerTraveler: 50 },
      { minDaysBefore: 7, feePerTraveler: 120 },
      { minDaysBefore: 1, feePerTraveler: 200 },
      { minDaysBefore: 0, feePercent: 100 },
    ],
    summary: 'Refundable for a fee per traveler: 50.00 USD 30 or more days before departure, 120.00 USD 7-29 days, 200.00 USD 1-6 days; no refund within 24 hours of departure.',
  },
  FLEX: {
    refundable: true,
    tiers: [
      { minDaysBefore: 1, feePerTraveler: 0 },
      { minDaysBefore: 0, feePerTraveler: 75 },
    ],
    summary: 'Fully refundable until 24 hours before departure; 75.00 USD per traveler within 24 hours.',
  },
});

/** Price of each rate plan relative to the published nightly rate. */
export const RATE_PLAN_FACTORS: Readonly<Record<RatePlan, number>> = { FLEXIBLE: 1, NON_REFUNDABLE: 0.85 };

export const RATE_PLAN_RULES: Readonly<Record<RatePlan, CancellationPolicy>> = deepFreeze({
  FLEXIBLE: {
    refundable: true,
    tiers: [
      { minDaysBefore: 2, feePercent: 0 },
      { minDaysBefore: 0, feeNights: 1 },
    ],
    summary: 'Free cancellation until 2 days before check-in (15:00 UTC); later the first night of every room is charged.',
  },
  NON_REFUNDABLE: {
    refundable: false,
    tiers: [{ minDaysBefore: 0, feePercent: 100 }],
    summary: 'Non-refundable: cancelling refunds nothing.',
  },
});

/** Hotels hand rooms over at this time of the check-in day (UTC); cancellation deadlines count from it. */
export const HOTEL_CHECK_IN_TIME = '15:00';
