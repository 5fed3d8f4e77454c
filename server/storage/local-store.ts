import { randomBytes } from "node:crypto";
import { mkdir, open, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { AVATAR_PREFIX, isAvatarFileName, isUploadKey } from "./keys";
import { type ObjectStore, ObjectTooLargeError, type UploadTarget } from "./object-store";
import { signUploadToken, verifyUploadToken } from "./upload-token";

/** The path the app serves signed PUTs on: /api/uploads/<token>. */
export const LOCAL_UPLOAD_PATH = "/api/uploads/";
/** The path the app serves finished avatars on: /media/avatars/<sha256>.webp. */
export const LOCAL_AVATAR_PATH = "/media/avatars/";

/**
 * Uploads and avatars on the app's own disk, under DATA_DIR: uploads/<userId>/<random> while a
 * file waits to be checked, media/avatars/<hash>.webp once it is a picture. The app itself
 * answers the signed PUT (HMAC with APP_SECRET) and serves the pictures.
 */
export class LocalObjectStore implements ObjectStore {
  readonly kind = "local" as const;

  constructor(
    private readonly dataDir: string,
    private readonly secret: string,
  ) {}

  async createUploadUrl(target: UploadTarget): Promise<string> {
    const token = signUploadToken(this.secret, target);
    return `${target.requestOrigin}${LOCAL_UPLOAD_PATH}${token}`;
  }

  keyFromUploadUrl(url: string): string | null {
    let path: string;
    try {
      path = new URL(url, "http://localhost").pathname;
    } catch {
      return null;
    }
    if (!path.startsWith(LOCAL_UPLOAD_PATH)) return null;
    // The picture is usually saved moments after the upload; by then the URL may have
    // expired, which is fine: the signature proves we issued it, the database row says whose.
    const verified = verifyUploadToken(this.secret, path.slice(LOCAL_UPLOAD_PATH.length));
    if (!verified.ok && verified.reason !== "expired") return null;
    return isUploadKey(verified.claims.key) ? verified.claims.key : null;
  }

  /** Checks a token from the URL of a PUT; see verifyUploadToken. */
  verifyToken(token: string, now?: number) {
    return verifyUploadToken(this.secret, token, now);
  }

  /** Writes an uploaded file; the write is atomic (a reader sees all of it or nothing). */
  async writeUpload(key: string, bytes: Buffer): Promise<void> {
    await this.writeAtomically(this.uploadPath(key), bytes);
  }

  async readObject(key: string, maxBytes: number): Promise<Buffer | null> {
    const path = this.uploadPath(key);
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(path, "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      if (size > maxBytes) throw new ObjectTooLargeError(size);
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  }

  async deleteObject(key: string): Promise<void> {
    await rm(this.uploadPath(key), { force: true });
  }

  async putAvatar(fileName: string, bytes: Buffer): Promise<string> {
    const path = this.avatarPath(fileName);
    // Same name, same bytes: a picture two people share is written once.
    const exists = await stat(path).then(
      (s) => s.size === bytes.length,
      () => false,
    );
    if (!exists) await this.writeAtomically(path, bytes);
    return `${LOCAL_AVATAR_PATH}${fileName}`;
  }

  /** The avatar's bytes for GET /media/avatars/<file>, or null. */
  async readAvatar(fileName: string): Promise<Buffer | null> {
    if (!isAvatarFileName(fileName)) return null;
    try {
      return await readFile(this.avatarPath(fileName));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  avatarFileFromUrl(url: string): string | null {
    if (!url.startsWith(LOCAL_AVATAR_PATH)) return null;
    const name = url.slice(LOCAL_AVATAR_PATH.length);
    return isAvatarFileName(name) ? name : null;
  }

  async deleteAvatar(fileName: string): Promise<void> {
    await rm(this.avatarPath(fileName), { force: true });
  }

  private uploadPath(key: string): string {
    // Keys are made by newUploadKey; checking again keeps any other string off the disk.
    if (!isUploadKey(key)) throw new Error(`not an upload key: ${key}`);
    return join(this.dataDir, key);
  }

  private avatarPath(fileName: string): string {
    if (!isAvatarFileName(fileName)) throw new Error(`not an avatar file name: ${fileName}`);
    return join(this.dataDir, "media", AVATAR_PREFIX, fileName);
  }

  private async writeAtomically(path: string, bytes: Buffer): Promise<void> {
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString("hex")}.part`;
    try {
      await writeFile(temporary, bytes, { flag: "wx", mode: 0o640 });
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }
}
