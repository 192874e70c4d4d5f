import { expect } from 'chai';
import { execFile, spawn } from 'node:child_process';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadDomain } from '../../../servers/index.js';
import { DomainHttpServer } from '../../../servers/kit/DomainHttpServer.js';
import { answerToolCall, OPERATOR_TOOLS } from '../../../servers/kit/DomainMcpServer.js';
import { domainRuntime, MAX_ERROR_MESSAGE_LENGTH, MAX_TOOL_NAME_LENGTH } from '../../../servers/kit/DomainSession.js';
import { ledgerDomain } from './ledgerDomain.js';

const here = dirname(fileURLToPath(import.meta.url));
const run = promisify(execFile);
const INIT = { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'hostile', version: '0' } } };

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One raw HTTP request (no agent: a fresh connection each), resolving with what came back or rejecting on a reset. */
function send(port: number, options: { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer; host?: string; chunked?: boolean }): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const body = options.body ?? '';
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...options.headers };
    if (!options.chunked) headers['content-length'] = String(Buffer.byteLength(body));
    const req = request({ host: options.host ?? '127.0.0.1', port, path: options.path ?? '/mcp/ledger', method: options.method ?? 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (options.chunked) {
      // Write in pieces, as a client streaming a huge body would; stop once the answer came.
      let left = Buffer.from(body);
      const pump = () => {
        while (left.length > 0) {
          const piece = left.subarray(0, 256 * 1024);
          left = left.subarray(piece.length);
          if (!req.write(piece)) return void req.once('drain', pump);
        }
        req.end();
      };
      req.on('response', () => (left = Buffer.alloc(0)));
      pump();
    } else req.end(body);
  });
}

async function initialize(port: number, token?: string): Promise<Reply> {
  return send(port, { body: JSON.stringify(INIT), headers: token ? { authorization: `Bearer ${token}` } : {} });
}

describe('servers under hostile clients (issue 15)', function () {
  this.timeout(120_000);

  it('20,000 calls in one HTTP session grow the heap by less than 10 MB (the SDK kept a stream entry per request)', async () => {
    const { stdout } = await run(process.execPath, ['--expose-gc', '--import', 'tsx', join(here, 'httpMemory.ts'), '20000'], { maxBuffer: 1 << 20 });
    const figure = JSON.parse(stdout.trim().split('\n').pop()!) as { calls: number; growthBytes: number };
    console.log(`      heap growth after ${figure.calls} calls: ${(figure.growthBytes / 1e6).toFixed(2)} MB`);
    expect(figure.calls).to.equal(20_000);
    expect(figure.growthBytes).to.be.below(10 * 1024 * 1024);
  });

  it('a bounded load-and-abuse run (loopback, stops by itself): well-behaved clients see 0 errors, abusers get their refusals, memory stays flat', async () => {
    const calls = 300;
    const { stdout } = await run(process.execPath, ['--expose-gc', '--import', 'tsx', join(here, 'loadAbuse.ts'), String(calls)], { maxBuffer: 1 << 20, timeout: 110_000 });
    const figure = JSON.parse(stdout.trim().split('\n').pop()!) as { goodCalls: number; goodErrors: number; firstError?: string; abuse: Record<string, number>; heapGrowthBytes: number; sessionsLeft: number };
    console.log(`      ${figure.goodCalls} good calls, ${figure.goodErrors} errors; abuse ${JSON.stringify(figure.abuse)}; heap +${(figure.heapGrowthBytes / 1e6).toFixed(2)} MB over rounds 2-3`);
    expect(figure.goodErrors, figure.firstError).to.equal(0);
    expect(figure.goodCalls).to.equal(4 * 3 * calls);
    expect(figure.abuse).to.deep.equal({ 'forged 404': 30, 'garbage 400': 30, 'huge 413': 12, 'init 200': 24, 'init 429': 12, 'longName 200': 12, 'slow 408': 12 });
    expect(figure.sessionsLeft).to.equal(0);
    expect(figure.heapGrowthBytes).to.be.below(10 * 1024 * 1024);
  });

  it('an over-long tool name is refused without a closest-name search, and no message quotes a whole value', () => {
    const session = domainRuntime(ledgerDomain).openSession();
    const huge = 'ledger_get_balance'.repeat(200_000);
    const outcome = session.call(huge, {});
    expect(outcome.ok).to.equal(false);
    const message = (outcome as { error: { message: string } }).error.message;
    expect(message).to.include(`a name of ${huge.length} characters`).and.include(`at most ${MAX_TOOL_NAME_LENGTH}`).and.include('ledger_get_balance');
    expect(message.length).to.be.below(MAX_ERROR_MESSAGE_LENGTH + 100);
    // A handler that quotes a 60 KB argument back: the message is cut in the middle, its start and end kept.
    const quoted = session.call('ledger_get_balance', { account_id: `acc_${'9'.repeat(60_000)}` });
    const text = (quoted as { error: { message: string } }).error.message;
    expect(text.length).to.be.at.most(MAX_ERROR_MESSAGE_LENGTH);
    expect(text).to.match(/^no account acc_9+/).and.include('characters cut').and.match(/accounts: acc_1, acc_2$/);
  });

  it('a strict --reference-date: an explicit offset, no other format, no rollover; the clock is in the state hash', () => {
    const runtime = domainRuntime(ledgerDomain);
    for (const bad of ['2026-03-16T10:00:00', '2026-03-16 10:00:00Z', 'March 16, 2026 10:00', '2026-02-30T10:00:00Z', '2026-13-01T00:00:00Z', '2026-03-16T24:00:00Z', '2026-03-16T10:00:00+25:00', '2026-03-16']) {
      expect(() => runtime.openSession({ referenceDate: bad }), bad).to.throw(/explicit offset/);
    }
    const utc = runtime.openSession({ referenceDate: '2026-03-16T10:00:00Z' });
    expect(runtime.openSession({ referenceDate: '2026-03-16T11:00:00+01:00' }).now).to.equal(utc.now);
    expect(runtime.openSession({ referenceDate: '2024-02-29T00:00:00.5Z' }).now).to.equal('2024-02-29T00:00:00.500Z');
    expect(runtime.openSession({ referenceDate: '2026-03-17T10:00:00Z' }).stateHashSync()).to.not.equal(utc.stateHashSync());
  });

  it('snapshots mask secrets: no card PIN or full account number of the banking world appears in prove_snapshot', async () => {
    const banking = await loadDomain('banking');
    const runtime = domainRuntime(banking);
    const secrets = new Set<string>();
    const collect = (value: unknown, key: string): void => {
      if (typeof value === 'string' && (key === 'pin' || key === 'account_number')) secrets.add(value);
      else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) collect(v, Array.isArray(value) ? key : k);
    };
    collect(runtime.world, '');
    expect(secrets.size).to.be.greaterThan(60);
    const snapshot = answerToolCall(runtime.openSession(), OPERATOR_TOOLS.snapshot, {});
    const text = JSON.stringify(snapshot.structuredContent);
    const leaked = [...secrets].filter((secret) => text.includes(`"${secret}"`));
    expect(leaked).to.deep.equal([]);
    expect(text).to.include('"pin":"••••"');
  });

  describe('over HTTP', () => {
    let server: DomainHttpServer;
    let port: number;
    before(async () => {
      server = new DomainHttpServer({ domains: [ledgerDomain], port: 0, tokens: ['agent-a', 'agent-b'], operatorToken: 'operator-1', maxSessions: 5, maxSessionsPerClient: 2, maxBodyBytes: 256 * 1024 });
      port = (await server.listen()).port;
    });
    after(() => server.close());

    it('holds each client (by token) to its share of sessions; others can still open theirs', async () => {
      const a = [await initialize(port, 'agent-a'), await initialize(port, 'agent-a'), await initialize(port, 'agent-a')];
      expect(a.map((r) => r.status)).to.deep.equal([200, 200, 429]);
      expect(a[2].text).to.include('already holds 2 sessions');
      const b = [await initialize(port, 'agent-b'), await initialize(port, 'agent-b')];
      expect(b.map((r) => r.status)).to.deep.equal([200, 200]);
      // One client cannot use another's session.
      const stolen = await send(port, { headers: { authorization: 'Bearer agent-b', 'mcp-session-id': a[0].headers['mcp-session-id'] as string, 'mcp-protocol-version': '2025-06-18' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
      expect(stolen.status).to.equal(404);
      for (const reply of [...a.slice(0, 2), ...b]) {
        const id = reply.headers['mcp-session-id'] as string;
        const token = a.includes(reply) ? 'agent-a' : 'agent-b';
        expect((await send(port, { method: 'DELETE', headers: { authorization: `Bearer ${token}`, 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' } })).status).to.equal(200);
      }
      expect(server.sessionCount).to.equal(0);
    });

    it('operator tools answer the operator token only; the state hash answers every client', async () => {
      const agent = await initialize(port, 'agent-a');
      const id = agent.headers['mcp-session-id'] as string;
      const headers = (token: string) => ({ authorization: `Bearer ${token}`, 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' });
      const call = (token: string, name: string) => send(port, { headers: headers(token), body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: {} } }) });
      for (const name of [OPERATOR_TOOLS.reset, OPERATOR_TOOLS.snapshot]) {
        const refused = await call('agent-a', name);
        expect(refused.status).to.equal(403);
        expect(refused.text).to.include('operator token');
      }
      expect((await call('agent-a', OPERATOR_TOOLS.stateHash)).text).to.include('"hash"');
      const operator = await call('operator-1', OPERATOR_TOOLS.snapshot);
      expect(operator.status).to.equal(200);
      expect(operator.text).to.include('"state"');
      await send(port, { method: 'DELETE', headers: headers('agent-a') });
    });

    it('a body over the limit gets 413 (by its length, or streamed without one), not a connection reset', async () => {
      const huge = JSON.stringify({ ...INIT, pad: 'x'.repeat(1024 * 1024) });
      const declared = await send(port, { headers: { authorization: 'Bearer agent-a' }, body: huge });
      expect(declared.status).to.equal(413);
      expect(declared.text).to.include('larger than 262144 bytes');
      const streamed = await send(port, { headers: { authorization: 'Bearer agent-a' }, body: huge, chunked: true });
      expect(streamed.status).to.equal(413);
      expect((await initialize(port, 'agent-a')).status, 'the server still answers').to.equal(200);
    });

    it('a malformed percent-encoded path gets 400, not 500', async () => {
      const reply = await send(port, { path: '/mcp/%E0%A4%A', headers: { authorization: 'Bearer agent-a' }, body: JSON.stringify(INIT) });
      expect(reply.status).to.equal(400);
      expect(reply.text).to.include('percent-encoding');
    });
  });

  it('--host 127.0.0.2 keeps the DNS-rebinding check, and per-address caps apply without tokens', async () => {
    const server = new DomainHttpServer({ domains: [ledgerDomain], host: '127.0.0.2', port: 0, maxSessionsPerClient: 1 });
    const { port } = await server.listen();
    try {
      const evil = await send(port, { host: '127.0.0.2', headers: { host: `evil.example:${port}` }, body: JSON.stringify(INIT) });
      expect(evil.status).to.equal(403);
      const own = await send(port, { host: '127.0.0.2', headers: { host: `127.0.0.2:${port}` }, body: JSON.stringify(INIT) });
      expect(own.status).to.equal(200);
      const second = await send(port, { host: '127.0.0.2', headers: { host: `127.0.0.2:${port}` }, body: JSON.stringify(INIT) });
      expect(second.status).to.equal(429);
    } finally {
      await server.close();
    }
  });

  it('over stdio: params [] gets a JSON-RPC error, and an oversized message a clear error and a non-zero exit', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'serveLedger.ts')], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // The server stops reading once the message passes the limit: the rest of our write fails.
    child.stdin.on('error', () => undefined);
    child.stdin.write(`${JSON.stringify(INIT)}\n`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: [] })}\n`);
    child.stdin.write('{not json\n');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    child.stdin.write('x'.repeat(5 * 1024 * 1024));
    const code = await exited;
    const replies = stdout.trim().split('\n').map((line) => JSON.parse(line) as { id: unknown; error?: { code: number; message: string } });
    expect(replies.find((r) => r.id === 5)?.error?.message).to.include('params must be an object');
    expect(replies.find((r) => r.error?.code === -32700)?.error?.message).to.include('not JSON');
    expect(replies.at(-1)?.error?.message).to.include('larger than');
    expect(code).to.not.equal(0);
    expect(stderr).to.include('larger than');
  });
});
