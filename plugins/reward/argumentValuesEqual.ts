/** What "equal" means for argument values. */
export interface ValueEquality {
  /**
   * `normalized` (default): strings are equal after Unicode NFC, trimming, collapsing runs of
   * whitespace to one space and lower-casing (locale-independent). `exact`: code-unit equality.
   */
  strings: 'normalized' | 'exact';
  /** `unordered` (default): arrays are equal as multisets. `ordered`: element by element. */
  arrays: 'unordered' | 'ordered';
  /** Numbers are equal when |a − b| ≤ tolerance · max(1, |a|, |b|) (default 1e-9). */
  tolerance: number;
}

export const DEFAULT_VALUE_EQUALITY: Readonly<ValueEquality> = Object.freeze({ strings: 'normalized', arrays: 'unordered', tolerance: 1e-9 });

/**
 * Whether `text` is already its own normal form: printable ASCII without upper-case letters,
 * without whitespace at either end and without a run of whitespace (or any whitespace but a
 * single space). ASCII is its own NFC, so such a string needs no work — the common case.
 */
function isNormalAscii(text: string): boolean {
  const n = text.length;
  if (n === 0) return true;
  if (text.charCodeAt(0) === 32 || text.charCodeAt(n - 1) === 32) return false;
  let previousSpace = false;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) {
      if (previousSpace) return false;
      previousSpace = true;
    } else {
      if (c < 33 || c > 126 || (c >= 65 && c <= 90)) return false;
      previousSpace = false;
    }
  }
  return true;
}

/**
 * Whether `text` is printable ASCII without whitespace at either end and without a run of
 * whitespace: its normal form is its lower case, so two such strings can be compared in place.
 */
function isSimpleAscii(text: string): boolean {
  const n = text.length;
  if (n === 0) return true;
  if (text.charCodeAt(0) === 32 || text.charCodeAt(n - 1) === 32) return false;
  let previousSpace = false;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) {
      if (previousSpace) return false;
      previousSpace = true;
    } else {
      if (c < 33 || c > 126) return false;
      previousSpace = false;
    }
  }
  return true;
}

/** Equality of two printable ASCII strings ignoring the case of letters (what lower-casing both would give), without allocating. */
function asciiEqualIgnoringCase(a: string, b: string): boolean {
  const n = a.length;
  if (n !== b.length) return false;
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 65 && x <= 90) x += 32;
    if (y >= 65 && y <= 90) y += 32;
    if (x !== y) return false;
  }
  return true;
}

function normalize(text: string): string {
  if (isNormalAscii(text)) return text;
  return text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Whether a model's argument value equals the ground truth's. JSON types must agree: the string
 * "1" is not the number 1 and "true" is not true (the schema level of validity is where types
 * are judged, and a value of the wrong type is not the right value). 1 and 1.0 are the same JSON
 * number. Objects are equal when they have the same keys with equal values; null equals only
 * null; an absent key is not a null one.
 */
export function argumentValuesEqual(a: unknown, b: unknown, equality: ValueEquality = DEFAULT_VALUE_EQUALITY): boolean {
  if (a === b) return true;
  const type = typeof a;
  if (type !== typeof b) return false;
  if (type === 'number') {
    const x = a as number;
    const y = b as number;
    return Math.abs(x - y) <= equality.tolerance * Math.max(1, Math.abs(x), Math.abs(y));
  }
  if (type === 'string') {
    if (equality.strings !== 'normalized') return false;
    const x = a as string;
    const y = b as string;
    // The common case, both printable ASCII already trimmed and single-spaced: their normal forms are their lower cases.
    if (isSimpleAscii(x) && isSimpleAscii(y)) return asciiEqualIgnoringCase(x, y);
    return normalize(x) === normalize(y);
  }
  if (type !== 'object' || a === null || b === null) return false;
  const arrayA = Array.isArray(a);
  if (arrayA !== Array.isArray(b)) return false;
  if (arrayA) {
    const xs = a as unknown[];
    const ys = b as unknown[];
    if (xs.length !== ys.length) return false;
    if (equality.arrays === 'ordered') {
      for (let i = 0; i < xs.length; i++) if (!argumentValuesEqual(xs[i], ys[i], equality)) return false;
      return true;
    }
    const taken = new Uint8Array(ys.length);
    for (let i = 0; i < xs.length; i++) {
      let found = false;
      for (let j = 0; j < ys.length && !found; j++) {
        if (taken[j] === 0 && argumentValuesEqual(xs[i], ys[j], equality)) {
          taken[j] = 1;
          found = true;
        }
      }
      if (!found) return false;
    }
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let count = 0;
  for (const key in x) {
    if (!Object.hasOwn(x, key)) continue;
    if (!Object.hasOwn(y, key) || !argumentValuesEqual(x[key], y[key], equality)) return false;
    count++;
  }
  for (const key in y) if (Object.hasOwn(y, key)) count--;
  return count === 0;
}
