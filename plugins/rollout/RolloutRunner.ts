import {
  emptyRewardSheet,
  errors,
  isProveError,
  preview,
  type AssistantMessage,
  type ChatMessage,
  type Completion,
  type Engine,
  type EnvironmentSession,
  type ExecutedCall,
  type Example,
  type FinishReason,
  type Rollout,
  type RolloutGroup,
  type ToolCall,
  type Trajectory,
  type CommandOption,
} from '../../core/index.js';
import { toChatToolCall } from '../policy/parseToolCalls.js';
import { Semaphore } from '../../core/support/index.js';
import { toolRouting, type ToolRouting } from './toolRouting.js';
import { toolMessageContent } from '../toolMessageContent.js';

/** The one rendering of tool results and errors (plugins/toolMessageContent.ts). */
export { toolMessageContent };

/** Options of a {@link RolloutRunner}. */
export interface RolloutRunnerOptions {
  /** User turns played at most; an example with more ends with `max_turns` (the paper: 5). */
  maxUserTurns?: number;
  /** Assistant messages per rollout at most, over all user turns (the paper: 10). */
  maxAssistantTurns?: number;
  /**
   * Assistant messages per user turn at most (default: no cap besides `maxAssistantTurns`). A turn that
   * reaches it ends there and the next user turn is played, so a model that keeps calling tools in one
   * turn cannot use up the rollout's cap and leave later turns unplayed (which the reward still scores).
   */
  maxAssistantTurnsPerUserTurn?: number;
  /** Rollouts in flight at once. */
  concurrency?: number;
  /** System prompt for examples whose conversation does not start with one; `{date}` becomes the world's reference date. */
  systemPrompt?: string;
  /** Base of the per-turn draft seeds. */
  seed?: number;
  /** Stops new policy requests (and sleeping retries) when aborted. */
  signal?: AbortSignal;
}

/** A rollout with what a group check and a report need besides the trajectory and its reward. */
export interface PlayedRollout extends Rollout {
  /** Index of the rollout inside its group. */
  index: number;
  /** State hash of every live server right after its session was opened. */
  initialStateHashes: Record<string, string>;
  durationMs: number;
}

export interface PlayedGroup extends RolloutGroup {
  rollouts: PlayedRollout[];
}

export const DEFAULT_SYSTEM_PROMPT =
  'You are a helpful assistant that acts for the user through the tools provided. Call tools to look up and change things ' +
  'instead of guessing; use only ids and values that the user gave or that a tool returned. When a required value is ' +
  'missing, ask the user for it. When no available tool can do what is asked, say so instead of calling a tool. ' +
  'The current date and time is {date}.';

/** A failure of the policy (as opposed to the environments or the engine), so the rollout ends with `policy_error`. */
class PolicyFailure extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

function describeFailure(error: unknown): string {
  const inner = error instanceof PolicyFailure ? error.cause : error;
  const message = inner instanceof Error ? inner.message : String(inner);
  return isProveError(inner) ? `${message} [${(inner as { code: string }).code}]` : message;
}

/** FNV-1a over a string, as a non-negative 31-bit seed. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) & 0x7fffffff;
}

/**
 * The paper's caps on one rollout (§ training: "rollouts capped at 5 user turns and 10 assistant
 * turns"): the defaults of the runner, of `eval` and `train`, and what synthesis keeps examples within.
 */
export const ROLLOUT_CAPS = { maxUserTurns: 5, maxAssistantTurns: 10 } as const;

/** The turn caps as options of the commands that play rollouts (`eval`, `train`). */
export const TURN_CAP_OPTIONS: Record<string, CommandOption> = {
  'max-user-turns': { type: 'string', valueName: 'N', description: 'user turns played at most', default: String(ROLLOUT_CAPS.maxUserTurns) },
  'max-assistant-turns': { type: 'string', valueName: 'N', description: 'assistant messages per rollout at most', default: String(ROLLOUT_CAPS.maxAssistantTurns) },
  'max-assistant-per-turn': { type: 'string', valueName: 'N', description: 'assistant messages per user turn at most; a turn that reaches it ends and the next user turn is played (default: no cap)' },
};

/**
 * Plays examples against live environments through the engine's hooks only: `onGenerate` for the
 * policy, `onExecute` for tool calls, `onReward` for the score. Knows nothing about which domains,
 * policy or reward are configured. Sessions are always closed, and a failing rollout is recorded
 * with its error rather than thrown.
 */
export class RolloutRunner {
  readonly maxUserTurns: number;
  readonly maxAssistantTurns: number;
  readonly maxAssistantTurnsPerUserTurn: number;
  private readonly limiter: Semaphore;
  private readonly systemPrompt: string;
  private readonly seed: number;
  private readonly signal?: AbortSignal;

  constructor(
    readonly engine: Engine,
    options: RolloutRunnerOptions = {},
  ) {
    this.maxUserTurns = options.maxUserTurns ?? ROLLOUT_CAPS.maxUserTurns;
    this.maxAssistantTurns = options.maxAssistantTurns ?? ROLLOUT_CAPS.maxAssistantTurns;
    this.maxAssistantTurnsPerUserTurn = options.maxAssistantTurnsPerUserTurn ?? Infinity;
    this.limiter = new Semaphore(options.concurrency ?? 8);
    this.systemPrompt = options.systemPrompt ?? DEFAULT_SYSTEM_PROMPT;
    this.seed = options.seed ?? 0;
    this.signal = options.signal;
  }

  /** Throws a clear error when an example needs an environment the engine does not have. */
  checkExample(example: Example): void {
    const registered = [...this.engine.environments.keys()];
    for (const server of example.servers) {
      if (!this.engine.environments.has(server)) throw errors.exampleEnvironmentMissing(example.id, server, registered);
    }
  }

  /** Play G rollouts of each example, all through one concurrency limit; groups come back in example order. */
  async playGroups(examples: readonly Example[], size: number, onRollout?: (example: Example, rollout: PlayedRollout) => void): Promise<PlayedGroup[]> {
    const groups: PlayedGroup[] = examples.map((example) => ({ example, rollouts: new Array<PlayedRollout>(size) }));
    const tasks: Promise<void>[] = [];
    for (const group of groups) {
      for (let index = 0; index < size; index++) {
        tasks.push(
          this.limiter.run(async () => {
            const rollout = await this.play(group.example, index);
            group.rollouts[index] = rollout;
            onRollout?.(group.example, rollout);
          }),
        );
      }
    }
    await Promise.all(tasks);
    for (const group of groups) verifyGroupStart(group);
    return groups;
  }

  /** Play one group: G rollouts of one example from identical initial states. */
  async playGroup(example: Example, size: number): Promise<PlayedGroup> {
    const [group] = await this.playGroups([example], size);
    return group;
  }

  /** Play one rollout in fresh sessions; never throws for a failure of the policy, an environment or the reward. */
  async play(example: Example, index = 0): Promise<PlayedRollout> {
    const started = performance.now();
    const trajectory: Trajectory = { exampleId: example.id, messages: [], calls: [], finishReason: 'completed', turns: [] };
    const sessions = new Map<string, EnvironmentSession>();
    const initialStateHashes: Record<string, string> = {};
    try {
      for (const server of example.servers) {
        const session = await this.engine.openSession(server, example.world);
        sessions.set(server, session);
        initialStateHashes[server] = await session.stateHash();
      }
      trajectory.finishReason = await this.converse(example, index, sessions, trajectory);
    } catch (error) {
      trajectory.finishReason = error instanceof PolicyFailure ? 'policy_error' : 'error';
      trajectory.error = describeFailure(error);
    } finally {
      const hashes: Record<string, string> = {};
      for (const [server, session] of sessions) {
        try {
          hashes[server] = await session.stateHash();
        } catch {
          // A session that cannot report its state has no final hash; the state check then fails.
        }
      }
      trajectory.finalStateHashes = hashes;
      await Promise.allSettled([...sessions.values()].map((session) => session.close()));
    }
    let reward = emptyRewardSheet();
    try {
      reward = await this.engine.reward({ example, calls: trajectory.calls, trajectory });
    } catch (error) {
      trajectory.error = trajectory.error ? `${trajectory.error}; reward failed: ${describeFailure(error)}` : `reward failed: ${describeFailure(error)}`;
      trajectory.finishReason = 'error';
    }
    return { trajectory, reward, index, initialStateHashes, durationMs: performance.now() - started };
  }

  private systemMessage(example: Example): ChatMessage {
    const first = example.messages?.[0];
    if (first?.role === 'system') return { role: 'system', content: first.content };
    return { role: 'system', content: this.systemPrompt.replaceAll('{date}', example.world.referenceDate) };
  }

  private async converse(example: Example, index: number, sessions: Map<string, EnvironmentSession>, trajectory: Trajectory): Promise<FinishReason> {
    const routing = toolRouting(this.engine, example);
    const messages = trajectory.messages;
    messages.push(this.systemMessage(example));
    const usedIds = new Set<string>();
    const userTurns = Math.min(example.turns.length, this.maxUserTurns);
    const seedBase = seedOf(`${this.seed}:${example.id}:${index}`);
    let step = 0;
    for (let turn = 0; turn < userTurns; turn++) {
      messages.push({ role: 'user', content: example.turns[turn].user });
      for (let inTurn = 0; inTurn < this.maxAssistantTurnsPerUserTurn; inTurn++) {
        if (step >= this.maxAssistantTurns) return 'max_assistant_turns';
        const generateStarted = performance.now();
        let completion: Completion | undefined;
        try {
          const draft = await this.engine.generate({
            purpose: 'assistant',
            messages: messages.slice(),
            tools: example.tools,
            example,
            seed: (seedBase + step) & 0x7fffffff,
            meta: { exampleId: example.id, rollout: index, turn, step },
            signal: this.signal,
          });
          completion = draft.completion;
        } catch (error) {
          throw new PolicyFailure(error);
        }
        if (completion === undefined) throw new PolicyFailure(errors.noPolicy('assistant'));
        const generateMs = performance.now() - generateStarted;

        const calls = withUniqueIds(completion.calls, step, usedIds);
        const message: AssistantMessage = { role: 'assistant', content: completion.message.content ?? null };
        if (calls.length > 0) message.tool_calls = calls.map((call) => toChatToolCall(call, call.id!));
        if (completion.message.role === 'assistant' && completion.message.reasoning_content) message.reasoning_content = completion.message.reasoning_content;
        messages.push(message);
        if (completion.tokens) (trajectory.tokens ??= []).push(completion.tokens);

        const executeStarted = performance.now();
        for (const call of calls) {
          const executed = await this.execute(call, routing, sessions);
          executed.turn = turn;
          executed.step = step;
          trajectory.calls.push(executed);
          const reply: ChatMessage = { role: 'tool', tool_call_id: call.id!, content: toolMessageContent(executed) };
          if (call.name !== '') reply.name = call.name;
          messages.push(reply);
        }
        trajectory.turns.push({ turn, step, generateMs, executeMs: performance.now() - executeStarted, calls: calls.length });
        step++;
        if (completion.finishReason === 'length') return 'length';
        if (calls.length === 0) break;
      }
    }
    return example.turns.length > this.maxUserTurns ? 'max_turns' : 'completed';
  }

  /** Route one call: malformed and unknown calls are answered here; the rest run live through `onExecute`. */
  private async execute(call: ToolCall, routing: ToolRouting, sessions: Map<string, EnvironmentSession>): Promise<ExecutedCall> {
    const server = routing.serverOf.get(call.name);
    if (call.malformed !== undefined) {
      return {
        ...call,
        server: server ?? '',
        ok: false,
        error: { kind: 'malformed', message: `the tool call could not be parsed: ${preview(call.malformed, 200)}; a call is a tool name and a JSON object of arguments` },
      };
    }
    if (server === undefined || !routing.candidates.has(call.name)) {
      const offered = routing.candidates.has(call.name);
      return {
        ...call,
        server: server ?? '',
        ok: false,
        error: {
          kind: 'unknown_tool',
          message: `${offered ? `tool "${call.name}" is not available in this session` : `unknown tool "${call.name}"`}; available tools: ${routing.playable.join(', ') || '(none)'}`,
        },
      };
    }
    const executed = await this.engine.execute({ server, session: sessions.get(server)!, call });
    return executed.server ? executed : { ...executed, server };
  }
}

/** Every call gets an id that is unique within the trajectory, so each tool message answers exactly one call. */
function withUniqueIds(calls: readonly ToolCall[], step: number, used: Set<string>): ToolCall[] {
  return calls.map((call, i) => {
    let id = call.id;
    if (id === undefined || id === '' || used.has(id)) id = `call_${step}_${i}`;
    while (used.has(id)) id = `${id}_`;
    used.add(id);
    return id === call.id ? call : { ...call, id };
  });
}

/** GRPO compares the rollouts of a group, so they must start from the same state: same initial hash per server. */
export function verifyGroupStart(group: PlayedGroup): void {
  const servers = group.example.servers;
  for (const server of servers) {
    const hashes = group.rollouts.map((rollout) => rollout.initialStateHashes[server]).filter((hash): hash is string => hash !== undefined);
    if (new Set(hashes).size > 1) throw errors.groupStateMismatch(group.example.id, server, hashes);
  }
}
