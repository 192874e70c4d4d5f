import type { ToolCall } from '../../../core/index.js';
import { isMalformedCall } from '../../../plugins/reward/isMalformedCall.js';
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
export function scoreToolName(example: PreparedExample, calls: readonly ToolCall[]): ToolNameResult {
  let hits = 0;
  for (let i = 0; i < calls.length; i++) {
    const call = calls[i];
    if (!isMalformedCall(call) && example.names.has(call.name)) hits++;
  }
  if (example.abstention) return { value: calls.length === 0 ? 1 : 0, hits, calls: calls.length, abstention: true };
  return { value: calls.length === 0 ? 0 : hits / calls.length, hits, calls: calls.length };
}
