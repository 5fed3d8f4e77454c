import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { seedArticle, seedAuthor, setArticle } from "../../test/factories";
import type { UserRow } from "../db/schema";
import { BEST_ORDER } from "./feed-queries";
import { forgetCachedReads } from "./read-cache";

// The featured article: the newest pin, else the best of the last 30 days (rating weighted by
// how many rated, plus readership), else the newest article.
let t: TestApp;
let author: UserRow;
beforeAll(async () => {
  t = await createTestApp();
  author = await seedAuthor(t.database);
});
afterAll(() => t?.close());

const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000);
const featured = async () => {
  const response = await t.app.inject({ method: "GET", url: "/api/articles/featured" });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; title: string } | null;
};

describe("the featured article", () => {
  it("is nothing without articles, then the newest when none is from the last 30 days", async () => {
    expect(await featured()).toBeNull();
    await seedArticle(t.database, author.id, {
      title: "Old and loved",
      createdAt: daysAgo(60),
      viewCount: 90_000,
      ratingAvg: 5,
      ratingCount: 400,
    });
    await seedArticle(t.database, author.id, { title: "Old and plain", createdAt: daysAgo(40) });
    expect((await featured())?.title).toBe("Old and plain");
  });

  it("is the best scored article of the last 30 days, however well an older one scores", async () => {
    const modest = await seedArticle(t.database, author.id, {
      title: "Recent and modest",
      createdAt: daysAgo(20),
      viewCount: 300,
    });
    expect((await featured())?.title).toBe("Recent and modest");
    // Many good ratings beat a few more reads; one 5-star vote does not beat readership.
    await seedArticle(t.database, author.id, {
      title: "One perfect vote",
      createdAt: daysAgo(2),
      viewCount: 3,
      ratingAvg: 5,
      ratingCount: 1,
    });
    expect((await featured())?.title).toBe("Recent and modest");
    await seedArticle(t.database, author.id, {
      title: "Well rated",
      createdAt: daysAgo(25),
      viewCount: 10,
      ratingAvg: 4,
      ratingCount: 20,
    });
    expect((await featured())?.title).toBe("Well rated");
    // Equal scores: the newer article, then the higher id.
    await setArticle(t.database, modest.id, { viewCount: 10, ratingAvg: 4, ratingCount: 20 });
    expect((await featured())?.title).toBe("Recent and modest");
    const at = daysAgo(5);
    await setArticle(t.database, modest.id, { createdAt: at });
    const twin = await seedArticle(t.database, author.id, {
      title: "Twin",
      createdAt: at,
      viewCount: 10,
      ratingAvg: 4,
      ratingCount: 20,
    });
    expect((await featured())?.id).toBe(twin.id);
  });

  it("is the newest pin, whatever its age or score", async () => {
    const old = await seedArticle(t.database, author.id, { title: "Pinned long ago", createdAt: daysAgo(300) });
    const older = await seedArticle(t.database, author.id, { title: "Pinned later", createdAt: daysAgo(400) });
    await setArticle(t.database, old.id, { featuredAt: daysAgo(2) });
    expect((await featured())?.title).toBe("Pinned long ago");
    await setArticle(t.database, older.id, { featuredAt: daysAgo(1) });
    expect((await featured())?.title).toBe("Pinned later");
    await t.database.db.execute(sql`update articles set featured_at = null`);
    forgetCachedReads(t.database.db);
    expect((await featured())?.title).toBe("Twin");
  });

  it("is found by reading the score index from the top, not by sorting the month's articles", async () => {
    // With sorting ruled out, a plan without a Sort exists only if an index has this exact order.
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_sort = off`);
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain select id from articles
        where created_at >= now() - interval '30 days' order by ${sql.join(BEST_ORDER, sql`, `)} limit 1`);
      return (result as unknown as { rows: Array<Record<string, string>> }).rows
        .map((row) => Object.values(row)[0])
        .join("\n");
    });
    expect(plan).toContain("articles_best_idx");
    expect(plan).not.toMatch(/Sort/);
  });
});
