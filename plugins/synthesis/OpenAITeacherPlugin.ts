import { errors, isProveError, type Engine, type ProvePlugin } from '../../core/index.js';
import { STAGES } from '../stages.js';
import { OpenAIPolicyPlugin, type OpenAIPolicyOptions } from '../policy/OpenAIPolicyPlugin.js';
import { compactTool } from '../rollout/fitTools.js';
import { SCRIPT } from './contracts.js';

const PLUGIN_NAME = 'OpenAITeacherPlugin';

/** Options: those of the OpenAI-compatible client (base URL, model, key variable, timeouts, retries, concurrency), plus regenerations. */
export interface OpenAITeacherOptions extends Omit<OpenAIPolicyOptions, 'purposes' | 'logprobs'> {
  /** Requests again when the answer has a malformed call or names a tool not offered, this many times. */
  regenerations?: number;
  /**
   * Shows the model the candidate tools compactly (first sentence of each description, argument schemas
   * without descriptions: about half the characters), for small models and short contexts. Only the
   * request changes: the calls are checked against the tools offered, and the example keeps them whole.
   */
  compactTools?: boolean;
}

/**
 * Whether a request was refused for its length: HTTP 400 with the message vLLM, OpenAI, llama.cpp or
 * prove-rl serve-model give for a prompt over the model's context.
 */
export function contextExceeded(error: unknown): boolean {
  if (!isProveError(error) || error.code !== 'PROVE_POLICY_REJECTED' || error.details.status !== 400) return false;
  return /context_length_exceeded|PROVE_MODEL_CONTEXT_EXCEEDED|maximum context length|exceeds? the (?:available )?context|prompt has \d+ tokens/i.test(error.message);
}

/**
 * A model as the teacher of synthesis (vLLM, Ollama, llama.cpp, hosted APIs), through the same
 * client as the policy: retries with backoff on timeouts, 429 and 5xx, a concurrency limit, the key
 * from an environment variable. It plays the assistant's turns; a malformed tool call or a call to
 * a tool not offered is asked for again (with a note to the model) before the answer is handed on.
 * The user's turns stay with the template teacher.
 */
export class OpenAITeacherPlugin implements ProvePlugin {
  static readonly pluginName = PLUGIN_NAME;
  static readonly description = 'teacher: an OpenAI-compatible chat-completions server plays the assistant';
  static readonly commands = [];
  readonly name = PLUGIN_NAME;
  readonly options: OpenAITeacherOptions;
  private readonly client: OpenAIPolicyPlugin;

  constructor(options: OpenAITeacherOptions) {
    const { regenerations, compactTools, ...client } = options;
    this.options = options;
    this.client = new OpenAIPolicyPlugin({ ...client, purposes: ['assistant'] });
    if (regenerations !== undefined && (!Number.isInteger(regenerations) || regenerations < 0)) {
      throw errors.invalidPluginOptions(PLUGIN_NAME, '"regenerations"', regenerations, 'must be an integer of at least 0');
    }
    if (compactTools !== undefined && typeof compactTools !== 'boolean') {
      throw errors.invalidPluginOptions(PLUGIN_NAME, '"compactTools"', compactTools, 'must be true or false');
    }
  }

  apply(engine: Engine): void {
    engine.hooks.onGenerate.tapPromise({ name: this.name, stage: STAGES.onGenerate.policy }, async (draft) => {
      const script = SCRIPT.get(draft.meta);
      if (draft.completion !== undefined || draft.purpose !== 'assistant' || script === undefined) return draft;
      const offered = new Set(draft.tools.map((tool) => tool.function.name));
      const tools = this.options.compactTools === true ? draft.tools.map(compactTool) : draft.tools;
      const attempts = (this.options.regenerations ?? 2) + 1;
      let messages = draft.messages;
      let problem = '';
      let last;
      for (let attempt = 1; attempt <= attempts; attempt++) {
        let completion;
        try {
          completion = await this.client.complete({ ...draft, tools, messages, seed: draft.seed + attempt - 1 });
        } catch (error) {
          // One conversation that outgrew the model's context ends, not the whole run (other errors still stop it).
          if (!contextExceeded(error)) throw error;
          draft.meta.drop = 'teacher_context_exceeded';
          draft.meta.teacher = `openai:${this.options.model}`;
          return draft;
        }
        last = completion;
        const bad = completion.calls.find((call) => call.malformed !== undefined || !offered.has(call.name));
        if (bad === undefined && (completion.calls.length > 0 || (completion.message.content ?? '').trim() !== '')) {
          draft.completion = completion;
          draft.meta.teacher = `openai:${this.options.model}`;
          if (completion.calls.length === 0 && script.recovery !== undefined) script.stop = true;
          return draft;
        }
        problem = bad === undefined ? 'an empty answer' : bad.malformed !== undefined ? `a malformed tool call (${bad.malformed.slice(0, 60)})` : `a call to "${bad.name}", which is not offered`;
        messages = [...draft.messages, { role: 'user', content: `(Your last answer contained ${problem}. Answer again with valid tool calls to the offered tools, or in text.)` }];
      }
      // Still unusable: the state machine sees it, regenerates or drops the conversation (counted as teacher_invalid_output).
      draft.completion = last;
      draft.meta.teacher = `openai:${this.options.model}`;
      draft.meta.teacherProblem = `still ${problem} after ${attempts} attempts`;
      return draft;
    });
  }
}

export default OpenAITeacherPlugin;
