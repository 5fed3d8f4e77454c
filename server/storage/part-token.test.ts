import { describe, expect, it } from "vitest";
import { signPartToken, verifyPartToken } from "./part-token";
import { signUploadToken, verifyUploadToken } from "./upload-token";

const SECRET = "a-secret-a-secret-a-secret-a-secret-0123";
const claims = {
  recordingId: "3f1c1f0e-8f1e-4b7a-9a36-0f6f2d8f1a11",
  partNumber: 3,
  userId: "6b1f7f4e-2a57-4c0e-9d1c-5b0e2d4f8c22",
  expiresAt: new Date(Math.floor(Date.now() / 1000) * 1000 + 60_000),
};

describe("recording part tokens", () => {
  it("carry the recording, part, user and expiry, signed", () => {
    expect(verifyPartToken(SECRET, signPartToken(SECRET, claims))).toEqual({ ok: true, claims });
  });

  it("tell an expired token from a forged one", () => {
    const token = signPartToken(SECRET, claims);
    expect(verifyPartToken(SECRET, token, claims.expiresAt.getTime())).toMatchObject({ ok: false, reason: "expired" });
    expect(verifyPartToken("another-secret-another-secret-0123456", token)).toEqual({
      ok: false,
      reason: "bad-signature",
    });
    const [payload, signature] = token.split(".");
    const changed = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), p: 4 }));
    expect(verifyPartToken(SECRET, `${changed.toString("base64url")}.${signature}`).ok).toBe(false);
    expect(verifyPartToken(SECRET, "garbage")).toEqual({ ok: false, reason: "malformed" });
  });

  it("never pass as a picture-upload token, nor the other way round", () => {
    const part = signPartToken(SECRET, claims);
    expect(verifyUploadToken(SECRET, part)).toEqual({ ok: false, reason: "bad-signature" });
    const upload = signUploadToken(SECRET, { key: "uploads/x/y", userId: claims.userId, expiresAt: claims.expiresAt });
    expect(verifyPartToken(SECRET, upload)).toEqual({ ok: false, reason: "bad-signature" });
  });
});
