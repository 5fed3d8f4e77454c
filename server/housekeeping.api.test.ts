import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { seedArticle, seedAuthor } from "../test/factories";
import { keepDatabaseTidy } from "./boot";
import { articleViews, sessions } from "./db/schema";

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
