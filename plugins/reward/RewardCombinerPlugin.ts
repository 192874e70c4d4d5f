import { serveHooks } from '../../servers/kit/httpRoutes.js';
import { errors, type CommandEntry, type Engine, type ProvePlugin } from '../../core/index.js';
import { sheetInputs } from './callFacts.js';
import { STAGES } from '../stages.js';

const PLUGIN_NAME = 'RewardCombinerPlugin';

/** The paper's weights: R = 0.5·R_val + 0.5·R_cov + 0.15·R_eff + 0.2·R_name + 0.1·R_arg (max 1.3). */
export const PROVE_REWARD_WEIGHTS: Readonly<Record<string, number>> = Object.freeze({ validity: 0.5, coverage: 0.5, efficiency: 0.15, name: 0.2, args: 0.1 });

/**
 * The total on an example without ground truth. `paper`: R = 1.0 when the model made no call and
 * 0 for any call, whatever the terms and weights. `weighted`: the weighted sum like any example
 * (each term applies the rule itself: 1.3 or 0 with the paper's weights).
 */
export type AbstentionRule = 'paper' | 'weighted';

export interface RewardCombinerOptions {
  /** Weight of every term, by term name. A weight of a term that no plugin wrote is ignored (ablations). */
  weights: Record<string, number>;
  /** The total on an abstention example (default `paper`). */
  abstention: AbstentionRule;
}

/** The reward's commands: score recorded trajectories, or play a dataset against a policy and score it. */
export const REWARD_COMMANDS: readonly CommandEntry[] = [
  { name: 'score', summary: 'score trajectories against a dataset with the configured reward: one sheet per line, a summary per term', load: () => import('./scoreCommand.js') },
  { name: 'eval', summary: 'play a dataset against a policy in live environments; write rollouts.jsonl, summary.json and report.html', load: () => import('../rollout/evalCommand.js') },
];

/**
 * Runs last (STAGE_LATE): total = Σ weight · term over the terms in the sheet, and records the
 * weights it used. On an example without ground truth the paper's rule decides the total instead
 * (1 for no call, 0 for any call; `abstention: 'weighted'` keeps the weighted sum). A term without a weight is an error rather than a silent 0 — give it weight 0
 * to keep it in the sheet as a diagnostic. A disabled term is simply absent: its weight is unused.
 */
export class RewardCombinerPlugin implements ProvePlugin {
  static readonly pluginName = PLUGIN_NAME;
  /** Declared for the CLI, which finds a command without applying plugins; `apply` registers the same entries. */
  static readonly commands: readonly CommandEntry[] = REWARD_COMMANDS;
  static readonly description = 'reward total: Σ weight·term over the terms in the sheet';
  static readonly optionsSchema = {
    type: 'object',
    properties: {
      weights: {
        type: 'object',
        additionalProperties: { type: 'number' },
        default: { ...PROVE_REWARD_WEIGHTS },
        description: 'weight of every term, by term name',
      },
      abstention: {
        enum: ['paper', 'weighted'],
        default: 'paper',
        description: "total on an example without ground truth: 'paper' = 1 for no call, 0 for any call; 'weighted' = the weighted sum of the terms",
      },
    },
    additionalProperties: false,
  };
  readonly name: string = PLUGIN_NAME;
  private readonly weights: Record<string, number>;
  private readonly abstention: AbstentionRule;

  constructor(options: Partial<RewardCombinerOptions> = {}) {
    this.weights = { ...(options.weights ?? PROVE_REWARD_WEIGHTS) };
    this.abstention = options.abstention ?? 'paper';
  }

  apply(engine: Engine): void {
    const weights = this.weights;
    const paperAbstention = this.abstention === 'paper';
    for (const command of RewardCombinerPlugin.commands) engine.registerCommand(command, this);
    // POST /reward beside the MCP endpoints of `prove-rl serve --http`: VERL's compute_score and TRL's reward functions call it.
    serveHooks(engine).httpRoutes.tap(this.name, (routes) => [
      ...routes,
      {
        method: 'POST',
        path: '/reward',
        summary: 'the configured reward on a batch: {"trajectories": [{"example", "messages"|"calls"|"completion"}]} -> {"sheets"}',
        handle: async (body) => (await import('./rewardRoute.js')).scoreBatch(engine, body),
      },
    ]);
    // The terms of the last sheet, in order, and their weights: every sheet of one configuration has
    // the same terms, so a term that is the one at its place last time needs no weight lookup.
    let lastTerms: string[] = [];
    let lastWeights: number[] = [];
    engine.hooks.onReward.tap({ name: this.name, stage: STAGES.onReward.combiner }, (sheet, input) => {
      let total = 0;
      const terms = sheet.terms;
      const sheetWeights = sheet.weights;
      let k = 0;
      let known = true;
      for (const term in terms) {
        const value = terms[term];
        if (typeof value !== 'number' || !Number.isFinite(value)) throw errors.rewardTermNotFinite(this.name, term, value);
        let weight: number;
        if (known && k < lastTerms.length && lastTerms[k] === term) weight = lastWeights[k];
        else {
          if (!Object.hasOwn(weights, term)) throw errors.unweightedRewardTerm(this.name, term, Object.keys(weights));
          weight = weights[term];
          if (known) {
            // From here on this sheet's terms differ from the last one's: remember this sheet's.
            known = false;
            lastTerms = lastTerms.slice(0, k);
            lastWeights = lastWeights.slice(0, k);
          }
          lastTerms.push(term);
          lastWeights.push(weight);
        }
        sheetWeights[term] = weight;
        total += weight * value;
        k++;
      }
      if (known && k < lastTerms.length) {
        // Fewer terms than the last sheet: its first k are this one's.
        lastTerms = lastTerms.slice(0, k);
        lastWeights = lastWeights.slice(0, k);
      }
      if (paperAbstention && sheetInputs(sheet, input.example, input.calls).prepared.abstention) {
        total = input.calls.length === 0 ? 1 : 0;
        (sheet.details ??= {}).abstention = { rule: 'paper', calls: input.calls.length, total };
      }
      sheet.total = total;
      return sheet;
    });
  }
}

export default RewardCombinerPlugin;
