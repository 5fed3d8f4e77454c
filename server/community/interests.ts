import { sql } from "drizzle-orm";
import { categoryForSlug } from "../../contract/topics";
import type { Db } from "../db/client";
import type { UserRow } from "../db/schema";
import { articles, readingHistory, users } from "../db/schema";
import { WriteBehind } from "../lib/write-behind";
import { followedBy } from "./follows";

/*
 * What 'For You' knows of a reader (issue 19 item 3): the categories and topics chosen at sign-up,
 * what they follow, and what their recent reading, ratings and bookmarks have in common. Bounded:
 * only the newest signals are read, and only a few of each kind are kept.
 */

export interface LearnedInterests {
  /** Category names (contract CATEGORIES). */
  categories: string[];
  /** Words matched against an article's title, tags, author and excerpt. */
  topics: string[];
  /** Author user ids. */
  authors: string[];
}

/** Newest signals of each kind read. */
const SIGNALS = 60;
const MAX_LEARNED_CATEGORIES = 3;
const MAX_LEARNED_TAGS = 6;
const MAX_LEARNED_AUTHORS = 5;
/** A category, tag or author counts as an interest from this weight (a bookmark and a read, say). */
const THRESHOLD = 3;

// A read weighs 1, a bookmark 2, a rating of 4 or 5 weighs 3 and one of 1 or 2 takes 2 away.
const weightsFor = (user: ReturnType<typeof sql>) => sql`
  (select article_id, 1 as weight from (select article_id from reading_history where user_id = ${user}
     order by read_at desc limit ${SIGNALS}) r)
  union all
  (select article_id, 2 from (select article_id from bookmarks where user_id = ${user}
     order by created_at desc limit ${SIGNALS}) b)
  union all
  (select article_id, case when rating >= 4 then 3 when rating <= 2 then -2 else 0 end
     from (select article_id, rating from ratings where user_id = ${user} order by updated_at desc limit ${SIGNALS}) g)`;

function top(scores: Map<string, number>, limit: number): string[] {
  return [...scores.entries()]
    .filter(([, score]) => score >= THRESHOLD)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([key]) => key);
}

const add = (scores: Map<string, number>, key: string, weight: number) =>
  scores.set(key, (scores.get(key) ?? 0) + weight);

/** A reader's interests for 'For You', or null for a visitor. */
export async function learnedInterests(db: Db, user: UserRow | undefined): Promise<LearnedInterests | null> {
  if (!user) return null;
  await readRecorder(db).settled();
  const userParam = sql`${user.id}::uuid`;
  const weights = weightsFor(userParam);
  const [engaged, followed] = await Promise.all([
    db.execute<{ category: string; tags: string[]; author: string; weight: number }>(sql`
      select a.category, a.tags, a.user_id as author, sum(w.weight)::int as weight
      from (${weights}) w join articles a on a.id = w.article_id
      where a.user_id <> ${userParam}
      group by a.id`),
    followedBy(db, user.id),
  ]);
  const categories = new Map<string, number>();
  const tags = new Map<string, number>();
  const authors = new Map<string, number>();
  for (const row of engaged.rows) {
    const weight = Number(row.weight);
    add(categories, row.category, weight);
    for (const tag of (row.tags ?? []).slice(0, 10)) add(tags, tag.toLowerCase(), weight);
    add(authors, row.author, weight);
  }
  const followedCategories = followed.categories.flatMap((slug) => categoryForSlug(slug) ?? []);
  // A followed tag's slug reads as its words ("machine-learning" is "machine learning").
  const followedTags = followed.tags.map((slug) => slug.replaceAll("-", " "));
  const unique = (values: string[]) => [...new Set(values)];
  return {
    categories: unique([
      ...user.preferredCategories,
      ...followedCategories,
      ...top(categories, MAX_LEARNED_CATEGORIES),
    ]),
    topics: unique([...user.preferredTopics, ...followedTags, ...top(tags, MAX_LEARNED_TAGS)]),
    authors: unique([...followed.authors, ...top(authors, MAX_LEARNED_AUTHORS)]),
  };
}

// Reads waiting to be written, at most; past it the oldest wait goes (a lost read only teaches
// 'For You' a little less).
const MAX_PENDING_READS = 10_000;

/**
 * Remembers that signed-in readers opened articles (the latest read wins), written behind the
 * page: each read is queued and written with every other that arrived meanwhile, in one
 * statement, as soon as the previous batch is written (at low traffic, at once). A reader's
 * page never waits for it; what reads teach (learnedInterests, the settings export) waits for
 * the batch in flight first, so this process always reads its own writes. A crash can lose the
 * reads of the batch being written.
 */
class ReadRecorder {
  private readonly reads: WriteBehind<{ userId: string; articleId: number }>;

  constructor(db: Db, onError: (error: unknown) => void) {
    this.reads = new WriteBehind((batch) => insertReads(db, batch), onError, MAX_PENDING_READS);
  }

  record(userId: string, articleId: number): void {
    this.reads.add(`${userId}|${articleId}`, { userId, articleId });
  }

  /** Waits until every read recorded so far is written (or has failed). */
  settled(): Promise<void> {
    return this.reads.settled();
  }
}

/**
 * One statement for a batch of reads. A reader or an article deleted since the read has
 * nothing left to remember (and must not fail the rest of the batch).
 */
async function insertReads(db: Db, batch: Array<{ userId: string; articleId: number }>): Promise<void> {
  const userIds = sql.param(batch.map((r) => r.userId));
  const articleIds = sql.param(batch.map((r) => r.articleId));
  await db.execute(sql`
    insert into ${readingHistory} (user_id, article_id, read_at)
    select r.user_id, r.article_id, now()
    from unnest(${userIds}::uuid[], ${articleIds}::int[]) as r(user_id, article_id)
    where exists (select 1 from ${users} where ${users.id} = r.user_id)
      and exists (select 1 from ${articles} where ${articles.id} = r.article_id)
    on conflict (user_id, article_id) do update set read_at = now()`);
}

const recorders = new WeakMap<Db, ReadRecorder>();

/** The read recorder of one database (one per app; tests run several). */
export function readRecorder(db: Db, onError: (error: unknown) => void = () => {}): ReadRecorder {
  let recorder = recorders.get(db);
  if (!recorder) {
    recorder = new ReadRecorder(db, onError);
    recorders.set(db, recorder);
  }
  return recorder;
}
