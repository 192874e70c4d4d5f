import { defineTool } from '../kit/Domain.js';
import { LABELS, MAX_LIST_SIZE, SAVED_LISTS, SAVED_LIST_NAMES, byIdNumber, placeOf, type Label, type LabeledPlace, type MapsState, type SavedList, type SavedPlace } from './MapsState.js';
import { resolveLocation } from './addressing.js';
import { formattedAddress, shortAddress } from './roads.js';
import { requireOwn } from '../kit/lookups.js';
import { locationInput, objectOutput, requirePlace, spotView } from './mapsViews.js';

const listInput = { type: 'string', enum: [...SAVED_LISTS], description: 'favorites, want_to_go or starred.' };

const savedSchema = {
  type: 'object',
  properties: {
    saved_id: { type: 'string', description: 'This entry of a list (a place saved in two lists has two).' },
    place_id: { type: 'string' },
    name: { type: 'string' },
    address: { type: 'string' },
    category: { type: 'string' },
    list: { type: 'string' },
    list_name: { type: 'string' },
    note: { type: 'string' },
    saved_at: { type: 'string' },
  },
  required: ['saved_id', 'place_id', 'name', 'list', 'saved_at'],
};

function savedView(state: MapsState, entry: SavedPlace): Record<string, unknown> {
  const place = placeOf(state, entry.place_id)!;
  return { saved_id: entry.saved_id, place_id: entry.place_id, name: place.name, address: formattedAddress(state.city, place.spot), category: place.category, list: entry.list, list_name: SAVED_LIST_NAMES[entry.list], note: entry.note, saved_at: entry.saved_at };
}

function listsHolding(state: MapsState, placeId: string): SavedList[] {
  const lists: SavedList[] = [];
  for (const entry of Object.values(state.saved)) if (entry.place_id === placeId) lists.push(entry.list);
  return lists.sort();
}

export const saveMapsPlace = defineTool<MapsState, { place_id: string; list: SavedList; note?: string }>({
  name: 'save_maps_place',
  description: 'Save a place to one of your lists (Favorites, Want to go, Starred places), with an optional note. A place is saved once per list. Returns the saved entry.',
  input: {
    type: 'object',
    properties: {
      place_id: { type: 'string', minLength: 1, maxLength: 40, description: 'The place id from a search result.' },
      list: listInput,
      note: { type: 'string', maxLength: 200, description: 'A note to keep with it.' },
    },
    required: ['place_id', 'list'],
    additionalProperties: false,
  },
  output: objectOutput({ saved: savedSchema, list_size: { type: 'integer', description: 'Places in that list now.' } }),
  annotations: { title: 'Save a place', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const state = ctx.base;
    const place = requirePlace(ctx, args.place_id);
    const lists = listsHolding(state, place.place_id);
    if (lists.includes(args.list)) ctx.fail(`${place.name} is already in ${SAVED_LIST_NAMES[args.list]}; it is saved in ${lists.map((l) => SAVED_LIST_NAMES[l]).join(', ')}. Save it to another list or remove it with remove_maps_saved_place`);
    let size = 0;
    for (const entry of Object.values(state.saved)) if (entry.list === args.list) size++;
    if (size >= MAX_LIST_SIZE) ctx.fail(`${SAVED_LIST_NAMES[args.list]} is full (${MAX_LIST_SIZE} places); remove one first`);
    const entry: SavedPlace = { saved_id: ctx.nextId('sv'), place_id: place.place_id, list: args.list, note: args.note?.trim() ?? '', saved_at: ctx.now };
    ctx.edit<Record<string, SavedPlace>>('saved')[entry.saved_id] = entry;
    return { saved: savedView(state, entry), list_size: size + 1 };
  },
});

export const listMapsSavedPlaces = defineTool<MapsState, { list?: SavedList }>({
  name: 'list_maps_saved_places',
  description: 'Your saved places, in every list or one, newest first, with notes; and your labeled places (home, work).',
  input: { type: 'object', properties: { list: { ...listInput, description: 'Only this list.' } }, additionalProperties: false },
  output: objectOutput({
    places: { type: 'array', items: savedSchema, description: 'Saved places, newest first.' },
    count: { type: 'integer' },
    labeled: { type: 'array', items: { type: 'object', properties: { label: { type: 'string' }, address: { type: 'string' } }, required: ['label', 'address'] }, description: 'Home and work, where set.' },
  }),
  annotations: { title: 'Saved places', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = ctx.base;
    const entries = Object.values(state.saved)
      .filter((e) => args.list === undefined || e.list === args.list)
      .sort((a, b) => (a.saved_at > b.saved_at ? -1 : a.saved_at < b.saved_at ? 1 : -byIdNumber<SavedPlace>((e) => e.saved_id)(a, b)));
    const labeled = LABELS.filter((l) => Object.hasOwn(state.labeled, l)).map((l) => ({ label: l, address: formattedAddress(state.city, state.labeled[l].spot) }));
    return { places: entries.map((e) => savedView(state, e)), count: entries.length, labeled };
  },
});

export const removeMapsSavedPlace = defineTool<MapsState, { saved_id: string }>({
  name: 'remove_maps_saved_place',
  description: 'Remove an entry from one of your saved lists, by its saved_id (list_maps_saved_places shows each entry with its list; save_maps_place returns the new one).',
  input: {
    type: 'object',
    properties: { saved_id: { type: 'string', minLength: 1, maxLength: 40, description: 'The saved entry\'s id (e.g. sv_4), not the place id.' } },
    required: ['saved_id'],
    additionalProperties: false,
  },
  output: objectOutput({ removed: savedSchema, still_saved_in: { type: 'array', items: { type: 'string' }, description: 'Other lists that still hold the place.' } }),
  annotations: { title: 'Remove a saved place', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const state = ctx.base;
    const place = Object.hasOwn(state.saved, args.saved_id) ? undefined : placeOf(state, args.saved_id);
    if (place !== undefined) {
      // A place id where the entry's id belongs: say which entries hold that place.
      const entries = Object.values(state.saved).filter((e) => e.place_id === place.place_id).sort(byIdNumber((e) => e.saved_id));
      ctx.fail(`${args.saved_id} is a place id; remove_maps_saved_place takes a saved entry's id. ${place.name} is ${entries.length === 0 ? 'in none of your lists' : `saved as ${entries.map((e) => `${e.saved_id} (${SAVED_LIST_NAMES[e.list]})`).join(', ')}`}`);
    }
    const found = requireOwn(state.saved, args.saved_id, ctx.fail, {
      noun: 'saved entry',
      where: 'list_maps_saved_places lists your saved places with their saved_id',
      label: (e) => `${placeOf(state, e.place_id)?.name ?? e.place_id} in ${SAVED_LIST_NAMES[e.list]}`,
    });
    const rest: Record<string, SavedPlace> = {};
    for (const [id, entry] of Object.entries(state.saved)) if (id !== found.saved_id) rest[id] = entry;
    ctx.state.saved = rest;
    return { removed: savedView(state, found), still_saved_in: listsHolding(state, found.place_id).filter((l) => l !== found.list) };
  },
});

export const setMapsLabeledPlace = defineTool<MapsState, { label: Label; address: string }>({
  name: 'set_maps_labeled_place',
  description: 'Set your home or work address (then "home" and "work" work as addresses in every maps tool). Home and work must differ. Returns the labeled place and what it replaced.',
  input: {
    type: 'object',
    properties: { label: { type: 'string', enum: [...LABELS], description: 'home or work.' }, address: locationInput('The address (or a place name) to label.') },
    required: ['label', 'address'],
    additionalProperties: false,
  },
  output: objectOutput({
    labeled: { type: 'object', properties: { label: { type: 'string' }, address: { type: 'string' }, lat: { type: 'number' }, lng: { type: 'number' }, neighborhood: { type: 'string' } }, required: ['label', 'address'] },
    previous_address: { type: ['string', 'null'], description: 'The address it had before, if any.' },
  }),
  annotations: { title: 'Set home or work', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = ctx.base;
    const found = resolveLocation(ctx, args.address, 'address');
    if (found.label === args.label) ctx.fail(`that is already your ${args.label} address (${shortAddress(state.city, found.spot)})`);
    const other = args.label === 'home' ? 'work' : 'home';
    if (Object.hasOwn(state.labeled, other) && state.labeled[other].spot.kind === found.spot.kind && state.labeled[other].spot.index === found.spot.index && state.labeled[other].spot.number === found.spot.number) {
      ctx.fail(`${shortAddress(state.city, found.spot)} is your ${other} address; home and work must differ`);
    }
    const previous = Object.hasOwn(state.labeled, args.label) ? formattedAddress(state.city, state.labeled[args.label].spot) : null;
    const entry: LabeledPlace = { label: args.label, spot: found.spot, place_id: found.place?.place_id ?? null, set_at: ctx.now };
    ctx.edit<Record<string, LabeledPlace>>('labeled')[args.label] = entry;
    return { labeled: { label: args.label, ...spotView(state, found.spot) }, previous_address: previous };
  },
});
