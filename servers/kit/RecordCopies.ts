import { isFrozenState } from './isFrozenState.js';
import { ARRAY_INDEX, compileBuilder, compileCopier, mayCompile, shallowCopy, type Copier } from './shallowCopy.js';

/**
 * Copies of one kind of state record (a collection by id, buckets by number, seats by row, seat
 * maps by day …) with keys set or removed, without enumerating the record: for writes that replace
 * a record of the same kind call after call, where `shallowCopy` would match every new version's
 * keys again.
 *
 * `shallowCopy` finds an object's shape by walking its keys. That is cheap for a few string keys,
 * but a frozen record keyed by numbers keeps them as elements, which a `for…in` walks at 5–20 ns a
 * key (a 27-row seat map: ~0.5 µs; a 3-bucket record: ~0.3 µs), and a record of many keys (62 days
 * of seat maps, 87 hotels) is walked whole to be matched. Here the shape of a record (its key list,
 * a literal compiled for it, and the shapes one key more or less leads to) is known by identity:
 * the record the last call of this kind read, the last records this kind made, or, after one key
 * walk, a WeakMap (only records found no other way, mostly the world's: they live on). So a write
 * reads the record the previous write of its kind made and finds its shape in a few comparisons,
 * and a new key is a plain store into a literal that already has it (the record stays in V8's fast
 * mode, where a keyed store adding a key to a large copy can turn it into a dictionary).
 *
 * A record keyed by numbers only (buckets by number, seats by row) is also copied without reading
 * it: V8 (Node 20) reads an element of a frozen object that is not an array through a slow path
 * (~6-9 ns a read against ~1.5 unfrozen), so copying the 14 buckets of the calendar's events cost
 * ~160 ns, against ~70 for 14 named keys. `with` keeps the values of the records it made in plain
 * arrays beside them (only for the records it remembers by identity, so a few per kind) and builds
 * the next copy from those.
 *
 * One `RecordCopies` per kind of record, at module level (shared by every session of a process):
 * `with(record, key, value)` for one change, `edit(record)` for several (`set`, `delete`, `finish`).
 */

/** Larger records are copied by the kit (no state record should be that large: see bucketedRecord.ts). */
const MAX_KEYS = 200;
/** Shapes made at most, over all kinds (each compiles a function on its first copy, within shallowCopy's bound). */
const MAX_SHAPES = 4096;
/** Records made by a kind whose shapes are remembered by identity (most recent first wins). */
const RECENT = 8;

const shapesByKeys = new Map<string, RecordShape>();

/** The shape of a key list (one per list), or undefined once MAX_SHAPES exist. */
function shapeFor(keys: string[]): RecordShape | undefined {
  if (keys.length > MAX_KEYS) return undefined;
  const signature = keys.join('\u0000');
  let shape = shapesByKeys.get(signature);
  if (shape === undefined) {
    if (shapesByKeys.size >= MAX_SHAPES) return undefined;
    shape = new RecordShape(keys);
    shapesByKeys.set(signature, shape);
  }
  return shape;
}

/** `record[key] = value`, except that a new "__proto__" key becomes a key, not the prototype. */
function assign(record: Record<PropertyKey, unknown>, key: PropertyKey, value: unknown): void {
  if (key === '__proto__' && !Object.hasOwn(record, key)) Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
  else record[key] = value;
}

function copyKeys(keys: readonly string[], source: object): Record<PropertyKey, unknown> {
  const copy: Record<PropertyKey, unknown> = {};
  for (const key of keys) assign(copy, key, (source as Record<string, unknown>)[key]);
  return copy;
}

/** A key list in enumeration order, with the literal that copies a record of exactly those keys. */
class RecordShape {
  private copier: Copier | undefined;
  private added: Map<PropertyKey, RecordShape | undefined> | undefined;
  private removed: Map<PropertyKey, RecordShape | undefined> | undefined;
  /** Every key is an array index (then `with` copies through a values array: see the header). */
  readonly indexed: boolean;
  private fromValues: ((values: readonly unknown[]) => Record<PropertyKey, unknown>) | undefined;
  /** Position in `keys` by key number (an indexed shape's keys are numbers): an array read, not a Map's. */
  private positions: number[] | undefined;

  constructor(readonly keys: readonly string[]) {
    this.indexed = keys.length > 0 && keys.every((key) => ARRAY_INDEX.test(key));
  }

  /** Where `key` is in `keys` (of an indexed shape, which has it). */
  position(key: string | number): number {
    if (this.positions === undefined) {
      const positions: number[] = [];
      // Keys above the largest are holes until set; lookups are only of keys the shape has.
      for (let i = 0; i < this.keys.length; i++) positions[Number(this.keys[i])] = i;
      this.positions = positions;
    }
    return this.positions[typeof key === 'number' ? key : Number(key)];
  }

  /** The values of a record of this shape, in the order of `keys` (read once: see the header). */
  valuesOf(record: object): unknown[] {
    const values = new Array<unknown>(this.keys.length);
    for (let i = 0; i < this.keys.length; i++) values[i] = (record as Record<string, unknown>)[this.keys[i]];
    return values;
  }

  /** A plain, unfrozen record of this (indexed) shape with `values` in the order of `keys`. */
  build(values: readonly unknown[]): Record<PropertyKey, unknown> {
    if (this.fromValues === undefined) {
      if (!mayCompile()) {
        const record: Record<PropertyKey, unknown> = {};
        for (let i = 0; i < this.keys.length; i++) record[this.keys[i]] = values[i];
        return record;
      }
      this.fromValues = compileBuilder(this.keys);
    }
    return this.fromValues(values);
  }

  /**
   * A plain, unfrozen copy of a record of this shape. Compiled on the first copy: a record built
   * key by key (or by keyed stores at all) past a dozen keys is left in V8's slow dictionary mode,
   * and every later read and copy of it costs several times more; a spread of a frozen record
   * costs more than compiling (0.5–2 µs against ~10 µs once).
   */
  copy(source: object): Record<PropertyKey, unknown> {
    if (this.copier === undefined) {
      // Past the kit's bound on compiled copiers, a plain loop (still fast mode below a dozen keys).
      if (!mayCompile()) return copyKeys(this.keys, source);
      this.copier = compileCopier(this.keys);
    }
    return this.copier(source as Readonly<Record<string, unknown>>);
  }

  /** The shape with `key` added at the end (integer-like keys sort themselves), or undefined past the bound. */
  with(key: PropertyKey): RecordShape | undefined {
    const known = this.added?.get(key);
    if (known !== undefined) return known;
    const next = shapeFor([...this.keys, String(key)]);
    (this.added ??= new Map()).set(key, next);
    return next;
  }

  /** The shape without `key`, or undefined past the bound. */
  without(key: PropertyKey): RecordShape | undefined {
    const known = this.removed?.get(key);
    if (known !== undefined) return known;
    const name = String(key);
    const next = shapeFor(this.keys.filter((k) => k !== name));
    (this.removed ??= new Map()).set(key, next);
    return next;
  }
}

/** Shapes of records found by a key walk (the world's, mostly, which live as long as it does). */
const walkedShapes = new WeakMap<object, RecordShape>();

/** Copies of one kind of record, with the shapes of the records of that kind it saw last. */
export class RecordCopies {
  private lastRecord: object | undefined;
  private lastShape: RecordShape | undefined;
  /** The values of `lastRecord` (an indexed one), when known. */
  private lastValues: readonly unknown[] | undefined;
  private readonly made: Array<object | undefined> = new Array<object | undefined>(RECENT).fill(undefined);
  private readonly madeShapes: Array<RecordShape | undefined> = new Array<RecordShape | undefined>(RECENT).fill(undefined);
  private readonly madeValues: Array<readonly unknown[] | undefined> = new Array<readonly unknown[] | undefined>(RECENT).fill(undefined);
  private nextSlot = 0;

  /** The shape of a frozen record of this kind, or undefined when it has none (too large, or past the bound). */
  shapeOf(record: object): RecordShape | undefined {
    if (record === this.lastRecord) return this.lastShape;
    let shape: RecordShape | undefined;
    let values: readonly unknown[] | undefined;
    for (let i = 0; i < RECENT; i++) {
      if (this.made[i] === record) {
        shape = this.madeShapes[i];
        values = this.madeValues[i];
        break;
      }
    }
    if (shape === undefined) {
      shape = walkedShapes.get(record);
      if (shape === undefined) {
        shape = shapeFor(Object.keys(record));
        // A record that is not frozen may still change: its shape holds for this copy only.
        if (shape === undefined || !isFrozenState(record)) return shape;
        walkedShapes.set(record, shape);
      }
    }
    this.lastRecord = record;
    this.lastShape = shape;
    this.lastValues = values;
    return shape;
  }

  /** Remembers the shape of a record this kind made (frozen, of exactly that shape's keys), and its values in that order when known. */
  remember(record: object, shape: RecordShape, values?: readonly unknown[]): void {
    this.made[this.nextSlot] = record;
    this.madeShapes[this.nextSlot] = shape;
    this.madeValues[this.nextSlot] = values;
    this.nextSlot = (this.nextSlot + 1) % RECENT;
  }

  /** A frozen copy of `record` with `key` set to `value` (a new key goes last, as an assignment puts it). */
  with<T>(record: Readonly<Record<string, T>>, key: string | number, value: T): Readonly<Record<string, T>> {
    const shape = this.shapeOf(record);
    const has = Object.hasOwn(record, key);
    const next = shape === undefined ? undefined : has ? shape : shape.with(key);
    if (next === undefined) {
      const copy: Record<string | number, T> = shallowCopy(record);
      assign(copy, key, value);
      return Object.freeze(copy);
    }
    if (next.indexed) {
      // shapeOf left the values of `record` in lastValues when it knew them (not of a record it does not remember).
      let values = this.lastRecord === record ? this.lastValues : undefined;
      if (values === undefined) {
        values = shape!.valuesOf(record);
        if (this.lastRecord === record) this.lastValues = values;
      }
      const nextValues = values.slice();
      // `next` is `shape` or its keys with `key` at the end.
      if (has) nextValues[shape!.position(key)] = value;
      else nextValues.push(value);
      const copy = next.build(nextValues) as Record<string | number, T>;
      Object.freeze(copy);
      this.remember(copy, next, nextValues);
      return copy;
    }
    const copy = next.copy(record) as Record<string | number, T>;
    copy[key] = value;
    Object.freeze(copy);
    this.remember(copy, next);
    return copy;
  }

  /**
   * A mutable copy of `record` that `RecordEdit` changes and freezes: its shape follows the keys
   * added and removed, so the record it becomes is known by identity to the next copy.
   */
  edit<T>(record: Readonly<Record<string | number, T>>): RecordEdit<T> {
    return new RecordEdit<T>(this, record, this.shapeOf(record));
  }
}

/** One record being changed key by key: set, delete, then `finish` freezes it. */
export class RecordEdit<T> {
  /** The record as changed so far (not frozen until `finish`). */
  copy: Record<string | number, T>;
  private shape: RecordShape | undefined;

  constructor(
    private readonly copies: RecordCopies,
    base: Readonly<Record<string | number, T>>,
    shape: RecordShape | undefined,
  ) {
    this.shape = shape;
    this.copy = (shape === undefined ? shallowCopy(base) : shape.copy(base)) as Record<string | number, T>;
  }

  get(key: string | number): T | undefined {
    return Object.hasOwn(this.copy, key) ? this.copy[key] : undefined;
  }

  set(key: string | number, value: T): void {
    if (!Object.hasOwn(this.copy, key)) this.shape = this.shape?.with(key);
    assign(this.copy, key, value);
  }

  /**
   * Removes a key. An element index leaves a hole; deleting a named key would leave V8's slow
   * dictionary mode, so the record is rebuilt without it (through the smaller shape's literal).
   */
  delete(key: string | number): void {
    if (!Object.hasOwn(this.copy, key)) return;
    this.shape = this.shape?.without(key);
    if (typeof key === 'number' ? Number.isInteger(key) && key >= 0 && key <= 999_999_999 : ARRAY_INDEX.test(key)) {
      delete this.copy[key];
      return;
    }
    if (this.shape !== undefined) {
      this.copy = this.shape.copy(this.copy) as Record<string | number, T>;
      return;
    }
    const rebuilt: Record<string | number, T> = {};
    for (const k in this.copy) if (k !== key) assign(rebuilt, k, this.copy[k]);
    this.copy = rebuilt;
  }

  /** The record, frozen (its values are the caller's to freeze). */
  finish(): Readonly<Record<string | number, T>> {
    Object.freeze(this.copy);
    if (this.shape !== undefined) this.copies.remember(this.copy, this.shape);
    return this.copy;
  }
}
