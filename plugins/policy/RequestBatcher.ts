/**
 * Requests gathered into batches for a local model (the PyTorch worker, onnxruntime): each `push`
 * waits in a queue; a batch goes out when `ready` says so, else when `windowMs` has passed since
 * the first request that found no batch pending; one batch is in flight at a time, and the next
 * is scheduled as it ends. `run` answers a batch in its order.
 */
export interface RequestBatcherOptions {
  /** Milliseconds to gather requests when `ready` leaves it to the clock. */
  windowMs: number;
  /** Requests per batch at most (default: every waiting one). */
  maxBatch?: number;
  /**
   * Given how many wait: true sends a batch now, false waits for more (no clock), undefined
   * leaves it to the clock. Default: true once `maxBatch` wait.
   */
  ready?(waiting: number): boolean | undefined;
}

interface Waiting<T, R> {
  request: T;
  resolve(result: R): void;
  reject(error: unknown): void;
}

export class RequestBatcher<T, R> {
  private waiting: Waiting<T, R>[] = [];
  private busy = false;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly run: (requests: T[]) => Promise<R[]>,
    private readonly options: RequestBatcherOptions,
  ) {}

  /** The answer to `request`, once its batch has run. */
  push(request: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ request, resolve, reject });
      this.schedule();
    });
  }

  /** Look again whether a batch should go out (call when what `ready` reads has changed). */
  schedule(): void {
    if (this.busy || this.waiting.length === 0) return;
    const { maxBatch, ready } = this.options;
    const now = ready ? ready(this.waiting.length) : maxBatch !== undefined && this.waiting.length >= maxBatch ? true : undefined;
    if (now === true) return this.dispatch();
    if (now === false || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.dispatch();
    }, this.options.windowMs);
  }

  private dispatch(): void {
    if (this.busy || this.waiting.length === 0) return;
    const batch = this.waiting.splice(0, this.options.maxBatch ?? this.waiting.length);
    this.busy = true;
    this.run(batch.map((w) => w.request))
      .then(
        (results) => batch.forEach((w, i) => w.resolve(results[i])),
        (error: unknown) => {
          for (const w of batch) w.reject(error);
        },
      )
      .finally(() => {
        this.busy = false;
        this.schedule();
      });
  }
}
