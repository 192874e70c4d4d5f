import { hash as sha256 } from 'node:crypto';
import { canonicalForm } from '../../servers/kit/stateHash.js';
import type { SynthesisRandom } from './SynthesisRandom.js';
import type { ToolFacts } from './ToolCatalog.js';

/**
 * How B depends on A: `explicit` when an output field of A fills a required input of B;
 * `implicit` when A must run first to establish state (B fails in a fresh session and succeeds after A).
 */
export type DependencyKind = 'explicit' | 'implicit';

/** One directed edge A → B. */
export interface DependencyEdge {
  from: string;
  to: string;
  kind: DependencyKind;
  /** For explicit edges: which output field of A fills which input of B. */
  fields: Array<{ output: string; input: string }>;
  /** Who found it: schema matching, live probing, or an LLM classifier. */
  source: 'schema' | 'probe' | 'llm';
}

/** The dependency graph of one environment, keyed by a hash of its tool schemas. */
export interface DependencyGraph {
  server: string;
  /** SHA-256 of the tool schemas (and facts) the graph was built from. */
  hash: string;
  tools: string[];
  readOnly: string[];
  /** Tools that succeeded at least once while probing, alone or after another tool. */
  callable: string[];
  edges: DependencyEdge[];
}

/** Bump when discovery changes, so that cached graphs are rebuilt. */
export const GRAPH_ALGORITHM_VERSION = 4;

/** The key of a graph: the tool schemas, output schemas, annotations and sensitive arguments, canonically hashed. */
export function toolSchemaHash(tools: readonly ToolFacts[]): string {
  const material = tools.map((t) => ({ schema: t.schema, output: t.outputSchema ?? null, readOnly: t.readOnly, sensitive: t.sensitive }));
  return sha256('sha256', `${GRAPH_ALGORITHM_VERSION}|${canonicalForm(material)}`, 'hex');
}

/** Edges leaving each tool. */
export function successors(graph: DependencyGraph): Map<string, DependencyEdge[]> {
  const out = new Map<string, DependencyEdge[]>();
  for (const edge of graph.edges) {
    let list = out.get(edge.from);
    if (list === undefined) out.set(edge.from, (list = []));
    list.push(edge);
  }
  return out;
}

/**
 * A chain of `length` tools (2–5) walked along the graph: each next tool depends on an earlier
 * tool of the chain, mostly on the latest one. Shorter when the graph runs out of edges.
 */
export function extractChain(graph: DependencyGraph, rng: SynthesisRandom, length: number, start?: string): string[] {
  const callable = new Set(graph.callable);
  const next = successors(graph);
  const starts = graph.callable.filter((tool) => (next.get(tool) ?? []).some((edge) => callable.has(edge.to)));
  if (starts.length === 0) return [];
  const chain = [start !== undefined && callable.has(start) ? start : rng.pick(starts)];
  while (chain.length < length) {
    const latest = (next.get(chain[chain.length - 1]) ?? []).filter((edge) => callable.has(edge.to) && !chain.includes(edge.to));
    const any = chain.flatMap((tool) => (next.get(tool) ?? []).filter((edge) => callable.has(edge.to) && !chain.includes(edge.to)));
    const options = latest.length > 0 && rng.chance(0.75) ? latest : any;
    if (options.length === 0) break;
    chain.push(rng.pick(options).to);
  }
  return chain;
}

/** The graph as text: one line per tool with its successors. */
export function renderGraphText(graph: DependencyGraph): string {
  const next = successors(graph);
  const lines = [`dependency graph of ${graph.server} (${graph.tools.length} tools, ${graph.edges.length} edges, hash ${graph.hash.slice(0, 12)})`];
  for (const tool of graph.tools) {
    const tags = [graph.readOnly.includes(tool) ? 'read-only' : 'writes', graph.callable.includes(tool) ? '' : 'never succeeded while probing'].filter(Boolean).join(', ');
    lines.push(`${tool}  [${tags}]`);
    for (const edge of next.get(tool) ?? []) {
      const via = edge.fields.length > 0 ? ` via ${edge.fields.map((f) => (f.output === f.input ? f.input : `${f.output}→${f.input}`)).join(', ')}` : '';
      lines.push(`  → ${edge.to}  (${edge.kind}, ${edge.source}${via})`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The graph as a Mermaid flowchart: solid arrows explicit, dotted arrows implicit. */
export function renderGraphMermaid(graph: DependencyGraph): string {
  const lines = ['flowchart LR'];
  for (const tool of graph.tools) lines.push(`  ${tool}${graph.readOnly.includes(tool) ? `([${tool}])` : `[${tool}]`}`);
  for (const edge of graph.edges) {
    const label = edge.fields.map((f) => f.input).join(', ');
    lines.push(edge.kind === 'explicit' ? `  ${edge.from} -->${label ? `|${label}|` : ''} ${edge.to}` : `  ${edge.from} -.-> ${edge.to}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The graph in Graphviz DOT: solid edges explicit, dashed edges implicit. */
export function renderGraphDot(graph: DependencyGraph): string {
  const lines = [`digraph "${graph.server}" {`, '  rankdir=LR;'];
  for (const tool of graph.tools) lines.push(`  "${tool}" [shape=${graph.readOnly.includes(tool) ? 'ellipse' : 'box'}];`);
  for (const edge of graph.edges) {
    const label = edge.fields.map((f) => f.input).join(', ');
    lines.push(`  "${edge.from}" -> "${edge.to}" [style=${edge.kind === 'explicit' ? 'solid' : 'dashed'}${label ? `, label="${label}"` : ''}];`);
  }
  lines.push('}');
  return `${lines.join('\n')}\n`;
}
