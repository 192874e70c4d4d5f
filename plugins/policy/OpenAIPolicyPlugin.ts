import {
  errors,
  validatePluginOptions,
  type AssistantMessage,
  type ChatMessage,
  type Completion,
  type Engine,
  type GenerationDraft,
  type GenerationPurpose,
  type JsonSchema,
  type ProvePlugin,
  type TokenTrace,
  type ToolCall,
} from '../../core/index.js';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { STAGES } from '../stages.js';
import { parseChatToolCalls, parseHermesText, toChatToolCall } from './parseToolCalls.js';
import { Semaphore } from '../../core/support/index.js';

const PLUGIN_NAME = 'OpenAIPolicyPlugin';

/** Options of {@link OpenAIPolicyPlugin}. Sampling options left unset are not sent, so the server's defaults apply. */
export interface OpenAIPolicyOptions {
  /** Base URL of an OpenAI-compatible server, up to and including `/v1` (vLLM: `http://localhost:8000/v1`). */
  baseURL: string;
  /** Model name as the server knows it. */
  model: string;
  /** Name of the environment variable holding the API key; when it is unset no Authorization header is sent. */
  apiKeyEnv?: string;
  temperature?: number;
  topP?: number;
  maxTokens?: number;
  /** Base seed: when set, each request sends `seed + draft.seed`, so rollouts of a group differ and a rerun repeats them. */
  seed?: number;
  /** Extra fields merged into every request body (e.g. vLLM's `chat_template_kwargs`). */
  extraBody?: Record<string, unknown>;
  /** Extra HTTP headers. */
  headers?: Record<string, string>;
  /** `tool_choice` to send; unset sends none (the server's default, `auto` where tools are given). */
  toolChoice?: 'auto' | 'required' | 'none';
  /** Milliseconds one HTTP request may take, body included. */
  timeoutMs?: number;
  /** Retries after the first attempt, on network errors, timeouts, HTTP 408, 429 and 5xx. */
  retries?: number;
  /** First backoff in milliseconds; doubles on each retry up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Requests in flight at once from this plugin instance. */
  concurrency?: number;
  /** Draft purposes this policy answers. */
  purposes?: GenerationPurpose[];
  /** Also read `<tool_call>{…}</tool_call>` calls from the text when the server returned no structured calls. */
  parseTextToolCalls?: boolean;
  /** Ask for token ids and log-probabilities (vLLM's `return_tokens_as_token_ids`), for training. */
  logprobs?: boolean;
}

type Resolved = Required<Omit<OpenAIPolicyOptions, 'temperature' | 'topP' | 'maxTokens' | 'seed' | 'toolChoice'>> &
  Pick<OpenAIPolicyOptions, 'temperature' | 'topP' | 'maxTokens' | 'seed' | 'toolChoice'>;

const OPTIONS_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    baseURL: { type: 'string', format: 'uri', pattern: '^https?://' },
    model: { type: 'string', minLength: 1 },
    apiKeyEnv: { type: 'string', minLength: 1, default: 'OPENAI_API_KEY' },
    temperature: { type: 'number', minimum: 0, maximum: 2 },
    topP: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
    maxTokens: { type: 'integer', minimum: 1 },
    seed: { type: 'integer' },
    extraBody: { type: 'object', default: {} },
    headers: { type: 'object', additionalProperties: { type: 'string' }, default: {} },
    toolChoice: { enum: ['auto', 'required', 'none'] },
    timeoutMs: { type: 'integer', minimum: 1, default: 120000 },
    retries: { type: 'integer', minimum: 0, maximum: 20, default: 3 },
    backoffMs: { type: 'integer', minimum: 0, default: 500 },
    maxBackoffMs: { type: 'integer', minimum: 0, default: 10000 },
    concurrency: { type: 'integer', minimum: 1, maximum: 4096, default: 16 },
    purposes: { type: 'array', items: { enum: ['query', 'assistant', 'user', 'response'] }, minItems: 1, uniqueItems: true, default: ['assistant'] },
    parseTextToolCalls: { type: 'boolean', default: true },
    logprobs: { type: 'boolean', default: false },
  },
  required: ['baseURL', 'model'],
  additionalProperties: false,
};

/** A failure worth another attempt (network, timeout, 408, 429, 5xx), with the server's Retry-After if it sent one. */
class RetryableFailure extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** What one request produced, before it becomes a {@link Completion}. */
interface RawChoice {
  message: Record<string, unknown>;
  finishReason: unknown;
  logprobs: unknown;
  usage: unknown;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** OpenAI messages as the server should see them: reasoning of earlier turns is not sent back. */
function outgoingMessages(messages: readonly ChatMessage[]): ChatMessage[] {
  return messages.map((message) => {
    if (message.role !== 'assistant' || message.reasoning_content === undefined) return message;
    const { reasoning_content: _dropped, ...rest } = message;
    return rest;
  });
}

function textOf(content: unknown): string | null {
  if (typeof content === 'string') return content;
  // Some servers return content as parts: [{ type: 'text', text }].
  if (Array.isArray(content)) return content.map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : '')).join('');
  return null;
}

function tokenTrace(logprobs: unknown): TokenTrace | undefined {
  const content = isObject(logprobs) ? logprobs.content : undefined;
  if (!Array.isArray(content) || content.length === 0) return undefined;
  const ids: number[] = [];
  const values: number[] = [];
  for (const entry of content) {
    const match = isObject(entry) && typeof entry.token === 'string' ? /^token_id:(\d+)$/.exec(entry.token) : null;
    if (!match || typeof entry.logprob !== 'number') return undefined;
    ids.push(Number(match[1]));
    values.push(entry.logprob);
  }
  return { ids, logprobs: values };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * One POST with node:http(s). Not `fetch`: its client gives up on a response whose headers take more
 * than 300 s (undici's headersTimeout), whatever `timeoutMs` says, and a small model on a busy CPU
 * can take longer than that to prefill a long prompt. Here only `timeoutMs` (the signal) limits it.
 */
function post(url: string, headers: Record<string, string>, payload: string, signal: AbortSignal): Promise<{ status: number; retryAfter: string | null; text: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(target, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(payload)) }, signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const retryAfter = res.headers['retry-after'];
        resolve({ status: res.statusCode ?? 0, retryAfter: typeof retryAfter === 'string' ? retryAfter : null, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

function describeFetchError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = (error as { code?: string }).code;
  const base = error instanceof Error ? error.message : String(error);
  if (code !== undefined && !base.includes(code)) return `${base} (${code})`;
  return cause?.code ? `${base} (${cause.code})` : cause?.message ? `${base} (${cause.message})` : base;
}

/**
 * The built-in policy: an OpenAI-compatible chat-completions client with tool calling (vLLM,
 * SGLang, Ollama, llama.cpp server, hosted APIs). It fills `draft.completion` for the purposes it
 * answers. Tool calls come from the response's `tool_calls`, or from Hermes-form text when a
 * Qwen-family model is served without a tool parser; a call that cannot be parsed is returned with
 * `malformed` set, so the reward counts it as invalid instead of the rollout crashing.
 */
export class OpenAIPolicyPlugin implements ProvePlugin {
  static readonly pluginName = PLUGIN_NAME;
  static readonly description = 'policy: an OpenAI-compatible chat-completions server with tool calling';
  static readonly commands = [];
  static readonly optionsSchema = OPTIONS_SCHEMA;

  readonly name: string = PLUGIN_NAME;
  readonly options: Resolved;
  private readonly semaphore: Semaphore;
  private readonly url: string;

  constructor(options: OpenAIPolicyOptions) {
    // The resolver validates configured plugins already; commands construct this one directly.
    this.options = validatePluginOptions<Resolved>(PLUGIN_NAME, OPTIONS_SCHEMA, options ?? {});
    this.semaphore = new Semaphore(this.options.concurrency);
    this.url = `${this.options.baseURL.replace(/\/+$/, '')}/chat/completions`;
  }

  /** Requests in flight right now. */
  get inFlight(): number {
    return this.semaphore.inUse;
  }

  apply(engine: Engine): void {
    engine.hooks.onGenerate.tapPromise({ name: this.name, stage: STAGES.onGenerate.policy }, async (draft) => {
      if (draft.completion !== undefined || !this.options.purposes.includes(draft.purpose)) return draft;
      draft.completion = await this.complete(draft);
      return draft;
    });
  }

  /** One completion for a draft: the request with retries, then the parsed message. */
  async complete(draft: GenerationDraft): Promise<Completion> {
    const started = performance.now();
    const choice = await this.requestWithRetries(this.requestBody(draft), draft.signal);
    const completion = this.toCompletion(choice);
    completion.latencyMs = performance.now() - started;
    return completion;
  }

  private requestBody(draft: GenerationDraft): Record<string, unknown> {
    const o = this.options;
    const body: Record<string, unknown> = { model: o.model, messages: outgoingMessages(draft.messages) };
    if (draft.tools.length > 0) body.tools = draft.tools;
    if (o.toolChoice !== undefined && draft.tools.length > 0) body.tool_choice = o.toolChoice;
    if (o.temperature !== undefined) body.temperature = o.temperature;
    if (o.topP !== undefined) body.top_p = o.topP;
    if (o.maxTokens !== undefined) body.max_tokens = o.maxTokens;
    if (o.seed !== undefined) body.seed = (o.seed + draft.seed) % 2 ** 31;
    if (o.logprobs) {
      body.logprobs = true;
      body.return_tokens_as_token_ids = true;
    }
    return { ...body, ...o.extraBody };
  }

  private async requestWithRetries(body: Record<string, unknown>, signal: AbortSignal | undefined): Promise<RawChoice> {
    const payload = JSON.stringify(body);
    const attempts = this.options.retries + 1;
    let last: unknown;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (signal?.aborted) throw errors.policyUnavailable(this.name, this.options.baseURL, attempt - 1, signal.reason ?? 'aborted');
      try {
        return await this.semaphore.run(() => this.requestOnce(payload, signal));
      } catch (error) {
        if (!(error instanceof RetryableFailure)) throw error;
        last = error;
        if (attempt === attempts || signal?.aborted) break;
        const backoff = Math.min(this.options.maxBackoffMs, this.options.backoffMs * 2 ** (attempt - 1));
        await sleep(Math.max(backoff, Math.min(error.retryAfterMs ?? 0, 60_000)), signal);
      }
    }
    throw errors.policyUnavailable(this.name, this.options.baseURL, attempts, last);
  }

  private async requestOnce(payload: string, signal: AbortSignal | undefined): Promise<RawChoice> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new RetryableFailure(`no answer within ${this.options.timeoutMs} ms`)), this.options.timeoutMs);
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json', ...this.options.headers };
    const key = process.env[this.options.apiKeyEnv];
    if (key) headers.authorization = `Bearer ${key}`;
    let status: number;
    let text: string;
    let retryAfter: string | null;
    try {
      ({ status, retryAfter, text } = await post(this.url, headers, payload, controller.signal));
    } catch (error) {
      const reason = controller.signal.reason;
      if (reason instanceof RetryableFailure) throw reason;
      if (signal?.aborted) throw errors.policyUnavailable(this.name, this.options.baseURL, 1, signal.reason ?? 'aborted');
      throw new RetryableFailure(describeFetchError(error));
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
    if (status === 408 || status === 429 || status >= 500) {
      const seconds = retryAfter === null ? NaN : Number(retryAfter);
      throw new RetryableFailure(`HTTP ${status}: ${text.slice(0, 200)}`, Number.isFinite(seconds) ? seconds * 1000 : undefined);
    }
    if (status < 200 || status >= 300) throw errors.policyRejected(this.name, this.options.baseURL, status, text);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw errors.policyBadResponse(this.name, this.options.baseURL, `the body is not JSON: ${text.slice(0, 200)}`);
    }
    const choice = isObject(json) && Array.isArray(json.choices) ? json.choices[0] : undefined;
    if (!isObject(choice) || !isObject(choice.message)) {
      throw errors.policyBadResponse(this.name, this.options.baseURL, `expected choices[0].message, got ${text.slice(0, 200)}`);
    }
    return { message: choice.message, finishReason: choice.finish_reason, logprobs: choice.logprobs, usage: (json as Record<string, unknown>).usage };
  }

  private toCompletion(choice: RawChoice): Completion {
    const raw = choice.message;
    let content = textOf(raw.content);
    let reasoning = typeof raw.reasoning_content === 'string' ? raw.reasoning_content : typeof raw.reasoning === 'string' ? raw.reasoning : undefined;
    let calls: ToolCall[] = parseChatToolCalls(raw.tool_calls);
    if (calls.length === 0 && content !== null && this.options.parseTextToolCalls) {
      const parsed = parseHermesText(content);
      calls = parsed.calls;
      content = parsed.content;
      reasoning ??= parsed.reasoning;
    }
    calls = calls.map((call, index) => (call.id ? call : { ...call, id: `call_${index}` }));
    const message: AssistantMessage = { role: 'assistant', content: content === '' && calls.length > 0 ? null : content };
    if (calls.length > 0) message.tool_calls = calls.map((call) => toChatToolCall(call, call.id!));
    if (reasoning) message.reasoning_content = reasoning;
    const completion: Completion = {
      message,
      calls,
      finishReason: choice.finishReason === 'length' ? 'length' : calls.length > 0 ? 'tool_calls' : 'stop',
    };
    if (isObject(choice.usage) && typeof choice.usage.prompt_tokens === 'number' && typeof choice.usage.completion_tokens === 'number') {
      completion.usage = { promptTokens: choice.usage.prompt_tokens, completionTokens: choice.usage.completion_tokens };
    }
    const tokens = this.options.logprobs ? tokenTrace(choice.logprobs) : undefined;
    if (tokens) completion.tokens = tokens;
    return completion;
  }
}

export default OpenAIPolicyPlugin;
