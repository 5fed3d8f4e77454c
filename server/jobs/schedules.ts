import { pruneViews } from "../articles/views";
import { deleteExpiredSessions } from "../auth/sessions";
import { pruneThrottle } from "../auth/throttle";
import type { Db } from "../db/client";
import { type GenerationJobDeps, sweepOrphans } from "../generation/job";
import {
  expireSubscriptions,
  type PaymentsDeps,
  reconcilePayments,
  renewSandboxSubscriptions,
} from "../payments/service";
import { sweepStaleUploads } from "../recordings/service";
import type { ObjectStore } from "../storage/object-store";
import type { JobQueue } from "./queue";

/**
 * The app's periodic work, all of it: this file is the one list. Each task runs on the job
 * queue, so however many processes share the database (ROLE=web and ROLE=worker, several
 * workers) each period's run happens once, in one of them.
 *
 * How: every process that registers a task offers a run twice per period with pg-boss's
 * throttled send (singletonKey = the task, singletonSeconds = its period). pg-boss files a job
 * under the period's slot, counted on the database's clock; its unique index lets one job into
 * each slot and drops the other offers, and one worker takes that job. An hourly task runs once in
 * each clock hour, within a minute of the hour turning (or at start-up, when this hour's run has
 * not happened yet).
 *
 * Why not pg-boss's `schedule()`: its cron counts in whole minutes, and the orphan sweep runs
 * every 15 s (tests: about a second); one mechanism keeps every task testable in seconds. Cron
 * itself rests on the same guarantee (timers in the processes, a singleton job per task and
 * minute), and its rows outlive the code (a task dropped from this list would keep being sent
 * until someone unscheduled it), whereas here the list is the code. The queue therefore starts
 * with pg-boss's cron off (queue.ts).
 *
 * Every task is also safe when two runs overlap (a run outlasting its period, or a process dying
 * mid-run), so the queues use the standard policy: a stuck run never blocks the next period's.
 */

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** What the HTTP app's chores are given: the database, payments (Paystack when configured), storage. */
export type AppChoresDeps = PaymentsDeps & { store: ObjectStore };

export interface Schedule<Deps> {
  /** The task's name, and its queue's. */
  name: string;
  /** Its period; pg-boss throttles in whole seconds, so at least one. */
  every(deps: Deps): number;
  run(deps: Deps): Promise<unknown>;
}

/**
 * What the database only needs to remember for a while: expired sessions, the reads that
 * tell a reload from a new read (30 minutes), and sign-in failures time has forgiven. Without it
 * these tables grow with every visitor. Safe twice: deleting what is already gone costs little.
 */
export async function keepDatabaseTidy(db: Db): Promise<void> {
  await deleteExpiredSessions(db);
  await pruneViews(db);
  await pruneThrottle(db);
}

export const SCHEDULES = {
  /** Sessions, reads and sign-in failures past their time (keepDatabaseTidy). */
  housekeeping: {
    name: "housekeeping",
    every: () => HOUR,
    run: (deps: AppChoresDeps) => keepDatabaseTidy(deps.db),
  } satisfies Schedule<AppChoresDeps>,

  /**
   * Sandbox plans that renew are renewed at their end (Paystack charges real ones itself),
   * subscriptions past their end stop counting as active, and checkouts nobody reported are
   * settled: Paystack is asked about ones it never called back for, sandbox ones left a day fail.
   * Safe twice: each payment is claimed before Paystack is asked.
   */
  paymentsTidy: {
    name: "payments-tidy",
    every: () => 10 * MINUTE,
    run: async (deps: AppChoresDeps) => {
      // Renewed first: a sandbox plan that renews never lapses for a moment.
      await renewSandboxSubscriptions(deps);
      await expireSubscriptions(deps.db);
      await reconcilePayments(deps);
    },
  } satisfies Schedule<AppChoresDeps>,

  /**
   * Recording uploads left unfinished for a day (a closed tab, a lost connection) are aborted
   * and their parts deleted. Safe twice: each is claimed with a conditional update first.
   */
  recordingsTidy: {
    name: "recordings-tidy",
    every: () => HOUR,
    run: (deps: AppChoresDeps) => sweepStaleUploads(deps, Date.now()),
  } satisfies Schedule<AppChoresDeps>,

  /**
   * Generations nobody works on any more (their worker died mid-job, or the queue lost them) go
   * back on the queue, or fail after MAX_ATTEMPTS. Every timing.sweepMs: 15 s, tests shorten it.
   * Safe twice: each orphan is taken back with a conditional update.
   */
  generationSweep: {
    name: "generation-sweep",
    every: (deps: GenerationJobDeps) => deps.timing.sweepMs,
    run: (deps: GenerationJobDeps) => sweepOrphans(deps),
  } satisfies Schedule<GenerationJobDeps>,
};

interface Log {
  warn(obj: unknown, msg?: string): void;
}

/**
 * Runs the HTTP app's chores on the queue (housekeeping, payments). The app registers them
 * (server/app.ts): every deployment has a process serving HTTP (ROLE=all or web), ROLE=web has
 * the queue but no generation workers, and a ROLE=worker process has no HTTP app to build them.
 */
export function startAppSchedules(queue: JobQueue, deps: AppChoresDeps & { log: Log }): Promise<() => void> {
  return startSchedules(queue, deps.log, [
    schedule(SCHEDULES.housekeeping, deps),
    schedule(SCHEDULES.paymentsTidy, deps),
    schedule(SCHEDULES.recordingsTidy, deps),
  ]);
}

/** Runs the orphan sweep on the queue: the generation workers register it (ROLE=all or worker). */
export function startGenerationSchedules(deps: GenerationJobDeps): Promise<() => void> {
  return startSchedules(deps.queue, deps.log, [schedule(SCHEDULES.generationSweep, deps)]);
}

/** A task ready to run: its name, period and a run with its dependencies bound. */
export interface PeriodicTask {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

function schedule<Deps>(definition: Schedule<Deps>, deps: Deps): PeriodicTask {
  return { name: definition.name, everyMs: definition.every(deps), run: () => definition.run(deps) };
}

/**
 * Registers tasks on the queue in this process: a worker for each, and a timer that offers a run
 * for the current period. Answers a function that stops the offers; the workers stop with the
 * queue. Nothing here keeps the process alive.
 */
export async function startSchedules(queue: JobQueue, log: Log, tasks: PeriodicTask[]): Promise<() => void> {
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;
  const stop = () => {
    stopped = true;
    for (const timer of timers) clearInterval(timer);
  };
  try {
    for (const task of tasks) await startSchedule(queue, log, task, timers, () => stopped);
  } catch (error) {
    stop();
    throw error;
  }
  return stop;
}

/** One task: its queue, one worker, and a timer offering the current period's run. */
async function startSchedule(
  queue: JobQueue,
  log: Log,
  task: PeriodicTask,
  timers: NodeJS.Timeout[],
  stopped: () => boolean,
): Promise<void> {
  const periodSeconds = Math.max(1, Math.round(task.everyMs / SECOND));
  // No retries: the next period is the retry.
  await queue.ensureQueue(task.name, { name: task.name, retryLimit: 0 });
  await queue.work(
    task.name,
    1,
    async () => {
      try {
        await task.run();
      } catch (error) {
        log.warn({ err: error }, `periodic task ${task.name} failed`);
        throw error;
      }
    },
    // The process that files a period's job wakes its own worker; polling only covers one that
    // died in between, so it can be slow.
    { pollSeconds: Math.min(Math.max(periodSeconds, 2), 60) },
  );
  const offer = () => {
    if (stopped()) return;
    queue
      .send(task.name, {}, { singletonKey: task.name, singletonSeconds: periodSeconds })
      .catch((error) => log.warn({ err: error }, `periodic task ${task.name} could not be offered`));
  };
  offer();
  // Twice a period, so a timer drifting past a slot's edge never skips it; at least once a
  // minute, so a long period's run starts soon after its slot opens.
  const timer = setInterval(offer, Math.min((periodSeconds * SECOND) / 2, MINUTE));
  timer.unref();
  timers.push(timer);
}
