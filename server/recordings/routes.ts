import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponse, pathId } from "../../contract/common";
import {
  completeRecordingRequest,
  partUrlResponse,
  RECORDING_ERRORS,
  recordingId,
  recordingLimitsResponse,
  recordingPartsResponse,
  recordingPlan,
  recordingResponse,
  startRecordingRequest,
  UPLOADER,
  UPLOADER_MESSAGES,
} from "../../contract/recordings";
import { requireUser, signedInUser } from "../auth/plugin";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import type { RecordingRow } from "../db/schema";
import { HttpError } from "../http/errors";
import { LOCAL_PART_PATH, LocalObjectStore, PartSizeError } from "../storage/local-store";
import { createObjectStore, type ObjectStore } from "../storage/store";
import { findRecording } from "./repository";
import {
  completeRecording,
  deleteRecording,
  partUrl,
  plannedPartBytes,
  type RecordingDeps,
  startRecording,
  storedParts,
  uploadOf,
} from "./service";

export interface RecordingRoutesOptions {
  db: Db;
  config: AppConfig;
  /** The store STORAGE names unless given (tests may pass their own). */
  store?: ObjectStore;
}

const byId = z.object({ id: recordingId });
const byPart = z.object({ id: recordingId, partNumber: pathId(RECORDING_ERRORS.wrongPart) });
const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  413: errorResponse,
  415: errorResponse,
  503: errorResponse,
};

/**
 * Your own recording (contract/recordings.ts): plan, signed part URLs, resume, complete, abort.
 * Any signed-in account may upload, guests included, as any may create an article. With local
 * storage the app also answers the part PUTs (S3 takes them itself).
 */
export const recordingRoutes: FastifyPluginAsyncZod<RecordingRoutesOptions> = async (app, options) => {
  const deps: RecordingDeps = {
    db: options.db,
    config: options.config,
    store: options.store ?? createObjectStore(options.config),
    log: app.log,
  };

  app.get(
    "/api/recordings/limits",
    { onRequest: requireUser, schema: { response: { 200: recordingLimitsResponse, ...errors } } },
    async () => ({ canHear: deps.config.speech !== null, maxBytes: deps.config.recordings.maxBytes }),
  );

  app.post(
    "/api/recordings",
    { onRequest: requireUser, schema: { body: startRecordingRequest, response: { 201: recordingPlan, ...errors } } },
    async (request, reply) => {
      const user = await signedInUser(request);
      return reply.status(201).send(await startRecording(deps, user.id, request.body));
    },
  );

  app.get(
    "/api/recordings/:id/parts",
    { onRequest: requireUser, schema: { params: byId, response: { 200: recordingPartsResponse, ...errors } } },
    async (request) => {
      const user = await signedInUser(request);
      return { parts: await storedParts(deps, request.params.id, user.id) };
    },
  );

  app.post(
    "/api/recordings/:id/parts/:partNumber",
    { onRequest: requireUser, schema: { params: byPart, response: { 200: partUrlResponse, ...errors } } },
    async (request) => {
      const user = await signedInUser(request);
      const origin = `${request.protocol}://${request.host}`;
      return partUrl(deps, request.params.id, user.id, request.params.partNumber, origin);
    },
  );

  app.post(
    "/api/recordings/:id/complete",
    {
      onRequest: requireUser,
      schema: { params: byId, body: completeRecordingRequest, response: { 200: recordingResponse, ...errors } },
      // Up to 10,000 parts with their ETags.
      bodyLimit: 2 * 1024 * 1024,
    },
    async (request) => {
      const user = await signedInUser(request);
      return completeRecording(deps, request.params.id, user.id, request.body);
    },
  );

  app.delete(
    "/api/recordings/:id",
    { onRequest: requireUser, schema: { params: byId, response: { 204: z.void(), ...errors } } },
    async (request, reply) => {
      const user = await signedInUser(request);
      await deleteRecording(deps, request.params.id, user.id);
      return reply.status(204).send();
    },
  );

  if (deps.store instanceof LocalObjectStore) {
    await app.register(localPartRoutes, { deps, store: deps.store });
  }
};

interface PartClaim {
  row: RecordingRow;
  partNumber: number;
  expectedBytes: number;
}
const claimsByRequest = new WeakMap<FastifyRequest, PartClaim>();

/** The largest body a part PUT may carry: a whole file up to the multipart threshold, or one part. */
export function partBodyLimit(settings: AppConfig["recordings"]): number {
  const largestPart = Math.max(
    Math.min(settings.multipartAboveBytes, settings.maxBytes),
    settings.partBytes,
    Math.ceil(settings.maxBytes / UPLOADER.maxParts),
  );
  return largestPart + 64 * 1024;
}

/**
 * PUT /api/recording-parts/<token>: the app's stand-in for a presigned S3 part URL. The token
 * (recording, part, user, expiry; signed with APP_SECRET) is the whole authority, so no cookie
 * is needed. The body is streamed to the part's file, never held whole in memory, and the
 * answer carries the part's ETag as S3's does.
 */
async function localPartRoutes(
  app: FastifyInstance,
  { deps, store }: { deps: RecordingDeps; store: LocalObjectStore },
) {
  // Scoped to this plugin: the body is left unread here and streamed by the handler.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));

  // A wildcard, not ":token": Fastify caps named parameters at 100 characters.
  app.put<{ Params: { "*": string } }>(
    `${LOCAL_PART_PATH}*`,
    {
      bodyLimit: partBodyLimit(deps.config.recordings),
      // Checked before the body is read: a stale or forged URL costs us no bytes.
      onRequest: async (request) => {
        const verified = store.verifyPartToken(request.params["*"]);
        if (!verified.ok) {
          throw new HttpError(
            403,
            verified.reason === "expired" ? UPLOADER_MESSAGES.expired : RECORDING_ERRORS.invalidLink,
          );
        }
        const { recordingId: id, partNumber, userId } = verified.claims;
        const row = await findRecording(deps.db, id);
        if (!row || row.userId !== userId || partNumber > row.partCount) {
          throw new HttpError(403, RECORDING_ERRORS.invalidLink);
        }
        if (row.status === "aborted" || row.status === "refused")
          throw new HttpError(403, RECORDING_ERRORS.invalidLink);
        if (row.status !== "uploading") throw new HttpError(409, RECORDING_ERRORS.finished);
        const expectedBytes = plannedPartBytes(row, partNumber);
        const declared = request.headers["content-length"];
        if (declared !== undefined && Number(declared) !== expectedBytes) {
          throw new HttpError(400, RECORDING_ERRORS.partSize(expectedBytes));
        }
        claimsByRequest.set(request, { row, partNumber, expectedBytes });
      },
    },
    async (request, reply) => {
      const claim = claimsByRequest.get(request);
      if (!claim) throw new HttpError(403, RECORDING_ERRORS.invalidLink);
      const { row, partNumber, expectedBytes } = claim;
      let etag: string;
      try {
        etag = await store.writeRecordingPart(row.key, partNumber, request.raw, expectedBytes);
      } catch (error) {
        if (error instanceof PartSizeError) throw new HttpError(400, RECORDING_ERRORS.partSize(expectedBytes));
        throw error;
      }
      // Aborted or completed while the bytes arrived: the part must not outlive its recording.
      const now = await findRecording(deps.db, row.id);
      if (now?.status !== "uploading" && now?.status !== "completing") {
        if (now?.status === "ready") await store.deleteRecordingPart(row.key, partNumber);
        else await store.abortRecording(uploadOf(row));
        throw new HttpError(409, RECORDING_ERRORS.finished);
      }
      return reply.header("ETag", etag).header("Access-Control-Expose-Headers", "ETag").status(200).send();
    },
  );
}
