/**
 * The kit's copy-on-write rests on one invariant: every object and array in a session's state is
 * frozen (a draft edits unfrozen data in place, as new data of its own call, so an unfrozen object
 * left in a state could be changed under every snapshot sharing it). Objects found deeply frozen
 * are remembered (a frozen object never changes), so checking after every call walks only what the
 * call made.
 */
const verified = new WeakSet<object>();

/** The path of an object or array in `value` that is not frozen, or undefined when all are. */
export function unfrozenPath(value: unknown, path = 'state'): string | undefined {
  if (value === null || typeof value !== 'object' || verified.has(value)) return undefined;
  if (!Object.isFrozen(value)) return path;
  for (const key of Object.keys(value)) {
    const found = unfrozenPath((value as Record<string, unknown>)[key], Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`);
    if (found !== undefined) return found;
  }
  verified.add(value);
  return undefined;
}
