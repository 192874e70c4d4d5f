/**
 * The reward benchmark's workload (npm run bench:reward), shared by the in-process and the CLI
 * measurements: tasks of 4–7 ground-truth calls over 16 realistic candidate tools, and trajectories
 * of 5–10 calls with typical mistakes. Deterministic: the same seed gives the same lines.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import type { ExecutedCall, Example, GroundTruthStep, ToolSchema } from '../../core/index.js';
import { nextRandomState, randomOutput } from '../../servers/kit/seededRandom.js';

/** The kit's mulberry32, seeded with the number itself: the same trajectories on every run. */
export function prng(seed: number): () => number {
  let state = seed | 0;
  return () => randomOutput((state = nextRandomState(state)));
}

/** A realistic tool: typed, described properties, some required, an enum, no extra keys. */
function tool(name: string, index: number): ToolSchema {
  return {
    type: 'function',
    function: {
      name,
      description: `Tool ${name}: does one thing in the domain and returns a JSON object.`,
      parameters: {
        type: 'object',
        properties: {
          account_id: { type: 'string', description: 'the account', pattern: '^acc_[0-9]+$' },
          amount: { type: 'number', minimum: 0, description: 'amount in the account currency' },
          currency: { type: 'string', enum: ['USD', 'EUR', 'GBP'], description: 'ISO currency' },
          note: { type: 'string', maxLength: 200, description: 'free text' },
          limit: { type: 'integer', minimum: 1, maximum: 100, description: 'page size' },
        },
        required: index % 3 === 0 ? ['account_id'] : index % 3 === 1 ? ['account_id', 'amount'] : ['account_id', 'currency'],
        additionalProperties: false,
      },
    },
  };
}

function argsFor(toolIndex: number, random: () => number): Record<string, unknown> {
  const args: Record<string, unknown> = { account_id: `acc_${Math.floor(random() * 50)}` };
  if (toolIndex % 3 === 1) args.amount = Math.round(random() * 50000) / 100;
  if (toolIndex % 3 === 2) args.currency = ['USD', 'EUR', 'GBP'][Math.floor(random() * 3)];
  if (random() < 0.3) args.note = 'for the rent';
  return args;
}

/** A task of 4–7 ground-truth calls (a chain with one parallel step) over 16 candidate tools (4 of them distractors). */
export function makeExample(id: number, random: () => number): Example {
  const tools = Array.from({ length: 16 }, (_, i) => tool(`tool_${id % 4}_${i}`, i));
  const steps: GroundTruthStep[] = [];
  const length = 3 + Math.floor(random() * 3);
  for (let s = 0; s < length; s++) {
    const width = s === 1 ? 2 : 1;
    const calls = Array.from({ length: width }, () => {
      const t = Math.floor(random() * 12);
      return { name: tools[t].function.name, arguments: argsFor(t, random) };
    });
    steps.push({ id: `s${s}`, turn: 0, calls, dependsOn: s === 0 ? [] : [`s${s - 1}`] });
  }
  return {
    id: `bench-${id}`,
    kind: 'multi_turn',
    servers: ['bench'],
    tools,
    world: { seed: id, referenceDate: '2026-03-01T09:00:00Z' },
    turns: [{ user: 'do the task' }],
    messages: [],
    groundTruth: steps,
    perturbations: [],
    meta: {},
  };
}

/** 5–10 calls: the ground truth with typical mistakes (wrong value, missing key, failure, duplicate, distractor, swapped order, malformed). */
export function makeTrajectory(example: Example, random: () => number): ExecutedCall[] {
  const calls: ExecutedCall[] = [];
  let step = 0;
  for (const s of example.groundTruth) {
    for (const c of s.calls) calls.push({ name: c.name, arguments: { ...c.arguments }, server: 'bench', ok: true, step });
    step++;
  }
  const target = 5 + Math.floor(random() * 6);
  while (calls.length < target) {
    const r = random();
    if (r < 0.3) calls.push({ ...calls[Math.floor(random() * calls.length)], step: step++ });
    else if (r < 0.6) {
      const t = 12 + Math.floor(random() * 4);
      calls.push({ name: example.tools[t].function.name, arguments: argsFor(t, random), server: 'bench', ok: random() < 0.5, step: step++ });
    } else if (r < 0.7) calls.push({ name: '', arguments: {}, malformed: '{"name": "tool_', server: '', ok: false, error: { kind: 'malformed', message: 'x' }, step: step++ });
    else calls.push({ name: 'not_offered', arguments: {}, server: '', ok: false, error: { kind: 'unknown_tool', message: 'x' }, step: step++ });
  }
  const mistake = random();
  const i = Math.floor(random() * calls.length);
  if (mistake < 0.25 && calls[i].arguments.account_id !== undefined) calls[i] = { ...calls[i], arguments: { ...calls[i].arguments, account_id: 'acc_999' }, ok: false };
  else if (mistake < 0.5) calls[i] = { ...calls[i], ok: false, error: { kind: 'execution', message: 'insufficient funds' } };
  else if (mistake < 0.65 && i + 1 < calls.length) [calls[i], calls[i + 1]] = [{ ...calls[i + 1], step: calls[i].step }, { ...calls[i], step: calls[i + 1].step }];
  else if (mistake < 0.8) calls[i] = { ...calls[i], arguments: {} };
  return calls;
}

/**
 * Write `examples` as a dataset (JSONL) and `lines` trajectory lines cycling over `trajectories`
 * (`{"exampleId", "calls"}`), through a 1 MiB buffer: a 2-million-line file costs no memory.
 */
export function writeWorkload(datasetFile: string, trajectoriesFile: string, examples: readonly Example[], trajectories: ReadonlyArray<{ example: Example; calls: ExecutedCall[] }>, lines: number): number {
  const dataset = openSync(datasetFile, 'w');
  writeSync(dataset, examples.map((e) => JSON.stringify(e)).join('\n') + '\n');
  closeSync(dataset);
  const texts = trajectories.map((t) => JSON.stringify({ exampleId: t.example.id, calls: t.calls }) + '\n');
  const out = openSync(trajectoriesFile, 'w');
  let buffer = '';
  let bytes = 0;
  for (let i = 0; i < lines; i++) {
    buffer += texts[i % texts.length];
    if (buffer.length > 1 << 20) {
      bytes += writeSync(out, buffer);
      buffer = '';
    }
  }
  bytes += writeSync(out, buffer);
  closeSync(out);
  return bytes;
}
