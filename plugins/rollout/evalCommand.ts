import { closeSync, existsSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineCommand, errors, type Example } from '../../core/index.js';
import { integerOption, numberOption, textOption } from '../../core/cli/optionValues.js';
import { runBenchmark } from '../benchmarks/benchmarkEval.js';
import { OpenAIPolicyPlugin, type OpenAIPolicyOptions } from '../policy/OpenAIPolicyPlugin.js';
import { EvalSummaryBuilder } from './EvalSummaryBuilder.js';
import { rolloutRecord, type RolloutRecord } from './evaluateRollout.js';
import { ProgressLine } from '../../core/support/index.js';
import { readExamples, selectSplit } from './readExamples.js';
import { renderReport, type ReportedRollout } from './renderReport.js';
import { replayGroundTruth, type GroundTruthReplay } from './replayGroundTruth.js';
import { TOOL_FIT_OPTIONS, fitTools, toolFitOption } from './fitTools.js';
import { RolloutRunner, TURN_CAP_OPTIONS } from './RolloutRunner.js';
import { writeFileAtomic } from '../../core/support/index.js';

/** Rollouts shown in full in report.html. */
const WORST_SHOWN = 12;

/** Lower reward first; ties in example and rollout order, so the report does not depend on timing. */
function worse(a: RolloutRecord, b: RolloutRecord): number {
  return a.reward.total - b.reward.total || a.exampleId.localeCompare(b.exampleId) || a.rollout - b.rollout;
}

export default defineCommand({
  name: 'eval',
  summary: 'play a dataset against a policy in live environments; write rollouts.jsonl, summary.json and report.html',
  description: [
    'Each example is played G times (--group), each rollout in fresh sessions of its servers on its world: the scripted',
    'user turns in order, the policy acting after each until it answers in text, tool calls executed live, the',
    'trajectory scored by the configured reward. The state check compares the final state hash of every server with',
    'that of the ground truth replayed in a fresh session (BFCL); the response check asks that every user turn was',
    'answered in text and that abstention examples made no call. The policy is the built-in OpenAI-compatible client',
    'when --policy is given, else whatever policy plugin the configuration holds.',
  ].join('\n'),
  options: {
    dataset: { type: 'string', valueName: 'FILE', description: 'examples, one per line (JSONL)' },
    split: { type: 'string', valueName: 'NAME', description: 'test, train or all', default: 'test' },
    policy: { type: 'string', valueName: 'URL', description: 'base URL of an OpenAI-compatible server, e.g. http://localhost:8000/v1' },
    model: { type: 'string', valueName: 'NAME', description: 'model name as the server at --policy knows it (not a folder, unlike train --model: serve one with serve-model)' },
    group: { type: 'string', valueName: 'G', description: 'rollouts per example', default: '1' },
    limit: { type: 'string', valueName: 'N', description: 'play only the first N examples of the split' },
    concurrency: { type: 'string', valueName: 'C', description: 'rollouts (and policy requests) in flight at once', default: '8' },
    out: { type: 'string', valueName: 'DIR', description: 'output folder' },
    temperature: { type: 'string', valueName: 'T', description: 'sampling temperature (default: the server’s)' },
    'max-tokens': { type: 'string', valueName: 'N', description: 'tokens per assistant message at most' },
    'api-key-env': { type: 'string', valueName: 'VAR', description: 'environment variable holding the API key', default: 'OPENAI_API_KEY' },
    timeout: { type: 'string', valueName: 'SECONDS', description: 'seconds one policy request may take', default: '120' },
    retries: { type: 'string', valueName: 'N', description: 'retries of a policy request on network errors, timeouts, 429 and 5xx', default: '3' },
    ...TURN_CAP_OPTIONS,
    seed: { type: 'string', valueName: 'S', description: 'base seed of the policy requests' },
    ...TOOL_FIT_OPTIONS,
    benchmark: { type: 'string', valueName: 'NAME', description: 'a public benchmark instead of --dataset: bfcl-multi-turn (needs npm run setup:bfcl); --policy ground-truth replays its ground truth' },
    categories: { type: 'string', valueName: 'LIST', description: 'benchmark categories, comma-separated (bfcl-multi-turn: base,miss_func,miss_param,long_context)' },
    python: { type: 'string', valueName: 'PATH', description: 'Python with the benchmark installed (default: .venv-bfcl, $PROVE_BFCL_PYTHON)' },
  },
  examples: [
    'prove-rl eval --dataset out/examples.jsonl --policy http://localhost:8000/v1 --model Qwen/Qwen3-4B --group 4 --out runs/eval-qwen3-4b',
    'prove-rl eval --dataset fixtures/examples/banking.jsonl --split all --policy http://localhost:11434/v1 --model qwen3:4b --limit 20 --out runs/ollama',
    'prove-rl eval --benchmark bfcl-multi-turn --policy ground-truth --out runs/bfcl-gt',
  ],
  async run(context) {
    const s = await context.settings();
    if (s.benchmark !== undefined) return runBenchmark(context, s);
    const dataset = textOption(s.dataset);
    const out = textOption(s.out);
    if (!dataset) throw errors.usage('eval', '--dataset FILE is required');
    if (!out) throw errors.usage('eval', '--out DIR is required');
    const policy = textOption(s.policy);
    const model = textOption(s.model);
    if (model && !policy && (model === 'smollm2' || existsSync(resolve(context.cwd, model)))) {
      // train --model takes a folder; eval's is the name a server gives the model it runs.
      throw errors.usage('eval', `--model is the name of a model that the server at --policy URL runs; "${model}" is a model on disk (train's --model): serve it with prove-rl export --format onnx --model ${model} --out DIR, then prove-rl serve-model --model DIR, and pass --policy http://127.0.0.1:8000/v1 --model NAME`);
    }
    if (model && !policy) throw errors.usage('eval', '--model needs --policy URL (the server that runs the model)');
    if (policy && !model) throw errors.usage('eval', '--policy needs --model NAME (as the server knows it)');
    const split = String(s.split);
    if (!['test', 'train', 'all'].includes(split)) throw errors.invalidArgument('eval', '--split', split, 'must be test, train or all');
    const groupSize = integerOption('eval', 'group', s.group, 1);
    const concurrency = integerOption('eval', 'concurrency', s.concurrency, 1);
    const limit = s.limit === undefined ? undefined : integerOption('eval', 'limit', s.limit, 1);
    const maxUserTurns = integerOption('eval', 'max-user-turns', s['max-user-turns'], 1);
    const maxAssistantTurns = integerOption('eval', 'max-assistant-turns', s['max-assistant-turns'], 1);
    const maxAssistantTurnsPerUserTurn = s['max-assistant-per-turn'] === undefined ? undefined : integerOption('eval', 'max-assistant-per-turn', s['max-assistant-per-turn'], 1);
    const timeoutSeconds = numberOption('eval', 'timeout', s.timeout);
    const seed = s.seed === undefined ? ((await context.config()).config.seed ?? 0) : integerOption('eval', 'seed', s.seed, 0);

    const datasetPath = resolve(context.cwd, dataset);
    let examples = selectSplit(dataset, readExamples(datasetPath), split);
    if (limit !== undefined) examples = examples.slice(0, limit);
    const fit = toolFitOption('eval', s);
    examples = examples.map((example) => fitTools(example, fit));

    const engine = await context.engine();
    if (policy) {
      const options: OpenAIPolicyOptions = { baseURL: policy, model: model!, apiKeyEnv: String(s['api-key-env']), concurrency, timeoutMs: Math.max(1, Math.round(timeoutSeconds * 1000)), retries: integerOption('eval', 'retries', s.retries, 0) };
      if (s.temperature !== undefined) options.temperature = numberOption('eval', 'temperature', s.temperature);
      if (s['max-tokens'] !== undefined) options.maxTokens = integerOption('eval', 'max-tokens', s['max-tokens'], 1);
      if (s.seed !== undefined) options.seed = seed;
      await engine.use(new OpenAIPolicyPlugin(options));
    }
    const runner = new RolloutRunner(engine, { concurrency, maxUserTurns, maxAssistantTurns, maxAssistantTurnsPerUserTurn, seed });
    for (const example of examples) runner.checkExample(example);

    const outDir = resolve(context.cwd, out);
    mkdirSync(outDir, { recursive: true });
    const started = performance.now();
    // The ground truth of each example, replayed once: its final state for the state check, its own reward as the ceiling.
    const replays = new Map<Example, GroundTruthReplay>();
    const ceilings = new Map<Example, { calls: number; reward: number }>();
    for (const example of examples) {
      const replay = await replayGroundTruth(engine, example);
      const sheet = await engine.reward({ example, calls: replay.calls });
      // Only hashes and failures are needed later; the calls' results can be large.
      replays.set(example, { ...replay, calls: [] });
      ceilings.set(example, { calls: replay.calls.length, reward: sheet.total });
    }

    const total = examples.length * groupSize;
    context.stdout(`eval: ${examples.length} examples × ${groupSize} = ${total} rollouts${policy ? ` against ${model} at ${policy}` : ''}\n`);
    const progress = new ProgressLine(total, context.isTTY, context.stdout, 'eval');
    const summary = new EvalSummaryBuilder();
    const order = new Map(examples.map((example, index) => [example, index]));
    const rolloutsFile = join(outDir, 'rollouts.jsonl');
    const temporary = `${rolloutsFile}.tmp-${process.pid}`;
    const fd = openSync(temporary, 'w');
    const pending = new Map<number, string>();
    let next = 0;
    let worst: ReportedRollout[] = [];
    let renamed = false;
    // Ctrl-C or a kill leaves no partial file behind: remove it, then let the signal do what it would have done.
    const onSignal = (signal: NodeJS.Signals) => {
      try {
        closeSync(fd);
      } catch {
        // already closed
      }
      rmSync(temporary, { force: true });
      process.kill(process.pid, signal);
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    try {
      await runner.playGroups(examples, groupSize, (example, rollout) => {
        const record = rolloutRecord(example, rollout, replays.get(example)!);
        summary.add(record, ceilings.get(example)!);
        // Lines are written in example and rollout order whatever order the rollouts finish in.
        pending.set(order.get(example)! * groupSize + rollout.index, JSON.stringify(record) + '\n');
        while (pending.has(next)) {
          writeSync(fd, pending.get(next)!);
          pending.delete(next++);
        }
        if (worst.length < WORST_SHOWN || worse(record, worst[worst.length - 1].record) < 0) {
          worst = [...worst, { record, example }].sort((a, b) => worse(a.record, b.record)).slice(0, WORST_SHOWN);
        }
        progress.tick(summary.failed === summary.count ? `${summary.failed} failed` : `mean reward ${summary.meanReward.toFixed(3)}${summary.failed ? `, ${summary.failed} failed` : ''}`);
      });
      closeSync(fd);
      renameSync(temporary, rolloutsFile);
      renamed = true;
    } finally {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      if (!renamed) {
        try {
          closeSync(fd);
        } catch {
          // already closed
        }
        rmSync(temporary, { force: true });
      }
    }

    const result = summary.summary({ dataset, split, policy, model, examples: examples.length, groupSize, wallSeconds: (performance.now() - started) / 1000 });
    writeFileAtomic(join(outDir, 'summary.json'), JSON.stringify(result, null, 2) + '\n');
    writeFileAtomic(join(outDir, 'report.html'), renderReport(result, worst));

    const allFailed = summary.failed === total;
    const lines = allFailed
      ? [`no rollout finished: all ${total} failed, so there is no mean reward`]
      : [
      `mean reward ${result.reward.toFixed(3)} of ${result.maxReward.toFixed(2)}  (${Object.entries(result.terms).map(([t, v]) => `${t} ${v.toFixed(3)}`).join(', ')})`,
      `state check ${(result.stateCheck * 100).toFixed(1)} %  response check ${(result.responseCheck * 100).toFixed(1)} %  both ${(result.bothChecks * 100).toFixed(1)} %`,
      `calls ${result.calls.total} (${result.calls.perRollout.toFixed(2)} per rollout, ground truth ${result.calls.groundTruthPerExample.toFixed(2)}); failed: ${Object.entries(result.validityFailures).map(([k, n]) => `${k} ${n}`).join(', ')}`,
        ];
    if (!allFailed && result.stateUnavailable > 0) lines.push(`state check unavailable for ${result.stateUnavailable} of ${result.rollouts} rollouts: a server exposes no state (configure its stateTool); they are not counted as passed`);
    if (!allFailed && result.abstention.rollouts > 0) lines.push(`abstention accuracy ${((result.abstention.accuracy ?? 0) * 100).toFixed(1)} % of ${result.abstention.rollouts}`);
    if (!allFailed) for (const [domain, slice] of Object.entries(result.byDomain)) lines.push(`  ${domain.padEnd(16)} ${slice.rollouts} rollouts  reward ${slice.reward.toFixed(3)}  state ${(slice.stateCheck * 100).toFixed(0)} %`);
    lines.push(`wrote ${join(outDir, 'rollouts.jsonl')}, summary.json, report.html`);
    context.stdout(lines.join('\n') + '\n');
    if (summary.failed > 0) {
      context.stderr(`eval: ${summary.failed} of ${total} rollouts failed; first: ${result.errors[0]?.error ?? '?'}\n`);
    }
    // Every rollout failing means nothing was evaluated (the server is down, the model name is wrong …).
    return allFailed ? 1 : 0;
  },
});
