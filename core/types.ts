/**
 * The shared data model: the contract every plugin, preset and server agrees on.
 *
 * Chat messages and tool schemas follow the OpenAI chat-completions format, which vLLM, SGLang,
 * Ollama, llama.cpp and every trainer read. Keep these types small; extend through `meta`.
 */

/** A JSON Schema document (draft 2020-12 or draft-07), kept as plain data. */
export type JsonSchema = Record<string, unknown>;

/** A JSON value. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A tool as the model sees it, in OpenAI function-calling format. */
export interface ToolSchema {
  type: 'function';
  function: {
    name: string;
    description?: string;
    /** JSON Schema of the arguments object. */
    parameters: JsonSchema;
    strict?: boolean;
  };
}

/** A tool call inside an assistant chat message (OpenAI format: arguments are a JSON string). */
export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface SystemMessage {
  role: 'system';
  content: string;
}
export interface UserMessage {
  role: 'user';
  content: string;
}
export interface AssistantMessage {
  role: 'assistant';
  content: string | null;
  tool_calls?: ChatToolCall[];
  /** Reasoning text where the server returns it separately (vLLM `reasoning_content`). */
  reasoning_content?: string;
}
export interface ToolMessage {
  role: 'tool';
  tool_call_id: string;
  content: string;
  name?: string;
}
/** One chat message in OpenAI chat-completions format. */
export type ChatMessage = SystemMessage | UserMessage | AssistantMessage | ToolMessage;

/** A parsed tool call: a name and an arguments object. */
export interface ToolCall {
  id?: string;
  name: string;
  arguments: Record<string, unknown>;
  /**
   * Set when the model emitted a call that could not be parsed (broken JSON, missing name):
   * the raw text, so that the reward can count it as invalid instead of the run crashing.
   */
  malformed?: string;
}

/** Why a tool call did not succeed. `malformed` is a call the model emitted that could not be parsed. */
export type ExecutionErrorKind = 'unknown_tool' | 'invalid_arguments' | 'execution' | 'malformed';

/** A tool call together with the outcome of running it live. */
export interface ExecutedCall extends ToolCall {
  /** The environment that ran (or was asked to run) the call. */
  server: string;
  ok: boolean;
  error?: { kind: ExecutionErrorKind; message: string };
  /** The tool's structured result (MCP `structuredContent`, or the text content). */
  result?: unknown;
  /** Index of the user turn during which the call was made (0-based). */
  turn?: number;
  /** Index of the assistant message that emitted the call (0-based over the trajectory); parallel calls share it. */
  step?: number;
}

/** One step of a ground-truth plan: calls that may run in parallel, and the steps that must come first. */
export interface GroundTruthStep {
  id: string;
  /** Index of the user turn this step answers (0-based). */
  turn: number;
  calls: ToolCall[];
  /** Ids of steps that must be completed before this one. */
  dependsOn: string[];
}

/** The world a session starts from: enough to reproduce its initial state exactly. */
export interface WorldSpec {
  /** Seed of the session's PRNG. */
  seed: number;
  /** The session's clock: an ISO-8601 date-time (UTC), never the wall clock. */
  referenceDate: string;
}

export type ExampleKind = 'multi_turn' | 'clarification' | 'abstention';

/** One line of a dataset (JSONL). */
export interface Example {
  id: string;
  kind: ExampleKind;
  /** Environments that must be live to play the example. */
  servers: string[];
  /** Candidate tools shown to the model, after perturbations. */
  tools: ToolSchema[];
  world: WorldSpec;
  /** Scripted user turns (at most 5). */
  turns: { user: string }[];
  /** The teacher's full conversation, OpenAI chat format. */
  messages: ChatMessage[];
  /** Empty for abstention examples. */
  groundTruth: GroundTruthStep[];
  perturbations: string[];
  /** Persona, information level, chain, teacher, hashes … */
  meta: Record<string, unknown>;
  /** Dataset split, where the writer assigns one. */
  split?: 'train' | 'test';
}

/** A scored trajectory's reward, term by term. */
export interface RewardSheet {
  /** The weighted sum of the terms (set by the combiner). */
  total: number;
  /** Raw value of every term, by term name. */
  terms: Record<string, number>;
  /** Weight of every term the combiner used, by term name. */
  weights: Record<string, number>;
  /** Per-term explanation (which ground-truth call matched which model call, …), by term name. */
  details?: Record<string, unknown>;
}

// ---------------------------------------------------------------------------------------------
// Environments: the engine's view of a live, stateful tool server. Domain-agnostic on purpose.
// ---------------------------------------------------------------------------------------------

/**
 * What an environment can say about a tool beyond its OpenAI schema (MCP `outputSchema`,
 * `annotations`, secret arguments): data synthesis reads it to find dependencies and probe safely.
 */
export interface ToolInfo {
  name: string;
  /** JSON Schema of the structured result. */
  outputSchema?: JsonSchema;
  /** MCP tool annotations (`readOnlyHint`, `destructiveHint`, `idempotentHint`, `openWorldHint`, `title`). */
  annotations?: { title?: string; readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };
  /** Argument names that carry secrets (card numbers, PINs, passwords, tokens). */
  sensitive?: string[];
  /** Phrasings of a request for this tool, with `{argument}` slots, where the environment offers some. */
  phrasings?: string[];
}

/** A live environment (an MCP domain, a remote MCP server …) that can open isolated sessions. */
export interface Environment {
  readonly name: string;
  /** Agent-visible tools in OpenAI format (operator helpers are not listed). */
  readonly tools: readonly ToolSchema[];
  /** Facts about each agent-visible tool beyond its schema, where the environment knows them. */
  describeTools?(): readonly ToolInfo[];
  /** The reference date its world was built around (ISO-8601, UTC), where it has one. */
  readonly defaultReferenceDate?: string;
  /**
   * A content hash of everything that decides how this environment behaves (its code, fixtures,
   * world generator), where it knows one: two environments with the same fingerprint and tools
   * answer every call alike, so what is derived from probing them may be cached under it.
   */
  fingerprint?(): string;
  /** Open a fresh session on the given world; it shares no state with any other session. */
  openSession(world: WorldSpec): Promise<EnvironmentSession>;
}

/**
 * What `stateHash()` answers for a session whose server exposes no state (a third party's MCP
 * server without a state tool): evaluations then report the state check as unavailable, not passed.
 */
export const STATE_UNAVAILABLE = 'unavailable';

/** One isolated session of an environment. */
export interface EnvironmentSession {
  readonly id: string;
  /** Name of the environment this session belongs to. */
  readonly server: string;
  /** Run one tool call; failures are results (`ok: false`), never thrown. */
  execute(call: ToolCall): Promise<ExecutedCall>;
  /** Canonical hash of the current state: same state, same hash, on any machine and timezone; {@link STATE_UNAVAILABLE} where the server exposes none. */
  stateHash(): Promise<string>;
  /** Return to exactly the initial state. */
  reset(): Promise<void>;
  /** Release the session; further calls fail. */
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Hook payloads
// ---------------------------------------------------------------------------------------------

/** What `onSample` is asked for: the live session to read from, and optionally a tool chain to align with. */
export interface SampleRequest {
  server: string;
  session: EnvironmentSession;
  /** Tool names of the chain a query will be built from, in order. */
  chain?: string[];
  /** Seed for any choice a sampler makes. */
  seed: number;
}

/** Real entities read from live state, for grounding generated queries. */
export interface SamplingContext {
  server: string;
  /** Entities by collection (e.g. `accounts`), each a compact record of real ids, names and values. */
  entities: Record<string, Array<Record<string, unknown>>>;
  /** Value ranges by field (e.g. `amount`). */
  ranges: Record<string, { min: number; max: number }>;
  /** Distinct values by field (categories, cities …). */
  values: Record<string, unknown[]>;
  /** Context aligned with the requested chain, by tool name. */
  chain?: Record<string, Record<string, unknown>>;
  meta: Record<string, unknown>;
}

/** Token-level trace of a completion, for training on exactly what the model produced. */
export interface TokenTrace {
  /** Token ids of the completion. */
  ids: number[];
  /** Log-probability of each id under the sampling policy. */
  logprobs: number[];
}

/** What the teacher or policy produced for one generation request. */
export interface Completion {
  message: AssistantMessage | UserMessage;
  /** Tool calls parsed from the message (malformed ones flagged), in order. */
  calls: ToolCall[];
  finishReason: 'stop' | 'tool_calls' | 'length' | 'error';
  usage?: { promptTokens: number; completionTokens: number };
  tokens?: TokenTrace;
  /** Milliseconds the generation took. */
  latencyMs?: number;
}

/** What a generation is for. */
export type GenerationPurpose = 'query' | 'assistant' | 'user' | 'response';

/**
 * The draft that flows through `onGenerate`: perturbations adjust it (early stage), a teacher or
 * policy fills `completion` (default stage), validators check it (late stage).
 */
export interface GenerationDraft {
  purpose: GenerationPurpose;
  /** The conversation so far. */
  messages: ChatMessage[];
  /** Candidate tools offered to the model. */
  tools: ToolSchema[];
  /** The example being played (rollouts) or drafted (synthesis). */
  example?: Partial<Example>;
  sampling?: SamplingContext;
  /** Set by the teacher or policy. */
  completion?: Completion;
  /** Seed for any choice made while generating. */
  seed: number;
  meta: Record<string, unknown>;
  signal?: AbortSignal;
}

/** What `onExecute` is asked to run. */
export interface ExecuteRequest {
  server: string;
  session: EnvironmentSession;
  call: ToolCall;
}

/** Timing and outcome of one assistant turn in a trajectory. */
export interface TurnRecord {
  turn: number;
  step: number;
  generateMs: number;
  executeMs: number;
  calls: number;
}

export type FinishReason = 'completed' | 'max_turns' | 'max_assistant_turns' | 'policy_error' | 'length' | 'error';

/** A played-out conversation: what the model did and what happened. */
export interface Trajectory {
  exampleId: string;
  messages: ChatMessage[];
  /** The model's tool calls in order, with their live outcomes. */
  calls: ExecutedCall[];
  finishReason: FinishReason;
  turns: TurnRecord[];
  /** State hash of every live environment at the end, by server. */
  finalStateHashes?: Record<string, string>;
  /** Token traces of the assistant turns, where the policy provided them. */
  tokens?: TokenTrace[];
  error?: string;
}

/** What `onReward` scores: an example (its ground truth and candidate tools) and the model's calls. */
export interface RewardInput {
  example: Example;
  /** The model's calls in order, with their live outcomes. */
  calls: ExecutedCall[];
  trajectory?: Trajectory;
}

/** A rollout and its reward. */
export interface Rollout {
  trajectory: Trajectory;
  reward: RewardSheet;
}

/** G rollouts of the same example from an identical initial state. */
export interface RolloutGroup {
  example: Example;
  rollouts: Rollout[];
}

/** What `onUpdate` consumes: scored rollout groups (training, evaluation) or validated examples (synthesis). */
export type UpdateBatch =
  | { kind: 'rollouts'; step: number; groups: RolloutGroup[]; metrics: Record<string, number> }
  | { kind: 'examples'; examples: Example[]; dropped: Record<string, number>; metrics: Record<string, number> };
