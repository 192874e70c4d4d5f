/**
 * The public API of prove: what a third-party plugin, preset or config imports (`import { … } from 'prove-rl'`).
 */
export { Engine, HOOK_NAMES, emptyRewardSheet } from './Engine.js';
export type { EngineHooks, HookName, TapInfo } from './Engine.js';
export { STAGE_DEFAULT, STAGE_EARLY, STAGE_LATE } from './Plugin.js';
export type { ModuleSpecifier, PluginClass, PluginEntry, ProvePlugin } from './Plugin.js';
export { definePreset, importModule, PluginResolver, validatePluginOptions } from './presets.js';
export type { Preset, PresetBody, PresetEntry, PresetNode, ResolvedPlugin } from './presets.js';
export { createEngine, defineConfig, loadConfig, resolveConfig, SEARCH_PLACES } from './config.js';
export type { ProveConfig, ResolvedConfig } from './config.js';
export { errors, isProveError, preview, ProveError } from './errors.js';
export type { ProveErrorDetails } from './errors.js';
export { compileSchema, createAjv, explainSchemaErrors, formatSchemaProblems } from './schema.js';
export type { SchemaProblem } from './schema.js';
export { defineCommand } from './cli/Command.js';
export type { CommandContext, CommandDefinition, CommandEntry, CommandOption } from './cli/Command.js';
export { choiceOption, integerOption, numberOption, textOption } from './cli/optionValues.js';
export { defineMetaKey } from './meta.js';
export { ProgressLine, Semaphore, sourceFingerprint, writeFileAtomic } from './support/index.js';
export type { MetaKey } from './meta.js';
export * from './types.js';
