import { expect } from 'chai';
import { createEngine, resolveConfig, type Engine, type ExecutedCall, type Example, type GroundTruthStep, type RewardSheet, type ToolSchema } from '../../core/index.js';
import { graduatedPreset } from '../../presets/graduated.js';
import { proveRewardPreset } from '../../presets/proveReward.js';
import { recallPreset } from '../../presets/recall.js';
import { prng } from '../bench/rewardWorkload.js';
import { referenceSheet, type ReferencePreset } from './reference/referenceSheet.js';

/**
 * Differential test of the reward's fast path: on a large generated workload (abstention
 * examples, parallel steps listed out of dependency order, every JSON type in arguments, strings
 * that normalize alike, near-equal numbers, duplicated, swapped, failed, malformed and unknown
 * calls, steps given or not) the engine's sheets — total, terms, weights and every detail — are
 * byte for byte those of the implementation before the fast path (./reference/), for every
 * built-in reward configuration.
 */

const DEFAULT_EQUALITY = { strings: 'normalized', arrays: 'unordered', tolerance: 1e-9 } as const;
const PAPER_WEIGHTS = { validity: 0.5, coverage: 0.5, efficiency: 0.15, name: 0.2, args: 0.1 };
const PROVE_TERMS: ReferencePreset['terms'] = [
  { kind: 'validity', term: 'validity', execution: true, arguments: 'required' },
  { kind: 'coverage', term: 'coverage', ordered: true, match: 'name+keys' },
  { kind: 'efficiency', term: 'efficiency', alpha: 0.5, beta: 0.5 },
  { kind: 'name', term: 'name' },
  { kind: 'args', term: 'args', alignment: 'coverage', equality: DEFAULT_EQUALITY },
];
const DIAGNOSTICS = { validity: 0, coverage: 0, efficiency: 0, name: 0, args: 0 };

const CONFIGS: Array<{ label: string; presets: unknown[]; reference: ReferencePreset }> = [
  { label: 'prove', presets: [proveRewardPreset], reference: { terms: PROVE_TERMS, weights: PAPER_WEIGHTS, abstention: 'paper' } },
  {
    label: 'prove, whole-schema validity, weighted abstention, β 0',
    presets: [[proveRewardPreset, { arguments: 'schema', abstention: 'weighted', beta: 0 }]],
    reference: {
      terms: [{ kind: 'validity', term: 'validity', execution: true, arguments: 'schema' }, PROVE_TERMS[1], { kind: 'efficiency', term: 'efficiency', alpha: 0.5, beta: 0 }, PROVE_TERMS[3], PROVE_TERMS[4]],
      weights: PAPER_WEIGHTS,
      abstention: 'weighted',
    },
  },
  {
    label: 'graduated',
    presets: [graduatedPreset],
    reference: {
      terms: [
        { kind: 'validity', term: 'validity', execution: false, arguments: 'schema' },
        { kind: 'coverage', term: 'ordered_names', ordered: true, match: 'name' },
      ],
      weights: { ...DIAGNOSTICS, validity: 0.5, ordered_names: 0.5 },
      abstention: 'paper',
    },
  },
  {
    label: 'recall',
    presets: [recallPreset],
    reference: { terms: [{ kind: 'coverage', term: 'recall', ordered: false, match: 'name+keys' }], weights: { ...DIAGNOSTICS, recall: 1 }, abstention: 'paper' },
  },
];

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

const PROPERTY_SCHEMAS: ReadonlyArray<[string, Record<string, unknown>]> = [
  ['query', { type: 'string' }],
  ['count', { type: 'integer', minimum: 1 }],
  ['amount', { type: 'number' }],
  ['flag', { type: 'boolean' }],
  ['tags', { type: 'array', items: { type: 'string' } }],
  ['filter', { type: 'object' }],
  ['mode', { enum: ['fast', 'slow', 1] }],
  ['either', { anyOf: [{ type: 'string' }, { type: 'null' }] }],
  ['code', { type: 'string', pattern: '^[A-Z]+$' }],
  ['anything', {}],
  // A key every object inherits: reading it on arguments without it finds Object.prototype's.
  ['constructor', { type: 'string' }],
];

/** 40 parameter schemas, shared by content across examples as a dataset's tools are (each distinct schema is compiled once). */
const SCHEMA_POOL: ReadonlyArray<Record<string, unknown>> = (() => {
  const random = prng(7);
  return Array.from({ length: 40 }, () => makeParameters(random));
})();

function makeTool(name: string, random: Random): ToolSchema {
  const parameters = structuredClone(pick(random, SCHEMA_POOL));
  return { type: 'function', function: { name, description: name, parameters: parameters as ToolSchema['function']['parameters'] } };
}

function makeParameters(random: Random): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [key, schema] of PROPERTY_SCHEMAS) {
    if (random() < 0.45) {
      properties[key] = schema;
      if (random() < 0.5) required.push(key);
    }
  }
  const parameters: Record<string, unknown> = { type: 'object', properties, required };
  if (random() < 0.7) parameters.additionalProperties = false;
  if (random() < 0.1) parameters.$schema = 'https://json-schema.org/draft/2020-12/schema';
  return parameters;
}

const STRINGS = ['usb cable', 'USB  Cable', ' usb cable ', 'usb\tcable', 'caf\u00e9', 'cafe\u0301', 'CAF\u00c9', 'Spring10', 'SPRING10', '', 'p_7', 'İstanbul', '\u00a0x'];

function makeValue(random: Random, depth = 0): unknown {
  const r = random();
  if (r < 0.35) return pick(random, STRINGS);
  if (r < 0.5) return pick(random, [0, 1, 2, 2.0000000001, 2.5, -3, 1e-12, 1e12, 1e12 + 1]);
  if (r < 0.58) return random() < 0.5;
  if (r < 0.63) return null;
  if (r < 0.8 && depth < 2) return Array.from({ length: Math.floor(random() * 4) }, () => makeValue(random, depth + 1));
  if (depth < 2) {
    const value: Record<string, unknown> = {};
    for (let k = Math.floor(random() * 3); k > 0; k--) value[pick(random, ['a', 'b', 'c'])] = makeValue(random, depth + 1);
    return value;
  }
  return pick(random, STRINGS);
}

function makeArguments(tool: ToolSchema, random: Random): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const key of Object.keys((tool.function.parameters as { properties: object }).properties)) if (random() < 0.6) args[key] = makeValue(random);
  return args;
}

function makeExample(id: number, random: Random): Example {
  const tools = Array.from({ length: 3 + Math.floor(random() * 5) }, (_, i) => makeTool(`t${i}`, random));
  const offered = tools.slice(0, Math.max(1, tools.length - 1));
  const stepCount = random() < 0.12 ? 0 : 1 + Math.floor(random() * 5);
  const steps: GroundTruthStep[] = [];
  for (let s = 0; s < stepCount; s++) {
    const width = random() < 0.25 ? 2 + Math.floor(random() * 2) : 1;
    const calls = Array.from({ length: width }, () => {
      const tool = pick(random, offered);
      return { name: tool.function.name, arguments: makeArguments(tool, random) };
    });
    const dependsOn = Array.from({ length: s }, (_, j) => `s${j}`).filter(() => random() < 0.45);
    steps.push({ id: `s${s}`, turn: 0, calls, dependsOn });
  }
  // Listed out of dependency order now and then: the reward sorts the steps itself.
  if (steps.length > 1 && random() < 0.3) steps.reverse();
  return {
    id: `diff-${id}`,
    kind: stepCount === 0 ? 'abstention' : 'multi_turn',
    servers: ['shop'],
    tools,
    world: { seed: id, referenceDate: '2026-03-01T09:00:00Z' },
    turns: [{ user: 'please' }],
    messages: [],
    groundTruth: steps,
    perturbations: [],
    meta: {},
  };
}

function makeCalls(example: Example, random: Random): ExecutedCall[] {
  const gt = example.groundTruth.flatMap((s) => s.calls);
  const calls: ExecutedCall[] = [];
  const count = Math.floor(random() * 10);
  const withSteps = random() < 0.7;
  let message = 0;
  for (let i = 0; i < count; i++) {
    if (i > 0 && random() < 0.75) message++;
    const r = random();
    let call: ExecutedCall;
    if (r < 0.45 && gt.length > 0) {
      const want = pick(random, gt);
      const args: Record<string, unknown> = structuredClone(want.arguments ?? {});
      for (const key of Object.keys(args)) {
        const m = random();
        if (m < 0.15) delete args[key];
        else if (m < 0.3) args[key] = makeValue(random);
        else if (m < 0.33) args[key] = undefined;
      }
      if (random() < 0.15) args.extra = 'x';
      call = { name: want.name, arguments: args, server: 'shop', ok: random() < 0.8 };
    } else if (r < 0.75) {
      const tool = pick(random, example.tools);
      call = { name: tool.function.name, arguments: makeArguments(tool, random), server: 'shop', ok: random() < 0.6 };
    } else if (r < 0.85) {
      call = { name: '', arguments: {}, malformed: '{"name": "t', server: '', ok: false, error: { kind: 'malformed', message: 'x' } };
    } else if (r < 0.9) {
      call = { name: pick(random, ['t0', 't1']), arguments: {}, server: 'shop', ok: false, error: { kind: 'malformed', message: 'cut off' } };
    } else if (r < 0.95) {
      call = { name: 'not_offered', arguments: { query: 'x' }, server: '', ok: false, error: { kind: 'unknown_tool', message: 'x' } };
    } else {
      call = { name: pick(random, ['t0', 't1', 't2']), arguments: pick(random, [{}, { query: 'usb cable' }, { count: '2' }, { count: 2.0 }]), server: 'shop', ok: true };
    }
    if (!call.ok && call.error === undefined && random() < 0.7) call.error = { kind: 'execution', message: 'refused' };
    if (withSteps || random() < 0.1) call.step = message;
    calls.push(call);
  }
  if (calls.length > 1 && random() < 0.2) {
    const i = Math.floor(random() * (calls.length - 1));
    [calls[i], calls[i + 1]] = [calls[i + 1], calls[i]];
  }
  return calls;
}

/** The workload: 800 examples, 8 trajectories each (a GRPO group shares its example object). */
function workload(): Array<{ example: Example; calls: ExecutedCall[] }> {
  const random = prng(2121);
  const out: Array<{ example: Example; calls: ExecutedCall[] }> = [];
  for (let e = 0; e < 800; e++) {
    const example = makeExample(e, random);
    for (let r = 0; r < 8; r++) out.push({ example, calls: makeCalls(example, random) });
  }
  return out;
}

/** Ground-truth calls of 28–33 arguments (around the 30 whose comparisons coverage hands to the argument-value term). */
function wideWorkload(): Array<{ example: Example; calls: ExecutedCall[] }> {
  const random = prng(3434);
  const out: Array<{ example: Example; calls: ExecutedCall[] }> = [];
  for (let e = 0; e < 48; e++) {
    const properties = Object.fromEntries(Array.from({ length: 28 + (e % 6) }, (_, k) => [`k${k}`, { type: 'string' }]));
    const tool: ToolSchema = { type: 'function', function: { name: 'wide', description: 'wide', parameters: { type: 'object', properties, required: ['k0'] } as ToolSchema['function']['parameters'] } };
    const want = () => Object.fromEntries(Object.keys(properties).map((key) => [key, pick(random, STRINGS)]));
    const steps: GroundTruthStep[] = [
      { id: 's0', turn: 0, calls: [{ name: 'wide', arguments: want() }], dependsOn: [] },
      { id: 's1', turn: 0, calls: [{ name: 'wide', arguments: want() }, { name: 'wide', arguments: want() }], dependsOn: ['s0'] },
    ];
    const example: Example = { ...makeExample(100_000 + e, random), tools: [tool], groundTruth: steps };
    for (let r = 0; r < 4; r++) {
      const calls: ExecutedCall[] = steps.flatMap((s) => s.calls).map((c, i) => {
        const args: Record<string, unknown> = { ...c.arguments };
        for (const key of Object.keys(args)) if (random() < 0.2) args[key] = pick(random, STRINGS);
        return { name: 'wide', arguments: args, server: 'shop', ok: random() < 0.8, step: i };
      });
      if (random() < 0.5) calls.push({ ...calls[Math.floor(random() * calls.length)], step: 3 });
      out.push({ example, calls });
    }
  }
  return out;
}

/** A sheet as text, or the error it raised. */
function outcome(compute: () => RewardSheet): string {
  try {
    return JSON.stringify(compute());
  } catch (error) {
    return `threw ${(error as Error).name}`;
  }
}

describe('reward fast path: sheets equal the reference implementation, byte for byte', function () {
  this.timeout(120_000);
  const inputs = workload();

  const wide = wideWorkload();
  it(`prove: ${wide.length} trajectories of ground-truth calls with 28–33 arguments`, async () => {
    const config = CONFIGS[0];
    const engine: Engine = await createEngine(await resolveConfig('(test)', { presets: config.presets as never }));
    try {
      for (const input of wide) expect(JSON.stringify(await engine.reward(input))).to.equal(outcome(() => referenceSheet(config.reference, input.example, input.calls)));
    } finally {
      await engine.close();
    }
  });

  for (const config of CONFIGS) {
    it(`${config.label}: ${inputs.length.toLocaleString('en-US')} generated trajectories`, async () => {
      const engine: Engine = await createEngine(await resolveConfig('(test)', { presets: config.presets as never }));
      try {
        let compared = 0;
        let abstentions = 0;
        for (const input of inputs) {
          let fast: string;
          try {
            fast = JSON.stringify(await engine.reward(input));
          } catch (error) {
            fast = `threw ${(error as Error).name}`;
          }
          const reference = outcome(() => referenceSheet(config.reference, input.example, input.calls));
          if (fast !== reference) expect(fast, `${input.example.id} ${JSON.stringify(input.calls)}`).to.equal(reference);
          compared++;
          if (input.example.groundTruth.length === 0) abstentions++;
        }
        expect(compared).to.equal(inputs.length);
        expect(abstentions).to.be.greaterThan(50);
      } finally {
        await engine.close();
      }
    });
  }
});
