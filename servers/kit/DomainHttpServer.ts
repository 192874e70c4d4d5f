import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as NodeHttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { errors, preview, type WorldSpec } from '../../core/index.js';
import type { DomainDefinition } from './Domain.js';
import { createDomainMcpServer, isRestrictedOperatorTool } from './DomainMcpServer.js';
import { domainRuntime, type DomainRuntime, type DomainSession } from './DomainSession.js';
import type { HttpRoute, RouteError } from './httpRoutes.js';

/** How `prove-rl serve --http` serves domains. */
export interface DomainHttpServerOptions {
  domains: readonly DomainDefinition[];
  /** Interface to bind; loopback by default so that nothing outside the machine can reach it. */
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** When set, every request must carry `Authorization: Bearer <token>` (401 otherwise). */
  token?: string;
  /** More agent tokens, each accepted like `token`; each token is one client for the per-client session cap. */
  tokens?: readonly string[];
  /**
   * The operator's token, distinct from every agent token. The hidden operator tools that change or
   * reveal a session (`prove_reset`, `prove_snapshot`) answer only requests that carry it; without
   * it they are off over HTTP. It also opens sessions like an agent token.
   */
  operatorToken?: string;
  /** Most MCP sessions held at once, over all domains; an initialize beyond it is refused with 503. */
  maxSessions?: number;
  /**
   * Most sessions one client holds at once (a client: its bearer token, else its address); an
   * initialize beyond it is refused with 429, and the other clients keep their share of `maxSessions`.
   */
  maxSessionsPerClient?: number;
  /** Request bodies above this many bytes are refused with 413 before they are read. */
  maxBodyBytes?: number;
  /** A request whose headers and body have not all arrived after this long is answered 408 and its connection closed (slow clients). */
  requestTimeoutMs?: number;
  /** A session unused this long is closed: its transport ends and its state is released. */
  idleTimeoutMs?: number;
  /** The world every new session starts from (default: seed 0 and each domain's reference date). */
  world?: Partial<WorldSpec>;
  /** Where to report session openings, closings and evictions (stderr in the CLI). */
  log?: (line: string) => void;
  /** Routes other plugins add beside the MCP endpoints (`serveHooks(engine).httpRoutes`), under the same host, token and size checks. */
  routes?: readonly HttpRoute[];
}

export const DEFAULT_HTTP_HOST = '127.0.0.1';
export const DEFAULT_HTTP_PORT = 3717;
export const DEFAULT_MAX_SESSIONS = 1000;
/** A quarter of the global cap: four clients can fill the server, none can lock the others out. */
export const DEFAULT_MAX_SESSIONS_PER_CLIENT = 250;
export const DEFAULT_IDLE_TIMEOUT_MS = 15 * 60 * 1000;
/** A client has this long to send a whole request (a tools/call is a few hundred bytes). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** Bodies above this are refused with 413 before parsing (tool arguments are capped far lower, at 64 KiB). */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
const LOOPBACK_NAMES = new Set(['localhost', '::1', '[::1]']);

/** Whether a hostname names this machine: `localhost`, `::1`, or any address of 127.0.0.0/8. */
export function isLoopbackName(name: string): boolean {
  return LOOPBACK_NAMES.has(name) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

interface HttpSession {
  id: string;
  domain: string;
  session: DomainSession<unknown>;
  server: Server;
  transport: StreamableHTTPServerTransport;
  lastUsed: number;
  released: boolean;
  /** Who opened it, for the per-client cap: `token:<n>` or `address:<ip>`. */
  client: string;
}

class HttpFailure {
  constructor(
    readonly status: number,
    readonly message: string,
    readonly code = -32000,
  ) {}
}

/**
 * The parsed JSON body. One over `limit` bytes is refused with 413 (by its Content-Length before
 * reading, else as soon as it passes the limit): the rest is read and thrown away while the answer
 * goes out, and the connection closes after it, so the client reads the 413 instead of a reset.
 */
function readBody(req: IncomingMessage, limit: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const tooLarge = () => new HttpFailure(413, `request body is larger than ${limit} bytes; a tools/call needs only its arguments (at most 64 KiB)`, -32600);
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > limit) {
        refused = true;
        chunks.length = 0;
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (refused) return;
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
  // A refused body may still be arriving: answer, then close the connection instead of reading on.
  const close = status === 413 ? { connection: 'close' } : {};
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...close, ...headers });
  res.end(text);
  if (status === 413) res.once('finish', () => setTimeout(() => res.req.destroy(), 1000).unref());
}

function sendRpcError(res: ServerResponse, failure: HttpFailure, headers: Record<string, string> = {}): void {
  sendJson(res, failure.status, { jsonrpc: '2.0', error: { code: failure.code, message: failure.message }, id: null }, headers);
}

/** Refuses, with 403, a body that calls an operator tool that changes or reveals the session. */
function refuseOperatorTools(body: unknown): void {
  for (const message of Array.isArray(body) ? body : [body]) {
    if (message === null || typeof message !== 'object' || (message as { method?: unknown }).method !== 'tools/call') continue;
    const name = (message as { params?: { name?: unknown } }).params?.name;
    if (typeof name === 'string' && isRestrictedOperatorTool(name)) {
      throw new HttpFailure(403, `${name} is an operator tool: it needs the operator token (prove serve --operator-token), not an agent's`, -32001);
    }
  }
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
  /** Agent tokens (the operator's last), each with the client name it stands for. */
  private readonly tokens: ReadonlyArray<{ token: Buffer; client: string; operator: boolean }>;
  /** Open and opening sessions per client. */
  private readonly perClient = new Map<string, number>();
  readonly maxSessions: number;
  readonly maxSessionsPerClient: number;
  readonly maxBodyBytes: number;
  readonly idleTimeoutMs: number;

  constructor(private readonly options: DomainHttpServerOptions) {
    for (const domain of options.domains) this.runtimes.set(domain.name, domainRuntime(domain) as DomainRuntime<unknown>);
    this.host = options.host ?? DEFAULT_HTTP_HOST;
    const agentTokens = [...(options.token ? [options.token] : []), ...(options.tokens ?? [])];
    if (options.operatorToken !== undefined && (options.operatorToken === '' || agentTokens.includes(options.operatorToken))) {
      throw new TypeError('the operator token must be non-empty and differ from every agent token');
    }
    if (agentTokens.includes('')) throw new TypeError('an agent token must be non-empty');
    this.tokens = [
      ...agentTokens.map((token, i) => ({ token: Buffer.from(token), client: `token:${i}`, operator: false })),
      ...(options.operatorToken ? [{ token: Buffer.from(options.operatorToken), client: 'operator', operator: true }] : []),
    ];
    this.maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
    this.maxSessionsPerClient = Math.min(options.maxSessionsPerClient ?? DEFAULT_MAX_SESSIONS_PER_CLIENT, this.maxSessions);
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
    const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    const timeouts = { requestTimeout, headersTimeout: requestTimeout, connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(requestTimeout / 4))) };
    this.http = createServer(timeouts, (req, res) => {
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

  /** Whether requests need a bearer token (an agent's or the operator's). */
  get requiresToken(): boolean {
    return this.tokens.some((t) => !t.operator);
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

  /**
   * Who is asking: the token it carries (`client`, and whether it is the operator's), a client
   * named by its address where no agent token is required, or undefined when it is refused.
   */
  private caller(req: IncomingMessage): { client: string; operator: boolean } | undefined {
    const match = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
    if (match) {
      const given = Buffer.from(match[1].trim());
      for (const known of this.tokens) if (given.length === known.token.length && timingSafeEqual(given, known.token)) return known;
    }
    if (this.requiresToken) return undefined;
    // Without agent tokens every address is a client; a wrong or missing token is no operator.
    return { client: `address:${req.socket.remoteAddress ?? 'unknown'}`, operator: false };
  }

  /** On a loopback bind, refuse other Host/Origin names: a web page cannot reach the server through DNS rebinding. */
  private hostAllowed(req: IncomingMessage): boolean {
    if (!isLoopbackName(this.host)) return true;
    const host = hostnameOf(req.headers.host ?? '');
    if (!isLoopbackName(host)) return false;
    const origin = req.headers.origin;
    return origin === undefined || origin === 'null' || isLoopbackName(hostnameOf(origin));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!this.hostAllowed(req)) throw new HttpFailure(403, `forbidden host ${preview(req.headers.host ?? '', 80)}: this server only answers loopback names (localhost, 127.0.0.1, [::1])`);
    const caller = this.caller(req);
    if (caller === undefined) {
      sendRpcError(res, new HttpFailure(401, 'unauthorized: send the header "Authorization: Bearer <token>" with the token the server was started with', -32001), {
        'www-authenticate': 'Bearer realm="prove"',
      });
      return;
    }
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path.length > 1024) throw new HttpFailure(414, `the path is ${path.length} characters long; the endpoints are /mcp/<domain>`);
    if ((path === '/' || path === '/mcp' || path === '/mcp/') && req.method === 'GET') {
      sendJson(res, 200, {
        domains: [...this.runtimes.values()].map((r) => ({ name: r.name, title: r.domain.title, path: `/mcp/${r.name}`, tools: r.toolNames.length })),
        sessions: this.sessions.size,
        maxSessions: this.maxSessions,
        routes: (this.options.routes ?? []).map((r) => ({ method: r.method, path: r.path, summary: r.summary })),
      });
      return;
    }
    const route = this.options.routes?.find((r) => r.path === path || r.path + '/' === path);
    if (route) {
      if (req.method !== route.method) throw new HttpFailure(405, `${route.path} answers ${route.method} only`);
      const body = req.method === 'POST' ? await readBody(req, this.maxBodyBytes) : undefined;
      try {
        sendJson(res, 200, await route.handle(body));
      } catch (error) {
        // By shape, not class: a plugin may load its own copy of the kit (built and source trees).
        const status = (error as Partial<RouteError> | undefined)?.status;
        if (error instanceof Error && typeof status === 'number' && status >= 400 && status < 500) sendJson(res, status, { error: error.message });
        else sendJson(res, 500, { error: `internal error: ${(error as Error)?.message ?? String(error)}` });
      }
      return;
    }
    const match = /^\/mcp\/([^/]+)\/?$/.exec(path);
    let name: string | undefined;
    try {
      name = match ? decodeURIComponent(match[1]) : undefined;
    } catch {
      throw new HttpFailure(400, `Bad Request: the path ${preview(path, 80)} is not valid percent-encoding; the endpoints are ${this.endpoints()}`);
    }
    const runtime = name === undefined ? undefined : this.runtimes.get(name);
    if (!runtime) throw new HttpFailure(404, `no MCP endpoint at ${preview(path, 80)}; served: ${this.endpoints()}`);
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const entry = this.sessions.get(sessionId);
      if (!entry || entry.domain !== runtime.name) {
        throw new HttpFailure(404, `session ${preview(sessionId, 80)} not found on /mcp/${runtime.name} (closed, evicted after ${Math.round(this.idleTimeoutMs / 1000)} s idle, or never opened); initialize a new session`, -32001);
      }
      if (entry.client !== caller.client && !caller.operator) {
        throw new HttpFailure(404, `session ${preview(sessionId, 80)} not found on /mcp/${runtime.name} for this client; initialize a new session`, -32001);
      }
      entry.lastUsed = Date.now();
      const body = req.method === 'POST' ? await readBody(req, this.maxBodyBytes) : undefined;
      if (!caller.operator) refuseOperatorTools(body);
      try {
        await entry.transport.handleRequest(req, res, body);
      } finally {
        forgetAnsweredStreams(entry.transport);
      }
      entry.lastUsed = Date.now();
      return;
    }
    if (req.method !== 'POST') throw new HttpFailure(400, 'Bad Request: the Mcp-Session-Id header is required; open a session with a POST initialize request first');
    const body = await readBody(req, this.maxBodyBytes);
    if (!isInitializeRequest(body)) throw new HttpFailure(400, 'Bad Request: no Mcp-Session-Id header, and the request is not an initialize request');
    if (this.sessions.size + this.opening >= this.maxSessions) throw new HttpFailure(503, errors.sessionLimit(this.maxSessions).message);
    const held = this.perClient.get(caller.client) ?? 0;
    if (held >= this.maxSessionsPerClient) {
      throw new HttpFailure(429, `this client already holds ${held} sessions, the most one client may hold (of ${this.maxSessions} in all); close one (DELETE with its Mcp-Session-Id) or let it idle out`);
    }
    await this.open(runtime, req, res, body, caller.client, this.sessionWorld(runtime, req));
  }

  /**
   * The world of a new session: the server's, with `?seed=N&referenceDate=ISO` on the initialize
   * request's URL overriding it, so that each trajectory starts from its example's world (a group of
   * rollouts shares one initial state). A bad value is refused with 400 before any session opens.
   */
  private sessionWorld(runtime: DomainRuntime<unknown>, req: IncomingMessage): Partial<WorldSpec> | undefined {
    const query = new URL(req.url ?? '/', 'http://localhost').searchParams;
    const seed = query.get('seed');
    const referenceDate = query.get('referenceDate');
    if (seed === null && referenceDate === null) return this.options.world;
    const world: Partial<WorldSpec> = { ...this.options.world };
    if (seed !== null) {
      if (!/^-?\d{1,16}$/.test(seed)) throw new HttpFailure(400, `Bad Request: ?seed=${preview(seed, 40)} must be an integer`, -32602);
      world.seed = Number(seed);
    }
    if (referenceDate !== null) world.referenceDate = referenceDate;
    try {
      runtime.openSession(world).close();
    } catch (error) {
      throw new HttpFailure(400, `Bad Request: ${(error as Error).message}`, -32602);
    }
    return world;
  }

  private endpoints(): string {
    return [...this.runtimes.keys()].map((name) => `/mcp/${name}`).join(', ');
  }

  private countClient(client: string, delta: number): void {
    const count = (this.perClient.get(client) ?? 0) + delta;
    if (count <= 0) this.perClient.delete(client);
    else this.perClient.set(client, count);
  }

  private async open(runtime: DomainRuntime<unknown>, req: IncomingMessage, res: ServerResponse, body: unknown, client: string, world: Partial<WorldSpec> | undefined): Promise<void> {
    this.opening++;
    this.countClient(client, 1);
    let entry: HttpSession | undefined;
    const session = runtime.openSession(world);
    const server = createDomainMcpServer(session);
    try {
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        enableJsonResponse: true,
        onsessioninitialized: (id) => {
          entry = { id, domain: runtime.name, session, server, transport, lastUsed: Date.now(), released: false, client };
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
        this.countClient(client, -1);
        await session.close();
        await server.close().catch(() => undefined);
      }
    }
  }

  private async release(entry: HttpSession, why: string): Promise<void> {
    if (entry.released) return;
    entry.released = true;
    this.sessions.delete(entry.id);
    this.countClient(entry.client, -1);
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
