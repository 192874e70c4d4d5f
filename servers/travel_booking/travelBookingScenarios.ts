import type { DomainScenario } from '../kit/Domain.js';
import { AIRCRAFT } from './TravelBookingState.js';

/**
 * Goals of a signed-in traveller, played as conversations. The traveller names cities, dates, a
 * departure time, a seat, family members' details; the assistant finds airport codes, flight and
 * offer ids, bookings and itineraries.
 */

type Row = Record<string, any>;

const TRAVELER = ['The signed-in traveller is {first_name} {last_name} (traveler id {traveler_id}).'];

const byNumber = (a: string, b: string): number => Number(a.replace(/\D+/g, '')) - Number(b.replace(/\D+/g, ''));

/** A flight's seat map (stored by day, then flight id). */
const seatMapOf = (state: Row, flight: Row): Row | undefined => state.seatMaps[String(flight.id).slice(-10)]?.[flight.id];

/** The window seats of a flight's cabin, free and taken, in row order. */
function windowSeats(state: Row, flight: Row, cabin: string): { free: string[]; taken: string[] } {
  const layout = AIRCRAFT[flight.aircraft]?.cabins[cabin as 'ECONOMY'];
  const free: string[] = [];
  const taken: string[] = [];
  if (layout === undefined) return { free, taken };
  const occupied = (seatMapOf(state, flight)?.occupied ?? {}) as Record<string, Record<string, string>>;
  const columns = layout.columns.replace(/ /g, '');
  for (let row = layout.firstRow; row <= layout.lastRow; row++) {
    for (const column of [columns[0], columns.slice(-1)]) (occupied[String(row)]?.[column] === undefined ? free : taken).push(`${row}${column}`);
  }
  return { free, taken };
}

/** What a traveller calls a flight's airports: the city's name, else the airport's. */
function cityOf(state: Row, code: string): string | undefined {
  const airport = state.airports[code];
  return airport === undefined ? undefined : (state.cities[airport.cityCode]?.name ?? airport.name);
}

export const travelBookingScenarios: DomainScenario[] = [
  {
    name: 'book_a_flight_and_pick_a_seat',
    goal: 'Book an economy flight between two cities on a day, then choose a window seat on it.',
    context: TRAVELER,
    weight: 3,
    cast(state: Row, random) {
      // Seat maps are stored by day, then flight id.
      const seatMap = (f: Row): Row | undefined => state.seatMaps[String(f.id).slice(-10)]?.[f.id];
      const flights = (Object.values(state.flights) as Row[]).filter((f) => f.departureTime >= '2026-03-20' && (seatMap(f)?.seatsAvailable?.ECONOMY ?? 0) >= 2 && AIRCRAFT[f.aircraft]?.cabins.ECONOMY !== undefined);
      if (flights.length === 0) return undefined;
      const flight = random.pick(flights.sort((a, b) => (a.id < b.id ? -1 : 1)));
      const layout = AIRCRAFT[flight.aircraft].cabins.ECONOMY!;
      const occupied = (seatMap(flight)!.occupied ?? {}) as Record<string, Record<string, string>>;
      const windows = [layout.columns.replace(/ /g, '')[0], layout.columns.replace(/ /g, '').slice(-1)];
      const free: string[] = [];
      for (let row = layout.firstRow; row <= layout.lastRow; row++) for (const column of windows) if (occupied[String(row)]?.[column] === undefined) free.push(`${row}${column}`);
      if (free.length < 3) return undefined;
      // An international flight needs a valid passport: travellers who hold one.
      const travelers = (Object.values(state.travelers) as Row[]).filter((t) => t.passport && String(t.passport.expiryDate) > String(flight.departureTime)).sort((a, b) => byNumber(a.id, b.id));
      if (travelers.length === 0) return undefined;
      const traveler = random.pick(travelers);
      const origin = state.airports[flight.origin];
      const destination = state.airports[flight.destination];
      if (origin === undefined || destination === undefined) return undefined;
      const originCity = state.cities[origin.cityCode]?.name ?? origin.name;
      const destinationCity = state.cities[destination.cityCode]?.name ?? destination.name;
      return {
        traveler_id: traveler.id,
        first_name: traveler.firstName,
        last_name: traveler.lastName,
        flight_id: flight.id,
        origin_code: flight.origin,
        destination_code: flight.destination,
        origin_airport: origin.name,
        destination_airport: destination.name,
        origin_city: originCity,
        destination_city: destinationCity,
        date: String(flight.departureTime).slice(0, 10),
        time: String(flight.departureTime).slice(11, 16),
        seat: random.pick(free.slice(2)),
      };
    },
    turns: [
      {
        say: [
          'Book me on the {time} (UTC) economy flight from {origin_city} ({origin_airport}) to {destination_city} ({destination_airport}) on {date}.',
          'I need to fly from {origin_city} to {destination_city} on {date}; the {time} UTC departure in economy, please book it.',
        ],
        steps: [
          { tool: 'search_airports_and_cities', args: (f) => ({ keyword: f.origin_city }), learn: (r: { locations: Row[] }, f) => (r.locations.some((l) => l.iataCode === f.origin_code) ? { origin: f.origin_code } : undefined) },
          { tool: 'search_airports_and_cities', args: (f) => ({ keyword: f.destination_city }), learn: (r: { locations: Row[] }, f) => (r.locations.some((l) => l.iataCode === f.destination_code) ? { destination: f.destination_code } : undefined) },
          {
            tool: 'search_flight_offers',
            args: (f) => ({ origin: f.origin, destination: f.destination, departure_date: f.date, travel_class: 'ECONOMY' }),
            learn: (r: { flights: Row[] }, f) => { const x = r.flights.find((y) => (y.flightId ?? y.id) === f.flight_id); return x && { found: x.flightId ?? x.id }; },
          },
          { tool: 'price_flight_offer', args: (f) => ({ flight_id: f.found, travel_class: 'ECONOMY', fare_family: 'STANDARD' }), learn: (r: Row) => ({ offer_id: r.offerId }) },
          { tool: 'book_flight', args: (f) => ({ offer_id: f.offer_id, traveler_ids: [f.traveler_id] }), learn: (r: Row) => ({ booking_id: r.bookingId, locator: r.recordLocator }) },
        ],
      },
      {
        say: ['Can I get a window seat? {seat} if it is free.', 'Is window seat {seat} still free on that flight? Then move me there.'],
        steps: [
          {
            tool: 'get_flight_details',
            args: (f) => ({ flight_id: f.found, travel_class: 'ECONOMY' }),
            learn: (r: { cabins: Row[] }, f) => (r.cabins.some((c) => c.travelClass === 'ECONOMY' && (c.availableSeats as string[]).includes(String(f.seat))) ? {} : undefined),
          },
          {
            tool: 'change_flight_seat',
            args: (f) => ({ booking_id: f.booking_id, traveler_id: f.traveler_id, seat: f.seat }),
            fault: { kind: 'missing_argument', tool: 'change_flight_seat', args: (f) => ({ booking_id: f.booking_id, seat: f.seat }), recovery: 'retry_corrected' },
          },
        ],
      },
    ],
  },
  {
    name: 'file_a_booked_flight_in_a_new_trip',
    goal: 'Find a flight the traveller already booked by its route and day, file it in a new itinerary, move to a window seat, and review the trip.',
    context: TRAVELER,
    weight: 3,
    cast(state: Row, random) {
      const bookings = (Object.values(state.bookings) as Row[]).flatMap((bucket) => Object.values(bucket) as Row[]);
      const loose = bookings
        .filter((b) => b.type === 'FLIGHT' && b.status === 'CONFIRMED' && b.itineraryId === null && String(state.flights[b.flightId]?.departureTime) > '2026-03-17')
        .sort((a, b) => byNumber(a.id, b.id));
      if (loose.length === 0) return undefined;
      const booking = random.pick(loose);
      const flight = state.flights[booking.flightId] as Row;
      const passenger = random.pick(booking.passengers as Row[]);
      const traveler = state.travelers[passenger.travelerId] as Row | undefined;
      const origin = cityOf(state, flight.origin);
      const destination = cityOf(state, flight.destination);
      const { free, taken } = windowSeats(state, flight, booking.travelClass);
      if (traveler === undefined || origin === undefined || destination === undefined || free.length === 0 || taken.length === 0) return undefined;
      const date = String(flight.departureTime).slice(0, 10);
      const seat = random.pick(free);
      // The traveller's only flight of that route on that day, so that their words name one booking.
      const same = bookings.filter((b) => b.type === 'FLIGHT' && b.status === 'CONFIRMED' && (b.passengers as Row[]).some((p) => p.travelerId === traveler.id) && state.flights[b.flightId]?.origin === flight.origin && state.flights[b.flightId]?.destination === flight.destination && String(state.flights[b.flightId]?.departureTime).startsWith(date));
      if (same.length !== 1) return undefined;
      return {
        traveler_id: traveler.id,
        first_name: traveler.firstName,
        last_name: traveler.lastName,
        booking_hint: booking.id,
        origin_city: origin,
        destination_city: destination,
        date,
        seat,
        seat_said: seat,
        taken_seat: random.pick(taken),
        trip_name: `${random.pick(['Trip to', 'Visit to', 'Weekend in', 'Conference in', 'Spring in'])} ${destination}`,
      };
    },
    turns: [
      {
        say: [
          'I have a flight from {origin_city} to {destination_city} on {date}. Start a new trip called "{trip_name}" and put that flight in it.',
          'Please file my {date} flight to {destination_city} (from {origin_city}) under a new itinerary, "{trip_name}".',
        ],
        steps: [
          {
            tool: 'list_travel_bookings',
            args: (f) => ({ traveler_id: f.traveler_id, type: 'FLIGHT', status: 'CONFIRMED' }),
            learn: (r: { bookings: Row[] }, f) => { const b = r.bookings.find((x) => x.bookingId === f.booking_hint && String(x.startTime).startsWith(String(f.date))); return b && { booking_id: b.bookingId }; },
          },
          { tool: 'create_itinerary', args: (f) => ({ traveler_id: f.traveler_id, name: f.trip_name }), learn: (r: Row) => ({ itinerary_id: r.itineraryId }) },
          {
            tool: 'add_booking_to_itinerary',
            args: (f) => ({ itinerary_id: f.itinerary_id, booking_id: f.booking_id }),
            fault: { kind: 'missing_argument', tool: 'add_booking_to_itinerary', args: (f) => ({ itinerary_id: f.itinerary_id }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['On that flight, can you move me to window seat {seat_said}?', 'I would like the window: seat {seat_said}, please.'],
        steps: [
          {
            tool: 'change_flight_seat',
            args: (f) => ({ booking_id: f.booking_id, traveler_id: f.traveler_id, seat: f.seat }),
            fault: {
              kind: 'state_refusal',
              tool: 'change_flight_seat',
              said: (f) => ({ seat_said: f.taken_seat }),
              args: (f) => ({ booking_id: f.booking_id, traveler_id: f.traveler_id, seat: f.taken_seat }),
              recovery: 'ask_user',
              ask: ['Seat {taken_seat} is already taken. Which other seat would you like?', 'Someone already has {taken_seat}; shall I try another window seat?'],
              reply: ['Then {seat}, please.', 'OK, try {seat} instead.'],
            },
          },
        ],
      },
      {
        say: ['Show me the whole "{trip_name}" trip now.', 'What does the itinerary look like now?'],
        steps: [{ tool: 'get_itinerary', args: (f) => ({ itinerary_id: f.itinerary_id }) }],
      },
    ],
  },
  {
    name: 'profile_for_a_family_member',
    goal: 'Create a traveller profile for a family member from their details, then add their passport.',
    context: TRAVELER,
    weight: 2,
    cast(state: Row, random) {
      const travelers = (Object.values(state.travelers) as Row[]).sort((a, b) => byNumber(a.id, b.id));
      const traveler = random.pick(travelers);
      const first = random.pick(['Mia', 'Noah', 'Lena', 'Theo', 'Ava', 'Leo', 'Zoe', 'Finn']);
      const email = `${first.toLowerCase()}.${String(traveler.lastName).toLowerCase().replace(/[^a-z]/g, '')}@mail.example.org`;
      if (travelers.some((t) => t.email === email)) return undefined;
      let passport = String.fromCharCode(65 + random.int(0, 25));
      for (let i = 0; i < 8; i++) passport += String(random.int(0, 9));
      return {
        traveler_id: traveler.id,
        first_name: traveler.firstName,
        last_name: traveler.lastName,
        relative: random.pick(['daughter', 'son', 'partner', 'mother', 'father']),
        new_first: first,
        birth: `${random.int(1960, 2012)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
        email,
        nationality: traveler.nationality,
        passport,
        expiry: `${random.int(2027, 2035)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
      };
    },
    turns: [
      {
        say: ['Create a travel profile for my {relative}: {new_first} {last_name}, born {birth}, email {email}, nationality {nationality}.', 'Please add my {relative} {new_first} {last_name} as a traveller (born {birth}, {nationality} citizen, email {email}).'],
        steps: [{ tool: 'create_traveler_profile', args: (f) => ({ first_name: f.new_first, last_name: f.last_name, date_of_birth: f.birth, email: f.email, nationality: f.nationality }), learn: (r: Row) => ({ new_id: r.travelerId }) }],
      },
      {
        say: ['Add the passport too: number {passport}, issued by {nationality}, valid until {expiry}.', 'Their passport is {passport} ({nationality}), expiring {expiry}; please save it.'],
        steps: [{ tool: 'update_traveler_profile', args: (f) => ({ traveler_id: f.new_id, passport_number: f.passport, passport_issuing_country: f.nationality, passport_expiry_date: f.expiry }) }],
      },
      {
        say: ['Show me every traveller profile with the name {last_name} now.', 'Which {last_name} profiles do we have on file now?'],
        steps: [{ tool: 'list_traveler_profiles', args: (f) => ({ name: f.last_name }) }],
      },
    ],
  },
];
