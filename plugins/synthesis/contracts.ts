import { AsyncSeriesWaterfallHook } from 'tapable';
import { defineMetaKey, type Engine } from '../../core/index.js';
import type { CrossDomainScenario, DomainPrincipal, DomainScenario } from '../../servers/kit/Domain.js';
import type { ConversationScript } from './ConversationStateMachine.js';
import type { DependencyGraph } from './DependencyGraph.js';
import type { ToolFacts } from './ToolCatalog.js';

/**
 * The contracts between the synthesis plugins, declared once: what one writes and another reads
 * (typed meta keys) and the hooks a plugin offers to the plugins that refine its work. Stages are
 * in plugins/stages.ts.
 */

/** `SamplingContext.meta`: the environment's dependency graph (DependencyGraphPlugin writes it; the state machine and `graph` read it). */
export const DEPENDENCY_GRAPH = defineMetaKey<DependencyGraph>('dependencyGraph');

/** `SamplingContext.meta`: which model classified the tool pairs, and how many answers could not be read. */
export const DEPENDENCY_CLASSIFIER = defineMetaKey<{ model: string; unreadable: number }>('dependencyClassifier');

/** `GenerationDraft.meta`: the conversation's script (the state machine writes it; perturbations and teachers read and adjust it). */
export const SCRIPT = defineMetaKey<ConversationScript>('script');

/**
 * `SamplingContext.meta`: the environment's scenarios and the state they are cast from (an
 * environment plugin writes it for a domain that declares scenarios or takes part in cross-domain
 * ones; the state machine reads it). `cross`: the cross-domain scenarios this environment plays a
 * part in (each names its domains; played when all of them are live in the run).
 */
export const SCENARIOS = defineMetaKey<{ scenarios: readonly DomainScenario[]; state: unknown; cross?: readonly CrossDomainScenario[] }>('scenarios');

/**
 * `SamplingContext.meta`: who the signed-in user of a graph-drawn conversation is (an environment
 * plugin writes it for a domain that declares a `principal`; the state machine draws one record of
 * its collection per conversation).
 */
export const PRINCIPAL = defineMetaKey<DomainPrincipal>('principal');

/** What a refinement of the dependency graph gets and returns. */
export interface GraphRefinement {
  graph: DependencyGraph;
  /** Added to the sampling context's meta with the graph (e.g. DEPENDENCY_CLASSIFIER). */
  meta: Record<string, unknown>;
}

/** The hooks of DependencyGraphPlugin, one set per engine (webpack's `getCompilationHooks`). */
export interface DependencyGraphHooks {
  /**
   * Runs once per environment and tool-schema hash, after schema matching and live probing, before
   * the graph is handed on: a plugin may replace or add edges (LlmDependencyClassifierPlugin).
   */
  readonly refine: AsyncSeriesWaterfallHook<[GraphRefinement, { server: string; tools: readonly ToolFacts[] }]>;
}

export function dependencyGraphHooks(engine: Engine): DependencyGraphHooks {
  return engine.pluginHooks('DependencyGraphPlugin', () => ({
    refine: new AsyncSeriesWaterfallHook<[GraphRefinement, { server: string; tools: readonly ToolFacts[] }]>(['refinement', 'environment']),
  }));
}
