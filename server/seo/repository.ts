import { and, asc, desc, eq, gt, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { articles, authorArticleCounts, users } from "../db/schema";

/** An article as a feed item: no markdown, no counters. */
export interface FeedItem {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  contentHtml: string;
  category: string;
  tags: string[];
  youtubeVideoId: string | null;
  createdAt: Date;
  updatedAt: Date;
  authorFirstName: string;
  authorLastName: string;
  /** The article's language (BCP 47), or null when it could not be told. */
  language: string | null;
}

/** The newest articles, newest first (ties by id), for the RSS feed: one indexed query. */
export async function latestForFeed(db: Db, limit: number, where?: SQL): Promise<FeedItem[]> {
  return db
    .select({
      id: articles.id,
      slug: articles.slug,
      title: articles.title,
      excerpt: articles.excerpt,
      contentHtml: articles.contentHtml,
      category: articles.category,
      tags: articles.tags,
      youtubeVideoId: articles.youtubeVideoId,
      createdAt: articles.createdAt,
      updatedAt: articles.updatedAt,
      authorFirstName: users.firstName,
      authorLastName: users.lastName,
      language: articles.language,
    })
    .from(articles)
    .innerJoin(users, eq(users.id, articles.userId))
    .where(where)
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(limit);
}

/**
 * How the articles split into sitemap files of at most `size` URLs: file n holds ids
 * n*size+1 .. (n+1)*size, so a file's contents never shift when articles are added or deleted.
 * Answers each non-empty file's number and its newest change.
 */
export async function sitemapChunks(db: Db, size: number): Promise<Array<{ chunk: number; lastmod: Date }>> {
  if (!Number.isSafeInteger(size) || size < 1) throw new Error(`sitemap size must be a positive integer, not ${size}`);
  // Inlined (a checked integer), so GROUP BY and the select list are the same expression to PostgreSQL.
  const chunk = sql<number>`((${articles.id} - 1) / ${sql.raw(String(size))})::int`;
  const rows = await db
    .select({ chunk, lastmod: sql<Date | string>`max(${articles.updatedAt})` })
    .from(articles)
    .groupBy(chunk)
    .orderBy(chunk);
  return rows.map((row) => ({ chunk: Number(row.chunk), lastmod: new Date(row.lastmod) }));
}

/**
 * Article addresses with ids in (afterId, upToId], in id order, `batch` at a time: keyset
 * pagination on the primary key, so a sitemap of any size streams in constant memory.
 */
export async function* sitemapEntries(
  db: Db,
  range: { afterId: number; upToId: number },
  batch = 5000,
): AsyncGenerator<{ id: number; slug: string; updatedAt: Date }> {
  let after = range.afterId;
  for (;;) {
    const rows = await db
      .select({ id: articles.id, slug: articles.slug, updatedAt: articles.updatedAt })
      .from(articles)
      .where(and(gt(articles.id, after), lte(articles.id, range.upToId)))
      .orderBy(asc(articles.id))
      .limit(batch);
    yield* rows;
    if (rows.length < batch) return;
    after = rows[rows.length - 1].id;
  }
}

/** How many authors the sitemap lists: those with the most articles. */
export const SITEMAP_AUTHOR_LIMIT = 400;

/** The handles of the authors with the most articles (author_article_counts: one row per author). */
export async function sitemapAuthorHandles(db: Db, limit = SITEMAP_AUTHOR_LIMIT): Promise<string[]> {
  const rows = await db
    .select({ handle: users.handle })
    .from(authorArticleCounts)
    .innerJoin(users, eq(users.id, authorArticleCounts.userId))
    .orderBy(desc(authorArticleCounts.articleCount), asc(users.handle))
    .limit(limit);
  return rows.map((row) => row.handle);
}
