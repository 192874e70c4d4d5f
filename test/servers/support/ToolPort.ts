import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { ERROR_KIND_META, OPERATOR_TOOLS } from '../../../servers/kit/DomainMcpServer.js';
import type { DomainSession, ToolOutcome } from '../../../servers/kit/DomainSession.js';

/**
 * One way into one session of a domain: the in-process fast path, or an MCP client over a real
 * transport. Tests play the same calls through each and compare what comes back.
 */
export interface ToolPort {
  readonly kind: 'fast' | 'stdio' | 'http';
  call(name: string, args: unknown): Promise<ToolOutcome>;
  hash(): Promise<string>;
  reset(): Promise<string>;
  close(): Promise<void>;
}

export function fastPort<S>(session: DomainSession<S>): ToolPort {
  return {
    kind: 'fast',
    call: (name, args) => Promise.resolve(session.call(name, args)),
    hash: () => Promise.resolve(session.stateHashSync()),
    reset: async () => {
      await session.reset();
      return session.stateHashSync();
    },
    close: () => session.close(),
  };
}

/** An MCP tool result as the fast path would have answered it. */
export function outcomeOf(result: CallToolResult): ToolOutcome {
  if (result.isError) {
    const kind = result._meta?.[ERROR_KIND_META] as 'unknown_tool' | 'invalid_arguments' | 'execution';
    const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
    return { ok: false, error: { kind, message: text } };
  }
  return { ok: true, result: result.structuredContent };
}

export class McpPort implements ToolPort {
  private constructor(
    readonly kind: 'stdio' | 'http',
    readonly client: Client,
  ) {}

  static async connect(kind: 'stdio' | 'http', transport: StdioClientTransport | StreamableHTTPClientTransport): Promise<McpPort> {
    const client = new Client({ name: 'prove-tests', version: '0.0.0' });
    await client.connect(transport);
    return new McpPort(kind, client);
  }

  /** Spawn `command args…` speaking MCP over stdio. */
  static stdio(command: string, args: string[], env: Record<string, string> = {}): Promise<McpPort> {
    const transport = new StdioClientTransport({ command, args, env: { ...(process.env as Record<string, string>), ...env }, stderr: 'pipe' });
    return McpPort.connect('stdio', transport);
  }

  static http(url: string, token?: string): Promise<McpPort> {
    const transport = new StreamableHTTPClientTransport(new URL(url), token ? { requestInit: { headers: { authorization: `Bearer ${token}` } } } : undefined);
    return McpPort.connect('http', transport);
  }

  async listTools(): Promise<Tool[]> {
    return (await this.client.listTools()).tools;
  }

  async call(name: string, args: unknown): Promise<ToolOutcome> {
    // The SDK client validates structuredContent against the tool's outputSchema on every call.
    const result = (await this.client.callTool({ name, arguments: args as Record<string, unknown> })) as CallToolResult;
    return outcomeOf(result);
  }

  private async operator(name: string): Promise<Record<string, unknown>> {
    const outcome = await this.call(name, {});
    if (!outcome.ok) throw new Error(`${name} failed: ${outcome.error.message}`);
    return outcome.result as Record<string, unknown>;
  }

  async hash(): Promise<string> {
    return (await this.operator(OPERATOR_TOOLS.stateHash)).hash as string;
  }

  async reset(): Promise<string> {
    return (await this.operator(OPERATOR_TOOLS.reset)).hash as string;
  }

  async snapshot(): Promise<Record<string, unknown>> {
    return this.operator(OPERATOR_TOOLS.snapshot);
  }

  /** Close the client; over HTTP first end the session (DELETE), as a well-behaved client does. */
  async close(): Promise<void> {
    const transport = this.client.transport;
    if (transport instanceof StreamableHTTPClientTransport) await transport.terminateSession().catch(() => undefined);
    await this.client.close();
  }
}
