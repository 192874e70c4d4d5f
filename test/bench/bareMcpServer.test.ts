import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { answerToolCall } from '../../servers/kit/DomainMcpServer.js';
import { domainRuntime } from '../../servers/kit/DomainSession.js';
import { ledgerDomain } from '../servers/kit/ledgerDomain.js';
import type { Recording } from './bareMcpServer.js';

const here = dirname(fileURLToPath(import.meta.url));

/** The baselines of `npm run bench:env`: the transport ratios are only as honest as these servers. */
describe('the bare SDK servers the transport benchmark compares the domains with', function () {
  this.timeout(20_000);
  const calls = [
    { name: 'ledger_get_balance', arguments: { account_id: 'acc_1' } },
    { name: 'ledger_transfer', arguments: { from: 'acc_1', to: 'acc_2', amount: 5 } },
    { name: 'ledger_transfer', arguments: { from: 'acc_2', to: 'acc_1', amount: 1e6 } },
    { name: 'ledger_get_balance', arguments: { account_id: 'acc_2' } },
  ];
  let directory: string;

  before(() => {
    directory = mkdtempSync(join(tmpdir(), 'prove-replay-test-'));
  });
  after(() => rmSync(directory, { recursive: true, force: true }));

  async function connect(...args: string[]): Promise<Client> {
    const client = new Client({ name: 'test', version: '0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: ['--import', 'tsx', join(here, 'bareMcpServer.ts'), ...args] }));
    return client;
  }

  it('the replay server lists the recorded tools and answers a domain\'s own results in order, starting over after the last', async () => {
    const runtime = domainRuntime(ledgerDomain);
    const session = runtime.openSession();
    const recording: Recording = { tools: [...runtime.mcpTools], results: calls.map((call) => answerToolCall(session, call.name, call.arguments)) };
    expect(recording.results.map((result) => result.isError === true)).to.deep.equal([false, false, true, false]);
    const file = join(directory, 'recording.json');
    writeFileSync(file, JSON.stringify(recording));
    const client = await connect('replay', file);
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).to.deep.equal(runtime.mcpTools.map((tool) => tool.name));
      for (let round = 0; round < 2; round++) {
        for (const [index, call] of calls.entries()) expect(await client.callTool(call)).to.deep.equal(recording.results[index]);
      }
    } finally {
      await client.close();
    }
  });

  it('the echo server has one trivial tool that answers its word', async () => {
    const client = await connect('stdio');
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).to.deep.equal(['echo']);
      expect(await client.callTool({ name: 'echo', arguments: { word: 'hi' } })).to.deep.equal({ content: [{ type: 'text', text: 'hi' }] });
    } finally {
      await client.close();
    }
  });
});
