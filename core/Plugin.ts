import type { Engine } from './Engine.js';
import type { CommandEntry } from './cli/Command.js';
import type { JsonSchema } from './types.js';

/**
 * A plugin, webpack style: the constructor keeps its options, `apply(engine)` only taps hooks
 * (and registers environments or teardown).
 */
export interface ProvePlugin {
  /** Identity of the plugin in a configuration: presets replace or disable plugins by this name, taps carry it. */
  readonly name: string;
  apply(engine: Engine): void | Promise<void>;
}

/** A plugin class. Static members describe it before it is constructed. */
export interface PluginClass<Options = any> {
  new (options: Options): ProvePlugin;
  /** Default name of instances (the class's own name when absent). */
  readonly pluginName?: string;
  /** JSON Schema of the options; defaults declared in it are filled in. */
  readonly optionsSchema?: JsonSchema;
  /** Names of plugins that must also be in the configuration. */
  readonly dependencies?: readonly string[];
  /** One line for `prove-rl config`. */
  readonly description?: string;
  /**
   * The CLI commands its `apply` registers (`[]`: none), declared so that the CLI finds and runs
   * one, and lists them all in `prove-rl --help`, without applying any plugin (a command that
   * needs the engine asks `context.engine()`). A command registered in `apply` without being
   * declared here still works: the CLI then applies every plugin to find it, and `--help` does so
   * whenever a configured plugin's class leaves `commands` out.
   */
  readonly commands?: readonly CommandEntry[];
}

/** A module name, resolved from the config file's folder (then from prove itself), whose default export is a plugin class. */
export type ModuleSpecifier = string;

/**
 * How a configuration or preset names a plugin:
 * - a class, `[Class, options]`, or `{ plugin: Class, options, name }` (`name` renames the instance);
 * - an instance (`new MyPlugin(...)`);
 * - a module name, or `[moduleName, options]`;
 * - `{ disable: 'Name' }` removes a plugin that an earlier entry added.
 */
export type PluginEntry =
  | PluginClass
  | ProvePlugin
  | ModuleSpecifier
  | [PluginClass | ModuleSpecifier, unknown?]
  | { plugin: PluginClass | ModuleSpecifier; options?: unknown; name?: string }
  | { disable: string };

/** Stages order taps inside a hook; lower runs first. Never rely on registration order. */
export const STAGE_EARLY = -10;
export const STAGE_DEFAULT = 0;
export const STAGE_LATE = 10;
