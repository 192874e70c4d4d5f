import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { Engine, type Example } from '../../core/index.js';
import { createEngine, resolveConfig } from '../../core/index.js';
import { provePreset } from '../../presets/prove.js';
import { runSynthesis } from '../../plugins/synthesis/runSynthesis.js';
import { TRANSITIONS } from '../../plugins/synthesis/ConversationStateMachine.js';

const ROOT = join(import.meta.dirname, '..', '..');

async function proveEngine(): Promise<Engine> {
  const resolved = await resolveConfig(join(ROOT, 'prove.config.ts'), { presets: [provePreset] });
  return createEngine(resolved);
}

async function synth(out: string, count: number, seed: number, concurrency = 4, progress?: () => void): Promise<void> {
  const engine = await proveEngine();
  try {
    await runSynthesis(engine, { count, seed, outDir: out, concurrency, resume: false, progress });
  } finally {
    await engine.close();
  }
}

function readLines(file: string): Example[] {
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Example);
}

/** Every string of a JSON value. */
function strings(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) strings(item, out);
  return out;
}

const ID_TOKEN = /\b[a-z]{2,8}_[0-9][0-9a-z_]*\b/g;

describe('prove synth', function () {
  this.timeout(180_000);
  let dir: string;
  let examples: Example[];

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'prove-synth-'));
    await synth(join(dir, 'a'), 300, 11, 8);
    examples = readLines(join(dir, 'a', 'examples.jsonl'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the requested number of examples, split into train and test, with a manifest that counts them', () => {
    expect(examples).to.have.length(300);
    const manifest = JSON.parse(readFileSync(join(dir, 'a', 'manifest.json'), 'utf8'));
    expect(manifest.counts.examples).to.equal(300);
    expect(Object.values(manifest.counts.kinds as Record<string, number>).reduce((a, b) => a + b, 0)).to.equal(300);
    expect(manifest.counts.splits.train + manifest.counts.splits.test).to.equal(300);
    expect(manifest.graphHashes).to.have.keys(['banking', 'calendar', 'iot_devices', 'shopping', 'travel_booking']);
    expect(manifest.configHash).to.match(/^[0-9a-f]{64}$/);
    expect(new Set(examples.map((e) => e.id)).size).to.equal(300);
  });

  it('gives every kept example the maximum prove reward against its own ground truth, and abstentions no ground truth', async () => {
    const engine = await proveEngine();
    try {
      for (const example of examples) {
        if (example.kind === 'abstention') {
          expect(example.groundTruth, example.id).to.deep.equal([]);
          continue;
        }
        const calls = example.groundTruth.flatMap((step) => step.calls.map((call) => ({ ...call, server: example.servers[0], ok: true, turn: step.turn })));
        const sheet = await engine.reward({ example, calls });
        expect(sheet.total, example.id).to.be.closeTo(1.3, 1e-9);
      }
    } finally {
      await engine.close();
    }
  });

  it('replays every kept example in a fresh process with identical results and final state hash', () => {
    const output = execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'test/synthesis/replayInFreshProcess.ts'), join(dir, 'a', 'examples.jsonl')], { cwd: ROOT, encoding: 'utf8' });
    const summary = JSON.parse(output) as { examples: number; calls: number; problems: string[] };
    expect(summary.examples).to.equal(300);
    expect(summary.calls).to.be.greaterThan(300);
    expect(summary.problems).to.deep.equal([]);
  });

  it('mentions no entity absent from the world: ids in user turns exist in the fixture, argument values come from the world, a result or the user', () => {
    const worlds = new Map<string, Set<string>>();
    const world = (server: string) => {
      let set = worlds.get(server);
      if (set === undefined) worlds.set(server, (set = strings(JSON.parse(readFileSync(join(ROOT, 'fixtures', server, 'world.json'), 'utf8')))));
      return set;
    };
    for (const example of examples) {
      const known = world(example.servers[0]);
      for (const turn of example.turns) for (const token of turn.user.match(ID_TOKEN) ?? []) expect(known.has(token), `${example.id}: "${token}" in "${turn.user}"`).to.equal(true);
      const seen = new Set<string>();
      let said = '';
      for (const message of example.messages) {
        if (message.role === 'user') said += ` ${message.content}`;
        if (message.role === 'tool') strings(JSON.parse(message.content), seen);
        if (message.role !== 'assistant') continue;
        for (const token of (message.content ?? '').match(ID_TOKEN) ?? []) expect(known.has(token) || seen.has(token), `${example.id}: assistant said ${token}`).to.equal(true);
        for (const call of message.tool_calls ?? []) {
          const args = JSON.parse(call.function.arguments) as Record<string, unknown>;
          for (const [name, value] of Object.entries(args)) {
            for (const text of strings(value)) {
              const grounded = known.has(text) || seen.has(text) || said.includes(text) || /^\d{4}-\d{2}-\d{2}/.test(text) || !/(_id|_ids|email|attendees)$/.test(name);
              expect(grounded, `${example.id}: ${call.function.name}.${name} = ${text}`).to.equal(true);
            }
          }
        }
      }
    }
  });

  it('records the path each conversation took, using only transitions of the table', () => {
    const moves = new Set(TRANSITIONS.map((t) => `${t.from}-${t.on}`));
    for (const example of examples) {
      const path = example.meta.path as string[];
      expect(path.length).to.be.greaterThan(2);
      for (const move of path) expect(moves.has(move), move).to.equal(true);
      expect(path[path.length - 1]).to.equal('response-end');
    }
  });

  it('is byte-identical for the same seed whatever the concurrency, and resumes an interrupted run without duplicates', async () => {
    await synth(join(dir, 'b'), 300, 11, 1);
    expect(readFileSync(join(dir, 'b', 'examples.jsonl'), 'utf8')).to.equal(readFileSync(join(dir, 'a', 'examples.jsonl'), 'utf8'));
    expect(readFileSync(join(dir, 'b', 'manifest.json'), 'utf8')).to.equal(readFileSync(join(dir, 'a', 'manifest.json'), 'utf8'));
    let batches = 0;
    await synth(join(dir, 'c'), 300, 11, 2, () => {
      if (++batches === 1) throw new Error('interrupted');
    }).then(
      () => expect.fail('the run should have been interrupted'),
      (error: Error) => expect(error.message).to.equal('interrupted'),
    );
    const engine = await proveEngine();
    try {
      await runSynthesis(engine, { count: 300, seed: 11, outDir: join(dir, 'c'), concurrency: 3, resume: true });
    } finally {
      await engine.close();
    }
    expect(readFileSync(join(dir, 'c', 'examples.jsonl'), 'utf8')).to.equal(readFileSync(join(dir, 'a', 'examples.jsonl'), 'utf8'));
  });

  it('refuses to overwrite a finished run without --resume, saying what to do', async () => {
    const engine = await proveEngine();
    try {
      await runSynthesis(engine, { count: 300, seed: 11, outDir: join(dir, 'a'), concurrency: 1, resume: false }).then(
        () => expect.fail('should refuse'),
        (error: { code: string; message: string }) => {
          expect(error.code).to.equal('PROVE_SYNTHESIS_OUTPUT_EXISTS');
          expect(error.message).to.contain('--resume');
        },
      );
    } finally {
      await engine.close();
    }
  });
});

describe('prove graph', function () {
  this.timeout(60_000);
  it('prints the banking graph with explicit edges from outputs to required inputs, as Mermaid', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'core/cli/bin.ts'), 'graph', 'banking', '--format', 'mermaid'], { cwd: ROOT, encoding: 'utf8' });
    expect(out.startsWith('flowchart LR')).to.equal(true);
    expect(out).to.contain('list_bank_accounts -->|account_id| get_bank_account_balance');
  });
});
