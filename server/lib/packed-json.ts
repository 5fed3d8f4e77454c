import { deflateRawSync, inflateRawSync } from "node:zlib";
import { ownBytes } from "./own-bytes";

/**
 * A value kept as compressed JSON in a buffer of its own, outside the JavaScript heap: what a
 * cache keeps that is read rarely (server/articles/read-cache.ts, packed-row.ts).
 */
export function packJson(value: unknown): Buffer {
  return ownBytes(deflateRawSync(JSON.stringify(value)));
}

/** The value packJson kept, read back. */
export function unpackJson<T>(packed: Buffer): T {
  return JSON.parse(inflateRawSync(packed).toString()) as T;
}
