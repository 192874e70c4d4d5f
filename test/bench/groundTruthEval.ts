/**
 * `prove-rl eval` with a policy that replays each example's ground truth, served over the
 * OpenAI-compatible protocol by a local scripted server (npm run eval:ground-truth -- DATASET OUT
 * [more eval options]): the ceiling check of a dataset. Every example should reach its maximum
 * reward and pass the state check; anything less is a replay problem of the dataset or a domain.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Example } from '../../core/index.js';
import { startScriptedOpenAIServer, type ChatRequest, type Script } from '../rollout/support/ScriptedOpenAIServer.js';
import { groundTruthAction } from '../rollout/support/groundTruthPolicy.js';
import { REPO_ROOT } from '../support/project.js';

const [dataset, out, ...rest] = process.argv.slice(2);
if (dataset === undefined || out === undefined) {
  process.stderr.write('usage: npm run eval:ground-truth -- DATASET OUT_DIR [eval options]\n');
  process.exit(2);
}
const examples = readFileSync(dataset, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Example);

const toolNames = (tools: ReadonlyArray<unknown> | undefined): string =>
  (tools ?? []).map((t) => (t as { function?: { name?: string }; name?: string }).function?.name ?? (t as { name?: string }).name ?? '').sort().join(',');
const offered = new Map(examples.map((e) => [e, toolNames(e.tools as unknown[])]));

/**
 * The example a conversation plays: the one whose user turns so far are the conversation's and
 * whose offered tools and system message are the request's (synthesis can give two examples the same
 * first message, so the first message alone is not enough).
 */
function exampleFor(request: ChatRequest): Example {
  const users = request.messages.filter((m) => m.role === 'user').map((m) => m.content);
  const tools = toolNames(request.tools);
  const system = request.messages.find((m) => m.role === 'system')?.content;
  const candidates = examples.filter((e) => users.every((text, i) => e.turns[i]?.user === text));
  // Several personas can open with the same words ("List my saved addresses."): the system message says who is signed in.
  const found =
    candidates.find((e) => offered.get(e) === tools && e.messages[0]?.role === 'system' && e.messages[0].content === system) ??
    candidates.find((e) => offered.get(e) === tools) ??
    candidates[0];
  if (found === undefined) throw new Error(`no example starts with ${JSON.stringify(users[0])}`);
  return found;
}

const replay: Script = (request) => {
  const action = groundTruthAction(exampleFor(request), request.messages);
  if ('text' in action) return { kind: 'message', content: action.text };
  return { kind: 'message', toolCalls: action.calls.map((call) => ({ name: call.name, arguments: JSON.stringify(call.arguments) })) };
};
const server = await startScriptedOpenAIServer(replay);
try {
  const args = ['--import', 'tsx', join(REPO_ROOT, 'core', 'cli', 'bin.ts'), 'eval', '--dataset', dataset, '--policy', server.baseURL, '--model', 'ground-truth-replay', '--split', 'all', '--out', out, ...rest];
  const code = await new Promise<number>((resolve) => spawn(process.execPath, args, { stdio: 'inherit' }).on('exit', (c) => resolve(c ?? 1)));
  process.exitCode = code;
} finally {
  await server.close();
}
