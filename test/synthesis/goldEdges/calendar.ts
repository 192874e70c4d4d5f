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
    // The attendee to remove: a person by email, from an event, a calendar's owner or the directory.
    remove_event_attendee: [...EVENT_SOURCES, 'get_event', 'list_event_instances', 'get_calendar', 'search_calendar_directory'],
    respond_to_event: EVENT_SOURCES,
    set_event_reminders: EVENT_SOURCES,
    // Whose time: calendars and people of the directory.
    query_free_busy: ['list_calendars', 'search_calendar_directory'],
    find_free_slot: ['search_calendar_directory'],
  },
  implicit: [],
};
