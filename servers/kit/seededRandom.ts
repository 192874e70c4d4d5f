import type { SessionRandom } from './Domain.js';

/**
 * mulberry32: one 32-bit integer of state, fast, and good enough for choosing among entities.
 * The state is a plain number so that a session can keep it in its immutable root (reset and replay
 * restore it).
 */
export function nextRandomState(state: number): number {
  return (state + 0x6d2b79f5) | 0;
}

/** The uniform [0, 1) output for a state produced by `nextRandomState`. */
export function randomOutput(state: number): number {
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** The initial PRNG state for an integer seed (any safe integer; the high bits are mixed in). */
export function seedRandomState(seed: number): number {
  const low = seed >>> 0;
  const high = Math.floor(seed / 4294967296) >>> 0;
  return (low ^ Math.imul(high, 0x9e3779b1) ^ 0x5bd1e995) | 0;
}

/**
 * A `SessionRandom` over one mulberry32 state: a tool call's (the session keeps `state` afterwards)
 * or a world generator's. A class: a call builds one, and methods on a prototype cost nothing.
 */
export class SeededRandom implements SessionRandom {
  constructor(public state: number) {}

  next(): number {
    this.state = nextRandomState(this.state);
    return randomOutput(this.state);
  }

  int(min: number, max: number): number {
    const low = Math.ceil(Math.min(min, max));
    const high = Math.floor(Math.max(min, max));
    return low + Math.floor(this.next() * (high - low + 1));
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('random.pick: cannot pick from an empty list');
    return items[Math.floor(this.next() * items.length)];
  }

  /** True with probability `p` (one draw). */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** A shuffled copy (Fisher–Yates from the end, one draw per position). */
  shuffled<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
}
