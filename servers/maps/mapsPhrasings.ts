/** How people ask a maps app for each tool (slots are argument names), for data synthesis. */
export const mapsPhrasings: Record<string, string[]> = {
  geocode_maps_address: ['where exactly is {address}?', 'give me the full address and coordinates of {address}', 'look up {address} on the map'],
  reverse_geocode_maps_location: ['what is the address at {latlng}?', 'I dropped a pin at {latlng}, what is there?'],
  autocomplete_maps_places: ['I typed "{input}" in the search box, what does it suggest?', 'what places start with "{input}"?'],
  search_maps_places: ['search the map for {query}', 'find {query}', 'look for {query} near {near_address}'],
  search_maps_nearby: ['find a {category} near {address}', 'what {category} places are around {address}?', 'is there a {category} close to {address}?'],
  get_maps_place_details: ['show me the details of {place_id}', 'what are the opening hours of {place_id}?', 'is {place_id} open now?'],
  get_maps_directions: ['how do I get from {from_address} to {to_address}?', 'directions from {from_address} to {to_address} by {mode}', 'how long does it take to go from {from_address} to {to_address}?'],
  get_maps_distance_matrix: ['how far is each of {to_addresses} from {from_addresses}?', 'compare travel times from {from_addresses} to {to_addresses}'],
  start_maps_navigation: ['navigate to {to_address}', 'start directions to {to_address} by {mode}', 'take me to {to_address} from {from_address}'],
  list_maps_history: ['show my recent trips', 'what places did I navigate to lately?', 'list my {mode} trips'],
  delete_maps_history_entry: ['delete {trip_id} from my history', 'remove the trip {trip_id} from my timeline'],
  save_maps_place: ['save {place_id} to my {list} list', 'add {place_id} to {list}'],
  list_maps_saved_places: ['show my saved places', 'what is in my {list} list?'],
  remove_maps_saved_place: ['remove the saved entry {saved_id}', 'take {saved_id} off my saved list'],
  set_maps_labeled_place: ['set my {label} address to {address}', 'my {label} is now at {address}'],
  write_maps_review: ['rate {place_id} {rating} stars', 'leave a {rating}-star review for {place_id}: {text}'],
};
