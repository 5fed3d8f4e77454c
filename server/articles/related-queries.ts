// What to read after an article: related articles by tags, category and full-text similarity,
// and the author's articles either side of it by date.
import { desc, eq, type SQL, sql } from "drizzle-orm";
import { MAX_RELATED } from "../../contract/article-reading";
import type { Db } from "../db/client";
import { articles, articleTerms, users } from "../db/schema";
import { authorColumns, type SummaryWithAuthor, summaryColumns } from "./presenter";

/** What the related articles are chosen by: the article's own id, author, category, tags and words. */
export interface RelatedSource {
  id: number;
  userId: string;
  category: string;
  tags: string[];
  title: string;
  excerpt: string;
}

/** An article of the same author, enough to link to it. */
export interface NeighbourRow {
  id: number;
  slug: string;
  title: string;
  createdAt: Date;
}

/** The article's columns that choose its related articles; undefined when there is no such article. */
export async function findRelatedSource(db: Db, id: number): Promise<RelatedSource | undefined> {
  const [row] = await db
    .select({
      id: articles.id,
      userId: articles.userId,
      category: articles.category,
      tags: articles.tags,
      title: articles.title,
      excerpt: articles.excerpt,
    })
    .from(articles)
    .where(eq(articles.id, id))
    .limit(1);
  return row;
}

/**
 * Candidates that are ranked: the newest of the category, and the newest with each of the
 * article's tags. Each comes from an index a few rows at a time (the category's date index, the
 * tag's words in the search postings), so the cost is the same however many articles share them;
 * scanning the table for "shares a tag or the category" read every article (0.3 s at 100,000).
 */
const CATEGORY_CANDIDATES = 100;
const CANDIDATES_PER_TAG_WORD = 40;

/** The most distinct words of the title, tags and excerpt the similarity query asks for. */
const MAX_QUERY_WORDS = 40;

/**
 * The article's words as a web-search query that matches any of them ("a or b or c"): only
 * letters and digits, so nothing in a title can read as a phrase, an exclusion or an operator.
 */
export function similarityQuery(source: Pick<RelatedSource, "title" | "tags" | "excerpt">): string {
  const text = `${source.title} ${source.tags.join(" ")} ${source.excerpt}`.toLowerCase();
  const words = new Set(text.match(/[\p{L}\p{N}]+/gu) ?? []);
  words.delete("or");
  return [...words]
    .filter((word) => word.length > 1)
    .slice(0, MAX_QUERY_WORDS)
    .join(" or ");
}

/**
 * Up to MAX_RELATED other articles sharing a tag (any case) or the category (the newest of each:
 * CATEGORY_CANDIDATES, CANDIDATES_PER_TAG_WORD), most similar first:
 * full-text rank of the article's words against each candidate's title, tags, author and
 * excerpt (the rank_vector the feed's search ranks by, on both databases), then the number of
 * tags shared, then the newest.
 */
export async function findRelatedArticles(db: Db, source: RelatedSource): Promise<SummaryWithAuthor[]> {
  const tags = source.tags.map((tag) => tag.toLowerCase());
  const sharedTags: SQL = tags.length
    ? sql`(select count(*) from unnest(${articles.tags}) as t(tag) where lower(t.tag) in ${tags})::int`
    : sql`0`;
  const query = similarityQuery(source);
  const rank: SQL = query
    ? sql`coalesce(ts_rank(${articles.rankVector}, websearch_to_tsquery('english', ${query})), 0)`
    : sql`0`;

  // A tag's articles hold its words among what they are about (article_terms): read the newest
  // postings of each word, then keep only articles that really share one of the tags.
  const tagged = tags.length
    ? sql`select a.id, a.created_at from (select distinct w.lexeme from unnest(to_tsvector('english', ${tags.join(" ")})) w) as words,
          lateral (select p.article_id from ${articleTerms} p where p.term = words.lexeme
            order by p.created_at desc nulls last, p.article_id desc nulls last limit ${CANDIDATES_PER_TAG_WORD}) as posting
          join ${articles} a on a.id = posting.article_id
          where a.id <> ${source.id}
            and exists (select 1 from unnest(a.tags) as t(tag) where lower(t.tag) in ${tags})`
    : null;
  const inCategory = sql`select ${articles.id} as id, ${articles.createdAt} as created_at from ${articles}
    where ${articles.category} = ${source.category} and ${articles.id} <> ${source.id}
    order by ${articles.createdAt} desc nulls last, ${articles.id} desc nulls last limit ${CATEGORY_CANDIDATES}`;
  const candidateIds = tagged ? sql`(${inCategory}) union (${tagged})` : inCategory;
  const candidates = db
    .select({ id: articles.id, rank: sql<number>`${rank}`.as("rank"), shared: sql<number>`${sharedTags}`.as("shared") })
    .from(articles)
    .where(sql`${articles.id} in (select id from (${candidateIds}) as c)`)
    .as("candidates");

  const rows = await db
    .select({ article: summaryColumns, author: authorColumns })
    .from(candidates)
    .innerJoin(articles, eq(articles.id, candidates.id))
    .innerJoin(users, eq(users.id, articles.userId))
    .orderBy(desc(candidates.rank), desc(candidates.shared), desc(articles.createdAt), desc(articles.id))
    .limit(MAX_RELATED);
  return rows;
}

/**
 * The author's articles just before and just after this one by date, ties broken by id, in one
 * statement. Compared with the row's own timestamp in the database, which keeps the
 * microseconds a JavaScript date would lose.
 */
export async function findAuthorNeighbours(
  db: Db,
  source: Pick<RelatedSource, "id" | "userId">,
): Promise<{ previous: NeighbourRow | undefined; next: NeighbourRow | undefined }> {
  const self = sql`(select ${articles.createdAt}, ${articles.id} from ${articles} where ${articles.id} = ${source.id})`;
  const columns = sql`${articles.id} as id, ${articles.slug} as slug, ${articles.title} as title, ${articles.createdAt} as created_at`;
  const result = await db.execute<{
    side: string;
    id: number;
    slug: string;
    title: string;
    created_at: Date | string;
  }>(sql`
    (select 'previous' as side, ${columns} from ${articles}
      where ${articles.userId} = ${source.userId} and (${articles.createdAt}, ${articles.id}) < ${self}
      order by ${articles.createdAt} desc, ${articles.id} desc limit 1)
    union all
    (select 'next' as side, ${columns} from ${articles}
      where ${articles.userId} = ${source.userId} and (${articles.createdAt}, ${articles.id}) > ${self}
      order by ${articles.createdAt}, ${articles.id} limit 1)`);
  const rows = result.rows as Array<{
    side: string;
    id: number;
    slug: string;
    title: string;
    created_at: Date | string;
  }>;
  const side = (name: string): NeighbourRow | undefined => {
    const row = rows.find((r) => r.side === name);
    return row && { id: Number(row.id), slug: row.slug, title: row.title, createdAt: new Date(row.created_at) };
  };
  return { previous: side("previous"), next: side("next") };
}
