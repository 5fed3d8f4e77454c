import { eq } from "drizzle-orm";
import type { ArticleEvidence } from "../contract/evidence";
import { forgetCachedReads } from "../server/articles/read-cache";
import type { Database } from "../server/db/client";
import { type ArticleRow, articles, users } from "../server/db/schema";

let seq = 0;

/** Inserts an author straight into the database (no password hashing: fast for seeding). */
export async function seedAuthor(database: Database, overrides: Partial<typeof users.$inferInsert> = {}) {
  seq += 1;
  const [row] = await database.db
    .insert(users)
    .values({
      email: `author${seq}.${Date.now()}@example.com`,
      passwordHash: "not-a-real-hash",
      firstName: "Kwame",
      lastName: `Writer${seq}`,
      ...overrides,
    })
    .returning();
  return row;
}

/** An article row's values with sensible defaults, for inserting one or several in a statement. */
export function articleValues(
  userId: string,
  overrides: Partial<typeof articles.$inferInsert> = {},
): typeof articles.$inferInsert {
  seq += 1;
  const title = overrides.title ?? `Seeded article number ${seq}`;
  const body = overrides.contentText ?? `This is the body of ${title}. It talks about several things in detail.`;
  return {
    slug: `seeded-${seq}-${Date.now()}`,
    userId,
    title,
    excerpt: `A short summary of ${title}.`,
    contentMarkdown: body,
    contentHtml: `<p>${body}</p>`,
    contentText: body,
    category: "Technology",
    style: "blog",
    length: "medium",
    tone: "informative",
    tags: ["seeded"],
    youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    youtubeVideoId: "dQw4w9WgXcQ",
    ...overrides,
  };
}

/** Inserts an article with sensible defaults; pass what the test is about. */
export async function seedArticle(
  database: Database,
  userId: string,
  overrides: Partial<typeof articles.$inferInsert> = {},
): Promise<ArticleRow> {
  const [row] = await database.db.insert(articles).values(articleValues(userId, overrides)).returning();
  // A write like the app's own: the read caches forget, as they do after the app's writes.
  forgetCachedReads(database.db);
  return row;
}

export async function setArticle(database: Database, id: number, values: Partial<typeof articles.$inferInsert>) {
  await database.db.update(articles).set(values).where(eq(articles.id, id));
  forgetCachedReads(database.db);
}

/**
 * An article's evidence as a check against a timed, automatic transcript leaves it: one quote of
 * Ada's at 1:15 under a section "The plan" at 0:30, nothing corrected; pass what the test is about.
 */
export function articleEvidence(overrides: Partial<ArticleEvidence> = {}): ArticleEvidence {
  return {
    checkedAgainst: "transcript",
    transcriptKind: "auto",
    timed: true,
    quotes: [{ text: "We start small,", source: "transcript", start: 75, end: 77, speaker: "Ada" }],
    sections: [{ heading: "The plan", start: 30 }],
    moments: 1,
    corrections: { requoted: 0, unquoted: 0, dropped: 0, reanchored: 0, unlinked: 0 },
    editedAfterCheck: false,
    ...overrides,
  };
}

/**
 * A markdown body of about `words` words under the given h2 headings (each with a paragraph of
 * plain words), for the article page's reading time and table of contents.
 */
export function longMarkdown(headings: readonly string[], words = 1200): string {
  const perSection = Math.ceil(words / Math.max(headings.length, 1));
  const sentence = "Readers finish articles that tell them where they are and what comes next.";
  const sentenceWords = sentence.split(" ").length;
  const paragraph = Array.from({ length: Math.ceil(perSection / sentenceWords) }, () => sentence).join(" ");
  return headings.map((heading) => `## ${heading}\n\n${paragraph}`).join("\n\n");
}
