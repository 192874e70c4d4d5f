import { expect } from 'chai';
import type { ExecutedCall } from '../../core/index.js';
import { argumentValuesEqual, DEFAULT_VALUE_EQUALITY } from '../../plugins/reward/argumentValuesEqual.js';
import { PreparedExample } from '../../plugins/reward/PreparedExample.js';
import { scoreArgumentValues } from '../../plugins/reward/scoreArgumentValues.js';
import { scoreCoverage } from '../../plugins/reward/scoreCoverage.js';
import { efficiencyBudget, scoreEfficiency } from '../../plugins/reward/scoreEfficiency.js';
import { scoreToolName } from '../../plugins/reward/scoreToolName.js';
import { scoreValidity } from '../../plugins/reward/scoreValidity.js';
import { call, example, fourCallTask, groundTruthAsCalls, ran, SHOP_TOOLS, step, tool } from './rewardExamples.js';

const PAPER = { alpha: 0.5, beta: 0.5 };
const ORDERED = { ordered: true, match: 'name+keys' } as const;
const validity = (ex: ReturnType<typeof example>, calls: ExecutedCall[], execution = true) => scoreValidity(PreparedExample.of(ex), calls, { execution });
const coverage = (ex: ReturnType<typeof example>, calls: ExecutedCall[], options: Parameters<typeof scoreCoverage>[2] = ORDERED) => scoreCoverage(PreparedExample.of(ex), calls, options);
const args = (ex: ReturnType<typeof example>, calls: ExecutedCall[]) => {
  const prepared = PreparedExample.of(ex);
  return scoreArgumentValues(ex, calls, scoreCoverage(prepared, calls, ORDERED).alignment, DEFAULT_VALUE_EQUALITY, prepared.abstention);
};

describe('reward terms: the paper’s worked cases', () => {
  it('a 4-call task has budget B = 6 under β = 0.5, and only calls beyond it cost α per budget', () => {
    expect(efficiencyBudget(4, 0.5)).to.equal(6);
    expect(scoreEfficiency(4, 4, PAPER).value).to.equal(0);
    expect(scoreEfficiency(4, 6, PAPER).value).to.equal(0);
    expect(scoreEfficiency(4, 7, PAPER).value).to.be.closeTo(-0.5 / 6, 1e-12);
    expect(scoreEfficiency(4, 12, PAPER).value).to.be.closeTo(-0.5, 1e-12);
    expect(scoreEfficiency(4, 2, PAPER).value).to.equal(0, 'missing calls are coverage’s business');
  });

  it('the flat budget ablation (β = 0) allows exactly the ground-truth length; the budget rounds n·β up without float noise', () => {
    expect(efficiencyBudget(4, 0)).to.equal(4);
    expect(scoreEfficiency(4, 5, { alpha: 0.5, beta: 0 }).value).to.be.closeTo(-0.125, 1e-12);
    expect(efficiencyBudget(10, 0.7)).to.equal(17, '10 · 0.7 is 7.000000000000001 in floating point');
    expect(efficiencyBudget(3, 0.5)).to.equal(5);
  });

  it('right name, wrong parameters scores one third of validity', () => {
    const ex = fourCallTask();
    expect(validity(ex, [ran('add_to_cart', { product_id: 'p_7' })]).value).to.be.closeTo(1 / 3, 1e-12);
    expect(validity(ex, [ran('add_to_cart', { product_id: 'p_7', quantity: '2' })]).value).to.be.closeTo(1 / 3, 1e-12, 'no coercion: "2" is not an integer');
  });

  it('right structure, failed execution scores two thirds of validity', () => {
    const ex = fourCallTask();
    const result = validity(ex, [ran('apply_coupon', { code: 'EXPIRED' }, false)]);
    expect(result.value).to.be.closeTo(2 / 3, 1e-12);
    expect(result.failed).to.deep.equal(['execution']);
  });

  it('level 2 is the paper’s: required parameters present with compatible JSON types; extra or optional keys are execution’s business', () => {
    const ex = fourCallTask();
    // checkout requires payment_method (string); the extra key `tip` does not stop level 2, and the call executed: 3 of 3.
    const extra = validity(ex, [ran('checkout', { payment_method: 'card', tip: 3 })]);
    expect(extra.levels).to.deep.equal([3]);
    expect(extra.value).to.equal(1);
    // search_products: `category` is optional; a number there passes level 2; the server refused the call: 2 of 3.
    const optional = validity(ex, [ran('search_products', { query: 'usb', category: 5 }, false)]);
    expect(optional.levels).to.deep.equal([2]);
    expect(optional.value).to.be.closeTo(2 / 3, 1e-12);
    // quantity is an integer: 2.0 is one (JSON has one number type), 2.5 is not, "2" is a string.
    expect(validity(ex, [ran('add_to_cart', { product_id: 'p_7', quantity: 2.0 })]).levels).to.deep.equal([3]);
    expect(validity(ex, [ran('add_to_cart', { product_id: 'p_7', quantity: 2.5 })]).levels).to.deep.equal([1]);
    expect(validity(ex, [ran('add_to_cart', { product_id: 7, quantity: 2 })]).failed).to.deep.equal(['arguments']);
    // Arguments that are not an object fail level 2.
    expect(validity(ex, [{ ...ran('apply_coupon'), arguments: ['SPRING10'] as unknown as Record<string, unknown> }]).levels).to.deep.equal([1]);
  });

  it('the strict option (arguments: schema) checks the whole schema: one extra key drops the call to the name level', () => {
    const ex = fourCallTask();
    const strict = (calls: ExecutedCall[]) => scoreValidity(PreparedExample.of(ex), calls, { execution: true, arguments: 'schema' });
    expect(strict([ran('checkout', { payment_method: 'card', tip: 3 })]).levels).to.deep.equal([1]);
    expect(strict([ran('checkout', { payment_method: 'card', tip: 3 })]).value).to.be.closeTo(1 / 3, 1e-12);
    expect(strict([ran('search_products', { query: 'usb', category: 5 }, false)]).levels).to.deep.equal([1]);
    expect(strict([ran('checkout', { payment_method: 'card' })]).levels).to.deep.equal([3]);
  });

  it('levels are cumulative: a call that executed without its required parameters keeps only the name level', () => {
    const ex = fourCallTask();
    const result = validity(ex, [ran('add_to_cart', { product_id: 'p_7' }, true)]);
    expect(result.levels).to.deep.equal([1]);
    expect(result.failed).to.deep.equal(['arguments']);
  });

  it('enum members, patterns and ranges are not level 2’s business under the paper’s rule, but are under the strict one', () => {
    const limited = tool('set_limit', { level: 'string', amount: 'integer' });
    const props = (limited.function.parameters as { properties: Record<string, Record<string, unknown>> }).properties;
    props.level.enum = ['low', 'high'];
    props.amount.minimum = 0;
    const ex = example([step('s1', [call('set_limit', { level: 'low', amount: 5 })])], [limited], { id: 'limits' });
    const calls = [ran('set_limit', { level: 'medium', amount: -1 }, false)];
    expect(validity(ex, calls).levels).to.deep.equal([2]);
    expect(scoreValidity(PreparedExample.of(ex), calls, { execution: true, arguments: 'schema' }).levels).to.deep.equal([1]);
  });

  it('validity is the mean over all calls; a tool that is not a candidate and a malformed call both score 0', () => {
    const ex = fourCallTask();
    const calls: ExecutedCall[] = [
      ran('search_products', { query: 'x' }),
      ran('delete_everything', {}, false),
      { name: '', arguments: {}, malformed: '{"name": "checkout", "arguments": {', server: 'shop', ok: false, error: { kind: 'malformed', message: 'x' } },
    ];
    const result = validity(ex, calls);
    expect(result.levels).to.deep.equal([3, 0, 0]);
    expect(result.failed).to.deep.equal([null, 'not_a_candidate', 'malformed']);
    expect(result.value).to.be.closeTo(1 / 3, 1e-12);
  });

  it('without execution (the graduated baseline’s static check) validity counts two levels', () => {
    const ex = fourCallTask();
    expect(validity(ex, [ran('apply_coupon', { code: 'EXPIRED' }, false)], false).value).to.equal(1);
    expect(validity(ex, [ran('apply_coupon', {})], false).value).to.equal(0.5);
  });

  it('typed alternatives: a list of types, an enum’s member types, anyOf branches; an untyped property accepts any value', () => {
    const flexible = tool('flex', { id: 'string' });
    const params = flexible.function.parameters as { properties: Record<string, unknown>; required: string[] };
    params.properties = {
      id: { type: ['string', 'integer'] },
      mode: { enum: ['a', 'b'] },
      when: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      blob: { description: 'anything' },
    };
    params.required = ['id', 'mode', 'when', 'blob'];
    const ex = example([step('s1', [call('flex', {})])], [flexible], { id: 'flex' });
    const level = (args: Record<string, unknown>) => validity(ex, [ran('flex', args)]).levels[0];
    expect(level({ id: 7, mode: 'c', when: null, blob: [1] })).to.equal(3, 'an enum’s members are strings: "c" has a compatible type');
    expect(level({ id: 'x', mode: 'a', when: '2026-03-01', blob: { k: 1 } })).to.equal(3);
    expect(level({ id: 7.5, mode: 'a', when: null, blob: 1 })).to.equal(1, '7.5 is neither a string nor an integer');
    expect(level({ id: 7, mode: 1, when: null, blob: 1 })).to.equal(1, 'the enum holds strings only');
    expect(level({ id: 7, mode: 'a', when: 3, blob: 1 })).to.equal(1, 'neither branch of anyOf is a number');
    expect(level({ id: 7, mode: 'a', when: null })).to.equal(1, 'blob is required, whatever its type');
  });

  it('abstention: every term applies the rule too (zero calls earn each bounded term in full and no penalty; any call earns nothing)', () => {
    const ex = example([], SHOP_TOOLS, { id: 'abstain' });
    const prepared = PreparedExample.of(ex);
    expect(prepared.abstention).to.equal(true);
    expect([validity(ex, []).value, coverage(ex, []).value, scoreToolName(prepared, []).value, args(ex, []).value]).to.deep.equal([1, 1, 1, 1]);
    expect(scoreEfficiency(0, 0, PAPER).value).to.equal(0);
    const oneCall = [ran('search_products', { query: 'x' })];
    expect([validity(ex, oneCall).value, coverage(ex, oneCall).value, scoreToolName(prepared, oneCall).value, args(ex, oneCall).value]).to.deep.equal([0, 0, 0, 0]);
    expect(scoreEfficiency(0, 5, PAPER).value).to.equal(0);
  });

  it('clarification: the calls the offered tools allow are the ground truth; a call to the hidden tool is invalid and covers nothing', () => {
    // The chain was search → checkout, with checkout hidden: the model should search, then ask.
    const ex = example([step('s1', [call('search_products', { query: 'usb cable' })])], SHOP_TOOLS.filter((t) => t.function.name !== 'checkout'), { kind: 'clarification' });
    const prepared = PreparedExample.of(ex);
    const asked = [ran('search_products', { query: 'usb cable' })];
    expect([validity(ex, asked).value, coverage(ex, asked).value, scoreToolName(prepared, asked).value, args(ex, asked).value]).to.deep.equal([1, 1, 1, 1]);
    const guessed = [...asked, ran('checkout', { payment_method: 'card' }, false)];
    expect(validity(ex, guessed).failed).to.deep.equal([null, 'not_a_candidate']);
    expect(validity(ex, guessed).value).to.equal(0.5);
    expect(coverage(ex, guessed).value).to.equal(1);
    expect(scoreToolName(prepared, guessed).value).to.equal(0.5);
  });

  it('zero calls on a task with ground truth earn nothing (and no efficiency penalty)', () => {
    const ex = fourCallTask();
    const prepared = PreparedExample.of(ex);
    expect([validity(ex, []).value, coverage(ex, []).value, scoreToolName(prepared, []).value, args(ex, []).value]).to.deep.equal([0, 0, 0, 0]);
    expect(scoreEfficiency(4, 0, PAPER).value).to.equal(0);
  });
});

describe('coverage: dependency order, parallel calls, duplicates, distractors', () => {
  it('the ground truth itself covers everything in order', () => {
    const ex = fourCallTask();
    const result = coverage(ex, groundTruthAsCalls(ex));
    expect(result.value).to.equal(1);
    expect(result.alignment.map((a) => a.call)).to.deep.equal([0, 1, 2, 3]);
  });

  it('a call made before its dependency is matched but not in order, and so is everything after it that waits on the late call', () => {
    const ex = fourCallTask();
    const calls = [ran('add_to_cart', { product_id: 'p_7', quantity: 2 }), ran('search_products', { query: 'usb cable' }), ran('apply_coupon', { code: 'SPRING10' }), ran('checkout', { payment_method: 'card' })];
    const result = coverage(ex, calls);
    expect(result.alignment.map((a) => [a.call, a.inOrder])).to.deep.equal([
      [1, true],
      [0, false],
      [2, true],
      [3, true],
    ]);
    expect(result.value).to.equal(3 / 4);
    expect(result.matched).to.equal(4);
  });

  it('a missing dependency breaks the order of the calls that depend on it directly (edges are direct, as in the paper)', () => {
    const ex = fourCallTask();
    const calls = [ran('search_products', { query: 'usb cable' }), ran('apply_coupon', { code: 'SPRING10' }), ran('checkout', { payment_method: 'card' })];
    const result = coverage(ex, calls);
    expect(result.alignment.map((a) => a.inOrder)).to.deep.equal([true, false, false, true]);
    expect(result.value).to.equal(2 / 4);
  });

  it('a model call must carry every argument key of the ground-truth call; values do not matter here', () => {
    const ex = fourCallTask();
    expect(coverage(ex, [ran('search_products', { query: 'something else', category: 'x' })]).alignment[0].call).to.equal(0);
    expect(coverage(ex, [ran('search_products', { category: 'x' })]).alignment[0].call).to.equal(null);
  });

  it('parallel ground-truth calls may come in any order, in one message or several', () => {
    const ex = example(
      [step('s1', [call('get_balance', { account: 'a' }), call('get_balance', { account: 'b' })]), step('s2', [call('transfer', { from: 'a', to: 'b', amount: 5 })], ['s1'])],
      [tool('get_balance', { account: 'string' }), tool('transfer', { from: 'string', to: 'string', amount: 'number' })],
      { id: 'parallel' },
    );
    const oneMessage = [ran('get_balance', { account: 'b' }, true, 0), ran('get_balance', { account: 'a' }, true, 0), ran('transfer', { from: 'a', to: 'b', amount: 5 }, true, 1)];
    expect(coverage(ex, oneMessage).value).to.equal(1);
    const separate = [ran('get_balance', { account: 'b' }), ran('get_balance', { account: 'a' }), ran('transfer', { from: 'a', to: 'b', amount: 5 })];
    expect(coverage(ex, separate).value).to.equal(1);
  });

  it('parallel calls emitted in another order stay paired with their own arguments', () => {
    const ex = example(
      [step('s1', [call('get_balance', { account: 'a' }), call('get_balance', { account: 'b' })]), step('s2', [call('transfer', { from: 'a', to: 'b', amount: 5 })], ['s1'])],
      [tool('get_balance', { account: 'string' }), tool('transfer', { from: 'string', to: 'string', amount: 'number' })],
    );
    const calls = [ran('get_balance', { account: 'b' }, true, 0), ran('get_balance', { account: 'a' }, true, 0), ran('transfer', { from: 'a', to: 'b', amount: 5 }, true, 1)];
    expect(coverage(ex, calls).alignment.map((a) => a.call)).to.deep.equal([1, 0, 2]);
    expect(args(ex, calls).value).to.equal(1);
  });

  it('between equally good alignments, the one whose values agree wins: a retry with the right value is the one scored', () => {
    const ex = fourCallTask();
    const calls = [ran('search_products', { query: 'usb cabel' }), ran('search_products', { query: 'usb cable' })];
    expect(coverage(ex, calls).alignment[0].call).to.equal(1);
    expect(args(ex, calls).value).to.equal(1);
  });

  it('a call emitted in the same message as its dependency is not after it: it could not have seen the result', () => {
    const ex = example(
      [step('s1', [call('get_balance', { account: 'a' })]), step('s2', [call('transfer', { from: 'a', to: 'b', amount: 5 })], ['s1'])],
      [tool('get_balance', { account: 'string' }), tool('transfer', { from: 'string', to: 'string', amount: 'number' })],
    );
    const parallel = [ran('get_balance', { account: 'a' }, true, 0), ran('transfer', { from: 'a', to: 'b', amount: 5 }, true, 0)];
    expect(coverage(ex, parallel).value).to.equal(1 / 2);
    const sequential = [ran('get_balance', { account: 'a' }, true, 0), ran('transfer', { from: 'a', to: 'b', amount: 5 }, true, 1)];
    expect(coverage(ex, sequential).value).to.equal(1);
  });

  it('matching is one-to-one: a duplicated call covers one ground-truth call, and the copy that keeps the order is chosen', () => {
    const ex = fourCallTask();
    const twice = [ran('search_products', { query: 'usb cable' }), ran('search_products', { query: 'usb cable' })];
    const result = coverage(ex, twice);
    expect(result.matched).to.equal(1);
    expect(result.alignment[0].call).to.equal(0, 'ties go to the earliest call');
    const lateCopy = [ran('add_to_cart', { product_id: 'p_7', quantity: 2 }), ran('search_products', { query: 'usb cable' }), ran('add_to_cart', { product_id: 'p_7', quantity: 2 })];
    const ordered = coverage(ex, lateCopy);
    expect(ordered.alignment[1]).to.include({ call: 2, inOrder: true });
    expect(ordered.value).to.equal(2 / 4);
  });

  it('two ground-truth calls of one tool are covered only by two model calls', () => {
    const ex = example([step('s1', [call('get_weather', { city: 'Oslo' }), call('get_weather', { city: 'Rome' })])], SHOP_TOOLS);
    expect(coverage(ex, [ran('get_weather', { city: 'Oslo' })]).value).to.equal(1 / 2);
    expect(coverage(ex, [ran('get_weather', { city: 'Oslo' }), ran('get_weather', { city: 'Rome' })]).value).to.equal(1);
  });

  it('when several alignments are possible, the one that covers most wins over the greedy earliest one', () => {
    const ex = example([step('s1', [call('search_products', { query: 'a' }), call('search_products', { query: 'b', category: 'c' })])], SHOP_TOOLS);
    // Greedy would give the first ground-truth call the first model call, leaving nothing with `category` for the second.
    const calls = [ran('search_products', { query: 'b', category: 'c' }), ran('search_products', { query: 'a' })];
    const result = coverage(ex, calls);
    expect(result.value).to.equal(1);
    expect(result.alignment.map((a) => a.call)).to.deep.equal([1, 0]);
    expect(result.exhaustive).to.equal(true);
  });

  it('a spray of one tool over a long chain of it stops searching at the node budget, keeping the best alignment found', () => {
    const chain = Array.from({ length: 12 }, (_, i) => step(`s${i}`, [call('get_weather', { city: `c${i}` })], i === 0 ? [] : [`s${i - 1}`]));
    const ex = example(chain, SHOP_TOOLS);
    const sprayed = Array.from({ length: 40 }, (_, i) => ran('get_weather', { city: `c${(i * 7) % 15}` }));
    const result = coverage(ex, sprayed);
    expect(result.exhaustive).to.equal(false);
    expect(result.value).to.equal(1, 'the greedy first branch already orders every call');
    expect(result.matched).to.equal(12);
  });

  it('distractor and unknown tools neither cover nor break coverage', () => {
    const ex = fourCallTask();
    const calls = [...groundTruthAsCalls(ex).map((c) => ({ ...c, step: undefined })), ran('get_weather', { city: 'Oslo' }), ran('made_up_tool', {})];
    expect(coverage(ex, calls).value).to.equal(1);
  });

  it('a malformed call never matches, even when its name could be read', () => {
    const ex = fourCallTask();
    const calls: ExecutedCall[] = [{ name: 'search_products', arguments: { query: 'usb cable' }, malformed: '{broken', server: 'shop', ok: false }];
    expect(coverage(ex, calls).matched).to.equal(0);
  });

  it('without order (recall) a call before its dependency still counts; with names only, argument keys are not required', () => {
    const ex = fourCallTask();
    const reversed = [ran('checkout', { payment_method: 'card' }), ran('apply_coupon', { code: 'X' }), ran('add_to_cart', { product_id: 'p', quantity: 1 }), ran('search_products', { query: 'q' })];
    expect(coverage(ex, reversed).value).to.equal(1 / 4);
    expect(coverage(ex, reversed, { ordered: false, match: 'name+keys' }).value).to.equal(1);
    expect(coverage(ex, [ran('search_products', {})], { ordered: true, match: 'name' }).value).to.equal(1 / 4);
  });

  it('reports the alignment by ground-truth step and call, so a sheet explains itself', () => {
    const ex = fourCallTask();
    const result = coverage(ex, [ran('search_products', { query: 'usb cable' })]);
    expect(result.alignment[0]).to.deep.equal({ step: 's1', stepIndex: 0, index: 0, name: 'search_products', call: 0, inOrder: true });
    expect(result.alignment[1]).to.deep.equal({ step: 's2', stepIndex: 1, index: 0, name: 'add_to_cart', call: null, inOrder: false });
  });
});

describe('tool name and argument values', () => {
  it('the name term is the share of calls naming a ground-truth tool, duplicates and order aside', () => {
    const ex = fourCallTask();
    const prepared = PreparedExample.of(ex);
    const calls = [ran('checkout', {}), ran('checkout', {}), ran('get_weather', { city: 'Oslo' }), ran('nope', {})];
    expect(scoreToolName(prepared, calls)).to.include({ value: 2 / 4, hits: 2, calls: 4 });
  });

  it('argument values are scored over the aligned pairs: the share of ground-truth keys with equal values', () => {
    const ex = fourCallTask();
    const calls = [ran('search_products', { query: '  USB  Cable ' }), ran('add_to_cart', { product_id: 'p_7', quantity: 3 })];
    const result = args(ex, calls);
    expect(result.pairs.map((p) => [p.equal, p.of, p.differs])).to.deep.equal([
      [1, 1, []],
      [1, 2, ['quantity']],
    ]);
    expect(result.value).to.equal((1 + 0.5) / 2);
  });

  it('a matched ground-truth call without arguments counts as fully right', () => {
    const ex = example([step('s1', [call('list_all')])], [tool('list_all')]);
    expect(args(ex, [ran('list_all')]).value).to.equal(1);
  });
});

describe('equal argument values', () => {
  it('numbers: 1 equals 1.0 and values within a relative 1e-9; the string "1" is not the number 1', () => {
    expect(argumentValuesEqual(1, 1.0)).to.equal(true);
    expect(argumentValuesEqual(0.1 + 0.2, 0.3)).to.equal(true);
    expect(argumentValuesEqual(10.5, 10.51)).to.equal(false);
    expect(argumentValuesEqual('1', 1)).to.equal(false);
    expect(argumentValuesEqual('true', true)).to.equal(false);
  });

  it('strings: case, surrounding and repeated whitespace and Unicode composition do not matter; exact mode compares code units', () => {
    expect(argumentValuesEqual('  New   York ', 'new york')).to.equal(true);
    expect(argumentValuesEqual('Caf\u00e9', 'cafe\u0301')).to.equal(true);
    expect(argumentValuesEqual('New York', 'NewYork')).to.equal(false);
    expect(argumentValuesEqual('Paris', 'paris', { ...DEFAULT_VALUE_EQUALITY, strings: 'exact' })).to.equal(false);
  });

  it('arrays: equal as multisets by default, element by element in ordered mode', () => {
    expect(argumentValuesEqual(['a', 'b', 'b'], ['b', 'a', 'b'])).to.equal(true);
    expect(argumentValuesEqual(['a', 'b', 'b'], ['a', 'a', 'b'])).to.equal(false);
    expect(argumentValuesEqual(['a', 'b'], ['b', 'a'], { ...DEFAULT_VALUE_EQUALITY, arrays: 'ordered' })).to.equal(false);
    expect(argumentValuesEqual([1, 2], [1, 2, 3])).to.equal(false);
  });

  it('objects: same keys with equal values, recursively; null is not absent', () => {
    expect(argumentValuesEqual({ a: { b: [1, 'X '] } }, { a: { b: ['x', 1.0] } })).to.equal(true);
    expect(argumentValuesEqual({ a: 1 }, { a: 1, b: null })).to.equal(false);
    expect(argumentValuesEqual(null, null)).to.equal(true);
    expect(argumentValuesEqual(null, {})).to.equal(false);
    expect(argumentValuesEqual([], {})).to.equal(false);
  });
});

describe('ground truth checks', () => {
  it('a dependency cycle, an unknown dependency or a repeated step id is a coded error naming the example', () => {
    const cyclic = example([step('a', [call('checkout')], ['b']), step('b', [call('checkout')], ['a'])], SHOP_TOOLS, { id: 'cyclic' });
    expect(() => PreparedExample.of(cyclic)).to.throw(/example "cyclic".*cycle: a, b/).with.property('code', 'PROVE_INVALID_GROUND_TRUTH');
    const dangling = example([step('a', [call('checkout')], ['zz'])], SHOP_TOOLS, { id: 'dangling' });
    expect(() => PreparedExample.of(dangling)).to.throw(/depends on "zz", which is not a step/);
    const repeated = example([step('a', [call('checkout')]), step('a', [call('checkout')])], SHOP_TOOLS);
    expect(() => PreparedExample.of(repeated)).to.throw(/step id "a" is used twice/);
  });

  it('steps listed out of dependency order are put in order (stable otherwise)', () => {
    const ex = example([step('late', [call('checkout', { payment_method: 'card' })], ['early']), step('early', [call('search_products', { query: 'q' })])], SHOP_TOOLS);
    expect(PreparedExample.of(ex).calls.map((c) => c.step)).to.deep.equal(['early', 'late']);
  });

  it('a candidate tool whose schema does not compile is a coded error naming the tool', () => {
    const broken = tool('broken');
    (broken.function.parameters as Record<string, unknown>).type = 'not-a-type';
    const ex = example([step('a', [call('broken')])], [broken], { id: 'bad-schema' });
    expect(() => validity(ex, [ran('broken')])).to.throw(/candidate tool "broken"/).with.property('code', 'PROVE_INVALID_TOOL_SCHEMA');
  });
});
