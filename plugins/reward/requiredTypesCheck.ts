import type { JsonSchema } from '../../core/index.js';

/** A yes/no check of a call's arguments (a plain object). */
export type ArgumentCheck = (args: Record<string, unknown>) => boolean;

// JSON types as bits. An integer-valued number is both an integer and a number.
const NULL = 1;
const BOOLEAN = 2;
const STRING = 4;
const NUMBER = 8;
const INTEGER = 16;
const ARRAY = 32;
const OBJECT = 64;
const ANY = 127;
const BY_NAME: Readonly<Record<string, number>> = { null: NULL, boolean: BOOLEAN, string: STRING, number: NUMBER | INTEGER, integer: INTEGER, array: ARRAY, object: OBJECT };

/** The JSON type bits of a value: what a declared type must include for the value to be compatible. */
function typeOf(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return STRING;
    case 'boolean':
      return BOOLEAN;
    case 'number':
      return Number.isInteger(value) ? INTEGER : NUMBER;
    case 'object':
      return value === null ? NULL : Array.isArray(value) ? ARRAY : OBJECT;
    default:
      return 0;
  }
}

/**
 * The types a property schema accepts, as bits: its `type` (one name or a list); else the types
 * of its `const` / `enum` values; else the union over `anyOf` / `oneOf` branches; else any type.
 * `number` accepts integers; `integer` accepts only integer-valued numbers.
 */
function acceptedTypes(schema: unknown): number {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return ANY;
  const s = schema as JsonSchema;
  if (typeof s.type === 'string') return BY_NAME[s.type] ?? ANY;
  if (Array.isArray(s.type)) {
    let bits = 0;
    for (const name of s.type) bits |= typeof name === 'string' ? (BY_NAME[name] ?? ANY) : ANY;
    return bits || ANY;
  }
  if (Object.hasOwn(s, 'const')) return typeOf(s.const) === INTEGER ? INTEGER | NUMBER : typeOf(s.const) || ANY;
  if (Array.isArray(s.enum) && s.enum.length > 0) {
    let bits = 0;
    for (const value of s.enum) bits |= typeOf(value) === INTEGER ? INTEGER | NUMBER : typeOf(value);
    return bits || ANY;
  }
  const branches = Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : undefined;
  if (branches && branches.length > 0) {
    let bits = 0;
    for (const branch of branches) bits |= acceptedTypes(branch);
    return bits;
  }
  return ANY;
}

/** A value is compatible with accepted types when one of its type bits is accepted (an integer-valued 2.0 is an integer). */
function compatible(value: unknown, accepted: number): boolean {
  const type = typeOf(value);
  if (type === INTEGER) return (accepted & (INTEGER | NUMBER)) !== 0;
  return (accepted & type) !== 0;
}

const cache = new WeakMap<object, ArgumentCheck>();

/** Keys that every plain object inherits (`constructor`, `toString`, `__proto__`, …). */
const INHERITED_KEYS: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * The paper's validity level 2: "all required parameters are present with compatible JSON types".
 * Each key of the schema's `required` must be present, and its value's JSON type must be one the
 * property's schema declares (no coercion: `"2"` is not an integer). Nothing else is checked:
 * extra keys, optional keys and value constraints (enum members, patterns, ranges) are left to
 * execution, the third level. Built once per schema object.
 */
export function requiredTypesCheck(schema: JsonSchema): ArgumentCheck {
  const known = cache.get(schema);
  if (known) return known;
  const required = Array.isArray(schema.required) ? schema.required.filter((k): k is string => typeof k === 'string') : [];
  const properties = schema.properties !== null && typeof schema.properties === 'object' ? (schema.properties as Record<string, unknown>) : {};
  const keys = required;
  const accepted = required.map((key) => (Object.hasOwn(properties, key) ? acceptedTypes(properties[key]) : ANY));
  // A key every object inherits (`constructor`, …) is read even when absent: only those need `hasOwn` for a value that is not undefined.
  const inherited = required.map((key) => INHERITED_KEYS.has(key));
  const count = keys.length;
  const check: ArgumentCheck = (args) => {
    for (let k = 0; k < count; k++) {
      const key = keys[k];
      // One keyed read: a plain object's key that reads as undefined may be absent or hold undefined.
      const value = args[key];
      if ((value === undefined || inherited[k]) && !Object.hasOwn(args, key)) return false;
      const types = accepted[k];
      if (types !== ANY && !compatible(value, types)) return false;
    }
    return true;
  };
  cache.set(schema, check);
  return check;
}
