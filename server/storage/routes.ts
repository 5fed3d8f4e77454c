import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponse } from "../../contract/common";
import { PROFILE_PICTURE_MAX_BYTES, uploadUrlResponse } from "../../contract/profile";
import { requireUser, signedInUser } from "../auth/plugin";
import type { Db } from "../db/client";
import { HttpError, notFound } from "../http/errors";
import { isAvatarFileName } from "./keys";
import { LOCAL_AVATAR_PATH, LOCAL_UPLOAD_PATH, LocalObjectStore } from "./local-store";
import type { ObjectStore } from "./object-store";
import { claimUploadWrite, findUpload, releaseUploadWrite } from "./repository";
import { issueUploadUrl } from "./uploads";

/** The body limit of the upload PUT: a little over 5 MB, so the handler can say exactly why. */
export const UPLOAD_BODY_LIMIT = PROFILE_PICTURE_MAX_BYTES + 64 * 1024;

/** The uploader's own wording for a URL past its time (spec section 8). */
export const EXPIRED_MESSAGE = "Request has expired";
const INVALID_LINK = "This upload link is not valid. Please start the upload again.";
const USED_LINK = "This upload link has already been used. Please start the upload again.";
const TOO_LARGE = "The file is larger than 5MB. Please choose a smaller picture.";

/** Routes for object uploads: issuing signed URLs and, with local storage, serving them. */
export const storageRoutes: FastifyPluginAsyncZod<{ db: Db; store: ObjectStore }> = async (app, { db, store }) => {
  app.post(
    "/api/objects/upload",
    {
      onRequest: requireUser,
      schema: { response: { 200: uploadUrlResponse, 401: errorResponse, 429: errorResponse } },
    },
    async (request) => {
      const user = await signedInUser(request);
      const origin = `${request.protocol}://${request.host}`;
      return { uploadURL: await issueUploadUrl(db, store, user.id, origin, request.log) };
    },
  );

  if (store instanceof LocalObjectStore) {
    await app.register(localUploadRoutes, { db, store });
    registerAvatarRoute(app, store);
  }
};

const claimsByRequest = new WeakMap<FastifyRequest, { key: string }>();

/**
 * PUT /api/uploads/<token>: the app's stand-in for a presigned S3 URL. The token is the whole
 * authority (like S3's signature), so it needs no cookie; the cross-origin guard still refuses
 * other sites. The body is the raw file in one request, whatever its Content-Type.
 */
async function localUploadRoutes(app: FastifyInstance, { db, store }: { db: Db; store: LocalObjectStore }) {
  // Scoped to this plugin: everywhere else JSON stays the only body the API reads.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: UPLOAD_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  // A wildcard, not ":token": Fastify caps named parameters at 100 characters.
  app.put<{ Params: { "*": string } }>(
    `${LOCAL_UPLOAD_PATH}*`,
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      // Checked before the body is read: a stale or forged URL costs us no 5 MB.
      onRequest: async (request) => {
        const verified = store.verifyToken(request.params["*"]);
        if (!verified.ok) {
          throw new HttpError(403, verified.reason === "expired" ? EXPIRED_MESSAGE : INVALID_LINK);
        }
        const row = await findUpload(db, verified.claims.key);
        if (!row || row.userId !== verified.claims.userId) throw new HttpError(403, INVALID_LINK);
        if (row.uploadedAt) throw new HttpError(410, USED_LINK);
        const length = Number(request.headers["content-length"]);
        if (Number.isFinite(length) && length > PROFILE_PICTURE_MAX_BYTES) throw new HttpError(413, TOO_LARGE);
        claimsByRequest.set(request, { key: row.key });
      },
    },
    async (request, reply) => {
      const claim = claimsByRequest.get(request);
      if (!claim) throw new HttpError(403, INVALID_LINK);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (body.length === 0) throw new HttpError(400, "The upload is empty. Please choose a picture.");
      if (body.length > PROFILE_PICTURE_MAX_BYTES) throw new HttpError(413, TOO_LARGE);
      const now = new Date();
      if (!(await claimUploadWrite(db, claim.key, now))) {
        const row = await findUpload(db, claim.key);
        throw row && row.expiresAt > now ? new HttpError(410, USED_LINK) : new HttpError(403, EXPIRED_MESSAGE);
      }
      try {
        await store.writeUpload(claim.key, body);
      } catch (error) {
        await releaseUploadWrite(db, claim.key);
        throw error;
      }
      return reply.status(204).send();
    },
  );
}

/**
 * GET /media/avatars/<sha256>.webp: only pictures we re-encoded ourselves, by content-hash
 * name, so they may be cached for a year. The strict headers make sure a browser treats the
 * answer as an image and nothing else, even opened on its own.
 */
function registerAvatarRoute(app: FastifyInstance, store: LocalObjectStore) {
  app.get<{ Params: { file: string } }>(`${LOCAL_AVATAR_PATH}:file`, async (request, reply) => {
    const { file } = request.params;
    const bytes = isAvatarFileName(file) ? await store.readAvatar(file) : null;
    if (!bytes) throw notFound("No such picture.");
    return reply
      .header("Content-Type", "image/webp")
      .header("X-Content-Type-Options", "nosniff")
      .header("Cache-Control", "public, max-age=31536000, immutable")
      .header("Content-Security-Policy", "default-src 'none'")
      .header("Content-Disposition", "inline")
      .send(bytes);
  });
}
