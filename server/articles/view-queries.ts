// Read counting: the article_views records and the articles' view counts they add to.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { articles, articleViews } from "../db/schema";

/** One read waiting to be written. */
export interface PendingView {
  articleId: number;
  visitorKey: string;
  address: string | null;
}

/**
 * One statement for a batch of reads: each (article, visitor) counts unless the database saw it
 * within the window, or its address already has `readersPerAddress` readers of the article in
 * the window (readers of one address in one batch take the places left in the batch's order);
 * the articles' counts go up by what counted. Both checks are lookups on an index (the primary
 * key; article_views_article_address_idx). The articles are locked in id order before they are
 * updated: batches of several processes that share articles then wait for one another instead
 * of deadlocking, and the platform counters' trigger (migration 0008) takes the counter row after
 * every article row, at the end of the statement. Two processes writing readers of one address
 * at the same moment can each take the last place: the cap is exact within a process.
 * Answers how much each article's count went up (articles whose reads all counted before are
 * left out).
 */
export async function insertViews(
  db: Db,
  batch: PendingView[],
  limits: { windowMinutes: number; readersPerAddress: number },
): Promise<Map<number, number>> {
  const ids = sql.param(batch.map((v) => v.articleId));
  const visitors = sql.param(batch.map((v) => v.visitorKey));
  const addresses = sql.param(batch.map((v) => v.address));
  const recent = sql`now() - make_interval(mins => ${limits.windowMinutes})`;
  const result = await db.execute<{ id: number; n: number }>(sql`
    with batch as (
      select v.article_id, v.visitor_key, v.address_key,
        row_number() over (partition by v.article_id, v.address_key order by v.ord) as nth
      from unnest(${ids}::int[], ${visitors}::text[], ${addresses}::text[])
        with ordinality as v(article_id, visitor_key, address_key, ord)
      -- An article deleted since it was read has nothing left to count.
      where exists (select 1 from ${articles} where ${articles.id} = v.article_id)
        -- A reader counted in the window counts nothing now, and takes no new place.
        and not exists (
          select 1 from ${articleViews} w
          where w.article_id = v.article_id and w.visitor_key = v.visitor_key and w.viewed_at >= ${recent}
        )
    ), admitted as (
      select article_id, visitor_key, address_key from batch
      where address_key is null or nth + (
        select count(*) from ${articleViews} w
        where w.article_id = batch.article_id and w.address_key = batch.address_key and w.viewed_at >= ${recent}
      ) <= ${limits.readersPerAddress}
    ), seen as (
      insert into ${articleViews} (article_id, visitor_key, address_key, viewed_at)
      select article_id, visitor_key, address_key, now() from admitted
      on conflict (article_id, visitor_key) do update set viewed_at = now(), address_key = excluded.address_key
        where ${articleViews.viewedAt} < ${recent}
      returning article_id
    ), counted as (
      select article_id, count(*)::int as n from seen group by article_id
    ), locked as (
      select ${articles.id} as id from ${articles} where ${articles.id} in (select article_id from counted)
      order by ${articles.id} for no key update
    )
    update ${articles} set view_count = view_count + counted.n
    from counted join locked on locked.id = counted.article_id
    where ${articles.id} = counted.article_id
    returning ${articles.id} as id, counted.n as n`);
  return new Map((result.rows as Array<{ id: number; n: number }>).map((row) => [Number(row.id), Number(row.n)]));
}

/** Forgets reads older than `windowMinutes`. */
export async function deleteViewsBefore(db: Db, windowMinutes: number): Promise<void> {
  await db.delete(articleViews).where(sql`${articleViews.viewedAt} < now() - make_interval(mins => ${windowMinutes})`);
}
