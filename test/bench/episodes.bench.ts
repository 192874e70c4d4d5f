/**
 * bench:episodes — the ground-truth episodes of a synthesized dataset replayed INTERLEAVED, as
 * training plays them: `IN_FLIGHT` episodes open at once, in a shuffled order, each advancing one
 * call per turn, every call on the in-process fast path of its domain (`DomainSession.call`), and
 * the state hash of the episode's session taken after every successful state-changing call.
 * Prints the median and p90 per state-changing call, per read, and per hash after a write, next to
 * the same state-changing calls repeated back to back on one session (the `bench:calls` shape), as
 * a ratio measured in the same run, and those calls again with the CPU caches evicted before each
 * (`repeatedWriteCallCacheCold`: what an interleaved call mostly pays, see evictCaches). Targets
 * (issue 15): median ≤ 5 µs per state-changing call and ≤ 5 µs per hash after a write.
 *
 *   EPISODES_BENCH_COUNT=400 npm run bench:episodes
 *
 * EPISODES_BENCH_DATASET=<file>: replay that examples file when it exists, else synthesize and
 * keep the examples there (profiling runs then skip the synthesis: `node --cpu-prof`).
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, resolveConfig, type Example } from '../../core/index.js';
import { provePreset } from '../../presets/prove.js';
import { runSynthesis } from '../../plugins/synthesis/runSynthesis.js';
import { orderSteps } from '../../plugins/rollout/replayGroundTruth.js';
import { readExamples } from '../../plugins/rollout/readExamples.js';
import { loadDomain } from '../../servers/index.js';
import { domainRuntime, type DomainRuntime, type DomainSession } from '../../servers/kit/DomainSession.js';

const COUNT = Number(process.env.EPISODES_BENCH_COUNT ?? 400);
const IN_FLIGHT = 64;
const PASSES = 4;

interface Step {
  runtime: DomainRuntime<unknown>;
  name: string;
  args: unknown;
  writes: boolean;
}

const kept = process.env.EPISODES_BENCH_DATASET;
let examples: Example[];
if (kept !== undefined && existsSync(kept)) examples = readExamples(kept);
else {
  const dir = mkdtempSync(join(tmpdir(), 'prove-episodes-bench-'));
  const engine = await createEngine(await resolveConfig(join(import.meta.dirname, '..', '..', 'prove.config.ts'), { presets: [provePreset] }));
  try {
    const result = await runSynthesis(engine, { count: COUNT, seed: 7, outDir: dir, concurrency: 4, resume: false });
    examples = readExamples(result.examples);
    if (kept !== undefined) copyFileSync(result.examples, kept);
  } finally {
    await engine.close();
  }
  rmSync(dir, { recursive: true, force: true });
}

const runtimes = new Map<string, DomainRuntime<unknown>>();
for (const example of examples) for (const server of example.servers) if (!runtimes.has(server)) runtimes.set(server, domainRuntime(await loadDomain(server)) as DomainRuntime<unknown>);
const writing = new Map<string, boolean>();
for (const runtime of runtimes.values()) for (const tool of runtime.domain.tools) writing.set(tool.name, tool.annotations.readOnlyHint !== true);

interface Episode {
  example: Example;
  steps: Step[];
}
const episodes: Episode[] = examples.map((example) => {
  const steps: Step[] = [];
  for (const step of orderSteps(example.groundTruth)) {
    for (const call of step.calls) {
      const runtime = example.servers.map((s) => runtimes.get(s)!).find((r) => r.hasTool(call.name));
      if (runtime !== undefined) steps.push({ runtime, name: call.name, args: call.arguments, writes: writing.get(call.name) === true });
    }
  }
  return { example, steps };
});

/** A seeded shuffle (mulberry32), so that every run replays the same order. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const now = () => process.hrtime.bigint();
const writes: number[] = [];
const reads: number[] = [];
const hashes: number[] = [];
/** Per domain: state-changing call and hash-after-write times. */
const byDomain = new Map<string, { writes: number[]; hashes: number[] }>();
let failed = 0;

function play(order: readonly Episode[], record: boolean): void {
  interface Live {
    episode: Episode;
    sessions: Map<DomainRuntime<unknown>, DomainSession<unknown>>;
    next: number;
  }
  let cursor = 0;
  const live: Live[] = [];
  const open = (): Live | undefined => {
    const episode = order[cursor++];
    if (episode === undefined) return undefined;
    const sessions = new Map<DomainRuntime<unknown>, DomainSession<unknown>>();
    for (const step of episode.steps) if (!sessions.has(step.runtime)) sessions.set(step.runtime, step.runtime.openSession(episode.example.world));
    for (const session of sessions.values()) session.stateHashSync();
    return { episode, sessions, next: 0 };
  };
  for (let i = 0; i < IN_FLIGHT; i++) {
    const item = open();
    if (item) live.push(item);
  }
  while (live.length > 0) {
    for (let i = 0; i < live.length; i++) {
      const item = live[i];
      const step = item.episode.steps[item.next++];
      if (step === undefined) {
        const fresh = open();
        if (fresh) live[i] = fresh;
        else live.splice(i--, 1);
        continue;
      }
      const session = item.sessions.get(step.runtime)!;
      const t0 = now();
      const outcome = session.call(step.name, step.args);
      const t1 = now();
      if (!outcome.ok) failed++;
      if (!record) {
        if (step.writes && outcome.ok) session.stateHashSync();
        continue;
      }
      (step.writes ? writes : reads).push(Number(t1 - t0) / 1000);
      let own = byDomain.get(step.runtime.name);
      if (own === undefined) byDomain.set(step.runtime.name, (own = { writes: [], hashes: [] }));
      if (step.writes) own.writes.push(Number(t1 - t0) / 1000);
      if (step.writes && outcome.ok) {
        const h0 = now();
        session.stateHashSync();
        const us = Number(now() - h0) / 1000;
        hashes.push(us);
        own.hashes.push(us);
      }
    }
  }
}

/** The same state-changing calls, each repeated back to back on one fresh session (bench:calls' shape). */
function repeated(): number[] {
  const times: number[] = [];
  const seen = new Set<string>();
  for (const episode of episodes) {
    for (const step of episode.steps) {
      if (!step.writes || seen.has(step.name) || seen.size >= 40) continue;
      seen.add(step.name);
      const session = step.runtime.openSession(episode.example.world);
      const base = session.snapshot();
      const sample: number[] = [];
      for (let i = 0; i < 400; i++) {
        session.restore(base);
        const t0 = now();
        session.call(step.name, step.args);
        sample.push(Number(now() - t0) / 1000);
      }
      times.push(median(sample.slice(100)));
      const cold: number[] = [];
      for (let i = 0; i < COLD_CALLS; i++) {
        evictCaches();
        session.restore(base);
        const t0 = now();
        session.call(step.name, step.args);
        cold.push(Number(now() - t0) / 1000);
      }
      coldTimes.push(median(cold));
    }
  }
  return times;
}

/**
 * The same calls with the CPU caches cold: before each, a walk over 32 MiB (more than the L3 of
 * the machines this ran on) evicts what the previous call left. On a shared machine, an
 * interleaved call finds its domain's code and data about as cold as this.
 */
const COLD_CALLS = 10;
const coldTimes: number[] = [];
const evictionBuffer = new Int32Array(8 * 1024 * 1024);
let evictionSink = 0;
function evictCaches(): void {
  for (let i = 0; i < evictionBuffer.length; i += 16) evictionSink += evictionBuffer[i]++;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor(sorted.length / 2)];
}
function p90(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor(sorted.length * 0.9)];
}

play(shuffled(episodes, 1), false);
play(shuffled(episodes, 2), false);
for (let pass = 0; pass < PASSES; pass++) play(shuffled(episodes, 10 + pass), true);
const alone = repeated();
const calls = episodes.reduce((sum, e) => sum + e.steps.length, 0);
const figures = {
  episodes: episodes.length,
  calls,
  domains: [...runtimes.keys()].sort(),
  failedCallsPerPass: failed / (PASSES + 2),
  writeCall: { medianUs: +median(writes).toFixed(2), p90Us: +p90(writes).toFixed(2), count: writes.length },
  readCall: { medianUs: +median(reads).toFixed(2), p90Us: +p90(reads).toFixed(2), count: reads.length },
  hashAfterWrite: { medianUs: +median(hashes).toFixed(2), p90Us: +p90(hashes).toFixed(2), count: hashes.length },
  repeatedWriteCall: { medianOfToolMediansUs: +median(alone).toFixed(2), tools: alone.length },
  repeatedWriteCallCacheCold: { medianOfToolMediansUs: +median(coldTimes).toFixed(2), tools: coldTimes.length, evictionSink: evictionSink > 0 },
  byDomain: Object.fromEntries([...byDomain].sort().map(([name, d]) => [name, { writeMedianUs: +median(d.writes).toFixed(2), hashMedianUs: +median(d.hashes).toFixed(2), writes: d.writes.length }])),
  interleavedOverRepeated: +(median(writes) / median(alone)).toFixed(2),
  targetsUs: { writeCall: 5, hashAfterWrite: 5 },
};
console.log(JSON.stringify(figures, null, 2));
