import type { JsonSchema } from '../../../core/index.js';
import type { DomainDefinition } from '../../../servers/kit/Domain.js';

/** A call the property test plays: a tool name and arguments (anything, including garbage). */
export interface GeneratedCall {
  tool: string;
  args: unknown;
  /** How the arguments were built: `valid` tries to satisfy the schema with real values; the rest break it on purpose. */
  mode: string;
}

const SAMPLE_STRINGS = ['', 'x', 'Zoë 🚀 日本', 'DROP TABLE', '   ', '\u0000', 'a'.repeat(300)];
const MAX_POOL = 200;

function idKeys(container: string): string[] {
  const out = new Set<string>([`${container}_id`]);
  if (container.endsWith('ies')) out.add(`${container.slice(0, -3)}y_id`);
  if (container.endsWith('es')) out.add(`${container.slice(0, -2)}_id`);
  if (container.endsWith('s')) out.add(`${container.slice(0, -1)}_id`);
  return [...out];
}

/**
 * Real values by argument name, read from a state or a result: every primitive under its key, and
 * every entity id under `<entity>_id` (from the collection it sits in), so that generated calls hit
 * real entities often enough to reach the handlers' deep paths.
 */
export class ValuePool {
  readonly byKey = new Map<string, unknown[]>();

  add(key: string, value: unknown): void {
    let list = this.byKey.get(key);
    if (list === undefined) this.byKey.set(key, (list = []));
    if (list.length < MAX_POOL && !list.includes(value)) list.push(value);
  }

  absorb(value: unknown, container = 'item', depth = 0): void {
    if (depth > 8 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value.slice(0, 60)) this.absorb(item, container, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    if (typeof record.id === 'string') {
      for (const key of idKeys(container)) this.add(key, record.id);
      this.add('id', record.id);
    }
    for (const [key, item] of Object.entries(record).slice(0, 60)) {
      if (item === null || typeof item !== 'object') {
        if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') this.add(key, item);
        if (typeof item === 'string' && key.endsWith('_id')) this.add('id', item);
        continue;
      }
      // A map keyed by id (`{ acc_1: { id: 'acc_1', … } }`) belongs to the collection around it.
      const keyedById = !Array.isArray(item) && (item as Record<string, unknown>).id === key;
      this.absorb(item, keyedById ? container : key, depth + 1);
    }
  }
}

/** Turns a stream of random numbers (from fast-check, so failures shrink) into tool calls. */
export class CallBuilder {
  private index = 0;
  private entropy: readonly number[] = [0];

  constructor(
    private readonly domain: DomainDefinition,
    private readonly pool: ValuePool,
  ) {}

  private pick(n: number): number {
    const value = this.entropy[this.index++ % this.entropy.length];
    return n <= 1 ? 0 : (value + this.index * 7919) % n;
  }

  private chance(percent: number): boolean {
    return this.pick(100) < percent;
  }

  private choose<T>(items: readonly T[]): T {
    return items[this.pick(items.length)];
  }

  build(toolChoice: number, entropy: readonly number[]): GeneratedCall {
    this.entropy = entropy.length ? entropy : [0];
    this.index = 0;
    const tool = this.domain.tools[toolChoice % this.domain.tools.length];
    const mode = this.choose(['valid', 'valid', 'valid', 'valid', 'valid', 'valid', 'missing', 'extra', 'wrong_type', 'not_object', 'huge', 'unknown_tool']);
    const args = this.object(tool.input, 0);
    const properties = Object.keys((tool.input.properties ?? {}) as Record<string, unknown>);
    switch (mode) {
      case 'missing': {
        const required = (tool.input.required ?? []) as string[];
        if (required.length) delete args[this.choose(required)];
        break;
      }
      case 'extra':
        args[this.choose(['extra', 'id', '__proto__x', 'ünïcode'])] = this.choose([1, 'x', null]);
        break;
      case 'wrong_type':
        if (properties.length) args[this.choose(properties)] = this.choose([null, [], {}, true, 12345, 'twelve', -1.5]);
        break;
      case 'not_object':
        return { tool: tool.name, args: this.choose([null, [], 'args', 42, true]), mode };
      case 'huge':
        args[properties.length ? this.choose(properties) : 'payload'] = this.chance(50) ? 'y'.repeat(70_000) : Array.from({ length: 20_000 }, (_, i) => i);
        break;
      case 'unknown_tool':
        return { tool: this.choose([`${tool.name}s`, tool.name.toUpperCase(), 'delete_everything', '']), args, mode };
    }
    return { tool: tool.name, args, mode };
  }

  private object(schema: JsonSchema, depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema.required ?? []) as string[]);
    for (const [key, property] of Object.entries(properties)) {
      if (!required.has(key) && this.chance(50)) continue;
      out[key] = this.value(key, property, depth + 1);
    }
    return out;
  }

  private value(key: string, schema: JsonSchema, depth: number): unknown {
    if (Array.isArray(schema.enum)) return this.chance(92) ? this.choose(schema.enum) : 'not-an-option';
    if (schema.const !== undefined) return schema.const;
    const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
    if (Array.isArray(branches) && branches.length) return this.value(key, this.choose(branches), depth);
    const type = Array.isArray(schema.type) ? this.choose(schema.type as string[]) : (schema.type as string | undefined);
    const known = this.pool.byKey.get(key);
    switch (type) {
      case 'string': {
        if (known?.length && this.chance(80)) return String(this.choose(known));
        if (schema.format === 'date') return `2026-0${1 + this.pick(9)}-1${this.pick(10)}`;
        if (schema.format === 'date-time') return `2026-0${1 + this.pick(9)}-1${this.pick(10)}T${10 + this.pick(10)}:00:00Z`;
        if (schema.format === 'email') return this.choose(['ada@example.com', 'not-an-email']);
        const anyId = this.pool.byKey.get('id');
        if (anyId?.length && this.chance(key.endsWith('_id') || key === 'id' ? 85 : 20)) return String(this.choose(anyId));
        return this.choose(SAMPLE_STRINGS);
      }
      case 'number':
      case 'integer': {
        const numbers = known?.filter((v): v is number => typeof v === 'number');
        if (numbers?.length && this.chance(50)) return this.choose(numbers);
        const min = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : -5;
        const max = typeof schema.maximum === 'number' ? schema.maximum : Math.max(min + 10, 500);
        const value = min + this.pick(Math.max(1, Math.floor(max - min) + 1));
        return type === 'number' && this.chance(30) ? value + 0.25 : value;
      }
      case 'boolean':
        return this.chance(50);
      case 'array': {
        if (depth > 4) return [];
        const items = (schema.items ?? {}) as JsonSchema;
        const length = this.pick(4);
        return Array.from({ length }, () => this.value(key.replace(/s$/, ''), items, depth + 1));
      }
      case 'object':
        return depth > 4 ? {} : this.object(schema, depth);
      case 'null':
        return null;
      default:
        return this.choose(['x', 1, null]);
    }
  }
}
