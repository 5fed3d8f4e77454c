import { and, eq, gte, type SQL, sql } from "drizzle-orm";
import type { FeedFilters } from "../../contract/feed";
import { PAGE_SIZE } from "../../contract/options";
import type { Db } from "../db/client";
import { articles, users } from "../db/schema";
import { type ArticleAuthor, type SummaryRow, summaryColumns } from "./presenter";
import { cachedRead } from "./read-cache";

export interface SummaryWithAuthor {
  article: SummaryRow;
  author: ArticleAuthor;
}

const authorColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
};

const DATE_RANGE_SQL = {
  "7d": sql`now() - interval '7 days'`,
  "30d": sql`now() - interval '30 days'`,
  "3m": sql`now() - interval '3 months'`,
} as const;

/** The reader's interests, for the 'For You' sort. */
export interface Interests {
  categories: string[];
  topics: string[];
}

/**
 * Splits a web-search query into what must match and what must not: the trigram (typo) branch
 * only uses the positive words, and never brings back an article the query excluded.
 */
export function splitSearch(search: string): { positive: string; negative: string } {
  const negative: string[] = [];
  const positive = search
    .replace(/(^|\s)-("[^"]*"|\S+)/g, (_m, lead: string, term: string) => {
      negative.push(term.replace(/"/g, ""));
      return lead;
    })
    .replace(/"/g, " ")
    .replace(/\bor\b/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
  return { positive, negative: negative.join(" ").trim() };
}

/** WHERE for the filters; search is full-text (web-search syntax) or a close trigram match. */
function feedWhere(filters: FeedFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.category) conditions.push(eq(articles.category, filters.category));
  if (filters.style) conditions.push(eq(articles.style, filters.style));
  if (filters.minRating) conditions.push(gte(articles.ratingAvg, filters.minRating));
  if (filters.dateRange && filters.dateRange !== "all") {
    conditions.push(sql`${articles.createdAt} >= ${DATE_RANGE_SQL[filters.dateRange]}`);
  }
  if (filters.search) {
    const { positive, negative } = splitSearch(filters.search);
    const fullText = sql`${articles.searchVector} @@ websearch_to_tsquery('english', ${filters.search})`;
    if (positive.length >= 3) {
      const typo = negative
        ? sql`(${positive} <% ${articles.searchText} and not ${articles.searchVector} @@ plainto_tsquery('english', ${negative}))`
        : sql`${positive} <% ${articles.searchText}`;
      conditions.push(sql`(${fullText} or ${typo})`);
    } else {
      conditions.push(fullText);
    }
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** ORDER BY for a sort; every order ends in id so pages never repeat or skip an article. */
function feedOrder(filters: FeedFilters, interests: Interests | null): SQL[] {
  const newest = [sql`${articles.createdAt} desc nulls last`, sql`${articles.id} desc nulls last`];
  switch (filters.sortBy) {
    case "popular":
      return [sql`${articles.viewCount} desc nulls last`, sql`${articles.id} desc nulls last`];
    case "rating":
      return [
        sql`${articles.ratingAvg} desc nulls last`,
        sql`${articles.ratingCount} desc nulls last`,
        sql`${articles.id} desc nulls last`,
      ];
    case "for_you": {
      if (!interests || (interests.categories.length === 0 && interests.topics.length === 0)) return newest;
      // Chosen categories weigh most, then topics found in the text; recency breaks ties.
      const topicQuery = interests.topics.join(" or ");
      const score = sql`(case when ${articles.category} = any(${sql.param(interests.categories)}::text[]) then 2 else 0 end
        + case when ${topicQuery} <> '' and ${articles.searchVector} @@ websearch_to_tsquery('english', ${topicQuery}) then 1 else 0 end)`;
      return [sql`${score} desc`, ...newest];
    }
    default:
      if (filters.search) {
        // A search without an explicit sort is ordered by relevance.
        const rank = sql`ts_rank_cd(${articles.searchVector}, websearch_to_tsquery('english', ${filters.search}))
          + word_similarity(${splitSearch(filters.search).positive}, ${articles.searchText})`;
        return [sql`${rank} desc`, ...newest];
      }
      return newest;
  }
}

/**
 * One page of the feed, authors joined in, in one query. The page's ids are found first from
 * the indexes alone (a deep page skips thousands of index entries, not thousands of rows), then
 * only those ten rows are read and put back in the same order.
 */
export async function listFeed(
  db: Db,
  filters: FeedFilters,
  interests: Interests | null,
): Promise<SummaryWithAuthor[]> {
  const where = feedWhere(filters);
  const order = feedOrder(filters, interests);
  const pageIds = db
    .select({ id: articles.id })
    .from(articles)
    .where(where)
    .orderBy(...order)
    .limit(PAGE_SIZE)
    .offset((filters.page - 1) * PAGE_SIZE);
  return db
    .select({ article: summaryColumns, author: authorColumns })
    .from(articles)
    .innerJoin(users, eq(users.id, articles.userId))
    .where(sql`${articles.id} = any(array(${pageIds}))`)
    .orderBy(...order);
}

/**
 * The featured article: the newest admin pin; otherwise the best of the last 30 days, scored
 * by rating (weighted by how many rated, so one 5-star vote does not win) plus readership, so
 * the home page leads with something readers liked rather than whatever was written last;
 * otherwise the newest article.
 */
export function findFeatured(db: Db): Promise<SummaryWithAuthor | undefined> {
  return cachedRead(db, "featured", () => chooseFeatured(db));
}

async function chooseFeatured(db: Db): Promise<SummaryWithAuthor | undefined> {
  const base = () =>
    db
      .select({ article: summaryColumns, author: authorColumns })
      .from(articles)
      .innerJoin(users, eq(users.id, articles.userId));
  const [pinned] = await base()
    .where(sql`${articles.featuredAt} is not null`)
    .orderBy(sql`${articles.featuredAt} desc nulls last`)
    .limit(1);
  if (pinned) return pinned;
  const [best] = await base()
    .where(sql`${articles.createdAt} >= now() - interval '30 days'`)
    .orderBy(
      sql`(${articles.ratingAvg} * ln(1 + ${articles.ratingCount}) + ln(1 + ${articles.viewCount})) desc`,
      sql`${articles.createdAt} desc nulls last`,
      sql`${articles.id} desc nulls last`,
    )
    .limit(1);
  if (best) return best;
  const [newest] = await base()
    .orderBy(sql`${articles.createdAt} desc nulls last`, sql`${articles.id} desc nulls last`)
    .limit(1);
  return newest;
}

type Stats = { totalArticles: number; activeAuthors: number; totalReads: number };

/** Platform stats for the sidebar card, at most 10 seconds old. */
export function platformStats(db: Db): Promise<Stats> {
  return cachedRead(db, "stats", () => countStats(db));
}

async function countStats(db: Db): Promise<Stats> {
  const [row] = await db
    .select({
      totalArticles: sql<number>`count(*)::int`,
      activeAuthors: sql<number>`count(distinct ${articles.userId})::int`,
      totalReads: sql<number>`coalesce(sum(${articles.viewCount}), 0)::bigint`,
    })
    .from(articles);
  return { totalArticles: row.totalArticles, activeAuthors: row.activeAuthors, totalReads: Number(row.totalReads) };
}
