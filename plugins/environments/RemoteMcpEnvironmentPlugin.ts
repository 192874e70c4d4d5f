import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import {
  errors,
  STATE_UNAVAILABLE,
  validatePluginOptions,
  type Engine,
  type Environment,
  type EnvironmentSession,
  type ExecutedCall,
  type ExecuteRequest,
  type ExecutionErrorKind,
  type JsonSchema,
  type ProvePlugin,
  type ToolCall,
  type ToolInfo,
  type ToolSchema,
  type WorldSpec,
} from '../../core/index.js';
import { canonicalHash } from '../../servers/kit/stateHash.js';
import { Semaphore } from '../../core/support/index.js';

const PLUGIN_NAME = 'RemoteMcpEnvironmentPlugin';

/** A tool the plugin calls on the server itself (never shown to the agent), with templated arguments. */
export interface OperatorCall {
  name: string;
  /** Arguments; string values may hold `{seed}`, `{referenceDate}`, `{sessionDir}`. */
  arguments?: Record<string, unknown>;
}

export interface RemoteMcpEnvironmentOptions {
  /** Name of the environment (what examples list in `servers`). */
  name: string;
  /** A stdio server: the command to spawn, one fresh process per session. */
  command?: string;
  /** Its arguments; `{seed}`, `{referenceDate}` and `{sessionDir}` (a fresh empty folder per session) are filled in. */
  args?: string[];
  /** Extra environment variables of the process (templated like `args`); the SDK's safe defaults (PATH, HOME …) are kept. */
  env?: Record<string, string>;
  /** Working folder of the process. */
  cwd?: string;
  /** A Streamable HTTP server: its URL, one MCP session per environment session. */
  url?: string;
  /** HTTP headers sent with every request (an `Authorization` token …). */
  headers?: Record<string, string>;
  /** Sessions open at once at most (live processes for stdio); further openSession calls wait for a slot. */
  maxSessions?: number;
  /** Milliseconds one tool call may take. */
  callTimeoutMs?: number;
  /**
   * The state of a session: a tool whose result is hashed canonically (a `{ hash }` result is taken as is).
   * Absent: `prove_state_hash` where the server answers it; `null`: no state (the state check is then "unavailable").
   */
  stateTool?: OperatorCall | null;
  /** Return a session to its initial state. Absent: `prove_reset` where the server answers it, else a fresh process or MCP session. */
  resetTool?: OperatorCall | null;
  /** A tool called once when a session opens (loads a task, seeds a world), before the initial state is read. */
  startTool?: OperatorCall;
  /** Tools never shown to or callable by the agent, besides the operator tools above. */
  hiddenTools?: string[];
  /** The reference date of a world when an example gives none (ISO-8601, UTC). */
  referenceDate?: string;
  /** Parse a text result that is JSON into a value (default); `false` keeps the server's text exactly as written. */
  parseJsonText?: boolean;
}

type Resolved = Required<Pick<RemoteMcpEnvironmentOptions, 'name' | 'args' | 'env' | 'headers' | 'maxSessions' | 'callTimeoutMs' | 'hiddenTools' | 'referenceDate' | 'parseJsonText'>> &
  Omit<RemoteMcpEnvironmentOptions, 'name' | 'args' | 'env' | 'headers' | 'maxSessions' | 'callTimeoutMs' | 'hiddenTools' | 'referenceDate' | 'parseJsonText'>;

const OPERATOR_CALL_SCHEMA = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: { name: { type: 'string', minLength: 1 }, arguments: { type: 'object' } },
};

const OPTIONS_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_.-]*$' },
    command: { type: 'string', minLength: 1 },
    args: { type: 'array', items: { type: 'string' }, default: [] },
    env: { type: 'object', additionalProperties: { type: 'string' }, default: {} },
    cwd: { type: 'string' },
    url: { type: 'string', pattern: '^https?://' },
    headers: { type: 'object', additionalProperties: { type: 'string' }, default: {} },
    maxSessions: { type: 'integer', minimum: 1, default: 4 },
    callTimeoutMs: { type: 'integer', minimum: 1, default: 60000 },
    stateTool: { oneOf: [OPERATOR_CALL_SCHEMA, { type: 'null' }] },
    resetTool: { oneOf: [OPERATOR_CALL_SCHEMA, { type: 'null' }] },
    startTool: OPERATOR_CALL_SCHEMA,
    hiddenTools: { type: 'array', items: { type: 'string' }, default: [] },
    referenceDate: { type: 'string', default: '2025-01-01T00:00:00.000Z' },
    parseJsonText: { type: 'boolean', default: true },
  },
  oneOf: [{ required: ['command'], not: { required: ['url'] } }, { required: ['url'], not: { required: ['command'] } }],
};

/** prove's own servers answer these hidden tools (servers/kit/DomainMcpServer.ts). */
const PROVE_STATE_TOOL: OperatorCall = { name: 'prove_state_hash' };
const PROVE_RESET_TOOL: OperatorCall = { name: 'prove_reset' };

/** Fill `{seed}`, `{referenceDate}`, `{sessionDir}` into every string of a value. */
function fill(value: unknown, vars: Record<string, string>): unknown {
  if (typeof value === 'string') return value.replace(/\{(seed|referenceDate|sessionDir)\}/g, (_, key: string) => vars[key]);
  if (Array.isArray(value)) return value.map((item) => fill(item, vars));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, vars)]));
  return value;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The text of a tool result's text items, joined. */
function textOf(result: CallToolResult): string {
  return (result.content ?? [])
    .map((item) => (item.type === 'text' ? item.text : `[${item.type}]`))
    .join('\n');
}

/** The kind of a failed call from what the server said: prove's `_meta` kind, or the SDK's wording. */
function errorKind(result: CallToolResult, text: string): ExecutionErrorKind {
  const kind = result._meta?.['prove/errorKind'];
  if (kind === 'unknown_tool' || kind === 'invalid_arguments' || kind === 'execution') return kind;
  if (/input validation error|invalid arguments/i.test(text)) return 'invalid_arguments';
  if (/tool \S+ not found|unknown tool/i.test(text)) return 'unknown_tool';
  return 'execution';
}

/** The tool's result as the engine records it: structured content, else the text (parsed when it is JSON). */
function resultOf(result: CallToolResult, parseJsonText = true): unknown {
  if (result.structuredContent !== undefined) return result.structuredContent;
  const text = textOf(result);
  if (!parseJsonText) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toToolSchema(tool: Tool): ToolSchema {
  const schema: ToolSchema = { type: 'function', function: { name: tool.name, parameters: tool.inputSchema as JsonSchema } };
  if (tool.description !== undefined) schema.function.description = tool.description;
  return schema;
}

/** One live connection: a process (stdio) or an MCP session (HTTP). */
interface Connection {
  client: Client;
  dir: string;
  stderr: () => string;
  close(): Promise<void>;
}

/**
 * Any MCP server as a live environment: a stdio command (one fresh process per session, at most
 * `maxSessions` alive) or a Streamable HTTP URL (one MCP session per environment session). Tools are
 * listed from the server; reset and the state hash go through configurable tools (prove's own
 * `prove_reset` / `prove_state_hash` are found by themselves). A server with no state tool reports
 * the state as unavailable, so an evaluation says "unavailable" instead of comparing nothing.
 */
export class RemoteMcpEnvironmentPlugin implements ProvePlugin {
  static readonly pluginName = PLUGIN_NAME;
  static readonly optionsSchema = OPTIONS_SCHEMA;
  static readonly description = 'any MCP server (stdio command or Streamable HTTP URL) as a live environment: tools listed from it, one process or MCP session per rollout';
  static readonly commands = [];
  readonly name: string;
  readonly options: Resolved;
  private readonly slots: Semaphore;
  private readonly open = new Set<RemoteSession>();
  private tools: ToolSchema[] = [];
  private infos: ToolInfo[] = [];
  private hidden = new Set<string>();
  /** What the server turned out to offer, once the first connection was probed. */
  stateTool: OperatorCall | null = null;
  resetTool: OperatorCall | null = null;
  private sessionCount = 0;

  constructor(options: RemoteMcpEnvironmentOptions) {
    this.options = validatePluginOptions<Resolved>(PLUGIN_NAME, OPTIONS_SCHEMA, options ?? {});
    this.name = `environment:${this.options.name}`;
    this.slots = new Semaphore(this.options.maxSessions);
  }

  /** Where the server lives, in words. */
  get endpoint(): string {
    return this.options.url ?? [this.options.command, ...this.options.args].join(' ');
  }

  async apply(engine: Engine): Promise<void> {
    const world: WorldSpec = { seed: 0, referenceDate: this.options.referenceDate };
    const probe = await this.connect(world);
    try {
      const listed: Tool[] = [];
      let cursor: string | undefined;
      do {
        const page = await probe.client.listTools(cursor === undefined ? {} : { cursor });
        listed.push(...page.tools);
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      this.stateTool = await this.detect(probe, this.options.stateTool, PROVE_STATE_TOOL);
      this.resetTool = await this.detect(probe, this.options.resetTool, PROVE_RESET_TOOL);
      this.hidden = new Set([...this.options.hiddenTools, ...[this.stateTool, this.resetTool, this.options.startTool].filter((t): t is OperatorCall => t != null).map((t) => t.name)]);
      const visible = listed.filter((tool) => !this.hidden.has(tool.name) && !tool.name.startsWith('prove_'));
      this.tools = visible.map(toToolSchema);
      this.infos = visible.map((tool) => {
        const info: ToolInfo = { name: tool.name };
        if (tool.outputSchema) info.outputSchema = tool.outputSchema as JsonSchema;
        if (tool.annotations) info.annotations = tool.annotations;
        return info;
      });
    } finally {
      await probe.close();
    }

    const environment: Environment = {
      name: this.options.name,
      tools: this.tools,
      describeTools: () => this.infos,
      defaultReferenceDate: this.options.referenceDate,
      openSession: (w) => this.openSession(w),
    };
    engine.registerEnvironment(environment, this.name);
    engine.hooks.onExecute.tapPromise(this.name, (request: ExecuteRequest): Promise<ExecutedCall | undefined> => {
      if (request.server !== this.options.name) return Promise.resolve(undefined);
      return request.session.execute(request.call);
    });
    engine.addTeardown(() => Promise.allSettled([...this.open].map((session) => session.close())));
  }

  /** The configured operator tool, or the default one where the server answers it; `null` when there is none. */
  private async detect(connection: Connection, configured: OperatorCall | null | undefined, fallback: OperatorCall): Promise<OperatorCall | null> {
    if (configured !== undefined) return configured;
    try {
      const result = (await connection.client.callTool({ name: fallback.name, arguments: {} }, undefined, { timeout: this.options.callTimeoutMs })) as CallToolResult;
      return result.isError ? null : fallback;
    } catch {
      return null;
    }
  }

  /** Open one connection: spawn the process, or start an MCP session over HTTP. */
  async connect(world: WorldSpec): Promise<Connection> {
    const dir = mkdtempSync(join(tmpdir(), `prove-mcp-${this.options.name}-`));
    const vars = { seed: String(world.seed), referenceDate: world.referenceDate, sessionDir: dir };
    const client = new Client({ name: 'prove', version: '0.1.0' }, { capabilities: {} });
    let tail = '';
    try {
      if (this.options.command !== undefined) {
        const transport = new StdioClientTransport({
          command: this.options.command,
          args: fill(this.options.args, vars) as string[],
          env: { ...getDefaultEnvironment(), ...(fill(this.options.env, vars) as Record<string, string>) },
          cwd: this.options.cwd,
          stderr: 'pipe',
        });
        // Keep the last of what the server writes to stderr, for error messages; never let it fill a pipe.
        transport.stderr?.on('data', (chunk: Buffer) => {
          tail = (tail + chunk.toString('utf8')).slice(-2000);
        });
        await client.connect(transport);
        return { client, dir, stderr: () => tail, close: async () => { await client.close().catch(() => undefined); rmSync(dir, { recursive: true, force: true }); } };
      }
      const transport = new StreamableHTTPClientTransport(new URL(this.options.url!), { requestInit: { headers: this.options.headers } });
      await client.connect(transport);
      return {
        client,
        dir,
        stderr: () => '',
        close: async () => {
          await transport.terminateSession().catch(() => undefined);
          await client.close().catch(() => undefined);
          rmSync(dir, { recursive: true, force: true });
        },
      };
    } catch (error) {
      await client.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
      throw errors.remoteServerFailed(this.options.name, this.endpoint, `could not connect: ${messageOf(error)}${tail ? `; its stderr: ${tail.trim()}` : ''}`, error);
    }
  }

  private async openSession(world: WorldSpec): Promise<EnvironmentSession> {
    await this.slots.acquire();
    const release = () => this.slots.release();
    let connection: Connection | undefined;
    try {
      connection = await this.connect(world);
      const session = new RemoteSession(this, `${this.options.name}-${++this.sessionCount}`, world, connection, release);
      await session.start();
      this.open.add(session);
      return session;
    } catch (error) {
      await connection?.close();
      release();
      throw error;
    }
  }

  /** @internal */
  forget(session: RemoteSession): void {
    this.open.delete(session);
  }

  /** @internal */
  isHidden(name: string): boolean {
    return this.hidden.has(name) || name.startsWith('prove_');
  }
}

/** One isolated session: its own process or MCP session. */
export class RemoteSession implements EnvironmentSession {
  readonly server: string;
  private closed = false;

  constructor(
    private readonly plugin: RemoteMcpEnvironmentPlugin,
    readonly id: string,
    private readonly world: WorldSpec,
    private connection: Connection,
    private readonly release: () => void,
  ) {
    this.server = plugin.options.name;
  }

  private vars(): Record<string, string> {
    return { seed: String(this.world.seed), referenceDate: this.world.referenceDate, sessionDir: this.connection.dir };
  }

  /** Run the start tool, if any. */
  async start(): Promise<void> {
    const start = this.plugin.options.startTool;
    if (start !== undefined) await this.operator(start, 'start');
  }

  /** Call an operator tool; a failure is an error (the environment, not the agent, is at fault). */
  private async operator(tool: OperatorCall, purpose: string): Promise<CallToolResult> {
    if (this.closed) throw errors.remoteServerFailed(this.server, this.plugin.endpoint, `session ${this.id} is closed`);
    let result: CallToolResult;
    try {
      result = (await this.connection.client.callTool({ name: tool.name, arguments: fill(tool.arguments ?? {}, this.vars()) as Record<string, unknown> }, undefined, {
        timeout: this.plugin.options.callTimeoutMs,
      })) as CallToolResult;
    } catch (error) {
      throw errors.remoteServerFailed(this.server, this.plugin.endpoint, `${purpose} tool "${tool.name}" failed: ${messageOf(error)}${this.stderrTail()}`, error);
    }
    if (result.isError) throw errors.remoteServerFailed(this.server, this.plugin.endpoint, `${purpose} tool "${tool.name}" answered an error: ${textOf(result)}`);
    return result;
  }

  /**
   * Call a tool of the operator's (one the agent never sees: load a task, score it) and return its
   * result; an error answer throws `PROVE_REMOTE_SERVER_FAILED`. Benchmarks drive their servers with it.
   */
  async callOperator(tool: OperatorCall): Promise<unknown> {
    return resultOf(await this.operator(tool, 'operator'));
  }

  private stderrTail(): string {
    const tail = this.connection.stderr().trim();
    return tail ? `; its stderr: ${tail.slice(-500)}` : '';
  }

  async execute(call: ToolCall): Promise<ExecutedCall> {
    const fail = (kind: ExecutionErrorKind, message: string): ExecutedCall => ({ ...call, server: this.server, ok: false, error: { kind, message } });
    if (this.closed) return fail('execution', `session ${this.id} of "${this.server}" is closed`);
    if (this.plugin.isHidden(call.name)) return fail('unknown_tool', `unknown tool "${call.name}"`);
    let result: CallToolResult;
    try {
      result = (await this.connection.client.callTool({ name: call.name, arguments: call.arguments }, undefined, { timeout: this.plugin.options.callTimeoutMs })) as CallToolResult;
    } catch (error) {
      if (error instanceof McpError && error.code === ErrorCode.InvalidParams) return fail('invalid_arguments', error.message);
      if (error instanceof McpError && error.code === ErrorCode.MethodNotFound) return fail('unknown_tool', error.message);
      return fail('execution', `${messageOf(error)}${this.stderrTail()}`);
    }
    if (result.isError) {
      const text = textOf(result);
      return fail(errorKind(result, text), text || 'the tool reported an error');
    }
    return { ...call, server: this.server, ok: true, result: resultOf(result, this.plugin.options.parseJsonText) };
  }

  async stateHash(): Promise<string> {
    const tool = this.plugin.stateTool;
    if (tool === null) return STATE_UNAVAILABLE;
    const result = await this.operator(tool, 'state');
    const value = resultOf(result);
    if (value !== null && typeof value === 'object' && typeof (value as { hash?: unknown }).hash === 'string') return (value as { hash: string }).hash;
    return canonicalHash(value);
  }

  async reset(): Promise<void> {
    const tool = this.plugin.resetTool;
    if (tool !== null) {
      await this.operator(tool, 'reset');
      return;
    }
    // No reset tool: a fresh process (stdio) or MCP session (HTTP) on the same world, then the start tool again.
    if (this.closed) throw errors.remoteServerFailed(this.server, this.plugin.endpoint, `session ${this.id} is closed`);
    await this.connection.close();
    this.connection = await this.plugin.connect(this.world);
    await this.start();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.plugin.forget(this);
    try {
      await this.connection.close();
    } finally {
      this.release();
    }
  }
}

export default RemoteMcpEnvironmentPlugin;
