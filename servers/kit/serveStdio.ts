import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { WorldSpec } from '../../core/index.js';
import type { DomainDefinition } from './Domain.js';
import { createDomainMcpServer } from './DomainMcpServer.js';
import { domainRuntime } from './DomainSession.js';

/** A stdio message (one line of JSON) longer than this ends the server with an error (as HTTP answers 413). */
export const MAX_STDIO_MESSAGE_BYTES = 4 * 1024 * 1024;

/**
 * The transport's line reader, replaced (the SDK's drops a line it cannot parse without a word to
 * the client, and ends silently on an oversized one): a line that is not JSON gets a Parse error;
 * a request that is JSON but not a valid JSON-RPC message (`"params": []`) gets an Invalid Request
 * error with its id; a notification that is invalid is dropped, as JSON-RPC asks. A message over the
 * limit marks `overflow` and throws, which closes the transport.
 */
class CheckedLineBuffer {
  private buffer: Buffer | undefined;
  overflow = false;

  constructor(
    private readonly limit: number,
    private readonly answer: (message: unknown) => void,
    private readonly onOverflow: () => void,
  ) {}

  append(chunk: Buffer): void {
    const size = (this.buffer?.length ?? 0) + chunk.length;
    if (size > this.limit && (this.buffer ?? chunk).indexOf(10) === -1) {
      this.buffer = undefined;
      this.overflow = true;
      throw new Error(`a stdio message is larger than ${this.limit} bytes`);
    }
    this.buffer = this.buffer ? Buffer.concat([this.buffer, chunk]) : chunk;
  }

  readMessage(): JSONRPCMessage | null {
    for (;;) {
      if (this.buffer === undefined) return null;
      const index = this.buffer.indexOf(10);
      if (index > this.limit || (index === -1 && this.buffer.length > this.limit)) {
        this.buffer = undefined;
        this.overflow = true;
        this.onOverflow();
        return null;
      }
      if (index === -1) return null;
      const line = this.buffer.toString('utf8', 0, index).replace(/\r$/, '');
      this.buffer = this.buffer.subarray(index + 1);
      if (line.trim() === '') continue;
      let raw: unknown;
      try {
        raw = JSON.parse(line);
      } catch (error) {
        this.answer({ jsonrpc: '2.0', id: null, error: { code: -32700, message: `Parse error: the line is not JSON (${(error as Error).message.slice(0, 120)})` } });
        continue;
      }
      const parsed = JSONRPCMessageSchema.safeParse(raw);
      if (parsed.success) return parsed.data;
      const message = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : undefined;
      const id = message?.id;
      const validId = typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
      // A notification (a method, no id) gets no answer, even when it is wrong.
      if (message !== undefined && typeof message.method === 'string' && id === undefined) continue;
      const params = message?.params;
      const why = params !== undefined && (params === null || typeof params !== 'object' || Array.isArray(params))
        ? 'params must be an object (by name), not an array or a scalar'
        : 'not a JSON-RPC 2.0 request: { "jsonrpc": "2.0", "id", "method", "params"? }';
      this.answer({ jsonrpc: '2.0', id: validId ? id : null, error: { code: -32600, message: `Invalid Request: ${why}` } });
    }
  }

  clear(): void {
    this.buffer = undefined;
  }
}

/**
 * Serve one domain over stdio: one process, one client, one session. Resolves when the client
 * closes stdin (or the transport closes); stdout carries only JSON-RPC. A message larger than
 * `maxMessageBytes` is answered with a JSON-RPC error and rejects (the CLI exits non-zero).
 */
export async function serveStdio(
  domain: DomainDefinition,
  options: { world?: Partial<WorldSpec>; stdin?: Readable; stdout?: Writable; maxMessageBytes?: number } = {},
): Promise<void> {
  const session = domainRuntime(domain).openSession(options.world);
  const server = createDomainMcpServer(session);
  const stdout = options.stdout ?? process.stdout;
  const transport = new StdioServerTransport(options.stdin, options.stdout);
  const limit = options.maxMessageBytes ?? MAX_STDIO_MESSAGE_BYTES;
  const lines = new CheckedLineBuffer(
    limit,
    (message) => stdout.write(`${JSON.stringify(message)}\n`),
    () => void transport.close(),
  );
  (transport as unknown as { _readBuffer: CheckedLineBuffer })._readBuffer = lines;
  const stdin = options.stdin ?? process.stdin;
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    stdin.once('end', () => resolve());
  });
  await server.connect(transport);
  await closed;
  await server.close().catch(() => undefined);
  await session.close();
  if (lines.overflow) {
    const message = `a message on stdin was larger than ${limit} bytes; the server stops (send tool arguments of at most 64 KiB)`;
    await new Promise<void>((resolve) => stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message: `Invalid Request: ${message}` } })}\n`, () => resolve()));
    throw new Error(message);
  }
}
