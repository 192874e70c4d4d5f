import type { Engine, ProvePlugin, SampleRequest, SamplingContext } from '../../core/index.js';
import { STAGES } from '../stages.js';
import { toolCatalog } from './ToolCatalog.js';
import { isIdField, snakeCase } from './valuePool.js';

const PLUGIN_NAME = 'LiveSamplingPlugin';

/** Options of {@link LiveSamplingPlugin}. */
export interface LiveSamplingOptions {
  /** Fewest fields an entity needs to be kept (enough supporting data to phrase a query around it). */
  minFields?: number;
  /** Most entities kept per collection. */
  maxPerCollection?: number;
}

/**
 * Live-state sampling for any environment: calls its read-only tools that need no arguments in
 * the request's session (list, search, get-unique-values …) and keeps the entities of their
 * results that carry an id and enough fields, under the result's collection name. Collections an
 * environment's own samplers already filled are left alone, so a domain with samplers reads
 * naturally and a domain (or remote server) without them still gets grounded data.
 */
export class LiveSamplingPlugin implements ProvePlugin {
  static readonly pluginName = PLUGIN_NAME;
  static readonly description = 'live sampling through read-only discovery tools, for environments without samplers';
  static readonly commands = [];
  static readonly optionsSchema = {
    type: 'object',
    properties: { minFields: { type: 'integer', minimum: 1, default: 3 }, maxPerCollection: { type: 'integer', minimum: 1, default: 200 } },
    additionalProperties: false,
  };
  readonly name = PLUGIN_NAME;
  constructor(readonly options: LiveSamplingOptions = {}) {}

  apply(engine: Engine): void {
    const minFields = this.options.minFields ?? 3;
    const max = this.options.maxPerCollection ?? 200;
    engine.hooks.onSample.tapPromise({ name: this.name, stage: STAGES.onSample.liveSampling }, async (context: SamplingContext, request: SampleRequest) => {
      const environment = engine.environments.get(request.server);
      if (environment === undefined) return context;
      const entities = { ...context.entities };
      const discovered: string[] = [];
      for (const tool of toolCatalog(environment)) {
        if (!tool.readOnly || tool.required.length > 0) continue;
        const executed = await engine.execute({ server: request.server, session: request.session, call: { name: tool.name, arguments: {} } });
        if (!executed.ok || executed.result === null || typeof executed.result !== 'object') continue;
        for (const [key, value] of Object.entries(executed.result as Record<string, unknown>)) {
          const collection = snakeCase(key);
          if (!Array.isArray(value) || entities[collection] !== undefined) continue;
          const records = value
            .filter((item): item is Record<string, unknown> => item !== null && typeof item === 'object' && !Array.isArray(item))
            .filter((item) => Object.keys(item).some((field) => isIdField(snakeCase(field))) && Object.keys(item).length >= minFields)
            .slice(0, max);
          if (records.length === 0) continue;
          entities[collection] = records;
          discovered.push(`${tool.name}.${collection}`);
        }
      }
      return { ...context, entities, meta: { ...context.meta, discovered } };
    });
  }
}

export default LiveSamplingPlugin;
