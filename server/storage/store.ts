import type { AppConfig } from "../config";
import { LocalObjectStore } from "./local-store";
import type { ObjectStore } from "./object-store";
import { S3ObjectStore } from "./s3-store";

export type { ObjectStore } from "./object-store";

/** The store STORAGE names. */
export function createObjectStore(config: AppConfig): ObjectStore {
  return config.storage.kind === "s3"
    ? new S3ObjectStore(config.storage.s3)
    : new LocalObjectStore(config.dataDir, config.appSecret);
}

/**
 * Origins the web page must be allowed to reach for uploads and to show avatars: nothing extra
 * for local storage (same origin); the S3 endpoint (connect-src) and public URL (img-src)
 * otherwise. For the Content-Security-Policy in server/http/security.ts.
 */
export function storageCspSources(config: AppConfig): { connectSrc: string[]; imgSrc: string[] } {
  if (config.storage.kind !== "s3") return { connectSrc: [], imgSrc: [] };
  const store = new S3ObjectStore(config.storage.s3);
  return { connectSrc: [store.uploadOrigin], imgSrc: [new URL(store.publicBase).origin] };
}
