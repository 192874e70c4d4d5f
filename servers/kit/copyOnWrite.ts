/**
 * Copy-on-write drafts of frozen JSON state, for the write path of every tool call.
 *
 * A handler gets a Proxy over the frozen state and mutates it as if it were plain data. Reading a
 * frozen object or array through a draft gives a draft of it (made once, on first read); the first
 * write to a draft shallow-copies its object and those of its parents. When the handler returns,
 * `finishDraft` puts every changed copy in its parent's copy, replaces drafts the handler stored
 * anywhere by what they became, and freezes every new node, so the next state shares all it did
 * not change with the previous one. A handler that fails leaves nothing behind: the frozen state
 * was never touched.
 *
 * immer does the same, but at several times the cost per call: it walks every key of every changed
 * object several times to find drafts and freeze them. Here a call costs the copies it makes, one
 * walk over the new nodes, and one trap per read of a draft. Only plain objects and arrays are
 * drafted (the state is JSON).
 */

import { isFrozenState } from './isFrozenState.js';
import { shallowCopy } from './shallowCopy.js';
import { deriveDigest, hasDigest, knownKeyCount } from './stateDigest.js';

interface DraftNode {
  /** The frozen value this draft stands for. */
  readonly base: Record<PropertyKey, unknown>;
  /** Its shallow copy, once something was written. */
  copy: Record<PropertyKey, unknown> | undefined;
  readonly parent: DraftNode | undefined;
  /** Where it sits in its parent. */
  readonly key: PropertyKey;
  /** The Proxy the handler sees, made on first need (`edit` works on nodes without one). */
  proxy: Record<PropertyKey, unknown> | undefined;
  /** Drafts of children, by key, made on first read. */
  children: Map<PropertyKey, DraftNode> | undefined;
  /**
   * Keys the handler wrote (repeats allowed): the only slots of the copy that may hold new, not yet
   * frozen values or drafts. Every other slot still holds the base's frozen value or a child's copy.
   */
  assigned: PropertyKey[] | undefined;
  /** Every key written or deleted through the Proxy (repeats allowed): what the state digest updates. */
  written: PropertyKey[] | undefined;
  /** The handler holds the copy itself (`editDraft`): any slot may hold new values or drafts. */
  raw: boolean;
  /** A key was deleted from the copy (V8 then keeps it in slow dictionary mode: rebuilt at the end). */
  lostKeys: boolean;
  readonly scope: DraftScope;
}

interface DraftScope {
  /** Every draft of the call, parents before children. */
  readonly nodes: DraftNode[];
  /** How many Proxies were handed out: without any, a result cannot hold a draft. */
  proxies: number;
}

/**
 * Where a proxy's target keeps its node, and what a proxy answers when asked for it: a draft is
 * recognised by one property read (no WeakMap: registering every draft in one is what costs most).
 * A registered symbol, so that every copy of this module agrees (a test runner may load it both as
 * CommonJS and as an ES module).
 */
const NODE = Symbol.for('prove.draftNode');

type Target = Record<PropertyKey, unknown> & { [NODE]: DraftNode };

function isPlainData(value: object): boolean {
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function markChanged(node: DraftNode | undefined): void {
  while (node !== undefined && node.copy === undefined) {
    node.copy = shallowCopy(node.base);
    node = node.parent;
  }
}

/** Writes one slot of a draft's copy (made first if need be) and records it: a Proxy's store, or `putDraft`. */
function assignSlot(node: DraftNode, key: PropertyKey, value: unknown): void {
  markChanged(node);
  const copy = node.copy!;
  // A keyed store that adds a key can turn a record of more than ~15 keys into V8's dictionary
  // mode (later copies then cost ~10x); defining the new key does not.
  if (Object.hasOwn(copy, key) || Array.isArray(copy)) copy[key] = value;
  else Object.defineProperty(copy, key, { value, writable: true, enumerable: true, configurable: true });
  if (value !== null && typeof value === 'object') (node.assigned ??= []).push(key);
  (node.written ??= []).push(key);
  const child = node.children?.get(key);
  if (child !== undefined && child.proxy !== value) node.children!.delete(key);
}

function source(node: DraftNode): Record<PropertyKey, unknown> {
  return node.copy ?? node.base;
}

/** The value a read gives: a draft for a frozen plain object or array, anything else as it is. */
function readThrough(node: DraftNode, key: PropertyKey, value: object): unknown {
  const known = node.children?.get(key);
  if (known !== undefined && known.base === value) return proxyOf(known);
  // A slot the handler never wrote holds shared state (frozen): only a written slot needs the check.
  if ((node.raw || (node.assigned !== undefined && node.assigned.includes(key))) && !isFrozenState(value)) return value;
  if (!isPlainData(value)) return value;
  return proxyOf(createNode(value as Record<PropertyKey, unknown>, node, key, node.scope));
}

const handler: ProxyHandler<Target> = {
  get(target, key) {
    const node = target[NODE];
    if (key === NODE) return node;
    const data = node.copy ?? node.base;
    const value = data[key];
    // Primitives (most reads) need no draft; inherited members (array methods) are not state.
    if (value === null || typeof value !== 'object' || !Object.hasOwn(data, key)) return value;
    return readThrough(node, key, value);
  },
  set(target, key, value) {
    assignSlot(target[NODE], key, value);
    return true;
  },
  deleteProperty(target, key) {
    const node = target[NODE];
    if (!Object.hasOwn(source(node), key)) return true;
    markChanged(node);
    delete node.copy![key];
    node.lostKeys = true;
    (node.written ??= []).push(key);
    node.children?.delete(key);
    return true;
  },
  has(target, key) {
    return key in source(target[NODE]);
  },
  ownKeys(target) {
    return Reflect.ownKeys(source(target[NODE]));
  },
  getOwnPropertyDescriptor(target, key) {
    const data = source(target[NODE]);
    if (!Object.hasOwn(data, key)) return undefined;
    // An array's length is a non-configurable property of the target too: report it as such.
    if (key === 'length' && Array.isArray(target)) return { value: data.length, writable: true, enumerable: false, configurable: false };
    // JSON data: every other own property is enumerable. The raw value: enumerating keys needs no
    // drafts (a read through the proxy still gives one).
    return { value: data[key], writable: true, enumerable: true, configurable: true };
  },
  defineProperty(target, key, descriptor) {
    if (!('value' in descriptor)) throw new TypeError('state drafts hold data properties only');
    const node = target[NODE];
    markChanged(node);
    node.copy![key] = descriptor.value;
    (node.assigned ??= []).push(key);
    (node.written ??= []).push(key);
    node.children?.delete(key);
    return true;
  },
  getPrototypeOf(target) {
    return Object.getPrototypeOf(target[NODE].base);
  },
  setPrototypeOf() {
    throw new TypeError('the prototype of a state draft cannot change');
  },
  preventExtensions() {
    throw new TypeError('a state draft cannot be made non-extensible');
  },
};

function createNode(base: Record<PropertyKey, unknown>, parent: DraftNode | undefined, key: PropertyKey, scope: DraftScope): DraftNode {
  const node: DraftNode = { base, copy: undefined, parent, key, proxy: undefined, children: undefined, assigned: undefined, written: undefined, raw: false, lostKeys: false, scope };
  if (parent !== undefined) (parent.children ??= new Map()).set(key, node);
  scope.nodes.push(node);
  return node;
}

function proxyOf(node: DraftNode): Record<PropertyKey, unknown> {
  if (node.proxy !== undefined) return node.proxy;
  // The target only carries identity (and array-ness, so that Array.isArray answers true).
  const target = (Array.isArray(node.base) ? [] : {}) as Target;
  target[NODE] = node;
  node.scope.proxies++;
  return (node.proxy = new Proxy(target, handler));
}

/** The node of a draft, or undefined for any other value. */
function nodeOf(value: object): DraftNode | undefined {
  return (value as { [NODE]?: DraftNode })[NODE];
}

/** Whether a value is a state draft. */
export function isDraft(value: unknown): boolean {
  return value !== null && typeof value === 'object' && nodeOf(value) !== undefined;
}

/** The frozen value a draft stands for (the state as the call found it); anything else as it is. */
export function original<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  const node = nodeOf(value);
  return node !== undefined ? (node.base as T) : value;
}

/** A draft of a frozen state, and the scope `finishDraft` needs. */
export interface Draft<S> {
  /** The Proxy over the whole state (made on first use). */
  readonly draft: S;
  readonly root: DraftNode;
}

class StateDraft<S> implements Draft<S> {
  constructor(readonly root: DraftNode) {}

  get draft(): S {
    return proxyOf(this.root) as S;
  }
}

/** Start a draft of a frozen plain object or array. */
export function createDraft<S>(base: S): Draft<S> {
  const scope: DraftScope = { nodes: [], proxies: 0 };
  return new StateDraft<S>(createNode(base as Record<PropertyKey, unknown>, undefined, '', scope));
}

/** Whether the draft handed out any Proxy (else neither the state nor a result can hold one). */
export function madeProxies(draft: Draft<unknown>): boolean {
  return draft.root.scope.proxies > 0;
}

function describePath(path: readonly PropertyKey[], length: number): string {
  return path.slice(0, length).map(String).join('.') || '(the state)';
}

/**
 * The object or array at `path` in a draft, as a plain mutable shallow copy (copy-on-write: it and
 * its parents are copied on first edit, once per call). Writes to it are plain writes, without the
 * Proxy's traps; objects inside it are still the frozen shared ones (edit a longer path to change
 * them, or replace them whole). The same path gives the same copy for the rest of the call, and the
 * Proxy draft (`draft.draft`) sees the same data.
 */
export function editDraft<T>(draft: Draft<unknown>, path: readonly PropertyKey[]): T {
  let node = draft.root;
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    const data = node.copy ?? node.base;
    const value = Object.hasOwn(data, key) ? data[key] : undefined;
    if (value === null || typeof value !== 'object') throw new TypeError(`edit: ${describePath(path, i + 1)} is not an object or array in the state (it is ${value === null ? 'null' : typeof value})`);
    const known = node.children?.get(key);
    if (known !== undefined && known.base === value) {
      node = known;
      continue;
    }
    if (!isFrozenState(value)) {
      // New data the handler wrote earlier in this call: already its own, edit it in place.
      const drafted = nodeOf(value);
      if (drafted !== undefined) {
        node = drafted;
        continue;
      }
      let current = value as Record<PropertyKey, unknown>;
      for (let j = i + 1; j < path.length; j++) {
        const next = current[path[j]];
        if (next === null || typeof next !== 'object' || isFrozenState(next)) throw new TypeError(`edit: ${describePath(path, j + 1)} is not new data of this call; edit it before replacing its parent`);
        current = next as Record<PropertyKey, unknown>;
      }
      return current as T;
    }
    if (!isPlainData(value)) throw new TypeError(`edit: ${describePath(path, i + 1)} is not a plain object or array`);
    node = createNode(value as Record<PropertyKey, unknown>, node, key, node.scope);
  }
  markChanged(node);
  node.raw = true;
  return node.copy as T;
}

/**
 * Sets the value at `path` in a draft (copy-on-write like `editDraft`: the objects on the way are
 * copied once per call), creating missing objects on the way as `{}`. Unlike `editDraft`, no copy is
 * handed out, so the draft knows the one slot that changed: at the end of the call only that slot is
 * checked, where a copy from `editDraft` has every slot compared with its base's (for a record of a
 * few dozen keys, that scan costs more than the rest of a typical write).
 */
export function putDraft(draft: Draft<unknown>, path: readonly PropertyKey[], value: unknown): void {
  const last = path.length - 1;
  if (last < 0) throw new TypeError('put: the path is empty');
  let node = draft.root;
  for (let i = 0; i < last; i++) {
    const key = path[i];
    const data = node.copy ?? node.base;
    const slot = Object.hasOwn(data, key) ? data[key] : undefined;
    if (slot === undefined) {
      const made = {};
      assignSlot(node, key, made);
      putInto(made, path, i + 1, value);
      return;
    }
    if (slot === null || typeof slot !== 'object') throw new TypeError(`put: ${describePath(path, i + 1)} is not an object or array in the state (it is ${slot === null ? 'null' : typeof slot})`);
    const known = node.children?.get(key);
    if (known !== undefined && known.base === slot) {
      node = known;
      continue;
    }
    if (!isFrozenState(slot)) {
      // New data the handler wrote earlier in this call: already its own, write into it in place.
      const drafted = nodeOf(slot);
      if (drafted !== undefined) {
        node = drafted;
        continue;
      }
      putInto(slot as Record<PropertyKey, unknown>, path, i + 1, value);
      return;
    }
    if (!isPlainData(slot)) throw new TypeError(`put: ${describePath(path, i + 1)} is not a plain object or array`);
    node = createNode(slot as Record<PropertyKey, unknown>, node, key, node.scope);
  }
  assignSlot(node, path[last], value);
}

/** The rest of `putDraft` inside new data of this call (plain objects, written in place). */
function putInto(target: Record<PropertyKey, unknown>, path: readonly PropertyKey[], from: number, value: unknown): void {
  let current = target;
  for (let j = from; j < path.length - 1; j++) {
    let next = current[path[j]];
    if (next === undefined) next = current[path[j]] = {};
    if (next === null || typeof next !== 'object' || isFrozenState(next) || nodeOf(next) !== undefined) throw new TypeError(`put: ${describePath(path, j + 1)} is not new data of this call; put it before replacing its parent`);
    current = next as Record<PropertyKey, unknown>;
  }
  current[path[path.length - 1]] = value;
}

/**
 * The keys of an edited copy whose values are not the base's: the only ones that can hold new data.
 * With `all` (the state digest is kept): every key whose value differs, children's copies included,
 * pushed there, and keys deleted from the copy too.
 */
function changedSlots(node: DraftNode, all: PropertyKey[] | undefined): PropertyKey[] {
  const copy = node.copy!;
  const base = node.base;
  const changed: PropertyKey[] = [];
  let keys = 0;
  let added = 0;
  for (const key in copy) {
    keys++;
    const value = copy[key];
    if (value === base[key] && (value !== undefined || Object.hasOwn(base, key))) continue;
    if (all !== undefined) {
      all.push(key);
      if (!Object.hasOwn(base, key)) added++;
    }
    // A child's copy is settled as a node of its own.
    if (node.children?.get(key)?.copy !== value) changed.push(key);
  }
  // Fewer keys than the base's plus those added: some were deleted (`editDeleteEntry`).
  if (all !== undefined && !Array.isArray(copy) && keys !== knownKeyCount(base) + added) {
    for (const key in base) if (!Object.hasOwn(copy, key)) all.push(key);
  }
  return changed;
}

/**
 * A copy that lost keys through the draft is in V8's dictionary mode, where every later copy of it
 * costs several times more: rebuild it by spread (fast mode again) before it is frozen into the
 * state. (Deletes from an `editDraft` copy are not seen: rebuild such a record instead.)
 */
function compact(node: DraftNode): void {
  if (node.lostKeys && node.copy !== undefined && !Array.isArray(node.copy)) node.copy = { ...node.copy };
}

function finalValue(node: DraftNode): unknown {
  return node.copy ?? node.base;
}

/**
 * Replaces drafts inside a new (not frozen) value by what they became, then freezes it, all the way
 * down to the frozen values it shares with the previous state.
 */
function settle(value: Record<PropertyKey, unknown>): void {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      let item = value[i];
      if (item === null || typeof item !== 'object' || isFrozenState(item)) continue;
      const node = nodeOf(item);
      if (node !== undefined) {
        item = finalValue(node);
        (value as unknown[])[i] = item;
        if (isFrozenState(item)) continue;
      }
      settle(item as Record<PropertyKey, unknown>);
    }
  } else {
    for (const key in value) {
      let item = value[key];
      if (item === null || typeof item !== 'object' || isFrozenState(item)) continue;
      const node = nodeOf(item);
      if (node !== undefined) {
        item = finalValue(node);
        value[key] = item;
        if (isFrozenState(item)) continue;
      }
      settle(item as Record<PropertyKey, unknown>);
    }
  }
  Object.freeze(value);
}

/**
 * The state a draft became: the frozen base when nothing was written, else a new frozen state
 * sharing every unchanged node with the base.
 */
export function finishDraft<S>(draft: Draft<S>): S {
  const { root } = draft;
  const all = root.scope.nodes;
  // Children were made after their parents: going backwards, a child's copy is complete before it
  // goes into its parent's copy.
  for (let i = all.length - 1; i > 0; i--) {
    const node = all[i];
    if (node.copy === undefined) continue;
    compact(node);
    const parent = node.parent!;
    if (parent.children?.get(node.key) === node && parent.copy !== undefined && parent.copy[node.key] === node.base) parent.copy[node.key] = node.copy;
  }
  if (root.copy === undefined) return root.base as S;
  compact(root);
  // The digest of the state before is known (its hash was taken): digest the copies as they are made.
  const digest = hasDigest(root.base);
  // Only what the handler wrote can hold drafts or unfrozen values: settle those slots, freeze the copies.
  for (const node of all) {
    const copy = node.copy;
    if (copy === undefined) continue;
    if (digest) node.written = node.raw ? [] : (node.written ?? []);
    const slots = node.raw ? changedSlots(node, digest ? node.written : undefined) : node.assigned;
    if (slots !== undefined) {
      for (const key of slots) {
        let item = copy[key];
        if (item === null || typeof item !== 'object' || isFrozenState(item)) continue;
        const drafted = nodeOf(item);
        if (drafted !== undefined) {
          item = finalValue(drafted);
          copy[key] = item;
          if (isFrozenState(item)) continue;
          // A draft's copy is settled as a node of its own.
          if (drafted.copy === item) continue;
        }
        settle(item as Record<PropertyKey, unknown>);
      }
    }
    Object.freeze(copy);
  }
  if (digest) {
    // Children first: a parent's entry for a child needs the child's digest.
    for (let i = all.length - 1; i >= 0; i--) {
      const node = all[i];
      if (node.copy === undefined) continue;
      const changed = node.written!;
      if (!node.raw && node.children !== undefined) for (const [key, child] of node.children) if (child.copy !== undefined && node.copy[key] === child.copy) changed.push(key);
      deriveDigest(node.base, node.copy, changed);
    }
  }
  return root.copy as S;
}

/**
 * A result that may hold drafts (a handler may return part of its draft), with each draft replaced
 * by what it became; call after `finishDraft`. Unchanged parts are returned as they are.
 */
export function detachDrafts(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const node = nodeOf(value);
  if (node !== undefined) return finalValue(node);
  if (isFrozenState(value)) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const detached = detachDrafts(value[i]);
      if (detached !== value[i]) (copy ??= value.slice())[i] = detached;
    }
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const detached = detachDrafts(record[key]);
    if (detached !== record[key]) (copy ??= { ...record })[key] = detached;
  }
  return copy ?? value;
}

