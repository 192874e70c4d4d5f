import type { GoldGraph } from './types.js';

const TRAVELER_SOURCES = ['list_traveler_profiles', 'create_traveler_profile', 'get_travel_booking', 'list_travel_bookings', 'get_itinerary'];
// A traveller's profile lists their bookings and itineraries; a booking names its hotel and city.
const BOOKING_SOURCES = ['list_travel_bookings', 'book_flight', 'book_hotel_room', 'get_itinerary', 'get_traveler_profile'];

export const gold: GoldGraph = {
  domain: 'travel_booking',
  explicit: {
    // Airports and cities by IATA code.
    search_flight_offers: ['search_airports_and_cities'],
    search_hotels: ['search_airports_and_cities', 'get_hotel_details', 'get_travel_booking'],
    get_flight_details: ['search_flight_offers', 'get_travel_booking'],
    price_flight_offer: ['search_flight_offers', 'get_travel_booking'],
    book_flight: ['price_flight_offer', ...TRAVELER_SOURCES],
    get_hotel_details: ['search_hotels', 'get_travel_booking'],
    book_hotel_room: ['search_hotels', ...TRAVELER_SOURCES],
    get_travel_booking: BOOKING_SOURCES,
    get_cancellation_quote: BOOKING_SOURCES,
    cancel_travel_booking: BOOKING_SOURCES,
    add_booking_to_itinerary: [...BOOKING_SOURCES, 'create_itinerary', 'get_travel_booking'],
    change_flight_seat: [...BOOKING_SOURCES, ...TRAVELER_SOURCES].filter((tool) => tool !== 'change_flight_seat'),
    get_itinerary: ['create_itinerary', 'list_travel_bookings', 'get_travel_booking', 'get_traveler_profile'],
    create_itinerary: TRAVELER_SOURCES,
    get_traveler_profile: TRAVELER_SOURCES,
    update_traveler_profile: TRAVELER_SOURCES,
  },
  implicit: [],
};
