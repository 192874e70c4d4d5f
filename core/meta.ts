/**
 * A typed key into a payload's `meta` record (`SamplingContext.meta`, `GenerationDraft.meta`,
 * `Example.meta`): the plugin that writes a value and the plugins that read it share one declared
 * key instead of casting `meta.x as T` at every site.
 */
export interface MetaKey<T> {
  readonly name: string;
  /** The value under this key, if any. */
  get(meta: Readonly<Record<string, unknown>> | undefined): T | undefined;
  /** A copy of `meta` with this key set (payloads flow through waterfall hooks as new objects). */
  with(meta: Readonly<Record<string, unknown>> | undefined, value: T): Record<string, unknown>;
}

/** Declare a typed meta key; declare it once, next to the plugin that writes it. */
export function defineMetaKey<T>(name: string): MetaKey<T> {
  return Object.freeze({
    name,
    get: (meta: Readonly<Record<string, unknown>> | undefined) => meta?.[name] as T | undefined,
    with: (meta: Readonly<Record<string, unknown>> | undefined, value: T) => ({ ...meta, [name]: value }),
  });
}
