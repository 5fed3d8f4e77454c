import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ListPartsCommandOutput, S3Client, S3ClientConfig } from "@aws-sdk/client-s3";
import type { AppConfig } from "../config";
import { AVATAR_PREFIX, isAvatarFileName, isRecordingKey, isUploadKey } from "./keys";
import {
  type ObjectStore,
  ObjectTooLargeError,
  type RecordingFile,
  type RecordingUpload,
  type StoredPart,
  type UploadTarget,
} from "./object-store";

type S3Settings = AppConfig["storage"]["s3"];

const isAwsHost = (host: string) => host === "amazonaws.com" || host.endsWith(".amazonaws.com");

/**
 * The AWS SDK costs some 30 MB of memory once loaded, and only STORAGE=s3 needs it, and then only
 * for profile pictures: it is loaded on first use, once, rather than when the server starts.
 */
type S3Sdk = typeof import("@aws-sdk/client-s3");
let s3Sdk: Promise<S3Sdk> | undefined;
const loadS3Sdk = (): Promise<S3Sdk> => {
  s3Sdk ??= import("@aws-sdk/client-s3");
  return s3Sdk;
};
let presigner: Promise<typeof import("@aws-sdk/s3-request-presigner")> | undefined;
const loadPresigner = () => {
  presigner ??= import("@aws-sdk/s3-request-presigner");
  return presigner;
};

/**
 * Any S3-compatible service (AWS S3, MinIO, Cloudflare R2, Backblaze B2...). The browser PUTs
 * straight to a presigned URL; the app reads the object back to check and re-encode it.
 * Services other than AWS are addressed path-style (endpoint/bucket/key), which they all
 * understand whatever their DNS.
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = "s3" as const;
  private readonly clientConfig: S3ClientConfig;
  /** Made on first use, once the SDK is loaded (see loadS3Sdk). */
  private client: S3Client | undefined;
  private readonly bucket: string;
  private readonly pathStyle: boolean;
  /** Where avatars are shown from: S3_PUBLIC_URL, else the bucket's own address. */
  readonly publicBase: string;
  /** The origin presigned URLs point at (the page's CSP connect-src needs it). */
  readonly uploadOrigin: string;

  constructor(settings: S3Settings) {
    if (!settings.bucket) throw new Error("S3_BUCKET is required when STORAGE is s3");
    this.bucket = settings.bucket;
    const region = settings.region ?? "us-east-1";
    const endpoint = settings.endpoint?.replace(/\/+$/, "");
    this.pathStyle = Boolean(endpoint && !isAwsHost(new URL(endpoint).hostname));
    this.clientConfig = {
      region,
      endpoint,
      forcePathStyle: this.pathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Newer SDKs add CRC32 checksums by default; a presigned PUT would then carry the
      // checksum of an empty body, and several S3-compatible services refuse the headers.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    };
    const bucketUrl = this.pathStyle
      ? `${endpoint}/${this.bucket}`
      : endpoint
        ? `${new URL(endpoint).protocol}//${this.bucket}.${new URL(endpoint).host}`
        : `https://${this.bucket}.s3.${region}.amazonaws.com`;
    this.uploadOrigin = new URL(bucketUrl).origin;
    this.publicBase = (settings.publicUrl ?? bucketUrl).replace(/\/+$/, "");
  }

  private async sdk(): Promise<{ sdk: S3Sdk; client: S3Client }> {
    const sdk = await loadS3Sdk();
    this.client ??= new sdk.S3Client(this.clientConfig);
    return { sdk, client: this.client };
  }

  async createUploadUrl(target: UploadTarget): Promise<string> {
    // Counted before the SDK loads: a slow first load must not shorten the link (saving checks
    // the upload's expiry in the database anyway).
    const expiresIn = Math.max(1, Math.ceil((target.expiresAt.getTime() - Date.now()) / 1000));
    const [{ sdk, client }, { getSignedUrl }] = await Promise.all([this.sdk(), loadPresigner()]);
    return getSignedUrl(client, new sdk.PutObjectCommand({ Bucket: this.bucket, Key: target.key }), { expiresIn });
  }

  keyFromUploadUrl(url: string): string | null {
    let path: string;
    try {
      path = decodeURIComponent(new URL(url).pathname);
    } catch {
      return null;
    }
    // Path-style: /<bucket>/<key>; virtual-hosted: /<key>. The host is not trusted either way:
    // the key only ever reads from our bucket, and the database says whose it is.
    const prefix = `/${this.bucket}/`;
    const key =
      path.startsWith(prefix) && isUploadKey(path.slice(prefix.length)) ? path.slice(prefix.length) : path.slice(1);
    return isUploadKey(key) ? key : null;
  }

  async readObject(key: string, maxBytes: number): Promise<Buffer | null> {
    const { sdk, client } = await this.sdk();
    try {
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const size = answer.ContentLength ?? 0;
      if (size > maxBytes) {
        // Leave the rest of the body unread: it may be far bigger than we ever want in memory.
        (answer.Body as { destroy?: () => void } | undefined)?.destroy?.();
        throw new ObjectTooLargeError(size);
      }
      const bytes = Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
      if (bytes.length > maxBytes) throw new ObjectTooLargeError(bytes.length);
      return bytes;
    } catch (error) {
      if (isMissing(error, sdk)) return null;
      throw error;
    }
  }

  async deleteObject(key: string): Promise<void> {
    if (!isUploadKey(key)) throw new Error(`not an upload key: ${key}`);
    const { sdk, client } = await this.sdk();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async putAvatar(fileName: string, bytes: Buffer, contentType: string): Promise<string> {
    if (!isAvatarFileName(fileName)) throw new Error(`not an avatar file name: ${fileName}`);
    const { sdk, client } = await this.sdk();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: `${AVATAR_PREFIX}${fileName}`,
        Body: bytes,
        ContentType: contentType,
        // The name is the content's hash: it never changes, so caches may keep it for a year.
        CacheControl: "public, max-age=31536000, immutable",
      }),
    );
    return `${this.publicBase}/${AVATAR_PREFIX}${fileName}`;
  }

  avatarFileFromUrl(url: string): string | null {
    const prefix = `${this.publicBase}/${AVATAR_PREFIX}`;
    if (!url.startsWith(prefix)) return null;
    const name = url.slice(prefix.length);
    return isAvatarFileName(name) ? name : null;
  }

  async deleteAvatar(fileName: string): Promise<void> {
    if (!isAvatarFileName(fileName)) throw new Error(`not an avatar file name: ${fileName}`);
    const { sdk, client } = await this.sdk();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: `${AVATAR_PREFIX}${fileName}` }));
  }

  // Recordings: in parts, S3's own multipart upload (the browser PUTs each part to a presigned
  // UploadPart URL); whole, one presigned PUT.

  async startRecording(
    upload: Omit<RecordingUpload, "s3UploadId">,
    contentType: string | undefined,
  ): Promise<string | null> {
    if (!upload.multipart) return null;
    const { sdk, client } = await this.sdk();
    const answer = await client.send(
      new sdk.CreateMultipartUploadCommand({
        Bucket: this.bucket,
        Key: checkedRecordingKey(upload.key),
        ContentType: contentType,
      }),
    );
    if (!answer.UploadId) throw new Error("S3 answered no UploadId");
    return answer.UploadId;
  }

  async recordingPartUrl(upload: RecordingUpload, partNumber: number, expiresAt: Date): Promise<string> {
    const expiresIn = Math.max(1, Math.ceil((expiresAt.getTime() - Date.now()) / 1000));
    const [{ sdk, client }, { getSignedUrl }] = await Promise.all([this.sdk(), loadPresigner()]);
    const Key = checkedRecordingKey(upload.key);
    if (upload.multipart && upload.s3UploadId) {
      const command = new sdk.UploadPartCommand({
        Bucket: this.bucket,
        Key,
        UploadId: upload.s3UploadId,
        PartNumber: partNumber,
      });
      return getSignedUrl(client, command, { expiresIn });
    }
    return getSignedUrl(client, new sdk.PutObjectCommand({ Bucket: this.bucket, Key }), { expiresIn });
  }

  async listRecordingParts(upload: RecordingUpload): Promise<StoredPart[]> {
    const { sdk, client } = await this.sdk();
    const Key = checkedRecordingKey(upload.key);
    if (!upload.multipart || !upload.s3UploadId) {
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key }));
        return [{ partNumber: 1, size: head.ContentLength ?? 0, etag: head.ETag ?? "" }];
      } catch (error) {
        if (isMissing(error, sdk)) return [];
        throw error;
      }
    }
    // ListParts answers at most 1,000 parts a page; a recording may have up to 10,000.
    const parts: StoredPart[] = [];
    let marker: string | undefined;
    for (let page = 0; page < 20; page += 1) {
      let answer: ListPartsCommandOutput;
      try {
        answer = await client.send(
          new sdk.ListPartsCommand({ Bucket: this.bucket, Key, UploadId: upload.s3UploadId, PartNumberMarker: marker }),
        );
      } catch (error) {
        // The upload is gone (completed or aborted): no parts are waiting.
        if (isMissing(error, sdk)) return [];
        throw error;
      }
      for (const part of answer.Parts ?? []) {
        if (part.PartNumber && part.ETag) {
          parts.push({ partNumber: part.PartNumber, size: part.Size ?? 0, etag: part.ETag });
        }
      }
      if (!answer.IsTruncated || !answer.NextPartNumberMarker) break;
      marker = String(answer.NextPartNumberMarker);
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  async completeRecording(upload: RecordingUpload, parts: StoredPart[]): Promise<void> {
    // One PUT: the object is already whole.
    if (!upload.multipart || !upload.s3UploadId) return;
    const { sdk, client } = await this.sdk();
    await client.send(
      new sdk.CompleteMultipartUploadCommand({
        Bucket: this.bucket,
        Key: checkedRecordingKey(upload.key),
        UploadId: upload.s3UploadId,
        MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
      }),
    );
  }

  async abortRecording(upload: RecordingUpload): Promise<void> {
    const { sdk, client } = await this.sdk();
    const Key = checkedRecordingKey(upload.key);
    if (upload.multipart && upload.s3UploadId) {
      try {
        await client.send(
          new sdk.AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId: upload.s3UploadId }),
        );
      } catch (error) {
        // Already completed or aborted: the object itself is removed below.
        if (!isMissing(error, sdk)) throw error;
      }
    }
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key }));
  }

  async readRecordingHead(key: string, bytes: number): Promise<Buffer> {
    const { sdk, client } = await this.sdk();
    const answer = await client.send(
      new sdk.GetObjectCommand({ Bucket: this.bucket, Key: checkedRecordingKey(key), Range: `bytes=0-${bytes - 1}` }),
    );
    // A service that ignores Range sends it all: keep the first bytes and drop the stream.
    const chunks: Buffer[] = [];
    let size = 0;
    const body = answer.Body as Readable | undefined;
    if (!body) return Buffer.alloc(0);
    for await (const chunk of body) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= bytes) break;
    }
    body.destroy();
    return Buffer.concat(chunks).subarray(0, bytes);
  }

  async recordingFile(key: string): Promise<RecordingFile | null> {
    const { sdk, client } = await this.sdk();
    let body: Readable | undefined;
    try {
      const answer = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.bucket, Key: checkedRecordingKey(key) }),
      );
      body = answer.Body as Readable | undefined;
    } catch (error) {
      if (isMissing(error, sdk)) return null;
      throw error;
    }
    if (!body) return null;
    // ffmpeg reads a file: the object is streamed to one of our own, removed on release().
    const folder = await mkdtemp(join(tmpdir(), "vidscribe-recording-"));
    const release = () => rm(folder, { recursive: true, force: true });
    const path = join(folder, "recording");
    try {
      await pipeline(body, createWriteStream(path, { flags: "wx", mode: 0o600 }));
    } catch (error) {
      await release();
      throw error;
    }
    return { path, release };
  }
}

/** The recording's key, checked: only recordings/<uuid> is ever written or deleted for one. */
function checkedRecordingKey(key: string): string {
  if (!isRecordingKey(key)) throw new Error(`not a recording key: ${key}`);
  return key;
}

function isMissing(error: unknown, sdk: S3Sdk): boolean {
  if (error instanceof sdk.S3ServiceException) {
    return (
      error.name === "NoSuchKey" ||
      error.name === "NotFound" ||
      error.name === "NoSuchUpload" ||
      error.$metadata?.httpStatusCode === 404
    );
  }
  return false;
}
