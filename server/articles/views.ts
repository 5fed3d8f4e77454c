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

/**
 * Counts a read unless this visitor read the article in the last 30 minutes; answers the
 * article's view count afterwards. One statement: the upsert decides, the update counts.
 */
export async function recordView(db: Db, articleId: number, visitorKey: string): Promise<number> {
  const result = await db.execute(sql`
    with seen as (
      insert into ${articleViews} (article_id, visitor_key, viewed_at)
      values (${articleId}, ${visitorKey}, now())
      on conflict (article_id, visitor_key) do update set viewed_at = now()
        where ${articleViews.viewedAt} < now() - make_interval(mins => ${VIEW_WINDOW_MINUTES})
      returning 1
    )
    update ${articles} set view_count = view_count + (select count(*) from seen)
    where id = ${articleId}
    returning view_count`);
  const rows = (result as unknown as { rows: Array<{ view_count: number }> }).rows;
  return rows[0]?.view_count ?? 0;
}

/** Forgets reads older than the window; they no longer decide anything. */
export async function pruneViews(db: Db): Promise<void> {
  await db
    .delete(articleViews)
    .where(sql`${articleViews.viewedAt} < now() - make_interval(mins => ${VIEW_WINDOW_MINUTES})`);
}
