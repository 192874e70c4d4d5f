/**
 * Precision and recall of the model-free dependency graph against the hand-labelled gold edges,
 * per domain. `npm run graph:gold` prints the table; test/synthesis/dependencyGraphGold.test.ts
 * asserts it. Domains without a gold file are listed as unlabelled.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createEngine, resolveConfig, type Engine } from '../../../core/index.js';
import { provePreset } from '../../../presets/prove.js';
import { DEPENDENCY_GRAPH } from '../../../plugins/synthesis/contracts.js';
import type { DependencyGraph } from '../../../plugins/synthesis/DependencyGraph.js';
import { domainNames } from '../../../servers/index.js';
import { goldEdgeKeys, type GoldGraph } from './types.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');

export interface DomainScore {
  domain: string;
  /** Undefined when the domain has no gold file. */
  gold?: number;
  found: number;
  truePositives: number;
  precision: number;
  recall: number;
  missing: string[];
  extra: string[];
}

export async function loadGold(domain: string): Promise<GoldGraph | undefined> {
  const file = join(import.meta.dirname, `${domain}.ts`);
  if (!existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { gold: GoldGraph };
  return module.gold;
}

export async function buildGraph(engine: Engine, domain: string): Promise<DependencyGraph> {
  const environment = engine.environment(domain);
  const session = await engine.openSession(domain, { seed: 0, referenceDate: environment.defaultReferenceDate ?? '2026-03-16T09:00:00Z' });
  try {
    const graph = DEPENDENCY_GRAPH.get((await engine.sample({ server: domain, session, seed: 0 })).meta);
    if (graph === undefined) throw new Error(`no dependency graph for ${domain}`);
    return graph;
  } finally {
    await session.close();
  }
}

export function scoreGraph(graph: DependencyGraph, gold: GoldGraph): DomainScore {
  const expected = goldEdgeKeys(gold);
  const unknown = [...expected].flatMap((key) => key.split('>')).filter((tool) => !graph.tools.includes(tool));
  if (unknown.length > 0) throw new Error(`gold edges of ${gold.domain} name tools the domain lacks: ${[...new Set(unknown)].join(', ')}`);
  const found = new Set(graph.edges.map((edge) => `${edge.from}>${edge.to}`));
  const truePositives = [...found].filter((key) => expected.has(key)).length;
  return {
    domain: gold.domain,
    gold: expected.size,
    found: found.size,
    truePositives,
    precision: found.size === 0 ? (expected.size === 0 ? 1 : 0) : truePositives / found.size,
    recall: expected.size === 0 ? 1 : truePositives / expected.size,
    missing: [...expected].filter((key) => !found.has(key)).sort(),
    extra: [...found].filter((key) => !expected.has(key)).sort(),
  };
}

export function engineForGraphs(): Promise<Engine> {
  return resolveConfig(join(ROOT, 'prove.config.ts'), { presets: [provePreset] }).then((resolved) => createEngine(resolved));
}

/** Scores every registered domain (or the named ones); unlabelled domains get a row without numbers. */
export async function scoreDomains(engine: Engine, domains: readonly string[] = domainNames()): Promise<DomainScore[]> {
  const scores: DomainScore[] = [];
  for (const domain of domains) {
    const gold = await loadGold(domain);
    if (gold === undefined) {
      scores.push({ domain, found: 0, truePositives: 0, precision: Number.NaN, recall: Number.NaN, missing: [], extra: [] });
      continue;
    }
    scores.push(scoreGraph(await buildGraph(engine, domain), gold));
  }
  return scores;
}

export function renderScores(scores: readonly DomainScore[], details = false): string {
  const lines = ['domain           gold  found  both  precision  recall'];
  for (const s of scores) {
    if (s.gold === undefined) {
      lines.push(`${s.domain.padEnd(16)} unlabelled: no test/synthesis/goldEdges/${s.domain}.ts`);
      continue;
    }
    lines.push(`${s.domain.padEnd(16)} ${String(s.gold).padStart(4)}  ${String(s.found).padStart(5)}  ${String(s.truePositives).padStart(4)}  ${s.precision.toFixed(3).padStart(9)}  ${s.recall.toFixed(3).padStart(6)}`);
    if (details) {
      for (const key of s.missing) lines.push(`    missing ${key}`);
      for (const key of s.extra) lines.push(`    extra   ${key}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const details = args.includes('--details');
  const domains = args.filter((arg) => !arg.startsWith('--'));
  const engine = await engineForGraphs();
  try {
    process.stdout.write(renderScores(await scoreDomains(engine, domains.length > 0 ? domains : domainNames()), details));
  } finally {
    await engine.close();
  }
}
