import { hash as sha256 } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceFingerprint, type CommandEntry, type Engine, type ProvePlugin, type SampleRequest, type SamplingContext } from '../../core/index.js';
import { STAGES } from '../stages.js';
import { writeFileAtomic } from '../../core/support/index.js';
import { proveRoot } from '../../servers/kit/fixtures.js';
import { GRAPH_ALGORITHM_VERSION, toolSchemaHash, type DependencyGraph } from './DependencyGraph.js';
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
  /**
   * Keep discovered graphs on disk across runs (default true), for environments that state a
   * {@link Environment.fingerprint}; others are discovered once per process.
   */
  cache?: boolean;
  /** Folder of the disk cache (default `$PROVE_CACHE_DIR/graphs`, else the OS cache folder's `prove-rl/graphs`). */
  cacheDir?: string;
}

/** The OS's folder for caches (XDG on Linux, Library/Caches on macOS, LOCALAPPDATA on Windows), with `PROVE_CACHE_DIR` first. */
export function defaultCacheDir(): string {
  const own = process.env.PROVE_CACHE_DIR;
  if (own !== undefined && own !== '') return own;
  if (process.platform === 'win32' && process.env.LOCALAPPDATA) return join(process.env.LOCALAPPDATA, 'prove-rl', 'cache');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'prove-rl');
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'prove-rl');
}

/** What a cache file holds: the key it was written under, and the graph. */
interface GraphCacheEntry {
  key: string;
  graph: DependencyGraph;
}

function isGraph(value: unknown, server: string, hash: string): value is DependencyGraph {
  if (value === null || typeof value !== 'object') return false;
  const graph = value as Partial<DependencyGraph>;
  const strings = (list: unknown) => Array.isArray(list) && list.every((item) => typeof item === 'string');
  return (
    graph.server === server &&
    graph.hash === hash &&
    strings(graph.tools) &&
    strings(graph.readOnly) &&
    strings(graph.callable) &&
    Array.isArray(graph.edges) &&
    graph.edges.every((edge) => edge !== null && typeof edge === 'object' && typeof edge.from === 'string' && typeof edge.to === 'string' && Array.isArray(edge.fields))
  );
}

let discoveryCode: string | undefined;
/** The fingerprint of the discovery code: this module and everything it imports, transitively. */
function discoveryFingerprint(): string {
  return (discoveryCode ??= sourceFingerprint(proveRoot(), { files: [fileURLToPath(import.meta.url)] }));
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
  static readonly description = 'dependency graph per environment (schema matching + live probing), cached on disk by a content hash of the environment, its tools and the discovery code, in the sampling context';
  static readonly optionsSchema = {
    type: 'object',
    properties: {
      probe: { type: 'boolean', default: true },
      attempts: { type: 'integer', minimum: 1, maximum: 20, default: 6 },
      cache: { type: 'boolean' },
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
    const environment = engine.environment(request.server);
    const referenceDate = environment.defaultReferenceDate ?? '2026-03-16T09:00:00Z';
    const options = { probe: this.options.probe ?? true, attempts: this.options.attempts ?? 6, world: { seed: 0, referenceDate }, seed: 1 };
    // The graph is a pure function of the environment (its fingerprint: code, fixtures), its tools,
    // the sampled entities, the discovery code and its options: the cache key hashes exactly those.
    let file: string | undefined;
    let key: string | undefined;
    if (this.options.cache !== false && environment.fingerprint !== undefined) {
      key = sha256(
        'sha256',
        JSON.stringify({
          version: GRAPH_ALGORITHM_VERSION,
          discovery: discoveryFingerprint(),
          environment: environment.fingerprint(),
          tools: hash,
          // Whatever else answers or alters calls (environment plugins answer only their own server).
          execute: engine.describeTaps().onExecute.filter((tap) => !tap.plugin.startsWith('environment:') || tap.plugin === `environment:${request.server}`),
          entities: sha256('sha256', JSON.stringify(context.entities), 'hex'),
          options,
        }),
        'hex',
      );
      file = join(this.options.cacheDir ?? join(defaultCacheDir(), 'graphs'), `graph-${request.server}-${key.slice(0, 32)}.json`);
      const cached = readCacheEntry(file);
      // A corrupt, foreign or stale entry is ignored and written over.
      if (cached !== undefined && cached.key === key && isGraph(cached.graph, request.server, hash)) return cached.graph;
    }
    const pool = new ValuePool();
    for (const [collection, records] of Object.entries(context.entities)) {
      for (const record of extractRecords(records, singular(collection), { kind: 'sample', collection })) pool.add(record);
    }
    const graph = await discoverDependencyGraph(engine, toolCatalog(environment), pool, referenceDate.slice(0, 10), options);
    if (file !== undefined && key !== undefined) {
      try {
        mkdirSync(join(file, '..'), { recursive: true });
        writeFileAtomic(file, `${JSON.stringify({ key, graph } satisfies GraphCacheEntry)}\n`);
      } catch {
        // A cache that cannot be written (read-only home, full disk) costs the next run a discovery, nothing else.
      }
    }
    return graph;
  }
}

function readCacheEntry(file: string): GraphCacheEntry | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as GraphCacheEntry;
  } catch {
    return undefined;
  }
}

export default DependencyGraphPlugin;
