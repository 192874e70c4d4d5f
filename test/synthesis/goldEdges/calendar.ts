import type { GoldGraph } from './types.js';

const CALENDAR_SOURCES = ['list_calendars', 'get_event', 'list_event_instances', 'query_free_busy'];
const EVENT_SOURCES = ['list_events', 'create_event', 'quick_add_event'];

export const gold: GoldGraph = {
  domain: 'calendar',
  explicit: {
    get_calendar: CALENDAR_SOURCES,
    list_events: CALENDAR_SOURCES,
    create_event: CALENDAR_SOURCES,
    quick_add_event: CALENDAR_SOURCES,
    move_event: [...CALENDAR_SOURCES, ...EVENT_SOURCES],
    get_event: EVENT_SOURCES,
    list_event_instances: EVENT_SOURCES,
    update_event: EVENT_SOURCES,
    delete_event: EVENT_SOURCES,
    add_event_attendees: [...EVENT_SOURCES, 'search_calendar_directory'],
    // The attendee to remove is one of the event's: its email comes with the event.
    remove_event_attendee: [...EVENT_SOURCES, 'get_event'],
    respond_to_event: EVENT_SOURCES,
    set_event_reminders: EVENT_SOURCES,
    // Whose time: calendars and people of the directory.
    query_free_busy: ['list_calendars', 'search_calendar_directory'],
    find_free_slot: ['search_calendar_directory'],
  },
  implicit: [],
};
