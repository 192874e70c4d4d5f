import { definePreset } from '../core/index.js';
import { CoverageRewardPlugin } from '../plugins/reward/CoverageRewardPlugin.js';
import { PROVE_REWARD_WEIGHTS, RewardCombinerPlugin } from '../plugins/reward/RewardCombinerPlugin.js';

/** Weight 0 for every term of the paper: after `prove`, its terms stay in the sheet as diagnostics without counting. */
const PAPER_TERMS_AS_DIAGNOSTICS = Object.fromEntries(Object.keys(PROVE_REWARD_WEIGHTS).map((term) => [term, 0]));

/**
 * The recall baseline the paper argues against: the share of ground-truth calls matched (same
 * name, all argument keys, one-to-one), with no order and no penalty for extra calls — so
 * spraying calls never costs anything. One term, `recall`, weight 1.
 */
export const recallPreset = definePreset({
  name: 'recall',
  description: 'baseline reward: unordered coverage (recall), no efficiency penalty',
  plugins: [
    { plugin: CoverageRewardPlugin, name: 'RecallRewardPlugin', options: { term: 'recall', ordered: false } },
    [RewardCombinerPlugin, { weights: { ...PAPER_TERMS_AS_DIAGNOSTICS, recall: 1 } }],
  ],
});

export default recallPreset;
