import { existsSync } from 'node:fs';
import { dirname, resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cosmiconfig, type Loader } from 'cosmiconfig';
import { Engine } from './Engine.js';
import { errors, isProveError, ProveError } from './errors.js';
import type { PluginEntry } from './Plugin.js';
import { PluginResolver, type PresetEntry, type PresetNode, type ResolvedPlugin } from './presets.js';

/** A prove-rl configuration (`prove.config.ts`, `.proverc.json`, a `prove` key in package.json …). */
export interface ProveConfig {
  /** Presets, expanded depth-first in order. */
  presets?: PresetEntry[];
  /** Plugins added after the presets; an entry with the name of an earlier plugin replaces it, `{ disable: name }` removes it. */
  plugins?: PluginEntry[];
  /** Default seed of every command that takes `--seed`. */
  seed?: number;
  /** Defaults of a command's options, by command name (e.g. `synth: { count: 100 }`). */
  [command: string]: unknown;
}

/** Identity, for types (Vite's `defineConfig`). */
export function defineConfig(config: ProveConfig): ProveConfig {
  return config;
}

/** A configuration after loading and expansion. */
export interface ResolvedConfig {
  /** The file it came from, or `(built-in defaults)`. */
  file: string;
  config: ProveConfig;
  plugins: ResolvedPlugin[];
  presets: PresetNode[];
}

const MODULE_NAME = 'prove';
/** Where cosmiconfig looks, in order, from the working directory up to the project root. */
export const SEARCH_PLACES = [
  'package.json',
  '.proverc',
  '.proverc.json',
  '.proverc.yaml',
  '.proverc.yml',
  '.proverc.js',
  '.proverc.mjs',
  '.proverc.ts',
  'prove.config.ts',
  'prove.config.mts',
  'prove.config.js',
  'prove.config.mjs',
  'prove.config.json',
];

/** cosmiconfig's own TypeScript loader cannot follow relative `.ts` imports; tsx can. */
const loadTs: Loader = async (filepath): Promise<any> => {
  const { tsImport } = await import('tsx/esm/api');
  const mod = (await tsImport(pathToFileURL(filepath).href, import.meta.url)) as { default?: unknown };
  let value: unknown = mod.default ?? mod;
  if (value && typeof value === 'object' && 'default' in value && !('plugins' in value) && !('presets' in value)) value = (value as { default: unknown }).default;
  return value;
};

function explorer() {
  return cosmiconfig(MODULE_NAME, {
    searchPlaces: SEARCH_PLACES,
    searchStrategy: 'project',
    loaders: { '.ts': loadTs, '.mts': loadTs },
    cache: false,
  });
}

/**
 * Find and load a configuration: `explicitPath` if given, else search from `cwd` up to the project
 * root. Returns undefined when there is none.
 */
export async function loadConfig(options: { cwd?: string; explicitPath?: string } = {}): Promise<{ file: string; config: ProveConfig } | undefined> {
  const cwd = options.cwd ?? process.cwd();
  const ex = explorer();
  let result: { filepath: string; config: unknown; isEmpty?: boolean } | null;
  if (options.explicitPath) {
    const file = resolvePath(cwd, options.explicitPath);
    if (!existsSync(file)) throw errors.configNotFound(file);
    try {
      result = await ex.load(file);
    } catch (error) {
      throw errors.configLoadFailed(file, error);
    }
  } else {
    try {
      result = await ex.search(cwd);
    } catch (error) {
      const file = (error as { filepath?: string }).filepath ?? cwd;
      throw errors.configLoadFailed(file, error);
    }
  }
  if (!result) return undefined;
  const config = (result.config ?? {}) as ProveConfig;
  checkConfigShape(result.filepath, config);
  return { file: result.filepath, config };
}

function checkConfigShape(file: string, config: unknown): asserts config is ProveConfig {
  if (config === null || typeof config !== 'object' || Array.isArray(config)) {
    throw errors.configInvalid(file, '(root)', `must be an object with "presets" and/or "plugins", got ${Array.isArray(config) ? 'an array' : typeof config}`);
  }
  const c = config as Record<string, unknown>;
  if (c.presets !== undefined && !Array.isArray(c.presets)) throw errors.configInvalid(file, 'presets', 'must be an array of presets');
  if (c.plugins !== undefined && !Array.isArray(c.plugins)) throw errors.configInvalid(file, 'plugins', 'must be an array of plugins');
  if (c.seed !== undefined && !Number.isInteger(c.seed)) throw errors.configInvalid(file, 'seed', `must be an integer, got ${JSON.stringify(c.seed)}`);
}

/**
 * Check the keys of a configuration against the known sections (`presets`, `plugins`, `seed` and
 * one per command). Commands validate their own section.
 */
export function checkConfigSections(file: string, config: ProveConfig, commands: readonly string[]): void {
  const known = new Set(['presets', 'plugins', 'seed', ...commands]);
  for (const key of Object.keys(config)) {
    if (!known.has(key)) throw errors.configInvalid(file, key, `unknown key; allowed keys: ${[...known].join(', ')}`);
  }
}

/** Expand presets and plugins of a loaded configuration. Errors name the file. */
export async function resolveConfig(file: string, config: ProveConfig): Promise<ResolvedConfig> {
  checkConfigShape(file, config);
  const baseDir = file.startsWith('(') ? process.cwd() : dirname(file);
  const resolver = new PluginResolver(baseDir);
  try {
    for (const [index, preset] of (config.presets ?? []).entries()) await resolver.addPreset(preset, `presets[${index}]`);
    for (const [index, plugin] of (config.plugins ?? []).entries()) await resolver.addPlugin(plugin, `plugins[${index}]`, 'config');
    return { file, config, plugins: resolver.finish(), presets: resolver.tree };
  } catch (error) {
    if (isProveError(error)) throw errors.inConfig(file, error as ProveError);
    throw errors.configLoadFailed(file, error);
  }
}

/** Build an engine and apply every resolved plugin to it, in order. */
export async function createEngine(resolved: Pick<ResolvedConfig, 'plugins'>): Promise<Engine> {
  const engine = new Engine();
  for (const entry of resolved.plugins) {
    try {
      await engine.use(entry.plugin);
    } catch (error) {
      await engine.close().catch(() => undefined);
      throw isProveError(error) && (error as ProveError).details.plugin ? error : errors.pluginFailed(entry.name, 'apply', error);
    }
  }
  return engine;
}
