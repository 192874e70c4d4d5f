import type { Engine, WorldSpec } from '../../core/index.js';
import { extractChain, type DependencyGraph } from './DependencyGraph.js';
import { resolveArguments, type ArgumentSource } from './resolveArguments.js';
import type { SynthesisRandom } from './SynthesisRandom.js';
import type { ToolFacts } from './ToolCatalog.js';
import { extractRecords, isIdField, ValuePool } from './valuePool.js';

/** A failed call planned before a step, and the recovery that follows it. */
export interface PlannedFault {
  kind: 'guessed_id' | 'missing_argument' | 'out_of_range' | 'state_refusal';
  recovery: 'retry_corrected' | 'retry_alternative' | 'ask_user' | 'explain_stop';
  call: { name: string; arguments: Record<string, unknown> };
  /** The error the call got while planning (replay gets the same). */
  error: string;
  /** `ask_user`: the assistant's question. */
  ask?: string;
  /** `ask_user`: what the user answers. */
  reply?: string;
}

/** One call the conversation is meant to make, with arguments that succeeded live while planning. */
export interface PlannedStep {
  tool: string;
  arguments: Record<string, unknown>;
  sources: Record<string, ArgumentSource>;
  /** The user turn (0-based, before any clarification turn) that asks for it. */
  turn: number;
  /** A failed call made first. */
  fault?: PlannedFault;
  /** Only the fault is made (its recovery explains and stops): the step itself never runs. */
  skip?: boolean;
}

/** What a conversation is meant to cover. */
export interface ConversationPlan {
  chain: string[];
  steps: PlannedStep[];
  turns: number;
  /** The scenario played, when the plan comes from one. */
  scenario?: string;
  /** What the app knows about the user (the scenario's context), for the system message. */
  context?: string;
  /** The user's words per turn, when a scenario gives them. */
  says?: string[];
}

/** How a chain and its turns are drawn. */
export interface PlanOptions {
  /** Relative weights of chain lengths 2, 3, 4, 5. */
  chainLengthWeights: number[];
  minTurns: number;
  maxTurns: number;
  /** Probability of going on to one more turn after `minTurns`, multiplied again for each further turn. */
  turnDecay: number;
  /** Probability of filling an optional argument that has a grounded value. */
  optionalRate: number;
  /** Argument draws tried for a tool before the chain stops there. */
  attempts: number;
  /** Chains tried before the conversation is dropped. */
  chainAttempts: number;
  /** Probability that a conversation contains one realistic failed call followed by a recovery. */
  faultRate: number;
  /** Probability that a domain with scenarios plays one rather than a chain drawn from the graph. */
  scenarioRate: number;
}

/**
 * Query generation, grounded: draw a chain from the dependency graph and find arguments for each
 * of its tools from live state, running them in a scratch session of the same world so that every
 * planned call is known to work (ids created along the way are real). Turns take consecutive
 * parts of the chain.
 */
export async function planConversation(
  engine: Engine,
  server: string,
  world: WorldSpec,
  graph: DependencyGraph,
  tools: ReadonlyMap<string, ToolFacts>,
  sample: ValuePool,
  rng: SynthesisRandom,
  options: PlanOptions,
): Promise<ConversationPlan | undefined> {
  const today = world.referenceDate.slice(0, 10);
  for (let chainAttempt = 0; chainAttempt < options.chainAttempts; chainAttempt++) {
    const length = 2 + rng.weighted(options.chainLengthWeights);
    const chain = extractChain(graph, rng, length);
    if (chain.length < 2) continue;
    const session = await engine.openSession(server, world);
    const outputs = new ValuePool();
    const bindings = new Map<string, unknown>();
    const steps: PlannedStep[] = [];
    try {
      for (const name of chain) {
        const tool = tools.get(name);
        if (tool === undefined) break;
        let done = false;
        const avoid = new Set<string>();
        for (let attempt = 0; attempt < options.attempts && !done; attempt++) {
          const resolved = resolveArguments(tool, { outputs, sample, bindings, today, rng, optionalRate: options.optionalRate, avoid });
          if (resolved === undefined) break;
          const executed = await engine.execute({ server, session, call: { name, arguments: resolved.arguments } });
          if (!executed.ok) {
            for (const value of Object.values(resolved.arguments)) if (typeof value === 'string') avoid.add(value);
            continue;
          }
          done = true;
          for (const [argument, value] of Object.entries(resolved.arguments)) if (isIdField(argument) && typeof value === 'string') bindings.set(argument, value);
          for (const record of extractRecords(executed.result, '', { kind: 'output', step: steps.length, tool: name })) outputs.add(record);
          steps.push({ tool: name, arguments: resolved.arguments, sources: resolved.sources, turn: 0 });
        }
        if (!done) break;
      }
      if (steps.length >= 2 && rng.chance(options.faultRate)) await planFault(engine, server, session, steps, tools, rng);
    } finally {
      await session.close();
    }
    if (steps.length < 2) continue;
    let turns = options.minTurns;
    let p = options.turnDecay;
    while (turns < options.maxTurns && rng.chance(p)) {
      turns++;
      p *= options.turnDecay;
    }
    turns = Math.min(turns, steps.length);
    // Cut points: each turn gets at least one step; the first turn tends to get the longest run.
    const cuts = rng.sample(Array.from({ length: steps.length - 1 }, (_, i) => i + 1), turns - 1).sort((a, b) => a - b);
    let turn = 0;
    for (let i = 0; i < steps.length; i++) {
      while (turn < cuts.length && i >= cuts[turn]) turn++;
      steps[i].turn = turn;
    }
    return { chain: steps.map((s) => s.tool), steps, turns };
  }
  return undefined;
}

/**
 * A failed call before one of the steps that the schema refuses whatever the state: a required
 * argument left out, or a number past its bound. The recovery is the corrected call. Nothing changes
 * state, so the plan stays valid.
 */
async function planFault(engine: Engine, server: string, session: Parameters<Engine['execute']>[0]['session'], steps: PlannedStep[], tools: ReadonlyMap<string, ToolFacts>, rng: SynthesisRandom): Promise<void> {
  const options: Array<{ step: number; kind: PlannedFault['kind']; arguments: Record<string, unknown> }> = [];
  steps.forEach((step, i) => {
    const tool = tools.get(step.tool);
    if (tool === undefined || i === 0) return;
    for (const argument of tool.required) {
      if (!(argument in step.arguments)) continue;
      const rest = { ...step.arguments };
      delete rest[argument];
      options.push({ step: i, kind: 'missing_argument', arguments: rest });
      const schema = tool.properties[argument];
      const value = step.arguments[argument];
      if (typeof value === 'number' && typeof schema?.maximum === 'number' && schema.maximum < 1e6) {
        options.push({ step: i, kind: 'out_of_range', arguments: { ...step.arguments, [argument]: schema.maximum * 10 + 10 } });
      }
    }
  });
  if (options.length === 0) return;
  const chosen = rng.pick(options);
  const name = steps[chosen.step].tool;
  const executed = await engine.execute({ server, session, call: { name, arguments: chosen.arguments } });
  if (executed.ok || executed.error?.kind !== 'invalid_arguments') return;
  steps[chosen.step].fault = { kind: chosen.kind, recovery: 'retry_corrected', call: { name, arguments: chosen.arguments }, error: executed.error.message };
}
