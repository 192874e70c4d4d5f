import { definePreset } from '../core/index.js';
import { CoverageRewardPlugin } from '../plugins/reward/CoverageRewardPlugin.js';
import { PROVE_REWARD_WEIGHTS, RewardCombinerPlugin } from '../plugins/reward/RewardCombinerPlugin.js';
import { ValidityRewardPlugin } from '../plugins/reward/ValidityRewardPlugin.js';

/** Weight 0 for every term of the paper: after `prove`, its terms stay in the sheet as diagnostics without counting. */
const PAPER_TERMS_AS_DIAGNOSTICS = Object.fromEntries(Object.keys(PROVE_REWARD_WEIGHTS).map((term) => [term, 0]));

/**
 * The graduated baseline (Cheng et al. 2026): 0.5 · atomic validity + 0.5 · dependency-ordered
 * name matching. Atomic validity is the static check, per call, without live execution: name
 * among the candidates, then arguments valid for the whole schema (halves). Name matching is coverage
 * with names only (argument keys not required), in dependency order.
 */
export const graduatedPreset = definePreset({
  name: 'graduated',
  description: 'baseline reward (Cheng et al. 2026): 0.5 static validity + 0.5 dependency-ordered name matching',
  plugins: [
    [ValidityRewardPlugin, { execution: false, arguments: 'schema' }],
    { plugin: CoverageRewardPlugin, name: 'OrderedNameRewardPlugin', options: { term: 'ordered_names', match: 'name' } },
    [RewardCombinerPlugin, { weights: { ...PAPER_TERMS_AS_DIAGNOSTICS, validity: 0.5, ordered_names: 0.5 } }],
  ],
});

export default graduatedPreset;
