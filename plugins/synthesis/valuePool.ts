/**
 * Real values to ground tool arguments in: records taken from the sampling context (entities of
 * live state) and from the results of earlier calls of the same conversation (explicit edges).
 */

/** Where a value came from. */
export type ValueOrigin = { kind: 'sample'; collection: string } | { kind: 'output'; step: number; tool: string };

/** One entity as synthesis sees it: flat fields with normalized (snake_case) names. */
export interface PoolRecord {
  fields: Record<string, unknown>;
  /** What the entity is called ("account", "card"), from its collection or property name. */
  noun: string;
  /** A human handle for it ("Everyday Checking", "the card ending in 3099"), when it has one. */
  label?: string;
  origin: ValueOrigin;
}

const LABEL_FIELDS = ['name', 'title', 'summary', 'alias', 'display_name', 'full_name', 'product_title', 'customer_name', 'merchant_name'];

const snakeCases = new Map<string, string>();

/** `flightId` → `flight_id`; `departureDate` → `departure_date`. */
export function snakeCase(name: string): string {
  let out = snakeCases.get(name);
  if (out === undefined) {
    out = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
    // Field names are few; the cache stays small, and bounded against pathological inputs.
    if (snakeCases.size < 10_000) snakeCases.set(name, out);
  }
  return out;
}

/** `accounts` → `account`, `categories` → `category`, `addresses` → `address`. */
export function singular(word: string): string {
  if (word.endsWith('series') || word.endsWith('species')) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The noun of an id-like field: `account_id` → `account`, `from_account_id` → `account`. */
export function nounOfField(field: string): string {
  return stripRolePrefix(field).replace(/_ids?$/, '').replace(/_/g, ' ');
}

const ROLE_PREFIXES = ['from_', 'to_', 'source_', 'destination_', 'target_', 'new_', 'current_', 'primary_', 'parent_', 'default_'];

/** `from_account_id` → `account_id`: the field an argument with a role prefix takes its values from. */
export function stripRolePrefix(field: string): string {
  for (const prefix of ROLE_PREFIXES) if (field.startsWith(prefix) && field.length > prefix.length + 2) return field.slice(prefix.length);
  return field;
}

/**
 * An id a system made for itself (`usr_26`, `acct_3`, `evt_1_20260317`): a short lowercase prefix,
 * an underscore, a number. People do not hold such ids; they hold ids printed for them (an order
 * number `#1201`, an invoice number, a confirmation code, a ticker, a store code).
 */
export function isInternalId(value: string): boolean {
  return /^[a-z]{2,8}_[0-9][0-9a-z_]*$/.test(value);
}

export function isIdField(field: string): boolean {
  return field === 'id' || field.endsWith('_id') || field === 'email' || field === 'code';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function labelOf(fields: Record<string, unknown>, noun: string): string | undefined {
  for (const key of LABEL_FIELDS) {
    const value = fields[key];
    if (typeof value === 'string' && value.length > 0 && value.length <= 80) return value;
  }
  const last4 = fields.last4 ?? fields.mask;
  if (typeof last4 === 'string' && /^\d{4}$/.test(last4)) return `the ${noun || 'one'} ending in ${last4}`;
  return undefined;
}

/**
 * Every object inside `value` as a flat record: scalar fields and arrays of scalars, keys in
 * snake_case, `id` also under `<noun>_id`, and the parent's id fields inherited (a room inside a
 * home knows its `home_id`).
 */
export function extractRecords(value: unknown, noun: string, origin: ValueOrigin, out: PoolRecord[] = [], inherited: Record<string, unknown> = {}): PoolRecord[] {
  if (Array.isArray(value)) {
    for (const item of value) extractRecords(item, noun, origin, out, inherited);
    return out;
  }
  if (!isPlainObject(value)) return out;
  const fields: Record<string, unknown> = {};
  const nested: Array<[string, unknown]> = [];
  for (const [key, item] of Object.entries(value)) {
    const field = snakeCase(key);
    if (item === null || item === undefined) continue;
    if (typeof item !== 'object') fields[field] = item;
    else if (Array.isArray(item) && item.every((element) => element === null || typeof element !== 'object')) fields[field] = item;
    else nested.push([field, item]);
  }
  if (fields.id !== undefined && noun !== '') {
    // `id` of an `upcoming_event` is an `upcoming_event_id` and an `event_id`.
    const parts = noun.replace(/ /g, '_').split('_');
    for (let i = 0; i < parts.length; i++) {
      const alias = `${parts.slice(i).join('_')}_id`;
      if (fields[alias] === undefined) fields[alias] = fields.id;
    }
  }
  const record: PoolRecord = { fields: { ...inherited, ...fields }, noun, origin };
  const label = labelOf(fields, noun);
  if (label !== undefined) record.label = label;
  if (Object.keys(fields).length > 0) out.push(record);
  const passDown: Record<string, unknown> = { ...inherited };
  for (const [key, item] of Object.entries(fields)) if (key !== 'id' && key.endsWith('_id') && typeof item === 'string') passDown[key] = item;
  for (const [field, item] of nested) extractRecords(item, singular(field), origin, out, passDown);
  return out;
}

/** Records indexed by field name, for fast lookup of the entities that can fill an argument. */
export class ValuePool {
  private readonly byField = new Map<string, PoolRecord[]>();
  readonly records: PoolRecord[] = [];

  constructor(records: Iterable<PoolRecord> = []) {
    for (const record of records) this.add(record);
  }

  add(record: PoolRecord): void {
    this.records.push(record);
    for (const field of Object.keys(record.fields)) {
      let list = this.byField.get(field);
      if (list === undefined) this.byField.set(field, (list = []));
      list.push(record);
    }
  }

  withField(field: string): readonly PoolRecord[] {
    return this.byField.get(field) ?? [];
  }

  /**
   * The label of the entity whose own id `value` is (`store_id` st_5 → "the Pearl District store",
   * from the store's record), wherever the value was met (an item's `store_id`, a result's `order_id`).
   */
  labelFor(field: string, value: unknown): string | undefined {
    return this.ownRecord(field, value, true)?.label;
  }

  /** The record of the entity whose own id `value` is (a labelled one when `labelled`). */
  ownRecord(field: string, value: unknown, labelled = false): PoolRecord | undefined {
    const base = stripRolePrefix(field);
    const noun = nounOfField(base);
    for (const record of this.byField.get(base) ?? []) {
      // A collection may name a kind of the entity (`seller_listings` hold listings).
      const own = record.noun === noun || record.noun.endsWith(`_${noun.replace(/ /g, '_')}`);
      if ((!labelled || record.label !== undefined) && record.fields[base] === value && own) return record;
    }
    return undefined;
  }

  hasField(field: string): boolean {
    return this.byField.has(field);
  }

  /** Every distinct string value anywhere in the pool (for grounding checks). */
  strings(): Set<string> {
    const out = new Set<string>();
    for (const record of this.records) {
      for (const value of Object.values(record.fields)) {
        if (typeof value === 'string') out.add(value);
        else if (Array.isArray(value)) for (const item of value) if (typeof item === 'string') out.add(item);
      }
    }
    return out;
  }
}
