import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type JSONRPCRequest, type ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { DomainSession, ToolOutcome } from './DomainSession.js';
import { redactSensitive } from './sensitiveState.js';

/**
 * Tools an operator needs and an agent must not see: callable by name on every served session,
 * absent from `tools/list` (the paper hides them too). The `prove_` prefix is reserved for them.
 */
export const OPERATOR_TOOLS = Object.freeze({
  /** Return the session to exactly its initial state; answers `{ hash }` (the initial hash). */
  reset: 'prove_reset',
  /** The canonical state hash of the session: `{ hash }`. */
  stateHash: 'prove_state_hash',
  /** The whole current state with its hash: `{ hash, state, counters, rng }`; secrets masked (sensitiveState.ts). */
  snapshot: 'prove_snapshot',
});

const OPERATOR_TOOL_NAMES: ReadonlySet<string> = new Set(Object.values(OPERATOR_TOOLS));

/** Whether a tool name belongs to the hidden operator tools. */
export function isOperatorTool(name: string): boolean {
  return OPERATOR_TOOL_NAMES.has(name);
}

/**
 * Operator tools that change a session or reveal its state: over HTTP only the operator's token
 * may call them (DomainHttpServer). `prove_state_hash` is not among them: a hash reveals nothing.
 */
export function isRestrictedOperatorTool(name: string): boolean {
  return name === OPERATOR_TOOLS.reset || name === OPERATOR_TOOLS.snapshot;
}

/** `_meta` key carrying the kind of a failure (`unknown_tool`, `invalid_arguments`, `execution`) on an `isError` result. */
export const ERROR_KIND_META = 'prove/errorKind';

/** A fast-path outcome as an MCP tool result: structured content plus the same JSON as text, or `isError` with the message. */
export function toCallToolResult(outcome: ToolOutcome): CallToolResult {
  if (!outcome.ok) {
    return { content: [{ type: 'text', text: outcome.error.message }], isError: true, _meta: { [ERROR_KIND_META]: outcome.error.kind } };
  }
  const result = outcome.result;
  // MCP structured content is an object; a handler that returns anything else is wrapped.
  const structured = result !== null && typeof result === 'object' && !Array.isArray(result) ? (result as Record<string, unknown>) : { result: result ?? null };
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
}

function runOperatorTool<S>(session: DomainSession<S>, name: string): ToolOutcome {
  if (name === OPERATOR_TOOLS.reset) {
    void session.reset();
    return { ok: true, result: { hash: session.stateHashSync() } };
  }
  if (name === OPERATOR_TOOLS.stateHash) return { ok: true, result: { hash: session.stateHashSync() } };
  const snapshot = session.snapshot();
  const state = redactSensitive(snapshot.state, session.runtime.sensitiveKeys);
  return { ok: true, result: { hash: session.stateHashSync(), state, counters: snapshot.counters, rng: snapshot.rng } };
}

let sharedValidator: AjvJsonSchemaValidator | undefined;

/**
 * An MCP server (the SDK's low-level `Server`, raw JSON Schema) for one session of a domain.
 * `tools/list` answers the list the runtime computed once; `tools/call` runs the same fast path
 * (`DomainSession.call`) the engine uses, so every transport behaves identically.
 *
 * `tools/call` is answered by the Protocol's documented `fallbackRequestHandler`, not through
 * `setRequestHandler(CallToolRequestSchema, …)`: for that one method the SDK's `Server` parses
 * every request with zod twice (once in `Protocol`, once in `Server`'s wrapper) and every result
 * once more, which cost a served banking episode ~20 µs a call — as much again as the domain's
 * own work. The transport has already checked the JSON-RPC envelope; `callParams` checks what
 * the schema would (an object with a string `name`; `arguments` is the kit's to judge, so that
 * `null` or an array gets the same `isError` result a model can act on as every other bad
 * argument); results are built by `toCallToolResult` in one fixed shape, which the SDK's client
 * validates on every call in the transport tests.
 */
export function createDomainMcpServer<S>(session: DomainSession<S>): Server {
  const runtime = session.runtime;
  // Servers are created per HTTP session: share one validator instead of building an Ajv each time.
  sharedValidator ??= new AjvJsonSchemaValidator();
  const server = new Server(
    { name: `prove-${runtime.name}`, title: runtime.domain.title, version: '0.1.0' },
    { capabilities: { tools: { listChanged: false } }, instructions: runtime.domain.description, jsonSchemaValidator: sharedValidator },
  );
  const listed: ListToolsResult = { tools: runtime.mcpTools as ListToolsResult['tools'] };
  server.setRequestHandler(ListToolsRequestSchema, () => listed);
  server.fallbackRequestHandler = (request) => {
    if (request.method !== 'tools/call') return Promise.reject(new McpError(ErrorCode.MethodNotFound, `Method not found: ${request.method}`));
    const params = callParams(request);
    return Promise.resolve(answerToolCall(session, params.name, params.arguments));
  };
  return server;
}

/** The `params` of a `tools/call` request, or an InvalidParams error that says what is wrong and what is valid. */
function callParams(request: JSONRPCRequest): { name: string; arguments?: unknown } {
  const params = request.params as { name?: unknown; arguments?: unknown } | undefined;
  if (params === undefined || params === null || typeof params !== 'object' || Array.isArray(params)) {
    throw new McpError(ErrorCode.InvalidParams, 'Invalid tools/call request: params must be an object { name, arguments? }');
  }
  if (typeof params.name !== 'string') {
    const got = params.name === undefined ? 'no name' : `name ${JSON.stringify(params.name)}`;
    throw new McpError(ErrorCode.InvalidParams, `Invalid tools/call request: params.name must be the tool's name as a string, got ${got}; tools/list gives the names`);
  }
  return params as { name: string; arguments?: unknown };
}

/** What a served session answers to `tools/call`: an agent-visible tool through the fast path, or a hidden operator tool. */
export function answerToolCall<S>(session: DomainSession<S>, name: string, args: unknown): CallToolResult {
  return toCallToolResult(isOperatorTool(name) ? runOperatorTool(session, name) : session.call(name, args));
}
