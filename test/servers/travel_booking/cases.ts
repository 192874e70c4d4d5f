import { expect } from 'chai';
import type { ToolCase } from '../ToolCase.js';

/**
 * travel_booking conformance cases, played in order on one fresh session at the reference date
 * 2026-03-16T08:00:00Z. Ids are real ones from fixtures/travel_booking/world.json; new ids continue
 * after the world's (bookings from bkg_81, itineraries from itn_17, travelers from trv_31).
 *
 * The chains: price an offer -> book it (with a seat) -> change the seat -> quote and cancel it;
 * add a passport -> book an international flight; book a hotel -> create an itinerary -> add both.
 */
export const travelBookingCases: ToolCase[] = [
  {
    title: 'a city keyword finds the city with its airports and hotels, and the airports',
    tool: 'search_airports_and_cities',
    args: { keyword: 'paris' },
    ok: true,
    check: (r) => {
      expect(r.locations[0]).to.include({ subType: 'CITY', iataCode: 'PAR', hotelCount: 4 });
      expect(r.locations[0].airportCodes).to.deep.equal(['CDG', 'ORY']);
      expect(r.locations.map((l: { iataCode: string }) => l.iataCode)).to.include.members(['CDG', 'ORY']);
    },
  },
  {
    title: 'a country that is not served is refused with the countries that are',
    tool: 'search_airports_and_cities',
    args: { country_code: 'BR' },
    ok: false,
    errorIncludes: ['country BR', 'countries served', 'US', 'GB'],
  },
  {
    title: 'searching a city pair finds the day\'s flights with fares per cabin and fare family for two adults',
    tool: 'search_flight_offers',
    args: { origin: 'NYC', destination: 'LAX', departure_date: '2026-03-26', adults: 2 },
    ok: true,
    check: (r) => {
      const flight = r.flights.find((f: { flightId: string }) => f.flightId === 'AA2509-2026-03-26');
      expect(flight).to.include({ origin: 'JFK', destination: 'LAX', carrierName: 'American Airlines' });
      const standard = flight.fares.find((f: { travelClass: string; fareFamily: string }) => f.travelClass === 'ECONOMY' && f.fareFamily === 'STANDARD');
      expect(standard).to.include({ pricePerTraveler: 367, totalPrice: 734, seatsAvailable: 68, bookable: true, refundable: true });
    },
  },
  {
    title: 'a departure date before the reference date is refused, naming today',
    tool: 'search_flight_offers',
    args: { origin: 'JFK', destination: 'LAX', departure_date: '2026-03-10' },
    ok: false,
    errorIncludes: ['2026-03-10', 'in the past', '2026-03-16'],
  },
  {
    title: 'an unknown location code is refused and points to the location search',
    tool: 'search_flight_offers',
    args: { origin: 'XYZ', destination: 'LAX', departure_date: '2026-03-26' },
    ok: false,
    errorIncludes: ['XYZ', 'search_airports_and_cities'],
  },
  {
    title: 'the seat map of a cabin lists its free seats with positions',
    tool: 'get_flight_details',
    args: { flight_id: 'AA2509-2026-03-26', travel_class: 'ECONOMY' },
    ok: true,
    check: (r) => {
      expect(r.status).to.equal('SCHEDULED');
      const economy = r.cabins[0];
      expect(economy).to.include({ travelClass: 'ECONOMY', rows: '7-30', capacity: 144, seatsAvailable: 68 });
      expect(economy.availableSeats).to.have.length(68).and.include('7A').and.not.include('7D');
      expect(economy.columns[0]).to.deep.equal({ letter: 'A', position: 'WINDOW' });
    },
  },
  {
    title: 'an unknown flight id is refused with the id format and the tool that lists flights',
    tool: 'get_flight_details',
    args: { flight_id: 'ZZ999-2026-03-20' },
    ok: false,
    errorIncludes: ['ZZ999-2026-03-20', 'does not exist', 'search_flight_offers'],
  },
  {
    title: 'pricing a fare for two returns an offer id and the fare rules',
    tool: 'price_flight_offer',
    args: { flight_id: 'AA2509-2026-03-26', travel_class: 'ECONOMY', fare_family: 'STANDARD', adults: 2 },
    ok: true,
    check: (r) => {
      expect(r).to.include({ offerId: 'off_1', pricePerTraveler: 367, totalPrice: 734, status: 'PRICED' });
      expect(r.cancellationPolicy.refundable).to.equal(true);
    },
  },
  {
    title: 'a sold-out cabin cannot be priced; the message names the cabins with seats',
    tool: 'price_flight_offer',
    args: { flight_id: 'DL1363-2026-03-21', travel_class: 'BUSINESS', fare_family: 'STANDARD' },
    ok: false,
    errorIncludes: ['full in BUSINESS', 'no seats left', 'ECONOMY (52 left)'],
  },
  {
    title: 'a flight that already departed cannot be priced',
    tool: 'price_flight_offer',
    args: { flight_id: 'AA1033-2026-03-16', travel_class: 'ECONOMY', fare_family: 'STANDARD' },
    ok: false,
    errorIncludes: ['departed at 2026-03-16T06:30:00Z', 'search_flight_offers'],
  },
  {
    title: 'a loyalty membership added to a profile is used by later bookings',
    tool: 'update_traveler_profile',
    args: { traveler_id: 'trv_3', add_loyalty_program: { program_owner: 'AA', member_id: 'AA55512345' } },
    ok: true,
    check: (r) => {
      expect(r.updatedFields).to.deep.equal(['loyaltyPrograms']);
      expect(r.loyaltyPrograms.map((m: { programOwner: string }) => m.programOwner)).to.deep.equal(['AA', 'LH']);
    },
  },
  {
    title: 'booking more travelers than the offer was priced for is a passenger count mismatch',
    tool: 'book_flight',
    args: { offer_id: 'off_1', traveler_ids: ['trv_3', 'trv_4', 'trv_5'] },
    ok: false,
    errorIncludes: ['passenger count mismatch', 'priced for 2', 'adults=3'],
  },
  {
    title: 'a seat someone already holds is refused with free seats of the cabin',
    tool: 'book_flight',
    args: { offer_id: 'off_1', traveler_ids: ['trv_3', 'trv_4'], seats: [{ traveler_id: 'trv_3', seat: '7D' }] },
    ok: false,
    errorIncludes: ['seat 7D', 'already taken', 'free ECONOMY seats include 7A'],
  },
  {
    title: 'booking the offer takes the chosen seat, gives the other traveler the first free seat and attaches the loyalty number',
    tool: 'book_flight',
    args: { offer_id: 'off_1', traveler_ids: ['trv_3', 'trv_4'], seats: [{ traveler_id: 'trv_3', seat: '7A' }] },
    ok: true,
    check: (r) => {
      expect(r).to.include({ bookingId: 'bkg_81', status: 'CONFIRMED', totalPrice: 734, travelClass: 'ECONOMY', fareFamily: 'STANDARD' });
      expect(r.passengers.map((p: { seat: string }) => p.seat)).to.deep.equal(['7A', '7B']);
      expect(r.passengers[0].loyaltyNumber).to.equal('AA55512345');
      expect(r.recordLocator).to.match(/^[A-Z0-9]{6}$/);
    },
  },
  {
    title: 'an offer is booked only once',
    tool: 'book_flight',
    args: { offer_id: 'off_1', traveler_ids: ['trv_5', 'trv_6'] },
    ok: false,
    errorIncludes: ['off_1', 'already used', 'bkg_81', 'price_flight_offer'],
  },
  {
    title: 'a seat in another cabin is refused, naming the booked cabin\'s rows',
    tool: 'change_flight_seat',
    args: { booking_id: 'bkg_81', traveler_id: 'trv_4', seat: '2C' },
    ok: false,
    errorIncludes: ['2C is in BUSINESS', 'ECONOMY is rows 7-30'],
  },
  {
    title: 'moving to a taken seat is refused with free seats',
    tool: 'change_flight_seat',
    args: { booking_id: 'bkg_81', traveler_id: 'trv_4', seat: '8C' },
    ok: false,
    errorIncludes: ['seat 8C', 'already taken', 'free ECONOMY seats include'],
  },
  {
    title: 'a traveler moves to a free seat and the old one is released',
    tool: 'change_flight_seat',
    args: { booking_id: 'bkg_81', traveler_id: 'trv_4', seat: '8A' },
    ok: true,
    check: (r) => expect(r).to.deep.equal({ bookingId: 'bkg_81', flightId: 'AA2509-2026-03-26', travelerId: 'trv_4', travelClass: 'ECONOMY', previousSeat: '7B', seat: '8A', position: 'WINDOW', changed: true }),
  },
  {
    title: 'the seat map shows the booking: two seats fewer, 7B free again, 7A and 8A taken',
    tool: 'get_flight_details',
    args: { flight_id: 'AA2509-2026-03-26', travel_class: 'ECONOMY' },
    ok: true,
    check: (r) => {
      expect(r.cabins[0].seatsAvailable).to.equal(66);
      expect(r.cabins[0].availableSeats).to.include('7B').and.not.include('7A').and.not.include('8A');
    },
  },
  {
    title: 'an international flight needs a passport: pricing works …',
    tool: 'price_flight_offer',
    args: { flight_id: 'AF254-2026-03-29', travel_class: 'ECONOMY', fare_family: 'LIGHT' },
    ok: true,
    check: (r) => expect(r).to.include({ offerId: 'off_2', pricePerTraveler: 482.4, adults: 1 }),
  },
  {
    title: '… but booking a traveler without a passport on file is refused',
    tool: 'book_flight',
    args: { offer_id: 'off_2', traveler_ids: ['trv_14'] },
    ok: false,
    errorIncludes: ['trv_14', 'Camille Dubois', 'no passport on file', 'international', 'update_traveler_profile'],
  },
  {
    title: 'an expired passport cannot be put on file',
    tool: 'update_traveler_profile',
    args: { traveler_id: 'trv_14', passport_number: '18FR42317', passport_expiry_date: '2025-01-01' },
    ok: false,
    errorIncludes: ['expired on 2025-01-01', 'after today (2026-03-16)'],
  },
  {
    title: 'adding a valid passport updates the profile (number masked, issuing country from nationality)',
    tool: 'update_traveler_profile',
    args: { traveler_id: 'trv_14', passport_number: '18FR42317', passport_expiry_date: '2031-06-30' },
    ok: true,
    check: (r) => {
      expect(r.passport).to.deep.equal({ numberMasked: '••••••317', issuingCountry: 'FR', expiryDate: '2031-06-30' });
      expect(JSON.stringify(r)).to.not.include('18FR42317');
    },
  },
  {
    title: 'with the passport on file the international booking succeeds',
    tool: 'book_flight',
    args: { offer_id: 'off_2', traveler_ids: ['trv_14'] },
    ok: true,
    check: (r) => expect(r).to.include({ bookingId: 'bkg_82', fareFamily: 'LIGHT', totalPrice: 482.4 }),
  },
  {
    title: 'a hotel search lists the room types free every night, and hotels without any',
    tool: 'search_hotels',
    args: { city_code: 'LAX', check_in_date: '2026-03-26', check_out_date: '2026-03-29', adults: 2 },
    ok: true,
    check: (r) => {
      expect(r.nights).to.equal(3);
      const northstar = r.hotels.find((h: { hotelId: string }) => h.hotelId === 'NSLAX001');
      const types = northstar.offers.map((o: { roomType: string }) => o.roomType);
      expect(types).to.include('STANDARD_KING').and.not.include('STANDARD_QUEEN');
      const king = northstar.offers.find((o: { roomType: string }) => o.roomType === 'STANDARD_KING');
      expect(king.roomsAvailable).to.equal(1);
      expect(king.ratePlans.map((p: { ratePlan: string }) => p.ratePlan)).to.deep.equal(['FLEXIBLE', 'NON_REFUNDABLE']);
    },
  },
  {
    title: 'a check-out before the check-in is refused',
    tool: 'search_hotels',
    args: { city_code: 'LAX', check_in_date: '2026-03-29', check_out_date: '2026-03-26' },
    ok: false,
    errorIncludes: ['check_out_date 2026-03-26 must be after check_in_date 2026-03-29'],
  },
  {
    title: 'hotel details show rates and rooms left night by night',
    tool: 'get_hotel_details',
    args: { hotel_id: 'NSLAX001', check_in_date: '2026-03-26', check_out_date: '2026-03-29' },
    ok: true,
    check: (r) => {
      const queen = r.roomTypes.find((t: { roomType: string }) => t.roomType === 'STANDARD_QUEEN');
      expect(queen.nights.map((n: { roomsAvailable: number }) => n.roomsAvailable)).to.deep.equal([4, 0, 4]);
    },
  },
  {
    title: 'an unknown hotel id is refused and points to the hotel search',
    tool: 'get_hotel_details',
    args: { hotel_id: 'XXLAX999' },
    ok: false,
    errorIncludes: ['XXLAX999', 'does not exist', 'search_hotels'],
  },
  {
    title: 'a room type sold out on one night of the stay cannot be booked; the message names the night and the types that are free',
    tool: 'book_hotel_room',
    args: { hotel_id: 'NSLAX001', room_type: 'STANDARD_QUEEN', check_in_date: '2026-03-26', check_out_date: '2026-03-29', traveler_id: 'trv_3', guests: 2 },
    ok: false,
    errorIncludes: ['no STANDARD_QUEEN room free', '2026-03-27', 'STANDARD_KING'],
  },
  {
    title: 'three guests do not fit in one king room',
    tool: 'book_hotel_room',
    args: { hotel_id: 'NSLAX001', room_type: 'STANDARD_KING', check_in_date: '2026-03-26', check_out_date: '2026-03-29', traveler_id: 'trv_3', guests: 3 },
    ok: false,
    errorIncludes: ['3 guests do not fit', 'sleeps at most 2', 'JUNIOR_SUITE'],
  },
  {
    title: 'the last king room is booked for three nights',
    tool: 'book_hotel_room',
    args: { hotel_id: 'NSLAX001', room_type: 'STANDARD_KING', check_in_date: '2026-03-26', check_out_date: '2026-03-29', traveler_id: 'trv_3', guests: 2 },
    ok: true,
    check: (r) => {
      expect(r).to.include({ bookingId: 'bkg_83', type: 'HOTEL', ratePlan: 'FLEXIBLE', rooms: 1, guests: 2 });
      expect(Object.keys(r.nightlyRates)).to.deep.equal(['2026-03-26', '2026-03-27', '2026-03-28']);
    },
  },
  {
    title: 'after that the king room is sold out on the first night',
    tool: 'book_hotel_room',
    args: { hotel_id: 'NSLAX001', room_type: 'STANDARD_KING', check_in_date: '2026-03-26', check_out_date: '2026-03-27', traveler_id: 'trv_4' },
    ok: false,
    errorIncludes: ['no STANDARD_KING room free', '2026-03-26: 0'],
  },
  {
    title: 'an itinerary is created for a traveler',
    tool: 'create_itinerary',
    args: { traveler_id: 'trv_3', name: 'Los Angeles getaway' },
    ok: true,
    check: (r) => expect(r).to.include({ itineraryId: 'itn_17', travelerName: 'Olivia Martinez', totalPrice: 0, startTime: null }),
  },
  {
    title: 'a second itinerary with the same name for the same traveler is refused',
    tool: 'create_itinerary',
    args: { traveler_id: 'trv_3', name: 'los angeles GETAWAY' },
    ok: false,
    errorIncludes: ['already has itinerary itn_17', 'add_booking_to_itinerary'],
  },
  {
    title: 'the flight booking joins the itinerary',
    tool: 'add_booking_to_itinerary',
    args: { itinerary_id: 'itn_17', booking_id: 'bkg_81' },
    ok: true,
    check: (r) => expect(r.bookings.map((b: { bookingId: string }) => b.bookingId)).to.deep.equal(['bkg_81']),
  },
  {
    title: 'the hotel booking joins too; the itinerary is chronological and totals both',
    tool: 'add_booking_to_itinerary',
    args: { itinerary_id: 'itn_17', booking_id: 'bkg_83' },
    ok: true,
    check: (r) => {
      expect(r.bookings.map((b: { bookingId: string }) => b.bookingId)).to.deep.equal(['bkg_81', 'bkg_83']);
      expect(r.startTime).to.equal('2026-03-26T14:30:00Z');
      expect(r.totalPrice).to.equal(Math.round((734 + r.bookings[1].totalPrice) * 100) / 100);
    },
  },
  {
    title: "a booking of another traveler cannot join the itinerary",
    tool: 'add_booking_to_itinerary',
    args: { itinerary_id: 'itn_17', booking_id: 'bkg_82' },
    ok: false,
    errorIncludes: ['bkg_82 is for trv_14', 'not for trv_3'],
  },
  {
    title: 'an itinerary is read back with its bookings',
    tool: 'get_itinerary',
    args: { itinerary_id: 'itn_17' },
    ok: true,
    check: (r) => expect(r.bookings).to.have.length(2),
  },
  {
    title: 'an unknown itinerary is refused, naming how to find or create one',
    tool: 'get_itinerary',
    args: { itinerary_id: 'itn_999' },
    ok: false,
    errorIncludes: ['itn_999', 'does not exist', 'create_itinerary'],
  },
  {
    title: "a traveler's bookings are listed in trip order",
    tool: 'list_travel_bookings',
    args: { traveler_id: 'trv_3', status: 'CONFIRMED' },
    ok: true,
    check: (r) => expect(r.bookings.map((b: { bookingId: string }) => b.bookingId)).to.deep.equal(['bkg_81', 'bkg_83', 'bkg_65', 'bkg_64']),
  },
  {
    title: 'listing the bookings of an unknown traveler is refused',
    tool: 'list_travel_bookings',
    args: { traveler_id: 'trv_999' },
    ok: false,
    errorIncludes: ['trv_999', 'list_traveler_profiles'],
  },
  {
    title: 'a booking is read in full with seats and fare rules',
    tool: 'get_travel_booking',
    args: { booking_id: 'bkg_81' },
    ok: true,
    check: (r) => {
      expect(r.passengers.map((p: { seat: string }) => p.seat)).to.deep.equal(['7A', '8A']);
      expect(r.itineraryId).to.equal('itn_17');
      expect(r.flight.flightId).to.equal('AA2509-2026-03-26');
    },
  },
  {
    title: 'an unknown booking is refused and points to the booking list',
    tool: 'get_travel_booking',
    args: { booking_id: 'bkg_9999' },
    ok: false,
    errorIncludes: ['bkg_9999', 'list_travel_bookings'],
  },
  {
    title: 'ten days before departure a STANDARD fare costs 120 USD per traveler to cancel',
    tool: 'get_cancellation_quote',
    args: { booking_id: 'bkg_81' },
    ok: true,
    check: (r) => expect(r).to.include({ daysBefore: 10, fee: 240, refund: 494, refundable: true }),
  },
  {
    title: 'a flight that already departed cannot be quoted for cancellation',
    tool: 'get_cancellation_quote',
    args: { booking_id: 'bkg_10' },
    ok: false,
    errorIncludes: ['bkg_10', 'departed at 2026-03-15'],
  },
  {
    title: 'cancelling applies the quoted fee and releases the seats',
    tool: 'cancel_travel_booking',
    args: { booking_id: 'bkg_81', reason: 'meeting moved' },
    ok: true,
    check: (r) => {
      expect(r).to.include({ status: 'CANCELLED', fee: 240, refund: 494 });
      expect(r.released).to.include('7A, 8A');
    },
  },
  {
    title: 'a booking cannot be cancelled twice',
    tool: 'cancel_travel_booking',
    args: { booking_id: 'bkg_81' },
    ok: false,
    errorIncludes: ['bkg_81 is already cancelled', 'fee 240.00 USD', 'refund 494.00 USD'],
  },
  {
    title: 'a non-refundable LIGHT fare refunds nothing',
    tool: 'cancel_travel_booking',
    args: { booking_id: 'bkg_60' },
    ok: true,
    check: (r) => expect(r).to.include({ refundable: false, fee: 147.2, refund: 0 }),
  },
  {
    title: 'a hotel stay that has begun cannot be cancelled',
    tool: 'cancel_travel_booking',
    args: { booking_id: 'bkg_12' },
    ok: false,
    errorIncludes: ['hotel booking bkg_12', 'stay began', '2026-03-15T15:00:00Z'],
  },
  {
    title: 'the cancelled flight stays in the itinerary but no longer counts',
    tool: 'get_itinerary',
    args: { itinerary_id: 'itn_17' },
    ok: true,
    check: (r) => {
      expect(r.bookings[0]).to.include({ bookingId: 'bkg_81', status: 'CANCELLED' });
      expect(r.totalPrice).to.equal(r.bookings[1].totalPrice);
    },
  },
  {
    title: 'profiles are found by part of a name',
    tool: 'list_traveler_profiles',
    args: { name: 'dubois' },
    ok: true,
    check: (r) => expect(r.travelers).to.deep.equal([{ travelerId: 'trv_14', name: 'Camille Dubois', email: 'camille.dubois@example.com', nationality: 'FR', passportExpiryDate: '2031-06-30', loyaltyPrograms: ['AS', 'UA'] }]),
  },
  {
    title: 'an unknown loyalty programme is refused with the valid airline codes',
    tool: 'list_traveler_profiles',
    args: { loyalty_program: 'ZZ' },
    ok: false,
    errorIncludes: ['loyalty_program', 'must be one of', '"AA"'],
  },
  {
    title: 'a profile shows its bookings and itineraries, the passport masked',
    tool: 'get_traveler_profile',
    args: { traveler_id: 'trv_3' },
    ok: true,
    check: (r) => {
      expect(r.itineraryIds).to.deep.equal(['itn_17']);
      expect(r.bookingIds).to.include('bkg_83').and.not.include('bkg_81');
      expect(r.passport.numberMasked).to.equal('••••••261');
    },
  },
  {
    title: 'an unknown traveler id is refused and points to the profile list',
    tool: 'get_traveler_profile',
    args: { traveler_id: 'trv_0' },
    ok: false,
    errorIncludes: ['trv_0', 'does not exist', 'list_traveler_profiles'],
  },
  {
    title: 'a new traveler profile gets the next traveler id',
    tool: 'create_traveler_profile',
    args: { first_name: 'Maya', last_name: 'Lopez', date_of_birth: '1991-07-04', email: 'maya.lopez@example.com', nationality: 'US', passport_number: 'P4455667', passport_expiry_date: '2030-01-31' },
    ok: true,
    check: (r) => {
      expect(r).to.include({ travelerId: 'trv_31', firstName: 'Maya', nationality: 'US' });
      expect(r.passport).to.deep.equal({ numberMasked: '•••••667', issuingCountry: 'US', expiryDate: '2030-01-31' });
    },
  },
  {
    title: 'the same person cannot get a second profile',
    tool: 'create_traveler_profile',
    args: { first_name: 'maya', last_name: 'LOPEZ', date_of_birth: '1991-07-04', email: 'maya@example.org', nationality: 'US' },
    ok: false,
    errorIncludes: ['already exists: trv_31', 'update_traveler_profile'],
  },
  {
    title: 'an update without any field is refused with the fields that can change',
    tool: 'update_traveler_profile',
    args: { traveler_id: 'trv_31' },
    ok: false,
    errorIncludes: ['nothing to change', 'email', 'add_loyalty_program'],
  },
];
