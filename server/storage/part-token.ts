import { createHmac, timingSafeEqual } from "node:crypto";

/** What a signed recording-part URL allows: writing one part of one recording, for one user, until a moment. */
export interface PartClaims {
  recordingId: string;
  partNumber: number;
  userId: string;
  expiresAt: Date;
}

export type VerifiedPartToken =
  | { ok: true; claims: PartClaims }
  | { ok: false; reason: "malformed" | "bad-signature" }
  | { ok: false; reason: "expired"; claims: PartClaims };

// Not upload-token.ts's label: a profile-picture upload token can never pass as a part token,
// nor the other way round, though both are signed with APP_SECRET.
const PURPOSE = "vidscribe/recording-part/v1";
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,1024}\.[A-Za-z0-9_-]{43}$/;

function mac(secret: string, payload: string): Buffer {
  return createHmac("sha256", secret).update(`${PURPOSE}\n${payload}`).digest();
}

/** A URL-safe token `<payload>.<signature>` naming the recording, the part, the user and the expiry. */
export function signPartToken(secret: string, claims: PartClaims): string {
  const payload = Buffer.from(
    JSON.stringify({
      r: claims.recordingId,
      p: claims.partNumber,
      u: claims.userId,
      e: Math.floor(claims.expiresAt.getTime() / 1000),
    }),
  ).toString("base64url");
  return `${payload}.${mac(secret, payload).toString("base64url")}`;
}

/** Checks the signature (constant time), then the expiry; an expired token still answers its claims. */
export function verifyPartToken(secret: string, token: string, now: number = Date.now()): VerifiedPartToken {
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
  const { r, p, u, e } = (parsed ?? {}) as { r?: unknown; p?: unknown; u?: unknown; e?: unknown };
  if (
    typeof r !== "string" ||
    typeof u !== "string" ||
    typeof p !== "number" ||
    !Number.isInteger(p) ||
    p < 1 ||
    typeof e !== "number" ||
    !Number.isFinite(e)
  ) {
    return { ok: false, reason: "malformed" };
  }
  const claims = { recordingId: r, partNumber: p, userId: u, expiresAt: new Date(e * 1000) };
  if (claims.expiresAt.getTime() <= now) return { ok: false, reason: "expired", claims };
  return { ok: true, claims };
}
