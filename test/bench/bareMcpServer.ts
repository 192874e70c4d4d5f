import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, isInitializeRequest, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';

/** The baseline of the transport benchmarks: a bare SDK server with one trivial tool. */
export function createBareServer(): Server {
  const server = new Server({ name: 'bare', version: '0.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [{ name: 'echo', description: 'Echo a word.', inputSchema: { type: 'object', properties: { word: { type: 'string' } } } }],
  }));
  server.setRequestHandler(CallToolRequestSchema, (request) => ({ content: [{ type: 'text', text: String(request.params.arguments?.word ?? '') }] }));
  return server;
}

/** What a replay server answers: a tool list, and the results of a sequence of calls, in order. */
export interface Recording {
  tools: Tool[];
  results: CallToolResult[];
}

/**
 * The baseline for calls with real payloads: a bare SDK server that lists the same tools (so that
 * the client validates the same output schemas) and answers the n-th call with the n-th recorded
 * result, starting over after the last. Against a domain server playing the same calls it leaves
 * only what the kit adds to serving: validating the arguments, running the handler on live state,
 * and building the result.
 */
export function createReplayServer(recording: Recording): Server {
  const server = new Server({ name: 'replay', version: '0.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: recording.tools }));
  let next = 0;
  server.setRequestHandler(CallToolRequestSchema, () => {
    const result = recording.results[next];
    next = (next + 1) % recording.results.length;
    return result;
  });
  return server;
}

/** The same shape of HTTP serving as DomainHttpServer (JSON responses, one transport per session), minus everything else. */
export async function listenBareHttp(createMcpServer: () => Server = createBareServer): Promise<{ url: string; close(): Promise<void> }> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const http = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown) : undefined;
        const id = req.headers['mcp-session-id'];
        let transport = typeof id === 'string' ? transports.get(id) : undefined;
        if (!transport && isInitializeRequest(body)) {
          const created = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), enableJsonResponse: true, onsessioninitialized: (sid) => void transports.set(sid, created) });
          await createMcpServer().connect(created);
          transport = created;
        }
        if (!transport) {
          res.writeHead(400).end();
          return;
        }
        await transport.handleRequest(req, res, body);
      })();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: async () => {
      for (const t of transports.values()) await t.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

// `bareMcpServer.ts stdio` serves the trivial tool; `bareMcpServer.ts replay <recording.json>` a replay.
if (process.argv[2] === 'stdio') await createBareServer().connect(new StdioServerTransport());
if (process.argv[2] === 'replay') await createReplayServer(JSON.parse(readFileSync(process.argv[3], 'utf8')) as Recording).connect(new StdioServerTransport());
