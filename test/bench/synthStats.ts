/**
 * `npm run synth:stats -- DIR/examples.jsonl`: what a synthesized dataset teaches (ids in first
 * messages, result-dependent turns, recoveries, tool coverage, drops by reason from the manifest
 * beside it, the kind and perturbation mix next to the paper's). See plugins/synthesis/datasetStats.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Example } from '../../core/index.js';
import { datasetStats, formatStats } from '../../plugins/synthesis/datasetStats.js';
import { loadDomains } from '../../servers/index.js';

const file = process.argv[2];
if (file === undefined || !existsSync(file)) {
  process.stderr.write(`usage: npm run synth:stats -- DIR/examples.jsonl${file === undefined ? '' : ` (no file ${file})`}\n`);
  process.exit(2);
}
const examples = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Example);
const manifestFile = join(dirname(file), 'manifest.json');
const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as { counts?: { dropped?: Record<string, number> } }) : undefined;
const servers = [...new Set(examples.flatMap((e) => e.servers))];
const allTools: Record<string, string[]> = {};
for (const domain of await loadDomains(servers)) allTools[domain.name] = domain.tools.map((tool) => tool.name);
const toolDomains = new Map(Object.entries(allTools).flatMap(([domain, tools]) => tools.map((tool) => [tool, domain] as const)));
console.log(formatStats(datasetStats(examples, toolDomains), allTools, manifest?.counts?.dropped));
