import { expect } from 'chai';
import { Engine, type GenerationDraft, type ProveError, type ToolSchema } from '../../core/index.js';
import { OpenAIPolicyPlugin, type OpenAIPolicyOptions } from '../../plugins/policy/OpenAIPolicyPlugin.js';
import { startScriptedOpenAIServer, wait, type Script, type ScriptedOpenAIServer } from './support/ScriptedOpenAIServer.js';

const tools: ToolSchema[] = [
  {
    type: 'function',
    function: { name: 'get_balance', description: 'balance of an account', parameters: { type: 'object', properties: { account_id: { type: 'string' } }, required: ['account_id'] } },
  },
];

function draft(overrides: Partial<GenerationDraft> = {}): GenerationDraft {
  return { purpose: 'assistant', messages: [{ role: 'user', content: 'What is the balance of acc_1?' }], tools, seed: 3, meta: {}, ...overrides };
}

describe('OpenAIPolicyPlugin', () => {
  let server: ScriptedOpenAIServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function engineWith(script: Script, options: Partial<OpenAIPolicyOptions> = {}): Promise<{ engine: Engine; plugin: OpenAIPolicyPlugin }> {
    server = await startScriptedOpenAIServer(script);
    const plugin = new OpenAIPolicyPlugin({ baseURL: server.baseURL, model: 'test-model', backoffMs: 1, maxBackoffMs: 5, ...options });
    const engine = new Engine();
    await engine.use(plugin);
    return { engine, plugin };
  }

  it('sends the conversation, the tools and the sampling options, and parses structured tool calls', async () => {
    const { engine } = await engineWith(() => ({ kind: 'message', toolCalls: [{ id: 'c1', name: 'get_balance', arguments: '{"account_id":"acc_1"}' }] }), {
      temperature: 0.7,
      topP: 0.9,
      maxTokens: 256,
      seed: 100,
      extraBody: { chat_template_kwargs: { enable_thinking: false } },
    });
    const out = await engine.generate(draft());
    const request = server!.requests[0];
    expect(request.model).to.equal('test-model');
    expect(request.messages).to.deep.equal([{ role: 'user', content: 'What is the balance of acc_1?' }]);
    expect(request.tools).to.deep.equal(tools);
    expect(request).to.include({ temperature: 0.7, top_p: 0.9, max_tokens: 256, seed: 103 });
    expect(request.chat_template_kwargs).to.deep.equal({ enable_thinking: false });
    expect(request).not.to.have.property('tool_choice');
    expect(out.completion!.calls).to.deep.equal([{ id: 'c1', name: 'get_balance', arguments: { account_id: 'acc_1' } }]);
    expect(out.completion!.finishReason).to.equal('tool_calls');
    expect(out.completion!.message).to.deep.equal({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_balance', arguments: '{"account_id":"acc_1"}' } }],
    });
    expect(out.completion!.usage?.completionTokens).to.equal(7);
  });

  it('reads Hermes <tool_call> blocks from the text when the server has no tool parser', async () => {
    const text =
      '<think>I need the balance first.</think>Let me check.\n<tool_call>\n{"name": "get_balance", "arguments": {"account_id": "acc_1"}}\n</tool_call>\n<tool_call>\n{"name": "get_balance", "arguments": "{\\"account_id\\": \\"acc_2\\"}"}\n</tool_call>';
    const { engine } = await engineWith(() => ({ kind: 'message', content: text }));
    const { completion } = await engine.generate(draft());
    expect(completion!.calls.map((c) => [c.name, c.arguments])).to.deep.equal([
      ['get_balance', { account_id: 'acc_1' }],
      ['get_balance', { account_id: 'acc_2' }],
    ]);
    expect(completion!.message.content).to.equal('Let me check.');
    expect((completion!.message as { reasoning_content?: string }).reasoning_content).to.equal('I need the balance first.');
    expect(completion!.finishReason).to.equal('tool_calls');
  });

  it('reports a call whose JSON is broken as a malformed call with its raw text, never a crash', async () => {
    const { engine } = await engineWith((_req, index) =>
      index === 0
        ? { kind: 'message', content: '<tool_call>\n{"name": "get_balance", "arguments": {"account_id": "acc_1"\n</tool_call>' }
        : { kind: 'message', toolCalls: [{ id: 'x', name: 'get_balance', arguments: '{"account_id": acc_1}' }] },
    );
    const first = (await engine.generate(draft())).completion!;
    expect(first.calls).to.have.length(1);
    expect(first.calls[0].name).to.equal('get_balance');
    expect(first.calls[0].malformed).to.contain('"account_id": "acc_1"');
    // Sent back to a server later, the call must still be valid JSON (vLLM parses earlier calls).
    expect(JSON.parse(first.message.role === 'assistant' ? first.message.tool_calls![0].function.arguments : '')).to.deep.equal({});
    const second = (await engine.generate(draft())).completion!;
    expect(second.calls[0]).to.include({ id: 'x', name: 'get_balance', malformed: '{"account_id": acc_1}' });
  });

  it('retries 5xx answers with backoff and succeeds when the server recovers', async () => {
    const { engine } = await engineWith((_req, index) => (index < 2 ? { kind: 'status', status: 503 } : { kind: 'message', content: 'Your balance is 10.' }), { retries: 3 });
    const { completion } = await engine.generate(draft());
    expect(completion!.message.content).to.equal('Your balance is 10.');
    expect(completion!.finishReason).to.equal('stop');
    expect(server!.requests).to.have.length(3);
  });

  it('gives up after the configured retries and says what happened', async () => {
    const { engine } = await engineWith(() => ({ kind: 'status', status: 500, body: 'engine overloaded' }), { retries: 2 });
    const error = (await engine.generate(draft()).then(
      () => undefined,
      (e: unknown) => e,
    )) as ProveError;
    expect(error.code).to.equal('PROVE_POLICY_UNAVAILABLE');
    expect(error.message).to.contain('after 3 attempts').and.contain('HTTP 500').and.contain('engine overloaded');
    expect(server!.requests).to.have.length(3);
  });

  it('times out a request that hangs, retries it, and reports the timeout', async () => {
    const { engine } = await engineWith(
      async (_req, index) => {
        if (index === 0) await wait(400);
        return { kind: 'message', content: 'done' };
      },
      { timeoutMs: 100, retries: 1 },
    );
    expect((await engine.generate(draft())).completion!.message.content).to.equal('done');
    expect(server!.requests).to.have.length(2);

    await server!.close();
    const hanging = await engineWith(async () => {
      await wait(400);
      return { kind: 'message', content: 'late' };
    }, { timeoutMs: 80, retries: 1 });
    const error = (await hanging.engine.generate(draft()).catch((e: unknown) => e)) as ProveError;
    expect(error.code).to.equal('PROVE_POLICY_UNAVAILABLE');
    expect(error.message).to.contain('no answer within 80 ms');
  });

  it('retries a dropped connection and a 429', async () => {
    const { engine } = await engineWith((_req, index) => (index === 0 ? { kind: 'drop' } : index === 1 ? { kind: 'status', status: 429, headers: { 'retry-after': '0' } } : { kind: 'message', content: 'ok' }));
    expect((await engine.generate(draft())).completion!.message.content).to.equal('ok');
    expect(server!.requests).to.have.length(3);
  });

  it('does not retry a 4xx rejection', async () => {
    const { engine } = await engineWith(() => ({ kind: 'status', status: 400, body: '{"error":{"message":"model \\"x\\" does not exist"}}' }));
    const error = (await engine.generate(draft()).catch((e: unknown) => e)) as ProveError;
    expect(error.code).to.equal('PROVE_POLICY_REJECTED');
    expect(error.message).to.contain('HTTP 400').and.contain('does not exist');
    expect(server!.requests).to.have.length(1);
  });

  it('reports a body that is not a chat completion', async () => {
    const { engine } = await engineWith(() => ({ kind: 'raw', body: '{"object":"list","data":[]}' }));
    const error = (await engine.generate(draft()).catch((e: unknown) => e)) as ProveError;
    expect(error.code).to.equal('PROVE_POLICY_BAD_RESPONSE');
    expect(error.message).to.contain('choices[0].message');
  });

  it('keeps at most `concurrency` requests in flight', async () => {
    const { engine } = await engineWith(
      async () => {
        await wait(20);
        return { kind: 'message', content: 'ok' };
      },
      { concurrency: 3 },
    );
    await Promise.all(Array.from({ length: 12 }, () => engine.generate(draft())));
    expect(server!.requests).to.have.length(12);
    expect(server!.maxInFlight).to.equal(3);
  });

  it('sends the API key from the named environment variable, and none when it is unset', async () => {
    process.env.PROVE_TEST_POLICY_KEY = 'sk-test-123';
    try {
      const { engine } = await engineWith(() => ({ kind: 'message', content: 'ok' }), { apiKeyEnv: 'PROVE_TEST_POLICY_KEY' });
      await engine.generate(draft());
      expect(server!.headers[0].authorization).to.equal('Bearer sk-test-123');
      delete process.env.PROVE_TEST_POLICY_KEY;
      await engine.generate(draft());
      expect(server!.headers[1].authorization).to.equal(undefined);
    } finally {
      delete process.env.PROVE_TEST_POLICY_KEY;
    }
  });

  it('answers only the purposes it was configured for and leaves a filled draft alone', async () => {
    const { engine } = await engineWith(() => ({ kind: 'message', content: 'ok' }));
    const query = await engine.generate(draft({ purpose: 'query' }));
    expect(query.completion).to.equal(undefined);
    const filled = draft({ completion: { message: { role: 'assistant', content: 'mine' }, calls: [], finishReason: 'stop' } });
    expect((await engine.generate(filled)).completion!.message.content).to.equal('mine');
    expect(server!.requests).to.have.length(0);
  });

  it('reads token ids and log-probabilities when asked to', async () => {
    const { engine } = await engineWith(() => ({
      kind: 'message',
      content: 'hi',
      logprobs: { content: [{ token: 'token_id:151', logprob: -0.5 }, { token: 'token_id:7', logprob: -1.25 }] },
    }), { logprobs: true });
    const { completion } = await engine.generate(draft());
    expect(server!.requests[0]).to.include({ logprobs: true, return_tokens_as_token_ids: true });
    expect(completion!.tokens).to.deep.equal({ ids: [151, 7], logprobs: [-0.5, -1.25] });
  });

  it('rejects invalid options with the key, the value and what is allowed', () => {
    const attempt = (options: unknown) => {
      try {
        new OpenAIPolicyPlugin(options as OpenAIPolicyOptions);
        return undefined;
      } catch (error) {
        return error as ProveError;
      }
    };
    expect(attempt({ baseURL: 'localhost:8000', model: 'm' })!.message).to.contain('"baseURL"').and.contain('localhost:8000');
    expect(attempt({ baseURL: 'http://h/v1' })!.message).to.contain('"model"').and.contain('required');
    const wrong = attempt({ baseURL: 'http://h/v1', model: 'm', temperature: 'hot' })!;
    expect(wrong.code).to.equal('PROVE_INVALID_PLUGIN_OPTIONS');
    expect(wrong.message).to.contain('temperature').and.contain('must be number');
    expect(attempt({ baseURL: 'http://h/v1', model: 'm', retrys: 2 })!.message).to.contain('allowed keys');
  });
});
