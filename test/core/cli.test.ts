import { expect } from 'chai';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PluginClass } from '../../core/Plugin.js';
import { makeProject, REPO_ROOT, runProve } from '../support/project.js';

const version = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

describe('The prove CLI (run as a child process)', () => {
  it('lists its commands and global options with --help', async () => {
    const { code, stdout } = await runProve(['--help']);
    expect(code).to.equal(0);
    expect(stdout).to.match(/^Usage: prove-rl <command> \[options\]$/m);
    expect(stdout).to.match(/^ {2}config +print the resolved configuration/m);
    expect(stdout).to.contain('--config PATH');
    expect(stdout).to.contain('--version');
  });

  it('shows the options of a command with <command> --help', async () => {
    const { code, stdout } = await runProve(['config', '--help']);
    expect(code).to.equal(0);
    expect(stdout).to.match(/^Usage: prove-rl config \[options\]$/m);
    expect(stdout).to.match(/--json +machine-readable output/);
  });

  it('prints its version', async () => {
    expect(await runProve(['--version'])).to.deep.include({ code: 0, stdout: `${version}\n` });
  });

  it('rejects an unknown command with one clear line and a non-zero exit', async () => {
    const { code, stdout, stderr } = await runProve(['trian']);
    expect(code).to.equal(1);
    expect(stdout).to.equal('');
    expect(stderr.trim().split('\n')).to.have.length(1);
    expect(stderr).to.match(/^prove-rl: unknown command "trian"; commands: config, .*train.* \(plugins contribute commands; these come from .*prove\.config\.ts; prove-rl --help\) \[PROVE_UNKNOWN_COMMAND\]$/m);
  });

  describe('commands contributed by plugins', () => {
    const GREET = `import { defineCommand } from 'prove-rl';
export default defineCommand({
  name: 'greet',
  summary: 'say hello',
  usage: '<name>',
  options: { loud: { type: 'boolean', description: 'shout' }, times: { type: 'string', short: 't', description: 'how often' }, seed: { type: 'string', description: 'seed' } },
  async run(context) {
    const text = \`\${context.plugin.greeting}, \${context.positionals.join(' ')}\`;
    const { seed } = await context.settings();
    context.stdout((context.values.loud ? text.toUpperCase() : text) + (context.values.times ? \` x\${context.values.times}\` : '') + (seed ? \` seed \${seed}\` : '') + '\\n');
  },
});
`;
    const CONFIG = `const GREET = { name: 'greet', summary: 'say hello to NAME', load: () => import('./greet.mjs') };
class GreeterPlugin {
  name = 'GreeterPlugin';
  greeting = 'hello';
  apply(engine) { engine.registerCommand(GREET, this); engine.registerCommand(GREET, this); }
}
export default { plugins: [GreeterPlugin] };
`;
    it("takes the config's seed as every command's --seed default, the command line first", async () => {
      const project = makeProject({ 'greet.mjs': GREET, 'prove.config.mjs': CONFIG.replace('plugins: [GreeterPlugin] }', 'plugins: [GreeterPlugin], seed: 5 }') });
      try {
        expect(await runProve(['greet', 'Ada'], { cwd: project.dir })).to.deep.include({ code: 0, stdout: 'hello, Ada seed 5\n' });
        expect(await runProve(['greet', 'Ada', '--seed', '9'], { cwd: project.dir })).to.deep.include({ code: 0, stdout: 'hello, Ada seed 9\n' });
      } finally {
        project.cleanup();
      }
    });

    it('runs a command that a configured plugin registers, with its plugin as context.plugin, and lists it', async () => {
      const project = makeProject({ 'greet.mjs': GREET, 'greeter.config.mjs': CONFIG });
      try {
        const run = await runProve(['--config', 'greeter.config.mjs', 'greet', 'Ada', '--loud'], { cwd: project.dir });
        expect(run.stderr).to.equal('');
        expect(run).to.deep.include({ code: 0, stdout: 'HELLO, ADA\n' });
        const after = await runProve(['greet', '-c', 'greeter.config.mjs', '--', '-5'], { cwd: project.dir });
        expect(after).to.deep.include({ code: 0, stdout: 'hello, -5\n' }, 'global options after the command too; -- before a negative number');
        const negative = await runProve(['greet', 'Bo', '--times', '-2', '-c', 'greeter.config.mjs'], { cwd: project.dir });
        expect(negative).to.deep.include({ code: 0, stdout: 'hello, Bo x-2\n' }, 'a negative number is an option value');
        const short = await runProve(['greet', 'Bo', '-t', '-0.5', '-c', 'greeter.config.mjs'], { cwd: project.dir });
        expect(short).to.deep.include({ code: 0, stdout: 'hello, Bo x-0.5\n' });
        const help = await runProve(['-c', 'greeter.config.mjs', '--help'], { cwd: project.dir });
        expect(help.stdout).to.match(/^ {2}config +print the resolved/m).and.match(/^ {2}greet +say hello to NAME$/m);
        expect(help.stdout).not.to.match(/^ {2}train /m, 'commands come from the configured plugins only');
        const missing = await runProve(['-c', 'greeter.config.mjs', 'train'], { cwd: project.dir });
        expect(missing.code).to.equal(1);
        expect(missing.stderr).to.match(/unknown command "train"; commands: config, greet \(plugins contribute commands; these come from .*greeter\.config\.mjs/);
      } finally {
        project.cleanup();
      }
    });

    it('rejects two plugins that register the same command name', async () => {
      const config = CONFIG.replace("export default { plugins: [GreeterPlugin] };", "class Other { name = 'Other'; apply(engine) { engine.registerCommand({ ...GREET }, this); } }\nexport default { plugins: [GreeterPlugin, Other] };");
      const project = makeProject({ 'greet.mjs': GREET, 'prove.config.mjs': config });
      try {
        const run = await runProve(['greet', 'x'], { cwd: project.dir });
        expect(run.code).to.equal(1);
        expect(run.stderr).to.contain('command "greet" is registered by plugin "GreeterPlugin" and again by plugin "Other"').and.contain('[PROVE_DUPLICATE_COMMAND]');
      } finally {
        project.cleanup();
      }
    });
    it('runs a command its plugin class declares without applying any plugin; the engine, when asked for, still applies them all', async () => {
      const config = CONFIG.replace('class GreeterPlugin {', 'class GreeterPlugin {\n  static commands = [GREET];').replace(
        'export default { plugins: [GreeterPlugin] };',
        "class Broken { name = 'Broken'; apply() { throw new Error('Broken was applied'); } }\nexport default { plugins: [GreeterPlugin, Broken] };",
      );
      const project = makeProject({ 'greet.mjs': GREET, 'prove.config.mjs': config });
      try {
        expect(await runProve(['greet', 'Ada'], { cwd: project.dir })).to.deep.include({ code: 0, stdout: 'hello, Ada\n', stderr: '' });
        // --help lists declared commands without applying, once every class declares its own ([]: none).
        const undeclared = await runProve(['--help'], { cwd: project.dir });
        expect(undeclared.code).to.equal(0);
        expect(undeclared.stderr).to.contain('commands of plugins are not listed').and.contain('Broken was applied');
        writeFileSync(join(project.dir, 'prove.config.mjs'), config.replace("class Broken { name = 'Broken';", "class Broken { static commands = []; name = 'Broken';"));
        const declared = await runProve(['--help'], { cwd: project.dir });
        expect(declared).to.deep.include({ code: 0, stderr: '' });
        expect(declared.stdout).to.match(/^ {2}config +print the resolved/m).and.match(/^ {2}greet +say hello to NAME$/m);
        writeFileSync(join(project.dir, 'prove.config.mjs'), config);
        const engine = await runProve(['config'], { cwd: project.dir });
        expect(engine.code).to.equal(1);
        expect(engine.stderr).to.contain('Broken was applied');
        // A config section that no declared command explains: the engine decides (here: it fails to apply).
        writeFileSync(join(project.dir, 'prove.config.mjs'), config.replace('plugins: [GreeterPlugin, Broken] }', "plugins: [GreeterPlugin, Broken], other: {} }"));
        expect((await runProve(['greet', 'Ada'], { cwd: project.dir })).stderr).to.contain('Broken was applied');
      } finally {
        project.cleanup();
      }
    });

    it('declares in each built-in plugin class exactly the commands its apply registers', async () => {
      const { createEngine, resolveConfig } = await import('../../core/config.js');
      const { provePreset } = await import('../../presets/prove.js');
      const resolved = await resolveConfig('(test)', { presets: [provePreset] });
      const declared = new Map<string, unknown>();
      for (const { plugin } of resolved.plugins) {
        const commands = (plugin.constructor as PluginClass).commands;
        expect(commands, `${plugin.name} declares its commands ([] for none), so that --help applies no plugin`).to.be.an('array');
        for (const entry of commands ?? []) declared.set(entry.name, entry);
      }
      const engine = await createEngine(resolved);
      try {
        expect([...declared.keys()].sort()).to.deep.equal([...engine.commands.keys()].sort());
        for (const [name, { entry }] of engine.commands) expect(declared.get(name)).to.equal(entry, name);
      } finally {
        await engine.close();
      }
    });
  });

  it('rejects an unknown option with one clear line, and adds the stack with --verbose', async () => {
    const plain = await runProve(['config', '--jsno']);
    expect(plain.code).to.equal(1);
    expect(plain.stderr).to.equal('prove-rl: config: unknown option --jsno (prove-rl config --help) [PROVE_USAGE]\n');
    const verbose = await runProve(['config', '--jsno', '--verbose']);
    expect(verbose.code).to.equal(1);
    expect(verbose.stderr).to.match(/^prove-rl: config: unknown option --jsno/);
    expect(verbose.stderr).to.match(/\n\s+at .+main\.js/);
  });

  it('prints the resolved configuration: presets, plugins with options and origin, taps per hook', async () => {
    const project = makeProject({
      'presets.mjs': `import { definePreset } from 'prove-rl';
class TermPlugin {
  static optionsSchema = { type: 'object', properties: { weight: { type: 'number', default: 0.5 } }, additionalProperties: false };
  constructor(options) { this.options = options; this.name = 'TermPlugin'; }
  apply(engine) { engine.hooks.onReward.tap({ name: this.name, stage: 10 }, (s) => s); }
}
class SamplerPlugin { name = 'SamplerPlugin'; apply(engine) { engine.hooks.onSample.tap(this.name, (c) => c); } }
export const inner = definePreset({ name: 'inner', plugins: [TermPlugin] });
export default definePreset({ name: 'outer', presets: [inner], plugins: [SamplerPlugin] });
export { TermPlugin };
`,
      'prove.config.mjs': `import outer, { TermPlugin } from './presets.mjs';
export default { presets: [outer], plugins: [[TermPlugin, { weight: 0.2 }]] };
`,
    });
    try {
      const { code, stdout, stderr } = await runProve(['config'], { cwd: project.dir });
      expect(code, stderr).to.equal(0);
      expect(stdout).to.contain(`config: ${join(project.dir, 'prove.config.mjs')}`);
      expect(stdout).to.match(/presets:\n {2}outer\n {4}inner\n/);
      expect(stdout).to.match(/ {2}TermPlugin {2}\[from config; replaces outer > inner\]\n {6}options \{"weight":0\.2\}/);
      expect(stdout).to.match(/ {2}SamplerPlugin {2}\[from outer\]/);
      expect(stdout).to.contain('  onSample: SamplerPlugin\n');
      expect(stdout).to.contain('  onReward: TermPlugin @10\n');
      expect(stdout).to.contain('  onExecute: (no taps)\n');

      const json = await runProve(['config', '--json'], { cwd: project.dir });
      const parsed = JSON.parse(json.stdout) as { presets: Array<{ name: string; children: Array<{ name: string }> }>; plugins: Array<{ name: string; options: unknown }> };
      expect(parsed.presets[0].name).to.equal('outer');
      expect(parsed.presets[0].children[0].name).to.equal('inner');
      expect(parsed.plugins.map((p) => p.name)).to.deep.equal(['TermPlugin', 'SamplerPlugin']);
    } finally {
      project.cleanup();
    }
  });

  it('uses --config over the searched file, and names the file and key of an invalid config', async () => {
    const project = makeProject({ 'prove.config.json': '{}', 'alt.json': '{ "sed": 3 }' });
    try {
      const { code, stderr } = await runProve(['config', '--config', 'alt.json'], { cwd: project.dir });
      expect(code).to.equal(1);
      expect(stderr).to.match(new RegExp(`^prove-rl: config file ${join(project.dir, 'alt.json')}: sed: unknown key; allowed keys: presets, plugins, seed, config`));
    } finally {
      project.cleanup();
    }
  });

  it('falls back to the built-in "prove" preset when no configuration exists', async () => {
    const project = makeProject({});
    try {
      const { code, stdout, stderr } = await runProve(['config', '--json'], { cwd: project.dir });
      expect(code, stderr).to.equal(0);
      const parsed = JSON.parse(stdout) as { file: string; presets: Array<{ name: string }> };
      expect(parsed.file).to.match(/built-in defaults/);
      expect(parsed.presets[0].name).to.equal('prove');
    } finally {
      project.cleanup();
    }
  });
});
