// The feed's queries: a page of the feed for any filters and sort, the featured candidates and the platform counters.
import { and, eq, gte, type SQL, sql } from "drizzle-orm";
import type { FeedFilters, FollowedTargets } from "../../contract/feed";
import { PAGE_SIZE } from "../../contract/options";
import { categoryForSlug } from "../../contract/topics";
import { hasTagSlug, tagSlugSql } from "../community/topics";
import type { Db } from "../db/client";
import { articles, platformCounters, users } from "../db/schema";
import { authorColumns, type SummaryWithAuthor, summaryColumns } from "./presenter";

const DATE_RANGE_SQL = {
  "7d": sql`now() - interval '7 days'`,
  "30d": sql`now() - interval '30 days'`,
  "3m": sql`now() - interval '3 months'`,
} as const;

/** The reader's interests, for the 'For You' sort (server/community/interests.ts). */
export interface Interests {
  categories: string[];
  topics: string[];
  /** Authors' user ids: followed, or often read, saved and rated well. */
  authors?: string[];
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

/** Word for word (full text), or close spellings (trigrams) when nothing matched word for word. */
export type SearchMode = "fullText" | "typo";

const fullTextQuery = (search: string) => sql`websearch_to_tsquery('english', ${search})`;

/**
 * WHERE for the filters. A search is full-text first (web-search syntax: quoted phrases,
 * -exclusions, or); only when nothing matches does it look for close spellings (trigrams on
 * title, tags and author), never bringing back an article the query excluded.
 */
function feedWhere(filters: FeedFilters, mode: SearchMode = "fullText"): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.category) conditions.push(eq(articles.category, filters.category));
  // An author's page and a tag's page (issue 19): by handle (users_handle_key), by tag slug.
  if (filters.author) {
    conditions.push(
      sql`${articles.userId} = (select ${users.id} from ${users} where ${users.handle} = ${filters.author})`,
    );
  }
  if (filters.tag) conditions.push(hasTagSlug(filters.tag));
  if (filters.followed) conditions.push(followedCondition(filters.followed));
  if (filters.style) conditions.push(eq(articles.style, filters.style));
  if (filters.minRating) conditions.push(gte(articles.ratingAvg, filters.minRating));
  if (filters.dateRange && filters.dateRange !== "all") {
    conditions.push(sql`${articles.createdAt} >= ${DATE_RANGE_SQL[filters.dateRange]}`);
  }
  if (filters.search && mode === "fullText") {
    conditions.push(sql`${articles.searchVector} @@ ${fullTextQuery(filters.search)}`);
  } else if (filters.search) {
    const { positive, negative } = splitSearch(filters.search);
    conditions.push(sql`${positive} <% ${articles.searchText}`);
    if (negative) conditions.push(sql`not ${articles.searchVector} @@ plainto_tsquery('english', ${negative})`);
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** The Following feed: an article by a followed author, in a followed category, or with a followed tag. */
function followedCondition(followed: FollowedTargets): SQL {
  const either: SQL[] = [];
  if (followed.authors.length) either.push(sql`${articles.userId} = any(${sql.param(followed.authors)}::uuid[])`);
  if (followed.categories.length) {
    const names = followed.categories.flatMap((slug) => categoryForSlug(slug) ?? []);
    if (names.length) either.push(sql`${articles.category} = any(${sql.param(names)}::text[])`);
  }
  if (followed.tags.length) {
    either.push(
      sql`exists (select 1 from unnest(${articles.tags}) as t(tag) where ${tagSlugSql(sql`t.tag`)} = any(${sql.param(followed.tags)}::text[]))`,
    );
  }
  return either.length ? sql`(${sql.join(either, sql` or `)})` : sql`false`;
}

const NEWEST = [sql`${articles.createdAt} desc nulls last`, sql`${articles.id} desc nulls last`];

/** The 'For You' sort applies: the reader chose categories or topics. */
function forYou(filters: FeedFilters, interests: Interests | null): interests is Interests {
  return (
    filters.sortBy === "for_you" &&
    interests !== null &&
    (interests.categories.length > 0 || interests.topics.length > 0 || Boolean(interests.authors?.length))
  );
}

/**
 * 'For You' signals: one of the reader's categories, and one of their topics in the article's
 * title, tags, author or excerpt (what it is about, not a passing mention in the body).
 */
function interestSignals(interests: Interests) {
  const inCategories =
    interests.categories.length > 0
      ? sql`${articles.category} = any(${sql.param(interests.categories)}::text[])`
      : null;
  const onTopic =
    interests.topics.length > 0
      ? sql`coalesce(${articles.rankVector} @@ ${fullTextQuery(interests.topics.join(" or "))}, false)`
      : null;
  const byAuthors = interests.authors?.length
    ? sql`${articles.userId} = any(${sql.param(interests.authors)}::uuid[])`
    : null;
  return { inCategories, onTopic, byAuthors };
}

/** An author's weight in 'For You': more than a category and a topic together. */
const AUTHOR_WEIGHT = 4;

/** 'For You' score: an author the reader follows or keeps coming back to, a category, then a topic; recency breaks ties. */
function interestScore(interests: Interests): SQL {
  const { inCategories, onTopic, byAuthors } = interestSignals(interests);
  return sql`(${byAuthors ? sql`case when ${byAuthors} then ${AUTHOR_WEIGHT} else 0 end` : sql`0`}
    + ${inCategories ? sql`case when ${inCategories} then 2 else 0 end` : sql`0`}
    + ${onTopic ? sql`case when ${onTopic} then 1 else 0 end` : sql`0`})`;
}

/** ORDER BY for a sort; every order ends in id so pages never repeat or skip an article. */
function feedOrder(filters: FeedFilters, interests: Interests | null, mode: SearchMode): SQL[] {
  switch (filters.sortBy) {
    case "popular":
      return [sql`${articles.viewCount} desc nulls last`, sql`${articles.id} desc nulls last`];
    case "rating":
      return [
        sql`${articles.ratingAvg} desc nulls last`,
        sql`${articles.ratingCount} desc nulls last`,
        sql`${articles.id} desc nulls last`,
      ];
    case "for_you":
      return forYou(filters, interests) ? [sql`${interestScore(interests)} desc`, ...NEWEST] : NEWEST;
    default:
      if (!filters.search) return NEWEST;
      // A search without an explicit sort is ordered by relevance: matches in the title and
      // tags first, then author and excerpt, then the body; close spellings by closeness.
      return mode === "fullText"
        ? [sql`ts_rank_cd(${articles.rankVector}, ${fullTextQuery(filters.search)}) desc`, ...NEWEST]
        : [sql`word_similarity(${splitSearch(filters.search).positive}, ${articles.searchText}) desc`, ...NEWEST];
  }
}

/**
 * The ids of one 'For You' page. Sorting every article by its score would read them all;
 * instead each score tier (each combination of author, category and topic) takes its
 * newest rows from the indexes, at most as many as this page needs, and the tiers are merged.
 */
function forYouPageIds(filters: FeedFilters, interests: Interests, where: SQL | undefined): SQL {
  const { inCategories, onTopic, byAuthors } = interestSignals(interests);
  const tiers: Array<{ score: number; condition: SQL | undefined }> = [];
  for (const author of byAuthors ? [true, false] : [null]) {
    for (const category of inCategories ? [true, false] : [null]) {
      for (const topic of onTopic ? [true, false] : [null]) {
        const parts = [where];
        if (byAuthors && author !== null) parts.push(author ? byAuthors : sql`not (${byAuthors})`);
        if (inCategories && category !== null) parts.push(category ? inCategories : sql`not (${inCategories})`);
        if (onTopic && topic !== null) parts.push(topic ? onTopic : sql`not (${onTopic})`);
        tiers.push({
          score: (author ? AUTHOR_WEIGHT : 0) + (category ? 2 : 0) + (topic ? 1 : 0),
          condition: and(...parts),
        });
      }
    }
  }
  // One row past the page tells whether another page follows.
  const needed = filters.page * PAGE_SIZE + 1;
  const selects = tiers.map(
    ({
      score,
      condition,
    }) => sql`(select ${articles.id} as id, ${score}::int as score, ${articles.createdAt} as created_at
      from ${articles} ${condition ? sql`where ${condition}` : sql``}
      order by ${sql.join(NEWEST, sql`, `)} limit ${needed})`,
  );
  return sql`select id from (${sql.join(selects, sql` union all `)}) as tiers
    order by score desc, created_at desc nulls last, id desc nulls last
    limit ${PAGE_SIZE + 1} offset ${(filters.page - 1) * PAGE_SIZE}`;
}

/** Articles as cards with their authors: what the feed and the featured slot show. */
const cards = (db: Db) =>
  db
    .select({ article: summaryColumns, author: authorColumns })
    .from(articles)
    .innerJoin(users, eq(users.id, articles.userId));

/** One page of the feed, and whether another page follows it. */
export interface FeedPage {
  rows: SummaryWithAuthor[];
  hasMore: boolean;
}

/**
 * One page of the feed for the filters and sort, authors joined in, in one query. The page's
 * ids are found first from the indexes (a deep page skips thousands of index entries, not
 * thousands of rows), then only those rows are read and put back in the same order. One row
 * more than a page is read: when it exists, a next page does (no second query counts them).
 */
export async function findFeedPage(
  db: Db,
  filters: FeedFilters,
  interests: Interests | null,
  mode: SearchMode,
): Promise<FeedPage> {
  const where = feedWhere(filters, mode);
  const order = feedOrder(filters, interests, mode);
  const pageIds = forYou(filters, interests)
    ? forYouPageIds(filters, interests, where)
    : db
        .select({ id: articles.id })
        .from(articles)
        .where(where)
        .orderBy(...order)
        .limit(PAGE_SIZE + 1)
        .offset((filters.page - 1) * PAGE_SIZE);
  const rows = await cards(db)
    .where(sql`${articles.id} = any(array(${pageIds}))`)
    .orderBy(...order);
  return { rows: rows.slice(0, PAGE_SIZE), hasMore: rows.length > PAGE_SIZE };
}

/** Whether any article matches the filters' search word for word (the typo retry's guard past page 1). */
export async function hasFullTextMatch(db: Db, filters: FeedFilters): Promise<boolean> {
  const [anyMatch] = await db.select({ id: articles.id }).from(articles).where(feedWhere(filters)).limit(1);
  return Boolean(anyMatch);
}

/**
 * The 'best of the last 30 days' order, exactly the order of the articles_best_idx index
 * (server/db/schema.ts, expression for expression): the query reads that index from the top
 * and stops at the first article of the month, where sorting every article of the month would
 * read tens of thousands of rows at a million articles.
 */
export const BEST_ORDER = [
  sql`(${articles.ratingAvg} * ln(1 + ${articles.ratingCount}) + ln(1 + ${articles.viewCount})) desc`,
  ...NEWEST,
];

/** The article an admin pinned last, if any. */
export async function findPinnedArticle(db: Db): Promise<SummaryWithAuthor | undefined> {
  const [pinned] = await cards(db)
    .where(sql`${articles.featuredAt} is not null`)
    .orderBy(sql`${articles.featuredAt} desc nulls last`)
    .limit(1);
  return pinned;
}

/** The best article of the last 30 days (BEST_ORDER), if any was written then. */
export async function findBestOfMonth(db: Db): Promise<SummaryWithAuthor | undefined> {
  const [best] = await cards(db)
    .where(sql`${articles.createdAt} >= ${DATE_RANGE_SQL["30d"]}`)
    .orderBy(...BEST_ORDER)
    .limit(1);
  return best;
}

/** The newest article, if there is any. */
export async function findNewestArticle(db: Db): Promise<SummaryWithAuthor | undefined> {
  const [newest] = await cards(db)
    .orderBy(...NEWEST)
    .limit(1);
  return newest;
}

export type Stats = { totalArticles: number; activeAuthors: number; totalReads: number };

/**
 * The stats are counters, not counts: platform_counters holds one row that statement triggers
 * on articles keep exact (migration 0008). An insert or delete adds its articles and their
 * reads, a batch of view-count updates adds its reads, each once per statement; an author's
 * first article and their last move activeAuthors (author_article_counts counts per author).
 * Reading them is one row, the same at a million articles as at a hundred.
 */
export async function readPlatformStats(db: Db): Promise<Stats> {
  const [row] = await db
    .select({
      totalArticles: platformCounters.totalArticles,
      activeAuthors: platformCounters.activeAuthors,
      totalReads: platformCounters.totalReads,
    })
    .from(platformCounters)
    .limit(1);
  return {
    totalArticles: Number(row?.totalArticles ?? 0),
    activeAuthors: Number(row?.activeAuthors ?? 0),
    totalReads: Number(row?.totalReads ?? 0),
  };
}
