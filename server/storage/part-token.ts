import { signToken, type VerifiedToken, verifyToken } from "./signed-token";

/** What a signed recording-part URL allows: writing one part of one recording, for one user, until a moment. */
export interface PartClaims {
  recordingId: string;
  partNumber: number;
  userId: string;
  expiresAt: Date;
}

export type VerifiedPartToken = VerifiedToken<PartClaims>;

// Not upload-token.ts's label: a profile-picture upload token can never pass as a part token,
// nor the other way round, though both are signed with APP_SECRET.
const PURPOSE = "vidscribe/recording-part/v1";

/** A token naming the recording, the part, the user and the expiry. */
export function signPartToken(secret: string, claims: PartClaims): string {
  return signToken(secret, PURPOSE, {
    r: claims.recordingId,
    p: claims.partNumber,
    u: claims.userId,
    e: Math.floor(claims.expiresAt.getTime() / 1000),
  });
}

/** Checks the signature, the fields and the expiry (see verifyToken). */
export function verifyPartToken(secret: string, token: string, now: number = Date.now()): VerifiedPartToken {
  return verifyToken(
    secret,
    PURPOSE,
    token,
    ({ r, p, u, e }) =>
      typeof r === "string" &&
      typeof u === "string" &&
      typeof p === "number" &&
      Number.isInteger(p) &&
      p >= 1 &&
      typeof e === "number" &&
      Number.isFinite(e)
        ? { recordingId: r, partNumber: p, userId: u, expiresAt: new Date(e * 1000) }
        : null,
    now,
  );
}
