import { AsyncSeriesBailHook, AsyncSeriesHook, AsyncSeriesWaterfallHook, type Tap } from 'tapable';
import { errors, isProveError } from './errors.js';
import type { ProvePlugin } from './Plugin.js';
import type { CommandEntry } from './cli/Command.js';
import type {
  Environment,
  EnvironmentSession,
  ExecuteRequest,
  ExecutedCall,
  GenerationDraft,
  RewardInput,
  RewardSheet,
  SampleRequest,
  SamplingContext,
  UpdateBatch,
  WorldSpec,
} from './types.js';

/** The five hooks. Declared once, typed, frozen. */
export interface EngineHooks {
  /** Build the sampling context for a session: real entities read from live state. Domain plugins tap it. */
  readonly onSample: AsyncSeriesWaterfallHook<[SamplingContext, SampleRequest]>;
  /** Turn a draft into the next message: perturbations (early), the teacher or policy (default), validators (late). */
  readonly onGenerate: AsyncSeriesWaterfallHook<[GenerationDraft]>;
  /** Run one tool call in one session; the environment that owns the server answers, the rest pass. */
  readonly onExecute: AsyncSeriesBailHook<[ExecuteRequest], ExecutedCall | undefined>;
  /** Add terms to the reward sheet of a finished trajectory; one plugin per term, then the combiner (late). */
  readonly onReward: AsyncSeriesWaterfallHook<[RewardSheet, RewardInput]>;
  /** Consume a finished batch: scored rollout groups (training) or validated examples (synthesis). */
  readonly onUpdate: AsyncSeriesHook<[UpdateBatch]>;
}

export type HookName = keyof EngineHooks;
export const HOOK_NAMES: readonly HookName[] = Object.freeze(['onSample', 'onGenerate', 'onExecute', 'onReward', 'onUpdate']);

/** A tap as `prove-rl config` shows it. */
export interface TapInfo {
  plugin: string;
  stage: number;
  type: string;
}

type AnyFn = (...args: any[]) => any;
type FullTap = Tap & { type: 'promise' | 'async' | 'sync'; fn: AnyFn };

/**
 * Wraps a tap so that whatever the plugin throws becomes a coded error naming the plugin and the
 * hook (webpack's HookWebpackError, done once here instead of in every plugin).
 */
function guardTap(hook: string, tap: FullTap): FullTap {
  const plugin = tap.name;
  const wrap = (error: unknown) => (isProveError(error) && error.details.plugin !== undefined ? error : errors.pluginFailed(plugin, hook, error));
  const fn = tap.fn;
  if (tap.type === 'promise') {
    return {
      ...tap,
      fn: (...args: unknown[]) => {
        try {
          return Promise.resolve(fn(...args)).catch((error: unknown) => {
            throw wrap(error);
          });
        } catch (error) {
          return Promise.reject(wrap(error));
        }
      },
    };
  }
  if (tap.type === 'async') {
    return {
      ...tap,
      fn: (...args: unknown[]) => {
        const callback = args[args.length - 1] as (error?: unknown, result?: unknown) => void;
        const guarded = (error?: unknown, result?: unknown) => (error ? callback(wrap(error)) : callback(undefined, result));
        try {
          return fn(...args.slice(0, -1), guarded);
        } catch (error) {
          return callback(wrap(error));
        }
      },
    };
  }
  return {
    ...tap,
    fn: (...args: unknown[]) => {
      try {
        return fn(...args);
      } catch (error) {
        throw wrap(error);
      }
    },
  };
}

/** An empty sheet: the starting value of `onReward`. */
export function emptyRewardSheet(): RewardSheet {
  return { total: 0, terms: {}, weights: {}, details: {} };
}

/**
 * The minimal core: five hooks, a registry of environments, and teardown. It knows nothing about
 * domains, reward terms or models; plugins bring all of that.
 */
export class Engine {
  readonly hooks: EngineHooks;
  /** Plugins applied to this engine, in configuration order. */
  readonly plugins: ProvePlugin[] = [];
  private readonly environmentRegistry = new Map<string, Environment>();
  private readonly commandRegistry = new Map<string, { entry: CommandEntry; plugin: ProvePlugin }>();
  private readonly ownHooks = new Map<string, object>();
  private readonly teardowns: Array<() => unknown> = [];
  private closed = false;

  constructor() {
    this.hooks = Object.freeze({
      onSample: new AsyncSeriesWaterfallHook<[SamplingContext, SampleRequest]>(['context', 'request']),
      onGenerate: new AsyncSeriesWaterfallHook<[GenerationDraft]>(['draft']),
      onExecute: new AsyncSeriesBailHook<[ExecuteRequest], ExecutedCall | undefined>(['request']),
      onReward: new AsyncSeriesWaterfallHook<[RewardSheet, RewardInput]>(['sheet', 'input']),
      onUpdate: new AsyncSeriesHook<[UpdateBatch]>(['batch']),
    });
    for (const name of HOOK_NAMES) {
      this.hooks[name].intercept({ register: (tap) => guardTap(name, tap as FullTap) });
    }
  }

  /** Apply one plugin (its `apply` taps hooks). */
  async use(plugin: ProvePlugin): Promise<this> {
    await plugin.apply(this);
    this.plugins.push(plugin);
    return this;
  }

  /** Make an environment available by name (domain plugins and the remote-MCP plugin call this). */
  registerEnvironment(environment: Environment, by = 'unknown'): void {
    if (this.environmentRegistry.has(environment.name)) throw errors.duplicateEnvironment(environment.name, by);
    this.environmentRegistry.set(environment.name, environment);
  }

  /**
   * Contribute a command to the CLI (`prove <name>`). The entry's module loads only when the
   * command runs; the command gets `plugin` as `context.plugin`. Registering the same entry again
   * (several instances of one plugin class) is a no-op; another entry of the same name is an error.
   */
  registerCommand(entry: CommandEntry, plugin: ProvePlugin): void {
    const existing = this.commandRegistry.get(entry.name);
    if (existing) {
      if (existing.entry === entry) return;
      throw errors.duplicateCommand(entry.name, existing.plugin.name, plugin.name);
    }
    this.commandRegistry.set(entry.name, { entry, plugin });
  }

  /** Commands contributed by plugins, by name, with the plugin that registered each. */
  get commands(): ReadonlyMap<string, { entry: CommandEntry; plugin: ProvePlugin }> {
    return this.commandRegistry;
  }

  /**
   * Hooks that a plugin declares for the plugins that cooperate with it (webpack's
   * `getCompilationHooks`): created by `create` once per engine under `owner` (the declaring
   * plugin's name), then returned to every caller. Their taps are guarded like the core's: what a
   * tap throws becomes PROVE_PLUGIN_FAILED naming the plugin and `owner.hook`.
   */
  pluginHooks<T extends object>(owner: string, create: () => T): T {
    let hooks = this.ownHooks.get(owner) as T | undefined;
    if (hooks === undefined) {
      hooks = Object.freeze(create());
      for (const [name, hook] of Object.entries(hooks)) {
        if (typeof (hook as { intercept?: unknown }).intercept === 'function') {
          (hook as { intercept(i: object): void }).intercept({ register: (tap: FullTap) => guardTap(`${owner}.${name}`, tap) });
        }
      }
      this.ownHooks.set(owner, hooks);
    }
    return hooks;
  }

  /** Registered environments by name. */
  get environments(): ReadonlyMap<string, Environment> {
    return this.environmentRegistry;
  }

  environment(name: string): Environment {
    const environment = this.environmentRegistry.get(name);
    if (!environment) throw errors.unknownEnvironment(name, [...this.environmentRegistry.keys()]);
    return environment;
  }

  /** Open a fresh, isolated session of a registered environment. */
  openSession(server: string, world: WorldSpec): Promise<EnvironmentSession> {
    return this.environment(server).openSession(world);
  }

  /** Run `onSample` for one session. */
  sample(request: SampleRequest): Promise<SamplingContext> {
    const initial: SamplingContext = { server: request.server, entities: {}, ranges: {}, values: {}, meta: {} };
    return this.hooks.onSample.promise(initial, request);
  }

  /** Run `onGenerate` on a draft. */
  generate(draft: GenerationDraft): Promise<GenerationDraft> {
    return this.hooks.onGenerate.promise(draft);
  }

  /** Run one tool call through `onExecute`; a call nobody answers is an error. */
  async execute(request: ExecuteRequest): Promise<ExecutedCall> {
    const result = await this.hooks.onExecute.promise(request);
    if (result === undefined) throw errors.noExecutor(request.call.name, request.server);
    return result;
  }

  /** Score a trajectory through `onReward`. */
  reward(input: RewardInput): Promise<RewardSheet> {
    return this.hooks.onReward.promise(emptyRewardSheet(), input);
  }

  /** Hand a finished batch to `onUpdate`. */
  update(batch: UpdateBatch): Promise<void> {
    return this.hooks.onUpdate.promise(batch);
  }

  /** Run `fn` when the engine closes (worker processes, open sessions, servers). Last registered runs first. */
  addTeardown(fn: () => unknown): void {
    this.teardowns.push(fn);
  }

  /** Release everything plugins registered for teardown. Safe to call twice. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const failures: unknown[] = [];
    for (const fn of this.teardowns.reverse()) {
      try {
        await fn();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) throw failures[0];
  }

  /** The taps of every hook, in the order they run. */
  describeTaps(): Record<HookName, TapInfo[]> {
    const out = {} as Record<HookName, TapInfo[]>;
    for (const name of HOOK_NAMES) {
      out[name] = this.hooks[name].taps.map((tap) => ({ plugin: tap.name, stage: tap.stage ?? 0, type: tap.type }));
    }
    return out;
  }
}
