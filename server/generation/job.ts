import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { forgetCachedReads } from "../articles/read-cache";
import { presentLimits } from "../auth/presenter";
import { findUserById } from "../auth/repository";
import { markdownToPlainText } from "../content/render";
import type { Db } from "../db/client";
import type { UserRow } from "../db/schema";
import type { JobQueue } from "../jobs/queue";
import { recordGeneration } from "../ops/telemetry";
import { AudioError } from "../sources/speech/audio-pieces";
import { SpeechToTextError } from "../sources/speech/transcriber";
import type { GenerationEvents } from "./events";
import { type PipelineDeps, produceArticle } from "./pipeline";
import { RecordingMissingError, RecordingUnheardError } from "./recording-source";
import {
  claimGeneration,
  claimGenerationInTurn,
  completeGeneration,
  DEFAULT_STALE_AFTER_MS,
  failGeneration,
  findOrphanedGenerations,
  type GenerationRequest,
  heartbeat,
  recordStage,
  requeueGeneration,
  requeueOrphan,
} from "./repository";
import { slugify } from "./slug";
import { VideoUnavailableError, WriterError, YOUTUBE_REFUSED_MESSAGE, YouTubeRefusedError } from "./types";
import { parseTranscript } from "./video/captions";

export const GENERATE_QUEUE = "generate-article";
/** Runs of one generation, counting crashes; after this many it fails for good. */
export const MAX_ATTEMPTS = 3;

/** How often a run proves it is alive, when a silent one counts as dead, how often to look. */
export interface JobTiming {
  heartbeatMs: number;
  staleAfterMs: number;
  /** Rounded to whole seconds, at least one: the sweep is a throttled pg-boss job (jobs/schedules.ts). */
  sweepMs: number;
}
export const DEFAULT_TIMING: JobTiming = { heartbeatMs: 10_000, staleAfterMs: DEFAULT_STALE_AFTER_MS, sweepMs: 15_000 };

export interface GenerationJobDeps extends PipelineDeps {
  db: Db;
  queue: JobQueue;
  events: GenerationEvents;
  log: FastifyBaseLogger;
  timing: JobTiming;
  /** Aborted when this process shuts down: its runs stop beating, as after a crash. */
  shutdown: AbortSignal;
  /** Fairness between users (GENERATION_PER_USER); without it a user's jobs are not limited. */
  turns?: Turns;
}

/**
 * One user's burst must not hold up another user's single article: at most `perUser` of a user's
 * generations run at once, across every worker process. A job taken beyond that goes back on the
 * queue, with its priority, to be tried again after `waitMs`, and meanwhile the workers take
 * other users' jobs.
 */
export interface Turns {
  perUser: number;
  waitMs: number;
}
export const DEFAULT_TURN_WAIT_MS = 2_000;
/** GENERATION_PER_USER's default (server/config.ts). */
export const DEFAULT_PER_USER = 2;

interface JobData {
  generationId: string;
}

/**
 * Queue priorities (pg-boss takes the highest first, then the oldest): when several articles are
 * waiting, premium accounts' and admins' are written before free accounts'. This is the
 * "Priority Support" of the premium page.
 */
export const PREMIUM_PRIORITY = 10;
export const FREE_PRIORITY = 0;

/**
 * Where a user's article goes in the queue. The same rule as the article limit (presentLimits):
 * the accounts with no limit, admins and premium that has not expired, go first.
 */
export function generationPriority(user: UserRow | undefined): number {
  return user && !presentLimits(user).isGuest ? PREMIUM_PRIORITY : FREE_PRIORITY;
}

/** Puts a generation on the queue (safe to call twice: the run claims it once). */
export async function enqueueGeneration(queue: JobQueue, generationId: string, user: UserRow): Promise<void> {
  await queue.send<JobData>(
    GENERATE_QUEUE,
    { generationId },
    { singletonKey: generationId, priority: generationPriority(user) },
  );
}

class LostClaim extends Error {}

/** A failure a retry cannot mend: answered to the user as it is. */
function permanentFailure(error: unknown): { message: string; status: number } | null {
  if (error instanceof VideoUnavailableError) return { message: error.message, status: 422 };
  if (error instanceof WriterError) return { message: error.message, status: 502 };
  // Blocked, rate limited, a bot check, an answer we cannot read: trying again soon will not
  // help, and the user can paste the transcript instead.
  if (error instanceof YouTubeRefusedError && !error.transient) {
    return { message: YOUTUBE_REFUSED_MESSAGE, status: 503 };
  }
  // Speech to text refused the audio (a bad key, a file it cannot take), or the audio cannot be
  // read: the same audio would fail again. Its own sentence says why.
  if (error instanceof SpeechToTextError && !error.retryable) return { message: error.message, status: 502 };
  if (error instanceof RecordingMissingError) return { message: error.message, status: 410 };
  if (error instanceof RecordingUnheardError) return { message: error.message, status: 422 };
  if (error instanceof AudioError)
    return { message: `The video's audio could not be used: ${error.message}`, status: 422 };
  return null;
}

/** What the user is told when the retries ran out: YouTube's trouble offers the paste box. */
function finalFailure(error: unknown): { message: string; status: number } {
  if (error instanceof YouTubeRefusedError) {
    return { message: YOUTUBE_REFUSED_MESSAGE, status: 503 };
  }
  if (error instanceof SpeechToTextError) return { message: error.message, status: 503 };
  return { message: "We couldn't write this article right now. Please try again in a few minutes.", status: 503 };
}

/**
 * One run of a generation job. Safe to run twice or after a crash: it first claims the
 * generation (only one live run holds it), beats a heartbeat while it works, and records the
 * article and the allowance in one transaction at the end.
 */
export async function runGeneration(
  deps: GenerationJobDeps,
  generationId: string,
  job: { priority?: number } = {},
): Promise<void> {
  const token = randomUUID();
  if (deps.shutdown.aborted) throw new Error("shutting down");
  const claimed = deps.turns
    ? await claimGenerationInTurn(deps.db, generationId, token, deps.turns.perUser, deps.timing.staleAfterMs)
    : await claimGeneration(deps.db, generationId, token, deps.timing.staleAfterMs);
  if (claimed === "busy") {
    // Its user has their share running: back in line, keeping its place's priority.
    await deps.queue.send<JobData>(
      GENERATE_QUEUE,
      { generationId },
      {
        singletonKey: randomUUID(),
        priority: job.priority ?? FREE_PRIORITY,
        startAfter: new Date(Date.now() + (deps.turns?.waitMs ?? DEFAULT_TURN_WAIT_MS)),
      },
    );
    deps.events.changed(generationId);
    return;
  }
  const generation = claimed;
  if (!generation) return;
  deps.events.changed(generationId);
  const beat = setInterval(() => {
    heartbeat(deps.db, generationId, token).catch((error) => deps.log.warn({ err: error }, "heartbeat failed"));
  }, deps.timing.heartbeatMs);
  beat.unref();
  const stopBeating = () => clearInterval(beat);
  deps.shutdown.addEventListener("abort", stopBeating, { once: true });

  const request = generation.request as GenerationRequest;
  try {
    const result = await produceArticle(
      deps,
      {
        videoId: request.videoId,
        style: request.style,
        length: request.length,
        tone: request.tone,
        includeComments: request.includeComments,
        category: request.category,
        referenceArticles: request.referenceArticles ?? [],
        // Requests queued before the language option have none: the video's own.
        language: request.language ?? null,
        userTranscript: request.transcript ? parseTranscript(request.transcript) : null,
        recording: request.recordingId
          ? { id: request.recordingId, userId: generation.userId, authorName: request.authorName ?? "" }
          : null,
      },
      async (stage, detail) => {
        if (!(await recordStage(deps.db, generationId, token, stage, detail ?? null))) throw new LostClaim();
        deps.events.changed(generationId);
      },
    );
    const { video, article } = result;
    await completeGeneration(
      deps.db,
      generation,
      token,
      {
        title: article.title,
        excerpt: article.excerpt,
        contentMarkdown: article.markdown,
        contentHtml: result.html,
        contentText: markdownToPlainText(article.markdown),
        category: article.category,
        style: request.style,
        length: request.length,
        tone: request.tone,
        tags: article.tags,
        // A recording has no YouTube page.
        youtubeUrl: request.recordingId ? null : video.url,
        youtubeVideoId: request.recordingId ? null : video.id,
        thumbnailUrl: video.thumbnails[0]?.url ?? null,
        transcriptUsed: result.transcriptUsed,
        transcriptSource: result.transcriptSource,
        language: result.language,
        wordCount: result.wordCount,
        evidence: result.evidence,
      },
      slugify(article.title),
      article.note ?? null,
    );
    forgetCachedReads(deps.db);
    recordGeneration("completed", generation.createdAt);
    deps.events.changed(generationId);
  } catch (error) {
    if (error instanceof LostClaim) return;
    if (error instanceof YouTubeRefusedError) {
      // What YouTube said, for whoever looks after the server (the user gets a plain sentence).
      deps.log.warn(
        { generationId, videoId: request.videoId, youtubeSaid: error.message, transient: error.transient },
        "YouTube refused to give us the video",
      );
    }
    const permanent = permanentFailure(error);
    if (permanent || generation.attempts >= MAX_ATTEMPTS) {
      if (!permanent) deps.log.error({ err: error, generationId }, "generation failed for good");
      await failGeneration(deps.db, generationId, token, permanent ?? finalFailure(error));
      recordGeneration("failed", generation.createdAt);
      deps.events.changed(generationId);
      return;
    }
    deps.log.warn({ err: error, generationId, attempt: generation.attempts }, "generation run failed; will retry");
    await requeueGeneration(deps.db, generationId, token);
    deps.events.changed(generationId);
    throw error;
  } finally {
    stopBeating();
    deps.shutdown.removeEventListener("abort", stopBeating);
  }
}

/**
 * Finds generations nobody is working on (the worker died mid-job, or the queue never got
 * them) and puts them back on the queue. A crashed job is picked up within a minute of its
 * last heartbeat.
 */
export async function sweepOrphans(
  deps: Pick<GenerationJobDeps, "db" | "queue" | "events" | "timing">,
): Promise<number> {
  let resent = 0;
  for (const orphan of await findOrphanedGenerations(deps.db, deps.timing.staleAfterMs)) {
    if (orphan.attempts >= MAX_ATTEMPTS) {
      await failGeneration(deps.db, orphan.id, null, {
        message: "We couldn't write this article right now. Please try again in a few minutes.",
        status: 503,
      });
      deps.events.changed(orphan.id);
      continue;
    }
    if (!(await requeueOrphan(deps.db, orphan.id, deps.timing.staleAfterMs))) continue;
    // A new job of its own: the dead run's pg-boss job may still count as active for a while.
    // Its place in the queue is its user's, as when it was first sent (enqueueGeneration).
    const priority = generationPriority(await findUserById(deps.db, orphan.userId));
    await deps.queue.send<JobData>(
      GENERATE_QUEUE,
      { generationId: orphan.id },
      { singletonKey: randomUUID(), priority },
    );
    resent += 1;
  }
  return resent;
}

/**
 * Starts this process's generation workers. The orphan sweep that goes with them is periodic work
 * (server/jobs/schedules.ts, registered by runtime.ts).
 */
export async function startGenerationWorker(deps: GenerationJobDeps, concurrency: number): Promise<void> {
  await deps.queue.ensureQueue(GENERATE_QUEUE, {
    name: GENERATE_QUEUE,
    retryLimit: MAX_ATTEMPTS,
    retryDelay: 5,
    retryBackoff: true,
    // Long LLM jobs are fine: crash recovery does not wait for this, the heartbeat sweeper does.
    expireInSeconds: 30 * 60,
  });
  await deps.queue.work<JobData>(GENERATE_QUEUE, concurrency, (job) =>
    runGeneration(deps, job.data.generationId, { priority: job.priority }),
  );
}
