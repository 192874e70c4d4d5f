import { isFrozenState } from '../kit/isFrozenState.js';
import type { Automation, Device, DeviceGroup, Scene } from './IotState.js';

/**
 * Case-insensitive name lookups for the uniqueness checks of the create and rename tools, without a
 * scan per call. An index maps a name key to the ids that have it, in collection order; it belongs
 * to one frozen collection object (a frozen object never changes, so its index stays valid).
 *
 * A write makes new collection objects; the writes say how a new collection's names relate to the
 * old one's, so that its index comes from the old index instead of a rebuild: the same names
 * (`keepNames`: a device command, a scene activated), one entry more (`addName`: a layer of the new
 * names over the previous index, so that a run of creations copies nothing) or one device renamed
 * (`renameDevice`: a layer that moves one id). Writes only note this, and the index
 * is made when a check first asks. The notes follow each line of collections (a home's device record,
 * the scenes, …) in one slot that every write of that line moves on, not in the WeakMap (an entry
 * there for every new state costs the garbage collector more than most of them ever save) nor in a
 * log of the last writes (a long episode wrote past it, and the next check rebuilt the index).
 */

interface NameIndex {
  /** Ids by name key: for a layer, only those it adds after its parent's. */
  readonly ids: Map<string, string[]>;
  readonly parent: NameIndex | undefined;
  readonly depth: number;
  /** A layer of a rename: the id that no longer has the name key `movedFrom` of the parent. */
  readonly moved?: string;
  readonly movedFrom?: string;
}

/** Layers beyond this are not made: the collection gets a flat index instead. */
const MAX_DEPTH = 32;

/** The ids with this name key, in collection order (a layer's after its parent's), or undefined. */
function idsOf(index: NameIndex, key: string): string[] | undefined {
  const own = index.ids.get(key);
  if (index.parent === undefined) return own;
  let before = idsOf(index.parent, key);
  if (before !== undefined && key === index.movedFrom) {
    before = before.filter((id) => id !== index.moved);
    if (before.length === 0) before = undefined;
  }
  if (before === undefined) return own;
  return own === undefined ? before : [...before, ...own];
}

/** Indexes of collections that stay (the world's, a restored snapshot's), made when a check asked. */
const indexes = new WeakMap<object, NameIndex>();

/**
 * The latest collection of one line of writes and how to index it: `index` (or, while undefined,
 * the index of `from`, or a build when there is no `from`) plus the entries in `added` after it.
 */
interface Line {
  collection: object;
  index: NameIndex | undefined;
  from: object | undefined;
  added: Array<{ id: string }>;
}

/**
 * Enough for the lines of several sessions played in turns (an episode has one per home's device
 * record and one per collection); the oldest line makes room for a new one.
 */
const LINES = 48;
const lines: Line[] = [];
let nextLine = 0;

/**
 * Collections a search of the lines missed lately. A collection becomes the latest of a line only when
 * the write that makes it moves the line on, so one that a search missed is missed again by every later
 * search (a restored snapshot's collections, which calls replayed from it write from again and again:
 * each such write searched all 48 lines, ~0.1 µs). `moveOn` forgets one that becomes a line's latest anyway.
 */
const MISSED = 8;
const missed: Array<object | undefined> = new Array<object | undefined>(MISSED).fill(undefined);
let nextMissed = 0;

function lineOf(collection: object): Line | undefined {
  for (let i = 0; i < MISSED; i++) if (missed[i] === collection) return undefined;
  for (let i = 0; i < lines.length; i++) if (lines[i].collection === collection) return lines[i];
  missed[nextMissed] = collection;
  nextMissed = (nextMissed + 1) % MISSED;
  return undefined;
}

/** Makes `collection` a line's latest: it no longer counts as missed. */
function forgetMissed(collection: object): void {
  for (let i = 0; i < MISSED; i++) if (missed[i] === collection) missed[i] = undefined;
}

/** The line that `from` was the latest of, moved on to `to`; a new line when `from` had none. */
function moveOn(from: object, to: object): Line {
  // A collection with an index of its own (the world's, a restored snapshot's) is never the latest
  // of a line (lines hold only collections made by writes, which a check indexes through the line),
  // so it needs no search of the lines: calls restarted from one snapshot write those again and again.
  const known = indexes.get(from);
  if (known === undefined) {
    const line = lineOf(from);
    if (line !== undefined) {
      forgetMissed(to);
      line.collection = to;
      return line;
    }
  }
  forgetMissed(to);
  const started: Line = { collection: to, index: known, from: known === undefined ? from : undefined, added: [] };
  if (lines.length < LINES) lines.push(started);
  else {
    lines[nextLine] = started;
    nextLine = (nextLine + 1) % LINES;
  }
  return started;
}

function build<T extends { id: string }>(collection: Readonly<Record<string, T>>, keyOf: (entry: T) => string): NameIndex {
  const ids = new Map<string, string[]>();
  for (const id in collection) {
    const key = keyOf(collection[id]);
    const same = ids.get(key);
    if (same === undefined) ids.set(key, [id]);
    else same.push(id);
  }
  return { ids, parent: undefined, depth: 0 };
}

function indexOf<T extends { id: string }>(collection: Readonly<Record<string, T>>, keyOf: (entry: T) => string): NameIndex {
  const known = indexes.get(collection);
  if (known !== undefined) return known;
  const line = lineOf(collection);
  if (line === undefined) {
    const index = build(collection, keyOf);
    // Only a frozen collection is sure not to change under its index.
    if (isFrozenState(collection)) indexes.set(collection, index);
    return index;
  }
  let index = line.index;
  let added = line.added;
  if (index === undefined) {
    if (line.from !== undefined) index = indexOf(line.from as Readonly<Record<string, T>>, keyOf);
    else {
      index = build(collection, keyOf);
      added = [];
    }
  }
  if (added.length > 0) {
    if (index.depth >= MAX_DEPTH) index = build(collection, keyOf);
    else {
      const ids = new Map<string, string[]>();
      for (const entry of added) {
        const key = keyOf(entry as T);
        const same = ids.get(key);
        if (same === undefined) ids.set(key, [entry.id]);
        else same.push(entry.id);
      }
      index = { ids, parent: index, depth: index.depth + 1 };
    }
    line.added = [];
  }
  line.index = index;
  line.from = undefined;
  return index;
}

/**
 * Name keys are the lower-cased names alone, across homes: a key joined with the home id was a new
 * string that the Map had to flatten and hash on every check (~0.1 µs); the few entries of other homes
 * with the same name are skipped when the ids are read.
 */
const nameKey = (entry: Scene | DeviceGroup): string => entry.name.toLowerCase();
const aliasKey = (automation: Automation): string => automation.alias.toLowerCase();
const deviceKey = (device: Device): string => device.name.toLowerCase();

/** The first entry of the home among `ids` (collection order), or undefined. */
function firstOfHome<T extends { home_id: string }>(collection: Readonly<Record<string, T>>, ids: string[] | undefined, homeId: string): T | undefined {
  if (ids === undefined) return undefined;
  for (let i = 0; i < ids.length; i++) {
    const entry = collection[ids[i]];
    if (entry.home_id === homeId) return entry;
  }
  return undefined;
}

/** The first scene of the home with this name (ignoring case), in collection order. */
export function sceneNamed(scenes: Readonly<Record<string, Scene>>, homeId: string, name: string): Scene | undefined {
  return firstOfHome(scenes, idsOf(indexOf(scenes, nameKey), name.toLowerCase()), homeId);
}

/** The first device group of the home with this name (ignoring case), in collection order. */
export function groupNamed(groups: Readonly<Record<string, DeviceGroup>>, homeId: string, name: string): DeviceGroup | undefined {
  return firstOfHome(groups, idsOf(indexOf(groups, nameKey), name.toLowerCase()), homeId);
}

/** The first automation of the home with this alias (ignoring case), in collection order. */
export function automationNamed(automations: Readonly<Record<string, Automation>>, homeId: string, alias: string): Automation | undefined {
  return firstOfHome(automations, idsOf(indexOf(automations, aliasKey), alias.toLowerCase()), homeId);
}

/** The first device of a home's device record, other than `except`, with this name (ignoring case), in record order. */
export function otherDeviceNamed(devicesOfHome: Readonly<Record<string, Device>>, name: string, except: Device): Device | undefined {
  const ids = idsOf(indexOf(devicesOfHome, deviceKey), name.toLowerCase());
  if (ids === undefined) return undefined;
  for (const id of ids) if (id !== except.id) return devicesOfHome[id];
  return undefined;
}

/** Every device whose lowercased name is `key`, home by home, each home's in record order. */
export function devicesWithNameKey(devices: Readonly<Record<string, Readonly<Record<string, Device>>>>, key: string): Device[] {
  const found: Device[] = [];
  for (const homeId in devices) {
    const record = devices[homeId];
    const ids = idsOf(indexOf(record, deviceKey), key);
    if (ids !== undefined) for (const id of ids) found.push(record[id]);
  }
  return found;
}

/** `to` (frozen) holds the ids of `from` under the same names. */
export function keepNames(from: object, to: object): void {
  moveOn(from, to);
}

/** `to` (frozen) is `from` with `entry` added after every entry. */
export function addName(from: object, to: object, entry: { id: string }): void {
  moveOn(from, to).added.push(entry);
}

/** `to` (a home's device record, frozen) is `from` with device `id` renamed from `before` to `after`. */
export function renameDevice(from: object, to: object, id: string, before: string, after: string): void {
  const line = moveOn(from, to);
  const oldKey = before.toLowerCase();
  const newKey = after.toLowerCase();
  if (oldKey === newKey) return;
  const index = line.index;
  // Another device with the new name: its ids would need record order; the next check builds the index.
  if (index === undefined || line.added.length > 0 || index.depth >= MAX_DEPTH || idsOf(index, newKey) !== undefined) {
    line.index = undefined;
    line.from = undefined;
    return;
  }
  const ids = new Map<string, string[]>();
  ids.set(newKey, [id]);
  line.index = { ids, parent: index, depth: index.depth + 1, moved: id, movedFrom: oldKey };
}
