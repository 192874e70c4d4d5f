import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPERATOR_TOOLS } from '../../../servers/kit/DomainMcpServer.js';
import { DomainHttpServer } from '../../../servers/kit/DomainHttpServer.js';
import { domainRuntime } from '../../../servers/kit/DomainSession.js';
import { fastPort, McpPort, type ToolPort } from '../support/ToolPort.js';
import { ledgerDomain } from './ledgerDomain.js';

const here = dirname(fileURLToPath(import.meta.url));
const runtime = domainRuntime(ledgerDomain);

/** Calls covering success, each failure kind, a rejected mutation, ids and randomness. */
const script: Array<[string, unknown]> = [
  ['ledger_get_balance', { account_id: 'acc_1' }],
  ['ledger_transfer', { from: 'acc_1', to: 'acc_2', amount: 12.25, memo: 'dîner 🍜' }],
  ['ledger_transfer', { from: 'acc_2', to: 'acc_1', amount: 1e6 }],
  ['ledger_transfer', { from: 'acc_2', to: 'acc_1', amount: '3' }],
  ['ledger_transfer', { from: 'acc_2', to: 'acc_1', amount: 3, extra: true }],
  ['ledger_roll', {}],
  ['ledger_broken', {}],
  ['ledger_get_balanse', { account_id: 'acc_1' }],
  ['ledger_get_balance', { account_id: 'acc_2' }],
];

async function play(port: ToolPort): Promise<Array<{ outcome: unknown; hash: string }>> {
  const out = [];
  for (const [name, args] of script) out.push({ outcome: await port.call(name, args), hash: await port.hash() });
  return out;
}

describe('the domain kit over real MCP transports (kit test domain)', function () {
  this.timeout(20_000);
  let http: DomainHttpServer;
  let url: string;
  const token = 'tok-3e1b';
  const operatorToken = 'op-77c2';

  before(async () => {
    http = new DomainHttpServer({ domains: [ledgerDomain], port: 0, token, operatorToken, maxSessions: 3, idleTimeoutMs: 60_000 });
    await http.listen();
    url = http.url('ledger');
  });
  after(() => http.close());

  it('stdio, Streamable HTTP and the fast path give the same outcomes and the same hashes, call by call', async () => {
    const expected = await play(fastPort(runtime.openSession()));
    const stdio = await McpPort.stdio(process.execPath, ['--import', 'tsx', join(here, 'serveLedger.ts')]);
    const overHttp = await McpPort.http(url, token);
    try {
      expect(await play(stdio)).to.deep.equal(expected);
      expect(await play(overHttp)).to.deep.equal(expected);
    } finally {
      await stdio.close();
      await overHttp.close();
    }
    expect(expected.map((e) => (e.outcome as { ok: boolean }).ok)).to.deep.equal([true, true, false, false, false, true, false, false, true]);
  });

  it('answers malformed tools/call requests and unknown methods with JSON-RPC errors that say what is valid (raw JSON-RPC over stdio)', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'serveLedger.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
    const replies = new Map<number, (message: Record<string, unknown>) => void>();
    createInterface({ input: child.stdout }).on('line', (line) => {
      const message = JSON.parse(line) as Record<string, unknown>;
      replies.get(message.id as number)?.(message);
    });
    let nextId = 0;
    const send = (method: string, params?: unknown) =>
      new Promise<Record<string, unknown>>((resolve) => {
        const id = ++nextId;
        replies.set(id, resolve);
        child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) })}\n`);
      });
    try {
      await send('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } });
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
      const noName = (await send('tools/call', { arguments: {} })).error as { code: number; message: string };
      expect(noName.code).to.equal(-32602);
      expect(noName.message).to.include('params.name must be the tool').and.include('got no name');
      const numberName = (await send('tools/call', { name: 7 })).error as { code: number; message: string };
      expect(numberName.code).to.equal(-32602);
      expect(numberName.message).to.include('got name 7');
      const noParams = (await send('tools/call')).error as { code: number; message: string };
      expect(noParams.code).to.equal(-32602);
      expect(noParams.message).to.include('params must be an object');
      const unknownMethod = (await send('resources/list', {})).error as { code: number; message: string };
      expect(unknownMethod.code).to.equal(-32601);
      expect(unknownMethod.message).to.include('resources/list');
      expect((await send('ping')).result).to.deep.equal({});
      // Arguments that are not an object are the kit's to judge: a tool result a model can act on.
      for (const args of [null, [1, 2], 'acc_1']) {
        const result = (await send('tools/call', { name: 'ledger_get_balance', arguments: args })).result as { isError: boolean; content: Array<{ text: string }> };
        expect(result.isError).to.equal(true);
        expect(result.content[0].text).to.include('arguments of ledger_get_balance must be a JSON object');
      }
      const ok = (await send('tools/call', { name: 'ledger_get_balance', arguments: { account_id: 'acc_1' } })).result as { structuredContent: unknown; isError?: boolean };
      expect(ok.isError).to.equal(undefined);
      expect(ok.structuredContent).to.deep.equal({ account_id: 'acc_1', balance: 100 });
      const missing = (await send('tools/call', { name: 'ledger_get_balance' })).result as { isError: boolean; content: Array<{ text: string }> };
      expect(missing.isError).to.equal(true);
      expect(missing.content[0].text).to.include('account_id');
    } finally {
      child.kill();
    }
  });

  it('tools/list shows exactly the agent-visible tools, with schemas and annotations, and no operator tool', async () => {
    const port = await McpPort.http(url, token);
    try {
      const tools = await port.listTools();
      expect(tools.map((t) => t.name)).to.deep.equal(runtime.toolNames);
      expect(tools[0].inputSchema).to.deep.equal(ledgerDomain.tools[0].input);
      expect(tools[0].outputSchema).to.deep.equal(ledgerDomain.tools[0].output);
      expect(tools[0].annotations).to.deep.equal({ readOnlyHint: true });
      for (const name of Object.values(OPERATOR_TOOLS)) expect(tools.map((t) => t.name)).to.not.include(name);
    } finally {
      await port.close();
    }
  });

  it('operator tools reset the session to its initial hash and show the whole state, for the operator token only', async () => {
    const agent = await McpPort.http(url, token);
    try {
      for (const name of [OPERATOR_TOOLS.reset, OPERATOR_TOOLS.snapshot]) {
        const refused = await agent.call(name, {}).then(() => 'answered', (error: Error) => error.message);
        expect(refused).to.include('needs the operator token');
      }
      expect(await agent.hash()).to.equal(runtime.openSession().stateHashSync());
    } finally {
      await agent.close();
    }
    const port = await McpPort.http(url, operatorToken);
    try {
      const initial = await port.hash();
      expect(initial).to.equal(runtime.openSession().stateHashSync());
      await port.call('ledger_transfer', { from: 'acc_1', to: 'acc_2', amount: 5 });
      const snapshot = await port.snapshot();
      expect((snapshot.state as { accounts: Array<{ balance: number }> }).accounts[0].balance).to.equal(95);
      expect(snapshot.hash).to.not.equal(initial);
      expect(await port.reset()).to.equal(initial);
      expect(await port.call('ledger_get_balance', { account_id: 'acc_1' })).to.deep.equal({ ok: true, result: { account_id: 'acc_1', balance: 100 } });
    } finally {
      await port.close();
    }
  });

  it('two HTTP sessions of the same domain do not see each other', async () => {
    const a = await McpPort.http(url, token);
    const b = await McpPort.http(url, token);
    try {
      await a.call('ledger_transfer', { from: 'acc_1', to: 'acc_2', amount: 40 });
      expect(await b.call('ledger_get_balance', { account_id: 'acc_1' })).to.deep.equal({ ok: true, result: { account_id: 'acc_1', balance: 100 } });
      expect(await a.call('ledger_get_balance', { account_id: 'acc_1' })).to.deep.equal({ ok: true, result: { account_id: 'acc_1', balance: 60 } });
      expect(await a.hash()).to.not.equal(await b.hash());
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('refuses requests without the bearer token with 401', async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } }),
    });
    expect(response.status).to.equal(401);
    expect(response.headers.get('www-authenticate')).to.match(/^Bearer/);
    expect(((await response.json()) as { error: { message: string } }).error.message).to.include('Authorization: Bearer');
    let failure: unknown;
    await McpPort.http(url, 'wrong-token').catch((error: unknown) => (failure = error));
    expect((failure as { code?: unknown }).code).to.equal(401);
    expect(String(failure)).to.include('unauthorized');
  });

  it('refuses a session beyond the cap with a clear message, and admits one again after a client closes', async () => {
    const open = [await McpPort.http(url, token), await McpPort.http(url, token), await McpPort.http(url, token)];
    let failure: unknown;
    await McpPort.http(url, token).catch((error: unknown) => (failure = error));
    expect(String(failure)).to.include('maximum of 3 sessions');
    // A client ending its session (DELETE with its Mcp-Session-Id) releases it on the server.
    await open[0].close();
    const again = await McpPort.http(url, token);
    await Promise.all([again, ...open.slice(1)].map((port) => port.close()));
    expect(http.sessionCount).to.equal(0);
  });

  it('answers unknown paths with the served endpoints, and refuses non-loopback Host names', async () => {
    const headers = { authorization: `Bearer ${token}` };
    const missing = await fetch(url.replace('/mcp/ledger', '/mcp/bank'), { method: 'POST', headers, body: '{}' });
    expect(missing.status).to.equal(404);
    expect(((await missing.json()) as { error: { message: string } }).error.message).to.include('served: /mcp/ledger');
    const index = (await (await fetch(url.replace('/mcp/ledger', '/'), { headers })).json()) as { domains: Array<{ path: string }> };
    expect(index.domains.map((d) => d.path)).to.deep.equal(['/mcp/ledger']);
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(url, { method: 'GET', headers: { ...headers, host: 'evil.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).to.equal(403);
  });

  it('evicts idle sessions: their transport closes and a later request is told to start a new session', async () => {
    const short = new DomainHttpServer({ domains: [ledgerDomain], port: 0, idleTimeoutMs: 400 });
    await short.listen();
    try {
      const port = await McpPort.http(short.url('ledger'));
      expect(short.sessionCount).to.equal(1);
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(short.sessionCount).to.equal(0);
      let failure: unknown;
      await port.call('ledger_get_balance', { account_id: 'acc_1' }).catch((error: unknown) => (failure = error));
      expect(String(failure)).to.match(/not found|404/);
      await port.close().catch(() => undefined);
    } finally {
      await short.close();
    }
  });
});
