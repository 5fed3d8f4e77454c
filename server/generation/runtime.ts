import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../config";
import type { Database } from "../db/client";
import { type JobQueue, startJobQueue } from "../jobs/queue";
import { startGenerationSchedules } from "../jobs/schedules";
import { openRecording } from "../recordings/audio";
import { type SpeechToText, speechToTextFor } from "../sources/speech";
import { createObjectStore, type ObjectStore } from "../storage/store";
import { cachedVideoSource } from "./cached-video-source";
import { GenerationEvents } from "./events";
import {
  DEFAULT_TIMING,
  DEFAULT_TURN_WAIT_MS,
  type JobTiming,
  startGenerationWorker,
  sweepOrphans,
  type Turns,
} from "./job";
import type { RecordingFiles } from "./recording-source";
import type { ArticleWriter, VideoSource } from "./types";
import { createVideoSource } from "./video";
import { createWriter } from "./writers";

/** Everything article generation needs at run time, shared by the HTTP routes and the workers. */
export interface GenerationRuntime {
  db: Database["db"];
  queue: JobQueue;
  events: GenerationEvents;
  videos: VideoSource;
  writer: ArticleWriter;
  /** Speech to text is configured, so audio without captions can be heard. */
  speechReady: boolean;
  /** GENERATION_PER_USER (or the test's override): the turns a queued generation's place is counted in. */
  perUser: number;
  stop(options?: { graceful?: boolean }): Promise<void>;
}

export interface GenerationRuntimeOptions {
  /** Run workers in this process (ROLE=all or worker). */
  worker: boolean;
  /** Replace the configured source or writer (tests, the CLI). */
  videos?: VideoSource;
  writer?: ArticleWriter;
  /** Replace the configured speech to text (tests: a client of the loopback fake). */
  speech?: SpeechToText | null;
  /** Jobs this process runs at once (default: GENERATION_CONCURRENCY). */
  concurrency?: number;
  /** One user's jobs running at once (default: GENERATION_PER_USER), and how long the rest wait to try again. */
  turns?: Partial<Turns>;
  timing?: Partial<JobTiming>;
}

/** Starts the job queue and, when asked, this process's generation workers. */
export async function startGenerationRuntime(
  config: AppConfig,
  database: Database,
  log: FastifyBaseLogger,
  options: GenerationRuntimeOptions,
): Promise<GenerationRuntime> {
  const queue = await startJobQueue(database, log);
  const events = new GenerationEvents();
  const videos = cachedVideoSource(options.videos ?? createVideoSource(config), database.db);
  const writer = options.writer ?? createWriter(config);
  const speech = options.speech !== undefined ? options.speech : speechToTextFor(config);
  const shutdown = new AbortController();
  const perUser = options.turns?.perUser ?? config.generation.perUser;
  let stopSweeper = () => {};
  if (options.worker) {
    const deps = {
      db: database.db,
      queue,
      events,
      videos,
      speechReady: speech !== null,
      writer,
      speech,
      recordings: recordingFiles(database.db, createObjectStore(config)),
      log,
      timing: { ...DEFAULT_TIMING, ...options.timing },
      shutdown: shutdown.signal,
      turns: { waitMs: DEFAULT_TURN_WAIT_MS, ...options.turns, perUser },
    };
    await startGenerationWorker(deps, options.concurrency ?? config.generation.concurrency);
    // The embedded database belongs to this one process, so a generation it finds running was
    // running in the process before this one, which is gone: resume it now, not once its
    // heartbeat has gone stale (on PostgreSQL another process may still be writing it).
    if (database.kind === "pglite") await sweepOrphans({ ...deps, timing: { ...deps.timing, staleAfterMs: 0 } });
    // The workers' periodic sweep for abandoned generations (server/jobs/schedules.ts).
    stopSweeper = await startGenerationSchedules(deps);
  }
  return {
    db: database.db,
    queue,
    events,
    videos,
    writer,
    speechReady: speech !== null,
    perUser,
    async stop(stopOptions) {
      stopSweeper();
      shutdown.abort();
      await queue.stop(stopOptions);
    },
  };
}

/** Recordings read from the configured storage (a temporary copy when it is S3). */
function recordingFiles(db: Database["db"], store: ObjectStore): RecordingFiles {
  return { open: (recordingId, userId) => openRecording(db, store, recordingId, userId) };
}
