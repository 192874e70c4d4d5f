import { nextRandomState, randomOutput, seedRandomState } from '../../servers/kit/seededRandom.js';

/** FNV-1a over a string: a stable 32-bit number for deriving seeds from labels. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The seeded random source of synthesis (mulberry32, as the domains use). Every choice of a
 * conversation draws from a source derived from the run seed and the conversation's index, so a
 * conversation is the same whatever ran before it or beside it.
 */
export class SynthesisRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seedRandomState(seed);
  }

  /** A source for a named sub-task: independent of how many numbers this one has drawn. */
  static derive(seed: number, ...labels: Array<string | number>): SynthesisRandom {
    return new SynthesisRandom(hashString(`${seed}|${labels.join('|')}`));
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = nextRandomState(this.state);
    return randomOutput(this.state);
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)];
  }

  /** Up to `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]);
    return out;
  }

  /** An index drawn with the given weights. */
  weighted(weights: readonly number[]): number {
    const total = weights.reduce((sum, w) => sum + w, 0);
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i];
      if (r < 0) return i;
    }
    return weights.length - 1;
  }
}
