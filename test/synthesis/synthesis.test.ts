import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { Engine, type Example } from '../../core/index.js';
import { createEngine, resolveConfig } from '../../core/index.js';
import { provePreset } from '../../presets/prove.js';
import { runSynthesis } from '../../plugins/synthesis/runSynthesis.js';
import { TRANSITIONS } from '../../plugins/synthesis/ConversationStateMachine.js';
import { domainNames, loadDomains } from '../../servers/index.js';

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

/**
 * A date-time the assistant resolved from what was said or read ("on Wednesday at 10:00" in an
 * invitation sent on 2026-03-16 → 2026-03-18T10:00:00): its time of day and its date, or its weekday,
 * occur in the text; an end may instead be such a start plus a said number of minutes.
 */
function dateTimeGrounded(value: string, text: string, start?: string): boolean {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:00)?(Z|[+-]\d{2}:\d{2})?$/.exec(value);
  if (match === null) return false;
  // An end is a start the text gives plus a length it gives ("… put it in my calendar, 60 minutes").
  const minutes = start === undefined ? NaN : (Date.parse(`${value.slice(0, 16)}Z`) - Date.parse(`${start.slice(0, 16)}Z`)) / 60_000;
  if (start !== undefined && minutes > 0 && text.includes(`${minutes} minutes`)) return dateTimeGrounded(start, text);
  if (!text.includes(match[2])) return false;
  const weekday = new Date(`${match[1]}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
  return text.includes(match[1]) || text.includes(weekday);
}

/**
 * A Gmail-style search (or a JQL-like filter) the assistant wrote from what the user said (`from:"Peter Nair" has:attachment
 * after:2026/03/08`): the query language and the date window are the assistant's; every name or word
 * it searches for must still be the user's or a result's.
 */
function queryGrounded(query: string, userSaid: (value: string) => boolean): boolean {
  // A JQL-like filter (`text ~ "…" AND status = "In Progress"`): fields and operators are the language's, quoted values the user's.
  if (/^\s*\w+\s*(~|=|!=)\s*"/.test(query)) return [...query.matchAll(/"([^"]*)"/g)].every(([, value]) => userSaid(value));
  if (!/(^|\s)(from|to|subject|has|after|before|label|in|is|filename):/.test(query)) return false;
  for (const [, op, quoted, word] of query.matchAll(/(?:(\w+):)?(?:"([^"]*)"|(\S+))/g)) {
    if (op !== undefined && ['has', 'after', 'before', 'is', 'in', 'label', 'newer_than', 'older_than'].includes(op)) continue;
    const value = quoted ?? word;
    if (value !== undefined && value !== '' && !userSaid(value)) return false;
  }
  return true;
}

/** A month (YYYY-MM) the user named in words: "April 2026". */
function monthGrounded(value: string, text: string): boolean {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  if (match === null) return false;
  const name = new Date(`${value}-15T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', timeZone: 'UTC' });
  return text.includes(`${name} ${match[1]}`);
}

/**
 * An idempotency key is the assistant's own token for one operation, which nobody says: grounded
 * when it is the operation and the id the same call acts on (collect-in_12 when paying in_12), so
 * that a retry of that operation sends the same key and nothing happens twice.
 */
function idempotencyKeyGrounded(value: string, args: Record<string, unknown>): boolean {
  const match = /^[a-z]+-(.+)$/.exec(value);
  return match !== null && Object.entries(args).some(([name, id]) => name.endsWith('_id') && id === match[1]);
}

describe('prove-rl synth', function () {
  this.timeout(180_000);
  let dir: string;
  let examples: Example[];

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'prove-synth-'));
    await synth(join(dir, 'big'), 2000, 11, 8);
    examples = readLines(join(dir, 'big', 'examples.jsonl'));
    await synth(join(dir, 'a'), 300, 11, 8);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the requested number of examples, split into train and test, with a manifest that counts them', () => {
    expect(examples).to.have.length(2000);
    const manifest = JSON.parse(readFileSync(join(dir, 'big', 'manifest.json'), 'utf8'));
    expect(manifest.counts.examples).to.equal(2000);
    expect(Object.values(manifest.counts.kinds as Record<string, number>).reduce((a, b) => a + b, 0)).to.equal(2000);
    expect(manifest.counts.splits.train + manifest.counts.splits.test).to.equal(2000);
    expect(manifest.counts.splits.test / 2000).to.be.within(0.07, 0.13);
    expect(manifest.graphHashes).to.have.keys(domainNames());
    expect(manifest.configHash).to.match(/^[0-9a-f]{64}$/);
    expect(new Set(examples.map((e) => e.id)).size).to.equal(2000);
    const counted = examples.filter((e) => e.kind === 'clarification').length;
    expect(manifest.counts.kinds.clarification).to.equal(counted);
  });

  it("follows the paper's mix: about 80 % multi-turn, 11 % clarification, 8 % abstention, perturbations near their rates", () => {
    const share = (predicate: (e: Example) => boolean) => examples.filter(predicate).length / examples.length;
    expect(share((e) => e.kind === 'multi_turn')).to.be.within(0.76, 0.85);
    expect(share((e) => e.kind === 'clarification')).to.be.within(0.08, 0.14);
    expect(share((e) => e.kind === 'abstention')).to.be.within(0.05, 0.11);
    expect(share((e) => e.perturbations.includes('distractors'))).to.be.within(0.36, 0.44);
    expect(share((e) => e.perturbations.includes('enum_stripping'))).to.be.within(0.26, 0.34);
    expect(share((e) => e.perturbations.includes('irrelevance'))).to.be.within(0.03, 0.07);
    expect(share((e) => e.perturbations.includes('missing_function'))).to.be.within(0.12, 0.2);
    // Multi-turn means 2 to 5 user turns (the paper's min_turns and max_turns), for goal scenarios as for graph chains.
    for (const example of examples.filter((e) => e.kind === 'multi_turn')) expect(example.turns.length, example.id).to.be.within(2, 5);
    // A scenario's user says what they know (a "missing" draw plays as complete), so the 60/20/20 mix of
    // information levels is checked on graph chains, where every level applies; scenarios keep their minimal share.
    const graph = examples.filter((e) => e.meta.scenario === undefined);
    expect(graph.filter((e) => e.meta.informationLevel === 'complete').length / graph.length).to.be.within(0.5, 0.75);
    const played = examples.filter((e) => e.meta.scenario !== undefined);
    expect(played.filter((e) => e.meta.informationLevel === 'minimal').length / played.length).to.be.within(0.14, 0.26);
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
    const output = execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'test/synthesis/replayInFreshProcess.ts'), join(dir, 'big', 'examples.jsonl')], { cwd: ROOT, encoding: 'utf8' });
    const summary = JSON.parse(output) as { examples: number; calls: number; problems: string[] };
    expect(summary.examples).to.equal(2000);
    expect(summary.calls).to.be.greaterThan(2000);
    expect(summary.problems.slice(0, 5), `${summary.problems.length} problems`).to.deep.equal([]);
  });

  it('mentions no entity absent from the world: ids in user turns exist in the fixture, ids in calls come from the world or a result, other values from the user', async () => {
    // A filter value of a tool's enum (direction "debit", type "light") is the assistant's choice for a lookup, not the user's to say.
    const enums = new Map<string, Set<string>>();
    for (const domain of await loadDomains()) {
      for (const tool of domain.tools) {
        for (const [name, schema] of Object.entries(((tool.input as { properties?: Record<string, unknown> }).properties ?? {}))) {
          // Enum values anywhere inside the argument (a trigger's type, an action's type).
          const values = new Set<string>();
          const collect = (node: unknown): void => {
            if (Array.isArray(node)) node.forEach(collect);
            else if (node !== null && typeof node === 'object') {
              for (const [key, child] of Object.entries(node)) {
                if (key === 'enum' && Array.isArray(child)) child.forEach((value) => values.add(String(value)));
                else collect(child);
              }
            }
          };
          collect(schema);
          if (values.size > 0) enums.set(`${tool.name}.${name}`, values);
        }
      }
    }
    const worlds = new Map<string, Set<string>>();
    const world = (server: string) => {
      let set = worlds.get(server);
      if (set === undefined) worlds.set(server, (set = strings(JSON.parse(readFileSync(join(ROOT, 'fixtures', server, 'world.json'), 'utf8')))));
      return set;
    };
    for (const example of examples) {
      const known = world(example.servers[0]);
      // An occurrence of a recurring calendar series is named after its series and day (evt_1_20260317): real, derived from the fixture.
      const inWorld = (token: string) => known.has(token) || (/^(.+)_\d{8}$/.test(token) && known.has(token.replace(/_\d{8}$/, '')));
      for (const turn of example.turns) for (const token of turn.user.match(ID_TOKEN) ?? []) expect(inWorld(token), `${example.id}: "${token}" in "${turn.user}"`).to.equal(true);
      const seen = new Set<string>();
      // The system message says today's date and who is signed in: values the assistant may use as given.
      const system = example.messages[0];
      let said = system?.role === 'system' && typeof system.content === 'string' ? system.content : '';
      const failed = new Set(example.messages.filter((m) => m.role === 'tool' && m.content.startsWith('{"error"')).map((m) => (m as { tool_call_id: string }).tool_call_id));
      for (const message of example.messages) {
        if (message.role === 'user') said += ` ${message.content}`;
        if (message.role === 'tool') strings(JSON.parse(message.content), seen);
        if (message.role !== 'assistant') continue;
        for (const token of (message.content ?? '').match(ID_TOKEN) ?? []) expect(inWorld(token) || seen.has(token), `${example.id}: assistant said ${token}`).to.equal(true);
        for (const call of message.tool_calls ?? []) {
          // A planned failed call (a guessed id) is the mistake the example teaches to recover from.
          if (failed.has(call.id)) continue;
          const args = JSON.parse(call.function.arguments) as Record<string, unknown>;
          for (const [name, value] of Object.entries(args)) {
            for (const text of strings(value)) {
              const isId = /(_id|_ids|email|attendees)$/.test(name);
              // Ids come from the world or an earlier result; any other value is the user's to say.
              const userSaid = (value: string) => said.toLowerCase().includes(value.toLowerCase()) || seen.has(value);
              const grounded = isId
                ? inWorld(text) || seen.has(text) || said.includes(text)
                : userSaid(text) ||
                  userSaid(text.replace(/^(Re|Fwd|Fw): /i, '')) ||
                  enums.get(`${call.function.name}.${name}`)?.has(text) === true ||
                  queryGrounded(text, userSaid) ||
                  monthGrounded(text, said) ||
                  (name === 'idempotency_key' && idempotencyKeyGrounded(text, args)) ||
                  dateTimeGrounded(text, `${said} ${[...seen].join(' ')}`, name === 'end' && typeof args.start === 'string' ? args.start : undefined);
              expect(grounded, `${example.id}: ${call.function.name}.${name} = ${text}; user said: ${said}`).to.equal(true);
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

  it('never gives one request two meanings: the same system and first user message, calling the same tools, take the same arguments', () => {
    // A user who describes a thing ("the invitation email Ade sent on March 7") must mean one
    // thing: two examples that say the same words but act on different ids teach a model to guess.
    const meaning = new Map<string, { id: string; calls: string }>();
    const clashes: string[] = [];
    for (const example of examples) {
      const system = example.messages.find((m) => m.role === 'system')?.content ?? '';
      const first = example.messages.find((m) => m.role === 'user')?.content ?? '';
      const calls = example.groundTruth.filter((step) => step.turn === 0).flatMap((step) => step.calls);
      if (calls.length === 0) continue;
      const key = JSON.stringify([system, first, calls.map((c) => c.name)]);
      const said = JSON.stringify(calls.map((c) => c.arguments));
      const seen = meaning.get(key);
      if (seen === undefined) meaning.set(key, { id: example.id, calls: said });
      else if (seen.calls !== said) clashes.push(`${seen.id} and ${example.id}: ${first}`);
    }
    expect(clashes).to.deep.equal([]);
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

describe('prove-rl synth on the command line', function () {
  this.timeout(60_000);
  it('writes the dataset and reports progress as plain lines when not on a terminal', () => {
    const dir = mkdtempSync(join(tmpdir(), 'prove-synth-cli-'));
    try {
      const result = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'core/cli/bin.ts'), 'synth', '--count', '40', '--seed', '2', '--domains', 'banking,shopping', '--out', dir], { cwd: ROOT, encoding: 'utf8' });
      expect(result.status, result.stderr).to.equal(0);
      expect(result.stdout).to.contain(join(dir, 'examples.jsonl'));
      expect(result.stderr).to.match(/^synth: 40\/40 kept/m);
      expect(result.stderr).not.to.contain('\r');
      const lines = readLines(join(dir, 'examples.jsonl'));
      expect(lines).to.have.length(40);
      expect(new Set(lines.map((e) => e.servers[0]))).to.deep.equal(new Set(['banking', 'shopping']));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ends a run at --max-conversations with what it kept: the same examples an uncapped run keeps from those conversations', () => {
    const dir = mkdtempSync(join(tmpdir(), 'prove-synth-cap-'));
    const cli = (out: string, ...extra: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'core/cli/bin.ts'), 'synth', '--count', '40', '--seed', '2', '--domains', 'banking,shopping', '--out', join(dir, out), ...extra], { cwd: ROOT, encoding: 'utf8' });
    try {
      const capped = cli('capped', '--max-conversations', '12');
      expect(capped.status, capped.stderr).to.equal(0);
      expect(capped.stderr).to.match(/^synth: 12\/12 conversations, \d+ kept/m);
      const kept = readLines(join(dir, 'capped', 'examples.jsonl'));
      expect(capped.stderr).to.contain(`--max-conversations 12 reached with ${kept.length} of 40 examples kept`);
      expect(kept.length).to.be.within(1, 12);
      const manifest = JSON.parse(readFileSync(join(dir, 'capped', 'manifest.json'), 'utf8'));
      expect(manifest.counts.conversations).to.equal(12);
      expect(manifest.counts.examples).to.equal(kept.length);
      // Conversation i depends only on the seed and i: the uncapped run's first examples are these.
      const whole = cli('whole');
      expect(whole.status, whole.stderr).to.equal(0);
      const all = readFileSync(join(dir, 'whole', 'examples.jsonl'), 'utf8').split('\n');
      expect(readFileSync(join(dir, 'capped', 'examples.jsonl'), 'utf8').split('\n').filter(Boolean)).to.deep.equal(all.slice(0, kept.length));
      const bad = cli('bad', '--max-conversations', '0');
      expect(bad.status).to.not.equal(0);
      expect(bad.stderr).to.contain('--max-conversations');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a missing --count and an unknown domain with a message that says what is valid', () => {
    const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'core/cli/bin.ts'), 'synth', ...args], { cwd: ROOT, encoding: 'utf8' });
    const missing = run('--out', join(tmpdir(), 'never'));
    expect(missing.status).to.not.equal(0);
    expect(missing.stderr).to.contain('--count N is required');
    const unknown = run('--count', '5', '--domains', 'bakery', '--out', join(tmpdir(), 'never-either'));
    expect(unknown.status).to.not.equal(0);
    expect(unknown.stderr).to.contain('"bakery"');
    expect(unknown.stderr).to.contain('banking');
  });
});

describe('prove-rl graph', function () {
  this.timeout(60_000);
  it('prints the banking graph with explicit edges from outputs to required inputs, as Mermaid', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'core/cli/bin.ts'), 'graph', 'banking', '--format', 'mermaid'], { cwd: ROOT, encoding: 'utf8' });
    expect(out.startsWith('flowchart LR')).to.equal(true);
    expect(out).to.contain('list_bank_accounts -->|account_id| get_bank_account_balance');
  });
});
