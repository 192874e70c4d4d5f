import type { ToolContext } from '../kit/Domain.js';
import type { Device, IotState } from './IotState.js';

/**
 * How the state-changing tools touch the state: every lookup and check reads the frozen state the
 * call started from (`ctx.base`), and each change is one write of a whole new object into a plain
 * copy-on-write copy of its parent (`ctx.edit`), without Proxy traps.
 *
 * New keys are added with `Object.defineProperty` and keys removed by rebuilding the collection
 * with a rest pattern: a keyed store that adds a key (`record[id] = x`) or a `delete` can turn a
 * collection of more than a dozen entries into a V8 dictionary-mode object, and every later
 * copy-on-write copy of such an object costs about ten times as much (a spread of 40 entries:
 * ~7.5 µs instead of ~0.8 µs).
 */

type Ctx = ToolContext<IotState>;
type Collection = 'scenes' | 'automations' | 'groups' | 'snapshots';

/** The state as the call found it, frozen: what handlers read. */
export function baseState(ctx: Ctx): IotState {
  return ctx.base as IotState;
}

/** Files a new version of a device (built from its frozen one) in its home's record. */
export function putDevice(ctx: Ctx, device: Device): void {
  ctx.edit<Record<string, Device>>('devices', device.home_id)[device.id] = device;
}

/** Puts a new version of an existing entry of a collection. */
export function replaceEntry<K extends Collection>(ctx: Ctx, collection: K, entry: IotState[K][string]): void {
  ctx.edit<Record<string, IotState[K][string]>>(collection)[entry.id] = entry;
}

/** Adds a new entry to a collection (after every entry it has). */
export function addEntry<K extends Collection>(ctx: Ctx, collection: K, entry: IotState[K][string]): void {
  Object.defineProperty(ctx.edit(collection), entry.id, { value: entry, writable: true, enumerable: true, configurable: true });
}

/** Removes an entry from a collection; the only change the call makes to that collection. */
export function removeEntry(ctx: Ctx, collection: Collection, id: string): void {
  const { [id]: _removed, ...rest } = ctx.base[collection] as Record<string, unknown>;
  // Holds only frozen entries of the base: frozen here, it needs no walk when the call finishes.
  ctx.edit<Record<string, unknown>>()[collection] = Object.freeze(rest);
}
