import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { articles, articleViews } from "../db/schema";
import type { Visitor } from "./visitor";

/** A reader counts once per article in this window, however often they reload. */
export const VIEW_WINDOW_MINUTES = 30;
/**
 * Signed-out readers one address can add to an article's count in a window, however many
 * cookies or browsers it makes up: enough for a household, never a flood. (A classroom behind
 * one address is counted as this many readers unless its readers sign in.)
 */
export const READERS_PER_ADDRESS = 3;

const WINDOW_MS = VIEW_WINDOW_MINUTES * 60_000;
/** Visitors remembered in memory; beyond this the database alone tells a reload from a read. */
const MAX_REMEMBERED = 50_000;

/** One read waiting to be written. */
export interface PendingView {
  articleId: number;
  visitorKey: string;
  address: string | null;
}

/**
 * Counts reads without a write per request. A read this process already counted in the window
 * costs nothing; a new one is queued and written with every other read that arrived meanwhile,
 * in one statement, as soon as the previous batch is written (at low traffic that is at once).
 * The database still decides across processes (the upsert below); memory only saves asking it
 * again about a reload, and stops counting an address's readers past READERS_PER_ADDRESS
 * before the database has to. A crash can lose the reads of the batch being written, never
 * count one twice.
 */
class ViewCounter {
  private remembered = new Map<string, number>();
  /** For each article and address, until when each of its counted readers holds a place. */
  private places = new Map<string, number[]>();
  private pending = new Map<string, PendingView>();
  private pendingByArticle = new Map<number, number>();
  private writingByArticle = new Map<number, number>();
  private writing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Waits for the batch being written, so a read that follows sees its counts. */
  async settled(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /**
   * Counts a read unless this visitor read the article in the last 30 minutes, or their
   * address has already added READERS_PER_ADDRESS readers to it in that time; answers the
   * article's view count with the reads not yet written added to what the database holds.
   */
  count(articleId: number, visitor: Visitor, storedCount: number): number {
    const key = `${articleId}|${visitor.key}`;
    const now = Date.now();
    const until = this.remembered.get(key);
    if ((until === undefined || until <= now) && this.takePlace(articleId, visitor.address, now)) {
      remember(this.remembered, key, now + WINDOW_MS);
      this.pending.set(key, { articleId, visitorKey: visitor.key, address: visitor.address });
      this.pendingByArticle.set(articleId, (this.pendingByArticle.get(articleId) ?? 0) + 1);
      this.writing ??= this.drain().finally(() => {
        this.writing = null;
      });
    }
    return storedCount + (this.pendingByArticle.get(articleId) ?? 0) + (this.writingByArticle.get(articleId) ?? 0);
  }

  /** Whether the address has a place left for one more reader of the article (and takes it). */
  private takePlace(articleId: number, address: string | null, now: number): boolean {
    if (address === null) return true;
    const key = `${articleId}|${address}`;
    const held = (this.places.get(key) ?? []).filter((until) => until > now);
    if (held.length >= READERS_PER_ADDRESS) return false;
    held.push(now + WINDOW_MS);
    this.places.delete(key);
    remember(this.places, key, held);
    return true;
  }

  private async drain(): Promise<void> {
    while (this.pending.size > 0) {
      const batch = [...this.pending.values()];
      this.writingByArticle = this.pendingByArticle;
      this.pending = new Map();
      this.pendingByArticle = new Map();
      try {
        await writeViews(this.db, batch);
      } catch (error) {
        this.onError(error);
      } finally {
        this.writingByArticle = new Map();
      }
    }
  }
}

/** Sets a key as the newest entry of a map that keeps at most MAX_REMEMBERED, dropping the oldest. */
function remember<T>(map: Map<string, T>, key: string, value: T): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_REMEMBERED) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}

/**
 * One statement for a batch of reads: each (article, visitor) counts unless the database saw it
 * within the window, or its address already has READERS_PER_ADDRESS readers of the article in
 * the window (readers of one address in one batch take the places left in the batch's order);
 * the articles' counts go up by what counted. Both checks are lookups on an index (the primary
 * key; article_views_article_address_idx). The articles are locked in id order before they are
 * updated: batches of several processes that share articles then wait for one another instead
 * of deadlocking, and the platform counters' trigger (migration 0008) takes the counter row after
 * every article row, at the end of the statement. Two processes writing readers of one address
 * at the same moment can each take the last place: the cap is exact within a process.
 */
export async function writeViews(db: Db, batch: PendingView[]): Promise<void> {
  const ids = sql.param(batch.map((v) => v.articleId));
  const visitors = sql.param(batch.map((v) => v.visitorKey));
  const addresses = sql.param(batch.map((v) => v.address));
  const recent = sql`now() - make_interval(mins => ${VIEW_WINDOW_MINUTES})`;
  await db.execute(sql`
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
      ) <= ${READERS_PER_ADDRESS}
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
    where ${articles.id} = counted.article_id`);
}

const counters = new WeakMap<Db, ViewCounter>();

/** The view counter of one database (one per app; tests run several). */
export function viewCounter(db: Db, onError: (error: unknown) => void = () => {}): ViewCounter {
  let counter = counters.get(db);
  if (!counter) {
    counter = new ViewCounter(db, onError);
    counters.set(db, counter);
  }
  return counter;
}

/** Forgets reads older than the window; they no longer decide anything. */
export async function pruneViews(db: Db): Promise<void> {
  await db
    .delete(articleViews)
    .where(sql`${articleViews.viewedAt} < now() - make_interval(mins => ${VIEW_WINDOW_MINUTES})`);
}
