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

/** Parse and check one line; returns the reason when it cannot be scored as it stands. */
export function parseTrajectoryLine(text: string): TrajectoryLine | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problem: `not valid JSON (${(error as Error).message})` };
  }
  validateLine ??= compileSchema(TRAJECTORY_LINE_SCHEMA);
  if (!validateLine(value)) {
    const problems = explainSchemaErrors(validateLine.errors, value).filter((p) => !(p.key === '' && p.allowed.startsWith('must match')));
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
