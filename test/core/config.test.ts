import { expect } from 'chai';
import { join } from 'node:path';
import { loadConfig, resolveConfig } from '../../core/index.js';
import { rejection } from '../support/rejection.js';
import { makeProject } from '../support/project.js';

/** A plugin written in TypeScript next to the config, imported relatively. */
const localPlugin = `
import type { Engine, ProvePlugin } from 'prove-rl';
export class LocalTermPlugin implements ProvePlugin {
  static optionsSchema = { type: 'object', properties: { value: { type: 'number', default: 0.3 } }, additionalProperties: false };
  readonly name = 'LocalTermPlugin';
  constructor(private readonly options: { value: number }) {}
  apply(engine: Engine): void {
    engine.hooks.onReward.tap(this.name, (sheet) => ({ ...sheet, terms: { ...sheet.terms, local: this.options.value } }));
  }
}
`;

describe('Configuration loading', () => {
  const projects: Array<{ cleanup(): void }> = [];
  after(() => projects.forEach((p) => p.cleanup()));
  const project = (files: Record<string, string>) => {
    const p = makeProject(files);
    projects.push(p);
    return p.dir;
  };

  it('finds prove.config.ts by searching up from a subfolder, and follows its relative TypeScript imports', async () => {
    const dir = project({
      'prove.config.ts': `import { defineConfig } from 'prove-rl';\nimport { LocalTermPlugin } from './plugins/local.ts';\nexport default defineConfig({ plugins: [[LocalTermPlugin, { value: 0.7 }]], seed: 3 });\n`,
      'plugins/local.ts': localPlugin,
      'src/deep/README': 'x',
    });
    const loaded = await loadConfig({ cwd: join(dir, 'src', 'deep') });
    expect(loaded?.file).to.equal(join(dir, 'prove.config.ts'));
    expect(loaded?.config.seed).to.equal(3);
    const resolved = await resolveConfig(loaded!.file, loaded!.config);
    expect(resolved.plugins.map((p) => [p.name, p.options])).to.deep.equal([['LocalTermPlugin', { value: 0.7 }]]);
  });

  it('uses the file given explicitly, even when another is found by search', async () => {
    const dir = project({ 'prove.config.json': '{ "seed": 1 }', 'other/custom.mjs': 'export default { seed: 2 };\n' });
    expect((await loadConfig({ cwd: dir }))?.config.seed).to.equal(1);
    const explicit = await loadConfig({ cwd: dir, explicitPath: 'other/custom.mjs' });
    expect(explicit).to.deep.equal({ file: join(dir, 'other', 'custom.mjs'), config: { seed: 2 } });
  });

  it('reads .proverc.json and a "prove" key in package.json', async () => {
    const rc = project({ '.proverc.json': '{ "seed": 11 }' });
    expect((await loadConfig({ cwd: rc }))?.config.seed).to.equal(11);
    const pkg = project({});
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'p', prove: { seed: 12 } }));
    expect((await loadConfig({ cwd: pkg }))?.config.seed).to.equal(12);
  });

  it('returns nothing when there is no configuration', async () => {
    expect(await loadConfig({ cwd: project({}) })).to.equal(undefined);
  });

  it('names the file when it does not exist, fails to load, or has a bad key', async () => {
    const dir = project({
      'broken.config.ts': 'export default { plugins: [ ;\n',
      'throws.config.mjs': "throw new Error('no network here');\n",
      'bad-seed.config.json': '{ "seed": "seven" }',
      'bad-plugins.config.json': '{ "plugins": {} }',
    });
    const failure = (path: string) => rejection(loadConfig({ cwd: dir, explicitPath: path }));
    expect(await failure('missing.ts')).to.deep.include({ code: 'PROVE_CONFIG_NOT_FOUND', message: `config file ${join(dir, 'missing.ts')} does not exist` });
    const broken = await failure('broken.config.ts');
    expect(broken.code).to.equal('PROVE_CONFIG_LOAD_FAILED');
    expect(broken.message).to.contain(join(dir, 'broken.config.ts'));
    expect((await failure('throws.config.mjs')).message).to.match(/throws\.config\.mjs failed to load: no network here/);
    expect((await failure('bad-seed.config.json')).message).to.equal(`config file ${join(dir, 'bad-seed.config.json')}: seed: must be an integer, got "seven"`);
    expect((await failure('bad-plugins.config.json')).message).to.match(/bad-plugins\.config\.json: plugins: must be an array of plugins/);
  });

  it('resolves module names from the config folder and names the file when one is missing', async () => {
    const dir = project({
      'plugin.mjs': "export default class JsTermPlugin { name = 'JsTermPlugin'; constructor(o) { this.o = o; } apply(engine) { engine.hooks.onReward.tap(this.name, (s) => s); } }\n",
    });
    const ok = await resolveConfig(join(dir, 'prove.config.json'), { plugins: [['./plugin.mjs', { value: 0.1 }]] });
    expect(ok.plugins.map((p) => p.name)).to.deep.equal(['JsTermPlugin']);
    const error = await rejection(resolveConfig(join(dir, 'prove.config.json'), { plugins: ['prove-plugin-nowhere'] }));
    expect(error.message).to.match(new RegExp(`^config file ${join(dir, 'prove.config.json').replace(/[.]/g, '\\.')}: cannot find module "prove-plugin-nowhere"`));
  });
});
