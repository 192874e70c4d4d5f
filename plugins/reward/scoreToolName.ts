import type { ToolCall } from '../../core/index.js';
import { callFacts, nameInfos, type CallFacts } from './callFacts.js';
import type { PreparedExample } from './PreparedExample.js';

/** The tool-name term and its counts. */
export interface ToolNameResult {
  /** |{c : c.name ∈ GT names}| / N, in [0, 1]; under the abstention rule 1 for zero calls, else 0. */
  value: number;
  /** Calls whose name is a ground-truth name (duplicates each count). */
  hits: number;
  calls: number;
  abstention?: true;
}

/**
 * R_name: the share of the model's calls that name a tool of the ground truth — blind to order,
 * arguments and repetition. Malformed calls count in N and never hit. With no calls it is 0
 * when the example has ground truth (nothing was named right).
 */
export function scoreToolName(example: PreparedExample, calls: readonly ToolCall[], facts: CallFacts = callFacts(calls, example)): ToolNameResult {
  let hits = 0;
  const count = facts.count;
  // A ground-truth name (`example.names`) is one with ground-truth calls; a malformed call's is none.
  const infos = nameInfos(example, facts);
  for (let i = 0; i < count; i++) if (infos[i].groundTruth !== undefined) hits++;
  if (example.abstention) return { value: count === 0 ? 1 : 0, hits, calls: count, abstention: true };
  return { value: count === 0 ? 0 : hits / count, hits, calls: count };
}
