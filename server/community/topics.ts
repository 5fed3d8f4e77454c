import { desc, type SQL, sql } from "drizzle-orm";
import { categoryForSlug, isTopicSlug, SITEMAP_TAG_LIMIT, tagSlug } from "../../contract/topics";
import type { Db } from "../db/client";
import { articles } from "../db/schema";

/*
 * Tags are stored as typed (articles.tags); a tag page names them by slug (contract/topics.ts),
 * so "Machine Learning" and "machine-learning" are one page. No index holds tag slugs, so the
 * trigram index on search_text (title, tags and author, lowercased) narrows the rows first: every
 * word of the slug appears in that order in the lowercased tag, hence in search_text. The exact
 * test then slugs each tag in SQL the way topicSlug does in TypeScript (ASCII only, so no
 * locale can make them differ).
 */

const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LOWER = "abcdefghijklmnopqrstuvwxyz";

/** topicSlug (contract/topics.ts) in SQL, for one text value. */
export function tagSlugSql(tag: SQL): SQL {
  // Constant text, written inline: the same expression wherever it appears in one statement.
  return sql`trim(both '-' from regexp_replace(translate(${tag}, ${sql.raw(`'${UPPER}'`)}, ${sql.raw(`'${LOWER}'`)}), '[^a-z0-9]+', '-', 'g'))`;
}

/**
 * WHERE for "carries a tag whose slug is this one". The slug is checked (lowercase letters,
 * digits and single hyphens), so the LIKE pattern it makes holds no wildcard of its own.
 */
export function hasTagSlug(slug: string): SQL {
  if (!isTopicSlug(slug)) return sql`false`;
  const pattern = `%${slug.split("-").join("%")}%`;
  return sql`(${articles.searchText} like ${pattern} and exists (select 1 from unnest(${articles.tags}) as t(tag) where ${tagSlugSql(sql`t.tag`)} = ${slug}))`;
}

/** How a known tag is spelled (its most used spelling), or undefined when no article carries it. */
export async function findTagName(db: Db, slug: string): Promise<string | undefined> {
  if (!isTopicSlug(slug)) return undefined;
  const rows = await db
    .select({ tags: articles.tags })
    .from(articles)
    .where(hasTagSlug(slug))
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(20);
  const counts = new Map<string, number>();
  for (const row of rows) {
    for (const tag of row.tags) if (tagSlug(tag) === slug) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  let best: string | undefined;
  for (const [tag, count] of counts) if (best === undefined || count > (counts.get(best) ?? 0)) best = tag;
  return best;
}

/** A topic page's subject: a category from the contract's list, or a tag some article carries. */
export type Topic = { kind: "category"; slug: string; name: string } | { kind: "tag"; slug: string; name: string };

export async function findTopic(db: Db, kind: Topic["kind"], slug: string): Promise<Topic | undefined> {
  if (kind === "category") {
    const name = categoryForSlug(slug);
    return name ? { kind, slug, name } : undefined;
  }
  const name = await findTagName(db, slug);
  return name ? { kind, slug, name } : undefined;
}

/** How many recent articles the sitemap's tag list is counted over (an index walk, not the table). */
const SITEMAP_TAG_WINDOW = 5000;

/** The most used tags' slugs among recent articles, most used first, at most SITEMAP_TAG_LIMIT. */
export async function popularTagSlugs(db: Db, limit = SITEMAP_TAG_LIMIT): Promise<string[]> {
  const rows = await db.execute<{ slug: string }>(sql`
    select slug, count(*) as uses
    from (select ${tagSlugSql(sql`t.tag`)} as slug
          from (select ${articles.tags} as tags from ${articles}
                order by ${articles.createdAt} desc, ${articles.id} desc limit ${SITEMAP_TAG_WINDOW}) as recent,
               unnest(recent.tags) as t(tag)) as slugs
    where slug <> ''
    group by slug
    order by uses desc, slug
    limit ${limit}`);
  return (rows.rows as Array<{ slug: string }>).map((row) => row.slug);
}
