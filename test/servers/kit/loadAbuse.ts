/**
 * A bounded load-and-abuse run, as a child process with `--expose-gc` (loopback only; it stops by
 * itself). Serves the kit's test domain over Streamable HTTP; `GOOD` well-behaved clients (one
 * token each, one session each) make `CALLS` calls while abusers, at the same time: open sessions
 * past their share, send bodies over the limit (declared and streamed), trickle a body and stall
 * (slow clients), send megabyte tool names, garbage JSON and forged session ids. Three rounds; the
 * heap after a full collection is taken after the first and the last. Prints one JSON line:
 * `{ goodCalls, goodErrors, firstError, abuse: {...counts by status}, heapGrowthBytes, ms }`.
 */
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { DomainHttpServer } from '../../../servers/kit/DomainHttpServer.js';
import { ledgerDomain } from './ledgerDomain.js';

const GOOD = 4;
const CALLS = Number(process.argv[2] ?? 400);
const ROUNDS = 3;
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc');
const started = Date.now();
// Nothing here may outlive the run: a watchdog ends the process if a bug makes it hang.
setTimeout(() => {
  console.log(JSON.stringify({ error: 'the run did not finish within 90 s' }));
  process.exit(2);
}, 90_000).unref();

const goodTokens = Array.from({ length: GOOD }, (_, i) => `good-${i}`);
const server = new DomainHttpServer({
  domains: [ledgerDomain],
  port: 0,
  tokens: [...goodTokens, 'abuser'],
  maxSessions: GOOD + 20,
  maxSessionsPerClient: 8,
  maxBodyBytes: 256 * 1024,
  requestTimeoutMs: 1000,
});
const { port } = await server.listen();
const agent = new Agent({ keepAlive: true, maxSockets: 16 });
const INIT = { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'load', version: '0' } } };

interface Reply {
  status: number;
  session?: string;
  text: string;
}

function post(token: string, body: string, session?: string, useAgent = true): Promise<Reply> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'content-length': String(Buffer.byteLength(body)) };
  if (session !== undefined) {
    headers['mcp-session-id'] = session;
    headers['mcp-protocol-version'] = '2025-06-18';
  }
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/mcp/ledger', method: 'POST', agent: useAgent ? agent : false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, session: res.headers['mcp-session-id'] as string | undefined, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (error) => resolve({ status: -1, text: String(error) }));
    });
    req.on('error', (error) => resolve({ status: -1, text: String(error) }));
    req.end(body);
  });
}

const abuse = new Map<string, number>();
const count = (kind: string, status: number): void => void abuse.set(`${kind} ${status}`, (abuse.get(`${kind} ${status}`) ?? 0) + 1);
let goodCalls = 0;
let goodErrors = 0;
let firstError: string | undefined;

async function goodClient(token: string): Promise<void> {
  const init = await post(token, JSON.stringify(INIT));
  if (init.status !== 200 || init.session === undefined) {
    goodErrors++;
    firstError ??= `initialize: ${init.status} ${init.text.slice(0, 200)}`;
    return;
  }
  const session = init.session;
  await post(token, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), session);
  for (let i = 1; i <= CALLS; i++) {
    const call = i % 2 === 0
      ? { name: 'ledger_get_balance', arguments: { account_id: 'acc_1' } }
      : { name: 'ledger_transfer', arguments: { from: 'acc_1', to: 'acc_2', amount: 0.01 } };
    const reply = await post(token, JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/call', params: call }), session);
    goodCalls++;
    if (reply.status !== 200 || reply.text.includes('"isError":true')) {
      goodErrors++;
      firstError ??= `${call.name}: ${reply.status} ${reply.text.slice(0, 200)}`;
    }
  }
  await remove(token, session);
}

/** A client that declares a body, sends a little of it, and stalls until the server gives up on it. */
function slowClient(): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`POST /mcp/ledger HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nauthorization: Bearer abuser\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"jsonrpc":`);
    });
    let answer = '';
    socket.on('data', (c: Buffer) => (answer += c.toString('utf8')));
    const done = () => {
      count('slow', Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0));
      resolve();
    };
    socket.on('close', done);
    socket.on('error', () => undefined);
  });
}

function remove(token: string, session: string): Promise<void> {
  return new Promise<void>((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/mcp/ledger', method: 'DELETE', agent, headers: { authorization: `Bearer ${token}`, 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' } }, (res) => {
      res.resume();
      res.on('end', () => resolve());
    });
    req.on('error', () => resolve());
    req.end();
  });
}

async function abuser(round: number): Promise<void> {
  const work: Array<Promise<void>> = [];
  const opened: string[] = [];
  // Megabyte tool names in the abuser's own session.
  const open = await post('abuser', JSON.stringify(INIT), undefined, false);
  if (open.session !== undefined) {
    for (let i = 0; i < 4; i++) {
      const reply = await post('abuser', JSON.stringify({ jsonrpc: '2.0', id: i + 1, method: 'tools/call', params: { name: 'x'.repeat(200_000), arguments: {} } }), open.session, false);
      count('longName', reply.status);
    }
    await remove('abuser', open.session);
  }
  // Sessions past the share of one client (closed at the end of the round).
  for (let i = 0; i < 12; i++) {
    work.push(post('abuser', JSON.stringify(INIT), undefined, false).then((r) => {
      count('init', r.status);
      if (r.session !== undefined) opened.push(r.session);
    }));
  }
  // Bodies over the limit: declared, then streamed in one go without reading the answer first.
  const huge = JSON.stringify({ ...INIT, pad: 'x'.repeat(1024 * 1024) });
  for (let i = 0; i < 4; i++) work.push(post('abuser', huge, undefined, false).then((r) => count('huge', r.status)));
  for (let i = 0; i < 4; i++) work.push(slowClient());
  // Garbage and forged sessions.
  for (let i = 0; i < 10; i++) work.push(post('abuser', '{"jsonrpc": "2.0", "id": 1, "method": ', undefined, false).then((r) => count('garbage', r.status)));
  for (let i = 0; i < 10; i++) work.push(post('abuser', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), `forged-${round}-${i}`, false).then((r) => count('forged', r.status)));
  await Promise.all(work);
  await Promise.all(opened.map((session) => remove('abuser', session)));
}

function heap(): number {
  for (let i = 0; i < 3; i++) gc!();
  return process.memoryUsage().heapUsed;
}

let afterFirst = 0;
for (let round = 0; round < ROUNDS; round++) {
  await Promise.all([...goodTokens.map((token) => goodClient(token)), abuser(round)]);
  if (round === 0) afterFirst = heap();
}
const last = heap();
const sessionsLeft = server.sessionCount;
agent.destroy();
await server.close();
console.log(JSON.stringify({ sessionsLeft, goodCalls, goodErrors, firstError, abuse: Object.fromEntries([...abuse].sort()), heapGrowthBytes: last - afterFirst, ms: Date.now() - started }));
