import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, resolveConfig, type Engine, type Example } from '../../core/index.js';
import { DomainHttpServer } from '../../servers/kit/DomainHttpServer.js';
import { domainRuntime } from '../../servers/kit/DomainSession.js';
import { serveHooks } from '../../servers/kit/httpRoutes.js';
import { loadDomains } from '../../servers/index.js';
import { McpPort } from '../servers/support/ToolPort.js';
import { REPO_ROOT, runProve } from '../support/project.js';

const EXAMPLES = join(REPO_ROOT, 'fixtures', 'examples');
const read = (file: string): Example[] =>
  readFileSync(join(EXAMPLES, file), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Example);

/** A model's imperfect attempt: the teacher's first assistant message only, for a reward below the teacher's. */
function firstCallOnly(example: Example): Example['messages'] {
  const firstAssistant = example.messages.findIndex((m) => m.role === 'assistant');
  return example.messages.slice(0, firstAssistant + 1);
}

describe('prove-rl serve --http: POST /reward and per-session worlds', function () {
  this.timeout(60_000);
  let engine: Engine;
  let server: DomainHttpServer;
  let base: string;
  const examples = [...read('cross_domain.jsonl'), ...read('banking.jsonl').slice(0, 2)];

  before(async () => {
    engine = await createEngine(await resolveConfig('(test)', { presets: ['prove-rl/presets/prove'] }));
    const routes = serveHooks(engine).httpRoutes.call([]);
    server = new DomainHttpServer({ domains: await loadDomains(['banking', 'travel_booking']), port: 0, operatorToken: 'op-1', routes });
    await server.listen();
    base = server.url('banking').replace(/\/mcp\/banking$/, '');
  });
  after(async () => {
    await server?.close();
    await engine?.close();
  });

  const post = async (body: unknown) => {
    const response = await fetch(`${base}/reward`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as { sheets?: Array<Record<string, unknown>>; error?: string } };
  };

  it('lists the route on GET / and answers each trajectory with the sheet prove-rl score --execute writes', async () => {
    const listing = (await (await fetch(`${base}/`)).json()) as { routes: Array<{ path: string }> };
    expect(listing.routes.map((r) => r.path)).to.deep.equal(['/reward']);

    const items = examples.flatMap((example) => [
      { example, messages: example.messages },
      { example, messages: firstCallOnly(example) },
    ]);
    const { status, body } = await post({ trajectories: items });
    expect(status).to.equal(200);
    const served = body.sheets!;
    expect(served).to.have.length(items.length);

    const dir = mkdtempSync(join(tmpdir(), 'prove-served-reward-'));
    try {
      writeFileSync(join(dir, 'examples.jsonl'), examples.map((e) => JSON.stringify(e)).join('\n') + '\n');
      writeFileSync(join(dir, 'trajectories.jsonl'), items.map((i) => JSON.stringify({ exampleId: i.example.id, messages: i.messages })).join('\n') + '\n');
      const run = await runProve(['score', '--dataset', join(dir, 'examples.jsonl'), join(dir, 'trajectories.jsonl'), '--execute', '--out', join(dir, 'sheets.jsonl')]);
      expect(run.code, run.stderr).to.equal(0);
      const scored = readFileSync(join(dir, 'sheets.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(served.map((s) => ({ total: s.total, terms: s.terms }))).to.deep.equal(scored.map((s) => ({ total: s.total, terms: s.terms })));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Not a constant: the partial attempts score below the teacher's.
    const totals = served.map((s) => s.total as number);
    expect(totals.some((t, i) => i % 2 === 1 && t < totals[i - 1])).to.equal(true);
  });

  it('scores a flat decoded rollout (VERL solution_str) by its <tool_call> blocks, and reports a bad item without failing the batch', async () => {
    const example = examples[1];
    const call = example.groundTruth[0].calls[0];
    const completion = `<|im_start|>assistant\n<tool_call>\n${JSON.stringify({ name: call.name, arguments: call.arguments })}\n</tool_call><|im_end|>`;
    const { status, body } = await post({
      trajectories: [{ example, completion }, { example, calls: [{ name: call.name, arguments: call.arguments }] }, { example }, { example: { id: 'x' }, completion: '' }],
    });
    expect(status).to.equal(200);
    const [fromText, fromCalls, missing, badExample] = body.sheets!;
    expect(fromText).to.deep.equal(fromCalls);
    expect(fromText.terms).to.have.property('validity', 1);
    expect(missing.error).to.match(/exactly one of "calls", "trajectory", "messages" or "completion"/);
    expect(badExample.error).to.match(/trajectories\[3\]\.example is not a dataset line/);
  });

  it('refuses a malformed request with 400 and a wrong method with 405', async () => {
    expect((await post({ trajectories: [] })).status).to.equal(400);
    expect((await post([1, 2])).status).to.equal(400);
    expect((await fetch(`${base}/reward`)).status).to.equal(405);
  });

  it('opens a session on the world named in the initialize URL (?seed&referenceDate), and refuses a bad one', async () => {
    const world = { seed: 7, referenceDate: '2026-03-16T10:00:00Z' };
    const local = domainRuntime((await loadDomains(['banking']))[0]).openSession(world);
    const expected = local.stateHashSync();
    local.close();
    const port = await McpPort.http(`${server.url('banking')}?seed=7&referenceDate=${encodeURIComponent(world.referenceDate)}`);
    const plain = await McpPort.http(server.url('banking'));
    try {
      expect(await port.hash()).to.equal(expected);
      expect(await plain.hash()).to.not.equal(expected);
    } finally {
      await port.close();
      await plain.close();
    }
    let failure: unknown;
    await McpPort.http(`${server.url('banking')}?referenceDate=yesterday`).catch((error: unknown) => (failure = error));
    expect(String(failure)).to.match(/referenceDate/);
  });
});
