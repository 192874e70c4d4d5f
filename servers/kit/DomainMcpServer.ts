import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { DomainSession, ToolOutcome } from './DomainSession.js';

/**
 * Tools an operator needs and an agent must not see: callable by name on every served session,
 * absent from `tools/list` (the paper hides them too). The `prove_` prefix is reserved for them.
 */
export const OPERATOR_TOOLS = Object.freeze({
  /** Return the session to exactly its initial state; answers `{ hash }` (the initial hash). */
  reset: 'prove_reset',
  /** The canonical state hash of the session: `{ hash }`. */
  stateHash: 'prove_state_hash',
  /** The whole current state with its hash: `{ hash, state, counters, rng }`. */
  snapshot: 'prove_snapshot',
});

const OPERATOR_TOOL_NAMES: ReadonlySet<string> = new Set(Object.values(OPERATOR_TOOLS));

/** Whether a tool name belongs to the hidden operator tools. */
export function isOperatorTool(name: string): boolean {
  return OPERATOR_TOOL_NAMES.has(name);
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
  return { ok: true, result: { hash: session.stateHashSync(), state: snapshot.state, counters: snapshot.counters, rng: snapshot.rng } };
}

let sharedValidator: AjvJsonSchemaValidator | undefined;

/**
 * An MCP server (the SDK's low-level `Server`, raw JSON Schema) for one session of a domain.
 * `tools/list` answers the list the runtime computed once; `tools/call` runs the same fast path
 * (`DomainSession.call`) the engine uses, so every transport behaves identically.
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
  server.setRequestHandler(CallToolRequestSchema, (request) => answerToolCall(session, request.params.name, request.params.arguments));
  return server;
}

/** What a served session answers to `tools/call`: an agent-visible tool through the fast path, or a hidden operator tool. */
export function answerToolCall<S>(session: DomainSession<S>, name: string, args: unknown): CallToolResult {
  return toCallToolResult(isOperatorTool(name) ? runOperatorTool(session, name) : session.call(name, args));
}
