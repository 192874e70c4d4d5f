import type { Engine, EnvironmentSession, WorldSpec } from '../../core/index.js';
import type { DomainScenario, ScenarioFacts } from '../../servers/kit/Domain.js';
import type { ConversationPlan, PlannedFault, PlannedStep } from './planConversation.js';
import type { ArgumentSource } from './resolveArguments.js';
import type { SynthesisRandom } from './SynthesisRandom.js';
import { isIdField } from './valuePool.js';

const SLOT = /\{([A-Za-z0-9_]+)\}/g;

/** A fact as a user (or the assistant) says it: numbers with at most two decimals, lists joined. */
export function sayFact(value: unknown): string {
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(2);
  if (Array.isArray(value)) return value.map(sayFact).join(', ');
  return String(value);
}

/** One of the texts whose slots the facts can all fill, filled; undefined when none can. */
export function fillText(texts: readonly string[], facts: ScenarioFacts, rng: SynthesisRandom): string | undefined {
  const usable = texts.filter((text) => [...text.matchAll(SLOT)].every((m) => facts[m[1]] !== undefined && facts[m[1]] !== null));
  if (usable.length === 0) return undefined;
  return rng.pick(usable).replace(SLOT, (_, slot: string) => sayFact(facts[slot]));
}

/** Every string inside a JSON value. */
function strings(value: unknown, out: Set<string>): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) strings(item, out);
  return out;
}

/** Where each argument of a scenario call came from: an earlier result when only a result holds it, else the user. */
function sourcesOf(args: Record<string, unknown>, results: ReadonlyArray<{ strings: Set<string>; tool: string }>): Record<string, ArgumentSource> {
  const out: Record<string, ArgumentSource> = {};
  for (const [argument, value] of Object.entries(args)) {
    const texts = strings(value, new Set());
    let step = -1;
    for (let i = results.length - 1; i >= 0 && step < 0; i--) if ([...texts].some((text) => results[i].strings.has(text))) step = i;
    out[argument] = step >= 0 ? { kind: 'entity', origin: { kind: 'output', step, tool: results[step].tool }, noun: isIdField(argument) ? argument.replace(/_ids?$/, '') : argument } : { kind: 'literal' };
  }
  return out;
}

/**
 * Play a scenario in a scratch session of the conversation's world: cast the persona, then run each
 * turn's steps in order, each step's arguments drawn from the facts so far and its result adding
 * facts; a planned failure is run first and must fail. Returns the plan (steps, the user's text per
 * turn), or undefined when the world or a result does not allow the scenario.
 *
 * A cross-domain scenario plays against one scratch session of each of `server`'s environments (a
 * list), each call run by the environment that has its tool; `state` then holds their initial
 * states by name.
 */
export async function planScenario(
  engine: Engine,
  server: string | readonly string[],
  world: WorldSpec,
  scenario: DomainScenario,
  state: unknown,
  rng: SynthesisRandom,
  faultRate: number,
  trace?: (problem: string) => void,
): Promise<ConversationPlan | undefined> {
  try {
    return await playScenario(engine, server, world, scenario, state, rng, faultRate, trace);
  } catch (error) {
    // A scenario's own code failing (a pick from an empty list in an unusual world) drops that plan, not the run: the state machine falls back to a graph chain.
    trace?.(`${scenario.name}: ${(error as Error).message}`);
    return undefined;
  }
}

async function playScenario(
  engine: Engine,
  server: string | readonly string[],
  world: WorldSpec,
  scenario: DomainScenario,
  state: unknown,
  rng: SynthesisRandom,
  faultRate: number,
  trace?: (problem: string) => void,
): Promise<ConversationPlan | undefined> {
  let facts: ScenarioFacts | undefined = scenario.cast(state as never, rng);
  if (facts === undefined) return undefined;
  const context = scenario.context === undefined ? undefined : fillText(scenario.context, facts, rng);
  const servers = typeof server === 'string' ? [server] : [...server];
  const sessions = new Map<string, EnvironmentSession>();
  const serverOf = new Map<string, string>();
  for (const name of [...servers].reverse()) for (const tool of engine.environment(name).tools) serverOf.set(tool.function.name, name);
  /** Runs a call in the session of the environment that has its tool (the first one for a tool none has). */
  const execute = async (call: { name: string; arguments: Record<string, unknown> }) => {
    const name = serverOf.get(call.name) ?? servers[0];
    let session = sessions.get(name);
    if (session === undefined) sessions.set(name, (session = await engine.openSession(name, world)));
    return engine.execute({ server: name, session, call });
  };
  const steps: PlannedStep[] = [];
  const says: string[] = [];
  const results: Array<{ strings: Set<string>; tool: string }> = [];
  // At most one failed call per conversation: more would be noise, and the error-rate filter drops them.
  let faulted = false;
  try {
    for (const turn of scenario.turns) {
      if (turn.when !== undefined && !turn.when(facts)) continue;
      const turnIndex = says.length;
      // The failed call of this turn, if any, is drawn before the user speaks: the user may have said the wrong value.
      let faultStep = -1;
      if (!faulted) {
        const eligible = turn.steps.map((step, i) => (step.fault !== undefined && (step.fault.recovery !== 'explain_stop' || turnIndex > 0) ? i : -1)).filter((i) => i >= 0);
        if (eligible.length > 0 && rng.chance(faultRate)) {
          faultStep = rng.pick(eligible);
          const said = turn.steps[faultStep].fault!.said;
          if (said !== undefined) facts = { ...facts, ...said(facts) };
        }
      }
      const say = fillText(turn.say, facts, rng);
      if (say === undefined) {
        trace?.(`${scenario.name}: no text of turn ${turnIndex} can be said with ${Object.keys(facts).join(', ')}`);
        return undefined;
      }
      let played = 0;
      let stopped = false;
      for (const [stepIndex, step] of turn.steps.entries()) {
        let fault: PlannedFault | undefined;
        if (stepIndex === faultStep) {
          const spec = step.fault!;
          const stopsHere = spec.recovery === 'explain_stop';
          const faultArgs = spec.args(facts);
          if (faultArgs === undefined) return undefined;
          if (faultArgs !== undefined) {
            const failed = await execute({ name: spec.tool, arguments: faultArgs });
            if (failed.ok) {
              trace?.(`${scenario.name}: the planned failure of ${spec.tool} succeeded`);
              return undefined;
            }
            faulted = true;
            fault = { kind: spec.kind, recovery: spec.recovery, call: { name: spec.tool, arguments: faultArgs }, error: failed.error?.message ?? 'failed' };
            if (spec.recovery === 'ask_user') {
              fault.ask = fillText(spec.ask ?? ['How would you like me to go on?'], facts, rng);
              if (spec.answer !== undefined) facts = { ...facts, ...spec.answer(facts) };
              const reply = fillText(spec.reply ?? [], facts, rng);
              if (reply === undefined) return undefined;
              fault.reply = reply;
            }
            if (stopsHere) {
              steps.push({ tool: step.tool, arguments: {}, sources: {}, turn: turnIndex, fault, skip: true });
              stopped = true;
              break;
            }
          }
        }
        const args = step.args(facts);
        if (args === undefined) continue;
        const executed = await execute({ name: step.tool, arguments: args });
        if (!executed.ok) {
          trace?.(`${scenario.name}: ${step.tool}(${JSON.stringify(args)}) failed: ${executed.error?.message}`);
          return undefined;
        }
        const planned: PlannedStep = { tool: step.tool, arguments: args, sources: sourcesOf(args, results), turn: turnIndex };
        if (fault !== undefined) planned.fault = fault;
        steps.push(planned);
        results.push({ strings: strings(executed.result, new Set()), tool: step.tool });
        played++;
        if (step.learn !== undefined) {
          const learned = step.learn(executed.result, facts);
          if (learned === undefined) {
            trace?.(`${scenario.name}: nothing to learn from ${step.tool}`);
            return undefined;
          }
          facts = { ...facts, ...learned };
        }
      }
      if (played === 0 && !stopped) {
        if (steps.some((step) => step.turn === turnIndex)) return undefined;
        continue;
      }
      says.push(say);
      if (stopped) break;
    }
  } finally {
    await Promise.allSettled([...sessions.values()].map((session) => session.close()));
  }
  if (steps.filter((step) => !step.skip).length === 0) return undefined;
  const plan: ConversationPlan = { chain: steps.filter((step) => !step.skip).map((step) => step.tool), steps, turns: says.length, scenario: scenario.name, says };
  if (context !== undefined) plan.context = context;
  return plan;
}
