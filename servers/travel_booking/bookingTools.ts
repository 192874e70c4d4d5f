import { defineTool, type ToolDefinition } from '../kit/Domain.js';
import { entryValues } from '../kit/bucketedRecord.js';
import { bookingsOfTraveler, itinerariesOf } from './travelIndexes.js';
import { shallowCopy } from '../kit/shallowCopy.js';
import { bookingWith, records, SeatMapEdit, withEntry, withItem, withRoomsSold, withSeatMap } from './travelWrites.js';
import type { Booking, Flight, Itinerary, TravelBookingState } from './TravelBookingState.js';
import { bookingStart, departureDay, quoteCancellation, seatMapOf, timeOf, type CancellationQuote } from './travelRules.js';
import { bookingSchema, bookingSummary, bookingSummarySchema, bookingView, cancellationPolicySchema, fullName, itinerarySchema, itineraryView, money, nowOf, requireBooking, requireItinerary, requireTraveler, str, type TravelContext } from './travelViews.js';

const bookingIdField = { type: 'string', minLength: 1, maxLength: 40, description: 'Booking id, e.g. bkg_12 (list_travel_bookings lists them)' };

/** What cancelling `booking` would cost now; fails when it is already cancelled or the trip has begun. */
function quoteFor(ctx: TravelContext, booking: Booking): CancellationQuote {
  if (booking.status === 'CANCELLED') {
    const c = booking.cancellation!;
    ctx.fail(`booking ${booking.id} is already cancelled (on ${c.cancelledAt}, fee ${c.fee.toFixed(2)} USD, refund ${c.refund.toFixed(2)} USD); nothing left to cancel`);
  }
  const start = bookingStart(booking, ctx.base.flights as Record<string, Flight>);
  if (start <= nowOf(ctx)) {
    return ctx.fail(
      booking.type === 'FLIGHT'
        ? `flight booking ${booking.id} cannot be cancelled: the flight departed at ${start}, before now (${nowOf(ctx)})`
        : `hotel booking ${booking.id} cannot be cancelled: the stay began at check-in ${start}, before now (${nowOf(ctx)})`,
    );
  }
  const daysBefore = Math.floor((timeOf(start) - timeOf(nowOf(ctx))) / 86_400_000);
  if (booking.type === 'FLIGHT') return quoteCancellation(booking.cancellationPolicy, daysBefore, booking.totalPrice, booking.passengers.length, 0, 0);
  return quoteCancellation(booking.cancellationPolicy, daysBefore, booking.totalPrice, booking.guests, booking.nightlyRates[booking.checkInDate], booking.rooms);
}

const quoteProperties = {
  bookingId: { type: 'string' },
  type: { type: 'string', enum: ['FLIGHT', 'HOTEL'] },
  startTime: str('Departure or check-in, ISO-8601 UTC'),
  daysBefore: { type: 'integer', description: 'Whole days left before departure or check-in' },
  refundable: { type: 'boolean' },
  totalPrice: money('Price paid'),
  fee: money('Cancellation fee'),
  refund: money('Refund'),
  currency: { type: 'string' },
  appliedRule: str('The fare or rate rule that sets the fee'),
  cancellationPolicy: cancellationPolicySchema,
};
const quoteRequired = ['bookingId', 'type', 'startTime', 'daysBefore', 'refundable', 'totalPrice', 'fee', 'refund', 'currency', 'appliedRule', 'cancellationPolicy'];

function quoteView(ctx: TravelContext, booking: Booking, quote: CancellationQuote) {
  return {
    bookingId: booking.id,
    type: booking.type,
    startTime: bookingStart(booking, ctx.base.flights as Record<string, Flight>),
    daysBefore: quote.daysBefore,
    refundable: booking.cancellationPolicy.refundable,
    totalPrice: booking.totalPrice,
    fee: quote.fee,
    refund: quote.refund,
    currency: booking.currency,
    appliedRule: quote.rule,
    cancellationPolicy: booking.cancellationPolicy,
  };
}

interface ListBookingsArgs {
  traveler_id?: string;
  type?: 'FLIGHT' | 'HOTEL';
  status?: 'CONFIRMED' | 'CANCELLED';
  upcoming_only?: boolean;
}

/** Oldest trip first; bookings starting together by id. */
function byStartThenId(a: { startTime: string; bookingId: string }, b: { startTime: string; bookingId: string }): number {
  return a.startTime < b.startTime ? -1 : a.startTime > b.startTime ? 1 : a.bookingId < b.bookingId ? -1 : 1;
}

const listTravelBookings = defineTool<TravelBookingState, ListBookingsArgs>({
  name: 'list_travel_bookings',
  description:
    'List flight and hotel bookings, oldest trip first, optionally only those of one traveler (as passenger or lead guest), of one type, of one status, or not yet started. Each entry has the booking id, a one-line description, start and end time, travelers, price and itinerary. get_travel_booking shows one in full.',
  input: {
    type: 'object',
    properties: {
      traveler_id: { type: 'string', minLength: 1, maxLength: 40, description: 'Only bookings of this traveler, e.g. trv_7' },
      type: { type: 'string', enum: ['FLIGHT', 'HOTEL'], description: 'Only flight or only hotel bookings' },
      status: { type: 'string', enum: ['CONFIRMED', 'CANCELLED'], description: 'Only bookings with this status' },
      upcoming_only: { type: 'boolean', description: 'Only bookings whose departure or check-in is still ahead (default false)' },
    },
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: { bookings: { type: 'array', items: bookingSummarySchema }, count: { type: 'integer' } },
    required: ['bookings', 'count'],
  },
  annotations: { title: 'List bookings', readOnlyHint: true, idempotentHint: true },
  handler(args, ctx) {
    if (args.traveler_id !== undefined) requireTraveler(ctx, args.traveler_id);
    const bookings = [];
    // A traveler's bookings come from the per-bucket index; each is checked before its summary is built.
    for (const booking of args.traveler_id !== undefined ? bookingsOfTraveler(ctx.base.bookings, args.traveler_id) : entryValues(ctx.base.bookings)) {
      if (args.type !== undefined && booking.type !== args.type) continue;
      if (args.status !== undefined && booking.status !== args.status) continue;
      if (args.upcoming_only === true && bookingStart(booking, ctx.base.flights) <= nowOf(ctx)) continue;
      bookings.push(bookingSummary(ctx.base, booking));
    }
    bookings.sort(byStartThenId);
    return { bookings, count: bookings.length };
  },
});

const getTravelBooking = defineTool<TravelBookingState, { booking_id: string }>({
  name: 'get_travel_booking',
  description:
    'One booking in full: for a flight the flight, cabin, fare family, passengers with seats and loyalty numbers, record locator; for a hotel the hotel, room type, dates, rooms, guests, nightly rates, confirmation number. Both carry the price, the cancellation policy (fare rules), the itinerary and, when cancelled, the fee and refund.',
  input: { type: 'object', properties: { booking_id: bookingIdField }, required: ['booking_id'], additionalProperties: false },
  output: bookingSchema,
  annotations: { title: 'Get a booking', readOnlyHint: true, idempotentHint: true },
  handler(args, ctx) {
    return bookingView(ctx.base, requireBooking(ctx, args.booking_id));
  },
});

const getCancellationQuote = defineTool<TravelBookingState, { booking_id: string }>({
  name: 'get_cancellation_quote',
  description:
    'What cancelling a booking would cost right now, without cancelling it: whole days left before departure or check-in, the fee the fare rules charge at that point, the refund, and the rule applied. Fails for a booking already cancelled or whose trip has begun.',
  input: { type: 'object', properties: { booking_id: bookingIdField }, required: ['booking_id'], additionalProperties: false },
  output: { type: 'object', properties: quoteProperties, required: quoteRequired },
  annotations: { title: 'Quote a cancellation', readOnlyHint: true, idempotentHint: true },
  handler(args, ctx) {
    const booking = requireBooking(ctx, args.booking_id);
    return quoteView(ctx, booking, quoteFor(ctx, booking));
  },
});

const cancelTravelBooking = defineTool<TravelBookingState, { booking_id: string; reason?: string }>({
  name: 'cancel_travel_booking',
  description:
    'Cancel a flight or hotel booking. The fee follows its fare rules or rate plan and the whole days left before departure or check-in (get_cancellation_quote shows it first); the refund is the price minus the fee. Seats or room-nights go back on sale; the booking stays listed as CANCELLED (also in its itinerary). Fails when it is already cancelled or the trip has begun.',
  input: {
    type: 'object',
    properties: {
      booking_id: bookingIdField,
      reason: { type: 'string', maxLength: 200, description: 'Why the traveler cancels (optional, kept on the booking)' },
    },
    required: ['booking_id'],
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: {
      ...quoteProperties,
      status: { type: 'string', enum: ['CANCELLED'] },
      cancelledAt: str('ISO-8601 UTC'),
      released: str('Seats or room-nights put back on sale'),
    },
    required: [...quoteRequired, 'status', 'cancelledAt', 'released'],
  },
  annotations: { title: 'Cancel a booking', readOnlyHint: false, destructiveHint: true, idempotentHint: true },
  handler(args, ctx) {
    const base = ctx.base;
    const booking = requireBooking(ctx, args.booking_id);
    const quote = quoteFor(ctx, booking);
    const state = ctx.edit<TravelBookingState>();
    let released: string;
    if (booking.type === 'FLIGHT') {
      const flight = base.flights[booking.flightId];
      const edit = new SeatMapEdit(seatMapOf(base, flight));
      let seats = '';
      for (let i = 0; i < booking.passengers.length; i++) {
        const seat = booking.passengers[i].seat;
        edit.release(seat);
        seats = seats === '' ? seat : `${seats}, ${seat}`;
      }
      state.seatMaps = withSeatMap(base, departureDay(flight), flight.id, edit.finish(booking.travelClass, booking.passengers.length));
      released = `seats ${seats} on flight ${flight.id}`;
    } else {
      const hotel = base.hotels[booking.hotelId];
      const sold = hotel.rooms[booking.roomType]!.roomsSold;
      // Nights the booking held lose its rooms; a night left with none disappears (key order kept).
      const roomsSold = records.roomsSold.edit(sold);
      for (const night in booking.nightlyRates) {
        if (!Object.hasOwn(sold, night)) continue;
        const left = sold[night] - booking.rooms;
        if (left > 0) roomsSold.set(night, left);
        else roomsSold.delete(night);
      }
      state.hotels = withRoomsSold(base.hotels, hotel, booking.roomType, roomsSold.finish());
      released = `${booking.rooms} ${booking.roomType} room(s) for ${Object.keys(booking.nightlyRates).length} night(s) at hotel ${booking.hotelId}`;
    }
    const cancelledAt = nowOf(ctx);
    const cancellation = Object.freeze({ cancelledAt, daysBefore: quote.daysBefore, fee: quote.fee, refund: quote.refund, reason: args.reason ?? null });
    state.bookings = withEntry(base.bookings, booking.id, bookingWith(booking, 'CANCELLED', booking.itineraryId, cancellation));
    // quoteView's keys, then three more, as one literal (an Object.assign onto the view adds them one by one).
    return {
      bookingId: booking.id,
      type: booking.type,
      startTime: bookingStart(booking, base.flights as Record<string, Flight>),
      daysBefore: quote.daysBefore,
      refundable: booking.cancellationPolicy.refundable,
      totalPrice: booking.totalPrice,
      fee: quote.fee,
      refund: quote.refund,
      currency: booking.currency,
      appliedRule: quote.rule,
      cancellationPolicy: booking.cancellationPolicy,
      status: 'CANCELLED' as const,
      cancelledAt,
      released,
    };
  },
});

const createItinerary = defineTool<TravelBookingState, { traveler_id: string; name: string }>({
  name: 'create_itinerary',
  description:
    "Create an empty, named itinerary (a trip) for a traveler; add flight and hotel bookings to it with add_booking_to_itinerary. A traveler's itinerary names are unique. Returns the itinerary with its id.",
  input: {
    type: 'object',
    properties: {
      traveler_id: { type: 'string', minLength: 1, maxLength: 40, description: 'Owner of the itinerary, e.g. trv_7' },
      name: { type: 'string', minLength: 1, maxLength: 100, description: "Trip name, e.g. 'Lisbon spring break'" },
    },
    required: ['traveler_id', 'name'],
    additionalProperties: false,
  },
  output: itinerarySchema,
  annotations: { title: 'Create an itinerary', readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  handler(args, ctx) {
    const traveler = requireTraveler(ctx, args.traveler_id);
    const name = args.name.trim();
    if (name === '') return ctx.fail('name must contain more than spaces');
    const lower = name.toLowerCase();
    for (const [, other] of itinerariesOf(ctx.base.itineraries, traveler.id)) {
      if (other.name.toLowerCase() === lower) {
        return ctx.fail(`${fullName(traveler)} already has itinerary ${other.id} named "${other.name}"; add bookings to it with add_booking_to_itinerary or choose another name`);
      }
    }
    const itinerary: Itinerary = Object.freeze({ id: ctx.nextId('itn'), name, travelerId: traveler.id, bookingIds: Object.freeze([]) as unknown as string[], createdAt: nowOf(ctx) });
    ctx.edit<TravelBookingState>().itineraries = records.itineraries.with(ctx.base.itineraries, itinerary.id, itinerary);
    return itineraryView(ctx.base, itinerary);
  },
});

const addBookingToItinerary = defineTool<TravelBookingState, { itinerary_id: string; booking_id: string }>({
  name: 'add_booking_to_itinerary',
  description:
    "Add a confirmed flight or hotel booking to an itinerary. The itinerary's traveler must be on the booking (passenger or lead guest), and a booking belongs to at most one itinerary. Returns the itinerary with its bookings in chronological order and the total.",
  input: {
    type: 'object',
    properties: {
      itinerary_id: { type: 'string', minLength: 1, maxLength: 40, description: 'Itinerary id from create_itinerary, e.g. itn_3' },
      booking_id: bookingIdField,
    },
    required: ['itinerary_id', 'booking_id'],
    additionalProperties: false,
  },
  output: itinerarySchema,
  annotations: { title: 'Add a booking to an itinerary', readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  handler(args, ctx) {
    const itinerary = requireItinerary(ctx, args.itinerary_id);
    const booking = requireBooking(ctx, args.booking_id);
    if (booking.itineraryId === itinerary.id) return ctx.fail(`booking ${booking.id} is already in itinerary ${itinerary.id}`);
    if (booking.itineraryId !== null) return ctx.fail(`booking ${booking.id} already belongs to itinerary ${booking.itineraryId}; a booking can be in one itinerary only`);
    if (booking.status === 'CANCELLED') return ctx.fail(`booking ${booking.id} is cancelled; only confirmed bookings can be added to an itinerary`);
    const travelers: string[] = [];
    if (booking.type === 'FLIGHT') for (const p of booking.passengers) travelers.push(p.travelerId);
    else travelers.push(booking.travelerId);
    if (!travelers.includes(itinerary.travelerId)) {
      return ctx.fail(`booking ${booking.id} is for ${travelers.join(', ')}, not for ${itinerary.travelerId}, the traveler of itinerary ${itinerary.id}; list_travel_bookings with traveler_id ${itinerary.travelerId} lists their bookings`);
    }
    const grown = shallowCopy(itinerary);
    grown.bookingIds = Object.freeze(withItem(itinerary.bookingIds, booking.id)) as string[];
    const joined = bookingWith(booking, booking.status, itinerary.id, booking.cancellation);
    const state = ctx.edit<TravelBookingState>();
    state.itineraries = records.itineraries.with(ctx.base.itineraries, itinerary.id, Object.freeze(grown));
    state.bookings = withEntry(ctx.base.bookings, booking.id, joined);
    return itineraryView(ctx.base, grown, state.bookings);
  },
});

const getItinerary = defineTool<TravelBookingState, { itinerary_id: string }>({
  name: 'get_itinerary',
  description: 'One itinerary: its traveler, its bookings in chronological order (cancelled ones included, marked), the start and end of the trip and the total price of the confirmed bookings.',
  input: {
    type: 'object',
    properties: { itinerary_id: { type: 'string', minLength: 1, maxLength: 40, description: 'Itinerary id, e.g. itn_3' } },
    required: ['itinerary_id'],
    additionalProperties: false,
  },
  output: itinerarySchema,
  annotations: { title: 'Get an itinerary', readOnlyHint: true, idempotentHint: true },
  handler(args, ctx) {
    return itineraryView(ctx.base, requireItinerary(ctx, args.itinerary_id));
  },
});

export const bookingTools: ToolDefinition<TravelBookingState>[] = [
  listTravelBookings,
  getTravelBooking,
  getCancellationQuote,
  cancelTravelBooking,
  createItinerary,
  addBookingToItinerary,
  getItinerary,
];
