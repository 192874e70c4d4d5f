import type { Engine } from '../Engine.js';
import type { ResolvedConfig } from '../config.js';

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

/** What a command gets when it runs. */
export interface CommandContext {
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
}

/** A command of the `prove` CLI. Each lives in its own module, loaded only when it runs. */
export interface CommandDefinition {
  name: string;
  summary: string;
  /** Positional arguments as shown in usage, e.g. `<domain…>`. */
  usage?: string;
  /** Longer text shown by `prove <command> --help`. */
  description?: string;
  options: Record<string, CommandOption>;
  examples?: string[];
  /** Whether positional arguments are allowed (default: only when `usage` names some). */
  allowPositionals?: boolean;
  /** Returns the exit code (0 when omitted). */
  run(context: CommandContext): Promise<number | void>;
}

/** Identity, for types. */
export function defineCommand(definition: CommandDefinition): CommandDefinition {
  return definition;
}
