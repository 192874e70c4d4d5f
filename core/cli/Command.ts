import type { Engine } from '../Engine.js';
import type { ResolvedConfig } from '../config.js';
import type { ProvePlugin } from '../Plugin.js';

/** One command-line option of a command. */
export interface CommandOption {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
  /** Shown in `--help`. */
  description: string;
  /** Placeholder shown in `--help` (`--out DIR`). */
  valueName?: string;
  default?: string | boolean | string[];
}

export type OptionValues = Record<string, string | boolean | string[] | undefined>;

/** What a command gets when it runs. `P` is the plugin that contributed the command. */
export interface CommandContext<P extends ProvePlugin = ProvePlugin> {
  /** Parsed options (global ones included). */
  values: OptionValues;
  positionals: string[];
  cwd: string;
  verbose: boolean;
  /** Whether stdout is a terminal (progress bars) or a pipe/file (plain lines). */
  isTTY: boolean;
  stdout(text: string): void;
  stderr(text: string): void;
  /** The loaded and expanded configuration (`--config`, else searched, else the built-in defaults). */
  config(): Promise<ResolvedConfig>;
  /** An engine with every configured plugin applied; closed when the command ends. */
  engine(): Promise<Engine>;
  /**
   * Option values for this command: the command line first, then the config section named after
   * the command, then the option's default.
   */
  settings(): Promise<OptionValues>;
  /** The plugin that registered the command (undefined for the core's own commands). */
  plugin: P;
}

/** A command of the CLI. Each lives in its own module (default export), loaded only when it runs. */
export interface CommandDefinition<P extends ProvePlugin = ProvePlugin> {
  name: string;
  summary: string;
  /** Positional arguments as shown in usage, e.g. `<domain…>`. */
  usage?: string;
  /** Longer text shown by `prove-rl <command> --help`. */
  description?: string;
  options: Record<string, CommandOption>;
  examples?: string[];
  /** Whether positional arguments are allowed (default: only when `usage` names some). */
  allowPositionals?: boolean;
  /** Returns the exit code (0 when omitted). */
  run(context: CommandContext<P>): Promise<number | void>;
}

/** Identity, for types. `P` types `context.plugin`, the plugin that registers the command. */
export function defineCommand<P extends ProvePlugin = ProvePlugin>(definition: CommandDefinition<P>): CommandDefinition<P> {
  return definition;
}

/**
 * How a plugin contributes a command: its name and summary (for `--help`, without loading it) and
 * a loader of the module whose default export is the {@link CommandDefinition}. A plugin registers
 * it in `apply(engine)` with `engine.registerCommand(entry, this)`, as it registers environments.
 * Declare entries once at module level: several instances of a plugin may register the same entry.
 */
export interface CommandEntry {
  name: string;
  summary: string;
  load(): Promise<{ default: CommandDefinition<any> }>;
}
