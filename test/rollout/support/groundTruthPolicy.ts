import { STAGE_DEFAULT, type ChatMessage, type Engine, type Example, type ProvePlugin, type ToolCall } from '../../../core/index.js';
import { orderSteps } from '../../../plugins/rollout/replayGroundTruth.js';
import type { Script, ScriptReply } from './ScriptedOpenAIServer.js';

/** How a scripted policy departs from the ground truth. */
export type PolicyVariant =
  | { kind: 'replay' }
  /** The ground truth, as Hermes text instead of structured tool calls. */
  | { kind: 'hermes' }
  /** The ground truth, then these calls in one more message before answering each turn. */
  | { kind: 'extra'; calls: ToolCall[] }
  /** The ground truth with every argument value changed (strings suffixed, numbers plus one). */
  | { kind: 'wrong-arguments' }
  /** First a call whose arguments are broken JSON, then the ground truth. */
  | { kind: 'malformed' }
  /** Answers every turn in text, without calling anything. */
  | { kind: 'abstain' };

/** The next move of a policy: tool calls, or a text answer that ends the user turn. */
export type PolicyAction = { calls: ToolCall[]; raw?: string } | { text: string };

/** The example a conversation plays, found by its first user message. */
export function exampleOf(examples: readonly Example[], messages: readonly ChatMessage[]): Example {
  const first = messages.find((m) => m.role === 'user')?.content;
  const example = examples.find((e) => e.turns[0]?.user === first);
  if (!example) throw new Error(`no example starts with ${JSON.stringify(first)}`);
  return example;
}

function wrongValue(value: unknown): unknown {
  if (typeof value === 'string') return `${value}_wrong`;
  if (typeof value === 'number') return value + 1;
  if (typeof value === 'boolean') return !value;
  return value;
}

/**
 * What a ground-truth-following policy does next, from the conversation alone (so that the same
 * function drives an HTTP server and an in-process plugin): in user turn t it emits the steps of
 * turn t one assistant message at a time, then answers in text.
 */
export function groundTruthAction(example: Example, messages: readonly ChatMessage[], variant: PolicyVariant = { kind: 'replay' }): PolicyAction {
  let lastUser = -1;
  let turn = -1;
  messages.forEach((m, i) => {
    if (m.role === 'user') {
      lastUser = i;
      turn++;
    }
  });
  let k = 0;
  for (let i = lastUser + 1; i < messages.length; i++) if (messages[i].role === 'assistant') k++;
  if (variant.kind === 'abstain') return { text: `I cannot help with that using the tools I have (turn ${turn}).` };
  if (variant.kind === 'malformed' && turn === 0) {
    if (k === 0) return { calls: [], raw: '{"account_id": acc_1' };
    k--;
  }
  const steps = orderSteps(example.groundTruth).filter((step) => step.turn === turn);
  if (k < steps.length) {
    const calls = steps[k].calls.map((call) => ({ name: call.name, arguments: { ...call.arguments } }));
    if (variant.kind === 'wrong-arguments') for (const call of calls) for (const key of Object.keys(call.arguments)) call.arguments[key] = wrongValue(call.arguments[key]);
    return { calls };
  }
  if (variant.kind === 'extra' && k === steps.length) return { calls: variant.calls };
  return { text: `Done with turn ${turn}: everything you asked for is complete.` };
}

/** A chat-completions script that plays a variant of each example's ground truth. */
export function groundTruthScript(examples: readonly Example[], variant: PolicyVariant = { kind: 'replay' }): Script {
  return (request) => {
    const action = groundTruthAction(exampleOf(examples, request.messages), request.messages, variant);
    if ('text' in action) return { kind: 'message', content: action.text };
    if (action.raw !== undefined) return { kind: 'message', toolCalls: [{ name: examples[0].groundTruth[0]?.calls[0]?.name ?? 'x', arguments: action.raw }] };
    if (variant.kind === 'hermes') {
      const text = action.calls.map((call) => `<tool_call>\n${JSON.stringify({ name: call.name, arguments: call.arguments })}\n</tool_call>`).join('\n');
      return { kind: 'message', content: `Working on it.\n${text}` } satisfies ScriptReply;
    }
    return { kind: 'message', toolCalls: action.calls.map((call) => ({ name: call.name, arguments: JSON.stringify(call.arguments) })) };
  };
}

/** An in-process policy that answers instantly by replaying the ground truth (benchmarks, runner tests). */
export class GroundTruthPolicyPlugin implements ProvePlugin {
  readonly name = 'GroundTruthPolicyPlugin';
  constructor(private readonly variant: PolicyVariant = { kind: 'replay' }) {}

  apply(engine: Engine): void {
    engine.hooks.onGenerate.tapPromise({ name: this.name, stage: STAGE_DEFAULT }, async (draft) => {
      if (draft.purpose !== 'assistant' || draft.completion || !draft.example) return draft;
      const action = groundTruthAction(draft.example as Example, draft.messages, this.variant);
      if ('text' in action) {
        draft.completion = { message: { role: 'assistant', content: action.text }, calls: [], finishReason: 'stop' };
      } else {
        const calls = action.raw !== undefined ? [{ name: '', arguments: {}, malformed: action.raw }] : action.calls;
        draft.completion = { message: { role: 'assistant', content: null }, calls, finishReason: 'tool_calls' };
      }
      return draft;
    });
  }
}
