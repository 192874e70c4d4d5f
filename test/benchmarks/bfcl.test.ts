import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Engine, STAGE_DEFAULT, type ProvePlugin, type ToolCall } from '../../core/index.js';
import { BfclGroundTruthPolicyPlugin, BfclMultiTurnRunner, BFCL_SERVER, type BfclTask } from '../../plugins/benchmarks/bfcl/bfclMultiTurn.js';
import type { RemoteSession } from '../../plugins/environments/RemoteMcpEnvironmentPlugin.js';

/**
 * BFCL multi-turn through prove, against PyPI bfcl-eval's own classes, data and checker. Needs
 * `npm run setup:bfcl` (a separate venv, ~2 min); skipped with a note without it.
 */
const python = process.env.PROVE_BFCL_PYTHON ?? join(process.cwd(), '.venv-bfcl', 'bin', 'python');

/** The ground truth, altered: `drop-last` leaves out the last call of every turn; `text` never calls. */
class AlteredPolicy implements ProvePlugin {
  readonly name = 'AlteredPolicy';
  constructor(private readonly how: 'drop-last' | 'text') {}
  apply(engine: Engine): void {
    engine.hooks.onGenerate.tapPromise({ name: this.name, stage: STAGE_DEFAULT }, async (draft) => {
      const meta = draft.meta as { bfclGroundTruth: ToolCall[][]; turn: number; stepInTurn: number };
      const calls = this.how === 'text' || meta.stepInTurn > 0 ? [] : meta.bfclGroundTruth[meta.turn].slice(0, -1);
      draft.completion = calls.length > 0 ? { message: { role: 'assistant', content: null }, calls, finishReason: 'tool_calls' } : { message: { role: 'assistant', content: 'ok' }, calls: [], finishReason: 'stop' };
      return draft;
    });
  }
}

async function runnerWith(policy: ProvePlugin, limit = 1): Promise<{ engine: Engine; runner: BfclMultiTurnRunner; tasks: BfclTask[] }> {
  const engine = new Engine();
  await engine.use(policy);
  const runner = new BfclMultiTurnRunner(engine, { python, categories: ['base', 'miss_func', 'miss_param', 'long_context'], limit, concurrency: 2, seed: 0, policyName: policy.name });
  return { engine, runner, tasks: await runner.tasks() };
}

describe('BFCL multi-turn through prove (bfcl-eval from PyPI)', function () {
  this.timeout(120_000);
  before(function () {
    // Opt-in (minutes on a loaded 2-core machine): npm run test:bfcl sets PROVE_BENCHMARK_TESTS.
    if (process.env.PROVE_BENCHMARK_TESTS !== '1') {
      console.log('      (skipped: opt-in, run npm run test:bfcl)');
      this.skip();
    }
    if (!existsSync(python)) throw new Error(`no ${python}: run npm run setup:bfcl first`);
  });

  it('the ground-truth replay scores 100 % in every category by BFCL’s own checker, naming the version', async () => {
    const { engine, runner, tasks } = await runnerWith(new BfclGroundTruthPolicyPlugin());
    try {
      expect(tasks.map((t) => t.id)).to.deep.equal(['multi_turn_base_0', 'multi_turn_miss_func_0', 'multi_turn_miss_param_0', 'multi_turn_long_context_0']);
      // miss_func holds a function back until its turn.
      expect(Object.keys(tasks[1].missedTools)).to.have.length.greaterThan(0);
      const { results, summary } = await runner.run(tasks);
      expect(summary.bfclVersion).to.match(/^\d{4}\.\d+\.\d+/);
      expect(results.map((r) => [r.id, r.valid, r.errorMessage ?? ''])).to.deep.equal(tasks.map((t) => [t.id, true, '']));
      expect(summary.overall).to.equal(1);
      expect(Object.values(summary.categories).map((c) => c.accuracy)).to.deep.equal([1, 1, 1, 1]);
      expect(results.every((r) => r.failedCalls === 0)).to.equal(true);
    } finally {
      await engine.close();
    }
  });

  it('policies that depart from the ground truth fail by BFCL’s checker, with its error types', async () => {
    for (const [how, expected] of [
      ['drop-last', /^multi_turn:(instance_state_mismatch|execution_response_mismatch|empty_turn_model_response)$/],
      ['text', /^multi_turn:empty_turn_model_response$/],
    ] as const) {
      const { engine, runner, tasks } = await runnerWith(new AlteredPolicy(how));
      try {
        const { results, summary } = await runner.run(tasks.slice(0, 2));
        expect(summary.overall, how).to.equal(0);
        for (const result of results) expect(result.errorType, `${how} ${result.id}`).to.match(expected);
      } finally {
        await engine.close();
      }
    }
  });

  it('each session is its own process with its own task state; reset restores it', async () => {
    const { engine, tasks } = await runnerWith(new BfclGroundTruthPolicyPlugin());
    try {
      const world = { seed: 0, referenceDate: '2025-01-01T00:00:00.000Z' };
      const [a, b] = (await Promise.all([engine.openSession(BFCL_SERVER, world), engine.openSession(BFCL_SERVER, world)])) as RemoteSession[];
      for (const s of [a, b]) await s.callOperator({ name: 'bfcl_load', arguments: { id: tasks[0].id } });
      const initial = await a.stateHash();
      expect(await b.stateHash()).to.equal(initial);
      const made = await engine.execute({ server: BFCL_SERVER, session: a, call: { name: 'mkdir', arguments: { dir_name: 'fresh_dir' } } });
      expect(made.ok).to.equal(true);
      expect(await a.stateHash()).to.not.equal(initial);
      expect(await b.stateHash()).to.equal(initial);
      // BFCL answers a refused cd with an error object, and a call it cannot run with "Error during execution".
      const refused = await engine.execute({ server: BFCL_SERVER, session: b, call: { name: 'cd', arguments: { folder: 'no_such_dir' } } });
      expect(String(refused.result)).to.match(/no such/i);
      const bad = await engine.execute({ server: BFCL_SERVER, session: b, call: { name: 'mkdir', arguments: {} } });
      expect(bad.ok).to.equal(false);
      expect(bad.error?.message).to.match(/^Error during execution/);
      expect(await b.stateHash()).to.equal(initial);
      // A function of a class the task does not involve, and an operator tool, are not the agent's.
      const foreign = await engine.execute({ server: BFCL_SERVER, session: b, call: { name: 'bfcl_score', arguments: { result: [] } } });
      expect(foreign.error?.kind).to.equal('unknown_tool');
      await a.reset();
      expect(await a.stateHash()).to.equal(initial);
      await Promise.all([a.close(), b.close()]);
    } finally {
      await engine.close();
    }
  });
});
