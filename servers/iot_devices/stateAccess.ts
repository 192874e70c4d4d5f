import { isFrozenState } from '../kit/isFrozenState.js';
import type { ToolContext } from '../kit/Domain.js';
import { shallowCopy } from '../kit/shallowCopy.js';
import type { Device, IotState } from './IotState.js';
import { addName, keepNames, renameDevice } from './nameIndexes.js';
import { RecordCopies } from '../kit/RecordCopies.js';

/**
 * How the state-changing tools touch the state: every lookup and check reads the frozen state the
 * call started from (`ctx.base`); each change builds the new collection (or home record of devices)
 * here, freezes it with what is new in it, and puts it into the plain copy of its parent that
 * `ctx.edit` gives. The kit then has nothing to walk or freeze but that parent, which is measurably
 * cheaper than editing the record itself (about 1 µs a call for a home's record of 40 devices).
 *
 * Collections gain and lose keys through the kit's `RecordCopies` (a literal compiled for the new key
 * list, which keeps them out of V8's dictionary mode): a keyed store that adds a key to a copy the kit
 * spread, or a `delete`, can turn a record of more than a dozen entries into a V8 dictionary-mode
 * object, and every later copy of such an object costs about ten times as much (a spread of 40
 * entries: ~7.5 µs instead of ~0.8 µs).
 */

type Ctx = ToolContext<IotState>;
type Collection = 'scenes' | 'automations' | 'groups' | 'snapshots';
type EntryOf<K extends Collection> = IotState[K][string];
type Collections = Record<Collection, Readonly<Record<string, { id: string }>>>;

/** The state as the call found it, frozen: what handlers read. */
export function baseState(ctx: Ctx): IotState {
  return ctx.base as IotState;
}

/** Files a new version of a device (built from its frozen one) in its home's record. */
export function putDevice(ctx: Ctx, device: Device): void {
  const root = ctx.edit<{ devices: IotState['devices'] }>();
  const homes = shallowCopy(root.devices);
  const record = homes[device.home_id];
  const copy = shallowCopy(record);
  copy[device.id] = freezeDevice(device);
  homes[device.home_id] = Object.freeze(copy);
  root.devices = Object.freeze(homes);
  const before = record[device.id].name;
  if (before === device.name) keepNames(record, copy);
  else renameDevice(record, copy, device.id, before, device.name);
}

/**
 * Files new versions of several devices (each once): one copy of each home's record they belong to.
 * `namesKept`: the caller changed no device's name (a command, a scene), so none is compared.
 */
export function putDevices(ctx: Ctx, devices: readonly Device[], namesKept = false): void {
  if (devices.length === 0) return;
  const homeId = devices[0].home_id;
  for (let i = 1; i < devices.length; i++) if (devices[i].home_id !== homeId) return putDevicesOfHomes(ctx, devices);
  // One home (a group's or a scene's devices): one record copy, no map of copies.
  const root = ctx.edit<{ devices: IotState['devices'] }>();
  const homes = shallowCopy(root.devices);
  const record = homes[homeId];
  const copy = shallowCopy(record);
  let renamed = false;
  for (let i = 0; i < devices.length; i++) {
    const device = devices[i];
    if (!namesKept && record[device.id].name !== device.name) renamed = true;
    copy[device.id] = freezeDevice(device);
  }
  homes[homeId] = Object.freeze(copy);
  root.devices = Object.freeze(homes);
  if (!renamed) keepNames(record, copy);
}

function putDevicesOfHomes(ctx: Ctx, devices: readonly Device[]): void {
  const root = ctx.edit<{ devices: IotState['devices'] }>();
  const homes = shallowCopy(root.devices);
  const copies = new Map<string, Record<string, Device>>();
  let renamed = false;
  for (const device of devices) {
    let copy = copies.get(device.home_id);
    if (copy === undefined) {
      copy = shallowCopy(homes[device.home_id]);
      copies.set(device.home_id, copy);
    }
    if (copy[device.id].name !== device.name) renamed = true;
    copy[device.id] = freezeDevice(device);
  }
  for (const [homeId, copy] of copies) {
    const record = homes[homeId];
    homes[homeId] = Object.freeze(copy);
    if (!renamed) keepNames(record, copy);
  }
  root.devices = Object.freeze(homes);
}

/** Puts a new version of an existing entry of a collection. */
export function replaceEntry<K extends Collection>(ctx: Ctx, collection: K, entry: EntryOf<K>): void {
  const root = ctx.edit<Collections>();
  const entries = root[collection];
  const copy: Record<string, { id: string }> = shallowCopy(entries);
  copy[entry.id] = freezeNew(entry);
  root[collection] = Object.freeze(copy);
  const before = entries[entry.id] as { name?: string; alias?: string };
  const after = entry as { name?: string; alias?: string };
  if (before.name === after.name && before.alias === after.alias) keepNames(entries, copy);
}

/** The kit's copier of each collection (shapes known by identity, a new key stored into a literal that has it). */
const collectionCopies: Record<Collection, RecordCopies> = { scenes: new RecordCopies(), automations: new RecordCopies(), groups: new RecordCopies(), snapshots: new RecordCopies() };

/**
 * Adds a new entry to a collection (after every entry it has). `frozen`: the caller froze the entry
 * and everything new in it already.
 */
export function addEntry<K extends Collection>(ctx: Ctx, collection: K, entry: EntryOf<K>, frozen = false): void {
  const root = ctx.edit<Collections>();
  const entries = root[collection];
  const copy = collectionCopies[collection].with<{ id: string }>(entries, entry.id, frozen ? entry : freezeNew(entry));
  root[collection] = copy;
  addName(entries, copy, entry);
}

/**
 * Removes an entry from a collection: copied through the literal of the key list without it (the
 * kit's `RecordCopies`), not a rest pattern, which copies a frozen record key by key (~1 µs for 40).
 */
export function removeEntry(ctx: Ctx, collection: Collection, id: string): void {
  const root = ctx.edit<Collections>();
  const edit = collectionCopies[collection].edit(root[collection]);
  edit.delete(id);
  root[collection] = edit.finish() as Collections[Collection];
}

/** Freezes a device built from a frozen one: itself and its attributes when new (all else it shares with the state). */
function freezeDevice(device: Device): Device {
  const attributes = device.attributes;
  if (!isFrozenState(attributes)) {
    if (attributes.rgb_color !== undefined) Object.freeze(attributes.rgb_color);
    Object.freeze(attributes);
  }
  return Object.freeze(device);
}

/** Freezes new JSON data all the way down to the frozen values it shares with the state. */
function freezeNew<T>(value: T): T {
  if (value === null || typeof value !== 'object' || isFrozenState(value)) return value;
  if (Array.isArray(value)) for (const item of value) freezeNew(item);
  else for (const key in value) freezeNew((value as Record<string, unknown>)[key]);
  return Object.freeze(value);
}
