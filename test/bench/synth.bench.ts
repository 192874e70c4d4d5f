/**
 * bench:synth — 13,500 validated examples (the paper's dataset size) with the template teacher,
 * replay validation included, through the same code as `prove-rl synth`. Runs twice, each in a
 * process of its own with an empty graph cache made for the bench: *cold* (every domain's
 * dependency graph discovered, as on a fresh clone) and *warm* (the graphs read from that cache,
 * as on every later run). Prints each run's CPU time of the whole process (user + system, from
 * start: module loading, engine, graphs and synthesis; what the target of 20 s is about,
 * and what other jobs on the machine disturb least), its wall time and examples per second, with
 * the load average, and whether both runs wrote the same bytes.
 * `SYNTH_BENCH_COUNT` sets the count.
 */
import { execFileSync } from 'node:child_process';
import { hash as sha256 } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, resolveConfig } from '../../core/index.js';
import { provePreset } from '../../presets/prove.js';
import { runSynthesis } from '../../plugins/synthesis/runSynthesis.js';

const count = Number(process.env.SYNTH_BENCH_COUNT ?? 13_500);
const cpu = (usage: NodeJS.CpuUsage) => Number(((usage.user + usage.system) / 1e6).toFixed(1));

/** One run in this process (the child): synthesize, then print the measurements as JSON on stdout. */
async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'prove-synth-bench-'));
  const engine = await createEngine(await resolveConfig(join(import.meta.dirname, '..', '..', 'prove.config.ts'), { presets: [provePreset] }));
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  try {
    const result = await runSynthesis(engine, {
      count,
      seed: 1,
      outDir: dir,
      concurrency: 8,
      resume: false,
      progress: ({ kept, conversations }) => process.stderr.write(`\r${kept}/${count} kept of ${conversations} conversations`),
    });
    const seconds = (performance.now() - started) / 1000;
    // The whole process (module loading and engine creation included), and the part after the engine.
    const total = process.cpuUsage();
    const since = process.cpuUsage(cpuAtStart);
    process.stderr.write('\n');
    const examplesSha256 = sha256('sha256', readFileSync(join(dir, 'examples.jsonl')), 'hex');
    console.log(JSON.stringify({ cpuSeconds: cpu(total), cpuSecondsAfterEngine: cpu(since), wallSeconds: Number(seconds.toFixed(1)), perSecond: Number((count / seconds).toFixed(1)), load: loadavg().map((x) => Number(x.toFixed(1))), examplesSha256, counts: result.counts }));
  } finally {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.env.SYNTH_BENCH_CHILD === '1') {
  await run();
} else {
  const cache = mkdtempSync(join(tmpdir(), 'prove-synth-bench-cache-'));
  try {
    const child = (): Record<string, unknown> => {
      const out = execFileSync(process.execPath, [...process.execArgv, import.meta.filename], { env: { ...process.env, SYNTH_BENCH_CHILD: '1', PROVE_CACHE_DIR: cache }, stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 26 });
      return JSON.parse(out.toString('utf8').trim().split('\n').at(-1)!) as Record<string, unknown>;
    };
    const cold = child();
    const warm = child();
    const { counts, examplesSha256, ...coldTimes } = cold;
    const { counts: _counts, examplesSha256: warmSha256, ...warmTimes } = warm;
    console.log(JSON.stringify({ examples: count, targetCpuSeconds: 20, cold: coldTimes, warm: warmTimes, sameBytes: examplesSha256 === warmSha256, examplesSha256, counts }, null, 2));
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}
