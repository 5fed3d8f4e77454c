import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signUploadToken, verifyUploadToken } from "./upload-token";

const SECRET = "unit-secret-unit-secret-unit-secret-0123";
const claims = {
  key: "uploads/6f1c2a10-8e3b-4c55-9d1e-0a2b3c4d5e6f/abcdefghijklmnopqrstuvwxyzABCDEF",
  userId: "6f1c2a10-8e3b-4c55-9d1e-0a2b3c4d5e6f",
  expiresAt: new Date("2030-01-01T00:10:00Z"),
};
const before = Date.parse("2030-01-01T00:00:00Z");

/** Flips one character of a base64url string to another valid one. */
const flip = (text: string, at: number) => `${text.slice(0, at)}${text[at] === "A" ? "B" : "A"}${text.slice(at + 1)}`;

describe("upload URL tokens", () => {
  it("carry the key, the user and the expiry, signed", () => {
    const token = signUploadToken(SECRET, claims);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyUploadToken(SECRET, token, before)).toEqual({ ok: true, claims });
  });

  it("are expired from the second they name, and still say whose they were", () => {
    const token = signUploadToken(SECRET, claims);
    const at = claims.expiresAt.getTime();
    expect(verifyUploadToken(SECRET, token, at - 1).ok).toBe(true);
    expect(verifyUploadToken(SECRET, token, at)).toEqual({ ok: false, reason: "expired", claims });
  });

  it("refuse another secret, a changed payload and a changed signature", () => {
    const token = signUploadToken(SECRET, claims);
    const [payload, signature] = token.split(".");
    expect(verifyUploadToken(`${SECRET}x`, token, before)).toEqual({ ok: false, reason: "bad-signature" });
    expect(verifyUploadToken(SECRET, `${flip(payload, 5)}.${signature}`, before).ok).toBe(false);
    expect(verifyUploadToken(SECRET, `${payload}.${flip(signature, 10)}`, before)).toEqual({
      ok: false,
      reason: "bad-signature",
    });
  });

  it("cannot be re-pointed at another key or user or given more time", () => {
    const token = signUploadToken(SECRET, claims);
    const signature = token.split(".")[1];
    for (const forged of [
      { ...claims, key: claims.key.replace("abc", "xyz") },
      { ...claims, userId: "00000000-0000-4000-8000-000000000000" },
      { ...claims, expiresAt: new Date("2031-01-01T00:00:00Z") },
    ]) {
      const payload = signUploadToken("attacker-secret", forged).split(".")[0];
      expect(verifyUploadToken(SECRET, `${payload}.${signature}`, before)).toEqual({
        ok: false,
        reason: "bad-signature",
      });
    }
  });

  it.each([
    "",
    "abc",
    "a.b",
    `${"x".repeat(20)}.${"y".repeat(42)}`,
    "../../etc/passwd",
    `${"x".repeat(2000)}.${"y".repeat(43)}`,
  ])("call %j malformed", (token) => {
    expect(verifyUploadToken(SECRET, token, before)).toEqual({ ok: false, reason: "malformed" });
  });

  it("refuse a correctly signed payload that is not a claim", () => {
    const payload = Buffer.from(JSON.stringify({ k: 1, u: "x" })).toString("base64url");
    const mac = createHmac("sha256", SECRET).update(`vidscribe/upload-url/v1\n${payload}`).digest("base64url");
    expect(verifyUploadToken(SECRET, `${payload}.${mac}`, before)).toEqual({ ok: false, reason: "malformed" });
  });
});
