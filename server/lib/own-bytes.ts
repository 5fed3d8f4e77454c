/**
 * Bytes to keep for a long time, in memory of their own. zlib's answers are often views of its
 * 16 KB work buffer, and Buffer.from copies small texts into an 8 KB pool shared with whatever the
 * request allocated next: a kept piece of a few hundred bytes would hold the whole buffer or
 * pool alive (measured: ~37 KB held per cached article page instead of ~15 KB).
 */
export function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}
