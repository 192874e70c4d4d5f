import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Engine } from '../Engine.js';
import { errors, isProveError } from '../errors.js';
import type { ResolvedConfig } from '../config.js';
import type { CommandContext, CommandDefinition, CommandOption, OptionValues } from './Command.js';
import { COMMANDS } from './commands.js';

/** Used when no configuration file is found: the paper's setup. */
export const DEFAULT_CONFIG = { presets: ['prove/presets/prove'] };
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
      if (pkg.name === 'prove') return pkg.version ?? '0.0.0';
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

export function mainHelp(): string {
  return [
    'prove: programmatic rewards on verified environments; RL for multi-step tool use against live MCP environments',
    '',
    'Usage: prove <command> [options]',
    '',
    'Commands:',
    table(COMMANDS.map((c) => [c.name, c.summary])),
    '',
    'Global options:',
    table([...Object.entries(GLOBAL_OPTIONS).map(([n, o]) => optionLine(n, o)), ['    --version', 'print the version']]),
    '',
    'Run `prove <command> --help` for the options of a command.',
  ].join('\n');
}

export function commandHelp(command: CommandDefinition): string {
  const lines = [`Usage: prove ${command.name}${command.usage ? ` ${command.usage}` : ''} [options]`, '', command.summary];
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
  try {
    const parsed = parseArgs({ args: argv, options, allowPositionals: command.allowPositionals ?? command.usage !== undefined, strict: true });
    return { values: parsed.values as OptionValues, positionals: parsed.positionals };
  } catch (error) {
    // parseArgs messages are long and mention its own API; keep the part that names the option.
    const message = (error as Error).message.split('\n')[0].replace(/\. To specify a positional argument.*$/, '').replace(/^Unknown option '(.*)'.*$/, 'unknown option $1');
    throw errors.usage(command.name, message);
  }
}

function makeContext(command: CommandDefinition, values: OptionValues, positionals: string[], io: CliIO, engines: Engine[]): CommandContext {
  let configPromise: Promise<ResolvedConfig> | undefined;
  let enginePromise: Promise<Engine> | undefined;
  const context: CommandContext = {
    values,
    positionals,
    cwd: io.cwd,
    verbose: values.verbose === true,
    isTTY: io.isTTY,
    stdout: io.stdout,
    stderr: io.stderr,
    config: () =>
      (configPromise ??= (async () => {
        const { loadConfig, resolveConfig, checkConfigSections } = await import('../config.js');
        const loaded = await loadConfig({ cwd: io.cwd, explicitPath: typeof values.config === 'string' ? values.config : undefined });
        const { file, config } = loaded ?? { file: DEFAULT_CONFIG_FILE, config: DEFAULT_CONFIG };
        checkConfigSections(file, config, COMMANDS.map((c) => c.name));
        return resolveConfig(file, config);
      })()),
    engine: () =>
      (enginePromise ??= (async () => {
        const { createEngine } = await import('../config.js');
        const engine = await createEngine(await context.config());
        engines.push(engine);
        return engine;
      })()),
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
        const value = values[name] ?? (fromConfig === undefined ? undefined : option.multiple ? (fromConfig as unknown[]).map(String) : typeof fromConfig === 'boolean' ? fromConfig : String(fromConfig)) ?? option.default;
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

/** Run the CLI; returns the exit code. Never calls process.exit, so tests can call it in-process. */
export async function runCli(argv: string[], io: CliIO): Promise<number> {
  const verbose = argv.includes('--verbose');
  const engines: Engine[] = [];
  try {
    const [first, ...rest] = argv;
    if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
      if (first === 'help' && rest[0]) return runCli([rest[0], '--help'], io);
      io.stdout(mainHelp() + '\n');
      return 0;
    }
    if (first === '--version' || first === '-v') {
      io.stdout(packageVersion() + '\n');
      return 0;
    }
    if (first.startsWith('-')) throw errors.usage('prove', `unknown option ${first} before the command`);
    const entry = COMMANDS.find((c) => c.name === first);
    if (!entry) throw errors.unknownCommand(first, COMMANDS.map((c) => c.name));
    const command = (await entry.load()).default;
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout(commandHelp(command) + '\n');
      return 0;
    }
    const { values, positionals } = parse(command, rest);
    const code = await command.run(makeContext(command, values, positionals, io, engines));
    return code ?? 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const code = isProveError(error) ? ` [${(error as { code: string }).code}]` : '';
    io.stderr(`prove: ${message}${code}\n`);
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
