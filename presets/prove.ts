import { definePreset } from '../core/index.js';
import { environmentsPreset } from './environments.js';
import { grpoPreset } from './grpo.js';
import { proveRewardPreset } from './proveReward.js';
import { synthesisPreset } from './synthesis.js';

/**
 * The paper's configuration (PROVE, arXiv 2606.03892): its environments, its five-term reward with
 * the paper's weights, its synthesis settings and its GRPO setup. Each part is its own preset so
 * that a configuration can take one part and swap another.
 */
export const provePreset = definePreset({
  name: 'prove',
  description: "the paper's setup",
  presets: [environmentsPreset, proveRewardPreset, synthesisPreset, grpoPreset],
  plugins: [],
});

export default provePreset;
