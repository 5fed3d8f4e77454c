import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Short values the server hands out and must recognise as its own (a visitor cookie): the value,
 * a dot, and an HMAC-SHA256 with APP_SECRET over a purpose label and the value, cut to 128 bits.
 * The purpose keeps a signature made for one use from passing for another.
 */

const VALUE = /^[A-Za-z0-9_-]{1,200}$/;
const SIGNED = /^[A-Za-z0-9_-]{1,200}\.[A-Za-z0-9_-]{22}$/;

function mac(secret: string, purpose: string, value: string): Buffer {
  return createHmac("sha256", secret).update(`${purpose}\n${value}`).digest().subarray(0, 16);
}

/** `<value>.<signature>`; the value must be URL-safe base64 characters (no dot), 1-200 long. */
export function signValue(secret: string, purpose: string, value: string): string {
  if (!VALUE.test(value)) throw new Error("signValue: the value must be 1-200 URL-safe characters");
  return `${value}.${mac(secret, purpose, value).toString("base64url")}`;
}

/** The value a signed string carries when the signature is this server's for this purpose; else null. */
export function verifySignedValue(secret: string, purpose: string, signed: string | undefined): string | null {
  if (!signed || !SIGNED.test(signed)) return null;
  const dot = signed.indexOf(".");
  const value = signed.slice(0, dot);
  // Compared as text, so only the one canonical spelling of the signature passes.
  const given = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(mac(secret, purpose, value).toString("base64url"));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return value;
}

/** A keyed digest of a value, as hex: stable for one secret, and telling nothing of the value. */
export function keyedDigest(secret: string, purpose: string, value: string, bytes = 16): string {
  return createHmac("sha256", secret).update(`${purpose}\n${value}`).digest().subarray(0, bytes).toString("hex");
}
