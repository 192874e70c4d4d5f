import type { Automation, Device, DeviceGroup, Scene } from './IotState.js';

/**
 * Case-insensitive name lookups for the uniqueness checks of the create and rename tools, without a
 * scan per call: each index is built once per frozen collection (a frozen object never changes, so
 * an index keyed by it stays valid; a new state has new collection objects and gets new indexes).
 */

type Index<T> = Map<string, T[]>;

function indexOf<T>(cache: WeakMap<object, Index<T>>, collection: Record<string, T>, keyOf: (entry: T) => string): Index<T> {
  let index = cache.get(collection);
  if (index !== undefined) return index;
  index = new Map();
  for (const id in collection) {
    const entry = collection[id];
    const key = keyOf(entry);
    const same = index.get(key);
    if (same === undefined) index.set(key, [entry]);
    else same.push(entry);
  }
  // Only a frozen collection is sure not to change under its index.
  if (Object.isFrozen(collection)) cache.set(collection, index);
  return index;
}

const homeAndName = (homeId: string, name: string): string => `${homeId}\u0000${name.toLowerCase()}`;

const scenesByName = new WeakMap<object, Index<Scene>>();
const sceneKey = (scene: Scene): string => homeAndName(scene.home_id, scene.name);

/** The first scene of the home with this name (ignoring case), in collection order. */
export function sceneNamed(scenes: Record<string, Scene>, homeId: string, name: string): Scene | undefined {
  return indexOf(scenesByName, scenes, sceneKey).get(homeAndName(homeId, name))?.[0];
}

const groupsByName = new WeakMap<object, Index<DeviceGroup>>();
const groupKey = (group: DeviceGroup): string => homeAndName(group.home_id, group.name);

/** The first device group of the home with this name (ignoring case), in collection order. */
export function groupNamed(groups: Record<string, DeviceGroup>, homeId: string, name: string): DeviceGroup | undefined {
  return indexOf(groupsByName, groups, groupKey).get(homeAndName(homeId, name))?.[0];
}

const automationsByAlias = new WeakMap<object, Index<Automation>>();
const automationKey = (automation: Automation): string => homeAndName(automation.home_id, automation.alias);

/** The first automation of the home with this alias (ignoring case), in collection order. */
export function automationNamed(automations: Record<string, Automation>, homeId: string, alias: string): Automation | undefined {
  return indexOf(automationsByAlias, automations, automationKey).get(homeAndName(homeId, alias))?.[0];
}

const devicesByName = new WeakMap<object, Index<Device>>();
const deviceKey = (device: Device): string => device.name.toLowerCase();

/** The first device of a home's device record, other than `except`, with this name (ignoring case), in record order. */
export function otherDeviceNamed(devicesOfHome: Record<string, Device>, name: string, except: Device): Device | undefined {
  const same = indexOf(devicesByName, devicesOfHome, deviceKey).get(name.toLowerCase());
  if (same === undefined) return undefined;
  for (const device of same) if (device.id !== except.id) return device;
  return undefined;
}
