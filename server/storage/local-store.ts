import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AVATAR_PREFIX, isAvatarFileName, isRecordingKey, isUploadKey } from "./keys";
import {
  type ObjectStore,
  ObjectTooLargeError,
  type RecordingFile,
  type RecordingUpload,
  type StoredPart,
  type UploadTarget,
} from "./object-store";
import { signPartToken, verifyPartToken } from "./part-token";
import { signUploadToken, verifyUploadToken } from "./upload-token";

/** The path the app serves signed PUTs on: /api/uploads/<token>. */
export const LOCAL_UPLOAD_PATH = "/api/uploads/";
/** The path the app serves signed recording-part PUTs on: /api/recording-parts/<token>. */
export const LOCAL_PART_PATH = "/api/recording-parts/";
/** The path the app serves finished avatars on: /media/avatars/<sha256>.webp. */
export const LOCAL_AVATAR_PATH = "/media/avatars/";

/**
 * Uploads and avatars on the app's own disk, under DATA_DIR: uploads/<userId>/<random> while a
 * file waits to be checked, media/avatars/<hash>.webp once it is a picture. The app itself
 * answers the signed PUT (HMAC with APP_SECRET) and serves the pictures.
 */
/** A part's bytes arrived other than planned: too many, or too few. */
export class PartSizeError extends Error {
  constructor(
    readonly expected: number,
    readonly received: number,
  ) {
    super(`part of ${received} bytes where ${expected} were planned`);
    this.name = "PartSizeError";
  }
}

/** The finished recording's file name in its folder, next to part-00001, part-00002... */
const RECORDING_FILE = "recording";
const PART_FILE = /^part-(\d{5})$/;
const partFile = (partNumber: number) => `part-${String(partNumber).padStart(5, "0")}`;

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

  // Recordings: DATA_DIR/recordings/<id>/ holds part-00001... while they arrive (each with a
  // part-00001.etag beside it), then the joined file "recording".

  async startRecording(): Promise<string | null> {
    // Nothing to set up: the folder is made by the first part.
    return null;
  }

  async recordingPartUrl(
    upload: RecordingUpload,
    partNumber: number,
    expiresAt: Date,
    requestOrigin: string,
  ): Promise<string> {
    const token = signPartToken(this.secret, { recordingId: upload.id, partNumber, userId: upload.userId, expiresAt });
    return `${requestOrigin}${LOCAL_PART_PATH}${token}`;
  }

  /** Checks the token of a part PUT; see verifyPartToken. */
  verifyPartToken(token: string, now?: number) {
    return verifyPartToken(this.secret, token, now);
  }

  /**
   * Streams one part to its file (never whole in memory) and answers its ETag, the quoted MD5
   * of its bytes as S3 gives it. The part is written aside and renamed into place, so a retry
   * replaces it whole; more or fewer bytes than `expectedBytes` stores nothing (PartSizeError).
   */
  async writeRecordingPart(
    key: string,
    partNumber: number,
    body: NodeJS.ReadableStream,
    expectedBytes: number,
  ): Promise<string> {
    const folder = this.recordingFolder(key);
    await mkdir(folder, { recursive: true });
    const path = join(folder, partFile(partNumber));
    const temporary = `${path}.${randomBytes(6).toString("hex")}.tmp`;
    const hash = createHash("md5");
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        // Stop at the first byte too many rather than take the rest of an oversized body.
        if (received > expectedBytes) return done(new PartSizeError(expectedBytes, received));
        hash.update(chunk);
        done(null, chunk);
      },
    });
    // Piped, not pipelined from the request: a refusal must not destroy the request's socket
    // (the 400 still has to go out); what is left of the body is drained instead.
    const source = body as Readable;
    const cutOff = (error: Error) => counter.destroy(error);
    const closedEarly = () => {
      if (!source.readableEnded) counter.destroy(new Error("the request closed before its body was sent"));
    };
    source.once("error", cutOff);
    source.once("close", closedEarly);
    source.pipe(counter);
    const writer = createWriteStream(temporary, { flags: "wx", mode: 0o640 });
    try {
      await pipeline(counter, writer);
      if (received !== expectedBytes) throw new PartSizeError(expectedBytes, received);
      const etag = `"${hash.digest("hex")}"`;
      // The old ETag goes first: while the new bytes move in, the part counts as missing.
      await rm(`${path}.etag`, { force: true });
      await rename(temporary, path);
      await this.writeAtomically(`${path}.etag`, Buffer.from(etag));
      return etag;
    } catch (error) {
      source.unpipe(counter);
      source.resume();
      await removeOnceClosed(writer, temporary);
      throw error;
    } finally {
      source.off("error", cutOff);
      source.off("close", closedEarly);
    }
  }

  /** Removes one part (a PUT that finished after its recording was joined). */
  async deleteRecordingPart(key: string, partNumber: number): Promise<void> {
    const path = join(this.recordingFolder(key), partFile(partNumber));
    await rm(`${path}.etag`, { force: true });
    await rm(path, { force: true });
  }

  async listRecordingParts(upload: RecordingUpload): Promise<StoredPart[]> {
    const folder = this.recordingFolder(upload.key);
    let names: string[];
    try {
      names = await readdir(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const present = new Set(names);
    const parts: StoredPart[] = [];
    for (const name of names) {
      const m = PART_FILE.exec(name);
      if (!m || !present.has(`${name}.etag`)) continue;
      try {
        const [{ size }, etag] = await Promise.all([
          stat(join(folder, name)),
          readFile(join(folder, `${name}.etag`), "utf8"),
        ]);
        parts.push({ partNumber: Number(m[1]), size, etag: etag.trim() });
      } catch (error) {
        // Replaced or removed while listed: it is simply not there yet.
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  async completeRecording(upload: RecordingUpload, parts: StoredPart[]): Promise<void> {
    const folder = this.recordingFolder(upload.key);
    const path = join(folder, RECORDING_FILE);
    const temporary = `${path}.${randomBytes(6).toString("hex")}.tmp`;
    // One part after the other into one file, streamed: a 2 GB recording never sits in memory.
    const output = createWriteStream(temporary, { flags: "wx", mode: 0o640 });
    try {
      for (const part of parts) {
        await pipeline(createReadStream(join(folder, partFile(part.partNumber))), output, { end: false });
      }
      await new Promise<void>((resolve, reject) =>
        output.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
      await rename(temporary, path);
    } catch (error) {
      output.destroy();
      await removeOnceClosed(output, temporary);
      throw error;
    }
    for (const name of await readdir(folder)) {
      if (name !== RECORDING_FILE) await rm(join(folder, name), { force: true });
    }
  }

  async abortRecording(upload: RecordingUpload): Promise<void> {
    await rm(this.recordingFolder(upload.key), { recursive: true, force: true });
  }

  async readRecordingHead(key: string, bytes: number): Promise<Buffer> {
    const handle = await open(join(this.recordingFolder(key), RECORDING_FILE), "r");
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async recordingFile(key: string): Promise<RecordingFile | null> {
    const path = join(this.recordingFolder(key), RECORDING_FILE);
    const exists = await stat(path).then(
      (s) => s.isFile(),
      () => false,
    );
    // The stored file itself: nothing to remove afterwards.
    return exists ? { path, release: async () => {} } : null;
  }

  /** The folder a recording's files live in (the key is checked: no other string reaches the disk). */
  recordingFolder(key: string): string {
    if (!isRecordingKey(key)) throw new Error(`not a recording key: ${key}`);
    return join(this.dataDir, key);
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

/**
 * Removes a refused write's temporary file once its stream has let go of it. A stream destroyed
 * before its file finished opening still creates the file afterwards, so removing it at once
 * could leave it behind.
 */
async function removeOnceClosed(stream: WriteStream, path: string): Promise<void> {
  if (!stream.closed) {
    stream.destroy();
    await once(stream, "close").catch(() => {});
  }
  await rm(path, { force: true });
}
