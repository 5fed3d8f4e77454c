import { randomUUID } from "node:crypto";
import {
  type CompleteRecordingRequest,
  type PartUrlResponse,
  RECORDING_ERRORS,
  RECORDING_EXTENSIONS,
  type RecordingKind,
  type RecordingPlan,
  type RecordingResponse,
  type StartRecordingRequest,
  UPLOADER,
} from "../../contract/recordings";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import type { RecordingRow } from "../db/schema";
import { HttpError, notFound } from "../http/errors";
import { AudioError, audioSeconds, MAX_AUDIO_SECONDS } from "../sources/speech/audio-pieces";
import { recordingKey } from "../storage/keys";
import type { ObjectStore, RecordingUpload, StoredPart } from "../storage/object-store";
import { findUserRecording, insertRecording, listOpenUploads, listStaleUploads, moveStatus } from "./repository";
import { SNIFF_BYTES, sniffRecording } from "./sniff";

/**
 * Uploads a person may have open at once. Starting one more aborts the oldest (a tab closed
 * mid-upload leaves one behind, and people should not be stuck until the sweep): at most this
 * many files' worth of parts per person sit on the disk or in the bucket.
 */
export const MAX_OPEN_UPLOADS = 5;
/** A part URL is valid an hour (S3 allows a week; an hour is plenty for one part, and leaks less). */
export const PART_URL_TTL_SECONDS = 60 * 60;
/** Uploads still open a day after they started are abandoned: the sweep removes them. */
export const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;
const SWEEP_BATCH = 5;
/** The ETag listed for each part of a recording already joined (see storedParts). */
export const COMPLETED_ETAG = '"completed"';

export interface RecordingDeps {
  db: Db;
  config: AppConfig;
  store: ObjectStore;
  log?: { warn(obj: unknown, msg?: string): void };
}

const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf(".");
  return dot < 0 ? "" : fileName.slice(dot + 1).toLowerCase();
};

export const isRecordingExtension = (fileName: string) =>
  (RECORDING_EXTENSIONS as readonly string[]).includes(extensionOf(fileName));

/**
 * Largest PUT the app takes itself (local storage): each request must arrive whole within the
 * app's request timeout (25 s, server/app.ts), which 2 MB does on an 80 KB/s line. S3 has no
 * such limit, so there the spec's uploader defaults (100 MB, parts of 5 MB) stand.
 */
export const LOCAL_MAX_PUT_BYTES = 2 * 1024 * 1024;

/** The plan for a file of `size` bytes: one PUT up to the threshold, else parts (at most UPLOADER.maxParts). */
export function planParts(
  size: number,
  configured: AppConfig["recordings"],
  storeKind: "local" | "s3" = "s3",
): { multipart: boolean; partSize: number; partCount: number } {
  const settings =
    storeKind === "local"
      ? {
          multipartAboveBytes: Math.min(configured.multipartAboveBytes, LOCAL_MAX_PUT_BYTES),
          partBytes: Math.min(configured.partBytes, LOCAL_MAX_PUT_BYTES),
        }
      : configured;
  if (size <= settings.multipartAboveBytes) return { multipart: false, partSize: size, partCount: 1 };
  const partSize = Math.max(settings.partBytes, Math.ceil(size / UPLOADER.maxParts));
  return { multipart: true, partSize, partCount: Math.ceil(size / partSize) };
}

/** The bytes part `partNumber` must hold: partSize, less for the last one. */
export function plannedPartBytes(row: Pick<RecordingRow, "size" | "partSize" | "partCount">, partNumber: number) {
  return partNumber < row.partCount ? row.partSize : row.size - row.partSize * (row.partCount - 1);
}

export const uploadOf = (row: RecordingRow): RecordingUpload => ({
  id: row.id,
  userId: row.userId,
  key: row.key,
  multipart: row.multipart,
  size: row.size,
  partSize: row.partSize,
  partCount: row.partCount,
  s3UploadId: row.s3UploadId,
});

export function presentRecording(row: RecordingRow): RecordingResponse {
  return {
    recordingId: row.id,
    fileName: row.fileName,
    size: row.size,
    kind: (row.kind ?? "mp3") as RecordingKind,
    durationSeconds: row.durationSeconds ?? 0,
  };
}

/** POST /api/recordings: refuses what can be told from the request alone, then plans the upload. */
export async function startRecording(
  deps: RecordingDeps,
  userId: string,
  input: StartRecordingRequest,
): Promise<RecordingPlan> {
  const { db, config, store } = deps;
  const { maxBytes } = config.recordings;
  if (input.size === 0) throw new HttpError(400, RECORDING_ERRORS.empty);
  if (input.size > maxBytes) throw new HttpError(413, RECORDING_ERRORS.tooBig(maxBytes));
  if (!isRecordingExtension(input.fileName)) throw new HttpError(415, RECORDING_ERRORS.wrongType);
  if (config.speech === null) throw new HttpError(503, RECORDING_ERRORS.noSpeechToText);

  await sweepStaleUploads(deps, Date.now());
  const open = (await listOpenUploads(db, userId)).filter((row) => row.status === "uploading");
  for (const row of open.slice(0, Math.max(0, open.length - MAX_OPEN_UPLOADS + 1))) {
    await abortUpload(deps, row);
  }

  const id = randomUUID();
  const plan = planParts(input.size, config.recordings, store.kind);
  const upload = { id, userId, key: recordingKey(id), size: input.size, ...plan };
  const s3UploadId = await store.startRecording(upload, input.contentType);
  await insertRecording(db, {
    ...upload,
    s3UploadId,
    fileName: input.fileName,
    contentType: input.contentType ?? null,
    status: "uploading",
  });
  return { recordingId: id, ...plan, maxBytes };
}

/** The user's recording, unless it is gone (aborted or refused): 404 either way, as for someone else's. */
async function ownRecording(db: Db, id: string, userId: string): Promise<RecordingRow> {
  const row = await findUserRecording(db, id, userId);
  if (!row || row.status === "aborted" || row.status === "refused") throw notFound(RECORDING_ERRORS.notFound);
  return row;
}

/** GET /api/recordings/{id}/parts: what has arrived, to resume. Once joined, every planned part. */
export async function storedParts(deps: RecordingDeps, id: string, userId: string): Promise<StoredPart[]> {
  const row = await ownRecording(deps.db, id, userId);
  if (row.status === "uploading") {
    return (await deps.store.listRecordingParts(uploadOf(row))).filter((p) => p.partNumber <= row.partCount);
  }
  // Completed (or being completed): the parts are one object now and have no ETags of their own.
  // A placeholder stands in (complete takes a non-empty one, and answers a ready recording as it is).
  return Array.from({ length: row.partCount }, (_, i) => ({
    partNumber: i + 1,
    size: plannedPartBytes(row, i + 1),
    etag: COMPLETED_ETAG,
  }));
}

/** POST /api/recordings/{id}/parts/{partNumber}: a signed URL for one planned part, an hour long. */
export async function partUrl(
  deps: RecordingDeps,
  id: string,
  userId: string,
  partNumber: number,
  requestOrigin: string,
): Promise<PartUrlResponse> {
  const row = await ownRecording(deps.db, id, userId);
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > row.partCount) {
    throw new HttpError(400, RECORDING_ERRORS.wrongPart);
  }
  if (row.status !== "uploading") throw new HttpError(409, RECORDING_ERRORS.finished);
  // Whole seconds: the local token carries seconds, and the answer must agree with it.
  const expiresAt = new Date(Math.floor(Date.now() / 1000) * 1000 + PART_URL_TTL_SECONDS * 1000);
  const url = await deps.store.recordingPartUrl(uploadOf(row), partNumber, expiresAt, requestOrigin);
  return { url, expiresAt: expiresAt.toISOString() };
}

const bareEtag = (etag: string) => etag.trim().replace(/^"|"$/g, "");

/**
 * POST /api/recordings/{id}/complete: every part there, adding up to the declared size, joined,
 * then checked by content (not name) and by ffmpeg for a duration. Each refusal removes what was
 * stored and leaves the recording refused; a missing part leaves it open to resume. A second
 * complete of a ready recording answers the same.
 */
export async function completeRecording(
  deps: RecordingDeps,
  id: string,
  userId: string,
  input: CompleteRecordingRequest,
): Promise<RecordingResponse> {
  const { db, store } = deps;
  const row = await ownRecording(db, id, userId);
  if (row.status === "ready") return presentRecording(row);
  // One complete at a time: the claim is what lets only one caller join the parts.
  const claimed = await moveStatus(db, id, ["uploading"], "completing");
  if (!claimed) {
    const now = await ownRecording(db, id, userId);
    if (now.status === "ready") return presentRecording(now);
    throw new HttpError(409, RECORDING_ERRORS.notReady);
  }
  const upload = uploadOf(claimed);
  const reopen = () => moveStatus(db, id, ["completing"], "uploading");
  const refuse = async (status: number, message: string) => {
    await store.abortRecording(upload);
    await moveStatus(db, id, ["completing"], "refused", { completedAt: new Date() });
    return new HttpError(status, message);
  };

  let parts: StoredPart[];
  try {
    parts = (await store.listRecordingParts(upload)).filter((p) => p.partNumber <= upload.partCount);
  } catch (error) {
    await reopen();
    throw error;
  }
  const given = new Map(input.parts.map((p) => [p.partNumber, bareEtag(p.etag)]));
  // A part the browser holds another ETag for was replaced since: it is to be sent again.
  const stale = parts.some((p) => given.has(p.partNumber) && given.get(p.partNumber) !== bareEtag(p.etag));
  if (parts.length !== upload.partCount || stale) {
    await reopen();
    throw new HttpError(409, RECORDING_ERRORS.incomplete);
  }
  const total = parts.reduce((sum, p) => sum + p.size, 0);
  if (total !== upload.size) throw await refuse(400, RECORDING_ERRORS.sizeMismatch);

  try {
    await store.completeRecording(upload, parts);
  } catch (error) {
    await reopen();
    throw error;
  }

  // From here the parts are one object: any failure removes it rather than leave it half-checked.
  try {
    const kind = sniffRecording(await store.readRecordingHead(upload.key, SNIFF_BYTES));
    if (!kind) throw await refuse(415, RECORDING_ERRORS.wrongType);
    const seconds = await measure(store, upload.key);
    if (seconds === null) throw await refuse(415, RECORDING_ERRORS.wrongType);
    if (seconds <= 0) throw await refuse(400, RECORDING_ERRORS.empty);
    if (seconds > MAX_AUDIO_SECONDS) throw await refuse(413, RECORDING_ERRORS.tooLong(MAX_AUDIO_SECONDS));
    const ready = await moveStatus(db, id, ["completing"], "ready", {
      kind,
      durationSeconds: seconds,
      completedAt: new Date(),
    });
    if (!ready) {
      // Deleted while being checked: make sure nothing the join wrote outlives the delete.
      await store.abortRecording(upload);
      throw notFound(RECORDING_ERRORS.notFound);
    }
    return presentRecording(ready);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // Something failed underneath (storage, database): nothing half-checked is kept.
    await refuse(500, "").catch((cleanup) =>
      deps.log?.warn({ err: cleanup, recordingId: id }, "could not remove a recording after a failed check"),
    );
    throw error;
  }
}

/** The recording's length by ffmpeg, or null when ffmpeg finds no audio it can read. */
async function measure(store: ObjectStore, key: string): Promise<number | null> {
  const file = await store.recordingFile(key);
  if (!file) return null;
  try {
    return await audioSeconds(file.path);
  } catch (error) {
    if (error instanceof AudioError) return null;
    throw error;
  } finally {
    await file.release();
  }
}

/** DELETE /api/recordings/{id}: everything stored is removed and the recording is aborted. */
export async function deleteRecording(deps: RecordingDeps, id: string, userId: string): Promise<void> {
  const row = await findUserRecording(deps.db, id, userId);
  if (!row) throw notFound(RECORDING_ERRORS.notFound);
  if (row.status === "aborted") return;
  if (!(await abortUpload(deps, row, ["uploading", "ready", "refused", "completing"]))) {
    // Changed under us: answer as it now stands.
    const now = await findUserRecording(deps.db, id, userId);
    if (now?.status !== "aborted") throw new HttpError(409, RECORDING_ERRORS.notReady);
  }
}

/** Marks the recording aborted (so no more parts are taken), then removes its files. */
async function abortUpload(
  deps: RecordingDeps,
  row: RecordingRow,
  from: Array<"uploading" | "completing" | "ready" | "refused"> = ["uploading"],
): Promise<boolean> {
  const moved = await moveStatus(deps.db, row.id, from, "aborted", { completedAt: new Date() });
  if (!moved) return false;
  await deps.store.abortRecording(uploadOf(row));
  return true;
}

/**
 * Uploads left open a day are aborted, a few at a time, on the way through a start: abandoned
 * parts do not pile up without a job of their own. A failure is logged, never the start's.
 */
export async function sweepStaleUploads(deps: RecordingDeps, now: number): Promise<number> {
  let swept = 0;
  for (const row of await listStaleUploads(deps.db, new Date(now - STALE_UPLOAD_MS), SWEEP_BATCH)) {
    try {
      if (await abortUpload(deps, row, ["uploading", "completing"])) swept += 1;
    } catch (error) {
      deps.log?.warn({ err: error, recordingId: row.id }, "could not remove an abandoned recording upload");
    }
  }
  return swept;
}
