import type { ToolContext } from '../kit/Domain.js';
import { closestName } from '../kit/closestName.js';
import { allPlaces, placeOf, type City, type MapsState, type Place, type Spot } from './MapsState.js';
import { cityBounds, maxNumber, nearestSpot, spotKey, type Point } from './roads.js';

/**
 * What a person types into a maps search box, resolved to a spot: "home" or "work" (the labeled
 * places), a place's name ("Saffron Table"), a hotel's booking address, a street address ("212
 * Castle Street", "212 Castle St, Chelsea"), a corner ("Castle Street & Grand Avenue") or
 * coordinates ("40.7231, -73.9912"). Refusals name the closest valid street or place.
 */

export interface Resolved {
  spot: Spot;
  /** The place at that spot, when there is one. */
  place: Place | undefined;
  /** "home" / "work" when the text named a labeled place. */
  label: string | undefined;
}

interface CityIndex {
  roads: Map<string, { kind: Spot['kind']; index: number; name: string }>;
  roadNames: string[];
}

const cityIndexes = new WeakMap<City, CityIndex>();

function cityIndex(city: City): CityIndex {
  let index = cityIndexes.get(city);
  if (index === undefined) {
    const roads = new Map<string, { kind: Spot['kind']; index: number; name: string }>();
    city.streets.forEach((s, i) => roads.set(normalizeRoad(s.name), { kind: 'street', index: i, name: s.name }));
    city.avenues.forEach((a, i) => roads.set(normalizeRoad(a.name), { kind: 'avenue', index: i, name: a.name }));
    index = { roads, roadNames: [...city.streets.map((s) => s.name), ...city.avenues.map((a) => a.name)] };
    cityIndexes.set(city, index);
  }
  return index;
}

interface PlaceIndex {
  byName: Map<string, Place>;
  bySpot: Map<string, Place>;
  names: string[];
}

const placeIndexes = new WeakMap<object, PlaceIndex>();

/** Places by lower-case name and alias, and by spot (a place's spot is its own). */
export function placeIndex(state: MapsState): PlaceIndex {
  let index = placeIndexes.get(state.places);
  if (index === undefined) {
    const byName = new Map<string, Place>();
    const bySpot = new Map<string, Place>();
    const names: string[] = [];
    for (const place of allPlaces(state)) {
      byName.set(place.name.toLowerCase(), place);
      for (const alias of place.aliases) byName.set(alias.toLowerCase(), place);
      bySpot.set(spotKey(place.spot), place);
      names.push(place.name);
    }
    index = { byName, bySpot, names };
    placeIndexes.set(state.places, index);
  }
  return index;
}

const ABBREVIATIONS: Readonly<Record<string, string>> = { st: 'street', 'st.': 'street', ave: 'avenue', 'ave.': 'avenue', av: 'avenue', rd: 'road', 'rd.': 'road', dr: 'drive', 'dr.': 'drive', expy: 'expressway', pl: 'place' };

function normalizeRoad(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .split(/\s+/)
    .map((word) => (Object.hasOwn(ABBREVIATIONS, word) ? ABBREVIATIONS[word] : word))
    .join(' ');
}

const COORDINATES = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;
const STREET_ADDRESS = /^(\d{1,5})\s+(.+)$/;
const CORNER = /^(?:corner of\s+)?(.+?)\s+(?:&|and|at)\s+(.+)$/i;

/** The spot at a point, refused outside the map with its bounds. */
export function spotAtPoint(ctx: ToolContext<MapsState>, point: Point): Spot {
  const city = ctx.base.city;
  const b = cityBounds(city);
  if (point.lat < b.south || point.lat > b.north || point.lng < b.west || point.lng > b.east) {
    return ctx.fail(`${point.lat}, ${point.lng} is outside the map of ${city.name}; it covers latitudes ${b.south} to ${b.north} and longitudes ${b.west} to ${b.east}`);
  }
  return nearestSpot(city, point);
}

/** A spot with the place there, if any. */
export function resolvedAt(state: MapsState, spot: Spot, label?: string): Resolved {
  return { spot, place: placeIndex(state).bySpot.get(spotKey(spot)), label };
}

/** Resolve what a person typed (see the module comment); `argument` names the argument in refusals. */
export function resolveLocation(ctx: ToolContext<MapsState>, text: string, argument: string): Resolved {
  const state = ctx.base;
  const city = state.city;
  const raw = text.trim();
  const lower = raw.toLowerCase().replace(/^my\s+/, '');
  if (lower === 'home' || lower === 'work') {
    if (!Object.hasOwn(state.labeled, lower)) return ctx.fail(`${argument}: no ${lower} address is set; set it with set_maps_labeled_place (label ${lower}) or give an address`);
    const labeled = state.labeled[lower];
    return { spot: labeled.spot, place: labeled.place_id === null ? undefined : placeOf(state, labeled.place_id), label: lower };
  }
  if (lower === 'current location' || lower === 'here' || lower === 'my location') return resolvedAt(state, state.current_location, 'current location');
  const coordinates = COORDINATES.exec(raw);
  if (coordinates !== null) return resolvedAt(state, spotAtPoint(ctx, { lat: Number(coordinates[1]), lng: Number(coordinates[2]) }));
  const places = placeIndex(state);
  const named = places.byName.get(lower) ?? places.byName.get(lower.split(',')[0].trim());
  if (named !== undefined) return { spot: named.spot, place: named, label: undefined };
  const first = raw.split(',')[0].trim();
  const roads = cityIndex(city);
  const address = STREET_ADDRESS.exec(first);
  if (address !== null) {
    const road = roads.roads.get(normalizeRoad(address[2]));
    if (road === undefined) return notFound(ctx, raw, argument, address[2]);
    const number = Number(address[1]);
    const top = maxNumber(city, road.kind);
    if (road.kind === 'avenue' && city.avenues[road.index].expressway) return ctx.fail(`${argument}: ${road.name} is an expressway with no street numbers; give an address on a street or avenue, or a corner such as "${city.streets[0].name} & ${road.name}"`);
    if (number < 1 || number >= top || number % 100 === 0) return ctx.fail(`${argument}: there is no ${number} ${road.name}; numbers on ${road.name} run from 1 to ${top - 1} (a hundred a block, none ending in 00)`);
    return resolvedAt(state, { kind: road.kind, index: road.index, number });
  }
  const corner = CORNER.exec(first);
  if (corner !== null) {
    const a = roads.roads.get(normalizeRoad(corner[1]));
    const b = roads.roads.get(normalizeRoad(corner[2]));
    if (a !== undefined && b !== undefined && a.kind !== b.kind) {
      const street = a.kind === 'street' ? a : b;
      const avenue = a.kind === 'avenue' ? a : b;
      return resolvedAt(state, { kind: 'street', index: street.index, number: avenue.index * 100 });
    }
    if (a !== undefined && b !== undefined) return ctx.fail(`${argument}: ${a.name} and ${b.name} run side by side and never cross; a corner is a street (east–west) and an avenue (north–south)`);
    return notFound(ctx, raw, argument, a === undefined ? corner[1] : corner[2]);
  }
  return notFound(ctx, raw, argument, first);
}

function notFound(ctx: ToolContext<MapsState>, text: string, argument: string, part: string): never {
  const state = ctx.base;
  const roads = cityIndex(state.city);
  const places = placeIndex(state);
  const road = closestName(part, roads.roadNames);
  const place = closestName(part, places.names);
  const hint = road !== undefined ? `; did you mean ${road}?` : place !== undefined ? `; did you mean ${place}?` : '';
  return ctx.fail(
    `${argument}: no place or address in ${state.city.name} matches "${text}"${hint} Addresses look like "212 ${state.city.streets[2].name}" or "${state.city.streets[2].name} & ${state.city.avenues[3].name}"; autocomplete_maps_places completes place names`,
  );
}
