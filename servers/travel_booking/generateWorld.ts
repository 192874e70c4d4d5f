import { entryCount, getEntry, setEntry } from '../kit/bucketedRecord.js';
import type { SessionRandom } from '../kit/Domain.js';
import { SeededRandom, seedRandomState } from '../kit/seededRandom.js';
import {
  AIRCRAFT,
  AIRLINES,
  CURRENCY,
  EXTERNAL_SEAT_HOLDER,
  FARE_RULES,
  RATE_PLAN_FACTORS,
  RATE_PLAN_RULES,
  TRAVEL_REFERENCE_DATE,
  type Airline,
  type Airport,
  type Cabin,
  type City,
  type FareFamily,
  type Flight,
  type FlightBooking,
  type Hotel,
  type HotelBooking,
  type HotelRoom,
  type RatePlan,
  type RoomType,
  type SeatMap,
  type Traveler,
  type TravelBookingState,
} from './TravelBookingState.js';
import {
  addDays,
  bookingStart,
  cabinSeats,
  cabinsOf,
  DAY_MS,
  fareFamiliesOf,
  farePrice,
  freeSeats,
  holdSeat,
  confirmationNumber,
  quoteCancellation,
  recordLocator,
  releaseSeat,
  roundCents,
  seatMapOf,
  stayNights,
  wholeDaysBefore,
} from './travelRules.js';
import { runWorldGenerator } from '../kit/fixtures.js';

/**
 * Builds the travel_booking world from a seed: about 40 airports in 36 cities, some 300 flights
 * from three days before the reference date to 59 days after it (seat maps partly filled by
 * passengers booked elsewhere, some cabins sold out), about 85 hotels with per-night inventory and
 * rates, 30 traveler profiles, and trips already booked (flights out and back, a hotel between,
 * grouped in itineraries), a few of them cancelled or already travelled.
 */

const REFERENCE_DAY = TRAVEL_REFERENCE_DATE.slice(0, 10);
/** Flights and hotel nights exist from this many days before the reference date … */
const FIRST_DAY_OFFSET = -3;
/** … to this many days after it (flights); hotel nights run one day longer so that late stays can check out. */
const LAST_DAY_OFFSET = 59;

// [IATA, name, city code, latitude, longitude]
const AIRPORTS: ReadonlyArray<[string, string, string, number, number]> = [
  ['JFK', 'John F. Kennedy International Airport', 'NYC', 40.6413, -73.7781],
  ['LGA', 'LaGuardia Airport', 'NYC', 40.7769, -73.874],
  ['EWR', 'Newark Liberty International Airport', 'NYC', 40.6895, -74.1745],
  ['LAX', 'Los Angeles International Airport', 'LAX', 33.9416, -118.4085],
  ['SFO', 'San Francisco International Airport', 'SFO', 37.6213, -122.379],
  ['ORD', "O'Hare International Airport", 'CHI', 41.9742, -87.9073],
  ['ATL', 'Hartsfield-Jackson Atlanta International Airport', 'ATL', 33.6407, -84.4277],
  ['DFW', 'Dallas/Fort Worth International Airport', 'DFW', 32.8998, -97.0403],
  ['DEN', 'Denver International Airport', 'DEN', 39.8561, -104.6737],
  ['SEA', 'Seattle-Tacoma International Airport', 'SEA', 47.4502, -122.3088],
  ['BOS', 'Logan International Airport', 'BOS', 42.3656, -71.0096],
  ['MIA', 'Miami International Airport', 'MIA', 25.7959, -80.287],
  ['LAS', 'Harry Reid International Airport', 'LAS', 36.084, -115.1537],
  ['PHX', 'Phoenix Sky Harbor International Airport', 'PHX', 33.4352, -112.0101],
  ['IAD', 'Washington Dulles International Airport', 'WAS', 38.9531, -77.4565],
  ['DCA', 'Ronald Reagan Washington National Airport', 'WAS', 38.8512, -77.0402],
  ['MCO', 'Orlando International Airport', 'ORL', 28.4312, -81.3081],
  ['SAN', 'San Diego International Airport', 'SAN', 32.7338, -117.1933],
  ['HNL', 'Daniel K. Inouye International Airport', 'HNL', 21.3187, -157.9225],
  ['AUS', 'Austin-Bergstrom International Airport', 'AUS', 30.1975, -97.6664],
  ['YYZ', 'Toronto Pearson International Airport', 'YTO', 43.6777, -79.6248],
  ['YVR', 'Vancouver International Airport', 'YVR', 49.1967, -123.1815],
  ['MEX', 'Mexico City International Airport', 'MEX', 19.4361, -99.0719],
  ['CUN', 'Cancun International Airport', 'CUN', 21.0365, -86.8771],
  ['LHR', 'London Heathrow Airport', 'LON', 51.47, -0.4543],
  ['LGW', 'London Gatwick Airport', 'LON', 51.1537, -0.1821],
  ['CDG', 'Paris Charles de Gaulle Airport', 'PAR', 49.0097, 2.5479],
  ['ORY', 'Paris Orly Airport', 'PAR', 48.7262, 2.3652],
  ['FRA', 'Frankfurt Airport', 'FRA', 50.0379, 8.5622],
  ['AMS', 'Amsterdam Airport Schiphol', 'AMS', 52.3105, 4.7683],
  ['MAD', 'Madrid-Barajas Airport', 'MAD', 40.4983, -3.5676],
  ['BCN', 'Barcelona-El Prat Airport', 'BCN', 41.2974, 2.0833],
  ['FCO', 'Rome Fiumicino Airport', 'ROM', 41.8003, 12.2389],
  ['LIS', 'Lisbon Humberto Delgado Airport', 'LIS', 38.7742, -9.1342],
  ['DUB', 'Dublin Airport', 'DUB', 53.4264, -6.2499],
  ['ZRH', 'Zurich Airport', 'ZRH', 47.4582, 8.5555],
  ['MUC', 'Munich Airport', 'MUC', 48.3537, 11.775],
  ['HND', 'Tokyo Haneda Airport', 'TYO', 35.5494, 139.7798],
  ['NRT', 'Narita International Airport', 'TYO', 35.772, 140.3929],
  ['SIN', 'Singapore Changi Airport', 'SIN', 1.3644, 103.9915],
  ['DXB', 'Dubai International Airport', 'DXB', 25.2532, 55.3657],
  ['SYD', 'Sydney Kingsford Smith Airport', 'SYD', -33.9399, 151.1753],
];

const COUNTRIES: Readonly<Record<string, string>> = {
  US: 'United States',
  CA: 'Canada',
  MX: 'Mexico',
  GB: 'United Kingdom',
  FR: 'France',
  DE: 'Germany',
  NL: 'Netherlands',
  ES: 'Spain',
  IT: 'Italy',
  PT: 'Portugal',
  IE: 'Ireland',
  CH: 'Switzerland',
  JP: 'Japan',
  SG: 'Singapore',
  AE: 'United Arab Emirates',
  AU: 'Australia',
};

// [city code, name, country, hotel price level, hotels, districts]
const CITIES: ReadonlyArray<[string, string, string, number, number, string[]]> = [
  ['NYC', 'New York', 'US', 1.5, 5, ['Midtown', 'SoHo', 'Financial District', 'Upper West Side', 'Chelsea']],
  ['LAX', 'Los Angeles', 'US', 1.25, 3, ['Santa Monica', 'Downtown', 'Hollywood']],
  ['SFO', 'San Francisco', 'US', 1.4, 3, ['Union Square', "Fisherman's Wharf", 'SoMa']],
  ['CHI', 'Chicago', 'US', 1.15, 3, ['The Loop', 'River North', 'Magnificent Mile']],
  ['ATL', 'Atlanta', 'US', 0.95, 2, ['Midtown', 'Buckhead']],
  ['DFW', 'Dallas', 'US', 0.95, 2, ['Uptown', 'Downtown']],
  ['DEN', 'Denver', 'US', 1, 2, ['LoDo', 'Cherry Creek']],
  ['SEA', 'Seattle', 'US', 1.2, 2, ['Pike Place', 'South Lake Union']],
  ['BOS', 'Boston', 'US', 1.3, 2, ['Back Bay', 'Seaport']],
  ['MIA', 'Miami', 'US', 1.2, 3, ['South Beach', 'Brickell', 'Coconut Grove']],
  ['LAS', 'Las Vegas', 'US', 0.9, 3, ['The Strip', 'Downtown', 'Summerlin']],
  ['PHX', 'Phoenix', 'US', 0.85, 1, ['Scottsdale']],
  ['WAS', 'Washington', 'US', 1.25, 3, ['Georgetown', 'Capitol Hill', 'Dupont Circle']],
  ['ORL', 'Orlando', 'US', 0.85, 2, ['Lake Buena Vista', 'International Drive']],
  ['SAN', 'San Diego', 'US', 1.1, 2, ['Gaslamp Quarter', 'La Jolla']],
  ['HNL', 'Honolulu', 'US', 1.35, 2, ['Waikiki', 'Ala Moana']],
  ['AUS', 'Austin', 'US', 1, 1, ['South Congress']],
  ['YTO', 'Toronto', 'CA', 1.05, 2, ['Yorkville', 'Entertainment District']],
  ['YVR', 'Vancouver', 'CA', 1.1, 2, ['Coal Harbour', 'Gastown']],
  ['MEX', 'Mexico City', 'MX', 0.7, 2, ['Polanco', 'Roma Norte']],
  ['CUN', 'Cancun', 'MX', 0.9, 2, ['Hotel Zone', 'Puerto Juarez']],
  ['LON', 'London', 'GB', 1.45, 5, ['Covent Garden', 'Kensington', 'Canary Wharf', 'Shoreditch', 'Westminster']],
  ['PAR', 'Paris', 'FR', 1.35, 4, ['Le Marais', 'Saint-Germain', 'Opera', 'Montmartre']],
  ['FRA', 'Frankfurt', 'DE', 1, 2, ['Sachsenhausen', 'Westend']],
  ['AMS', 'Amsterdam', 'NL', 1.2, 3, ['Jordaan', 'De Pijp', 'Centrum']],
  ['MAD', 'Madrid', 'ES', 0.9, 2, ['Salamanca', 'Malasana']],
  ['BCN', 'Barcelona', 'ES', 1, 3, ['Eixample', 'Gothic Quarter', 'Barceloneta']],
  ['ROM', 'Rome', 'IT', 1.05, 2, ['Trastevere', 'Monti']],
  ['LIS', 'Lisbon', 'PT', 0.85, 2, ['Baixa', 'Alfama']],
  ['DUB', 'Dublin', 'IE', 1.1, 2, ['Temple Bar', 'Ballsbridge']],
  ['ZRH', 'Zurich', 'CH', 1.5, 2, ['Old Town', 'Zurich West']],
  ['MUC', 'Munich', 'DE', 1.05, 2, ['Altstadt', 'Schwabing']],
  ['TYO', 'Tokyo', 'JP', 1.2, 3, ['Shinjuku', 'Ginza', 'Shibuya']],
  ['SIN', 'Singapore', 'SG', 1.25, 2, ['Marina Bay', 'Orchard Road']],
  ['DXB', 'Dubai', 'AE', 1.1, 2, ['Downtown Dubai', 'Dubai Marina']],
  ['SYD', 'Sydney', 'AU', 1.2, 2, ['Circular Quay', 'Darling Harbour']],
];

// [airport, airport, carrier, departures per week each way]
const ROUTES: ReadonlyArray<[string, string, string, number]> = [
  ['JFK', 'LAX', 'AA', 1.4],
  ['JFK', 'SFO', 'B6', 0.7],
  ['LGA', 'ORD', 'AA', 0.7],
  ['EWR', 'SFO', 'UA', 0.6],
  ['BOS', 'ATL', 'DL', 0.6],
  ['ATL', 'MIA', 'DL', 0.6],
  ['ORD', 'DEN', 'UA', 0.6],
  ['DFW', 'LAS', 'AA', 0.5],
  ['SEA', 'SFO', 'AS', 0.6],
  ['LAX', 'HNL', 'HA', 0.5],
  ['IAD', 'ORD', 'UA', 0.5],
  ['DCA', 'BOS', 'B6', 0.5],
  ['MCO', 'JFK', 'B6', 0.6],
  ['PHX', 'SEA', 'AS', 0.4],
  ['AUS', 'DFW', 'AA', 0.4],
  ['SAN', 'SEA', 'AS', 0.4],
  ['YYZ', 'JFK', 'AC', 0.5],
  ['YVR', 'SFO', 'AC', 0.4],
  ['MEX', 'LAX', 'AM', 0.5],
  ['CUN', 'DFW', 'AA', 0.4],
  ['JFK', 'LHR', 'BA', 1],
  ['BOS', 'DUB', 'EI', 0.5],
  ['EWR', 'FRA', 'LH', 0.5],
  ['JFK', 'CDG', 'AF', 0.6],
  ['ATL', 'AMS', 'KL', 0.5],
  ['MIA', 'MAD', 'IB', 0.5],
  ['ORD', 'MUC', 'LH', 0.4],
  ['LHR', 'CDG', 'BA', 0.7],
  ['LHR', 'AMS', 'KL', 0.6],
  ['LGW', 'BCN', 'BA', 0.5],
  ['FRA', 'FCO', 'LH', 0.5],
  ['MAD', 'LIS', 'TP', 0.5],
  ['ZRH', 'LHR', 'LX', 0.5],
  ['ORY', 'LIS', 'TP', 0.4],
  ['LAX', 'HND', 'JL', 0.5],
  ['SFO', 'NRT', 'JL', 0.4],
  ['LHR', 'SIN', 'SQ', 0.4],
  ['DXB', 'LHR', 'EK', 0.6],
  ['SYD', 'SIN', 'QF', 0.4],
  ['JFK', 'DXB', 'EK', 0.4],
];

// [code, brand, stars]
const BRANDS: ReadonlyArray<[string, string, number]> = [
  ['MG', 'Meridian Grand', 5],
  ['TL', 'The Linden', 5],
  ['VA', 'Vantage Hotel & Spa', 5],
  ['HL', 'Harborline Hotel', 4],
  ['LU', 'Lumen Suites', 4],
  ['CB', 'Cobalt House', 4],
  ['AR', 'Ashford Residences', 4],
  ['PV', 'Parkview Inn', 3],
  ['NS', 'Northstar Hotel', 3],
  ['ES', 'Express Stay', 2],
];

const STREETS = ['Market Street', 'Park Avenue', 'King Street', 'Harbour Road', 'Station Road', 'Garden Lane', 'Church Street', 'Bridge Street', 'Castle Street', 'Victoria Road', 'Riverside Drive', 'Hill Street'];
const AMENITIES = ['WIFI', 'BREAKFAST', 'FITNESS_CENTER', 'POOL', 'SPA', 'PARKING', 'AIRPORT_SHUTTLE', 'RESTAURANT', 'BAR', 'ROOM_SERVICE', 'BUSINESS_CENTER', 'PETS_ALLOWED'];

// [room type, description, bed, max occupancy, price factor, minimum stars]
const ROOMS: ReadonlyArray<[RoomType, string, string, number, number, number]> = [
  ['STANDARD_QUEEN', 'Standard room, 1 queen bed', 'QUEEN', 2, 1, 2],
  ['STANDARD_KING', 'Standard room, 1 king bed', 'KING', 2, 1.08, 2],
  ['DOUBLE_QUEEN', 'Standard room, 2 queen beds', 'QUEEN', 4, 1.18, 2],
  ['DELUXE_KING', 'Deluxe room, 1 king bed, city view', 'KING', 2, 1.38, 3],
  ['JUNIOR_SUITE', 'Junior suite, 1 king bed and a sofa bed', 'KING', 3, 1.75, 4],
  ['SUITE', 'One-bedroom suite with living room, 1 king bed and a sofa bed', 'KING', 4, 2.4, 4],
];

// [first, last, nationality]
const PEOPLE: ReadonlyArray<[string, string, string]> = [
  ['Emma', 'Johnson', 'US'],
  ['Liam', 'Smith', 'US'],
  ['Olivia', 'Martinez', 'US'],
  ['Noah', 'Williams', 'US'],
  ['Ava', 'Chen', 'US'],
  ['Ethan', 'Brown', 'US'],
  ['Sophia', 'Patel', 'US'],
  ['Isabella', 'Garcia', 'MX'],
  ['Joao', 'Ferreira', 'PT'],
  ['Charlotte', 'Taylor', 'GB'],
  ['Oliver', 'Wilson', 'GB'],
  ['Amelia', 'Evans', 'GB'],
  ['Harry', 'Thompson', 'GB'],
  ['Camille', 'Dubois', 'FR'],
  ['Louis', 'Moreau', 'FR'],
  ['Hannah', 'Schmidt', 'DE'],
  ['Felix', 'Weber', 'DE'],
  ['Sanne', 'de Vries', 'NL'],
  ['Lucia', 'Fernandez', 'ES'],
  ['Pablo', 'Ruiz', 'ES'],
  ['Giulia', 'Rossi', 'IT'],
  ['Aoife', 'Byrne', 'IE'],
  ['Yuki', 'Tanaka', 'JP'],
  ['Haruto', 'Sato', 'JP'],
  ['Wei Ling', 'Tan', 'SG'],
  ['Omar', 'Haddad', 'AE'],
  ['Chloe', 'Nguyen', 'AU'],
  ['Jack', 'Mitchell', 'AU'],
  ['Mia', 'Tremblay', 'CA'],
  ['Ryan', 'Campbell', 'CA'],
];

const PHONE_PREFIX: Readonly<Record<string, string>> = {
  US: '+1',
  CA: '+1',
  MX: '+52',
  GB: '+44',
  FR: '+33',
  DE: '+49',
  NL: '+31',
  ES: '+34',
  IT: '+39',
  PT: '+351',
  IE: '+353',
  CH: '+41',
  JP: '+81',
  SG: '+65',
  AE: '+971',
  AU: '+61',
};

const EMAIL_DOMAINS = ['example.com', 'mail.example.org', 'inbox.example.net'];

function distanceKm(a: Airport, b: Airport): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

function between(random: SessionRandom, low: number, high: number): number {
  return low + random.next() * (high - low);
}

function digits(random: SessionRandom, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += String(random.int(0, 9));
  return out;
}

function shuffled<T>(random: SessionRandom, items: readonly T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function isoAt(day: string, minutes: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + minutes * 60_000).toISOString().replace('.000Z', 'Z');
}

function dayOf(offset: number): string {
  return addDays(REFERENCE_DAY, offset);
}

function buildPlaces(state: TravelBookingState): void {
  for (const [cityCode, name, countryCode] of CITIES) {
    state.cities[cityCode] = { cityCode, name, countryCode, countryName: COUNTRIES[countryCode], airportCodes: [] } satisfies City;
  }
  for (const [iataCode, name, cityCode, latitude, longitude] of AIRPORTS) {
    const city = state.cities[cityCode];
    state.airports[iataCode] = { iataCode, name, cityCode, countryCode: city.countryCode, latitude, longitude };
    city.airportCodes.push(iataCode);
  }
  for (const airline of AIRLINES) state.airlines[airline.code] = { ...airline } satisfies Airline;
}

function aircraftFor(random: SessionRandom, km: number): string {
  if (km < 1500) return random.pick(['E75', '320', '738']);
  if (km < 4500) return random.pick(['320', '738', '32Q']);
  return random.pick(['789', '359']);
}

/** Fills a cabin with passengers booked elsewhere: a load factor, sometimes a full cabin. */
function fillCabin(random: SessionRandom, flight: Flight, map: SeatMap, cabin: Cabin): void {
  const roll = random.next();
  const load = roll < (cabin === 'ECONOMY' ? 0.03 : 0.07) ? 1 : between(random, 0.2, 0.9);
  for (const seat of cabinSeats(flight.aircraft, cabin)) if (load === 1 || random.next() < load) holdSeat(map, seat, EXTERNAL_SEAT_HOLDER);
}

function buildFlights(random: SessionRandom, state: TravelBookingState): void {
  const flights: Flight[] = [];
  const seatMaps = new Map<string, SeatMap>();
  const usedNumbers = new Set<string>();
  const span = LAST_DAY_OFFSET - FIRST_DAY_OFFSET + 1;
  for (const [a, b, carrier, perWeek] of ROUTES) {
    for (const [origin, destination] of [
      [a, b],
      [b, a],
    ]) {
      let flightNumber: string;
      do flightNumber = `${carrier}${random.int(1, 29) * 100 + random.int(0, 99)}`;
      while (usedNumbers.has(flightNumber));
      usedNumbers.add(flightNumber);
      const km = distanceKm(state.airports[origin], state.airports[destination]);
      const durationMinutes = Math.round((km / 820) * 12 + 6) * 5;
      const aircraft = aircraftFor(random, km);
      const departureMinute = random.int(6 * 12, 22 * 12) * 5;
      const economyFare = Math.round((59 + km * 0.085) * between(random, 0.85, 1.3));
      const count = Math.max(3, Math.round((perWeek * 0.75 * span) / 7));
      const spacing = span / count;
      for (let i = 0; i < count; i++) {
        const offset = FIRST_DAY_OFFSET + Math.floor(i * spacing + random.next() * spacing);
        const day = dayOf(Math.min(offset, LAST_DAY_OFFSET));
        const minute = departureMinute + random.int(-6, 6) * 5;
        const departureTime = isoAt(day, minute);
        const flight: Flight = {
          id: `${flightNumber}-${day}`,
          carrierCode: carrier,
          flightNumber,
          origin,
          destination,
          departureTime,
          arrivalTime: isoAt(day, minute + durationMinutes),
          durationMinutes,
          aircraft,
          fares: {},
        };
        if (flights.some((other) => other.id === flight.id)) continue;
        const demand = between(random, 0.9, 1.2);
        const map: SeatMap = { seatsAvailable: {}, occupied: {} };
        for (const cabin of Object.keys(AIRCRAFT[aircraft].cabins) as Cabin[]) {
          const factor = cabin === 'ECONOMY' ? 1 : cabin === 'PREMIUM_ECONOMY' ? 1.9 : cabin === 'BUSINESS' ? (km < 2000 ? 2.6 : 4.2) : 7;
          flight.fares[cabin] = Math.round(economyFare * factor * demand);
          fillCabin(random, flight, map, cabin);
        }
        flights.push(flight);
        seatMaps.set(flight.id, map);
      }
    }
  }
  flights.sort((x, y) => (x.departureTime < y.departureTime ? -1 : x.departureTime > y.departureTime ? 1 : x.id < y.id ? -1 : 1));
  for (const flight of flights) {
    const map = seatMaps.get(flight.id)!;
    for (const cabin of cabinsOf(flight)) map.seatsAvailable[cabin] = freeSeats(flight, map, cabin).length;
    state.flights[flight.id] = flight;
    (state.seatMaps[flight.departureTime.slice(0, 10)] ??= {})[flight.id] = map;
  }
}

function buildHotels(random: SessionRandom, state: TravelBookingState): void {
  const firstNight = dayOf(FIRST_DAY_OFFSET);
  const nights = stayNights(firstNight, dayOf(LAST_DAY_OFFSET + 2));
  for (const [cityCode, cityName, , priceLevel, hotelCount, districts] of CITIES) {
    const brands = shuffled(random, BRANDS);
    for (let i = 0; i < hotelCount; i++) {
      const [brandCode, brand, brandStars] = brands[i];
      const district = districts[i % districts.length];
      const starRating = brandStars === 5 || brandStars === 2 ? brandStars : Math.max(2, Math.min(5, brandStars + random.int(-1, 1) * (random.next() < 0.3 ? 1 : 0)));
      const amenities = AMENITIES.filter((amenity, index) => index === 0 || random.next() < (starRating >= 4 ? 0.7 : 0.35) - index * 0.02);
      const hotel: Hotel = {
        id: `${brandCode}${cityCode}${String(i + 1).padStart(3, '0')}`,
        name: `${brand} ${cityName} ${district}`,
        cityCode,
        address: `${random.int(1, 480)} ${random.pick(STREETS)}, ${district}, ${cityName}`,
        starRating,
        amenities,
        checkInTime: '15:00',
        checkOutTime: '11:00',
        rooms: {},
      };
      const leisure = ['MIA', 'LAS', 'ORL', 'HNL', 'CUN', 'SAN', 'BCN', 'LIS'].includes(cityCode);
      const occupancy = between(random, 0.3, 0.85);
      const standardRate = (40 + starRating * 42) * priceLevel * between(random, 0.9, 1.15);
      const offered = ROOMS.filter(([type, , , , , minStars], index) => starRating >= minStars && (type === 'STANDARD_KING' || random.next() < 0.75 - index * 0.05));
      for (const [type, description, bedType, maxOccupancy, priceFactor] of offered) {
        const inventory = type === 'SUITE' || type === 'JUNIOR_SUITE' ? random.int(1, 4) : type === 'DELUXE_KING' ? random.int(3, 10) : random.int(6, 20);
        const room: HotelRoom = { description, bedType, maxOccupancy, inventory, nightlyRates: {}, roomsSold: {} };
        for (const night of nights) {
          const weekday = new Date(`${night}T00:00:00Z`).getUTCDay();
          const weekend = weekday === 5 || weekday === 6;
          const seasonal = weekend ? (leisure ? 1.18 : 0.9) : leisure ? 0.95 : 1.05;
          const demand = occupancy + between(random, -0.25, 0.3) + (weekend === leisure ? 0.1 : 0);
          room.nightlyRates[night] = Math.round(standardRate * priceFactor * seasonal * between(random, 0.92, 1.12));
          const sold = Math.min(inventory, Math.max(0, Math.floor(inventory * demand)));
          if (sold > 0) room.roomsSold[night] = sold;
        }
        hotel.rooms[type] = room;
      }
      state.hotels[hotel.id] = hotel;
    }
  }
}

function buildTravelers(random: SessionRandom, state: TravelBookingState): void {
  const airlineCodes = Object.keys(state.airlines);
  PEOPLE.forEach(([firstName, lastName, nationality], index) => {
    const id = `trv_${index + 1}`;
    const year = random.int(1956, 2004);
    const dateOfBirth = `${year}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
    const handle = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
    let passport: Traveler['passport'] = null;
    const roll = random.next();
    if (roll < 0.8) {
      // Most passports are valid for years; a few expired already or expire within the booking window.
      const expiryDate =
        roll < 0.07 ? dayOf(-random.int(20, 400)) : roll < 0.14 ? dayOf(random.int(10, 45)) : `${random.int(2027, 2035)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
      passport = { number: `${'ABCDEFGHJKLMNPRSTUVWXYZ'[random.int(0, 22)]}${digits(random, 8)}`, issuingCountry: nationality, expiryDate };
    }
    const loyaltyPrograms = shuffled(random, airlineCodes)
      .slice(0, random.int(0, 3))
      .sort()
      .map((programOwner) => ({ programOwner, memberId: `${programOwner}${digits(random, 9)}` }));
    state.travelers[id] = {
      id,
      firstName,
      lastName,
      dateOfBirth,
      email: `${handle}@${random.pick(EMAIL_DOMAINS)}`,
      phone: `${PHONE_PREFIX[nationality]} ${digits(random, 3)} ${digits(random, 3)} ${digits(random, 4)}`,
      nationality,
      passport,
      loyaltyPrograms,
      createdAt: isoAt(dayOf(-random.int(30, 1200)), random.int(7 * 60, 22 * 60)),
    };
  });
}

/** Books the world's existing trips through the same rules the tools apply. */
class TripBuilder {
  private bookingCount = 0;
  private itineraryCount = 0;

  constructor(
    private readonly random: SessionRandom,
    private readonly state: TravelBookingState,
  ) {}

  private international(flight: Flight): boolean {
    return this.state.airports[flight.origin].countryCode !== this.state.airports[flight.destination].countryCode;
  }

  canFly(travelerId: string, flight: Flight): boolean {
    if (!this.international(flight)) return true;
    const passport = this.state.travelers[travelerId].passport;
    return passport !== null && passport.expiryDate > flight.arrivalTime.slice(0, 10);
  }

  bookFlight(flight: Flight, cabin: Cabin, fareFamily: FareFamily, travelerIds: string[], createdAt: string): FlightBooking | undefined {
    const map = seatMapOf(this.state, flight);
    const free = freeSeats(flight, map, cabin);
    if (free.length < travelerIds.length + 2) return undefined;
    const id = `bkg_${++this.bookingCount}`;
    const start = this.random.int(0, free.length - travelerIds.length);
    const pricePerTraveler = farePrice(flight.fares[cabin]!, fareFamily);
    const booking: FlightBooking = {
      id,
      type: 'FLIGHT',
      status: 'CONFIRMED',
      recordLocator: recordLocator(this.random),
      offerId: null,
      flightId: flight.id,
      travelClass: cabin,
      fareFamily,
      passengers: travelerIds.map((travelerId, index) => ({
        travelerId,
        seat: free[start + index],
        loyaltyNumber: this.state.travelers[travelerId].loyaltyPrograms.find((m) => m.programOwner === flight.carrierCode)?.memberId ?? null,
      })),
      pricePerTraveler,
      totalPrice: roundCents(pricePerTraveler * travelerIds.length),
      currency: CURRENCY,
      cancellationPolicy: FARE_RULES[fareFamily],
      itineraryId: null,
      createdAt,
      cancellation: null,
    };
    for (const passenger of booking.passengers) holdSeat(map, passenger.seat, id);
    map.seatsAvailable[cabin]! -= travelerIds.length;
    setEntry(this.state.bookings, id, booking);
    return booking;
  }

  /** A room type (cheapest first) with a room free every night of the stay for that many guests. */
  roomFor(hotel: Hotel, guests: number, checkInDate: string, checkOutDate: string): RoomType | undefined {
    const nights = stayNights(checkInDate, checkOutDate);
    return (Object.keys(hotel.rooms) as RoomType[]).find((type) => {
      const room = hotel.rooms[type]!;
      return room.maxOccupancy >= guests && nights.every((night) => room.nightlyRates[night] !== undefined && (room.roomsSold[night] ?? 0) < room.inventory);
    });
  }

  bookHotel(hotel: Hotel, travelerId: string, guests: number, checkInDate: string, checkOutDate: string, ratePlan: RatePlan, createdAt: string): HotelBooking | undefined {
    const nights = stayNights(checkInDate, checkOutDate);
    const roomType = this.roomFor(hotel, guests, checkInDate, checkOutDate);
    if (roomType === undefined) return undefined;
    const room = hotel.rooms[roomType]!;
    const id = `bkg_${++this.bookingCount}`;
    const nightlyRates: Record<string, number> = {};
    let total = 0;
    for (const night of nights) {
      nightlyRates[night] = roundCents(room.nightlyRates[night] * RATE_PLAN_FACTORS[ratePlan]);
      total += nightlyRates[night];
      room.roomsSold[night] = (room.roomsSold[night] ?? 0) + 1;
    }
    const booking: HotelBooking = {
      id,
      type: 'HOTEL',
      status: 'CONFIRMED',
      confirmationNumber: confirmationNumber(this.random),
      hotelId: hotel.id,
      roomType,
      ratePlan,
      checkInDate,
      checkOutDate,
      rooms: 1,
      guests,
      travelerId,
      nightlyRates,
      totalPrice: roundCents(total),
      currency: CURRENCY,
      cancellationPolicy: RATE_PLAN_RULES[ratePlan],
      itineraryId: null,
      createdAt,
      cancellation: null,
    };
    setEntry(this.state.bookings, id, booking);
    return booking;
  }

  /** Cancels a booking at `when`, with the fee its policy charges then, and gives its seats or rooms back. */
  cancel(bookingId: string, when: string, reason: string): void {
    const booking = getEntry(this.state.bookings, bookingId)!;
    const start = bookingStart(booking, this.state.flights);
    const daysBefore = wholeDaysBefore(start, when);
    if (booking.type === 'FLIGHT') {
      const flight = this.state.flights[booking.flightId];
      const map = seatMapOf(this.state, flight);
      for (const passenger of booking.passengers) releaseSeat(map, passenger.seat);
      map.seatsAvailable[booking.travelClass]! += booking.passengers.length;
      const quote = quoteCancellation(booking.cancellationPolicy, daysBefore, booking.totalPrice, booking.passengers.length, 0, 0);
      booking.cancellation = { cancelledAt: when, daysBefore, fee: quote.fee, refund: quote.refund, reason };
    } else {
      const room = this.state.hotels[booking.hotelId].rooms[booking.roomType]!;
      for (const night of Object.keys(booking.nightlyRates)) {
        const left = (room.roomsSold[night] ?? 0) - booking.rooms;
        if (left > 0) room.roomsSold[night] = left;
        else delete room.roomsSold[night];
      }
      const quote = quoteCancellation(booking.cancellationPolicy, daysBefore, booking.totalPrice, booking.guests, booking.nightlyRates[booking.checkInDate], booking.rooms);
      booking.cancellation = { cancelledAt: when, daysBefore, fee: quote.fee, refund: quote.refund, reason };
    }
    booking.status = 'CANCELLED';
  }

  itinerary(name: string, travelerId: string, bookings: Array<{ id: string }>, createdAt: string): void {
    const id = `itn_${++this.itineraryCount}`;
    this.state.itineraries[id] = { id, name, travelerId, bookingIds: bookings.map((b) => b.id), createdAt };
    for (const booking of bookings) getEntry(this.state.bookings, booking.id)!.itineraryId = id;
  }

  pickFareFamily(cabin: Cabin): FareFamily {
    const families = fareFamiliesOf(cabin);
    return families[Math.floor(this.random.next() ** 1.4 * families.length)];
  }

  pickCabin(flight: Flight): Cabin {
    const cabins = cabinsOf(flight);
    const roll = this.random.next();
    if (roll < 0.72 || cabins.length === 1) return 'ECONOMY';
    return cabins.filter((cabin) => cabin !== 'ECONOMY')[this.random.int(0, cabins.length - 2)];
  }
}

function buildTrips(random: SessionRandom, state: TravelBookingState): void {
  const builder = new TripBuilder(random, state);
  const flights = Object.values(state.flights);
  const travelerIds = Object.keys(state.travelers);
  const referenceTime = Date.parse(TRAVEL_REFERENCE_DATE);
  const createdBefore = (start: string): string => {
    const latest = Math.min(referenceTime - 3_600_000, Date.parse(start) - 2 * DAY_MS);
    return new Date(latest - random.int(1, 40) * DAY_MS - random.int(0, 600) * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  };

  // Round trips: out, a hotel at the destination, back; grouped in an itinerary.
  let trips = 0;
  for (let attempt = 0; attempt < 400 && trips < 16; attempt++) {
    const out = random.pick(flights);
    const backOptions = flights.filter((f) => f.origin === out.destination && f.destination === out.origin && f.departureTime.slice(0, 10) > addDays(out.arrivalTime.slice(0, 10), 1) && f.departureTime.slice(0, 10) <= addDays(out.arrivalTime.slice(0, 10), 9));
    if (backOptions.length === 0) continue;
    const back = random.pick(backOptions);
    const party = shuffled(random, travelerIds).slice(0, random.next() < 0.7 ? 1 : 2);
    if (!party.every((id) => builder.canFly(id, out) && builder.canFly(id, back))) continue;
    const destination = state.airports[out.destination].cityCode;
    const hotels = Object.values(state.hotels).filter((h) => h.cityCode === destination);
    if (hotels.length === 0) continue;
    const cabin = builder.pickCabin(out);
    const backCabin: Cabin = cabin in back.fares ? cabin : 'ECONOMY';
    const fareFamily = builder.pickFareFamily(cabin);
    const backFareFamily: FareFamily = fareFamiliesOf(backCabin).includes(fareFamily) ? fareFamily : 'STANDARD';
    const hotel = random.pick(hotels);
    const checkInDate = out.arrivalTime.slice(0, 10);
    const checkOutDate = back.departureTime.slice(0, 10);
    const roomType = builder.roomFor(hotel, party.length, checkInDate, checkOutDate);
    if (freeSeats(out, seatMapOf(state, out), cabin).length < party.length + 2 || freeSeats(back, seatMapOf(state, back), backCabin).length < party.length + 2 || roomType === undefined) continue;
    const createdAt = createdBefore(out.departureTime);
    const outbound = builder.bookFlight(out, cabin, fareFamily, party, createdAt)!;
    const inbound = builder.bookFlight(back, backCabin, backFareFamily, party, createdAt)!;
    const stay = builder.bookHotel(hotel, party[0], party.length, checkInDate, checkOutDate, random.next() < 0.7 ? 'FLEXIBLE' : 'NON_REFUNDABLE', createdAt)!;
    trips++;
    const traveler = state.travelers[party[0]];
    builder.itinerary(`${traveler.firstName}'s trip to ${state.cities[destination].name}`, party[0], [outbound, stay, inbound], createdAt);
  }

  // Single flights and stays, some of them cancelled afterwards.
  for (let attempt = 0; attempt < 200 && entryCount(state.bookings) < 80; attempt++) {
    if (random.next() < 0.6) {
      const flight = random.pick(flights);
      const party = shuffled(random, travelerIds).slice(0, random.pick([1, 1, 1, 2, 3]));
      if (!party.every((id) => builder.canFly(id, flight))) continue;
      const cabin = builder.pickCabin(flight);
      const createdAt = createdBefore(flight.departureTime);
      const booking = builder.bookFlight(flight, cabin, builder.pickFareFamily(cabin), party, createdAt);
      if (booking && random.next() < 0.25) {
        const when = new Date(Math.min(referenceTime - DAY_MS, Date.parse(createdAt) + random.int(1, 10) * DAY_MS)).toISOString().replace(/\.\d{3}Z$/, 'Z');
        if (when > createdAt && when < flight.departureTime) builder.cancel(booking.id, when, 'change of plans');
      }
    } else {
      const hotel = random.pick(Object.values(state.hotels));
      const checkIn = dayOf(random.int(FIRST_DAY_OFFSET, LAST_DAY_OFFSET - 2));
      const checkOut = addDays(checkIn, random.int(1, 5));
      const guests = random.pick([1, 1, 2, 2, 3]);
      const createdAt = createdBefore(`${checkIn}T15:00:00Z`);
      const booking = builder.bookHotel(hotel, random.pick(travelerIds), guests, checkIn, checkOut, random.next() < 0.75 ? 'FLEXIBLE' : 'NON_REFUNDABLE', createdAt);
      if (booking && random.next() < 0.25) {
        const when = new Date(Math.min(referenceTime - DAY_MS, Date.parse(createdAt) + random.int(1, 10) * DAY_MS)).toISOString().replace(/\.\d{3}Z$/, 'Z');
        if (when > createdAt && when < `${checkIn}T15:00:00Z`) builder.cancel(booking.id, when, 'change of plans');
      }
    }
  }
}

/** The whole world for a seed; the same seed gives the same world on every machine and in every timezone. */
export function generateWorld(seed: number): TravelBookingState {
  const random = new SeededRandom(seedRandomState(seed));
  const state: TravelBookingState = {
    airports: {},
    cities: {},
    airlines: {},
    flights: {},
    seatMaps: {},
    hotels: {},
    travelers: {},
    flightOffers: {},
    bookings: {},
    itineraries: {},
  };
  buildPlaces(state);
  buildFlights(random, state);
  buildHotels(random, state);
  buildTravelers(random, state);
  buildTrips(random, state);
  return state;
}

/**
 * Pretty JSON that stays small: containers of plain values (seat maps, nightly rates, id lists)
 * go on one line, everything else is indented by two spaces. Key order is the generator's, which
 * is the same on every run.
 */
export function formatWorld(value: unknown, indent = ''): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const entries: Array<[string | undefined, unknown]> = Array.isArray(value) ? value.map((item) => [undefined, item]) : Object.entries(value);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) return open + close;
  const label = (key: string | undefined): string => (key === undefined ? '' : `${JSON.stringify(key)}: `);
  if (entries.every(([, item]) => item === null || typeof item !== 'object')) {
    return `${open}${entries.map(([key, item]) => label(key) + JSON.stringify(item)).join(', ')}${close}`;
  }
  const inner = `${indent}  `;
  return `${open}\n${entries.map(([key, item]) => inner + label(key) + formatWorld(item, inner)).join(',\n')}\n${indent}${close}`;
}

runWorldGenerator(import.meta.url, 'travel_booking', (seed) => `${formatWorld(generateWorld(seed))}\n`);
