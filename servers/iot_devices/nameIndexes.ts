import type { Automation, Device, DeviceGroup, Scene } from './IotState.js';

/**
 * Case-insensitive name lookups for the uniqueness checks of the create and rename tools, without a
 * scan per call. An index maps a name key to the ids that have it, in collection order; it belongs
 * to one frozen collection object (a frozen object never changes, so its index stays valid).
 *
 * A write makes new collection objects; the writes say how a new collection's names relate to the
 * old one's, so that its index comes from the old index instead of a rebuild: the same names
 * (`keepNames`: a device command, a scene activated) or one entry more (`addName`: a layer of one
 * name over the previous index, so that a run of creations copies nothing). After a rename the next
 * check rebuilds it. Writes only note this, in a small ring rather than the WeakMap (an entry there
 * for every new state costs the garbage collector more than most of them ever save); the index is
 * made when a check first asks.
 */

interface NameIndex {
  /** Ids by name key: for a layer, only those it adds after its parent's. */
  readonly ids: Map<string, string[]>;
  readonly parent: NameIndex | undefined;
  readonly depth: number;
}

/** Layers beyond this are not made: the collection gets a flat index instead. */
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

/**
 * What a write said about a new collection: it has the names of `from`, plus `added` (after every
 * other entry) when one was added. Kept for the latest few collections only, and turned into an
 * index when a check first asks (from the index of `from`, built then if need be, and kept: `from`
 * is often the world's own collection, which every episode starts from).
 */
interface HandedOn {
  readonly from: object;
  readonly added: { id: string } | undefined;
}

const HANDED_ON = 16;
const handedTo: Array<object | undefined> = new Array(HANDED_ON).fill(undefined);
const handedWhat: Array<HandedOn | undefined> = new Array(HANDED_ON).fill(undefined);
let nextSlot = 0;

function handedOn(collection: object): HandedOn | undefined {
  for (let i = 0; i < HANDED_ON; i++) if (handedTo[i] === collection) return handedWhat[i];
  return undefined;
}

function handOn(collection: object, what: HandedOn): void {
  handedTo[nextSlot] = collection;
  handedWhat[nextSlot] = what;
  nextSlot = (nextSlot + 1) % HANDED_ON;
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
  const handed = handedOn(collection);
  let index: NameIndex;
  if (handed === undefined) index = build(collection, keyOf);
  else {
    const base = indexOf(handed.from as Readonly<Record<string, T>>, keyOf);
    if (handed.added === undefined) index = base;
    else if (base.depth >= MAX_DEPTH) index = build(collection, keyOf);
    else index = { ids: new Map([[keyOf(handed.added as T), [handed.added.id]]]), parent: base, depth: base.depth + 1 };
  }
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
  handOn(to, { from, added: undefined });
}

/** `to` (frozen) is `from` with `entry` added after every entry. */
export function addName(from: object, to: object, entry: { id: string }): void {
  handOn(to, { from, added: entry });
}
