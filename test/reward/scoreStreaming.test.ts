import { expect } from 'chai';
import fc from 'fast-check';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, resolveConfig, type ExecutedCall, type Example } from '../../core/index.js';
import { AtomicFileWriter, LineReader, readLineBatches } from '../../plugins/reward/lineStreams.js';
import { proveRewardPreset } from '../../presets/proveReward.js';
import { makeExample, makeTrajectory, prng, writeWorkload } from '../bench/rewardWorkload.js';
import { makeProject, runProve } from '../support/project.js';

function readLines(file: string, chunk: number): Array<{ line: number; text?: string; problem?: string }> {
  return [...new LineReader(file, chunk)].map((r) => ({ ...r }));
}

describe('line streams', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'prove-lines-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('LineReader gives the lines of split("\\n") with their numbers, whatever the chunk size (multi-byte characters cut across chunks)', () => {
    const piece = fc.constantFrom('a', 'é', '€', '𝄞', '{"x": 1}', ' ', '\r');
    const text = fc.array(fc.oneof(piece, fc.constant('\n')), { maxLength: 60 }).map((parts) => parts.join(''));
    let n = 0;
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 9 }), (content, chunk) => {
        const file = join(dir, `lines-${n++}.txt`);
        writeFileSync(file, content);
        const expected = content.split('\n');
        if (expected[expected.length - 1] === '') expected.pop();
        expect(readLines(file, chunk)).to.deep.equal(expected.map((t, i) => ({ line: i + 1, text: t })));
      }),
      { numRuns: 300 },
    );
  });

  it('readLineBatches gives LineReader\'s lines and numbers, in batches of whole lines, whatever the batch size', () => {
    const piece = fc.constantFrom('a', 'é', '€', '𝄞', '{"x": 1}', ' ', '\r', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx');
    const text = fc.array(fc.oneof(piece, fc.constant('\n')), { maxLength: 60 }).map((parts) => parts.join(''));
    let n = 0;
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 40 }), (content, size) => {
        const file = join(dir, `batches-${n++}.txt`);
        writeFileSync(file, content);
        const got: Array<{ line: number; text?: string; problem?: string }> = [];
        for (const batch of readLineBatches(file, size)) {
          if ('problem' in batch) got.push({ ...batch });
          else {
            const texts = Buffer.from(batch.bytes).toString('utf8').split('\n');
            // Whole lines: every one ends in a newline, but the file's last may not.
            expect(texts.length === batch.lines + 1 ? texts[batch.lines] : '').to.equal('');
            for (let k = 0; k < batch.lines; k++) got.push({ line: batch.firstLine + k, text: texts[k] });
          }
        }
        expect(got).to.deep.equal(readLines(file, 4));
      }),
      { numRuns: 300 },
    );
  });

  it('AtomicFileWriter: readers see the old file until commit, the new one after; abort leaves the old file and no temporary', () => {
    const target = join(dir, 'out.jsonl');
    writeFileSync(target, 'old\n');
    const writer = new AtomicFileWriter(target);
    for (let i = 0; i < 100_000; i++) writer.write(`line ${i}\n`);
    expect(readFileSync(target, 'utf8')).to.equal('old\n');
    writer.commit();
    expect(readFileSync(target, 'utf8').split('\n')).to.have.length(100_001);
    const aborted = new AtomicFileWriter(target);
    aborted.write('half');
    aborted.abort();
    expect(readFileSync(target, 'utf8').startsWith('line 0\n')).to.equal(true);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp-'))).to.deep.equal([]);
  });
});

describe('prove score streams (the CLI as a child process)', function () {
  this.timeout(120_000);
  let project: { dir: string; cleanup(): void };
  let examples: Example[];
  let inputs: Array<{ example: Example; calls: ExecutedCall[] }>;
  before(() => {
    project = makeProject();
    const random = prng(21);
    examples = Array.from({ length: 8 }, (_, i) => makeExample(i, random));
    inputs = Array.from({ length: 64 }, (_, i) => ({ example: examples[i % 8], calls: makeTrajectory(examples[i % 8], random) }));
  });
  after(() => project.cleanup());

  it('scores a file larger than its read buffer line by line, in order, each sheet as the engine scores it; details only with --details', async () => {
    const dataset = join(project.dir, 'examples.jsonl');
    const input = join(project.dir, 'many.jsonl');
    // 6,000 lines of about 900 bytes: more than one 4 MiB chunk, so lines cross chunk boundaries.
    const bytes = writeWorkload(dataset, input, examples, inputs, 6000);
    expect(bytes).to.be.greaterThan(4 * 1024 * 1024);
    const out = join(project.dir, 'many.rewards.jsonl');
    const plain = await runProve(['score', '-d', dataset, input, '-o', out], { cwd: project.dir });
    expect(plain.code, plain.stderr).to.equal(0);
    expect(plain.stdout).to.match(/^scored 6000 trajectories -> /);
    const raw = readFileSync(out, 'utf8').trim().split('\n');
    const sheets = raw.map((l) => JSON.parse(l));
    // Each line is exactly what JSON.stringify writes for the sheet.
    raw.slice(0, 64).forEach((l, i) => expect(l).to.equal(JSON.stringify(sheets[i])));
    expect(sheets).to.have.length(6000);
    const engine = await createEngine(await resolveConfig('(test)', { presets: [proveRewardPreset] }));
    for (let i = 0; i < sheets.length; i++) {
      const sheet = sheets[i];
      expect(sheet.line).to.equal(i + 1);
      expect(sheet.exampleId).to.equal(inputs[i % 64].example.id);
      expect(Object.keys(sheet)).to.deep.equal(['line', 'exampleId', 'total', 'terms', 'weights']);
      if (i < 64) {
        const expected = await engine.reward(inputs[i]);
        expect(sheet.total).to.equal(expected.total);
        expect(sheet.terms).to.deep.equal(expected.terms);
      } else expect(sheet.total).to.equal(sheets[i % 64].total);
    }
    await engine.close();
    const withDetails = await runProve(['score', '-d', dataset, input, '-o', out, '--details'], { cwd: project.dir });
    expect(withDetails.code, withDetails.stderr).to.equal(0);
    const detailed = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(detailed.map((s) => s.total)).to.deep.equal(sheets.map((s) => s.total));
    expect(detailed[0].details.coverage.alignment).to.be.an('array');
  });

  it('--threads: worker threads write the same sheets, details, summary and skipped-line reports as one thread; --strict stops alike', async () => {
    const dataset = join(project.dir, 'examples.jsonl');
    const input = join(project.dir, 'threads.jsonl');
    writeWorkload(dataset, input, examples, inputs, 1500);
    // Bad lines in the middle (past the first 1 MiB batch) and at the end, without a final newline.
    const lines = readFileSync(input, 'utf8').split('\n');
    lines.splice(1200, 0, '{"exampleId": "x", "calls": [', '', '{"exampleId": "nope", "calls": []}');
    writeFileSync(input, lines.join('\n').trimEnd() + '\n[1, 2]');
    const outputs: Array<{ sheets: string; stdout: string; stderr: string }> = [];
    for (const threads of ['1', '3']) {
      const out = join(project.dir, `threads-${threads}.jsonl`);
      const run = await runProve(['score', '-d', dataset, input, '-o', out, '--details', '--json', '--threads', threads], { cwd: project.dir });
      expect(run.code, run.stderr).to.equal(0);
      outputs.push({ sheets: readFileSync(out, 'utf8'), stdout: run.stdout.replace(out, 'OUT'), stderr: run.stderr });
    }
    expect(outputs[1].sheets === outputs[0].sheets).to.equal(true);
    expect(outputs[1].stdout).to.equal(outputs[0].stdout);
    expect(outputs[1].stderr).to.equal(outputs[0].stderr);
    expect(JSON.parse(outputs[0].stdout)).to.include({ scored: 1500, skippedCount: 3 });
    expect(outputs[0].stderr.trim().split('\n').map((l) => /threads\.jsonl:(\d+):/.exec(l)?.[1])).to.deep.equal(['1201', '1203', '1504']);

    const strict = await runProve(['score', '-d', dataset, input, '-o', join(project.dir, 'strict.jsonl'), '--strict', '--threads', '2'], { cwd: project.dir });
    expect(strict.code).to.equal(1);
    expect(strict.stderr).to.match(/threads\.jsonl:1201: not valid JSON/);
    expect(existsSync(join(project.dir, 'strict.jsonl'))).to.equal(false);
    const bad = await runProve(['score', '-d', dataset, input, '--threads', '0'], { cwd: project.dir });
    expect(bad.code).to.not.equal(0);
    expect(bad.stderr).to.match(/--threads must be a whole number/);
  });

  it('reports bad lines by number and goes on (CRLF, no final newline); --strict stops at the first and leaves the old output untouched', async () => {
    const dataset = join(project.dir, 'examples.jsonl');
    writeFileSync(dataset, examples.map((e) => JSON.stringify(e)).join('\n') + '\n');
    const good = (i: number) => JSON.stringify({ exampleId: inputs[i].example.id, calls: inputs[i].calls });
    const input = join(project.dir, 'crlf.jsonl');
    writeFileSync(input, [good(0), '{"exampleId": "x", "calls": [', good(1), '', '[1, 2]', good(2)].join('\r\n'));
    const out = join(project.dir, 'crlf.rewards.jsonl');
    const run = await runProve(['score', '-d', dataset, input, '-o', out], { cwd: project.dir });
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stderr.trim().split('\n').map((l) => /crlf\.jsonl:(\d+):/.exec(l)?.[1])).to.deep.equal(['2', '5']);
    expect(readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l).line)).to.deep.equal([1, 3, 6]);

    const before = readFileSync(out, 'utf8');
    const strict = await runProve(['score', '-d', dataset, input, '-o', out, '--strict'], { cwd: project.dir });
    expect(strict.code).to.equal(1);
    expect(strict.stderr).to.match(/crlf\.jsonl:2: not valid JSON/);
    expect(readFileSync(out, 'utf8')).to.equal(before);
    expect(readdirSync(project.dir).filter((f) => f.includes('.tmp-'))).to.deep.equal([]);
    expect(existsSync(join(project.dir, 'crlf.rewards.jsonl'))).to.equal(true);
  });
});
