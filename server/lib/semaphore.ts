/**
 * A counting semaphore: at most `limit` holders at once, the rest served first come, first
 * served. Used to cap the calls in flight to the LLM provider across a process's generation jobs.
 */
export class Semaphore {
  private held = 0;
  private readonly waiting: Array<() => void> = [];
  /** The most holders there ever were at once (for tests and the bench). */
  peak = 0;

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new Error("a semaphore's limit must be a whole number of at least 1");
  }

  /** Holders now. */
  get inUse(): number {
    return this.held;
  }

  /** Callers waiting for a place now. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Waits for a place; the answer gives it back (once: a second call does nothing). */
  async acquire(): Promise<() => void> {
    if (this.held < this.limit) this.take();
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The place passes straight to the next in line, so nobody can slip in between.
      if (next) next();
      else this.held -= 1;
    };
  }

  /**
   * Runs `work` holding a place. `onWait` is told when it must wait for one first; what it
   * answers, if anything, is called once the place is given.
   */
  async run<T>(work: () => Promise<T>, onWait?: () => (() => void) | undefined): Promise<T> {
    const resumed = this.held >= this.limit ? onWait?.() : undefined;
    const release = await this.acquire();
    resumed?.();
    try {
      return await work();
    } finally {
      release();
    }
  }

  private take() {
    this.held += 1;
    this.peak = Math.max(this.peak, this.held);
  }
}
