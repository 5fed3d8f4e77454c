import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { videoCache } from "../db/schema";
import type { VideoDetails } from "./article-head";

/**
 * What the video cache knows about a source video (title, description, upload date, length),
 * for the article's VideoObject; null when the video was never cached (seeded articles, an
 * expired cache row still answers). Reads only the fields it needs out of the stored JSON.
 */
export async function findVideoDetails(db: Db, videoId: string): Promise<VideoDetails | null> {
  const [row] = await db
    .select({
      title: sql<string | null>`${videoCache.data}->>'title'`,
      description: sql<string | null>`left(${videoCache.data}->>'description', 2000)`,
      publishedAt: sql<string | null>`${videoCache.data}->>'publishedAt'`,
      durationSeconds: sql<string | null>`${videoCache.data}->>'durationSeconds'`,
    })
    .from(videoCache)
    .where(eq(videoCache.videoId, videoId))
    .limit(1);
  if (!row) return null;
  const duration = row.durationSeconds === null ? Number.NaN : Number(row.durationSeconds);
  return {
    title: row.title,
    description: row.description,
    publishedAt: row.publishedAt,
    durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : null,
  };
}
