import { expect } from 'chai';
import fc from 'fast-check';
import { createEngine, resolveConfig, type Engine, type ExecutedCall, type Example, type GroundTruthStep, type RewardSheet } from '../../core/index.js';
import { argumentValuesEqual } from '../../plugins/reward/argumentValuesEqual.js';
import { PreparedExample } from '../../plugins/reward/PreparedExample.js';
import { scoreCoverage } from '../../plugins/reward/scoreCoverage.js';
import { efficiencyBudget } from '../../plugins/reward/scoreEfficiency.js';
import { scoreValidity } from '../../plugins/reward/scoreValidity.js';
import { proveRewardPreset } from '../../presets/proveReward.js';
import { example, groundTruthAsCalls, step, tool } from './rewardExamples.js';

/** A small tool pool, so that random calls often collide with ground-truth names and keys. */
const TOOLS = [
  tool('t0', { a: 'string' }),
  tool('t1', { a: 'string', b: 'integer' }),
  tool('t2'),
  tool('t3', { b: 'integer' }, ['b']),
  tool('t4', { a: 'string', b: 'integer' }, ['b']),
  tool('distractor', { a: 'string' }),
];
const GT_NAMES = ['t0', 't1', 't2', 't3', 't4'] as const;
const ANY_NAMES = [...GT_NAMES, 'distractor', 'not_a_tool'] as const;
const value = { a: fc.constantFrom('x', 'y', ' X '), b: fc.integer({ min: 0, max: 3 }) };

/** Schema-valid arguments of a ground-truth call of `name`. */
function gtArguments(name: string): fc.Arbitrary<Record<string, unknown>> {
  switch (name) {
    case 't0':
      return fc.record({ a: value.a });
    case 't1':
      return fc.record({ a: value.a, b: value.b });
    case 't2':
      return fc.constant({});
    case 't3':
      return fc.record({ b: value.b }, { requiredKeys: [] });
    default:
      return fc.record({ a: value.a, b: value.b }, { requiredKeys: ['a'] });
  }
}

const gtCall = fc.constantFrom(...GT_NAMES).chain((name) => gtArguments(name).map((args) => ({ name, arguments: args })));

/** 0–5 steps of 1–3 calls; each step depends on a subset of the earlier ones (so the listing is a valid order). */
const groundTruth: fc.Arbitrary<GroundTruthStep[]> = fc
  .array(fc.array(gtCall, { minLength: 1, maxLength: 3 }), { minLength: 0, maxLength: 5 })
  .chain((steps) =>
    fc.tuple(...steps.map((_, i) => fc.subarray(Array.from({ length: i }, (__, j) => `s${j}`)))).map((deps) => steps.map((calls, i) => step(`s${i}`, calls, deps[i] ?? []))),
  );

/** Random model calls: right and wrong names, keys present or not, failed executions, malformed output, parallel messages. */
const modelCalls: fc.Arbitrary<ExecutedCall[]> = fc
  .array(
    fc.record({
      name: fc.constantFrom(...ANY_NAMES),
      a: fc.option(value.a, { nil: undefined }),
      b: fc.option(value.b, { nil: undefined }),
      ok: fc.boolean(),
      malformed: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
      sameMessage: fc.boolean(),
    }),
    { maxLength: 12 },
  )
  .map((drafts) => {
    let message = 0;
    return drafts.map((d, i) => {
      if (i > 0 && !d.sameMessage) message++;
      const args: Record<string, unknown> = {};
      if (d.a !== undefined) args.a = d.a;
      if (d.b !== undefined) args.b = d.b;
      const call: ExecutedCall = { name: d.name, arguments: args, server: 'shop', ok: d.ok && !d.malformed, step: message };
      if (d.malformed) call.malformed = `{"name": "${d.name}", "arguments": {`;
      return call;
    });
  });

const task = groundTruth.map((steps) => example(steps, TOOLS, { id: 'random' }));

/** Calls that add nothing: unparseable output and calls to tools nobody offered. */
const uselessCalls: fc.Arbitrary<ExecutedCall[]> = fc.array(
  fc.oneof(
    fc.constant<ExecutedCall>({ name: '', arguments: {}, malformed: '<tool_call>{', server: '', ok: false, error: { kind: 'malformed', message: 'x' } }),
    fc.constant<ExecutedCall>({ name: 'not_a_tool', arguments: { a: 'x' }, server: '', ok: false, error: { kind: 'unknown_tool', message: 'x' } }),
  ),
  { minLength: 1, maxLength: 8 },
);

const MAX_TOTAL = 1.3;
/** The paper's total on an example without ground truth: 1 for no call, 0 for any call. */
const ABSTENTION_TOTAL = 1;
const EPS = 1e-9;

describe('reward properties (fast-check)', () => {
  let engine: Engine;
  before(async () => {
    engine = await createEngine(await resolveConfig('(test)', { presets: [proveRewardPreset] }));
  });
  const reward = (ex: Example, calls: ExecutedCall[]): Promise<RewardSheet> => engine.reward({ example: ex, calls });

  it('every term stays within its bounds and the total never exceeds 1.3', async () => {
    await fc.assert(
      fc.asyncProperty(task, modelCalls, async (ex, calls) => {
        const sheet = await reward(ex, calls);
        for (const term of ['validity', 'coverage', 'name', 'args']) {
          expect(sheet.terms[term], term).to.be.within(0, 1);
        }
        const n = PreparedExample.of(ex).calls.length;
        const budget = efficiencyBudget(n, 0.5);
        const expected = n === 0 ? 0 : (-0.5 * Math.max(0, calls.length - budget)) / budget;
        expect(sheet.terms.efficiency).to.be.closeTo(expected, EPS);
        expect(sheet.terms.efficiency).to.be.at.most(0);
        expect(sheet.total).to.be.at.most(MAX_TOTAL + EPS);
      }),
      { numRuns: 400 },
    );
  });

  it('the ground truth scored against itself gets the maximum: 1.3, and 1.0 on abstention examples (no call)', async () => {
    await fc.assert(
      fc.asyncProperty(task, async (ex) => {
        const sheet = await reward(ex, groundTruthAsCalls(ex));
        expect(sheet.total).to.be.closeTo(ex.groundTruth.length === 0 ? ABSTENTION_TOTAL : MAX_TOTAL, EPS);
      }),
      { numRuns: 300 },
    );
  });

  it('string equality is the documented normalization (NFC, trim, collapsed whitespace, lower case), ASCII fast path included', () => {
    const reference = (text: string) => text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
    const piece = fc.constantFrom('a', 'b', 'A', ' ', '  ', '\t', '\n', 'e\u0301', '\u00e9', '\u00a0', 'İ', '1', '_', '~', '\u007f', '\u0000');
    const text = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(argumentValuesEqual(a, b)).to.equal(reference(a) === reference(b));
      }),
      { numRuns: 2000 },
    );
  });

  it('on an abstention example the total is 1 for no call and 0 for any call, whatever the calls', async () => {
    const ex = example([], TOOLS, { id: 'abstain' });
    await fc.assert(
      fc.asyncProperty(modelCalls, async (calls) => {
        expect((await reward(ex, calls)).total).to.equal(calls.length === 0 ? 1 : 0);
      }),
      { numRuns: 200 },
    );
  });

  it('validity level 2 of the paper (required parameters, compatible types) is never below the whole-schema check, and equals it on calls without extra keys', () => {
    const anyValue = fc.oneof(fc.constantFrom('x', ' X '), fc.integer({ min: -2, max: 3 }), fc.constantFrom(1.5, true, null), fc.constant([1]), fc.constant({ k: 1 }));
    const call = fc.record({
      name: fc.constantFrom(...ANY_NAMES),
      args: fc.dictionary(fc.constantFrom('a', 'b', 'c'), anyValue, { maxKeys: 3 }),
      ok: fc.boolean(),
    });
    const prepared = PreparedExample.of(example([step('s0', [{ name: 't1', arguments: { a: 'x', b: 1 } }])], TOOLS, { id: 'levels' }));
    fc.assert(
      fc.property(fc.array(call, { maxLength: 6 }), (drafts) => {
        const calls: ExecutedCall[] = drafts.map((d) => ({ name: d.name, arguments: d.args, server: 'shop', ok: d.ok }));
        const paper = scoreValidity(prepared, calls, { execution: true, arguments: 'required' });
        const strict = scoreValidity(prepared, calls, { execution: true, arguments: 'schema' });
        calls.forEach((c, i) => {
          expect(paper.levels[i]).to.be.at.least(strict.levels[i]);
          // The pool's schemas have no constraints beyond types, required keys and no extra keys, and every optional key is typed.
          const known = TOOLS.find((t) => t.function.name === c.name)?.function.parameters.properties as Record<string, { type: string }> | undefined;
          const typed = (key: string, v: unknown) => {
            const type = known![key].type;
            return type === 'string' ? typeof v === 'string' : Number.isInteger(v);
          };
          if (known && Object.entries(c.arguments).every(([key, v]) => key in known && typed(key, v))) expect(paper.levels[i]).to.equal(strict.levels[i]);
        });
      }),
      { numRuns: 400 },
    );
  });

  it('appending any calls to the ground truth never raises the total, and every call past the budget lowers it', async () => {
    await fc.assert(
      fc.asyncProperty(task, modelCalls, async (ex, extra) => {
        const calls = groundTruthAsCalls(ex);
        const last = calls.length === 0 ? 0 : calls[calls.length - 1].step! + 1;
        const longer = [...calls, ...extra.map((c) => ({ ...c, step: last + c.step! }))];
        const before = (await reward(ex, calls)).total;
        const after = (await reward(ex, longer)).total;
        expect(after).to.be.at.most(before + EPS);
        const budget = efficiencyBudget(calls.length, 0.5);
        if (longer.length > budget) expect(after).to.be.below(before);
      }),
      { numRuns: 300 },
    );
  });

  it('appending calls that add nothing (malformed, unknown tools) never raises the total, and past the budget lowers it', async () => {
    await fc.assert(
      fc.asyncProperty(task, modelCalls, uselessCalls, async (ex, calls, extra) => {
        const before = await reward(ex, calls);
        const longer = [...calls, ...extra.map((c, i) => ({ ...c, step: calls.length + i }))];
        const after = await reward(ex, longer);
        expect(after.total).to.be.at.most(before.total + EPS);
        const n = PreparedExample.of(ex).calls.length;
        if (n > 0 && longer.length > efficiencyBudget(n, 0.5)) expect(after.total).to.be.below(before.total);
      }),
      { numRuns: 300 },
    );
  });

  it('reordering independent ground-truth calls (steps in another valid listing, calls inside a step) never changes coverage', async () => {
    const shuffled = (ex: Example) =>
      fc.tuple(fc.shuffledSubarray(ex.groundTruth, { minLength: ex.groundTruth.length }), fc.tuple(...ex.groundTruth.map((s) => fc.shuffledSubarray(s.calls, { minLength: s.calls.length })))).map(
        ([steps, callsPerStep]) => {
          const callsById = new Map(ex.groundTruth.map((s, i) => [s.id, callsPerStep[i]]));
          return { ...ex, groundTruth: steps.map((s) => ({ ...s, calls: callsById.get(s.id)! })) };
        },
      );
    await fc.assert(
      fc.property(
        task.chain((ex) => fc.tuple(fc.constant(ex), shuffled(ex))),
        modelCalls,
        ([ex, reordered], calls) => {
          const options = { ordered: true, match: 'name+keys' } as const;
          const a = scoreCoverage(PreparedExample.of(ex), calls, options);
          const b = scoreCoverage(PreparedExample.of(reordered), calls, options);
          // Only an exhaustive search is order-independent by construction; past its node budget the search keeps what it found.
          fc.pre(a.exhaustive && b.exhaustive);
          expect(b.value).to.equal(a.value);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('the paper’s averaging lets valid padding pay when the earlier calls were invalid (pinned, so a change is noticed)', async () => {
    // Six invalid calls on a 4-call task (B = 6); one more, valid, call to a distractor raises
    // validity's mean by 1/7 · 0.5 while costing only 0.15 · 0.5/6 in efficiency.
    const ex = example([step('s0', [{ name: 't0', arguments: { a: 'x' } }]), step('s1', [{ name: 't2', arguments: {} }]), step('s2', [{ name: 't2', arguments: {} }]), step('s3', [{ name: 't2', arguments: {} }])], TOOLS);
    const invalid: ExecutedCall[] = Array.from({ length: 6 }, () => ({ name: 'not_a_tool', arguments: {}, server: '', ok: false }));
    const before = (await reward(ex, invalid)).total;
    const after = (await reward(ex, [...invalid, { name: 'distractor', arguments: { a: 'x' }, server: 'shop', ok: true }])).total;
    expect(after - before).to.be.closeTo(0.5 / 7 - (0.15 * 0.5) / 6, 1e-12);
  });
});
