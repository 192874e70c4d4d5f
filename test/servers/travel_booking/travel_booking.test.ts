import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { entryValues, getEntry } from '../../../servers/kit/bucketedRecord.js';
import { domainRuntime, type DomainSession } from '../../../servers/kit/DomainSession.js';
import { formatWorld, generateWorld } from '../../../servers/travel_booking/generateWorld.js';
import { travelBookingDomain } from '../../../servers/travel_booking/TravelBookingDomain.js';
import { EXTERNAL_SEAT_HOLDER, type Cabin, type Flight, type FlightBooking, type HotelBooking, type TravelBookingState } from '../../../servers/travel_booking/TravelBookingState.js';
import { cabinSeats, freeSeats, holdSeat, seatHolder, seatMapOf } from '../../../servers/travel_booking/travelRules.js';
import { REPO_ROOT } from '../../support/project.js';
import { travelBookingCases } from './cases.js';
import { ok } from '../support/domainCalls.js';

const runtime = domainRuntime(travelBookingDomain);
const world = runtime.world;
const NOW = '2026-03-16T08:00:00Z';

type Session = DomainSession<TravelBookingState>;

function open(referenceDate?: string): Session {
  return runtime.openSession(referenceDate === undefined ? {} : { referenceDate });
}

/** The message of a call that must fail; the failure must leave the session exactly as it was. */
function rejected(session: Session, tool: string, args: Record<string, unknown>): string {
  const hash = session.stateHashSync();
  const state = session.state;
  const outcome = session.call(tool, args);
  if (outcome.ok) throw new Error(`${tool} unexpectedly succeeded: ${JSON.stringify(outcome.result).slice(0, 300)}`);
  expect(session.stateHashSync(), `${tool} failed but changed the state`).to.equal(hash);
  expect(session.state).to.equal(state);
  return outcome.error.message;
}

/** Free seats of a cabin in a state (the world when omitted). */
function seatsLeft(flight: Flight, cabin: Cabin, state: Readonly<TravelBookingState> = world): number | undefined {
  return seatMapOf(state, flight).seatsAvailable[cabin];
}

function futureFlights(predicate: (f: Flight) => boolean): Flight[] {
  return Object.values(world.flights).filter((f) => f.departureTime > '2026-03-20' && predicate(f));
}

function international(f: Flight): boolean {
  return world.airports[f.origin].countryCode !== world.airports[f.destination].countryCode;
}

/** Travelers that can fly anywhere within the world's window. */
const passportHolders = Object.values(world.travelers)
  .filter((t) => t.passport !== null && t.passport.expiryDate > '2026-06-01')
  .map((t) => t.id);

function bookPair(session: Session, flight: Flight, cabin: Cabin, fareFamily: string, travelerIds: string[]): FlightBooking {
  const offer = ok(session, 'price_flight_offer', { flight_id: flight.id, travel_class: cabin, fare_family: fareFamily, adults: travelerIds.length });
  const booking = ok(session, 'book_flight', { offer_id: offer.offerId, traveler_ids: travelerIds });
  return getEntry(session.state.bookings, booking.bookingId)! as FlightBooking;
}

describe('travel_booking: flights, seats and offers', () => {
  const flight = futureFlights((f) => !international(f) && (seatsLeft(f, 'ECONOMY') ?? 0) > 20)[0];
  const [alice, bob, carol] = passportHolders;

  it('booking takes one seat per traveler: the seat map, the cabin count and the search all show it', () => {
    const session = open();
    const before = seatsLeft(flight, 'ECONOMY')!;
    const booking = bookPair(session, flight, 'ECONOMY', 'STANDARD', [alice, bob]);
    const details = ok(session, 'get_flight_details', { flight_id: flight.id, travel_class: 'ECONOMY' });
    expect(details.cabins[0].seatsAvailable).to.equal(before - 2);
    for (const p of booking.passengers) {
      expect(details.cabins[0].availableSeats).to.not.include(p.seat);
      expect(seatHolder(seatMapOf(session.state, flight), p.seat)).to.equal(booking.id);
    }
    const search = ok(session, 'search_flight_offers', { origin: flight.origin, destination: flight.destination, departure_date: flight.departureTime.slice(0, 10) });
    const fare = search.flights.find((f: { flightId: string }) => f.flightId === flight.id).fares.find((f: { travelClass: string }) => f.travelClass === 'ECONOMY');
    expect(fare.seatsAvailable).to.equal(before - 2);
    expect(seatsLeft(flight, 'ECONOMY'), 'the shared world is untouched').to.equal(before);
  });

  it('a cabin filled by bookings is full: pricing and booking it fail and name the cabins that still have seats', () => {
    const small = futureFlights((f) => !international(f) && (seatsLeft(f, 'BUSINESS') ?? 0) >= 2 && (seatsLeft(f, 'BUSINESS') ?? 0) <= 4)[0];
    const session = open();
    const stale = ok(session, 'price_flight_offer', { flight_id: small.id, travel_class: 'BUSINESS', fare_family: 'FLEX' });
    const seats = seatsLeft(small, 'BUSINESS')!;
    const offer = ok(session, 'price_flight_offer', { flight_id: small.id, travel_class: 'BUSINESS', fare_family: 'STANDARD', adults: seats });
    ok(session, 'book_flight', { offer_id: offer.offerId, traveler_ids: passportHolders.slice(0, seats) });
    expect(seatsLeft(small, 'BUSINESS', session.state)).to.equal(0);
    expect(rejected(session, 'price_flight_offer', { flight_id: small.id, travel_class: 'BUSINESS', fare_family: 'STANDARD' })).to.include('full in BUSINESS').and.include('ECONOMY (');
    expect(rejected(session, 'book_flight', { offer_id: stale.offerId, traveler_ids: [passportHolders[seats]] })).to.include('full in BUSINESS');
  });

  it('asking for more seats than are left says how many are left', () => {
    const tight = futureFlights((f) => seatsLeft(f, 'BUSINESS') === 2)[0];
    const message = rejected(open(), 'price_flight_offer', { flight_id: tight.id, travel_class: 'BUSINESS', fare_family: 'STANDARD', adults: 3 });
    expect(message).to.include('only 2 BUSINESS seat(s) left for 3 travelers');
  });

  it('a traveler cannot hold two seats on the same flight', () => {
    const session = open();
    bookPair(session, flight, 'ECONOMY', 'STANDARD', [alice]);
    const offer = ok(session, 'price_flight_offer', { flight_id: flight.id, travel_class: 'ECONOMY', fare_family: 'FLEX' });
    expect(rejected(session, 'book_flight', { offer_id: offer.offerId, traveler_ids: [alice] })).to.include('already booked on flight');
  });

  it('seat choices are checked: a seat that does not exist, two seats for one traveler, a seat for someone not travelling', () => {
    const session = open();
    const offer = ok(session, 'price_flight_offer', { flight_id: flight.id, travel_class: 'ECONOMY', fare_family: 'LIGHT', adults: 2 });
    const free = freeSeats(flight, seatMapOf(world, flight), 'ECONOMY');
    expect(rejected(session, 'book_flight', { offer_id: offer.offerId, traveler_ids: [alice, bob], seats: [{ traveler_id: alice, seat: '99A' }] })).to.include('seat 99A does not exist');
    const taken = cabinSeats(flight.aircraft, 'ECONOMY').find((seat) => seatHolder(seatMapOf(world, flight), seat) !== undefined)!;
    expect(rejected(session, 'book_flight', { offer_id: offer.offerId, traveler_ids: [alice, bob], seats: [{ traveler_id: alice, seat: `0${taken}` }] }), '07A is not another name for a free 7A').to.include('must match the pattern');
    expect(
      rejected(session, 'book_flight', {
        offer_id: offer.offerId,
        traveler_ids: [alice, bob],
        seats: [
          { traveler_id: alice, seat: free[0] },
          { traveler_id: alice, seat: free[1] },
        ],
      }),
    ).to.include(`two seats were chosen for traveler ${alice}`);
    expect(rejected(session, 'book_flight', { offer_id: offer.offerId, traveler_ids: [alice, bob], seats: [{ traveler_id: carol, seat: free[0] }] })).to.include('not among traveler_ids');
    expect(
      rejected(session, 'book_flight', {
        offer_id: offer.offerId,
        traveler_ids: [alice, bob],
        seats: [
          { traveler_id: alice, seat: free[0] },
          { traveler_id: bob, seat: free[0] },
        ],
      }),
    ).to.include(`seat ${free[0]}`).and.include('already taken');
  });

  it('an international flight refuses a passport that has expired or expires before arrival', () => {
    const expired = Object.values(world.travelers).find((t) => t.passport !== null && t.passport.expiryDate < '2026-03-16')!;
    const abroad = futureFlights((f) => international(f) && f.departureTime > '2026-04-10' && (seatsLeft(f, 'ECONOMY') ?? 0) > 0)[0];
    const session = open();
    const offer = ok(session, 'price_flight_offer', { flight_id: abroad.id, travel_class: 'ECONOMY', fare_family: 'STANDARD' });
    expect(rejected(session, 'book_flight', { offer_id: offer.offerId, traveler_ids: [expired.id] })).to.include(`expires on ${expired.passport!.expiryDate}`);
    ok(session, 'update_traveler_profile', { traveler_id: expired.id, passport_number: 'X1234567', passport_expiry_date: '2026-04-01' });
    expect(rejected(session, 'book_flight', { offer_id: offer.offerId, traveler_ids: [expired.id] })).to.include('expires on 2026-04-01');
    ok(session, 'update_traveler_profile', { traveler_id: expired.id, passport_number: 'X1234567', passport_expiry_date: '2034-04-01' });
    expect(ok(session, 'book_flight', { offer_id: offer.offerId, traveler_ids: [expired.id] }).status).to.equal('CONFIRMED');
  });

  it('changing a seat frees the old one; choosing the seat one already has changes nothing', () => {
    const session = open();
    const booking = bookPair(session, flight, 'ECONOMY', 'STANDARD', [alice]);
    const old = booking.passengers[0].seat;
    const target = freeSeats(flight, seatMapOf(session.state, flight), 'ECONOMY').at(-1)!;
    ok(session, 'change_flight_seat', { booking_id: booking.id, traveler_id: alice, seat: target });
    const map = seatMapOf(session.state, flight);
    expect(seatHolder(map, old)).to.equal(undefined);
    expect(seatHolder(map, target)).to.equal(booking.id);
    const hash = session.stateHashSync();
    expect(ok(session, 'change_flight_seat', { booking_id: booking.id, traveler_id: alice, seat: target }).changed).to.equal(false);
    expect(session.stateHashSync()).to.equal(hash);
  });

  it('seats of departed flights, cancelled bookings and hotel bookings cannot be changed', () => {
    const session = open();
    const departed = entryValues(world.bookings).find((b) => b.type === 'FLIGHT' && b.status === 'CONFIRMED' && world.flights[b.flightId].departureTime < NOW) as FlightBooking;
    expect(rejected(session, 'change_flight_seat', { booking_id: departed.id, traveler_id: departed.passengers[0].travelerId, seat: '1A' })).to.include('departed');
    const cancelled = entryValues(world.bookings).find((b) => b.type === 'FLIGHT' && b.status === 'CANCELLED') as FlightBooking;
    expect(rejected(session, 'change_flight_seat', { booking_id: cancelled.id, traveler_id: cancelled.passengers[0].travelerId, seat: '1A' })).to.include('was cancelled');
    const hotel = entryValues(world.bookings).find((b) => b.type === 'HOTEL')!;
    expect(rejected(session, 'change_flight_seat', { booking_id: hotel.id, traveler_id: 'trv_1', seat: '1A' })).to.include('is a hotel booking');
  });

  it('an empty day says which other days the route flies', () => {
    const route = world.flights['AA2509-2026-03-26'];
    const result = ok(open(), 'search_flight_offers', { origin: route.origin, destination: route.destination, departure_date: '2026-03-27' });
    expect(result.flights).to.deep.equal([]);
    expect(result.otherDepartureDates[0]).to.be.oneOf(['2026-03-26', '2026-03-28']);
    expect(result.otherDepartureDates).to.include('2026-03-26').and.include('2026-03-28');
  });

  it('departed flights of today are not offered; travel_class and max_price narrow the fares', () => {
    const todays = Object.values(world.flights).filter((f) => f.departureTime.startsWith('2026-03-16'));
    const gone = todays.find((f) => f.departureTime < NOW)!;
    const result = ok(open(), 'search_flight_offers', { origin: gone.origin, destination: gone.destination, departure_date: '2026-03-16' });
    expect(result.flights.map((f: { flightId: string }) => f.flightId)).to.not.include(gone.id);
    const narrow = ok(open(), 'search_flight_offers', { origin: 'JFK', destination: 'LAX', departure_date: '2026-03-26', travel_class: 'ECONOMY', max_price: 370 });
    const fares = narrow.flights[0].fares.map((f: { fareFamily: string }) => f.fareFamily);
    expect(fares).to.deep.equal(['LIGHT', 'STANDARD']);
  });
});

describe('travel_booking: cancellation fees follow the fare rules and the days left', () => {
  // bkg_81 is a fresh STANDARD (economy) or FLEX booking for two; the clock moves by opening sessions at other reference dates.
  const flight = world.flights['AA2509-2026-04-21'];
  const departure = Date.parse(flight.departureTime);
  const at = (hoursBefore: number) => new Date(departure - hoursBefore * 3_600_000).toISOString();
  const [alice, bob] = passportHolders;

  function quote(fareFamily: string, hoursBefore: number) {
    const session = open(at(hoursBefore));
    const booking = bookPair(session, flight, 'ECONOMY', fareFamily, [alice, bob]);
    return { session, booking, quote: ok(session, 'get_cancellation_quote', { booking_id: booking.id }) };
  }

  it('STANDARD: 50 USD per traveler from 30 days, 120 from 7, 200 from 1, nothing back within 24 hours', () => {
    const price = 2 * flight.fares.ECONOMY!;
    expect(quote('STANDARD', 24 * 40).quote).to.include({ daysBefore: 40, fee: 100, refund: price - 100 });
    expect(quote('STANDARD', 24 * 30).quote).to.include({ daysBefore: 30, fee: 100 });
    expect(quote('STANDARD', 24 * 30 - 1).quote).to.include({ daysBefore: 29, fee: 240 });
    expect(quote('STANDARD', 24 * 7).quote).to.include({ daysBefore: 7, fee: 240 });
    expect(quote('STANDARD', 24 * 3).quote).to.include({ daysBefore: 3, fee: 400 });
    expect(quote('STANDARD', 5).quote).to.include({ daysBefore: 0, fee: price, refund: 0 });
  });

  it('FLEX is free until 24 hours before departure, then 75 USD per traveler; LIGHT never refunds', () => {
    expect(quote('FLEX', 25).quote).to.include({ fee: 0 });
    expect(quote('FLEX', 23).quote).to.include({ fee: 150 });
    const light = quote('LIGHT', 24 * 50).quote;
    expect(light).to.include({ refundable: false, refund: 0 });
    expect(light.fee).to.equal(light.totalPrice);
  });

  it('cancelling charges exactly the quote, puts the seats back on sale and cannot be repeated', () => {
    const { session, booking, quote: q } = quote('STANDARD', 24 * 10);
    const seatsBefore = seatsLeft(flight, 'ECONOMY', session.state)!;
    const result = ok(session, 'cancel_travel_booking', { booking_id: booking.id });
    expect(result).to.include({ fee: q.fee, refund: q.refund, status: 'CANCELLED' });
    expect(seatsLeft(flight, 'ECONOMY', session.state)).to.equal(seatsBefore + 2);
    for (const p of booking.passengers) expect(seatHolder(seatMapOf(session.state, flight), p.seat)).to.equal(undefined);
    expect(ok(session, 'get_travel_booking', { booking_id: booking.id }).cancellation).to.include({ fee: q.fee, refund: q.refund });
    expect(rejected(session, 'cancel_travel_booking', { booking_id: booking.id })).to.include('already cancelled');
    expect(rejected(session, 'get_cancellation_quote', { booking_id: booking.id })).to.include('already cancelled');
  });

  it('a flight booking cannot be cancelled once the flight has departed', () => {
    const session = open(at(-1));
    const mine = entryValues(world.bookings).find((b) => b.type === 'FLIGHT' && b.status === 'CONFIRMED' && b.flightId === flight.id);
    if (mine !== undefined) expect(rejected(session, 'cancel_travel_booking', { booking_id: mine.id })).to.include('departed');
    const past = entryValues(world.bookings).find((b) => b.type === 'FLIGHT' && b.status === 'CONFIRMED' && world.flights[b.flightId].departureTime < NOW)!;
    expect(rejected(open(), 'cancel_travel_booking', { booking_id: past.id })).to.include('departed');
  });

  it('hotels: FLEXIBLE is free until 2 days before the 15:00 check-in, then costs the first night of each room; NON_REFUNDABLE keeps everything', () => {
    const hotel = world.hotels.HLLAX002;
    const checkIn = '2026-04-20';
    const start = Date.parse(`${checkIn}T15:00:00Z`);
    const book = (ratePlan: string, hoursBefore: number) => {
      const session = open(new Date(start - hoursBefore * 3_600_000).toISOString());
      const booking = ok(session, 'book_hotel_room', { hotel_id: hotel.id, room_type: 'STANDARD_KING', check_in_date: checkIn, check_out_date: '2026-04-23', traveler_id: alice, rooms: 2, guests: 3, rate_plan: ratePlan });
      return { session, booking, quote: ok(session, 'get_cancellation_quote', { booking_id: booking.bookingId }) };
    };
    expect(book('FLEXIBLE', 48).quote).to.include({ daysBefore: 2, fee: 0 });
    const late = book('FLEXIBLE', 47);
    expect(late.quote).to.include({ daysBefore: 1, fee: 2 * late.booking.nightlyRates[checkIn] });
    const nonRefundable = book('NON_REFUNDABLE', 24 * 20);
    expect(nonRefundable.quote).to.include({ refund: 0, fee: nonRefundable.booking.totalPrice });
    expect(nonRefundable.booking.nightlyRates[checkIn]).to.equal(Math.round(hotel.rooms.STANDARD_KING!.nightlyRates[checkIn] * 85) / 100);
    const started = open(new Date(start + 3_600_000).toISOString());
    const inProgress = entryValues(world.bookings).find((b) => b.type === 'HOTEL' && b.status === 'CONFIRMED' && b.checkInDate < '2026-03-16' && b.checkOutDate > '2026-03-16')!;
    expect(rejected(started, 'cancel_travel_booking', { booking_id: inProgress.id })).to.include('stay began');
  });
});

describe('travel_booking: hotel rooms are sold night by night', () => {
  const hotel = world.hotels.CBLAX003;
  const room = hotel.rooms.DELUXE_KING!;
  const nights = ['2026-04-06', '2026-04-07', '2026-04-08'];
  const left = (night: string) => room.inventory - (room.roomsSold[night] ?? 0);

  it('rooms sell out on a night, the next stay over that night is refused, a stay that avoids it is not', () => {
    const session = open();
    const tightest = nights.reduce((a, b) => (left(a) <= left(b) ? a : b));
    const count = left(tightest);
    expect(count).to.be.greaterThan(0);
    ok(session, 'book_hotel_room', { hotel_id: hotel.id, room_type: 'DELUXE_KING', check_in_date: tightest, check_out_date: `2026-04-0${Number(tightest.slice(-1)) + 1}`, traveler_id: 'trv_5', rooms: count, guests: count });
    expect(session.state.hotels[hotel.id].rooms.DELUXE_KING!.roomsSold[tightest]).to.equal(room.inventory);
    const message = rejected(session, 'book_hotel_room', { hotel_id: hotel.id, room_type: 'DELUXE_KING', check_in_date: nights[0], check_out_date: '2026-04-09', traveler_id: 'trv_6' });
    expect(message).to.include(`${tightest}: 0`);
    const details = ok(session, 'get_hotel_details', { hotel_id: hotel.id, check_in_date: nights[0], check_out_date: '2026-04-09' });
    const deluxe = details.roomTypes.find((t: { roomType: string }) => t.roomType === 'DELUXE_KING');
    expect(deluxe.nights.find((n: { date: string }) => n.date === tightest).roomsAvailable).to.equal(0);
    const search = ok(session, 'search_hotels', { city_code: 'LAX', check_in_date: nights[0], check_out_date: '2026-04-09', room_type: 'DELUXE_KING' });
    expect(search.unavailableHotels.map((h: { hotelId: string }) => h.hotelId)).to.include(hotel.id);
    ok(session, 'book_hotel_room', { hotel_id: hotel.id, room_type: 'DELUXE_KING', check_in_date: '2026-04-10', check_out_date: '2026-04-12', traveler_id: 'trv_6' });
  });

  it('cancelling a stay gives its room-nights back', () => {
    const session = open();
    const booking = ok(session, 'book_hotel_room', { hotel_id: hotel.id, room_type: 'DELUXE_KING', check_in_date: nights[0], check_out_date: '2026-04-09', traveler_id: 'trv_5' });
    ok(session, 'cancel_travel_booking', { booking_id: booking.bookingId });
    for (const night of nights) expect(session.state.hotels[hotel.id].rooms.DELUXE_KING!.roomsSold[night] ?? 0).to.equal(room.roomsSold[night] ?? 0);
  });

  it('stays must start today or later, last at most 30 nights and lie within the published rates', () => {
    const session = open();
    const base = { city_code: 'LAX' };
    expect(rejected(session, 'search_hotels', { ...base, check_in_date: '2026-03-15', check_out_date: '2026-03-17' })).to.include('in the past');
    expect(rejected(session, 'search_hotels', { ...base, check_in_date: '2026-03-20', check_out_date: '2026-04-25' })).to.include('at most 30 nights');
    expect(rejected(session, 'search_hotels', { ...base, check_in_date: '2026-05-14', check_out_date: '2026-05-20' })).to.include('publish rates for the nights');
    expect(rejected(session, 'book_hotel_room', { hotel_id: hotel.id, room_type: 'DELUXE_KING', check_in_date: '2026-04-09', check_out_date: '2026-04-09', traveler_id: 'trv_5' })).to.include('must be after');
    expect(rejected(session, 'book_hotel_room', { hotel_id: hotel.id, room_type: 'SUITE', check_in_date: '2026-04-09', check_out_date: '2026-04-10', traveler_id: 'trv_5' })).to.include('has no SUITE rooms');
    expect(rejected(session, 'search_hotels', { city_code: 'QQQ', check_in_date: '2026-04-09', check_out_date: '2026-04-10' })).to.include('unknown city code');
  });

  it('an airport code finds the hotels of its city', () => {
    const result = ok(open(), 'search_hotels', { city_code: 'lhr', check_in_date: '2026-04-09', check_out_date: '2026-04-10' });
    expect(result.cityCode).to.equal('LON');
    expect(result.hotels.length + result.unavailableHotels.length).to.equal(Object.values(world.hotels).filter((h) => h.cityCode === 'LON').length);
  });
});

describe('travel_booking: itineraries and profiles', () => {
  it('a booking belongs to one itinerary; cancelled bookings cannot be added', () => {
    const session = open();
    const taken = entryValues(world.bookings).find((b) => b.itineraryId !== null && b.type === 'HOTEL') as HotelBooking;
    const mine = ok(session, 'create_itinerary', { traveler_id: taken.travelerId, name: 'Second try' });
    expect(rejected(session, 'add_booking_to_itinerary', { itinerary_id: mine.itineraryId, booking_id: taken.id })).to.include(`already belongs to itinerary ${taken.itineraryId}`);
    const cancelled = entryValues(world.bookings).find((b) => b.status === 'CANCELLED' && b.itineraryId === null)!;
    const owner = cancelled.type === 'FLIGHT' ? cancelled.passengers[0].travelerId : cancelled.travelerId;
    const theirs = ok(session, 'create_itinerary', { traveler_id: owner, name: 'Cancelled plans' });
    expect(rejected(session, 'add_booking_to_itinerary', { itinerary_id: theirs.itineraryId, booking_id: cancelled.id })).to.include('is cancelled');
  });

  it('the passport number never leaves the server, and the tools that take it flag it as sensitive', () => {
    const session = open();
    const numbers = Object.values(world.travelers).flatMap((t) => (t.passport ? [t.passport.number] : []));
    const outputs = JSON.stringify([
      ok(session, 'list_traveler_profiles', {}),
      ...Object.keys(world.travelers).map((id) => ok(session, 'get_traveler_profile', { traveler_id: id })),
    ]);
    for (const number of numbers) expect(outputs).to.not.include(number);
    const sensitive = Object.fromEntries(travelBookingDomain.tools.filter((t) => t.sensitive?.length).map((t) => [t.name, t.sensitive]));
    expect(sensitive).to.deep.equal({ create_traveler_profile: ['passport_number'], update_traveler_profile: ['passport_number'] });
  });

  it('loyalty memberships are replaced in place and removed; removing one the traveler lacks is refused', () => {
    const session = open();
    const traveler = Object.values(world.travelers).find((t) => t.loyaltyPrograms.length >= 1)!;
    const owner = traveler.loyaltyPrograms[0].programOwner;
    const replaced = ok(session, 'update_traveler_profile', { traveler_id: traveler.id, add_loyalty_program: { program_owner: owner, member_id: 'NEW123456' } });
    expect(replaced.loyaltyPrograms).to.have.length(traveler.loyaltyPrograms.length);
    expect(replaced.loyaltyPrograms.find((m: { programOwner: string }) => m.programOwner === owner).memberId).to.equal('NEW123456');
    const removed = ok(session, 'update_traveler_profile', { traveler_id: traveler.id, remove_loyalty_program: owner });
    expect(removed.loyaltyPrograms.map((m: { programOwner: string }) => m.programOwner)).to.not.include(owner);
    expect(rejected(session, 'update_traveler_profile', { traveler_id: traveler.id, remove_loyalty_program: owner })).to.include(`no ${owner} membership`);
  });

  it('a profile needs a birth date in the past and the whole passport', () => {
    const session = open();
    const base = { first_name: 'Test', last_name: 'Person', email: 't@example.com', nationality: 'DE' };
    expect(rejected(session, 'create_traveler_profile', { ...base, date_of_birth: '2027-01-01' })).to.include('not in the past');
    expect(rejected(session, 'create_traveler_profile', { ...base, date_of_birth: '1990-01-01', passport_number: 'C12345678' })).to.include('passport_number and passport_expiry_date together');
  });

  it('the location search matches codes and the start of words, by type and country', () => {
    const session = open();
    expect(ok(session, 'search_airports_and_cities', { keyword: 'JFK' }).locations[0]).to.include({ iataCode: 'JFK', subType: 'AIRPORT', cityCode: 'NYC' });
    expect(ok(session, 'search_airports_and_cities', { keyword: 'heathrow' }).locations.map((l: { iataCode: string }) => l.iataCode)).to.deep.equal(['LHR']);
    const cities = ok(session, 'search_airports_and_cities', { country_code: 'DE', sub_type: 'CITY' });
    expect(cities.locations.map((l: { iataCode: string }) => l.iataCode)).to.deep.equal(['FRA', 'MUC']);
    expect(rejected(session, 'search_airports_and_cities', {})).to.include('give a keyword');
  });
});

describe('travel_booking: invariants', () => {
  it('hold on the whole fixture world (checked in full, not only where it changed)', () => {
    const copy = JSON.parse(JSON.stringify(world)) as TravelBookingState;
    for (const invariant of travelBookingDomain.invariants) expect(invariant.check(world, copy), invariant.name).to.equal(undefined);
  });

  it('hold after every conformance case', () => {
    const session = open();
    for (const testCase of travelBookingCases) {
      session.call(testCase.tool, testCase.args);
      expect(runtime.checkInvariants(session.state), testCase.title).to.deep.equal([]);
    }
    const copy = JSON.parse(JSON.stringify(world)) as TravelBookingState;
    for (const invariant of travelBookingDomain.invariants) expect(invariant.check(session.state, copy), invariant.name).to.equal(undefined);
  });

  it('catch a double-booked seat, a miscounted cabin, oversold rooms, a dangling reference and a refund that does not add up', () => {
    const broken = (mutate: (state: TravelBookingState) => void): string[] => {
      const state = JSON.parse(JSON.stringify(world)) as TravelBookingState;
      mutate(state);
      return runtime.checkInvariants(state);
    };
    const booked = entryValues(world.bookings).find((b) => b.type === 'FLIGHT' && b.status === 'CONFIRMED' && b.passengers.length >= 2) as FlightBooking;
    expect(
      broken((s) => {
        (getEntry(s.bookings, booked.id)! as FlightBooking).passengers[1].seat = booked.passengers[0].seat;
      }).join(),
    ).to.include('no seat is double-booked');
    expect(
      broken((s) => {
        seatMapOf(s, s.flights[booked.flightId]).seatsAvailable[booked.travelClass]! += 1;
      }).join(),
    ).to.include('capacity');
    expect(
      broken((s) => {
        const f = s.flights[booked.flightId];
        const map = seatMapOf(s, f);
        const free = cabinSeats(f.aircraft, 'ECONOMY').find((seat) => seatHolder(map, seat) === undefined)!;
        holdSeat(map, free, EXTERNAL_SEAT_HOLDER);
        map.seatsAvailable.ECONOMY! -= 1;
      }).join(),
    ).to.include('passengers booked elsewhere changed');
    expect(
      broken((s) => {
        const r = s.hotels.CBLAX003.rooms.DELUXE_KING!;
        r.roomsSold['2026-04-06'] = r.inventory + 1;
      }).join(),
    ).to.include('never exceed inventory');
    expect(
      broken((s) => {
        (getEntry(s.bookings, booked.id)! as FlightBooking).passengers[0].travelerId = 'trv_404';
      }).join(),
    ).to.include('references missing traveler trv_404');
    const cancelled = entryValues(world.bookings).find((b) => b.status === 'CANCELLED')!;
    expect(
      broken((s) => {
        getEntry(s.bookings, cancelled.id)!.cancellation!.refund += 1;
      }).join(),
    ).to.include('add up');
  });
});

describe('travel_booking: the generated world', () => {
  it('is deterministic: seed 42 is the committed fixture, byte for byte; another seed differs', () => {
    const generated = generateWorld(42);
    expect(generated).to.deep.equal(JSON.parse(JSON.stringify(world)));
    const file = readFileSync(join(REPO_ROOT, 'fixtures', 'travel_booking', 'world.json'), 'utf8');
    expect(`${formatWorld(generated)}\n`).to.equal(file);
    expect(generateWorld(7)).to.not.deep.equal(generated);
  });

  it('is the size the domain promises, with seat maps, per-night inventory and bookings in every state', () => {
    const count = (record: object) => Object.keys(record).length;
    expect(count(world.airports)).to.be.within(38, 45);
    expect(count(world.flights)).to.be.within(250, 350);
    expect(count(world.hotels)).to.be.within(75, 95);
    expect(count(world.travelers)).to.equal(30);
    const bookings = entryValues(world.bookings);
    expect(bookings.filter((b) => b.status === 'CANCELLED').length).to.be.greaterThan(2);
    expect(bookings.filter((b) => b.type === 'HOTEL').length).to.be.greaterThan(20);
    expect(count(world.itineraries)).to.be.greaterThan(10);
    const days = new Set(Object.values(world.flights).map((f) => f.departureTime.slice(0, 10)));
    expect(days.size).to.be.greaterThan(55);
    const fullCabins = Object.values(world.seatMaps).flatMap((day) => Object.values(day).flatMap((map) => Object.values(map.seatsAvailable))).filter((left) => left === 0);
    expect(fullCabins.length).to.be.greaterThan(5);
  });

  it('samplers return only entities with enough data to ground a query', () => {
    const samples = runtime.sample(world);
    for (const f of samples.flights) {
      expect(f.departureTime as string > NOW).to.equal(true);
      expect((f.seatsAvailable as Record<string, number>).ECONOMY).to.be.at.least(2);
    }
    expect(samples.flights.length).to.be.greaterThan(200);
    for (const h of samples.hotels) expect((h.roomTypes as string[]).length).to.be.greaterThan(0);
    for (const b of samples.bookings) {
      expect(getEntry(world.bookings, b.bookingId as string)!.status).to.equal('CONFIRMED');
      expect(b.startTime as string > NOW).to.equal(true);
    }
    for (const i of samples.itineraries) expect((i.bookingIds as string[]).length).to.be.greaterThan(0);
    expect(samples.travelers).to.have.length(30);
  });
});
