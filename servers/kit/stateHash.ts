import { hash } from 'node:crypto';

/**
 * Canonical hashing of JSON state: sorted keys, JSON's shortest round-trip numbers, strings as JSON
 * escapes them — the same bytes in every process, machine and timezone.
 *
 * Every object or array has a canonical form: its canonical JSON when that is short, else `#` and
 * the SHA-256 (base64) of that JSON with its children in their own canonical forms. The form is
 * remembered per frozen object, so after a copy-on-write update only the path from the root to the
 * changed node is rebuilt; the shared, unchanged subtrees cost nothing. Both forms are
 * self-delimiting (JSON, or `#` plus 44 characters), so a parent's text encodes its children
 * unambiguously.
 */
const forms = new WeakMap<object, string>();

/** Nodes whose canonical JSON is at most this long are kept inline instead of hashed. */
const INLINE_LIMIT = 64;

function leaf(value: unknown): string {
  switch (typeof value) {
    case 'number':
      // JSON has no NaN/Infinity; spell them so that they still differ from null. -0 prints as 0.
      return Number.isFinite(value) ? JSON.stringify(value) : `"${String(value)}"`;
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'bigint':
      return `"${value.toString()}n"`;
    default:
      return 'null';
  }
}

/** The canonical form of a JSON value (see above). */
export function canonicalForm(value: unknown): string {
  if (value === null || typeof value !== 'object') return leaf(value);
  const known = forms.get(value);
  if (known !== undefined) return known;
  let body: string;
  if (Array.isArray(value)) {
    body = '[';
    for (let i = 0; i < value.length; i++) body += (i === 0 ? '' : ',') + canonicalForm(value[i]);
    body += ']';
  } else {
    const record = value as Record<string, unknown>;
    body = '{';
    let first = true;
    for (const key of Object.keys(record).sort()) {
      const item = record[key];
      // Like JSON: a key whose value is undefined (or a function) does not exist.
      if (item === undefined || typeof item === 'function') continue;
      body += (first ? '' : ',') + JSON.stringify(key) + ':' + canonicalForm(item);
      first = false;
    }
    body += '}';
  }
  const form = body.length <= INLINE_LIMIT ? body : `#${hash('sha256', body, 'base64')}`;
  // Only a frozen object is known never to change under the remembered form.
  if (Object.isFrozen(value)) forms.set(value, form);
  return form;
}

/** Canonical SHA-256 of a JSON value, as 64 hex characters. */
export function canonicalHash(value: unknown): string {
  return hash('sha256', canonicalForm(value), 'hex');
}
