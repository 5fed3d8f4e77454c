import type { FeedFilters } from "../../contract/feed";
import type { Db } from "../db/client";
import {
  type FeedPage,
  type FeedPageIds,
  findBestOfMonth,
  findCards,
  findFeedPageIds,
  findNewestArticle,
  findPinnedArticle,
  hasFullTextMatch,
  type Interests,
  readPlatformStats,
  type Stats,
  splitSearch,
} from "./feed-queries";
import type { SummaryWithAuthor } from "./presenter";
import { cachedRead } from "./read-cache";

/*
 * The feed, the featured article and the platform stats: which query answers, in what order,
 * and how long an answer is kept (the queries are in feed-queries.ts).
 */

export type { FeedPage, FeedPageIds } from "./feed-queries";

/**
 * A page of the feed as article ids, and whether a next page exists. A search that matches no
 * article word for word is tried again for close spellings ('sourdugh' finds 'sourdough'); a
 * page past the end of real matches stays empty.
 */
export async function listFeedIds(db: Db, filters: FeedFilters, interests: Interests | null): Promise<FeedPageIds> {
  const found = await findFeedPageIds(db, filters, interests, "fullText");
  if (found.ids.length > 0 || !filters.search || splitSearch(filters.search).positive.length < 3) return found;
  if (filters.page > 1 && (await hasFullTextMatch(db, filters))) return found;
  return findFeedPageIds(db, filters, interests, "typo");
}

/** A page of the feed with its articles (listFeedIds), and whether a next page exists. */
export async function listFeed(db: Db, filters: FeedFilters, interests: Interests | null): Promise<FeedPage> {
  const { ids, hasMore } = await listFeedIds(db, filters, interests);
  return { rows: await findCards(db, ids), hasMore };
}

/**
 * The featured article: the newest admin pin; otherwise the best of the last 30 days, scored
 * by rating (weighted by how many rated, so one 5-star vote does not win) plus readership, so
 * the home page leads with something readers liked rather than whatever was written last;
 * otherwise the newest article.
 */
export function findFeatured(db: Db): Promise<SummaryWithAuthor | undefined> {
  return cachedRead(db, "featured", () => chooseFeatured(db));
}

async function chooseFeatured(db: Db): Promise<SummaryWithAuthor | undefined> {
  return (await findPinnedArticle(db)) ?? (await findBestOfMonth(db)) ?? findNewestArticle(db);
}

/** Platform stats for the sidebar card, at most 10 seconds old. */
export function platformStats(db: Db): Promise<Stats> {
  return cachedRead(db, "stats", () => readPlatformStats(db));
}
