import type { City, Spot, TravelMode } from './MapsState.js';

/**
 * The city's road graph and what is computed on it: coordinates and addresses of spots, distances,
 * and routes by mode (Dijkstra over the grid's intersections). Pure functions of the city, which no
 * tool changes, so routes are remembered per city object.
 *
 * Speeds (m/s) and rules: driving 8.3 on streets, 11.1 on avenues, 22.2 on the expressway, plus 6 s
 * per intersection (signals), one-way streets in their direction only (but the block beside the
 * expressway); walking 1.4, bicycling 4.5,
 * neither on the expressway; transit rides a subway avenue at 9 (stops included) and walks the
 * rest, with 4 minutes' wait for the train, and walks the whole way when that is faster.
 */

const METERS_PER_DEG_LAT = 111_320;
const METERS_PER_DEG_LNG = 84_400;
const SIGNAL_S = 6;
const TRANSIT_WAIT_S = 240;

export interface Point {
  lat: number;
  lng: number;
}

const round6 = (value: number): number => Math.round(value * 1e6) / 1e6;

export function maxNumber(city: City, kind: Spot['kind']): number {
  return ((kind === 'street' ? city.avenues.length : city.streets.length) - 1) * 100;
}

/** The coordinates of a spot (6 decimals). */
export function spotPoint(city: City, spot: Spot): Point {
  const along = spot.number / 100;
  if (spot.kind === 'street') return { lat: round6(city.lat0 + spot.index * city.dlat), lng: round6(city.lng0 + along * city.dlng) };
  return { lat: round6(city.lat0 + along * city.dlat), lng: round6(city.lng0 + spot.index * city.dlng) };
}

/** Straight-line distance in meters (planar: the city is a few kilometres across). */
export function meters(a: Point, b: Point): number {
  const dy = (a.lat - b.lat) * METERS_PER_DEG_LAT;
  const dx = (a.lng - b.lng) * METERS_PER_DEG_LNG;
  return Math.sqrt(dx * dx + dy * dy);
}

/** The grid node (col, row) a spot's block starts at. */
function blockStart(city: City, spot: Spot): { col: number; row: number } {
  const block = Math.floor(spot.number / 100);
  if (spot.kind === 'street') return { col: Math.min(block, city.avenues.length - 1), row: spot.index };
  return { col: spot.index, row: Math.min(block, city.streets.length - 1) };
}

export function neighborhoodAt(city: City, col: number, row: number): { name: string; zip: string } {
  for (const n of city.neighborhoods) if (row >= n.min_row && row <= n.max_row && col >= n.min_col && col <= n.max_col) return n;
  return city.neighborhoods[0];
}

export function spotNeighborhood(city: City, spot: Spot): { name: string; zip: string } {
  const { col, row } = blockStart(city, spot);
  return neighborhoodAt(city, col, row);
}

export function roadName(city: City, spot: Spot): string {
  return spot.kind === 'street' ? city.streets[spot.index].name : city.avenues[spot.index].name;
}

/** "212 Castle Street", or "Castle Street & Grand Avenue" at a corner. */
export function shortAddress(city: City, spot: Spot): string {
  if (spot.number % 100 === 0) {
    const { col, row } = blockStart(city, spot);
    return `${city.streets[row].name} & ${city.avenues[col].name}`;
  }
  return `${spot.number} ${roadName(city, spot)}`;
}

/** "212 Castle Street, Chelsea, New York, NY 10011". */
export function formattedAddress(city: City, spot: Spot): string {
  const hood = spotNeighborhood(city, spot);
  return `${shortAddress(city, spot)}, ${hood.name}, ${city.name}, ${city.state_code} ${hood.zip}`;
}

export function spotKey(spot: Spot): string {
  return `${spot.kind[0]}${spot.index}:${spot.number}`;
}

export function sameSpot(a: Spot, b: Spot): boolean {
  return a.kind === b.kind && a.index === b.index && a.number === b.number;
}

/** Whether a spot lies on the map and on a road one can stand on (not the expressway between corners). */
export function validSpot(city: City, spot: Spot): boolean {
  const lines = spot.kind === 'street' ? city.streets.length : city.avenues.length;
  if (!Number.isInteger(spot.index) || spot.index < 0 || spot.index >= lines) return false;
  if (!Number.isInteger(spot.number) || spot.number < 0 || spot.number > maxNumber(city, spot.kind)) return false;
  return !(spot.kind === 'avenue' && city.avenues[spot.index].expressway && spot.number % 100 !== 0);
}

/** The bounds of the map (every node), for refusals. */
export function cityBounds(city: City): { south: number; west: number; north: number; east: number } {
  return {
    south: round6(city.lat0),
    west: round6(city.lng0),
    north: round6(city.lat0 + (city.streets.length - 1) * city.dlat),
    east: round6(city.lng0 + (city.avenues.length - 1) * city.dlng),
  };
}

/** The spot on a road nearest a point inside the bounds: the nearer of the street row and the avenue column, never the expressway between corners. */
export function nearestSpot(city: City, point: Point): Spot {
  const rowF = (point.lat - city.lat0) / city.dlat;
  const colF = (point.lng - city.lng0) / city.dlng;
  const row = Math.min(Math.max(Math.round(rowF), 0), city.streets.length - 1);
  const col = Math.min(Math.max(Math.round(colF), 0), city.avenues.length - 1);
  const streetSpot: Spot = { kind: 'street', index: row, number: Math.min(Math.max(Math.round(colF * 100), 0), maxNumber(city, 'street')) };
  const avenueSpot: Spot = { kind: 'avenue', index: col, number: Math.min(Math.max(Math.round(rowF * 100), 0), maxNumber(city, 'avenue')) };
  if (!validSpot(city, avenueSpot)) return streetSpot;
  return meters(point, spotPoint(city, avenueSpot)) < meters(point, spotPoint(city, streetSpot)) ? avenueSpot : streetSpot;
}

// ---- routing ----

interface Graph {
  cols: number;
  rows: number;
  /** Per node: [east, north, west, south] neighbour or -1. */
  lengthH: number;
  lengthV: number;
}

function graphOf(city: City): Graph {
  return { cols: city.avenues.length, rows: city.streets.length, lengthH: city.dlng * METERS_PER_DEG_LNG, lengthV: city.dlat * METERS_PER_DEG_LAT };
}

/** Seconds to travel `length` meters on a road by a mode, or Infinity where the mode may not go. `signals`: one intersection passed. */
function edgeSeconds(city: City, mode: TravelMode, avoidHighways: boolean, horizontal: boolean, line: number, length: number, signals: boolean): number {
  if (horizontal) {
    if (mode === 'driving') return length / 8.3 + (signals ? SIGNAL_S : 0);
    if (mode === 'bicycling') return length / 4.5;
    return length / 1.4;
  }
  const avenue = city.avenues[line];
  if (avenue.expressway) {
    if (mode !== 'driving' || avoidHighways) return Infinity;
    return length / 22.2;
  }
  if (mode === 'driving') return length / 11.1 + (signals ? SIGNAL_S : 0);
  if (mode === 'bicycling') return length / 4.5;
  if (mode === 'transit' && avenue.subway_line !== null) return length / 9;
  return length / 1.4;
}

/** Whether driving may go along the block of street `row` that starts at column `block`, in direction `step` (the block beside the expressway is two-way: no dead end). */
function streetAllows(city: City, mode: TravelMode, row: number, step: 1 | -1, block: number): boolean {
  if (mode !== 'driving' || block === 0) return true;
  const oneWay = city.streets[row].one_way;
  return oneWay === null || (oneWay === 'eastbound') === (step === 1);
}

export interface RouteStep {
  instruction: string;
  road: string;
  distance_m: number;
  duration_s: number;
}

export interface Route {
  distance_m: number;
  duration_s: number;
  /** The road the route spends most of its distance on. */
  via: string;
  steps: RouteStep[];
}

interface Segment {
  road: string;
  heading: number;
  meters: number;
  seconds: number;
  subway: string | null;
}

const HEADINGS = ['north', 'east', 'south', 'west'] as const;

/** The ends a spot can leave from (or arrive at): node index, meters, seconds, heading of the move. */
function spotEnds(city: City, g: Graph, spot: Spot, mode: TravelMode, avoidHighways: boolean, leaving: boolean): Array<{ node: number; meters: number; seconds: number; heading: number }> {
  const block = Math.min(Math.floor(spot.number / 100), (spot.kind === 'street' ? g.cols : g.rows) - 1);
  const f = spot.number / 100 - block;
  const horizontal = spot.kind === 'street';
  const length = horizontal ? g.lengthH : g.lengthV;
  const node = (k: number): number => (horizontal ? spot.index * g.cols + k : k * g.cols + spot.index);
  const out: Array<{ node: number; meters: number; seconds: number; heading: number }> = [];
  if (f === 0) return [{ node: node(block), meters: 0, seconds: 0, heading: -1 }];
  // Toward the lower node (west / south) and the higher one (east / north).
  for (const [target, fraction, step] of [[block, f, -1], [block + 1, 1 - f, 1]] as const) {
    const seconds = edgeSeconds(city, mode, avoidHighways, horizontal, spot.index, length * fraction, false);
    if (!Number.isFinite(seconds)) continue;
    // Leaving moves from the spot to the node; arriving moves from the node to the spot (the opposite step).
    if (horizontal && !streetAllows(city, mode, spot.index, (leaving ? step : -step) as 1 | -1, block)) continue;
    const heading = horizontal ? ((leaving ? step : -step) === 1 ? 1 : 3) : (leaving ? step : -step) === 1 ? 0 : 2;
    out.push({ node: node(target), meters: length * fraction, seconds, heading });
  }
  return out;
}

const routeCache = new WeakMap<City, Map<string, Route | null>>();

/** The fastest route between two spots by a mode, or null where the mode cannot get there. */
export function findRoute(city: City, from: Spot, to: Spot, mode: TravelMode, avoidHighways: boolean): Route | null {
  let cache = routeCache.get(city);
  if (cache === undefined) routeCache.set(city, (cache = new Map()));
  const key = `${mode}|${avoidHighways ? 1 : 0}|${spotKey(from)}|${spotKey(to)}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  let route = searchRoute(city, from, to, mode, avoidHighways);
  if (mode === 'transit') {
    const walk = searchRoute(city, from, to, 'walking', false);
    if (route === null || (walk !== null && walk.duration_s <= route.duration_s)) route = walk;
  }
  if (cache.size > 20_000) cache.clear();
  cache.set(key, route);
  return route;
}

function searchRoute(city: City, from: Spot, to: Spot, mode: TravelMode, avoidHighways: boolean): Route | null {
  const g = graphOf(city);
  const n = g.cols * g.rows;
  const cost = new Float64Array(n).fill(Infinity);
  const dist = new Float64Array(n);
  const prev = new Int32Array(n).fill(-1);
  const done = new Uint8Array(n);
  const starts = spotEnds(city, g, from, mode, avoidHighways, true);
  const ends = spotEnds(city, g, to, mode, avoidHighways, false);
  for (const s of starts) if (s.seconds < cost[s.node]) {
    cost[s.node] = s.seconds;
    dist[s.node] = s.meters;
  }
  for (let round = 0; round < n; round++) {
    let u = -1;
    for (let v = 0; v < n; v++) if (done[v] === 0 && cost[v] !== Infinity && (u === -1 || cost[v] < cost[u])) u = v;
    if (u === -1) break;
    done[u] = 1;
    const col = u % g.cols;
    const row = (u - col) / g.cols;
    // east, west on street `row`; north, south on avenue `col`.
    const moves: Array<[number, boolean, number, number]> = [];
    if (col + 1 < g.cols && streetAllows(city, mode, row, 1, col)) moves.push([u + 1, true, row, g.lengthH]);
    if (col > 0 && streetAllows(city, mode, row, -1, col - 1)) moves.push([u - 1, true, row, g.lengthH]);
    if (row + 1 < g.rows) moves.push([u + g.cols, false, col, g.lengthV]);
    if (row > 0) moves.push([u - g.cols, false, col, g.lengthV]);
    for (const [v, horizontal, line, length] of moves) {
      if (done[v] === 1) continue;
      const seconds = edgeSeconds(city, mode, avoidHighways, horizontal, line, length, true);
      if (!Number.isFinite(seconds)) continue;
      if (cost[u] + seconds < cost[v]) {
        cost[v] = cost[u] + seconds;
        dist[v] = dist[u] + length;
        prev[v] = u;
      }
    }
  }
  // Same block, straight along it, when allowed.
  let best: { seconds: number; meters: number; end: number } | undefined;
  for (const e of ends) {
    if (cost[e.node] === Infinity) continue;
    const seconds = cost[e.node] + e.seconds;
    if (best === undefined || seconds < best.seconds) best = { seconds, meters: dist[e.node] + e.meters, end: ends.indexOf(e) };
  }
  const direct = directAlong(city, g, from, to, mode, avoidHighways);
  if (direct !== undefined && (best === undefined || direct.seconds <= best.seconds)) {
    const segments: Segment[] = [{ road: roadName(city, from), heading: direct.heading, meters: direct.meters, seconds: direct.seconds, subway: null }];
    return toRoute(segments, 0);
  }
  if (best === undefined) return null;
  // Rebuild the path: start access, the edges, the end access.
  const end = ends[best.end];
  const nodes: number[] = [];
  for (let v = end.node; v !== -1; v = prev[v]) nodes.push(v);
  nodes.reverse();
  const first = starts.find((s) => s.node === nodes[0])!;
  const segments: Segment[] = [];
  if (first.meters > 0) segments.push({ road: roadName(city, from), heading: first.heading, meters: first.meters, seconds: first.seconds, subway: null });
  for (let k = 1; k < nodes.length; k++) {
    const a = nodes[k - 1];
    const b = nodes[k];
    const horizontal = Math.abs(b - a) === 1;
    const col = a % g.cols;
    const row = (a - col) / g.cols;
    const line = horizontal ? row : col;
    const length = horizontal ? g.lengthH : g.lengthV;
    const heading = horizontal ? (b > a ? 1 : 3) : b > a ? 0 : 2;
    const avenue = horizontal ? undefined : city.avenues[col];
    const subway = mode === 'transit' && avenue !== undefined && avenue.subway_line !== null ? avenue.subway_line : null;
    segments.push({ road: horizontal ? city.streets[line].name : city.avenues[line].name, heading, meters: length, seconds: edgeSeconds(city, mode, avoidHighways, horizontal, line, length, true), subway });
  }
  if (end.meters > 0) segments.push({ road: roadName(city, to), heading: end.heading, meters: end.meters, seconds: end.seconds, subway: null });
  const wait = segments.some((s) => s.subway !== null) ? TRANSIT_WAIT_S : 0;
  return toRoute(segments, wait);
}

function directAlong(city: City, g: Graph, from: Spot, to: Spot, mode: TravelMode, avoidHighways: boolean): { seconds: number; meters: number; heading: number } | undefined {
  if (from.kind !== to.kind || from.index !== to.index) return undefined;
  const horizontal = from.kind === 'street';
  const blockA = Math.floor(from.number / 100);
  const blockB = Math.floor(to.number / 100);
  if (blockA !== blockB || from.number % 100 === 0 || to.number % 100 === 0) return undefined;
  const step = to.number > from.number ? 1 : -1;
  if (horizontal && !streetAllows(city, mode, from.index, step, blockA)) return undefined;
  const length = (Math.abs(to.number - from.number) / 100) * (horizontal ? g.lengthH : g.lengthV);
  const seconds = edgeSeconds(city, mode, avoidHighways, horizontal, from.index, length, false);
  if (!Number.isFinite(seconds)) return undefined;
  return { seconds, meters: length, heading: horizontal ? (step === 1 ? 1 : 3) : step === 1 ? 0 : 2 };
}

function toRoute(segments: Segment[], waitSeconds: number): Route {
  // Merge consecutive segments on the same road (and ride).
  const merged: Segment[] = [];
  for (const s of segments) {
    const last = merged[merged.length - 1];
    if (last !== undefined && last.road === s.road && last.heading === s.heading && last.subway === s.subway) {
      last.meters += s.meters;
      last.seconds += s.seconds;
    } else merged.push({ ...s });
  }
  const steps: RouteStep[] = [];
  let previous = -1;
  const longest = new Map<string, number>();
  for (const s of merged) {
    longest.set(s.road, (longest.get(s.road) ?? 0) + s.meters);
    const distance_m = Math.round(s.meters);
    let instruction: string;
    if (s.subway !== null) instruction = `Ride the ${s.subway} ${HEADINGS[s.heading]} under ${s.road} for ${stopsText(s.meters)}`;
    else if (previous === -1) instruction = `Head ${HEADINGS[s.heading]} on ${s.road}`;
    else {
      const turn = (s.heading - previous + 4) % 4;
      instruction = `${turn === 1 ? 'Turn right' : turn === 3 ? 'Turn left' : turn === 2 ? 'Make a U-turn' : 'Continue'} onto ${s.road}`;
    }
    previous = s.heading;
    steps.push({ instruction: `${instruction} (${distanceText(distance_m)})`, road: s.road, distance_m, duration_s: Math.round(s.seconds) });
  }
  let via = '';
  let most = -1;
  for (const [road, m] of longest) if (m > most) [via, most] = [road, m];
  const total = merged.reduce((sum, s) => sum + s.seconds, 0) + waitSeconds;
  return { distance_m: Math.round(merged.reduce((sum, s) => sum + s.meters, 0)), duration_s: Math.round(total), via, steps };
}

function stopsText(length: number): string {
  const stops = Math.max(1, Math.round(length / 400));
  return `${stops} stop${stops === 1 ? '' : 's'}`;
}

/** "850 m", "2.4 km". */
export function distanceText(m: number): string {
  return m < 1000 ? `${m} m` : `${(Math.round(m / 100) / 10).toFixed(1)} km`;
}

/** "14 min", "1 h 05 min". */
export function durationText(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
