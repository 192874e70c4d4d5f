import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { JsonSchema } from './types.js';
import { preview } from './errors.js';

// ajv-formats is CommonJS with a default export; under NodeNext it arrives wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

/** One schema problem, in words a person (or a model) can act on. */
export interface SchemaProblem {
  /** Path of the offending value, e.g. `amount` or `items[2].sku`; empty for the root. */
  key: string;
  value: unknown;
  /** What is allowed there. */
  allowed: string;
}

/**
 * A shared Ajv instance. `useDefaults` fills option defaults; `coerceTypes` stays off so that a
 * string "12" is never silently taken for a number. `codeUnitLengths` makes minLength/maxLength
 * count UTF-16 code units instead of characters: the same answer for any string without a
 * surrogate pair, several times faster (see `compileSchema`).
 */
export function createAjv(options: { useDefaults?: boolean; allErrors?: boolean; codeUnitLengths?: boolean } = {}): Ajv {
  const ajv = new Ajv({
    allErrors: options.allErrors ?? true,
    useDefaults: options.useDefaults ?? false,
    strict: false,
    allowUnionTypes: true,
    // Errors carry their parent schema, so messages can list the allowed keys and values.
    verbose: true,
    ...(options.codeUnitLengths ? { unicode: false, logger: quietAboutUnicode } : {}),
  });
  addFormats(ajv);
  // ajv-formats' full-date check runs a regular expression with captures (~120 ns); this one
  // answers the same for every string in ~20 ns (its comparison for formatMinimum/Maximum is kept).
  const date = ajv.formats.date;
  if (date !== undefined && typeof date === 'object' && 'validate' in date) ajv.addFormat('date', { ...date, validate: isFullDate } as typeof date);
  return ajv;
}

const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number written by `count` ASCII digits at `at`, or -1 where one is not a digit. */
function digitsAt(text: string, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** An RFC 3339 full-date (YYYY-MM-DD, a real day of the Gregorian calendar), as ajv-formats' `date` judges it. */
export function isFullDate(text: string): boolean {
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return false;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month]);
}

/** ajv's logger, minus its notice that the `unicode` option is deprecated (it still works in ajv 8). */
const quietAboutUnicode = {
  log: (...args: unknown[]) => console.log(...args),
  warn: (...args: unknown[]) => {
    if (!String(args[0]).includes('option unicode')) console.warn(...args);
  },
  error: (...args: unknown[]) => console.error(...args),
};

const sharedAjvs = new Map<string, Ajv>();

/**
 * Compile once; the returned function is what hot paths call. With `codeUnitLengths`, string
 * lengths are counted in UTF-16 code units (ajv's character count walks each string in JavaScript:
 * 0.7 µs against 0.07 for a calendar event's arguments): exact only for data whose strings hold
 * no surrogate pairs, so keep the exact validator for the rest (DomainSession does). With
 * `firstErrorOnly`, validation stops at the first problem (for pass/fail gates whose errors are not shown).
 */
export function compileSchema(schema: JsonSchema, options: { useDefaults?: boolean; codeUnitLengths?: boolean; firstErrorOnly?: boolean } = {}): ValidateFunction {
  const key = `${options.useDefaults === true}|${options.codeUnitLengths === true}|${options.firstErrorOnly === true}`;
  let ajv = sharedAjvs.get(key);
  if (ajv === undefined) {
    ajv = createAjv({ useDefaults: options.useDefaults, codeUnitLengths: options.codeUnitLengths, allErrors: options.firstErrorOnly !== true });
    sharedAjvs.set(key, ajv);
  }
  return ajv.compile(schema);
}

function joinPath(instancePath: string, extra?: string): string {
  const parts = instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) parts.push(extra);
  let out = '';
  for (const part of parts) out += /^\d+$/.test(part) ? `[${part}]` : out === '' ? part : `.${part}`;
  return out;
}

function valueAt(data: unknown, instancePath: string): unknown {
  let current = data;
  for (const raw of instancePath.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isInteger(value)) return 'integer';
  return typeof value;
}

/** Turn Ajv errors into problems that say what was wrong and what is valid. */
export function explainSchemaErrors(errors: readonly ErrorObject[] | null | undefined, data: unknown): SchemaProblem[] {
  if (!errors) return [];
  const problems: SchemaProblem[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const p = error.params as Record<string, unknown>;
    let key = joinPath(error.instancePath);
    let value = valueAt(data, error.instancePath);
    let allowed: string;
    switch (error.keyword) {
      case 'required':
        key = joinPath(error.instancePath, String(p.missingProperty));
        value = undefined;
        allowed = 'is required';
        break;
      case 'additionalProperties': {
        key = joinPath(error.instancePath, String(p.additionalProperty));
        value = (value as Record<string, unknown> | undefined)?.[String(p.additionalProperty)];
        const props = Object.keys(((error.parentSchema as JsonSchema | undefined)?.properties as Record<string, unknown>) ?? {});
        allowed = `unknown key; allowed keys: ${props.length ? props.join(', ') : '(none)'}`;
        break;
      }
      case 'enum':
        allowed = `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
        break;
      case 'const':
        allowed = `must be ${JSON.stringify(p.allowedValue)}`;
        break;
      case 'type':
        allowed = `must be ${String(p.type).replace(/,/g, ' or ')}, got ${describeType(value)}`;
        break;
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
        allowed = `must be ${String(p.comparison)} ${String(p.limit)}`;
        break;
      case 'minLength':
      case 'maxLength':
        allowed = `length ${error.keyword === 'minLength' ? 'at least' : 'at most'} ${String(p.limit)} characters, got ${typeof value === 'string' ? value.length : '?'}`;
        break;
      case 'minItems':
      case 'maxItems':
        allowed = `${error.keyword === 'minItems' ? 'at least' : 'at most'} ${String(p.limit)} items, got ${Array.isArray(value) ? value.length : '?'}`;
        break;
      case 'pattern':
        allowed = `must match the pattern ${String(p.pattern)}`;
        break;
      case 'format':
        allowed = `must be a valid ${String(p.format)}`;
        break;
      case 'anyOf':
      case 'oneOf':
        allowed = error.keyword === 'oneOf' ? 'must match exactly one of the allowed forms' : 'must match one of the allowed forms';
        break;
      default:
        allowed = error.message ?? `fails "${error.keyword}"`;
    }
    const id = `${key}|${allowed}`;
    if (seen.has(id)) continue;
    seen.add(id);
    problems.push({ key, value, allowed });
  }
  return problems;
}

/** Render problems as one line each: `key = value: allowed`. */
export function formatSchemaProblems(problems: readonly SchemaProblem[], root = 'value'): string {
  return problems
    .map((problem) => {
      const key = problem.key === '' ? root : problem.key;
      return problem.value === undefined ? `${key} ${problem.allowed}` : `${key} = ${preview(problem.value)}: ${problem.allowed}`;
    })
    .join('; ');
}
