import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type {
  exportedAccount,
  exportedArticle,
  exportedBookmark,
  exportedComment,
  exportedFollow,
  exportedRating,
  exportedRead,
} from "../../contract/account";
import { readRecorder } from "../community/interests";
import type { Db } from "../db/client";
import { articles, bookmarks, comments, follows, ratings, readingHistory, type UserRow, users } from "../db/schema";

/*
 * "Download my data" (issue 18 item 4): the account, its articles, ratings, bookmarks, follows,
 * comments and reading history as one JSON document (contract/account.ts userExportResponse),
 * streamed: each list is read PAGE rows at a time by keyset, so the memory held is one page
 * whatever the account's size. No password hash, session or token is ever read here.
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
    handle: user.handle,
    bio: user.bio,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

/**
 * A list read PAGE rows at a time by a growing whole-number key (an id): `read(after)` answers
 * the next page of rows whose key is above `after`, in key order; `present` shapes each row.
 */
async function* keysetPages<Row, Item>(
  read: (after: number) => Promise<Row[]>,
  keyOf: (row: Row) => number,
  present: (row: Row) => Item,
): AsyncGenerator<Item[]> {
  let after = 0;
  for (;;) {
    const rows = await read(after);
    if (rows.length === 0) return;
    yield rows.map(present);
    if (rows.length < PAGE) return;
    after = keyOf(rows[rows.length - 1] as Row);
  }
}

function articlePages(db: Db, userId: string): AsyncGenerator<Array<z.infer<typeof exportedArticle>>> {
  return keysetPages(
    (after) =>
      db
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
        .limit(PAGE),
    (row) => row.id,
    (row) => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }),
  );
}

function ratingPages(db: Db, userId: string): AsyncGenerator<Array<z.infer<typeof exportedRating>>> {
  return keysetPages(
    (after) =>
      db
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
        .limit(PAGE),
    (row) => row.articleId,
    (row) => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }),
  );
}

function bookmarkPages(db: Db, userId: string): AsyncGenerator<Array<z.infer<typeof exportedBookmark>>> {
  return keysetPages(
    (after) =>
      db
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
        .limit(PAGE),
    (row) => row.articleId,
    (row) => ({ ...row, createdAt: row.createdAt.toISOString() }),
  );
}

function commentPages(db: Db, userId: string): AsyncGenerator<Array<z.infer<typeof exportedComment>>> {
  return keysetPages(
    (after) =>
      db
        .select({
          id: comments.id,
          articleId: comments.articleId,
          articleSlug: articles.slug,
          parentId: comments.parentId,
          body: comments.body,
          createdAt: comments.createdAt,
          editedAt: comments.editedAt,
        })
        .from(comments)
        .innerJoin(articles, eq(articles.id, comments.articleId))
        .where(and(eq(comments.userId, userId), isNull(comments.deletedAt), gt(comments.id, after)))
        .orderBy(asc(comments.id))
        .limit(PAGE),
    (row) => row.id,
    (row) => ({ ...row, createdAt: row.createdAt.toISOString(), editedAt: iso(row.editedAt) }),
  );
}

async function* readPages(db: Db, userId: string): AsyncGenerator<Array<z.infer<typeof exportedRead>>> {
  // Reads are written behind the page: the ones still queued belong in the export too.
  await readRecorder(db).settled();
  yield* keysetPages(
    (after) =>
      db
        .select({
          articleId: readingHistory.articleId,
          articleSlug: articles.slug,
          articleTitle: articles.title,
          readAt: readingHistory.readAt,
        })
        .from(readingHistory)
        .innerJoin(articles, eq(articles.id, readingHistory.articleId))
        .where(and(eq(readingHistory.userId, userId), gt(readingHistory.articleId, after)))
        .orderBy(asc(readingHistory.articleId))
        .limit(PAGE),
    (row) => row.articleId,
    (row) => ({ ...row, readAt: row.readAt.toISOString() }),
  );
}

/** Follows are few (contract MAX_FOLLOWS): one page, an author named by their handle now. */
async function* followPages(db: Db, userId: string): AsyncGenerator<Array<z.infer<typeof exportedFollow>>> {
  const rows = await db
    .select({
      type: follows.targetType,
      target: sql<string>`coalesce(${users.handle}, ${follows.target})`,
      createdAt: follows.createdAt,
    })
    .from(follows)
    .leftJoin(users, and(eq(follows.targetType, "author"), sql`${users.id}::text = ${follows.target}`))
    .where(eq(follows.userId, userId))
    .orderBy(desc(follows.createdAt));
  yield rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
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
  yield ',\n"follows":';
  yield* jsonArray(followPages(db, user.id));
  yield ',\n"comments":';
  yield* jsonArray(commentPages(db, user.id));
  yield ',\n"readingHistory":';
  yield* jsonArray(readPages(db, user.id));
  yield "}\n";
}
