import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { forgetCachedReads } from "../server/articles/read-cache";
import type { TestApp } from "./app";

export type Stats = { totalArticles: number; activeAuthors: number; totalReads: number };

/**
 * The platform stats as the app answers them (the short read cache forgotten first), checked
 * against a count over every article, and the per-author counts the triggers keep (migration
 * 0008) against the articles. Answers the stats.
 */
export async function exactStats(t: TestApp): Promise<Stats> {
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  forgetCachedReads(t.database.db);
  const response = await t.app.inject({ method: "GET", url: "/api/stats" });
  expect(response.statusCode, response.body).toBe(200);
  const [counted] = await rows<Stats>(sql`select count(*)::int as "totalArticles",
      count(distinct user_id)::int as "activeAuthors", coalesce(sum(view_count), 0)::int as "totalReads"
    from articles`);
  expect(response.json()).toEqual(counted);
  const kept = await rows<{ user_id: string; n: number }>(
    sql`select user_id, article_count as n from author_article_counts order by user_id`,
  );
  const actual = await rows<{ user_id: string; n: number }>(
    sql`select user_id, count(*)::int as n from articles group by user_id order by user_id`,
  );
  expect(kept).toEqual(actual);
  return counted;
}
