import type { Engine, EnvironmentSession, ExecuteRequest, ExecutedCall, ToolCall, WorldSpec } from '../../core/index.js';

/**
 * A session that hands out its state as an immutable snapshot and takes one back (the domain kit's
 * sessions do: servers/kit/DomainSession.ts). Others are replayed from a fresh session instead.
 */
interface Restorable {
  snapshot(): unknown;
  restore(snapshot: unknown): void;
}

function restorable(session: EnvironmentSession): (EnvironmentSession & Restorable) | undefined {
  const candidate = session as Partial<Restorable>;
  return typeof candidate.snapshot === 'function' && typeof candidate.restore === 'function' ? (session as EnvironmentSession & Restorable) : undefined;
}

/** A state reached by a sequence of calls: the calls met after it, and its snapshot where the session gives one. */
interface Node {
  next: Map<string, { outcome: ExecutedCall; to: Node }>;
  snapshot?: unknown;
}

/** Whether JSON keeps `value` as it is: plain objects, arrays, strings, booleans, null and finite numbers (not -0). */
function survivesJson(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object': {
      if (value === null) return true;
      if (Array.isArray(value)) return value.every(survivesJson);
      const prototype = Object.getPrototypeOf(value) as unknown;
      if (prototype !== Object.prototype && prototype !== null) return false;
      for (const item of Object.values(value)) if (!survivesJson(item)) return false;
      return true;
    }
    default:
      return false;
  }
}

/** The key of a call, or undefined where its arguments do not survive JSON as they are (then it always runs). */
function callKey(call: ToolCall): string | undefined {
  if (call.malformed !== undefined) return undefined;
  const args = call.arguments ?? {};
  return survivesJson(args) ? `${call.name}\u0000${JSON.stringify(args)}` : undefined;
}

/**
 * A remembering session: answers each call from what an earlier session of the same world met
 * after the same calls, and runs a call live only when it was never made there, in a session put
 * into the state those calls made (restored from its snapshot, or replayed from a fresh session).
 */
class MemoSession implements EnvironmentSession {
  readonly id: string;
  /** The live session, when it is in the state `at` (no call answered from memory since). */
  private live: EnvironmentSession | undefined;
  /** Where the calls made so far lead (undefined once a call could not be keyed: then all runs live). */
  private at: Node | undefined;
  /** The latest node of the path with a snapshot (the root: a fresh session), and the calls made after it. */
  private base: Node;
  private sinceBase: ToolCall[] = [];

  constructor(
    private readonly engine: Engine,
    readonly server: string,
    private readonly world: WorldSpec,
    private readonly root: Node,
    index: number,
  ) {
    this.id = `${server}-memo-${index}`;
    this.at = root;
    this.base = root;
  }

  private move(to: Node, call: ToolCall): void {
    this.at = to;
    if (to.snapshot !== undefined || to === this.root) {
      this.base = to;
      this.sinceBase = [];
    } else this.sinceBase.push(call);
  }

  /** A live session in the state the calls so far made. */
  private async materialize(): Promise<EnvironmentSession> {
    if (this.live !== undefined) return this.live;
    const session = await this.engine.openSession(this.server, this.world);
    const into = restorable(session);
    if (this.base.snapshot !== undefined && into !== undefined) into.restore(this.base.snapshot);
    else if (this.base !== this.root) throw new Error('memoizedSessions: a snapshot without a restorable session');
    for (const call of this.sinceBase) await this.engine.execute({ server: this.server, session, call });
    this.live = session;
    return session;
  }

  async execute(call: ToolCall): Promise<ExecutedCall> {
    const key = callKey(call);
    const known = key === undefined ? undefined : this.at?.next.get(key);
    if (known !== undefined) {
      // The live session (if any) stays behind: closed, and made again from the path when needed.
      if (this.live !== undefined) await this.drop();
      this.move(known.to, call);
      return known.outcome;
    }
    const session = await this.materialize();
    const live = restorable(session);
    const before = live?.snapshot();
    const outcome = await this.engine.execute({ server: this.server, session, call });
    if (key === undefined || this.at === undefined) {
      // Off the map: from here on every call runs live.
      this.at = undefined;
      return outcome;
    }
    const after = live?.snapshot();
    // A call that left the snapshot as it was (a read, a refusal) leads back to the same state.
    const to: Node = live !== undefined && after === before ? this.at : { next: new Map(), snapshot: after };
    this.at.next.set(key, { outcome, to });
    this.move(to, call);
    return outcome;
  }

  private async drop(): Promise<void> {
    const live = this.live;
    this.live = undefined;
    await live?.close();
  }

  async stateHash(): Promise<string> {
    return (await this.materialize()).stateHash();
  }

  async reset(): Promise<void> {
    await this.drop();
    this.at = this.root;
    this.base = this.root;
    this.sinceBase = [];
  }

  async close(): Promise<void> {
    await this.drop();
  }
}

/**
 * The engine with remembering sessions: a session is a pure function of its world and the calls
 * made in it (the environment contract), so a call that an earlier session of the same world made
 * after the same calls is answered with the outcome it had there, without running again. Used for
 * the probes of dependency discovery and for a conversation's planning and teaching (which replay
 * the plan's calls); replay validation runs everything live. Only the number of calls changes.
 */
export function memoizedSessions(engine: Engine): Engine {
  const roots = new Map<string, Node>();
  let opened = 0;
  const probes = Object.create(engine) as Engine;
  probes.openSession = (server: string, world: WorldSpec): Promise<EnvironmentSession> => {
    const key = `${server}\u0000${world.seed}\u0000${world.referenceDate}`;
    let root = roots.get(key);
    if (root === undefined) roots.set(key, (root = { next: new Map() }));
    return Promise.resolve(new MemoSession(engine, server, world, root, ++opened));
  };
  probes.execute = (request: ExecuteRequest): Promise<ExecutedCall> =>
    request.session instanceof MemoSession ? request.session.execute(request.call) : engine.execute(request);
  return probes;
}
