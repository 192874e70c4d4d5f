import { compileSchema, explainSchemaErrors, formatSchemaProblems, type ChatMessage, type Engine, type Example, type ExecutedCall, type JsonSchema, type RewardSheet } from '../../core/index.js';
import { RouteError } from '../../servers/kit/httpRoutes.js';
import { EXAMPLE_SCHEMA } from '../rollout/readExamples.js';
import { parseTrajectoryLine } from './parseTrajectoryLine.js';
import { PreparedExample } from './PreparedExample.js';
import { replay, withOutcomes } from './replayCalls.js';

/** Most trajectories in one request: a training batch of 512 prompts × 16 rollouts fits in four. */
export const MAX_REWARD_BATCH = 2048;

/**
 * One trajectory to score: its example (a dataset line, as `prove-rl export` puts in every row) and
 * the model's calls in one of the shapes `prove-rl score` reads (`calls` with or without outcomes,
 * `trajectory`, `messages`), or `completion`: the decoded text of a whole rollout (VERL's
 * `solution_str`), whose `<tool_call>` blocks are the calls. Calls without outcomes are replayed
 * live on the example's world, as `prove-rl score --execute` does; `execute: true` replays always.
 */
interface RewardItem {
  example: Example;
  calls?: ExecutedCall[];
  trajectory?: { calls: ExecutedCall[] };
  messages?: ChatMessage[];
  completion?: string;
}

const REQUEST_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    trajectories: { type: 'array', minItems: 1, maxItems: MAX_REWARD_BATCH, items: { type: 'object', required: ['example'] } },
    execute: { type: 'boolean' },
    details: { type: 'boolean' },
  },
  required: ['trajectories'],
  additionalProperties: false,
};

let validateRequest: ReturnType<typeof compileSchema> | undefined;
let validateExample: ReturnType<typeof compileSchema> | undefined;

/** The calls of one item, with whether they carry outcomes; a string when the item cannot be scored. */
function callsOf(item: RewardItem): { calls: ExecutedCall[]; hasOutcomes: boolean } | string {
  const shapes = ['calls', 'trajectory', 'messages', 'completion'].filter((key) => (item as unknown as Record<string, unknown>)[key] !== undefined);
  if (shapes.length !== 1) return `needs exactly one of "calls", "trajectory", "messages" or "completion" (got ${shapes.length ? shapes.join(', ') : 'none'})`;
  let line: Record<string, unknown> = { exampleId: item.example.id };
  if (item.completion !== undefined) {
    if (typeof item.completion !== 'string') return '"completion" must be a string (the decoded rollout)';
    line.messages = [{ role: 'assistant', content: item.completion }];
  } else if (item.messages !== undefined) {
    if (!Array.isArray(item.messages)) return '"messages" must be an array of chat messages';
    line.messages = item.messages;
  } else line = { ...line, ...(item.calls !== undefined ? { calls: item.calls } : { trajectory: item.trajectory }) };
  const parsed = parseTrajectoryLine(JSON.stringify(line));
  if ('problem' in parsed) return parsed.problem;
  return { calls: parsed.calls as ExecutedCall[], hasOutcomes: parsed.hasOutcomes };
}

/** A sheet as sent back: total, terms and weights, with the per-call details only when asked for. */
function answer(sheet: RewardSheet, details: boolean): RewardSheet {
  return details ? sheet : { total: sheet.total, terms: sheet.terms, weights: sheet.weights };
}

/** Score a batch with the engine's configured reward: one sheet, or one `{ error }`, per trajectory, in order. */
export async function scoreBatch(engine: Engine, body: unknown): Promise<{ sheets: Array<RewardSheet | { error: string }> }> {
  validateRequest ??= compileSchema(REQUEST_SCHEMA);
  if (!validateRequest(body)) {
    throw new RouteError(400, formatSchemaProblems(explainSchemaErrors(validateRequest.errors, body), 'request') + '; send {"trajectories": [{"example": {...}, "messages"|"calls"|"completion": ...}]}');
  }
  const request = body as { trajectories: RewardItem[]; execute?: boolean; details?: boolean };
  validateExample ??= compileSchema(EXAMPLE_SCHEMA);
  const sheets: Array<RewardSheet | { error: string }> = [];
  for (const [i, item] of request.trajectories.entries()) {
    if (!validateExample(item.example)) {
      sheets.push({ error: `trajectories[${i}].example is not a dataset line: ${formatSchemaProblems(explainSchemaErrors(validateExample.errors, item.example), 'example')}` });
      continue;
    }
    const got = callsOf(item);
    if (typeof got === 'string') {
      sheets.push({ error: `trajectories[${i}]: ${got}` });
      continue;
    }
    const missing = item.example.servers.filter((server) => !engine.environments.has(server));
    const replaying = request.execute === true || !got.hasOutcomes;
    if (replaying && got.calls.length > 0 && missing.length > 0) {
      sheets.push({ error: `trajectories[${i}]: its calls carry no outcomes and ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not live in this engine; add the domain to the configuration` });
      continue;
    }
    try {
      PreparedExample.of(item.example);
      const calls = replaying ? await replay(engine, item.example, got.calls) : withOutcomes(got.calls);
      sheets.push(answer(await engine.reward({ example: item.example, calls }), request.details === true));
    } catch (error) {
      sheets.push({ error: `trajectories[${i}]: ${(error as Error).message}` });
    }
  }
  return { sheets };
}
