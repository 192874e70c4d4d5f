import type { Engine, EnvironmentSession, ExecutedCall, Example, GroundTruthStep } from '../../core/index.js';
import { toolRouting } from './toolRouting.js';

/** The ground truth played in fresh sessions: the state it ends in, and any call that failed. */
export interface GroundTruthReplay {
  /** Final state hash by server. */
  finalStateHashes: Record<string, string>;
  /** Initial state hash by server (equal to a rollout's when both start from the same world). */
  initialStateHashes: Record<string, string>;
  calls: ExecutedCall[];
  /** Ground-truth calls that did not succeed: a sign that the example no longer fits its world. */
  failures: ExecutedCall[];
}

/** Steps in an order that respects `dependsOn`, keeping the listed order wherever it is free. */
export function orderSteps(steps: readonly GroundTruthStep[]): GroundTruthStep[] {
  const done = new Set<string>();
  const ids = new Set(steps.map((step) => step.id));
  const pending = [...steps];
  const ordered: GroundTruthStep[] = [];
  while (pending.length > 0) {
    const index = pending.findIndex((step) => step.dependsOn.every((dep) => done.has(dep) || !ids.has(dep)));
    // A cycle cannot be ordered; keep the listed order for what remains.
    const [next] = pending.splice(index < 0 ? 0 : index, 1);
    ordered.push(next);
    done.add(next.id);
  }
  return ordered;
}

/**
 * Replay every ground-truth call of an example, step by step in dependency order, in fresh
 * sessions of its live servers on its world (BFCL's state check compares against this).
 */
export async function replayGroundTruth(engine: Engine, example: Example): Promise<GroundTruthReplay> {
  const routing = toolRouting(engine, example);
  const sessions = new Map<string, EnvironmentSession>();
  const replay: GroundTruthReplay = { finalStateHashes: {}, initialStateHashes: {}, calls: [], failures: [] };
  try {
    for (const server of example.servers) {
      const session = await engine.openSession(server, example.world);
      sessions.set(server, session);
      replay.initialStateHashes[server] = await session.stateHash();
    }
    for (const step of orderSteps(example.groundTruth)) {
      for (const call of step.calls) {
        const server = routing.serverOf.get(call.name);
        const session = server === undefined ? undefined : sessions.get(server);
        const executed: ExecutedCall =
          session === undefined
            ? { ...call, server: '', ok: false, error: { kind: 'unknown_tool', message: `no live server of example "${example.id}" provides "${call.name}"` } }
            : await engine.execute({ server: server!, session, call });
        executed.turn = step.turn;
        replay.calls.push(executed);
        if (!executed.ok) replay.failures.push(executed);
      }
    }
    for (const [server, session] of sessions) replay.finalStateHashes[server] = await session.stateHash();
    return replay;
  } finally {
    await Promise.allSettled([...sessions.values()].map((session) => session.close()));
  }
}
