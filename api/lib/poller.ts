// Work a process looks for on its own: now, at every poll, and whenever it is told there is some. One pass runs at
// a time; a kick during a pass runs one more pass after it, so nothing told is missed and no pass overlaps another.

export abstract class Poller {
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  private again = false;
  protected stopping = false;

  constructor(private readonly pollMs: number) {}

  start(): void {
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Looks for work now (some was just queued by this process). */
  kick(): void {
    if (this.stopping) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain()
      .catch((err: unknown) => this.passFailed(err))
      .finally(() => {
        this.draining = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Stops looking; resolves once the pass under way has ended. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    await this.draining;
  }

  /** One pass: takes what work there is until none is left (or `stopping`). */
  protected abstract drain(): Promise<void>;

  /** A pass that threw; the next poll tries again. */
  protected abstract passFailed(err: unknown): void;
}
