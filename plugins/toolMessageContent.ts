import type { ExecutedCall } from '../core/index.js';

/**
 * What the model reads back for an executed call: the one rendering of tool results and errors,
 * shared by synthesis (the teacher's conversations, and their replay check), rollouts (training
 * and eval) and so the training worker, which gets tool messages already rendered and only wraps
 * them in its chat template's tool turn (`<tool_response>…</tool_response>` in the Hermes format).
 *
 * - success: the result as JSON (`null` when the tool returned nothing);
 * - failure: `{"error": message, "kind": kind}`, the kind one of the environment's error kinds
 *   (`not_found`, `invalid_argument`, `precondition`, `malformed`, `unknown_tool`, …), so that a
 *   model learns from the same shape in SFT data and in its own rollouts.
 */
export function toolMessageContent(call: ExecutedCall): string {
  return call.ok ? JSON.stringify(call.result ?? null) : JSON.stringify({ error: call.error?.message ?? 'failed', kind: call.error?.kind ?? 'execution' });
}
