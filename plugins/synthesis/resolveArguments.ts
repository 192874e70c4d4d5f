import type { JsonSchema } from '../../core/index.js';
import type { SynthesisRandom } from './SynthesisRandom.js';
import type { ToolFacts } from './ToolCatalog.js';
import { isIdField, nounOfField, singular, stripRolePrefix, type PoolRecord, type ValueOrigin, type ValuePool } from './valuePool.js';

/** Where one argument value came from: an entity (sampled or an earlier result), an enum, or made up from the schema. */
export type ArgumentSource =
  /** `byLabel`: the user names the entity by its label and a read-only lookup just before found its id (origin: that lookup). */
  | { kind: 'entity'; origin: ValueOrigin; noun: string; label?: string; byLabel?: boolean }
  | { kind: 'enum' }
  | { kind: 'literal' }
  /** The signed-in user (a domain's `principal`): the system message says who it is; the user never does. */
  | { kind: 'principal' };

/** Arguments for one call, and where each top-level argument came from. */
export interface ResolvedArguments {
  arguments: Record<string, unknown>;
  sources: Record<string, ArgumentSource>;
}

/** What the resolver may use. */
export interface ResolveContext {
  /** Results of earlier calls of this conversation (newest last). */
  outputs: ValuePool;
  /** Entities of the sampling context. */
  sample: ValuePool;
  /** Id-like values already chosen in this conversation (customer, home …): new choices must agree with them. */
  bindings: Map<string, unknown>;
  /** The session clock, `YYYY-MM-DD`. */
  today: string;
  rng: SynthesisRandom;
  /** Probability of filling an optional argument that has a grounded value. */
  optionalRate: number;
  /** Values not to use again (a retry after a failure). */
  avoid?: Set<string>;
  /**
   * The signed-in user, by argument name (`{ user_id: 'usr_3' }`): such arguments take this value,
   * and no entity whose field of that name holds another value is offered (one user acts only as themselves).
   */
  principal?: Readonly<Record<string, unknown>>;
}

const MONEY_AMOUNTS = [5, 10, 12.5, 15, 20, 25, 30, 35, 40, 45, 50, 60, 65, 75, 80, 90, 100, 120, 125, 150, 175, 200, 250];
const LIMIT_AMOUNTS = [300, 400, 500, 600, 750, 800, 1000, 1200, 1500, 2000, 2500];
const NAME_WORDS = ['Weekend', 'Morning', 'Evening', 'Family', 'Summer', 'Spring', 'Project', 'Team', 'Holiday', 'Quiet', 'Guest', 'Work'];
const NAME_NOUNS = ['Plan', 'Routine', 'Setup', 'Trip', 'Review', 'Sync', 'Mode', 'Check-in', 'Getaway', 'List'];
const NOTES = ['as discussed', 'thanks', 'for this month', 'see you then', 'please confirm', 'quick follow-up', 'shared costs', 'reminder'];

function addDays(day: string, days: number): string {
  const time = Date.parse(`${day}T00:00:00Z`) + days * 86_400_000;
  return new Date(time).toISOString().slice(0, 10);
}

function typeOf(schema: JsonSchema): string | undefined {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.find((t) => t !== 'null') as string | undefined;
  return undefined;
}

function clamp(value: number, schema: JsonSchema): number {
  let out = value;
  if (typeof schema.minimum === 'number' && out < schema.minimum) out = schema.minimum;
  if (typeof schema.exclusiveMinimum === 'number' && out <= schema.exclusiveMinimum) out = schema.exclusiveMinimum + 1;
  if (typeof schema.maximum === 'number' && out > schema.maximum) out = schema.maximum;
  if (typeof schema.exclusiveMaximum === 'number' && out >= schema.exclusiveMaximum) out = schema.exclusiveMaximum - 1;
  return out;
}

const patterns = new Map<string, RegExp>();

/** A schema's `pattern`, compiled once (schemas are few). */
function patternOf(source: string): RegExp {
  let pattern = patterns.get(source);
  if (pattern === undefined) patterns.set(source, (pattern = new RegExp(source, 'u')));
  return pattern;
}

function matchesType(value: unknown, schema: JsonSchema): boolean {
  const type = typeOf(schema);
  if (Array.isArray(schema.enum) && !schema.enum.includes(value as never)) return false;
  if (type === undefined) return true;
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'number') return typeof value === 'number';
  if (type === 'string') {
    if (typeof value !== 'string') return false;
    if (typeof schema.minLength === 'number' && value.length < schema.minLength) return false;
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) return false;
    if (typeof schema.pattern === 'string' && !patternOf(schema.pattern).test(value)) return false;
    return true;
  }
  if (type === 'boolean') return typeof value === 'boolean';
  return false;
}

/** Fields a value for `argument` may come from, best first. */
function candidateFields(argument: string, schema: JsonSchema): string[] {
  const fields = [argument];
  const base = stripRolePrefix(argument);
  if (base !== argument) fields.push(base);
  if (argument.endsWith('_id') || argument === 'id') {
    const words = typeof schema.description === 'string' ? schema.description.toLowerCase().match(/[a-z]+/g) ?? [] : [];
    for (const word of words) if (word.length > 2 && !fields.includes(`${word}_id`)) fields.push(`${word}_id`);
  }
  if (argument === 'email' || argument.endsWith('_email')) fields.push('email');
  if (argument === 'code') fields.push('code');
  return fields;
}

/** Whether a record belongs to the signed-in user or to no one in particular. */
function agreesWithPrincipal(record: PoolRecord, principal: Readonly<Record<string, unknown>> | undefined): boolean {
  if (principal === undefined) return true;
  for (const [field, value] of Object.entries(principal)) {
    const own = record.fields[field];
    if (own !== undefined && own !== value) return false;
  }
  return true;
}

/** Whether a record agrees with the id-like values already chosen. */
function consistent(record: PoolRecord, bindings: Map<string, unknown>, lookedUp?: string): boolean {
  // Walks the few bindings, not the record's many fields (the same fields are compared).
  for (const [field, bound] of bindings) {
    if (bound === undefined || field === 'id' || field === lookedUp || !isIdField(field) || !Object.hasOwn(record.fields, field)) continue;
    if (record.fields[field] !== bound) return false;
  }
  return true;
}

const MAX_CANDIDATES = 48;

/** Whether a record shares a chosen id (other than the one looked up). */
function relatedTo(record: PoolRecord, bindings: Map<string, unknown>, lookedUp: string): boolean {
  // Record fields are never undefined (extractRecords), so a binding matches only a field the record has.
  for (const [field, bound] of bindings) {
    if (field !== lookedUp && field !== 'id' && isIdField(field) && Object.hasOwn(record.fields, field) && record.fields[field] === bound) return true;
  }
  return false;
}

interface Candidate {
  value: unknown;
  record: PoolRecord;
  field: string;
}

function entityCandidates(pool: ValuePool, fields: readonly string[], schema: JsonSchema, context: ResolveContext, used: Set<unknown>): Candidate[] {
  // Entities that agree with what the conversation already chose; any entity when none does.
  for (const strict of [true, false]) {
    const out: Candidate[] = [];
    const seen = new Set<unknown>();
    for (const field of fields) {
      const records = pool.withField(field);
      // Start at a random place and stop after enough candidates: choosing among 24 is as good as among 2,000.
      const start = records.length > MAX_CANDIDATES ? Math.floor(context.rng.next() * records.length) : 0;
      for (let k = 0; k < records.length && out.length < MAX_CANDIDATES; k++) {
        const record = records[(start + k) % records.length];
        const value = record.fields[field];
        if (seen.has(value) || used.has(value) || !matchesType(value, schema)) continue;
        if (typeof value === 'string' && context.avoid?.has(value)) continue;
        if (strict && !consistent(record, context.bindings, field)) continue;
        if (!agreesWithPrincipal(record, context.principal)) continue;
        seen.add(value);
        out.push({ value, record, field });
      }
      if (out.length > 0) {
        // Entities tied to what the conversation chose (an item of the chosen order) before ones merely not in conflict.
        const related = out.filter((c) => relatedTo(c.record, context.bindings, c.field));
        return related.length > 0 ? related : out;
      }
    }
  }
  return [];
}

const wordsOfTools = new WeakMap<ToolFacts, Set<string>>();

/** The words of a tool's name that say what it acts on (`set_light_state` → light, state). */
function toolWords(tool: ToolFacts): Set<string> {
  let words = wordsOfTools.get(tool);
  if (words === undefined) wordsOfTools.set(tool, (words = new Set(tool.name.split('_').slice(1).filter((word) => word.length > 2))));
  return words;
}

const lowered = new WeakMap<PoolRecord, string[]>();

/** A record's string values in lower case, kept per record (sampled records serve many conversations). */
function lowerStrings(record: PoolRecord): string[] {
  let out = lowered.get(record);
  if (out === undefined) {
    out = [];
    for (const value of Object.values(record.fields)) if (typeof value === 'string') out.push(value.toLowerCase());
    lowered.set(record, out);
  }
  return out;
}

function pickEntity(tool: ToolFacts, argument: string, schema: JsonSchema, context: ResolveContext, used: Set<unknown>): Candidate | undefined {
  const fields = candidateFields(argument, schema);
  const bound = context.bindings.get(argument) ?? context.bindings.get(stripRolePrefix(argument));
  const fromOutputs = entityCandidates(context.outputs, fields, schema, context, used);
  if (bound !== undefined && !used.has(bound)) {
    const own = fromOutputs.find((c) => c.value === bound) ?? entityCandidates(context.sample, fields, schema, context, used).find((c) => c.value === bound);
    if (own) return own;
  }
  // Results of earlier calls come first: that is the explicit edge the chain was built on.
  if (fromOutputs.length > 0 && context.rng.chance(0.9)) {
    const latest = Math.max(...fromOutputs.map((x) => (x.record.origin as { step: number }).step));
    const newest = fromOutputs.filter((c) => c.record.origin.kind === 'output' && c.record.origin.step === latest);
    return context.rng.pick(newest.length > 0 && context.rng.chance(0.7) ? newest : fromOutputs);
  }
  const fromSample = entityCandidates(context.sample, fields, schema, context, used);
  if (fromSample.length > 0) {
    // An entity whose values echo the tool's name fits it best (a "light" for set_light_state, a "thermostat" for set_thermostat).
    const words = toolWords(tool);
    const fitting = fromSample.filter((c) => lowerStrings(c.record).some((value) => words.has(value)));
    return context.rng.pick(fitting.length > 0 && context.rng.chance(0.8) ? fitting : fromSample);
  }
  return fromOutputs.length > 0 ? context.rng.pick(fromOutputs) : undefined;
}

function literalString(argument: string, schema: JsonSchema, tool: ToolFacts, context: ResolveContext, siblings: Record<string, unknown>): string | undefined {
  const { rng } = context;
  const startKey = Object.keys(siblings).find((key) => /(start|from|min|check_in|first|departure)/.test(key) && typeof siblings[key] === 'string');
  const isEnd = /(end|to|until|max|check_out|last|return)/.test(argument);
  // A value shaped like its start is a date too, whatever the schema says.
  const format = schema.format ?? (isEnd && startKey !== undefined && /T\d{2}:/.test(String(siblings[startKey])) ? 'date-time' : undefined);
  const pastRange = tool.readOnly;
  if (format === 'date' || format === 'date-time' || /(^|_)(date|day)$/.test(argument)) {
    let day: string;
    if (isEnd && startKey !== undefined) day = addDays(String(siblings[startKey]).slice(0, 10), rng.int(1, 5));
    else if (pastRange) day = isEnd ? context.today : addDays(context.today, -rng.int(7, 45));
    else day = addDays(context.today, rng.int(2, 40));
    if (format === 'date-time') {
      // An end follows its start by an hour or two on the same day (a meeting, a booking window).
      const start = startKey !== undefined ? String(siblings[startKey]) : undefined;
      if (isEnd && start !== undefined && /T\d{2}:/.test(start)) {
        const time = Date.parse(start);
        if (!Number.isNaN(time)) return new Date(time + rng.pick([30, 60, 60, 90, 120]) * 60_000).toISOString().replace('.000Z', 'Z');
      }
      return `${day}T${String(rng.pick([9, 10, 11, 13, 14, 15, 16])).padStart(2, '0')}:00:00Z`;
    }
    return day;
  }
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : undefined;
  const digits = pattern ? /^\^?(?:\\d|\[0-9\])\{(\d+)(?:,(\d+))?\}\$?$/.exec(pattern) : null;
  if (digits) {
    const length = Number(digits[1]);
    let out = '';
    for (let i = 0; i < length; i++) out += String(rng.int(i === 0 ? 1 : 0, 9));
    return out;
  }
  if (pattern) return undefined;
  if (/(^|_)(name|alias|nickname|summary|title|label)$/.test(argument)) return `${rng.pick(NAME_WORDS)} ${rng.pick(NAME_NOUNS)}`;
  if (/(memo|note|comment|description|reason|message)$/.test(argument)) return rng.pick(NOTES);
  if (/(query|search|keyword|^q$|contains|text)/.test(argument)) {
    const labelled = context.sample.records.filter((r) => r.label !== undefined && consistent(r, context.bindings));
    if (labelled.length === 0) return undefined;
    const words = (rng.pick(labelled).label as string).split(/[\s·,/&-]+/).filter((w) => /^[A-Za-z]{4,}$/.test(w));
    return words.length > 0 ? rng.pick(words) : undefined;
  }
  return undefined;
}

function literalNumber(argument: string, schema: JsonSchema, integer: boolean, context: ResolveContext): number {
  const { rng } = context;
  let value: number;
  if (/(pct|percent)/.test(argument)) value = rng.int(2, 18) * 5;
  else if (/limit$/.test(argument) && !integer) value = rng.pick(LIMIT_AMOUNTS);
  else if (/(amount|price|cost|budget|fee)/.test(argument)) value = rng.pick(MONEY_AMOUNTS);
  else if (/(temperature|temp)/.test(argument)) value = rng.int(18, 24);
  else if (/(kelvin)/.test(argument)) value = rng.pick([2700, 3000, 4000, 5000]);
  else if (/(minutes|duration)/.test(argument)) value = rng.pick([30, 45, 60, 90]);
  else if (/(limit|max_results|page_size)$/.test(argument)) value = rng.pick([5, 10, 20]);
  else if (/offset$/.test(argument)) value = 0;
  else if (/(rating|stars?)/.test(argument)) value = rng.int(3, 4);
  else value = rng.int(1, 2);
  value = clamp(value, schema);
  return integer ? Math.round(value) : value;
}

function resolveValue(
  argument: string,
  schema: JsonSchema,
  tool: ToolFacts,
  context: ResolveContext,
  used: Set<unknown>,
  siblings: Record<string, unknown>,
): { value: unknown; source: ArgumentSource } | undefined {
  const type = typeOf(schema);
  if (type === 'array') {
    const items = (schema.items ?? {}) as JsonSchema;
    const count = Math.max(typeof schema.minItems === 'number' ? schema.minItems : 1, 1);
    const values: unknown[] = [];
    let source: ArgumentSource = { kind: 'literal' };
    const itemName = singular(argument);
    const itemArgument = typeOf(items) === 'string' && !itemName.endsWith('_id') && itemName === argument ? argument : itemName;
    for (let i = 0; i < count + (context.rng.chance(0.3) ? 1 : 0); i++) {
      const item = resolveValue(itemArgument, { ...items, description: items.description ?? schema.description }, tool, context, used, siblings);
      if (item === undefined) break;
      values.push(item.value);
      if (item.value !== null && typeof item.value !== 'object') used.add(item.value);
      if (item.source.kind === 'entity') source = item.source;
    }
    if (values.length < count) return undefined;
    return { value: values, source };
  }
  if (type === 'object') {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
    if (Object.keys(properties).length === 0) return undefined;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(properties)) {
      if (!required.includes(key)) continue;
      const value = resolveValue(key, properties[key], tool, context, used, out);
      if (value === undefined) return undefined;
      out[key] = value.value;
    }
    return { value: out, source: { kind: 'literal' } };
  }
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    // An enum value that a chosen entity already has reads naturally ("my checking accounts").
    const entity = pickEntity(tool, argument, schema, context, used);
    if (entity && context.rng.chance(0.7)) return { value: entity.value, source: { kind: 'enum' } };
    return { value: context.rng.pick(schema.enum), source: { kind: 'enum' } };
  }
  if (type === 'string' && !tool.readOnly && /^(name|alias|nickname|summary|title|label)$/.test(argument) && !Array.isArray(schema.enum)) {
    // A new thing is named like things of its own kind (a payee like a payee), never after some other entity.
    const ownKind = context.sample.withField(argument).filter((record) => record.noun.length > 2 && tool.name.includes(record.noun.replace(/ /g, '_')));
    const named = ownKind.filter((record) => matchesType(record.fields[argument], schema));
    if (named.length > 0) return { value: context.rng.pick(named).fields[argument], source: { kind: 'literal' } };
    const literal = literalString(argument, schema, tool, context, siblings);
    if (literal !== undefined) return { value: literal, source: { kind: 'literal' } };
  }
  const startKey = Object.keys(siblings).find((key) => /(start|from|min|check_in|first|departure)/.test(key));
  const startIsDate = startKey !== undefined && typeof siblings[startKey] === 'string' && /^\d{4}-\d{2}-\d{2}/.test(siblings[startKey] as string);
  if (type === 'string' && startIsDate && /(end|to|until|max|check_out|last|return)/.test(argument)) {
    // An end is chosen after its start, never taken from another entity.
    const literal = literalString(argument, schema, tool, context, siblings);
    if (literal !== undefined) return { value: literal, source: { kind: 'literal' } };
  }
  if (type === 'string' || type === 'integer' || type === 'number' || type === undefined) {
    const entity = type === 'string' || type === undefined || isIdField(argument) ? pickEntity(tool, argument, schema, context, used) : undefined;
    if (entity) {
      // The record's label names the record itself: only an argument that takes the record's own id may be called by it.
      const own = entity.field === 'id' || nounOfField(entity.field) === entity.record.noun;
      const source: ArgumentSource = { kind: 'entity', origin: entity.record.origin, noun: own ? entity.record.noun : nounOfField(argument) };
      if (own && entity.record.label !== undefined && isIdField(argument)) source.label = entity.record.label;
      // An id met elsewhere (a store's id on an item, an order's id in a result) is still named by its entity's label.
      else if (isIdField(argument) && typeof entity.value === 'string') {
        const label = context.sample.labelFor(entity.field, entity.value);
        if (label !== undefined) source.label = label;
      }
      return { value: entity.value, source };
    }
    if (type === 'string') {
      const literal = literalString(argument, schema, tool, context, siblings);
      return literal === undefined ? undefined : { value: literal, source: { kind: 'literal' } };
    }
    if (type === 'integer' || type === 'number') return { value: literalNumber(argument, schema, type === 'integer', context), source: { kind: 'literal' } };
    return undefined;
  }
  if (type === 'boolean') return { value: context.rng.chance(0.5), source: { kind: 'literal' } };
  return undefined;
}

/** Whether an optional argument has a value grounded in an entity or an enum (made-up filters make empty results). */
function groundedOptional(argument: string, schema: JsonSchema, context: ResolveContext): boolean {
  if (Array.isArray(schema.enum)) return true;
  // Search words are taken from real names, so they are grounded too.
  if (typeOf(schema) === 'string' && /(query|search|keyword|^q$|contains)/.test(argument)) return true;
  const fields = candidateFields(argument, schema);
  return fields.some((field) => context.outputs.hasField(field) || context.sample.hasField(field));
}

/**
 * Arguments for a tool from real values: required arguments always (or the tool cannot be
 * called), optional ones sometimes and only when a grounded value exists. Returns undefined when
 * a required argument has no value.
 */
export function resolveArguments(tool: ToolFacts, outer: ResolveContext): ResolvedArguments | undefined {
  // The call's own ids bind its other arguments too: the PIN of the card being changed, not of another.
  const context: ResolveContext = { ...outer, bindings: new Map(outer.bindings) };
  const args: Record<string, unknown> = {};
  const sources: Record<string, ArgumentSource> = {};
  const used = new Set<unknown>();
  // Start and id arguments first, so that ends follow starts and values agree with the chosen entities.
  const names = Object.keys(tool.properties).sort((a, b) => rank(a) - rank(b));
  for (const argument of names) {
    const schema = tool.properties[argument];
    const required = tool.required.includes(argument);
    if (context.principal !== undefined && argument in context.principal) {
      // The signed-in user is who the app acts for: an argument that names them takes them (an optional one as often as other optional filters).
      if (!required && !context.rng.chance(context.optionalRate)) continue;
      args[argument] = context.principal[argument];
      sources[argument] = { kind: 'principal' };
      continue;
    }
    if (!required) {
      if (argument === 'offset' || argument === 'page_token' || schema.default !== undefined && typeOf(schema) === 'boolean') continue;
      if (!groundedOptional(argument, schema, context) || !context.rng.chance(context.optionalRate)) continue;
    }
    const resolved = resolveValue(argument, schema, tool, context, used, args);
    if (resolved === undefined) {
      if (required) return undefined;
      continue;
    }
    args[argument] = resolved.value;
    sources[argument] = resolved.source;
    if (isIdField(argument) && typeof resolved.value === 'string' && !context.bindings.has(argument)) context.bindings.set(argument, resolved.value);
    if (typeof resolved.value === 'string' || typeof resolved.value === 'number') used.add(resolved.value);
  }
  const ordered: Record<string, unknown> = {};
  for (const argument of Object.keys(tool.properties)) if (argument in args) ordered[argument] = args[argument];
  return { arguments: ordered, sources };
}

function rank(argument: string): number {
  if (isIdField(argument)) return 0;
  if (/(start|from|min|check_in|departure)/.test(argument)) return 1;
  return 2;
}
