import { signToken, type VerifiedToken, verifyToken } from "./signed-token";

/** What a signed upload URL allows: writing one object, for one user, until a moment. */
export interface UploadClaims {
  key: string;
  userId: string;
  expiresAt: Date;
}

export type { VerifiedToken } from "./signed-token";

// A fixed label mixed into the MAC, so a signature made with APP_SECRET for anything else
// (a recording part's token, a future signed link) can never pass as an upload token.
const PURPOSE = "vidscribe/upload-url/v1";

/** A token naming the object key, the user and the expiry (unix seconds). */
export function signUploadToken(secret: string, claims: UploadClaims): string {
  return signToken(secret, PURPOSE, {
    k: claims.key,
    u: claims.userId,
    e: Math.floor(claims.expiresAt.getTime() / 1000),
  });
}

/** Checks a token's signature, fields and expiry (see verifyToken). */
export function verifyUploadToken(
  secret: string,
  token: string,
  now: number = Date.now(),
): VerifiedToken<UploadClaims> {
  return verifyToken(
    secret,
    PURPOSE,
    token,
    ({ k, u, e }) =>
      typeof k === "string" && typeof u === "string" && typeof e === "number" && Number.isFinite(e)
        ? { key: k, userId: u, expiresAt: new Date(e * 1000) }
        : null,
    now,
  );
}
