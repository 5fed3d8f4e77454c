import type { Db } from "../db/client";
import type { RecordingRow } from "../db/schema";
import type { ObjectStore } from "../storage/object-store";
import { findUserRecording } from "./repository";

/**
 * A ready recording for the article pipeline: its row, or its audio as a local file. Anything
 * else (missing, still uploading, refused, aborted, someone else's, not a UUID) is null.
 */

/** The user's recording when it is uploaded whole and checked, else null. */
export async function findReadyRecording(db: Db, id: string, userId: string): Promise<RecordingRow | null> {
  const row = await findUserRecording(db, id, userId);
  return row?.status === "ready" ? row : null;
}

/**
 * The ready recording's audio as a file on this machine (S3: a temporary copy). The caller
 * must call release() when done; null when the recording is not ready or its object is gone.
 */
export async function openRecording(
  db: Db,
  store: ObjectStore,
  id: string,
  userId: string,
): Promise<{ fileName: string; durationSeconds: number; path: string; release(): Promise<void> } | null> {
  const row = await findReadyRecording(db, id, userId);
  if (!row) return null;
  const file = await store.recordingFile(row.key);
  if (!file) return null;
  return { fileName: row.fileName, durationSeconds: row.durationSeconds ?? 0, path: file.path, release: file.release };
}
