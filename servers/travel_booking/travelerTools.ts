import { defineTool, type ToolDefinition } from '../kit/Domain.js';
import { confirmedBookingIdsOf, hotelCountIn, itinerariesOf, keywordMatches, locationIndexOf, travelersBornOn } from './travelIndexes.js';
import { shallowCopy } from '../kit/shallowCopy.js';
import { records } from './travelWrites.js';
import { AIRLINE_CODES, type LoyaltyMembership, type Traveler, type TravelBookingState } from './TravelBookingState.js';
import { fullName, nowOf, requireTraveler, travelerSchema, travelerView, type TravelContext } from './travelViews.js';

const countryCode = { type: 'string', pattern: '^[A-Z]{2}$' };
const airlineEnum = { type: 'string', enum: [...AIRLINE_CODES] };
const passportNumberField = { type: 'string', pattern: '^[A-Z0-9]{6,12}$', description: 'Passport number, 6-12 capital letters and digits (sensitive)' };
const memberIdField = { type: 'string', pattern: '^[A-Z0-9]{6,16}$', description: 'Frequent-flyer number, 6-16 capital letters and digits' };

interface LocationResult {
  subType: 'AIRPORT' | 'CITY';
  iataCode: string;
  name: string;
  cityCode: string;
  cityName: string;
  countryCode: string;
  countryName: string;
  airportCodes?: string[];
  hotelCount?: number;
  latitude?: number;
  longitude?: number;
}

interface SearchLocationsArgs {
  keyword?: string;
  sub_type?: 'AIRPORT' | 'CITY';
  country_code?: string;
}

/** Cities before their airports, then by name and code (exact code matches are put first before this order applies). */
function byCityThenType(a: LocationResult, b: LocationResult): number {
  return (a.cityName < b.cityName ? -1 : a.cityName > b.cityName ? 1 : 0) || (a.subType === b.subType ? (a.iataCode < b.iataCode ? -1 : 1) : a.subType === 'CITY' ? -1 : 1);
}

const searchAirportsAndCities = defineTool<TravelBookingState, SearchLocationsArgs>({
  name: 'search_airports_and_cities',
  description:
    'Find airports and cities by name or IATA code (Amadeus Airport & City Search), e.g. "lon", "Heathrow", "JFK", optionally only in one country. A CITY entry lists its airports and how many hotels it has; city codes work for search_flight_offers and search_hotels, airport codes for flights. Give a keyword, a country_code, or both.',
  input: {
    type: 'object',
    properties: {
      keyword: { type: 'string', minLength: 1, maxLength: 60, description: 'Start of a city, airport or country name (or of a word in it), or an IATA code; case-insensitive' },
      sub_type: { type: 'string', enum: ['AIRPORT', 'CITY'], description: 'Only airports or only cities (default both)' },
      country_code: { ...countryCode, description: 'Only places in this country, ISO 3166-1 alpha-2 (e.g. US, GB, FR)' },
    },
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: {
      locations: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            subType: { type: 'string', enum: ['AIRPORT', 'CITY'] },
            iataCode: { type: 'string' },
            name: { type: 'string' },
            cityCode: { type: 'string' },
            cityName: { type: 'string' },
            countryCode: { type: 'string' },
            countryName: { type: 'string' },
            airportCodes: { type: 'array', items: { type: 'string' }, description: 'Cities: their airports' },
            hotelCount: { type: 'integer', description: 'Cities: hotels bookable here' },
            latitude: { type: 'number' },
            longitude: { type: 'number' },
          },
          required: ['subType', 'iataCode', 'name', 'cityCode', 'cityName', 'countryCode', 'countryName'],
        },
      },
      count: { type: 'integer' },
    },
    required: ['locations', 'count'],
  },
  annotations: { title: 'Search airports and cities', readOnlyHint: true, idempotentHint: true },
  handler(args, ctx) {
    if (args.keyword === undefined && args.country_code === undefined) return ctx.fail('give a keyword (part of a city or airport name, or an IATA code such as LON) or a country_code (such as US)');
    const index = locationIndexOf(ctx.base.cities, ctx.base.airports);
    if (args.country_code !== undefined && !index.countries.has(args.country_code)) {
      return ctx.fail(`no airports or cities in country ${args.country_code}; countries served: ${index.countryList}`);
    }
    const keyword = args.keyword?.trim().toLowerCase() ?? '';
    const matched = keyword === '' ? undefined : keywordMatches(index, keyword);
    // Exact code matches first, then cities before their airports, then by name.
    const exact: LocationResult[] = [];
    const locations: LocationResult[] = [];
    if (args.sub_type !== 'AIRPORT') {
      for (const { place: city, texts } of matched?.cities ?? index.cities) {
        if (args.country_code !== undefined && city.countryCode !== args.country_code) continue;
        (texts[0] === keyword ? exact : locations).push({
          subType: 'CITY' as const,
          iataCode: city.cityCode,
          name: city.name,
          cityCode: city.cityCode,
          cityName: city.name,
          countryCode: city.countryCode,
          countryName: city.countryName,
          airportCodes: shallowCopy(city.airportCodes),
          hotelCount: hotelCountIn(ctx.base.hotels, city.cityCode),
        });
      }
    }
    if (args.sub_type !== 'CITY') {
      for (const { place: airport, city, texts } of matched?.airports ?? index.airportPlaces) {
        if (args.country_code !== undefined && airport.countryCode !== args.country_code) continue;
        (texts[0] === keyword ? exact : locations).push({
          subType: 'AIRPORT' as const,
          iataCode: airport.iataCode,
          name: airport.name,
          cityCode: city.cityCode,
          cityName: city.name,
          countryCode: airport.countryCode,
          countryName: city.countryName,
          latitude: airport.latitude,
          longitude: airport.longitude,
        });
      }
    }
    locations.sort(byCityThenType);
    if (exact.length > 0) {
      exact.sort(byCityThenType);
      for (const location of locations) exact.push(location);
      return { locations: exact, count: exact.length };
    }
    return { locations, count: locations.length };
  },
});

interface ListTravelersArgs {
  name?: string;
  loyalty_program?: string;
  nationality?: string;
}

const listTravelerProfiles = defineTool<TravelBookingState, ListTravelersArgs>({
  name: 'list_traveler_profiles',
  description:
    'List traveler profiles, optionally only those whose name contains a text, who are members of one airline loyalty programme, or of one nationality. Each entry has the traveler id (needed to book), name, email, nationality, whether a passport is on file and its expiry, and loyalty programmes.',
  input: {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 80, description: 'Part of the first or last name (case-insensitive)' },
      loyalty_program: { ...airlineEnum, description: 'Only members of this airline programme (airline code)' },
      nationality: { ...countryCode, description: 'Only travelers of this nationality, ISO 3166-1 alpha-2' },
    },
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: {
      travelers: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            travelerId: { type: 'string' },
            name: { type: 'string' },
            email: { type: 'string' },
            nationality: { type: 'string' },
            passportExpiryDate: { type: ['string', 'null'], description: 'null when no passport is on file' },
            loyaltyPrograms: { type: 'array', items: { type: 'string' } },
          },
          required: ['travelerId', 'name', 'email', 'nationality', 'passportExpiryDate', 'loyaltyPrograms'],
        },
      },
      count: { type: 'integer' },
    },
    required: ['travelers', 'count'],
  },
  annotations: { title: 'List traveler profiles', readOnlyHint: true, idempotentHint: true },
  handler(args, ctx) {
    const needle = args.name?.trim().toLowerCase();
    const travelers = [];
    for (const id in ctx.base.travelers) {
      const t = ctx.base.travelers[id];
      if (needle !== undefined && !fullName(t).toLowerCase().includes(needle)) continue;
      if (args.loyalty_program !== undefined && !t.loyaltyPrograms.some((m) => m.programOwner === args.loyalty_program)) continue;
      if (args.nationality !== undefined && t.nationality !== args.nationality) continue;
      travelers.push({
        travelerId: t.id,
        name: fullName(t),
        email: t.email,
        nationality: t.nationality,
        passportExpiryDate: t.passport?.expiryDate ?? null,
        loyaltyPrograms: t.loyaltyPrograms.map((m) => m.programOwner),
      });
    }
    return { travelers, count: travelers.length };
  },
});

const profileSchema = {
  type: 'object',
  properties: {
    ...(travelerSchema.properties as object),
    bookingIds: { type: 'array', items: { type: 'string' }, description: 'Confirmed bookings the traveler is on' },
    itineraryIds: { type: 'array', items: { type: 'string' }, description: "The traveler's itineraries" },
  },
  required: [...(travelerSchema.required as string[]), 'bookingIds', 'itineraryIds'],
};

/**
 * A traveler with the ids of their confirmed bookings and itineraries (from indexes kept per frozen
 * collection), and after an update the fields it changed, last.
 */
/**
 * A profile with the ids of its confirmed bookings and itineraries. A profile made by this call
 * has none (a new id is past every id of the world, and only existing travelers are booked), so
 * `created` skips looking them up.
 */
function profileView(ctx: TravelContext, traveler: Traveler, updatedFields?: string[], created = false) {
  const view = travelerView(ctx.base, traveler);
  const itineraryIds: string[] = [];
  if (!created) for (const [id] of itinerariesOf(ctx.base.itineraries, traveler.id)) itineraryIds.push(id);
  const profile = {
    travelerId: view.travelerId,
    firstName: view.firstName,
    lastName: view.lastName,
    dateOfBirth: view.dateOfBirth,
    email: view.email,
    phone: view.phone,
    nationality: view.nationality,
    passport: view.passport,
    loyaltyPrograms: view.loyaltyPrograms,
    createdAt: view.createdAt,
    bookingIds: created ? [] : confirmedBookingIdsOf(ctx.base.bookings, traveler.id),
    itineraryIds,
  };
  return updatedFields === undefined ? profile : Object.assign(profile, { updatedFields });
}

const getTravelerProfile = defineTool<TravelBookingState, { traveler_id: string }>({
  name: 'get_traveler_profile',
  description:
    "One traveler profile: name, date of birth, contact, nationality, passport (number masked, issuing country, expiry), loyalty memberships, plus the ids of the traveler's confirmed bookings and itineraries.",
  input: {
    type: 'object',
    properties: { traveler_id: { type: 'string', minLength: 1, maxLength: 40, description: 'Traveler id, e.g. trv_7' } },
    required: ['traveler_id'],
    additionalProperties: false,
  },
  output: profileSchema,
  annotations: { title: 'Get a traveler profile', readOnlyHint: true, idempotentHint: true },
  handler(args, ctx) {
    return profileView(ctx, requireTraveler(ctx, args.traveler_id));
  },
});

/** A passport from the arguments, or undefined when none was given; fails on half a passport or an expired one. */
function passportFrom(ctx: TravelContext, args: { passport_number?: string; passport_expiry_date?: string; passport_issuing_country?: string }, nationality: string) {
  if (args.passport_number === undefined && args.passport_expiry_date === undefined && args.passport_issuing_country === undefined) return undefined;
  if (args.passport_number === undefined || args.passport_expiry_date === undefined) {
    return ctx.fail('give passport_number and passport_expiry_date together (passport_issuing_country defaults to the nationality)');
  }
  if (args.passport_expiry_date <= ctx.today) return ctx.fail(`the passport expired on ${args.passport_expiry_date}; a passport on file must expire after today (${ctx.today})`);
  return { number: args.passport_number, issuingCountry: args.passport_issuing_country ?? nationality, expiryDate: args.passport_expiry_date };
}

interface CreateTravelerArgs {
  first_name: string;
  last_name: string;
  date_of_birth: string;
  email: string;
  phone?: string;
  nationality: string;
  passport_number?: string;
  passport_issuing_country?: string;
  passport_expiry_date?: string;
}

const createTravelerProfile = defineTool<TravelBookingState, CreateTravelerArgs>({
  name: 'create_traveler_profile',
  description:
    'Create a traveler profile so that the person can be booked on flights and hotels (book_flight needs one profile per passenger). Names as in the passport; a passport (number, expiry, issuing country) is needed for international flights and can be added now or later with update_traveler_profile. Returns the profile with its traveler id.',
  input: {
    type: 'object',
    properties: {
      first_name: { type: 'string', minLength: 1, maxLength: 60, description: 'Given name(s)' },
      last_name: { type: 'string', minLength: 1, maxLength: 60, description: 'Family name' },
      date_of_birth: { type: 'string', format: 'date', description: 'YYYY-MM-DD' },
      email: { type: 'string', format: 'email', maxLength: 120, description: 'Contact email' },
      phone: { type: 'string', pattern: '^\\+[0-9][0-9 ]{6,18}$', description: 'Phone in international format, e.g. +1 415 555 0134' },
      nationality: { ...countryCode, description: 'ISO 3166-1 alpha-2 country code, e.g. US' },
      passport_number: passportNumberField,
      passport_issuing_country: { ...countryCode, description: 'Country that issued the passport (default: nationality)' },
      passport_expiry_date: { type: 'string', format: 'date', description: 'Passport expiry, YYYY-MM-DD, after today' },
    },
    required: ['first_name', 'last_name', 'date_of_birth', 'email', 'nationality'],
    additionalProperties: false,
  },
  output: profileSchema,
  sensitive: ['passport_number'],
  annotations: { title: 'Create a traveler profile', readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  handler(args, ctx) {
    const firstName = args.first_name.trim();
    const lastName = args.last_name.trim();
    if (firstName === '' || lastName === '') return ctx.fail('first_name and last_name must contain more than spaces');
    if (args.date_of_birth >= ctx.today) return ctx.fail(`date_of_birth ${args.date_of_birth} is not in the past (today is ${ctx.today})`);
    const first = firstName.toLowerCase();
    const last = lastName.toLowerCase();
    for (const other of travelersBornOn(ctx.base.travelers, args.date_of_birth)) {
      if (other.firstName.toLowerCase() === first && other.lastName.toLowerCase() === last) {
        return ctx.fail(`a profile for ${fullName(other)} born ${other.dateOfBirth} already exists: ${other.id}; use update_traveler_profile to change it`);
      }
    }
    const passport = passportFrom(ctx, args, args.nationality);
    const traveler: Traveler = Object.freeze({
      id: ctx.nextId('trv'),
      firstName,
      lastName,
      dateOfBirth: args.date_of_birth,
      email: args.email,
      phone: args.phone ?? '',
      nationality: args.nationality,
      passport: passport === undefined ? null : Object.freeze(passport),
      loyaltyPrograms: Object.freeze([]) as unknown as Traveler['loyaltyPrograms'],
      createdAt: nowOf(ctx),
    });
    ctx.edit<TravelBookingState>().travelers = records.travelers.with(ctx.base.travelers, traveler.id, traveler);
    return profileView(ctx, traveler, undefined, true);
  },
});

/** Where a traveler's membership of a programme is in their list, or -1. */
function membershipIndex(memberships: readonly LoyaltyMembership[], programOwner: string): number {
  for (let i = 0; i < memberships.length; i++) if (memberships[i].programOwner === programOwner) return i;
  return -1;
}

function byProgramOwner(a: LoyaltyMembership, b: LoyaltyMembership): number {
  return a.programOwner < b.programOwner ? -1 : 1;
}

interface UpdateTravelerArgs {
  traveler_id: string;
  email?: string;
  phone?: string;
  passport_number?: string;
  passport_issuing_country?: string;
  passport_expiry_date?: string;
  add_loyalty_program?: { program_owner: string; member_id: string };
  remove_loyalty_program?: string;
}

const updateTravelerProfile = defineTool<TravelBookingState, UpdateTravelerArgs>({
  name: 'update_traveler_profile',
  description:
    "Change a traveler profile: email, phone, passport (number and expiry together; replaces the one on file), and airline loyalty memberships (add one — replacing the member id if already a member — or remove one). Bookings made afterwards use the new data: a passport valid on arrival for international flights, the airline's member id on its flights. Returns the profile and the fields changed.",
  input: {
    type: 'object',
    properties: {
      traveler_id: { type: 'string', minLength: 1, maxLength: 40, description: 'Traveler id, e.g. trv_7' },
      email: { type: 'string', format: 'email', maxLength: 120, description: 'New contact email' },
      phone: { type: 'string', pattern: '^\\+[0-9][0-9 ]{6,18}$', description: 'New phone, international format' },
      passport_number: passportNumberField,
      passport_issuing_country: { ...countryCode, description: 'Country that issued the passport (default: nationality)' },
      passport_expiry_date: { type: 'string', format: 'date', description: 'Passport expiry, YYYY-MM-DD, after today' },
      add_loyalty_program: {
        type: 'object',
        description: 'A loyalty membership to add',
        properties: { program_owner: { ...airlineEnum, description: 'Airline code of the programme, e.g. BA' }, member_id: memberIdField },
        required: ['program_owner', 'member_id'],
        additionalProperties: false,
      },
      remove_loyalty_program: { ...airlineEnum, description: 'Airline code of a membership to remove' },
    },
    required: ['traveler_id'],
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: { ...profileSchema.properties, updatedFields: { type: 'array', items: { type: 'string' } } },
    required: [...profileSchema.required, 'updatedFields'],
  },
  sensitive: ['passport_number'],
  annotations: { title: 'Update a traveler profile', readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  handler(args, ctx) {
    const current = requireTraveler(ctx, args.traveler_id);
    const traveler = shallowCopy(current);
    const updatedFields: string[] = [];
    if (args.email !== undefined) {
      traveler.email = args.email;
      updatedFields.push('email');
    }
    if (args.phone !== undefined) {
      traveler.phone = args.phone;
      updatedFields.push('phone');
    }
    const passport = passportFrom(ctx, args, traveler.nationality);
    if (passport !== undefined) {
      traveler.passport = Object.freeze(passport);
      updatedFields.push('passport');
    }
    let memberships = current.loyaltyPrograms;
    if (args.remove_loyalty_program !== undefined) {
      const index = membershipIndex(memberships, args.remove_loyalty_program);
      if (index < 0) {
        const held = memberships.map((m) => m.programOwner);
        ctx.fail(`${fullName(traveler)} has no ${args.remove_loyalty_program} membership to remove; memberships: ${held.length ? held.join(', ') : 'none'}`);
      }
      memberships = shallowCopy(memberships);
      memberships.splice(index, 1);
      updatedFields.push('loyaltyPrograms');
    }
    if (args.add_loyalty_program !== undefined) {
      const { program_owner: programOwner, member_id: memberId } = args.add_loyalty_program;
      const index = membershipIndex(memberships, programOwner);
      if (memberships === current.loyaltyPrograms) memberships = shallowCopy(memberships);
      if (index >= 0) {
        const changed = { ...memberships[index] };
        changed.memberId = memberId;
        memberships[index] = Object.freeze(changed);
      } else {
        memberships.push(Object.freeze({ programOwner, memberId }));
        memberships.sort(byProgramOwner);
      }
      if (!updatedFields.includes('loyaltyPrograms')) updatedFields.push('loyaltyPrograms');
    }
    if (updatedFields.length === 0) {
      return ctx.fail('nothing to change: give at least one of email, phone, passport_number with passport_expiry_date, add_loyalty_program, remove_loyalty_program');
    }
    if (memberships !== current.loyaltyPrograms) traveler.loyaltyPrograms = Object.freeze(memberships) as Traveler['loyaltyPrograms'];
    ctx.edit<TravelBookingState>().travelers = records.travelers.with(ctx.base.travelers, traveler.id, Object.freeze(traveler));
    return profileView(ctx, traveler, updatedFields);
  },
});

export const travelerTools: ToolDefinition<TravelBookingState>[] = [searchAirportsAndCities, listTravelerProfiles, getTravelerProfile, createTravelerProfile, updateTravelerProfile];
