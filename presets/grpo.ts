import { definePreset } from '../core/index.js';
import { GrpoOptimizerPlugin, type GrpoOptions } from '../plugins/optimizer/GrpoOptimizerPlugin.js';

/**
 * The paper's optimizer: GRPO in a PyTorch worker (`GrpoOptimizerPlugin`, which taps `onUpdate` and
 * contributes `prove-rl train` and `prove-rl report`). Its options are the plugin's; `prove-rl train` flags
 * override them for one run.
 */
export const grpoPreset = definePreset<GrpoOptions>({
  name: 'grpo',
  description: 'GRPO optimizer (PyTorch worker): onUpdate, prove-rl train, prove-rl report',
  setup: (options) => ({ plugins: [[GrpoOptimizerPlugin, options ?? {}]] }),
});

export default grpoPreset;
