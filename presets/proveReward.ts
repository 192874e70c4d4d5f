import { definePreset } from '../core/index.js';
import { ArgumentValueRewardPlugin } from '../plugins/reward/ArgumentValueRewardPlugin.js';
import { CoverageRewardPlugin } from '../plugins/reward/CoverageRewardPlugin.js';
import { EfficiencyRewardPlugin } from '../plugins/reward/EfficiencyRewardPlugin.js';
import { PROVE_REWARD_WEIGHTS, RewardCombinerPlugin } from '../plugins/reward/RewardCombinerPlugin.js';
import { ToolNameRewardPlugin } from '../plugins/reward/ToolNameRewardPlugin.js';
import { ValidityRewardPlugin } from '../plugins/reward/ValidityRewardPlugin.js';

export interface ProveRewardPresetOptions {
  /** Weights merged over the paper's (e.g. `{ coverage: 0 }` to ablate coverage while keeping its alignment for R_arg). */
  weights?: Record<string, number>;
  /** Efficiency penalty α (paper: 0.5). */
  alpha: number;
  /** Efficiency budget slack β (paper: 0.5; 0 is the flat-budget ablation). */
  beta: number;
}

/**
 * The paper's five-term programmatic reward: validity, dependency-ordered coverage, adaptive
 * efficiency, tool name and argument values, combined with weights 0.5 / 0.5 / 0.15 / 0.2 / 0.1.
 * Listing it again with options after `prove` replaces its plugins in place:
 * `presets: [provePreset, [proveRewardPreset, { beta: 0 }]]`.
 */
export const proveRewardPreset = definePreset<ProveRewardPresetOptions>({
  name: 'prove-reward',
  description: "the paper's five-term reward (validity, coverage, efficiency, name, args)",
  optionsSchema: {
    type: 'object',
    properties: {
      weights: { type: 'object', additionalProperties: { type: 'number' }, description: "weights merged over the paper's" },
      alpha: { type: 'number', minimum: 0, default: 0.5 },
      beta: { type: 'number', minimum: 0, default: 0.5 },
    },
    additionalProperties: false,
  },
  setup: (options) => ({
    plugins: [
      ValidityRewardPlugin,
      CoverageRewardPlugin,
      [EfficiencyRewardPlugin, { alpha: options.alpha, beta: options.beta }],
      ToolNameRewardPlugin,
      ArgumentValueRewardPlugin,
      [RewardCombinerPlugin, { weights: { ...PROVE_REWARD_WEIGHTS, ...options.weights } }],
    ],
  }),
});

export default proveRewardPreset;
