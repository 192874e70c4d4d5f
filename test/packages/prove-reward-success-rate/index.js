import { STAGE_DEFAULT } from 'prove-rl';

/** Reward term `success`: the share of the model's calls that executed without error (1 when it made none). */
export default class SuccessRateRewardPlugin {
  static description = "reward term: share of the model's calls that executed without error";
  static optionsSchema = {
    type: 'object',
    properties: { term: { type: 'string', default: 'success', description: 'key of the term in the reward sheet' } },
    additionalProperties: false,
  };

  name = 'SuccessRateRewardPlugin';

  constructor(options = {}) {
    this.term = options.term ?? 'success';
  }

  apply(engine) {
    engine.hooks.onReward.tap({ name: this.name, stage: STAGE_DEFAULT }, (sheet, { calls }) => {
      const ok = calls.filter((call) => call.ok).length;
      sheet.terms[this.term] = calls.length === 0 ? 1 : ok / calls.length;
      (sheet.details ??= {})[this.term] = { ok, calls: calls.length };
      return sheet;
    });
  }
}
