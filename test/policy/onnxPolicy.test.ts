import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPython } from '../../plugins/optimizer/TrainingWorker.js';
import { OpenAIPolicyPlugin } from '../../plugins/policy/OpenAIPolicyPlugin.js';
import { onnxScript } from '../../plugins/policy/onnx/exportOnnx.js';
import { ModelServer, type AnswerLog } from '../../plugins/policy/onnx/ModelServer.js';
import { OnnxCausalLM } from '../../plugins/policy/onnx/OnnxCausalLM.js';
import { OnnxPolicyPlugin } from '../../plugins/policy/onnx/OnnxPolicyPlugin.js';
import { hermesCompletion } from '../../plugins/policy/parseToolCalls.js';
import { REPO_ROOT } from '../support/project.js';
import { parityPrompts } from './support/parityPrompts.js';

function pythonReady(python: string): string | undefined {
  try {
    execFileSync(python, ['-c', 'import torch, transformers, onnx'], { stdio: 'pipe' });
    return undefined;
  } catch (error) {
    return `${python} cannot import torch, transformers and onnx (${String((error as { stderr?: Buffer }).stderr ?? error).trim().split('\n').pop()}); npm run setup installs them`;
  }
}

describe('ONNX policy: a tiny random Llama exported with prove-rl export, run in Node', function () {
  // Most of it is one Python start (torch, transformers): about a minute of CPU; far longer on a loaded machine.
  this.timeout(900_000);
  let dir: string;
  let onnx: string;
  let reference: { prompts: Array<{ promptIds: number[]; ids: number[] }> };
  let model: OnnxCausalLM;
  const prompts = parityPrompts();

  before(function () {
    const python = findPython(undefined, REPO_ROOT);
    const missing = pythonReady(python);
    if (missing) {
      console.log(`      skipped: ${missing}`);
      this.skip();
    }
    dir = mkdtempSync(join(tmpdir(), 'prove-onnx-'));
    onnx = join(dir, 'onnx');
    writeFileSync(join(dir, 'prompts.json'), JSON.stringify(prompts));
    // One Python start: build the model, export it (export.py, as prove-rl export runs it), continue the prompts greedily in PyTorch.
    const out = execFileSync(python, [onnxScript('tiny_llama.py'), '--out', join(dir, 'hf'), '--onnx', onnx, '--prompts', join(dir, 'prompts.json'), '--tokens', '64'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PYTHONWARNINGS: 'ignore', TRANSFORMERS_VERBOSITY: 'error' },
      maxBuffer: 64 * 2 ** 20,
    });
    reference = JSON.parse(out.toString('utf8').trim().split('\n').pop()!).reference;
  });
  before(async function () {
    model = await OnnxCausalLM.load(onnx, { threads: 1 });
  });
  after(async () => {
    await model?.release();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('renders and tokenizes the 20 prompts in Node exactly as transformers does', () => {
    expect(reference.prompts).to.have.length(20);
    // A Llama-shaped model is exported with the lean attention (no shape computed per layer).
    expect(model.manifest.attention).to.equal('grouped, lean shapes');
    prompts.forEach((p, i) => expect(model.encode(model.render(p.messages, p.tools, true)), `prompt ${i}`).to.deep.equal(reference.prompts[i].promptIds));
  });

  it('greedy decoding with the KV cache gives PyTorch’s 64 token ids for each of the 20 prompts, batched with left padding, prefilled by chunks', async () => {
    const rows = await model.generate(
      reference.prompts.map((p) => p.promptIds),
      { maxNewTokens: 64, temperature: 0, topP: 1, ignoreStop: true },
    );
    const mismatched = rows.map((row, i) => (JSON.stringify(row.ids) === JSON.stringify(reference.prompts[i].ids) ? -1 : i)).filter((i) => i >= 0);
    expect(mismatched, 'prompts whose ids differ').to.deep.equal([]);
    expect(rows.every((r) => r.ids.length === 64)).to.equal(true);
    // Prompts that begin alike (same system turn and tools) prefilled that beginning once.
    const stats = model.lastStats!;
    const promptTokens = reference.prompts.reduce((n, p) => n + p.promptIds.length - 1, 0);
    expect(stats.sharedTokens).to.be.greaterThan(0);
    expect(stats.prefillTokens + stats.sharedTokens).to.equal(promptTokens);
    expect(stats.steps).to.equal(64);
    // The prompt goes in by chunks (256 tokens by default); another chunk size changes nothing, nor does prefilling every prompt in full.
    model.prefillChunk = 16;
    model.shareBatchPrefixes = false;
    try {
      const chunked = await model.generate(reference.prompts.slice(0, 4).map((p) => p.promptIds), { maxNewTokens: 64, temperature: 0, topP: 1, ignoreStop: true });
      expect(chunked.map((r) => r.ids)).to.deep.equal(reference.prompts.slice(0, 4).map((p) => p.ids));
      expect(model.lastStats!.sharedTokens).to.equal(0);
    } finally {
      model.prefillChunk = 256;
      model.shareBatchPrefixes = true;
    }
    // A prompt given twice in one batch (prefilled once) gives both rows PyTorch's ids.
    const [p0, p1] = reference.prompts;
    const twice = await model.generate([p0.promptIds, p1.promptIds, p0.promptIds], { maxNewTokens: 16, temperature: 0, topP: 1, ignoreStop: true });
    expect(twice.map((r) => r.ids)).to.deep.equal([p0.ids.slice(0, 16), p1.ids.slice(0, 16), p0.ids.slice(0, 16)]);
  });

  it('reuses cached keys and values for a prompt that continues an earlier one, beside an uncached row, with PyTorch’s ids', async () => {
    const cached = await OnnxCausalLM.load(onnx, { threads: 1, prefixCacheTokens: 4096 });
    try {
      const [p0, p1, p2] = reference.prompts;
      const greedy = { maxNewTokens: 32, temperature: 0, topP: 1, ignoreStop: true };
      const first = await cached.generate([p0.promptIds, p1.promptIds], greedy);
      expect(first.map((r) => r.ids)).to.deep.equal([p0.ids.slice(0, 32), p1.ids.slice(0, 32)]);
      expect(cached.prefixCache!.size.entries).to.equal(2);
      // The next turn of prompt 0 (its prompt and 32 tokens) continues from the cache; prompt 2 is new.
      const second = await cached.generate([[...p0.promptIds, ...p0.ids.slice(0, 32)], p2.promptIds], greedy);
      expect(second[0].ids).to.deep.equal(p0.ids.slice(32, 64));
      expect(second[1].ids).to.deep.equal(p2.ids.slice(0, 32));
      expect(cached.prefixCache!.hits).to.be.at.least(1);
      expect(cached.prefixCache!.reusedTokens).to.be.at.least(p0.promptIds.length);
      // The longer entry replaced the one it extends.
      expect(cached.prefixCache!.size.entries).to.equal(3);
    } finally {
      await cached.release();
    }
  });

  it('drops rows that finished from the decoding batch: each row keeps PyTorch’s ids and reaches the prefix cache', async () => {
    const cached = await OnnxCausalLM.load(onnx, { threads: 1, prefixCacheTokens: 4096 });
    try {
      const ps = reference.prompts.slice(3, 7);
      const lengths = [5, 40, 12, 40];
      const greedy = { maxNewTokens: 40, temperature: 0, topP: 1, ignoreStop: true };
      const rows = await cached.generate(ps.map((p) => p.promptIds), { ...greedy, rows: lengths.map((n) => ({ maxNewTokens: n })) });
      expect(rows.map((r) => r.ids)).to.deep.equal(ps.map((p, i) => p.ids.slice(0, lengths[i])));
      expect(rows.map((r) => r.finish)).to.deep.equal(['length', 'length', 'length', 'length']);
      // 40 steps; rows 0 and 2 left the batch after their 5th and 12th: 5 + 40 + 12 + 40 rows fed, not 4 × 40.
      expect(cached.lastStats!.steps).to.equal(40);
      expect(cached.lastStats!.rowSteps).to.equal(97);
      // Row 0's keys and values were kept when it left: its next turn continues from them.
      const next = await cached.generate([[...ps[0].promptIds, ...ps[0].ids.slice(0, 5)]], { ...greedy, maxNewTokens: 8 });
      expect(next[0].ids).to.deep.equal(ps[0].ids.slice(5, 13));
      expect(cached.lastStats!.cachedTokens).to.equal(ps[0].promptIds.length + 4);
      // With dropping off (every row fed to the end) the ids are the same.
      cached.minStepsToDrop = Number.POSITIVE_INFINITY;
      const kept = await cached.generate(ps.map((p) => p.promptIds), { ...greedy, rows: lengths.map((n) => ({ maxNewTokens: n })) });
      expect(kept.map((r) => r.ids)).to.deep.equal(rows.map((r) => r.ids));
      expect(cached.lastStats!.rowSteps).to.equal(160);
    } finally {
      await cached.release();
    }
  });

  it('samples with a seed per row: the same seed repeats, another differs, and batch neighbours change nothing', async () => {
    const ids = reference.prompts.slice(0, 3).map((p) => p.promptIds);
    const settings = { maxNewTokens: 24, temperature: 1, topP: 0.9, ignoreStop: true };
    const a = await model.generate(ids, { ...settings, seeds: [1, 2, 3] });
    const b = await model.generate(ids, { ...settings, seeds: [1, 2, 3] });
    const alone = await model.generate([ids[1]], { ...settings, seeds: [2] });
    const other = await model.generate([ids[1]], { ...settings, seeds: [99] });
    expect(b.map((r) => r.ids)).to.deep.equal(a.map((r) => r.ids));
    expect(alone[0].ids).to.deep.equal(a[1].ids);
    expect(other[0].ids).to.not.deep.equal(a[1].ids);
    for (const r of a) for (const lp of r.logprobs) expect(lp).to.be.at.most(0);
  });

  it('refuses a broken export with a clear error: no manifest, no tokenizer, no template, a graph that does not match', async () => {
    const broken = (name: string, edit: (d: string) => void) => {
      const d = join(dir, name);
      cpSync(onnx, d, { recursive: true });
      edit(d);
      return d;
    };
    const cases: Array<[string, RegExp]> = [
      [broken('no-manifest', (d) => rmSync(join(d, 'prove_onnx.json'))), /prove_onnx\.json is missing/],
      [broken('no-tokenizer', (d) => rmSync(join(d, 'tokenizer.json'))), /tokenizer\.json is missing/],
      [broken('no-template', (d) => rmSync(join(d, 'chat_template.jinja'))), /chat template .* is missing/],
      [
        broken('mismatch', (d) => {
          const m = JSON.parse(readFileSync(join(d, 'prove_onnx.json'), 'utf8'));
          writeFileSync(join(d, 'prove_onnx.json'), JSON.stringify({ ...m, layers: m.layers + 1 }));
        }),
        /does not match its manifest .* missing inputs past_key_values\.2\.key/,
      ],
      [join(dir, 'nowhere'), /does not exist/],
    ];
    for (const [d, message] of cases) {
      const error = await OnnxCausalLM.load(d).then(
        () => undefined,
        (e: unknown) => e as { code?: string; message: string },
      );
      expect(error?.code, d).to.equal('PROVE_ONNX_EXPORT_INVALID');
      expect(error?.message).to.match(message);
    }
  });

  it('serves /v1/chat/completions that the project’s OpenAI client reads: tools in, concurrent requests batched, bad requests answered 400', async () => {
    const policy = new OnnxPolicyPlugin({ model: onnx, maxNewTokens: 16, threads: 1 });
    const answers: AnswerLog[] = [];
    const server = new ModelServer({ policy, name: 'tiny', port: 0, onAnswer: (a) => answers.push(a) });
    const { url } = await server.listen();
    try {
      const client = new OpenAIPolicyPlugin({ baseURL: url, model: 'tiny', maxTokens: 12, retries: 0 });
      const drafts = prompts.slice(0, 4).map((p, i) => ({ purpose: 'assistant' as const, messages: p.messages, tools: p.tools, seed: i, meta: {} }));
      const completions = await Promise.all(drafts.map((d) => client.complete(d)));
      const direct = await Promise.all(drafts.map((d) => policy.complete(d, { maxNewTokens: 12 })));
      for (const [i, c] of completions.entries()) {
        expect(c.message.role).to.equal('assistant');
        expect(c.usage?.completionTokens).to.be.within(1, 12);
        expect(c.usage?.promptTokens).to.equal(reference.prompts[i].promptIds.length);
        // Greedy: the served answer is the policy's own answer.
        expect(c.message.content).to.equal(direct[i].message.content);
      }
      expect(policy.counters.batches).to.be.below(policy.counters.turns);
      // One log entry per answered request, with the usage the client got.
      expect(answers.map((a) => a.promptTokens).sort((a, b) => a - b)).to.deep.equal(completions.map((c) => c.usage?.promptTokens).sort((a, b) => a! - b!));
      expect(answers.every((a) => a.id.startsWith('chatcmpl-prove-') && a.seconds > 0 && a.completionTokens >= 1)).to.equal(true);
      const models = (await (await fetch(`${url}/models`)).json()) as { data: Array<{ id: string }> };
      expect(models.data[0].id).to.equal('tiny');
      const bad = async (body: unknown) => {
        const r = await fetch(`${url}/chat/completions`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
        return { status: r.status, body: (await r.json()) as { error: { message: string } } };
      };
      expect((await bad({ messages: [] })).body.error.message).to.match(/messages must be a non-empty array/);
      expect((await bad({ messages: [{ role: 'robot', content: 'x' }] })).status).to.equal(400);
      expect((await bad({ messages: [{ role: 'user', content: 'x' }], stream: true })).body.error.message).to.match(/stream is not supported/);
      expect((await bad({ model: 'other', messages: [{ role: 'user', content: 'x' }] })).status).to.equal(404);
      expect((await bad({ messages: [{ role: 'user', content: 'x' }], temperature: 5 })).status).to.equal(400);
    } finally {
      await server.close();
      await policy.close();
    }
  });
});

describe('ONNX policy: tool calls out of the decoded text', () => {
  it('reads Hermes <tool_call> blocks with the project’s parser into OpenAI tool_calls', () => {
    const c = hermesCompletion('Let me check.\n<tool_call>\n{"name": "get_balance", "arguments": {"account": "chk_1"}}\n</tool_call>', { ids: [1, 2], logprobs: [-0.1, -0.2], finish: 'stop', promptTokens: 7 });
    expect(c.finishReason).to.equal('tool_calls');
    expect(c.calls).to.deep.equal([{ id: 'call_0', name: 'get_balance', arguments: { account: 'chk_1' } }]);
    expect(c.message).to.deep.include({ content: 'Let me check.' });
    expect((c.message as { tool_calls: unknown[] }).tool_calls).to.deep.equal([{ id: 'call_0', type: 'function', function: { name: 'get_balance', arguments: '{"account":"chk_1"}' } }]);
    const broken = hermesCompletion('<tool_call>{"name": "x", "arguments": {oops}</tool_call>', { ids: [1], logprobs: [0], finish: 'length', promptTokens: 1 });
    expect(broken.calls[0].malformed).to.be.a('string');
    expect(broken.finishReason).to.equal('length');
  });
});
