import type { Engine, EnvironmentSession, ExecuteRequest, ExecutedCall, ToolCall, WorldSpec } from '../../core/index.js';

/** What a call sequence led to: the outcome of its last call, and the calls met after it. */
interface Step {
  outcome: ExecutedCall;
  next: Map<string, Step>;
}

/** The key of a call, or undefined where its arguments do not survive JSON as they are (then it always runs). */
function callKey(call: ToolCall): string | undefined {
  let exact = true;
  const text = JSON.stringify(call.arguments ?? {}, (_key, value: unknown) => {
    if (value === undefined || (typeof value === 'number' && !Number.isFinite(value)) || typeof value === 'bigint' || typeof value === 'function') exact = false;
    return value;
  });
  return exact ? `${call.name}\u0000${text}` : undefined;
}

/**
 * A probe session: answers each call from what an earlier probe of the same world met after the
 * same calls, and opens a live session only when a call was never made after them (replaying the
 * calls answered so far first, so that it runs on the state they made).
 */
class ProbeSession implements EnvironmentSession {
  readonly id: string;
  private live: EnvironmentSession | undefined;
  /** Calls answered from memory that the live session has not made yet. */
  private pending: ToolCall[] = [];
  /** Where the calls made so far lead (undefined once a call could not be keyed). */
  private at: Map<string, Step> | undefined;

  constructor(
    private readonly engine: Engine,
    readonly server: string,
    private readonly world: WorldSpec,
    private readonly root: Map<string, Step>,
    index: number,
  ) {
    this.id = `${server}-probe-${index}`;
    this.at = root;
  }

  async execute(call: ToolCall): Promise<ExecutedCall> {
    const key = callKey(call);
    const known = key === undefined ? undefined : this.at?.get(key);
    if (known !== undefined) {
      this.pending.push(call);
      this.at = known.next;
      return known.outcome;
    }
    this.live ??= await this.engine.openSession(this.server, this.world);
    for (const earlier of this.pending) await this.engine.execute({ server: this.server, session: this.live, call: earlier });
    this.pending = [];
    const outcome = await this.engine.execute({ server: this.server, session: this.live, call });
    if (key === undefined || this.at === undefined) this.at = undefined;
    else {
      const step: Step = { outcome, next: new Map() };
      this.at.set(key, step);
      this.at = step.next;
    }
    return outcome;
  }

  private async materialize(): Promise<EnvironmentSession> {
    this.live ??= await this.engine.openSession(this.server, this.world);
    for (const earlier of this.pending) await this.engine.execute({ server: this.server, session: this.live, call: earlier });
    this.pending = [];
    return this.live;
  }

  async stateHash(): Promise<string> {
    return (await this.materialize()).stateHash();
  }

  async reset(): Promise<void> {
    this.pending = [];
    this.at = this.root;
    await this.live?.reset();
  }

  async close(): Promise<void> {
    await this.live?.close();
  }
}

/**
 * The engine as dependency discovery probes it: a session is a pure function of its world and the
 * calls made in it (the environment contract), so a probe that repeats calls an earlier probe
 * made in a fresh session of the same world is answered from memory; only what is new runs. The
 * outcomes are the ones the calls had, so the graph is the same; only the number of calls changes.
 */
export function memoizedProbes(engine: Engine): Engine {
  const roots = new Map<string, Map<string, Step>>();
  let opened = 0;
  const probes = Object.create(engine) as Engine;
  probes.openSession = (server: string, world: WorldSpec): Promise<EnvironmentSession> => {
    const key = `${server}\u0000${world.seed}\u0000${world.referenceDate}`;
    let root = roots.get(key);
    if (root === undefined) roots.set(key, (root = new Map()));
    return Promise.resolve(new ProbeSession(engine, server, world, root, ++opened));
  };
  probes.execute = (request: ExecuteRequest): Promise<ExecutedCall> =>
    request.session instanceof ProbeSession ? request.session.execute(request.call) : engine.execute(request);
  return probes;
}
