import type { JsonSchema } from '../../core/index.js';

/**
 * The guard schema of a tool's input: one ajv pass that, when it accepts, proves what the call
 * path otherwise checks in two steps (a walk over the arguments for their size, depth and
 * surrogates, then the schema with lengths in code units). It exists only for closed, bounded
 * schemas, where every object lists its properties and forbids others, every string and array has a
 * length limit, and those limits add up to at most the argument budget: then arguments it accepts
 * can be neither too large nor too deep, and the walk has nothing to find.
 *
 * Lengths: the guard counts UTF-16 code units (ajv's character count walks every string). A count
 * in code units is never below the count in characters, so a maxLength met in code units is met in
 * characters; and a string of at least 2·m code units has at least m characters, so the guard asks
 * for twice each minLength. Arguments it refuses (also those a short string with a surrogate pair
 * would pass exactly) go the full way, which gives the same answers and messages as without it.
 */

/** Keywords the bound understands; a schema with any other keyword gets no guard. */
const KNOWN = new Set([
  'type', 'properties', 'required', 'additionalProperties', 'items', 'minItems', 'maxItems', 'uniqueItems',
  'minLength', 'maxLength', 'pattern', 'format', 'enum', 'const', 'minimum', 'maximum', 'exclusiveMinimum',
  'exclusiveMaximum', 'multipleOf', 'description', 'title', 'examples', 'deprecated', 'readOnly', 'writeOnly',
  'formatMinimum', 'formatMaximum', 'formatExclusiveMinimum', 'formatExclusiveMaximum',
]);

/**
 * The most the argument walk can count (its measure: a string's code units + 2, 8 for any other
 * scalar, 2 per array or object plus each key's length + 4) for data valid against `schema` with
 * lengths in code units, or Infinity where the schema does not bound it; Infinity also past
 * `depthLeft` levels of nesting.
 */
export function argumentBound(schema: unknown, depthLeft: number): number {
  if (depthLeft < 0 || schema === null || typeof schema !== 'object' || Array.isArray(schema)) return Infinity;
  const s = schema as JsonSchema;
  for (const key of Object.keys(s)) if (!KNOWN.has(key)) return Infinity;
  if (Array.isArray(s.enum) && s.enum.every((v) => typeof v === 'string')) return Math.max(0, ...(s.enum as string[]).map((v) => v.length)) + 2;
  if (typeof s.const === 'string') return s.const.length + 2;
  const types = typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? (s.type as unknown[]) : [];
  if (types.length === 0) return Infinity;
  let bound = 0;
  for (const type of types) {
    let one: number;
    // A full-date (YYYY-MM-DD: core/schema.ts's isFullDate accepts ten characters only).
    if (type === 'string') one = typeof s.maxLength === 'number' ? s.maxLength + 2 : s.format === 'date' ? 12 : Infinity;
    else if (type === 'number' || type === 'integer' || type === 'boolean' || type === 'null') one = 8;
    else if (type === 'array') {
      one = typeof s.maxItems === 'number' ? 2 + s.maxItems * argumentBound(s.items, depthLeft - 1) : Infinity;
    } else if (type === 'object') {
      if (s.additionalProperties !== false) return Infinity;
      one = 2;
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      for (const [key, property] of Object.entries(properties)) one += key.length + 4 + argumentBound(property, depthLeft - 1);
    } else one = Infinity;
    bound = Math.max(bound, one);
  }
  return bound;
}

/** `schema` with every minLength doubled (see the header), as a new object; the rest shared. */
export function doubledMinLengths(schema: unknown): unknown {
  if (schema === null || typeof schema !== 'object') return schema;
  if (Array.isArray(schema)) return schema.map(doubledMinLengths);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    // `enum`, `const` and `examples` hold data, not schemas.
    if (key === 'enum' || key === 'const' || key === 'examples') out[key] = value;
    else if (key === 'minLength' && typeof value === 'number') out[key] = 2 * value;
    else if (key === 'properties' && value !== null && typeof value === 'object') {
      const properties: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(value)) properties[name] = doubledMinLengths(property);
      out[key] = properties;
    } else out[key] = typeof value === 'object' ? doubledMinLengths(value) : value;
  }
  return out;
}

/**
 * The guard schema of a tool input (see the header), or undefined when the input is not closed and
 * bounded within `maxBytes` and `maxDepth`.
 */
export function guardSchema(input: JsonSchema, maxBytes: number, maxDepth: number): JsonSchema | undefined {
  return argumentBound(input, maxDepth) <= maxBytes ? (doubledMinLengths(input) as JsonSchema) : undefined;
}
