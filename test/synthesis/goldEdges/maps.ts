import type { GoldGraph } from './types.js';

// Place ids come from every reader that finds places: searches, autocomplete, what is at a point or
// an address, the saved lists and the navigation history (a trip's ends), and directions (the place
// at the destination). Locations (addresses, corners, place names, "home") are free text a person
// says, not identifiers: no edges for them.
const PLACE_SOURCES = [
  'search_maps_places',
  'search_maps_nearby',
  'autocomplete_maps_places',
  'reverse_geocode_maps_location',
  'geocode_maps_address',
  'list_maps_saved_places',
  'list_maps_history',
  'get_maps_directions',
];

export const gold: GoldGraph = {
  domain: 'maps',
  explicit: {
    get_maps_place_details: PLACE_SOURCES,
    save_maps_place: PLACE_SOURCES,
    write_maps_review: PLACE_SOURCES,
    // Only a saved place can be removed: the saved lists, or the place just saved.
    remove_maps_saved_place: ['list_maps_saved_places', 'save_maps_place'],
    // A trip of the history, or the one navigation just started.
    delete_maps_history_entry: ['list_maps_history', 'start_maps_navigation'],
  },
  implicit: [],
};
