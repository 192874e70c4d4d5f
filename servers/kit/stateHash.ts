import { createHash } from 'node:crypto';

/**
 * Canonical hashing of JSON state: sorted keys, JSON's shortest round-trip numbers, UTF-16 strings
 * as JSON escapes them — the same bytes in every process, machine and timezone.
 *
 * Every object or array is hashed on its own and its parent hashes the child's digest, so a
 * digest can be remembered per frozen object: after a copy-on-write update only the path from the
 * root to the changed node is hashed again; the shared, unchanged subtrees cost nothing.
 */
const digests = new WeakMap<object, Buffer>();

const OBJECT_OPEN = Buffer.from('{');
const ARRAY_OPEN = Buffer.from('[');
const CHILD = Buffer.from('#');
const SEPARATOR = Buffer.from(',');

function leaf(value: unknown): string {
  switch (typeof value) {
    case 'number':
      // JSON has no NaN/Infinity; spell them so that they still hash apart from null. -0 prints as 0.
      return Number.isFinite(value) ? JSON.stringify(value) : `"${String(value)}"`;
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'bigint':
      return `${value.toString()}n`;
    default:
      return 'null';
  }
}

/** The 32-byte SHA-256 digest of a JSON value in canonical form. */
export function canonicalDigest(value: unknown): Buffer {
  if (value === null || typeof value !== 'object') return createHash('sha256').update(leaf(value)).digest();
  const known = digests.get(value);
  if (known !== undefined) return known;
  const hash = createHash('sha256');
  if (Array.isArray(value)) {
    hash.update(ARRAY_OPEN);
    for (const item of value) {
      if (item !== null && typeof item === 'object') hash.update(CHILD).update(canonicalDigest(item));
      else hash.update(leaf(item));
      hash.update(SEPARATOR);
    }
  } else {
    hash.update(OBJECT_OPEN);
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record).sort()) {
      const item = record[key];
      // Like JSON: a key whose value is undefined (or a function) does not exist.
      if (item === undefined || typeof item === 'function') continue;
      hash.update(JSON.stringify(key)).update(':');
      if (item !== null && typeof item === 'object') hash.update(CHILD).update(canonicalDigest(item));
      else hash.update(leaf(item));
      hash.update(SEPARATOR);
    }
  }
  const digest = hash.digest();
  // Only a frozen object is known never to change under the remembered digest.
  if (Object.isFrozen(value)) digests.set(value, digest);
  return digest;
}

/** Canonical SHA-256 of a JSON value, as 64 hex characters. */
export function canonicalHash(value: unknown): string {
  return canonicalDigest(value).toString('hex');
}
