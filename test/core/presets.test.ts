import { expect } from 'chai';
import { createEngine, definePreset, resolveConfig, type Engine, type ProvePlugin } from '../../core/index.js';
import { rejection } from '../support/rejection.js';

/** A reward-term-like plugin: adds its value under its own name. */
class ConstantTermPlugin implements ProvePlugin {
  static optionsSchema = {
    type: 'object',
    properties: {
      term: { type: 'string', minLength: 1 },
      value: { type: 'number', minimum: 0, maximum: 1, default: 1 },
      mode: { enum: ['strict', 'lenient'], default: 'strict' },
    },
    required: ['term'],
    additionalProperties: false,
  };
  readonly name: string;
  constructor(readonly options: { term: string; value: number; mode: string }) {
    this.name = `term:${options.term}`;
  }
  apply(engine: Engine) {
    engine.hooks.onReward.tap(this.name, (sheet) => ({ ...sheet, terms: { ...sheet.terms, [this.options.term]: this.options.value } }));
  }
}

class NeedsCoveragePlugin implements ProvePlugin {
  static dependencies = ['term:coverage'];
  readonly name = 'NeedsCoveragePlugin';
  apply() {}
}

const rewardPreset = definePreset({
  name: 'reward',
  plugins: [
    [ConstantTermPlugin, { term: 'validity', value: 0.5 }],
    [ConstantTermPlugin, { term: 'coverage', value: 0.5 }],
  ],
});
const tracePreset = definePreset({
  name: 'trace',
  optionsSchema: { type: 'object', properties: { value: { type: 'number', default: 0.1 } }, additionalProperties: false },
  setup: (options: { value: number }) => ({ plugins: [[ConstantTermPlugin, { term: 'trace', value: options.value }]] }),
});
const paperPreset = definePreset({ name: 'paper', presets: [rewardPreset, [tracePreset, { value: 0.2 }]], plugins: [[ConstantTermPlugin, { term: 'efficiency', value: 0 }]] });

const resolve = (config: Parameters<typeof resolveConfig>[1]) => resolveConfig('/virtual/prove.config.ts', config);

async function termsOf(config: Parameters<typeof resolveConfig>[1]) {
  const engine = await createEngine(await resolve(config));
  return (await engine.reward({ example: {} as never, calls: [] })).terms;
}

describe('Presets', () => {
  it('expand depth-first in declared order: nested presets, then the preset own plugins, then the config', async () => {
    const resolved = await resolve({ presets: [paperPreset], plugins: [[ConstantTermPlugin, { term: 'extra' }]] });
    expect(resolved.plugins.map((p) => p.name)).to.deep.equal(['term:validity', 'term:coverage', 'term:trace', 'term:efficiency', 'term:extra']);
    expect(resolved.plugins[2].source).to.equal('paper > trace');
    expect(resolved.plugins[2].options).to.deep.equal({ term: 'trace', value: 0.2, mode: 'strict' });
    expect(resolved.presets[0].children.map((c) => c.name)).to.deep.equal(['reward', 'trace']);
  });

  it('let a later entry replace a plugin of an earlier preset by name, in place (how reward terms are swapped)', async () => {
    const resolved = await resolve({ presets: [paperPreset], plugins: [{ plugin: ConstantTermPlugin, options: { term: 'coverage', value: 0.9 } }] });
    expect(resolved.plugins.map((p) => p.name)).to.deep.equal(['term:validity', 'term:coverage', 'term:trace', 'term:efficiency']);
    expect(resolved.plugins[1].replaced).to.deep.equal(['paper > reward']);
    expect(await termsOf({ presets: [paperPreset], plugins: [[ConstantTermPlugin, { term: 'coverage', value: 0.9 }]] })).to.deep.equal({
      validity: 0.5,
      coverage: 0.9,
      trace: 0.2,
      efficiency: 0,
    });
  });

  it('let a later entry disable a plugin by name, and reject disabling a name that is not there', async () => {
    expect(await termsOf({ presets: [paperPreset], plugins: [{ disable: 'term:efficiency' }] })).to.not.have.property('efficiency');
    const error = await rejection(resolve({ presets: [paperPreset], plugins: [{ disable: 'term:effciency' }] }));
    expect(error.message).to.match(/cannot disable plugin "term:effciency": no plugin of that name comes before it\. Plugins present: "term:validity", /);
  });

  it('rename an instance with { plugin, options, name }', async () => {
    const resolved = await resolve({ plugins: [{ plugin: ConstantTermPlugin, options: { term: 'a' }, name: 'MyTerm' }] });
    expect(resolved.plugins[0].name).to.equal('MyTerm');
    expect(resolved.plugins[0].plugin.name).to.equal('MyTerm');
  });

  it('reject invalid plugin options naming the plugin, the key, the value and what is allowed', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ term: 'x', value: 2 }, /plugin "ConstantTermPlugin": option "value" = 2 is invalid: must be <= 1/],
      [{ term: 'x', mode: 'loose' }, /option "mode" = "loose" is invalid: must be one of "strict", "lenient"/],
      [{ term: 'x', colour: 'red' }, /option "colour" = "red" is invalid: unknown key; allowed keys: term, value, mode/],
      [{}, /option "term" = undefined is invalid: is required/],
      [{ term: 3 }, /option "term" = 3 is invalid: must be string, got integer/],
    ];
    for (const [options, pattern] of cases) {
      const error = await rejection(resolve({ plugins: [[ConstantTermPlugin, options]] }));
      expect(error.message, JSON.stringify(options)).to.match(pattern);
      expect(error.code).to.equal('PROVE_INVALID_PLUGIN_OPTIONS');
      expect(error.message).to.match(/^config file \/virtual\/prove\.config\.ts: /);
    }
  });

  it('reject invalid preset options', async () => {
    const error = await rejection(resolve({ presets: [[tracePreset, { value: 'high' }]] }));
    expect(error.message).to.match(/preset "trace": option "value" = "high" is invalid: must be number, got string/);
  });

  it('report a missing dependency naming both plugins', async () => {
    const error = await rejection(resolve({ presets: [paperPreset], plugins: [NeedsCoveragePlugin, { disable: 'term:coverage' }] }));
    expect(error.code).to.equal('PROVE_MISSING_DEPENDENCY');
    expect(error.message).to.match(/plugin "NeedsCoveragePlugin" needs plugin "term:coverage", which is not in the configuration/);
    const ok = await resolve({ presets: [paperPreset], plugins: [NeedsCoveragePlugin] });
    expect(ok.plugins.map((p) => p.name)).to.include('NeedsCoveragePlugin');
  });

  it('detect presets that include each other', async () => {
    const a: { presets: unknown[] } & ReturnType<typeof definePreset> = definePreset({ name: 'a', presets: [] }) as never;
    const b = definePreset({ name: 'b', presets: [a] });
    (a.presets as unknown[]).push(b);
    const error = await rejection(resolve({ presets: [a] }));
    expect(error.message).to.match(/presets include each other in a cycle: a > b > a/);
  });

  it('reject entries that are neither plugins nor presets, saying where they are', async () => {
    const notPlugin = await rejection(resolve({ plugins: [{ apply: 1 } as never] }));
    expect(notPlugin.message).to.match(/plugins\[0\]: not a plugin/);
    const notPreset = await rejection(resolve({ presets: [ConstantTermPlugin as never] }));
    expect(notPreset.message).to.match(/presets\[0\]: not a preset/);
    const missing = await rejection(resolve({ plugins: ['prove-plugin-that-does-not-exist'] }));
    expect(missing.code).to.equal('PROVE_MODULE_NOT_FOUND');
  });
});
