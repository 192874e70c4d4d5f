import type { Engine, EnvironmentSession, ExecutedCall, Example, ToolCall } from '../../core/index.js';
import { toolRouting } from '../rollout/toolRouting.js';

/** Replay the calls in fresh sessions of the example's live servers, routed as a rollout routes them. */
export async function replay(engine: Engine, example: Example, calls: readonly ToolCall[]): Promise<ExecutedCall[]> {
  const routing = toolRouting(engine, example);
  const sessions = new Map<string, EnvironmentSession>();
  try {
    for (const server of example.servers) sessions.set(server, await engine.openSession(server, example.world));
    const out: ExecutedCall[] = [];
    for (const call of calls) {
      const { step, turn } = call as ExecutedCall;
      const plain: ToolCall = { ...(call.id === undefined ? {} : { id: call.id }), name: call.name, arguments: call.arguments, ...(call.malformed === undefined ? {} : { malformed: call.malformed }) };
      const server = routing.serverOf.get(call.name);
      let executed: ExecutedCall;
      if (call.malformed !== undefined) {
        executed = { ...plain, server: server ?? '', ok: false, error: { kind: 'malformed', message: 'the tool call could not be parsed' } };
      } else if (server === undefined || !routing.candidates.has(call.name)) {
        const reason = routing.candidates.has(call.name) ? 'is offered but no live server of the example provides it' : 'is not among the candidate tools';
        executed = { ...plain, server: server ?? '', ok: false, error: { kind: 'unknown_tool', message: `tool "${call.name}" ${reason}` } };
      } else {
        executed = await engine.execute({ server, session: sessions.get(server)!, call: plain });
        if (!executed.server) executed = { ...executed, server };
      }
      out.push({ ...executed, ...(step === undefined ? {} : { step }), ...(turn === undefined ? {} : { turn }) });
    }
    return out;
  } finally {
    for (const session of sessions.values()) await session.close().catch(() => undefined);
  }
}

/** Recorded outcomes, with an unparseable call that carries none counted as failed. */
export function withOutcomes(calls: readonly ToolCall[]): ExecutedCall[] {
  // The common line: every call has its outcome, and the calls are scored as they are (no copy).
  let all = true;
  for (let i = 0; i < calls.length && all; i++) if ((calls[i] as ExecutedCall).ok === undefined) all = false;
  if (all) return calls as ExecutedCall[];
  return calls.map((call) => {
    const executed = call as ExecutedCall;
    if (executed.ok !== undefined) return executed;
    return { ...call, server: executed.server ?? '', ok: false, error: { kind: 'malformed', message: 'the tool call could not be parsed' } };
  });
}

