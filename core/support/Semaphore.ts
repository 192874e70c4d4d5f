/**
 * A counting semaphore: at most `limit` holders at a time, the rest wait in arrival order. One
 * instance is shared by every request of a policy plugin, so the model server never sees more than
 * `limit` requests from it at once, however many rollouts run concurrently.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly limit: number) {}

  /** Holders right now. */
  get inUse(): number {
    return this.active;
  }

  /** Run `fn` while holding one permit; the permit is released however `fn` ends. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await fn();
    } finally {
      this.release();
    }
  }

  /** Take one permit, waiting for it in arrival order; pair with exactly one `release()`. */
  acquire(): Promise<void> {
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Give back a permit taken with `acquire()`. */
  release(): void {
    const next = this.waiting.shift();
    // The permit passes straight to the next waiter, so `active` does not change.
    if (next) next();
    else this.active--;
  }
}
