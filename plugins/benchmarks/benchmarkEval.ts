import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { errors, type CommandContext } from '../../core/index.js';
import { integerOption, numberOption, textOption } from '../../core/cli/optionValues.js';
import { OpenAIPolicyPlugin, type OpenAIPolicyOptions } from '../policy/OpenAIPolicyPlugin.js';
import { ProgressLine, writeFileAtomic } from '../../core/support/index.js';
import { BFCL_CATEGORIES, BfclGroundTruthPolicyPlugin, BfclMultiTurnRunner, findBfclPython, renderBfclSummary, type BfclCategory } from './bfcl/bfclMultiTurn.js';

/** Public benchmarks `prove-rl eval --benchmark NAME` plays. */
export const BENCHMARKS = ['bfcl-multi-turn'] as const;

type Settings = Record<string, unknown>;

/**
 * `prove-rl eval --benchmark bfcl-multi-turn`: BFCL's multi-turn categories played live through the
 * engine and scored by BFCL's own checker. `--policy ground-truth` replays BFCL's ground truth
 * (must score 100 %); `--policy URL --model NAME` an OpenAI-compatible server; without --policy,
 * the configuration's policy plugin.
 */
export async function runBenchmark(context: CommandContext, s: Settings): Promise<number> {
  const benchmark = String(s.benchmark);
  if (!(BENCHMARKS as readonly string[]).includes(benchmark)) throw errors.invalidArgument('eval', '--benchmark', benchmark, `must be one of ${BENCHMARKS.join(', ')}`);
  const out = textOption(s.out);
  if (!out) throw errors.usage('eval', '--out DIR is required');
  if (s.dataset !== undefined) throw errors.usage('eval', '--dataset and --benchmark exclude each other (the benchmark brings its own tasks)');
  const categories = String(s.categories ?? BFCL_CATEGORIES.join(','))
    .split(',')
    .map((c) => c.trim().replace(/^multi_turn_/, ''))
    .filter((c) => c !== '');
  for (const category of categories) {
    if (!(BFCL_CATEGORIES as readonly string[]).includes(category)) throw errors.invalidArgument('eval', '--categories', category, `must be among ${BFCL_CATEGORIES.join(', ')}`);
  }
  const policy = textOption(s.policy);
  const model = textOption(s.model);
  const concurrency = integerOption('eval', 'concurrency', s.concurrency, 1);
  const limit = s.limit === undefined ? undefined : integerOption('eval', 'limit', s.limit, 1);
  const seed = s.seed === undefined ? 0 : integerOption('eval', 'seed', s.seed, 0);
  const python = findBfclPython(textOption(s.python), context.cwd);

  const engine = await context.engine();
  let policyName = 'the configured policy';
  if (policy === 'ground-truth') {
    if (model) throw errors.usage('eval', '--policy ground-truth takes no --model');
    await engine.use(new BfclGroundTruthPolicyPlugin());
    policyName = 'ground-truth replay';
  } else if (policy) {
    if (!model) throw errors.usage('eval', '--policy needs --model NAME (as the server knows it)');
    const options: OpenAIPolicyOptions = { baseURL: policy, model, apiKeyEnv: String(s['api-key-env'] ?? 'OPENAI_API_KEY'), concurrency, timeoutMs: Math.max(1, Math.round(numberOption('eval', 'timeout', s.timeout ?? '120') * 1000)), retries: integerOption('eval', 'retries', s.retries ?? '3', 0) };
    if (s.temperature !== undefined) options.temperature = numberOption('eval', 'temperature', s.temperature);
    if (s['max-tokens'] !== undefined) options.maxTokens = integerOption('eval', 'max-tokens', s['max-tokens'], 1);
    if (s.seed !== undefined) options.seed = seed;
    await engine.use(new OpenAIPolicyPlugin(options));
    policyName = `${model} at ${policy}`;
  }

  let progress: ProgressLine | undefined;
  let correct = 0;
  const runner = new BfclMultiTurnRunner(engine, {
    python,
    categories: categories as BfclCategory[],
    limit,
    concurrency,
    seed,
    policyName,
    onTask: (result, done) => {
      if (result.valid) correct++;
      progress?.tick(`${correct}/${done} correct`);
    },
  });
  const tasks = await runner.tasks();
  context.stdout(`eval: BFCL multi-turn (bfcl-eval ${runner.version}), ${tasks.length} tasks in ${categories.join(', ')}, policy ${policyName}\n`);
  progress = new ProgressLine(tasks.length, context.isTTY, context.stdout, 'bfcl');
  const { results, summary } = await runner.run(tasks);
  const outDir = resolve(context.cwd, out);
  mkdirSync(outDir, { recursive: true });
  writeFileAtomic(join(outDir, 'results.jsonl'), results.map((r) => JSON.stringify(r)).join('\n') + '\n');
  writeFileAtomic(join(outDir, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
  context.stdout(`${renderBfclSummary(summary)}\nwrote ${join(outDir, 'results.jsonl')}, summary.json\n`);
  const errorsSeen = results.filter((r) => r.errorType?.startsWith('prove:'));
  if (errorsSeen.length > 0) context.stderr(`eval: ${errorsSeen.length} of ${results.length} tasks could not be played; first: ${errorsSeen[0].id}: ${errorsSeen[0].errorMessage}\n`);
  return errorsSeen.length === results.length && results.length > 0 ? 1 : 0;
}
