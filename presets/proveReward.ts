import { definePreset } from '../core/index.js';
import { ArgumentValueRewardPlugin } from '../plugins/reward/ArgumentValueRewardPlugin.js';
import { CoverageRewardPlugin } from '../plugins/reward/CoverageRewardPlugin.js';
import { EfficiencyRewardPlugin } from '../plugins/reward/EfficiencyRewardPlugin.js';
import { PROVE_REWARD_WEIGHTS, RewardCombinerPlugin, type AbstentionRule } from '../plugins/reward/RewardCombinerPlugin.js';
import type { ArgumentRule } from '../plugins/reward/scoreValidity.js';
import { ToolNameRewardPlugin } from '../plugins/reward/ToolNameRewardPlugin.js';
import { ValidityRewardPlugin } from '../plugins/reward/ValidityRewardPlugin.js';

export interface ProveRewardPresetOptions {
  /** Weights merged over the paper's (e.g. `{ coverage: 0 }` to ablate coverage while keeping its alignment for R_arg). */
  weights?: Record<string, number>;
  /** Efficiency penalty α (paper: 0.5). */
  alpha: number;
  /** Efficiency budget slack β (paper: 0.5; 0 is the flat-budget ablation). */
  beta: number;
  /** Total on an example without ground truth: `paper` (1 for no call, 0 for any call) or `weighted` (Σ weight·term: 1.3 or 0). */
  abstention: AbstentionRule;
  /** Validity level 2: `required` parameters present with compatible JSON types (the paper) or the whole JSON `schema`. */
  arguments: ArgumentRule;
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
      abstention: { enum: ['paper', 'weighted'], default: 'paper', description: "total on an abstention example: 'paper' = 1 for no call, 0 for any; 'weighted' = Σ weight·term (1.3 or 0)" },
      arguments: { enum: ['required', 'schema'], default: 'required', description: "validity level 2: 'required' parameters with compatible types (the paper) or the whole JSON 'schema'" },
    },
    additionalProperties: false,
  },
  setup: (options) => ({
    plugins: [
      [ValidityRewardPlugin, { arguments: options.arguments }],
      CoverageRewardPlugin,
      [EfficiencyRewardPlugin, { alpha: options.alpha, beta: options.beta }],
      ToolNameRewardPlugin,
      ArgumentValueRewardPlugin,
      [RewardCombinerPlugin, { weights: { ...PROVE_REWARD_WEIGHTS, ...options.weights }, abstention: options.abstention }],
    ],
  }),
});

export default proveRewardPreset;
