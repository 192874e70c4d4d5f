import type { Automation, Device, DeviceGroup, Scene } from './IotState.js';

/**
 * Case-insensitive name lookups for the uniqueness checks of the create and rename tools, without a
 * scan per call. An index maps a name key to the ids that have it, in collection order; it belongs
 * to one frozen collection object (a frozen object never changes, so its index stays valid).
 *
 * A write makes new collection objects; the writes hand the index on instead of letting the next
 * check rebuild it: unchanged when the names did not change (`keepNames`: a device command, a scene
 * activated) or extended by one entry (`addName`: a layer of one name over the previous index, so
 * that a run of creations copies nothing). After a rename the next check rebuilds it: deriving it
 * eagerly cost more than it saved (most states are never checked for a name again).
 *
 * A handed-on index waits in a small ring, not in the WeakMap, until a check uses it: an entry in
 * a WeakMap for every new state costs the garbage collector more than most of them ever save.
 */

interface NameIndex {
  readonly keyOf: (entry: never) => string;
  /** Ids by name key: for a layer, only those it adds after its parent's. */
  readonly ids: Map<string, string[]>;
  readonly parent: NameIndex | undefined;
  readonly depth: number;
}

/** Layers beyond this are not made: the next check rebuilds a flat index instead. */
const MAX_DEPTH = 32;

/** The ids with this name key, in collection order (a layer's after its parent's), or undefined. */
function idsOf(index: NameIndex, key: string): string[] | undefined {
  const own = index.ids.get(key);
  if (index.parent === undefined) return own;
  const before = idsOf(index.parent, key);
  if (before === undefined) return own;
  return own === undefined ? before : [...before, ...own];
}

const indexes = new WeakMap<object, NameIndex>();

/** Indexes handed on to new collections that no check has used yet (the latest few). */
const HANDED_ON = 16;
const handedTo: Array<object | undefined> = new Array(HANDED_ON).fill(undefined);
const handedIndex: Array<NameIndex | undefined> = new Array(HANDED_ON).fill(undefined);
let nextSlot = 0;

function handedOn(collection: object): NameIndex | undefined {
  for (let i = 0; i < HANDED_ON; i++) if (handedTo[i] === collection) return handedIndex[i];
  return undefined;
}

function handOn(collection: object, index: NameIndex): void {
  handedTo[nextSlot] = collection;
  handedIndex[nextSlot] = index;
  nextSlot = (nextSlot + 1) % HANDED_ON;
}

/** The index a collection has or was handed, if any. */
function knownIndex(collection: object): NameIndex | undefined {
  return indexes.get(collection) ?? handedOn(collection);
}

function indexOf<T extends { id: string }>(collection: Readonly<Record<string, T>>, keyOf: (entry: T) => string): NameIndex {
  const known = indexes.get(collection);
  if (known !== undefined) return known;
  const handed = handedOn(collection);
  if (handed !== undefined) {
    indexes.set(collection, handed);
    return handed;
  }
  const ids = new Map<string, string[]>();
  for (const id in collection) {
    const key = keyOf(collection[id]);
    const same = ids.get(key);
    if (same === undefined) ids.set(key, [id]);
    else same.push(id);
  }
  const index: NameIndex = { keyOf, ids, parent: undefined, depth: 0 };
  // Only a frozen collection is sure not to change under its index.
  if (Object.isFrozen(collection)) indexes.set(collection, index);
  return index;
}

const homeAndName = (homeId: string, name: string): string => `${homeId}\u0000${name.toLowerCase()}`;
const sceneKey = (scene: Scene): string => homeAndName(scene.home_id, scene.name);
const groupKey = (group: DeviceGroup): string => homeAndName(group.home_id, group.name);
const automationKey = (automation: Automation): string => homeAndName(automation.home_id, automation.alias);
const deviceKey = (device: Device): string => device.name.toLowerCase();

/** The first scene of the home with this name (ignoring case), in collection order. */
export function sceneNamed(scenes: Readonly<Record<string, Scene>>, homeId: string, name: string): Scene | undefined {
  const ids = idsOf(indexOf(scenes, sceneKey), homeAndName(homeId, name));
  return ids === undefined ? undefined : scenes[ids[0]];
}

/** The first device group of the home with this name (ignoring case), in collection order. */
export function groupNamed(groups: Readonly<Record<string, DeviceGroup>>, homeId: string, name: string): DeviceGroup | undefined {
  const ids = idsOf(indexOf(groups, groupKey), homeAndName(homeId, name));
  return ids === undefined ? undefined : groups[ids[0]];
}

/** The first automation of the home with this alias (ignoring case), in collection order. */
export function automationNamed(automations: Readonly<Record<string, Automation>>, homeId: string, alias: string): Automation | undefined {
  const ids = idsOf(indexOf(automations, automationKey), homeAndName(homeId, alias));
  return ids === undefined ? undefined : automations[ids[0]];
}

/** The first device of a home's device record, other than `except`, with this name (ignoring case), in record order. */
export function otherDeviceNamed(devicesOfHome: Readonly<Record<string, Device>>, name: string, except: Device): Device | undefined {
  const ids = idsOf(indexOf(devicesOfHome, deviceKey), name.toLowerCase());
  if (ids === undefined) return undefined;
  for (const id of ids) if (id !== except.id) return devicesOfHome[id];
  return undefined;
}

/** `to` (frozen) holds the ids of `from` under the same names: it shares the index `from` has, if any. */
export function keepNames(from: object, to: object): void {
  const index = knownIndex(from);
  if (index !== undefined) handOn(to, index);
}

/** `to` (frozen) is `from` with `entry` added after every entry: its index is that of `from` with the entry. */
export function addName(from: object, to: object, entry: { id: string }): void {
  const index = knownIndex(from);
  if (index === undefined || index.depth >= MAX_DEPTH) return;
  const ids = new Map([[index.keyOf(entry as never), [entry.id]]]);
  handOn(to, { keyOf: index.keyOf, ids, parent: index, depth: index.depth + 1 });
}
