import { desc, eq, getTableColumns } from "drizzle-orm";
import type { Db } from "../db/client";
import { articles, users } from "../db/schema";
import { type ArticleAuthor, authorColumns, type ShownArticle } from "./presenter";

/**
 * Every column a reader, owner or admin is shown: not the search fields, which are large (the
 * body's vector is stored out of line) and only ever read by PostgreSQL itself.
 */
const {
  searchVector: _vector,
  rankVector: _rank,
  searchText: _text,
  contentText: _plain,
  ...shownColumns
} = getTableColumns(articles);

/** Lists show no receipts (only the article page does): they leave the evidence column unread. */
const { evidence: _evidence, ...listedColumns } = shownColumns;

export interface ArticleWithAuthor {
  article: ShownArticle;
  author: ArticleAuthor;
}

async function findOne(db: Db, where: ReturnType<typeof eq>): Promise<ArticleWithAuthor | undefined> {
  const [row] = await db
    .select({ article: shownColumns, author: authorColumns })
    .from(articles)
    .innerJoin(users, eq(users.id, articles.userId))
    .where(where)
    .limit(1);
  return row;
}

export const findArticleById = (db: Db, id: number) => findOne(db, eq(articles.id, id));
export const findArticleBySlug = (db: Db, slug: string) => findOne(db, eq(articles.slug, slug));

/** Everything one user wrote, newest first. */
export async function listUserArticles(db: Db, userId: string): Promise<ArticleWithAuthor[]> {
  return db
    .select({ article: listedColumns, author: authorColumns })
    .from(articles)
    .innerJoin(users, eq(users.id, articles.userId))
    .where(eq(articles.userId, userId))
    .orderBy(desc(articles.createdAt), desc(articles.id));
}

/**
 * Every article for the admin dashboard, newest first. Capped: the dashboard is a moderation
 * view of recent work, not an export.
 */
export async function listAllArticles(db: Db, limit = 500): Promise<ArticleWithAuthor[]> {
  return db
    .select({ article: listedColumns, author: authorColumns })
    .from(articles)
    .innerJoin(users, eq(users.id, articles.userId))
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(limit);
}
