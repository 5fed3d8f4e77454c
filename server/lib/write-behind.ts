/**
 * Writes done behind the requests that asked for them: the first item added starts a write, and
 * whatever arrives while a batch is being written goes into the next one, so a busy process
 * writes one statement per batch instead of one per request (at low traffic, at once). A crash
 * loses what is waiting; a failed batch is reported and not retried.
 */
export class WriteBehind<T> {
  private pending = new Map<string, T>();
  private writing: Promise<void> | null = null;

  constructor(
    private readonly write: (batch: T[]) => Promise<void>,
    private readonly onError: (error: unknown) => void,
    /** Items that may wait at once; past it the oldest is dropped. */
    private readonly limit = Number.POSITIVE_INFINITY,
    /**
     * Least time from one batch's start to the next's while items keep coming (the first after
     * a quiet spell is still written at once): what arrives meanwhile is one batch, so a write
     * that each batch repeats per key (an article's count) is made once per spell, not per batch.
     */
    private readonly spacingMs = 0,
  ) {}

  /** Queues an item; one waiting under the same key is replaced, and this one waits as the newest. */
  add(key: string, item: T): void {
    this.pending.delete(key);
    this.pending.set(key, item);
    if (this.pending.size > this.limit) {
      const oldest = this.pending.keys().next().value;
      if (oldest !== undefined) this.pending.delete(oldest);
    }
    this.writing ??= this.drain();
  }

  /** Waits until every item added so far is written (or its batch has failed). */
  async settled(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.size > 0) {
        // A monotonic clock: a wall clock set back (or forward) mid-batch must not stall the queue.
        const started = performance.now();
        const batch = [...this.pending.values()];
        this.pending = new Map();
        try {
          await this.write(batch);
        } catch (error) {
          this.onError(error);
        }
        const wait = Math.min(this.spacingMs, this.spacingMs - (performance.now() - started));
        if (wait > 0 && this.pending.size > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
    } finally {
      // In the same step as the last look at `pending`: an item added after it starts a new drain
      // (a separate .finally() ran a step later, and an item added in between waited for the next).
      this.writing = null;
    }
  }
}
