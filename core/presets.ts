import { createRequire } from 'node:module';
import { dirname, isAbsolute, resolve as resolvePath } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { errors, ProveError } from './errors.js';
import type { ModuleSpecifier, PluginClass, PluginEntry, ProvePlugin } from './Plugin.js';
import { compileSchema, explainSchemaErrors } from './schema.js';
import type { JsonSchema } from './types.js';

/** What a preset contributes: other presets first (depth-first, in order), then its plugins. */
export interface PresetBody {
  presets?: PresetEntry[];
  plugins?: PluginEntry[];
}

/** A named bundle of plugins and presets, optionally shaped by options. */
export interface Preset<Options = any> extends PresetBody {
  readonly kind: 'preset';
  readonly name: string;
  readonly description?: string;
  readonly optionsSchema?: JsonSchema;
  /** Build the body from validated options (instead of, or in addition to, static `presets`/`plugins`). */
  readonly setup?: (options: Options) => PresetBody;
}

/** How a configuration names a preset: the preset, `[preset, options]`, or a module name (default export). */
export type PresetEntry = Preset | ModuleSpecifier | [Preset | ModuleSpecifier, unknown?];

/** Declare a preset (Babel's `declarePreset`, for types and a recognisable shape). */
export function definePreset<Options = any>(preset: Omit<Preset<Options>, 'kind'>): Preset<Options> {
  return Object.freeze({ ...preset, kind: 'preset' as const });
}

/** A plugin after expansion: its instance, its options and where in the configuration it came from. */
export interface ResolvedPlugin {
  name: string;
  plugin: ProvePlugin;
  options: unknown;
  /** The chain of presets it came from, or `config` for the configuration's own `plugins`. */
  source: string;
  /** Earlier entries of the same name that this one replaced. */
  replaced: string[];
  description?: string;
  dependencies: readonly string[];
}

/** The preset tree as expanded, for `prove-rl config`. */
export interface PresetNode {
  name: string;
  options: unknown;
  children: PresetNode[];
  plugins: string[];
}

function isPluginClass(value: unknown): value is PluginClass {
  return typeof value === 'function' && typeof (value as { prototype?: { apply?: unknown } }).prototype?.apply === 'function';
}

function isPluginInstance(value: unknown): value is ProvePlugin {
  return typeof value === 'object' && value !== null && typeof (value as ProvePlugin).apply === 'function' && typeof (value as ProvePlugin).name === 'string';
}

function isPreset(value: unknown): value is Preset {
  return typeof value === 'object' && value !== null && (value as Preset).kind === 'preset' && typeof (value as Preset).name === 'string';
}

const selfRequire = createRequire(import.meta.url);
const moduleCache = new Map<string, Promise<unknown>>();

/**
 * Import a module named in a configuration: from the config file's folder first (the user's
 * dependencies), then from prove itself (its own `prove/...` exports work without installing twice).
 */
export async function importModule(specifier: string, baseDir: string): Promise<unknown> {
  let resolved: string | undefined;
  let firstError: unknown;
  const bases = [pathToFileURL(resolvePath(baseDir, 'prove.config.js')).href, import.meta.url];
  for (const base of bases) {
    try {
      if (specifier.startsWith('.') || isAbsolute(specifier)) {
        resolved = isAbsolute(specifier) ? specifier : resolvePath(dirname(fileURLToPath(base)), specifier);
      } else {
        resolved = (base === import.meta.url ? selfRequire : createRequire(base)).resolve(specifier);
      }
      break;
    } catch (error) {
      firstError ??= error;
    }
  }
  if (resolved === undefined) throw errors.moduleNotFound(specifier, baseDir, firstError);
  const key = resolved;
  let pending = moduleCache.get(key);
  if (!pending) {
    pending = (/\.[cm]?ts$/.test(resolved) ? import('tsx/esm/api').then((tsx) => tsx.tsImport(pathToFileURL(key).href, import.meta.url)) : import(pathToFileURL(key).href)).catch(
      (error: unknown) => {
        moduleCache.delete(key);
        throw errors.moduleLoadFailed(specifier, error);
      },
    );
    moduleCache.set(key, pending);
  }
  const mod = (await pending) as { default?: unknown };
  // tsx may wrap the default export once more when a CommonJS-style module is loaded.
  let value: unknown = mod.default ?? mod;
  if (typeof value === 'object' && value !== null && 'default' in value && !isPreset(value) && !isPluginInstance(value)) value = (value as { default: unknown }).default;
  return value;
}

function validateOptions(
  schema: JsonSchema | undefined,
  options: unknown,
  fail: (key: string, value: unknown, allowed: string) => ProveError,
): unknown {
  if (!schema) return options;
  // Validate a copy: defaults are filled in without touching the user's object.
  const copy = options === undefined ? {} : structuredCloneSafe(options);
  const validate = compileSchema(schema, { useDefaults: true });
  if (!validate(copy)) {
    const [problem] = explainSchemaErrors(validate.errors, copy);
    throw fail(problem.key === '' ? '(options)' : `"${problem.key}"`, problem.value === undefined && problem.key === '' ? copy : problem.value, problem.allowed);
  }
  return copy;
}

/**
 * Validate a plugin's options against its schema and fill in the defaults, on a copy: what the
 * resolver does for configured plugins, for code that constructs a plugin directly.
 */
export function validatePluginOptions<T>(plugin: string, schema: JsonSchema, options: unknown): T {
  return validateOptions(schema, options, (key, value, allowed) => errors.invalidPluginOptions(plugin, key, value, allowed)) as T;
}

/** Deep-copies plain data; functions and class instances inside options are kept by reference. */
function structuredCloneSafe(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(structuredCloneSafe);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = structuredCloneSafe(v);
    return out;
  }
  return value;
}

/** Expands presets depth-first in declared order and applies replacements and removals by name. */
export class PluginResolver {
  private readonly entries: ResolvedPlugin[] = [];
  readonly tree: PresetNode[] = [];

  constructor(private readonly baseDir: string) {}

  async addPreset(entry: PresetEntry, where: string, path: string[] = [], parent?: PresetNode): Promise<void> {
    let ref: unknown = entry;
    let options: unknown;
    if (Array.isArray(entry)) [ref, options] = entry;
    if (typeof ref === 'string') ref = await importModule(ref, this.baseDir);
    if (!isPreset(ref)) throw errors.invalidPreset(where, typeof ref === 'function' ? 'a function or class, not a definePreset() object' : `got ${typeof ref}`);
    const preset = ref;
    if (path.includes(preset.name)) throw errors.presetCycle([...path, preset.name]);
    const chain = [...path, preset.name];
    const validated = validateOptions(preset.optionsSchema, options, (key, value, allowed) => errors.invalidPresetOptions(preset.name, key, value, allowed));
    const node: PresetNode = { name: preset.name, options: validated, children: [], plugins: [] };
    (parent ? parent.children : this.tree).push(node);
    const body: PresetBody = { presets: [...(preset.presets ?? [])], plugins: [...(preset.plugins ?? [])] };
    if (preset.setup) {
      const extra = preset.setup(validated as never);
      body.presets!.push(...(extra.presets ?? []));
      body.plugins!.push(...(extra.plugins ?? []));
    }
    for (const [index, sub] of body.presets!.entries()) await this.addPreset(sub, `preset "${preset.name}" presets[${index}]`, chain, node);
    for (const [index, plugin] of body.plugins!.entries()) {
      const name = await this.addPlugin(plugin, `preset "${preset.name}" plugins[${index}]`, chain.join(' > '));
      if (name) node.plugins.push(name);
    }
  }

  /** Adds, replaces or removes one plugin; returns the name it now has, if any. */
  async addPlugin(entry: PluginEntry, where: string, source: string): Promise<string | undefined> {
    if (entry !== null && typeof entry === 'object' && !Array.isArray(entry) && 'disable' in entry) {
      const index = this.entries.findIndex((e) => e.name === entry.disable);
      if (index < 0) throw errors.unknownPluginName(String(entry.disable), 'disable', this.names());
      this.entries.splice(index, 1);
      return undefined;
    }
    let ref: unknown = entry;
    let options: unknown;
    let rename: string | undefined;
    if (Array.isArray(entry)) [ref, options] = entry;
    else if (entry !== null && typeof entry === 'object' && 'plugin' in entry) {
      ref = entry.plugin;
      options = entry.options;
      rename = entry.name;
    }
    if (typeof ref === 'string') ref = await importModule(ref, this.baseDir);

    let plugin: ProvePlugin;
    let description: string | undefined;
    let dependencies: readonly string[] = [];
    if (isPluginClass(ref)) {
      const cls = ref;
      const className = cls.pluginName ?? cls.name;
      const validated = validateOptions(cls.optionsSchema, options, (key, value, allowed) => errors.invalidPluginOptions(rename ?? className, key, value, allowed));
      options = validated;
      plugin = new cls(validated as never);
      description = cls.description;
      dependencies = cls.dependencies ?? [];
    } else if (isPluginInstance(ref)) {
      if (options !== undefined) throw errors.invalidPlugin(where, 'options were given with an instance; pass them to its constructor');
      plugin = ref;
      const ctor = (ref as object).constructor as Partial<PluginClass> | undefined;
      description = ctor?.description;
      dependencies = (ref as { dependencies?: readonly string[] }).dependencies ?? ctor?.dependencies ?? [];
    } else {
      throw errors.invalidPlugin(where, ref === null ? 'got null' : typeof ref === 'object' ? 'an object without apply(engine) and name' : `got ${typeof ref}`);
    }
    if (rename) Object.defineProperty(plugin, 'name', { value: rename, enumerable: true, configurable: true });
    const name = plugin.name || (plugin.constructor as { name: string }).name;
    const resolved: ResolvedPlugin = { name, plugin, options, source, replaced: [], description, dependencies };
    const index = this.entries.findIndex((e) => e.name === name);
    if (index >= 0) {
      // A later entry of the same name replaces the earlier one in its place: this is how users swap reward terms.
      resolved.replaced = [...this.entries[index].replaced, this.entries[index].source];
      this.entries[index] = resolved;
    } else {
      this.entries.push(resolved);
    }
    return name;
  }

  names(): string[] {
    return this.entries.map((e) => e.name);
  }

  /** The final plugin list; every declared dependency must be present. */
  finish(): ResolvedPlugin[] {
    const names = this.names();
    for (const entry of this.entries) {
      for (const dependency of entry.dependencies) {
        if (!names.includes(dependency)) throw errors.missingDependency(entry.name, dependency, names);
      }
    }
    return [...this.entries];
  }
}
