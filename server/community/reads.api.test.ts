import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../../test/database";
import { seedArticle, seedAuthor } from "../../test/factories";
import type { Database } from "../db/client";
import { articles, readingHistory } from "../db/schema";
import { learnedInterests, readRecorder } from "./interests";

// Signed-in reads are written behind the page, in batches (the article page no longer waits
// for an insert per view).
let database: Database;
const onError = vi.fn();
beforeAll(async () => {
  database = await createTestDatabase();
  readRecorder(database.db, onError);
});
afterAll(() => database?.close());

const historyOf = async (userId: string) =>
  (
    await database.db
      .select({ articleId: readingHistory.articleId })
      .from(readingHistory)
      .where(eq(readingHistory.userId, userId))
  )
    .map((row) => row.articleId)
    .sort((a, b) => a - b);

describe("the read recorder", () => {
  it("writes queued reads once, and a deleted article fails nothing else", async () => {
    const author = await seedAuthor(database);
    const reader = await seedAuthor(database);
    const [kept, other, gone] = await Promise.all([1, 2, 3].map(() => seedArticle(database, author.id)));
    await database.db.delete(articles).where(eq(articles.id, gone.id));
    const recorder = readRecorder(database.db);
    for (const id of [gone.id, kept.id, other.id, kept.id]) recorder.record(reader.id, id);
    await recorder.settled();
    expect(await historyOf(reader.id)).toEqual([kept.id, other.id].sort((a, b) => a - b));
    expect(onError).not.toHaveBeenCalled();
  });

  it("lets what reads teach wait for the reads still being written", async () => {
    const author = await seedAuthor(database);
    const reader = await seedAuthor(database);
    const read = await Promise.all([1, 2, 3].map(() => seedArticle(database, author.id, { category: "Science" })));
    const recorder = readRecorder(database.db);
    for (const article of read) recorder.record(reader.id, article.id);
    // No settled() here: learnedInterests waits for the batch itself.
    const interests = await learnedInterests(database.db, reader);
    expect(interests?.categories).toContain("Science");
  });
});
