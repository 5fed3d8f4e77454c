// The admin dashboard's queries: the article and user lists (searched, paged, bounded) and the
// 30-day figures. Every list is one page of ADMIN_PAGE_SIZE rows at an offset below
// ADMIN_MAX_PAGE pages (the contract refuses more), so no answer grows with the tables.
import { count, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { ADMIN_PAGE_SIZE } from "../../contract/admin-query";
import { type ArticleWithAuthor, authorColumns } from "../articles/presenter";
import type { Db } from "../db/client";
import { articles, authorArticleCounts, sessions, type UserRow, users } from "../db/schema";

/** A search as an ILIKE pattern that matches it anywhere, its own % _ and \ taken literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const offsetOf = (page: number) => (page - 1) * ADMIN_PAGE_SIZE;

// The columns the admin's list shows: not the search fields nor the receipts (as articles/repository.ts lists).
const {
  searchVector: _vector,
  rankVector: _rank,
  searchText: _text,
  contentText: _plain,
  evidence: _evidence,
  ...listedColumns
} = getTableColumns(articles);

/**
 * One page of every article, newest first. A search matches the title, tags and author's name
 * (search_text, which the articles_search trigger keeps in lower case) as a substring: an ILIKE
 * the trigram index (articles_search_trgm_idx) answers once the search has three characters.
 */
export async function listArticlesPage(
  db: Db,
  { search, page }: { search?: string; page: number },
): Promise<ArticleWithAuthor[]> {
  const where = search ? sql`${articles.searchText} ilike ${containsPattern(search)} escape '\\'` : undefined;
  return db
    .select({ article: listedColumns, author: authorColumns })
    .from(articles)
    .innerJoin(users, eq(users.id, articles.userId))
    .where(where)
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset(offsetOf(page));
}

export interface AdminUserRow {
  user: UserRow;
  articleCount: number;
  lastSeenAt: Date | null;
}

/** Users whose email or name (first, last, or both as one) holds the search. */
function userSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return sql`(${users.email} ilike ${pattern} escape '\\'
    or ${users.firstName} ilike ${pattern} escape '\\'
    or ${users.lastName} ilike ${pattern} escape '\\'
    or (${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern} escape '\\')`;
}

/**
 * One page of users, newest first, with how many articles each has now (author_article_counts,
 * kept by triggers) and when any of their sessions was last used (sessions.last_seen_at, written
 * at most every five minutes; a session signed out or expired and tidied is gone, and with it
 * that record). The users table has no trigram index, so a search reads it whole: one linear
 * pass over names and emails, then a top-N sort.
 */
export async function listUsersPage(
  db: Db,
  { search, page }: { search?: string; page: number },
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const where = userSearch(search);
  const lastSeen = sql<
    Date | string | null
  >`(select max(${sessions.lastSeenAt}) from ${sessions} where ${sessions.userId} = ${users.id})`;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ user: users, articleCount: authorArticleCounts.articleCount, lastSeenAt: lastSeen })
      .from(users)
      .leftJoin(authorArticleCounts, eq(authorArticleCounts.userId, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset(offsetOf(page)),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      user: row.user,
      articleCount: row.articleCount ?? 0,
      // A raw subquery's timestamp comes back as text on some drivers.
      lastSeenAt: row.lastSeenAt === null ? null : new Date(row.lastSeenAt),
    })),
    total: Number(total),
  };
}

export async function findAdminUserRow(db: Db, id: string): Promise<AdminUserRow | undefined> {
  const [row] = await db
    .select({
      user: users,
      articleCount: authorArticleCounts.articleCount,
      lastSeenAt: sql<
        Date | string | null
      >`(select max(${sessions.lastSeenAt}) from ${sessions} where ${sessions.userId} = ${users.id})`,
    })
    .from(users)
    .leftJoin(authorArticleCounts, eq(authorArticleCounts.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  if (!row) return undefined;
  return {
    user: row.user,
    articleCount: row.articleCount ?? 0,
    lastSeenAt: row.lastSeenAt === null ? null : new Date(row.lastSeenAt),
  };
}

export type AccessChange = { role?: "user" | "admin"; userType?: "guest" | "registered" };

/**
 * Changes a user's role and/or type in one transaction. Taking the admin role away locks every
 * admin row first, so two admins demoting each other at once cannot both pass the check: the
 * second waits, then sees one admin left. Answers "last-admin" when the change would leave none,
 * undefined when there is no such user.
 */
export async function changeUserAccess(
  db: Db,
  id: string,
  change: AccessChange,
): Promise<UserRow | "last-admin" | undefined> {
  return db.transaction(async (tx) => {
    if (change.role === "user") {
      const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).for("update");
      if (admins.length <= 1 && admins.some((admin) => admin.id === id)) return "last-admin" as const;
    }
    const set: PgUpdateSetSource<typeof users> = { updatedAt: new Date() };
    if (change.role) set.role = change.role;
    if (change.userType) {
      set.userType = change.userType;
      // A subscription that has ended would make the account a guest again whatever its type
      // says (auth/presenter.ts effectiveSubscription): the admin's choice replaces it.
      set.subscriptionEndDate = sql`case when ${users.subscriptionEndDate} <= now() then null else ${users.subscriptionEndDate} end`;
      set.subscriptionStatus = sql`case when ${users.subscriptionStatus} = 'active' and ${users.subscriptionEndDate} <= now() then 'expired' else ${users.subscriptionStatus} end`;
    }
    const [row] = await tx.update(users).set(set).where(eq(users.id, id)).returning();
    return row;
  });
}

/** Numbers by UTC day ("YYYY-MM-DD") from one grouped query. */
type DayCounts = Map<string, number>;

const dayOf = (column: SQL) => sql<string>`to_char(date_trunc('day', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;

async function countByDay(db: Db, query: SQL): Promise<DayCounts> {
  const result = (await db.execute(query)) as unknown as { rows: Array<{ day: string; n: number | string }> };
  return new Map(result.rows.map((row) => [row.day, Number(row.n)]));
}

export interface DashboardCounts {
  signUps: DayCounts;
  articles: DayCounts;
  payers: DayCounts;
  payingUsers: number;
  activeSubscribers: number;
  users: number;
  admins: number;
}

/**
 * The dashboard's figures since `since`: sign-ups (users.created_at), articles written and still
 * there (articles.created_at, its index), and users with a successful payment (payments.paid_at),
 * each by UTC day; with distinct payers over the period, subscribers active now, all users and
 * admins. Each is one bounded aggregate; none returns rows per user or article.
 */
export async function dashboardCounts(db: Db, since: Date, now: Date): Promise<DashboardCounts> {
  const from = since.toISOString();
  const at = now.toISOString();
  const [signUps, written, payers, totals] = await Promise.all([
    countByDay(
      db,
      sql`select ${dayOf(sql`created_at`)} as day, count(*) as n from users
        where created_at >= ${from}::timestamptz group by 1`,
    ),
    countByDay(
      db,
      sql`select ${dayOf(sql`created_at`)} as day, count(*) as n from articles
        where created_at >= ${from}::timestamptz group by 1`,
    ),
    countByDay(
      db,
      sql`select ${dayOf(sql`paid_at`)} as day, count(distinct user_id) as n from payments
        where status = 'success' and paid_at >= ${from}::timestamptz group by 1`,
    ),
    db.execute(sql`select
        (select count(distinct user_id) from payments where status = 'success' and paid_at >= ${from}::timestamptz) as paying,
        (select count(*) from users where subscription_status = 'active'
           and (subscription_end_date is null or subscription_end_date > ${at}::timestamptz)) as active,
        (select count(*) from users) as users,
        (select count(*) from users where role = 'admin') as admins`),
  ]);
  const [row] = (totals as unknown as { rows: Array<Record<string, number | string>> }).rows;
  return {
    signUps,
    articles: written,
    payers,
    payingUsers: Number(row?.paying ?? 0),
    activeSubscribers: Number(row?.active ?? 0),
    users: Number(row?.users ?? 0),
    admins: Number(row?.admins ?? 0),
  };
}
