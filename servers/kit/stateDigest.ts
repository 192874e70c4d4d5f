/**
 * The state digest behind a session's state hash: a 128-bit value of a JSON state that a
 * copy-on-write write updates in time proportional to what it changed.
 *
 * A pure function of the value, as canonicalForm (stateHash.ts) is: key order, history and object
 * identity do not matter; `-0` is `0`; a key whose value is undefined (or a function) does not
 * exist; undefined in an array is null; numbers, strings, booleans and null all differ from each
 * other ("1" ≠ 1); objects and arrays differ ([] ≠ {}). Integer arithmetic on UTF-16 code units and
 * IEEE-754 bits only, so every process, machine and time zone computes the same digest.
 *
 * An object's or array's digest is a mix of its kind, its entry count and the lane-wise sum
 * (mod 2^32, four lanes) of its entries' digests, an entry being the mix of its key (an index for
 * an array) and its value's digest. A sum is commutative: the sorting canonicalForm needs is not
 * needed, and replacing one entry is "subtract the old entry, add the new one" — which is what
 * `deriveDigest` does for each node a write copied, knowing the keys it changed (copyOnWrite.ts).
 * So a write that changes one entity of a bucketed collection costs a few entries per level, not
 * the width of every record on the path. The mixing is MurmurHash3 x86-128's block function and
 * finalizer: a fast non-cryptographic hash, so distinct states collide with negligible probability
 * by chance (about 2^-128), though not against someone crafting collisions on purpose.
 *
 * Digests of frozen objects are remembered by identity (a frozen object never changes): the state
 * shares every unchanged node with the state before, so only new nodes are ever digested.
 */

/** One object's or array's digest, and what updating it needs. */
class NodeDigest {
  constructor(
    /** Lane-wise sums (int32) of the entries' digests. */
    public s0: number,
    public s1: number,
    public s2: number,
    public s3: number,
    /** Entries counted (keys with a defined value; every index of an array). */
    public count: number,
    /** Own enumerable keys (an array: its length), defined or not: how a deleted key is noticed. */
    public keys: number,
    readonly array: boolean,
    /** The digest itself (as a child's value in its parent's entry). */
    public f0 = 0,
    public f1 = 0,
    public f2 = 0,
    public f3 = 0,
  ) {}
}

const digests = new WeakMap<object, NodeDigest>();

// ----- MurmurHash3 x86-128, over 32-bit words, state in module registers (no allocation) -----

const C1 = 0x239b961b;
const C2 = 0xab0e9789;
const C3 = 0x38b34ae5;
const C4 = 0xa1e38b93;
var h1 = 0;
var h2 = 0;
var h3 = 0;
var h4 = 0;

function rotl(x: number, r: number): number {
  return (x << r) | (x >>> (32 - r));
}

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

function start(seed: number): void {
  h1 = h2 = h3 = h4 = seed;
}

function block(k1: number, k2: number, k3: number, k4: number): void {
  k1 = Math.imul(rotl(Math.imul(k1, C1), 15), C2);
  h1 ^= k1;
  h1 = (Math.imul(rotl(h1, 19) + h2, 5) + 0x561ccd1b) | 0;
  k2 = Math.imul(rotl(Math.imul(k2, C2), 16), C3);
  h2 ^= k2;
  h2 = (Math.imul(rotl(h2, 17) + h3, 5) + 0x0bcaa747) | 0;
  k3 = Math.imul(rotl(Math.imul(k3, C3), 17), C4);
  h3 ^= k3;
  h3 = (Math.imul(rotl(h3, 15) + h4, 5) + 0x96cd1c35) | 0;
  k4 = Math.imul(rotl(Math.imul(k4, C4), 18), C1);
  h4 ^= k4;
  h4 = (Math.imul(rotl(h4, 13) + h1, 5) + 0x32ac3b17) | 0;
}

/** Finishes the registers into the result registers r0..r3. */
function finish(length: number): void {
  h1 ^= length;
  h2 ^= length;
  h3 ^= length;
  h4 ^= length;
  h1 = (h1 + h2 + h3 + h4) | 0;
  h2 = (h2 + h1) | 0;
  h3 = (h3 + h1) | 0;
  h4 = (h4 + h1) | 0;
  h1 = fmix(h1);
  h2 = fmix(h2);
  h3 = fmix(h3);
  h4 = fmix(h4);
  h1 = (h1 + h2 + h3 + h4) | 0;
  h2 = (h2 + h1) | 0;
  h3 = (h3 + h1) | 0;
  h4 = (h4 + h1) | 0;
  r0 = h1;
  r1 = h2;
  r2 = h3;
  r3 = h4;
}

/** The digest computed last (of a value, key or entry). */
var r0 = 0;
var r1 = 0;
var r2 = 0;
var r3 = 0;

// Seeds: one per kind of thing digested, so that kinds never meet.
const STRING = 0x5f3759df;
const KEY = 0x2545f491;
const NUMBER = 0x4f1bbcdc;
const OTHER = 0x1b873593;
const ENTRY = 0x68e31da4;
const OBJECT = 0x7fb5d329;
const ARRAY = 0x3c6ef372;

/**
 * Digests of short strings (keys, ids, statuses, dates: the same few thousand again and again), per
 * seed; dropped whole past MAX_REMEMBERED. A Map lookup costs less than the mixing it replaces.
 */
const REMEMBER_BELOW = 48;
const MAX_REMEMBERED = 65_536;
const remembered = new Map<number, Map<string, Int32Array>>();
let rememberedCount = 0;

/** A string's digest into r0..r3 (remembered when short). */
function stringDigest(text: string, seed: number): void {
  if (text.length >= REMEMBER_BELOW) {
    mixString(text, seed);
    return;
  }
  let bySeed = remembered.get(seed);
  if (bySeed === undefined) remembered.set(seed, (bySeed = new Map()));
  const known = bySeed.get(text);
  if (known !== undefined) {
    r0 = known[0];
    r1 = known[1];
    r2 = known[2];
    r3 = known[3];
    return;
  }
  mixString(text, seed);
  if (rememberedCount >= MAX_REMEMBERED) {
    for (const map of remembered.values()) map.clear();
    rememberedCount = 0;
  }
  bySeed.set(text, Int32Array.of(r0, r1, r2, r3));
  rememberedCount++;
}

/** A string's digest (two UTF-16 code units a word) into r0..r3. */
function mixString(text: string, seed: number): void {
  start(seed);
  const length = text.length;
  const whole = length & ~7;
  let i = 0;
  for (; i < whole; i += 8) {
    block(
      text.charCodeAt(i) | (text.charCodeAt(i + 1) << 16),
      text.charCodeAt(i + 2) | (text.charCodeAt(i + 3) << 16),
      text.charCodeAt(i + 4) | (text.charCodeAt(i + 5) << 16),
      text.charCodeAt(i + 6) | (text.charCodeAt(i + 7) << 16),
    );
  }
  if (i < length) {
    // The last 1-7 code units, zero-padded (the length, mixed in by finish, tells the padding apart).
    let w0 = 0;
    let w1 = 0;
    let w2 = 0;
    let w3 = 0;
    for (let j = 0; i < length; i++, j++) {
      const unit = text.charCodeAt(i) << ((j & 1) << 4);
      if (j < 2) w0 |= unit;
      else if (j < 4) w1 |= unit;
      else if (j < 6) w2 |= unit;
      else w3 |= unit;
    }
    block(w0, w1, w2, w3);
  }
  finish(length);
}

const numberBits = new DataView(new ArrayBuffer(8));

/** Digest of a leaf (anything but an object or array) into r0..r3, as canonicalForm spells leaves. */
function leafDigest(value: unknown): void {
  switch (typeof value) {
    case 'string':
      stringDigest(value, STRING);
      return;
    case 'number':
      if (Number.isFinite(value)) {
        // -0 is 0, as in JSON; little-endian IEEE-754 bits: the same on every machine.
        numberBits.setFloat64(0, value === 0 ? 0 : value, true);
        start(NUMBER);
        block(numberBits.getInt32(0, true), numberBits.getInt32(4, true), 0, 0);
        finish(8);
      } else {
        // NaN and the infinities are spelled as strings by canonicalForm: their own values here.
        start(OTHER);
        block(Number.isNaN(value) ? 3 : value > 0 ? 4 : 5, 0, 0, 0);
        finish(4);
      }
      return;
    case 'boolean':
      start(OTHER);
      block(value ? 1 : 2, 0, 0, 0);
      finish(4);
      return;
    case 'bigint':
      stringDigest(`${value.toString()}n`, OTHER);
      return;
    default:
      // null, and what JSON writes as null (undefined in an array, symbols).
      start(OTHER);
      block(0, 0, 0, 0);
      finish(4);
  }
}

/** Digest of any value into r0..r3. */
function valueDigest(value: unknown): void {
  if (value === null || typeof value !== 'object') {
    leafDigest(value);
    return;
  }
  const node = nodeDigest(value);
  r0 = node.f0;
  r1 = node.f1;
  r2 = node.f2;
  r3 = node.f3;
}

/** Digest of one entry (key, value) into r0..r3. An array's key is its index. */
function entryDigest(key: string | number, value: unknown): void {
  valueDigest(value);
  const v0 = r0;
  const v1 = r1;
  const v2 = r2;
  const v3 = r3;
  if (typeof key === 'number') {
    start(KEY);
    block(key, 0, 0, 0);
    finish(4);
  } else stringDigest(key, KEY);
  start(ENTRY);
  block(r0, r1, r2, r3);
  block(v0, v1, v2, v3);
  finish(32);
}

function finalize(node: NodeDigest): NodeDigest {
  start(node.array ? ARRAY : OBJECT);
  block(node.count, 0, 0, 0);
  block(node.s0, node.s1, node.s2, node.s3);
  finish(20);
  node.f0 = r0;
  node.f1 = r1;
  node.f2 = r2;
  node.f3 = r3;
  return node;
}

/** Whether a value counts as an object's entry (JSON drops undefined and functions). */
function present(value: unknown): boolean {
  return value !== undefined && typeof value !== 'function';
}

function fullDigest(value: object): NodeDigest {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let count = 0;
  let keys: number;
  const array = Array.isArray(value);
  if (array) {
    keys = count = value.length;
    for (let i = 0; i < value.length; i++) {
      entryDigest(i, value[i]);
      s0 = (s0 + r0) | 0;
      s1 = (s1 + r1) | 0;
      s2 = (s2 + r2) | 0;
      s3 = (s3 + r3) | 0;
    }
  } else {
    const record = value as Record<string, unknown>;
    const names = Object.keys(record);
    keys = names.length;
    for (const key of names) {
      const item = record[key];
      if (!present(item)) continue;
      entryDigest(key, item);
      s0 = (s0 + r0) | 0;
      s1 = (s1 + r1) | 0;
      s2 = (s2 + r2) | 0;
      s3 = (s3 + r3) | 0;
      count++;
    }
  }
  return finalize(new NodeDigest(s0, s1, s2, s3, count, keys, array));
}

/** The digest of an object or array: remembered for a frozen one. */
function nodeDigest(value: object): NodeDigest {
  const known = digests.get(value);
  if (known !== undefined) return known;
  const digest = fullDigest(value);
  // Only a frozen object is known never to change under the remembered digest.
  if (Object.isFrozen(value)) digests.set(value, digest);
  return digest;
}

/** Two hex digits per byte value (Number#toString(16) costs ~0.3-1 µs a call in V8). */
const BYTE_HEX = Array.from({ length: 256 }, (_, i) => (i + 0x100).toString(16).slice(1));

function hex(value: number): string {
  return BYTE_HEX[(value >>> 24) & 0xff] + BYTE_HEX[(value >>> 16) & 0xff] + BYTE_HEX[(value >>> 8) & 0xff] + BYTE_HEX[value & 0xff];
}

/** The digest of a JSON value as 32 hex characters. */
export function stateDigest(value: unknown): string {
  valueDigest(value);
  return hex(r0) + hex(r1) + hex(r2) + hex(r3);
}

/** Whether the digest of a frozen object is already known (then a write's copies are digested as they are made). */
export function hasDigest(value: object): boolean {
  return digests.has(value);
}

/** An array index of a key, or -1 (the "length" key of a draft's array, symbols). */
function indexOf(key: PropertyKey): number {
  if (typeof key === 'number') return Number.isInteger(key) && key >= 0 ? key : -1;
  if (typeof key !== 'string') return -1;
  const n = Number(key);
  return Number.isInteger(n) && n >= 0 && String(n) === key ? n : -1;
}

/** Keys already applied by one `deriveDigest` (its lists are tiny: a linear check). */
const applied: Array<string | number> = [];

/**
 * Remembers the digest of `copy`, a frozen new version of the frozen `base`, from the base's
 * (when known) and the keys whose values may differ: `changed` must hold every key added, removed
 * or replaced (extra keys and repeats are harmless). An array's indexes past the shorter of the
 * two lengths count as changed by themselves. Costs the changed entries, not the width.
 */
export function deriveDigest(base: object, copy: object, changed: readonly PropertyKey[]): void {
  const from = digests.get(base);
  if (from === undefined || digests.has(copy)) return;
  const array = from.array;
  if (array !== Array.isArray(copy)) return;
  const node = new NodeDigest(from.s0, from.s1, from.s2, from.s3, from.count, from.keys, array);
  applied.length = 0;
  if (array) {
    const before = base as unknown[];
    const after = copy as unknown[];
    for (const key of changed) {
      const index = indexOf(key);
      if (index >= 0 && index < Math.min(before.length, after.length)) applyIndex(node, before, after, index);
    }
    for (let i = Math.min(before.length, after.length); i < Math.max(before.length, after.length); i++) applyIndex(node, before, after, i);
    node.keys = node.count = after.length;
  } else {
    const before = base as Record<string, unknown>;
    const after = copy as Record<string, unknown>;
    for (const key of changed) if (typeof key === 'string') applyKey(node, before, after, key);
  }
  digests.set(copy, finalize(node));
}

function subtract(node: NodeDigest): void {
  node.s0 = (node.s0 - r0) | 0;
  node.s1 = (node.s1 - r1) | 0;
  node.s2 = (node.s2 - r2) | 0;
  node.s3 = (node.s3 - r3) | 0;
}

function add(node: NodeDigest): void {
  node.s0 = (node.s0 + r0) | 0;
  node.s1 = (node.s1 + r1) | 0;
  node.s2 = (node.s2 + r2) | 0;
  node.s3 = (node.s3 + r3) | 0;
}

function applyIndex(node: NodeDigest, before: readonly unknown[], after: readonly unknown[], index: number): void {
  if (applied.includes(index)) return;
  applied.push(index);
  const old = before[index];
  const now = after[index];
  if (old === now && index < before.length && index < after.length) return;
  if (index < before.length) {
    entryDigest(index, old);
    subtract(node);
  }
  if (index < after.length) {
    entryDigest(index, now);
    add(node);
  }
}

function applyKey(node: NodeDigest, before: Record<string, unknown>, after: Record<string, unknown>, key: string): void {
  if (applied.includes(key)) return;
  applied.push(key);
  const hadKey = Object.hasOwn(before, key);
  const hasKey = Object.hasOwn(after, key);
  const old = hadKey ? before[key] : undefined;
  const now = hasKey ? after[key] : undefined;
  if (hadKey === hasKey && old === now) return;
  node.keys += (hasKey ? 1 : 0) - (hadKey ? 1 : 0);
  if (present(old)) {
    entryDigest(key, old);
    subtract(node);
    node.count--;
  }
  if (present(now)) {
    entryDigest(key, now);
    add(node);
    node.count++;
  }
}

/** Own enumerable keys the digest of a frozen object counted (its length for an array), or -1 when unknown. */
export function knownKeyCount(value: object): number {
  return digests.get(value)?.keys ?? -1;
}
