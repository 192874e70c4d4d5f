import type { ExecutedCall, Example, RewardSheet, ToolCall } from '../../core/index.js';
import { PreparedExample, type NameInfo } from './PreparedExample.js';

/**
 * What the reward terms read of the model's calls, read once per sheet into plain arrays. Calls
 * come in many shapes (with or without `step`, `error`, `malformed`, keys in any order), so
 * reading their properties again in every term is slow (megamorphic property loads); the terms
 * read these arrays instead.
 */
export interface CallFacts {
  /** N: every call, malformed ones included. */
  readonly count: number;
  /** Each call's name, or undefined when the call is malformed (isMalformedCall). */
  readonly names: ReadonlyArray<string | undefined>;
  /** Each call's `arguments`, as given (any value). */
  readonly args: readonly unknown[];
  /** Whether each call executed without error (`ok === true`). */
  readonly ok: readonly boolean[];
  /** Each call's position for dependency order: its `step` when every call has a numeric one, else its index. */
  readonly positions: readonly number[];
  /** The example the names were looked up on (`infos`), when one was given. */
  readonly prepared: PreparedExample | undefined;
  /** Each call's name looked up on `prepared` (a malformed call's: the unknown name's), or empty without `prepared`. */
  readonly infos: readonly NameInfo[];
}

/** Each name looked up on `prepared`: `facts.infos` when they were looked up on it, else now. */
export function nameInfos(prepared: PreparedExample, facts: CallFacts): readonly NameInfo[] {
  if (facts.prepared === prepared) return facts.infos;
  const { count, names } = facts;
  const infos = new Array<NameInfo>(count);
  for (let i = 0; i < count; i++) infos[i] = prepared.nameInfo(names[i]);
  return infos;
}

/** The facts of `calls`, read now; with `prepared`, their names looked up on it too. */
export function callFacts(calls: readonly (ToolCall | ExecutedCall)[], prepared?: PreparedExample): CallFacts {
  const count = calls.length;
  const names = new Array<string | undefined>(count);
  const args = new Array<unknown>(count);
  const ok = new Array<boolean>(count);
  const positions = new Array<number>(count);
  const infos = new Array<NameInfo>(prepared === undefined ? 0 : count);
  let useSteps = count > 0;
  for (let i = 0; i < count; i++) {
    const call = calls[i] as ExecutedCall;
    // isMalformedCall, with each property read once.
    const given = call.name;
    const error = call.error;
    const name = call.malformed !== undefined || error?.kind === 'malformed' || typeof given !== 'string' ? undefined : given;
    names[i] = name;
    if (prepared !== undefined) infos[i] = prepared.nameInfo(name);
    args[i] = call.arguments;
    ok[i] = call.ok === true;
    const step = call.step;
    if (typeof step === 'number') positions[i] = step;
    else {
      positions[i] = i;
      useSteps = false;
    }
  }
  if (!useSteps) for (let i = 0; i < count; i++) positions[i] = i;
  return { count, names, args, ok, positions, prepared, infos };
}

/** The preparation of a sheet's example and the facts of its calls, shared by the term plugins of one sheet. */
export interface SheetInputs {
  prepared: PreparedExample;
  facts: CallFacts;
}

// One entry: the sheet being scored. The engine starts every `reward` with a fresh sheet, so a
// later sheet (or another engine's) never reads this one's facts; a miss recomputes them.
let lastSheet: RewardSheet | undefined;
let lastExample: Example | undefined;
let lastCalls: readonly (ToolCall | ExecutedCall)[] | undefined;
let lastInputs: SheetInputs | undefined;

/**
 * The example's preparation and the calls' facts for the term plugins tapping `onReward`:
 * computed by the first term of a sheet, reused by the others. The calls are read once per sheet:
 * a plugin that changes `input.calls` in place between two terms is not seen by the later ones.
 */
export function sheetInputs(sheet: RewardSheet, example: Example, calls: readonly (ToolCall | ExecutedCall)[]): SheetInputs {
  if (sheet === lastSheet && example === lastExample && calls === lastCalls) return lastInputs!;
  const prepared = PreparedExample.of(example);
  lastInputs = { prepared, facts: callFacts(calls, prepared) };
  lastSheet = sheet;
  lastExample = example;
  lastCalls = calls;
  return lastInputs;
}
