import { EventEmitter } from "node:events";

/** The event every change also raises. */
const ANY = Symbol("any generation");

/**
 * Wakes whoever waits on a generation (the create request, progress streams) the moment this
 * process changes it. Another process's changes are seen by polling, so ROLE=web and
 * ROLE=worker may run apart.
 */
export class GenerationEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  changed(generationId: string): void {
    this.emitter.emit(generationId);
    this.emitter.emit(ANY);
  }

  /**
   * Resolves at the next change, or after `pollMs` (then the caller reads the database). With
   * `any`, another generation's change wakes it too (a queued one's place in line may move).
   */
  next(generationId: string, pollMs: number, signal?: AbortSignal, any = false): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.emitter.off(generationId, done);
        this.emitter.off(ANY, done);
        signal?.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, pollMs);
      this.emitter.once(generationId, done);
      if (any) this.emitter.once(ANY, done);
      signal?.addEventListener("abort", done, { once: true });
    });
  }
}
