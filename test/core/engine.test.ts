import { expect } from 'chai';
import { AsyncSeriesWaterfallHook } from 'tapable';
import { defineMetaKey, Engine, STAGE_EARLY, STAGE_LATE, type Environment, type ProvePlugin } from '../../core/index.js';

const world = { seed: 1, referenceDate: '2026-03-16T09:00:00Z' };

function plugin(name: string, apply: (engine: Engine) => void): ProvePlugin {
  return { name, apply };
}

describe('Engine', () => {
  it('declares exactly the five hooks, frozen', () => {
    const engine = new Engine();
    expect(Object.keys(engine.hooks)).to.deep.equal(['onSample', 'onGenerate', 'onExecute', 'onReward', 'onUpdate']);
    expect(Object.isFrozen(engine.hooks)).to.equal(true);
    expect(() => {
      (engine.hooks as unknown as Record<string, unknown>).onExtra = 1;
    }).to.throw(TypeError);
  });

  it('runs taps by stage, not by registration order', async () => {
    const engine = new Engine();
    const order: string[] = [];
    for (const [name, stage] of [
      ['late', STAGE_LATE],
      ['default', 0],
      ['early', STAGE_EARLY],
    ] as const) {
      await engine.use(plugin(name, (e) => e.hooks.onUpdate.tapPromise({ name, stage }, async () => void order.push(name))));
    }
    await engine.update({ kind: 'examples', examples: [], dropped: {}, metrics: {} });
    expect(order).to.deep.equal(['early', 'default', 'late']);
    expect(engine.describeTaps().onUpdate.map((t) => t.plugin)).to.deep.equal(['early', 'default', 'late']);
  });

  it('turns an error thrown inside an async tap into PROVE_PLUGIN_FAILED naming the plugin and the hook', async () => {
    const engine = new Engine();
    await engine.use(
      plugin('BrokenRewardPlugin', (e) =>
        e.hooks.onReward.tapPromise('BrokenRewardPlugin', async () => {
          throw new Error('division by zero');
        }),
      ),
    );
    const error = await engine.reward({ example: {} as never, calls: [] }).then(
      () => undefined,
      (e: unknown) => e as { code: string; message: string; details: Record<string, unknown>; cause: unknown },
    );
    expect(error?.code).to.equal('PROVE_PLUGIN_FAILED');
    expect(error?.message).to.equal('plugin "BrokenRewardPlugin" failed in hook "onReward": division by zero');
    expect(error?.details).to.include({ plugin: 'BrokenRewardPlugin', hook: 'onReward' });
    expect((error?.cause as Error).message).to.equal('division by zero');
  });

  it('does the same for synchronous taps and callback taps', async () => {
    const engine = new Engine();
    await engine.use(
      plugin('SyncSampler', (e) =>
        e.hooks.onSample.tap('SyncSampler', () => {
          throw new TypeError('bad sampler');
        }),
      ),
    );
    await engine.use(plugin('CallbackWriter', (e) => e.hooks.onUpdate.tapAsync('CallbackWriter', (_batch, done) => done(new Error('disk full')))));
    const sampleError = await engine.sample({ server: 's', session: {} as never, seed: 1 }).catch((e: unknown) => e as Error);
    expect((sampleError as Error).message).to.equal('plugin "SyncSampler" failed in hook "onSample": bad sampler');
    const updateError = await engine.update({ kind: 'examples', examples: [], dropped: {}, metrics: {} }).catch((e: unknown) => e as Error);
    expect((updateError as Error).message).to.equal('plugin "CallbackWriter" failed in hook "onUpdate": disk full');
  });

  it('reports a tool call that no plugin executes as PROVE_NO_EXECUTOR', async () => {
    const engine = new Engine();
    await engine.use(plugin('Bystander', (e) => e.hooks.onExecute.tapPromise('Bystander', async () => undefined)));
    const error = await engine.execute({ server: 'banking', session: {} as never, call: { name: 'get_balance', arguments: {} } }).catch((e: unknown) => e as { code: string; message: string });
    expect(error).to.deep.include({ code: 'PROVE_NO_EXECUTOR', message: 'no plugin executes tool "get_balance" on server "banking"' });
  });

  it('keeps a registry of environments and refuses duplicates and unknown names', async () => {
    const engine = new Engine();
    const env: Environment = { name: 'echo', tools: [], openSession: async () => ({}) as never };
    engine.registerEnvironment(env, 'A');
    expect(() => engine.registerEnvironment(env, 'B')).to.throw(/environment "echo" is registered twice \(second time by plugin "B"\)/);
    expect(() => engine.environment('nope')).to.throw(/no environment named "nope" is registered; registered: "echo"/);
    await engine.openSession('echo', world);
  });

  it('runs teardowns once, last registered first', async () => {
    const engine = new Engine();
    const order: number[] = [];
    engine.addTeardown(() => order.push(1));
    engine.addTeardown(async () => void order.push(2));
    await engine.close();
    await engine.close();
    expect(order).to.deep.equal([2, 1]);
  });

  it("gives cooperating plugins the declaring plugin's own typed hooks, once per engine, with guarded taps", async () => {
    const engine = new Engine();
    const hooksOf = (e: Engine) => e.pluginHooks('Counter', () => ({ count: new AsyncSeriesWaterfallHook<[number]>(['n']) }));
    expect(hooksOf(engine)).to.equal(hooksOf(engine));
    expect(hooksOf(new Engine())).not.to.equal(hooksOf(engine));
    hooksOf(engine).count.tap('Double', (n) => n * 2);
    expect(await hooksOf(engine).count.promise(3)).to.equal(6);
    hooksOf(engine).count.tap('Broken', () => {
      throw new Error('no');
    });
    const error = await hooksOf(engine).count.promise(1).catch((e: unknown) => e);
    expect(error).to.include({ code: 'PROVE_PLUGIN_FAILED', message: 'plugin "Broken" failed in hook "Counter.count": no' });
  });

  it('reads and writes meta through typed keys without touching the original', () => {
    const key = defineMetaKey<{ n: number }>('thing');
    const meta = { other: 1 };
    const next = key.with(meta, { n: 2 });
    expect(key.get(next)).to.deep.equal({ n: 2 });
    expect(key.get(meta)).to.equal(undefined);
    expect(next).to.deep.equal({ other: 1, thing: { n: 2 } });
  });
});
