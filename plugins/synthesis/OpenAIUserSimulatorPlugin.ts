import { errors, type ChatMessage, type Engine, type GenerationDraft, type ProvePlugin } from '../../core/index.js';
import { STAGES } from '../stages.js';
import { OpenAIPolicyPlugin, type OpenAIPolicyOptions } from '../policy/OpenAIPolicyPlugin.js';
import { SCRIPT } from './contracts.js';
import type { ConversationScript } from './ConversationStateMachine.js';

const PLUGIN_NAME = 'OpenAIUserSimulatorPlugin';

/** Options: those of the OpenAI-compatible client (base URL, model, key variable, timeouts, retries, concurrency), plus regenerations. */
export interface OpenAIUserSimulatorOptions extends Omit<OpenAIPolicyOptions, 'purposes' | 'logprobs' | 'parseTextToolCalls' | 'toolChoice'> {
  /** Requests again when the message leaves out a value it must carry (or is empty), this many times. */
  regenerations?: number;
}

/** What the user simulator did over a run: messages the model wrote, and those left to the template (the model kept dropping a value). */
export interface UserSimulatorCounters {
  written: number;
  regenerated: number;
  fallbacks: number;
}

/**
 * The values a user message must carry for the conversation to stay grounded: ids, numbers, dates
 * (anything with a digit) and the world's strings (names, emails, titles) that the brief names.
 */
export function factsOf(brief: string, worldValues: ReadonlySet<string>): string[] {
  const facts = new Set<string>();
  for (const match of brief.matchAll(/[A-Za-z0-9_.@:/-]*\d[A-Za-z0-9_.@:/-]*/g)) {
    const value = match[0].replace(/[.:/-]+$/, '');
    if (value !== '') facts.add(value);
  }
  for (const value of worldValues) {
    if (value.length >= 3 && !/^\d+$/.test(value) && brief.toLowerCase().includes(value.toLowerCase())) facts.add(value);
  }
  return [...facts];
}

/** The facts a message leaves out (world strings compared case-insensitively, the rest exactly). */
export function missingFacts(message: string, facts: readonly string[]): string[] {
  const lower = message.toLowerCase();
  return facts.filter((fact) => (/\d/.test(fact) ? !message.includes(fact) : !lower.includes(fact.toLowerCase())));
}

function lastAssistantText(messages: readonly ChatMessage[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.role === 'user') return undefined;
    if (m.role === 'assistant' && typeof m.content === 'string' && m.content.trim() !== '') return m.content.trim();
  }
  return undefined;
}

/** The request to the model: who the user is, what they want to say now, what must be in it. */
export function simulatorPrompt(script: ConversationScript, draft: GenerationDraft, brief: string, facts: readonly string[]): ChatMessage[] {
  const first = draft.purpose === 'query';
  const system = [
    `You play a customer of ${script.scope}, writing to its assistant. Your persona: a ${script.persona.name}.`,
    'Write only the customer\'s next message, in the persona\'s voice, one to three sentences.',
    'Say what the brief says you want, with every id, number, date and name from it written exactly as in the brief; add no other ids or facts, no tool names, no JSON, no quotes around the message.',
  ].join(' ');
  const lines: string[] = [];
  if (!first) {
    const said = lastAssistantText(draft.messages);
    if (said !== undefined) lines.push(`The assistant just said: "${said.slice(0, 600)}"`);
  }
  lines.push(`${first ? 'Your first message' : 'Your reply'}, in brief: "${brief}"`);
  if (facts.length > 0) lines.push(`It must contain: ${facts.join(', ')}.`);
  lines.push('Write the message now.');
  return [
    { role: 'system', content: system },
    { role: 'user', content: lines.join('\n') },
  ];
}

/** The instruction's own phrases (a small model often repeats its request instead of answering it). */
const PROMPT_PHRASES = /\b(?:your (?:first message|reply), in brief|the assistant just said|it must contain:|write the message now)/i;

/** Whether a model's answer repeats the instruction (`Your first message, in brief: "…"`) rather than writing the message. */
export function echoesPrompt(text: string): boolean {
  return PROMPT_PHRASES.test(text);
}

/** A model's answer as a user message: surrounding quotes and a "Customer:" label taken off. */
export function cleanMessage(text: string): string {
  let out = text.trim();
  out = out.replace(/^(customer|user|me|message)\s*:\s*/i, '').trim();
  if (out.length >= 2 && /^["“']/.test(out) && /["”']$/.test(out)) out = out.slice(1, -1).trim();
  return out;
}

/**
 * A model as the simulated user of synthesis, beside the teacher (`OpenAITeacherPlugin`): it writes
 * the first message and every follow-up from the scenario (what the user wants this turn, as the
 * conversation plan and the template teacher put it), the persona, and the values the user knows,
 * through any OpenAI-compatible endpoint. With both, every message of a conversation comes from a
 * model, as in the paper. The values a message must carry (ids, amounts, dates, names of the
 * world) are checked: a message that leaves one out is asked for again, then left in the template's
 * words (counted), so a conversation stays grounded and replay validation stays meaningful.
 */
export class OpenAIUserSimulatorPlugin implements ProvePlugin {
  static readonly pluginName = PLUGIN_NAME;
  static readonly description = 'user simulator: an OpenAI-compatible chat-completions server writes the user\'s turns from the scenario and persona';
  static readonly commands = [];
  readonly name = PLUGIN_NAME;
  readonly options: OpenAIUserSimulatorOptions;
  readonly counters: UserSimulatorCounters = { written: 0, regenerated: 0, fallbacks: 0 };
  private readonly client: OpenAIPolicyPlugin;

  constructor(options: OpenAIUserSimulatorOptions) {
    const { regenerations, ...client } = options;
    if (regenerations !== undefined && (!Number.isInteger(regenerations) || regenerations < 0)) {
      throw errors.invalidPluginOptions(PLUGIN_NAME, '"regenerations"', regenerations, 'must be an integer of at least 0');
    }
    this.options = options;
    this.client = new OpenAIPolicyPlugin({ ...client, purposes: ['assistant'], parseTextToolCalls: false });
  }

  apply(engine: Engine): void {
    // After the template teacher: its words for the turn are the brief (and it keeps the script's bookkeeping).
    engine.hooks.onGenerate.tapPromise({ name: this.name, stage: STAGES.onGenerate.userSimulator }, async (draft) => {
      const script = SCRIPT.get(draft.meta);
      if (script === undefined || (draft.purpose !== 'query' && draft.purpose !== 'user')) return draft;
      const brief = draft.completion?.message.role === 'user' ? draft.completion.message.content : undefined;
      if (typeof brief !== 'string' || brief.trim() === '') return draft;
      const facts = factsOf(brief, script.worldValues);
      const prompt = simulatorPrompt(script, draft, brief, facts);
      const attempts = (this.options.regenerations ?? 2) + 1;
      for (let attempt = 1; attempt <= attempts; attempt++) {
        const completion = await this.client.complete({ ...draft, messages: prompt, tools: [], seed: draft.seed + attempt - 1 });
        const text = cleanMessage(completion.message.content ?? '');
        if (text !== '' && !echoesPrompt(text) && missingFacts(text, facts).length === 0) {
          draft.completion = { message: { role: 'user', content: text }, calls: [], finishReason: 'stop' };
          draft.meta.userSimulator = `openai:${this.options.model}`;
          this.counters.written++;
          if (attempt > 1) this.counters.regenerated++;
          return draft;
        }
      }
      this.counters.fallbacks++;
      draft.meta.userSimulator = 'template (the model left out a value or repeated its instruction)';
      return draft;
    });
  }
}

export default OpenAIUserSimulatorPlugin;
