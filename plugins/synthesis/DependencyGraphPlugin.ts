import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CommandEntry, type Engine, type ProvePlugin, type SampleRequest, type SamplingContext } from '../../core/index.js';
import { STAGES } from '../stages.js';
import { writeFileAtomic } from '../../core/support/index.js';
import { toolSchemaHash, type DependencyGraph } from './DependencyGraph.js';
import { DEPENDENCY_GRAPH, dependencyGraphHooks, type GraphRefinement } from './contracts.js';
import { discoverDependencyGraph } from './discoverDependencyGraph.js';
import { toolCatalog } from './ToolCatalog.js';
import { extractRecords, singular, ValuePool } from './valuePool.js';

const PLUGIN_NAME = 'DependencyGraphPlugin';

/** Options of {@link DependencyGraphPlugin}. */
export interface DependencyGraphOptions {
  /** Probe live sessions for implicit edges and callable tools (default true). */
  probe?: boolean;
  /** Argument draws per probe (default 6). */
  attempts?: number;
  /** Folder to keep graphs in across runs, one file per schema hash (default: memory only). */
  cacheDir?: string;
}

const GRAPH_COMMAND: CommandEntry = {
  name: 'graph',
  summary: 'print the dependency graph of a domain (explicit and implicit edges) as text, Mermaid or DOT',
  load: () => import('./graphCommand.js'),
};

/**
 * Builds each environment's dependency graph once per tool-schema hash (explicit edges from
 * matching outputs to required inputs, implicit edges from live probing in fresh sessions) and
 * hands it on in `onSample` under DEPENDENCY_GRAPH, after its `refine` hook (contracts.ts) has run.
 */
export class DependencyGraphPlugin implements ProvePlugin {
  static readonly pluginName = PLUGIN_NAME;
  /** Declared for the CLI, which finds a command without applying plugins; `apply` registers the same entries. */
  static readonly commands: readonly CommandEntry[] = [GRAPH_COMMAND];
  static readonly description = 'dependency graph per environment (schema matching + live probing), cached by tool-schema hash, in the sampling context';
  static readonly optionsSchema = {
    type: 'object',
    properties: {
      probe: { type: 'boolean', default: true },
      attempts: { type: 'integer', minimum: 1, maximum: 20, default: 6 },
      cacheDir: { type: 'string', minLength: 1 },
    },
    additionalProperties: false,
  };
  readonly name = PLUGIN_NAME;
  private readonly graphs = new Map<string, Promise<GraphRefinement>>();

  constructor(readonly options: DependencyGraphOptions = {}) {}

  apply(engine: Engine): void {
    for (const command of DependencyGraphPlugin.commands) engine.registerCommand(command, this);
    engine.hooks.onSample.tapPromise({ name: this.name, stage: STAGES.onSample.dependencyGraph }, async (context: SamplingContext, request: SampleRequest) => {
      const environment = engine.environments.get(request.server);
      if (environment === undefined) return context;
      const tools = toolCatalog(environment);
      const hash = toolSchemaHash(tools);
      let refined = this.graphs.get(hash);
      if (refined === undefined) {
        refined = this.build(engine, request, context, hash).then((graph) => dependencyGraphHooks(engine).refine.promise({ graph, meta: {} }, { server: request.server, tools }));
        this.graphs.set(hash, refined);
      }
      const { graph, meta } = await refined;
      return { ...context, meta: DEPENDENCY_GRAPH.with({ ...context.meta, ...meta }, graph) };
    });
  }

  private async build(engine: Engine, request: SampleRequest, context: SamplingContext, hash: string): Promise<DependencyGraph> {
    const file = this.options.cacheDir === undefined ? undefined : join(this.options.cacheDir, `graph-${request.server}-${hash.slice(0, 16)}.json`);
    if (file !== undefined && existsSync(file)) {
      const cached = JSON.parse(readFileSync(file, 'utf8')) as DependencyGraph;
      if (cached.hash === hash) return cached;
    }
    const environment = engine.environment(request.server);
    const pool = new ValuePool();
    for (const [collection, records] of Object.entries(context.entities)) {
      for (const record of extractRecords(records, singular(collection), { kind: 'sample', collection })) pool.add(record);
    }
    const referenceDate = environment.defaultReferenceDate ?? '2026-03-16T09:00:00Z';
    const graph = await discoverDependencyGraph(engine, toolCatalog(environment), pool, referenceDate.slice(0, 10), {
      probe: this.options.probe ?? true,
      attempts: this.options.attempts ?? 6,
      world: { seed: 0, referenceDate },
      seed: 1,
    });
    if (file !== undefined) {
      mkdirSync(this.options.cacheDir!, { recursive: true });
      writeFileAtomic(file, `${JSON.stringify(graph, null, 2)}\n`);
    }
    return graph;
  }
}

export default DependencyGraphPlugin;
