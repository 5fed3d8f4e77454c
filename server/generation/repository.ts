import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { CreateArticleInput, GenerationStage } from "../../contract/articles";
import { GUEST_ARTICLE_LIMIT } from "../../contract/options";
import type { Db } from "../db/client";
import { type ArticleRow, articles, type GenerationRow, generations, users, videoCache } from "../db/schema";
import type { VideoData } from "./types";

/** What a generation job needs, kept as sent (the transcript as the user pasted it). */
/** A create request as queued: the video's id (a recording's stand-in id), and for a recording who speaks in it. */
export type GenerationRequest = CreateArticleInput & { videoId: string; authorName?: string };

/** A job whose heartbeat is older than this has lost its worker (a crash, a kill -9). */
export const DEFAULT_STALE_AFTER_MS = 45_000;

type StartResult =
  | { kind: "started"; generation: GenerationRow }
  | { kind: "existing"; generation: GenerationRow }
  | { kind: "limit" };

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" &&
  error !== null &&
  ((error as { code?: string }).code === "23505" || (error as { cause?: { code?: string } }).cause?.code === "23505");

/**
 * Starts a generation, or joins the one already answering this request: the same
 * Idempotency-Key, or an identical request still running (a double click). A new generation
 * reserves a place in a guest's allowance in the same transaction, with one conditional UPDATE,
 * so parallel requests cannot overshoot it.
 */
export async function startGeneration(
  db: Db,
  input: { userId: string; idempotencyKey: string; requestHash: string; request: GenerationRequest },
): Promise<StartResult> {
  const existing = await findJoinable(db, input.userId, input.idempotencyKey, input.requestHash);
  if (existing) return { kind: "existing", generation: existing };
  try {
    return await db.transaction(async (tx) => {
      const reserved = await tx
        .update(users)
        .set({ articlesInProgress: sql`${users.articlesInProgress} + 1` })
        .where(
          and(
            eq(users.id, input.userId),
            or(
              // Admins have no limit, whatever their account type (issue 18).
              sql`${users.role} = 'admin'`,
              sql`(${users.userType} <> 'guest' and (${users.subscriptionEndDate} is null or ${users.subscriptionEndDate} > now()))`,
              sql`${users.articlesGenerated} + ${users.articlesInProgress} < ${GUEST_ARTICLE_LIMIT}`,
            ),
          ),
        )
        .returning({ id: users.id });
      if (reserved.length === 0) return { kind: "limit" } as const;
      const [generation] = await tx
        .insert(generations)
        .values({
          userId: input.userId,
          idempotencyKey: input.idempotencyKey,
          requestHash: input.requestHash,
          request: input.request,
        })
        .returning();
      return { kind: "started", generation } as const;
    });
  } catch (error) {
    // Lost a race with an identical request: the transaction rolled back its reservation.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findJoinable(db, input.userId, input.idempotencyKey, input.requestHash);
    if (!winner) throw error;
    return { kind: "existing", generation: winner };
  }
}

/** An identical request finished this recently is a double click, not a new request. */
const DOUBLE_CLICK_MS = 30_000;

async function findJoinable(db: Db, userId: string, key: string, requestHash: string) {
  const [byKey] = await db
    .select()
    .from(generations)
    .where(and(eq(generations.userId, userId), eq(generations.idempotencyKey, key)))
    .limit(1);
  if (byKey) return byKey;
  const [running] = await db
    .select()
    .from(generations)
    .where(
      and(
        eq(generations.userId, userId),
        eq(generations.requestHash, requestHash),
        or(
          inArray(generations.status, ["queued", "running"]),
          and(
            eq(generations.status, "succeeded"),
            sql`${generations.finishedAt} > ${new Date(Date.now() - DOUBLE_CLICK_MS).toISOString()}::timestamptz`,
          ),
        ),
      ),
    )
    .orderBy(sql`${generations.createdAt} desc`)
    .limit(1);
  return running;
}

export async function findGeneration(db: Db, id: string): Promise<GenerationRow | undefined> {
  const [row] = await db.select().from(generations).where(eq(generations.id, id)).limit(1);
  return row;
}

export async function findGenerationByKey(db: Db, userId: string, key: string): Promise<GenerationRow | undefined> {
  const [row] = await db
    .select()
    .from(generations)
    .where(and(eq(generations.userId, userId), eq(generations.idempotencyKey, key)))
    .limit(1);
  return row;
}

/**
 * Takes the job for one worker run: a queued generation, or a running one whose worker stopped
 * beating. Answers undefined when another live run holds it or it is finished.
 */
export async function claimGeneration(
  db: Db,
  id: string,
  token: string,
  staleAfterMs = DEFAULT_STALE_AFTER_MS,
): Promise<GenerationRow | undefined> {
  const staleBefore = new Date(Date.now() - staleAfterMs).toISOString();
  const [row] = await db
    .update(generations)
    .set({
      status: "running",
      claimToken: token,
      heartbeatAt: sql`now()`,
      attempts: sql`${generations.attempts} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(generations.id, id),
        or(
          eq(generations.status, "queued"),
          and(
            eq(generations.status, "running"),
            or(sql`${generations.heartbeatAt} is null`, sql`${generations.heartbeatAt} < ${staleBefore}::timestamptz`),
          ),
        ),
      ),
    )
    .returning();
  return row;
}

/**
 * Takes the job as claimGeneration does, unless its user already has `perUser` runs going (live
 * ones: a dead worker's stale run does not count): then answers "busy" and the job waits its
 * turn. A lock on the user (a transaction-scoped advisory lock) makes the count and the claim one
 * step, so two workers cannot both take the user's last place.
 */
export async function claimGenerationInTurn(
  db: Db,
  id: string,
  token: string,
  perUser: number,
  staleAfterMs = DEFAULT_STALE_AFTER_MS,
): Promise<GenerationRow | "busy" | undefined> {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ userId: generations.userId })
      .from(generations)
      .where(eq(generations.id, id))
      .limit(1);
    if (!owner) return undefined;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`generation-turn:${owner.userId}`}))`);
    const staleBefore = new Date(Date.now() - staleAfterMs).toISOString();
    const [{ running }] = await tx
      .select({ running: sql<number>`count(*)::int` })
      .from(generations)
      .where(
        and(
          eq(generations.userId, owner.userId),
          eq(generations.status, "running"),
          sql`${generations.id} <> ${id}`,
          sql`${generations.heartbeatAt} >= ${staleBefore}::timestamptz`,
        ),
      );
    if (running >= perUser) {
      // Still waiting, and known to be: the orphan sweep leaves a generation alone while it does.
      await tx
        .update(generations)
        .set({ heartbeatAt: sql`now()` })
        .where(and(eq(generations.id, id), eq(generations.status, "queued")));
      return "busy" as const;
    }
    return claimGeneration(tx as unknown as Db, id, token, staleAfterMs);
  });
}

/**
 * Where a queued generation stands in line: 1 is the next to be taken, undefined when it is not
 * queued. The order is the workers' (server/generation/job.ts): higher priority first (premium
 * accounts and admins, as generationPriority decides), and within one priority each user's
 * generations in turns of `perUser` (a user's runs and their oldest queued ones make the first
 * turn, the next `perUser` the second...), oldest first within a turn. That is how the per-user
 * limit serves them: one user's burst waits behind another's single article.
 */
export async function queuePosition(db: Db, id: string, perUser: number): Promise<number | undefined> {
  const result = await db.execute<{ position: number | null }>(sql`
    with line as (
      select g.id, g.status, g.created_at,
        case when u.role = 'admin'
          or (u.user_type <> 'guest' and (u.subscription_end_date is null or u.subscription_end_date > now()))
          then 1 else 0 end as premium,
        (row_number() over (partition by g.user_id order by g.status = 'queued', g.created_at) - 1) / ${perUser} as turn
      from generations g join users u on u.id = g.user_id
      where g.status in ('queued', 'running')
    ),
    me as (select * from line where id = ${id} and status = 'queued')
    select (select count(*)::int + 1 from line
      where line.status = 'queued' and (
        line.premium > me.premium
        or (line.premium = me.premium and line.turn < me.turn)
        or (line.premium = me.premium and line.turn = me.turn and (line.created_at, line.id) < (me.created_at, me.id))
      )) as position
    from me
  `);
  return result.rows[0]?.position ?? undefined;
}

/** Records progress; answers false when this run no longer holds the job. */
export async function recordStage(
  db: Db,
  id: string,
  token: string,
  stage: GenerationStage,
  detail: string | null = null,
): Promise<boolean> {
  const rows = await db
    .update(generations)
    .set({ stage, detail, heartbeatAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(generations.id, id), eq(generations.claimToken, token), eq(generations.status, "running")))
    .returning({ id: generations.id });
  return rows.length > 0;
}

export async function heartbeat(db: Db, id: string, token: string): Promise<void> {
  await db
    .update(generations)
    .set({ heartbeatAt: sql`now()` })
    .where(and(eq(generations.id, id), eq(generations.claimToken, token), eq(generations.status, "running")));
}

export type NewArticle = Omit<typeof articles.$inferInsert, "id" | "userId" | "generationId" | "slug">;

/**
 * Stores the article and closes the generation in one transaction: the allowance moves from
 * "in progress" to "generated", and the unique generation id means a second run cannot add a
 * second article. Answers the article (the existing one when this run lost a race).
 */
export async function completeGeneration(
  db: Db,
  generation: GenerationRow,
  token: string,
  article: NewArticle,
  baseSlug: string,
  note: string | null,
): Promise<ArticleRow | undefined> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const slug = attempt === 0 ? await freeSlug(db, baseSlug) : `${baseSlug}-${randomSuffix()}`;
    try {
      return await db.transaction(async (tx) => {
        const closed = await tx
          .update(generations)
          .set({
            status: "succeeded",
            stage: "finalizing",
            note,
            finishedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(generations.id, generation.id),
              eq(generations.claimToken, token),
              eq(generations.status, "running"),
            ),
          )
          .returning({ id: generations.id });
        if (closed.length === 0) {
          const [existing] = await tx.select().from(articles).where(eq(articles.generationId, generation.id));
          return existing;
        }
        const [row] = await tx
          .insert(articles)
          .values({ ...article, slug, userId: generation.userId, generationId: generation.id })
          .returning();
        await tx.update(generations).set({ articleId: row.id }).where(eq(generations.id, generation.id));
        await tx
          .update(users)
          .set({
            articlesGenerated: sql`${users.articlesGenerated} + 1`,
            articlesInProgress: sql`greatest(${users.articlesInProgress} - 1, 0)`,
          })
          .where(eq(users.id, generation.userId));
        return row;
      });
    } catch (error) {
      // Another article took the slug between the check and the insert: try another.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error("could not find a free slug");
}

/**
 * Closes a generation as failed and gives its place in the allowance back (a failed generation
 * does not use up a guest's articles). Only the run holding it, or the sweeper, may do this.
 */
export async function failGeneration(
  db: Db,
  id: string,
  token: string | null,
  error: { message: string; status: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const closed = await tx
      .update(generations)
      .set({
        status: "failed",
        error: error.message,
        errorStatus: error.status,
        finishedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(generations.id, id),
          inArray(generations.status, ["queued", "running"]),
          token === null ? sql`true` : eq(generations.claimToken, token),
        ),
      )
      .returning({ userId: generations.userId });
    if (closed.length === 0) return false;
    await tx
      .update(users)
      .set({ articlesInProgress: sql`greatest(${users.articlesInProgress} - 1, 0)` })
      .where(eq(users.id, closed[0].userId));
    return true;
  });
}

/** Puts a run back in the queue after a crash inside it, for pg-boss to retry. */
export async function requeueGeneration(db: Db, id: string, token: string): Promise<void> {
  await db
    .update(generations)
    .set({ status: "queued", stage: "queued", claimToken: null, heartbeatAt: null, updatedAt: sql`now()` })
    .where(and(eq(generations.id, id), eq(generations.claimToken, token), eq(generations.status, "running")));
}

/** Unfinished generations nobody is working on: a dead worker's, or queued but never sent. */
export async function findOrphanedGenerations(db: Db, staleAfterMs = DEFAULT_STALE_AFTER_MS): Promise<GenerationRow[]> {
  const staleBefore = new Date(Date.now() - staleAfterMs).toISOString();
  return db
    .select()
    .from(generations)
    .where(
      and(
        inArray(generations.status, ["queued", "running"]),
        or(
          and(sql`${generations.heartbeatAt} is null`, lt(generations.createdAt, new Date(Date.now() - staleAfterMs))),
          sql`${generations.heartbeatAt} < ${staleBefore}::timestamptz`,
        ),
      ),
    )
    .limit(50);
}

/**
 * Puts an orphan back in the queue, unless another sweeper just did: the condition is checked
 * in the UPDATE itself, so of several sweepers exactly one re-sends it.
 */
export async function requeueOrphan(db: Db, id: string, staleAfterMs = DEFAULT_STALE_AFTER_MS): Promise<boolean> {
  const staleBefore = new Date(Date.now() - staleAfterMs).toISOString();
  const rows = await db
    .update(generations)
    .set({ status: "queued", stage: "queued", claimToken: null, heartbeatAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(generations.id, id),
        inArray(generations.status, ["queued", "running"]),
        or(sql`${generations.heartbeatAt} is null`, sql`${generations.heartbeatAt} < ${staleBefore}::timestamptz`),
      ),
    )
    .returning({ id: generations.id });
  return rows.length > 0;
}

async function freeSlug(db: Db, base: string): Promise<string> {
  const taken = await db
    .select({ slug: articles.slug })
    .from(articles)
    .where(or(eq(articles.slug, base), sql`${articles.slug} like ${`${base}-%`}`));
  if (!taken.some((r) => r.slug === base)) return base;
  const used = new Set(taken.map((r) => r.slug));
  for (let n = 2; n < 1000; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
  return `${base}-${randomSuffix()}`;
}

const randomSuffix = () => Math.random().toString(36).slice(2, 8);

/** The cached answer of a video source, when fresh enough. */
export async function readVideoCache(db: Db, videoId: string, maxAgeMs: number): Promise<VideoData | undefined> {
  const [row] = await db.select().from(videoCache).where(eq(videoCache.videoId, videoId)).limit(1);
  if (!row || Date.now() - row.fetchedAt.getTime() > maxAgeMs) return undefined;
  return row.data as VideoData;
}

export async function writeVideoCache(db: Db, video: VideoData): Promise<void> {
  await db
    .insert(videoCache)
    .values({ videoId: video.id, data: video })
    .onConflictDoUpdate({ target: videoCache.videoId, set: { data: video, fetchedAt: sql`now()` } });
}
