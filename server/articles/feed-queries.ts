// The feed's queries: a page of the feed for any filters and sort, the featured candidates and the platform counters.
import { and, eq, gte, type SQL, sql } from "drizzle-orm";
import type { FeedFilters, FollowedTargets } from "../../contract/feed";
import { PAGE_SIZE } from "../../contract/options";
import { categoryForSlug } from "../../contract/topics";
import { hasTagSlug, tagSlugSql } from "../community/topics";
import type { Db } from "../db/client";
import { oncePerDatabase } from "../db/per-database";
import { articles, articleTerms, platformCounters, users } from "../db/schema";
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
    !filters.search &&
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
      // A search is ordered by how well articles match it, whatever the reader's interests.
      if (!filters.search)
        return forYou(filters, interests) ? [sql`${interestScore(interests)} desc`, ...NEWEST] : NEWEST;
      return relevanceOrder(filters, mode);
    default:
      return filters.search ? relevanceOrder(filters, mode) : NEWEST;
  }
}

/**
 * A search unless sorted by popularity or rating is ordered by relevance: articles about the
 * words (title, tags, author, excerpt) first, then the body, newest first in each
 * (RelevanceSearch); close spellings by closeness.
 */
function relevanceOrder(filters: FeedFilters & { search?: string }, mode: SearchMode): SQL[] {
  const search = filters.search ?? "";
  return mode === "fullText"
    ? [sql`coalesce(${articles.rankVector} @@ ${fullTextQuery(search)}, false) desc`, ...NEWEST]
    : [sql`word_similarity(${splitSearch(search).positive}, ${articles.searchText}) desc`, ...NEWEST];
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

/** A search ordered by relevance: word for word, with no explicit sort (see feedOrder). */
function byRelevance(filters: FeedFilters, mode: SearchMode): filters is FeedFilters & { search: string } {
  return Boolean(filters.search) && mode === "fullText" && !["popular", "rating"].includes(filters.sortBy ?? "");
}

/**
 * The one word a search is, when it is one plain word (letters and digits, nothing excluded
 * or alternated): its matches among what articles are about can be read from the postings.
 */
function singleWord(search: string): string | null {
  const { positive } = splitSearch(search);
  return positive.length <= 100 && /^[\p{L}\p{N}]+$/u.test(positive) && positive.toLowerCase() !== "or"
    ? positive
    : null;
}

/**
 * A search by relevance without ranking every match (a broad word matches tens of thousands of
 * articles at a million; scoring each read every one of them). Relevance is two tiers: articles
 * about the words (in the title, tags, author or excerpt: articles.rank_vector) before articles
 * that only mention them in the body, each tier newest first. Each tier takes at most the rows
 * a page needs.
 */
/** The newest articles a search checks one by one before it asks the full-text index for all its matches. */
const RECENT_WINDOW = 1000;

class RelevanceSearch {
  private readonly query: SQL;
  private readonly matches: SQL;
  /** The filters besides the search, and an exclusion (-word), which is about the whole article. */
  private readonly others: SQL | undefined;
  private readonly needed: number;
  readonly word: string | null;
  /** One word and nothing else to check: plainWordSearch answers it. */
  readonly plain: boolean;

  constructor(
    private readonly filters: FeedFilters & { search: string },
    private readonly rest: SQL | undefined,
  ) {
    this.query = fullTextQuery(filters.search);
    this.matches = sql`${articles.searchVector} @@ ${this.query}`;
    this.others = and(rest, splitSearch(filters.search).negative ? this.matches : undefined);
    this.needed = filters.page * PAGE_SIZE + 1;
    this.word = singleWord(filters.search);
    this.plain = this.word !== null && this.others === undefined;
  }

  /**
   * The first tier, newest first, as many rows as the page needs. A one-word search reads the
   * word's postings (article_terms) in their index's order and stops once the page is full, so
   * a page costs the same at any size; each posting's article is checked against the other
   * filters one at a time (offset 0 keeps PostgreSQL from joining all articles instead, which it
   * would choose without knowing the word's frequency). Other searches take it from the GIN
   * index on rank_vector, or from the date index checking each row, whichever is cheaper.
   */
  about(): SQL {
    const { others, needed } = this;
    if (this.word) {
      return sql`select p.article_id as id, p.created_at from ${articleTerms} p
        ${others ? sql`, lateral (select 1 from ${articles} where ${articles.id} = p.article_id and ${others} offset 0) as passes` : sql``}
        where p.term = (select lexeme from unnest(to_tsvector('english', ${this.word})) limit 1)
        order by p.created_at desc nulls last, p.article_id desc nulls last limit ${needed}`;
    }
    return sql`with ${this.newestMatching("about", others, sql`${articles.rankVector} @@ ${this.query}`)}
      select id, created_at from about`;
  }

  /**
   * Two common table expressions, `name_recent` and `name`: the newest `needed` articles passing
   * `filters` that match `condition`, never by checking every article. First the newest
   * RECENT_WINDOW articles passing the filters are checked (a common word fills the page there);
   * only when they hold too few are all the matches taken from the GIN index and sorted (a rare
   * word has few). Left to itself PostgreSQL may walk the date index checking every row, which
   * for a word no article has, read them all (0.5 s at 100,000). `when` gates the whole read.
   */
  private newestMatching(name: string, filters: SQL | undefined, condition: SQL, when?: SQL): SQL {
    const { needed } = this;
    const newest = sql.join(NEWEST, sql`, `);
    const recent = sql.raw(`${name}_recent`);
    return sql`${recent} as (
        select ${articles.id} as id, ${articles.createdAt} as created_at
        from (select ${articles.id} as recent_id from ${articles} ${filters || when ? sql`where ${and(when, filters)}` : sql``}
              order by ${newest} limit ${RECENT_WINDOW}) as window_rows
        join ${articles} on ${articles.id} = window_rows.recent_id
        where ${condition} order by ${newest} limit ${needed}),
      ${sql.raw(name)} as (
        select id, created_at from ${recent}
        union all
        (select id, created_at from (
            select ${articles.id} as id, ${articles.createdAt} as created_at from ${articles}
            where ${and(when, sql`(select count(*) from ${recent}) < ${needed}`, filters, condition)} offset 0) as matching
          order by created_at desc nulls last, id desc nulls last limit ${needed}))`;
  }

  /** The page's ids from the first tier alone: enough whenever that tier fills the page and one more row. */
  aboutPageIds(): SQL {
    return sql`select id from (${this.about()}) as about
      order by created_at desc nulls last, id desc nulls last
      limit ${PAGE_SIZE + 1} offset ${(this.filters.page - 1) * PAGE_SIZE}`;
  }

  /** The page's ids from both tiers; the body tier is not read when the first fills the page. */
  pageIds(): SQL {
    const { needed } = this;
    const body = this.newestMatching(
      "body",
      this.rest,
      this.matches,
      sql`(select count(distinct id) from about) < ${needed}`,
    );
    return sql`with about as (${this.about()}), ${body}
      select id from (
        select id, 1 as tier, created_at from about
        union all
        select id, 0, created_at from body
      ) as tiers
      group by id
      order by max(tier) desc, max(created_at) desc nulls last, id desc
      limit ${PAGE_SIZE + 1} offset ${(this.filters.page - 1) * PAGE_SIZE}`;
  }
}

/** Articles as cards with their authors: what the feed and the featured slot show. */
const cards = (db: Db) =>
  db
    .select({ article: summaryColumns, author: authorColumns })
    .from(articles)
    .innerJoin(users, eq(users.id, articles.userId));

/**
 * The commonest search, one word and no other filter, as a prepared statement: the query is
 * built once per database and each connection plans it once, where building and planning it
 * anew cost more than running it (issue 20: searches nobody repeated, a few hundred a second).
 * The same page as RelevanceSearch.aboutPageIds gives: the word's postings, newest first.
 */
const plainWordSearch = oncePerDatabase((db) =>
  db
    .select({ id: articleTerms.articleId })
    .from(articleTerms)
    .where(
      sql`${articleTerms.term} = (select lexeme from unnest(to_tsvector('english', ${sql.placeholder("word")}::text)) limit 1)`,
    )
    .orderBy(sql`${articleTerms.createdAt} desc nulls last`, sql`${articleTerms.articleId} desc nulls last`)
    .limit(PAGE_SIZE + 1)
    .offset(sql.placeholder("offset"))
    .prepare("feed_plain_word_search"),
);

/** One page of the feed, and whether another page follows it. */
export interface FeedPage {
  rows: SummaryWithAuthor[];
  hasMore: boolean;
}

/** One page of the feed as article ids in the feed's order, and whether another page follows it. */
export interface FeedPageIds {
  ids: number[];
  hasMore: boolean;
}

const idsOf = (rows: ReadonlyArray<Record<string, unknown>>) => rows.map((row) => Number(row.id));

/**
 * One page of the feed for the filters and sort, as ids in order. The page's ids come from the
 * indexes alone (a deep page skips thousands of index entries, not thousands of rows); the
 * articles themselves are read by findCards, or taken from the kept summaries (feed API). One
 * id more than a page is read: when it exists, a next page does (no second query counts them).
 */
export async function findFeedPageIds(
  db: Db,
  filters: FeedFilters,
  interests: Interests | null,
  mode: SearchMode,
): Promise<FeedPageIds> {
  const where = feedWhere(filters, mode);
  const order = feedOrder(filters, interests, mode);
  const search = byRelevance(filters, mode)
    ? new RelevanceSearch(filters, feedWhere({ ...filters, search: undefined }))
    : null;
  let ids: number[] | null = null;
  if (search?.word) {
    // A one-word search usually fills its page from the postings alone: a query far cheaper to
    // plan and run than both tiers. Only a page it cannot fill asks again with both.
    ids = idsOf(
      search.plain
        ? await plainWordSearch(db).execute({ word: search.word, offset: (filters.page - 1) * PAGE_SIZE })
        : (await db.execute(search.aboutPageIds())).rows,
    );
    if (ids.length <= PAGE_SIZE) ids = null;
  }
  if (!ids) {
    ids = forYou(filters, interests)
      ? idsOf((await db.execute(forYouPageIds(filters, interests, where))).rows)
      : search
        ? idsOf((await db.execute(search.pageIds())).rows)
        : idsOf(
            await db
              .select({ id: articles.id })
              .from(articles)
              .where(where)
              .orderBy(...order)
              .limit(PAGE_SIZE + 1)
              .offset((filters.page - 1) * PAGE_SIZE),
          );
  }
  return { ids: ids.slice(0, PAGE_SIZE), hasMore: ids.length > PAGE_SIZE };
}

/**
 * Articles as cards with their authors, in the order of `ids` (an id whose article is gone
 * meanwhile is left out).
 */
export async function findCards(db: Db, ids: readonly number[]): Promise<SummaryWithAuthor[]> {
  if (ids.length === 0) return [];
  const rows = await cards(db).where(sql`${articles.id} = any(${sql.param([...ids])}::int[])`);
  const byId = new Map(rows.map((row) => [row.article.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
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
