/**
 * "Did you mean …?" for rejections: the valid name closest to a wrong one by edit distance. A
 * rejection that suggests an id (an unknown tool, calendar, person or room) compares the wrong
 * name with every valid one, so the distance is computed without allocations, with shared prefixes
 * and suffixes stripped, and stopped as soon as a candidate cannot win (a full edit distance per
 * candidate cost about a millisecond for a calendar id; now 5–10 µs).
 */

let row = new Int32Array(64);

/** Where two names differ, set by `trimSharedEnds` (module-level: it runs per candidate, without allocating). */
const span = { first: 0, aEnd: 0, bEnd: 0 };

/** The length of the prefix `a` and `b` share, and each one's end before the suffix they share after it. */
function trimSharedEnds(a: string, b: string): void {
  let first = 0;
  let aEnd = a.length;
  let bEnd = b.length;
  while (first < aEnd && first < bEnd && a.charCodeAt(first) === b.charCodeAt(first)) first++;
  while (aEnd > first && bEnd > first && a.charCodeAt(aEnd - 1) === b.charCodeAt(bEnd - 1)) {
    aEnd--;
    bEnd--;
  }
  span.first = first;
  span.aEnd = aEnd;
  span.bEnd = bEnd;
}

/**
 * The edit distance of `a` and `b` when it is below `limit`; otherwise some number not below
 * `limit` (a row's minimum never decreases further down, so a row all at `limit` or more ends it).
 */
function distanceBelow(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  // A common prefix and suffix do not change the distance (ids share long domain suffixes).
  trimSharedEnds(a, b);
  const { first, aEnd, bEnd } = span;
  const columns = bEnd - first;
  const rows = aEnd - first;
  if (rows === 0 || columns === 0) return rows + columns;
  if (row.length <= columns) row = new Int32Array(columns * 2 + 1);
  for (let j = 0; j <= columns; j++) row[j] = j;
  for (let i = 1; i <= rows; i++) {
    const code = a.charCodeAt(first + i - 1);
    let diagonal = row[0];
    row[0] = i;
    let least = i;
    for (let j = 1; j <= columns; j++) {
      const above = row[j];
      let value = diagonal + (code === b.charCodeAt(first + j - 1) ? 0 : 1);
      if (above + 1 < value) value = above + 1;
      if (row[j - 1] + 1 < value) value = row[j - 1] + 1;
      row[j] = value;
      if (value < least) least = value;
      diagonal = above;
    }
    if (least >= limit) return limit;
  }
  return row[columns];
}

/** How many characters `a` and `b` share at their start and (after that) at their end. */
function sharedEnds(a: string, b: string): number {
  trimSharedEnds(a, b);
  return span.first + a.length - span.aEnd - Math.abs(a.length - b.length);
}

const WORD_SEPARATORS = /[_\W]+/;

/**
 * The name in `names` closest to `name` (the first of equally close ones), when it is close enough
 * to be a plausible typo or paraphrase: within a third of its length (at least 2), or sharing a
 * word of three or more letters.
 */
export function closestName(name: string, names: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  const lower = name.toLowerCase();
  // The distance of the candidate sharing the most of its ends with the name bounds the least one:
  // a candidate further away than that cannot be the answer, so its distance need not be finished.
  let bound = Infinity;
  if (names.length > 1) {
    let likely = 0;
    let shared = -1;
    for (let k = 0; k < names.length; k++) {
      const ends = sharedEnds(lower, names[k]);
      if (ends > shared) {
        shared = ends;
        likely = k;
      }
    }
    bound = distanceBelow(lower, names[likely], Infinity) + 1;
  }
  for (let k = 0; k < names.length; k++) {
    const candidate = names[k];
    const distance = distanceBelow(lower, candidate, bestDistance < bound ? bestDistance : bound);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best === undefined) return undefined;
  const found = best;
  const sharesWord = lower.split(WORD_SEPARATORS).some((word) => word.length > 2 && found.includes(word));
  return bestDistance <= Math.max(2, Math.floor(best.length / 3)) || sharesWord ? best : undefined;
}
