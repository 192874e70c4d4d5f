import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatMessage, ToolSchema } from '../../../core/index.js';
import type { CompletionSettings, OnnxPolicyPlugin } from './OnnxPolicyPlugin.js';

/** Options of {@link ModelServer}. */
export interface ModelServerOptions {
  policy: OnnxPolicyPlugin;
  /** The model name clients send and get back. */
  name: string;
  host?: string;
  port?: number;
  /** Largest request body in bytes. */
  maxBodyBytes?: number;
  /** Called after each completion is sent (serve-model prints one line per request from it). */
  onAnswer?: (answer: AnswerLog) => void;
}

/** What serve-model logs of one answered request. */
export interface AnswerLog {
  id: string;
  promptTokens: number;
  completionTokens: number;
  toolCalls: number;
  finishReason: string;
  seconds: number;
}

class BadRequest extends Error {
  constructor(
    message: string,
    readonly status = 400,
    readonly param?: string,
  ) {
    super(message);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const ROLES = new Set(['system', 'user', 'assistant', 'tool']);

/** The messages of a request, checked: a role each, text content (or parts of text), tool calls as OpenAI writes them. */
function readMessages(raw: unknown): ChatMessage[] {
  if (!Array.isArray(raw) || raw.length === 0) throw new BadRequest('messages must be a non-empty array', 400, 'messages');
  return raw.map((m, i) => {
    if (!isObject(m) || typeof m.role !== 'string' || !ROLES.has(m.role)) throw new BadRequest(`messages[${i}].role must be one of system, user, assistant, tool`, 400, `messages[${i}].role`);
    let content = m.content;
    if (Array.isArray(content)) content = content.map((p) => (isObject(p) && typeof p.text === 'string' ? p.text : '')).join('');
    if (content !== null && content !== undefined && typeof content !== 'string') throw new BadRequest(`messages[${i}].content must be a string`, 400, `messages[${i}].content`);
    if (m.role !== 'assistant' && typeof content !== 'string') throw new BadRequest(`messages[${i}].content must be a string`, 400, `messages[${i}].content`);
    const message: Record<string, unknown> = { role: m.role, content: content ?? null };
    if (m.role === 'tool') message.tool_call_id = typeof m.tool_call_id === 'string' ? m.tool_call_id : '';
    if (m.role === 'assistant' && m.tool_calls !== undefined) {
      if (!Array.isArray(m.tool_calls)) throw new BadRequest(`messages[${i}].tool_calls must be an array`, 400, `messages[${i}].tool_calls`);
      message.tool_calls = m.tool_calls.map((c, j) => {
        if (!isObject(c) || !isObject(c.function) || typeof c.function.name !== 'string') throw new BadRequest(`messages[${i}].tool_calls[${j}] needs function.name`, 400, `messages[${i}].tool_calls`);
        const args = c.function.arguments;
        return { id: typeof c.id === 'string' ? c.id : `call_${j}`, type: 'function', function: { name: c.function.name, arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}) } };
      });
    }
    return message as unknown as ChatMessage;
  });
}

function readTools(raw: unknown): ToolSchema[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw new BadRequest('tools must be an array', 400, 'tools');
  return raw.map((t, i) => {
    if (!isObject(t) || t.type !== 'function' || !isObject(t.function) || typeof t.function.name !== 'string' || t.function.name === '') {
      throw new BadRequest(`tools[${i}] must be {"type": "function", "function": {"name": …, "parameters": …}}`, 400, `tools[${i}]`);
    }
    return { type: 'function', function: { ...t.function, parameters: isObject(t.function.parameters) ? t.function.parameters : { type: 'object', properties: {} } } } as ToolSchema;
  });
}

function numberIn(body: Record<string, unknown>, key: string, min: number, max: number, integer = false): number | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
    throw new BadRequest(`${key} must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}`, 400, key);
  }
  return value;
}

/**
 * An OpenAI-compatible chat-completions server on the ONNX policy: `POST /v1/chat/completions`
 * (tools in, `tool_calls` out, no streaming, n = 1) and `GET /v1/models`. Requests that arrive
 * together are decoded in one batch; each keeps its own max_tokens, temperature, top_p and seed.
 */
export class ModelServer {
  private server?: Server;
  private counter = 0;
  readonly started = Math.floor(Date.now() / 1000);

  constructor(private readonly options: ModelServerOptions) {}

  async listen(): Promise<{ url: string; port: number }> {
    const server = createServer((req, res) => void this.handle(req, res));
    // An answer of a CPU model can take minutes: Node's default 300 s request timeout would answer 408.
    server.requestTimeout = 0;
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port ?? 8000, this.options.host ?? '127.0.0.1', () => resolve());
    });
    const { port, address } = server.address() as AddressInfo;
    const host = address.includes(':') ? `[${address}]` : address;
    return { url: `http://${host}:${port}/v1`, port };
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const path = (req.url ?? '/').split('?')[0].replace(/\/+$/, '');
      if (req.method === 'GET' && path === '/v1/models') {
        return send(res, 200, { object: 'list', data: [{ id: this.options.name, object: 'model', created: this.started, owned_by: 'prove' }] });
      }
      if (path !== '/v1/chat/completions') throw new BadRequest(`no route ${req.method} ${path}; this server answers POST /v1/chat/completions and GET /v1/models`, 404);
      if (req.method !== 'POST') throw new BadRequest('use POST', 405);
      const body = await readBody(req, this.options.maxBodyBytes ?? 8 * 2 ** 20);
      send(res, 200, await this.chat(body));
    } catch (error) {
      if (error instanceof BadRequest) return send(res, error.status, { error: { message: error.message, type: 'invalid_request_error', param: error.param ?? null, code: null } });
      const message = error instanceof Error ? error.message : String(error);
      const code = (error as { code?: string }).code;
      const status = code === 'PROVE_MODEL_CONTEXT_EXCEEDED' ? 400 : 500;
      send(res, status, { error: { message, type: status === 400 ? 'invalid_request_error' : 'server_error', param: null, code: code ?? null } });
    }
  }

  private async chat(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (body.stream === true) throw new BadRequest('stream is not supported by prove-rl serve-model; send stream: false', 400, 'stream');
    if (body.n !== undefined && body.n !== 1) throw new BadRequest('n must be 1', 400, 'n');
    if (body.model !== undefined && body.model !== this.options.name) throw new BadRequest(`model "${String(body.model)}" is not served here; this server serves "${this.options.name}"`, 404, 'model');
    const messages = readMessages(body.messages);
    let tools = readTools(body.tools);
    const choice = body.tool_choice;
    if (choice === 'none') tools = [];
    else if (choice !== undefined && choice !== 'auto' && choice !== 'required') {
      if (isObject(choice) && isObject(choice.function) && typeof choice.function.name === 'string') tools = tools.filter((t) => t.function.name === (choice.function as { name: string }).name);
      else throw new BadRequest('tool_choice must be none, auto, required or {"type": "function", "function": {"name": …}}', 400, 'tool_choice');
    }
    const settings: CompletionSettings = {
      maxNewTokens: numberIn(body, 'max_completion_tokens', 1, 1e6, true) ?? numberIn(body, 'max_tokens', 1, 1e6, true),
      temperature: numberIn(body, 'temperature', 0, 2),
      topP: numberIn(body, 'top_p', 1e-9, 1),
      seed: numberIn(body, 'seed', -(2 ** 53), 2 ** 53, true),
    };
    const started = performance.now();
    const completion = await this.options.policy.complete({ messages, tools, seed: this.counter }, settings);
    const id = `chatcmpl-prove-${++this.counter}`;
    const message = completion.message as { content: string | null; tool_calls?: unknown[] };
    this.options.onAnswer?.({
      id,
      promptTokens: completion.usage?.promptTokens ?? 0,
      completionTokens: completion.usage?.completionTokens ?? 0,
      toolCalls: message.tool_calls?.length ?? 0,
      finishReason: completion.finishReason,
      seconds: (performance.now() - started) / 1000,
    });
    return {
      id,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: this.options.name,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: message.content, ...(message.tool_calls ? { tool_calls: message.tool_calls } : {}) },
          finish_reason: completion.finishReason === 'error' ? 'stop' : completion.finishReason,
          logprobs: null,
        },
      ],
      usage: {
        prompt_tokens: completion.usage?.promptTokens ?? 0,
        completion_tokens: completion.usage?.completionTokens ?? 0,
        total_tokens: (completion.usage?.promptTokens ?? 0) + (completion.usage?.completionTokens ?? 0),
      },
    };
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function readBody(req: IncomingMessage, limit: number): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BadRequest(`the body is larger than ${limit} bytes`, 413);
    chunks.push(chunk as Buffer);
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch (error) {
    throw new BadRequest(`the body is not JSON (${(error as Error).message})`);
  }
  if (!isObject(body)) throw new BadRequest('the body must be a JSON object');
  return body;
}
