import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  errors,
  isProveError,
  STAGE_DEFAULT,
  type AssistantMessage,
  type ChatMessage,
  type Engine,
  type ExecutedCall,
  type ProvePlugin,
  type ToolCall,
  type ToolSchema,
} from '../../../core/index.js';
import { RemoteMcpEnvironmentPlugin, RemoteSession } from '../../environments/RemoteMcpEnvironmentPlugin.js';
import { toChatToolCall } from '../../policy/parseToolCalls.js';
import { Semaphore } from '../../../core/support/index.js';

/** BFCL's four multi-turn categories, by the names `--categories` takes. */
export const BFCL_CATEGORIES = ['base', 'miss_func', 'miss_param', 'long_context'] as const;
export type BfclCategory = (typeof BFCL_CATEGORIES)[number];

/** Name of the environment the BFCL server is registered as. */
export const BFCL_SERVER = 'bfcl';

const HERE = dirname(fileURLToPath(import.meta.url));

/** The server script: next to this module in the source tree, else in the package's plugins/ (dist/ holds no Python). */
export function bfclServerScript(): string {
  const local = join(HERE, 'bfcl_mcp_server.py');
  if (existsSync(local)) return local;
  let dir = HERE;
  for (let i = 0; i < 6 && !existsSync(join(dir, 'package.json')); i++) dir = dirname(dir);
  return join(dir, 'plugins', 'benchmarks', 'bfcl', 'bfcl_mcp_server.py');
}

/** The interpreter with `bfcl-eval`: explicit, $PROVE_BFCL_PYTHON, or `.venv-bfcl` in the working folder or the package (npm run setup:bfcl). */
export function findBfclPython(explicit?: string, cwd = process.cwd()): string {
  if (explicit) return explicit;
  if (process.env.PROVE_BFCL_PYTHON) return process.env.PROVE_BFCL_PYTHON;
  const script = bfclServerScript();
  for (const root of [cwd, resolve(dirname(script), '../../..')]) {
    const venv = join(root, '.venv-bfcl', 'bin', 'python');
    if (existsSync(venv)) return venv;
  }
  throw errors.usage('eval', 'no Python with bfcl-eval found: run `npm run setup:bfcl` (creates .venv-bfcl), or pass --python / set $PROVE_BFCL_PYTHON');
}

/** One BFCL task as the server describes it. */
export interface BfclTask {
  id: string;
  category: string;
  involvedClasses: string[];
  /** The user turns: BFCL's messages of each turn (held-out turns already carry BFCL's "I have updated some more functions" prompt). */
  turns: ChatMessage[][];
  /** The tools offered from the start. */
  tools: ToolSchema[];
  /** Tools held out until a turn (miss_func), by turn index. */
  missedTools: Record<string, ToolSchema[]>;
  /** BFCL's ground truth, per turn, as calls a policy can emit. */
  groundTruth: ToolCall[][];
  groundTruthText: string[][];
}

/** BFCL's verdict on one task, with what the policy did. */
export interface BfclTaskResult {
  id: string;
  category: string;
  valid: boolean;
  errorType?: string;
  errorMessage?: string;
  /** The calls executed live, per turn, per assistant message (BFCL's `model_result`). */
  steps: ToolCall[][][];
  /** Calls that failed live (BFCL's execution errors). */
  failedCalls: number;
  forceQuit: boolean;
  policyError?: string;
  messages: ChatMessage[];
  durationMs: number;
}

export interface BfclCategoryScore {
  tasks: number;
  correct: number;
  accuracy: number;
}

export interface BfclSummary {
  benchmark: 'bfcl-multi-turn';
  bfclVersion: string;
  policy: string;
  categories: Record<string, BfclCategoryScore>;
  /** Unweighted mean of the category accuracies, as BFCL's multi-turn overall. */
  overall: number;
  tasks: number;
  policyErrors: number;
  wallSeconds: number;
}

export interface BfclRunOptions {
  python: string;
  categories: readonly BfclCategory[];
  /** Tasks per category at most (the first N, in BFCL's order). */
  limit?: number;
  concurrency: number;
  /** BFCL's MAXIMUM_STEP_LIMIT unless given. */
  maxSteps?: number;
  seed: number;
  policyName: string;
  onTask?: (result: BfclTaskResult, done: number, total: number) => void;
}

/**
 * A policy that replays BFCL's ground truth: at the first assistant step of a turn, every
 * ground-truth call of that turn in one message; then a text answer that ends the turn. It
 * validates the bridge: it must score 100 %.
 */
export class BfclGroundTruthPolicyPlugin implements ProvePlugin {
  static readonly commands = [];
  readonly name = 'BfclGroundTruthPolicyPlugin';
  apply(engine: Engine): void {
    engine.hooks.onGenerate.tapPromise({ name: this.name, stage: STAGE_DEFAULT }, async (draft) => {
      const meta = draft.meta as { bfclGroundTruth?: ToolCall[][]; turn?: number; stepInTurn?: number };
      if (draft.purpose !== 'assistant' || draft.completion || meta.bfclGroundTruth === undefined) return draft;
      const calls = meta.stepInTurn === 0 ? (meta.bfclGroundTruth[meta.turn ?? 0] ?? []) : [];
      draft.completion =
        calls.length > 0
          ? { message: { role: 'assistant', content: null }, calls: calls.map((c) => ({ name: c.name, arguments: structuredClone(c.arguments) })), finishReason: 'tool_calls' }
          : { message: { role: 'assistant', content: 'Done.' }, calls: [], finishReason: 'stop' };
      return draft;
    });
  }
}

/** What the model reads back for a call: BFCL's execution string, exactly (errors too). */
function toolContent(call: ExecutedCall): string {
  if (!call.ok) return call.error?.message ?? 'Error during execution';
  return typeof call.result === 'string' ? call.result : JSON.stringify(call.result ?? null);
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return isProveError(error) ? `${message} [${(error as { code: string }).code}]` : message;
}

/**
 * BFCL multi-turn through prove: BFCL's API classes served as an MCP server (one process per task,
 * loaded with the task's initial configuration), BFCL's user turns played in order, the policy's
 * calls executed live, and each task scored by BFCL's own `multi_turn_checker` (state and response).
 * Mirrors `inference_multi_turn_FC` of BFCL's base handler: held-out functions are added at their
 * turn with BFCL's prompt, a turn ends at the first message without a call, a task is force-quit
 * after more than MAXIMUM_STEP_LIMIT steps in one turn.
 */
export class BfclMultiTurnRunner {
  private environment?: RemoteMcpEnvironmentPlugin;
  version = '?';
  maxSteps = 20;

  constructor(
    readonly engine: Engine,
    readonly options: BfclRunOptions,
  ) {}

  /** Start the server once (tools listed, state tools found) and fetch the tasks. */
  async tasks(): Promise<BfclTask[]> {
    this.environment = new RemoteMcpEnvironmentPlugin({
      name: BFCL_SERVER,
      command: this.options.python,
      args: [bfclServerScript()],
      maxSessions: this.options.concurrency,
      parseJsonText: false,
      // Named, not probed: before a task is loaded the server has no state to answer with.
      stateTool: { name: 'prove_state_hash' },
      resetTool: { name: 'prove_reset' },
      hiddenTools: ['bfcl_tasks', 'bfcl_load', 'bfcl_score', 'bfcl_version'],
      callTimeoutMs: 300_000,
    });
    await this.engine.use(this.environment);
    const session = (await this.engine.openSession(BFCL_SERVER, { seed: 0, referenceDate: '2025-01-01T00:00:00.000Z' })) as RemoteSession;
    try {
      const tasks: BfclTask[] = [];
      // One category per request: a listing of all four is tens of MB in one JSON-RPC line.
      for (const category of this.options.categories) {
        const answer = await session.callOperator({ name: 'bfcl_tasks', arguments: { categories: [`multi_turn_${category}`], ...(this.options.limit ? { limit: this.options.limit } : {}) } });
        const listing = (typeof answer === 'string' ? JSON.parse(answer) : answer) as { version: string; maxSteps: number; toolDocs: Record<string, ToolSchema>; tasks: Array<Omit<BfclTask, 'tools' | 'missedTools'> & { tools: string[]; missedTools: Record<string, string[]> }> };
        this.version = listing.version;
        this.maxSteps = this.options.maxSteps ?? listing.maxSteps;
        const doc = (name: string) => listing.toolDocs[name];
        for (const task of listing.tasks) {
          tasks.push({ ...task, tools: task.tools.map(doc), missedTools: Object.fromEntries(Object.entries(task.missedTools).map(([turn, names]) => [turn, names.map(doc)])) });
        }
      }
      return tasks;
    } finally {
      await session.close();
    }
  }

  /** Play every task (at most `concurrency` at once) and score it with BFCL's checker. */
  async run(tasks: readonly BfclTask[]): Promise<{ results: BfclTaskResult[]; summary: BfclSummary }> {
    const started = performance.now();
    const limiter = new Semaphore(this.options.concurrency);
    const results: BfclTaskResult[] = new Array(tasks.length);
    let done = 0;
    await Promise.all(
      tasks.map((task, index) =>
        limiter.run(async () => {
          results[index] = await this.play(task);
          this.options.onTask?.(results[index], ++done, tasks.length);
        }),
      ),
    );
    const categories: Record<string, BfclCategoryScore> = {};
    for (const category of this.options.categories) {
      const name = `multi_turn_${category}`;
      const mine = results.filter((r) => r.category === name);
      const correct = mine.filter((r) => r.valid).length;
      categories[name] = { tasks: mine.length, correct, accuracy: mine.length === 0 ? 0 : correct / mine.length };
    }
    const scores = Object.values(categories);
    return {
      results,
      summary: {
        benchmark: 'bfcl-multi-turn',
        bfclVersion: this.version,
        policy: this.options.policyName,
        categories,
        overall: scores.length === 0 ? 0 : scores.reduce((sum, c) => sum + c.accuracy, 0) / scores.length,
        tasks: results.length,
        policyErrors: results.filter((r) => r.policyError !== undefined).length,
        wallSeconds: (performance.now() - started) / 1000,
      },
    };
  }

  /** One task in its own server process. */
  async play(task: BfclTask): Promise<BfclTaskResult> {
    const started = performance.now();
    const result: BfclTaskResult = { id: task.id, category: task.category, valid: false, steps: [], failedCalls: 0, forceQuit: false, messages: [], durationMs: 0 };
    let session: RemoteSession | undefined;
    try {
      session = (await this.engine.openSession(BFCL_SERVER, { seed: 0, referenceDate: '2025-01-01T00:00:00.000Z' })) as RemoteSession;
      await session.callOperator({ name: 'bfcl_load', arguments: { id: task.id } });
      await this.converse(task, session, result);
      const verdict = (await session.callOperator({ name: 'bfcl_score', arguments: { result: result.steps } })) as { valid: boolean; error_type?: string; error_message?: string };
      result.valid = verdict.valid === true;
      if (!result.valid) {
        result.errorType = verdict.error_type ?? 'unknown';
        result.errorMessage = verdict.error_message ?? '';
      }
    } catch (error) {
      result.valid = false;
      result.errorType = result.policyError !== undefined ? 'prove:policy_error' : 'prove:error';
      result.errorMessage = describe(error);
    } finally {
      await session?.close().catch(() => undefined);
      result.durationMs = performance.now() - started;
    }
    return result;
  }

  private async converse(task: BfclTask, session: RemoteSession, result: BfclTaskResult): Promise<void> {
    const messages = result.messages;
    let tools = [...task.tools];
    let seedStep = 0;
    for (let turn = 0; turn < task.turns.length; turn++) {
      if (task.missedTools[String(turn)]) tools = [...tools, ...task.missedTools[String(turn)]];
      messages.push(...task.turns[turn]);
      const steps: ToolCall[][] = [];
      result.steps.push(steps);
      for (let stepInTurn = 0; ; ) {
        let completion;
        try {
          const draft = await this.engine.generate({
            purpose: 'assistant',
            messages: messages.slice(),
            tools,
            seed: (this.options.seed + seedStep++) & 0x7fffffff,
            meta: { benchmark: 'bfcl-multi-turn', taskId: task.id, turn, stepInTurn, bfclGroundTruth: task.groundTruth },
          });
          completion = draft.completion;
        } catch (error) {
          result.policyError = describe(error);
          throw error;
        }
        if (completion === undefined) {
          result.policyError = 'no policy';
          throw errors.noPolicy('assistant');
        }
        // As BFCL: a message that decodes to no call (text, or calls that cannot be parsed) ends the turn.
        const calls = completion.calls.filter((call) => call.malformed === undefined);
        const message: AssistantMessage = { role: 'assistant', content: completion.message.content ?? null };
        if (calls.length === 0 || calls.length !== completion.calls.length) {
          messages.push(message);
          break;
        }
        const withIds = calls.map((call, i) => ({ ...call, id: `call_${turn}_${stepInTurn}_${i}` }));
        message.tool_calls = withIds.map((call) => toChatToolCall(call, call.id));
        messages.push(message);
        steps.push(calls.map((call) => ({ name: call.name, arguments: call.arguments })));
        for (const call of withIds) {
          const executed = await this.engine.execute({ server: BFCL_SERVER, session, call });
          if (!executed.ok) result.failedCalls++;
          messages.push({ role: 'tool', tool_call_id: call.id, content: toolContent(executed), name: call.name });
        }
        stepInTurn++;
        if (stepInTurn > this.maxSteps) {
          // BFCL: "Model has been forced to quit after 20 steps"; the task's later turns are not played.
          result.forceQuit = true;
          return;
        }
        if (completion.finishReason === 'length') break;
      }
    }
  }
}

/** The per-category table BFCL prints, with the version. */
export function renderBfclSummary(summary: BfclSummary): string {
  const lines = [`BFCL multi-turn (bfcl-eval ${summary.bfclVersion}), policy ${summary.policy}`];
  for (const [name, score] of Object.entries(summary.categories)) {
    lines.push(`  ${name.padEnd(26)} ${(score.accuracy * 100).toFixed(2).padStart(6)} %  (${score.correct}/${score.tasks})`);
  }
  lines.push(`  ${'overall (unweighted mean)'.padEnd(26)} ${(summary.overall * 100).toFixed(2).padStart(6)} %  (${summary.tasks} tasks, ${summary.wallSeconds.toFixed(1)} s${summary.policyErrors ? `, ${summary.policyErrors} policy errors` : ''})`);
  return lines.join('\n');
}
