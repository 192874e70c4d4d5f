import type { ExecutedCall, Example, ToolCall } from '../../core/index.js';
import { argumentValuesEqual, DEFAULT_VALUE_EQUALITY } from './argumentValuesEqual.js';
import { callFacts, nameInfos, type CallFacts } from './callFacts.js';
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

// What comparePair found, besides the count it returns.
let pairMask = 0;
let pairMissing = false;

/**
 * Compares model call arguments `got` with ground-truth call `want`, reading each of its keys once:
 * returns how many of its values `got` has equal (default equality rules), sets `pairMissing` when
 * `got` lacks one of its keys and `pairMask` to the bits of the equal keys (keys past the 30th have
 * no bit: `pairMask` is then -1). With `stopAtMissing`, stops at the first missing key.
 */
function comparePair(want: GroundTruthCall, got: unknown, stopAtMissing: boolean): number {
  const keys = want.keys;
  const values = want.values;
  const count = keys.length;
  pairMask = count > 30 ? -1 : 0;
  pairMissing = false;
  if (count === 0) return 0;
  if (got === null || typeof got !== 'object') {
    pairMissing = true;
    return 0;
  }
  const object = got as Record<string, unknown>;
  // A key read as undefined may be absent or hold undefined; an inherited key is read even when absent.
  const plain = want.plainKeys;
  let equal = 0;
  for (let k = 0; k < count; k++) {
    const key = keys[k];
    const value = object[key];
    if ((value === undefined || !plain) && !Object.hasOwn(object, key)) {
      pairMissing = true;
      if (stopAtMissing) return equal;
      continue;
    }
    if (argumentValuesEqual(value, values[k], DEFAULT_VALUE_EQUALITY)) {
      equal++;
      if (k < 30) pairMask |= 1 << k;
    }
  }
  return equal;
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
/** Per pair slot g·N + i (candidates only): the share of g's argument values that call i got right, and the bits of the keys it got right. */
let agreementOf = new Float64Array(0);
let equalMask = new Int32Array(0);
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
    agreementOf = new Float64Array(pairCapacity);
    equalMask = new Int32Array(pairCapacity);
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

/** Share of ground-truth call g's argument values that candidate model call i got right (computed with the candidates). */
function agreement(g: number, i: number): number {
  return agreementOf[g * searchN + i];
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
      for (let k = 0; k < n; k++) best[k] = assign[k];
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

// The pairs of the last alignment, for the argument-value term (alignedEqualKeys).
let lastAlignment: readonly Alignment[] | undefined;
let lastExample: Example | undefined;
let lastGt: readonly GroundTruthCall[] = [];
let lastArgs: readonly unknown[] = [];
let lastN = 0;

/**
 * The bits of the keys of ground-truth call g (its `keys`, bit k for key k) whose values model call
 * `call` got right under the default equality rules, as scoreCoverage found when it aligned them,
 * or -1 when that is not known: `alignment` is not the one the last scoreCoverage returned, the
 * pair is not the one it aligned (`wantArgs`, `gotArgs`: the objects the caller compares, by
 * identity), or g has more than 30 keys. (`assign` still holds that alignment: only scoreCoverage writes it.) Lets the argument-value term skip comparing again.
 */
export function alignedEqualKeys(alignment: readonly Alignment[], g: number, call: number, wantArgs: unknown, gotArgs: unknown): number {
  if (alignment !== lastAlignment || g >= lastGt.length || assign[g] !== call || lastGt[g].arguments !== wantArgs || lastArgs[call] !== gotArgs) return -1;
  return equalMask[g * lastN + call];
}

/**
 * Whether `alignment` is the one the last scoreCoverage returned, for `example` and for calls whose
 * arguments are `args` (a CallFacts' `args`, by identity): then every pair it aligned compared the
 * ground-truth call's arguments (`example`'s own objects) with the model call's `args[call]`, and
 * alignedMask reads what it found without comparing again.
 */
export function isLastAlignment(alignment: readonly Alignment[], example: Example, args: readonly unknown[]): boolean {
  return alignment === lastAlignment && example === lastExample && args === lastArgs;
}

/** alignedEqualKeys for the last alignment (isLastAlignment), without the identity checks of the objects compared. */
export function alignedMask(g: number, call: number): number {
  if (g >= lastGt.length || assign[g] !== call) return -1;
  return equalMask[g * lastN + call];
}

/** The keys of ground-truth call g of the last alignment, in the order of alignedEqualKeys' bits. */
export function alignedKeys(g: number): readonly string[] {
  return lastGt[g].keys;
}

/**
 * The search's first leaf, built directly: each ground-truth call in turn takes the first unused
 * candidate in order, else the first unused candidate, else none. When it reaches every bound
 * (all matchable calls matched and in order, the most agreement any alignment can have), the
 * search would keep it: every later branch is pruned on entry, and it would visit at most
 * n + 1 + Σ(candidates + 1) nodes, so it stays exhaustive under the node budget. Then `assign`
 * holds it and true is returned; otherwise `assign` and `used` are cleared for the search.
 */
function greedyIsBest(n: number): boolean {
  let ordered = 0;
  let matched = 0;
  let agreed = 0;
  let visits = n + 1;
  for (let g = 0; g < n; g++) {
    const start = candidateStart[g];
    const end = start + candidateCount[g];
    visits += candidateCount[g] + 1;
    let chosen = -1;
    let inOrder = false;
    for (let c = start; c < end && chosen < 0; c++) {
      const i = candidates[c];
      if (used[i] === 0 && inOrderAt(g, i)) {
        chosen = i;
        inOrder = true;
      }
    }
    for (let c = start; c < end && chosen < 0; c++) if (used[candidates[c]] === 0) chosen = candidates[c];
    if (chosen < 0) continue;
    used[chosen] = 1;
    assign[g] = chosen;
    matched++;
    if (inOrder) ordered++;
    agreed += agreement(g, chosen);
  }
  if (ordered === remaining[0] && matched === remaining[0] && agreed >= agreementLeft[0] - EPS / 2 && visits <= COVERAGE_SEARCH_NODES) return true;
  for (let g = 0; g < n; g++) {
    if (assign[g] >= 0) used[assign[g]] = 0;
    assign[g] = -1;
  }
  return false;
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
export function scoreCoverage(
  example: PreparedExample,
  calls: readonly (ToolCall | ExecutedCall)[],
  options: CoverageOptions,
  facts: CallFacts = callFacts(calls, example),
): CoverageResult {
  const gt = example.calls;
  const n = gt.length;
  const N = facts.count;
  reserve(n, N);
  const { args: callArgs, positions } = facts;
  const infos = nameInfos(example, facts);
  for (let i = 0; i < N; i++) {
    position[i] = positions[i];
    owner[i] = -1;
    used[i] = 0;
  }

  // Candidate model calls of every ground-truth call g, ascending, in candidates[g·N …]: each
  // call is offered to the ground-truth calls of its name only.
  for (let g = 0; g < n; g++) {
    candidateStart[g] = g * N;
    candidateCount[g] = 0;
    assign[g] = -1;
  }
  const keysToo = options.match === 'name+keys';
  for (let i = 0; i < N; i++) {
    // A malformed call's name is no ground-truth name.
    const wanted = infos[i].groundTruth;
    if (wanted === undefined) continue;
    const got = callArgs[i];
    for (let w = 0; w < wanted.length; w++) {
      const g = wanted[w];
      const want = gt[g];
      const equal = comparePair(want, got, keysToo);
      if (keysToo && pairMissing) continue;
      const slot = g * N + i;
      agreementOf[slot] = want.keys.length === 0 ? 1 : equal / want.keys.length;
      equalMask[slot] = pairMask;
      candidates[g * N + candidateCount[g]++] = i;
    }
  }
  // Whether any choice exists: some ground-truth call has two candidates, or two share one.
  let forced = true;
  for (let g = 0; g < n && forced; g++) {
    const count = candidateCount[g];
    if (count > 1) forced = false;
    else if (count === 1) {
      const i = candidates[candidateStart[g]];
      if (owner[i] >= 0) forced = false;
      owner[i] = g;
    }
  }

  searchGt = gt;
  searchOrdered = options.ordered;
  searchN = N;
  let exhaustive = true;
  if (forced) {
    // Every ground-truth call has at most one candidate and no two share one: nothing to choose.
    for (let g = 0; g < n; g++) if (candidateCount[g] === 1) assign[g] = candidates[candidateStart[g]];
  } else {
    remaining[n] = 0;
    agreementLeft[n] = 0;
    for (let g = n - 1; g >= 0; g--) {
      let most = 0;
      for (let c = candidateStart[g], end = c + candidateCount[g]; c < end; c++) most = Math.max(most, agreement(g, candidates[c]));
      remaining[g] = remaining[g + 1] + (candidateCount[g] > 0 ? 1 : 0);
      agreementLeft[g] = agreementLeft[g + 1] + most;
    }
    if (!greedyIsBest(n)) {
      bestOrdered = -1;
      bestMatched = -1;
      bestAgreement = -1;
      nodes = 0;
      exhausted = false;
      search(0, n, 0, 0, 0);
      exhaustive = !exhausted;
      for (let k = 0; k < n; k++) assign[k] = best[k];
    }
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
  lastAlignment = alignment;
  lastExample = example.example;
  lastGt = gt;
  lastArgs = callArgs;
  lastN = N;
  const value = example.abstention ? (N === 0 ? 1 : 0) : inOrderCount / n;
  const result: CoverageResult = { value, alignment, matched, inOrder: inOrderCount, exhaustive, ordered: options.ordered, match: options.match };
  if (example.abstention) result.abstention = true;
  return result;
}
