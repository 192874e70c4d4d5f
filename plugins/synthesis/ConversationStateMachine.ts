import { hash as sha256 } from 'node:crypto';
import type {
  ChatMessage,
  Completion,
  Engine,
  EnvironmentSession,
  ExecutedCall,
  Example,
  GenerationDraft,
  GenerationPurpose,
  GroundTruthStep,
  SamplingContext,
  ToolCall,
  ToolSchema,
  WorldSpec,
} from '../../core/index.js';
import { errors } from '../../core/index.js';
import type { DependencyGraph } from './DependencyGraph.js';
import { PERSONAS, type Persona } from './personas.js';
import { planConversation, type ConversationPlan, type PlanOptions } from './planConversation.js';
import { planScenario } from './planScenario.js';
import { memoizedSessions } from './memoizedSessions.js';
import { SynthesisRandom } from './SynthesisRandom.js';
import { toolCatalog, type ToolFacts } from './ToolCatalog.js';
import { extractRecords, singular, ValuePool } from './valuePool.js';
import { DEPENDENCY_GRAPH, PRINCIPAL, SCENARIOS, SCRIPT } from './contracts.js';
import type { CrossDomainScenario, DomainPrincipal, DomainScenario } from '../../servers/kit/Domain.js';
import { toolMessageContent } from '../toolMessageContent.js';

/** The one rendering of tool results and errors (plugins/toolMessageContent.ts). */
export { toolMessageContent };

/** The conversation's states (the paper's five groups: query, turn, tool execution, response, continuation). */
export type ConversationState = 'query' | 'user_turn' | 'teacher' | 'execute' | 'recovery' | 'response' | 'continuation' | 'done' | 'dropped';

/** What moves the machine from one state to the next. */
export type ConversationEvent =
  | 'grounded'
  | 'ungrounded'
  | 'said'
  | 'tool_calls'
  | 'answer'
  | 'invalid'
  | 'exhausted'
  | 'success'
  | 'partial'
  | 'failure'
  | 'retry_corrected'
  | 'retry_alternative'
  | 'give_up'
  | 'ask_user'
  | 'follow_up'
  | 'clarification'
  | 'end';

/** The transition table: every move the machine can make. A move not listed here is a bug and throws. */
export const TRANSITIONS: ReadonlyArray<{ from: ConversationState; on: ConversationEvent; to: ConversationState }> = [
  { from: 'query', on: 'grounded', to: 'user_turn' },
  { from: 'query', on: 'ungrounded', to: 'dropped' },
  { from: 'user_turn', on: 'said', to: 'teacher' },
  { from: 'teacher', on: 'tool_calls', to: 'execute' },
  { from: 'teacher', on: 'answer', to: 'response' },
  { from: 'teacher', on: 'invalid', to: 'teacher' },
  { from: 'teacher', on: 'exhausted', to: 'dropped' },
  { from: 'execute', on: 'success', to: 'teacher' },
  { from: 'execute', on: 'partial', to: 'teacher' },
  { from: 'execute', on: 'failure', to: 'recovery' },
  { from: 'recovery', on: 'retry_corrected', to: 'execute' },
  { from: 'recovery', on: 'retry_alternative', to: 'execute' },
  { from: 'recovery', on: 'give_up', to: 'response' },
  { from: 'recovery', on: 'ask_user', to: 'response' },
  { from: 'recovery', on: 'invalid', to: 'recovery' },
  { from: 'recovery', on: 'exhausted', to: 'dropped' },
  { from: 'response', on: 'follow_up', to: 'user_turn' },
  { from: 'response', on: 'clarification', to: 'user_turn' },
  { from: 'response', on: 'end', to: 'done' },
];

const NEXT = new Map(TRANSITIONS.map((t) => [`${t.from}:${t.on}`, t.to]));

export type InformationLevel = 'complete' | 'missing' | 'minimal';

/**
 * Everything the teacher and the perturbations share about one conversation (`draft.meta` under SCRIPT, contracts.ts).
 * Perturbations set `hiddenTool`/`irrelevant`; the template teacher reads the plan and moves the cursor.
 */
export interface ConversationScript {
  /** The environment the conversation was drawn for (a cross-domain one's leading domain). */
  server: string;
  /** Every environment live in the conversation (more than one for a cross-domain scenario). */
  servers?: readonly string[];
  index: number;
  persona: Persona;
  informationLevel: InformationLevel;
  plan: ConversationPlan;
  tools: ReadonlyMap<string, ToolFacts>;
  /** Strings of the initial world (sampled): values a user may name outright. */
  worldValues: ReadonlySet<string>;
  /** What the environment is for, in a few words (for refusals). */
  scope: string;
  /** A required value the first message leaves out; the teacher asks for it. */
  withheld?: { step: number; argument: string; given: boolean };
  /** A chain tool hidden from the candidate set (missing-function perturbation). */
  hiddenTool?: string;
  /** Whether the assistant then asks how to go on (clarification) rather than declining (abstention). */
  hiddenAsk?: boolean;
  /** An out-of-scope request (irrelevance perturbation). */
  irrelevant?: string;
  /** Index of the next planned step. */
  cursor: number;
  /** Planned turn being played. */
  plannedTurn: number;
  /** Actual user turn (clarifications add turns). */
  turn: number;
  /** User turn in which each executed planned step ran. */
  stepTurns: number[];
  /** Set by the teacher when its answer is a question for the user. */
  asked?: 'clarification';
  /** Set by the teacher when the conversation cannot go on (a hidden tool, a refusal). */
  stop?: boolean;
  /** The failure the teacher must recover from. */
  recovery?: { call: ExecutedCall; attempt: number };
  /** Index of the step whose planned failed call was made. */
  faultMade?: number;
  /** Set by the teacher while its call is the planned failed one. */
  faulting?: boolean;
  /** The user's planned answer after the assistant asked how to go on from a failure. */
  faultReply?: string;
}

/** Options of the state machine (the preset gives the paper's numbers). */
export interface StateMachineOptions extends PlanOptions {
  /** Weights of the information levels complete / missing / minimal (paper: 60 / 20 / 20). */
  informationLevels: { complete: number; missing: number; minimal: number };
  /** Conversations per refresh of each environment's sampling context (the paper's k). */
  sampleEvery: number;
  /** Regenerations of invalid teacher output before the conversation is dropped. */
  regenerations: number;
  /** Recovery attempts after a failed call before the teacher must give up. */
  recoveries: number;
  /** Assistant messages per user turn, at most. */
  maxAssistantMessages: number;
  /** Reference date when an environment has none. */
  referenceDate: string;
  /**
   * Share of the conversations drawn for an environment with a cross-domain partner live in the run
   * (both domains of a pair in `--domains`) that play a cross-domain scenario instead (servers/crossDomain/).
   */
  crossDomainRate?: number;
}

/** What one conversation produced. */
export type ConversationOutcome = { example: Example } | { dropped: string; path: string[] };

/** Sampling contexts per environment, refreshed every `sampleEvery` conversations, and what synthesis derives from them. */
interface SamplingEntry {
  context: SamplingContext;
  pool: ValuePool;
  worldValues: Set<string>;
  graph: DependencyGraph;
  scenarios?: { scenarios: readonly DomainScenario[]; state: unknown; cross?: readonly CrossDomainScenario[] };
  principal?: DomainPrincipal;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Whether a successful result carries nothing: every list in it empty (the paper's partial success). */
function isPartial(result: unknown): boolean {
  if (!isPlainObject(result)) return false;
  const lists = Object.values(result).filter(Array.isArray);
  return lists.length > 0 && lists.every((list) => list.length === 0);
}

function containsString(value: unknown, text: string): boolean {
  if (typeof value === 'string') return value === text;
  if (Array.isArray(value)) return value.some((item) => containsString(item, text));
  if (isPlainObject(value)) return Object.values(value).some((item) => containsString(item, text));
  return false;
}

function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, out);
  else if (isPlainObject(value)) for (const item of Object.values(value)) stringsOf(item, out);
  return out;
}

/**
 * The explicit state machine of the paper's orchestrator, as a thin driver over the hooks: sampling
 * through `onSample`, every message through `onGenerate` (perturbations, then a teacher), every call
 * through `onExecute`. It records the path each conversation took.
 */
export class ConversationStateMachine {
  private readonly sampling = new Map<string, Promise<SamplingEntry>>();
  private readonly catalogs = new Map<string, ToolFacts[]>();

  constructor(
    private readonly engine: Engine,
    private readonly servers: readonly string[],
    private readonly seed: number,
    private readonly options: StateMachineOptions,
  ) {
    for (const server of servers) this.catalogs.set(server, toolCatalog(engine.environment(server)));
  }

  /** The world every session of a server starts from. */
  world(server: string): WorldSpec {
    return { seed: this.seed, referenceDate: this.engine.environment(server).defaultReferenceDate ?? this.options.referenceDate };
  }

  /** The sampling context of a server for a conversation: read once per block of `sampleEvery` conversations. */
  sample(server: string, index: number): Promise<SamplingEntry> {
    const block = Math.floor(index / this.options.sampleEvery);
    const key = `${server}#${block}`;
    let entry = this.sampling.get(key);
    if (entry === undefined) {
      entry = this.readSample(server, block);
      this.sampling.set(key, entry);
      // Keep only the newest block per server: older blocks are never asked for again in index order.
      for (const other of this.sampling.keys()) {
        const [name, b] = other.split('#');
        if (name === server && Number(b) < block - 1) this.sampling.delete(other);
      }
    }
    return entry;
  }

  private async readSample(server: string, block: number): Promise<SamplingEntry> {
    const session = await this.engine.openSession(server, this.world(server));
    try {
      const context = await this.engine.sample({ server, session, seed: this.seed + block });
      const graph = DEPENDENCY_GRAPH.get(context.meta);
      if (graph === undefined) throw errors.synthesisNoGraph(server);
      const pool = new ValuePool();
      for (const [collection, records] of Object.entries(context.entities)) {
        for (const record of extractRecords(records, singular(collection), { kind: 'sample', collection })) pool.add(record);
      }
      return { context, pool, worldValues: pool.strings(), graph, scenarios: SCENARIOS.get(context.meta), principal: PRINCIPAL.get(context.meta) };
    } finally {
      await session.close();
    }
  }

  /** The dependency graph of a server, as its sampling context carries it. */
  async graph(server: string): Promise<DependencyGraph> {
    return (await this.sample(server, 0)).graph;
  }

  /** Play conversation number `index` from query to end. */
  async run(index: number): Promise<ConversationOutcome> {
    const rng = SynthesisRandom.derive(this.seed, 'conversation', index);
    // Planning runs the chain in scratch sessions and teaching runs it again: the calls teaching
    // repeats are answered with the outcomes planning got (memoizedSessions.ts). Replay validation runs all.
    const live = memoizedSessions(this.engine);
    const server = this.servers[Math.floor(rng.next() * this.servers.length)];
    let servers: readonly string[] = [server];
    let catalog = this.catalogs.get(server)!;
    let tools = new Map(catalog.map((t) => [t.name, t]));
    let world = this.world(server);
    const path: string[] = [];
    let state: ConversationState = 'query';
    // Read through a function: the compiler cannot see that `move` changes `state`.
    const current = (): ConversationState => state;
    const move = (event: ConversationEvent): void => {
      const to = NEXT.get(`${state}:${event}`);
      if (to === undefined) throw errors.synthesisBadTransition(state, event);
      path.push(`${state}-${event}`);
      state = to;
    };

    const sampled = await this.sample(server, index);
    const levels = this.options.informationLevels;
    const informationLevel = (['complete', 'missing', 'minimal'] as const)[rng.weighted([levels.complete, levels.missing, levels.minimal])];
    // A minimal request names only what the tools require, so the plan fills no optional argument.
    const planOptions = informationLevel === 'minimal' ? { ...this.options, optionalRate: 0 } : this.options;
    let plan: ConversationPlan | undefined;
    const scenarios = sampled.scenarios;
    let worldValues: ReadonlySet<string> = sampled.worldValues;
    // A goal that spans this domain and another one of the run (pay a shopping order), at `crossDomainRate`.
    const cross = (scenarios?.cross ?? []).filter((scenario) => scenario.domains.every((domain) => this.catalogs.has(domain)));
    // Another one when the worlds cannot host the one drawn, as for a domain's own scenarios.
    for (let attempt = 0; attempt < 3 && plan === undefined && cross.length > 0 && (attempt > 0 || rng.chance(this.options.crossDomainRate ?? 0)); attempt++) {
      const scenario = cross[rng.weighted(cross.map((s) => s.weight ?? 1))];
      const states: Record<string, unknown> = {};
      const values = new Set<string>();
      for (const domain of scenario.domains) {
        const entry = domain === server ? sampled : await this.sample(domain, index);
        states[domain] = entry.scenarios?.state;
        for (const value of entry.worldValues) values.add(value);
      }
      const crossWorld = this.world(scenario.domains[0]);
      plan = await planScenario(live, scenario.domains, crossWorld, scenario, states, rng, this.options.faultRate);
      if (plan !== undefined) {
        servers = [...scenario.domains];
        world = crossWorld;
        worldValues = values;
        catalog = servers.flatMap((domain) => this.catalogs.get(domain)!);
        tools = new Map(catalog.map((t) => [t.name, t]));
      }
    }
    if (plan === undefined && scenarios !== undefined && scenarios.scenarios.length > 0 && rng.chance(this.options.scenarioRate)) {
      // A goal of the domain, cast from its world; another one when the world cannot host it.
      for (let attempt = 0; attempt < 3 && plan === undefined; attempt++) {
        const scenario = scenarios.scenarios[rng.weighted(scenarios.scenarios.map((s) => s.weight ?? 1))];
        plan = await planScenario(live, server, world, scenario, scenarios.state, rng, this.options.faultRate);
      }
    }
    plan ??= await planConversation(live, server, world, sampled.graph, tools, sampled.pool, rng, planOptions, sampled.principal);
    if (plan === undefined) {
      move('ungrounded');
      return { dropped: 'ungrounded_chain', path };
    }
    const script: ConversationScript = {
      server,
      servers,
      index,
      persona: rng.pick(PERSONAS),
      informationLevel,
      plan,
      tools,
      worldValues,
      scope: servers.map((name) => this.scopeOf(name, this.catalogs.get(name)!)).join(' and '),
      cursor: 0,
      plannedTurn: 0,
      turn: 0,
      stepTurns: [],
    };
    // A scenario's user says what they know in their own words; nothing is held back on purpose.
    if (plan.says !== undefined && informationLevel === 'missing') script.informationLevel = 'complete';
    if (script.informationLevel === 'missing') {
      // Leave out one value the user would have to give in the first turn (not one a tool returns).
      const options: Array<{ step: number; argument: string }> = [];
      plan.steps.forEach((step, i) => {
        // A step with a planned failed call retries with its full arguments at once: it cannot also
        // wait for the user to give one of them (the retry would use a value not yet said).
        // A lookup is the assistant's own call: the user never asks for it, so has nothing of it to leave out.
        if (step.turn !== 0 || step.fault !== undefined || step.lookup === true) return;
        for (const [argument, source] of Object.entries(step.sources)) {
          if (source.kind === 'principal') continue;
          if (tools.get(step.tool)!.required.includes(argument) && (source.kind !== 'entity' || source.origin.kind === 'sample')) options.push({ step: i, argument });
        }
      });
      if (options.length > 0) script.withheld = { ...rng.pick(options), given: false };
      else script.informationLevel = 'complete';
    }

    const system: ChatMessage = {
      role: 'system',
      content: `You are a helpful assistant that acts for the user through the tools provided. Call tools to look up and change things instead of guessing; use only ids and values that the user gave or that a tool returned. Ask when a required detail is missing, and say so when no tool can do what is asked. Today is ${world.referenceDate.slice(0, 10)}.${plan.context !== undefined ? ` ${plan.context}` : ''}`,
    };
    const messages: ChatMessage[] = [system];
    const example: Partial<Example> = { servers: [...servers], world, perturbations: [], meta: {} };
    const generate = async (purpose: GenerationPurpose, tools: ToolSchema[], seedLabel: string): Promise<GenerationDraft> => {
      const draft: GenerationDraft = {
        purpose,
        messages: [...messages],
        tools,
        example,
        sampling: sampled.context,
        seed: SynthesisRandom.derive(this.seed, 'generate', index, seedLabel).int(0, 2 ** 31 - 1),
        meta: SCRIPT.with({}, script),
      };
      return this.engine.generate(draft);
    };

    // QUERY: perturbations adjust the candidate tools and the script; the teacher writes the first message.
    const query = await generate('query', servers.flatMap((name) => this.engine.environment(name).tools), 'query');
    const candidateTools = query.tools;
    const opening = query.completion?.message;
    if (opening === undefined || opening.role !== 'user' || typeof opening.content !== 'string') throw errors.synthesisNoTeacher('query');
    move('grounded');
    messages.push({ role: 'user', content: opening.content });
    move('said');

    // One session per live environment; each call goes to the one that has its tool.
    const sessions = new Map<string, EnvironmentSession>();
    const serverOf = new Map<string, string>();
    for (const name of [...servers].reverse()) for (const tool of this.catalogs.get(name)!) serverOf.set(tool.name, name);
    const executed: ExecutedCall[] = [];
    const groundTruth: GroundTruthStep[] = [];
    const stepResults: unknown[] = [];
    let teacherName = 'unknown';
    let assistantMessages = 0;
    let callCounter = 0;
    const plannedFailures: string[] = [];
    const recoveries: string[] = [];
    try {
      for (const name of servers) sessions.set(name, await live.openSession(name, world));
      for (;;) {
        if (current() === 'teacher' || current() === 'recovery') {
          let completion: Completion | undefined;
          let attempts = 0;
          for (;;) {
            const draft = await generate('assistant', candidateTools, `assistant-${assistantMessages}-${attempts}`);
            // A teacher may give up on a conversation with a reason (a model whose context it outgrew).
            if (typeof draft.meta.drop === 'string') return { dropped: draft.meta.drop, path };
            completion = draft.completion;
            if (typeof draft.meta.teacher === 'string') teacherName = draft.meta.teacher;
            if (completion === undefined) throw errors.synthesisNoTeacher('assistant');
            const problem = this.invalidOutput(completion, candidateTools);
            if (problem === undefined) break;
            if (++attempts > this.options.regenerations) {
              move('exhausted');
              return { dropped: 'teacher_invalid_output', path };
            }
            move('invalid');
          }
          assistantMessages++;
          if (assistantMessages > this.options.maxAssistantMessages * (script.turn + 1)) {
            return { dropped: 'too_many_assistant_messages', path };
          }
          const message = completion.message;
          if (completion.calls.length === 0) {
            messages.push({ role: 'assistant', content: typeof message.content === 'string' ? message.content : '' });
            if (current() === 'recovery') move(script.asked === 'clarification' ? 'ask_user' : 'give_up');
            else move('answer');
            script.recovery = undefined;
            // RESPONSE → CONTINUATION
            if (script.asked === 'clarification') {
              script.asked = undefined;
              move('clarification');
              await this.userTurn(generate, messages, script, 'clarification');
              move('said');
              continue;
            }
            if (!script.stop && script.irrelevant === undefined && script.plannedTurn < plan.turns - 1) {
              script.plannedTurn++;
              move('follow_up');
              await this.userTurn(generate, messages, script, 'follow_up');
              move('said');
              continue;
            }
            move('end');
            break;
          }
          if (current() === 'recovery') {
            const failed = script.recovery!.call;
            const event = completion.calls.some((call) => call.name === failed.name) ? 'retry_corrected' : 'retry_alternative';
            recoveries.push(event);
            move(event);
          } else move('tool_calls');
          const calls = completion.calls.map((call) => ({ ...call, id: `call_${index}_${callCounter++}` }));
          messages.push({
            role: 'assistant',
            content: typeof message.content === 'string' && message.content !== '' ? message.content : null,
            tool_calls: calls.map((call) => ({ id: call.id, type: 'function' as const, function: { name: call.name, arguments: JSON.stringify(call.arguments) } })),
          });
          // EXECUTE
          let failure: ExecutedCall | undefined;
          let partial = false;
          for (const call of calls) {
            const target = serverOf.get(call.name) ?? server;
            const outcome = await live.execute({ server: target, session: sessions.get(target)!, call: { name: call.name, arguments: call.arguments } });
            const recorded: ExecutedCall = { ...outcome, id: call.id, turn: script.turn, step: assistantMessages - 1 };
            executed.push(recorded);
            messages.push({ role: 'tool', tool_call_id: call.id, name: call.name, content: toolMessageContent(recorded) });
            if (!outcome.ok) {
              if (script.faulting === true) plannedFailures.push(call.id);
              failure ??= recorded;
              continue;
            }
            partial ||= isPartial(outcome.result);
            groundTruth.push(this.groundTruthStep(groundTruth, stepResults, call, tools, script.turn));
            stepResults.push(outcome.result);
            const planned = plan.steps[script.cursor];
            if (planned !== undefined && planned.tool === call.name) {
              script.stepTurns[script.cursor] = script.turn;
              script.cursor++;
            }
          }
          script.faulting = false;
          if (failure !== undefined) {
            const attempt = (script.recovery?.attempt ?? 0) + 1;
            move('failure');
            script.recovery = { call: failure, attempt };
            if (attempt > this.options.recoveries) script.stop = true;
          } else {
            script.recovery = undefined;
            move(partial ? 'partial' : 'success');
          }
          continue;
        }
        throw errors.synthesisBadTransition(state, 'loop');
      }
      // A conversation needs no call only as planned: an out-of-scope request or a hidden tool. A teacher
      // that answered a request needing tools in words alone (a model that cannot call them) made no example.
      if (executed.length === 0 && script.irrelevant === undefined && script.hiddenTool === undefined) return { dropped: 'teacher_no_calls', path };
      const finalStateHashes: Record<string, string> = {};
      for (const [name, session] of sessions) finalStateHashes[name] = await session.stateHash();
      const turns = messages.filter((m): m is { role: 'user'; content: string } => m.role === 'user').map((m) => ({ user: m.content }));
      const kind = script.irrelevant !== undefined || groundTruth.length === 0 ? 'abstention' : script.hiddenTool !== undefined ? 'clarification' : 'multi_turn';
      const id = `${servers.join('+')}-${sha256('sha256', `${this.seed}|${index}`, 'hex').slice(0, 12)}`;
      const out: Example = {
        id,
        kind,
        servers: [...servers],
        tools: candidateTools,
        world,
        turns,
        messages,
        groundTruth,
        perturbations: [...(example.perturbations ?? [])].sort(),
        meta: {
          ...example.meta,
          index,
          persona: script.persona.name,
          informationLevel: script.informationLevel,
          chain: plan.chain,
          teacher: teacherName,
          path,
          // One environment: its final state hash; several: each one's, by name.
          ...(servers.length === 1 ? { finalStateHash: finalStateHashes[server] } : { finalStateHashes }),
          graphHash: sampled.graph.hash,
          samplingBlock: Math.floor(index / this.options.sampleEvery),
          calls: executed.length,
          failedCalls: executed.filter((call) => !call.ok).length,
        },
      };
      if (plan.scenario !== undefined) out.meta.scenario = plan.scenario;
      if (plannedFailures.length > 0) out.meta.plannedFailures = plannedFailures;
      const recovery = path.includes('recovery-ask_user') ? 'ask_user' : path.includes('recovery-give_up') ? 'explain_stop' : recoveries[0];
      if (executed.some((call) => !call.ok) && recovery !== undefined) out.meta.recovery = recovery;
      if (script.hiddenTool !== undefined) out.meta.hiddenTool = script.hiddenTool;
      return { example: out };
    } finally {
      await Promise.allSettled([...sessions.values()].map((session) => session.close()));
    }
  }

  private async userTurn(
    generate: (purpose: GenerationPurpose, tools: ToolSchema[], label: string) => Promise<GenerationDraft>,
    messages: ChatMessage[],
    script: ConversationScript,
    reason: 'clarification' | 'follow_up',
  ): Promise<void> {
    const draft = await generate('user', [], `user-${script.turn + 1}-${reason}`);
    const message = draft.completion?.message;
    if (message === undefined || message.role !== 'user' || typeof message.content !== 'string') throw errors.synthesisNoTeacher('user');
    messages.push({ role: 'user', content: message.content });
    script.turn++;
  }

  /** Why a teacher's output cannot be used as it is (a malformed call, a tool not offered), or undefined. */
  private invalidOutput(completion: Completion, tools: readonly ToolSchema[]): string | undefined {
    for (const call of completion.calls) {
      if (call.malformed !== undefined) return `malformed tool call: ${call.malformed.slice(0, 80)}`;
      if (!tools.some((tool) => tool.function.name === call.name)) return `tool "${call.name}" is not offered`;
    }
    if (completion.calls.length === 0 && (typeof completion.message.content !== 'string' || completion.message.content.trim() === '')) return 'empty answer';
    return undefined;
  }

  /** A ground-truth step for a successful call: it depends on the steps whose results gave its values, and on the latest write before it. */
  private groundTruthStep(steps: readonly GroundTruthStep[], results: readonly unknown[], call: ToolCall, tools: ReadonlyMap<string, ToolFacts>, turn: number): GroundTruthStep {
    const dependsOn = new Set<string>();
    for (const value of stringsOf(call.arguments)) {
      for (let i = results.length - 1; i >= 0; i--) {
        if (containsString(results[i], value)) {
          dependsOn.add(steps[i].id);
          break;
        }
      }
    }
    if (tools.get(call.name)?.readOnly === false) {
      for (let i = steps.length - 1; i >= 0; i--) {
        const name = steps[i].calls[0]?.name;
        if (name !== undefined && tools.get(name)?.readOnly === false) {
          dependsOn.add(steps[i].id);
          break;
        }
      }
    }
    return { id: `s${steps.length + 1}`, turn, calls: [{ name: call.name, arguments: call.arguments }], dependsOn: [...dependsOn].sort() };
  }

  private scopeOf(server: string, catalog: readonly ToolFacts[]): string {
    let scope = this.scopes.get(server);
    if (scope === undefined) this.scopes.set(server, (scope = this.scopeOfUncached(server, catalog)));
    return scope;
  }

  private readonly scopes = new Map<string, string>();

  private scopeOfUncached(server: string, catalog: readonly ToolFacts[]): string {
    const nouns = new Set<string>();
    for (const tool of catalog) {
      // The object of the verb: not a preposition ("transfer_between_bank_accounts" → accounts, not "betweens").
      const object = tool.name.split('_').slice(1).filter((w) => w.length > 3 && !['bank', 'catalog', 'travel', 'home', 'between', 'from', 'into', 'with', 'onto'].includes(w))[0];
      if (object !== undefined && nouns.size < 4) nouns.add(object.endsWith('s') ? object : `${object}s`);
    }
    return `${server.replace(/_/g, ' ')} (${[...nouns].join(', ')})`;
  }
}
