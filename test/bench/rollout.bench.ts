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

interface Workload {
  examples: Example[];
  plugins: PluginEntry[];
  domains: DomainDefinition[];
  source: string;
}

/** The hand-written examples of fixtures/examples whose domains are built in. */
async function fixtureWorkload(): Promise<Workload | undefined> {
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
  if (playable.length === 0) return undefined;
  return { examples: playable, plugins: [], domains: [...domains.values()], source: `fixtures/examples (${playable.length} examples, ${[...domains.keys()].join(', ')})` };
}

/** The runner tests' two-tool wallet: the environment costs almost nothing, so the engine's own cost shows. */
function walletWorkload(): Workload {
  const wallet = [walletExample(), walletExample({ id: 'wallet-2', groundTruth: walletExample().groundTruth.slice(0, 1), turns: walletExample().turns.slice(0, 1) })];
  return { examples: wallet, plugins: [[DomainEnvironmentPlugin, { domain: walletDomain }]], domains: [walletDomain], source: 'the test wallet domain' };
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

async function measure({ examples, plugins, domains, source }: Workload): Promise<void> {
  const engine = await engineFor(plugins, domains);
  const runner = new RolloutRunner(engine, { concurrency: 8 });
  for (const example of examples) runner.checkExample(example);
  const runtimes = new Map(domains.map((d) => [d.name, domainRuntime(d)]));
  const plans = examples.map((example) => ({ example, calls: orderSteps(example.groundTruth).flatMap((step) => step.calls) }));

  /** The environment's share of a rollout, without the engine: sessions, the same calls on the kit, results as text, hashes. */
  function environmentOnly(index: number): void {
    const { example, calls: list } = plans[index];
    const sessions = example.servers.map((server) => runtimes.get(server)!.openSession(example.world));
    for (const session of sessions) session.initialStateHash();
    for (const call of list) {
      const session = sessions.find((s) => s.runtime.hasTool(call.name))!;
      JSON.stringify(session.call(call.name, call.arguments));
    }
    for (const session of sessions) session.stateHashSync();
  }

  // Warm up the JIT, the compiled schemas and the worlds.
  for (let i = 0; i < 200; i++) {
    await runner.play(examples[i % examples.length], i);
    environmentOnly(i % examples.length);
  }

  // Full rollouts and the environment-only baseline in alternating slices, so both see the same GC and JIT weather.
  let turns = 0;
  let calls = 0;
  let rollouts = 0;
  let generateMs = 0;
  let executeMs = 0;
  let maxed = 0;
  let engineMs = 0;
  let environmentMs = 0;
  let next = 0;
  const slices = Math.max(4, SECONDS * 10);
  for (let slice = 0; slice < slices; slice++) {
    const first = next;
    let started = performance.now();
    while (performance.now() - started < (SECONDS * 1000) / slices) {
      const example = examples[next % examples.length];
      const rollout = await runner.play(example, next);
      next++;
      rollouts++;
      turns += rollout.trajectory.turns.length;
      calls += rollout.trajectory.calls.length;
      for (const turn of rollout.trajectory.turns) {
        generateMs += turn.generateMs;
        executeMs += turn.executeMs;
      }
      // The maximum: 1.3, or the paper's 1.0 for no call on an example without ground truth.
      if (rollout.reward.total >= (example.groundTruth.some((s) => s.calls.length > 0) ? 1.3 : 1) - 1e-9) maxed++;
    }
    engineMs += performance.now() - started;
    started = performance.now();
    for (let i = first; i < next; i++) environmentOnly(i % examples.length);
    environmentMs += performance.now() - started;
  }

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



  const fmt = (n: number, d = 1) => n.toFixed(d);
  const perTurnUs = (engineMs * 1000) / turns;
  const environmentPerTurnUs = (environmentMs * 1000) / turns;
  const ownPerTurnUs = perTurnUs - environmentPerTurnUs;
  const rewardPerRolloutUs = (rewardRun.ms * 1000) / rewardRun.units;
  const turnsPerRollout = turns / rollouts;

  console.log(`rollout benchmark on ${source}, ${SECONDS} s, Node ${process.version}`);
  console.log(`  rollouts played                   ${rollouts}  (${fmt(turnsPerRollout, 2)} assistant turns, ${fmt(calls / rollouts, 2)} calls per rollout; ${maxed} at the maximum reward)`);
  console.log(`  rollouts per second, one by one   ${fmt(rollouts / (engineMs / 1000), 0)}`);
  console.log(`  rollouts per second, groups of ${G}  ${fmt(grouped.units / (grouped.ms / 1000), 0)}  (concurrency 8)`);
  console.log(`  cost per assistant turn, all in   ${fmt(perTurnUs, 1)} µs = ${fmt((perTurnUs / 20000) * 100, 3)} % of a 20 ms model turn (< 200 µs: ${perTurnUs < 200 ? 'yes' : 'no'})`);
  console.log(`    policy hook dispatch ${fmt((generateMs * 1000) / turns, 1)} µs, execution incl. routing ${fmt((executeMs * 1000) / turns, 1)} µs, reward ${fmt(rewardPerRolloutUs / turnsPerRollout, 1)} µs (${fmt(rewardPerRolloutUs, 1)} µs per rollout)`);
  console.log(`  baseline: the environment alone   ${fmt(environmentPerTurnUs, 1)} µs per turn (same sessions, calls, result text and hashes on the kit, no engine)`);
  console.log(`  engine's own cost per turn        ${fmt(ownPerTurnUs, 1)} µs = ${fmt((ownPerTurnUs / 20000) * 100, 3)} % of a 20 ms model turn (target < 200 µs: ${ownPerTurnUs < 200 ? 'met' : 'NOT met'})`);
  console.log(`    (all in minus the baseline: hooks, routing, messages, bookkeeping, reward; all in = ${fmt(perTurnUs / environmentPerTurnUs, 2)}× the environment alone)`);
  await engine.close();
}

const fixtures = await fixtureWorkload();
if (fixtures) await measure(fixtures);
else console.log('no fixture examples of built-in domains found; wallet only');
await measure(walletWorkload());
