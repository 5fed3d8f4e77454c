import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRANSCRIPT_SOURCES } from "../../contract/articles";
import { createTestApp, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { createTestDatabase } from "../../test/database";
import { articleEvidence, seedArticle, seedAuthor } from "../../test/factories";
import { FIXTURES } from "../../test/fixtures";
import { articles, generations } from "../db/schema";
import { projectRoot } from "../lib/paths";

// Issue 16, item 4: every article records how its words were obtained, and says it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { generation: {} });
});
afterAll(() => t?.close());

const srt = Array.from({ length: 30 }, (_, i) => {
  const stamp = (x: number) =>
    `00:${String(Math.floor(x / 60)).padStart(2, "0")}:${String(x % 60).padStart(2, "0")},000`;
  return `${i + 1}\n${stamp(i * 5)} --> ${stamp(i * 5 + 4)}\nThe council heard that solar panels on school roofs cut the bill by ${i + 10} percent.\n`;
}).join("\n");

describe("transcriptSource", () => {
  it.each([
    ["captions", () => ({ youtubeUrl: FIXTURES.rich() }), true],
    ["auto-captions", () => ({ youtubeUrl: FIXTURES.autoCaptions() }), true],
    ["none", () => ({ youtubeUrl: FIXTURES.noCaptions() }), false],
    ["pasted", () => ({ youtubeUrl: FIXTURES.noCaptions(), transcript: srt }), true],
  ] as const)("is %s in the create answer, the article and its card", async (source, payload, used) => {
    const { cookie } = await registerUser(t.app);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/articles",
      headers: { origin: TEST_ORIGIN, cookie },
      payload: { ...payload(), length: "short" },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ transcriptSource: source, transcriptUsed: used });
    const { id, slug } = created.json();

    const [row] = await t.database.db.select().from(articles).where(eq(articles.id, id));
    expect(row.transcriptSource).toBe(source);

    for (const url of [`/api/articles/${id}`, `/api/articles/slug/${slug}`]) {
      const read = await t.app.inject({ method: "GET", url });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toMatchObject({ transcriptSource: source, transcriptUsed: used });
    }
    const mine = await t.app.inject({ method: "GET", url: "/api/user/articles", headers: { cookie } });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().find((card: { id: number }) => card.id === id)?.transcriptSource).toBe(source);
  });

  it("shows a value this code does not know as none", async () => {
    const author = await seedAuthor(t.database);
    const article = await seedArticle(t.database, author.id, { transcriptSource: "telepathy" });
    const read = await t.app.inject({ method: "GET", url: `/api/articles/${article.id}` });
    expect(read.json().transcriptSource).toBe("none");
  });
});

describe("the migration's backfill of articles written before the column", () => {
  it("takes the kind from the receipts, a pasted transcript from the request, captions otherwise", async () => {
    const database = await createTestDatabase();
    try {
      const author = await seedAuthor(database);
      const [pastedGeneration] = await database.db
        .insert(generations)
        .values({
          userId: author.id,
          idempotencyKey: "backfill-pasted",
          requestHash: "h1",
          status: "succeeded",
          request: { videoId: "dQw4w9WgXcQ", transcript: "1\n00:00:01,000 --> 00:00:02,000\nHello\n" },
        })
        .returning();
      const [plainGeneration] = await database.db
        .insert(generations)
        .values({
          userId: author.id,
          idempotencyKey: "backfill-plain",
          requestHash: "h2",
          status: "succeeded",
          request: { videoId: "dQw4w9WgXcQ" },
        })
        .returning();
      const seed = (values: Partial<typeof articles.$inferInsert>) =>
        seedArticle(database, author.id, { transcriptUsed: true, ...values }).then((row) => row.id);
      const ids = {
        manual: await seed({ evidence: articleEvidence({ transcriptKind: "manual" }) }),
        auto: await seed({ evidence: articleEvidence({ transcriptKind: "auto" }) }),
        user: await seed({ evidence: articleEvidence({ transcriptKind: "user" }) }),
        pastedNoReceipts: await seed({ generationId: pastedGeneration.id }),
        plainNoReceipts: await seed({ generationId: plainGeneration.id }),
        seeded: await seed({}),
        noTranscript: await seed({ transcriptUsed: false }),
      };
      // As they were before the migration: the column at its default.
      await database.db.update(articles).set({ transcriptSource: "none" });

      const migration = readFileSync(
        join(projectRoot, "server/db/migrations/0011_article_transcript_source.sql"),
        "utf8",
      );
      const backfill = migration.split("--> statement-breakpoint")[1];
      expect(backfill).toMatch(/UPDATE "articles"/);
      await database.db.execute(sql.raw(backfill));

      const rows = await database.db.select({ id: articles.id, source: articles.transcriptSource }).from(articles);
      const sourceOf = (id: number) => rows.find((row) => row.id === id)?.source;
      expect(Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, sourceOf(id)]))).toEqual({
        manual: "captions",
        auto: "auto-captions",
        user: "pasted",
        pastedNoReceipts: "pasted",
        plainNoReceipts: "captions",
        seeded: "captions",
        noTranscript: "none",
      });
      for (const row of rows) expect(TRANSCRIPT_SOURCES).toContain(row.source);
    } finally {
      await database.close();
    }
  });
});
