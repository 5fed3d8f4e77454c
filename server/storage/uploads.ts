import type { FastifyBaseLogger } from "fastify";
import { TOO_MANY_UPLOADS } from "../../contract/picture-form";
import { UPLOAD_URL_TTL_SECONDS } from "../../contract/profile";
import type { Db } from "../db/client";
import { HttpError } from "../http/errors";
import { newUploadKey } from "./keys";
import type { ObjectStore } from "./object-store";
import { countUploadsSince, deleteUpload, insertUpload, listStaleUploads } from "./repository";

/**
 * Each URL lets a person put up to 5 MB on our disk or bucket until the picture step takes or
 * the sweep removes it; a cap per hour keeps one account from filling either.
 */
export const UPLOAD_URLS_PER_HOUR = 30;
/** Rows (and any object left behind) are kept an hour past expiry, then swept. */
const SWEEP_AFTER_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 20;

/**
 * Hands the user a signed URL for one new object under their own prefix, valid for ten
 * minutes and good for one PUT. Sweeps a few stale uploads on the way, so abandoned files do
 * not pile up without a job of their own.
 */
export async function issueUploadUrl(
  db: Db,
  store: ObjectStore,
  userId: string,
  requestOrigin: string,
  log?: FastifyBaseLogger,
): Promise<string> {
  const now = Date.now();
  await takeUploadAllowance(db, store, userId, now, log);
  const key = newUploadKey(userId);
  // Whole seconds: the signed token carries the expiry in seconds, the row must agree with it.
  const expiresAt = new Date(Math.floor(now / 1000) * 1000 + UPLOAD_URL_TTL_SECONDS * 1000);
  await insertUpload(db, { key, userId, expiresAt, createdAt: new Date(now) });
  return store.createUploadUrl({ key, userId, expiresAt, requestOrigin });
}

/**
 * A picture posted straight to the server (the settings form without JavaScript) counts against
 * the same hourly cap as an upload URL: its row is recorded as already written and used, so the
 * sweep only removes the row, an hour after.
 */
export async function recordDirectUpload(db: Db, store: ObjectStore, userId: string, log?: FastifyBaseLogger) {
  const now = Date.now();
  await takeUploadAllowance(db, store, userId, now, log);
  const at = new Date(now);
  await insertUpload(db, {
    key: newUploadKey(userId),
    userId,
    expiresAt: at,
    createdAt: at,
    uploadedAt: at,
    consumedAt: at,
  });
}

/** Sweeps a few stale uploads, then refuses the user's next upload past the hourly cap. */
async function takeUploadAllowance(db: Db, store: ObjectStore, userId: string, now: number, log?: FastifyBaseLogger) {
  await sweepStaleUploads(db, store, new Date(now), log);
  if ((await countUploadsSince(db, userId, new Date(now - 60 * 60 * 1000))) >= UPLOAD_URLS_PER_HOUR) {
    throw new HttpError(429, TOO_MANY_UPLOADS);
  }
}

/** Deletes objects nobody took for a picture, and the rows of URLs long expired. */
export async function sweepStaleUploads(db: Db, store: ObjectStore, now: Date, log?: FastifyBaseLogger) {
  const stale = await listStaleUploads(db, new Date(now.getTime() - SWEEP_AFTER_MS), SWEEP_BATCH);
  for (const row of stale) {
    try {
      if (!row.consumedAt) await store.deleteObject(row.key);
      await deleteUpload(db, row.key);
    } catch (error) {
      // Try again on a later sweep; an upload URL must not fail because of an old file.
      log?.warn({ err: error, key: row.key }, "could not sweep a stale upload");
    }
  }
}
