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

/** A perturbation's options: the rate given, else none (its schema's default is the paper's rate). */
const rate = (probability: number | undefined) => (probability === undefined ? {} : { probability });

/** Options of the `synthesis` preset. */
export interface SynthesisPresetOptions {
  distractors?: number;
  enumStripping?: number;
  irrelevance?: number;
  missingFunction?: number;
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
      distractors: { type: 'number', minimum: 0, maximum: 1, description: 'probability (default: the plugin\'s, the paper\'s rate)' },
      enumStripping: { type: 'number', minimum: 0, maximum: 1, description: 'probability (default: the plugin\'s, the paper\'s rate)' },
      irrelevance: { type: 'number', minimum: 0, maximum: 1, description: 'probability (default: the plugin\'s, the paper\'s rate)' },
      missingFunction: { type: 'number', minimum: 0, maximum: 1, description: 'probability (default: the plugin\'s, the paper\'s rate)' },
    },
    additionalProperties: false,
  },
  setup: (options) => ({
    plugins: [
      LiveSamplingPlugin,
      DependencyGraphPlugin,
      SynthesisOrchestratorPlugin,
      [DistractorPerturbationPlugin, rate(options.distractors)],
      [EnumStrippingPerturbationPlugin, rate(options.enumStripping)],
      [IrrelevancePerturbationPlugin, rate(options.irrelevance)],
      [MissingFunctionPerturbationPlugin, rate(options.missingFunction)],
      TemplateTeacherPlugin,
      ReplayValidationPlugin,
      DatasetWriterPlugin,
    ],
  }),
});

export default synthesisPreset;
