// A plugin as a third party would publish it: plain ESM JavaScript, importing from 'prove-rl' only.
import { appendFileSync } from 'node:fs';
import { STAGE_EARLY, STAGE_LATE, errors } from 'prove-rl';

const PLUGIN_NAME = 'ExampleAuditPlugin';

/** An environment whose single tool `echo` returns its arguments; its state counts the calls. */
class EchoEnvironment {
  name = 'echo';
  tools = [
    {
      type: 'function',
      function: {
        name: 'echo',
        description: 'Returns the text it is given.',
        parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false },
      },
    },
  ];
  async openSession(world) {
    let calls = 0;
    return {
      id: `echo-${world.seed}`,
      server: 'echo',
      async execute(call) {
        if (typeof call.arguments.text !== 'string') {
          return { ...call, server: 'echo', ok: false, error: { kind: 'invalid_arguments', message: 'text is required and must be a string' } };
        }
        calls += 1;
        return { ...call, server: 'echo', ok: true, result: { text: call.arguments.text } };
      },
      async stateHash() {
        return `calls:${calls}`;
      },
      async reset() {
        calls = 0;
      },
      async close() {},
    };
  }
}

/** Taps all five hooks; writes one line per hook call to `options.log` when given. */
export default class ExampleAuditPlugin {
  static pluginName = PLUGIN_NAME;
  static description = 'audits every hook (third-party example)';
  static optionsSchema = {
    type: 'object',
    properties: {
      log: { type: 'string', description: 'file that receives one line per hook call' },
      bonus: { type: 'number', minimum: 0, maximum: 1, default: 0.25, description: 'the value of the "audit" reward term' },
    },
    additionalProperties: false,
  };

  name = PLUGIN_NAME;

  constructor(options) {
    this.options = options;
  }

  record(hook) {
    if (this.options.log) appendFileSync(this.options.log, `${hook}\n`);
  }

  apply(engine) {
    engine.registerEnvironment(new EchoEnvironment(), PLUGIN_NAME);
    engine.hooks.onSample.tapPromise(PLUGIN_NAME, async (context, request) => {
      this.record('onSample');
      return { ...context, values: { ...context.values, audited: [request.server] } };
    });
    engine.hooks.onGenerate.tapPromise({ name: PLUGIN_NAME, stage: STAGE_EARLY }, async (draft) => {
      this.record('onGenerate');
      return { ...draft, meta: { ...draft.meta, audited: true } };
    });
    engine.hooks.onExecute.tapPromise(PLUGIN_NAME, async (request) => {
      this.record('onExecute');
      if (request.server !== 'echo') return undefined;
      return request.session.execute(request.call);
    });
    engine.hooks.onReward.tapPromise(PLUGIN_NAME, async (sheet) => {
      this.record('onReward');
      return { ...sheet, terms: { ...sheet.terms, audit: this.options.bonus } };
    });
    engine.hooks.onUpdate.tapPromise({ name: PLUGIN_NAME, stage: STAGE_LATE }, async (batch) => {
      this.record('onUpdate');
      if (batch.kind !== 'examples' && batch.kind !== 'rollouts') throw errors.pluginFailed(PLUGIN_NAME, 'onUpdate', `unknown batch kind ${batch.kind}`);
    });
  }
}
