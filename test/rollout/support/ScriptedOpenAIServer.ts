import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatMessage, ToolSchema } from '../../../core/index.js';

/** A chat-completions request as the server received it. */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  tools?: ToolSchema[];
  [key: string]: unknown;
}

/** What a script answers: a chat completion, an HTTP error, a delay, or a dropped connection. */
export type ScriptReply =
  | { kind: 'message'; content?: string | null; toolCalls?: Array<{ id?: string; name: string; arguments: string }>; finishReason?: string; logprobs?: unknown }
  | { kind: 'status'; status: number; body?: string; headers?: Record<string, string> }
  | { kind: 'raw'; body: string }
  | { kind: 'drop' };

/** Decides the reply to one request; may wait (to play a slow server). */
export type Script = (request: ChatRequest, index: number, headers: IncomingMessage['headers']) => ScriptReply | Promise<ScriptReply>;

/**
 * A local HTTP server speaking the OpenAI chat-completions protocol (POST /v1/chat/completions),
 * answering with whatever a script decides. Tests run the real client code path against it.
 */
export class ScriptedOpenAIServer {
  readonly requests: ChatRequest[] = [];
  readonly headers: IncomingMessage['headers'][] = [];
  private active = 0;
  /** The most requests it held at once. */
  maxInFlight = 0;
  private server?: Server;
  baseURL = '';

  constructor(public script: Script) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.keepAliveTimeout = 1000;
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.baseURL = `http://127.0.0.1:${port}/v1`;
    return this;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
      return;
    }
    let body: ChatRequest;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
    } catch {
      res.writeHead(400).end('{"error":{"message":"body is not JSON"}}');
      return;
    }
    const index = this.requests.length;
    this.requests.push(body);
    this.headers.push(req.headers);
    this.active++;
    this.maxInFlight = Math.max(this.maxInFlight, this.active);
    try {
      const reply = await this.script(body, index, req.headers);
      if (res.destroyed) return;
      switch (reply.kind) {
        case 'drop':
          req.socket.destroy();
          return;
        case 'status':
          res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end(reply.body ?? JSON.stringify({ error: { message: `status ${reply.status}` } }));
          return;
        case 'raw':
          res.writeHead(200, { 'content-type': 'application/json' }).end(reply.body);
          return;
        case 'message': {
          const toolCalls = reply.toolCalls?.map((call, i) => ({ id: call.id ?? `chatcmpl-tool-${index}-${i}`, type: 'function', function: { name: call.name, arguments: call.arguments } }));
          const message: Record<string, unknown> = { role: 'assistant', content: reply.content ?? null };
          if (toolCalls?.length) message.tool_calls = toolCalls;
          const completion = {
            id: `chatcmpl-${index}`,
            object: 'chat.completion',
            created: 0,
            model: body.model,
            choices: [{ index: 0, message, logprobs: reply.logprobs ?? null, finish_reason: reply.finishReason ?? (toolCalls?.length ? 'tool_calls' : 'stop') }],
            usage: { prompt_tokens: JSON.stringify(body.messages).length, completion_tokens: 7, total_tokens: 0 },
          };
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion));
          return;
        }
      }
    } catch (error) {
      res.writeHead(500).end(JSON.stringify({ error: { message: (error as Error).message } }));
    } finally {
      this.active--;
    }
  }
}

/** Start a scripted server on 127.0.0.1 with an ephemeral port. */
export function startScriptedOpenAIServer(script: Script): Promise<ScriptedOpenAIServer> {
  return new ScriptedOpenAIServer(script).start();
}

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
