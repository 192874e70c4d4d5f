import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createEngine, Engine as CoreEngine, isProveError, resolveConfig, type Engine, type Example, type GroundTruthStep, type ProvePlugin } from '../../../core/index.js';
import { RemoteMcpEnvironmentPlugin, type RemoteMcpEnvironmentOptions } from '../../../plugins/environments/RemoteMcpEnvironmentPlugin.js';
import { rolloutRecord } from '../../../plugins/rollout/evaluateRollout.js';
import { replayGroundTruth } from '../../../plugins/rollout/replayGroundTruth.js';
import { RolloutRunner } from '../../../plugins/rollout/RolloutRunner.js';
import { proveRewardPreset } from '../../../presets/proveReward.js';
import { DomainEnvironmentPlugin } from '../../../plugins/environments/DomainEnvironmentPlugin.js';
import { DomainHttpServer } from '../../../servers/kit/DomainHttpServer.js';
import { GroundTruthPolicyPlugin } from '../../rollout/support/groundTruthPolicy.js';
import { ledgerDomain } from '../../servers/kit/ledgerDomain.js';

/**
 * Third-party MCP servers nobody here wrote, installed from npm (devDependencies), spawned over
 * stdio as live environments: the reference memory and filesystem servers.
 */
const require = createRequire(import.meta.url);
const memoryServer = join(dirname(require.resolve('@modelcontextprotocol/server-memory/package.json')), 'dist', 'index.js');
const filesystemServer = join(dirname(require.resolve('@modelcontextprotocol/server-filesystem/package.json')), 'dist', 'index.js');

const WORLD = { seed: 0, referenceDate: '2026-01-05T09:00:00.000Z' };

const memory: RemoteMcpEnvironmentOptions = {
  name: 'memory',
  command: process.execPath,
  args: [memoryServer],
  // Each process keeps its graph in its own session folder; the graph itself is the state.
  env: { MEMORY_FILE_PATH: '{sessionDir}/memory.jsonl' },
  stateTool: { name: 'read_graph' },
  maxSessions: 3,
};

const filesystem: RemoteMcpEnvironmentOptions = {
  name: 'files',
  command: process.execPath,
  // The allowed folder is the session's own empty folder; relative paths resolve inside it.
  args: [filesystemServer, '{sessionDir}'],
  stateTool: { name: 'directory_tree', arguments: { path: '{sessionDir}' } },
};

function example(id: string, server: string, engine: Engine, turns: string[], steps: GroundTruthStep[]): Example {
  return {
    id,
    kind: 'multi_turn',
    servers: [server],
    tools: [...engine.environment(server).tools],
    world: WORLD,
    turns: turns.map((user) => ({ user })),
    messages: [],
    groundTruth: steps,
    perturbations: [],
    meta: {},
  };
}

async function engineWith(options: RemoteMcpEnvironmentOptions, policy = true): Promise<Engine> {
  const plugins: unknown[] = [[RemoteMcpEnvironmentPlugin, options]];
  if (policy) plugins.push(new GroundTruthPolicyPlugin() as ProvePlugin);
  return createEngine(await resolveConfig('(test)', { presets: [proveRewardPreset], plugins: plugins as never }));
}

/** Replay the ground truth, play it as a policy through the runner, and score it as `prove-rl eval` does. */
async function evaluate(engine: Engine, ex: Example) {
  const replay = await replayGroundTruth(engine, ex);
  const ceiling = (await engine.reward({ example: ex, calls: replay.calls })).total;
  const rollout = await new RolloutRunner(engine).play(ex);
  return { replay, ceiling, record: rolloutRecord(ex, rollout, replay) };
}

function memoryExample(engine: Engine): Example {
  return example('memory-1', 'memory', engine, ['Remember that Ada and Bo are people and Ada knows Bo.', 'Also note that Bo plays chess.'], [
    {
      id: 's1',
      turn: 0,
      dependsOn: [],
      calls: [{ name: 'create_entities', arguments: { entities: [{ name: 'Ada', entityType: 'person', observations: ['likes tea'] }, { name: 'Bo', entityType: 'person', observations: [] }] } }],
    },
    { id: 's2', turn: 0, dependsOn: ['s1'], calls: [{ name: 'create_relations', arguments: { relations: [{ from: 'Ada', to: 'Bo', relationType: 'knows' }] } }] },
    { id: 's3', turn: 1, dependsOn: ['s1'], calls: [{ name: 'add_observations', arguments: { observations: [{ entityName: 'Bo', contents: ['plays chess'] }] } }] },
  ]);
}

describe('RemoteMcpEnvironmentPlugin (third-party servers from npm)', function () {
  this.timeout(60_000);

  it('@modelcontextprotocol/server-memory: lists its tools, scores a ground-truth replay with a real state check', async () => {
    const engine = await engineWith(memory);
    try {
      const names = engine.environment('memory').tools.map((t) => t.function.name);
      expect(names).to.include.members(['create_entities', 'create_relations', 'add_observations', 'delete_entities', 'search_nodes', 'open_nodes']);
      // The state tool is the operator's, not the agent's.
      expect(names).to.not.include('read_graph');
      const { replay, ceiling, record } = await evaluate(engine, memoryExample(engine));
      expect(replay.failures).to.deep.equal([]);
      expect(replay.finalStateHashes.memory).to.not.equal(replay.initialStateHashes.memory);
      expect(record.stateCheck.status).to.equal('passed');
      expect(record.responseCheck.pass).to.equal(true);
      expect(record.trajectory.calls.map((c) => [c.name, c.ok])).to.deep.equal([
        ['create_entities', true],
        ['create_relations', true],
        ['add_observations', true],
      ]);
      expect(record.reward.total).to.be.closeTo(ceiling, 1e-9);
      expect(ceiling).to.be.closeTo(1.3, 1e-9);
    } finally {
      await engine.close();
    }
  });

  it('server-memory: sessions are isolated processes, reset returns to the initial state, calls the server rejects are results', async () => {
    const engine = await engineWith(memory, false);
    try {
      const [a, b] = await Promise.all([engine.openSession('memory', WORLD), engine.openSession('memory', WORLD)]);
      const empty = await a.stateHash();
      expect(await b.stateHash()).to.equal(empty);
      const created = await engine.execute({ server: 'memory', session: a, call: { name: 'create_entities', arguments: { entities: [{ name: 'Zed', entityType: 'cat', observations: [] }] } } });
      expect(created.ok).to.equal(true);
      expect(await a.stateHash()).to.not.equal(empty);
      expect(await b.stateHash()).to.equal(empty);
      const found = await engine.execute({ server: 'memory', session: b, call: { name: 'search_nodes', arguments: { query: 'Zed' } } });
      expect(found.ok).to.equal(true);
      expect(JSON.stringify(found.result)).to.not.include('Zed');
      const invalid = await engine.execute({ server: 'memory', session: a, call: { name: 'create_entities', arguments: { entities: 'not a list' } } });
      expect(invalid.ok).to.equal(false);
      expect(invalid.error?.kind).to.equal('invalid_arguments');
      const hidden = await engine.execute({ server: 'memory', session: a, call: { name: 'read_graph', arguments: {} } });
      expect(hidden.error?.kind).to.equal('unknown_tool');
      // No reset tool: reset is a fresh process on a fresh folder.
      await a.reset();
      expect(await a.stateHash()).to.equal(empty);
      await Promise.all([a.close(), b.close()]);
      const closed = await engine.execute({ server: 'memory', session: a, call: { name: 'search_nodes', arguments: { query: 'x' } } });
      expect(closed.ok).to.equal(false);
    } finally {
      await engine.close();
    }
  });

  it('server-memory without a state tool: the state check says unavailable, never passed', async () => {
    const engine = await engineWith({ ...memory, stateTool: null });
    try {
      expect(engine.environment('memory').tools.map((t) => t.function.name)).to.include('read_graph');
      const { record } = await evaluate(engine, memoryExample(engine));
      expect(record.stateCheck.status).to.equal('unavailable');
      expect(record.stateCheck.pass).to.equal(false);
      expect(record.responseCheck.pass).to.equal(true);
    } finally {
      await engine.close();
    }
  });

  it('@modelcontextprotocol/server-filesystem: one fresh folder per session, a ground-truth replay scored, folders removed on close', async () => {
    const engine = await engineWith(filesystem);
    try {
      const names = engine.environment('files').tools.map((t) => t.function.name);
      expect(names).to.include.members(['write_file', 'read_text_file', 'create_directory', 'move_file', 'list_directory']);
      const ex = example('files-1', 'files', engine, ['Make a notes folder with a todo file saying "buy milk".', 'Rename it to done.txt.'], [
        { id: 's1', turn: 0, dependsOn: [], calls: [{ name: 'create_directory', arguments: { path: 'notes' } }] },
        { id: 's2', turn: 0, dependsOn: ['s1'], calls: [{ name: 'write_file', arguments: { path: 'notes/todo.txt', content: 'buy milk' } }] },
        { id: 's3', turn: 1, dependsOn: ['s2'], calls: [{ name: 'move_file', arguments: { source: 'notes/todo.txt', destination: 'notes/done.txt' } }] },
      ]);
      const { replay, ceiling, record } = await evaluate(engine, ex);
      expect(replay.failures.map((f) => f.error?.message)).to.deep.equal([]);
      expect(record.stateCheck.status).to.equal('passed');
      expect(record.reward.total).to.be.closeTo(ceiling, 1e-9);

      const [a, b] = await Promise.all([engine.openSession('files', WORLD), engine.openSession('files', WORLD)]);
      await engine.execute({ server: 'files', session: a, call: { name: 'write_file', arguments: { path: 'secret.txt', content: 'only a' } } });
      const read = await engine.execute({ server: 'files', session: b, call: { name: 'read_text_file', arguments: { path: 'secret.txt' } } });
      expect(read.ok).to.equal(false);
      const escape = await engine.execute({ server: 'files', session: b, call: { name: 'list_directory', arguments: { path: '/' } } });
      expect(escape.ok).to.equal(false);
      const listed = (await engine.execute({ server: 'files', session: a, call: { name: 'list_allowed_directories', arguments: {} } })).result;
      const dir = String(JSON.stringify(listed)).match(/\/[^"\\]*prove-mcp-files-[^"\\]*/)?.[0];
      expect(dir, 'the session folder').to.be.a('string');
      expect(existsSync(dir!)).to.equal(true);
      await Promise.all([a.close(), b.close()]);
      expect(existsSync(dir!)).to.equal(false);
    } finally {
      await engine.close();
    }
  });

  it("prove's own server over Streamable HTTP: prove_state_hash and prove_reset found by themselves, hashes equal to the in-process domain's", async () => {
    // The engine is the operator: prove_reset answers over HTTP only the operator's token.
    const http = new DomainHttpServer({ domains: [ledgerDomain], port: 0, token: 'tok-25', operatorToken: 'op-25', world: { seed: 3, referenceDate: '2026-03-02T09:00:00Z' } });
    await http.listen();
    const remote = await engineWith({ name: 'ledger', url: http.url('ledger'), headers: { Authorization: 'Bearer op-25' } }, false);
    // With an agent's token the server refuses prove_reset: the plugin then resets by a fresh MCP session.
    const agent = await engineWith({ name: 'ledger', url: http.url('ledger'), headers: { Authorization: 'Bearer tok-25' } }, false);
    const agentPlugin = agent.plugins.find((p) => p instanceof RemoteMcpEnvironmentPlugin) as RemoteMcpEnvironmentPlugin;
    expect(agentPlugin.stateTool?.name).to.equal('prove_state_hash');
    expect(agentPlugin.resetTool).to.equal(null);
    await agent.close();
    const local = new CoreEngine();
    await local.use(new DomainEnvironmentPlugin({ domain: ledgerDomain }));
    const plugin = remote.plugins.find((p) => p instanceof RemoteMcpEnvironmentPlugin) as RemoteMcpEnvironmentPlugin;
    try {
      expect(plugin.stateTool?.name).to.equal('prove_state_hash');
      expect(plugin.resetTool?.name).to.equal('prove_reset');
      expect(remote.environment('ledger').tools.map((t) => t.function.name)).to.deep.equal(local.environment('ledger').tools.map((t) => t.function.name));
      const world = { seed: 3, referenceDate: '2026-03-02T09:00:00Z' };
      const [r1, r2, l] = [await remote.openSession('ledger', world), await remote.openSession('ledger', world), await local.openSession('ledger', world)];
      const initial = await l.stateHash();
      expect(await r1.stateHash()).to.equal(initial);
      const call = { name: 'ledger_transfer', arguments: { from: 'acc_1', to: 'acc_2', amount: 10 } };
      const [a, b] = [await remote.execute({ server: 'ledger', session: r1, call }), await local.execute({ server: 'ledger', session: l, call })];
      expect(a.ok).to.equal(true);
      expect(a.result).to.deep.equal(b.result);
      expect(await r1.stateHash()).to.equal(await l.stateHash());
      expect(await r2.stateHash()).to.equal(initial);
      const refused = await remote.execute({ server: 'ledger', session: r1, call: { name: 'ledger_transfer', arguments: { from: 'acc_2', to: 'acc_1', amount: 999 } } });
      expect(refused.error).to.deep.equal({ kind: 'execution', message: 'account acc_2 has only 30.50 available' });
      await r1.reset();
      expect(await r1.stateHash()).to.equal(initial);
      await Promise.all([r1.close(), r2.close()]);
    } finally {
      await remote.close();
      await local.close();
      await http.close();
    }
  });

  it('refuses bad options and unreachable servers with coded errors', async () => {
    for (const options of [{ name: 'x' }, { name: 'x', command: 'a', url: 'http://b' }, { name: 'x', url: 'ftp://b' }, { name: 'x', command: 'a', maxSessions: 0 }]) {
      try {
        new RemoteMcpEnvironmentPlugin(options as never);
        expect.fail(`should have refused ${JSON.stringify(options)}`);
      } catch (error) {
        expect(isProveError(error) && error.code).to.equal('PROVE_INVALID_PLUGIN_OPTIONS');
      }
    }
    try {
      await engineWith({ name: 'gone', command: process.execPath, args: ['-e', 'process.exit(3)'] }, false);
      expect.fail('should have thrown');
    } catch (error) {
      expect(isProveError(error) && (error as { code: string }).code).to.match(/PROVE_REMOTE_SERVER_FAILED|PROVE_PLUGIN_FAILED/);
      expect(String((error as Error).message)).to.include('gone');
    }
  });
});
