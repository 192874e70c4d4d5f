import type { ExecutedCall, ToolCall } from '../../../core/index.js';

/**
 * Whether a model call could not be parsed: flagged by the parser (`malformed`), by the executor
 * (`error.kind === 'malformed'`), or without a string name. Such a call counts as a call
 * (efficiency, name share) but is never valid and never matches ground truth.
 */
export function isMalformedCall(call: ToolCall | ExecutedCall): boolean {
  return call.malformed !== undefined || (call as ExecutedCall).error?.kind === 'malformed' || typeof call.name !== 'string';
}
