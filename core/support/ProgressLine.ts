/**
 * Progress of a long run: on a terminal one line redrawn in place (a bar, counts, rate), at most
 * ten times a second; otherwise a plain line at every tenth of the work, for logs.
 */
export class ProgressLine {
  private done = 0;
  private lastDraw = 0;
  private lastDecile = 0;
  private readonly started = performance.now();

  constructor(
    private readonly total: number,
    private readonly isTTY: boolean,
    private readonly write: (text: string) => void,
    private readonly label: string,
  ) {}

  /** One more unit done. */
  tick(detail: string): void {
    this.update(this.done + 1, detail);
  }

  /** `done` units done so far (for work that reports its own count). */
  update(done: number, detail: string): void {
    if (done === this.done && this.done !== 0) return;
    this.done = Math.min(done, this.total);
    const now = performance.now();
    const seconds = (now - this.started) / 1000;
    const rate = seconds > 0 ? this.done / seconds : 0;
    if (this.isTTY) {
      if (now - this.lastDraw < 100 && this.done < this.total) return;
      this.lastDraw = now;
      const width = 24;
      const filled = Math.round((this.done / this.total) * width);
      this.write(`\r${this.label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${this.done}/${this.total}  ${detail}  ${rate.toFixed(1)}/s\x1b[K`);
      if (this.done === this.total) this.write('\n');
      return;
    }
    const decile = Math.floor((this.done / this.total) * 10);
    if (decile > this.lastDecile || this.done === this.total) {
      this.lastDecile = decile;
      this.write(`${this.label}: ${this.done}/${this.total} ${detail} (${rate.toFixed(1)}/s)\n`);
    }
  }
}
