/**
 * `prove eval` of a synthesized dataset against a policy that replays each example's ground truth,
 * served as an OpenAI-compatible endpoint (npm run eval:ground-truth -- DATASET OUT [extra eval options]):
 * the ceiling a dataset allows, and a check that every example replays to its recorded final state.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Example } from '../../core/index.js';
import { REPO_ROOT } from '../support/project.js';
import { groundTruthScript } from '../rollout/support/groundTruthPolicy.js';
import { startScriptedOpenAIServer } from '../rollout/support/ScriptedOpenAIServer.js';

const [dataset, out, ...rest] = process.argv.slice(2);
if (!dataset || !out) {
  process.stderr.write('usage: groundTruthEval.ts DATASET OUT [prove eval options]\n');
  process.exit(2);
}
const examples = readFileSync(dataset, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Example);
const server = await startScriptedOpenAIServer(groundTruthScript(examples));
const child = spawn(process.execPath, [join(REPO_ROOT, 'dist', 'core', 'cli', 'bin.js'), 'eval', '--dataset', dataset, '--out', out, '--split', 'all', '--policy', server.baseURL, '--model', 'ground-truth', ...rest], { stdio: 'inherit', env: { ...process.env, OPENAI_API_KEY: 'unused' } });
const code: number = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
await server.close();
process.exit(code);
