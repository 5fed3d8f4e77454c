import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { articles, articleViews } from "../db/schema";

const VISITOR_COOKIE = "vid";
/** A reader counts once per article in this window, however often they reload. */
export const VIEW_WINDOW_MINUTES = 30;

/**
 * Who is reading, for view counting: the account when signed in; otherwise a visitor cookie,
 * first derived from the address and browser so a first visit and its reload agree.
 */
export async function visitorKeyFor(request: FastifyRequest, reply: FastifyReply): Promise<string> {
  const user = await request.currentUser();
  if (user) return `u:${user.id}`;
  const existing = request.cookies[VISITOR_COOKIE];
  if (existing && /^[a-f0-9]{32}$/.test(existing)) return `v:${existing}`;
  const derived = createHash("sha256")
    .update(`${request.ip}|${request.headers["user-agent"] ?? ""}`)
    .digest("hex")
    .slice(0, 32);
  reply.setCookie(VISITOR_COOKIE, derived, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    maxAge: 365 * 24 * 60 * 60,
  });
  return `v:${derived}`;
}

const WINDOW_MS = VIEW_WINDOW_MINUTES * 60_000;
/** Visitors remembered in memory; beyond this the database alone tells a reload from a read. */
const MAX_REMEMBERED = 50_000;

/**
 * Counts reads without a write per request. A read this process already counted in the window
 * costs nothing; a new one is queued and written with every other read that arrived meanwhile,
 * in one statement, as soon as the previous batch is written (at low traffic that is at once).
 * The database still decides across processes (the upsert below); memory only saves asking it
 * again about a reload. A crash can lose the reads of the batch being written, never count one
 * twice.
 */
class ViewCounter {
  private remembered = new Map<string, number>();
  private pending = new Map<string, { articleId: number; visitorKey: string }>();
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
   * Counts a read unless this visitor read the article in the last 30 minutes; answers the
   * article's view count with the reads not yet written added to what the database holds.
   */
  count(articleId: number, visitorKey: string, storedCount: number): number {
    const key = `${articleId}|${visitorKey}`;
    const now = Date.now();
    const until = this.remembered.get(key);
    if (until === undefined || until <= now) {
      this.remembered.delete(key);
      this.remembered.set(key, now + WINDOW_MS);
      if (this.remembered.size > MAX_REMEMBERED) {
        const oldest = this.remembered.keys().next().value;
        if (oldest !== undefined) this.remembered.delete(oldest);
      }
      this.pending.set(key, { articleId, visitorKey });
      this.pendingByArticle.set(articleId, (this.pendingByArticle.get(articleId) ?? 0) + 1);
      this.writing ??= this.drain().finally(() => {
        this.writing = null;
      });
    }
    return storedCount + (this.pendingByArticle.get(articleId) ?? 0) + (this.writingByArticle.get(articleId) ?? 0);
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

/**
 * One statement for a batch of reads: each (article, visitor) counts unless the database saw it
 * within the window; the articles' counts go up by what counted. The articles are locked in id
 * order before they are updated: batches of several processes that share articles then wait
 * for one another instead of deadlocking, and the platform counters' trigger (migration 0008)
 * takes the counter row after every article row, at the end of the statement.
 */
async function writeViews(db: Db, batch: Array<{ articleId: number; visitorKey: string }>): Promise<void> {
  const ids = sql.param(batch.map((v) => v.articleId));
  const visitors = sql.param(batch.map((v) => v.visitorKey));
  await db.execute(sql`
    with seen as (
      insert into ${articleViews} (article_id, visitor_key, viewed_at)
      select article_id, visitor_key, now() from unnest(${ids}::int[], ${visitors}::text[]) as v(article_id, visitor_key)
      -- An article deleted since it was read has nothing left to count.
      where exists (select 1 from ${articles} where ${articles.id} = v.article_id)
      on conflict (article_id, visitor_key) do update set viewed_at = now()
        where ${articleViews.viewedAt} < now() - make_interval(mins => ${VIEW_WINDOW_MINUTES})
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
