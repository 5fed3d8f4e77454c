import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { EditRenderInput, RenderedEdit } from "./render-edit";

/** What the pool sends a worker: one task, answered by a RenderReply with the same id. */
export interface RenderRequest<In> {
  id: number;
  input: In;
}

/** What a worker answers; a task that throws in the worker is an `ok: false` reply, not a crash. */
export type RenderReply<Out> = { id: number; ok: true; value: Out } | { id: number; ok: false; message: string };

/** The task ran longer than the pool allows: the input is too costly to render (the worker was replaced). */
export class RenderTimeoutError extends Error {
  override name = "RenderTimeoutError";
}

/** Every worker is busy and the queue is full, or the task waited in it too long: try again later. */
export class RenderPoolBusyError extends Error {
  override name = "RenderPoolBusyError";
}

/** The worker died (crashed, ran out of memory, could not load) while it had the task. */
export class RenderWorkerError extends Error {
  override name = "RenderWorkerError";
}

export interface RenderPoolOptions {
  /** The worker script: a built .js file, or TypeScript source run through tsx (tests, the dev server). */
  script: URL;
  /** Workers at most; they start when first needed. */
  size?: number;
  /** How long one task may run on a worker before the worker is ended and the task fails. */
  taskTimeoutMs?: number;
  /** Tasks that may wait for a worker; the next one is refused at once. */
  maxQueue?: number;
  /** How long a task may wait for a worker before it is refused. */
  maxWaitMs?: number;
}

/**
 * One worker on a two-core machine: the main thread (and the embedded database, which runs on
 * it) keeps a core to itself however many edits arrive. Two at most elsewhere: edits are rare.
 */
const DEFAULT_SIZE = Math.min(2, Math.max(1, availableParallelism() - 1));
/** A capped body renders in under half a second (tame-markdown.ts); ten times that is a bug or an attack. */
const DEFAULT_TASK_TIMEOUT_MS = 5_000;
/** Enough for a burst of edits; beyond it a flood waits on its clients, not in our memory. */
const DEFAULT_MAX_QUEUE = 16;
/** Well inside the HTTP request timeout, so a queued edit is answered, not cut off. */
const DEFAULT_MAX_WAIT_MS = 10_000;

interface Task<In, Out> {
  id: number;
  input: In;
  resolve(value: Out): void;
  reject(error: Error): void;
  timer?: NodeJS.Timeout;
}

interface Slot<In, Out> {
  worker: Worker;
  task: Task<In, Out> | null;
  retired: boolean;
  /** The thread runs JavaScript: a task's time counts from then, not from the thread's start. */
  online: boolean;
}

/**
 * A small pool of worker threads for CPU-heavy, pure work on user input (rendering an edited
 * article), so the event loop keeps answering other requests while it runs. Bounded in every
 * direction: workers, waiting tasks, time waiting and time running. A worker that times out or
 * dies is replaced by the next task that needs one.
 */
export class RenderPool<In, Out> {
  private readonly slots: Slot<In, Out>[] = [];
  private readonly queue: Task<In, Out>[] = [];
  private readonly pending = new Set<Promise<unknown>>();
  private readonly startListeners = new Set<() => void>();
  private nextId = 1;
  private readonly size: number;
  private readonly taskTimeoutMs: number;
  private readonly maxQueue: number;
  private readonly maxWaitMs: number;

  constructor(private readonly options: RenderPoolOptions) {
    this.size = options.size ?? DEFAULT_SIZE;
    this.taskTimeoutMs = options.taskTimeoutMs ?? DEFAULT_TASK_TIMEOUT_MS;
    this.maxQueue = options.maxQueue ?? DEFAULT_MAX_QUEUE;
    this.maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
  }

  /** Runs one task on a worker. Rejects with RenderTimeoutError, RenderPoolBusyError or RenderWorkerError. */
  run(input: In): Promise<Out> {
    const result = new Promise<Out>((resolve, reject) => {
      const task: Task<In, Out> = { id: this.nextId++, input, resolve, reject };
      const slot = this.freeSlot();
      if (slot) return this.start(slot, task);
      if (this.queue.length >= this.maxQueue) {
        return reject(new RenderPoolBusyError(`all ${this.size} render workers are busy and ${this.maxQueue} wait`));
      }
      task.timer = setTimeout(() => {
        this.queue.splice(this.queue.indexOf(task), 1);
        reject(new RenderPoolBusyError(`waited ${this.maxWaitMs} ms for a render worker`));
      }, this.maxWaitMs);
      this.queue.push(task);
    });
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.pending.add(settled);
    void settled.then(() => this.pending.delete(settled));
    return result;
  }

  /** Calls `listener` each time a task is handed to a worker; answers a function that stops it. */
  onTaskStart(listener: () => void): () => void {
    this.startListeners.add(listener);
    return () => this.startListeners.delete(listener);
  }

  /** Workers running now (idle or busy). */
  get workerCount(): number {
    return this.slots.length;
  }

  /**
   * Lets the tasks already asked for finish (each is bounded by the timeouts), then ends the
   * workers. The pool stays usable: a later task starts a worker again, so apps sharing it in one
   * process can each close it on their way out.
   */
  async close(): Promise<void> {
    await Promise.all([...this.pending]);
    const idle = this.slots.filter((slot) => !slot.task);
    await Promise.all(idle.map((slot) => this.retire(slot)));
  }

  private freeSlot(): Slot<In, Out> | undefined {
    const idle = this.slots.find((slot) => !slot.task);
    if (idle) return idle;
    if (this.slots.length < this.size) return this.spawn();
    return undefined;
  }

  private spawn(): Slot<In, Out> {
    const slot: Slot<In, Out> = { worker: startWorker(this.options.script), task: null, retired: false, online: false };
    // Starting a thread takes tens of milliseconds, and more on a busy machine: a first task's
    // time starts once the thread runs, so a slow start is not taken for a costly input.
    slot.worker.once("online", () => {
      slot.online = true;
      if (slot.task && !slot.retired) this.startClock(slot, slot.task);
    });
    // An idle worker must not keep the process alive (a CLI that edited once should still exit).
    slot.worker.unref();
    slot.worker.on("message", (reply: RenderReply<Out>) => this.finish(slot, reply));
    slot.worker.on("error", (error) => {
      void this.retire(slot, new RenderWorkerError(`the render worker failed: ${error.message}`, { cause: error }));
    });
    slot.worker.on("exit", (code) => {
      void this.retire(slot, new RenderWorkerError(`the render worker exited with code ${code}`));
    });
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot<In, Out>, task: Task<In, Out>): void {
    clearTimeout(task.timer);
    slot.task = task;
    slot.worker.ref();
    if (slot.online) this.startClock(slot, task);
    slot.worker.postMessage({ id: task.id, input: task.input } satisfies RenderRequest<In>);
    for (const listener of this.startListeners) listener();
  }

  /** The task's time limit, from now. */
  private startClock(slot: Slot<In, Out>, task: Task<In, Out>): void {
    clearTimeout(task.timer);
    task.timer = setTimeout(() => {
      void this.retire(slot, new RenderTimeoutError(`rendering took longer than ${this.taskTimeoutMs} ms`));
    }, this.taskTimeoutMs);
  }

  private finish(slot: Slot<In, Out>, reply: RenderReply<Out>): void {
    const task = slot.task;
    if (!task || task.id !== reply.id || slot.retired) return;
    clearTimeout(task.timer);
    slot.task = null;
    slot.worker.unref();
    if (reply.ok) task.resolve(reply.value);
    else task.reject(new Error(reply.message));
    this.dispatch();
  }

  /** Takes a worker out of the pool, failing its task with `error`, and lets the queue move on. */
  private async retire(slot: Slot<In, Out>, error?: Error): Promise<void> {
    if (slot.retired) return;
    slot.retired = true;
    this.slots.splice(this.slots.indexOf(slot), 1);
    const task = slot.task;
    slot.task = null;
    if (task) {
      clearTimeout(task.timer);
      task.reject(error ?? new RenderWorkerError("the render pool closed"));
    }
    this.dispatch();
    await slot.worker.terminate();
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.freeSlot();
      if (!slot) return;
      const task = this.queue.shift() as Task<In, Out>;
      this.start(slot, task);
    }
  }
}

/**
 * Starts a worker on `script`. TypeScript source goes through tsx: Node 20 does not hand the
 * parent's loader to worker threads (and tsx only registers itself on the main thread), so a
 * two-line bootstrap registers it in the worker before importing the source.
 */
function startWorker(script: URL): Worker {
  const options = { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: 512 } };
  if (!script.pathname.endsWith(".ts")) return new Worker(script, options);
  const tsx = import.meta.resolve("tsx/esm/api");
  const boot = `import(${JSON.stringify(tsx)})
    .then(({ register }) => { register(); return import(${JSON.stringify(script.href)}); });`;
  return new Worker(boot, { ...options, eval: true });
}

/**
 * The edit worker next to this module: dist/server/render-worker.js when running the build
 * (this module is bundled into dist/server/main.js), else the TypeScript source beside this file.
 */
function editWorkerScript(): URL {
  const built = new URL("./render-worker.js", import.meta.url);
  return existsSync(fileURLToPath(built)) ? built : new URL("./render-worker.ts", import.meta.url);
}

/** The process's pool for article edits (owner and admin); workers start at the first edit. */
export const editRenderPool = new RenderPool<EditRenderInput, RenderedEdit>({ script: editWorkerScript() });

/** Renders an edit's markdown (and refreshes its receipts) on a render worker; see renderEdit. */
export function renderEditOffThread(input: EditRenderInput): Promise<RenderedEdit> {
  return editRenderPool.run(input);
}
