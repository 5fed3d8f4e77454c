import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { articleResponse, createArticleRequest, generationStatus } from "../../contract/articles";
import { errorResponse } from "../../contract/common";
import { VIDEO_ID_PATTERN } from "../../contract/video-url";
import { type VideoWords, videoWordsResponse } from "../../contract/video-words";
import { requireUser, signedInUser } from "../auth/plugin";
import { HttpError, notFound } from "../http/errors";
import { canFetchAudio } from "../sources/audio";
import { findGenerationByKey } from "./repository";
import {
  finishedArticle,
  type GenerationServiceDeps,
  placeInLine,
  presentGeneration,
  startArticleGeneration,
  waitForGeneration,
} from "./service";
import { type VideoSource, VideoUnavailableError, YOUTUBE_REFUSED_MESSAGE, YouTubeRefusedError } from "./types";

const idempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, { error: "Idempotency-Key must be 8 to 100 letters, digits, - or _" })
  .optional();

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  410: errorResponse,
  422: errorResponse,
  502: errorResponse,
  503: errorResponse,
  504: errorResponse,
};

/**
 * POST /api/articles keeps the spec's contract (the answer is the created article) while the
 * work runs as a durable job; progress is read from /api/generations/{key} or streamed from
 * /api/generations/{key}/events, the key being the request's Idempotency-Key.
 */
export interface GenerationRouteDeps extends GenerationServiceDeps {
  /** The (cached) video source the workers read: a look now warms the cache for the article. */
  videos: VideoSource;
  /** Speech to text is configured (STT_PROVIDER), so a video's audio can be heard. */
  speechReady: boolean;
}

export const generationRoutes: FastifyPluginAsyncZod<GenerationRouteDeps> = async (app, deps) => {
  app.get(
    "/api/videos/:videoId/words",
    {
      onRequest: requireUser,
      schema: {
        params: z.object({
          videoId: z.string().regex(VIDEO_ID_PATTERN, { error: "Please enter a valid YouTube URL" }),
        }),
        response: { 200: videoWordsResponse, ...errors },
      },
    },
    async (request) => {
      const { videoId } = request.params;
      const video = await deps.videos.fetchVideo(videoId).catch((error: unknown) => {
        // The same sentences the create request gives: unavailable (422), YouTube refusing us (503).
        if (error instanceof VideoUnavailableError) throw new HttpError(422, error.message);
        if (error instanceof YouTubeRefusedError) {
          request.log.warn({ videoId, youtubeSaid: error.message }, "YouTube refused to give us the video");
          throw new HttpError(503, YOUTUBE_REFUSED_MESSAGE);
        }
        throw error;
      });
      let words: VideoWords = "none";
      if (video.transcript?.kind === "manual") words = "captions";
      else if (video.transcript?.kind === "auto") words = "auto-captions";
      // Only a source that can give the audio is asked, and nothing is downloaded to answer.
      else if (deps.speechReady && canFetchAudio(deps.videos) && (await deps.videos.hasAudio(videoId))) {
        words = "speech";
      }
      return { videoId, title: video.title, words, canHear: deps.speechReady };
    },
  );

  app.post(
    "/api/articles",
    {
      onRequest: requireUser,
      schema: {
        body: createArticleRequest,
        headers: z.object({ "idempotency-key": idempotencyKey }),
        response: { 201: articleResponse, ...errors },
      },
      // A large pasted transcript is allowed (up to 2,000,000 characters of JSON).
      bodyLimit: 5 * 1024 * 1024,
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const generation = await startArticleGeneration(deps, user, request.body, request.headers["idempotency-key"]);
      // The job goes on if the browser leaves; only this wait stops.
      const gone = new AbortController();
      request.raw.on("close", () => gone.abort());
      const finished = await waitForGeneration(deps, generation.id, { signal: gone.signal });
      if (!finished) throw new HttpError(410, "The article request was removed.");
      return reply.status(201).send(await finishedArticle(deps.db, finished));
    },
  );

  app.get(
    "/api/generations/:key",
    {
      onRequest: requireUser,
      schema: { params: z.object({ key: z.string().max(100) }), response: { 200: generationStatus, ...errors } },
    },
    async (request) => {
      const user = await signedInUser(request);
      const row = await findGenerationByKey(deps.db, user.id, request.params.key);
      if (!row) throw notFound("No article request with this key.");
      return presentGeneration(row, null, await placeInLine(deps, row));
    },
  );

  app.get(
    "/api/generations/:key/events",
    { onRequest: requireUser, schema: { params: z.object({ key: z.string().max(100) }) } },
    async (request, reply) => {
      const user = await signedInUser(request);
      const key = request.params.key;
      // The stream may open before the create request lands: wait briefly for it to appear.
      let row = await findGenerationByKey(deps.db, user.id, key);
      for (let i = 0; !row && i < 40; i += 1) {
        await new Promise((r) => setTimeout(r, 250));
        row = await findGenerationByKey(deps.db, user.id, key);
      }
      if (!row) throw notFound("No article request with this key.");

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      const gone = new AbortController();
      request.raw.on("close", () => gone.abort());
      const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
      const ping = setInterval(() => res.write(": keep-alive\n\n"), 15_000);
      try {
        await waitForGeneration(deps, row.id, {
          signal: gone.signal,
          position: true,
          onChange: (current, position) => send(presentGeneration(current, null, position)),
        });
      } finally {
        clearInterval(ping);
        res.end();
      }
    },
  );
};
