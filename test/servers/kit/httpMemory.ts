/**
 * Run as a child process with `--expose-gc`: serves the kit's test domain over Streamable HTTP,
 * opens ONE session and makes `CALLS` tools/call requests in it (raw JSON-RPC over a keep-alive
 * agent, a few in flight at once), then prints one JSON line with the heap after a full collection
 * before and after those calls: `{ calls, before, after, growthBytes }`.
 */
import { Agent, request } from 'node:http';
import { DomainHttpServer } from '../../../servers/kit/DomainHttpServer.js';
import { ledgerDomain } from './ledgerDomain.js';

const CALLS = Number(process.argv[2] ?? 20_000);
const WARMUP = 1_000;
const IN_FLIGHT = 8;
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc');

const server = new DomainHttpServer({ domains: [ledgerDomain], port: 0 });
const { port } = await server.listen();
const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });

function post(body: unknown, session?: string): Promise<{ status: number; session?: string; text: string }> {
  const text = JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'content-length': String(Buffer.byteLength(text)) };
  if (session !== undefined) {
    headers['mcp-session-id'] = session;
    headers['mcp-protocol-version'] = '2025-06-18';
  }
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/mcp/ledger', method: 'POST', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, session: res.headers['mcp-session-id'] as string | undefined, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(text);
  });
}

const init = await post({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'memory', version: '0' } } });
const session = init.session;
if (init.status !== 200 || session === undefined) throw new Error(`initialize failed: ${init.status} ${init.text}`);
await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, session);

let id = 1;
async function calls(count: number): Promise<void> {
  let left = count;
  const worker = async (): Promise<void> => {
    while (left > 0) {
      left--;
      const reply = await post({ jsonrpc: '2.0', id: id++, method: 'tools/call', params: { name: 'ledger_get_balance', arguments: { account_id: 'acc_1' } } }, session);
      if (reply.status !== 200 || !reply.text.includes('"balance"')) throw new Error(`call failed: ${reply.status} ${reply.text.slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
}

function heap(): number {
  for (let i = 0; i < 3; i++) gc!();
  return process.memoryUsage().heapUsed;
}

await calls(WARMUP);
const before = heap();
await calls(CALLS);
const after = heap();
agent.destroy();
await server.close();
console.log(JSON.stringify({ calls: CALLS, before, after, growthBytes: after - before }));
