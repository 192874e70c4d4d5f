import type { ExecutedCall, ToolCall } from '../../../core/index.js';
import { argumentValuesEqual, DEFAULT_VALUE_EQUALITY } from '../../../plugins/reward/argumentValuesEqual.js';
import { isMalformedCall } from '../../../plugins/reward/isMalformedCall.js';
import type { GroundTruthCall, PreparedExample } from './PreparedExample.js';

/** How one ground-truth call was aligned with the model's calls. */
export interface Alignment {
  /** Id of the ground-truth step, its index in `example.groundTruth`, and the call's index within the step. */
  step: string;
  stepIndex: number;
  index: number;
  name: string;
  /** Index (into the model's calls) of the call matched to it, or null when none is. */
  call: number | null;
  /** o(g): matched, and every call of every step it depends on was matched in an earlier step of the model's output. */
  inOrder: boolean;
}

/** The coverage term and the alignment it chose. */
export interface CoverageResult {
  /** (1/n_gt) Σ m(g)·o(g) in [0, 1] (without `ordered`, o ≡ 1); under the abstention rule 1 for zero calls, else 0. */
  value: number;
  /** One entry per ground-truth call, in dependency order: the pairs the argument-value term scores. */
  alignment: Alignment[];
  /** Ground-truth calls with a matched model call (in order or not). */
  matched: number;
  /** Matched and in order. */
  inOrder: number;
  /** False when the search for the best alignment stopped at its node budget (then it kept the best found). */
  exhaustive: boolean;
  ordered: boolean;
  match: CoverageMatchRule;
  abstention?: true;
}

/** `name+keys`: same name and every argument key of the ground-truth call (the paper). `name`: same name only (the graduated baseline). */
export type CoverageMatchRule = 'name+keys' | 'name';

export interface CoverageOptions {
  /** Require dependency order (the paper); false gives plain recall. */
  ordered: boolean;
  match: CoverageMatchRule;
}

/** Above this many search nodes the best alignment found so far is kept (the first one tried is the greedy one). */
export const COVERAGE_SEARCH_NODES = 5_000;

function hasKeys(args: Record<string, unknown>, keys: readonly string[]): boolean {
  if (args === null || typeof args !== 'object') return keys.length === 0;
  for (let k = 0; k < keys.length; k++) if (!Object.hasOwn(args, keys[k])) return false;
  return true;
}

// Scratch state, reused across calls: scoring is synchronous, so two calls never interleave, and
// the reward runs millions of times, so it should not allocate what it can reuse.
let callCapacity = 0;
let pairCapacity = 0;
let gtCapacity = 0;
let position = new Int32Array(0);
let owner = new Int32Array(0);
let used = new Uint8Array(0);
let candidates = new Int32Array(0);
let agreementMemo = new Float64Array(0);
let candidateStart = new Int32Array(0);
let candidateCount = new Int32Array(0);
let assign = new Int32Array(0);
let best = new Int32Array(0);
let remaining = new Int32Array(0);
/** Upper bound of the argument agreement still to be gained from ground-truth call g on: Σ over g' ≥ g of its best candidate's agreement. */
let agreementLeft = new Float64Array(0);

function reserve(n: number, N: number): void {
  if (N > callCapacity) {
    callCapacity = Math.max(N, callCapacity * 2, 16);
    position = new Int32Array(callCapacity);
    owner = new Int32Array(callCapacity);
    used = new Uint8Array(callCapacity);
  }
  if (n * N > pairCapacity) {
    pairCapacity = Math.max(n * N, pairCapacity * 2, 256);
    candidates = new Int32Array(pairCapacity);
    agreementMemo = new Float64Array(pairCapacity);
  }
  if (n + 1 > gtCapacity) {
    gtCapacity = Math.max(n + 1, gtCapacity * 2, 16);
    candidateStart = new Int32Array(gtCapacity);
    candidateCount = new Int32Array(gtCapacity);
    assign = new Int32Array(gtCapacity);
    best = new Int32Array(gtCapacity);
    remaining = new Int32Array(gtCapacity);
    agreementLeft = new Float64Array(gtCapacity);
  }
}

// The search's inputs and best result so far (module state instead of closures: no allocation per call).
let searchGt: readonly GroundTruthCall[] = [];
let searchCalls: readonly (ToolCall | ExecutedCall)[] = [];
let searchOrdered = true;
let searchN = 0;
let bestOrdered = -1;
let bestMatched = -1;
let bestAgreement = -1;
let nodes = 0;
let exhausted = false;
const EPS = 1e-9;

/** o(g) for ground-truth call g placed on model call i: every dependency matched at a strictly earlier position. */
function inOrderAt(g: number, i: number): boolean {
  if (!searchOrdered) return true;
  const deps = searchGt[g].dependsOn;
  const at = position[i];
  for (let k = 0; k < deps.length; k++) {
    const j = assign[deps[k]];
    if (j < 0 || position[j] >= at) return false;
  }
  return true;
}

/** Share of ground-truth call g's argument values that model call i got right, computed once per pair. */
function agreement(g: number, i: number): number {
  const slot = g * searchN + i;
  let value = agreementMemo[slot];
  if (value < 0) {
    const want = searchGt[g];
    const got = searchCalls[i].arguments;
    let equal = 0;
    for (let k = 0; k < want.keys.length; k++) {
      const key = want.keys[k];
      if (Object.hasOwn(got, key) && argumentValuesEqual(got[key], want.arguments[key], DEFAULT_VALUE_EQUALITY)) equal++;
    }
    value = want.keys.length === 0 ? 1 : equal / want.keys.length;
    agreementMemo[slot] = value;
  }
  return value;
}

/** Branch and bound over ground-truth calls in dependency order (o(g) is known once g is placed). */
function search(g: number, n: number, ordered: number, matched: number, agreed: number): void {
  if (++nodes > COVERAGE_SEARCH_NODES) {
    exhausted = true;
    return;
  }
  if (g === n) {
    if (ordered > bestOrdered || (ordered === bestOrdered && (matched > bestMatched || (matched === bestMatched && agreed > bestAgreement + EPS)))) {
      bestOrdered = ordered;
      bestMatched = matched;
      bestAgreement = agreed;
      best.set(assign.subarray(0, n));
    }
    return;
  }
  // Prune when even matching every remaining ground-truth call could not beat the best (ties keep the first found).
  const bound = remaining[g];
  if (ordered + bound < bestOrdered) return;
  if (ordered + bound === bestOrdered) {
    if (matched + bound < bestMatched) return;
    if (matched + bound === bestMatched && agreed + agreementLeft[g] <= bestAgreement + EPS) return;
  }
  const start = candidateStart[g];
  const end = start + candidateCount[g];
  for (let pass = 0; pass < 2; pass++) {
    for (let c = start; c < end; c++) {
      const i = candidates[c];
      if (used[i] === 1) continue;
      const inOrder = inOrderAt(g, i);
      if (inOrder !== (pass === 0)) continue;
      used[i] = 1;
      assign[g] = i;
      search(g + 1, n, ordered + (inOrder ? 1 : 0), matched + 1, agreed + agreement(g, i));
      used[i] = 0;
      assign[g] = -1;
      if (exhausted) return;
    }
  }
  search(g + 1, n, ordered, matched, agreed);
}

/**
 * R_cov: which ground-truth calls the model's calls cover, in dependency order.
 *
 * A model call can match a ground-truth call when the names are equal and it carries every
 * argument key of the ground-truth call (values are not compared here). Matching is one-to-one.
 * o(g) holds when every call of every step g's step depends on was matched by a model call in a
 * strictly earlier step of the model's output — parallel calls of one assistant message are not
 * "earlier" than each other, since none of them saw another's result. Positions are the calls'
 * `step` numbers when every call has one, else their indices (each call its own step).
 *
 * Of all one-to-one alignments the one with the most ordered matches wins, then the one with the
 * most matches, then the one whose pairs agree on the most argument values (default equality
 * rules; this keeps parallel calls emitted in another order paired with their own arguments),
 * then the first found by a search that gives each ground-truth call, in dependency order, the
 * earliest model call that keeps the order, else the earliest that matches at all.
 */
export function scoreCoverage(example: PreparedExample, calls: readonly (ToolCall | ExecutedCall)[], options: CoverageOptions): CoverageResult {
  const gt = example.calls;
  const n = gt.length;
  const N = calls.length;
  reserve(n, N);
  let useSteps = N > 0;
  for (let i = 0; i < N && useSteps; i++) if (typeof (calls[i] as ExecutedCall).step !== 'number') useSteps = false;
  for (let i = 0; i < N; i++) {
    position[i] = useSteps ? (calls[i] as ExecutedCall).step! : i;
    owner[i] = -1;
    used[i] = 0;
  }

  // Candidate model calls of every ground-truth call (ascending), and whether any choice exists.
  let forced = true;
  let next = 0;
  for (let g = 0; g < n; g++) {
    const want = gt[g];
    candidateStart[g] = next;
    for (let i = 0; i < N; i++) {
      const call = calls[i];
      if (call.name !== want.name || isMalformedCall(call)) continue;
      if (options.match === 'name+keys' && !hasKeys(call.arguments, want.keys)) continue;
      candidates[next++] = i;
    }
    const count = next - candidateStart[g];
    candidateCount[g] = count;
    assign[g] = -1;
    if (count > 1) forced = false;
    else if (count === 1 && forced) {
      const i = candidates[candidateStart[g]];
      if (owner[i] >= 0) forced = false;
      owner[i] = g;
    }
  }

  searchGt = gt;
  searchCalls = calls;
  searchOrdered = options.ordered;
  searchN = N;
  let exhaustive = true;
  if (forced) {
    // Every ground-truth call has at most one candidate and no two share one: nothing to choose.
    for (let g = 0; g < n; g++) if (candidateCount[g] === 1) assign[g] = candidates[candidateStart[g]];
  } else {
    agreementMemo.fill(-1, 0, n * N);
    remaining[n] = 0;
    agreementLeft[n] = 0;
    for (let g = n - 1; g >= 0; g--) {
      let most = 0;
      for (let c = candidateStart[g], end = c + candidateCount[g]; c < end; c++) most = Math.max(most, agreement(g, candidates[c]));
      remaining[g] = remaining[g + 1] + (candidateCount[g] > 0 ? 1 : 0);
      agreementLeft[g] = agreementLeft[g + 1] + most;
    }
    bestOrdered = -1;
    bestMatched = -1;
    bestAgreement = -1;
    nodes = 0;
    exhausted = false;
    search(0, n, 0, 0, 0);
    exhaustive = !exhausted;
    assign.set(best.subarray(0, n));
  }

  const alignment: Alignment[] = new Array(n);
  let matched = 0;
  let inOrderCount = 0;
  for (let g = 0; g < n; g++) {
    const call = assign[g];
    const inOrder = call >= 0 && inOrderAt(g, call);
    if (call >= 0) matched++;
    if (inOrder) inOrderCount++;
    const want = gt[g];
    alignment[g] = { step: want.step, stepIndex: want.stepIndex, index: want.index, name: want.name, call: call >= 0 ? call : null, inOrder };
  }
  searchCalls = [];
  const value = example.abstention ? (N === 0 ? 1 : 0) : inOrderCount / n;
  const result: CoverageResult = { value, alignment, matched, inOrder: inOrderCount, exhaustive, ordered: options.ordered, match: options.match };
  if (example.abstention) result.abstention = true;
  return result;
}
