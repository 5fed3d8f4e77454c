import { createHmac, timingSafeEqual } from "node:crypto";

/** What a signed upload URL allows: writing one object, for one user, until a moment. */
export interface UploadClaims {
  key: string;
  userId: string;
  expiresAt: Date;
}

export type VerifiedToken =
  | { ok: true; claims: UploadClaims }
  | { ok: false; reason: "malformed" | "bad-signature" }
  | { ok: false; reason: "expired"; claims: UploadClaims };

// A fixed label mixed into the MAC, so a signature made with APP_SECRET for anything else
// (a future signed link of another kind) can never pass as an upload token.
const PURPOSE = "vidscribe/upload-url/v1";
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,1024}\.[A-Za-z0-9_-]{43}$/;

function mac(secret: string, payload: string): Buffer {
  return createHmac("sha256", secret).update(`${PURPOSE}\n${payload}`).digest();
}

/**
 * A URL-safe token `<payload>.<signature>`: the payload names the object key, the user and the
 * expiry (unix seconds); the signature is HMAC-SHA256 with APP_SECRET over it.
 */
export function signUploadToken(secret: string, claims: UploadClaims): string {
  const payload = Buffer.from(
    JSON.stringify({ k: claims.key, u: claims.userId, e: Math.floor(claims.expiresAt.getTime() / 1000) }),
  ).toString("base64url");
  return `${payload}.${mac(secret, payload).toString("base64url")}`;
}

/**
 * Checks a token's signature (in constant time) and then its expiry. An expired token still
 * answers its claims, so callers can tell "expired" from "forged".
 */
export function verifyUploadToken(secret: string, token: string, now: number = Date.now()): VerifiedToken {
  if (!TOKEN_SHAPE.test(token)) return { ok: false, reason: "malformed" };
  const [payload, signature] = token.split(".");
  const expected = mac(secret, payload);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: "bad-signature" };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const { k, u, e } = (parsed ?? {}) as { k?: unknown; u?: unknown; e?: unknown };
  if (typeof k !== "string" || typeof u !== "string" || typeof e !== "number" || !Number.isFinite(e)) {
    return { ok: false, reason: "malformed" };
  }
  const claims = { key: k, userId: u, expiresAt: new Date(e * 1000) };
  if (claims.expiresAt.getTime() <= now) return { ok: false, reason: "expired", claims };
  return { ok: true, claims };
}
