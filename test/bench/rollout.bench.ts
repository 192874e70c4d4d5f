/**
 * Rollout benchmark: an in-process policy that answers instantly (it replays the ground truth), so
 * everything measured is the engine's own cost per assistant turn — hook dispatch, routing, live
 * execution in the kit's sessions, bookkeeping, and the paper's reward. The target: under 0.2 ms
 * per turn, 1 % of a fast model server's ≈ 20 ms. Baseline in the same run: the same ground-truth
 * calls made directly on kit sessions, without the engine.
 *
 *   npm run bench:rollout
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createEngine, resolveConfig, type Engine, type Example, type PluginEntry } from '../../core/index.js';
import { DomainEnvironmentPlugin } from '../../plugins/environments/DomainEnvironmentPlugin.js';
import { readExamples } from '../../plugins/rollout/readExamples.js';
import { RolloutRunner } from '../../plugins/rollout/RolloutRunner.js';
import { orderSteps } from '../../plugins/rollout/replayGroundTruth.js';
import { proveRewardPreset } from '../../presets/proveReward.js';
import { environmentsPreset } from '../../presets/environments.js';
import { domainRuntime } from '../../servers/kit/DomainSession.js';
import { loadDomain } from '../../servers/index.js';
import { GroundTruthPolicyPlugin } from '../rollout/support/groundTruthPolicy.js';
import { walletExample } from '../rollout/support/walletEnvironment.js';
import { walletDomain } from '../rollout/support/walletDomain.js';
import type { DomainDefinition } from '../../servers/kit/Domain.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const ROOT = join(import.meta.dirname, '..', '..');

/** The hand-written examples of fixtures/examples whose domains are built in, else the test wallet. */
async function workload(): Promise<{ examples: Example[]; plugins: PluginEntry[]; domains: DomainDefinition[]; source: string }> {
  const dir = join(ROOT, 'fixtures', 'examples');
  const examples: Example[] = [];
  if (existsSync(dir)) for (const file of readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort()) examples.push(...readExamples(join(dir, file)));
  const playable: Example[] = [];
  const domains = new Map<string, DomainDefinition>();
  for (const example of examples) {
    try {
      for (const server of example.servers) if (!domains.has(server)) domains.set(server, await loadDomain(server));
      playable.push(example);
    } catch {
      // A domain that is not built in yet: leave its examples out.
    }
  }
  if (playable.length > 0) {
    return { examples: playable, plugins: [], domains: [...domains.values()], source: `fixtures/examples (${playable.length} examples, ${[...domains.keys()].join(', ')})` };
  }
  const wallet = [walletExample(), walletExample({ id: 'wallet-2', groundTruth: walletExample().groundTruth.slice(0, 1), turns: walletExample().turns.slice(0, 1) })];
  return { examples: wallet, plugins: [[DomainEnvironmentPlugin, { domain: walletDomain }]], domains: [walletDomain], source: 'the test wallet domain (no fixture examples found)' };
}

async function engineFor(plugins: PluginEntry[], domains: DomainDefinition[]): Promise<Engine> {
  const builtIn = plugins.length === 0;
  const resolved = await resolveConfig('(bench)', {
    presets: builtIn ? [[environmentsPreset, { domains: domains.map((d) => d.name) }], proveRewardPreset] : [proveRewardPreset],
    plugins: [...plugins, new GroundTruthPolicyPlugin()],
  });
  return createEngine(resolved);
}

async function timed(fn: () => Promise<number>): Promise<{ ms: number; units: number }> {
  const started = performance.now();
  let units = 0;
  while (performance.now() - started < SECONDS * 1000) units += await fn();
  return { ms: performance.now() - started, units };
}

const { examples, plugins, domains, source } = await workload();
const engine = await engineFor(plugins, domains);
const runner = new RolloutRunner(engine, { concurrency: 8 });
for (const example of examples) runner.checkExample(example);

// Warm up the JIT, the compiled schemas and the worlds.
for (let i = 0; i < 200; i++) await runner.play(examples[i % examples.length], i);

let turns = 0;
let calls = 0;
let generateMs = 0;
let executeMs = 0;
let rewardSamples = 0;
let maxed = 0;
let next = 0;
const sequential = await timed(async () => {
  const rollout = await runner.play(examples[next++ % examples.length], next);
  turns += rollout.trajectory.turns.length;
  calls += rollout.trajectory.calls.length;
  for (const turn of rollout.trajectory.turns) {
    generateMs += turn.generateMs;
    executeMs += turn.executeMs;
  }
  rewardSamples++;
  if (rollout.reward.total >= 1.3 - 1e-9 || rollout.trajectory.calls.length === 0) maxed++;
  return 1;
});

const G = 8;
const grouped = await timed(async () => {
  const groups = await runner.playGroups(examples, G);
  return groups.length * G;
});

// The reward alone, on recorded trajectories.
const recorded = await Promise.all(examples.map((example, i) => runner.play(example, i)));
const rewardRun = await timed(async () => {
  for (let i = 0; i < recorded.length; i++) await engine.reward({ example: examples[i], calls: recorded[i].trajectory.calls, trajectory: recorded[i].trajectory });
  return recorded.length;
});

// Baseline: the same ground-truth calls straight on kit sessions (no engine, no hooks, no reward).
const runtimes = new Map(domains.map((d) => [d.name, domainRuntime(d)]));
const plans = examples.map((example) => ({ example, calls: orderSteps(example.groundTruth).flatMap((step) => step.calls) }));
const baseline = await timed(async () => {
  let n = 0;
  for (const { example, calls: list } of plans) {
    const sessions = new Map(example.servers.map((server) => [server, runtimes.get(server)!.openSession(example.world)]));
    for (const call of list) {
      for (const session of sessions.values()) {
        if (session.runtime.hasTool(call.name)) {
          session.call(call.name, call.arguments);
          break;
        }
      }
    }
    for (const session of sessions.values()) session.stateHashSync();
    n += Math.max(1, list.length);
  }
  return n;
});

await engine.close();

const rolloutsPerSecond = sequential.units / (sequential.ms / 1000);
const perTurnUs = (sequential.ms * 1000) / turns;
const rewardPerRolloutUs = (rewardRun.ms * 1000) / rewardRun.units;
const turnsPerRollout = turns / sequential.units;
const baselinePerCallUs = (baseline.ms * 1000) / baseline.units;
const enginePerCallUs = (sequential.ms * 1000) / Math.max(1, calls);
const fmt = (n: number, d = 1) => n.toFixed(d);

console.log(`rollout benchmark on ${source}, ${SECONDS} s per measurement, Node ${process.version}`);
console.log(`  rollouts played (sequential)      ${sequential.units}  (${fmt(turnsPerRollout, 2)} assistant turns, ${fmt(calls / sequential.units, 2)} calls per rollout; ${maxed} at the ground truth's reward)`);
console.log(`  rollouts per second, sequential   ${fmt(rolloutsPerSecond, 0)}`);
console.log(`  rollouts per second, groups of ${G}  ${fmt(grouped.units / (grouped.ms / 1000), 0)}  (concurrency 8)`);
console.log(`  engine cost per assistant turn    ${fmt(perTurnUs, 1)} µs  = ${fmt((perTurnUs / 20000) * 100, 3)} % of a 20 ms model turn (target < 200 µs, 1 %): ${perTurnUs < 200 ? 'met' : 'NOT met'}`);
console.log(`    of which policy hook dispatch  ${fmt((generateMs * 1000) / turns, 1)} µs, execution ${fmt((executeMs * 1000) / turns, 1)} µs, reward ${fmt(rewardPerRolloutUs / turnsPerRollout, 1)} µs (${fmt(rewardPerRolloutUs, 1)} µs per rollout)`);
console.log(`  baseline: direct kit calls        ${fmt(baselinePerCallUs, 1)} µs per call; through the engine ${fmt(enginePerCallUs, 1)} µs per call (${fmt(enginePerCallUs / baselinePerCallUs, 1)}× — sessions, hooks, messages, reward)`);
