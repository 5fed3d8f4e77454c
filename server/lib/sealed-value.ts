import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";

/**
 * Short secrets the server hands to a page and takes back later (the password a sign-up typed in
 * its first step, carried through the next two without JavaScript): AES-256-GCM under a key
 * derived from APP_SECRET and a purpose label, with an expiry inside the sealed text. The page
 * holds only ciphertext, and a value sealed for one purpose does not open for another.
 */

const IV_BYTES = 12;
const TAG_BYTES = 16;
const EXPIRY_BYTES = 8;
/** Sealed values are a few hundred characters at most; longer input is not ours. */
const MAX_SEALED_LENGTH = 2000;
const SEALED = /^[A-Za-z0-9_-]+$/;

function keyFor(secret: string, purpose: string): Buffer {
  return createHmac("sha256", secret).update(`sealed-value\n${purpose}`).digest();
}

/** URL-safe base64 of iv, ciphertext (expiry then value) and tag. */
export function sealValue(secret: string, purpose: string, value: string, ttlMs: number, now = Date.now()): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secret, purpose), iv);
  cipher.setAAD(Buffer.from(purpose));
  const expiry = Buffer.alloc(EXPIRY_BYTES);
  expiry.writeBigUInt64BE(BigInt(Math.floor(now + ttlMs)));
  const body = Buffer.concat([cipher.update(Buffer.concat([expiry, Buffer.from(value, "utf8")])), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url");
}

/** The sealed value when this server sealed it for this purpose and it has not expired; else null. */
export function openSealedValue(
  secret: string,
  purpose: string,
  sealed: string | undefined,
  now = Date.now(),
): string | null {
  if (!sealed || sealed.length > MAX_SEALED_LENGTH || !SEALED.test(sealed)) return null;
  const bytes = Buffer.from(sealed, "base64url");
  if (bytes.length < IV_BYTES + EXPIRY_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(secret, purpose), bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]);
    if (Number(plain.readBigUInt64BE(0)) < now) return null;
    return plain.subarray(EXPIRY_BYTES).toString("utf8");
  } catch {
    return null;
  }
}
