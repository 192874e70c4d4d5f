import type { ExecutedCall } from '../../core/index.js';
import { callFacts, nameInfos, type CallFacts } from './callFacts.js';
import type { PreparedExample } from './PreparedExample.js';

/** Why a call stopped short of the top validity level. */
export type ValidityFailure = 'malformed' | 'not_a_candidate' | 'arguments' | 'execution';

/** Validity of every model call, and their mean. */
export interface ValidityResult {
  /** Mean per-call score in [0, 1]; under the abstention rule, 1 for zero calls and 0 otherwise. */
  value: number;
  /** Levels reached by each call, in order: 0 (malformed or not a candidate) to 3 (executed without error), or to 2 without execution. */
  levels: number[];
  /** Why each call stopped where it did; null for a call at the top level. */
  failed: Array<ValidityFailure | null>;
  /** Set when the example has no ground truth and the abstention rule decided the value. */
  abstention?: true;
}

/**
 * What level 2 checks. `required` (the paper): every required parameter is present with a
 * compatible JSON type. `schema`: the tool's whole JSON Schema (extra keys, enums, patterns, ranges).
 */
export type ArgumentRule = 'required' | 'schema';

export interface ValidityOptions {
  /** Count live execution as the third level (the paper); false scores name and arguments only (Cheng et al.'s static check). */
  execution: boolean;
  /** What level 2 checks (default `required`, the paper). */
  arguments?: ArgumentRule;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * R_val: each call climbs cumulative, equally weighted levels — (1) its name is among the
 * candidate tools, (2) its arguments are an object with every required parameter present with a
 * compatible JSON type (no coercion; with `arguments: 'schema'`, the tool's whole parameters
 * schema instead), (3) it executed without error.
 * A call that fails a level gets no credit for the levels above it, even if it executed. A
 * malformed call (unparseable output) scores 0. The mean is over all N calls; with no calls it
 * is 0 when the example has ground truth.
 */
export function scoreValidity(example: PreparedExample, calls: readonly ExecutedCall[], options: ValidityOptions, facts: CallFacts = callFacts(calls, example)): ValidityResult {
  const top = options.execution ? 3 : 2;
  const execution = options.execution;
  const strict = options.arguments === 'schema';
  const { count, names, args, ok } = facts;
  const infos = nameInfos(example, facts);
  const levels = new Array<number>(count);
  const failed = new Array<ValidityFailure | null>(count);
  let sum = 0;
  for (let i = 0; i < count; i++) {
    const name = names[i];
    let level = 0;
    let failure: ValidityFailure | null = null;
    if (name === undefined) {
      failure = 'malformed';
    } else {
      const validate = strict ? example.validator(name) : example.requiredTypesOf(name, infos[i]);
      if (validate === undefined) failure = 'not_a_candidate';
      else {
        level = 1;
        const value = args[i];
        if (!isPlainObject(value) || !validate(value)) failure = 'arguments';
        else {
          level = 2;
          if (execution) {
            if (ok[i]) level = 3;
            else failure = 'execution';
          }
        }
      }
    }
    levels[i] = level;
    failed[i] = failure;
    sum += level;
  }
  if (example.abstention) return { value: count === 0 ? 1 : 0, levels, failed, abstention: true };
  return { value: count === 0 ? 0 : sum / (top * count), levels, failed };
}
