import { resolve } from 'node:path';
import { defineCommand, errors } from '../../core/index.js';
import { integerOption } from '../../core/cli/optionValues.js';
import { ProgressLine } from '../../core/support/index.js';
import { runSynthesis } from './runSynthesis.js';

export default defineCommand({
  name: 'synth',
  summary: 'synthesize grounded multi-turn tool-use examples from the live environments; write examples.jsonl and manifest.json',
  description: [
    'Each conversation: a tool chain from the dependency graph, arguments from live entities, a persona and an',
    'information level; the teacher plays it turn by turn against a live session; perturbations (distractors, enum',
    'stripping, irrelevance, missing function) apply as configured; every conversation is replayed in fresh sessions',
    'and must reproduce its results, near-duplicates are dropped. Same seed and configuration: the same bytes.',
    'An interrupted run continues with --resume (same options).',
  ].join('\n'),
  options: {
    count: { type: 'string', valueName: 'N', description: 'validated examples to write' },
    seed: { type: 'string', valueName: 'S', description: 'seed of every choice (default: the config\'s seed, else 0)' },
    out: { type: 'string', valueName: 'DIR', description: 'output folder (examples.jsonl, manifest.json)' },
    domains: { type: 'string', multiple: true, valueName: 'NAME', description: 'environments to synthesize from (repeat or comma-separate; default: all registered)' },
    concurrency: { type: 'string', valueName: 'C', description: 'conversations in flight at once (the output does not change)', default: '8' },
    resume: { type: 'boolean', description: 'continue an interrupted run in --out' },
    'max-conversations': { type: 'string', valueName: 'N', description: 'conversations played at most; the run ends with what it kept (a bounded try of a slow model teacher)' },
  },
  examples: [
    'prove-rl synth --count 1000 --seed 1 --out runs/synth',
    'prove-rl synth --count 200 --domains banking,shopping --out runs/small --resume',
    'prove-rl synth --count 20 --max-conversations 40 --config runs/llm/prove.config.ts --out runs/llm',
  ],
  async run(context) {
    const values = await context.settings();
    if (typeof values.count !== 'string') throw errors.usage('synth', '--count N is required');
    if (typeof values.out !== 'string' || values.out === '') throw errors.usage('synth', '--out DIR is required');
    const count = integerOption('synth', 'count', values.count, 1);
    const seed = integerOption('synth', 'seed', values.seed ?? '0', 0);
    const concurrency = integerOption('synth', 'concurrency', values.concurrency ?? '8', 1);
    const domains = (Array.isArray(values.domains) ? values.domains : typeof values.domains === 'string' ? [values.domains] : []).flatMap((d) => d.split(',')).map((d) => d.trim()).filter(Boolean);
    const cap = values['max-conversations'] === undefined ? undefined : integerOption('synth', 'max-conversations', values['max-conversations'], 1);
    const engine = await context.engine();
    // With a cap the line counts conversations (a slow teacher keeps nothing for a long time); else kept examples.
    const progress = new ProgressLine(cap ?? count, context.isTTY, context.stderr, 'synth');
    const result = await runSynthesis(engine, {
      count,
      seed,
      outDir: resolve(context.cwd, values.out),
      domains,
      concurrency,
      resume: values.resume === true,
      ...(cap === undefined ? {} : { maxConversations: cap }),
      progress: ({ kept, conversations, dropped }) =>
        cap === undefined
          ? progress.update(kept, `kept, ${conversations} conversations, ${dropped} dropped`)
          : progress.update(conversations, `conversations, ${kept} kept, ${dropped} dropped`),
    });
    const counts = result.counts as { examples: number; kinds: Record<string, number>; dropped: Record<string, number> };
    context.stdout(`${result.examples}\n${result.manifest}\n`);
    if (cap !== undefined && counts.examples < count) context.stderr(`synth: --max-conversations ${cap} reached with ${counts.examples} of ${count} examples kept\n`);
    context.stdout(`${counts.examples} examples (${Object.entries(counts.kinds).map(([k, v]) => `${k} ${v}`).join(', ')}); dropped: ${Object.entries(counts.dropped).map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}\n`);
    return 0;
  },
});
