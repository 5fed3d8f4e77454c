import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * URL-safe tokens `<payload>.<signature>` that carry their own authority (the stand-ins for
 * presigned S3 URLs): the payload is base64url JSON, the signature HMAC-SHA256 with APP_SECRET
 * over a purpose label and the payload. Each kind of token has its own label, so a token signed
 * for one purpose never passes as another.
 */

export type VerifiedToken<Claims> =
  | { ok: true; claims: Claims }
  | { ok: false; reason: "malformed" | "bad-signature" }
  | { ok: false; reason: "expired"; claims: Claims };

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,1024}\.[A-Za-z0-9_-]{43}$/;

function mac(secret: string, purpose: string, payload: string): Buffer {
  return createHmac("sha256", secret).update(`${purpose}\n${payload}`).digest();
}

/** Signs the fields (JSON) for a purpose. */
export function signToken(secret: string, purpose: string, fields: Record<string, unknown>): string {
  const payload = Buffer.from(JSON.stringify(fields)).toString("base64url");
  return `${payload}.${mac(secret, purpose, payload).toString("base64url")}`;
}

/**
 * Checks a token's signature (in constant time), reads its fields with `read` (null: malformed),
 * then its expiry. An expired token still answers its claims, so callers can tell "expired" from
 * "forged".
 */
export function verifyToken<Claims extends { expiresAt: Date }>(
  secret: string,
  purpose: string,
  token: string,
  read: (fields: Record<string, unknown>) => Claims | null,
  now: number,
): VerifiedToken<Claims> {
  if (!TOKEN_SHAPE.test(token)) return { ok: false, reason: "malformed" };
  const [payload, signature] = token.split(".");
  const expected = mac(secret, purpose, payload);
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
  const claims = read((parsed ?? {}) as Record<string, unknown>);
  if (!claims) return { ok: false, reason: "malformed" };
  if (claims.expiresAt.getTime() <= now) return { ok: false, reason: "expired", claims };
  return { ok: true, claims };
}
