import type { Example } from '../../core/index.js';

/**
 * What a synthesized dataset teaches, measured from the examples alone (`npm run synth:stats`):
 * whether users talk like people (no internal ids), whether later calls need what earlier results
 * returned, how often a failed call is recovered from, how evenly tools are covered, and the mix
 * next to the paper's.
 */

/** An internal id as tools make them (`prod_148`, `evt_1_20260317`, `acc_12`). */
const ID_TOKEN = /\b[a-z]{2,8}_[0-9][0-9a-z_]*\b/;
/** An enum literal or key said as code (`price_desc`, `on_hold`): two or more lowercase words joined by underscores. */
const CODE_TOKEN = /\b[a-z]+_[a-z]+(?:_[a-z]+)*\b/;

/** The paper's mix (13,517 examples): 10,895 multi-turn, 1,500 clarification, 1,122 abstention; perturbation rates. */
export const PAPER = {
  kinds: { multi_turn: 10_895 / 13_517, clarification: 1_500 / 13_517, abstention: 1_122 / 13_517 },
  perturbations: { distractors: 0.4, enum_stripping: 0.3, irrelevance: 0.05, missing_function: undefined as number | undefined },
};

export interface DatasetStats {
  examples: number;
  /** First user messages holding an internal id, and (separately) a snake_case code word. */
  firstMessageIds: number;
  firstMessageCodes: number;
  multiTurn: number;
  /** Multi-turn examples where some call needs a value that only an earlier tool result held (no user message said it). */
  resultDependent: number;
  /** Multi-turn examples with a failed call followed by a recovery. */
  recovered: number;
  recoveries: Record<string, number>;
  scenarioExamples: number;
  kinds: Record<string, number>;
  perturbations: Record<string, number>;
  /** Ground-truth examples per domain, and per domain and tool the examples with that tool as a ground-truth call. */
  domainExamples: Record<string, number>;
  toolExamples: Record<string, Record<string, number>>;
  /** Examples with several live environments (cross-domain scenarios), by their names joined with `+`. */
  crossDomain: Record<string, number>;
}

function strings(value: unknown, out: Set<string>): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (typeof value === 'number') out.add(String(value));
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) strings(item, out);
  return out;
}

/** Whether some successful call takes a value that an earlier tool result held and no earlier user message said. */
export function hasResultDependentCall(example: Example): boolean {
  const fromResults = new Set<string>();
  let said = '';
  const results = new Map<string, string>();
  for (const message of example.messages) if (message.role === 'tool') results.set(message.tool_call_id, message.content);
  for (const message of example.messages) {
    if (message.role === 'user') said += `\n${message.content.toLowerCase()}`;
    if (message.role === 'tool') {
      try {
        strings(JSON.parse(message.content), fromResults);
      } catch {
        // not JSON: nothing to take values from
      }
    }
    if (message.role !== 'assistant') continue;
    for (const call of message.tool_calls ?? []) {
      const content = results.get(call.id) ?? '';
      if (content.startsWith('{"error"')) continue;
      let args: unknown;
      try {
        args = JSON.parse(call.function.arguments);
      } catch {
        continue;
      }
      for (const value of strings(args, new Set())) {
        // Short values (a 2, "yes") are not evidence of a lookup.
        if (value.length >= 3 && fromResults.has(value) && !said.includes(value.toLowerCase())) return true;
      }
    }
  }
  return false;
}

/** `toolDomains` (tool → domain) counts a cross-domain example's tools under their own domains; without it, under the first. */
export function datasetStats(examples: readonly Example[], toolDomains?: ReadonlyMap<string, string>): DatasetStats {
  const stats: DatasetStats = {
    examples: examples.length,
    firstMessageIds: 0,
    firstMessageCodes: 0,
    multiTurn: 0,
    resultDependent: 0,
    recovered: 0,
    recoveries: {},
    scenarioExamples: 0,
    kinds: {},
    perturbations: {},
    domainExamples: {},
    toolExamples: {},
    crossDomain: {},
  };
  for (const example of examples) {
    const first = example.turns[0]?.user ?? '';
    if (ID_TOKEN.test(first)) stats.firstMessageIds++;
    if (CODE_TOKEN.test(first.replace(new RegExp(ID_TOKEN.source, 'g'), ''))) stats.firstMessageCodes++;
    stats.kinds[example.kind] = (stats.kinds[example.kind] ?? 0) + 1;
    for (const perturbation of example.perturbations) stats.perturbations[perturbation] = (stats.perturbations[perturbation] ?? 0) + 1;
    if (typeof example.meta.scenario === 'string') stats.scenarioExamples++;
    if (example.kind === 'multi_turn') {
      stats.multiTurn++;
      if (hasResultDependentCall(example)) stats.resultDependent++;
      const recovery = example.meta.recovery;
      if (typeof recovery === 'string' && Number(example.meta.failedCalls ?? 0) > 0) {
        stats.recovered++;
        stats.recoveries[recovery] = (stats.recoveries[recovery] ?? 0) + 1;
      }
    }
    if (example.servers.length > 1) stats.crossDomain[example.servers.join('+')] = (stats.crossDomain[example.servers.join('+')] ?? 0) + 1;
    if (example.groundTruth.length === 0) continue;
    for (const domain of example.servers) stats.domainExamples[domain] = (stats.domainExamples[domain] ?? 0) + 1;
    for (const name of new Set(example.groundTruth.flatMap((step) => step.calls.map((call) => call.name)))) {
      const domain = toolDomains?.get(name) ?? example.servers[0];
      const tools = (stats.toolExamples[domain] ??= {});
      tools[name] = (tools[name] ?? 0) + 1;
    }
  }
  return stats;
}

const pct = (part: number, whole: number) => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)} %`);

/**
 * The report as text. `allTools` (domain → tool names) lists tools with no ground-truth call too;
 * `dropped` (reason → count) comes from the run's manifest.
 */
export function formatStats(stats: DatasetStats, allTools: Record<string, readonly string[]>, dropped: Record<string, number> | undefined): string {
  const lines: string[] = [];
  lines.push(`examples: ${stats.examples} (${stats.scenarioExamples} from scenarios, ${pct(stats.scenarioExamples, stats.examples)})`);
  lines.push(`first user messages with an internal id: ${stats.firstMessageIds} (${pct(stats.firstMessageIds, stats.examples)}); with a snake_case code word: ${stats.firstMessageCodes} (${pct(stats.firstMessageCodes, stats.examples)})`);
  lines.push(`multi-turn examples with a call needing a value only an earlier result held: ${stats.resultDependent} of ${stats.multiTurn} (${pct(stats.resultDependent, stats.multiTurn)}; target ≥ 60 %)`);
  lines.push(`cross-domain examples: ${Object.values(stats.crossDomain).reduce((a, b) => a + b, 0)} — ${Object.entries(stats.crossDomain).sort().map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}`);
  lines.push(`multi-turn examples with a failed call and a recovery: ${stats.recovered} (${pct(stats.recovered, stats.multiTurn)}; target ≥ 10 %) — ${Object.entries(stats.recoveries).sort().map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}`);
  lines.push('kind mix (ours / paper):');
  for (const kind of ['multi_turn', 'clarification', 'abstention'] as const) lines.push(`  ${kind.padEnd(14)} ${pct(stats.kinds[kind] ?? 0, stats.examples).padStart(8)} / ${(100 * PAPER.kinds[kind]).toFixed(1)} %`);
  lines.push('perturbations (ours / paper):');
  for (const [name, rate] of Object.entries(PAPER.perturbations)) lines.push(`  ${name.padEnd(17)} ${pct(stats.perturbations[name] ?? 0, stats.examples).padStart(8)} / ${rate === undefined ? 'not given' : `${(100 * rate).toFixed(1)} %`}`);
  lines.push(`drops by reason: ${dropped === undefined ? 'no manifest' : Object.entries(dropped).sort().map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}`);
  lines.push('ground-truth examples per tool (share of the domain\'s examples with ground truth; ! under 1 %):');
  const domains = [...new Set([...Object.keys(allTools), ...Object.keys(stats.toolExamples)])].sort();
  let under = 0;
  for (const domain of domains) {
    const total = stats.domainExamples[domain] ?? 0;
    const counts = stats.toolExamples[domain] ?? {};
    const names = [...new Set([...(allTools[domain] ?? []), ...Object.keys(counts)])];
    const cells = names.map((name) => {
      const n = counts[name] ?? 0;
      const low = total === 0 || n / total < 0.01;
      if (low) under++;
      return `${low ? '!' : ''}${name} ${n}`;
    });
    lines.push(`  ${domain} (${total}): ${cells.join(', ')}`);
  }
  lines.push(`tools under 1 %: ${under}`);
  return lines.join('\n');
}
