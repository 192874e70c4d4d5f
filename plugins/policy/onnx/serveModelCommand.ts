import { basename, resolve } from 'node:path';
import { defineCommand, errors } from '../../../core/index.js';
import { integerOption, numberOption, textOption } from '../../../core/cli/optionValues.js';

export default defineCommand({
  name: 'serve-model',
  summary: 'serve an ONNX export (prove-rl export --format onnx) as an OpenAI-compatible /v1/chat/completions endpoint',
  description: [
    'Runs the model in this Node process with onnxruntime-node (no Python): POST /v1/chat/completions with tools in',
    'and tool_calls out (Hermes <tool_call> text parsed by prove), GET /v1/models. Requests that arrive together are',
    'decoded in one batch (--max-batch); each keeps its own max_tokens, temperature, top_p and seed. No streaming.',
    'Any OpenAI-compatible client works against it: prove-rl eval --policy http://127.0.0.1:8000/v1 --model NAME.',
  ].join('\n'),
  options: {
    model: { type: 'string', valueName: 'DIR', description: 'folder written by prove-rl export --format onnx' },
    name: { type: 'string', valueName: 'NAME', description: 'model name clients send (default: the folder name)' },
    host: { type: 'string', valueName: 'HOST', description: 'address to listen on', default: '127.0.0.1' },
    port: { type: 'string', valueName: 'PORT', description: 'port (0 picks a free one)', default: '8000' },
    'max-batch': { type: 'string', valueName: 'N', description: 'requests decoded together at most', default: '8' },
    'max-tokens': { type: 'string', valueName: 'N', description: 'new tokens per answer when a request sets none', default: '256' },
    temperature: { type: 'string', valueName: 'T', description: 'temperature when a request sets none (0: greedy)', default: '0' },
    threads: { type: 'string', valueName: 'N', description: 'onnxruntime threads (default: the cores available)' },
    spin: { type: 'boolean', description: 'onnxruntime threads spin-wait between operators (faster on free cores, slower on a shared machine)' },
    quiet: { type: 'boolean', description: 'no line per answered request (prompt and new tokens, tool calls, seconds)' },
    'prefix-cache': { type: 'string', valueName: 'TOKENS', description: 'tokens of keys/values kept for prompts that begin like an earlier one (each chat turn repeats the last); 0: off', default: '16384' },
  },
  examples: ['prove-rl serve-model --model models/smollm2-onnx --port 8000', 'prove-rl eval --dataset out/examples.jsonl --policy http://127.0.0.1:8000/v1 --model smollm2-onnx --out runs/eval-smollm2'],
  async run(context) {
    const s = await context.settings();
    const model = textOption(s.model);
    if (!model) throw errors.usage('serve-model', '--model DIR (an export of prove-rl export --format onnx) is required');
    const dir = resolve(context.cwd, model);
    const port = integerOption('serve-model', 'port', s.port, 0);
    if (port > 65535) throw errors.invalidArgument('serve-model', '--port', s.port, 'must be from 0 to 65535');
    const { OnnxPolicyPlugin } = await import('./OnnxPolicyPlugin.js');
    const { ModelServer } = await import('./ModelServer.js');
    type AnswerLog = import('./ModelServer.js').AnswerLog;
    const policy = new OnnxPolicyPlugin({
      model: dir,
      maxBatch: integerOption('serve-model', 'max-batch', s['max-batch'], 1),
      maxNewTokens: integerOption('serve-model', 'max-tokens', s['max-tokens'], 1),
      temperature: numberOption('serve-model', 'temperature', s.temperature, 0),
      prefixCacheTokens: integerOption('serve-model', 'prefix-cache', s['prefix-cache'], 0),
      spin: s.spin === true,
      ...(s.threads !== undefined ? { threads: integerOption('serve-model', 'threads', s.threads, 1) } : {}),
    });
    const started = performance.now();
    const lm = await policy.model();
    const m = lm.manifest;
    const name = textOption(s.name) ?? basename(dir);
    context.stderr(
      `serve-model: loaded ${m.source}: ${m.modelType}, ${(m.parameters / 1e6).toFixed(1)} M parameters, ${m.layers} layers, ${m.dtype ?? 'float32'}, ` +
        `${lm.threads} threads${lm.spin ? ' (spinning)' : ''}, prefix cache ${lm.prefixCache ? `${lm.prefixCache.maxTokens} tokens` : 'off'}, in ${((performance.now() - started) / 1000).toFixed(1)} s\n` +
        `serve-model: chat template: ${m.chatTemplateNote ?? 'the model’s own'}\n`,
    );
    const onAnswer = s.quiet === true
      ? undefined
      : (a: AnswerLog) => context.stderr(`serve-model: ${a.id}: ${a.promptTokens} prompt + ${a.completionTokens} new tokens, ${a.toolCalls} tool call${a.toolCalls === 1 ? '' : 's'}, ${a.finishReason}, ${a.seconds.toFixed(1)} s\n`);
    const server = new ModelServer({ policy, name, host: String(s.host), port, ...(onAnswer ? { onAnswer } : {}) });
    const { url } = await server.listen();
    context.stdout(`serving "${name}" at ${url} (POST /chat/completions, GET /models); Ctrl-C stops\n`);
    await new Promise<void>((done) => {
      process.once('SIGINT', done);
      process.once('SIGTERM', done);
    });
    await server.close();
    await policy.close();
    const c = policy.counters;
    const reused = lm.prefixCache ? `; ${lm.prefixCache.reusedTokens} of ${c.promptTokens} prompt tokens reused from the prefix cache` : '';
    context.stderr(`serve-model: ${c.turns} completions, ${c.newTokens} new tokens in ${c.batches} batches, ${c.seconds.toFixed(1)} s decoding${reused}\n`);
  },
});
