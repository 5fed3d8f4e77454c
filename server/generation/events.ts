import { EventEmitter } from "node:events";

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
  }

  /** Resolves at the next change, or after `pollMs` (then the caller reads the database). */
  next(generationId: string, pollMs: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.emitter.off(generationId, done);
        signal?.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, pollMs);
      this.emitter.once(generationId, done);
      signal?.addEventListener("abort", done, { once: true });
    });
  }
}
