import { type Completion, type Engine, type GenerationDraft, type ProvePlugin } from '../../core/index.js';
import { STAGES } from '../stages.js';
import type { ConversationScript } from './ConversationStateMachine.js';
import {
  abstainReply,
  answerMessage,
  clarificationQuestion,
  irrelevantMessage,
  mentionValue,
  missingToolReply,
  requestClause,
  summarizeResult,
  userMessage,
  type MentionContext,
} from './phrasing.js';
import type { Persona } from './personas.js';
import { SynthesisRandom } from './SynthesisRandom.js';
import { SCRIPT } from './contracts.js';

const PLUGIN_NAME = 'TemplateTeacherPlugin';

function userCompletion(content: string): Completion {
  return { message: { role: 'user', content }, calls: [], finishReason: 'stop' };
}

function textCompletion(content: string): Completion {
  return { message: { role: 'assistant', content }, calls: [], finishReason: 'stop' };
}

function callCompletion(name: string, args: Record<string, unknown>, content: string | undefined): Completion {
  const call = { name, arguments: args };
  return {
    message: { role: 'assistant', content: content ?? null, tool_calls: [{ id: 'call_0', type: 'function', function: { name, arguments: JSON.stringify(args) } }] },
    calls: [call],
    finishReason: 'tool_calls',
  };
}

function recoveryLead(rng: SynthesisRandom): string {
  return rng.pick(["That didn't go through", 'I could not do that', 'The request was refused']);
}

/** What the assistant says as it makes the corrected (or alternative) call. */
function correctionNote(kind: string, rng: SynthesisRandom): string {
  if (kind === 'guessed_id') return rng.pick(["That id doesn't exist; I'll look it up properly.", 'I guessed the id wrong. Let me look it up instead.', 'No match for that id, so I will find the right one first.']);
  if (kind === 'missing_argument') return rng.pick(['I left out a required detail; trying again with it.', 'That call was missing a required value. Retrying with everything filled in.']);
  if (kind === 'out_of_range') return rng.pick(['That value was out of the allowed range; correcting it.', 'The value I used is not allowed there. Retrying with the right one.']);
  return rng.pick(['Let me correct that and try again.', 'Retrying with the corrected request.']);
}

/** One of the things a service acts on, from its scope ("banking (accounts, transactions, payees)" → "payees"). */
function thingsOf(scope: string, rng: SynthesisRandom): string {
  const inside = /\(([^)]*)\)/.exec(scope)?.[1];
  const things = inside === undefined ? [] : inside.split(', ').filter(Boolean);
  return things.length > 0 ? rng.pick(things) : 'records';
}

/** A scenario's words for one turn, in the persona's voice: an opener on the first message. */
function scenarioMessage(persona: Persona, text: string, rng: SynthesisRandom, followUp: boolean): string {
  if (followUp) return text;
  const opener = rng.pick(persona.openers);
  return opener === '' ? text : /[.!?:]\s$/.test(opener) ? `${opener}${text}` : `${opener}${text[0].toLowerCase()}${text.slice(1)}`;
}

/**
 * The built-in teacher, no model needed: it writes the user's messages from the conversation plan
 * in the persona's voice (the domain's phrasings, or phrasing derived from tool names and
 * arguments), and plays the assistant by making the planned calls and summarizing their results.
 * It answers every purpose another teacher left open, so a model teacher can take only the
 * assistant's turns.
 */
export class TemplateTeacherPlugin implements ProvePlugin {
  static readonly pluginName = PLUGIN_NAME;
  static readonly description = 'teacher without a model: templated user turns per persona, planned calls, summaries of results';
  static readonly commands = [];
  readonly name = PLUGIN_NAME;

  apply(engine: Engine): void {
    engine.hooks.onGenerate.tapPromise({ name: this.name, stage: STAGES.onGenerate.templateTeacher }, (draft) => {
      const script = SCRIPT.get(draft.meta);
      if (draft.completion !== undefined || script === undefined) return Promise.resolve(draft);
      const rng = new SynthesisRandom(draft.seed);
      if (draft.purpose === 'query') draft.completion = userCompletion(this.firstMessage(script, rng));
      else if (draft.purpose === 'user') draft.completion = userCompletion(this.followUp(script, rng));
      else {
        draft.completion = this.assistant(draft, script, rng);
        draft.meta.teacher = 'template';
      }
      return Promise.resolve(draft);
    });
  }

  private mentions(script: ConversationScript, rng: SynthesisRandom, turn: number): MentionContext {
    const stepTurns = script.plan.steps.map((step) => step.turn);
    return { rng, worldValues: script.worldValues, stepTurns, currentTurn: turn, minimal: script.informationLevel === 'minimal' };
  }

  private clauses(script: ConversationScript, rng: SynthesisRandom, plannedTurn: number): string[] {
    const out: string[] = [];
    const context = this.mentions(script, rng, plannedTurn);
    script.plan.steps.forEach((step, i) => {
      if (step.turn !== plannedTurn) return;
      if (script.hiddenTool !== undefined && script.plan.steps.findIndex((s) => s.tool === script.hiddenTool) < i) return;
      const tool = script.tools.get(step.tool)!;
      const withheld = script.withheld !== undefined && script.withheld.step === i && !script.withheld.given ? script.withheld.argument : undefined;
      out.push(requestClause(tool, step.arguments, step.sources, { ...context, withheld }));
    });
    return out;
  }

  private firstMessage(script: ConversationScript, rng: SynthesisRandom): string {
    if (script.irrelevant !== undefined) return irrelevantMessage(script.persona, script.irrelevant, rng, thingsOf(script.scope, rng));
    if (script.plan.says !== undefined) return scenarioMessage(script.persona, script.plan.says[0], rng, false);
    return userMessage(script.persona, this.clauses(script, rng, 0), rng, false);
  }

  private followUp(script: ConversationScript, rng: SynthesisRandom): string {
    if (script.faultReply !== undefined) {
      const reply = script.faultReply;
      script.faultReply = undefined;
      return reply;
    }
    if (script.plan.says !== undefined) return scenarioMessage(script.persona, script.plan.says[script.plannedTurn] ?? '', rng, true);
    const withheld = script.withheld;
    if (withheld !== undefined && !withheld.given) {
      withheld.given = true;
      const step = script.plan.steps[withheld.step];
      const mention = mentionValue(withheld.argument, step.arguments[withheld.argument], step.sources[withheld.argument], this.mentions(script, rng, script.turn));
      return answerMessage(script.persona, mention, rng);
    }
    return userMessage(script.persona, this.clauses(script, rng, script.plannedTurn), rng, true);
  }

  private assistant(draft: GenerationDraft, script: ConversationScript, rng: SynthesisRandom): Completion {
    if (script.irrelevant !== undefined) {
      script.stop = true;
      return textCompletion(abstainReply(rng, script.scope));
    }
    const step = script.plan.steps[script.cursor];
    if (script.recovery !== undefined) {
      const failed = script.recovery.call;
      const fault = step?.fault;
      if (fault !== undefined && script.faultMade === script.cursor && script.recovery.attempt === 1) {
        const error = failed.error?.message ?? 'it failed';
        if (fault.recovery === 'ask_user') {
          script.asked = 'clarification';
          script.faultReply = fault.reply;
          return textCompletion(`${recoveryLead(rng)}: ${error}. ${fault.ask ?? 'How would you like me to go on?'}`);
        }
        if (fault.recovery === 'explain_stop') {
          script.stop = true;
          return textCompletion(`${recoveryLead(rng)}: ${error}. ${this.priorSummary(draft, script)}I stopped there, so nothing else was changed.`.replace(/\s+/g, ' '));
        }
        return callCompletion(step!.tool, step!.arguments, correctionNote(fault.kind, rng));
      }
      script.stop = true;
      return textCompletion(`I tried to ${failed.name.replace(/_/g, ' ')}, but it did not go through: ${failed.error?.message ?? 'it failed'}. I stopped there so nothing else is changed.`);
    }
    if (step === undefined || step.turn !== script.plannedTurn) return textCompletion(this.summary(draft, script));
    if (!draft.tools.some((tool) => tool.function.name === step.tool)) {
      script.stop = true;
      // What the turn already found comes first: the user asked for it, and it is what they decide on.
      const found = this.summary(draft, script);
      const reply = missingToolReply(script.tools.get(step.tool)!, rng, script.hiddenAsk === true);
      return textCompletion(found === 'Done.' ? reply : `${found} ${reply}`);
    }
    if (step.fault !== undefined && script.faultMade !== script.cursor && draft.tools.some((tool) => tool.function.name === step.fault!.call.name)) {
      // The planned mistake first (a guessed id, a missing argument): the recovery follows the error.
      script.faultMade = script.cursor;
      script.faulting = true;
      return callCompletion(step.fault.call.name, step.fault.call.arguments, undefined);
    }
    const withheld = script.withheld;
    if (withheld !== undefined && withheld.step === script.cursor && !withheld.given) {
      script.asked = 'clarification';
      return textCompletion(clarificationQuestion(script.tools.get(step.tool)!, withheld.argument, rng));
    }
    return callCompletion(step.tool, step.arguments, undefined);
  }

  /** What the turn did before a failure that ends it, as a sentence or two (empty when nothing). */
  private priorSummary(draft: GenerationDraft, script: ConversationScript): string {
    const text = this.summary({ ...draft, messages: draft.messages.filter((m) => m.role !== 'tool' || !m.content.startsWith('{"error"')) }, script);
    return text === 'Done.' ? '' : `${text} `;
  }

  /** The answer that closes a turn: one sentence per call made in it, from the results. */
  private summary(draft: GenerationDraft, script: ConversationScript): string {
    const sentences: string[] = [];
    let lastUser = -1;
    draft.messages.forEach((message, i) => {
      if (message.role === 'user') lastUser = i;
    });
    for (const message of draft.messages.slice(lastUser + 1)) {
      if (message.role !== 'tool' || message.name === undefined) continue;
      const tool = script.tools.get(message.name);
      if (tool === undefined) continue;
      let result: unknown;
      try {
        result = JSON.parse(message.content);
      } catch {
        continue;
      }
      // A failed call was explained when it happened; the summary covers what went through.
      if (result !== null && typeof result === 'object' && 'error' in result && Object.keys(result).length <= 2) continue;
      sentences.push(summarizeResult(tool, result));
    }
    return sentences.length > 0 ? sentences.join(' ') : 'Done.';
  }
}

export default TemplateTeacherPlugin;
