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

export const travelBookingScenarios: DomainScenario[] = [
  {
    name: 'book_a_flight_pick_a_seat_plan_the_trip',
    goal: 'Book an economy flight between two cities on a day, choose a window seat, and file it in a new itinerary.',
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
        trip_name: `${random.pick(['Trip to', 'Visit to', 'Weekend in', 'Conference in'])} ${destinationCity}`,
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
        say: ['Can I get a window seat, {seat}?', 'Please move me to seat {seat}, by the window.'],
        steps: [{ tool: 'change_flight_seat', args: (f) => ({ booking_id: f.booking_id, traveler_id: f.traveler_id, seat: f.seat }) }],
      },
      {
        say: ['Start a new itinerary called "{trip_name}" and put this flight in it.', 'File that booking under a new trip, "{trip_name}".'],
        steps: [
          { tool: 'create_itinerary', args: (f) => ({ traveler_id: f.traveler_id, name: f.trip_name }), learn: (r: Row) => ({ itinerary_id: r.itineraryId }) },
          {
            tool: 'add_booking_to_itinerary',
            args: (f) => ({ itinerary_id: f.itinerary_id, booking_id: f.booking_id }),
            fault: { kind: 'missing_argument', tool: 'add_booking_to_itinerary', args: (f) => ({ itinerary_id: f.itinerary_id }), recovery: 'retry_corrected' },
          },
        ],
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
    ],
  },
];
