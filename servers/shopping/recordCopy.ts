import { shallowCopy } from '../kit/shallowCopy.js';

/**
 * New versions of the flat collections keyed by id (carts, addresses, returns, …) and of the buckets
 * of bucketed ones with one entry added, without `Object.defineProperty` (~0.2 µs a call) and
 * without a keyed store that adds a key to a copy the kit spread (which can turn the record into a
 * V8 dictionary-mode object, and every later copy pays for that).
 *
 * A record is copied through an object literal compiled for the keys it was first met with (every
 * key in-object) and the keys added since (`extras`, set by keyed stores after the literal, which
 * keeps it in fast mode while there are few of them: `MAX_EXTRAS`; then that line of additions goes
 * the old way).
 * The record an addition made is remembered with that layout, so the next addition of an episode
 * copies it without enumerating anything; a record met otherwise (the world's, a snapshot's, one a
 * replacement or removal made) is enumerated and remembered too, and its key list's literal is
 * compiled the second time that list is met (a list met once is copied by the kit's `shallowCopy`).
 */

type AnyRecord = Record<string, unknown>;
type Copier = (source: Readonly<AnyRecord>) => AnyRecord;

interface Layout {
  readonly copy: Copier;
  /** Keys after the copier's, in the order they were added. */
  readonly extras: readonly string[];
  /** The layout with one key more, last made (calls restarted from one snapshot add the same id). */
  nextId?: string;
  next?: Layout;
}

const MAX_EXTRAS = 8;
/** Records met lately (a ring, searched newest first): the sessions of a process write a few collections. */
const RECENT = 16;
const recentRecords: Array<object | undefined> = new Array<object | undefined>(RECENT).fill(undefined);
const recentLayouts: Array<Layout | undefined> = new Array<Layout | undefined>(RECENT).fill(undefined);
let last = 0;
/** Copiers by key list; null: the list was met once. */
const copiers = new Map<string, Copier | null>();
const MAX_COPIERS = 1024;
const INDEX_KEY = /^(?:0|[1-9]\d{0,8})$/;

function compile(keys: readonly string[]): Copier {
  // Integer-like keys are read as numbers (elements); "__proto__" must be computed to stay a key.
  const body = keys.map((key) => (INDEX_KEY.test(key) ? `${key}: source[${key}]` : `${key === '__proto__' ? '["__proto__"]' : JSON.stringify(key)}: source[${JSON.stringify(key)}]`)).join(', ');
  return new Function('source', `return { ${body} };`) as Copier;
}

function remember(record: object, layout: Layout): void {
  last = (last + 1) % RECENT;
  recentRecords[last] = record;
  recentLayouts[last] = layout;
}

function layoutOf(record: object): Layout | undefined {
  for (let i = last, n = 0; n < RECENT; n++, i = i === 0 ? RECENT - 1 : i - 1) {
    if (recentRecords[i] !== record) continue;
    const layout = recentLayouts[i]!;
    // Calls restarted from one snapshot copy its record again and again: keep it among the newest.
    if (n > 4) remember(record, layout);
    return layout;
  }
  const keys = Object.keys(record);
  const signature = keys.join('\u0000');
  let copier = copiers.get(signature);
  if (copier === undefined) {
    if (copiers.size >= MAX_COPIERS) copiers.clear();
    copiers.set(signature, null);
    return undefined;
  }
  if (copier === null) {
    copier = compile(keys);
    copiers.set(signature, copier);
  }
  const layout: Layout = { copy: copier, extras: [] };
  remember(record, layout);
  return layout;
}

/**
 * The layout of records copied the old way (`shallowCopy`, then `defineProperty`): the copies a
 * line of additions makes once it has too many extras, so that they are not enumerated again.
 */
const OLD_WAY: Layout = { copy: shallowCopy, extras: [] };

/** A frozen copy of `record` with a new entry `id` (frozen already) after every entry it has. */
export function recordAdding<T>(record: Readonly<Record<string, T>>, id: string, value: T): Readonly<Record<string, T>> {
  const layout = layoutOf(record);
  if (layout === undefined || layout === OLD_WAY || layout.extras.length >= MAX_EXTRAS) {
    const copy = shallowCopy(record as AnyRecord);
    Object.defineProperty(copy, id, { value, writable: true, enumerable: true, configurable: true });
    Object.freeze(copy);
    if (layout !== undefined) remember(copy, OLD_WAY);
    return copy as Readonly<Record<string, T>>;
  }
  const copy = layout.copy(record);
  const extras = layout.extras;
  for (let i = 0; i < extras.length; i++) copy[extras[i]] = record[extras[i]];
  copy[id] = value;
  Object.freeze(copy);
  let next = layout.next;
  if (layout.nextId !== id || next === undefined) {
    next = { copy: layout.copy, extras: [...extras, id] };
    layout.nextId = id;
    layout.next = next;
  }
  remember(copy, next);
  return copy as Readonly<Record<string, T>>;
}
