import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { createTestDatabase } from "../test/database";
import { seedArticle, seedAuthor } from "../test/factories";
import { articleViews, sessions } from "./db/schema";
import { keepDatabaseTidy } from "./jobs/schedules";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const ids = async (query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id).sort();

describe("keepDatabaseTidy", () => {
  it("forgets reads older than the view window and sessions that have ended, and keeps the rest", async () => {
    const author = await seedAuthor(t.database);
    const article = await seedArticle(t.database, author.id);
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await t.database.db.insert(articleViews).values([
      { articleId: article.id, visitorKey: "v:fresh", viewedAt: minutesAgo(5) },
      { articleId: article.id, visitorKey: "v:old", viewedAt: minutesAgo(31) },
    ]);
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
    await t.database.db.insert(sessions).values([
      { id: "tidy-live", userId: author.id, lastSeenAt: minutesAgo(60), expiresAt: inDays(20) },
      { id: "tidy-expired", userId: author.id, lastSeenAt: minutesAgo(60), expiresAt: inDays(-1) },
      { id: "tidy-idle", userId: author.id, lastSeenAt: minutesAgo(8 * 24 * 60), expiresAt: inDays(20) },
    ]);

    await keepDatabaseTidy(t.database.db);

    expect(await ids(sql`select visitor_key as id from article_views where article_id = ${article.id}`)).toEqual([
      "v:fresh",
    ]);
    expect(await ids(sql`select id from sessions where id like 'tidy-%'`)).toEqual(["tidy-live"]);
  });
});

describe("housekeeping on the job queue", () => {
  it("runs at start-up, once for the hour among all the processes on the database", async () => {
    const database = await createTestDatabase();
    const apps: TestApp[] = [];
    try {
      const author = await seedAuthor(database);
      await database.db
        .insert(sessions)
        .values({ id: "queue-expired", userId: author.id, expiresAt: new Date(Date.now() - 60_000) });
      // Two processes serving HTTP (ROLE=web, or all) on one database.
      for (let i = 0; i < 2; i += 1) apps.push(await createTestApp({}, { database, generation: {} }));

      const deadline = Date.now() + 20_000;
      const housekeeping = async () => {
        const { rows } = await database.executeSql(
          "select count(*)::int as jobs, count(distinct singleton_on)::int as hours, " +
            "(count(*) filter (where state = 'completed'))::int as completed from pgboss.job where name = $1",
          ["housekeeping"],
        );
        return rows[0] as { jobs: number; hours: number; completed: number };
      };
      while ((await housekeeping()).completed === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));

      const jobs = await housekeeping();
      expect(jobs.completed).toBeGreaterThanOrEqual(1);
      // One per clock hour (two only if the hour turned during the test), not one per process.
      expect(jobs.jobs).toBe(jobs.hours);
      const left = (await database.executeSql("select id from sessions where id = $1", ["queue-expired"])).rows;
      expect(left).toEqual([]);
    } finally {
      for (const app of apps) await app.close();
      await database.close();
    }
  });
});
