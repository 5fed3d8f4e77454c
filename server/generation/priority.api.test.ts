import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, registerUser, TEST_ORIGIN } from "../../test/app";
import { FIXTURES } from "../../test/fixtures";
import type { Database } from "../db/client";
import { generations, users } from "../db/schema";
import { FREE_PRIORITY, GENERATE_QUEUE, PREMIUM_PRIORITY, sweepOrphans } from "./job";
import { type GenerationRequest, startGeneration } from "./repository";
import type { ArticleWriter } from "./types";
import { createExtractiveWriter } from "./writers/extractive";

// "Priority Support" on the premium page: when articles are waiting to be written, premium
// accounts' and admins' are taken before free accounts', on the real queue (pg-boss).

const DAY = 24 * 60 * 60 * 1000;

async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function queuedJobs(database: Database): Promise<Array<{ generationId: string; priority: number }>> {
  const { rows } = await database.executeSql(
    `select data->>'generationId' as "generationId", priority from pgboss.job where name = $1 order by created_on`,
    [GENERATE_QUEUE],
  );
  return rows as Array<{ generationId: string; priority: number }>;
}

async function makePremium(database: Database, userId: string, endsInMs = 30 * DAY) {
  await database.db
    .update(users)
    .set({
      userType: "premium",
      subscriptionStatus: "active",
      subscriptionPlan: "monthly",
      subscriptionEndDate: new Date(Date.now() + endsInMs),
    })
    .where(eq(users.id, userId));
}

const opened: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  for (const thing of opened.reverse()) await thing.close();
});

describe("the generation queue", () => {
  it("writes a premium account's and an admin's articles before a free account's that was sent earlier", async () => {
    // One worker, held by the first article until the others are all waiting.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const written: string[] = [];
    const extractive = createExtractiveWriter();
    const writer: ArticleWriter = {
      name: "in-order",
      async write(request) {
        written.push(request.video.id);
        if (written.length === 1) await held;
        return extractive.write(request);
      },
    };
    const test = await createTestApp({}, { generation: { writer, concurrency: 1 } });
    opened.push(test);
    const { app, database } = test;

    const [firstVideo, freeVideo, premiumVideo, adminVideo] = FIXTURES.withTranscript();
    expect(new Set([firstVideo, freeVideo, premiumVideo, adminVideo]).size).toBe(4);
    const first = await registerUser(app);
    const free = await registerUser(app);
    const premium = await registerUser(app);
    await makePremium(database, premium.user.id);
    const admin = await registerUser(app);
    await database.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.user.id));

    const create = (cookie: string, videoId: string) =>
      app.inject({
        method: "POST",
        url: "/api/articles",
        headers: { origin: TEST_ORIGIN, cookie },
        payload: { youtubeUrl: `https://www.youtube.com/watch?v=${videoId}`, length: "short" },
      });
    const sent = async (count: number) =>
      until(`${count} jobs on the queue`, async () => {
        const jobs = await queuedJobs(database);
        return jobs.length === count ? jobs : undefined;
      });

    const requests = [create(first.cookie, firstVideo)];
    await until("the worker to be busy", async () => (written.length === 1 ? true : undefined));
    // Sent in this order, free first: each waits until the one before is on the queue.
    requests.push(create(free.cookie, freeVideo));
    await sent(2);
    requests.push(create(premium.cookie, premiumVideo));
    await sent(3);
    requests.push(create(admin.cookie, adminVideo));
    const jobs = await sent(4);

    release();
    const responses = await Promise.all(requests);
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);

    expect(written).toEqual([firstVideo, premiumVideo, adminVideo, freeVideo]);
    expect(jobs.map((job) => job.priority)).toEqual([FREE_PRIORITY, FREE_PRIORITY, PREMIUM_PRIORITY, PREMIUM_PRIORITY]);
  });

  it("keeps a generation's place when the orphan sweep sends it again", async () => {
    // Workers off: the sweep's jobs stay on the queue to be read.
    const test = await createTestApp({}, { generation: { worker: false } });
    opened.push(test);
    const { app, database } = test;
    const runtime = test.generation;
    if (!runtime) throw new Error("no generation runtime");
    // The queue the workers would have made (startGenerationWorker).
    await runtime.queue.ensureQueue(GENERATE_QUEUE, { name: GENERATE_QUEUE });

    const free = await registerUser(app);
    const premium = await registerUser(app);
    await makePremium(database, premium.user.id);
    const lapsed = await registerUser(app);
    await makePremium(database, lapsed.user.id, -1000);
    const admin = await registerUser(app);
    await database.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.user.id));

    const orphanOf = async (userId: string) => {
      const videoId = FIXTURES.short();
      const result = await startGeneration(database.db, {
        userId,
        idempotencyKey: randomUUID(),
        requestHash: randomUUID(),
        request: { youtubeUrl: `https://www.youtube.com/watch?v=${videoId}`, videoId } as GenerationRequest,
      });
      if (result.kind !== "started") throw new Error(`not started: ${result.kind}`);
      // Never picked up and long silent: what a process dying right after the insert leaves.
      await database.db
        .update(generations)
        .set({ createdAt: sql`now() - interval '1 hour'`, heartbeatAt: null })
        .where(eq(generations.id, result.generation.id));
      return result.generation.id;
    };
    const ids = {
      free: await orphanOf(free.user.id),
      premium: await orphanOf(premium.user.id),
      lapsed: await orphanOf(lapsed.user.id),
      admin: await orphanOf(admin.user.id),
    };

    const resent = await sweepOrphans({
      db: database.db,
      queue: runtime.queue,
      events: runtime.events,
      timing: { heartbeatMs: 100, staleAfterMs: 1_000, sweepMs: 200 },
    });
    expect(resent).toBe(4);

    const priorities = Object.fromEntries((await queuedJobs(database)).map((job) => [job.generationId, job.priority]));
    expect(priorities).toEqual({
      [ids.free]: FREE_PRIORITY,
      [ids.premium]: PREMIUM_PRIORITY,
      [ids.lapsed]: FREE_PRIORITY,
      [ids.admin]: PREMIUM_PRIORITY,
    });
  });
});
