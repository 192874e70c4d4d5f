import type { AssistantMessage, ChatToolCall, Completion, ToolCall } from '../../core/index.js';

/** An assistant message taken apart: visible text, reasoning, and the tool calls in order. */
export interface ParsedAssistantOutput {
  /** The text the model showed the user, tool-call markup and reasoning removed; null when empty. */
  content: string | null;
  /** Reasoning the model wrote inside `<think>…</think>`, when it came back as text. */
  reasoning?: string;
  calls: ToolCall[];
}

const NAME_IN_RAW = /"name"\s*:\s*"([^"\\]{1,200})"/;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Decode a call's arguments: a JSON object, or a string holding one (once or twice encoded, as some
 * servers do). An empty string means no arguments. Anything else is a reason, not a value.
 */
export function decodeArguments(raw: unknown): { ok: true; value: Record<string, unknown> } | { ok: false; reason: string } {
  let value = raw;
  for (let depth = 0; depth < 2 && typeof value === 'string'; depth++) {
    if (value.trim() === '') return { ok: true, value: {} };
    try {
      value = JSON.parse(value);
    } catch (error) {
      return { ok: false, reason: `arguments are not valid JSON (${(error as Error).message})` };
    }
  }
  if (value === undefined || value === null) return { ok: true, value: {} };
  if (!isPlainObject(value)) return { ok: false, reason: `arguments must be a JSON object, got ${Array.isArray(value) ? 'an array' : typeof value}` };
  return { ok: true, value };
}

/** A call that could not be parsed: whatever name can be read from the raw text, and the raw text itself. */
export function malformedCall(raw: string, id?: string): ToolCall {
  const name = NAME_IN_RAW.exec(raw)?.[1] ?? '';
  return { ...(id ? { id } : {}), name, arguments: {}, malformed: raw };
}

/** Parse the `tool_calls` of an OpenAI chat-completions message. A broken entry becomes a malformed call. */
export function parseChatToolCalls(toolCalls: unknown): ToolCall[] {
  if (!Array.isArray(toolCalls)) return [];
  const calls: ToolCall[] = [];
  for (const entry of toolCalls) {
    const fn = isPlainObject(entry) && isPlainObject(entry.function) ? entry.function : undefined;
    const id = isPlainObject(entry) && typeof entry.id === 'string' && entry.id !== '' ? entry.id : undefined;
    if (!fn || typeof fn.name !== 'string' || fn.name === '') {
      calls.push(malformedCall(safeStringify(entry), id));
      continue;
    }
    const decoded = decodeArguments(fn.arguments);
    if (decoded.ok) calls.push({ ...(id ? { id } : {}), name: fn.name, arguments: decoded.value });
    else calls.push({ ...(id ? { id } : {}), name: fn.name, arguments: {}, malformed: typeof fn.arguments === 'string' ? fn.arguments : safeStringify(fn.arguments) });
  }
  return calls;
}

/** One Hermes block's JSON: `{"name": …, "arguments": {…}}` (or `parameters`), or a list of them. */
function callsFromHermesBlock(raw: string): ToolCall[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [malformedCall(raw)];
  }
  const items = Array.isArray(parsed) ? parsed : [parsed];
  if (items.length === 0) return [malformedCall(raw)];
  return items.map((item) => {
    if (!isPlainObject(item) || typeof item.name !== 'string' || item.name === '') return malformedCall(raw);
    const decoded = decodeArguments(item.arguments ?? item.parameters);
    return decoded.ok ? { name: item.name, arguments: decoded.value } : { name: item.name, arguments: {}, malformed: raw };
  });
}

const THINK = /^\s*<think>([\s\S]*?)<\/think>/;
const HERMES = /<tool_call>([\s\S]*?)(?:<\/tool_call>|$)/g;

/**
 * Parse the text form Qwen-family models emit when served without a tool parser: optional
 * `<think>…</think>` first, then prose with `<tool_call>{"name": …, "arguments": …}</tool_call>`
 * blocks. An unterminated last block (a truncated answer) is parsed as far as it goes; a block
 * that is not a JSON call becomes a malformed call carrying the raw block.
 */
export function parseHermesText(text: string): ParsedAssistantOutput {
  let body = text;
  let reasoning: string | undefined;
  const think = THINK.exec(body);
  if (think) {
    reasoning = think[1].trim();
    body = body.slice(think[0].length);
  }
  const calls: ToolCall[] = [];
  if (body.includes('<tool_call>')) {
    body = body.replace(HERMES, (_match, inner: string) => {
      calls.push(...callsFromHermesBlock(inner.trim()));
      return '';
    });
  }
  const content = body.trim();
  return { content: content === '' ? null : content, ...(reasoning !== undefined ? { reasoning } : {}), calls };
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * A parsed call as it goes back into the conversation. A malformed call keeps its name (or
 * `unparsed_tool_call`) with empty arguments: servers such as vLLM parse the arguments of earlier
 * calls and reject the whole request when they are not JSON; the tool result quotes the raw text.
 */
export function toChatToolCall(call: ToolCall, id: string): ChatToolCall {
  return {
    id,
    type: 'function',
    function: { name: call.name === '' ? 'unparsed_tool_call' : call.name, arguments: call.malformed !== undefined ? '{}' : JSON.stringify(call.arguments) },
  };
}

/** What a local model's sampler returns beside the text: its tokens and their log-probs, and why it stopped. */
export interface SampledTrace {
  ids: number[];
  logprobs: number[];
  finish: 'stop' | 'length';
  promptTokens: number;
}

/** A sampled turn as a completion: Hermes tool calls parsed from the text, the token trace kept. */
export function hermesCompletion(text: string, trace: SampledTrace, latencyMs?: number): Completion {
  const parsed = parseHermesText(text);
  const calls = parsed.calls.map((call, index) => ({ ...call, id: `call_${index}` }));
  const message: AssistantMessage = { role: 'assistant', content: parsed.content === null && calls.length > 0 ? null : (parsed.content ?? '') };
  if (calls.length > 0) message.tool_calls = calls.map((call) => toChatToolCall(call, call.id));
  if (parsed.reasoning) message.reasoning_content = parsed.reasoning;
  return {
    message,
    calls,
    finishReason: trace.finish === 'length' ? 'length' : calls.length > 0 ? 'tool_calls' : 'stop',
    usage: { promptTokens: trace.promptTokens, completionTokens: trace.ids.length },
    tokens: { ids: trace.ids, logprobs: trace.logprobs },
    ...(latencyMs === undefined ? {} : { latencyMs }),
  };
}
