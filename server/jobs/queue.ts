import PgBoss from "pg-boss";
import type { Database } from "../db/client";

/**
 * The durable job queue (pg-boss) on the app's own database: PostgreSQL in production, PGlite
 * embedded. Jobs survive restarts; several worker processes share them through SKIP LOCKED.
 */
export interface JobQueue {
  /** Creates the queue if needed (idempotent). */
  ensureQueue(name: string, options: PgBoss.Queue): Promise<void>;
  /** `options.priority`: a higher one is taken first; equal ones oldest first. */
  send<T extends object>(name: string, data: T, options?: PgBoss.SendOptions): Promise<string | null>;
  /**
   * Runs `concurrency` workers for a queue; each takes one job at a time and looks for one every
   * `pollSeconds` (2 by default), or at once when this process sends one.
   */
  work<T>(
    name: string,
    concurrency: number,
    handler: (job: PgBoss.JobWithMetadata<T>) => Promise<void>,
    options?: { pollSeconds?: number },
  ): Promise<void>;
  /** Graceful: lets running jobs finish (up to 10 s). Not graceful: drops them, as a crash would. */
  stop(options?: { graceful?: boolean }): Promise<void>;
  /** Started and not stopped (what /readyz reports as the queue). */
  running(): boolean;
}

export async function startJobQueue(
  database: Database,
  log: { error(obj: unknown, msg?: string): void },
): Promise<JobQueue> {
  // Once stopped, the queue touches the database no more: the app closes it next, and a job that
  // outlived the stop (not graceful, or past the graceful wait) would have pg-boss record its end
  // on a closed pool, an unhandled rejection. Its row stays active and expires, as after a crash.
  // (No result at all: pg-boss reads a missing one as nothing done.)
  let stopped = false;
  const boss = new PgBoss({
    db: {
      executeSql: (text, values) =>
        (stopped ? Promise.resolve(null) : database.executeSql(text, values)) as Promise<{ rows: unknown[] }>,
    },
    schema: "pgboss",
    // Finished jobs are only bookkeeping; the generations table keeps the history that matters.
    deleteAfterDays: 7,
    maintenanceIntervalSeconds: 60,
    // Periodic work is throttled sends (server/jobs/schedules.ts), not pg-boss's cron: its clock
    // and its cron poller would only cost queries.
    schedule: false,
  });
  boss.on("error", (error) => log.error({ err: error }, "job queue error"));
  await boss.start();
  let running = true;
  boss.on("stopped", () => {
    running = false;
  });

  const workerIds = new Map<string, string[]>();
  return {
    async ensureQueue(name, options) {
      const existing = await boss.getQueue(name);
      if (!existing) await boss.createQueue(name, options);
    },
    async send(name, data, options = {}) {
      // A job sent now would be lost without a word: say so instead.
      if (stopped) throw new Error("The job queue has stopped.");
      const id = await boss.send(name, data, options);
      // Wake this process's workers now instead of at their next poll (null: a singleton already there).
      if (id) for (const workerId of workerIds.get(name) ?? []) boss.notifyWorker(workerId);
      return id;
    },
    async work<T>(
      name: string,
      concurrency: number,
      handler: (job: PgBoss.JobWithMetadata<T>) => Promise<void>,
      { pollSeconds = 2 } = {},
    ) {
      const ids: string[] = [];
      for (let i = 0; i < concurrency; i += 1) {
        ids.push(
          await boss.work<T>(
            name,
            { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: pollSeconds },
            async ([job]) => {
              if (job) await handler(job);
            },
          ),
        );
      }
      workerIds.set(name, ids);
    },
    running: () => running,
    async stop({ graceful = true } = {}) {
      running = false;
      await boss.stop(graceful ? { graceful: true, wait: true, timeout: 10_000 } : { graceful: false, wait: true });
      stopped = true;
    },
  };
}
