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
export interface ObjectStore {
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
