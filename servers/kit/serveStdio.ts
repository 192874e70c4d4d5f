import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { WorldSpec } from '../../core/index.js';
import type { DomainDefinition } from './Domain.js';
import { createDomainMcpServer } from './DomainMcpServer.js';
import { domainRuntime } from './DomainSession.js';

/**
 * Serve one domain over stdio: one process, one client, one session. Resolves when the client
 * closes stdin (or the transport closes); stdout carries only JSON-RPC.
 */
export async function serveStdio(domain: DomainDefinition, options: { world?: Partial<WorldSpec>; stdin?: Readable; stdout?: Writable } = {}): Promise<void> {
  const session = domainRuntime(domain).openSession(options.world);
  const server = createDomainMcpServer(session);
  const transport = new StdioServerTransport(options.stdin, options.stdout);
  const stdin = options.stdin ?? process.stdin;
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    stdin.once('end', () => resolve());
  });
  await server.connect(transport);
  await closed;
  await server.close().catch(() => undefined);
  await session.close();
}
