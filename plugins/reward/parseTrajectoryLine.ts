import { compileSchema, explainSchemaErrors, formatSchemaProblems, type AssistantMessage, type ChatMessage, type ExecutedCall, type JsonSchema, type ToolCall } from '../../core/index.js';
import { parseChatToolCalls, parseHermesText } from '../policy/parseToolCalls.js';

/**
 * One line of a trajectories file, in any of four shapes:
 * - `{ exampleId, calls: ExecutedCall[] }` — calls with their outcomes (`ok`); a full `Trajectory` is this shape too;
 * - `{ exampleId, calls: ToolCall[] }` — calls only, for `--execute` to replay;
 * - `{ exampleId, messages: ChatMessage[] }` — an OpenAI conversation; the assistant messages'
 *   `tool_calls` are the calls (for `--execute`), each message one step, each user message a turn;
 *   an assistant message without `tool_calls` whose text holds `<tool_call>` blocks has those calls;
 * - `{ exampleId, trajectory: { calls } }` — a line of `prove-rl eval`'s rollouts.jsonl, to score it again.
 * `calls` wins over `trajectory`, which wins over `messages`.
 */
const CALLS: JsonSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      id: { type: 'string' },
      name: { type: 'string' },
      arguments: { type: 'object' },
      malformed: { type: 'string' },
      server: { type: 'string' },
      ok: { type: 'boolean' },
      error: { type: 'object', properties: { kind: { type: 'string' }, message: { type: 'string' } }, required: ['kind'] },
      turn: { type: 'integer', minimum: 0 },
      step: { type: 'integer', minimum: 0 },
    },
    required: ['name', 'arguments'],
  },
};

export const TRAJECTORY_LINE_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    exampleId: { type: 'string', minLength: 1 },
    calls: CALLS,
    trajectory: { type: 'object', properties: { calls: CALLS }, required: ['calls'] },
    messages: { type: 'array', items: { type: 'object', properties: { role: { enum: ['system', 'user', 'assistant', 'tool'] } }, required: ['role'] } },
  },
  required: ['exampleId'],
  anyOf: [{ required: ['calls'] }, { required: ['trajectory'] }, { required: ['messages'] }],
};

/** A trajectory line, parsed. */
export interface TrajectoryLine {
  exampleId: string;
  calls: ToolCall[];
  /** Whether every call carries its outcome (`ok`), so it can be scored without replaying. */
  hasOutcomes: boolean;
}

let validateLine: ReturnType<typeof compileSchema> | undefined;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const optional = (value: unknown, type: 'string' | 'boolean'): boolean => value === undefined || typeof value === type;
const optionalCount = (value: unknown): boolean => value === undefined || (Number.isInteger(value) && (value as number) >= 0);

/** A call that TRAJECTORY_LINE_SCHEMA's CALLS item accepts (checked by hand: the common case, without Ajv's generic code). */
function plainCall(call: unknown): boolean {
  if (!isObject(call) || typeof call.name !== 'string' || !isObject(call.arguments)) return false;
  if (!optional(call.id, 'string') || !optional(call.malformed, 'string') || !optional(call.server, 'string') || !optional(call.ok, 'boolean')) return false;
  if (!optionalCount(call.turn) || !optionalCount(call.step)) return false;
  const error = call.error;
  return error === undefined || (isObject(error) && typeof error.kind === 'string' && optional(error.message, 'string'));
}

/**
 * A `{exampleId, calls}` line that the schema accepts, told without running it. False means "ask
 * the schema": other shapes, and every line that is not plainly valid, go through it (which also
 * explains what is wrong). Never true where the schema says no (a property test holds it to that).
 */
export function plainlyValid(value: unknown): boolean {
  if (!isObject(value) || typeof value.exampleId !== 'string' || value.exampleId.length === 0) return false;
  if (value.trajectory !== undefined || value.messages !== undefined || !Array.isArray(value.calls)) return false;
  const calls = value.calls as unknown[];
  for (let i = 0; i < calls.length; i++) if (!plainCall(calls[i])) return false;
  return true;
}

/** Parse and check one line; returns the reason when it cannot be scored as it stands. */
export function parseTrajectoryLine(text: string): TrajectoryLine | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problem: `not valid JSON (${(error as Error).message})` };
  }
  if (!plainlyValid(value) && !(validateLine ??= compileSchema(TRAJECTORY_LINE_SCHEMA))(value)) {
    const problems = explainSchemaErrors(validateLine!.errors, value).filter((p) => !(p.key === '' && p.allowed.startsWith('must match')));
    const reason = problems.length ? formatSchemaProblems(problems, 'line') : 'needs "calls" (an array of tool calls), "trajectory" (a prove-rl eval rollout) or "messages" (an OpenAI conversation)';
    return { problem: `not a trajectory: ${reason}` };
  }
  const line = value as { exampleId: string; calls?: ExecutedCall[]; trajectory?: { calls: ExecutedCall[] }; messages?: ChatMessage[] };
  const recorded = line.calls ?? line.trajectory?.calls;
  if (recorded) {
    let hasOutcomes = true;
    for (const call of recorded) if (call.ok === undefined && call.malformed === undefined) hasOutcomes = false;
    return { exampleId: line.exampleId, calls: recorded, hasOutcomes };
  }
  const calls: ToolCall[] = [];
  let step = 0;
  let turn = -1;
  for (const message of line.messages!) {
    if (message.role === 'user') turn++;
    if (message.role !== 'assistant') continue;
    const assistant = message as AssistantMessage;
    // A model served without a tool parser writes its calls into the text as <tool_call> blocks (Hermes): they are its calls too.
    const fromText = (assistant.tool_calls?.length ?? 0) === 0 && typeof assistant.content === 'string' && assistant.content.includes('<tool_call>');
    for (const call of fromText ? parseHermesText(assistant.content as string).calls : parseChatToolCalls(assistant.tool_calls)) calls.push({ ...call, step, turn: Math.max(0, turn) } as ExecutedCall);
    step++;
  }
  return { exampleId: line.exampleId, calls, hasOutcomes: calls.length === 0 };
}
