import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Engine } from '../Engine.js';
import { errors, isProveError } from '../errors.js';
import type { ResolvedConfig } from '../config.js';
import type { PluginClass, ProvePlugin } from '../Plugin.js';
import type { CommandContext, CommandDefinition, CommandEntry, CommandOption, OptionValues } from './Command.js';

/** Used when no configuration file is found: the paper's setup. */
export const DEFAULT_CONFIG = { presets: ['prove-rl/presets/prove'] };
export const DEFAULT_CONFIG_FILE = '(built-in defaults: preset "prove")';

const GLOBAL_OPTIONS: Record<string, CommandOption> = {
  config: { type: 'string', short: 'c', valueName: 'PATH', description: 'configuration file (default: searched from the working directory)' },
  verbose: { type: 'boolean', description: 'print stack traces of errors' },
  help: { type: 'boolean', short: 'h', description: 'show help' },
};

export interface CliIO {
  stdout(text: string): void;
  stderr(text: string): void;
  isTTY: boolean;
  cwd: string;
}

function packageVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'prove-rl') return pkg.version ?? '0.0.0';
    }
    dir = dirname(dir);
  }
  return '0.0.0';
}

function optionLine(name: string, option: CommandOption): [string, string] {
  const flag = `${option.short ? `-${option.short}, ` : '    '}--${name}${option.type === 'string' ? ` ${option.valueName ?? 'VALUE'}` : ''}`;
  const def = option.default === undefined || option.default === false ? '' : ` (default: ${Array.isArray(option.default) ? option.default.join(',') : String(option.default)})`;
  return [flag, `${option.description}${option.multiple ? ' (repeatable)' : ''}${def}`];
}

function table(rows: [string, string][], indent = '  '): string {
  const width = Math.max(0, ...rows.map(([a]) => a.length));
  return rows.map(([a, b]) => `${indent}${a.padEnd(width)}  ${b}`).join('\n');
}

export function mainHelp(commands: readonly CommandEntry[]): string {
  return [
    'prove-rl: programmatic rewards on verified environments; RL for multi-step tool use against live MCP environments',
    '',
    'Usage: prove-rl <command> [options]',
    '',
    'Commands:',
    table(commands.map((c) => [c.name, c.summary])),
    '',
    'Global options:',
    table([...Object.entries(GLOBAL_OPTIONS).map(([n, o]) => optionLine(n, o)), ['    --version', 'print the version']]),
    '',
    'Run `prove-rl <command> --help` for the options of a command.',
  ].join('\n');
}

export function commandHelp(command: CommandDefinition): string {
  const lines = [`Usage: prove-rl ${command.name}${command.usage ? ` ${command.usage}` : ''} [options]`, '', command.summary];
  if (command.description) lines.push('', command.description);
  const own = Object.entries(command.options);
  if (own.length) lines.push('', 'Options:', table(own.map(([n, o]) => optionLine(n, o))));
  lines.push('', 'Global options:', table(Object.entries(GLOBAL_OPTIONS).map(([n, o]) => optionLine(n, o))));
  if (command.examples?.length) lines.push('', 'Examples:', ...command.examples.map((e) => `  ${e}`));
  return lines.join('\n');
}

function parse(command: CommandDefinition, argv: string[]): { values: OptionValues; positionals: string[] } {
  const options: ParseArgsConfig['options'] = {};
  for (const [name, option] of Object.entries({ ...GLOBAL_OPTIONS, ...command.options })) {
    options[name] = { type: option.type, ...(option.short ? { short: option.short } : {}), ...(option.multiple ? { multiple: true } : {}) };
  }
  // `--lr -0.5`: parseArgs calls a value that starts with "-" ambiguous; a number is a value.
  const args: string[] = [];
  for (const arg of argv) {
    const previous = args[args.length - 1];
    const name = previous?.startsWith('--') && !previous.includes('=') ? previous.slice(2) : Object.entries(options).find(([, o]) => previous === `-${o.short}`)?.[0];
    if (/^-\d/.test(arg) && name !== undefined && options[name]?.type === 'string') args[args.length - 1] = `--${name}=${arg}`;
    else args.push(arg);
  }
  try {
    const parsed = parseArgs({ args, options, allowPositionals: command.allowPositionals ?? command.usage !== undefined, strict: true });
    return { values: parsed.values as OptionValues, positionals: parsed.positionals };
  } catch (error) {
    // parseArgs messages are long and mention its own API; keep the part that names the option.
    const message = (error as Error).message.split('\n')[0].replace(/\. To specify a positional argument.*$/, '').replace(/^Unknown option '(.*)'.*$/, 'unknown option $1');
    throw errors.usage(command.name, message);
  }
}

/** The configuration and engine of one CLI run, built once and shared by command lookup and the command. */
class CliSession {
  private configPromise?: Promise<ResolvedConfig>;
  private enginePromise?: Promise<Engine>;

  /** `--config PATH` (or `-c PATH`, `--config=PATH`), before or after the command; the last one counts. */
  private readonly explicitConfig: string | undefined;

  constructor(
    private readonly io: CliIO,
    argv: string[],
    private readonly engines: Engine[],
  ) {
    for (let i = 0; i < argv.length; i++) {
      if (argv[i] === '--') break;
      if (GLOBAL_VALUE_OPTIONS.has(argv[i]) && i + 1 < argv.length) this.explicitConfig = argv[++i];
      else if (argv[i].startsWith('--config=')) this.explicitConfig = argv[i].slice('--config='.length);
    }
  }

  config(): Promise<ResolvedConfig> {
    return (this.configPromise ??= (async () => {
      const { loadConfig, resolveConfig } = await import('../config.js');
      const loaded = await loadConfig({ cwd: this.io.cwd, explicitPath: this.explicitConfig });
      const { file, config } = loaded ?? { file: DEFAULT_CONFIG_FILE, config: DEFAULT_CONFIG };
      return resolveConfig(file, config);
    })());
  }

  engine(): Promise<Engine> {
    return (this.enginePromise ??= (async () => {
      const { createEngine, checkConfigSections } = await import('../config.js');
      const resolved = await this.config();
      const engine = await createEngine(resolved);
      this.engines.push(engine);
      checkConfigSections(resolved.file, resolved.config, [...CORE_COMMANDS.map((c) => c.name), ...engine.commands.keys()]);
      return engine;
    })());
  }

  /**
   * The core's commands, then those the configured plugins contribute: read from their classes'
   * `static commands` when every plugin declares its own (`[]` for none), so that `prove-rl --help`
   * applies no plugin; else, or when two declare one name, from the engine, which applies them all.
   */
  async commandList(): Promise<{ commands: CommandEntry[]; problem?: string }> {
    try {
      const declared = declaredCommands(await this.config());
      if (declared) return { commands: [...CORE_COMMANDS, ...declared] };
      const engine = await this.engine();
      return { commands: [...CORE_COMMANDS, ...[...engine.commands.values()].map((c) => c.entry)] };
    } catch (error) {
      return { commands: [...CORE_COMMANDS], problem: error instanceof Error ? error.message : String(error) };
    }
  }

  async find(name: string): Promise<{ entry: CommandEntry; plugin: ProvePlugin | undefined }> {
    const core = CORE_COMMANDS.find((c) => c.name === name);
    if (core) return { entry: core, plugin: undefined };
    const declared = await this.declared(name);
    if (declared) return declared;
    const engine = await this.engine();
    const contributed = engine.commands.get(name);
    if (!contributed) {
      const resolved = await this.config();
      throw errors.unknownCommand(name, [...CORE_COMMANDS.map((c) => c.name), ...engine.commands.keys()], resolved.file);
    }
    return contributed;
  }

  /**
   * The command as the configured plugins' classes declare it (`static commands`), found without
   * applying any plugin: `prove-rl score` does not start every domain (compiling every tool's
   * schema) to learn that the reward combiner contributes it. Undefined, so that the engine
   * decides (and reports), when no class declares it, two declare different entries under that
   * name, or the configuration has a section that no declared command explains.
   */
  private async declared(name: string): Promise<{ entry: CommandEntry; plugin: ProvePlugin } | undefined> {
    const resolved = await this.config();
    const names = new Set<string>(['presets', 'plugins', 'seed', ...CORE_COMMANDS.map((c) => c.name)]);
    let found: { entry: CommandEntry; plugin: ProvePlugin } | undefined;
    for (const { plugin } of resolved.plugins) {
      for (const entry of (plugin.constructor as PluginClass).commands ?? []) {
        names.add(entry.name);
        if (entry.name !== name) continue;
        if (found === undefined) found = { entry, plugin };
        else if (found.entry !== entry) return undefined;
      }
    }
    if (found === undefined || Object.keys(resolved.config).some((key) => !names.has(key))) return undefined;
    return found;
  }
}

/**
 * Every command the configured plugins declare, in the order the engine would register them;
 * undefined when a plugin's class declares none (its `apply` may register some) or two declare
 * different entries under one name (the engine reports that).
 */
function declaredCommands(resolved: ResolvedConfig): CommandEntry[] | undefined {
  const byName = new Map<string, CommandEntry>();
  for (const { plugin } of resolved.plugins) {
    const commands = (plugin.constructor as PluginClass).commands;
    if (commands === undefined) return undefined;
    for (const entry of commands) {
      const seen = byName.get(entry.name);
      if (seen !== undefined && seen !== entry) return undefined;
      byName.set(entry.name, entry);
    }
  }
  return [...byName.values()];
}

function makeContext(command: CommandDefinition, values: OptionValues, positionals: string[], io: CliIO, session: CliSession, plugin: ProvePlugin | undefined): CommandContext {
  const context: CommandContext = {
    values,
    positionals,
    cwd: io.cwd,
    verbose: values.verbose === true,
    isTTY: io.isTTY,
    stdout: io.stdout,
    stderr: io.stderr,
    plugin: plugin as ProvePlugin,
    config: () => session.config(),
    engine: () => session.engine(),
    settings: async () => {
      const resolved = await context.config();
      const section = resolved.config[command.name];
      if (section !== undefined && (section === null || typeof section !== 'object' || Array.isArray(section))) {
        throw errors.configInvalid(resolved.file, command.name, 'must be an object of option defaults');
      }
      const out: OptionValues = {};
      for (const [name, option] of Object.entries(command.options)) {
        const fromConfig = (section as Record<string, unknown> | undefined)?.[name];
        if (fromConfig !== undefined) {
          const ok = option.type === 'boolean' ? typeof fromConfig === 'boolean' : option.multiple ? Array.isArray(fromConfig) : ['string', 'number'].includes(typeof fromConfig);
          if (!ok) throw errors.configInvalid(resolved.file, `${command.name}.${name}`, `must be ${option.type === 'boolean' ? 'a boolean' : option.multiple ? 'an array' : 'a string or number'}, got ${JSON.stringify(fromConfig)}`);
        }
        // The config's top-level `seed` is the default of every command's --seed.
        const configSeed = name === 'seed' && resolved.config.seed !== undefined ? String(resolved.config.seed) : undefined;
        const value = values[name] ?? (fromConfig === undefined ? undefined : option.multiple ? (fromConfig as unknown[]).map(String) : typeof fromConfig === 'boolean' ? fromConfig : String(fromConfig)) ?? configSeed ?? option.default;
        out[name] = value;
      }
      for (const key of Object.keys((section as Record<string, unknown> | undefined) ?? {})) {
        if (!(key in command.options)) throw errors.configInvalid(resolved.file, `${command.name}.${key}`, `unknown option; allowed: ${Object.keys(command.options).join(', ')}`);
      }
      return { ...values, ...out };
    },
  };
  return context;
}

/** The core's own commands; every other command is contributed by a plugin of the configuration. */
const CORE_COMMANDS: readonly CommandEntry[] = [
  { name: 'config', summary: 'print the resolved configuration: presets, plugins with options, taps per hook, commands', load: () => import('./configCommand.js') },
];

const GLOBAL_VALUE_OPTIONS = new Set(['--config', '-c']);
const GLOBAL_FLAGS = new Set(['--verbose', '--help', '-h', '--version', '-v']);

/**
 * Split the command line into global options given before the command, the command, and the rest
 * (`prove-rl --config X train --steps 2` works as `prove-rl train --config X --steps 2`).
 */
export function splitArgv(argv: string[]): { leading: string[]; command: string | undefined; rest: string[] } {
  const leading: string[] = [];
  let i = 0;
  while (i < argv.length) {
    const arg = argv[i];
    if (GLOBAL_FLAGS.has(arg)) leading.push(argv[i++]);
    else if (GLOBAL_VALUE_OPTIONS.has(arg)) {
      if (i + 1 >= argv.length) throw errors.usage('prove-rl', `${arg} needs a value`);
      leading.push(argv[i++], argv[i++]);
    } else if (arg.startsWith('--config=')) leading.push(argv[i++]);
    else break;
  }
  return { leading, command: argv[i], rest: argv.slice(i + 1) };
}

/** Run the CLI; returns the exit code. Never calls process.exit, so tests can call it in-process. */
export async function runCli(argv: string[], io: CliIO): Promise<number> {
  const verbose = argv.includes('--verbose');
  const engines: Engine[] = [];
  try {
    const { leading, command: first, rest: after } = splitArgv(argv);
    const rest = [...leading, ...after];
    if (first === 'help' && after[0] && !after[0].startsWith('-')) return runCli([...leading, after[0], '--help'], io);
    if (leading.includes('--version') || leading.includes('-v')) {
      io.stdout(packageVersion() + '\n');
      return 0;
    }
    const session = new CliSession(io, rest, engines);
    if (first === undefined || first === 'help' || leading.includes('--help') || leading.includes('-h')) {
      const { commands, problem } = await session.commandList();
      io.stdout(mainHelp(commands) + '\n');
      if (problem) io.stderr(`prove-rl: commands of plugins are not listed: ${problem}\n`);
      return 0;
    }
    if (first.startsWith('-')) throw errors.usage('prove-rl', `unknown option ${first} before the command`);
    const found = await session.find(first);
    const command = (await found.entry.load()).default;
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout(commandHelp(command) + '\n');
      return 0;
    }
    const { values, positionals } = parse(command, rest);
    const code = await command.run(makeContext(command, values, positionals, io, session, found.plugin));
    return code ?? 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const code = isProveError(error) ? ` [${(error as { code: string }).code}]` : '';
    io.stderr(`prove-rl: ${message}${code}\n`);
    if (verbose && error instanceof Error) {
      io.stderr(`${error.stack ?? ''}\n`);
      let cause = (error as { cause?: unknown }).cause;
      while (cause instanceof Error) {
        io.stderr(`caused by: ${cause.stack ?? cause.message}\n`);
        cause = (cause as { cause?: unknown }).cause;
      }
    }
    return 1;
  } finally {
    for (const engine of engines) await engine.close().catch(() => undefined);
  }
}
