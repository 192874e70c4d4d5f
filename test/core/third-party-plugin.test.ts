import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEngine, loadConfig, resolveConfig } from '../../core/index.js';
import { makeProject, runProve } from '../support/project.js';

describe('A third-party plugin package (test/packages/prove-plugin-example)', () => {
  let project: { dir: string; cleanup(): void };
  before(() => {
    project = makeProject(
      {
        'prove.config.json': JSON.stringify({ plugins: [['prove-plugin-example', { log: 'hooks.log', bonus: 0.5 }]] }),
      },
      ['prove-plugin-example'],
    );
  });
  after(() => project.cleanup());

  it('is loaded from a config by package name and taps all five hooks', async () => {
    const loaded = await loadConfig({ cwd: project.dir });
    const resolved = await resolveConfig(loaded!.file, loaded!.config);
    expect(resolved.plugins.map((p) => p.name)).to.deep.equal(['ExampleAuditPlugin']);
    const options = resolved.plugins[0].options as { log: string };
    // The plugin writes relative to the process working directory; point it into the project.
    options.log = join(project.dir, 'hooks.log');
    const engine = await createEngine(resolved);
    const taps = engine.describeTaps();
    for (const hook of ['onSample', 'onGenerate', 'onExecute', 'onReward', 'onUpdate'] as const) {
      expect(taps[hook].map((t) => t.plugin), hook).to.deep.equal(['ExampleAuditPlugin']);
    }

    const session = await engine.openSession('echo', { seed: 4, referenceDate: '2026-03-16T00:00:00Z' });
    const sampled = await engine.sample({ server: 'echo', session, seed: 4 });
    expect(sampled.values.audited).to.deep.equal(['echo']);
    const draft = await engine.generate({ purpose: 'assistant', messages: [], tools: [], seed: 1, meta: {} });
    expect(draft.meta.audited).to.equal(true);
    const executed = await engine.execute({ server: 'echo', session, call: { name: 'echo', arguments: { text: 'héllo' } } });
    expect(executed).to.deep.include({ ok: true, result: { text: 'héllo' } });
    expect(await session.stateHash()).to.equal('calls:1');
    const sheet = await engine.reward({ example: {} as never, calls: [executed] });
    expect(sheet.terms).to.deep.equal({ audit: 0.5 });
    await engine.update({ kind: 'examples', examples: [], dropped: {}, metrics: {} });
    expect(readFileSync(join(project.dir, 'hooks.log'), 'utf8').trim().split('\n')).to.deep.equal(['onSample', 'onGenerate', 'onExecute', 'onReward', 'onUpdate']);
    await engine.close();
  });

  it('shows up in `prove-rl config --json` run as a child process, with its options and taps', async () => {
    const { code, stdout, stderr } = await runProve(['config', '--json'], { cwd: project.dir });
    expect(code, stderr).to.equal(0);
    const out = JSON.parse(stdout) as { file: string; plugins: Array<{ name: string; options: unknown; source: string }>; hooks: Record<string, Array<{ plugin: string; stage: number }>>; environments: string[] };
    expect(out.file).to.equal(join(project.dir, 'prove.config.json'));
    expect(out.plugins).to.deep.equal([{ name: 'ExampleAuditPlugin', source: 'config', options: { log: 'hooks.log', bonus: 0.5 }, replaced: [], dependencies: [] }]);
    expect(out.hooks.onGenerate).to.deep.equal([{ plugin: 'ExampleAuditPlugin', stage: -10, type: 'promise' }]);
    expect(out.hooks.onUpdate[0].stage).to.equal(10);
    expect(out.environments).to.deep.equal(['echo']);
  });

  it('has its options validated by prove, with the plugin, key and value in the message', async () => {
    const bad = makeProject({ 'prove.config.json': JSON.stringify({ plugins: [['prove-plugin-example', { bonus: 3 }]] }) }, ['prove-plugin-example']);
    try {
      const { code, stderr } = await runProve(['config'], { cwd: bad.dir });
      expect(code).to.equal(1);
      expect(stderr.trim()).to.equal(
        `prove-rl: config file ${join(bad.dir, 'prove.config.json')}: plugin "ExampleAuditPlugin": option "bonus" = 3 is invalid: must be <= 1 [PROVE_INVALID_PLUGIN_OPTIONS]`,
      );
    } finally {
      bad.cleanup();
    }
  });
});
