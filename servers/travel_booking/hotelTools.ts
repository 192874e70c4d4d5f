import { defineTool, type ToolDefinition } from '../kit/Domain.js';
import {
  CURRENCY,
  RATE_PLAN_FACTORS,
  RATE_PLAN_RULES,
  RATE_PLANS,
  ROOM_TYPES,
  type City,
  type Hotel,
  type HotelBooking,
  type HotelRoom,
  type RatePlan,
  type RoomType,
  type TravelBookingState,
} from './TravelBookingState.js';
import { shallowCopy } from '../kit/shallowCopy.js';
import { records, withEntry, withRoomsSold } from './travelWrites.js';
import { addDays, confirmationNumber, roundCents, stayNights } from './travelRules.js';
import { isFrozenState } from '../kit/isFrozenState.js';
import { hotelIdsIn } from './travelIndexes.js';
import { bookingSchema, bookingView, money, nowOf, own, requireHotel, requireTraveler, str, type TravelContext } from './travelViews.js';

const MAX_NIGHTS = 30;

const roomTypeEnum = {
  type: 'string',
  enum: [...ROOM_TYPES],
  description: 'Room type: STANDARD_QUEEN (sleeps 2), STANDARD_KING (2), DOUBLE_QUEEN (two queen beds, 4), DELUXE_KING (2), JUNIOR_SUITE (3), SUITE (4)',
};
const ratePlanEnum = {
  type: 'string',
  enum: [...RATE_PLANS],
  description: 'FLEXIBLE: published rate, free cancellation until 2 days before check-in. NON_REFUNDABLE: 15% cheaper, no refund',
};
const dateField = (description: string) => ({ type: 'string', format: 'date', description });

/** The city a code names: a city code, or the city of an airport code. */
function requireCity(ctx: TravelContext, code: string): City {
  const upper = code.toUpperCase();
  const city = own(ctx.base.cities, upper) ?? (own(ctx.base.airports, upper) ? ctx.base.cities[ctx.base.airports[upper].cityCode] : undefined);
  if (city === undefined) {
    return ctx.fail(`unknown city code "${code}"; cities with hotels: ${Object.keys(ctx.base.cities).join(', ')} (search_airports_and_cities finds a city's code)`);
  }
  return city as City;
}

/** First and last night of a frozen `nightlyRates` record (rates never change: bookings replace only `roomsSold`). */
const publishedRange = new WeakMap<object, [string, string]>();

/** The first and last night any hotel publishes rates for. */
function publishedNights(ctx: TravelContext): [string, string] {
  for (const id in ctx.base.hotels) {
    const rooms = ctx.base.hotels[id].rooms;
    for (const type in rooms) {
      const rates = rooms[type as RoomType]!.nightlyRates;
      const known = publishedRange.get(rates);
      if (known !== undefined) return known;
      const nights = Object.keys(rates);
      if (nights.length > 0) {
        const range: [string, string] = [nights[0], nights[nights.length - 1]];
        if (isFrozenState(rates)) publishedRange.set(rates, range);
        return range;
      }
    }
  }
  return [ctx.today, ctx.today];
}

/** The nights of a stay, after checking that it is a real stay that starts today or later and has published rates. */
function checkStay(ctx: TravelContext, checkInDate: string, checkOutDate: string): string[] {
  if (checkOutDate <= checkInDate) return ctx.fail(`check_out_date ${checkOutDate} must be after check_in_date ${checkInDate}: a stay is at least one night`);
  if (checkInDate < ctx.today) return ctx.fail(`check_in_date ${checkInDate} is in the past; today is ${ctx.today}, so check in on ${ctx.today} or later`);
  const nights = stayNights(checkInDate, checkOutDate);
  if (nights.length > MAX_NIGHTS) return ctx.fail(`a stay of ${nights.length} nights is too long; book at most ${MAX_NIGHTS} nights at a time`);
  const [first, last] = publishedNights(ctx);
  if (checkInDate < first || nights[nights.length - 1] > last) {
    return ctx.fail(`hotels publish rates for the nights ${first} to ${last} (last check-out ${addDays(last, 1)}); ${checkInDate}–${checkOutDate} is outside that range`);
  }
  return nights;
}

function roomsLeft(room: HotelRoom, night: string): number {
  return room.inventory - (room.roomsSold[night] ?? 0);
}

function planRates(room: HotelRoom, nights: readonly string[], ratePlan: RatePlan): Record<string, number> {
  const rates: Record<string, number> = {};
  for (const night of nights) rates[night] = roundCents(room.nightlyRates[night] * RATE_PLAN_FACTORS[ratePlan]);
  return rates;
}

/** The rates of a stay under a rate plan, frozen, and their sum (rounded to cents). */
interface PlannedStay {
  rates: Readonly<Record<string, number>>;
  sum: number;
}

/** Planned stays per frozen `nightlyRates` record, by rate plan, check-in and check-out (nested: no key string to build). */
const plannedStays = new WeakMap<object, Map<RatePlan, Map<string, Map<string, PlannedStay>>>>();
/** Stays remembered at most, over all rooms (a long run of random stays must not fill memory). */
const MAX_PLANNED_STAYS = 20_000;
let plannedStayCount = 0;

/**
 * `planRates` and its sum for a stay, shared by every booking of the same stay, plan and room
 * rates (a frozen record of numbers can be shared; rates never change, only `roomsSold` does).
 */
function plannedStay(room: HotelRoom, checkInDate: string, checkOutDate: string, nights: readonly string[], ratePlan: RatePlan): PlannedStay {
  let byPlan = plannedStays.get(room.nightlyRates);
  if (byPlan === undefined) {
    byPlan = new Map();
    if (isFrozenState(room.nightlyRates)) plannedStays.set(room.nightlyRates, byPlan);
  }
  let byCheckIn = byPlan.get(ratePlan);
  if (byCheckIn === undefined) byPlan.set(ratePlan, (byCheckIn = new Map()));
  let byCheckOut = byCheckIn.get(checkInDate);
  if (byCheckOut === undefined) byCheckIn.set(checkInDate, (byCheckOut = new Map()));
  let stay = byCheckOut.get(checkOutDate);
  if (stay === undefined) {
    const rates = Object.freeze(planRates(room, nights, ratePlan));
    stay = { rates, sum: sum(rates) };
    if (plannedStayCount < MAX_PLANNED_STAYS) {
      byCheckOut.set(checkOutDate, stay);
      plannedStayCount++;
    }
  }
  return stay;
}

/** `sum(planRates(room, nights, ratePlan))` without building the rates (same additions, same order). */
function stayTotal(room: HotelRoom, nights: readonly string[], ratePlan: RatePlan): number {
  const factor = RATE_PLAN_FACTORS[ratePlan];
  let total = 0;
  for (let i = 0; i < nights.length; i++) total += roundCents(room.nightlyRates[nights[i]] * factor);
  return roundCents(total);
}

/** What a stay costs in a room type under each rate plan, and whether every night of it has a rate. */
interface StayPrices {
  published: boolean;
  totals: Readonly<Record<RatePlan, number>>;
}

/**
 * Stay prices per frozen `nightlyRates` record (rates never change: a booking replaces only
 * `roomsSold`), by check-in and check-out. A search prices every room type of every hotel of a
 * city, and looking a night up in a record of 64 nights costs more than these three map lookups.
 */
const stayPrices = new WeakMap<object, Map<string, Map<string, StayPrices>>>();
let stayPriceCount = 0;

function stayPricesOf(room: HotelRoom, checkInDate: string, checkOutDate: string, nights: readonly string[]): StayPrices {
  let byCheckIn = stayPrices.get(room.nightlyRates);
  let byCheckOut = byCheckIn?.get(checkInDate);
  let prices = byCheckOut?.get(checkOutDate);
  if (prices !== undefined) return prices;
  let published = true;
  for (let i = 0; i < nights.length; i++) if (room.nightlyRates[nights[i]] === undefined) published = false;
  prices = { published, totals: { FLEXIBLE: stayTotal(room, nights, 'FLEXIBLE'), NON_REFUNDABLE: stayTotal(room, nights, 'NON_REFUNDABLE') } };
  if (stayPriceCount < MAX_PLANNED_STAYS && isFrozenState(room.nightlyRates)) {
    if (byCheckIn === undefined) stayPrices.set(room.nightlyRates, (byCheckIn = new Map()));
    if (byCheckOut === undefined) byCheckIn.set(checkInDate, (byCheckOut = new Map()));
    byCheckOut.set(checkOutDate, prices);
    stayPriceCount++;
  }
  return prices;
}

function sum(values: Readonly<Record<string, number>>): number {
  let total = 0;
  for (const key in values) total += values[key];
  return roundCents(total);
}

/** Room types that sleep `guests` in `rooms` rooms and have `rooms` free every night. */
function roomTypesFree(hotel: Hotel, nights: readonly string[], rooms: number, guests: number): RoomType[] {
  return (Object.keys(hotel.rooms) as RoomType[]).filter((type) => {
    const room = hotel.rooms[type]!;
    return room.maxOccupancy * rooms >= guests && nights.every((night) => room.nightlyRates[night] !== undefined && roomsLeft(room, night) >= rooms);
  });
}

interface HotelResult {
  hotelId: string;
  name: string;
  starRating: number;
  address: string;
  amenities: string[];
  offers: Array<{
    roomType: RoomType;
    description: string;
    maxOccupancy: number;
    roomsAvailable: number;
    ratePlans: Array<{ ratePlan: RatePlan; averageNightlyRate: number; totalPrice: number; currency: string; refundable: boolean }>;
  }>;
}

/** Sorts hotels by their cheapest total (given in `cheapest`, in the same order), then by id. */
function sortByCheapest(hotels: HotelResult[], cheapest: readonly number[]): void {
  if (hotels.length < 2) return;
  const pairs: Array<{ hotel: HotelResult; cheapest: number }> = [];
  for (let i = 0; i < hotels.length; i++) pairs.push({ hotel: hotels[i], cheapest: cheapest[i] });
  pairs.sort(byCheapest);
  for (let i = 0; i < pairs.length; i++) hotels[i] = pairs[i].hotel;
}

function byCheapest(a: { hotel: HotelResult; cheapest: number }, b: { hotel: HotelResult; cheapest: number }): number {
  return a.cheapest - b.cheapest || (a.hotel.hotelId < b.hotel.hotelId ? -1 : 1);
}

interface SearchHotelsArgs {
  city_code: string;
  check_in_date: string;
  check_out_date: string;
  adults?: number;
  rooms?: number;
  room_type?: RoomType;
  max_nightly_rate?: number;
  min_star_rating?: number;
}

const searchHotels = defineTool<TravelBookingState, SearchHotelsArgs>({
  name: 'search_hotels',
  description:
    'Find hotels with rooms free for a stay in a city (Amadeus Hotel Search). For every hotel it returns the room types free on every night of the stay for the requested rooms and adults, with the rooms left and, per rate plan (FLEXIBLE or NON_REFUNDABLE), the average nightly rate per room and the total. Hotels of the city with nothing free are listed with the reason. Dates are YYYY-MM-DD; nights are check-in up to the night before check-out. Next step: book_hotel_room.',
  input: {
    type: 'object',
    properties: {
      city_code: { type: 'string', pattern: '^[A-Za-z]{3}$', description: 'IATA city code, e.g. PAR, NYC (an airport code such as CDG is taken as its city)' },
      check_in_date: dateField('Check-in day, YYYY-MM-DD, today or later'),
      check_out_date: dateField('Check-out day, YYYY-MM-DD, after check-in'),
      adults: { type: 'integer', minimum: 1, maximum: 9, description: 'Guests in all rooms together (default 1)' },
      rooms: { type: 'integer', minimum: 1, maximum: 5, description: 'Rooms of one type (default 1)' },
      room_type: { ...roomTypeEnum, description: 'Only this room type (default: every type)' },
      max_nightly_rate: { type: 'number', exclusiveMinimum: 0, description: 'Only rate plans whose average nightly rate per room is at most this, USD' },
      min_star_rating: { type: 'integer', minimum: 1, maximum: 5, description: 'Only hotels with at least this many stars' },
    },
    required: ['city_code', 'check_in_date', 'check_out_date'],
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: {
      cityCode: { type: 'string' },
      cityName: { type: 'string' },
      checkInDate: str('YYYY-MM-DD'),
      checkOutDate: str('YYYY-MM-DD'),
      nights: { type: 'integer' },
      adults: { type: 'integer' },
      rooms: { type: 'integer' },
      hotels: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            hotelId: { type: 'string' },
            name: { type: 'string' },
            starRating: { type: 'integer' },
            address: { type: 'string' },
            amenities: { type: 'array', items: { type: 'string' } },
            offers: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  roomType: { type: 'string' },
                  description: { type: 'string' },
                  maxOccupancy: { type: 'integer' },
                  roomsAvailable: { type: 'integer', description: 'Fewest rooms of this type left on any night of the stay' },
                  ratePlans: {
                    type: 'array',
                    items: {
                      type: 'object',
                      properties: {
                        ratePlan: { type: 'string' },
                        averageNightlyRate: money('Average per room and night'),
                        totalPrice: money('All nights, all rooms'),
                        currency: { type: 'string' },
                        refundable: { type: 'boolean' },
                      },
                      required: ['ratePlan', 'averageNightlyRate', 'totalPrice', 'currency', 'refundable'],
                    },
                  },
                },
                required: ['roomType', 'description', 'maxOccupancy', 'roomsAvailable', 'ratePlans'],
              },
            },
          },
          required: ['hotelId', 'name', 'starRating', 'address', 'amenities', 'offers'],
        },
      },
      unavailableHotels: {
        type: 'array',
        items: { type: 'object', properties: { hotelId: { type: 'string' }, name: { type: 'string' }, reason: { type: 'string' } }, required: ['hotelId', 'name', 'reason'] },
      },
    },
    required: ['cityCode', 'cityName', 'checkInDate', 'checkOutDate', 'nights', 'adults', 'rooms', 'hotels', 'unavailableHotels'],
  },
  annotations: { title: 'Search hotels', readOnlyHint: true, idempotentHint: true },
  handler(args, ctx) {
    const city = requireCity(ctx, args.city_code);
    const nights = checkStay(ctx, args.check_in_date, args.check_out_date);
    const adults = args.adults ?? 1;
    const rooms = args.rooms ?? 1;
    const hotels: HotelResult[] = [];
    const unavailableHotels: Array<{ hotelId: string; name: string; reason: string }> = [];
    // Arguments are read once: an arguments object's shape varies by caller, so every read of it is a slow lookup.
    const roomType = args.room_type;
    const maxNightlyRate = args.max_nightly_rate;
    const minStarRating = args.min_star_rating;
    const cheapest: number[] = [];
    for (const id of hotelIdsIn(ctx.base.hotels, city.cityCode)) {
      const hotel = ctx.base.hotels[id];
      if (minStarRating !== undefined && hotel.starRating < minStarRating) continue;
      const offers: HotelResult['offers'] = [];
      let lowest = Infinity;
      // Set when a room type is turned down for a reason of its own; built only for a hotel left without offers.
      let reason: string | undefined;
      for (const key in hotel.rooms) {
        const type = key as RoomType;
        if (roomType !== undefined && type !== roomType) continue;
        const room = hotel.rooms[type]!;
        if (room.maxOccupancy * rooms < adults) {
          if (roomType !== undefined) reason = `a ${type} sleeps ${room.maxOccupancy}, too few for ${adults} adults in ${rooms} room(s)`;
          continue;
        }
        const prices = stayPricesOf(room, args.check_in_date, args.check_out_date, nights);
        // A night without a rate has no room to sell.
        let available = prices.published ? Infinity : 0;
        for (let i = 0; i < nights.length && available >= rooms; i++) available = Math.min(available, roomsLeft(room, nights[i]));
        if (available < rooms) continue;
        const ratePlans = [];
        for (const ratePlan of RATE_PLANS) {
          const total = prices.totals[ratePlan];
          const average = roundCents(total / nights.length);
          if (maxNightlyRate !== undefined && average > maxNightlyRate) continue;
          const totalPrice = roundCents(total * rooms);
          if (totalPrice < lowest) lowest = totalPrice;
          ratePlans.push({ ratePlan, averageNightlyRate: average, totalPrice, currency: CURRENCY, refundable: RATE_PLAN_RULES[ratePlan].refundable });
        }
        if (ratePlans.length === 0) {
          reason = `no free room at or below ${maxNightlyRate} USD per night`;
          continue;
        }
        offers.push({ roomType: type, description: room.description, maxOccupancy: room.maxOccupancy, roomsAvailable: available, ratePlans });
      }
      if (offers.length > 0) {
        hotels.push({ hotelId: hotel.id, name: hotel.name, starRating: hotel.starRating, address: hotel.address, amenities: shallowCopy(hotel.amenities), offers });
        cheapest.push(lowest);
      } else {
        reason ??= roomType !== undefined && hotel.rooms[roomType] === undefined ? `has no ${roomType} rooms` : `sold out for ${rooms} room(s) on some night of the stay`;
        unavailableHotels.push({ hotelId: hotel.id, name: hotel.name, reason });
      }
    }
    sortByCheapest(hotels, cheapest);
    return { cityCode: city.cityCode, cityName: city.name, checkInDate: args.check_in_date, checkOutDate: args.check_out_date, nights: nights.length, adults, rooms, hotels, unavailableHotels };
  },
});

interface HotelDetailsArgs {
  hotel_id: string;
  check_in_date?: string;
  check_out_date?: string;
}

const getHotelDetails = defineTool<TravelBookingState, HotelDetailsArgs>({
  name: 'get_hotel_details',
  description:
    'One hotel: address, stars, amenities, check-in and check-out times, and for each room type its beds, occupancy and, night by night, the published FLEXIBLE rate and the rooms left. Without dates it shows the next 3 nights from today. Use it to see which nights are sold out before book_hotel_room.',
  input: {
    type: 'object',
    properties: {
      hotel_id: { type: 'string', minLength: 1, maxLength: 40, description: 'Hotel id from search_hotels, e.g. MGPAR001' },
      check_in_date: dateField('First night, YYYY-MM-DD (give with check_out_date)'),
      check_out_date: dateField('Check-out day, YYYY-MM-DD (give with check_in_date)'),
    },
    required: ['hotel_id'],
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: {
      hotelId: { type: 'string' },
      name: { type: 'string' },
      cityCode: { type: 'string' },
      cityName: { type: 'string' },
      address: { type: 'string' },
      starRating: { type: 'integer' },
      amenities: { type: 'array', items: { type: 'string' } },
      checkInTime: str('HH:MM'),
      checkOutTime: str('HH:MM'),
      checkInDate: str('YYYY-MM-DD'),
      checkOutDate: str('YYYY-MM-DD'),
      roomTypes: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            roomType: { type: 'string' },
            description: { type: 'string' },
            bedType: { type: 'string' },
            maxOccupancy: { type: 'integer' },
            nights: {
              type: 'array',
              items: {
                type: 'object',
                properties: { date: str('YYYY-MM-DD'), nightlyRate: money('FLEXIBLE rate per room'), roomsAvailable: { type: 'integer' } },
                required: ['date', 'nightlyRate', 'roomsAvailable'],
              },
            },
          },
          required: ['roomType', 'description', 'bedType', 'maxOccupancy', 'nights'],
        },
      },
    },
    required: ['hotelId', 'name', 'cityCode', 'address', 'starRating', 'amenities', 'checkInTime', 'checkOutTime', 'checkInDate', 'checkOutDate', 'roomTypes'],
  },
  annotations: { title: 'Get hotel details and room availability', readOnlyHint: true, idempotentHint: true },
  handler(args, ctx) {
    const hotel = requireHotel(ctx, args.hotel_id);
    if ((args.check_in_date === undefined) !== (args.check_out_date === undefined)) return ctx.fail('give check_in_date and check_out_date together, or neither (then the next 3 nights are shown)');
    const checkInDate = args.check_in_date ?? ctx.today;
    const checkOutDate = args.check_out_date ?? addDays(ctx.today, 3);
    const nights = checkStay(ctx, checkInDate, checkOutDate);
    return {
      hotelId: hotel.id,
      name: hotel.name,
      cityCode: hotel.cityCode,
      cityName: ctx.base.cities[hotel.cityCode]?.name ?? hotel.cityCode,
      address: hotel.address,
      starRating: hotel.starRating,
      amenities: shallowCopy(hotel.amenities),
      checkInTime: hotel.checkInTime,
      checkOutTime: hotel.checkOutTime,
      checkInDate,
      checkOutDate,
      roomTypes: (Object.keys(hotel.rooms) as RoomType[]).map((type) => {
        const room = hotel.rooms[type]!;
        return {
          roomType: type,
          description: room.description,
          bedType: room.bedType,
          maxOccupancy: room.maxOccupancy,
          nights: nights.filter((night) => room.nightlyRates[night] !== undefined).map((night) => ({ date: night, nightlyRate: room.nightlyRates[night], roomsAvailable: roomsLeft(room, night) })),
        };
      }),
    };
  },
});

interface BookHotelArgs {
  hotel_id: string;
  room_type: RoomType;
  check_in_date: string;
  check_out_date: string;
  traveler_id: string;
  guests?: number;
  rooms?: number;
  rate_plan?: RatePlan;
}

const bookHotelRoom = defineTool<TravelBookingState, BookHotelArgs>({
  name: 'book_hotel_room',
  description:
    'Book rooms of one type at a hotel for a stay (Amadeus Hotel Booking), for a lead guest with a traveler profile. Every night of the stay needs the rooms free; the guests must fit (maxOccupancy per room). The FLEXIBLE rate plan can be cancelled free until 2 days before check-in; NON_REFUNDABLE is 15% cheaper and refunds nothing. Returns the booking with its id, confirmation number, nightly rates and total.',
  input: {
    type: 'object',
    properties: {
      hotel_id: { type: 'string', minLength: 1, maxLength: 40, description: 'Hotel id from search_hotels, e.g. MGPAR001' },
      room_type: roomTypeEnum,
      check_in_date: dateField('Check-in day, YYYY-MM-DD, today or later'),
      check_out_date: dateField('Check-out day, YYYY-MM-DD, after check-in'),
      traveler_id: { type: 'string', minLength: 1, maxLength: 40, description: 'Lead guest: a traveler profile id, e.g. trv_7' },
      guests: { type: 'integer', minimum: 1, maximum: 20, description: 'Guests in all rooms together (default 1)' },
      rooms: { type: 'integer', minimum: 1, maximum: 5, description: 'Number of rooms (default 1)' },
      rate_plan: { ...ratePlanEnum, description: `${ratePlanEnum.description} (default FLEXIBLE)` },
    },
    required: ['hotel_id', 'room_type', 'check_in_date', 'check_out_date', 'traveler_id'],
    additionalProperties: false,
  },
  output: bookingSchema,
  annotations: { title: 'Book a hotel room', readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  handler(args, ctx) {
    const hotel = requireHotel(ctx, args.hotel_id);
    const room = hotel.rooms[args.room_type];
    if (room === undefined) return ctx.fail(`${hotel.name} (${hotel.id}) has no ${args.room_type} rooms; its room types are ${Object.keys(hotel.rooms).join(', ')}`);
    const nights = checkStay(ctx, args.check_in_date, args.check_out_date);
    const traveler = requireTraveler(ctx, args.traveler_id);
    const guests = args.guests ?? 1;
    const rooms = args.rooms ?? 1;
    const ratePlan = args.rate_plan ?? 'FLEXIBLE';
    if (guests > room.maxOccupancy * rooms) {
      const fitting = (Object.keys(hotel.rooms) as RoomType[]).filter((type) => hotel.rooms[type]!.maxOccupancy * rooms >= guests);
      ctx.fail(
        `${guests} guests do not fit in ${rooms} ${args.room_type} room(s): each sleeps at most ${room.maxOccupancy}; book ${Math.ceil(guests / room.maxOccupancy)} rooms${fitting.length ? ` or a larger type (${fitting.join(', ')})` : ''}`,
      );
    }
    let free = true;
    for (const night of nights) if (roomsLeft(room, night) < rooms) free = false;
    if (!free) {
      const short = nights.filter((night) => roomsLeft(room, night) < rooms);
      const alternatives = roomTypesFree(hotel, nights, rooms, guests);
      ctx.fail(
        `${hotel.name} has no ${args.room_type} room free for ${rooms} room(s) on ${short.slice(0, 5).join(', ')}${short.length > 5 ? ` and ${short.length - 5} more night(s)` : ''} (left: ${short
          .slice(0, 5)
          .map((night) => `${night}: ${Math.max(0, roomsLeft(room, night))}`)
          .join(', ')}). Room types free every night of this stay: ${alternatives.length ? alternatives.join(', ') : 'none — search_hotels finds other hotels'}`,
      );
    }
    const { rates: nightlyRates, sum: rateSum } = plannedStay(room, args.check_in_date, args.check_out_date, nights, ratePlan);
    const roomsSold = records.roomsSold.edit(room.roomsSold);
    for (const night of nights) roomsSold.set(night, (room.roomsSold[night] ?? 0) + rooms);
    const booking: HotelBooking = Object.freeze({
      id: ctx.nextId('bkg'),
      type: 'HOTEL',
      status: 'CONFIRMED',
      confirmationNumber: confirmationNumber(ctx.random),
      hotelId: hotel.id,
      roomType: args.room_type,
      ratePlan,
      checkInDate: args.check_in_date,
      checkOutDate: args.check_out_date,
      rooms,
      guests,
      travelerId: traveler.id,
      nightlyRates,
      totalPrice: roundCents(rateSum * rooms),
      currency: CURRENCY,
      cancellationPolicy: RATE_PLAN_RULES[ratePlan],
      itineraryId: null,
      createdAt: nowOf(ctx),
      cancellation: null,
    });
    const state = ctx.edit<TravelBookingState>();
    state.hotels = withRoomsSold(ctx.base.hotels, hotel, args.room_type, roomsSold.finish());
    state.bookings = withEntry(ctx.base.bookings, booking.id, booking);
    return bookingView(ctx.base, booking);
  },
});

export const hotelTools: ToolDefinition<TravelBookingState>[] = [searchHotels, getHotelDetails, bookHotelRoom];
