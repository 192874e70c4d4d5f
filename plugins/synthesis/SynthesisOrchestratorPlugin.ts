import type { CommandEntry, Engine, ProvePlugin } from '../../core/index.js';
import type { StateMachineOptions } from './ConversationStateMachine.js';

const PLUGIN_NAME = 'SynthesisOrchestratorPlugin';

/** The paper's numbers where it gives them; ours (documented in plugins/synthesis/README.md) where it does not. */
export const DEFAULT_STATE_MACHINE_OPTIONS: StateMachineOptions = {
  chainLengthWeights: [4, 3, 2, 1],
  minTurns: 2,
  maxTurns: 3,
  turnDecay: 0.5,
  optionalRate: 0.35,
  attempts: 4,
  chainAttempts: 4,
  faultRate: 0.22,
  scenarioRate: 0.7,
  crossDomainRate: 0.15,
  informationLevels: { complete: 60, missing: 20, minimal: 20 },
  sampleEvery: 1000,
  regenerations: 3,
  recoveries: 2,
  maxAssistantMessages: 8,
  referenceDate: '2026-03-16T09:00:00Z',
};

const SYNTH_COMMAND: CommandEntry = {
  name: 'synth',
  summary: 'synthesize grounded multi-turn tool-use examples from the live environments; write examples.jsonl and manifest.json',
  load: () => import('./synthCommand.js'),
};

/**
 * Holds the state machine's settings for `prove-rl synth`. It taps nothing: the state machine drives
 * the hooks (onSample, onGenerate, onExecute, onUpdate) that the other synthesis plugins tap.
 */
export class SynthesisOrchestratorPlugin implements ProvePlugin {
  static readonly pluginName = PLUGIN_NAME;
  /** Declared for the CLI, which finds a command without applying plugins; `apply` registers the same entries. */
  static readonly commands: readonly CommandEntry[] = [SYNTH_COMMAND];
  static readonly description = 'synthesis state machine settings (turns, information levels, sampling refresh k, regenerations)';
  static readonly optionsSchema = {
    type: 'object',
    properties: {
      chainLengthWeights: { type: 'array', items: { type: 'number', minimum: 0 }, minItems: 4, maxItems: 4 },
      minTurns: { type: 'integer', minimum: 1, maximum: 5 },
      maxTurns: { type: 'integer', minimum: 1, maximum: 5 },
      turnDecay: { type: 'number', minimum: 0, maximum: 1 },
      optionalRate: { type: 'number', minimum: 0, maximum: 1 },
      attempts: { type: 'integer', minimum: 1 },
      chainAttempts: { type: 'integer', minimum: 1 },
      faultRate: { type: 'number', minimum: 0, maximum: 1 },
      scenarioRate: { type: 'number', minimum: 0, maximum: 1 },
      crossDomainRate: { type: 'number', minimum: 0, maximum: 1 },
      informationLevels: {
        type: 'object',
        properties: { complete: { type: 'number', minimum: 0 }, missing: { type: 'number', minimum: 0 }, minimal: { type: 'number', minimum: 0 } },
        required: ['complete', 'missing', 'minimal'],
        additionalProperties: false,
      },
      sampleEvery: { type: 'integer', minimum: 1 },
      regenerations: { type: 'integer', minimum: 0 },
      recoveries: { type: 'integer', minimum: 0 },
      maxAssistantMessages: { type: 'integer', minimum: 1 },
      referenceDate: { type: 'string', format: 'date-time' },
    },
    additionalProperties: false,
  };
  readonly name = PLUGIN_NAME;
  readonly options: StateMachineOptions;

  constructor(options: Partial<StateMachineOptions> = {}) {
    this.options = { ...DEFAULT_STATE_MACHINE_OPTIONS, ...options };
  }

  /**
   * The orchestrator applied to an engine, if any. Found by shape, not class identity: a config
   * file may load its own copy of this module.
   */
  static of(engine: Engine): Pick<SynthesisOrchestratorPlugin, 'name' | 'options'> | undefined {
    return engine.plugins.find((plugin) => plugin.name === PLUGIN_NAME && typeof (plugin as { options?: unknown }).options === 'object') as SynthesisOrchestratorPlugin | undefined;
  }

  apply(engine: Engine): void {
    for (const command of SynthesisOrchestratorPlugin.commands) engine.registerCommand(command, this);
  }
}

export default SynthesisOrchestratorPlugin;
