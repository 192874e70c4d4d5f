/**
 * bench:synth — 13,500 validated examples (the paper's dataset size) with the template teacher,
 * replay validation included, through the same code as `prove-rl synth`. Prints the wall time and the
 * examples per second; the target is at most 120 s on the 2-core reference machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, resolveConfig } from '../../core/index.js';
import { provePreset } from '../../presets/prove.js';
import { runSynthesis } from '../../plugins/synthesis/runSynthesis.js';

const count = Number(process.env.SYNTH_BENCH_COUNT ?? 13_500);
const dir = mkdtempSync(join(tmpdir(), 'prove-synth-bench-'));
const engine = await createEngine(await resolveConfig(join(import.meta.dirname, '..', '..', 'prove.config.ts'), { presets: [provePreset] }));
const started = performance.now();
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
  process.stderr.write('\n');
  console.log(JSON.stringify({ examples: count, seconds: Number(seconds.toFixed(1)), perSecond: Number((count / seconds).toFixed(1)), targetSeconds: 120, counts: result.counts }, null, 2));
} finally {
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
}
