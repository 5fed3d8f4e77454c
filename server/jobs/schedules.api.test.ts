import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/database";
import type { Database } from "../db/client";
import { projectRoot } from "../lib/paths";
import { type JobQueue, startJobQueue } from "./queue";
import { SCHEDULES, startSchedules } from "./schedules";

const quiet = { warn() {}, error() {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const opened: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  for (const thing of opened.reverse()) await thing.close();
});

/** Server source files (not tests) and how many times each calls setInterval. */
function intervalsInServer(): Record<string, number> {
  const found: Record<string, number> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const count = readFileSync(path, "utf8").match(/\bsetInterval\(/g)?.length ?? 0;
        if (count > 0) found[relative(projectRoot, path)] = count;
      }
    }
  };
  walk(join(projectRoot, "server"));
  return found;
}

describe("the list of periodic tasks", () => {
  it("names every periodic task with its period", () => {
    expect(Object.values(SCHEDULES).map((s) => s.name)).toEqual([
      "housekeeping",
      "payments-tidy",
      "recordings-tidy",
      "generation-sweep",
    ]);
    expect(SCHEDULES.housekeeping.every()).toBe(60 * 60_000);
    expect(SCHEDULES.paymentsTidy.every()).toBe(10 * 60_000);
    expect(SCHEDULES.recordingsTidy.every()).toBe(60 * 60_000);
  });

  it("is the only place with a repeating timer, besides per-request and per-job ones", () => {
    expect(intervalsInServer()).toEqual({
      // The offers of server/jobs/schedules.ts.
      "server/jobs/schedules.ts": 1,
      // A running job's heartbeat: lives as long as that one job.
      "server/generation/job.ts": 1,
      // A progress stream's keep-alive: lives as long as that one request.
      "server/generation/routes.ts": 1,
    });
  });
});

interface JobRow {
  jobs: number;
  slots: number;
  completed: number;
  failed: number;
}

async function jobsOf(database: Database, name: string): Promise<JobRow> {
  const { rows } = await database.executeSql(
    `select count(*)::int as jobs, count(distinct singleton_on)::int as slots,
            (count(*) filter (where state = 'completed'))::int as completed,
            (count(*) filter (where state = 'failed'))::int as failed
       from pgboss.job where name = $1`,
    [name],
  );
  return rows[0] as JobRow;
}

describe("a periodic task registered by two processes on one database", () => {
  it("runs once per period, not once per process, and stops with its process", async () => {
    const database = await createTestDatabase();
    opened.push(database);
    const queues: JobQueue[] = [];
    for (let i = 0; i < 2; i += 1) {
      const queue = await startJobQueue(database, quiet);
      queues.push(queue);
      opened.push({ close: () => queue.stop({ graceful: false }) });
    }

    const runs = [0, 0];
    let failures = 0;
    const stops: Array<() => void> = [];
    // From the first offer to the stop, however slow this machine is today: one job per second in it.
    const started = Date.now();
    for (const [i, queue] of queues.entries()) {
      stops.push(
        await startSchedules(queue, quiet, [
          {
            name: "test-tick",
            everyMs: 1_000,
            run: async () => {
              runs[i] += 1;
            },
          },
          {
            name: "test-fails",
            everyMs: 1_000,
            run: async () => {
              failures += 1;
              throw new Error("this run fails; the next period's runs anyway");
            },
          },
        ]),
      );
    }

    // Wait for four periods' runs.
    const poll = { timeout: 30_000, interval: 200 };
    await expect.poll(async () => (await jobsOf(database, "test-tick")).completed, poll).toBeGreaterThanOrEqual(4);
    await expect.poll(async () => (await jobsOf(database, "test-fails")).failed, poll).toBeGreaterThanOrEqual(4);
    const periods = Math.ceil((Date.now() - started) / 1_000);
    for (const stop of stops) stop();
    // Let a run filed just before the stop finish.
    await expect
      .poll(async () => {
        const [tick, fail] = [await jobsOf(database, "test-tick"), await jobsOf(database, "test-fails")];
        return tick.completed === tick.jobs && fail.failed === fail.jobs;
      }, poll)
      .toBe(true);

    const ticks = await jobsOf(database, "test-tick");
    // Each process offers twice a second: without the queue's one job per period there would be
    // about four jobs and runs a second here, not one.
    expect(ticks.jobs).toBeGreaterThanOrEqual(4);
    expect(ticks.jobs).toBeLessThanOrEqual(periods + 2);
    expect(ticks.slots).toBe(ticks.jobs);
    expect(ticks.completed).toBe(ticks.jobs);
    expect(runs[0] + runs[1]).toBe(ticks.jobs);

    // A run that fails is not retried within its period, and the next period runs all the same.
    const failing = await jobsOf(database, "test-fails");
    expect(failing.slots).toBe(failing.jobs);
    expect(failing.failed).toBe(failing.jobs);
    expect(failures).toBe(failing.jobs);
    expect(failing.jobs).toBeGreaterThanOrEqual(4);

    // Stopped: nothing is offered any more.
    const ran = runs[0] + runs[1];
    await sleep(2_000);
    expect(runs[0] + runs[1]).toBe(ran);
    expect((await jobsOf(database, "test-tick")).jobs).toBe(ticks.jobs);
  });
});
