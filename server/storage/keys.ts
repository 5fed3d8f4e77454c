import { randomBytes } from "node:crypto";

/**
 * Object keys are chosen by the server, never by the client: `uploads/<userId>/<random>` for a
 * file on its way in, `avatars/<sha256>.webp` for a finished picture. Anything else is refused
 * before it gets near a file system path or a bucket.
 */
const UPLOAD_KEY = /^uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/[A-Za-z0-9_-]{32}$/;
const AVATAR_FILE = /^[0-9a-f]{64}\.webp$/;

/** A fresh key under the user's own prefix (24 random bytes: unguessable, never reused). */
export function newUploadKey(userId: string): string {
  const key = `uploads/${userId}/${randomBytes(24).toString("base64url")}`;
  if (!UPLOAD_KEY.test(key)) throw new Error(`not a user id: ${userId}`);
  return key;
}

export function isUploadKey(value: string): boolean {
  return UPLOAD_KEY.test(value);
}

/** The user whose prefix the key is under, or null when it is not an upload key. */
export function uploadKeyOwner(key: string): string | null {
  return UPLOAD_KEY.exec(key)?.[1] ?? null;
}

export function isAvatarFileName(value: string): boolean {
  return AVATAR_FILE.test(value);
}

export const AVATAR_PREFIX = "avatars/";

// recordings/<recording id>: one object (or, on local disk, one folder) per recording.
const RECORDING_KEY = /^recordings\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The key of a recording's object; the id is a UUID the server chose. */
export function recordingKey(recordingId: string): string {
  const key = `recordings/${recordingId}`;
  if (!RECORDING_KEY.test(key)) throw new Error(`not a recording id: ${recordingId}`);
  return key;
}

export function isRecordingKey(value: string): boolean {
  return RECORDING_KEY.test(value);
}
