import { createHash, randomUUID } from "node:crypto";
import {
  type CreateArticleInput,
  type GenerationStage,
  type GenerationStatus,
  STAGE_PROGRESS,
} from "../../contract/articles";
import { GUEST_LIMIT_MESSAGE, LIMIT_MESSAGE } from "../../contract/options";
import { RECORDING_ERRORS } from "../../contract/recordings";
import { parseVideoId } from "../../contract/video-url";
import { presentArticle } from "../articles/presenter";
import { findArticleById } from "../articles/repository";
import { effectiveSubscription } from "../auth/presenter";
import type { Db } from "../db/client";
import type { GenerationRow, UserRow } from "../db/schema";
import { HttpError } from "../http/errors";
import type { JobQueue } from "../jobs/queue";
import { findReadyRecording } from "../recordings/audio";
import type { GenerationEvents } from "./events";
import { DEFAULT_PER_USER, enqueueGeneration } from "./job";
import { recordingVideoId } from "./recording-source";
import { findGeneration, type GenerationRequest, queuePosition, startGeneration } from "./repository";
import { parseTranscript } from "./video/captions";

export interface GenerationServiceDeps {
  db: Db;
  queue: JobQueue | null;
  events: GenerationEvents;
  /** GENERATION_PER_USER: how the workers share turns, for a queued generation's place in line. */
  perUser?: number;
}

/** How long the create request waits for its job before answering 504 (the job goes on). */
export const CREATE_WAIT_MS = 15 * 60 * 1000;
const POLL_MS = 500;

/**
 * Validates a create request beyond its schema (the link, a pasted transcript), starts or
 * joins its generation, and answers the generation.
 */
export async function startArticleGeneration(
  deps: GenerationServiceDeps,
  user: UserRow,
  input: CreateArticleInput,
  idempotencyKey: string | undefined,
): Promise<GenerationRow> {
  const request = input.recordingId ? await recordingRequest(deps.db, user, input) : videoRequest(input);
  // The same video asked the same way is the same request, whichever link form was pasted.
  const requestHash = createHash("sha256").update(JSON.stringify(request)).digest("hex");
  const result = await startGeneration(deps.db, {
    userId: user.id,
    idempotencyKey: idempotencyKey ?? `auto:${randomUUID()}`,
    requestHash,
    request,
  });
  if (result.kind === "limit") {
    // An expired subscription makes the user a guest again, before any tidy job has run.
    const isGuest = effectiveSubscription(user).userType === "guest";
    throw new HttpError(403, isGuest ? GUEST_LIMIT_MESSAGE : LIMIT_MESSAGE);
  }
  if (result.kind === "started" && deps.queue) await enqueueGeneration(deps.queue, result.generation.id, user);
  return result.generation;
}

/** A request for a video: its link read, a pasted transcript checked. */
function videoRequest(input: CreateArticleInput): GenerationRequest {
  const videoId = parseVideoId(input.youtubeUrl);
  if (!videoId) throw new HttpError(400, "Please enter a valid YouTube URL");
  if (input.transcript) {
    try {
      parseTranscript(input.transcript);
    } catch (error) {
      throw new HttpError(400, (error as Error).message || "The transcript could not be read.");
    }
  }
  return { ...input, recordingId: null, youtubeUrl: `https://www.youtube.com/watch?v=${videoId}`, videoId };
}

/**
 * A request for your own recording: it must be yours and uploaded whole. The recording is the
 * source, so a link or transcript sent beside it is left out; the author is its speaker.
 */
async function recordingRequest(db: Db, user: UserRow, input: CreateArticleInput): Promise<GenerationRequest> {
  const id = input.recordingId ?? "";
  const recording = await findReadyRecording(db, id, user.id);
  if (!recording) throw new HttpError(400, RECORDING_ERRORS.notReady);
  return {
    ...input,
    youtubeUrl: "",
    transcript: undefined,
    videoId: recordingVideoId(id),
    authorName: `${user.firstName} ${user.lastName}`.trim(),
  };
}

/** Waits until the generation has finished, the caller went away, or the wait ran out. */
export async function waitForGeneration(
  deps: GenerationServiceDeps,
  id: string,
  options: {
    timeoutMs?: number;
    signal?: AbortSignal;
    /** Told of each change; with `position`, a queued generation's place in line changing counts too. */
    onChange?: (row: GenerationRow, queuePosition: number | null) => void;
    position?: boolean;
  } = {},
): Promise<GenerationRow | undefined> {
  const deadline = Date.now() + (options.timeoutMs ?? CREATE_WAIT_MS);
  let lastSeen = "";
  for (;;) {
    const row = await findGeneration(deps.db, id);
    if (!row) return undefined;
    const position = options.position ? await placeInLine(deps, row) : null;
    const seen = `${row.status}:${row.stage}:${row.detail ?? ""}:${position ?? ""}`;
    if (seen !== lastSeen) {
      lastSeen = seen;
      options.onChange?.(row, position);
    }
    if (row.status === "succeeded" || row.status === "failed") return row;
    if (options.signal?.aborted || Date.now() >= deadline) return row;
    await deps.events.next(id, POLL_MS, options.signal, position !== null);
  }
}

/** The answer of a finished create request: 201 with the article, or the failure's status. */
export async function finishedArticle(db: Db, generation: GenerationRow) {
  if (generation.status === "failed") {
    throw new HttpError(
      generation.errorStatus ?? 502,
      generation.error ?? "Failed to create article. Please try again.",
    );
  }
  if (generation.status !== "succeeded" || generation.articleId === null) {
    throw new HttpError(
      504,
      "The article is taking longer than usual. It will appear in My Articles when it is ready.",
    );
  }
  const found = await findArticleById(db, generation.articleId);
  if (!found) throw new HttpError(410, "The article was created and then deleted.");
  return presentArticle(found.article, found.author, { includeMarkdown: true, note: generation.note });
}

/** A queued generation's place among those waiting (1 = next); null once it runs or ends. */
export async function placeInLine(deps: GenerationServiceDeps, row: GenerationRow): Promise<number | null> {
  if (row.status !== "queued") return null;
  return (await queuePosition(deps.db, row.id, deps.perUser ?? DEFAULT_PER_USER)) ?? null;
}

/** A generation's progress as the create dialog shows it (spec section 4's steps). */
export function presentGeneration(
  row: GenerationRow,
  articleSlug: string | null = null,
  queuePosition: number | null = null,
): GenerationStatus {
  const stage = (row.stage in STAGE_PROGRESS ? row.stage : "queued") as GenerationStage;
  const progress = STAGE_PROGRESS[stage];
  return {
    id: row.idempotencyKey,
    status: row.status as GenerationStatus["status"],
    stage,
    label: progress.label,
    percent: row.status === "succeeded" ? 100 : progress.percent,
    articleId: row.articleId,
    articleSlug,
    error: row.error,
    queuePosition: row.status === "queued" ? queuePosition : null,
  };
}
