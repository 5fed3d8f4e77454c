import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { AppConfig } from "../config";
import { AVATAR_PREFIX, isAvatarFileName, isUploadKey } from "./keys";
import { type ObjectStore, ObjectTooLargeError, type UploadTarget } from "./object-store";

type S3Settings = AppConfig["storage"]["s3"];

const isAwsHost = (host: string) => host === "amazonaws.com" || host.endsWith(".amazonaws.com");

/**
 * Any S3-compatible service (AWS S3, MinIO, Cloudflare R2, Backblaze B2...). The browser PUTs
 * straight to a presigned URL; the app reads the object back to check and re-encode it.
 * Services other than AWS are addressed path-style (endpoint/bucket/key), which they all
 * understand whatever their DNS.
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = "s3" as const;
  private readonly client: S3Client;
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
    this.client = new S3Client({
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
    });
    const bucketUrl = this.pathStyle
      ? `${endpoint}/${this.bucket}`
      : endpoint
        ? `${new URL(endpoint).protocol}//${this.bucket}.${new URL(endpoint).host}`
        : `https://${this.bucket}.s3.${region}.amazonaws.com`;
    this.uploadOrigin = new URL(bucketUrl).origin;
    this.publicBase = (settings.publicUrl ?? bucketUrl).replace(/\/+$/, "");
  }

  async createUploadUrl(target: UploadTarget): Promise<string> {
    const expiresIn = Math.max(1, Math.ceil((target.expiresAt.getTime() - Date.now()) / 1000));
    return getSignedUrl(this.client, new PutObjectCommand({ Bucket: this.bucket, Key: target.key }), { expiresIn });
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
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
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
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async deleteObject(key: string): Promise<void> {
    if (!isUploadKey(key)) throw new Error(`not an upload key: ${key}`);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async putAvatar(fileName: string, bytes: Buffer, contentType: string): Promise<string> {
    if (!isAvatarFileName(fileName)) throw new Error(`not an avatar file name: ${fileName}`);
    await this.client.send(
      new PutObjectCommand({
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
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: `${AVATAR_PREFIX}${fileName}` }));
  }
}

function isMissing(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata?.httpStatusCode === 404;
  }
  return false;
}
