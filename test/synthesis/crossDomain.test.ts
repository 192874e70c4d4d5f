import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { createEngine, resolveConfig, type Engine, type Example, type ProvePlugin } from '../../core/index.js';
import { DomainEnvironmentPlugin } from '../../plugins/environments/DomainEnvironmentPlugin.js';
import { rolloutRecord } from '../../plugins/rollout/evaluateRollout.js';
import { replayGroundTruth } from '../../plugins/rollout/replayGroundTruth.js';
import { RolloutRunner } from '../../plugins/rollout/RolloutRunner.js';
import { hasResultDependentCall } from '../../plugins/synthesis/datasetStats.js';
import { runSynthesis } from '../../plugins/synthesis/runSynthesis.js';
import { SynthesisOrchestratorPlugin } from '../../plugins/synthesis/SynthesisOrchestratorPlugin.js';
import { provePreset } from '../../presets/prove.js';
import { proveRewardPreset } from '../../presets/proveReward.js';
import { CROSS_DOMAIN_SCENARIOS } from '../../servers/crossDomain/index.js';
import { loadDomain } from '../../servers/index.js';
import { GroundTruthPolicyPlugin } from '../rollout/support/groundTruthPolicy.js';

const ROOT = join(import.meta.dirname, '..', '..');
const ID_TOKEN = /\b[a-z]{2,8}_[0-9][0-9a-z_]*\b/;
/** Two pairs: a web order billed through payments, a bank card purchase filed in the budget. */
const DOMAINS = ['payments', 'shopping', 'budget', 'banking'];

function readLines(file: string): Example[] {
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Example);
}

describe('cross-domain conversations', function () {
  // About 20 s of CPU; generous for a loaded machine.
  this.timeout(900_000);
  let dir: string;
  let examples: Example[];
  let cross: Example[];
  let manifest: { counts: { crossDomain: Record<string, number>; domains: Record<string, number> } };
  const toolsOf = new Map<string, Set<string>>();

  it('every cross-domain scenario spans two domains, calls tools of both, and each of its tools belongs to one of them', async () => {
    expect(CROSS_DOMAIN_SCENARIOS.length).to.be.at.least(7);
    const names = new Set<string>();
    for (const scenario of CROSS_DOMAIN_SCENARIOS) {
      expect(names.has(scenario.name), scenario.name).to.equal(false);
      names.add(scenario.name);
      expect(scenario.domains.length, scenario.name).to.equal(2);
      const tools = await Promise.all(scenario.domains.map(async (domain) => new Set((await loadDomain(domain)).tools.map((t) => t.name))));
      const used = new Set(scenario.turns.flatMap((turn) => turn.steps.flatMap((step) => [step.tool, ...(step.fault ? [step.fault.tool] : [])])));
      for (const tool of used) expect(tools.some((set) => set.has(tool)), `${scenario.name}: ${tool}`).to.equal(true);
      for (const set of tools) expect([...used].some((tool) => set.has(tool)), `${scenario.name} uses ${[...set][0]}'s domain`).to.equal(true);
    }
  });

  describe('synthesized for payments+shopping and budget+banking', () => {
    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'prove-cross-'));
      const engine = await createEngine(await resolveConfig(join(ROOT, 'prove.config.ts'), { presets: [provePreset] }));
      try {
        // Raised from the default so that a small run holds enough of them to check.
        (SynthesisOrchestratorPlugin.of(engine)!.options as { crossDomainRate?: number }).crossDomainRate = 0.6;
        await runSynthesis(engine, { count: 100, seed: 7, outDir: join(dir, 'run'), domains: DOMAINS, concurrency: 4, resume: false });
      } finally {
        await engine.close();
      }
      examples = readLines(join(dir, 'run', 'examples.jsonl'));
      cross = examples.filter((e) => e.servers.length > 1);
      manifest = JSON.parse(readFileSync(join(dir, 'run', 'manifest.json'), 'utf8'));
      for (const domain of DOMAINS) toolsOf.set(domain, new Set((await loadDomain(domain)).tools.map((t) => t.name)));
    });

    after(() => rmSync(dir, { recursive: true, force: true }));

    it('synthesizes both pairs, each example live in both domains with both domains\' tools, and the manifest counts them', () => {
      const pairs: Record<string, number> = {};
      for (const example of cross) pairs[example.servers.join('+')] = (pairs[example.servers.join('+')] ?? 0) + 1;
      expect(Object.keys(pairs).sort()).to.deep.equal(['budget+banking', 'payments+shopping']);
      expect(manifest.counts.crossDomain).to.deep.equal(pairs);
      for (const example of cross) {
        const scenario = CROSS_DOMAIN_SCENARIOS.find((s) => s.name === example.meta.scenario);
        expect(scenario, example.id).to.not.equal(undefined);
        expect(example.servers, example.id).to.deep.equal(scenario!.domains);
        expect(example.id.startsWith(`${example.servers.join('+')}-`), example.id).to.equal(true);
        const offered = new Set(example.tools.map((t) => t.function.name));
        // Both domains' tools are candidates (a missing-function perturbation hides at most one).
        for (const domain of example.servers) expect([...toolsOf.get(domain)!].filter((t) => !offered.has(t)).length, `${example.id} ${domain}`).to.be.at.most(1);
        expect(Object.keys(example.meta.finalStateHashes as object).sort(), example.id).to.deep.equal([...example.servers].sort());
        if (example.kind !== 'multi_turn') continue;
        // The ground truth calls tools of both domains.
        const called = new Set(example.groundTruth.flatMap((step) => step.calls.map((call) => call.name)));
        for (const domain of example.servers) expect([...called].some((name) => toolsOf.get(domain)!.has(name)), `${example.id} calls ${domain}`).to.equal(true);
      }
      const multiTurn = cross.filter((e) => e.kind === 'multi_turn');
      expect(multiTurn.length).to.be.greaterThan(10);
      // Users name things, not ids; later calls take values that only earlier results held.
      for (const example of cross) for (const turn of example.turns) expect(ID_TOKEN.test(turn.user), `${example.id}: ${turn.user}`).to.equal(false);
      expect(multiTurn.filter(hasResultDependentCall).length / multiTurn.length).to.be.at.least(0.6);
    });

    it('replays every example in a fresh process with identical results and each server\'s final state hash', () => {
      const output = execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'test/synthesis/replayInFreshProcess.ts'), join(dir, 'run', 'examples.jsonl')], { cwd: ROOT, encoding: 'utf8' });
      const summary = JSON.parse(output) as { examples: number; calls: number; problems: string[] };
      expect(summary.examples).to.equal(100);
      expect(summary.problems.slice(0, 5), `${summary.problems.length} problems`).to.deep.equal([]);
    });

    it('a policy replaying the ground truth reaches the maximum reward and passes the state check on each server', async () => {
      const engine: Engine = await createEngine(
        await resolveConfig('(test)', { presets: [proveRewardPreset], plugins: [...DOMAINS.map((domain) => [DomainEnvironmentPlugin, { domain }] as [typeof DomainEnvironmentPlugin, { domain: string }]), new GroundTruthPolicyPlugin({ kind: 'replay' }) as ProvePlugin] }),
      );
      try {
        for (const example of cross) {
          const replay = await replayGroundTruth(engine, example);
          const rollout = await new RolloutRunner(engine).play(example);
          const ceiling = (await engine.reward({ example, calls: replay.calls })).total;
          const record = rolloutRecord(example, rollout, replay);
          expect(record.reward.total, example.id).to.be.closeTo(ceiling, 1e-9);
          expect(record.stateCheck.status, example.id).to.equal('passed');
          expect(Object.keys(record.stateCheck.actual).sort(), example.id).to.deep.equal([...example.servers].sort());
          expect(record.responseCheck.pass, example.id).to.equal(true);
        }
      } finally {
        await engine.close();
      }
    });
  });
});
