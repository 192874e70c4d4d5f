import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hash as sha256 } from 'node:crypto';
import { type Engine, type ProvePlugin } from '../../core/index.js';
import { OpenAIPolicyPlugin, type OpenAIPolicyOptions } from '../policy/OpenAIPolicyPlugin.js';
import { writeFileAtomic } from '../../core/support/index.js';
import type { DependencyEdge, DependencyGraph } from './DependencyGraph.js';
import type { ToolFacts } from './ToolCatalog.js';
import { DEPENDENCY_CLASSIFIER, dependencyGraphHooks } from './contracts.js';

const PLUGIN_NAME = 'LlmDependencyClassifierPlugin';

/** Options: the OpenAI-compatible client's, plus where to keep answers across runs. */
export interface LlmDependencyClassifierOptions extends Omit<OpenAIPolicyOptions, 'purposes' | 'logprobs' | 'parseTextToolCalls'> {
  /** Folder for classified graphs, one file per schema hash and model (default: memory only). */
  cacheDir?: string;
}

/** One pair's answer. */
export interface PairVerdict {
  relation: 'explicit' | 'implicit' | 'none';
  /** Which tool must come first. */
  first?: string;
}

function describe(tool: ToolFacts): string {
  const inputs = Object.keys(tool.properties).map((name) => `${name}${tool.required.includes(name) ? ' (required)' : ''}`);
  const outputs = Object.keys(((tool.outputSchema?.properties ?? {}) as Record<string, unknown>));
  return `${tool.name}: ${tool.description.slice(0, 300)}\n  inputs: ${inputs.join(', ') || 'none'}\n  outputs: ${outputs.join(', ') || 'unknown'}${tool.readOnly ? '\n  read-only' : ''}`;
}

/** The verdict in a model's answer: a JSON object anywhere in the text, or undefined when there is none. */
export function parseVerdict(text: string, a: string, b: string): PairVerdict | undefined {
  const match = /\{[\s\S]*\}/.exec(text);
  if (!match) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(match[0]);
  } catch {
    return undefined;
  }
  const record = value as { relation?: unknown; first?: unknown };
  if (record.relation !== 'explicit' && record.relation !== 'implicit' && record.relation !== 'none') return undefined;
  if (record.relation === 'none') return { relation: 'none' };
  if (record.first !== a && record.first !== b) return undefined;
  return { relation: record.relation, first: record.first };
}

/**
 * The paper's classifier: an OpenAI-compatible model is asked, for every pair of an environment's
 * tools (n choose 2), whether one's output is a required input of the other (explicit), one must
 * run first to establish state (implicit), or neither. Its edges are added to the built-in graph
 * (marked `llm`); answers are cached per tool-schema hash and model. An answer that cannot be read
 * after the client's retries counts as none, and is counted in the graph's sampling meta.
 */
export class LlmDependencyClassifierPlugin implements ProvePlugin {
  static readonly pluginName = PLUGIN_NAME;
  static readonly description = 'dependency graph: an OpenAI-compatible model classifies every tool pair (explicit / implicit / none)';
  static readonly commands = [];
  readonly name = PLUGIN_NAME;
  readonly options: LlmDependencyClassifierOptions;
  private readonly client: OpenAIPolicyPlugin;
  private readonly classified = new Map<string, Promise<{ graph: DependencyGraph; unreadable: number }>>();

  constructor(options: LlmDependencyClassifierOptions) {
    const { cacheDir: _cacheDir, ...client } = options;
    this.options = options;
    this.client = new OpenAIPolicyPlugin({ ...client, purposes: ['assistant'], parseTextToolCalls: false });
  }

  apply(engine: Engine): void {
    dependencyGraphHooks(engine).refine.tapPromise(this.name, async ({ graph, meta }, { tools }) => {
      const key = `${graph.hash}|${this.options.model}`;
      let result = this.classified.get(key);
      if (result === undefined) {
        result = this.classify(graph, tools);
        this.classified.set(key, result);
      }
      const { graph: classified, unreadable } = await result;
      return { graph: classified, meta: DEPENDENCY_CLASSIFIER.with(meta, { model: this.options.model, unreadable }) };
    });
  }

  private async classify(graph: DependencyGraph, tools: readonly ToolFacts[]): Promise<{ graph: DependencyGraph; unreadable: number }> {
    const file = this.options.cacheDir === undefined ? undefined : join(this.options.cacheDir, `classified-${graph.server}-${sha256('sha256', `${graph.hash}|${this.options.model}`, 'hex').slice(0, 16)}.json`);
    if (file !== undefined && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { graph: DependencyGraph; unreadable: number };
    const pairs: Array<[ToolFacts, ToolFacts]> = [];
    for (let i = 0; i < tools.length; i++) for (let j = i + 1; j < tools.length; j++) pairs.push([tools[i], tools[j]]);
    let unreadable = 0;
    const verdicts = await Promise.all(
      pairs.map(async ([a, b], index) => {
        const completion = await this.client.complete({
          purpose: 'assistant',
          tools: [],
          seed: index,
          meta: {},
          messages: [
            {
              role: 'system',
              content:
                'You classify how two API tools depend on each other. "explicit": an output field of one is a required input of the other. "implicit": one must run first to create the state the other needs, without passing a value. "none": neither. Answer with one JSON object only: {"relation": "explicit" | "implicit" | "none", "first": "<name of the tool that must run first>"}.',
            },
            { role: 'user', content: `Tool A\n${describe(a)}\n\nTool B\n${describe(b)}` },
          ],
        });
        const verdict = parseVerdict(completion.message.content ?? '', a.name, b.name);
        if (verdict === undefined) unreadable++;
        return { a, b, verdict };
      }),
    );
    const edges: DependencyEdge[] = [...graph.edges];
    const present = new Set(edges.map((edge) => `${edge.from}>${edge.to}`));
    for (const { a, b, verdict } of verdicts) {
      if (verdict === undefined || verdict.relation === 'none') continue;
      const [from, to] = verdict.first === a.name ? [a.name, b.name] : [b.name, a.name];
      if (present.has(`${from}>${to}`)) continue;
      present.add(`${from}>${to}`);
      edges.push({ from, to, kind: verdict.relation, fields: [], source: 'llm' });
    }
    edges.sort((x, y) => (x.from === y.from ? (x.to < y.to ? -1 : x.to > y.to ? 1 : 0) : x.from < y.from ? -1 : 1));
    const result = { graph: { ...graph, edges }, unreadable };
    if (file !== undefined) {
      mkdirSync(this.options.cacheDir!, { recursive: true });
      writeFileAtomic(file, `${JSON.stringify(result, null, 2)}\n`);
    }
    return result;
  }
}

export default LlmDependencyClassifierPlugin;
