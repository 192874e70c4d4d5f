import { HOOK_NAMES } from '../Engine.js';
import type { PresetNode } from '../presets.js';
import { defineCommand } from './Command.js';

function render(value: unknown): string {
  if (value === undefined) return '';
  try {
    return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'function' ? `[function ${(v as { name: string }).name || 'anonymous'}]` : v));
  } catch {
    return String(value);
  }
}

function presetLines(nodes: PresetNode[], depth: number, out: string[]): void {
  for (const node of nodes) {
    const options = render(node.options);
    out.push(`${'  '.repeat(depth)}${node.name}${options && options !== '{}' ? ` ${options}` : ''}`);
    presetLines(node.children, depth + 1, out);
  }
}

export default defineCommand({
  name: 'config',
  summary: 'print the resolved configuration: presets, plugins with options, taps per hook, commands',
  description: 'Loads the configuration (from --config, else searched from the working directory, else the built-in "prove" preset), expands presets and applies every plugin to an engine without running anything.',
  options: {
    json: { type: 'boolean', description: 'machine-readable output' },
  },
  examples: ['prove-rl config', 'prove-rl config --config my.config.ts --json'],
  async run(context) {
    const resolved = await context.config();
    const engine = await context.engine();
    const taps = engine.describeTaps();
    if (context.values.json) {
      const out = {
        file: resolved.file,
        presets: resolved.presets,
        plugins: resolved.plugins.map((p) => ({ name: p.name, source: p.source, options: p.options ?? null, replaced: p.replaced, dependencies: p.dependencies })),
        hooks: taps,
        environments: [...engine.environments.keys()],
        commands: Object.fromEntries([...engine.commands].map(([name, c]) => [name, c.plugin.name])),
      };
      context.stdout(JSON.stringify(out, (_k, v: unknown) => (typeof v === 'function' ? `[function ${(v as { name: string }).name || 'anonymous'}]` : v), 2) + '\n');
      return 0;
    }
    const lines: string[] = [`config: ${resolved.file}`, '', 'presets:'];
    if (resolved.presets.length === 0) lines.push('  (none)');
    presetLines(resolved.presets, 1, lines);
    lines.push('', `plugins (${resolved.plugins.length}):`);
    for (const plugin of resolved.plugins) {
      const options = render(plugin.options);
      lines.push(`  ${plugin.name}  [from ${plugin.source}${plugin.replaced.length ? `; replaces ${plugin.replaced.join(', ')}` : ''}]`);
      if (options && options !== '{}') lines.push(`      options ${options}`);
    }
    lines.push('', 'hooks (taps in the order they run):');
    for (const hook of HOOK_NAMES) {
      const list = taps[hook];
      lines.push(`  ${hook}: ${list.length === 0 ? '(no taps)' : list.map((t) => `${t.plugin}${t.stage !== 0 ? ` @${t.stage}` : ''}`).join(' → ')}`);
    }
    if (engine.environments.size) lines.push('', `environments: ${[...engine.environments.keys()].join(', ')}`);
    if (engine.commands.size) lines.push('', `commands: ${[...engine.commands].map(([name, c]) => `${name} (${c.plugin.name})`).join(', ')}`);
    context.stdout(lines.join('\n') + '\n');
    return 0;
  },
});
