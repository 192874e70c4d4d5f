import { hash as sha256 } from 'node:crypto';
import { errors, type Engine, type Example } from '../../core/index.js';
import { canonicalForm } from '../../servers/kit/stateHash.js';
import { ConversationStateMachine } from './ConversationStateMachine.js';
import { DatasetWriterPlugin } from './DatasetWriterPlugin.js';
import { ReplayValidationPlugin } from './ReplayValidationPlugin.js';
import { SynthesisOrchestratorPlugin } from './SynthesisOrchestratorPlugin.js';

/** What `prove-rl synth` asks for. */
export interface SynthesisRequest {
  count: number;
  seed: number;
  outDir: string;
  /** Environments to synthesize from (default: every registered one). */
  domains?: string[];
  /** Conversations in flight at once (does not change the output). */
  concurrency: number;
  resume: boolean;
  /**
   * Conversations played at most: the run then ends with what was kept, even below `count` (a bounded
   * try of a slow teacher or user simulator, such as a small local model). Without it, a run that keeps
   * too little stops with an error after count × 20 + 1000 conversations.
   */
  maxConversations?: number;
  /** Called after each batch, and after each conversation (with the kept count of the last batch). */
  progress?(state: { kept: number; count: number; conversations: number; dropped: number }): void;
}

/** Conversations per batch: fixed, so that batches (and so the output) do not depend on concurrency. */
export const BATCH_SIZE = 256;

/** The configuration that decides the output: every plugin's name and options, in order. */
export function configFingerprint(engine: Engine): Record<string, unknown> {
  return {
    plugins: engine.plugins.map((plugin) => ({ name: plugin.name, options: (plugin as { options?: unknown }).options ?? null })),
    environments: [...engine.environments.keys()].sort(),
  };
}

/**
 * Run synthesis: conversations in index order, in batches, each played by the state machine
 * (conversation i depends only on the seed and i); each batch goes through `onUpdate`, where
 * validation drops what fails and the writer appends what is left, until `count` are kept.
 */
export async function runSynthesis(engine: Engine, request: SynthesisRequest): Promise<{ examples: string; manifest: string; counts: Record<string, unknown> }> {
  const orchestrator = SynthesisOrchestratorPlugin.of(engine);
  if (orchestrator === undefined) throw errors.synthesisNoOrchestrator();
  const registered = [...engine.environments.keys()].sort();
  const domains = request.domains && request.domains.length > 0 ? [...request.domains] : registered;
  const missing = domains.filter((domain) => !engine.environments.has(domain));
  if (domains.length === 0 || missing.length > 0) throw errors.synthesisNoEnvironments(missing, registered);
  // By shape, not class: a config file may load its own copy of these modules.
  const writer = engine.plugins.find((plugin) => plugin.name === DatasetWriterPlugin.pluginName) as DatasetWriterPlugin | undefined;
  if (writer === undefined) throw errors.missingDependency('prove-rl synth', 'DatasetWriterPlugin', engine.plugins.map((p) => p.name));
  const validator = engine.plugins.find((plugin) => plugin.name === ReplayValidationPlugin.pluginName) as ReplayValidationPlugin | undefined;

  const machine = new ConversationStateMachine(engine, domains, request.seed, orchestrator.options);
  const graphHashes: Record<string, string> = {};
  for (const domain of domains) graphHashes[domain] = (await machine.graph(domain)).hash;
  const cap = request.maxConversations;
  const config = { ...configFingerprint(engine), domains, seed: request.seed, count: request.count, ...(cap === undefined ? {} : { maxConversations: cap }) };
  const configHash = sha256('sha256', canonicalForm({ config, graphHashes }), 'hex');

  const resumed = writer.beginRun({ outDir: request.outDir, count: request.count, seed: request.seed, domains, configHash, graphHashes, config }, request.resume);
  validator?.beginRun(resumed.kept);
  let next = resumed.nextIndex;
  let droppedTotal = Object.values(resumed.dropped).reduce((a, b) => a + b, 0);
  const limit = request.count * 20 + 1000;
  let played = next;
  while (writer.kept < request.count && (cap === undefined || next < cap)) {
    if (next >= limit) throw errors.synthesisStalled(writer.kept, request.count, next);
    const from = next;
    const to = Math.min(from + BATCH_SIZE, cap ?? Infinity);
    const outcomes = new Array<Awaited<ReturnType<ConversationStateMachine['run']>>>(to - from);
    let cursor = from;
    const worker = async () => {
      while (cursor < to) {
        const index = cursor++;
        outcomes[index - from] = await machine.run(index);
        request.progress?.({ kept: Math.min(writer.kept, request.count), count: request.count, conversations: ++played, dropped: droppedTotal });
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, request.concurrency) }, worker));
    const examples: Example[] = [];
    const dropped: Record<string, number> = {};
    for (const outcome of outcomes) {
      if ('example' in outcome) examples.push(outcome.example);
      else dropped[outcome.dropped] = (dropped[outcome.dropped] ?? 0) + 1;
    }
    const generated = examples.length;
    const batch = { kind: 'examples' as const, examples, dropped, metrics: { fromIndex: from, nextIndex: to } };
    await engine.update(batch);
    droppedTotal += Object.values(batch.dropped).reduce((a, b) => a + b, 0) + 0 * generated;
    next = to;
    request.progress?.({ kept: Math.min(writer.kept, request.count), count: request.count, conversations: next, dropped: droppedTotal });
  }
  return writer.finish(next);
}
