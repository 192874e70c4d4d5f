import { defineTool, type ToolDefinition } from '../kit/Domain.js';
import {
  AIRCRAFT,
  CABINS,
  CURRENCY,
  FARE_FAMILIES,
  FARE_RULES,
  type Cabin,
  type FareFamily,
  type Flight,
  type Booking,
  type FlightBooking,
  type FlightOffer,
  type FlightPassenger,
  type SeatMap,
  type Traveler,
  type TravelBookingState,
} from './TravelBookingState.js';
import { confirmedFlightBookingOf, flightsLeaving } from './travelIndexes.js';
import { shallowCopy } from '../kit/shallowCopy.js';
import { bookingWith, records, SeatMapEdit, withEntry, withSeatMap } from './travelWrites.js';
import { cabinSeats, cabinsOf, departureDay, fareFamiliesOf, farePrice, freeSeatList, freeSeats, recordLocator, roundCents, seatCabin, seatColumns, seatHolder, seatMapOf, seatPosition } from './travelRules.js';
import { bookingSchema, cancellationPolicySchema, flightBookingView, flightSchema, flightView, fullName, money, nowOf, own, requireBooking, requireFlight, requireOffer, requireTraveler, str, type TravelContext } from './travelViews.js';

type State = Readonly<TravelBookingState>;

/** No seats (a seat list nothing is excluded by). */
const NO_SEATS: readonly string[] = Object.freeze([]);

const cabinEnum = { type: 'string', enum: [...CABINS], description: 'Cabin (Amadeus travelClass): ECONOMY, PREMIUM_ECONOMY, BUSINESS or FIRST' };
const fareFamilyEnum = {
  type: 'string',
  enum: [...FARE_FAMILIES],
  description: 'Fare family: LIGHT (cheapest, non-refundable, ECONOMY only), STANDARD (refundable for a fee), FLEX (free cancellation until 24 h before departure)',
};
const locationCode = { type: 'string', pattern: '^[A-Za-z]{3}$' };

/** Airports a code stands for: a city code means all its airports, an airport code itself. */
function airportsFor(ctx: TravelContext, code: string, role: string): string[] {
  const upper = code.toUpperCase();
  const city = own(ctx.base.cities, upper);
  if (city !== undefined) return shallowCopy(city.airportCodes);
  if (own(ctx.base.airports, upper) !== undefined) return [upper];
  return ctx.fail(`unknown ${role} "${code}": not an IATA airport or city code served here; search_airports_and_cities finds codes (e.g. NYC for New York, LHR for London Heathrow)`);
}

function departed(flight: Flight, now: string): boolean {
  return flight.departureTime <= now;
}

/** "BUSINESS (3 left), FIRST (2 left)" or "none": where a traveler could still sit. */
function cabinsWithSeats(flight: Flight, map: SeatMap, needed: number): string {
  const list = cabinsOf(flight)
    .filter((c) => map.seatsAvailable[c]! >= needed)
    .map((c) => `${c} (${map.seatsAvailable[c]} left)`);
  return list.length ? list.join(', ') : 'none';
}

/** Other departures of the same route that have not left yet, nearest to `date` first. */
function otherDepartureDates(state: State, origin: readonly string[], destination: readonly string[], date: string, now: string, limit: number): string[] {
  const dates = new Set<string>();
  for (const id in state.flights) {
    const flight = state.flights[id];
    if (!origin.includes(flight.origin) || !destination.includes(flight.destination) || departed(flight, now)) continue;
    const day = flight.departureTime.slice(0, 10);
    if (day !== date) dates.add(day);
  }
  const distance = (day: string) => Math.abs(Date.parse(day) - Date.parse(date));
  return [...dates].sort((a, b) => distance(a) - distance(b) || (a < b ? -1 : 1)).slice(0, limit);
}

function sampleFreeSeats(flight: Flight, map: SeatMap, cabin: Cabin, exclude: readonly string[] = NO_SEATS): string {
  const free: string[] = [];
  for (const seat of freeSeatList(flight, map, cabin)) if (!exclude.includes(seat)) free.push(seat);
  if (free.length === 0) return `no ${cabin} seats are free`;
  return `free ${cabin} seats include ${free.slice(0, 12).join(', ')}${free.length > 12 ? ` (${free.length} free in all; get_flight_details shows the seat map)` : ''}`;
}

/** The first `count` seats of a cabin that nobody holds and that are not in `exclude`, in seat-map order. */
function firstFreeSeats(flight: Flight, map: SeatMap, cabin: Cabin, exclude: readonly string[], count: number): string[] {
  const free: string[] = [];
  if (count <= 0) return free;
  const seats = freeSeatList(flight, map, cabin);
  for (let i = 0; i < seats.length; i++) {
    const seat = seats[i];
    if (exclude.length > 0 && exclude.includes(seat)) continue;
    free.push(seat);
    if (free.length === count) break;
  }
  return free;
}

function describeCabinLayout(flight: Flight, cabin: Cabin): string {
  const layout = AIRCRAFT[flight.aircraft].cabins[cabin]!;
  return `${cabin} is rows ${layout.firstRow}-${layout.lastRow}, seats ${layout.columns.replace(/ /g, '')}`;
}


/** Checks that `seat` can be taken by a passenger of `cabin` on `flight`; fails with the free seats otherwise. */
function checkSeat(ctx: TravelContext, flight: Flight, map: SeatMap, cabin: Cabin, seat: string, alsoTaken: readonly string[]): void {
  const seatCabinName = seatCabin(flight.aircraft, seat);
  if (seatCabinName === undefined) {
    return ctx.fail(`seat ${seat} does not exist on flight ${flight.id} (${AIRCRAFT[flight.aircraft].name}); ${describeCabinLayout(flight, cabin)}; ${sampleFreeSeats(flight, map, cabin, alsoTaken)}`);
  }
  if (seatCabinName !== cabin) return ctx.fail(`seat ${seat} is in ${seatCabinName} but the booking is in ${cabin}; ${describeCabinLayout(flight, cabin)}; ${sampleFreeSeats(flight, map, cabin, alsoTaken)}`);
  if (seatHolder(map, seat) !== undefined || alsoTaken.includes(seat)) {
    return ctx.fail(`seat ${seat} on flight ${flight.id} is already taken; ${sampleFreeSeats(flight, map, cabin, alsoTaken)}`);
  }
}

interface SearchFlightOffersArgs {
  origin: string;
  destination: string;
  departure_date: string;
  adults?: number;
  travel_class?: Cabin;
  max_price?: number;
}

const searchFlightOffers = defineTool<TravelBookingState, SearchFlightOffersArgs>({
  name: 'search_flight_offers',
  description:
    'Search nonstop flights for one day between two airports or cities (Amadeus Flight Offers Search). Returns every flight that has not departed yet with its fares per cabin and fare family (price per traveler and total for all adults, refundable or not) and the seats left in each cabin; a cabin with fewer seats than adults is marked bookable=false. When the day has no flight, otherDepartureDates lists the nearest days that do. Next step: price_flight_offer with a flightId, travelClass and fareFamily.',
  input: {
    type: 'object',
    properties: {
      origin: { ...locationCode, description: 'Departure airport or city IATA code, e.g. JFK or NYC (all New York airports)' },
      destination: { ...locationCode, description: 'Arrival airport or city IATA code, e.g. LHR or LON' },
      departure_date: { type: 'string', format: 'date', description: 'Departure day, YYYY-MM-DD (UTC); not before today' },
      adults: { type: 'integer', minimum: 1, maximum: 9, description: 'Number of travelers (default 1); totals are for all of them' },
      travel_class: { ...cabinEnum, description: 'Only fares of this cabin (default: every cabin)' },
      max_price: { type: 'number', exclusiveMinimum: 0, description: 'Only fares up to this price per traveler, USD' },
    },
    required: ['origin', 'destination', 'departure_date'],
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: {
      origin: { type: 'array', items: { type: 'string' }, description: 'Airports searched from' },
      destination: { type: 'array', items: { type: 'string' }, description: 'Airports searched to' },
      departureDate: str('YYYY-MM-DD'),
      adults: { type: 'integer' },
      flights: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            ...(flightSchema.properties as object),
            fares: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  travelClass: { type: 'string' },
                  fareFamily: { type: 'string' },
                  pricePerTraveler: money('Fare per traveler'),
                  totalPrice: money('Fare for all adults'),
                  currency: { type: 'string' },
                  refundable: { type: 'boolean' },
                  seatsAvailable: { type: 'integer' },
                  bookable: { type: 'boolean', description: 'Enough seats for all adults' },
                },
                required: ['travelClass', 'fareFamily', 'pricePerTraveler', 'totalPrice', 'currency', 'refundable', 'seatsAvailable', 'bookable'],
              },
            },
          },
          required: ['flightId', 'departureTime', 'arrivalTime', 'fares'],
        },
      },
      otherDepartureDates: { type: 'array', items: { type: 'string' }, description: 'Nearest other days with flights on this route' },
    },
    required: ['origin', 'destination', 'departureDate', 'adults', 'flights', 'otherDepartureDates'],
  },
  annotations: { title: 'Search flight offers', readOnlyHint: true, idempotentHint: true },
  handler(args, ctx) {
    const origin = airportsFor(ctx, args.origin, 'origin');
    const destination = airportsFor(ctx, args.destination, 'destination');
    if (origin.some((code) => destination.includes(code)) || ctx.base.airports[origin[0]].cityCode === ctx.base.airports[destination[0]].cityCode) {
      return ctx.fail(`origin ${args.origin} and destination ${args.destination} are the same city; choose two different cities`);
    }
    if (args.departure_date < ctx.today) return ctx.fail(`departure_date ${args.departure_date} is in the past; today is ${ctx.today}, search ${ctx.today} or later`);
    const adults = args.adults ?? 1;
    const flights = [];
    for (const flight of flightsLeaving(ctx.base.flights, origin, args.departure_date)) {
      if (!destination.includes(flight.destination) || departed(flight, nowOf(ctx))) continue;
      const fares = [];
      const map = seatMapOf(ctx.base, flight);
      for (const cabin of CABINS) {
        const baseFare = flight.fares[cabin];
        if (baseFare === undefined || (args.travel_class !== undefined && args.travel_class !== cabin)) continue;
        const seatsAvailable = map.seatsAvailable[cabin]!;
        for (const fareFamily of fareFamiliesOf(cabin)) {
          const pricePerTraveler = farePrice(baseFare, fareFamily);
          if (args.max_price !== undefined && pricePerTraveler > args.max_price) continue;
          fares.push({
            travelClass: cabin,
            fareFamily,
            pricePerTraveler,
            totalPrice: roundCents(pricePerTraveler * adults),
            currency: CURRENCY,
            refundable: FARE_RULES[fareFamily].refundable,
            seatsAvailable,
            bookable: seatsAvailable >= adults,
          });
        }
      }
      if (fares.length > 0) flights.push({ ...flightView(ctx.base, flight), fares });
    }
    flights.sort((a, b) => (a.departureTime < b.departureTime ? -1 : 1));
    return {
      origin,
      destination,
      departureDate: args.departure_date,
      adults,
      flights,
      otherDepartureDates: flights.length === 0 ? otherDepartureDates(ctx.base, origin, destination, args.departure_date, nowOf(ctx), 5) : [],
    };
  },
});

interface FlightDetailsArgs {
  flight_id: string;
  travel_class?: Cabin;
}

const getFlightDetails = defineTool<TravelBookingState, FlightDetailsArgs>({
  name: 'get_flight_details',
  description:
    'One flight with its seat map (Amadeus SeatMap Display): status, aircraft, and per cabin the rows, the seat letters with their position (WINDOW, MIDDLE, AISLE), capacity, seats left, the list of free seat numbers, and the fares. Use it before choosing a seat for book_flight or change_flight_seat.',
  input: {
    type: 'object',
    properties: {
      flight_id: { type: 'string', minLength: 1, maxLength: 40, description: 'Flight id from search_flight_offers, e.g. UA512-2026-03-20' },
      travel_class: { ...cabinEnum, description: 'Only this cabin of the seat map (default: every cabin)' },
    },
    required: ['flight_id'],
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: {
      ...(flightSchema.properties as object),
      status: { type: 'string', enum: ['SCHEDULED', 'DEPARTED', 'LANDED'] },
      cabins: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            travelClass: { type: 'string' },
            rows: str('First and last row, e.g. 7-30'),
            columns: { type: 'array', items: { type: 'object', properties: { letter: { type: 'string' }, position: { type: 'string', enum: ['WINDOW', 'MIDDLE', 'AISLE'] } }, required: ['letter', 'position'] } },
            capacity: { type: 'integer' },
            seatsAvailable: { type: 'integer' },
            availableSeats: { type: 'array', items: { type: 'string' } },
            fares: {
              type: 'array',
              items: { type: 'object', properties: { fareFamily: { type: 'string' }, pricePerTraveler: money('Fare per traveler'), refundable: { type: 'boolean' } }, required: ['fareFamily', 'pricePerTraveler', 'refundable'] },
            },
          },
          required: ['travelClass', 'rows', 'columns', 'capacity', 'seatsAvailable', 'availableSeats', 'fares'],
        },
      },
    },
    required: ['flightId', 'status', 'cabins'],
  },
  annotations: { title: 'Get flight details and seat map', readOnlyHint: true, idempotentHint: true },
  handler(args, ctx) {
    const flight = requireFlight(ctx, args.flight_id);
    const cabins = cabinsOf(flight).sort((a, b) => CABINS.indexOf(b) - CABINS.indexOf(a));
    const map = seatMapOf(ctx.base, flight);
    if (args.travel_class !== undefined && !cabins.includes(args.travel_class)) {
      return ctx.fail(`flight ${flight.id} (${AIRCRAFT[flight.aircraft].name}) has no ${args.travel_class} cabin; its cabins are ${cabins.join(', ')}`);
    }
    const status = flight.arrivalTime <= nowOf(ctx) ? 'LANDED' : departed(flight, nowOf(ctx)) ? 'DEPARTED' : 'SCHEDULED';
    return {
      ...flightView(ctx.base, flight),
      status,
      cabins: cabins
        .filter((cabin) => args.travel_class === undefined || cabin === args.travel_class)
        .map((cabin) => {
          const layout = AIRCRAFT[flight.aircraft].cabins[cabin]!;
          return {
            travelClass: cabin,
            rows: `${layout.firstRow}-${layout.lastRow}`,
            columns: seatColumns(layout.columns).map((c) => ({ letter: c.letter, position: c.position })),
            capacity: cabinSeats(flight.aircraft, cabin).length,
            seatsAvailable: map.seatsAvailable[cabin]!,
            availableSeats: freeSeats(flight, map, cabin),
            fares: fareFamiliesOf(cabin).map((fareFamily) => ({ fareFamily, pricePerTraveler: farePrice(flight.fares[cabin]!, fareFamily), refundable: FARE_RULES[fareFamily].refundable })),
          };
        }),
    };
  },
});

interface PriceFlightOfferArgs {
  flight_id: string;
  travel_class: Cabin;
  fare_family: FareFamily;
  adults?: number;
}

const offerSchema = {
  type: 'object',
  properties: {
    offerId: str('Offer id for book_flight, e.g. off_3'),
    flight: flightSchema,
    travelClass: { type: 'string' },
    fareFamily: { type: 'string' },
    adults: { type: 'integer' },
    pricePerTraveler: money('Fare per traveler'),
    totalPrice: money('Fare for all adults'),
    currency: { type: 'string' },
    seatsAvailable: { type: 'integer' },
    cancellationPolicy: cancellationPolicySchema,
    status: { type: 'string', enum: ['PRICED', 'BOOKED'] },
  },
  required: ['offerId', 'flight', 'travelClass', 'fareFamily', 'adults', 'pricePerTraveler', 'totalPrice', 'currency', 'seatsAvailable', 'cancellationPolicy', 'status'],
};

const priceFlightOffer = defineTool<TravelBookingState, PriceFlightOfferArgs>({
  name: 'price_flight_offer',
  description:
    'Confirm the price and availability of a fare before booking (Amadeus Flight Offers Price): a flight, a cabin, a fare family and the number of travelers. Returns an offer id that book_flight needs, the price per traveler and in total, and the fare rules (cancellation fees). Fails when the flight has departed or the cabin has fewer free seats than travelers. Pricing does not hold seats; booking takes them.',
  input: {
    type: 'object',
    properties: {
      flight_id: { type: 'string', minLength: 1, maxLength: 40, description: 'Flight id from search_flight_offers, e.g. UA512-2026-03-20' },
      travel_class: cabinEnum,
      fare_family: fareFamilyEnum,
      adults: { type: 'integer', minimum: 1, maximum: 9, description: 'Number of travelers the offer is for (default 1); book_flight must name exactly this many' },
    },
    required: ['flight_id', 'travel_class', 'fare_family'],
    additionalProperties: false,
  },
  output: offerSchema,
  annotations: { title: 'Price a flight offer', readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  handler(args, ctx) {
    const flight = requireFlight(ctx, args.flight_id);
    const adults = args.adults ?? 1;
    if (departed(flight, nowOf(ctx))) return ctx.fail(`flight ${flight.id} departed at ${flight.departureTime}, before now (${nowOf(ctx)}); search_flight_offers finds later flights`);
    const baseFare = flight.fares[args.travel_class];
    if (baseFare === undefined) return ctx.fail(`flight ${flight.id} (${AIRCRAFT[flight.aircraft].name}) has no ${args.travel_class} cabin; its cabins are ${cabinsOf(flight).join(', ')}`);
    if (!fareFamiliesOf(args.travel_class).includes(args.fare_family)) {
      return ctx.fail(`fare family ${args.fare_family} is not sold in ${args.travel_class}; ${args.travel_class} fares are ${fareFamiliesOf(args.travel_class).join(', ')}`);
    }
    const map = seatMapOf(ctx.base, flight);
    const seatsAvailable = map.seatsAvailable[args.travel_class]!;
    if (seatsAvailable === 0) {
      return ctx.fail(`flight ${flight.id} is full in ${args.travel_class}: no seats left. Cabins with seats for ${adults}: ${cabinsWithSeats(flight, map, adults)}; or search_flight_offers for another day`);
    }
    if (seatsAvailable < adults) {
      return ctx.fail(`flight ${flight.id} has only ${seatsAvailable} ${args.travel_class} seat(s) left for ${adults} travelers. Cabins with seats for ${adults}: ${cabinsWithSeats(flight, map, adults)}`);
    }
    const pricePerTraveler = farePrice(baseFare, args.fare_family);
    const offer: FlightOffer = Object.freeze({
      id: ctx.nextId('off'),
      flightId: flight.id,
      travelClass: args.travel_class,
      fareFamily: args.fare_family,
      adults,
      pricePerTraveler,
      totalPrice: roundCents(pricePerTraveler * adults),
      currency: CURRENCY,
      status: 'PRICED',
      bookingId: null,
      createdAt: nowOf(ctx),
    });
    ctx.edit<TravelBookingState>().flightOffers = records.flightOffers.with(ctx.base.flightOffers, offer.id, offer);
    return {
      offerId: offer.id,
      flight: flightView(ctx.base, flight),
      travelClass: offer.travelClass,
      fareFamily: offer.fareFamily,
      adults,
      pricePerTraveler,
      totalPrice: offer.totalPrice,
      currency: CURRENCY,
      seatsAvailable,
      cancellationPolicy: FARE_RULES[offer.fareFamily],
      status: offer.status,
    };
  },
});

interface BookFlightArgs {
  offer_id: string;
  traveler_ids: string[];
  seats?: Array<{ traveler_id: string; seat: string }>;
}

const bookFlight = defineTool<TravelBookingState, BookFlightArgs>({
  name: 'book_flight',
  description:
    'Book a priced flight offer for travelers with profiles (Amadeus Flight Create Orders). Needs an offer id from price_flight_offer and exactly as many traveler ids as the offer was priced for; international flights need a passport on file that is valid on arrival. Seats may be chosen per traveler (free seats of the booked cabin, see get_flight_details); travelers without a chosen seat get the first free one. A traveler with a loyalty membership of the operating airline gets it attached. Returns the booking with its id, record locator, seats and fare rules.',
  input: {
    type: 'object',
    properties: {
      offer_id: { type: 'string', minLength: 1, maxLength: 40, description: 'Offer id from price_flight_offer, e.g. off_3' },
      traveler_ids: {
        type: 'array',
        items: { type: 'string', minLength: 1, maxLength: 40 },
        minItems: 1,
        maxItems: 9,
        uniqueItems: true,
        description: 'Traveler profile ids (trv_…), one per seat; as many as the offer was priced for',
      },
      seats: {
        type: 'array',
        maxItems: 9,
        description: 'Optional seat choices',
        items: {
          type: 'object',
          properties: {
            traveler_id: { type: 'string', minLength: 1, maxLength: 40, description: 'One of traveler_ids' },
            seat: { type: 'string', pattern: '^[1-9][0-9]?[A-Z]$', description: 'Seat number in the booked cabin, e.g. 14C' },
          },
          required: ['traveler_id', 'seat'],
          additionalProperties: false,
        },
      },
    },
    required: ['offer_id', 'traveler_ids'],
    additionalProperties: false,
  },
  output: bookingSchema,
  annotations: { title: 'Book a flight', readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  handler(args, ctx) {
    const base = ctx.base;
    const offer = requireOffer(ctx, args.offer_id);
    if (offer.status === 'BOOKED') return ctx.fail(`offer ${offer.id} was already used for booking ${offer.bookingId}; price_flight_offer makes a new offer`);
    const flight = requireFlight(ctx, offer.flightId);
    const now = nowOf(ctx);
    if (departed(flight, now)) return ctx.fail(`flight ${flight.id} departed at ${flight.departureTime}, before now (${now}); search_flight_offers finds later flights`);
    const travelerIds = args.traveler_ids;
    if (travelerIds.length !== offer.adults) {
      return ctx.fail(
        `passenger count mismatch: offer ${offer.id} was priced for ${offer.adults} traveler(s) but ${travelerIds.length} traveler_ids were given; pass exactly ${offer.adults}, or price_flight_offer again with adults=${travelerIds.length}`,
      );
    }
    const international = base.airports[flight.origin].countryCode !== base.airports[flight.destination].countryCode;
    const arrivalDay = international ? flight.arrivalTime.slice(0, 10) : '';
    const travelers: Traveler[] = new Array<Traveler>(travelerIds.length);
    for (let t = 0; t < travelerIds.length; t++) {
      const travelerId = travelerIds[t];
      const traveler = requireTraveler(ctx, travelerId);
      travelers[t] = traveler;
      const other = confirmedFlightBookingOf(base.bookings, flight.id, travelerId);
      if (other !== undefined) return ctx.fail(`traveler ${travelerId} (${fullName(traveler)}) is already booked on flight ${flight.id} in booking ${other.id}`);
      if (international) {
        if (traveler.passport === null) {
          return ctx.fail(`traveler ${travelerId} (${fullName(traveler)}) has no passport on file and flight ${flight.id} (${flight.origin}→${flight.destination}) is international; add one with update_traveler_profile`);
        }
        if (traveler.passport.expiryDate <= arrivalDay) {
          return ctx.fail(`the passport of traveler ${travelerId} (${fullName(traveler)}) expires on ${traveler.passport.expiryDate}, before this international flight arrives (${arrivalDay}); update it with update_traveler_profile`);
        }
      }
    }
    const day = departureDay(flight);
    const map = base.seatMaps[day][flight.id];
    const cabin = offer.travelClass;
    const seatsAvailable = map.seatsAvailable[cabin]!;
    if (seatsAvailable < offer.adults) {
      return ctx.fail(
        seatsAvailable === 0
          ? `flight ${flight.id} is full in ${cabin}: no seats left. Cabins with seats for ${offer.adults}: ${cabinsWithSeats(flight, map, offer.adults)}`
          : `flight ${flight.id} has only ${seatsAvailable} ${cabin} seat(s) left for ${offer.adults} travelers. Cabins with seats: ${cabinsWithSeats(flight, map, offer.adults)}`,
      );
    }
    // Chosen seats by traveler, as two parallel lists (at most nine: a scan beats a Map and a Set).
    const chosenTravelers: string[] = [];
    const chosenSeats: string[] = [];
    if (args.seats !== undefined) {
      for (let c = 0; c < args.seats.length; c++) {
        const choice = args.seats[c];
        if (!travelerIds.includes(choice.traveler_id)) return ctx.fail(`seat choice for ${choice.traveler_id}, who is not among traveler_ids (${travelerIds.join(', ')})`);
        if (chosenTravelers.includes(choice.traveler_id)) return ctx.fail(`two seats were chosen for traveler ${choice.traveler_id}; choose one seat per traveler`);
        checkSeat(ctx, flight, map, cabin, choice.seat, chosenSeats);
        chosenTravelers.push(choice.traveler_id);
        chosenSeats.push(choice.seat);
      }
    }
    const autoSeats = firstFreeSeats(flight, map, cabin, chosenSeats, travelerIds.length - chosenTravelers.length);
    const id = ctx.nextId('bkg');
    const passengers: FlightPassenger[] = new Array<FlightPassenger>(travelerIds.length);
    let nextAuto = 0;
    for (let i = 0; i < travelerIds.length; i++) {
      const travelerId = travelerIds[i];
      const chosen = chosenTravelers.indexOf(travelerId);
      const seat = chosen >= 0 ? chosenSeats[chosen] : autoSeats[nextAuto++];
      let loyaltyNumber: string | null = null;
      const memberships = travelers[i].loyaltyPrograms;
      for (let m = 0; m < memberships.length; m++) {
        if (memberships[m].programOwner === flight.carrierCode) {
          loyaltyNumber = memberships[m].memberId ?? null;
          break;
        }
      }
      passengers[i] = Object.freeze({ travelerId, seat, loyaltyNumber });
    }
    const booking: FlightBooking = Object.freeze({
      id,
      type: 'FLIGHT',
      status: 'CONFIRMED',
      recordLocator: recordLocator(ctx.random),
      offerId: offer.id,
      flightId: flight.id,
      travelClass: cabin,
      fareFamily: offer.fareFamily,
      passengers: Object.freeze(passengers) as FlightPassenger[],
      pricePerTraveler: offer.pricePerTraveler,
      totalPrice: offer.totalPrice,
      currency: CURRENCY,
      cancellationPolicy: FARE_RULES[offer.fareFamily],
      itineraryId: null,
      createdAt: now,
      cancellation: null,
    });
    const edit = new SeatMapEdit(map);
    for (let i = 0; i < passengers.length; i++) edit.hold(passengers[i].seat, id);
    const state = ctx.edit<TravelBookingState>();
    state.seatMaps = withSeatMap(base, day, flight.id, edit.finish(cabin, -passengers.length));
    // Offers are only made by price_flight_offer, all with these keys in this order.
    const bookedOffer: FlightOffer = Object.freeze({
      id: offer.id,
      flightId: offer.flightId,
      travelClass: offer.travelClass,
      fareFamily: offer.fareFamily,
      adults: offer.adults,
      pricePerTraveler: offer.pricePerTraveler,
      totalPrice: offer.totalPrice,
      currency: offer.currency,
      status: 'BOOKED',
      bookingId: id,
      createdAt: offer.createdAt,
    });
    state.flightOffers = records.flightOffers.with(base.flightOffers, offer.id, bookedOffer);
    state.bookings = withEntry(base.bookings, id, booking as Booking);
    return flightBookingView(base, booking, flight, travelers);
  },
});

interface ChangeSeatArgs {
  booking_id: string;
  traveler_id: string;
  seat: string;
}

const changeFlightSeat = defineTool<TravelBookingState, ChangeSeatArgs>({
  name: 'change_flight_seat',
  description:
    "Select or change one traveler's seat on a confirmed flight booking that has not departed. The seat must be free and in the booked cabin (get_flight_details lists free seats); the old seat is released. Choosing the seat the traveler already has changes nothing. Returns the previous and new seat.",
  input: {
    type: 'object',
    properties: {
      booking_id: { type: 'string', minLength: 1, maxLength: 40, description: 'Flight booking id, e.g. bkg_12' },
      traveler_id: { type: 'string', minLength: 1, maxLength: 40, description: 'Traveler on that booking, e.g. trv_7' },
      seat: { type: 'string', pattern: '^[1-9][0-9]?[A-Z]$', description: 'New seat number in the booked cabin, e.g. 14C' },
    },
    required: ['booking_id', 'traveler_id', 'seat'],
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: {
      bookingId: { type: 'string' },
      flightId: { type: 'string' },
      travelerId: { type: 'string' },
      travelClass: { type: 'string' },
      previousSeat: { type: 'string' },
      seat: { type: 'string' },
      position: { type: 'string', enum: ['WINDOW', 'MIDDLE', 'AISLE'] },
      changed: { type: 'boolean' },
    },
    required: ['bookingId', 'flightId', 'travelerId', 'travelClass', 'previousSeat', 'seat', 'position', 'changed'],
  },
  annotations: { title: 'Select or change a seat', readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  handler(args, ctx) {
    const base = ctx.base;
    const booking = requireBooking(ctx, args.booking_id);
    if (booking.type !== 'FLIGHT') return ctx.fail(`booking ${booking.id} is a hotel booking; seats belong to flight bookings (list_travel_bookings with type FLIGHT)`);
    if (booking.status === 'CANCELLED') return ctx.fail(`booking ${booking.id} was cancelled on ${booking.cancellation?.cancelledAt}; only confirmed bookings have seats`);
    const flight = base.flights[booking.flightId] as Flight;
    if (departed(flight, nowOf(ctx))) return ctx.fail(`flight ${flight.id} departed at ${flight.departureTime}; seats can no longer be changed`);
    let index = -1;
    for (let i = 0; i < booking.passengers.length; i++) {
      if (booking.passengers[i].travelerId === args.traveler_id) {
        index = i;
        break;
      }
    }
    if (index < 0) return ctx.fail(`traveler ${args.traveler_id} is not on booking ${booking.id}; its travelers are ${booking.passengers.map((p) => p.travelerId).join(', ')}`);
    const passenger = booking.passengers[index];
    const previousSeat = passenger.seat;
    if (args.seat !== previousSeat) {
      const map = seatMapOf(base, flight);
      checkSeat(ctx, flight, map, booking.travelClass, args.seat, NO_SEATS);
      const edit = new SeatMapEdit(map);
      edit.release(previousSeat);
      edit.hold(args.seat, booking.id);
      const state = ctx.edit<TravelBookingState>();
      state.seatMaps = withSeatMap(base, departureDay(flight), flight.id, edit.finish());
      const passengers = shallowCopy(booking.passengers);
      passengers[index] = Object.freeze({ travelerId: passenger.travelerId, seat: args.seat, loyaltyNumber: passenger.loyaltyNumber });
      state.bookings = withEntry(base.bookings, booking.id, bookingWith(booking, booking.status, booking.itineraryId, booking.cancellation, Object.freeze(passengers)));
    }
    return {
      bookingId: booking.id,
      flightId: flight.id,
      travelerId: args.traveler_id,
      travelClass: booking.travelClass,
      previousSeat,
      seat: args.seat,
      position: seatPosition(flight.aircraft, booking.travelClass, args.seat),
      changed: args.seat !== previousSeat,
    };
  },
});

export const flightTools: ToolDefinition<TravelBookingState>[] = [searchFlightOffers, getFlightDetails, priceFlightOffer, bookFlight, changeFlightSeat];
