import { and, asc, eq, gt } from "drizzle-orm";
import type { z } from "zod";
import type { exportedAccount, exportedArticle, exportedBookmark, exportedRating } from "../../contract/account";
import type { Db } from "../db/client";
import { articles, bookmarks, ratings, type UserRow } from "../db/schema";

/*
 * "Download my data" (issue 18 item 4): the account, its articles, ratings and bookmarks as one
 * JSON document (contract/account.ts userExportResponse), streamed: each list is read PAGE rows
 * at a time by keyset, so the memory held is one page whatever the account's size. No password
 * hash, session or token is ever read here.
 */

const PAGE = 200;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function accountOf(user: UserRow): z.infer<typeof exportedAccount> {
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
    userType: user.userType,
    articlesGenerated: user.articlesGenerated,
    subscriptionStatus: user.subscriptionStatus,
    subscriptionPlan: user.subscriptionPlan,
    subscriptionEndDate: iso(user.subscriptionEndDate),
    preferredCategories: user.preferredCategories,
    preferredTopics: user.preferredTopics,
    preferredAuthors: user.preferredAuthors,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

async function* articlePages(db: Db, userId: string): AsyncGenerator<Array<z.infer<typeof exportedArticle>>> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        id: articles.id,
        title: articles.title,
        slug: articles.slug,
        excerpt: articles.excerpt,
        category: articles.category,
        tags: articles.tags,
        style: articles.style,
        length: articles.length,
        tone: articles.tone,
        youtubeUrl: articles.youtubeUrl,
        wordCount: articles.wordCount,
        viewCount: articles.viewCount,
        ratingCount: articles.ratingCount,
        ratingAverage: articles.ratingAvg,
        createdAt: articles.createdAt,
        updatedAt: articles.updatedAt,
        contentMarkdown: articles.contentMarkdown,
      })
      .from(articles)
      .where(and(eq(articles.userId, userId), gt(articles.id, after)))
      .orderBy(asc(articles.id))
      .limit(PAGE);
    if (rows.length === 0) return;
    yield rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }));
    after = rows[rows.length - 1]?.id ?? after;
    if (rows.length < PAGE) return;
  }
}

async function* ratingPages(db: Db, userId: string): AsyncGenerator<Array<z.infer<typeof exportedRating>>> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        articleId: ratings.articleId,
        articleSlug: articles.slug,
        articleTitle: articles.title,
        rating: ratings.rating,
        createdAt: ratings.createdAt,
        updatedAt: ratings.updatedAt,
      })
      .from(ratings)
      .innerJoin(articles, eq(articles.id, ratings.articleId))
      .where(and(eq(ratings.userId, userId), gt(ratings.articleId, after)))
      .orderBy(asc(ratings.articleId))
      .limit(PAGE);
    if (rows.length === 0) return;
    yield rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }));
    after = rows[rows.length - 1]?.articleId ?? after;
    if (rows.length < PAGE) return;
  }
}

async function* bookmarkPages(db: Db, userId: string): AsyncGenerator<Array<z.infer<typeof exportedBookmark>>> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        articleId: bookmarks.articleId,
        articleSlug: articles.slug,
        articleTitle: articles.title,
        createdAt: bookmarks.createdAt,
      })
      .from(bookmarks)
      .innerJoin(articles, eq(articles.id, bookmarks.articleId))
      .where(and(eq(bookmarks.userId, userId), gt(bookmarks.articleId, after)))
      .orderBy(asc(bookmarks.articleId))
      .limit(PAGE);
    if (rows.length === 0) return;
    yield rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    after = rows[rows.length - 1]?.articleId ?? after;
    if (rows.length < PAGE) return;
  }
}

/** A JSON array written item by item from pages of items. */
async function* jsonArray<T>(pages: AsyncGenerator<T[]>): AsyncGenerator<string> {
  yield "[";
  let first = true;
  for await (const page of pages) {
    const parts: string[] = [];
    for (const item of page) {
      parts.push(`${first ? "" : ","}\n${JSON.stringify(item)}`);
      first = false;
    }
    yield parts.join("");
  }
  yield first ? "]" : "\n]";
}

/** The user's data as the text of one JSON document, in pieces (contract: userExportResponse). */
export async function* userExport(db: Db, user: UserRow, now = new Date()): AsyncGenerator<string> {
  yield `{"exportedAt":${JSON.stringify(now.toISOString())},\n"account":${JSON.stringify(accountOf(user))},\n"articles":`;
  yield* jsonArray(articlePages(db, user.id));
  yield ',\n"ratings":';
  yield* jsonArray(ratingPages(db, user.id));
  yield ',\n"bookmarks":';
  yield* jsonArray(bookmarkPages(db, user.id));
  yield "}\n";
}
