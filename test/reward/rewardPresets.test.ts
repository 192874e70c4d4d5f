import { expect } from 'chai';
import { createEngine, resolveConfig, STAGE_DEFAULT, type Engine, type ProveConfig, type ProvePlugin } from '../../core/index.js';
import { EfficiencyRewardPlugin } from '../../plugins/reward/EfficiencyRewardPlugin.js';
import { PROVE_REWARD_WEIGHTS, RewardCombinerPlugin } from '../../plugins/reward/RewardCombinerPlugin.js';
import { graduatedPreset } from '../../presets/graduated.js';
import { provePreset } from '../../presets/prove.js';
import { proveRewardPreset } from '../../presets/proveReward.js';
import { recallPreset } from '../../presets/recall.js';
import { example, fourCallTask, groundTruthAsCalls, ran, SHOP_TOOLS } from './rewardExamples.js';

async function engineFor(config: ProveConfig): Promise<Engine> {
  return createEngine(await resolveConfig('(test)', config));
}

const perfect = () => {
  const example = fourCallTask();
  return { example, calls: groundTruthAsCalls(example) };
};

/** The four-call task played with every call twice: full coverage, 8 calls against a budget of 6. */
const sprayed = () => {
  const example = fourCallTask();
  const calls = groundTruthAsCalls(example).flatMap((c) => [c, { ...c }]);
  return { example, calls };
};

/** Every call right, but in reverse order. */
const reversed = () => {
  const example = fourCallTask();
  return { example, calls: groundTruthAsCalls(example).reverse().map((c, i) => ({ ...c, step: i })) };
};

describe('reward presets and plugins through onReward', () => {
  it('the prove preset includes the paper’s reward: five terms, the paper’s weights, the ground truth scores the maximum 1.3', async () => {
    const engine = await engineFor({ presets: [provePreset] });
    const taps = engine.describeTaps().onReward.map((t) => t.plugin);
    expect(taps).to.deep.equal(['ValidityRewardPlugin', 'CoverageRewardPlugin', 'EfficiencyRewardPlugin', 'ToolNameRewardPlugin', 'ArgumentValueRewardPlugin', 'RewardCombinerPlugin']);
    const sheet = await engine.reward(perfect());
    expect(sheet.terms).to.deep.equal({ validity: 1, coverage: 1, efficiency: 0, name: 1, args: 1 });
    expect(sheet.weights).to.deep.equal(PROVE_REWARD_WEIGHTS);
    expect(sheet.total).to.be.closeTo(1.3, 1e-12);
    await engine.close();
  });

  it('abstention (no ground truth) under the prove preset: R = 1.0 for no call, 0 for any call (the paper); `weighted` keeps Σ weight·term', async () => {
    const abstain = example([], SHOP_TOOLS, { id: 'abstain' });
    const oneCall = [ran('search_products', { query: 'usb cable' })];
    const paper = await engineFor({ presets: [provePreset] });
    const silent = await paper.reward({ example: abstain, calls: [] });
    // Every term still applies the rule (1, 1, 0, 1, 1) and keeps its weight, but the total is the paper's 1.0, not 0.5+0.5+0.2+0.1 = 1.3.
    expect(silent.terms).to.deep.equal({ validity: 1, coverage: 1, efficiency: 0, name: 1, args: 1 });
    expect(silent.total).to.equal(1);
    expect(silent.details?.abstention).to.deep.equal({ rule: 'paper', calls: 0, total: 1 });
    expect((await paper.reward({ example: abstain, calls: oneCall })).total).to.equal(0);
    // A task with ground truth is not affected: the perfect trajectory still scores 1.3.
    expect((await paper.reward(perfect())).total).to.be.closeTo(1.3, 1e-12);
    const weighted = await engineFor({ presets: [provePreset, [proveRewardPreset, { abstention: 'weighted' }]] });
    expect((await weighted.reward({ example: abstain, calls: [] })).total).to.be.closeTo(0.5 + 0.5 + 0.2 + 0.1, 1e-12);
    expect((await weighted.reward({ example: abstain, calls: oneCall })).total).to.equal(0);
    await paper.close();
    await weighted.close();
  });

  it('validity level 2 under the prove preset is the paper’s (an extra key keeps the call valid); `arguments: schema` is the strict check', async () => {
    const { example: task, calls } = perfect();
    calls[3] = { ...calls[3], arguments: { ...calls[3].arguments, tip: 3 } };
    const paper = await engineFor({ presets: [provePreset] });
    const sheet = await paper.reward({ example: task, calls });
    expect(sheet.terms.validity).to.equal(1);
    expect(sheet.total).to.be.closeTo(1.3, 1e-12);
    const strict = await engineFor({ presets: [provePreset, [proveRewardPreset, { arguments: 'schema' }]] });
    const strictSheet = await strict.reward({ example: task, calls });
    // Three calls at 3/3 and checkout at 1/3: validity (3+3+3+1)/12 = 10/12; the total loses 0.5 · 2/12.
    expect(strictSheet.terms.validity).to.be.closeTo(10 / 12, 1e-12);
    expect(strictSheet.total).to.be.closeTo(1.3 - 0.5 * (2 / 12), 1e-12);
    await paper.close();
    await strict.close();
  });

  it('the sheet explains itself: which ground-truth call matched which model call, levels per call, the budget', async () => {
    const engine = await engineFor({ presets: [proveRewardPreset] });
    const { example, calls } = perfect();
    calls[2] = ran('apply_coupon', { code: 'WRONG' }, false, 2);
    const sheet = await engine.reward({ example, calls });
    const details = sheet.details as Record<string, any>;
    expect(details.coverage.alignment[2]).to.include({ step: 's3', call: 2, inOrder: true });
    expect(details.validity.levels).to.deep.equal([3, 3, 2, 3]);
    expect(details.efficiency).to.include({ budget: 6, calls: 4 });
    expect(details.args.pairs[2].differs).to.deep.equal(['code']);
    expect(sheet.total).to.be.closeTo(0.5 * (11 / 12) + 0.5 + 0.2 + 0.1 * 0.75, 1e-12);
  });

  it('spraying calls past the budget costs the efficiency term under the paper’s reward, but nothing under recall', async () => {
    const prove = await engineFor({ presets: [proveRewardPreset] });
    const sheet = await prove.reward(sprayed());
    expect(sheet.terms.efficiency).to.be.closeTo((-0.5 * 2) / 6, 1e-12);
    const recall = await engineFor({ presets: [recallPreset] });
    const recallSheet = await recall.reward(sprayed());
    expect(recallSheet.terms).to.deep.equal({ recall: 1 });
    expect(recallSheet.total).to.equal(1);
  });

  it('recall ignores order; the paper’s coverage does not', async () => {
    const recall = await engineFor({ presets: [recallPreset] });
    expect((await recall.reward(reversed())).total).to.equal(1);
    const prove = await engineFor({ presets: [proveRewardPreset] });
    expect((await prove.reward(reversed())).terms.coverage).to.equal(1 / 4);
  });

  it('graduated is 0.5 static validity + 0.5 ordered name matching', async () => {
    const engine = await engineFor({ presets: [graduatedPreset] });
    const { example, calls } = reversed();
    calls[0] = { ...calls[0], ok: false };
    calls[1] = { ...calls[1], arguments: {} };
    const sheet = await engine.reward({ example, calls });
    expect(sheet.terms.validity).to.equal((1 + 0.5 + 1 + 1) / 4, 'execution does not count; missing required arguments halve a call');
    expect(sheet.terms.ordered_names).to.equal(1 / 4);
    expect(sheet.total).to.be.closeTo(0.5 * sheet.terms.validity + 0.5 * 0.25, 1e-12);
  });

  it('a baseline after the prove preset takes over the total; the paper’s terms stay in the sheet as weight-0 diagnostics', async () => {
    const engine = await engineFor({ presets: [provePreset, recallPreset] });
    const sheet = await engine.reward(sprayed());
    expect(sheet.total).to.equal(1);
    expect(sheet.weights).to.deep.equal({ validity: 0, coverage: 0, efficiency: 0, name: 0, args: 0, recall: 1 });
    expect(sheet.terms.efficiency).to.be.below(0);
  });

  for (const [plugin, term] of [
    ['ValidityRewardPlugin', 'validity'],
    ['EfficiencyRewardPlugin', 'efficiency'],
    ['ToolNameRewardPlugin', 'name'],
    ['ArgumentValueRewardPlugin', 'args'],
  ] as const) {
    it(`ablation: { disable: '${plugin}' } drops the ${term} term and the combiner sums the rest`, async () => {
      const engine = await engineFor({ presets: [provePreset], plugins: [{ disable: plugin }] });
      const sheet = await engine.reward(sprayed());
      expect(sheet.terms).to.not.have.property(term);
      expect(sheet.weights).to.not.have.property(term);
      let expected = 0;
      for (const [t, v] of Object.entries(sheet.terms)) expected += PROVE_REWARD_WEIGHTS[t] * v;
      expect(sheet.total).to.be.closeTo(expected, 1e-12);
    });
  }

  it('ablation of coverage: disabling it is refused (argument values need its alignment); weight 0 ablates it', async () => {
    try {
      await engineFor({ presets: [provePreset], plugins: [{ disable: 'CoverageRewardPlugin' }] });
      expect.fail('disabling coverage should fail');
    } catch (error) {
      expect(error).to.have.property('code', 'PROVE_MISSING_DEPENDENCY');
      expect((error as Error).message).to.match(/ArgumentValueRewardPlugin" needs plugin "CoverageRewardPlugin"/);
    }
    const engine = await engineFor({ presets: [provePreset, [proveRewardPreset, { weights: { coverage: 0 } }]] });
    const sheet = await engine.reward(perfect());
    expect(sheet.weights.coverage).to.equal(0);
    expect(sheet.total).to.be.closeTo(0.8, 1e-12);
  });

  it('ablation β = 0 (flat budget), as preset options or by replacing the efficiency plugin', async () => {
    const viaPreset = await engineFor({ presets: [provePreset, [proveRewardPreset, { beta: 0 }]] });
    const { example, calls } = perfect();
    const fiveCalls = { example, calls: [...calls, ran('get_weather', { city: 'Oslo' })] };
    expect((await viaPreset.reward(fiveCalls)).terms.efficiency).to.be.closeTo(-0.125, 1e-12);
    const viaPlugin = await engineFor({ presets: [provePreset], plugins: [[EfficiencyRewardPlugin, { beta: 0 }]] });
    expect((await viaPlugin.reward(fiveCalls)).terms.efficiency).to.be.closeTo(-0.125, 1e-12);
    const paper = await engineFor({ presets: [provePreset] });
    expect((await paper.reward(fiveCalls)).terms.efficiency).to.equal(0);
  });

  it('a later plugin with a built-in term’s name replaces it in place', async () => {
    /** Counts a call as a name hit only when it also executed. */
    class StrictToolNamePlugin implements ProvePlugin {
      readonly name = 'ToolNameRewardPlugin';
      apply(engine: Engine): void {
        engine.hooks.onReward.tap({ name: this.name, stage: STAGE_DEFAULT }, (sheet, input) => {
          const wanted = new Set(input.example.groundTruth.flatMap((s) => s.calls.map((c) => c.name)));
          const hits = input.calls.filter((c) => c.ok && wanted.has(c.name)).length;
          sheet.terms.name = input.calls.length === 0 ? 0 : hits / input.calls.length;
          return sheet;
        });
      }
    }
    const engine = await engineFor({ presets: [provePreset], plugins: [StrictToolNamePlugin] });
    const taps = engine.describeTaps().onReward.map((t) => t.plugin);
    expect(taps.filter((name) => name === 'ToolNameRewardPlugin')).to.have.length(1);
    const { example, calls } = perfect();
    calls[0] = { ...calls[0], ok: false };
    const sheet = await engine.reward({ example, calls });
    expect(sheet.terms.name).to.equal(3 / 4);
    expect((sheet.details as Record<string, unknown>).name).to.equal(undefined, 'the built-in plugin no longer runs');
  });

  it('a term without a weight is an error that says where to give it one', async () => {
    const extra: ProvePlugin = {
      name: 'PolitenessRewardPlugin',
      apply(engine) {
        engine.hooks.onReward.tap({ name: 'PolitenessRewardPlugin', stage: STAGE_DEFAULT }, (sheet) => {
          sheet.terms.politeness = 1;
          return sheet;
        });
      },
    };
    const engine = await engineFor({ presets: [proveRewardPreset], plugins: [extra] });
    try {
      await engine.reward(perfect());
      expect.fail('an unweighted term should fail');
    } catch (error) {
      expect(error).to.have.property('code', 'PROVE_UNWEIGHTED_REWARD_TERM');
      expect((error as Error).message).to.match(/reward term "politeness" has no weight; give it one in the weights option of RewardCombinerPlugin/);
    }
    const weighted = await engineFor({ presets: [proveRewardPreset], plugins: [extra, [RewardCombinerPlugin, { weights: { ...PROVE_REWARD_WEIGHTS, politeness: 0.1 } }]] });
    expect((await weighted.reward(perfect())).total).to.be.closeTo(1.4, 1e-12);
  });

  it('sheets whose terms change from one to the next each get their own weights and total', async () => {
    // A plugin that writes a different set of extra terms, in a different order, on each sheet: the combiner must not carry one sheet's terms into another's.
    const plans: Array<Array<[string, number]>> = [[], [['b', 1]], [['a', 0.5], ['b', 1]], [['b', 0.25], ['a', 1]], [['a', 1]], [], [['a', 1], ['b', 1], ['c', 1]], [['a', 1]]];
    let n = 0;
    const extra: ProvePlugin = {
      name: 'ShiftingRewardPlugin',
      apply(engine) {
        engine.hooks.onReward.tap({ name: 'ShiftingRewardPlugin', stage: STAGE_DEFAULT }, (sheet) => {
          for (const [term, value] of plans[n % plans.length]) sheet.terms[term] = value;
          n++;
          return sheet;
        });
      },
    };
    const weights = { ...PROVE_REWARD_WEIGHTS, a: 0.3, b: 0.7 };
    const engine = await engineFor({ presets: [proveRewardPreset], plugins: [extra, [RewardCombinerPlugin, { weights }]] });
    for (let round = 0; round < 2; round++) {
      for (let k = 0; k < plans.length; k++) {
        const plan = plans[k];
        if (plan.some(([term]) => term === 'c')) {
          try {
            await engine.reward(perfect());
            expect.fail('an unweighted term should fail');
          } catch (error) {
            expect(error).to.have.property('code', 'PROVE_UNWEIGHTED_REWARD_TERM');
          }
          continue;
        }
        const sheet = await engine.reward(perfect());
        const expected: Record<string, number> = { validity: 0.5, coverage: 0.5, efficiency: 0.15, name: 0.2, args: 0.1 };
        let total = 1.3;
        for (const [term, value] of plan) {
          expected[term] = weights[term as 'a' | 'b'];
          total += expected[term] * value;
        }
        expect(sheet.weights).to.deep.equal(expected);
        expect(Object.keys(sheet.weights)).to.deep.equal(Object.keys(sheet.terms));
        expect(sheet.total).to.be.closeTo(total, 1e-12);
      }
    }
  });

  it('a term that is not a finite number is an error naming the term', async () => {
    const broken: ProvePlugin = {
      name: 'BrokenRewardPlugin',
      apply(engine) {
        engine.hooks.onReward.tap({ name: 'BrokenRewardPlugin', stage: STAGE_DEFAULT }, (sheet) => {
          sheet.terms.broken = Number.NaN;
          return sheet;
        });
      },
    };
    const engine = await engineFor({ presets: [proveRewardPreset], plugins: [broken] });
    try {
      await engine.reward(perfect());
      expect.fail('NaN should fail');
    } catch (error) {
      expect(error).to.have.property('code', 'PROVE_REWARD_TERM_NOT_FINITE');
    }
  });

  it('options are validated against each plugin’s schema', async () => {
    try {
      await engineFor({ presets: [proveRewardPreset], plugins: [[EfficiencyRewardPlugin, { alpha: -1 }]] });
      expect.fail('negative alpha should fail');
    } catch (error) {
      expect(error).to.have.property('code', 'PROVE_INVALID_PLUGIN_OPTIONS');
      expect((error as Error).message).to.match(/"alpha" = -1 is invalid: must be >= 0/);
    }
  });
});
