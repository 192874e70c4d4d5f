import { definePreset } from '../core/index.js';
import { DatasetWriterPlugin } from '../plugins/synthesis/DatasetWriterPlugin.js';
import { DependencyGraphPlugin } from '../plugins/synthesis/DependencyGraphPlugin.js';
import { DistractorPerturbationPlugin } from '../plugins/synthesis/DistractorPerturbationPlugin.js';
import { EnumStrippingPerturbationPlugin } from '../plugins/synthesis/EnumStrippingPerturbationPlugin.js';
import { IrrelevancePerturbationPlugin } from '../plugins/synthesis/IrrelevancePerturbationPlugin.js';
import { LiveSamplingPlugin } from '../plugins/synthesis/LiveSamplingPlugin.js';
import { MissingFunctionPerturbationPlugin } from '../plugins/synthesis/MissingFunctionPerturbationPlugin.js';
import { ReplayValidationPlugin } from '../plugins/synthesis/ReplayValidationPlugin.js';
import { SynthesisOrchestratorPlugin } from '../plugins/synthesis/SynthesisOrchestratorPlugin.js';
import { TemplateTeacherPlugin } from '../plugins/synthesis/TemplateTeacherPlugin.js';

/** Options of the `synthesis` preset. */
export interface SynthesisPresetOptions {
  distractors: number;
  enumStripping: number;
  irrelevance: number;
  missingFunction: number;
}

/**
 * The paper's synthesis pipeline: dependency graph, live sampling, the state machine with the
 * template teacher, the four perturbations at the paper's rates (missing function: ours, sized for
 * its ~11 % clarification and ~8 % abstention), replay validation and the dataset writer.
 */
export const synthesisPreset = definePreset<SynthesisPresetOptions>({
  name: 'synthesis',
  description: 'grounded synthesis: graph, live sampling, state machine, template teacher, perturbations, replay validation, writer',
  optionsSchema: {
    type: 'object',
    properties: {
      distractors: { type: 'number', minimum: 0, maximum: 1, default: 0.4 },
      enumStripping: { type: 'number', minimum: 0, maximum: 1, default: 0.3 },
      irrelevance: { type: 'number', minimum: 0, maximum: 1, default: 0.05 },
      missingFunction: { type: 'number', minimum: 0, maximum: 1, default: 0.18 },
    },
    additionalProperties: false,
  },
  setup: (options) => ({
    plugins: [
      LiveSamplingPlugin,
      DependencyGraphPlugin,
      SynthesisOrchestratorPlugin,
      [DistractorPerturbationPlugin, { probability: options.distractors }],
      [EnumStrippingPerturbationPlugin, { probability: options.enumStripping }],
      [IrrelevancePerturbationPlugin, { probability: options.irrelevance }],
      [MissingFunctionPerturbationPlugin, { probability: options.missingFunction }],
      TemplateTeacherPlugin,
      ReplayValidationPlugin,
      DatasetWriterPlugin,
    ],
  }),
});

export default synthesisPreset;
