import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as NodeHttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { errors, type WorldSpec } from '../../core/index.js';
import type { DomainDefinition } from './Domain.js';
import { createDomainMcpServer } from './DomainMcpServer.js';
import { domainRuntime, type DomainRuntime, type DomainSession } from './DomainSession.js';

/** How `prove serve --http` serves domains. */
export interface DomainHttpServerOptions {
  domains: readonly DomainDefinition[];
  /** Interface to bind; loopback by default so that nothing outside the machine can reach it. */
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** When set, every request must carry `Authorization: Bearer <token>` (401 otherwise). */
  token?: string;
  /** Most MCP sessions held at once, over all domains; an initialize beyond it is refused with 503. */
  maxSessions?: number;
  /** A session unused this long is closed: its transport ends and its state is released. */
  idleTimeoutMs?: number;
  /** The world every new session starts from (default: seed 0 and each domain's reference date). */
  world?: Partial<WorldSpec>;
  /** Where to report session openings, closings and evictions (stderr in the CLI). */
  log?: (line: string) => void;
}

export const DEFAULT_HTTP_HOST = '127.0.0.1';
export const DEFAULT_HTTP_PORT = 3717;
export const DEFAULT_MAX_SESSIONS = 1000;
export const DEFAULT_IDLE_TIMEOUT_MS = 15 * 60 * 1000;
/** Bodies above this are refused with 413 before parsing (tool arguments are capped far lower). */
const MAX_BODY_BYTES = 4 * 1024 * 1024;
const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

interface HttpSession {
  id: string;
  domain: string;
  session: DomainSession<unknown>;
  server: Server;
  transport: StreamableHTTPServerTransport;
  lastUsed: number;
  released: boolean;
}

class HttpFailure {
  constructor(
    readonly status: number,
    readonly message: string,
    readonly code = -32000,
  ) {}
}

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new HttpFailure(413, `request body is larger than ${MAX_BODY_BYTES} bytes`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch (error) {
        reject(new HttpFailure(400, `Parse error: the body is not JSON (${(error as Error).message})`, -32700));
      }
    });
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function sendRpcError(res: ServerResponse, failure: HttpFailure, headers: Record<string, string> = {}): void {
  sendJson(res, failure.status, { jsonrpc: '2.0', error: { code: failure.code, message: failure.message }, id: null }, headers);
}

/** What `forgetAnsweredStreams` reads of the SDK transport (private fields of SDK 1.32.x). */
interface TransportInternals {
  _webStandardTransport?: {
    _streamMapping?: Map<string, { resolveJson?: unknown }>;
    _requestToStreamMapping?: Map<unknown, string>;
  };
}

/**
 * Works around a leak of the SDK's Streamable HTTP transport (1.32.2) with JSON responses: every
 * POST adds an entry to its stream map, and the path that answers with JSON never removes it (only
 * the SSE path calls the entry's cleanup), so a session grew by ~5 KB a call until it closed. Once
 * a request is answered, a JSON stream that no pending request points at can never be used again:
 * drop it. A no-op if the SDK's fields change (test/servers/kit/hostile.test.ts measures the heap).
 */
export function forgetAnsweredStreams(transport: StreamableHTTPServerTransport): void {
  const inner = (transport as unknown as TransportInternals)._webStandardTransport;
  const streams = inner?._streamMapping;
  const pending = inner?._requestToStreamMapping;
  if (!(streams instanceof Map) || !(pending instanceof Map) || streams.size === 0) return;
  let live: Set<string> | undefined;
  for (const [id, stream] of streams) {
    if (stream?.resolveJson === undefined) continue;
    live ??= new Set(pending.values());
    if (!live.has(id)) streams.delete(id);
  }
}

/** The hostname of a Host or Origin header value, lower-cased, without port. */
function hostnameOf(value: string): string {
  try {
    return new URL(value.includes('://') ? value : `http://${value}`).hostname.toLowerCase();
  } catch {
    return '';
  }
}

/**
 * Serves domains over MCP Streamable HTTP, one path per domain (`/mcp/<domain>`), one isolated
 * `DomainSession` per `Mcp-Session-Id`. Loopback by default, with optional bearer token, a cap on
 * sessions and idle eviction. `GET /` lists the served domains.
 */
export class DomainHttpServer {
  private readonly runtimes = new Map<string, DomainRuntime<unknown>>();
  private readonly sessions = new Map<string, HttpSession>();
  /** Initialize requests admitted but whose session id is not assigned yet (they count against the cap). */
  private opening = 0;
  private readonly http: NodeHttpServer;
  private evictionTimer: NodeJS.Timeout | undefined;
  private readonly host: string;
  private readonly token: Buffer | undefined;
  readonly maxSessions: number;
  readonly idleTimeoutMs: number;

  constructor(private readonly options: DomainHttpServerOptions) {
    for (const domain of options.domains) this.runtimes.set(domain.name, domainRuntime(domain) as DomainRuntime<unknown>);
    this.host = options.host ?? DEFAULT_HTTP_HOST;
    this.token = options.token ? Buffer.from(options.token) : undefined;
    this.maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
    this.idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
    this.http = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        if (error instanceof HttpFailure) sendRpcError(res, error);
        else sendRpcError(res, new HttpFailure(500, `internal error: ${(error as Error)?.message ?? String(error)}`, -32603));
      });
    });
  }

  /** Start listening; resolves with the bound address (the real port when 0 was asked). */
  async listen(): Promise<{ host: string; port: number }> {
    // Fail fast on a world no session could open with, instead of on the first client.
    for (const runtime of this.runtimes.values()) runtime.openSession(this.options.world).close();
    await new Promise<void>((resolve, reject) => {
      this.http.once('error', reject);
      this.http.listen(this.options.port ?? DEFAULT_HTTP_PORT, this.host, () => {
        this.http.off('error', reject);
        resolve();
      });
    });
    const interval = Math.max(10, Math.min(this.idleTimeoutMs / 2, 60_000));
    this.evictionTimer = setInterval(() => this.evictIdle(), interval);
    this.evictionTimer.unref();
    return this.address();
  }

  address(): { host: string; port: number } {
    const address = this.http.address() as AddressInfo;
    return { host: this.host, port: address.port };
  }

  /** The URL of a served domain's MCP endpoint. */
  url(domain: string): string {
    const { host, port } = this.address();
    return `http://${host.includes(':') ? `[${host}]` : host}:${port}/mcp/${domain}`;
  }

  /** Whether requests need the bearer token. */
  get requiresToken(): boolean {
    return this.token !== undefined;
  }

  /** Open MCP sessions now, over all domains. */
  get sessionCount(): number {
    return this.sessions.size;
  }

  /** Close every session and stop listening. */
  async close(): Promise<void> {
    if (this.evictionTimer) clearInterval(this.evictionTimer);
    await Promise.all([...this.sessions.values()].map((entry) => this.release(entry, 'server closing')));
    this.http.closeAllConnections();
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
  }

  private log(line: string): void {
    this.options.log?.(line);
  }

  private authorized(req: IncomingMessage): boolean {
    if (!this.token) return true;
    const header = req.headers.authorization ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match) return false;
    const given = Buffer.from(match[1].trim());
    return given.length === this.token.length && timingSafeEqual(given, this.token);
  }

  /** On a loopback bind, refuse other Host/Origin names: a web page cannot reach the server through DNS rebinding. */
  private hostAllowed(req: IncomingMessage): boolean {
    if (!LOOPBACK_NAMES.has(this.host)) return true;
    const host = hostnameOf(req.headers.host ?? '');
    if (!LOOPBACK_NAMES.has(host)) return false;
    const origin = req.headers.origin;
    return origin === undefined || origin === 'null' || LOOPBACK_NAMES.has(hostnameOf(origin));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!this.hostAllowed(req)) throw new HttpFailure(403, `forbidden host ${JSON.stringify(req.headers.host)}: this server only answers loopback names (localhost, 127.0.0.1, [::1])`);
    if (!this.authorized(req)) {
      sendRpcError(res, new HttpFailure(401, 'unauthorized: send the header "Authorization: Bearer <token>" with the token the server was started with', -32001), {
        'www-authenticate': 'Bearer realm="prove"',
      });
      return;
    }
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if ((path === '/' || path === '/mcp' || path === '/mcp/') && req.method === 'GET') {
      sendJson(res, 200, {
        domains: [...this.runtimes.values()].map((r) => ({ name: r.name, title: r.domain.title, path: `/mcp/${r.name}`, tools: r.toolNames.length })),
        sessions: this.sessions.size,
        maxSessions: this.maxSessions,
      });
      return;
    }
    const match = /^\/mcp\/([^/]+)\/?$/.exec(path);
    const runtime = match ? this.runtimes.get(decodeURIComponent(match[1])) : undefined;
    if (!runtime) {
      throw new HttpFailure(404, `no MCP endpoint at ${path}; served: ${[...this.runtimes.keys()].map((name) => `/mcp/${name}`).join(', ')}`);
    }
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const entry = this.sessions.get(sessionId);
      if (!entry || entry.domain !== runtime.name) {
        throw new HttpFailure(404, `session ${sessionId} not found on /mcp/${runtime.name} (closed, evicted after ${Math.round(this.idleTimeoutMs / 1000)} s idle, or never opened); initialize a new session`, -32001);
      }
      entry.lastUsed = Date.now();
      const body = req.method === 'POST' ? await readBody(req) : undefined;
      try {
        await entry.transport.handleRequest(req, res, body);
      } finally {
        forgetAnsweredStreams(entry.transport);
      }
      entry.lastUsed = Date.now();
      return;
    }
    if (req.method !== 'POST') throw new HttpFailure(400, 'Bad Request: the Mcp-Session-Id header is required; open a session with a POST initialize request first');
    const body = await readBody(req);
    if (!isInitializeRequest(body)) throw new HttpFailure(400, 'Bad Request: no Mcp-Session-Id header, and the request is not an initialize request');
    if (this.sessions.size + this.opening >= this.maxSessions) throw new HttpFailure(503, errors.sessionLimit(this.maxSessions).message);
    await this.open(runtime, req, res, body);
  }

  private async open(runtime: DomainRuntime<unknown>, req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    this.opening++;
    let entry: HttpSession | undefined;
    const session = runtime.openSession(this.options.world);
    const server = createDomainMcpServer(session);
    try {
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        enableJsonResponse: true,
        onsessioninitialized: (id) => {
          entry = { id, domain: runtime.name, session, server, transport, lastUsed: Date.now(), released: false };
          this.sessions.set(id, entry);
          this.opening--;
          this.log(`session ${id} opened on /mcp/${runtime.name} (${this.sessions.size}/${this.maxSessions})`);
        },
        onsessionclosed: (id) => {
          const closing = this.sessions.get(id);
          if (closing) void this.release(closing, 'closed by the client');
        },
      });
      transport.onclose = () => {
        if (entry) void this.release(entry, 'transport closed');
      };
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
    } finally {
      if (entry === undefined) {
        this.opening--;
        await session.close();
        await server.close().catch(() => undefined);
      }
    }
  }

  private async release(entry: HttpSession, why: string): Promise<void> {
    if (entry.released) return;
    entry.released = true;
    this.sessions.delete(entry.id);
    await entry.session.close();
    await entry.server.close().catch(() => undefined);
    this.log(`session ${entry.id} on /mcp/${entry.domain} released: ${why}`);
  }

  private evictIdle(): void {
    const cutoff = Date.now() - this.idleTimeoutMs;
    for (const entry of this.sessions.values()) {
      if (entry.lastUsed < cutoff) void this.release(entry, `idle for more than ${Math.round(this.idleTimeoutMs / 1000)} s`);
    }
  }
}
