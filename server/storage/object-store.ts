/** An object is bigger than the caller will read; nothing of it has been kept in memory. */
export class ObjectTooLargeError extends Error {
  constructor(readonly size: number) {
    super(`object of ${size} bytes is too large`);
    this.name = "ObjectTooLargeError";
  }
}

export interface UploadTarget {
  key: string;
  userId: string;
  expiresAt: Date;
  /** Scheme, host and port the browser used to reach us, for an absolute local URL. */
  requestOrigin: string;
}

/**
 * Where uploads and finished avatars live: the app's own disk (STORAGE=local) or any
 * S3-compatible service (STORAGE=s3). Keys are always chosen by the server.
 */
export interface ObjectStore extends RecordingStore {
  readonly kind: "local" | "s3";
  /** A URL the browser PUTs one file to (the file as the whole body) until target.expiresAt. */
  createUploadUrl(target: UploadTarget): Promise<string>;
  /** The object key an upload URL points at, or null when it is not one of our upload URLs. */
  keyFromUploadUrl(url: string): string | null;
  /** The object's bytes, or null when nothing was uploaded; ObjectTooLargeError past maxBytes. */
  readObject(key: string, maxBytes: number): Promise<Buffer | null>;
  deleteObject(key: string): Promise<void>;
  /** Stores a finished avatar under its content-hash file name and answers the URL that shows it. */
  putAvatar(fileName: string, bytes: Buffer, contentType: string): Promise<string>;
  /** The avatar file name a profile image URL points at, when it is one of ours. */
  avatarFileFromUrl(url: string): string | null;
  deleteAvatar(fileName: string): Promise<void>;
}

/** A recording's upload as the store needs it (the database row's plan). */
export interface RecordingUpload {
  id: string;
  userId: string;
  /** recordings/<id> (keys.ts). */
  key: string;
  multipart: boolean;
  size: number;
  partSize: number;
  partCount: number;
  /** S3's multipart upload id; null for a single PUT and on local disk. */
  s3UploadId: string | null;
}

/** A part that has arrived: its size and the ETag the PUT answered. */
export interface StoredPart {
  partNumber: number;
  size: number;
  etag: string;
}

/** A finished recording as a file on this machine; release() removes any temporary copy. */
export interface RecordingFile {
  path: string;
  release(): Promise<void>;
}

/**
 * Recordings (contract/recordings.ts): the browser PUTs each part to a signed URL; the server
 * lists what arrived, joins the parts and reads the whole back to check it. Kept apart from
 * ObjectStore's picture methods so either side can change alone.
 */
export interface RecordingStore {
  /** Starts an upload: S3 opens a multipart upload when in parts (its id is answered); else nothing. */
  startRecording(upload: Omit<RecordingUpload, "s3UploadId">, contentType: string | undefined): Promise<string | null>;
  /** A URL the browser PUTs part `partNumber` to (the part as the whole body) until expiresAt. */
  recordingPartUrl(
    upload: RecordingUpload,
    partNumber: number,
    expiresAt: Date,
    requestOrigin: string,
  ): Promise<string>;
  /** The parts stored so far, by part number. */
  listRecordingParts(upload: RecordingUpload): Promise<StoredPart[]>;
  /** Joins the stored parts (in order, with their ETags) into the finished object. */
  completeRecording(upload: RecordingUpload, parts: StoredPart[]): Promise<void>;
  /** Removes everything stored for the recording, finished or not. Safe to repeat. */
  abortRecording(upload: RecordingUpload): Promise<void>;
  /** Up to `bytes` first bytes of the finished object (for the content sniff). */
  readRecordingHead(key: string, bytes: number): Promise<Buffer>;
  /** The finished recording as a local file (S3: downloaded to a temporary file), or null when missing. */
  recordingFile(key: string): Promise<RecordingFile | null>;
}
