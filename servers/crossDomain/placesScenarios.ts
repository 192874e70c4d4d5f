import type { CrossDomainScenario } from '../kit/Domain.js';
import { addDays, pickOne, rows, type Row } from './crossDomainSupport.js';

/**
 * Places across apps: a hotel booked in the travel app found on the map (what is near it, how to
 * walk there), a restaurant seen on the map that is closed, its kind of food ordered in instead.
 * The hotels of travel_booking's New York are places on the map (their addresses resolve); the
 * delivery app's city is another one, so what carries over from the map is the kind of food.
 */

/** Words of a map restaurant's name → the delivery app's cuisine of that kind. */
const CUISINES: ReadonlyArray<[string, string, string]> = [
  ['Taqueria', 'mexican', 'Mexican food'],
  ['Wok', 'chinese', 'Chinese food'],
  ['Noodle House', 'thai', 'Thai noodles'],
  ['Trattoria', 'pizza', 'pizza'],
  ['Oven', 'pizza', 'pizza'],
  ['Diner', 'breakfast', 'breakfast food'],
  ['Grill', 'burgers', 'burgers'],
];

/** Map categories a traveller looks for around a hotel, as they say them. */
const NEARBY: ReadonlyArray<[string, string]> = [
  ['cafe', 'a café'],
  ['pharmacy', 'a pharmacy'],
  ['grocery_store', 'a grocery store'],
  ['gym', 'a gym'],
  ['restaurant', 'a restaurant'],
  ['museum', 'a museum'],
  ['park', 'a park'],
];

const ROOMS: Readonly<Record<string, string>> = {
  STANDARD_QUEEN: 'standard queen room',
  STANDARD_KING: 'standard king room',
  DOUBLE_QUEEN: 'room with two queen beds',
  DELUXE_KING: 'deluxe king room',
  JUNIOR_SUITE: 'junior suite',
};

/** An id as someone guesses it from a name ("Maple Grill" → "maple-grill"). */
const slug = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

export const placesScenarios: CrossDomainScenario[] = [
  {
    name: 'hotel_stay_then_the_neighbourhood',
    goal: 'Book a room at a New York hotel, then find a kind of place near the hotel on the map and how long the walk there takes.',
    domains: ['travel_booking', 'maps'],
    context: ['The signed-in traveller is {first_name} {last_name} (traveler id {traveler_id}).'],
    weight: 2,
    cast(states, random) {
      const travel = states.travel_booking as Row;
      const hotel = pickOne(random, rows(travel.hotels).filter((h) => h.cityCode === 'NYC'));
      const traveler = pickOne(random, rows(travel.travelers));
      if (hotel === undefined || traveler === undefined) return undefined;
      const roomType = random.pick(Object.keys(hotel.rooms ?? {}).filter((type) => ROOMS[type] !== undefined));
      if (roomType === undefined) return undefined;
      const checkIn = addDays('2026-03-16', random.int(4, 25));
      const [category, said] = random.pick(NEARBY);
      return {
        first_name: traveler.firstName,
        last_name: traveler.lastName,
        traveler_id: traveler.id,
        hotel_name: hotel.name,
        room_type: roomType,
        room: ROOMS[roomType],
        check_in: checkIn,
        check_out: addDays(checkIn, random.int(1, 3)),
        category,
        place_kind: said,
      };
    },
    turns: [
      {
        say: [
          'Book me a {room} at the {hotel_name} in New York from {check_in} to {check_out}.',
          'I need a {room} at the {hotel_name} in New York, checking in {check_in} and out {check_out}. Please book it.',
        ],
        steps: [
          {
            tool: 'search_airports_and_cities',
            args: () => ({ keyword: 'New York' }),
            learn: (r: Row) => {
              const city = (r.locations as Row[]).find((l) => l.subType === 'CITY' && l.cityName === 'New York');
              return city === undefined ? undefined : { city_code: city.cityCode };
            },
          },
          {
            tool: 'search_hotels',
            args: (f) => ({ city_code: f.city_code, check_in_date: f.check_in, check_out_date: f.check_out }),
            learn: (r: Row, f) => {
              const hotel = (r.hotels as Row[]).find((h) => h.name === f.hotel_name);
              const offer = (hotel?.offers as Row[] | undefined)?.find((o) => o.roomType === f.room_type && o.roomsAvailable > 0);
              return hotel === undefined || offer === undefined ? undefined : { hotel_id: hotel.hotelId, hotel_address: hotel.address };
            },
            // Booking with a hotel id made up from the name, before searching for the hotel.
            fault: {
              kind: 'guessed_id',
              tool: 'book_hotel_room',
              args: (f) => ({ hotel_id: slug(f.hotel_name as string), room_type: f.room_type, check_in_date: f.check_in, check_out_date: f.check_out, traveler_id: f.traveler_id }),
              recovery: 'retry_alternative',
            },
          },
          {
            tool: 'book_hotel_room',
            args: (f) => ({ hotel_id: f.hotel_id, room_type: f.room_type, check_in_date: f.check_in, check_out_date: f.check_out, traveler_id: f.traveler_id }),
            learn: (r: Row) => ({ booking_id: r.booking?.id ?? r.id }),
          },
        ],
      },
      {
        say: ['Is there {place_kind} near the hotel?', "What's the closest {place_kind} to that hotel?"],
        steps: [
          {
            tool: 'search_maps_nearby',
            args: (f) => ({ address: f.hotel_address, category: f.category, rank_by: 'distance' }),
            learn: (r: Row) => {
              const place = (r.places as Row[])[0];
              return place === undefined ? { nothing_near: true } : { place_id: place.place_id, place_name: place.name, place_address: place.address };
            },
          },
        ],
      },
      {
        say: ['How long would it take me to walk from the hotel to {place_name}?', 'And how far is {place_name} on foot from the hotel?'],
        when: (f) => f.place_id !== undefined,
        steps: [{ tool: 'get_maps_directions', args: (f) => ({ from_address: f.hotel_address, to_address: f.place_address, mode: 'walking' }) }],
      },
    ],
  },
  {
    name: 'closed_restaurant_order_in_instead',
    goal: 'Check on the map whether a restaurant is open; when it is closed, find that kind of food on the delivery app and look at a menu (when open, how long the walk from home is).',
    domains: ['food_delivery', 'maps'],
    context: ['The signed-in delivery customer is {customer_name} (customer id {customer_id}).'],
    weight: 2,
    cast(states, random) {
      const maps = states.maps as Row;
      const food = states.food_delivery as Row;
      const restaurants = rows(maps.places).filter((p) => p.category === 'restaurant' && CUISINES.some(([word]) => String(p.name).includes(word)));
      const place = pickOne(random, restaurants);
      const customer = pickOne(random, rows(food.customers));
      if (place === undefined || customer === undefined) return undefined;
      const [, cuisine, food_said] = CUISINES.find(([word]) => String(place.name).includes(word))!;
      return { place_name: place.name, cuisine, food_said, customer_name: customer.name, customer_id: customer.customer_id };
    },
    turns: [
      {
        say: ['Is {place_name} open right now?', 'Can you check whether {place_name} is open at the moment?'],
        steps: [
          {
            tool: 'search_maps_places',
            args: (f) => ({ query: f.place_name }),
            learn: (r: Row, f) => {
              const place = (r.places as Row[]).find((p) => p.name === f.place_name);
              return place === undefined ? undefined : { place_id: place.place_id, place_address: place.address };
            },
            // The details asked for by a place id made up from the name, before searching for it.
            fault: { kind: 'guessed_id', tool: 'get_maps_place_details', args: (f) => ({ place_id: slug(f.place_name as string) }), recovery: 'retry_alternative' },
          },
          {
            tool: 'get_maps_place_details',
            args: (f) => ({ place_id: f.place_id }),
            learn: (r: Row) => ({ open: r.place.open_now === true && r.place.business_status === 'operational' }),
          },
        ],
      },
      {
        say: ["Shame. Then I'll have {food_said} delivered instead: what's open on the delivery app?", 'Oh well. Which places on the delivery app can bring me {food_said} right now?'],
        when: (f) => f.open === false,
        steps: [
          {
            tool: 'search_restaurants',
            args: (f) => ({ cuisine: f.cuisine, open_now: true }),
            learn: (r: Row) => {
              const restaurant = (r.restaurants as Row[])[0];
              return restaurant === undefined ? { none_open: true } : { restaurant_id: restaurant.restaurant_id, restaurant_name: restaurant.name };
            },
          },
        ],
      },
      {
        say: ['What do they have at {restaurant_name}?', "Show me {restaurant_name}'s menu."],
        when: (f) => f.restaurant_id !== undefined,
        steps: [{ tool: 'get_restaurant_menu', args: (f) => ({ restaurant_id: f.restaurant_id }) }],
      },
      {
        say: ['Great. How long is the walk there from home?', 'Nice, how long would I walk from my home?'],
        when: (f) => f.open === true,
        steps: [{ tool: 'get_maps_directions', args: (f) => ({ from_address: 'home', to_address: f.place_address, mode: 'walking' }) }],
      },
    ],
  },
];
