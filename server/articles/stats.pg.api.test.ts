import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { articleValues, seedArticle, seedAuthor } from "../../test/factories";
import { exactStats } from "../../test/stats";
import { openDatabase } from "../db/client";
import { articles } from "../db/schema";
import { viewCounter } from "./views";

// PostgreSQL only (see vitest.config.ts): the platform counters under writers on several
// connections at once, and which writes wait for the counter row.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const exact = () => exactStats(t);

/** What a promise did within a time: settled, or still waiting (on a lock). */
// Long enough for a write on a loaded run (the browser journeys share the CPU: an edit once took
// over 3 s there), short of the test's 30 s: a write waiting on the held lock never settles.
const SETTLES_MS = 10_000;
const within = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(() => "done" as const),
    new Promise<"waiting">((resolve) => setTimeout(() => resolve("waiting"), ms)),
  ]);

describe("platform counters on PostgreSQL", () => {
  it("are not waited for by ratings and edits; a batch of views waits for them", async () => {
    const owner = await registerUser(t.app);
    const rated = await seedArticle(t.database, owner.user.id);
    const read = await seedArticle(t.database, owner.user.id);
    const before = await exact();
    const url = t.database.url;
    if (!url) throw new Error("the PostgreSQL test database has no URL");
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    let written: Promise<void> | undefined;
    try {
      await holder.query("begin");
      await holder.query("select * from platform_counters for update");
      const { cookie } = await registerUser(t.app);
      const rating = t.app.inject({
        method: "POST",
        url: `/api/articles/${rated.id}/rate`,
        headers: { origin: TEST_ORIGIN, cookie },
        payload: { rating: 4 },
      });
      expect(await within(rating, SETTLES_MS)).toBe("done");
      expect((await rating).statusCode).toBe(200);
      const edit = t.app.inject({
        method: "PUT",
        url: `/api/articles/${rated.id}`,
        headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
        payload: { title: "Edited while the counters are locked", content: "A new body." },
      });
      expect(await within(edit, SETTLES_MS)).toBe("done");
      expect((await edit).statusCode).toBe(200);
      // A new read is written in the background; that write changes the reads, so it waits.
      const response = await t.app.inject({
        method: "GET",
        url: `/api/articles/${read.id}`,
        headers: { cookie: `vid=${"ab".repeat(16)}` },
      });
      expect(response.json().viewCount).toBe(1);
      written = viewCounter(t.database.db).settled();
      expect(await within(written, 500)).toBe("waiting");
    } finally {
      await holder.query("rollback");
      await holder.end();
    }
    await written;
    expect(await exact()).toEqual({ ...before, totalReads: before.totalReads + 1 });
  });

  it("stay exact with first and last articles racing on several connections, without deadlocks", async () => {
    const authors = await Promise.all([0, 1, 2, 3].map(() => seedAuthor(t.database)));
    const before = await exact();
    // Each author's first articles arrive at once, one statement each.
    const single = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        t.database.db
          .insert(articles)
          .values(articleValues(authors[i % 4].id, { viewCount: i }))
          .returning({ id: articles.id }),
      ),
    );
    // Statements of several authors' articles, naming the authors in opposite orders.
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => {
        const order = i % 2 === 0 ? authors : [...authors].reverse();
        return t.database.db.insert(articles).values(order.map((a) => articleValues(a.id, { viewCount: 1 })));
      }),
    );
    expect(await exact()).toEqual({
      totalArticles: before.totalArticles + 72,
      activeAuthors: before.activeAuthors + 4,
      totalReads: before.totalReads + 276 + 48,
    });
    // Batches of views from three processes at once, over the same articles in opposite orders.
    const url = t.database.url;
    if (!url) throw new Error("the PostgreSQL test database has no URL");
    const others = await Promise.all([1, 2].map(() => openDatabase({ kind: "postgres", url, poolSize: 2 })));
    const errors: unknown[] = [];
    try {
      const counters = [t.database, ...others].map((database) =>
        viewCounter(database.db, (error) => errors.push(error)),
      );
      const ids = single.map(([row]) => row.id);
      for (let round = 0; round < 5; round += 1) {
        for (const [p, counter] of counters.entries()) {
          for (const id of p % 2 ? ids : [...ids].reverse())
            counter.count({ id, viewCount: 0 }, { key: `v:${round}.${p}`, address: null });
        }
      }
      await Promise.all(counters.map((counter) => counter.settled()));
    } finally {
      await Promise.all(others.map((database) => database.close()));
    }
    expect(errors).toEqual([]);
    expect((await exact()).totalReads).toBe(before.totalReads + 276 + 48 + 5 * 3 * 24);
    const all = await t.database.db
      .select({ id: articles.id })
      .from(articles)
      .where(
        sql`${articles.userId} in (${sql.join(
          authors.map((a) => sql`${a.id}::uuid`),
          sql`, `,
        )})`,
      );
    await Promise.all(all.map(({ id }) => t.database.db.delete(articles).where(eq(articles.id, id))));
    expect(await exact()).toEqual(before);
  });
});
